//! A load folded into the expression that reads it is read where that expression is written,
//! which may be past a store: `core::mem::take(&mut flag)` branched on is `v = load flag;
//! c = trunc v; store 0, flag; br c`, and the branch must see the value from before the store
//! (the game's hint request was lost this way: the C cleared the flag, then tested it).

mod ir;
mod support;

use ir::translate_ir;
use support::{Outcome, run_c};

const MODULE: &str = "@flag = internal global i8 0\n\
declare void @report(i32) addrspace(1)\n\
\n\
define void @take_and_branch(i8 %set) addrspace(1) {\n\
start:\n\
  store volatile i8 %set, ptr @flag, align 1\n\
  %v = load i8, ptr @flag, align 1\n\
  %c = trunc i8 %v to i1\n\
  store i8 0, ptr @flag, align 1\n\
  br i1 %c, label %was_set, label %was_clear\n\
was_set:\n\
  call addrspace(1) void @report(i32 1)\n\
  ret void\n\
was_clear:\n\
  call addrspace(1) void @report(i32 0)\n\
  ret void\n\
}\n";

#[test]
fn a_load_substituted_into_a_later_expression_reads_before_the_store() {
    let t = translate_ir("memory_order", MODULE).unwrap_or_else(|e| panic!("{e}\n{MODULE}"));
    let program = format!("{}\nvoid run(void)\n{{\n    take_and_branch(1u);\n    take_and_branch(0u);\n}}\n", t.c_source);
    match run_c("memory_order", &program, 10_000_000).unwrap_or_else(|e| panic!("{e}")) {
        Outcome::Values(v) => assert_eq!(v, [1, 0], "the branch read the flag after it was cleared:\n{}", t.c_source),
        Outcome::Trap(id, name) => panic!("trap in {name} (id {id})"),
    }
}

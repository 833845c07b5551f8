//! Which functions can never be active twice at the same time, so that their byte arrays
//! may live in static memory instead of the stack frame.
//!
//! A function is excluded when it is recursive (directly, through other functions, or through
//! an indirect call, which may reach any function whose address is taken), or when it can be
//! reached both from the VBlank interrupt handler (`rust_vblank`, see docs/ARCHITECTURE.md)
//! and from the main program, which the interrupt may be running in the middle of.

use std::collections::{HashMap, HashSet};

use llvm_sys::LLVMOpcode;

use crate::llvm::{self, Value};

/// The interrupt entry point crt0 calls.
const INTERRUPT_ENTRY: &str = "rust_vblank";

pub fn non_reentrant(defined: &[Value]) -> HashSet<Value> {
    let defined_set: HashSet<Value> = defined.iter().copied().collect();
    let address_taken: Vec<Value> =
        defined.iter().copied().filter(|&f| llvm::users(f).iter().any(|&u| !is_direct_call_of(u, f))).collect();
    let mut callees: HashMap<Value, Vec<Value>> = HashMap::new();
    for &f in defined {
        let mut out = Vec::new();
        let mut indirect = false;
        for b in llvm::blocks(f) {
            for i in llvm::instructions(b) {
                if llvm::opcode(i) != LLVMOpcode::LLVMCall {
                    continue;
                }
                let target = llvm::called_value(i);
                if llvm::is_function(target) {
                    if defined_set.contains(&target) {
                        out.push(target);
                    }
                } else if !llvm::is_inline_asm(target) {
                    indirect = true;
                }
            }
        }
        if indirect {
            out.extend(address_taken.iter().copied());
        }
        callees.insert(f, out);
    }
    let reach = |roots: &[Value]| -> HashSet<Value> {
        let mut seen = HashSet::new();
        let mut stack: Vec<Value> = roots.to_vec();
        while let Some(f) = stack.pop() {
            if seen.insert(f) {
                stack.extend(callees[&f].iter().copied());
            }
        }
        seen
    };
    let interrupt_roots: Vec<Value> = defined.iter().copied().filter(|&f| llvm::name(f) == INTERRUPT_ENTRY).collect();
    // Everything callable from outside the module except the interrupt entry runs in the
    // main context.
    let main_roots: Vec<Value> = defined
        .iter()
        .copied()
        .filter(|&f| !llvm::linkage_is_local(f) && llvm::name(f) != INTERRUPT_ENTRY)
        .collect();
    let in_interrupt = reach(&interrupt_roots);
    let in_main = reach(&main_roots);
    defined
        .iter()
        .copied()
        .filter(|&f| {
            let recursive = callees[&f].iter().any(|&c| reach(&[c]).contains(&f));
            !recursive && !(in_interrupt.contains(&f) && in_main.contains(&f))
        })
        .collect()
}

/// Whether `user` is a direct call of `f` (and does not also pass `f` as an argument).
pub(crate) fn is_direct_call_of(user: Value, f: Value) -> bool {
    llvm::is_instruction(user) && llvm::opcode(user) == LLVMOpcode::LLVMCall && llvm::called_value(user) == f && {
        // `f` passed as an argument to a call of itself is still address-taken.
        (0..llvm::arg_count(user)).all(|i| llvm::operand(user, i) != f)
    }
}

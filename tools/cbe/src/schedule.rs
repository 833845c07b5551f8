//! The order in which a block's instructions are written in C.
//!
//! LLVM computes values where it likes, often long before they are read (`i + 1` at the top of
//! a loop body, the loop's test at the bottom). In C every such value is a variable live from
//! there to its reader, and SDCC keeps it on the stack. So pure scalar instructions are moved
//! down to just before the first instruction of their block that reads them, or to the end of
//! the block when only other blocks (or the edges' phi copies) read them. A value then often
//! dies where its successor is born, and `sharing` can give both one variable (the loop
//! counter `i = i + 1`). Everything else keeps its order.
//!
//! `sharing` computes liveness on this order, and `function` writes C in it.

use llvm_sys::LLVMOpcode;

use crate::llvm::{self, Block, Value};
use crate::repr::BinOp;

/// The instructions of `b`: its phis, then the rest with pure scalar instructions moved down
/// to just before their first reader in `b`. One that only other blocks read goes before the
/// terminator and what the terminator's test is computed from, so that a loop's `i + 1`
/// comes after the other readers of `i` and before `i + 1 == n`.
pub(crate) fn block_order(b: Block) -> Vec<Value> {
    let all = llvm::instructions(b);
    let phis = all.iter().take_while(|&&i| llvm::opcode(i) == LLVMOpcode::LLVMPHI).count();
    let Some((&terminator, body)) = all[phis..].split_last() else { return all };
    // The terminator's test and the sinkable instructions it is computed from.
    let mut test = vec![terminator];
    let mut i = 0;
    while i < test.len() {
        let reader = test[i];
        for o in (0..llvm::operand_count(reader)).map(|k| llvm::operand(reader, k)) {
            if llvm::is_instruction(o) && llvm::block_of(o) == b && sinkable(o) && !test.contains(&o) {
                test.push(o);
            }
        }
        i += 1;
    }
    // Built from the end: every reader of an instruction is placed before it is.
    let mut order: Vec<Value> = vec![terminator];
    for &inst in body.iter().rev() {
        let at = if !sinkable(inst) {
            0
        } else if let Some(first_reader) = order.iter().position(|&later| reads(later, inst)) {
            first_reader
        } else {
            order.iter().position(|later| test.contains(later)).expect("the terminator is placed")
        };
        order.insert(at, inst);
    }
    all[..phis].iter().copied().chain(order).collect()
}

fn reads(inst: Value, v: Value) -> bool {
    (0..llvm::operand_count(inst)).any(|i| llvm::operand(inst, i) == v)
}

/// A pure instruction with a scalar result whose C expression reads no memory: moving it
/// past a store or a call changes nothing.
fn sinkable(inst: Value) -> bool {
    is_pure_scalar(inst) && !reads_memory_where_used(inst)
}

fn is_pure_scalar(inst: Value) -> bool {
    let t = llvm::type_of(inst);
    is_pure(llvm::opcode(inst))
        && match llvm::kind(t) {
            llvm_sys::LLVMTypeKind::LLVMIntegerTypeKind => llvm::int_width(t) <= 32,
            llvm_sys::LLVMTypeKind::LLVMPointerTypeKind => true,
            _ => false,
        }
}

/// Whether instructions of opcode `op` compute their result from their operands alone
/// (no memory, no side effects).
pub(crate) fn is_pure(op: LLVMOpcode) -> bool {
    use LLVMOpcode::*;
    BinOp::from_opcode(op).is_some()
        || matches!(
            op,
            LLVMICmp
                | LLVMSelect
                | LLVMZExt
                | LLVMSExt
                | LLVMTrunc
                | LLVMPtrToInt
                | LLVMIntToPtr
                | LLVMAddrSpaceCast
                | LLVMBitCast
                | LLVMGetElementPtr
                | LLVMFreeze
        )
}

/// Whether the C expression of `inst` may contain a load: an operand that is a load of the
/// same block used only here (which `function` substitutes into its reader), directly or
/// through pure operands substituted the same way.
fn reads_memory_where_used(inst: Value) -> bool {
    (0..llvm::operand_count(inst)).map(|i| llvm::operand(inst, i)).any(|o| {
        llvm::is_instruction(o)
            && llvm::block_of(o) == llvm::block_of(inst)
            && llvm::users(o).len() == 1
            && (llvm::opcode(o) == LLVMOpcode::LLVMLoad || (is_pure_scalar(o) && reads_memory_where_used(o)))
    })
}

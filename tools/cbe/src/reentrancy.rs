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

/// Direct callees of each defined function; an indirect call counts as a call of every
/// function whose address is taken.
pub fn call_graph(defined: &[Value]) -> HashMap<Value, Vec<Value>> {
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
    callees
}

fn reach(callees: &HashMap<Value, Vec<Value>>, roots: &[Value]) -> HashSet<Value> {
    let mut seen = HashSet::new();
    let mut stack: Vec<Value> = roots.to_vec();
    while let Some(f) = stack.pop() {
        if seen.insert(f) {
            stack.extend(callees[&f].iter().copied());
        }
    }
    seen
}

fn interrupt_roots(defined: &[Value]) -> Vec<Value> {
    defined.iter().copied().filter(|&f| llvm::name(f) == INTERRUPT_ENTRY).collect()
}

pub fn non_reentrant(defined: &[Value], callees: &HashMap<Value, Vec<Value>>) -> HashSet<Value> {
    let reach = |roots: &[Value]| reach(callees, roots);
    let interrupt_roots = interrupt_roots(defined);
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

/// Places static frames in one shared block (`cbe_frames`), like a linker overlaying the
/// data of functions that are never active together: a frame starts after the frames of
/// every static-frame function that can be on the call stack below it. Static-frame functions
/// never call each other in a cycle (they are not recursive), so callers are placed first.
/// Frames of functions reached from the interrupt handler go after all the others, since the
/// interrupt may come while any main-program frame is live. Returns each frame's offset and
/// the block's size.
pub fn overlay(
    defined: &[Value],
    callees: &HashMap<Value, Vec<Value>>,
    frame_bytes: &HashMap<Value, u16>,
) -> (HashMap<Value, u16>, u16) {
    let framed: Vec<Value> = defined.iter().copied().filter(|f| frame_bytes.get(f).is_some_and(|&b| b > 0)).collect();
    // Static-frame functions that can be active below each framed function.
    let mut below: HashMap<Value, Vec<Value>> = framed.iter().map(|&f| (f, Vec::new())).collect();
    for &g in &framed {
        for f in reach(callees, &callees[&g]) {
            if f != g {
                if let Some(list) = below.get_mut(&f) {
                    list.push(g);
                }
            }
        }
    }
    let in_interrupt = reach(callees, &interrupt_roots(defined));
    let mut offsets: HashMap<Value, u16> = HashMap::new();
    let place = |group: &[Value], base: u16, offsets: &mut HashMap<Value, u16>| -> u16 {
        let mut end = base;
        let mut pending: Vec<Value> = group.to_vec();
        while !pending.is_empty() {
            let before = pending.len();
            pending.retain(|&f| {
                let ready = below[&f].iter().all(|g| offsets.contains_key(g) || !group.contains(g));
                if ready {
                    let start = below[&f]
                        .iter()
                        .filter_map(|g| offsets.get(g).map(|&o| o + frame_bytes[g]))
                        .fold(base, u16::max);
                    offsets.insert(f, start);
                    end = end.max(start + frame_bytes[&f]);
                }
                !ready
            });
            assert!(pending.len() < before, "static-frame functions call each other in a cycle");
        }
        end
    };
    let main: Vec<Value> = framed.iter().copied().filter(|f| !in_interrupt.contains(f)).collect();
    let interrupt: Vec<Value> = framed.iter().copied().filter(|f| in_interrupt.contains(f)).collect();
    let main_end = place(&main, 0, &mut offsets);
    let total = place(&interrupt, main_end, &mut offsets);
    (offsets, total)
}

/// Whether `user` is a direct call of `f` (and does not also pass `f` as an argument).
pub(crate) fn is_direct_call_of(user: Value, f: Value) -> bool {
    llvm::is_instruction(user) && llvm::opcode(user) == LLVMOpcode::LLVMCall && llvm::called_value(user) == f && {
        // `f` passed as an argument to a call of itself is still address-taken.
        (0..llvm::arg_count(user)).all(|i| llvm::operand(user, i) != f)
    }
}

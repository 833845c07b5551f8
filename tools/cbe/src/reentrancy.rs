//! Which functions can never be active twice at the same time, so that their byte arrays
//! may live in static memory instead of the stack frame.
//!
//! A function is excluded when it is recursive (directly, through other functions, or through
//! an indirect call, which may reach any function whose address is taken), or when it can be
//! reached from two of the program's contexts, which may each be stopped in the middle of
//! it: the main program, the VBlank interrupt handler (`rust_vblank`) and the background
//! worker (`rust_worker`, which runs on a stack of its own while the main program waits for
//! VBlank; docs/ARCHITECTURE.md).

use std::collections::{HashMap, HashSet};

use llvm_sys::LLVMOpcode;

use crate::llvm::{self, Value};

/// The interrupt entry point crt0 calls.
const INTERRUPT_ENTRY: &str = "rust_vblank";
/// The background worker's entry point, which crt0 starts on the worker's stack.
const WORKER_ENTRY: &str = "rust_worker";

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

/// The functions each context runs: the main program (everything callable from outside the
/// module but the other entries), the worker and the interrupt handler.
fn contexts(defined: &[Value], callees: &HashMap<Value, Vec<Value>>) -> [HashSet<Value>; 3] {
    let roots = |pick: &dyn Fn(&str) -> bool| -> Vec<Value> {
        defined.iter().copied().filter(|&f| !llvm::linkage_is_local(f) && pick(&llvm::name(f))).collect()
    };
    let main = roots(&|name| name != INTERRUPT_ENTRY && name != WORKER_ENTRY);
    let worker = roots(&|name| name == WORKER_ENTRY);
    let interrupt = roots(&|name| name == INTERRUPT_ENTRY);
    [reach(callees, &main), reach(callees, &worker), reach(callees, &interrupt)]
}

pub fn non_reentrant(defined: &[Value], callees: &HashMap<Value, Vec<Value>>) -> HashSet<Value> {
    let contexts = contexts(defined, callees);
    defined
        .iter()
        .copied()
        .filter(|&f| {
            let recursive = callees[&f].iter().any(|&c| reach(callees, &[c]).contains(&f));
            !recursive && contexts.iter().filter(|context| context.contains(&f)).count() <= 1
        })
        .collect()
}

/// Places static frames in one shared block (`cbe_frames`), like a linker overlaying the
/// data of functions that are never active together: a frame starts after the frames of
/// every static-frame function that can be on the call stack below it. Static-frame functions
/// never call each other in a cycle (they are not recursive), so callers are placed first.
/// Each context's frames get a region of their own, one after the other (main program,
/// worker, interrupt handler): a context may be stopped while any of its frames is live and
/// another run. Returns each frame's offset and the block's size.
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
    // A framed function belongs to one context at most; the main program takes any other.
    let [_, worker, interrupt] = contexts(defined, callees);
    let (mut main, mut in_worker, mut in_interrupt) = (Vec::new(), Vec::new(), Vec::new());
    for &f in &framed {
        match (worker.contains(&f), interrupt.contains(&f)) {
            (true, _) => in_worker.push(f),
            (_, true) => in_interrupt.push(f),
            _ => main.push(f),
        }
    }
    let mut end = 0;
    for group in [main, in_worker, in_interrupt] {
        end = place(&group, end, &mut offsets);
    }
    (offsets, end)
}

/// Whether `user` is a direct call of `f` (and does not also pass `f` as an argument).
pub(crate) fn is_direct_call_of(user: Value, f: Value) -> bool {
    llvm::is_instruction(user) && llvm::opcode(user) == LLVMOpcode::LLVMCall && llvm::called_value(user) == f && {
        // `f` passed as an argument to a call of itself is still address-taken.
        (0..llvm::arg_count(user)).all(|i| llvm::operand(user, i) != f)
    }
}

//! The background worker: a second context with a stack of its own that runs the program's
//! `rust_worker` while the main program would otherwise halt until VBlank. The DMG has one
//! CPU and the switch is crt0's (`linker/crt0.s`, "Background worker"): the main program
//! calls [`run`], which returns when the worker calls [`yield_to_main`] or at the next VBlank
//! interrupt, whose handler saves the worker where it stopped and goes back to the main
//! program. So the worker only ever uses time the main loop leaves idle, and the main loop
//! keeps its frame whatever the worker is doing.
//!
//! The two contexts never run at the same time, but either may be stopped anywhere: the C
//! back end gives every function both reach its arrays on the stack (docs/cbe-notes.md,
//! "Static frames"), and data they share must be handed over at [`run`] and [`yield_to_main`].
//! Pan Docs, "Interrupts" (the handler saves no registers itself: crt0 pushes them).

use crate::crt0;

/// The worker's stack: `N` bytes that only the worker (and the VBlank handler, when it stops
/// the worker) use. (It starts zeroed like all statics: a benchmark can read how deep it went.)
#[repr(transparent)]
pub struct WorkerStack<const N: usize>([u8; N]);

impl<const N: usize> WorkerStack<N> {
    pub const fn new() -> Self {
        WorkerStack([0; N])
    }

    /// One past the last byte: the stack grows down from here.
    fn top(&mut self) -> *mut u8 {
        self.0.as_mut_ptr_range().end
    }
}

impl<const N: usize> Default for WorkerStack<N> {
    fn default() -> Self {
        Self::new()
    }
}

/// Makes the next [`run`] start the program's `rust_worker` afresh at the top of `stack`,
/// dropping whatever the worker was doing. Main program only.
pub fn reset<const N: usize>(stack: &'static mut WorkerStack<N>) {
    // SAFETY: the stack is the worker's alone (a `'static` exclusive borrow handed over).
    unsafe { crt0::worker_reset(stack.top()) }
}

/// Runs the worker until it yields or the next VBlank interrupt has been handled, if the
/// byte at `waiting` is not 0 (the main program's "still waiting for VBlank" flag, which its
/// VBlank handler clears) and no VBlank interrupt is due: both checked with interrupts off,
/// so that a VBlank just before the call does not leave the worker the main loop's next
/// frame. Main program only, after a [`reset`], with interrupts enabled and VBlank's enabled
/// in `IE` (otherwise the worker keeps the CPU until it yields).
///
/// # Safety
/// The main program holds no reference to data the worker changes; `waiting` is readable.
pub unsafe fn run(waiting: *const u8) {
    // SAFETY: the caller's.
    unsafe { crt0::worker_run(waiting) }
}

/// The worker gives the CPU back to the main program; it goes on from here at the next
/// [`run`]. Worker only.
pub fn yield_to_main() {
    crt0::worker_yield();
}

//! The CPU instructions and routines that `linker/crt0.s` provides.
//!
//! Our route (Rust -> LLVM IR -> C -> SDCC) has no inline assembly, so `halt`, `ei`, `di`, the
//! HRAM OAM-DMA routine, a copy the optimiser cannot see into and the switch between the main
//! program and the background worker are assembly functions in crt0 (docs/ARCHITECTURE.md, "Symbols
//! shared between Rust, the C back end and crt0"), and so is the saves' checksum loop, five
//! times as fast as SDCC's. The public wrappers live in [`crate::interrupts`], [`crate::oam`],
//! [`crate::sram`] and [`crate::worker`].
//!
//! Only console builds (`target_arch = "avr"`, the target our console code is compiled for)
//! declare the symbols. Host builds get functions of the same names that panic with an
//! explanation: host code (tests, the CLI) compiles against the whole API, but there is no
//! Game Boy CPU to run these instructions on, and a link error about `gb_halt` would say less.

#[cfg(target_arch = "avr")]
mod console {
    unsafe extern "C" {
        fn gb_halt();
        fn gb_enable_interrupts();
        fn gb_disable_interrupts();
        fn gb_oam_dma();
        fn gb_copy(to: *mut u8, from: *const u8, count: usize);
        fn gb_copy_attributes(to: *mut u8, tiles: *const u8, count: usize, spans: u16);
        fn gb_running_sums(bytes: *const u8, count: usize, start: u16) -> u16;
        fn gb_unpack_planes(tile: *mut u8, rows: *const u8, head: u16);
        fn gb_worker_reset(stack_top: *mut u8);
        fn gb_worker_run(waiting: *const u8);
        fn gb_worker_yield();
    }

    /// # Safety
    /// `stack_top` ends memory that nothing else uses while the worker may run; main program only.
    #[inline(always)]
    pub unsafe fn worker_reset(stack_top: *mut u8) {
        // SAFETY: the caller's; crt0 writes the worker's first 12 bytes below `stack_top`.
        unsafe { gb_worker_reset(stack_top) }
    }

    /// # Safety
    /// After a `worker_reset`; main program only; `waiting` readable.
    #[inline(always)]
    pub unsafe fn worker_run(waiting: *const u8) {
        // SAFETY: the caller's; crt0 reads the byte and switches stacks and back.
        unsafe { gb_worker_run(waiting) }
    }

    #[inline(always)]
    pub fn worker_yield() {
        // SAFETY: crt0 saves the worker's registers on its stack and resumes the main program.
        unsafe { gb_worker_yield() }
    }

    #[inline(always)]
    pub fn halt() {
        // SAFETY: crt0's `gb_halt` executes `halt; ret` and touches no memory.
        unsafe { gb_halt() }
    }

    #[inline(always)]
    pub fn enable_interrupts() {
        // SAFETY: crt0's `gb_enable_interrupts` executes `ei; ret`.
        unsafe { gb_enable_interrupts() }
    }

    #[inline(always)]
    pub fn disable_interrupts() {
        // SAFETY: crt0's `gb_disable_interrupts` executes `di; ret`.
        unsafe { gb_disable_interrupts() }
    }

    #[inline(always)]
    pub fn oam_dma() {
        // SAFETY: crt0's `gb_oam_dma` copies 0xC000-0xC09F to OAM from HRAM; the caller holds
        // a VBlank or LCD-off token, so the PPU is not reading OAM meanwhile.
        unsafe { gb_oam_dma() }
    }

    /// Copies `count` bytes from `from` to `to`. LLVM cannot see into crt0, so it keeps the
    /// copy, whole, in its place among the program's volatile accesses: a `memcpy` it may move
    /// across them or drop when a later store overwrites what it wrote.
    ///
    /// # Safety
    /// `count` bytes readable at `from`, writable at `to`, not overlapping.
    #[inline(always)]
    pub unsafe fn copy(to: *mut u8, from: *const u8, count: usize) {
        // SAFETY: the caller's; crt0's `gb_copy` touches nothing else.
        unsafe { gb_copy(to, from, count) }
    }

    /// [`crate::cgb::copy_attributes`]' loop: `count` (1 to 255) attributes from `to` on, one
    /// for each tile at `tiles`, by `spans` (first tile in the low byte, span length in the high).
    ///
    /// # Safety
    /// `count` bytes readable at `tiles`, writable at `to`.
    #[inline(always)]
    pub unsafe fn copy_attributes(to: *mut u8, tiles: *const u8, count: usize, spans: u16) {
        // SAFETY: the caller's; crt0's `gb_copy_attributes` touches nothing else but its
        // count in HRAM.
        unsafe { gb_copy_attributes(to, tiles, count, spans) }
    }

    /// [`crate::sram::running_sums`] in crt0's loop.
    #[inline(always)]
    pub fn running_sums(bytes: &[u8], start: u16) -> u16 {
        // SAFETY: crt0's `gb_running_sums` reads the slice's bytes and nothing else.
        unsafe { gb_running_sums(bytes.as_ptr(), bytes.len(), start) }
    }

    /// [`crate::video::unpack_tile`]'s two-colour tile in crt0's loop.
    #[inline(always)]
    pub fn unpack_planes(tile: &mut [u8; 16], rows: &[u8; 8], head: u8) {
        // SAFETY: crt0's `gb_unpack_planes` reads the 8 rows and writes the tile's 16 bytes.
        unsafe { gb_unpack_planes(tile.as_mut_ptr(), rows.as_ptr(), u16::from(head)) }
    }
}

#[cfg(not(target_arch = "avr"))]
mod console {
    pub fn halt() {
        panic!("gb_halt: the `halt` instruction exists only on the Game Boy (linker/crt0.s)");
    }

    pub fn enable_interrupts() {
        panic!("gb_enable_interrupts: `ei` exists only on the Game Boy (linker/crt0.s)");
    }

    pub fn disable_interrupts() {
        panic!("gb_disable_interrupts: `di` exists only on the Game Boy (linker/crt0.s)");
    }

    pub fn oam_dma() {
        panic!("gb_oam_dma: OAM DMA exists only on the Game Boy (linker/crt0.s)");
    }

    /// # Safety
    /// As on the console (it panics here).
    pub unsafe fn worker_reset(_stack_top: *mut u8) {
        panic!("gb_worker_reset: the worker's second stack is crt0's, on the Game Boy only (linker/crt0.s)");
    }

    /// # Safety
    /// As on the console (it panics here).
    pub unsafe fn worker_run(_waiting: *const u8) {
        panic!("gb_worker_run: the worker's second stack is crt0's, on the Game Boy only (linker/crt0.s)");
    }

    pub fn worker_yield() {
        panic!("gb_worker_yield: the worker's second stack is crt0's, on the Game Boy only (linker/crt0.s)");
    }

    /// # Safety
    /// As on the console (it panics here).
    pub unsafe fn copy(_to: *mut u8, _from: *const u8, _count: usize) {
        panic!("gb_copy: the copy out of the optimiser's sight is crt0's, on the Game Boy only (linker/crt0.s)");
    }

    /// # Safety
    /// As on the console (it panics here).
    pub unsafe fn copy_attributes(_to: *mut u8, _tiles: *const u8, _count: usize, _spans: u16) {
        panic!("gb_copy_attributes: the Color's attribute loop is crt0's, on the Game Boy only (linker/crt0.s)");
    }
}

#[cfg(target_arch = "avr")]
pub(crate) use console::{running_sums, unpack_planes};
pub(crate) use console::{copy, copy_attributes, disable_interrupts, enable_interrupts, halt, oam_dma, worker_reset, worker_run, worker_yield};

#[cfg(all(test, not(target_arch = "avr")))]
mod tests {
    #[test]
    #[should_panic(expected = "exists only on the Game Boy")]
    fn host_halt_explains_itself() {
        super::halt();
    }

    #[test]
    #[should_panic(expected = "exists only on the Game Boy")]
    fn host_oam_dma_explains_itself() {
        super::oam_dma();
    }

    #[test]
    #[should_panic(expected = "on the Game Boy only")]
    fn host_worker_explains_itself() {
        super::worker_yield();
    }

    #[test]
    #[should_panic(expected = "on the Game Boy only")]
    fn host_copy_explains_itself() {
        // SAFETY: it panics before touching memory.
        unsafe { super::copy(core::ptr::null_mut(), core::ptr::null(), 0) };
    }
}

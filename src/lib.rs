#![cfg_attr(not(test), no_std)]

pub mod assets;
pub mod puzzles;
pub mod game;

/// The ROM's entry points (`rust_main`, `rust_vblank`, `cbe_trap`) and panic handler: only in
/// the game ROM, so that other console programs (benchmarks) can link the engine.
#[cfg(all(target_arch = "avr", feature = "rom"))]
mod console;

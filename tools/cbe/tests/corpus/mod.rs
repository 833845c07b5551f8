//! The differential corpus: `no_std` programs that compute checksums. The same source runs
//! natively (tests/corpus.rs) and, through rustc (avr-none) -> cbe -> SDCC, on the emulated
//! Game Boy; the results must be equal. Results never depend on the width of `usize`.

pub mod aggregates;
pub mod arith;
pub mod banking;
pub mod common;
pub mod control;
pub mod fuzz_found;
pub mod intrinsics;
pub mod memory;
pub mod sdcc_shapes;
pub mod sdcc_statics;
pub mod wide;

pub const PROGRAMS: &[(&str, fn(&mut dyn FnMut(u32)))] = &[
    ("arith", arith::run),
    ("control", control::run),
    ("intrinsics", intrinsics::run),
    ("wide", wide::run),
    ("aggregates", aggregates::run),
    ("memory", memory::run),
    ("banking", banking::run),
    ("fuzz_found", fuzz_found::run),
    ("sdcc_shapes", sdcc_shapes::run),
    ("sdcc_statics", sdcc_statics::run),
];

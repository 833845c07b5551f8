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
pub mod wide;

/// Each program's values are preceded by `PROGRAM_MARK | index`.
pub const PROGRAM_MARK: u32 = 0xC0DE_0000;

pub const PROGRAMS: &[(&str, fn(&mut dyn FnMut(u32)))] = &[
    ("arith", arith::run),
    ("control", control::run),
    ("intrinsics", intrinsics::run),
    ("wide", wide::run),
    ("aggregates", aggregates::run),
    ("memory", memory::run),
    ("banking", banking::run),
    ("fuzz_found", fuzz_found::run),
];

pub fn run_all(out: &mut dyn FnMut(u32)) {
    for (i, (_, program)) in PROGRAMS.iter().enumerate() {
        out(PROGRAM_MARK | i as u32);
        program(out);
    }
}

//! Numberlink's jobs: `SEEDS` puzzles at each size of `SIZES` and each level of `LEVELS`, one
//! line a puzzle, `numberlink size level seed digest solid`: `solid` is 1 when the puzzle has
//! solid squares. (The host checks the puzzle, its own copy by the digest: a count of
//! solutions by the engine's search here took over 16 G cycles on some 12x12 puzzles.)

use hitori::puzzles::level::Difficulty;
use hitori::puzzles::numberlink::generate::Generator as NumberlinkGenerator;
use hitori::puzzles::numberlink::grid::Puzzle as NumberlinkPuzzle;

use crate::{knob, send_line};

/// Puzzles a size and level, seeds 1..=this (`BENCH_ENGINE_NUMBERLINK_SEEDS` at build time).
const SEEDS: u16 = knob(option_env!("BENCH_ENGINE_NUMBERLINK_SEEDS"), 32);
/// The levels, a digit each (`BENCH_ENGINE_NUMBERLINK_LEVELS`, e.g. `01`).
const LEVELS: &str = match option_env!("BENCH_ENGINE_NUMBERLINK_LEVELS") {
    Some(levels) => levels,
    None => "012",
};
/// The sizes, decimal numbers separated by commas (`BENCH_ENGINE_NUMBERLINK_SIZES`).
const SIZES: &str = match option_env!("BENCH_ENGINE_NUMBERLINK_SIZES") {
    Some(sizes) => sizes,
    None => "7,10,12",
};
static mut NUMBERLINK: NumberlinkGenerator = NumberlinkGenerator::new();
static mut NUMBERLINK_PUZZLE: NumberlinkPuzzle = NumberlinkPuzzle::new();

/// One Numberlink puzzle, kept for the count: the function the host times. 0 when the engine
/// makes none of that size and level.
#[unsafe(no_mangle)]
#[inline(never)]
pub extern "C" fn bench_numberlink_generate(size: u8, level: u8, seed: u16) -> u16 {
    // SAFETY: single-threaded; the VBlank handler touches neither static.
    let (generator, puzzle) =
        unsafe { (&mut *core::ptr::addr_of_mut!(NUMBERLINK), &mut *core::ptr::addr_of_mut!(NUMBERLINK_PUZZLE)) };
    let level = Difficulty::from_index(level).unwrap_or(Difficulty::Easy);
    if generator.generate_into(size, level, u32::from(seed), puzzle) { puzzle.digest() } else { 0 }
}

pub fn jobs() {
    for level in LEVELS.bytes() {
        let level = level - b'0';
        let difficulty = Difficulty::from_index(level).unwrap_or(Difficulty::Easy);
        for size in SIZES.split(',') {
            let size = knob(Some(size), 0) as u8;
            for seed in 1..=SEEDS {
                let digest = bench_numberlink_generate(size, level, seed);
                // SAFETY: as above.
                let solid = unsafe { !(*core::ptr::addr_of!(NUMBERLINK_PUZZLE)).givens.solid.is_empty() };
                send_line(b"numberlink ", &[u16::from(size), u16::from(level), seed, digest, u16::from(solid)]);
            }
        }
    }
}

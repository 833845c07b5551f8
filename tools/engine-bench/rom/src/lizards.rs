//! Baby Lizards' jobs: every level at `LIZARD_SIZES`, `LIZARD_SEEDS` seeds each, one line a
//! puzzle, `lizards size level seed digest segments walking` (the last two: the solutions
//! the two complete solvers count on it).

use hitori::puzzles::level::Difficulty;
use hitori::puzzles::lizards::generate::{Engine as LizardEngine, Puzzle as LizardPuzzle};

use crate::send_line;

const LIZARD_SIZES: [u8; 3] = [6, 9, 12];
const LIZARD_SEEDS: u16 = 32;
static mut LIZARDS: LizardEngine = LizardEngine::new();
static mut LIZARD_PUZZLE: LizardPuzzle = LizardPuzzle::new();

/// One Baby Lizards puzzle: the function the host times.
#[unsafe(no_mangle)]
#[inline(never)]
pub extern "C" fn bench_lizards_generate(size: u8, level: u8, seed: u16) -> u16 {
    // SAFETY: single-threaded; the VBlank handler touches neither static.
    let (engine, puzzle) = unsafe { (&mut *core::ptr::addr_of_mut!(LIZARDS), &mut *core::ptr::addr_of_mut!(LIZARD_PUZZLE)) };
    let level = Difficulty::from_index(level).unwrap_or(Difficulty::Easy);
    if engine.generate_puzzle(size, level, u32::from(seed), puzzle) { puzzle.digest() } else { 0 }
}

/// The last puzzle's solutions (up to 2) by the segment search.
#[unsafe(no_mangle)]
#[inline(never)]
pub extern "C" fn bench_lizards_segments() -> u8 {
    // SAFETY: as above.
    let (engine, puzzle) = unsafe { (&mut *core::ptr::addr_of_mut!(LIZARDS), &*core::ptr::addr_of!(LIZARD_PUZZLE)) };
    engine.count_solutions(&puzzle.board, puzzle.lizards, 2)
}

/// The same by the solver that walks the lines.
#[unsafe(no_mangle)]
#[inline(never)]
pub extern "C" fn bench_lizards_walking() -> u8 {
    // SAFETY: as above.
    let (engine, puzzle) = unsafe { (&mut *core::ptr::addr_of_mut!(LIZARDS), &*core::ptr::addr_of!(LIZARD_PUZZLE)) };
    engine.count_solutions_walking(&puzzle.board, puzzle.lizards, 2)
}

pub fn jobs() {
    for level in Difficulty::ALL {
        for size in LIZARD_SIZES {
            for seed in 1..=LIZARD_SEEDS {
                let digest = bench_lizards_generate(size, level as u8, seed);
                let segments = bench_lizards_segments();
                let walking = bench_lizards_walking();
                send_line(b"lizards ", &[u16::from(size), level as u16, seed, digest, u16::from(segments), u16::from(walking)]);
            }
        }
    }
}

//! Sudoku's jobs: `SUDOKU_SEEDS` puzzles at each level (`bench_sudoku_generate`), each one's
//! solutions counted by the engine's dancing links (`bench_sudoku_links`) and by a plain
//! backtracking search (`bench_sudoku_backtrack`, on the first seeds only, capped), one line
//! a puzzle, `sudoku level seed digest LINKS BACKTRACK` (level 0..=2, `Puzzle::digest`).

use hitori::puzzles::level::Difficulty;
use hitori::puzzles::sudoku::generate::{Generator as SudokuGenerator, Puzzle as SudokuPuzzle};
use hitori::puzzles::sudoku::grid::{BOX, COL, ROW};

use crate::{knob, send_line};

/// Sudoku puzzles generated a level, seeds 1..=this (`BENCH_ENGINE_SUDOKU_SEEDS` at build time,
/// for quicker runs while working on the engine).
const SUDOKU_SEEDS: u16 = knob(option_env!("BENCH_ENGINE_SUDOKU_SEEDS"), 32);
/// The levels generated, a digit each (`BENCH_ENGINE_SUDOKU_LEVELS`, e.g. `0` for easy alone).
const SUDOKU_LEVELS: &str = match option_env!("BENCH_ENGINE_SUDOKU_LEVELS") {
    Some(levels) => levels,
    None => "012",
};
/// The plain backtracking count runs on seeds 1..=this of each level only, and gives up
/// after `BACKTRACK_NODES` digits tried: it takes minutes of console time on some puzzles
/// (20x the links' cycles on those it finishes), which would make the part emulate for hours.
/// `BENCH_ENGINE_SUDOKU_BACKTRACK` sets it (0 for none).
const BACKTRACK_SEEDS: u32 = knob(option_env!("BENCH_ENGINE_SUDOKU_BACKTRACK"), 8) as u32;

const BACKTRACK_NODES: u16 = 20_000;
/// What [`bench_sudoku_backtrack`] answers for a seed past `BACKTRACK_SEEDS`, and when it gave
/// up (the bench's host side knows both).
const NOT_RUN: u8 = 0xFE;
const GAVE_UP: u8 = 0xFF;
static mut SUDOKU: SudokuGenerator = SudokuGenerator::new();
static mut SUDOKU_PUZZLE: SudokuPuzzle = SudokuPuzzle::EMPTY;

/// One Sudoku puzzle, kept for the two counts: the function the host times.
#[unsafe(no_mangle)]
#[inline(never)]
pub extern "C" fn bench_sudoku_generate(level: u8, seed: u16) -> u16 {
    // SAFETY: single-threaded; the VBlank handler touches neither static.
    let (generator, puzzle) =
        unsafe { (&mut *core::ptr::addr_of_mut!(SUDOKU), &mut *core::ptr::addr_of_mut!(SUDOKU_PUZZLE)) };
    let level = Difficulty::from_index(level).unwrap_or(Difficulty::Easy);
    generator.generate_into(level, u32::from(seed), puzzle);
    puzzle.digest()
}

/// The last puzzle's solutions, counted up to 2 by the engine's dancing links.
#[unsafe(no_mangle)]
#[inline(never)]
pub extern "C" fn bench_sudoku_links() -> u8 {
    // SAFETY: as above.
    let (generator, puzzle) = unsafe { (&mut *core::ptr::addr_of_mut!(SUDOKU), &*core::ptr::addr_of!(SUDOKU_PUZZLE)) };
    generator.count_solutions(&puzzle.givens, 2)
}

/// The same count by plain backtracking: the first empty cell, digits 1 to 9 in order, each
/// checked against the used digits of its row, column and box. `NOT_RUN` or `GAVE_UP` as
/// above.
#[unsafe(no_mangle)]
#[inline(never)]
pub extern "C" fn bench_sudoku_backtrack() -> u8 {
    // SAFETY: as above.
    let puzzle = unsafe { &*core::ptr::addr_of!(SUDOKU_PUZZLE) };
    if puzzle.seed > BACKTRACK_SEEDS {
        return NOT_RUN;
    }
    let mut nodes = 0u16;
    let mut grid = puzzle.givens;
    // Used digits (bit d - 1) per row, column and box.
    let (mut rows, mut cols, mut boxes) = ([0u16; 9], [0u16; 9], [0u16; 9]);
    let mut empties = [0u8; 81];
    let mut open = 0usize;
    for cell in 0..81u8 {
        let (r, c, b) = (ROW[cell as usize] as usize, COL[cell as usize] as usize, BOX[cell as usize] as usize);
        match grid[cell as usize] {
            0 => {
                empties[open] = cell;
                open += 1;
            }
            digit => {
                let bit = 1 << (digit - 1);
                if (rows[r] | cols[c] | boxes[b]) & bit != 0 {
                    return 0;
                }
                rows[r] |= bit;
                cols[c] |= bit;
                boxes[b] |= bit;
            }
        }
    }
    let (mut depth, mut found) = (0usize, 0u8);
    loop {
        if depth == open {
            found += 1;
            if found == 2 || depth == 0 {
                return found;
            }
            depth -= 1;
        }
        // Take back this cell's digit, then try the next digit above it.
        let cell = empties[depth];
        let (r, c, b) = (ROW[cell as usize] as usize, COL[cell as usize] as usize, BOX[cell as usize] as usize);
        let mut digit = grid[cell as usize];
        if digit != 0 {
            let bit = !(1u16 << (digit - 1));
            rows[r] &= bit;
            cols[c] &= bit;
            boxes[b] &= bit;
        }
        let used = rows[r] | cols[c] | boxes[b];
        digit += 1;
        while digit <= 9 && used & (1 << (digit - 1)) != 0 {
            digit += 1;
        }
        if digit <= 9 {
            nodes += 1;
            if nodes == BACKTRACK_NODES {
                return GAVE_UP;
            }
            grid[cell as usize] = digit;
            let bit = 1 << (digit - 1);
            rows[r] |= bit;
            cols[c] |= bit;
            boxes[b] |= bit;
            depth += 1;
        } else {
            grid[cell as usize] = 0;
            if depth == 0 {
                return found;
            }
            depth -= 1;
        }
    }
}

pub fn jobs() {
    for &level in SUDOKU_LEVELS.as_bytes() {
        let level = level - b'0';
        for seed in 1..=SUDOKU_SEEDS {
            let digest = bench_sudoku_generate(level, seed);
            let links = bench_sudoku_links();
            let backtrack = bench_sudoku_backtrack();
            send_line(b"sudoku ", &[u16::from(level), seed, digest, u16::from(links), u16::from(backtrack)]);
        }
    }
}

//! The Sudoku part of `make bench-engine` on the console: `SUDOKU_SEEDS` puzzles at each level
//! (`bench_sudoku_generate`), each one's solutions counted by the engine's dancing links
//! (`bench_sudoku_links`) and by a plain backtracking search (`bench_sudoku_backtrack`),
//! printing one line each over the serial port: `sudoku level seed digest LINKS BACKTRACK`
//! (level 0..=2, `Puzzle::digest`). The host side (`tools/engine-bench`) times every call from
//! entry to return and checks each digest against the same puzzle generated on the host. A ROM
//! of its own: with Hitori's engine beside it, the code passes the 32 KiB of unbanked ROM.
#![no_std]

use gb_hal::serial;
use hitori::puzzles::level::Difficulty;
use hitori::puzzles::sudoku::generate::{Generator as SudokuGenerator, Puzzle as SudokuPuzzle};
use hitori::puzzles::sudoku::grid::{BOX, COL, ROW};

/// The levels, in the order the host expects them.
const LEVELS: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard];

/// Sudoku puzzles generated a level, seeds 1..=this.
pub const SUDOKU_SEEDS: u16 = 32;
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
/// checked against the used digits of its row, column and box.
#[unsafe(no_mangle)]
#[inline(never)]
pub extern "C" fn bench_sudoku_backtrack() -> u8 {
    // SAFETY: as above.
    let puzzle = unsafe { &*core::ptr::addr_of!(SUDOKU_PUZZLE) };
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

/// Every Sudoku job, one line each.
fn sudoku_jobs() {
    for level in LEVELS {
        for seed in 1..=SUDOKU_SEEDS {
            let digest = bench_sudoku_generate(level as u8, seed);
            let links = bench_sudoku_links();
            let backtrack = bench_sudoku_backtrack();
            serial::write_bytes(b"sudoku ");
            send_decimal(level as u16);
            serial::write_byte(b' ');
            send_decimal(seed);
            serial::write_byte(b' ');
            send_decimal(digest);
            serial::write_byte(b' ');
            send_decimal(u16::from(links));
            serial::write_byte(b' ');
            send_decimal(u16::from(backtrack));
            serial::write_byte(b'\n');
        }
    }
}

fn send_decimal(mut value: u16) {
    let mut digits = [0u8; 5];
    let mut count = 0;
    loop {
        digits[count] = b'0' + (value % 10) as u8;
        count += 1;
        value /= 10;
        if value == 0 {
            break;
        }
    }
    while count > 0 {
        count -= 1;
        serial::write_byte(digits[count]);
    }
}

#[unsafe(no_mangle)]
pub extern "C" fn rust_main() {
    sudoku_jobs();
    serial::write_byte(b'.');
    loop {}
}

#[unsafe(no_mangle)]
pub extern "C" fn rust_vblank() {}

/// crt0 starts it as the background worker; this program has none, so it never runs. Not
/// empty: LLVM would merge it with the empty `rust_vblank` into an alias.
#[unsafe(no_mangle)]
pub extern "C" fn rust_worker() {
    loop {}
}

/// A trap (failed bounds check, overflow, `unreachable`) prints `!` and the function id.
#[unsafe(no_mangle)]
pub extern "C" fn cbe_trap(function: u16) -> ! {
    serial::write_byte(b'!');
    send_decimal(function);
    serial::write_byte(b'.');
    loop {}
}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    loop {}
}

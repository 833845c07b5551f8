//! Puzzles generated on the console are the host's: the engine bench runs a puzzle's part on a
//! few seeds of every level and checks each puzzle against the host's (its digest) and that it
//! has exactly one solution (counted, or for Numberlink graded by a complete closure); it
//! exits with a failure on any difference.

use std::process::Command;

/// Runs the bench's `part` with its `settings` and checks that it agreed on `puzzles`.
fn console_agrees(part: &str, settings: &[(&str, &str)], puzzles: usize) {
    let mut bench = Command::new(env!("CARGO_BIN_EXE_engine-bench"));
    bench.env("BENCH_ENGINE_PUZZLE", part).env_remove("BENCH_ENGINE_PROFILE").env_remove("BENCH_ENGINE_EACH");
    for (name, value) in settings {
        bench.env(name, value);
    }
    let output = bench.output().expect("the engine bench runs");
    let (stdout, stderr) = (String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    assert!(output.status.success(), "the bench failed:\n{stdout}\n{stderr}");
    assert!(stdout.contains(&format!("agree on all {puzzles} puzzles")), "no agreement line for {puzzles} puzzles:\n{stdout}");
}

/// Sudoku, whose hottest routines are SM83 assembly (`linker/sudoku.s`) beside the Rust the
/// host runs: seeds 1 and 2 of every level (easy puzzles are also made by the game ROM in
/// `tests/rom_game.rs`). About 2 G cycles of emulation.
#[test]
fn console_sudoku_puzzles_of_every_level_are_the_hosts() {
    let settings = [("BENCH_ENGINE_SUDOKU_SEEDS", "2"), ("BENCH_ENGINE_SUDOKU_LEVELS", "012"), ("BENCH_ENGINE_SUDOKU_BACKTRACK", "0")];
    console_agrees("sudoku", &settings, 6);
}

/// Numberlink: seeds 1 and 2 of every level at 7x7 and 8x8 (its medium trials keep the easy
/// rules to a box around the step, the routine's test of the box included).
#[test]
fn console_numberlink_puzzles_of_every_level_are_the_hosts() {
    let settings = [("BENCH_ENGINE_NUMBERLINK_SEEDS", "2"), ("BENCH_ENGINE_NUMBERLINK_LEVELS", "012"), ("BENCH_ENGINE_NUMBERLINK_SIZES", "7,8")];
    console_agrees("numberlink", &settings, 12);
}

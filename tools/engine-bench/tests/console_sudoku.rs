//! Sudoku generated on the console, where its hottest routines are SM83 assembly
//! (`linker/sudoku.s`) beside the Rust the host runs: the engine bench's ROM makes seeds 1 and
//! 2 of every level and the bench checks each against the host's puzzle (its digest) and the
//! links' count of solutions (exactly one). The bench exits with a failure on any difference.
//! Easy puzzles are also made by the game ROM in `tests/rom_game.rs`; medium and hard only
//! here and in `make bench-engine`. About 2 G cycles of emulation.

use std::process::Command;

#[test]
fn console_sudoku_puzzles_of_every_level_are_the_hosts() {
    let output = Command::new(env!("CARGO_BIN_EXE_engine-bench"))
        .env("BENCH_ENGINE_PUZZLE", "sudoku")
        .env("BENCH_ENGINE_SUDOKU_SEEDS", "2")
        .env("BENCH_ENGINE_SUDOKU_LEVELS", "012")
        .env("BENCH_ENGINE_SUDOKU_BACKTRACK", "0")
        .env_remove("BENCH_ENGINE_PROFILE")
        .env_remove("BENCH_ENGINE_EACH")
        .output()
        .expect("the engine bench runs");
    let (stdout, stderr) = (String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    assert!(output.status.success(), "the bench failed:\n{stdout}\n{stderr}");
    assert!(stdout.contains("agree on all 6"), "no agreement line for 6 puzzles:\n{stdout}");
}

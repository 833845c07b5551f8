//! Numberlink generated on the console: the engine bench's ROM makes seeds 1 and 2 of every
//! level at 7x7 and 8x8 (hard only at 8x8, the smallest size the engine makes hard puzzles
//! at), and the bench checks each against the host's puzzle (its digest) and the engine's
//! search counts one solution. The bench exits with a failure on any difference.

use std::process::Command;

#[test]
fn console_numberlink_puzzles_of_every_level_are_the_hosts() {
    let output = Command::new(env!("CARGO_BIN_EXE_engine-bench"))
        .env("BENCH_ENGINE_PUZZLE", "numberlink")
        .env("BENCH_ENGINE_NUMBERLINK_SEEDS", "2")
        .env("BENCH_ENGINE_NUMBERLINK_LEVELS", "012")
        .env("BENCH_ENGINE_NUMBERLINK_SIZES", "7,8")
        .env_remove("BENCH_ENGINE_PROFILE")
        .env_remove("BENCH_ENGINE_EACH")
        .output()
        .expect("the engine bench runs");
    let (stdout, stderr) = (String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    assert!(output.status.success(), "the bench failed:\n{stdout}\n{stderr}");
    assert!(stdout.contains("agree on all 10"), "no agreement line for 10 puzzles:\n{stdout}");
}

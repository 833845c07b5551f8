//! What `make bench-engine` and `make bench-codegen` share: the engine ROMs (`rom/`, a puzzle
//! engine's jobs for the Game Boy) and the check of each Hitori puzzle the ROM reports against
//! the same puzzle generated on the host.

use gbrom::{RomArtifacts, RomSpec, repo_root};
use hitori::puzzles::level::Difficulty;
use hitori::puzzles::hitori::generate::Generator;

/// Builds `rom/` with Hitori's jobs and its `banked` feature (Hitori's engine in ROM banks, as
/// in the game: it passed the 32 KiB of unbanked ROM alone) into `target/bench-engine/engine.gb`,
/// with `sdcc_flags` added to every `sdcc` run.
pub fn build_rom(sdcc_flags: Vec<String>) -> Result<RomArtifacts, String> {
    build("engine", &["banked"], sdcc_flags)
}

/// Builds `rom/` with Baby Lizards' jobs into `target/bench-engine/lizards.gb`.
pub fn build_lizards_rom(sdcc_flags: Vec<String>) -> Result<RomArtifacts, String> {
    build("lizards", &["lizards"], sdcc_flags)
}

/// Builds `rom/` with Sudoku's jobs into `target/bench-engine/sudoku.gb`.
pub fn build_sudoku_rom(sdcc_flags: Vec<String>) -> Result<RomArtifacts, String> {
    build("sudoku", &["sudoku"], sdcc_flags)
}

/// Builds `rom/` with Numberlink's jobs into `target/bench-engine/numberlink.gb`.
pub fn build_numberlink_rom(sdcc_flags: Vec<String>) -> Result<RomArtifacts, String> {
    build("numberlink", &["numberlink"], sdcc_flags)
}

/// Builds `rom/` with `features` (a puzzle's jobs are the feature of its name; Hitori's are
/// those without one) into `target/bench-engine/<name>.gb`, the name in capitals as its title.
fn build(name: &str, features: &[&str], sdcc_flags: Vec<String>) -> Result<RomArtifacts, String> {
    let root = repo_root();
    gbrom::build(&RomSpec {
        crate_dir: root.join("tools/engine-bench/rom"),
        package: None,
        features: features.iter().map(|f| String::from(*f)).collect(),
        output: root.join("target/bench-engine").join(format!("{name}.gb")),
        title: name.to_ascii_uppercase(),
        target_dir: root.join("target/gb"),
        sdcc_flags,
        color: false,
    })
    .map_err(|e| e.to_string())
}

/// The `N` numbers of a line of the ROM's output (the puzzle's name before them, on every
/// puzzle's lines but Hitori's, is not a number).
pub fn numbers<const N: usize>(line: &str) -> Result<[u32; N], String> {
    let numbers: Vec<u32> = line.split(' ').filter_map(|f| f.parse().ok()).collect();
    numbers.try_into().map_err(|_| format!("unreadable line `{line}`"))
}

/// The level numbered `level` (0..=2) in `line`.
pub fn level(level: u32, line: &str) -> Result<Difficulty, String> {
    u8::try_from(level).ok().and_then(Difficulty::from_index).ok_or(format!("unknown level in `{line}`"))
}

/// One puzzle line of the ROM's output (`size level seed digest`), checked against the host:
/// its size, level and seed.
pub fn check_puzzle(generator: &mut Generator, line: &str) -> Result<(u8, Difficulty, u32), String> {
    let [size, level_number, seed, digest] = numbers(line)?;
    let size = size as u8;
    let difficulty = level(level_number, line)?;
    let host = generator.generate(size, difficulty, seed).ok_or("host generation failed")?;
    if u32::from(host.digest()) != digest {
        let name = difficulty.name();
        return Err(format!("{size}x{size} {name} seed {seed}: console digest {digest}, host {}", host.digest()));
    }
    Ok((size, difficulty, seed))
}

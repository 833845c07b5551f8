//! What `make bench-engine` and `make bench-codegen` share: the engine ROM (`rom/`, the
//! engine's generator for the Game Boy) and the check of each puzzle it reports against the
//! same puzzle generated on the host.

use gbrom::{RomArtifacts, RomSpec, repo_root};
use hitori::puzzles::level::Difficulty;
use hitori::puzzles::hitori::generate::Generator;

/// Builds `rom/` with its `banked` feature (Hitori's engine in ROM banks, as in the game) into
/// `target/bench-engine/engine.gb`, with `sdcc_flags` added to every `sdcc` run.
pub fn build_rom(sdcc_flags: Vec<String>) -> Result<RomArtifacts, String> {
    build(vec!["banked".into()], "engine.gb", sdcc_flags)
}

/// Builds `rom/` with its `lizards` feature (Baby Lizards' jobs) into
/// `target/bench-engine/lizards.gb`.
pub fn build_lizards_rom(sdcc_flags: Vec<String>) -> Result<RomArtifacts, String> {
    build(vec!["lizards".into()], "lizards.gb", sdcc_flags)
}

fn build(features: Vec<String>, file: &str, sdcc_flags: Vec<String>) -> Result<RomArtifacts, String> {
    let root = repo_root();
    gbrom::build(&RomSpec {
        crate_dir: root.join("tools/engine-bench/rom"),
        package: None,
        features,
        output: root.join("target/bench-engine").join(file),
        title: "ENGINE".into(),
        target_dir: root.join("target/gb"),
        sdcc_flags,
        color: false,
    })
    .map_err(|e| e.to_string())
}

/// One puzzle line of the ROM's output (`size level seed digest`), checked against the host:
/// its size, level and seed.
pub fn check_puzzle(generator: &mut Generator, line: &str) -> Result<(u8, Difficulty, u32), String> {
    let fields: Vec<u32> = line.split(' ').filter_map(|f| f.parse().ok()).collect();
    let [size, level, seed, digest] = fields[..] else { return Err(format!("unreadable line `{line}`")) };
    let size = size as u8;
    let difficulty = Difficulty::from_index(level as u8).ok_or(format!("unknown level in `{line}`"))?;
    let host = generator.generate(size, difficulty, seed).ok_or("host generation failed")?;
    if u32::from(host.digest()) != digest {
        let name = difficulty.name();
        return Err(format!("{size}x{size} {name} seed {seed}: console digest {digest}, host {}", host.digest()));
    }
    Ok((size, difficulty, seed))
}

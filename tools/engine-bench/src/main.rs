//! `make bench-engine`, console side: builds `rom/` (the engine's generator for the Game Boy),
//! times every `bench_generate` call in the emulator from entry to return (exact T-cycles at
//! 4.194304 MHz), checks each puzzle's digest against the host engine, and prints median, 95th
//! percentile and worst case per level and size with ROM and WRAM use, the engine state's WRAM and the deepest
//! stack seen during generation. A benchmark: it prints figures and fails only when the build
//! fails or console and host disagree.
//!
//! `BENCH_ENGINE_SDCC_FLAGS="..."` adds options to every `sdcc` run (for experiments).
//! `BENCH_ENGINE_PROFILE=N` also charges every instruction the generation runs to its address
//! and prints the N functions with the most cycles of their own (callees not included), with
//! the cycles of their calls (callees included), the number of calls and their hottest
//! places, `BB:AAAA` (look them up in `target/bench-engine/engine.build/*.lst`, or the function in
//! `engine_*.asm`).
//! `BENCH_ENGINE_EACH=1` also prints every puzzle's cycles and candidates (`each LEVEL SIZE SEED
//! CYCLES CANDIDATES`), to set against host figures per seed (`examples/generation_spread.rs
//! --each`).
//!
//! It also times a random draw from the engine's generator and from `fastrand`.
//!
//! Baby Lizards comes first, from a ROM of its own (`rom/` with its `lizards` feature: both
//! engines pass the 32 KiB of unbanked ROM): the same table for its puzzles (rows starting with
//! `lizards`), each checked against the host, and the cycles of its two complete solvers on
//! each puzzle (segment flags against walking the lines). `BENCH_ENGINE_PUZZLE=lizards` stops
//! after it; `BENCH_ENGINE_PUZZLE=hitori` skips it (Hitori's figures while Lizards' console
//! run traps, docs/lizards-notes.md).

use std::process::ExitCode;
use std::time::Instant;

use engine_bench::{build_lizards_rom, build_rom, check_puzzle};
use gbemu::{Console, Profile, Symbols};
use hitori::puzzles::level::Difficulty;
use hitori::puzzles::hitori::generate::Generator;
use hitori::puzzles::lizards::generate::Engine as LizardEngine;

const CPU_HZ: f64 = 4_194_304.0;
/// The whole run is a few billion cycles; a single puzzle far less than this.
const MAX_CYCLES_PER_CALL: u64 = 2_000_000_000;
/// Calls the ROM makes: its `SIZES` (4) times the seeds of its `LEVELS` (32 at each level).
/// Checked against its output.
const JOBS: usize = 4 * (32 + 32 + 32);
/// Baby Lizards puzzles the ROM makes: 3 levels, its `LIZARD_SIZES` (3), `LIZARD_SEEDS` (32).
const LIZARD_JOBS: usize = 3 * 3 * 32;
/// Island queries the ROM times per method (its `ISLAND_QUERIES`), checked against its output.
const ISLAND_QUERIES: usize = 64;
/// Draws the ROM times per random source (its `DRAWS`).
const DRAWS: u8 = 64;
/// crt0's initial stack pointer: the stack grows down from the end of WRAM.
const STACK_TOP: u16 = 0xE000;
/// Places listed per function in a profile.
const HOT_ADDRESSES: usize = 6;

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("bench-engine: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), String> {
    let sdcc_flags: Vec<String> = std::env::var("BENCH_ENGINE_SDCC_FLAGS")
        .map(|flags| flags.split_whitespace().map(String::from).collect())
        .unwrap_or_default();
    let puzzle = std::env::var("BENCH_ENGINE_PUZZLE").unwrap_or_default();
    if puzzle != "hitori" {
        lizards(build_lizards_rom(sdcc_flags.clone())?)?;
    }
    if puzzle == "lizards" {
        return Ok(());
    }
    let rom = build_rom(sdcc_flags)?;
    println!("console build: {}", rom.usage.summary());

    let symbol = |wanted: &str| rom.symbol(wanted).ok_or(format!("no {wanted} symbol"));
    let (generate, dual, flood) =
        (symbol("bench_generate")?, symbol("bench_island_dual")?, symbol("bench_island_flood")?);
    let (draw_engine, draw_fastrand) = (symbol("bench_draw_engine")?, symbol("bench_draw_fastrand")?);
    let profile_top: Option<usize> = match std::env::var("BENCH_ENGINE_PROFILE") {
        Ok(n) => Some(n.parse().map_err(|_| format!("BENCH_ENGINE_PROFILE={n}: expected a count of functions"))?),
        Err(_) => None,
    };
    let mut profile = profile_top.map(|_| Profile::default());
    let started = Instant::now();
    let mut console = Console::from_file(&rom.rom).map_err(|e| e.to_string())?;
    let mut cycles = Vec::new();
    console.reset_lowest_sp();
    while cycles.len() < JOBS {
        let spent = match profile.as_mut() {
            Some(profile) => console.profile_next_call(generate, MAX_CYCLES_PER_CALL, profile),
            None => console.time_next_call(generate, MAX_CYCLES_PER_CALL),
        };
        cycles.push(spent.ok_or(format!("bench_generate ({generate:#06x}) did not run to its return"))?);
    }
    let deepest_stack = STACK_TOP - console.lowest_sp();
    let (mut dual_cycles, mut flood_cycles) = (0u64, 0u64);
    for _ in 0..ISLAND_QUERIES {
        dual_cycles += time_call(&mut console, dual)?;
        flood_cycles += time_call(&mut console, flood)?;
    }
    let (mut engine_draws, mut fastrand_draws) = (0u64, 0u64);
    for _ in 0..DRAWS {
        engine_draws += time_call(&mut console, draw_engine)?;
        fastrand_draws += time_call(&mut console, draw_fastrand)?;
    }
    let output = console.run_until_serial_end(b".", MAX_CYCLES_PER_CALL).map_err(|e| e.to_string())?;
    let output = String::from_utf8_lossy(&output);
    // The ROM ends its output with a lone '.'.
    let text = output.trim_end_matches('.');
    if text.contains('!') {
        return Err(format!("the console trapped: {text}"));
    }

    let (other_lines, puzzle_lines): (Vec<&str>, Vec<&str>) = text
        .lines()
        .partition(|l| l.starts_with("island ") || l.starts_with("draws "));
    let draws_line = format!("draws {DRAWS} ");
    let expected = other_lines.len() == 2
        && other_lines[0] == format!("island {ISLAND_QUERIES} 0")
        && other_lines[1].starts_with(&draws_line);
    if puzzle_lines.len() != JOBS || !expected {
        return Err(format!("expected {JOBS} puzzle lines, `island {ISLAND_QUERIES} 0` and `{draws_line}SUM`, got:\n{text}"));
    }
    let each = std::env::var_os("BENCH_ENGINE_EACH").is_some();
    let mut generator = Generator::new();
    // Per (level, size): each puzzle's cycles, and the candidates all its puzzles took (the
    // host's generator, which made the same puzzles, counts them).
    let mut groups: Vec<((u8, u8), Vec<u64>, u32)> = Vec::new();
    for (line, &spent) in puzzle_lines.iter().zip(&cycles) {
        let (size, difficulty, seed) = check_puzzle(&mut generator, line)?;
        let level = difficulty as u8;
        let candidates = u32::from(generator.candidates_tried);
        if each {
            println!("each {} {size} {seed} {spent} {candidates}", difficulty.name());
        }
        match groups.iter_mut().find(|(key, _, _)| *key == (level, size)) {
            Some((_, list, tried)) => {
                list.push(spent);
                *tried += candidates;
            }
            None => groups.push(((level, size), vec![spent], candidates)),
        }
    }
    let console_seconds = cycles.iter().sum::<u64>() as f64 / CPU_HZ;
    println!(
        "console and host agree on all {} puzzles ({console_seconds:.0} s of console time, emulated and checked in {:.0} s)",
        cycles.len(),
        started.elapsed().as_secs_f64()
    );
    println!(
        "level  size   puzzles   median cycles (s)      95th percentile (s)          worst (s)   candidates a puzzle, cycles a candidate"
    );
    let seconds = |cycles: u64| cycles as f64 / CPU_HZ;
    for ((level, size), mut list, tried) in groups {
        list.sort_unstable();
        let median = list[list.len() / 2];
        let p95 = list[(list.len() * 95).div_ceil(100) - 1];
        let worst = list[list.len() - 1];
        let name = Difficulty::from_index(level).map_or("?", Difficulty::name);
        let total: u64 = list.iter().sum();
        println!(
            "{name:<6} {size:>2}x{size:<2} {:>8} {median:>14} ({:>6.2}) {p95:>14} ({:>6.2}) {worst:>14} ({:>6.2}) {:>8.1} {:>12.0}",
            list.len(),
            seconds(median),
            seconds(p95),
            seconds(worst),
            f64::from(tried) / list.len() as f64,
            total as f64 / f64::from(tried)
        );
    }
    let per_query = |total: u64| total as f64 / ISLAND_QUERIES as f64;
    println!(
        "island query at 15x15 ({ISLAND_QUERIES} queries, both methods agree): dual union-find {:.0} cycles, flood fill {:.0} cycles, ratio {:.1}x",
        per_query(dual_cycles),
        per_query(flood_cycles),
        flood_cycles as f64 / dual_cycles as f64
    );
    println!(
        "a random number below 1..=15 ({DRAWS} draws each): the engine's xorshift {:.0} cycles, fastrand (wyrand) {:.0} cycles, ratio {:.1}x",
        engine_draws as f64 / f64::from(DRAWS),
        fastrand_draws as f64 / f64::from(DRAWS),
        fastrand_draws as f64 / engine_draws as f64
    );
    let symbols = Symbols::read(&rom.intermediates, &rom.sym)?;
    // The back end names the ROM's `GENERATOR` static `g<index>_engine_bench_rom_GENERATOR`.
    let generator_bytes = symbols
        .all
        .iter()
        .find(|(name, _)| name.ends_with("_engine_bench_rom_GENERATOR"))
        .and_then(|(name, _)| symbols.size(name))
        .ok_or("no GENERATOR static in the symbol list")?;
    let frames = rom.usage.regions.iter().find(|r| r.name == "_DATA").map_or(0, |r| r.size);
    println!(
        "WRAM at 15x15: engine state {generator_bytes} bytes (the generator, all sizes), back-end static frames {frames} bytes (_DATA); deepest stack during generation {deepest_stack} bytes"
    );
    if let (Some(top), Some(profile)) = (profile_top, profile) {
        println!("profile of bench_generate (every level), {} cycles, functions by cycles of their own:", profile.total());
        print!("{}", profile.report(&symbols, top, HOT_ADDRESSES));
    }
    Ok(())
}

/// Baby Lizards: times every `bench_lizards_generate` call and the two solvers' calls after it,
/// checks each puzzle against the host's and both counts, and prints the table's rows (each
/// starting with `lizards`), the solvers' cycles, WRAM and stack.
fn lizards(rom: gbrom::RomArtifacts) -> Result<(), String> {
    println!("lizards console build: {}", rom.usage.summary());
    let started = Instant::now();
    let console = &mut Console::from_file(&rom.rom).map_err(|e| e.to_string())?;
    let symbol = |wanted: &str| rom.symbol(wanted).ok_or(format!("no {wanted} symbol"));
    let (generate, segments, walking) =
        (symbol("bench_lizards_generate")?, symbol("bench_lizards_segments")?, symbol("bench_lizards_walking")?);
    console.reset_lowest_sp();
    let mut timed = Vec::new();
    for job in 0..LIZARD_JOBS {
        let spent = (|| Ok::<_, String>((time_call(console, generate)?, time_call(console, segments)?, time_call(console, walking)?)))();
        // A call that never returns is most likely a trap: show what the console said.
        let spent = spent.map_err(|e| format!("lizards job {job}: {e}; serial: {}", String::from_utf8_lossy(&console.serial_output())))?;
        timed.push(spent);
    }
    let deepest_stack = STACK_TOP - console.lowest_sp();
    let output = console.run_until_serial_end(b"lizards done\n.", MAX_CYCLES_PER_CALL).map_err(|e| e.to_string())?;
    let output = String::from_utf8_lossy(&output);
    if output.contains('!') {
        return Err(format!("the console trapped: {output}"));
    }
    let lines: Vec<&str> = output.lines().filter(|l| l.starts_with("lizards ") && *l != "lizards done").collect();
    if lines.len() != LIZARD_JOBS {
        return Err(format!("expected {LIZARD_JOBS} lizards lines, got:\n{output}"));
    }
    let mut engine = LizardEngine::new();
    // Per (level, size): each puzzle's generation cycles, and the candidates all took; per
    // size: both solvers' cycles.
    let mut groups: Vec<((u8, u8), Vec<u64>, u32)> = Vec::new();
    let mut solvers: Vec<(u8, u64, u64, u32)> = Vec::new();
    for (line, &(spent, segment_cycles, walking_cycles)) in lines.iter().zip(&timed) {
        let fields: Vec<u32> = line.split(' ').skip(1).filter_map(|f| f.parse().ok()).collect();
        let [size, level, seed, digest, by_segments, by_walking] = fields[..] else {
            return Err(format!("unreadable line `{line}`"));
        };
        let size = size as u8;
        let difficulty = Difficulty::from_index(level as u8).ok_or(format!("unknown level in `{line}`"))?;
        let host = engine.generate(size, difficulty, seed).ok_or("host generation failed")?;
        if u32::from(host.digest()) != digest {
            return Err(format!("lizards {size}x{size} {} seed {seed}: console digest {digest}, host {}", difficulty.name(), host.digest()));
        }
        if (by_segments, by_walking) != (1, 1) {
            return Err(format!("`{line}`: both solvers must count the one solution"));
        }
        let candidates = u32::from(engine.candidates_tried);
        match groups.iter_mut().find(|(key, _, _)| *key == (level as u8, size)) {
            Some((_, list, tried)) => {
                list.push(spent);
                *tried += candidates;
            }
            None => groups.push(((level as u8, size), vec![spent], candidates)),
        }
        match solvers.iter_mut().find(|(n, ..)| *n == size) {
            Some((_, s, w, count)) => {
                *s += segment_cycles;
                *w += walking_cycles;
                *count += 1;
            }
            None => solvers.push((size, segment_cycles, walking_cycles, 1)),
        }
    }
    let console_seconds = timed.iter().map(|(g, ..)| g).sum::<u64>() as f64 / CPU_HZ;
    println!(
        "lizards: console and host agree on all {LIZARD_JOBS} puzzles ({console_seconds:.0} s of console time, emulated and checked in {:.0} s)",
        started.elapsed().as_secs_f64()
    );
    println!(
        "lizards level  size   puzzles   median cycles (s)      95th percentile (s)          worst (s)   candidates a puzzle, cycles a candidate"
    );
    let seconds = |cycles: u64| cycles as f64 / CPU_HZ;
    for ((level, size), mut list, tried) in groups {
        list.sort_unstable();
        let median = list[list.len() / 2];
        let p95 = list[(list.len() * 95).div_ceil(100) - 1];
        let worst = list[list.len() - 1];
        let name = Difficulty::from_index(level).map_or("?", Difficulty::name);
        let total: u64 = list.iter().sum();
        println!(
            "lizards {name:<6} {size:>2}x{size:<2} {:>8} {median:>14} ({:>6.2}) {p95:>14} ({:>6.2}) {worst:>14} ({:>6.2}) {:>8.1} {:>12.0}",
            list.len(),
            seconds(median),
            seconds(p95),
            seconds(worst),
            f64::from(tried) / list.len() as f64,
            total as f64 / f64::from(tried)
        );
    }
    for (size, segment_cycles, walking_cycles, count) in solvers {
        println!(
            "lizards solvers {size:>2}x{size:<2} ({count} puzzles, both count one solution): segment flags {:.0} cycles a solve, walking the lines {:.0}, ratio {:.2}x",
            segment_cycles as f64 / f64::from(count),
            walking_cycles as f64 / f64::from(count),
            walking_cycles as f64 / segment_cycles as f64
        );
    }
    let symbols = Symbols::read(&rom.intermediates, &rom.sym)?;
    let size_of = |suffix: &str| {
        symbols.all.iter().find(|(name, _)| name.ends_with(suffix)).and_then(|(name, _)| symbols.size(name))
    };
    let engine_bytes = size_of("_engine_bench_rom_LIZARDS").ok_or("no LIZARDS static in the symbol list")?;
    let puzzle_bytes = size_of("_engine_bench_rom_LIZARD_PUZZLE").ok_or("no LIZARD_PUZZLE static in the symbol list")?;
    println!(
        "lizards WRAM: engine state {engine_bytes} bytes, puzzle {puzzle_bytes} bytes; deepest stack during generation and solving {deepest_stack} bytes"
    );
    Ok(())
}

/// T-cycles of the next call of the function at `entry`, from its first instruction to its return.
fn time_call(console: &mut Console, entry: u16) -> Result<u64, String> {
    console
        .time_next_call(entry, MAX_CYCLES_PER_CALL)
        .ok_or(format!("the function at {entry:#06x} did not run to its return"))
}

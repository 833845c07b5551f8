//! `make bench-engine`, console side: builds `rom/` once per puzzle engine (a puzzle's jobs are
//! a feature of that crate: one engine a ROM), times every timed call in the emulator from
//! entry to return (exact T-cycles at 4.194304 MHz), checks each puzzle's digest against the
//! host engine, and prints median, 95th percentile and worst case per level and size with ROM
//! and WRAM use, the engine state's WRAM and the deepest stack seen. A benchmark: it prints
//! figures and fails only when a build fails or console and host disagree.
//!
//! The parts, each from its own ROM, in the order they run; every line of a part but
//! Hitori's starts with the puzzle's name:
//! - Baby Lizards (`lizards.gb`): its table, and the cycles of its two complete solvers on
//!   each puzzle (segment flags against walking the lines), both counting the one solution.
//! - Sudoku (`sudoku.gb`): 32 puzzles a level, and each one's solutions counted by the
//!   dancing links (1 each), and on the first 8 seeds of each level by plain backtracking,
//!   which gives up after 20,000 digits tried (it takes minutes on some puzzles): its cycles
//!   and ratio on the puzzles it finished. Its generator still takes minutes of console time
//!   on some hard puzzles, so the part emulates for several minutes (docs/sudoku-notes.md).
//! - Hitori (`engine.gb`): its table, then a 15x15 island query by the dual union-find against
//!   a flood fill, and a random draw from the engine's generator against `fastrand`.
//!
//! - Numberlink (`numberlink.gb`; about a minute of emulation, docs/numberlink-notes.md): its
//!   table, each puzzle (the host's copy) graded at its level by a complete closure (one
//!   solution), and the share with solid squares. `BENCH_ENGINE_NUMBERLINK_SEEDS=32`,
//!   `_LEVELS=012`, `_SIZES=7,10,12` choose the jobs (build-time settings of the ROM, read by
//!   both sides).
//!
//! `BENCH_ENGINE_PUZZLE=hitori` (or `lizards`, `sudoku`, `numberlink`) runs that part alone.
//! `BENCH_ENGINE_SDCC_FLAGS="..."` adds options to every `sdcc` run (for experiments).
//! `BENCH_ENGINE_PROFILE=N` also charges every instruction of the timed calls to its address
//! and prints, for each part, the N functions with the most cycles of their own (callees not
//! included), with the cycles of their calls (callees included), the number of calls and their
//! hottest places, `BB:AAAA` with their share of the cycles (look them up in
//! `target/bench-engine/<rom>.build/*.lst`, or the function in `<rom>_*.asm`; a place in a
//! routine of `linker/*.s` is its offset from the routine's address in `<rom>.map`, in the
//! module's `.lst`). `BENCH_ENGINE_PROFILE_PLACES=N` lists N places a function (6 by default):
//! enough of them give a routine's cycles line by line.
//! `BENCH_ENGINE_SUDOKU_SEEDS=N`, `BENCH_ENGINE_SUDOKU_LEVELS=012` (the levels' digits) and
//! `BENCH_ENGINE_SUDOKU_BACKTRACK=N` (seeds with the backtracking count, 8 by default) make a
//! shorter Sudoku part: the ROM is built with them, so they change what it runs.
//! A call that does not return within its part's limit (Hitori: 2 G cycles;
//! `BENCH_ENGINE_CALL_LIMIT=CYCLES` sets Hitori's) ends the run with its job's index, counted from 0;
//! with `BENCH_ENGINE_PROFILE` the profile so far is printed first, and with
//! `BENCH_ENGINE_PROFILE_EACH=1` the profile restarts at every call, so that it is the
//! runaway call's alone.
//! `BENCH_ENGINE_EACH=1` also prints every Hitori puzzle's cycles and candidates (`each LEVEL
//! SIZE SEED CYCLES CANDIDATES`), to set against host figures per seed
//! (`examples/generation_spread.rs --each`), and each Sudoku job's cycles as it ends (`sudoku
//! each LEVEL SEED GENERATE LINKS BACKTRACK`: a full run takes long).

use std::process::ExitCode;
use std::time::Instant;

use engine_bench::{build_lizards_rom, build_numberlink_rom, build_rom, build_sudoku_rom, check_puzzle, level, numbers};
use gbemu::profile::place_of_linker_address;
use gbemu::{Console, Profile, Symbols};
use gbrom::RomArtifacts;
use hitori::puzzles::hitori::generate::Generator;
use hitori::puzzles::level::Difficulty;
use hitori::puzzles::lizards::generate::Engine as LizardEngine;
use hitori::puzzles::numberlink::generate::Generator as NumberlinkGenerator;
use hitori::puzzles::sudoku::generate::Generator as SudokuGenerator;

const CPU_HZ: f64 = 4_194_304.0;
/// The whole run is a few billion cycles; a single call far less than this.
const MAX_CYCLES_PER_CALL: u64 = 2_000_000_000;
/// A single Baby Lizards call: its hard 12x12 puzzles still take minutes of console time, and
/// the plain solver that walks the lines minutes more on some.
const MAX_LIZARD_CYCLES_PER_CALL: u64 = 16_000_000_000;
/// A single Sudoku generation: hard puzzles still take minutes of console time on some seeds.
const MAX_SUDOKU_CYCLES_PER_CALL: u64 = 16_000_000_000;
/// A single Numberlink generation (docs/numberlink-notes.md: hard 12x12 takes far longer).
const MAX_NUMBERLINK_CYCLES_PER_CALL: u64 = 16_000_000_000;
/// Hitori puzzles the ROM makes: its `SIZES` (4) times the seeds of its `LEVELS` (32 at each
/// level). Checked against its output.
const HITORI_JOBS: usize = 4 * (32 + 32 + 32);
/// Baby Lizards puzzles the ROM makes: 3 levels, its `LIZARD_SIZES` (3), `LIZARD_SEEDS` (32).
const LIZARD_JOBS: usize = 3 * 3 * 32;
/// Sudoku puzzles the ROM makes: its `SUDOKU_SEEDS` at each of its levels (32 at each of the
/// three unless `BENCH_ENGINE_SUDOKU_SEEDS` and `BENCH_ENGINE_SUDOKU_LEVELS` say otherwise, as
/// they did when the ROM was built).
const SUDOKU_SEEDS: usize = 32;
/// Numberlink puzzles the ROM makes a size and level, as its `SEEDS` (unless
/// `BENCH_ENGINE_NUMBERLINK_SEEDS` said otherwise when it was built).
const NUMBERLINK_SEEDS: usize = 32;
/// The ROM's plain backtracking count: not run (a seed past its first few), or given up at
/// its node cap.
const BACKTRACK_NOT_RUN: u32 = 0xFE;
const BACKTRACK_GAVE_UP: u32 = 0xFF;
/// Island queries the ROM times per method (its `ISLAND_QUERIES`), checked against its output.
const ISLAND_QUERIES: usize = 64;
/// Draws the ROM times per random source (its `DRAWS`).
const DRAWS: u8 = 64;
/// crt0's initial stack pointer: the stack grows down from the end of WRAM.
const STACK_TOP: u16 = 0xE000;
/// Places listed per function in a profile, unless `BENCH_ENGINE_PROFILE_PLACES` says.
const HOT_ADDRESSES: usize = 6;
/// The parts `BENCH_ENGINE_PUZZLE` can pick.
const PARTS: [&str; 4] = ["hitori", "lizards", "sudoku", "numberlink"];

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
    let only = std::env::var("BENCH_ENGINE_PUZZLE").ok();
    if let Some(name) = only.as_deref().filter(|name| !PARTS.contains(name)) {
        return Err(format!("BENCH_ENGINE_PUZZLE={name}: expected one of {}", PARTS.join(", ")));
    }
    let runs = |part: &str| only.as_deref().is_none_or(|name| name == part);
    if runs("lizards") {
        lizards(Bench::start(build_lizards_rom(sdcc_flags.clone())?, "lizards ", MAX_LIZARD_CYCLES_PER_CALL)?)?;
    }
    if runs("sudoku") {
        sudoku(Bench::start(build_sudoku_rom(sdcc_flags.clone())?, "sudoku ", MAX_SUDOKU_CYCLES_PER_CALL)?)?;
    }
    if runs("numberlink") {
        numberlink(Bench::start(build_numberlink_rom(sdcc_flags.clone())?, "numberlink ", MAX_NUMBERLINK_CYCLES_PER_CALL)?)?;
    }
    if runs("hitori") {
        let limit = std::env::var("BENCH_ENGINE_CALL_LIMIT").ok().and_then(|v| v.parse().ok());
        hitori(Bench::start(build_rom(sdcc_flags)?, "", limit.unwrap_or(MAX_CYCLES_PER_CALL))?)?;
    }
    Ok(())
}

/// One part's run: its ROM in the emulator, what the environment asked for, and the prefix
/// of its lines.
struct Bench {
    rom: RomArtifacts,
    console: Console,
    prefix: &'static str,
    /// The most cycles one timed call may take before it counts as hung.
    call_limit: u64,
    profile: Option<(usize, Profile)>,
    /// Places listed per function (`BENCH_ENGINE_PROFILE_PLACES`).
    places: usize,
    /// `BENCH_ENGINE_PROFILE_EACH`: the profile restarts at every call (the last one's is printed).
    profile_each: bool,
    each: bool,
    started: Instant,
}

impl Bench {
    fn start(rom: RomArtifacts, prefix: &'static str, call_limit: u64) -> Result<Bench, String> {
        println!("{prefix}console build: {}", rom.usage.summary());
        let profile = match std::env::var("BENCH_ENGINE_PROFILE") {
            Ok(n) => Some((n.parse().map_err(|_| format!("BENCH_ENGINE_PROFILE={n}: expected a count of functions"))?, Profile::default())),
            Err(_) => None,
        };
        let mut console = Console::from_file(&rom.rom).map_err(|e| e.to_string())?;
        console.reset_lowest_sp();
        let each = std::env::var_os("BENCH_ENGINE_EACH").is_some();
        let profile_each = std::env::var_os("BENCH_ENGINE_PROFILE_EACH").is_some();
        let places = match std::env::var("BENCH_ENGINE_PROFILE_PLACES") {
            Ok(n) => n.parse().map_err(|_| format!("BENCH_ENGINE_PROFILE_PLACES={n}: expected a count of places"))?,
            Err(_) => HOT_ADDRESSES,
        };
        Ok(Bench { rom, console, prefix, call_limit, profile, places, profile_each, each, started: Instant::now() })
    }

    fn symbol(&self, name: &str) -> Result<u16, String> {
        self.rom.symbol(name).ok_or(format!("no {name} symbol"))
    }

    /// Times `jobs` rounds of one call to each of `entries`, in order, charging them to the
    /// profile when there is one; `on_job` sees each round's cycles as it ends.
    fn time_jobs<const N: usize>(
        &mut self,
        entries: [u16; N],
        jobs: usize,
        mut on_job: impl FnMut(usize, &[u64; N]),
    ) -> Result<Vec<[u64; N]>, String> {
        let mut timed = Vec::with_capacity(jobs);
        for job in 0..jobs {
            let mut spent = [0; N];
            for (cycles, &entry) in spent.iter_mut().zip(&entries) {
                if self.profile_each {
                    if let Some((_, p)) = self.profile.as_mut() {
                        *p = Profile::default();
                    }
                }
                let ran = match self.profile.as_mut() {
                    Some((_, profile)) => self.console.profile_next_call(entry, self.call_limit, profile),
                    None => self.console.time_next_call(entry, self.call_limit),
                };
                // A call that never returns is most likely a trap: show what the console said.
                if ran.is_none() {
                    if let Some((top, profile)) = &self.profile {
                        let symbols = Symbols::read(&self.rom.intermediates, &self.rom.sym)?;
                        println!("{}job {job} did not return: profile of its {} cycles so far", self.prefix, profile.total());
                        print!("{}", profile.report(&symbols, *top, self.places));
                    }
                }
                *cycles = ran.ok_or_else(|| {
                    let serial = String::from_utf8_lossy(&self.console.serial_output()).into_owned();
                    let said = self.trap(&serial).unwrap_or(format!("serial: {serial}"));
                    format!(
                        "{}job {job} (counted from 0; the serial output's last line is the job before it): \
                         the function at {entry:#06x} did not return within {} cycles; {said}",
                        self.prefix, self.call_limit
                    )
                })?;
            }
            on_job(job, &spent);
            timed.push(spent);
        }
        Ok(timed)
    }

    /// The ROM's output, once it has ended with its lone `.`; an error when it trapped.
    fn output(&mut self) -> Result<String, String> {
        let output = self.console.run_until_serial_end(b".", MAX_CYCLES_PER_CALL).map_err(|e| e.to_string())?;
        let text = String::from_utf8_lossy(&output).trim_end_matches('.').to_string();
        match self.trap(&text) {
            Some(said) => Err(format!("the {}console {said}", self.prefix)),
            None => Ok(text),
        }
    }

    /// When `serial` holds a trap (`!`, the function's id, `.`): the function's name and the
    /// lines before it.
    fn trap(&self, serial: &str) -> Option<String> {
        let (before, id) = serial.split_once('!')?;
        let function = id.trim_end_matches('.').parse::<usize>().ok().and_then(|id| self.rom.trap_names.get(id));
        let function = function.map_or("an unknown function", String::as_str);
        Some(format!("trapped in {function} after:\n{before}"))
    }

    /// The output's lines, which must be one a job.
    fn job_lines(&mut self, jobs: usize) -> Result<Vec<String>, String> {
        let text = self.output()?;
        let lines: Vec<String> = text.lines().map(String::from).collect();
        if lines.len() != jobs {
            return Err(format!("expected {jobs} {}lines, got:\n{text}", self.prefix));
        }
        Ok(lines)
    }

    /// "console and host agree" with the console time of `cycles` and the time taken.
    fn print_agreement(&self, puzzles: usize, cycles: u64) {
        println!(
            "{}console and host agree on all {puzzles} puzzles ({:.0} s of console time, emulated and checked in {:.0} s)",
            self.prefix,
            seconds(cycles),
            self.started.elapsed().as_secs_f64()
        );
    }

    /// The engine's and the puzzle's statics (by Rust path in the ROM crate, e.g.
    /// `hitori::GENERATOR`), the back end's static frames and the deepest stack; then the
    /// profile when one was asked for.
    fn print_wram_and_profile(self, engine: &str, puzzle: Option<&str>) -> Result<(), String> {
        let symbols = Symbols::read(&self.rom.intermediates, &self.rom.sym)?;
        let puzzle = match puzzle {
            Some(path) => format!(", puzzle {} bytes", static_bytes(&symbols, path)?),
            None => String::new(),
        };
        let frames = self.rom.usage.regions.iter().find(|r| r.name == "_DATA").map_or(0, |r| r.size);
        println!(
            "{}WRAM: engine state {} bytes{puzzle}, back-end static frames {frames} bytes (_DATA); deepest stack during the timed calls {} bytes",
            self.prefix,
            static_bytes(&symbols, engine)?,
            STACK_TOP - self.console.lowest_sp()
        );
        if let Some((top, profile)) = &self.profile {
            println!("{}profile of the timed calls, {} cycles, functions by cycles of their own:", self.prefix, profile.total());
            print!("{}", profile.report(&symbols, *top, self.places));
        }
        Ok(())
    }
}

/// Bytes of the ROM crate's static at `path` under the crate (`hitori::GENERATOR`): the back
/// end gives it a generated C name, shortened, so it is found by the Rust name the `.sym`
/// file keeps.
fn static_bytes(symbols: &Symbols, path: &str) -> Result<u32, String> {
    let rust_name = format!("engine_bench_rom::{path}");
    symbols
        .all
        .iter()
        .find(|(_, address)| symbols.rust_name(place_of_linker_address(*address)) == Some(rust_name.as_str()))
        .and_then(|(name, _)| symbols.size(name))
        .ok_or(format!("no {rust_name} static in the symbol list"))
}

/// The middle of `sorted`.
fn median(sorted: &[u64]) -> u64 {
    sorted[sorted.len() / 2]
}

fn seconds(cycles: u64) -> f64 {
    cycles as f64 / CPU_HZ
}

/// Generation cycles by level and size, and how many candidates the host's generator tried
/// for them (complete grids for Sudoku): the table every part prints.
#[derive(Default)]
struct Table {
    groups: Vec<((Difficulty, u8), Vec<u64>, u32)>,
}

impl Table {
    fn add(&mut self, difficulty: Difficulty, size: u8, cycles: u64, tried: u32) {
        match self.groups.iter_mut().find(|(key, _, _)| *key == (difficulty, size)) {
            Some((_, list, total)) => {
                list.push(cycles);
                *total += tried;
            }
            None => self.groups.push(((difficulty, size), vec![cycles], tried)),
        }
    }

    /// One row a group, each line starting with `prefix`; `tried` names what the candidates are.
    fn print(mut self, prefix: &str, tried: &str) {
        println!(
            "{prefix}level  size   puzzles   median cycles (s)      95th percentile (s)          worst (s)   {tried}s a puzzle, cycles a {tried}"
        );
        for ((difficulty, size), list, total_tried) in &mut self.groups {
            list.sort_unstable();
            let median = median(list);
            let p95 = list[(list.len() * 95).div_ceil(100) - 1];
            let worst = list[list.len() - 1];
            let total: u64 = list.iter().sum();
            println!(
                "{prefix}{:<6} {size:>2}x{size:<2} {:>8} {median:>14} ({:>6.2}) {p95:>14} ({:>6.2}) {worst:>14} ({:>6.2}) {:>8.1} {:>12.0}",
                difficulty.name(),
                list.len(),
                seconds(median),
                seconds(p95),
                seconds(worst),
                f64::from(*total_tried) / list.len() as f64,
                total as f64 / f64::from(*total_tried)
            );
        }
    }
}

/// A count of seeds from the environment's `name` (`default` when unset), at least 1: the
/// ROM was built with the same setting.
fn seeds_setting(name: &str, default: usize) -> Result<usize, String> {
    match std::env::var(name) {
        Ok(n) => n.parse().ok().filter(|&seeds| seeds > 0).ok_or(format!("{name}={n}: expected a count of seeds, at least 1")),
        Err(_) => Ok(default),
    }
}

/// The levels from the environment's `name`, a digit 0..=2 each (all three when unset), as
/// the ROM was built with them.
fn levels_setting(name: &str) -> Result<Vec<Difficulty>, String> {
    let digits = std::env::var(name).unwrap_or_else(|_| String::from("012"));
    let levels: Option<Vec<Difficulty>> = digits.bytes().map(|digit| digit.checked_sub(b'0').and_then(Difficulty::from_index)).collect();
    levels.filter(|levels| !levels.is_empty()).ok_or(format!("{name}={digits}: expected digits 0..=2"))
}

/// Numberlink: the ROM's jobs (sizes, levels and seeds from the `BENCH_ENGINE_NUMBERLINK_*`
/// settings it was built with, read here again), each puzzle against the host's, whose grade
/// (a complete closure: one solution) must be its level; the table, and the share of puzzles
/// with solid squares.
fn numberlink(mut bench: Bench) -> Result<(), String> {
    let calls = [bench.symbol("bench_numberlink_generate")?];
    let seeds = seeds_setting("BENCH_ENGINE_NUMBERLINK_SEEDS", NUMBERLINK_SEEDS)? as u32;
    let levels = levels_setting("BENCH_ENGINE_NUMBERLINK_LEVELS")?;
    let sizes: Vec<u8> = std::env::var("BENCH_ENGINE_NUMBERLINK_SIZES")
        .unwrap_or_else(|_| String::from("7,10,12"))
        .split(',')
        .map(|size| size.parse().ok())
        .collect::<Option<_>>()
        .ok_or("BENCH_ENGINE_NUMBERLINK_SIZES: expected sizes separated by commas")?;
    let jobs: Vec<(u8, Difficulty, u32)> = levels
        .iter()
        .flat_map(|&level| sizes.iter().map(move |&size| (size, level)))
        .flat_map(|(size, level)| (1..=seeds).map(move |seed| (size, level, seed)))
        .collect();
    let each = bench.each;
    let timed = bench.time_jobs(calls, jobs.len(), |job, [generate]| {
        if each {
            let (size, level, seed) = jobs[job];
            println!("numberlink each {size} {} {seed} {generate}", level as u8);
        }
    })?;
    let lines = bench.job_lines(jobs.len())?;
    let mut generator = NumberlinkGenerator::new();
    let mut table = Table::default();
    let mut with_solid = 0;
    for (line, &[spent]) in lines.iter().zip(&timed) {
        let [size, level_number, seed, digest, solid] = numbers(line)?;
        let (size, difficulty) = (size as u8, level(level_number, line)?);
        let host = generator.generate(size, difficulty, seed).ok_or(format!("`{line}`: the host makes no such puzzle"))?;
        if u32::from(host.digest()) != digest {
            return Err(format!("numberlink {size}x{size} {} seed {seed}: console digest {digest}, host {}", difficulty.name(), host.digest()));
        }
        if generator.solver().grade(&host.givens) != Some(difficulty) {
            return Err(format!("`{line}`: the puzzle does not grade {}", difficulty.name()));
        }
        with_solid += solid;
        table.add(difficulty, size, spent, u32::from(generator.candidates_tried));
    }
    bench.print_agreement(jobs.len(), timed.iter().map(|[generate]| generate).sum());
    table.print("numberlink ", "drawing");
    println!("numberlink puzzles with solid squares: {with_solid} of {}", jobs.len());
    bench.print_wram_and_profile("numberlink::NUMBERLINK", Some("numberlink::NUMBERLINK_PUZZLE"))
}

/// Hitori: every `bench_generate` call, then the island queries and the draws.
fn hitori(mut bench: Bench) -> Result<(), String> {
    let generate = bench.symbol("bench_generate")?;
    let (dual, flood) = (bench.symbol("bench_island_dual")?, bench.symbol("bench_island_flood")?);
    let (draw_engine, draw_fastrand) = (bench.symbol("bench_draw_engine")?, bench.symbol("bench_draw_fastrand")?);
    let cycles = bench.time_jobs([generate], HITORI_JOBS, |_, _| {})?;
    // Not profiled: the profile is the generator's.
    let mut time_call = |entry: u16| {
        bench.console.time_next_call(entry, MAX_CYCLES_PER_CALL).ok_or(format!("the function at {entry:#06x} did not run to its return"))
    };
    let (mut dual_cycles, mut flood_cycles) = (0u64, 0u64);
    for _ in 0..ISLAND_QUERIES {
        dual_cycles += time_call(dual)?;
        flood_cycles += time_call(flood)?;
    }
    let (mut engine_draws, mut fastrand_draws) = (0u64, 0u64);
    for _ in 0..DRAWS {
        engine_draws += time_call(draw_engine)?;
        fastrand_draws += time_call(draw_fastrand)?;
    }
    let text = bench.output()?;
    let (other_lines, puzzle_lines): (Vec<&str>, Vec<&str>) =
        text.lines().partition(|l| l.starts_with("island ") || l.starts_with("draws "));
    let draws_line = format!("draws {DRAWS} ");
    let expected = other_lines.len() == 2
        && other_lines[0] == format!("island {ISLAND_QUERIES} 0")
        && other_lines[1].starts_with(&draws_line);
    if puzzle_lines.len() != HITORI_JOBS || !expected {
        return Err(format!("expected {HITORI_JOBS} puzzle lines, `island {ISLAND_QUERIES} 0` and `{draws_line}SUM`, got:\n{text}"));
    }
    let mut generator = Generator::new();
    let mut table = Table::default();
    for (line, &[spent]) in puzzle_lines.iter().zip(&cycles) {
        let (size, difficulty, seed) = check_puzzle(&mut generator, line)?;
        let candidates = u32::from(generator.candidates_tried);
        if bench.each {
            println!("each {} {size} {seed} {spent} {candidates}", difficulty.name());
        }
        table.add(difficulty, size, spent, candidates);
    }
    bench.print_agreement(cycles.len(), cycles.iter().map(|[c]| c).sum());
    table.print("", "candidate");
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
    // The generator serves every size: its WRAM is that of 15x15.
    bench.print_wram_and_profile("hitori::GENERATOR", None)
}

/// Baby Lizards: every `bench_lizards_generate` call and the two solvers' calls after it.
fn lizards(mut bench: Bench) -> Result<(), String> {
    let calls = [bench.symbol("bench_lizards_generate")?, bench.symbol("bench_lizards_segments")?, bench.symbol("bench_lizards_walking")?];
    let timed = bench.time_jobs(calls, LIZARD_JOBS, |_, _| {})?;
    let lines = bench.job_lines(LIZARD_JOBS)?;
    let mut engine = LizardEngine::new();
    let mut table = Table::default();
    // Per size: both solvers' cycles and the puzzles.
    let mut solvers: Vec<(u8, u64, u64, u32)> = Vec::new();
    for (line, &[spent, segment_cycles, walking_cycles]) in lines.iter().zip(&timed) {
        let [size, level_number, seed, digest, by_segments, by_walking] = numbers(line)?;
        let size = size as u8;
        let difficulty = level(level_number, line)?;
        let host = engine.generate(size, difficulty, seed).ok_or("host generation failed")?;
        if u32::from(host.digest()) != digest {
            return Err(format!("lizards {size}x{size} {} seed {seed}: console digest {digest}, host {}", difficulty.name(), host.digest()));
        }
        if (by_segments, by_walking) != (1, 1) {
            return Err(format!("`{line}`: both solvers must count the one solution"));
        }
        table.add(difficulty, size, spent, u32::from(engine.candidates_tried));
        match solvers.iter_mut().find(|(n, ..)| *n == size) {
            Some((_, s, w, count)) => {
                *s += segment_cycles;
                *w += walking_cycles;
                *count += 1;
            }
            None => solvers.push((size, segment_cycles, walking_cycles, 1)),
        }
    }
    bench.print_agreement(LIZARD_JOBS, timed.iter().map(|[generate, ..]| generate).sum());
    table.print("lizards ", "candidate");
    for (size, segment_cycles, walking_cycles, count) in solvers {
        println!(
            "lizards solvers {size:>2}x{size:<2} ({count} puzzles, both count one solution): segment flags {:.0} cycles a solve, walking the lines {:.0}, ratio {:.2}x",
            segment_cycles as f64 / f64::from(count),
            walking_cycles as f64 / f64::from(count),
            walking_cycles as f64 / segment_cycles as f64
        );
    }
    bench.print_wram_and_profile("lizards::LIZARDS", Some("lizards::LIZARD_PUZZLE"))
}

/// Sudoku: every `bench_sudoku_generate` call and the two counts of solutions after it.
fn sudoku(mut bench: Bench) -> Result<(), String> {
    let calls = [bench.symbol("bench_sudoku_generate")?, bench.symbol("bench_sudoku_links")?, bench.symbol("bench_sudoku_backtrack")?];
    let each = bench.each;
    let seeds = seeds_setting("BENCH_ENGINE_SUDOKU_SEEDS", SUDOKU_SEEDS)?;
    let levels = levels_setting("BENCH_ENGINE_SUDOKU_LEVELS")?;
    let jobs = seeds * levels.len();
    let timed = bench.time_jobs(calls, jobs, |job, [generate, links, backtrack]| {
        if each {
            println!("sudoku each {} {} {generate} {links} {backtrack}", levels[job / seeds] as u8, job % seeds + 1);
        }
    })?;
    let lines = bench.job_lines(jobs)?;
    let mut generator = SudokuGenerator::new();
    let mut table = Table::default();
    let mut outcomes = Vec::with_capacity(jobs);
    for (line, &[spent, ..]) in lines.iter().zip(&timed) {
        let [level_number, seed, digest, links, backtrack] = numbers(line)?;
        let difficulty = level(level_number, line)?;
        let host = generator.generate(difficulty, seed);
        if u32::from(host.digest()) != digest {
            return Err(format!("sudoku {} seed {seed}: console digest {digest}, host {}", difficulty.name(), host.digest()));
        }
        if links != 1 || !matches!(backtrack, 1 | BACKTRACK_NOT_RUN | BACKTRACK_GAVE_UP) {
            return Err(format!("sudoku {} seed {seed}: solutions by links {links}, by backtracking {backtrack}", difficulty.name()));
        }
        table.add(difficulty, 9, spent, u32::from(generator.candidates_tried));
        outcomes.push(backtrack);
    }
    bench.print_agreement(jobs, timed.iter().map(|[generate, ..]| generate).sum());
    table.print("sudoku ", "grid");
    let mut links: Vec<u64> = timed.iter().map(|[_, links, _]| *links).collect();
    // The backtracking count against the links on the puzzles it finished.
    let finished: Vec<usize> = (0..jobs).filter(|&job| outcomes[job] == 1).collect();
    let mut backtrack: Vec<u64> = finished.iter().map(|&job| timed[job][2]).collect();
    let ratio = backtrack.iter().sum::<u64>() as f64 / finished.iter().map(|&job| timed[job][1]).sum::<u64>() as f64;
    let gave_up = outcomes.iter().filter(|&&outcome| outcome == BACKTRACK_GAVE_UP).count();
    links.sort_unstable();
    backtrack.sort_unstable();
    println!(
        "sudoku count of solutions up to 2: dancing links on all {jobs} puzzles median {} cycles ({:.3} s); plain backtracking finished {} puzzles (1 solution each; gave up on {gave_up} after its node cap): median {} cycles ({:.3} s), worst {:.2} s, {ratio:.1}x the links' cycles on the same puzzles",
        median(&links),
        seconds(median(&links)),
        finished.len(),
        backtrack.get(backtrack.len() / 2).copied().unwrap_or(0),
        seconds(backtrack.get(backtrack.len() / 2).copied().unwrap_or(0)),
        seconds(backtrack.last().copied().unwrap_or(0))
    );
    bench.print_wram_and_profile("sudoku::SUDOKU", Some("sudoku::SUDOKU_PUZZLE"))
}

//! `make bench-codegen`: the same seven kernels (the last three modelled on the game's hot
//! paths: the rules' line tally, the canvas's row copies, the solver's propagation) built
//! through our chain (Rust -> LLVM IR -> cbe -> SDCC) and hand-written in C (SDCC directly,
//! same flags), run in the emulator. Prints exact
//! CPU cycles from entry to return and code bytes (the kernel's function plus the functions it
//! calls within its own module, so inlining does not skew it), and the ratios ours / C.
//! Then the product: the engine's generator (the `make bench-engine` ROM) on a fixed workload,
//! its first `WORKLOAD_PUZZLES` puzzles (5x5 easy seeds 1-32, 9x9 easy seeds 1-8), each checked
//! against the host: total cycles and the costliest functions by cycles of their own.
//! A benchmark, not a test: it prints figures and fails only if a build fails, the two
//! programs disagree on the kernels' results or a puzzle differs from the host's.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use gbemu::{Console, Profile, Symbols};
use gbrom::{RomArtifacts, RomSpec, repo_root};
use hitori::puzzles::hitori::generate::Generator;

const KERNELS: [&str; 7] = [
    "kernel_union_find",
    "kernel_latin_fill",
    "kernel_copy_256",
    "kernel_multiply_16",
    "kernel_line_tally",
    "kernel_row_copy",
    "kernel_propagate",
];
/// Generous: the slowest kernel takes well under a million cycles.
const MAX_CYCLES: u64 = 50_000_000;
/// The engine ROM's first calls: 5x5 easy seeds 1-32, then 9x9 easy seeds 1-8.
const WORKLOAD_PUZZLES: usize = 40;
/// Far above any easy 9x9 puzzle.
const MAX_CYCLES_PER_PUZZLE: u64 = 500_000_000;
/// Functions listed for the workload.
const WORKLOAD_TOP: usize = 10;

struct Measured {
    cycles: Vec<u64>,
    bytes: Vec<u32>,
    output: String,
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("bench-codegen: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), String> {
    let root = repo_root();
    let here = root.join("tools/codegen-bench");
    let out = root.join("target/bench-codegen");
    let rust = gbrom::build(&RomSpec {
        crate_dir: here.join("kernels/rust"),
        package: None,
        features: Vec::new(),
        output: out.join("kernels-rust.gb"),
        title: "KERNELS RS".into(),
        target_dir: root.join("target/gb"),
        sdcc_flags: Vec::new(),
        color: false,
    })
    .map_err(|e| e.to_string())?;
    let c = gbrom::link_rom(&[here.join("kernels/c/kernels.c")], &[], &out.join("kernels-c.gb"), "KERNELS C", &[])
        .map_err(|e| e.to_string())?;

    let ours = measure(&rust, &units(&rust.intermediates, "kernels-rust")?)?;
    let theirs = measure(&c, &units(&c.intermediates, "kernels")?)?;
    if ours.output != theirs.output {
        return Err(format!("the programs disagree:\nours:\n{}\nhand-written C:\n{}", ours.output, theirs.output));
    }

    println!("kernel                 cycles ours   cycles C   ratio | bytes ours  bytes C  ratio");
    for (i, name) in KERNELS.iter().enumerate() {
        println!(
            "{:<20} {:>12} {:>10} {:>7.2} | {:>10} {:>8} {:>6.2}",
            name.trim_start_matches("kernel_"),
            ours.cycles[i],
            theirs.cycles[i],
            ours.cycles[i] as f64 / theirs.cycles[i] as f64,
            ours.bytes[i],
            theirs.bytes[i],
            f64::from(ours.bytes[i]) / f64::from(theirs.bytes[i]),
        );
    }
    println!("(cycles: T-cycles at 4.19 MHz, entry to return; results agree: {})", ours.output.trim().replace('\n', " "));
    engine_workload()
}

/// The generator on the console for the first `WORKLOAD_PUZZLES` puzzles of the engine ROM,
/// profiled: total cycles, and the costliest functions with their sum.
fn engine_workload() -> Result<(), String> {
    let rom = engine_bench::build_rom(Vec::new())?;
    let entry = rom.symbol("bench_generate").ok_or("no bench_generate symbol in the engine ROM")?;
    let mut console = Console::from_file(&rom.rom).map_err(|e| e.to_string())?;
    let mut profile = Profile::default();
    let mut total = 0;
    for _ in 0..WORKLOAD_PUZZLES {
        total += console
            .profile_next_call(entry, MAX_CYCLES_PER_PUZZLE, &mut profile)
            .ok_or("bench_generate did not run to its return")?;
    }
    // The last puzzle's line is sent after its call returns.
    let lines = |output: &[u8]| output.iter().filter(|&&b| b == b'\n').count();
    let output = console.run_until_serial(|output| lines(output) >= WORKLOAD_PUZZLES, MAX_CYCLES).map_err(|e| e.to_string())?;
    let mut generator = Generator::new();
    for line in String::from_utf8_lossy(&output).lines() {
        engine_bench::check_puzzle(&mut generator, line)?;
    }
    let symbols = Symbols::read(&rom.intermediates, &rom.sym)?;
    let functions = profile.by_function(&symbols.code, 0);
    let top = &functions[..WORKLOAD_TOP.min(functions.len())];
    println!(
        "engine workload ({WORKLOAD_PUZZLES} puzzles: 5x5 easy seeds 1-32, 9x9 easy 1-8, all equal to the host's): {total} cycles; its {} costliest functions, own cycles:",
        top.len()
    );
    for function in top {
        let name = symbols.rust_name(function.start).unwrap_or(&function.name);
        println!("{:>12}  {name}", function.cycles);
    }
    println!("{:>12}  (sum of these)", top.iter().map(|f| f.cycles).sum::<u64>());
    Ok(())
}

/// Runs the ROM, timing each kernel from its first instruction to its return.
fn measure(rom: &RomArtifacts, units: &[PathBuf]) -> Result<Measured, String> {
    let mut functions = ModuleFunctions { sizes: BTreeMap::new(), calls: BTreeMap::new() };
    for unit in units {
        let unit = module_functions(unit)?;
        functions.sizes.extend(unit.sizes);
        functions.calls.extend(unit.calls);
    }
    let mut console = Console::from_file(&rom.rom).map_err(|e| e.to_string())?;
    let mut cycles = Vec::new();
    let mut bytes = Vec::new();
    for name in KERNELS {
        let entry = rom.symbol(name).ok_or_else(|| format!("{}: no symbol {name}", rom.rom.display()))?;
        let spent = console.time_next_call(entry, MAX_CYCLES).ok_or_else(|| format!("{name} did not run to its return"))?;
        cycles.push(spent);
        bytes.push(functions.bytes_reachable_from(name));
    }
    let output = console.run_until_serial_end(b".", MAX_CYCLES).map_err(|e| e.to_string())?;
    Ok(Measured { cycles, bytes, output: String::from_utf8_lossy(&output).into_owned() })
}

/// The functions of one compiled C module: sizes from the assembler's symbol table (`.sym`,
/// which lists static functions too) and direct calls from its assembly (`.asm`).
struct ModuleFunctions {
    sizes: BTreeMap<String, u32>,
    calls: BTreeMap<String, BTreeSet<String>>,
}

impl ModuleFunctions {
    fn bytes_reachable_from(&self, root: &str) -> u32 {
        let mut seen = BTreeSet::new();
        let mut pending = vec![root.to_string()];
        while let Some(function) = pending.pop() {
            if self.sizes.contains_key(&function) && seen.insert(function.clone()) {
                pending.extend(self.calls.get(&function).into_iter().flatten().cloned());
            }
        }
        seen.iter().map(|f| self.sizes[f]).sum()
    }
}

/// The compiled units of a program in `dir`: `NAME.sym` or, as the back end compiles one C
/// file per function, `NAME_0.sym`, `NAME_1.sym`, ... (as stems, without the extension). The
/// runtime's units (`cbe__*`) are left out, like SDCC's library on the C side.
fn units(dir: &Path, name: &str) -> Result<Vec<PathBuf>, String> {
    let mut stems = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))? {
        let path = entry.map_err(|e| e.to_string())?.path();
        let Some(stem) = path.file_stem().and_then(|s| s.to_str()) else { continue };
        let numbered = stem.strip_prefix(name).and_then(|rest| rest.strip_prefix('_')).is_some_and(|n| n.parse::<u32>().is_ok());
        if path.extension().is_some_and(|e| e == "sym") && (stem == name || numbered) {
            stems.push(path.with_extension(""));
        }
    }
    if stems.is_empty() {
        return Err(format!("{}: no compiled unit of {name}", dir.display()));
    }
    stems.sort();
    Ok(stems)
}

fn module_functions(stem: &Path) -> Result<ModuleFunctions, String> {
    let read = |ext: &str| {
        let path: PathBuf = stem.with_extension(ext);
        std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))
    };
    let (sym, asm) = (read("sym")?, read("asm")?);

    // Area table: `   0 _CODE    size     38   flags    0`.
    let code_area = sym
        .lines()
        .find_map(|line| {
            let f: Vec<&str> = line.split_whitespace().collect();
            (f.len() >= 4 && f[1] == "_CODE" && f[2] == "size").then(|| (f[0].to_string(), u32::from_str_radix(f[3], 16)))
        })
        .ok_or("no _CODE area in the assembler symbol table")?;
    let (code_index, Ok(code_size)) = code_area else { return Err("unreadable _CODE size".into()) };
    // Symbols: `  0 _kernel_copy_256        00012A GR`.
    let mut offsets: Vec<(u32, String)> = sym
        .lines()
        .filter_map(|line| {
            let f: Vec<&str> = line.split_whitespace().collect();
            (f.len() == 4 && f[0] == code_index && f[1].starts_with('_'))
                .then(|| u32::from_str_radix(f[2], 16).ok().map(|o| (o, f[1][1..].to_string())))
                .flatten()
        })
        .collect();
    offsets.sort();
    let mut sizes = BTreeMap::new();
    for (i, (offset, name)) in offsets.iter().enumerate() {
        let end = offsets.get(i + 1).map_or(code_size, |(next, _)| *next);
        sizes.insert(name.clone(), end - offset);
    }

    let mut calls: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in asm.lines() {
        if let Some(label) = line.strip_suffix("::").or_else(|| line.strip_suffix(':')) {
            if let Some(name) = label.strip_prefix('_').filter(|n| sizes.contains_key(*n)) {
                current = Some(name.to_string());
            }
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        if let (Some(function), ["call" | "jp", target]) = (&current, &words[..]) {
            if let Some(callee) = target.strip_prefix('_') {
                calls.entry(function.clone()).or_default().insert(callee.to_string());
            }
        }
    }
    Ok(ModuleFunctions { sizes, calls })
}

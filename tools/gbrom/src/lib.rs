//! Builds a Game Boy ROM from a `no_std` Rust crate.
//!
//! The route (docs/ARCHITECTURE.md): rustc for `avr-none` (16-bit pointers) writes one
//! whole-program LLVM module; our back end (`cbe`) turns it into C; SDCC compiles that C for the
//! SM83; `linker/crt0.s` supplies vectors and RAM set-up; `sdldgb` links at our memory map and
//! `makebin -Z` writes the cartridge header and checksums.

use std::ffi::OsString;
use std::fmt;
use std::fs;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

pub mod layout;

pub use layout::{MemoryUsage, Region};

/// Debian's toolchain; rustup's 1.95/1.97 lack the `core` sources for AVR.
const DEBIAN_CARGO: &str = "/usr/bin/cargo";
const DEBIAN_RUSTC: &str = "/usr/bin/rustc";

/// The flags the AVR target needs: a CPU to name (it only picks the datalayout we rely on)
/// and panics that compile to `llvm.trap`, so no `core::fmt` reaches the console.
/// The console profile, defined here for every crate gbrom builds (so no manifest needs a copy):
/// small code, one codegen unit and LTO so that the IR is the whole program, no unwinding.
const CONSOLE_PROFILE: &str = "gb";
const CONSOLE_PROFILE_SETTINGS: [&str; 6] = [
    r#"profile.gb.inherits="release""#,
    r#"profile.gb.opt-level="s""#,
    "profile.gb.lto=true",
    "profile.gb.codegen-units=1",
    r#"profile.gb.panic="abort""#,
    "profile.gb.debug=false",
];

const AVR_RUSTFLAGS: &str =
    r#"target.avr-none.rustflags=["-Ctarget-cpu=atmega328p","-Zunstable-options","-Cpanic=immediate-abort","-Cllvm-args=-indvars-widen-indvars=false"]"#;

/// What to build and where.
#[derive(Clone, Debug)]
pub struct RomSpec {
    /// Directory holding the crate's Cargo.toml (a `no_std` library defining `rust_main`,
    /// `rust_vblank` and `cbe_trap`).
    pub crate_dir: PathBuf,
    /// The cargo package name, when the manifest is a workspace root with several packages.
    pub package: Option<String>,
    /// Cargo features to enable (the game crate's entry points sit behind `rom`).
    pub features: Vec<String>,
    /// Where the .gb goes; the .sym, .map and intermediates go beside it.
    pub output: PathBuf,
    /// Up to 11 characters of cartridge title.
    pub title: String,
    /// Cargo's target directory for the AVR build: kept apart from host builds so that a
    /// test running inside `cargo test` never waits for the lock its own cargo holds.
    pub target_dir: PathBuf,
    /// Extra `sdcc` options (e.g. `--max-allocs-per-node`).
    pub sdcc_flags: Vec<String>,
    /// The header marks the ROM as Game Boy Color compatible (0x143 = 0x80, `makebin -yc`):
    /// a Color then runs it in CGB mode, with colour palettes, so the program must handle
    /// both machines (Pan Docs "The Cartridge Header", "0143 — CGB flag").
    pub color: bool,
}

impl RomSpec {
    /// The game: the crate at the repository root with its `rom` feature, into
    /// `target/hitori.gb` (what `make rom` builds).
    pub fn game() -> RomSpec {
        let root = repo_root();
        RomSpec {
            crate_dir: root.clone(),
            package: Some("hitori".to_string()),
            features: vec!["rom".to_string()],
            output: root.join("target/hitori.gb"),
            title: "HITORI".to_string(),
            target_dir: root.join("target/gb"),
            sdcc_flags: Vec::new(),
            // The game tells the machines apart (gb_hal::cgb::Model) and loads its colours.
            color: true,
        }
    }
}

/// The files a build wrote and how much of the console it uses.
#[derive(Clone, Debug)]
pub struct RomArtifacts {
    pub rom: PathBuf,
    pub sym: PathBuf,
    pub map: PathBuf,
    /// The IR, C and assembly of the build, for debugging.
    pub intermediates: PathBuf,
    pub usage: MemoryUsage,
    /// Every C symbol the linker placed (without SDCC's leading underscore) and its linker
    /// address: the CPU address, plus N * 0x10000 in switchable bank N.
    pub symbols: Vec<(String, u32)>,
    /// Function ids as `cbe_trap` receives them, mapped to Rust names.
    pub trap_names: Vec<String>,
}

#[derive(Debug)]
pub enum BuildError {
    /// A tool could not be started.
    Spawn { tool: String, error: std::io::Error },
    /// A tool ran and failed; its output explains why.
    Tool { step: &'static str, command: String, output: String },
    /// The back end refused the program.
    Translate(String),
    /// The linked program does not fit the memory map.
    Layout(String),
    Io { path: PathBuf, error: std::io::Error },
}

impl RomArtifacts {
    /// The CPU address of the C symbol `name` (no leading underscore), if the linker placed it.
    pub fn symbol(&self, name: &str) -> Option<u16> {
        self.linker_address(name).map(|address| layout::bank_and_address(address).1)
    }

    /// The ROM bank of the C symbol `name` (0 for the fixed bank, 1 for 0x4000-0x7FFF of an
    /// unbanked ROM).
    pub fn symbol_bank(&self, name: &str) -> Option<u32> {
        self.linker_address(name).map(|address| layout::bank_and_address(address).0)
    }

    /// Where the code or constant `name` sits in the ROM file.
    pub fn rom_offset(&self, name: &str) -> Option<usize> {
        self.linker_address(name).filter(|&a| a & 0xFFFF < 0x8000).map(layout::rom_offset)
    }

    fn linker_address(&self, name: &str) -> Option<u32> {
        self.symbols.iter().find(|(symbol, _)| symbol == name).map(|&(_, address)| address)
    }
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::Spawn { tool, error } => {
                write!(f, "cannot run `{tool}`: {error} (run `make setup` to install the toolchain)")
            }
            BuildError::Tool { step, command, output } => write!(f, "{step} failed: `{command}`\n{output}"),
            BuildError::Translate(why) => write!(f, "C back end: {why}"),
            BuildError::Layout(why) => write!(f, "memory layout: {why}"),
            BuildError::Io { path, error } => write!(f, "{}: {error}", path.display()),
        }
    }
}

impl std::error::Error for BuildError {}

fn io_error(path: &Path) -> impl FnOnce(std::io::Error) -> BuildError + '_ {
    move |error| BuildError::Io { path: path.to_path_buf(), error }
}

/// The repository root (this crate lives in tools/gbrom).
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().expect("repository root")
}

/// Runs `command`, turning a failure into a `BuildError` that shows its output.
fn run(step: &'static str, command: &mut Command) -> Result<String, BuildError> {
    let shown = format!("{command:?}");
    let output = command.output().map_err(|error| BuildError::Spawn {
        tool: command.get_program().to_string_lossy().into_owned(),
        error,
    })?;
    let text = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    if output.status.success() {
        Ok(text)
    } else {
        Err(BuildError::Tool { step, command: shown, output: text })
    }
}

/// Compiles the crate for AVR and returns the path of the whole-program LLVM IR.
pub fn emit_llvm_ir(spec: &RomSpec, ir_path: &Path) -> Result<(), BuildError> {
    let mut cargo = Command::new(DEBIAN_CARGO);
    cargo
        .current_dir(&spec.crate_dir)
        .env("RUSTC", DEBIAN_RUSTC)
        // -Zbuild-std and -Cpanic=immediate-abort are unstable; Debian's stable rustc allows
        // them under this switch.
        .env("RUSTC_BOOTSTRAP", "1")
        .env("CARGO_TARGET_DIR", &spec.target_dir)
        // Flags meant for a host build (e.g. from an enclosing `cargo test`) must not leak in.
        .env_remove("RUSTFLAGS")
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .env_remove("CARGO_BUILD_TARGET")
        .args(["rustc", "--quiet", "--lib", "--crate-type", "staticlib", "--target", "avr-none"])
        .args(["-Zbuild-std=core", "--profile", CONSOLE_PROFILE, "--config", AVR_RUSTFLAGS]);
    for setting in CONSOLE_PROFILE_SETTINGS {
        cargo.args(["--config", setting]);
    }
    if let Some(package) = &spec.package {
        cargo.args(["--package", package]);
    }
    if !spec.features.is_empty() {
        cargo.args(["--features", &spec.features.join(",")]);
    }
    cargo.arg("--").arg(format!("--emit=llvm-ir={}", ir_path.display()));
    run("rustc (avr-none)", &mut cargo)?;
    Ok(())
}

/// Builds the ROM described by `spec`.
pub fn build(spec: &RomSpec) -> Result<RomArtifacts, BuildError> {
    let stem = spec.output.file_stem().expect("output file name").to_string_lossy().into_owned();
    let work = intermediates_dir(&spec.output)?;
    let ir = work.join(format!("{stem}.ll"));
    emit_llvm_ir(spec, &ir)?;

    let translation = cbe::translate_file(&ir).map_err(|e| BuildError::Translate(e.to_string()))?;
    // The whole program in one file, for reading; SDCC compiles the units.
    let c_file = work.join(format!("{stem}.c"));
    fs::write(&c_file, &translation.c_source).map_err(io_error(&c_file))?;
    let mut units = Vec::new();
    for (i, unit) in translation.units.iter().enumerate() {
        let path = work.join(format!("{stem}_{i}.c"));
        fs::write(&path, unit).map_err(io_error(&path))?;
        units.push(path);
    }

    let header = Header { title: &spec.title, color: spec.color };
    let mut artifacts = link(&units, &translation.symbol_pairs(), &spec.output, header, &spec.sdcc_flags)?;
    artifacts.trap_names = translation.trap_names();
    Ok(artifacts)
}

/// The game's ROM (`RomSpec::game`, `target/hitori.gb`), built once per process: the
/// emulator tests build it when it is missing or out of date, so a plain `cargo test` needs no
/// `make rom` first. Unchanged C units are not compiled again (`compile_c`).
pub fn game_rom() -> Result<RomArtifacts, String> {
    static GAME: OnceLock<Result<RomArtifacts, String>> = OnceLock::new();
    GAME.get_or_init(|| build(&RomSpec::game()).map_err(|e| e.to_string())).clone()
}

/// The directory beside `output` that keeps a build's IR, C and assembly.
fn intermediates_dir(output: &Path) -> Result<PathBuf, BuildError> {
    let stem = output.file_stem().expect("output file name").to_string_lossy();
    let work = output.parent().unwrap_or(Path::new(".")).join(format!("{stem}.build"));
    fs::create_dir_all(&work).map_err(io_error(&work))?;
    Ok(work)
}

/// Compiles C sources with SDCC together with crt0 and the back end's runtime, links them at
/// our memory map and writes the ROM, its `.sym` (C names replaced by `rust_names`) and `.map`.
/// Hand-written C goes through here too, so benchmarks compare like with like.
pub fn link_rom(
    c_sources: &[PathBuf],
    rust_names: &[(String, String)],
    output: &Path,
    title: &str,
    sdcc_flags: &[String],
) -> Result<RomArtifacts, BuildError> {
    link(c_sources, rust_names, output, Header { title, color: false }, sdcc_flags)
}

/// What the cartridge header says besides the sizes: the title and the CGB flag.
struct Header<'a> {
    title: &'a str,
    color: bool,
}

fn link(
    c_sources: &[PathBuf],
    rust_names: &[(String, String)],
    output: &Path,
    header: Header,
    sdcc_flags: &[String],
) -> Result<RomArtifacts, BuildError> {
    let root = repo_root();
    let stem = output.file_stem().expect("output file name").to_string_lossy().into_owned();
    let work = intermediates_dir(output)?;
    let runtime = root.join("tools/cbe/runtime");
    let mut objects = vec![assemble(&root.join("linker/crt0.s"), &work)?];
    let sources = c_sources.to_vec();
    let mut jobs: Vec<CompileJob> = sources.iter().map(|s| CompileJob::whole(s, &work)).collect();
    // The runtime one function per object, archived: sdldgb takes a library's objects only
    // when they define a symbol the program needs (objects on the command line are all linked).
    let pieces = runtime_pieces(&runtime_sources(&runtime)?, &work)?;
    let piece_count = pieces.len();
    jobs.extend(pieces);
    let mut compiled = compile_all(&jobs, &runtime, sdcc_flags)?;
    let mut piece_objects = compiled.split_off(compiled.len() - piece_count);
    objects.extend(compiled);
    let banks = code_banks(&sources)?;
    // The puzzles' assembly, in the library too: only programs that call it link it.
    for (file, areas) in PUZZLE_ASSEMBLY {
        piece_objects.push(assemble_placed(&root.join(file), areas, &work, &banks)?);
    }
    let library = work.join("cbe_runtime.lib");
    let _ = fs::remove_file(&library);
    run("archive (sdar)", Command::new("sdar").arg("-rc").arg(&library).args(&piece_objects))?;

    let ihx = work.join(format!("{stem}.ihx"));
    let mut link = Command::new("sdcc");
    link.args(["-msm83", "--no-std-crt0"])
        .args(["--code-loc", &format!("{:#06x}", layout::CODE_START)])
        .args(["--data-loc", &format!("{:#06x}", layout::DATA_START)]);
    // Each switchable bank's code (SDCC's `_CODE_N` for `#pragma bank N`) at its linker base.
    for bank in banks {
        link.arg(format!("-Wl-b_CODE_{bank}={:#x}", layout::bank_base(bank)));
    }
    link.arg("-o").arg(&ihx).args(&objects).arg("-L").arg(&work).args(["-l", "cbe_runtime.lib"]);
    run("link (sdldgb)", &mut link)?;

    let map_path = work.join(format!("{stem}.map"));
    let map = fs::read_to_string(&map_path).map_err(io_error(&map_path))?;
    let usage = layout::MemoryUsage::from_map(&map).map_err(BuildError::Layout)?;
    usage.check().map_err(BuildError::Layout)?;

    let mut makebin = Command::new("makebin");
    makebin
        .arg("-Z")
        .args(["-yt", &format!("{:#04x}", layout::CARTRIDGE_TYPE)])
        .args(["-ya", &layout::CARTRIDGE_RAM_BANKS.to_string()])
        .args(["-yo", &usage.rom_banks().to_string()])
        .args(["-yn", header.title])
        .args(header.color.then_some("-yc"))
        .arg(&ihx)
        .arg(output);
    run("makebin", &mut makebin)?;

    let noi_path = work.join(format!("{stem}.noi"));
    let noi = fs::read_to_string(&noi_path).map_err(io_error(&noi_path))?;
    let sym = output.with_extension("sym");
    fs::write(&sym, layout::sym_file(&noi, rust_names)).map_err(io_error(&sym))?;
    let map_copy = output.with_extension("map");
    fs::copy(&map_path, &map_copy).map_err(io_error(&map_copy))?;

    Ok(RomArtifacts {
        rom: output.to_path_buf(),
        sym,
        map: map_copy,
        intermediates: work,
        usage,
        symbols: layout::symbol_addresses(&noi),
        trap_names: Vec::new(),
    })
}

/// The banks named by `#pragma bank N` lines in the C sources, in order.
fn code_banks(sources: &[PathBuf]) -> Result<Vec<u32>, BuildError> {
    let mut banks = Vec::new();
    for source in sources {
        let text = fs::read_to_string(source).map_err(io_error(source))?;
        for line in text.lines() {
            let words: Vec<&str> = line.split_whitespace().collect();
            if let ["#pragma", "bank", n] = words[..] {
                let bank = n.parse::<u32>().ok().filter(|b| (1..=255).contains(b)).ok_or_else(|| {
                    BuildError::Layout(format!("{}: `{line}`: banks are 1 to 255", source.display()))
                })?;
                banks.push(bank);
            }
        }
    }
    banks.sort_unstable();
    banks.dedup();
    Ok(banks)
}

fn runtime_sources(runtime: &Path) -> Result<Vec<PathBuf>, BuildError> {
    let mut sources = Vec::new();
    for entry in fs::read_dir(runtime).map_err(io_error(runtime))? {
        let path = entry.map_err(io_error(runtime))?.path();
        if path.extension().is_some_and(|e| e == "c") {
            sources.push(path);
        }
    }
    sources.sort();
    Ok(sources)
}

/// One SDCC compilation: a C file to an object, with extra flags.
struct CompileJob {
    source: PathBuf,
    object: PathBuf,
    defines: Vec<String>,
}

impl CompileJob {
    fn whole(source: &Path, work: &Path) -> CompileJob {
        let object = work.join(source.file_stem().expect("C file name")).with_extension("rel");
        CompileJob { source: source.to_path_buf(), object, defines: Vec::new() }
    }
}

/// The runtime's pieces: a file whose functions sit in `#if CBE_ALL || defined(CBE_ONLY_name)`
/// blocks is compiled once per block (`-DCBE_PIECE -DCBE_ONLY_name`), others whole.
fn runtime_pieces(sources: &[PathBuf], work: &Path) -> Result<Vec<CompileJob>, BuildError> {
    let mut jobs = Vec::new();
    for source in sources {
        let text = fs::read_to_string(source).map_err(io_error(source))?;
        let stem = source.file_stem().expect("C file name").to_string_lossy().into_owned();
        let names: Vec<&str> = text
            .lines()
            .filter_map(|l| l.strip_prefix("#if CBE_ALL || defined(CBE_ONLY_")?.strip_suffix(')'))
            .collect();
        if names.is_empty() {
            jobs.push(CompileJob::whole(source, work));
        }
        for name in names {
            jobs.push(CompileJob {
                source: source.clone(),
                object: work.join(format!("{stem}__{name}.rel")),
                defines: vec!["-DCBE_PIECE".into(), format!("-DCBE_ONLY_{name}")],
            });
        }
    }
    Ok(jobs)
}

/// The puzzles' assembly files, each with the areas it names in place of a bank and the bank
/// its callers are in: the Sudoku solver (`finishes_sudoku` and the entries that call
/// `linker/sudoku.s`, `.bank15` in `src/puzzles/sudoku/`) and its dancing links (the
/// generator's entries, `.bank9`); the Numberlink solver (`.bank10`), its generator's drawing,
/// path numbering and looks for a second solution in the links (beside the drawing, the join
/// and the cut, `.bank17`) and its board's baked tiles (the game's `load_numberlink_tiles`, `.bank17`);
/// Hitori's numberings (`.bank7`) and its Latin squares (the generator's entry, `.bank1`).
/// The names are replaced as plain text, so a name that begins another (`_CODE_SUDOKU`,
/// `_CODE_NUMBERLINK`) comes after it.
const PUZZLE_ASSEMBLY: [(&str, &[(&str, u32)]); 4] = [
    ("linker/hitori.s", &[("_CODE_HITORI_LATIN", 1), ("_CODE_HITORI", 7)]),
    ("linker/sudoku.s", &[("_CODE_SUDOKU_LINKS", 9), ("_CODE_SUDOKU", 15)]),
    ("linker/numberlink.s", &[("_CODE_NUMBERLINK_GENERATOR", 17), ("_CODE_NUMBERLINK", 10)]),
    ("linker/numberlink_tiles.s", &[("_CODE_NUMBERLINK_TILES", 17)]),
];

/// An assembly file with each of its `areas` put in its bank when the program has code there,
/// else in `_CODE` (ROMs without banks).
fn assemble_placed(source: &Path, areas: &[(&str, u32)], work: &Path, banks: &[u32]) -> Result<PathBuf, BuildError> {
    let mut text = fs::read_to_string(source).map_err(io_error(source))?;
    for &(name, bank) in areas {
        let area = if banks.contains(&bank) { format!("_CODE_{bank}") } else { String::from("_CODE") };
        text = text.replace(name, &area);
    }
    let placed = work.join(source.file_name().expect("asm file name"));
    fs::write(&placed, text).map_err(io_error(&placed))?;
    assemble(&placed, work)
}

fn assemble(source: &Path, work: &Path) -> Result<PathBuf, BuildError> {
    let object = work.join(source.file_stem().expect("asm file name")).with_extension("rel");
    run("assemble (sdasgb)", Command::new("sdasgb").arg("-plosgff").arg("-o").arg(&object).arg(source))?;
    Ok(object)
}

/// Compiles `jobs` on as many threads as the machine has cores; objects in job order.
fn compile_all(sources: &[CompileJob], include: &Path, flags: &[String]) -> Result<Vec<PathBuf>, BuildError> {
    let headers = headers(include)?;
    let next = AtomicUsize::new(0);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(sources.len().max(1));
    let mut results: Vec<(usize, Result<PathBuf, BuildError>)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(source) = sources.get(i) else { break };
                        done.push((i, compile_c(source, include, &headers, flags)));
                    }
                    done
                })
            })
            .collect();
        workers.into_iter().flat_map(|w| w.join().expect("compile thread panicked")).collect()
    });
    results.sort_by_key(|(i, _)| *i);
    results.into_iter().map(|(_, r)| r).collect()
}

/// SDCC 4.2's global optimisations (CSE, loop invariants and induction variables, lospre)
/// take time superlinear in a function's size: a 770-line function did not finish in 5
/// minutes with them and takes 12 s without. LLVM has already done these optimisations, so
/// they are skipped for units with more than this many statement lines (docs/cbe-notes.md).
const LARGE_UNIT_STATEMENTS: usize = 400;
pub const LARGE_UNIT_FLAGS: [&str; 5] = ["--nogcse", "--noinvariant", "--noinduction", "--noloopreverse", "--nolospre"];

/// Compiles one C file, unless its object is up to date: the `.key` file beside the object
/// holds a hash of everything the compile read (SDCC's version and arguments, the source, the
/// `headers` of `include`), so an unchanged unit costs no SDCC run. The back end writes a unit
/// per function: after a change most of a ROM's units are unchanged.
fn compile_c(job: &CompileJob, include: &Path, headers: &[(PathBuf, String)], flags: &[String]) -> Result<PathBuf, BuildError> {
    let (source, object) = (&job.source, job.object.clone());
    let text = fs::read_to_string(source).map_err(io_error(source))?;
    // Statements of function bodies are indented by four spaces (generated and runtime C).
    let large = text.lines().filter(|l| l.starts_with("    ")).count() > LARGE_UNIT_STATEMENTS;
    let mut args: Vec<OsString> = ["-msm83", "-c", "--std-c11", "-I"].map(OsString::from).to_vec();
    args.push(include.into());
    args.extend(flags.iter().chain(&job.defines).map(OsString::from));
    if large {
        args.extend(LARGE_UNIT_FLAGS.map(OsString::from));
    }
    args.extend([source.as_os_str().to_owned(), "-o".into(), object.as_os_str().to_owned()]);

    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    (sdcc_version()?, &args, &text, headers).hash(&mut hasher);
    let key = format!("{:016x}", hasher.finish());
    let key_file = object.with_extension("key");
    if object.exists() && fs::read_to_string(&key_file).is_ok_and(|k| k == key) {
        return Ok(object);
    }
    let _ = fs::remove_file(&key_file);
    run("compile (sdcc -msm83)", Command::new("sdcc").args(&args))?;
    fs::write(&key_file, key).map_err(io_error(&key_file))?;
    Ok(object)
}

/// `sdcc --version`, asked once.
fn sdcc_version() -> Result<String, BuildError> {
    static VERSION: OnceLock<String> = OnceLock::new();
    if let Some(version) = VERSION.get() {
        return Ok(version.clone());
    }
    let version = run("version (sdcc --version)", Command::new("sdcc").arg("--version"))?;
    Ok(VERSION.get_or_init(|| version).clone())
}

/// The headers in `include`, by name, with their text.
fn headers(include: &Path) -> Result<Vec<(PathBuf, String)>, BuildError> {
    let mut headers = Vec::new();
    for entry in fs::read_dir(include).map_err(io_error(include))? {
        let path = entry.map_err(io_error(include))?.path();
        if path.extension().is_some_and(|e| e == "h") {
            let text = fs::read_to_string(&path).map_err(io_error(&path))?;
            headers.push((path, text));
        }
    }
    headers.sort();
    Ok(headers)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A unit is compiled again only when something it reads changed.
    #[test]
    fn unchanged_units_are_not_compiled_again() {
        let dir = std::env::temp_dir().join(format!("gbrom-cache-{}", std::process::id()));
        let include = dir.join("include");
        fs::create_dir_all(&include).unwrap();
        fs::write(include.join("k.h"), "#define K 3\n").unwrap();
        let source = dir.join("unit.c");
        fs::write(&source, "#include \"k.h\"\nunsigned char f(unsigned char x) { return x + K; }\n").unwrap();
        let job = CompileJob::whole(&source, &dir);
        let modified = |job: &CompileJob| fs::metadata(&job.object).unwrap().modified().unwrap();

        let compile = |flags: &[String]| compile_c(&job, &include, &headers(&include).unwrap(), flags).unwrap();
        compile(&[]);
        let first = modified(&job);
        compile(&[]);
        assert_eq!(modified(&job), first, "nothing changed: no compile");

        fs::write(include.join("k.h"), "#define K 4\n").unwrap();
        compile(&[]);
        let after_header = modified(&job);
        assert_ne!(after_header, first, "a header changed");

        compile(&["--opt-code-size".to_string()]);
        assert_ne!(modified(&job), after_header, "the flags changed");
        fs::remove_dir_all(&dir).unwrap();
    }
}

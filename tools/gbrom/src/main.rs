//! `gbrom`: the ROM build driver behind `make rom`.
//!
//! ```text
//! gbrom [--crate DIR] [--package NAME] [--out FILE.gb] [--title TITLE] [--sdcc-flag FLAG]...
//! ```
//! Defaults build the game crate at the repository root into `target/hitori.gb`. The IR, C and
//! assembly stay in `target/hitori.build/` for debugging.

use std::process::ExitCode;

use gbrom::{RomSpec, build};

const USAGE: &str = "usage: gbrom [--crate DIR] [--package NAME] [--out FILE.gb] [--title TITLE] [--sdcc-flag FLAG]...";

fn parse_args() -> Result<RomSpec, String> {
    let mut spec = RomSpec::game();
    // Paths are taken from where gbrom runs; cargo later runs in the crate's own directory.
    let cwd = std::env::current_dir().map_err(|e| format!("current directory: {e}"))?;
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{flag} needs a value\n{USAGE}"));
        match flag.as_str() {
            "--crate" => spec.crate_dir = cwd.join(value()?),
            "--package" => {
                spec.package = Some(value()?);
                // Another crate's features are its own business.
                spec.features.clear();
            }
            "--out" => spec.output = cwd.join(value()?),
            "--title" => spec.title = value()?,
            "--sdcc-flag" => spec.sdcc_flags.push(value()?),
            "--help" | "-h" => return Err(USAGE.to_string()),
            other => return Err(format!("unknown argument `{other}`\n{USAGE}")),
        }
    }
    if spec.title.len() > 11 || !spec.title.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b' ') {
        return Err(format!("title `{}`: at most 11 characters of A-Z, 0-9 and space", spec.title));
    }
    Ok(spec)
}

fn main() -> ExitCode {
    let spec = match parse_args() {
        Ok(spec) => spec,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    match build(&spec) {
        Ok(artifacts) => {
            println!("built {} (symbols: {})", artifacts.rom.display(), artifacts.sym.display());
            println!("{}", artifacts.usage.summary());
            println!("intermediates (IR, C, asm): {}", artifacts.intermediates.display());
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("gbrom: {error}");
            ExitCode::FAILURE
        }
    }
}

//! `gbemu-play [--color] ROM OUTDIR [SCRIPT]`: plays a ROM headless, following a script of
//! button presses (tools/gbemu/src/script.rs), and writes a screenshot for every `shot` step
//! into OUTDIR; with `--color`, on a Game Boy Color. Without SCRIPT it plays
//! `tests/play.script` from the repository.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use gbemu::{Console, Model, script};

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let model = match args.first().map(String::as_str) {
        Some("--color") => {
            args.remove(0);
            Model::Cgb
        }
        _ => Model::Dmg,
    };
    let (rom, out) = match &args[..] {
        [rom, out] | [rom, out, _] => (PathBuf::from(rom), PathBuf::from(out)),
        _ => {
            eprintln!("usage: gbemu-play [--color] ROM OUTDIR [SCRIPT]");
            return ExitCode::from(2);
        }
    };
    let script_path = args
        .get(2)
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/play.script"));
    let result = std::fs::read_to_string(&script_path)
        .map_err(|e| format!("{}: {e}", script_path.display()))
        .and_then(|text| script::parse(&text).map_err(|e| format!("{}: {e}", script_path.display())))
        .and_then(|steps| {
            let bytes = std::fs::read(&rom).map_err(|e| format!("{}: {e}", rom.display()))?;
            let mut console = Console::with_model(model, &bytes, None).map_err(|e| format!("{}: {e}", rom.display()))?;
            script::run(&mut console, &steps, &out).map_err(|e| e.to_string())
        });
    match result {
        Ok(shots) => {
            for shot in shots {
                println!("wrote {}", shot.display());
            }
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("gbemu-play: {message}");
            ExitCode::FAILURE
        }
    }
}

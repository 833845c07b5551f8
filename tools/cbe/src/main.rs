//! `cbe IN.ll|IN.bc -o OUT.c [--symbols OUT.map]`: translate a whole-program module to C.
//! Exits with status 1 and the reason on stderr when the module holds something unsupported.

use std::path::PathBuf;
use std::process::ExitCode;

const USAGE: &str = "usage: cbe IN.ll|IN.bc -o OUT.c [--symbols OUT.map]";

struct Args {
    input: PathBuf,
    output: PathBuf,
    symbols: Option<PathBuf>,
}

fn parse_args() -> Result<Args, String> {
    let mut input = None;
    let mut output = None;
    let mut symbols = None;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "-o" => output = Some(PathBuf::from(args.next().ok_or("-o needs a file")?)),
            "--symbols" => symbols = Some(PathBuf::from(args.next().ok_or("--symbols needs a file")?)),
            "-h" | "--help" => return Err(USAGE.to_string()),
            _ if input.is_none() && !a.starts_with('-') => input = Some(PathBuf::from(a)),
            _ => return Err(format!("unexpected argument `{a}`\n{USAGE}")),
        }
    }
    Ok(Args {
        input: input.ok_or_else(|| USAGE.to_string())?,
        output: output.ok_or_else(|| USAGE.to_string())?,
        symbols,
    })
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let translation = match cbe::translate_file(&args.input) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("cbe: {}: {e}", args.input.display());
            return ExitCode::from(1);
        }
    };
    if let Err(e) = std::fs::write(&args.output, &translation.c_source) {
        eprintln!("cbe: {}: {e}", args.output.display());
        return ExitCode::from(1);
    }
    if let Some(path) = &args.symbols
        && let Err(e) = std::fs::write(path, translation.symbol_map())
    {
        eprintln!("cbe: {}: {e}", path.display());
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}

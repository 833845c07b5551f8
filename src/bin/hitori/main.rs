//! Host command line for the puzzle engines: generate puzzles, solve puzzles from stdin.
//! `--puzzle NAME` picks the puzzle (Hitori without it); each puzzle's module prints and reads
//! its own text format, and this file holds what they share: the commands, the options of
//! `generate`, errors and exit codes.

mod hitori;
mod lizards;
mod numberlink;

use std::io::{self, Read, Write};
use std::process::ExitCode;

use ::hitori::puzzles::Kind;
use ::hitori::puzzles::code::SeedCode;
use ::hitori::puzzles::level::Difficulty;

const HELP: &str = "\
hitori: generate and solve the cartridge's puzzles

USAGE:
  hitori [--puzzle P] generate --size N --difficulty D --seed S [--count K]
  hitori [--puzzle P] solve
  hitori --help

--puzzle P picks the puzzle, hitori when left out (it may stand anywhere on the line).

generate
  --size N         board size (each puzzle's sizes are below)
  --difficulty D   easy, medium or hard (or 1, 2, 3)
  --seed S         a puzzle is a pure function of (P, N, D, S)
  --count K        K puzzles, for seeds S, S+1, ... (default 1)
  Each puzzle's first line ends with CODE, an 8-character seed code for (P, N, D, S) that a
  player can type in on the console.

solve
  Reads a puzzle from stdin and prints the number of solutions (`0`, `1` or `2+`); when it is
  1, the solution lines follow. Malformed input is reported with its line number, exit status 2.
";

/// What `generate` was asked for; `size` is checked against the puzzle's sizes.
pub struct Request {
    pub size: u8,
    pub difficulty: Difficulty,
    pub seed: u32,
    pub count: u32,
}

impl Request {
    /// The requests of `--count`, one seed after another, each with its seed code's text.
    pub fn each(&self, kind: Kind) -> impl Iterator<Item = (u32, String)> {
        let (size, difficulty) = (self.size, self.difficulty);
        (0..self.count).map(move |i| {
            let seed = self.seed.wrapping_add(i) & SeedCode::max_seed(kind);
            let code = SeedCode { kind, size, difficulty, seed }.encode().expect("size and seed were checked");
            (seed, String::from_utf8(code.to_vec()).expect("seed codes are ASCII"))
        })
    }
}

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    // `--help` asks for help wherever it stands (`hitori generate --help` too).
    let wants_help = args.first().is_some_and(|a| a == "help") || args.iter().any(|a| a == "--help" || a == "-h");
    let result = if wants_help {
        print!("{HELP}\n{}\n{}\n{}", hitori::HELP, lizards::HELP, numberlink::HELP);
        Ok(())
    } else {
        take_puzzle(&mut args).and_then(|kind| run(kind, &args))
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("hitori: {message}");
            ExitCode::from(2)
        }
    }
}

/// Removes `--puzzle NAME` from the arguments; Hitori when there is none.
fn take_puzzle(args: &mut Vec<String>) -> Result<Kind, String> {
    let Some(at) = args.iter().position(|a| a == "--puzzle") else {
        return Ok(Kind::Hitori);
    };
    let name = args.get(at + 1).ok_or("`--puzzle` needs a value")?.clone();
    args.drain(at..at + 2);
    Kind::parse(&name).ok_or_else(|| {
        let names: Vec<&str> = Kind::ALL.iter().map(|k| k.name()).collect();
        format!("unknown puzzle `{name}` (one of {})", names.join(", "))
    })
}

fn run(kind: Kind, args: &[String]) -> Result<(), String> {
    match args.first().map(String::as_str) {
        Some("generate") => {
            let request = parse_request(kind, &args[1..])?;
            let mut out = io::BufWriter::new(io::stdout().lock());
            let text = match kind {
                Kind::Hitori => hitori::generate(&request)?,
                Kind::Lizards => lizards::generate(&request)?,
                Kind::Numberlink => numberlink::generate(&request)?,
            };
            out.write_all(text.as_bytes()).and_then(|()| out.flush()).map_err(|e| e.to_string())
        }
        Some("solve") if args.len() == 1 => {
            let mut input = String::new();
            io::stdin().read_to_string(&mut input).map_err(|e| format!("cannot read stdin: {e}"))?;
            let text = match kind {
                Kind::Hitori => hitori::solve(&input)?,
                Kind::Lizards => lizards::solve(&input)?,
                Kind::Numberlink => numberlink::solve(&input)?,
            };
            print!("{text}");
            Ok(())
        }
        Some("solve") => Err(format!("solve takes no arguments (got `{}`)", args[1])),
        Some(other) => Err(format!("unknown command `{other}` (try `hitori --help`)")),
        None => Err("missing command (try `hitori --help`)".to_string()),
    }
}

/// `generate`'s options; `--size` may be left out for a puzzle of one size.
fn parse_request(kind: Kind, args: &[String]) -> Result<Request, String> {
    let (min, max) = kind.sizes();
    let (mut size, mut difficulty, mut seed, mut count) = ((min == max).then_some(min), None, None, 1u32);
    let mut rest = args.iter();
    while let Some(flag) = rest.next() {
        let value = rest.next().ok_or_else(|| format!("`{flag}` needs a value"))?;
        match flag.as_str() {
            "--size" => {
                let n: u8 = value.parse().map_err(|_| format!("bad --size `{value}`"))?;
                if !(min..=max).contains(&n) {
                    return Err(format!("--size must be {min} to {max} for {}, got {n}", kind.name()));
                }
                size = Some(n);
            }
            "--difficulty" => {
                difficulty = Some(Difficulty::parse(value).ok_or_else(|| {
                    format!("bad --difficulty `{value}` (easy, medium, hard or 1-3)")
                })?);
            }
            "--seed" => {
                let s = value.parse::<u32>().map_err(|_| format!("bad --seed `{value}`"))?;
                let most = SeedCode::max_seed(kind);
                if s > most {
                    return Err(format!("--seed must be 0 to {most} for {}, got {s}", kind.name()));
                }
                seed = Some(s);
            }
            "--count" => count = value.parse().map_err(|_| format!("bad --count `{value}`"))?,
            other => return Err(format!("unknown option `{other}`")),
        }
    }
    Ok(Request {
        size: size.ok_or("missing --size")?,
        difficulty: difficulty.ok_or("missing --difficulty")?,
        seed: seed.ok_or("missing --seed")?,
        count,
    })
}

//! Host command line for the puzzle engine: generate puzzles, solve puzzles from stdin.

use std::io::{self, Read, Write};
use std::process::ExitCode;

use hitori::engine::board::{Board, CellSet, MAX_SIZE, MIN_SIZE, cell_at};
use hitori::engine::code::SeedCode;
use hitori::engine::difficulty::Difficulty;
use hitori::engine::generate::Generator;
use hitori::engine::solve::Solver;

const HELP: &str = "\
hitori: generate and solve Hitori puzzles

USAGE:
  hitori generate --size N --difficulty D --seed S [--count K]
  hitori solve
  hitori --help

generate
  Prints, for each puzzle, a line `puzzle N D CODE`, then N lines of numbers separated by
  single spaces, then N lines of the solution (`#` shaded, `.` unshaded).
  --size N         board size, 5 to 15
  --difficulty D   easy, medium or hard (or 1, 2, 3):
                     easy    circled twins, shaded neighbours, lone numbers, sandwiches, pairs
                     medium  also corner patterns and cells whose shading would cut off a region
                     hard    also one-step contradictions (try a mark, the medium rules refute it)
  --seed S         0 to 4294967295; a puzzle is a pure function of (N, D, S)
  --count K        K puzzles, for seeds S, S+1, ... (default 1)
  CODE is an 8-character seed code for (N, D, S) that a player can type in.

solve
  Reads N lines of N numbers (1 to N, separated by spaces) from stdin, N from 1 to 15, and
  prints the number of solutions (`0`, `1` or `2+`); when it is 1, the solution lines follow.
  Malformed input is reported with its line number, exit status 2.

Rules: shade cells so that no number repeats among unshaded cells of a row or column, no two
shaded cells touch orthogonally, the unshaded cells form one orthogonally connected region,
and every shaded cell's number is repeated by an unshaded cell of its row or column.
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // `--help` asks for help wherever it stands (`hitori generate --help` too).
    let wants_help = args.first().is_some_and(|a| a == "help") || args.iter().any(|a| a == "--help" || a == "-h");
    let result = match args.first().map(String::as_str) {
        _ if wants_help => {
            print!("{HELP}");
            Ok(())
        }
        Some("generate") => generate(&args[1..]),
        Some("solve") if args.len() == 1 => solve(),
        Some("solve") => Err(format!("solve takes no arguments (got `{}`)", args[1])),
        Some(other) => Err(format!("unknown command `{other}` (try `hitori --help`)")),
        None => Err("missing command (try `hitori --help`)".to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("hitori: {message}");
            ExitCode::from(2)
        }
    }
}

fn generate(args: &[String]) -> Result<(), String> {
    let (mut size, mut difficulty, mut seed, mut count) = (None, None, None, 1u32);
    let mut rest = args.iter();
    while let Some(flag) = rest.next() {
        let value = rest.next().ok_or_else(|| format!("`{flag}` needs a value"))?;
        match flag.as_str() {
            "--size" => {
                let n: u8 = value.parse().map_err(|_| format!("bad --size `{value}`"))?;
                if !(MIN_SIZE..=MAX_SIZE).contains(&n) {
                    return Err(format!("--size must be {MIN_SIZE} to {MAX_SIZE}, got {n}"));
                }
                size = Some(n);
            }
            "--difficulty" => {
                difficulty = Some(Difficulty::parse(value).ok_or_else(|| {
                    format!("bad --difficulty `{value}` (easy, medium, hard or 1-3)")
                })?);
            }
            "--seed" => seed = Some(value.parse::<u32>().map_err(|_| format!("bad --seed `{value}`"))?),
            "--count" => count = value.parse().map_err(|_| format!("bad --count `{value}`"))?,
            other => return Err(format!("unknown option `{other}`")),
        }
    }
    let size = size.ok_or("missing --size")?;
    let difficulty = difficulty.ok_or("missing --difficulty")?;
    let seed = seed.ok_or("missing --seed")?;
    let mut generator = Generator::new();
    let mut out = io::BufWriter::new(io::stdout().lock());
    for i in 0..count {
        let seed = seed.wrapping_add(i);
        let puzzle = generator.generate(size, difficulty, seed).ok_or("size out of range")?;
        let code = SeedCode { size, difficulty, seed }.encode().ok_or("size out of range")?;
        let code = std::str::from_utf8(&code).expect("seed codes are ASCII");
        let mut text = format!("puzzle {size} {} {code}\n", difficulty.name());
        text.push_str(&numbers_text(&puzzle.board));
        text.push_str(&solution_text(size, &puzzle.solution));
        out.write_all(text.as_bytes()).map_err(|e| e.to_string())?;
    }
    out.flush().map_err(|e| e.to_string())
}

fn numbers_text(board: &Board) -> String {
    let n = board.size();
    let mut text = String::new();
    for r in 0..n {
        let row: Vec<String> = (0..n).map(|c| board.number(cell_at(r, c)).to_string()).collect();
        text.push_str(&row.join(" "));
        text.push('\n');
    }
    text
}

fn solution_text(n: u8, shaded: &CellSet) -> String {
    let mut text = String::new();
    for r in 0..n {
        for c in 0..n {
            text.push(if shaded.contains(cell_at(r, c)) { '#' } else { '.' });
        }
        text.push('\n');
    }
    text
}

fn solve() -> Result<(), String> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).map_err(|e| format!("cannot read stdin: {e}"))?;
    let board = parse_board(&input)?;
    let mut solver = Solver::new(board.size());
    match solver.count_solutions(&board, 2) {
        0 => println!("0"),
        1 => print!("1\n{}", solution_text(board.size(), solver.solution())),
        _ => println!("2+"),
    }
    Ok(())
}

/// N lines of N numbers 1..=N; blank lines after the grid are allowed.
fn parse_board(input: &str) -> Result<Board, String> {
    let lines: Vec<&str> = input.lines().collect();
    let last = lines.iter().rposition(|l| !l.trim().is_empty()).ok_or("line 1: no puzzle on stdin")?;
    let lines = &lines[..=last];
    let n = lines.len();
    if n > MAX_SIZE as usize {
        return Err(format!("line {}: too many lines, at most {MAX_SIZE} rows", MAX_SIZE as usize + 1));
    }
    let mut rows: Vec<Vec<u8>> = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let line_no = i + 1;
        let mut row = Vec::new();
        for token in line.split_whitespace() {
            let v: u8 = token
                .parse()
                .map_err(|_| format!("line {line_no}: `{token}` is not a number"))?;
            row.push(v);
        }
        if row.len() != n {
            return Err(format!(
                "line {line_no}: expected {n} numbers (one per column of a {n}x{n} grid), found {}",
                row.len()
            ));
        }
        if let Some(v) = row.iter().find(|&&v| v == 0 || v as usize > n) {
            return Err(format!("line {line_no}: {v} is out of range 1 to {n}"));
        }
        rows.push(row);
    }
    let refs: Vec<&[u8]> = rows.iter().map(Vec::as_slice).collect();
    Board::from_rows(&refs).ok_or_else(|| "line 1: not a square grid".to_string())
}

//! Hitori's text formats for the CLI.

use ::hitori::puzzles::Kind;
use ::hitori::puzzles::hitori::board::{Board, CellSet, MAX_SIZE, cell_at};
use ::hitori::puzzles::hitori::generate::Generator;
use ::hitori::puzzles::hitori::solve::Solver;

use crate::Request;

pub const HELP: &str = "\
hitori (the default puzzle)
  hitori generate --size N --difficulty D --seed S [--count K]
    Prints, for each puzzle, a line `puzzle N D CODE`, then N lines of numbers separated by
    single spaces, then N lines of the solution (`#` shaded, `.` unshaded).
    --size 5 to 15, --seed 0 to 4294967295. Levels:
      easy    circled twins, shaded neighbours, lone numbers, sandwiches, pairs
      medium  also corner patterns and cells whose shading would cut off a region
      hard    also one-step contradictions (try a mark, the medium rules refute it)
  hitori solve
    Reads N lines of N numbers (1 to N, separated by spaces), N from 1 to 15.
  Rules: shade cells so that no number repeats among unshaded cells of a row or column, no
  two shaded cells touch orthogonally, the unshaded cells form one orthogonally connected
  region, and every shaded cell's number is repeated by an unshaded cell of its row or column.
";

/// `hitori generate`'s output for Hitori.
pub fn generate(request: &Request) -> Result<String, String> {
    let mut generator = Generator::new();
    let mut text = String::new();
    for (seed, code) in request.each(Kind::Hitori) {
        let (size, difficulty) = (request.size, request.difficulty);
        let puzzle = generator.generate(size, difficulty, seed).ok_or("size out of range")?;
        text.push_str(&format!("puzzle {size} {} {code}\n", difficulty.name()));
        text.push_str(&numbers_text(&puzzle.board));
        text.push_str(&solution_text(size, &puzzle.solution));
    }
    Ok(text)
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

/// `hitori solve`'s output for Hitori.
pub fn solve(input: &str) -> Result<String, String> {
    let board = parse_board(input)?;
    let mut solver = Solver::new(board.size());
    Ok(match solver.count_solutions(&board, 2) {
        0 => "0\n".to_string(),
        1 => format!("1\n{}", solution_text(board.size(), solver.solution())),
        _ => "2+\n".to_string(),
    })
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

//! Baby Lizards' text formats for the CLI.

use ::hitori::puzzles::Kind;
use ::hitori::puzzles::lizards::generate::Engine;
use ::hitori::puzzles::lizards::grid::{Board, CellSet, MAX_SIZE};

use crate::Request;

pub const HELP: &str = "\
lizards
  hitori --puzzle lizards generate --size N --difficulty D --seed S [--count K]
    Prints, for each puzzle, a line `lizards N P LEVEL CODE` (P: the lizards to place), then N
    lines of the nursery (`.` free, `T` tree), then N lines of the solution (`L` lizard).
    --size 6 to 12, --seed 0 to 268435455. Levels:
      easy    sight (a lizard's lines stay empty), last cell (a segment that must hold a
              lizard has one open cell)
      medium  also pair (a lizard here would see both open cells of such a segment)
      hard    also block (the same with three or more open cells) and pigeonhole (two such
              segments open only in the same two other segments)
  hitori --puzzle lizards solve
    Reads a line `lizards N P` (more words after P are ignored) and N lines of N characters
    (`.` free, `T` tree; `L` also counts as free), N from 1 to 12.
  Rules: place P lizards on free cells so that no lizard sees another along its row, its
  column or either diagonal; a tree between two lizards blocks the view. A segment is a run of
  free cells between trees or edges along a line: it holds at most one lizard. Every
  generated puzzle has as many lizards as row segments, so each row segment holds one.
";

/// `generate`'s output for Baby Lizards.
pub fn generate(request: &Request) -> Result<String, String> {
    let mut engine = Engine::new();
    let mut text = String::new();
    for (seed, code) in request.each(Kind::Lizards) {
        let (size, difficulty) = (request.size, request.difficulty);
        let puzzle = engine.generate(size, difficulty, seed).ok_or("size out of range")?;
        text.push_str(&format!("lizards {size} {} {} {code}\n", puzzle.lizards, difficulty.name()));
        text.push_str(&grid_text(&puzzle.board, &CellSet::EMPTY));
        text.push_str(&grid_text(&puzzle.board, &puzzle.solution));
    }
    Ok(text)
}

/// The board's rows: `T` trees, `L` the given lizards, `.` the rest.
fn grid_text(board: &Board, lizards: &CellSet) -> String {
    let mut text = String::new();
    for r in 0..board.size() {
        for c in 0..board.size() {
            let cell = board.cell_at(r, c);
            text.push(if board.is_tree(cell) {
                'T'
            } else if lizards.contains(cell) {
                'L'
            } else {
                '.'
            });
        }
        text.push('\n');
    }
    text
}

/// `solve`'s output for Baby Lizards.
pub fn solve(input: &str) -> Result<String, String> {
    let (board, lizards) = parse(input)?;
    let mut engine = Engine::new();
    Ok(match engine.count_solutions(&board, lizards, 2) {
        0 => "0\n".to_string(),
        1 => format!("1\n{}", grid_text(&board, engine.solution())),
        _ => "2+\n".to_string(),
    })
}

/// The header `lizards N P ...` and N rows of N characters; blank lines after them allowed.
fn parse(input: &str) -> Result<(Board, u8), String> {
    let mut lines = input.lines().enumerate().map(|(i, line)| (i + 1, line.trim_end()));
    let (_, header) = lines.next().ok_or("line 1: no puzzle on stdin")?;
    let words: Vec<&str> = header.split_whitespace().collect();
    let [name, n, p, ..] = words[..] else {
        return Err(format!("line 1: expected `lizards N P`, found `{header}`"));
    };
    if name != "lizards" {
        return Err(format!("line 1: expected `lizards N P`, found `{header}`"));
    }
    let n: u8 = n.parse().ok().filter(|n| (1..=MAX_SIZE).contains(n)).ok_or(format!("line 1: size `{n}` is not 1 to {MAX_SIZE}"))?;
    let p: u8 = p.parse().map_err(|_| format!("line 1: lizard count `{p}` is not a number"))?;
    let mut board = Board::new(n).ok_or("line 1: bad size")?;
    for r in 0..n {
        let (line_no, line) = lines.next().ok_or(format!("line {}: missing row {} of {n}", r + 2, r + 1))?;
        if line.chars().count() != n as usize {
            return Err(format!("line {line_no}: expected {n} characters (`.` or `T`), found {}", line.chars().count()));
        }
        for (c, ch) in line.chars().enumerate() {
            match ch {
                'T' | 't' => board.set_tree(board.cell_at(r, c as u8)),
                '.' | 'L' | 'l' => {}
                other => return Err(format!("line {line_no}: `{other}` is not `.` or `T`")),
            }
        }
    }
    if let Some((line_no, line)) = lines.find(|(_, line)| !line.trim().is_empty()) {
        return Err(format!("line {line_no}: unexpected `{line}` after the {n} rows"));
    }
    Ok((board, p))
}

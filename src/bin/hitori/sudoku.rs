//! Sudoku's text formats for the CLI.

use ::hitori::puzzles::Kind;
use ::hitori::puzzles::sudoku::generate::Generator;
use ::hitori::puzzles::sudoku::grid::CELLS;

use crate::Request;

pub const HELP: &str = "\
sudoku
  hitori --puzzle sudoku generate --difficulty D --seed S [--count K] [--size 9]
    Prints, for each puzzle, a line `sudoku 9 D CODE`, then 9 lines of the givens (a digit
    given, `.` blank), then 9 lines of the solution's digits. The givens are symmetric under
    a half turn. --seed 0 to 268435455. Levels:
      easy    hidden and naked singles only
      medium  also pointing and claiming (locked candidates), naked and hidden pairs
      hard    also x-wings, naked triples, swordfish, hidden triples and xy-wings
    Each puzzle needs its level's techniques: the level below does not finish it.
  hitori --puzzle sudoku solve
    Reads a line starting `sudoku 9` (the rest of it is ignored), then 9 lines of 9
    characters: a digit 1 to 9 given, `.` or `0` blank.
  Rules: fill the grid so that every row, column and 3x3 box holds 1 to 9 once each.
";

/// `hitori --puzzle sudoku generate`'s output.
pub fn generate(request: &Request) -> Result<String, String> {
    let mut generator = Generator::new();
    let mut text = String::new();
    for (seed, code) in request.each(Kind::Sudoku) {
        let puzzle = generator.generate(request.difficulty, seed);
        text.push_str(&format!("sudoku 9 {} {code}\n", request.difficulty.name()));
        text.push_str(&grid_text(&puzzle.givens));
        text.push_str(&grid_text(&puzzle.solution));
    }
    Ok(text)
}

/// Nine lines of nine characters, `.` for 0.
fn grid_text(grid: &[u8; CELLS]) -> String {
    let mut text = String::new();
    for row in grid.chunks(9) {
        text.extend(row.iter().map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) }));
        text.push('\n');
    }
    text
}

/// `hitori --puzzle sudoku solve`'s output.
pub fn solve(input: &str) -> Result<String, String> {
    let givens = parse_puzzle(input)?;
    let mut generator = Generator::new();
    Ok(match generator.count_solutions(&givens, 2) {
        0 => "0\n".to_string(),
        1 => format!("1\n{}", grid_text(generator.solution())),
        _ => "2+\n".to_string(),
    })
}

/// The header line, then 9 rows of 9 characters; blank lines after the grid are allowed.
fn parse_puzzle(input: &str) -> Result<[u8; CELLS], String> {
    let lines: Vec<&str> = input.lines().collect();
    let last = lines.iter().rposition(|l| !l.trim().is_empty()).ok_or("line 1: no puzzle on stdin")?;
    let lines = &lines[..=last];
    let mut header = lines[0].split_whitespace();
    if header.next() != Some("sudoku") || header.next() != Some("9") {
        return Err(format!("line 1: expected a header `sudoku 9`, found `{}`", lines[0].trim()));
    }
    if lines.len() != 10 {
        let line_no = lines.len().min(10) + 1;
        return Err(format!("line {line_no}: expected 9 rows after the header, found {}", lines.len() - 1));
    }
    let mut givens = [0u8; CELLS];
    for (r, line) in lines[1..].iter().enumerate() {
        let line_no = r + 2;
        let row = line.trim();
        if row.chars().count() != 9 {
            return Err(format!("line {line_no}: expected 9 characters (digits 1 to 9, `.` or `0`), found `{row}`"));
        }
        for (c, ch) in row.chars().enumerate() {
            givens[r * 9 + c] = match ch {
                '.' | '0' => 0,
                '1'..='9' => ch as u8 - b'0',
                other => return Err(format!("line {line_no}: `{other}` is not a digit 1 to 9, `.` or `0`")),
            };
        }
    }
    Ok(givens)
}

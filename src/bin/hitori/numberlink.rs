//! Numberlink's text formats for the CLI.

use ::hitori::puzzles::Kind;
use ::hitori::puzzles::numberlink::generate::Generator;
use ::hitori::puzzles::numberlink::grid::{CELL_SLOTS, Givens, MAX_PATHS, MAX_SIZE, MIN_SIZE, cell_at, walk_path};
use ::hitori::puzzles::numberlink::solve::Solver;

use crate::Request;

pub const HELP: &str = "\
numberlink
  hitori --puzzle numberlink generate --size N --difficulty D --seed S [--count K]
    Prints, for each puzzle, a line `numberlink N D CODE`, then N lines of the puzzle and N
    lines of its solution, tokens separated by single spaces. Puzzle: `.` an empty square,
    `#` a solid one, a number 1..K at each of its two endpoints. Solution: the number of the
    path through each square, `#` for a solid one.
    --size 5 to 12, --seed 0 to 268435455. Levels:
      easy    only way (a square with as many open sides as links it still needs takes
              them all), after crossing sides that would close a loop, join two numbers
              or enter a full square
      medium  also dead ends (a numbered path tried one square further leaves the easy
              rules stuck around that step: that side is crossed)
      hard    also look-aheads (the same trial leaves the easy rules stuck further away),
              loose ends (a link tried on any open side, crossed when the easy rules get
              stuck) and cut offs (squares no number can reach any more, or a number cut
              off from its twin)
  hitori --puzzle numberlink solve
    Reads a line `numberlink N` (the rest of it is ignored), then N lines of N tokens as
    above, N from 5 to 12.
  Rules: join each pair of equal numbers with one path through orthogonally adjacent squares;
  paths neither cross nor branch, and every square that is not solid lies on a path.
";

/// `generate`'s output for Numberlink.
pub fn generate(request: &Request) -> Result<String, String> {
    let mut generator = Generator::new();
    let mut text = String::new();
    for (seed, code) in request.each(Kind::Numberlink) {
        let (size, difficulty) = (request.size, request.difficulty);
        let puzzle = generator
            .generate(size, difficulty, seed)
            .ok_or(format!("no numberlink puzzles at {size}x{size}"))?;
        text.push_str(&format!("numberlink {size} {} {code}\n", difficulty.name()));
        text.push_str(&givens_text(&puzzle.givens));
        text.push_str(&solution_text(&puzzle.givens, &puzzle.solution));
    }
    Ok(text)
}

fn givens_text(givens: &Givens) -> String {
    rows_text(givens.size, |cell| match givens.number_at(cell) {
        0 if givens.solid.contains(cell) => "#".to_string(),
        0 => ".".to_string(),
        k => k.to_string(),
    })
}

/// Each square's path number, read off the links from each pair's first endpoint.
fn solution_text(givens: &Givens, links: &[u8; CELL_SLOTS]) -> String {
    let mut path_of = [0u8; CELL_SLOTS];
    for (k, pair) in givens.ends[..givens.paths as usize].iter().enumerate() {
        walk_path(links, pair[0], |cell| path_of[cell as usize] = k as u8 + 1);
    }
    rows_text(givens.size, |cell| match path_of[cell as usize] {
        0 => "#".to_string(),
        k => k.to_string(),
    })
}

fn rows_text(n: u8, token: impl Fn(u8) -> String) -> String {
    let mut text = String::new();
    for r in 0..n {
        let row: Vec<String> = (0..n).map(|c| token(cell_at(r, c))).collect();
        text.push_str(&row.join(" "));
        text.push('\n');
    }
    text
}

/// `solve`'s output for Numberlink.
pub fn solve(input: &str) -> Result<String, String> {
    let givens = parse_givens(input)?;
    let mut solver = Solver::new();
    Ok(match solver.count_solutions(&givens, 1) {
        0 => "0\n".to_string(),
        _ => {
            // The solver holds the first solution; a second search counts on to two.
            let mut links = [0u8; CELL_SLOTS];
            solver.copy_links(&mut links);
            if Solver::new().count_solutions(&givens, 2) == 2 {
                "2+\n".to_string()
            } else {
                format!("1\n{}", solution_text(&givens, &links))
            }
        }
    })
}

/// A header line `numberlink N`, then N lines of N tokens; blank lines after the grid are
/// allowed.
fn parse_givens(input: &str) -> Result<Givens, String> {
    let lines: Vec<&str> = input.lines().collect();
    let last = lines.iter().rposition(|l| !l.trim().is_empty()).ok_or("line 1: no puzzle on stdin")?;
    let mut header = lines[0].split_whitespace();
    if header.next() != Some("numberlink") {
        return Err("line 1: expected `numberlink N`".to_string());
    }
    let n: u8 = header
        .next()
        .and_then(|t| t.parse().ok())
        .filter(|n| (MIN_SIZE..=MAX_SIZE).contains(n))
        .ok_or(format!("line 1: expected a size from {MIN_SIZE} to {MAX_SIZE} after `numberlink`"))?;
    let rows = &lines[1..=last];
    if rows.len() != n as usize {
        let line_no = if rows.len() < n as usize { last + 2 } else { n as usize + 2 };
        return Err(format!("line {line_no}: expected {n} rows after the header, found {}", rows.len()));
    }
    let mut givens = Givens::new(n);
    let mut seen: Vec<Vec<u8>> = Vec::new();
    for (r, line) in rows.iter().enumerate() {
        let line_no = r + 2;
        let tokens: Vec<&str> = line.split_whitespace().collect();
        if tokens.len() != n as usize {
            return Err(format!("line {line_no}: expected {n} tokens, found {}", tokens.len()));
        }
        for (c, token) in tokens.iter().enumerate() {
            let cell = cell_at(r as u8, c as u8);
            match *token {
                "." => {}
                "#" => givens.solid.insert(cell),
                number => {
                    let k: usize = number
                        .parse()
                        .ok()
                        .filter(|k| (1..=MAX_PATHS).contains(k))
                        .ok_or(format!("line {line_no}: `{number}` is not `.`, `#` or a number 1 to {MAX_PATHS}"))?;
                    if seen.len() < k {
                        seen.resize(k, Vec::new());
                    }
                    if seen[k - 1].len() == 2 {
                        return Err(format!("line {line_no}: number {k} appears a third time"));
                    }
                    seen[k - 1].push(cell);
                }
            }
        }
    }
    for (k, cells) in seen.iter().enumerate() {
        if cells.len() != 2 {
            return Err(format!("line {}: number {} appears {} time(s), not twice", last + 1, k + 1, cells.len()));
        }
        givens.ends[k] = [cells[0], cells[1]];
    }
    givens.paths = seen.len() as u8;
    Ok(givens)
}

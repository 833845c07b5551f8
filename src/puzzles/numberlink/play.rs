//! The player's side: links drawn between squares, moves that add or remove one link (each
//! its own inverse's inverse), what the game's controls turn into moves, the live errors, the
//! solved test and hints.
//!
//! The marks are links, as in Tatham's plan for his path puzzle: a path is drawn by holding A
//! on a number and moving (each step adds a link, stepping back onto the square before removes
//! it), and B on a path removes its links one move each, so that undo takes them back in
//! order. A square never takes more than two links, an endpoint one, a solid square none.

use super::grid::{CELL_SLOTS, Cells, Givens, Puzzle, cell_at, link_count, neighbour, opposite, step};
use super::solve::{FoundLink, Rule, Solver};
use crate::puzzles::level::Difficulty;
use crate::puzzles::play::PackedMove;

/// The player's links, by square (low nibble, bit `side`), kept at both squares of a link.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Marks {
    pub links: [u8; CELL_SLOTS],
}

impl Default for Marks {
    fn default() -> Self {
        Self::new()
    }
}

impl Marks {
    pub const fn new() -> Marks {
        Marks { links: [0; CELL_SLOTS] }
    }
}

/// One link added (`add`) or removed, from `cell` on `side`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Move {
    pub cell: u8,
    pub side: u8,
    pub add: bool,
}

/// What a hint tells the player.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Hint {
    /// This link (from `cell` on `side`) is not in the solution.
    Mistake { cell: u8, side: u8 },
    /// The next link, the rule that finds it, and the square the rule reads (light the link's
    /// two squares and `reason`).
    Step { cell: u8, side: u8, rule: Rule, reason: u8 },
    /// No rule finds a link (only for puzzles beyond the hard rules): a link of the solution.
    Reveal { cell: u8, side: u8 },
    /// The marks are the solution.
    Solved,
}

/// Makes `mv` on the marks.
pub fn apply(marks: &mut Marks, mv: Move) {
    let far = step(mv.cell, mv.side);
    let (here, there) = (1 << mv.side, 1 << opposite(mv.side));
    if mv.add {
        marks.links[mv.cell as usize] |= here;
        marks.links[far as usize] |= there;
    } else {
        marks.links[mv.cell as usize] &= !here;
        marks.links[far as usize] &= !there;
    }
}

/// A move packs as its square and `add << 2 | side`.
impl PackedMove for Move {
    fn pack(self) -> [u8; 2] {
        [self.cell, u8::from(self.add) << 2 | self.side]
    }

    fn unpack([cell, bits]: [u8; 2]) -> Move {
        Move { cell, side: bits & 3, add: bits & 4 != 0 }
    }
}

pub fn inverse(mv: Move) -> Move {
    Move { add: !mv.add, ..mv }
}

/// The move a step of the drawing cursor makes, holding A, from `cell` to its neighbour on
/// `side`: back along a link removes it; otherwise a link where both squares still take one
/// (not solid, fewer than two links, an endpoint fewer than one) and `cell` is on a drawn
/// path or a number; `None` when the step draws nothing. `number_at` gives a square's number
/// (0: none): the game's board keeps a table, where [`Givens::number_at`]'s scan of the pairs
/// for each square took the console a good part of a frame.
pub fn draw_step(givens: &Givens, marks: &Marks, cell: u8, side: u8, number_at: impl Fn(u8) -> u8) -> Option<Move> {
    let far = neighbour(givens.size, cell, side)?;
    if marks.links[cell as usize] & (1 << side) != 0 {
        return Some(Move { cell, side, add: false });
    }
    let takes = |square: u8| {
        let limit = if givens.solid.contains(square) {
            0
        } else if number_at(square) != 0 {
            1
        } else {
            2
        };
        link_count(marks.links[square as usize]) < limit
    };
    let on_path = marks.links[cell as usize] != 0 || number_at(cell) != 0;
    (on_path && takes(cell) && takes(far)).then_some(Move { cell, side, add: true })
}

/// Removing the path through a square (B on a path), one move a link so that undo restores
/// them in order: from one end of the path to the other, each move taking off the link at the
/// end left. A cursor rather than a list of moves, since the moves are made as they come (on
/// the console a list of a 12x12 board's links is stack the frame cannot spare).
pub struct ClearPath {
    at: u8,
}

impl ClearPath {
    /// The path through `cell`, from one of its ends.
    pub fn new(marks: &Marks, cell: u8) -> ClearPath {
        ClearPath { at: super::grid::path_end(&marks.links, cell) }
    }

    /// The next removal, once the last one is made on `marks`; `None` when the path is gone.
    pub fn next(&mut self, marks: &Marks) -> Option<Move> {
        let links = marks.links[self.at as usize];
        let side = (0..4).find(|&side| links & (1 << side) != 0)?;
        let cell = self.at;
        self.at = step(cell, side);
        Some(Move { cell, side, add: false })
    }
}

/// Whether the marks are the solution (the puzzle has one, so equal links).
pub fn is_solved(puzzle: &Puzzle, marks: &Marks) -> bool {
    let n = puzzle.size();
    (0..n).all(|r| (0..n).all(|c| marks.links[cell_at(r, c) as usize] == puzzle.solution[cell_at(r, c) as usize]))
}

/// The live errors: squares of a path that joins two different numbers (or passes through a
/// number), and squares no path can reach any more (the region check on the marks' links that
/// keep the rules; see [`Solver::unreachable`]).
pub fn errors(solver: &mut Solver, givens: &Givens, marks: &Marks, out: &mut Cells) {
    let n = givens.size;
    for k in 0..givens.paths {
        for &end in &givens.ends[k as usize] {
            let mut squares = Cells::EMPTY;
            let mut numbers = 0u8;
            let mut other = 0u8;
            let mut through_number = false;
            super::grid::walk_path(&marks.links, end, |square| {
                squares.insert(square);
                let number = givens.number_at(square);
                if number != 0 {
                    numbers += 1;
                    if number != k + 1 {
                        other = number;
                    }
                    through_number |= link_count(marks.links[square as usize]) > 1;
                }
            });
            if other != 0 || through_number || numbers > 2 {
                for r in 0..n {
                    for c in 0..n {
                        if squares.contains(cell_at(r, c)) {
                            out.insert(cell_at(r, c));
                        }
                    }
                }
            }
        }
    }
    solver.load(givens);
    for_each_link(n, &marks.links, |cell, side| {
        // Links that break a rule are reported above (or cannot be drawn); the rest count.
        let _ = solver.add_link(cell, side);
    });
    solver.unreachable(out);
}

/// The next hint: a wrong link first, then the first link the rules find from the marks (the
/// easiest level first), or a link of the solution when none does.
pub fn hint(solver: &mut Solver, puzzle: &Puzzle, marks: &Marks) -> Hint {
    let n = puzzle.size();
    let mut mistake = None;
    for_each_link(n, &marks.links, |cell, side| {
        if mistake.is_none() && puzzle.solution[cell as usize] & (1 << side) == 0 {
            mistake = Some(Hint::Mistake { cell, side });
        }
    });
    if let Some(mistake) = mistake {
        return mistake;
    }
    if is_solved(puzzle, marks) {
        return Hint::Solved;
    }
    solver.load(&puzzle.givens);
    let mut consistent = true;
    for_each_link(n, &marks.links, |cell, side| consistent &= solver.add_link(cell, side).is_ok());
    if consistent && let Some(FoundLink { cell, side, rule, reason }) = solver.next_link(Difficulty::Hard) {
        return Hint::Step { cell, side, rule, reason };
    }
    let mut missing = Hint::Solved;
    for_each_link(n, &puzzle.solution, |cell, side| {
        if missing == Hint::Solved && marks.links[cell as usize] & (1 << side) == 0 {
            missing = Hint::Reveal { cell, side };
        }
    });
    missing
}

/// Every link of `links` once (from its square on the left or above).
fn for_each_link(n: u8, links: &[u8; CELL_SLOTS], mut visit: impl FnMut(u8, u8)) {
    for r in 0..n {
        for c in 0..n {
            let cell = cell_at(r, c);
            for side in [1u8, 2] {
                if links[cell as usize] & (1 << side) != 0 {
                    visit(cell, side);
                }
            }
        }
    }
}

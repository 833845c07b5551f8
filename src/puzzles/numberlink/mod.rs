//! Numberlink: join each pair of equal numbers with one path through orthogonally adjacent
//! squares; paths neither cross nor branch, and every square that is not solid lies on a
//! path. A puzzle has exactly one solution as paths (two routes through the same squares are
//! two solutions). A pure game model with no drawing or input.
//!
//! - `grid`: squares (`row << 4 | column`), sides, links, the givens and the puzzle.
//! - `solve`: the named deductions, grading and the counting search, on one fixed-size state.
//! - `generate`: paths drawn to cover the board, graded, repaired when ambiguous.
//! - `play`: the player's links, moves, live errors and hints.
//! - `record`: its bodies in the save records.

pub mod generate;
pub mod grid;
pub mod play;
pub mod record;
pub mod solve;

use generate::Generator;
use grid::{MAX_SIZE, MIN_SIZE, Puzzle};
use play::{Hint, Marks, Move};

use super::level::Difficulty;
use super::{Backend, Kind};

/// Numberlink behind the frame's interface.
pub struct Numberlink;

impl Backend for Numberlink {
    const KIND: Kind = Kind::Numberlink;
    const MIN_SIZE: u8 = MIN_SIZE;
    const MAX_SIZE: u8 = MAX_SIZE;
    type Puzzle = Puzzle;
    type Engine = Generator;
    type Marks = Marks;
    type Move = Move;
    type Hint = Hint;

    fn generate_into(engine: &mut Generator, size: u8, level: Difficulty, seed: u32, out: &mut Puzzle) -> bool {
        engine.generate_into(size, level, seed, out)
    }

    fn count_solutions(engine: &mut Generator, puzzle: &Puzzle, limit: u8) -> u8 {
        engine.solver().count_solutions(&puzzle.givens, limit)
    }

    fn grade(engine: &mut Generator, puzzle: &Puzzle) -> Option<Difficulty> {
        engine.solver().grade(&puzzle.givens)
    }

    fn apply(marks: &mut Marks, mv: Move) {
        play::apply(marks, mv)
    }

    fn inverse(mv: Move) -> Move {
        play::inverse(mv)
    }

    fn is_solved(puzzle: &Puzzle, marks: &Marks) -> bool {
        play::is_solved(puzzle, marks)
    }

    fn hint(engine: &mut Generator, puzzle: &Puzzle, marks: &Marks) -> Hint {
        play::hint(engine.solver(), puzzle, marks)
    }
}

//! Hitori (Singles): shade cells so that no number repeats in a row or column, no two shaded
//! cells touch, and the unshaded cells stay one region. A pure game model (new game, check,
//! solve, hint, play) with no drawing or input. Cells are `u8`, cell sets are `u16` bit rows.

pub mod board;
pub mod difficulty;
pub mod dual;
pub mod flood;
pub mod generate;
pub mod latin;
pub mod play;
pub mod record;
pub mod rules;
pub mod solve;

use board::{MAX_SIZE, MIN_SIZE};
use generate::{Generator, Puzzle};
use play::{Hint, Marks, Move};

use super::level::Difficulty;
use super::{Backend, Kind};

/// Hitori behind the frame's interface.
pub struct Hitori;

impl Backend for Hitori {
    const KIND: Kind = Kind::Hitori;
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
        engine.solver().count_solutions(&puzzle.board, limit)
    }

    fn grade(engine: &mut Generator, puzzle: &Puzzle) -> Option<Difficulty> {
        difficulty::grade(&puzzle.board, engine.solver())
    }

    fn apply(marks: &mut Marks, mv: Move) {
        marks.put(mv.cell, mv.to);
    }

    fn inverse(mv: Move) -> Move {
        Move { cell: mv.cell, from: mv.to, to: mv.from }
    }

    fn is_solved(puzzle: &Puzzle, marks: &Marks) -> bool {
        marks.shaded == puzzle.solution
    }

    fn hint(engine: &mut Generator, puzzle: &Puzzle, marks: &Marks) -> Hint {
        marks.hint(&puzzle.board, &puzzle.solution, engine.solver())
    }
}

//! Sudoku: fill the 9x9 grid so that every row, column and 3x3 box holds 1 to 9 once. A pure
//! game model like Hitori's: the dancing links (`links`) fill random grids and count
//! solutions, the human solver (`logic`) grades by named techniques and finds hints, the
//! generator (`generate`) carves symmetric puzzles of an exact level, `play` holds the
//! player's digits and pencil marks, `record` lays puzzle and marks out in the saves.
//! Fixed-size state, no allocation; the engine's working memory is about 2 KiB
//! (docs/sudoku-notes.md).

pub mod grid;
pub mod generate;
pub mod links;
pub mod logic;
pub mod play;
pub mod record;

use generate::{Generator, Puzzle};
use play::{Hint, Marks, Move};

use super::level::Difficulty;
use super::{Backend, Kind};

/// Sudoku behind the frame's interface.
pub struct Sudoku;

impl Backend for Sudoku {
    const KIND: Kind = Kind::Sudoku;
    const MIN_SIZE: u8 = 9;
    const MAX_SIZE: u8 = 9;
    type Puzzle = Puzzle;
    type Engine = Generator;
    type Marks = Marks;
    type Move = Move;
    type Hint = Hint;

    fn generate_into(engine: &mut Generator, size: u8, level: Difficulty, seed: u32, out: &mut Puzzle) -> bool {
        if size != 9 {
            return false;
        }
        engine.generate_into(level, seed, out);
        true
    }

    fn count_solutions(engine: &mut Generator, puzzle: &Puzzle, limit: u8) -> u8 {
        engine.count_solutions(&puzzle.givens, limit)
    }

    fn grade(engine: &mut Generator, puzzle: &Puzzle) -> Option<Difficulty> {
        engine.grade(&puzzle.givens)
    }

    fn apply(marks: &mut Marks, mv: Move) {
        marks.apply(mv)
    }

    fn inverse(mv: Move) -> Move {
        mv.inverse()
    }

    fn is_solved(puzzle: &Puzzle, marks: &Marks) -> bool {
        marks.is_solved(puzzle)
    }

    fn hint(engine: &mut Generator, puzzle: &Puzzle, marks: &Marks) -> Hint {
        marks.hint(engine.logic(), puzzle)
    }
}

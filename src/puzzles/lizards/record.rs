//! Baby Lizards' bodies in the save records. Puzzle: size, level, the lizards to place, seed
//! (4), the trees and the solution's lizards (a bit per cell of a 12 x 12 board each). Marks:
//! the lizards and the cells marked empty, the same way.

use super::generate::Puzzle;
use super::grid::{Board, CellSet, MAX_SIZE, MIN_SIZE};
use super::{Lizards, Marks};
use crate::puzzles::level::Difficulty;
use crate::puzzles::record::{Reader, Record, Writer};

impl Record for Lizards {
    const PUZZLE_BYTES: usize = 3 + 4 + 2 * CellSet::BYTES;
    const MARKS_BYTES: usize = 2 * CellSet::BYTES;

    fn size_and_level(puzzle: &Puzzle) -> (u8, Difficulty) {
        (puzzle.board.size(), puzzle.difficulty)
    }

    fn write_puzzle(puzzle: &Puzzle, out: &mut Writer) {
        out.u8(puzzle.board.size());
        out.u8(puzzle.difficulty as u8);
        out.u8(puzzle.lizards);
        out.bytes(&puzzle.seed.to_le_bytes());
        out.bytes(puzzle.board.trees().as_bytes());
        out.bytes(puzzle.solution.as_bytes());
    }

    fn read_puzzle(input: &mut Reader, puzzle: &mut Puzzle) -> Option<()> {
        let size = input.u8();
        let difficulty = Difficulty::from_index(input.u8())?;
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return None;
        }
        let lizards = input.u8();
        let seed = input.u32();
        let trees = CellSet::from_bytes(input.bytes(CellSet::BYTES));
        let solution = CellSet::from_bytes(input.bytes(CellSet::BYTES));
        let mut board = Board::new(size)?;
        let on_board = |set: &CellSet| set.iter().all(|cell| cell < board.cells());
        if !on_board(&trees) || !on_board(&solution) || solution.len() != lizards {
            return None;
        }
        for cell in trees.iter() {
            board.set_tree(cell);
        }
        if solution.iter().any(|cell| board.is_tree(cell)) {
            return None;
        }
        *puzzle = Puzzle { board, lizards, solution, difficulty, seed };
        Some(())
    }

    fn write_marks(marks: &Marks, out: &mut Writer) {
        out.bytes(marks.lizards.as_bytes());
        out.bytes(marks.empty.as_bytes());
    }

    fn read_marks(input: &mut Reader, marks: &mut Marks) -> Option<()> {
        marks.lizards = CellSet::from_bytes(input.bytes(CellSet::BYTES));
        marks.empty = CellSet::from_bytes(input.bytes(CellSet::BYTES));
        Some(())
    }

    /// Marks on free cells of the board only, and no cell marked both ways.
    fn marks_fit(puzzle: &Puzzle, marks: &Marks) -> bool {
        let board = &puzzle.board;
        let free = |set: &CellSet| set.iter().all(|cell| cell < board.cells() && !board.is_tree(cell));
        free(&marks.lizards) && free(&marks.empty) && marks.lizards.minus(&marks.empty) == marks.lizards
    }
}

//! Sudoku's bodies in the save records. Puzzle: size (9), level, seed (4), the givens (81
//! bytes, 0 for a blank cell) and the solution (81 digits): 168 bytes. Marks: one 16-bit word
//! a cell, its pencil marks in bits 0..9 and its digit (0 for none) in bits 12..16, the
//! [`Marks`] bytes as they are in memory: 162 bytes,
//! so that the progress record (178 bytes) fits its 256-byte slot (a byte a digit beside the
//! 16-bit pencil marks would make it 259).

use super::Sudoku;
use super::generate::Puzzle;
use super::grid::{ALL_DIGITS, BIT, CELLS, UNIT_CELLS};
use super::play::Marks;
use crate::puzzles::Backend;
use crate::puzzles::level::Difficulty;
use crate::puzzles::record::{Reader, Record, Writer};

impl Record for Sudoku {
    const PUZZLE_BYTES: usize = 2 + 4 + 2 * CELLS;
    const MARKS_BYTES: usize = 2 * CELLS;

    fn size_and_level(puzzle: &Puzzle) -> (u8, Difficulty) {
        (Sudoku::MAX_SIZE, puzzle.difficulty)
    }

    fn write_puzzle(puzzle: &Puzzle, out: &mut Writer) {
        out.u8(Sudoku::MAX_SIZE);
        out.u8(puzzle.difficulty as u8);
        out.bytes(&puzzle.seed.to_le_bytes());
        out.bytes(&puzzle.givens);
        out.bytes(&puzzle.solution);
    }

    /// A complete grid as the solution, and givens that agree with it.
    fn read_puzzle(input: &mut Reader, puzzle: &mut Puzzle) -> Option<()> {
        if input.u8() != Sudoku::MAX_SIZE {
            return None;
        }
        let difficulty = Difficulty::from_index(input.u8())?;
        let seed = input.u32();
        puzzle.givens.copy_from_slice(input.bytes(CELLS));
        puzzle.solution.copy_from_slice(input.bytes(CELLS));
        let solution = &puzzle.solution;
        if solution.iter().any(|&digit| !(1..=9).contains(&digit)) {
            return None;
        }
        let complete = UNIT_CELLS
            .iter()
            .all(|unit| unit.iter().fold(0, |seen, &cell| seen | BIT[usize::from(solution[usize::from(cell)]) - 1]) == ALL_DIGITS);
        let agree = puzzle.givens.iter().zip(solution).all(|(&given, &digit)| given == 0 || given == digit);
        puzzle.difficulty = difficulty;
        puzzle.seed = seed;
        (complete && agree).then_some(())
    }

    fn write_marks(marks: &Marks, out: &mut Writer) {
        out.bytes(marks.as_bytes());
    }

    /// Digits 0..=9 and pencil marks of the nine digits only.
    fn read_marks(input: &mut Reader, marks: &mut Marks) -> Option<()> {
        Marks::from_bytes(input.bytes(2 * CELLS), marks)
    }

    /// No digit or pencil mark on a given cell.
    fn marks_fit(puzzle: &Puzzle, marks: &Marks) -> bool {
        (0..CELLS).all(|cell| puzzle.givens[cell] == 0 || marks.is_blank(cell))
    }
}

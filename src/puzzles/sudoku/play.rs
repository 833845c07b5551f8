//! The player's side: digits entered, pencil marks, moves and their inverses, the live errors
//! (digits that repeat in a unit) and hints.
//!
//! A hint reads the player's pencil marks: an open cell with marks keeps only those candidates
//! (after the ones its row, column and box rule out), a cell without marks has them all. So a
//! hint that removes candidates is carried out by taking those marks away (or, in a cell with
//! none, by writing the cell's other candidates), and the next hint moves on from there.

use super::generate::Puzzle;
use super::grid::{BIT, CELLS, Cells, UNIT_CELLS, UNITS};
use super::logic::{Deduction, Logic};
use crate::puzzles::level::Difficulty;
use crate::puzzles::play::PackedMove;

/// What the player has written: digits in open cells (0 for none; givens are not here) and
/// pencil marks (bit d for digit d + 1). A byte pair a cell, as the save record keeps them
/// (record.rs): the pencil marks of digits 1-8 in the first byte; digit 9's in bit 0 of the
/// second, the cell's digit in its bits 4-7. 162 bytes; the save copies them whole (packing a
/// digit array and 16-bit marks took the console 39k cycles a save, most of a frame), and
/// each look is byte operations.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Marks {
    cells: [[u8; 2]; CELLS],
}

/// Where a cell's digit sits in the second byte of its pair.
const DIGIT_SHIFT: u8 = 4;

impl Default for Marks {
    fn default() -> Self {
        Self::EMPTY
    }
}

/// One change to one cell.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Move {
    /// The cell's digit goes from `from` to `to` (0 clears it).
    Digit { cell: u8, from: u8, to: u8 },
    /// The pencil mark of `digit` (1..=9) in the cell is toggled.
    Pencil { cell: u8, digit: u8 },
}

/// The next step for the player.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Hint {
    /// This cell's digit, or its pencil marks, leave out the solution's digit.
    Mistake(u8),
    /// The easiest technique that moves on from the marks.
    Deduction(Deduction),
    /// No technique up to Hard applies (a puzzle not from the generator): the cell's digit.
    Reveal(u8, u8),
    /// Every cell has its digit.
    Solved,
}

impl Marks {
    pub const EMPTY: Marks = Marks { cells: [[0; 2]; CELLS] };

    /// No digit and no pencil mark, in place (assigning [`Marks::EMPTY`] copies a constant the
    /// size of the marks, which on the console lives in ROM bank 0).
    pub fn clear(&mut self) {
        self.cells.as_flattened_mut().fill(0);
    }

    /// The digit entered in `cell` (0 for none).
    #[inline]
    pub fn digit(&self, cell: usize) -> u8 {
        self.cells[cell][1] >> DIGIT_SHIFT
    }

    /// The pencil marks of `cell`: bit d for digit d + 1.
    #[inline]
    pub fn pencil(&self, cell: usize) -> u16 {
        let [low, high] = self.cells[cell];
        u16::from_le_bytes([low, high & 1])
    }

    /// Whether `cell` has a digit or pencil marks.
    #[inline]
    pub fn is_blank(&self, cell: usize) -> bool {
        self.cells[cell] == [0, 0]
    }

    pub fn set_digit(&mut self, cell: usize, digit: u8) {
        let high = &mut self.cells[cell][1];
        *high = *high & 1 | digit << DIGIT_SHIFT;
    }

    /// Toggles the pencil marks of `bits` (bit d for digit d + 1) in `cell`.
    pub fn toggle_pencil(&mut self, cell: usize, bits: u16) {
        let [low, high] = bits.to_le_bytes();
        self.cells[cell][0] ^= low;
        self.cells[cell][1] ^= high & 1;
    }

    /// The marks as the save record keeps them.
    pub fn as_bytes(&self) -> &[u8] {
        self.cells.as_flattened()
    }

    /// Marks from a save record's bytes ([`Marks::as_bytes`]); `None` if a digit is above 9
    /// or a bit of the second byte means nothing.
    pub fn from_bytes(bytes: &[u8], marks: &mut Marks) -> Option<()> {
        let valid = bytes.len() == 2 * CELLS && bytes.chunks_exact(2).all(|pair| pair[1] >> DIGIT_SHIFT <= 9 && pair[1] & 0b1110 == 0);
        if !valid {
            return None;
        }
        marks.cells.as_flattened_mut().copy_from_slice(bytes);
        Some(())
    }

    pub fn apply(&mut self, mv: Move) {
        match mv {
            Move::Digit { cell, to, .. } => self.set_digit(cell as usize, to),
            Move::Pencil { cell, digit } => self.toggle_pencil(cell as usize, BIT[digit as usize - 1]),
        }
    }

    /// Each cell's digit: given or entered, 0 for none.
    pub fn grid(&self, puzzle: &Puzzle) -> [u8; CELLS] {
        let mut grid = puzzle.givens;
        for (cell, digit) in grid.iter_mut().enumerate() {
            if *digit == 0 {
                *digit = self.digit(cell);
            }
        }
        grid
    }

    /// Whether every cell holds the solution's digit. Stops at the first that does not (the
    /// game asks after every move).
    pub fn is_solved(&self, puzzle: &Puzzle) -> bool {
        (0..CELLS).all(|cell| puzzle.givens[cell] != 0 || self.digit(cell) == puzzle.solution[cell])
    }

    /// The cells whose digit (given or entered) repeats in their row, column or box: the
    /// game's live errors.
    pub fn conflicts(&self, puzzle: &Puzzle) -> Cells {
        let mut found = Cells::EMPTY;
        self.conflicts_in(puzzle, 0..UNITS as u8, &mut found);
        found
    }

    /// Adds to `found` the cells whose digit repeats in one of `units` (a part of
    /// [`Marks::conflicts`]: the console's board spreads the 27 units over frames).
    pub fn conflicts_in(&self, puzzle: &Puzzle, units: core::ops::Range<u8>, found: &mut Cells) {
        // A given cell holds no digit of the player's (`marks_fit`): one of the two is 0.
        let digit_at = |cell: u8| puzzle.givens[usize::from(cell)] | self.digit(usize::from(cell));
        for unit in units {
            let cells = &UNIT_CELLS[usize::from(unit)];
            // Digits seen once and digits seen again in this unit.
            let (mut once, mut again) = (0u16, 0u16);
            for &cell in cells {
                let digit = digit_at(cell);
                if digit != 0 {
                    let bit = BIT[digit as usize - 1];
                    again |= once & bit;
                    once |= bit;
                }
            }
            if again != 0 {
                for &cell in cells {
                    let digit = digit_at(cell);
                    if digit != 0 && again & (BIT[digit as usize - 1]) != 0 {
                        found.insert(cell);
                    }
                }
            }
        }
    }

    /// The next hint (see the module doc); leaves `logic` holding the candidates it read, which
    /// [`Logic::candidates`] shows.
    pub fn hint(&self, logic: &mut Logic, puzzle: &Puzzle) -> Hint {
        hint_sudoku(self, logic, puzzle)
    }
}

/// A digit move packs as its cell and `from << 4 | to` (both at most 9); a pencil move as its
/// cell and `PENCIL | digit`, which no digit move makes.
impl PackedMove for Move {
    fn pack(self) -> [u8; 2] {
        match self {
            Move::Digit { cell, from, to } => [cell, from << 4 | to],
            Move::Pencil { cell, digit } => [cell, PENCIL | digit],
        }
    }

    fn unpack([cell, bits]: [u8; 2]) -> Move {
        if bits & PENCIL == PENCIL {
            Move::Pencil { cell, digit: bits & 0x0F }
        } else {
            Move::Digit { cell, from: bits >> 4, to: bits & 0x0F }
        }
    }
}

/// The high nibble of a packed pencil move.
const PENCIL: u8 = 0xF0;

impl Move {
    pub fn inverse(self) -> Move {
        match self {
            Move::Digit { cell, from, to } => Move::Digit { cell, from: to, to: from },
            pencil => pencil,
        }
    }
}

// In bank 15 with the human solver's techniques (`generate::finishes_sudoku`).
#[cfg_attr(all(target_arch = "avr", feature = "banks"), unsafe(link_section = ".bank15"), inline(never))]
fn hint_sudoku(marks: &Marks, logic: &mut Logic, puzzle: &Puzzle) -> Hint {
    for cell in 0..CELLS {
        if puzzle.givens[cell] != 0 {
            continue;
        }
        let answer = puzzle.solution[cell];
        let (digit, pencil) = (marks.digit(cell), marks.pencil(cell));
        let wrong_digit = digit != 0 && digit != answer;
        let wrong_marks = digit == 0 && pencil != 0 && pencil & (BIT[answer as usize - 1]) == 0;
        if wrong_digit || wrong_marks {
            return Hint::Mistake(cell as u8);
        }
    }
    let grid = marks.grid(puzzle);
    if grid == puzzle.solution {
        return Hint::Solved;
    }
    // Every digit agrees with the solution, so none clash.
    logic.set_digits(&grid);
    for cell in 0..CELLS as u8 {
        let pencil = marks.pencil(usize::from(cell));
        if pencil != 0 {
            logic.restrict(cell, pencil);
        }
    }
    match logic.find(Difficulty::Hard) {
        Some(deduction) => Hint::Deduction(deduction),
        None => {
            let cell = grid.iter().position(|&d| d == 0).unwrap_or(0);
            Hint::Reveal(cell as u8, puzzle.solution[cell])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A cell's bytes are the record's little-endian word: pencil marks in bits 0..9, the digit
    /// in bits 12..16; every digit and mark reads back, and bytes that mean nothing are refused.
    #[test]
    fn marks_are_the_records_words() {
        let mut marks = Marks::EMPTY;
        for cell in 0..CELLS {
            let (digit, pencil) = ((cell % 10) as u8, (cell as u16 * 37) & 0x1FF);
            marks.set_digit(cell, digit);
            marks.toggle_pencil(cell, pencil);
            let word = u16::from_le_bytes([marks.as_bytes()[2 * cell], marks.as_bytes()[2 * cell + 1]]);
            assert_eq!(word, pencil | u16::from(digit) << 12, "cell {cell}");
            assert_eq!((marks.digit(cell), marks.pencil(cell)), (digit, pencil));
            assert_eq!(marks.is_blank(cell), digit == 0 && pencil == 0);
        }
        let mut read = Marks::EMPTY;
        assert_eq!(Marks::from_bytes(marks.as_bytes(), &mut read), Some(()));
        assert_eq!(read, marks);
        for (at, byte) in [(1, 0xA0), (1, 0x02), (1, 0x08)] {
            let mut bytes = marks.as_bytes().to_vec();
            bytes[at] = byte;
            assert_eq!(Marks::from_bytes(&bytes, &mut read), None, "byte {byte:#x}");
        }
        marks.clear();
        assert_eq!(marks, Marks::EMPTY);
    }

    #[test]
    fn every_move_packs_into_two_bytes_and_back() {
        for cell in [0u8, 40, 80] {
            for from in 0..=9 {
                for to in 0..=9 {
                    let m = Move::Digit { cell, from, to };
                    assert_eq!(Move::unpack(m.pack()), m);
                }
            }
            for digit in 1..=9 {
                let m = Move::Pencil { cell, digit };
                assert_eq!(Move::unpack(m.pack()), m);
            }
        }
    }
}

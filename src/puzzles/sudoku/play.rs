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
/// pencil marks (bit d for digit d + 1). 243 bytes.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Marks {
    pub digits: [u8; CELLS],
    pub pencil: [u16; CELLS],
}

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
    pub const EMPTY: Marks = Marks { digits: [0; CELLS], pencil: [0; CELLS] };

    /// No digit and no pencil mark, in place (assigning [`Marks::EMPTY`] copies a constant the
    /// size of the marks, which on the console lives in ROM bank 0).
    pub fn clear(&mut self) {
        self.digits.fill(0);
        self.pencil.fill(0);
    }

    pub fn apply(&mut self, mv: Move) {
        match mv {
            Move::Digit { cell, to, .. } => self.digits[cell as usize] = to,
            Move::Pencil { cell, digit } => self.pencil[cell as usize] ^= BIT[digit as usize - 1],
        }
    }

    /// Each cell's digit: given or entered, 0 for none.
    pub fn grid(&self, puzzle: &Puzzle) -> [u8; CELLS] {
        let mut grid = puzzle.givens;
        for (cell, digit) in grid.iter_mut().enumerate() {
            if *digit == 0 {
                *digit = self.digits[cell];
            }
        }
        grid
    }

    /// Whether every cell holds the solution's digit. Stops at the first that does not (the
    /// game asks after every move).
    pub fn is_solved(&self, puzzle: &Puzzle) -> bool {
        (0..CELLS).all(|cell| puzzle.givens[cell] != 0 || self.digits[cell] == puzzle.solution[cell])
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
        let digit_at = |cell: u8| {
            let given = puzzle.givens[usize::from(cell)];
            if given != 0 { given } else { self.digits[usize::from(cell)] }
        };
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
        let (digit, pencil) = (marks.digits[cell], marks.pencil[cell]);
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
        if marks.pencil[cell as usize] != 0 {
            logic.restrict(cell, marks.pencil[cell as usize]);
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

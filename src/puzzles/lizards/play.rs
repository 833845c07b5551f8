//! The player's side of a Baby Lizards game: the marks with their history, and the lines of
//! sight in error kept up to date a move at a time.
//!
//! A lizard sees another exactly when the two share a segment, so the live error is a
//! property of segments: a segment holding two or more lizards shows its lizards and the cells
//! between its first and last lizard. A move changes only the four segments through its cell,
//! so [`Sightlines::walk`] walks those four (at most 4 n cells; the console does one a frame),
//! where [`super::Lizards::conflicts`] walks every lizard's lines: a frame's work on the
//! console after every move would not fit otherwise.

use super::deduce::Mark;
use super::grid::{Board, CELLS, CellSet, Dir, row_col};
use super::{Lizards, Marks};
use crate::puzzles::play::{CellMarks, MarkBits};

/// The player's marks on a Baby Lizards puzzle and the moves that made them.
pub type Play = crate::puzzles::play::Play<Lizards>;

impl MarkBits for Mark {
    fn bits(self) -> u8 {
        self as u8
    }

    fn from_bits(bits: u8) -> Mark {
        match bits {
            1 => Mark::Lizard,
            2 => Mark::Empty,
            _ => Mark::Unknown,
        }
    }
}

impl CellMarks for Marks {
    type Mark = Mark;
    const NONE: Marks = Marks::new();

    fn mark(&self, cell: u8) -> Mark {
        Marks::mark(self, cell)
    }
}

/// A cell's byte in [`Sightlines`]: bit `dir as u8` set when `dir`'s segment through the cell
/// holds two or more lizards with the cell from the first of them to the last (a lizard so
/// marked sees another, any other cell so marked lies on a line of sight between two), and
/// what the walks read beside it: one byte a cell, where the board's and the marks' bit sets
/// cost a shift and two table reads a cell each (a move's walks took about 30k cycles that
/// way on the console, half a frame).
const IN_ERROR: u8 = 0x0F;
const LIZARD: u8 = 0x40;
const TREE: u8 = 0x80;

/// Parts of [`Sightlines::reset_part`]: a whole reset took 25k cycles on the console, more
/// than the first frame of play has beside opening the pause menu.
pub const RESET_PARTS: u8 = 2;

/// The lines of sight in error, a byte a cell (see [`IN_ERROR`]).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Sightlines {
    cells: [u8; CELLS],
}

impl Default for Sightlines {
    fn default() -> Self {
        Self::NONE
    }
}

impl Sightlines {
    pub const NONE: Sightlines = Sightlines { cells: [0; CELLS] };

    /// Whether `cell` is a lizard in sight of another or a cell between two such.
    pub fn in_error(&self, cell: u8) -> bool {
        self.cells[usize::from(cell)] & IN_ERROR != 0
    }

    /// Part `part` of [`RESET_PARTS`] of a reset to the board's trees and `lizards`, no line of
    /// sight in error yet ([`Sightlines::walk`] through each lizard in every direction finds
    /// them): the first clears the table, each flags the cells of its share of the sets'
    /// bytes. In bank 13 with the rules, as `walk` is: bank 4, the play screen's, has no room.
    #[cfg_attr(all(target_arch = "avr", feature = "banks"), unsafe(link_section = ".bank13"), inline(never))]
    pub fn reset_part(&mut self, board: &Board, lizards: &CellSet, part: u8) {
        if part == 0 {
            self.cells = [0; CELLS];
        }
        let share = CellSet::BYTES / usize::from(RESET_PARTS);
        let bytes = usize::from(part) * share..(usize::from(part) + 1) * share;
        self.flag(&board.trees().as_bytes()[bytes.clone()], bytes.start, TREE);
        self.flag(&lizards.as_bytes()[bytes.clone()], bytes.start, LIZARD);
    }

    /// Sets `flag` on the cells of `bytes`, a cell set's from byte `from_byte` on, a member at
    /// a time (its lowest bit, then cleared): the sets' iterators return through memory on the
    /// console, 2k cycles a member, and a test of every cell's bit took half a frame.
    fn flag(&mut self, bytes: &[u8], from_byte: usize, flag: u8) {
        let mut first = (from_byte * 8) as u8;
        for &byte in bytes {
            let mut bits = byte;
            while bits != 0 {
                self.cells[usize::from(first + bits.trailing_zeros() as u8)] = flag;
                bits &= bits - 1;
            }
            first += 8;
        }
    }

    /// Notes that `cell` (not a tree) holds a lizard or not, as `lizards` says, before the
    /// walks through it after its mark changed.
    pub fn note(&mut self, lizards: &CellSet, cell: u8) {
        let byte = &mut self.cells[usize::from(cell)];
        *byte = if lizards.contains(cell) { *byte | LIZARD } else { *byte & !LIZARD };
    }

    /// Walks `dir`'s segment through `cell` (not a tree) on an `n` x `n` board and sets or
    /// clears its bits; the cells whose error changed go into `changed`. From the cell back
    /// to the segment's first cell and on to its last, counting its lizards, then again over
    /// the whole segment only when it is in error or was (most are neither: the walk then
    /// reads each cell once). A move's four walks take a frame's time each on the console.
    #[cfg_attr(all(target_arch = "avr", feature = "banks"), unsafe(link_section = ".bank13"), inline(never))]
    pub fn walk(&mut self, n: u8, cell: u8, dir: Dir, changed: &mut CellSet) {
        let (r, c) = row_col(n, cell);
        let (offset, bit) = (offset(n, dir), 1 << dir as u8);
        let here = self.cells[usize::from(cell)];
        let (mut count, mut was_on) = (u8::from(here & LIZARD != 0), here & bit != 0);
        let (mut first, mut steps) = (cell, 0);
        for forward in [false, true] {
            let step = if forward { offset } else { offset.wrapping_neg() };
            let (mut at, mut left) = (cell, steps_to_edge(n, r, c, dir, forward));
            while left != 0 {
                at = at.wrapping_add(step);
                let byte = self.cells[usize::from(at)];
                if byte & TREE != 0 {
                    break;
                }
                count += u8::from(byte & LIZARD != 0);
                was_on |= byte & bit != 0;
                left -= 1;
                steps += 1;
            }
            if !forward {
                // A walk stopped by a tree stands on it, one step before the first cell.
                first = if left != 0 { at.wrapping_add(offset) } else { at };
            }
        }
        if count >= 2 || was_on {
            self.mark_segment(first, steps, offset, bit, count, changed);
        }
    }

    /// Sets `bit` on the segment of `steps + 1` cells from `first`, stepping by `offset`, on
    /// the cells from its first lizard to its last when it holds `count` >= 2, and clears it
    /// elsewhere; the cells whose error changed go into `changed`.
    fn mark_segment(&mut self, first: u8, steps: u8, offset: u8, bit: u8, count: u8, changed: &mut CellSet) {
        let (mut cell, mut seen) = (first, 0u8);
        for _ in 0..=steps {
            let was = self.cells[usize::from(cell)];
            // On from the first lizard (seen counts it) to the last (seen before it < count).
            let before = seen;
            seen += u8::from(was & LIZARD != 0);
            let on = count >= 2 && seen != 0 && before < count;
            let now = if on { was | bit } else { was & !bit };
            if (now & IN_ERROR == 0) != (was & IN_ERROR == 0) {
                changed.insert(cell);
            }
            self.cells[usize::from(cell)] = now;
            cell = cell.wrapping_add(offset);
        }
    }
}

/// How far the cell index moves for one step forward along `dir` on an `n` x `n` board (cells
/// are `r * n + c`): a constant a walk adds, where computing each cell's index would multiply
/// (a runtime call on the console, hundreds of cycles).
fn offset(n: u8, dir: Dir) -> u8 {
    // Every direction steps one row down or none.
    let (down, right) = dir.delta();
    if down != 0 { n } else { 0 }.wrapping_add(right as u8)
}

/// Steps from row `r`, column `c` along `dir` (forward or back) before the board's edge.
fn steps_to_edge(n: u8, r: u8, c: u8, dir: Dir, forward: bool) -> u8 {
    let last = n - 1;
    let (down, right) = dir.delta();
    // Rows run out going down (forward) or up (back); columns the way `right` points.
    let rows = if down == 0 { u8::MAX } else if forward { last - r } else { r };
    let columns = match (right, forward) {
        (0, _) => u8::MAX,
        (1, true) | (-1, false) => last - c,
        _ => c,
    };
    rows.min(columns)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::lizards::generate::{Engine, Puzzle};
    use crate::puzzles::level::Difficulty;

    /// A reset, then the walks through every lizard in every direction (a game resumed).
    fn walked_from_scratch(board: &Board, lizards: &CellSet) -> Sightlines {
        let (mut sightlines, mut changed) = (Sightlines::NONE, CellSet::EMPTY);
        for part in 0..RESET_PARTS {
            sightlines.reset_part(board, lizards, part);
        }
        for cell in lizards.iter() {
            for dir in Dir::ALL {
                sightlines.walk(board.size(), cell, dir, &mut changed);
            }
        }
        sightlines
    }

    /// After random moves and undos, the sightlines kept move by move equal those walked
    /// from scratch, and both agree with the conflicts the engine finds by walking every
    /// lizard's lines; the cells reported changed are exactly those whose error changed.
    #[test]
    fn sightlines_follow_the_moves_and_agree_with_the_conflicts() {
        let mut rng = fastrand::Rng::with_seed(3);
        let mut engine = Engine::new();
        for (size, seed) in [(6, 1), (9, 2), (12, 3)] {
            let mut puzzle = Puzzle::new();
            assert!(engine.generate_puzzle(size, Difficulty::Easy, seed, &mut puzzle));
            let board = &puzzle.board;
            let (mut play, mut kept) = (Play::new(), Sightlines::NONE);
            for part in 0..RESET_PARTS {
                kept.reset_part(board, &play.marks().lizards, part);
            }
            for step in 0..400 {
                let cell = rng.u8(..board.cells());
                let before = kept.clone();
                let moved = match rng.u8(..8) {
                    0 => play.undo().map(|m| m.cell),
                    _ if board.is_tree(cell) => None,
                    _ => {
                        let to = if play.mark(cell) == Mark::Lizard { Mark::Unknown } else { Mark::Lizard };
                        play.set_mark(cell, to).then_some(cell)
                    }
                };
                let mut changed = CellSet::EMPTY;
                if let Some(cell) = moved {
                    kept.note(&play.marks().lizards, cell);
                    for dir in Dir::ALL {
                        kept.walk(board.size(), cell, dir, &mut changed);
                    }
                }
                assert_eq!(kept, walked_from_scratch(board, &play.marks().lizards), "size {size}, step {step}");
                let conflicts = Lizards::conflicts(board, &play.marks().lizards);
                for cell in 0..board.cells() {
                    let lizard = play.marks().lizards.contains(cell);
                    let want = if lizard { conflicts.lizards.contains(cell) } else { conflicts.between.contains(cell) };
                    assert_eq!(kept.in_error(cell), want, "size {size}, step {step}, cell {cell}");
                    assert_eq!(changed.contains(cell), before.in_error(cell) != kept.in_error(cell), "cell {cell}");
                }
            }
        }
    }
}

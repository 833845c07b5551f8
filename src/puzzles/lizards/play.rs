//! The player's side of a Baby Lizards game: the marks with their history, and the lines of
//! sight in error kept up to date a move at a time.
//!
//! A lizard sees another exactly when the two share a segment, so the live error is a
//! property of segments: a segment holding two or more lizards shows its lizards and the cells
//! between its first and last lizard. A move changes only the four segments through its cell,
//! so [`Sightlines::update`] walks those four (at most 4 n cells), where
//! [`super::Lizards::conflicts`] walks every lizard's lines: a frame's work on the console
//! after every move would not fit otherwise.

use super::deduce::Mark;
use super::grid::{Board, CELLS, CellSet, Dir, MAX_SIZE};
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

/// For each cell, the directions (bit `dir as u8`) whose segment through it holds two or more
/// lizards with the cell from the first of them to the last: a lizard so marked sees
/// another, any other cell so marked lies on a line of sight between two.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Sightlines {
    dirs: [u8; CELLS],
}

impl Default for Sightlines {
    fn default() -> Self {
        Self::NONE
    }
}

impl Sightlines {
    pub const NONE: Sightlines = Sightlines { dirs: [0; CELLS] };

    /// Whether `cell` is a lizard in sight of another or a cell between two such.
    pub fn in_error(&self, cell: u8) -> bool {
        self.dirs[usize::from(cell)] != 0
    }

    /// Every segment of the board, for `lizards` (a game resumed): only segments through a
    /// lizard can be in error, so those (a new game's board has none: nothing to walk).
    pub fn build(&mut self, board: &Board, lizards: &CellSet) {
        self.dirs = [0; CELLS];
        let mut changed = CellSet::EMPTY;
        for cell in lizards.iter() {
            self.update(board, lizards, cell, &mut changed);
        }
    }

    /// The four segments through `cell` after its mark changed; the cells whose error changed
    /// go into `changed`.
    pub fn update(&mut self, board: &Board, lizards: &CellSet, cell: u8, changed: &mut CellSet) {
        if board.is_tree(cell) {
            return;
        }
        let n = board.size();
        let (r, c) = board.row_col(cell);
        for dir in Dir::ALL {
            // Back to the segment's first cell, then forward from there to its end.
            let offset = offset(n, dir);
            let (back, ahead) = (steps_to_edge(n, r, c, dir, false), steps_to_edge(n, r, c, dir, true));
            let (mut first, mut stepped) = (cell, 0);
            while stepped < back && !board.is_tree(first.wrapping_sub(offset)) {
                first = first.wrapping_sub(offset);
                stepped += 1;
            }
            self.walk_segment(board, lizards, first, stepped + ahead, dir, changed);
        }
    }

    /// Sets `dir`'s bit on the segment starting at `start` (at most `left` steps from the
    /// board's edge): on the cells from its first lizard to its last when it holds two or more.
    /// One walk gathers the cells and counts; the bits are written only when the segment is in
    /// error or was (most are neither: a move's update then reads each cell once).
    fn walk_segment(&mut self, board: &Board, lizards: &CellSet, start: u8, left: u8, dir: Dir, changed: &mut CellSet) {
        let offset = offset(board.size(), dir);
        let bit = 1 << dir as u8;
        let (mut cells, mut len) = ([0u8; MAX_SIZE as usize], 0);
        let (mut count, mut first, mut last, mut was_on) = (0u8, 0, 0, false);
        let (mut cell, mut left) = (start, left);
        loop {
            if lizards.contains(cell) {
                if count == 0 {
                    first = len;
                }
                last = len;
                count += 1;
            }
            was_on |= self.dirs[usize::from(cell)] & bit != 0;
            cells[len] = cell;
            len += 1;
            if left == 0 || board.is_tree(cell.wrapping_add(offset)) {
                break;
            }
            cell = cell.wrapping_add(offset);
            left -= 1;
        }
        if count < 2 && !was_on {
            return;
        }
        for (index, &cell) in cells[..len].iter().enumerate() {
            let on = count >= 2 && (first..=last).contains(&index);
            let was = self.dirs[usize::from(cell)];
            let now = if on { was | bit } else { was & !bit };
            if (now == 0) != (was == 0) {
                changed.insert(cell);
            }
            self.dirs[usize::from(cell)] = now;
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

    /// After random moves and undos, the sightlines kept move by move equal a fresh build,
    /// and both agree with the conflicts the engine finds by walking every lizard's lines;
    /// the cells reported changed are exactly those whose error changed.
    #[test]
    fn sightlines_follow_the_moves_and_agree_with_the_conflicts() {
        let mut rng = fastrand::Rng::with_seed(3);
        let mut engine = Engine::new();
        for (size, seed) in [(6, 1), (9, 2), (12, 3)] {
            let mut puzzle = Puzzle::new();
            assert!(engine.generate_puzzle(size, Difficulty::Easy, seed, &mut puzzle));
            let board = &puzzle.board;
            let (mut play, mut kept) = (Play::new(), Sightlines::NONE);
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
                    kept.update(board, &play.marks().lizards, cell, &mut changed);
                }
                let mut fresh = Sightlines::NONE;
                fresh.build(board, &play.marks().lizards);
                assert_eq!(kept, fresh, "size {size}, step {step}");
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

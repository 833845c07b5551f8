//! The complete solvers: backtracking over the row segments, counting solutions up to a
//! limit, with an explicit stack (one cursor and one choice per row segment, no recursion).
//!
//! Every solution puts at most one lizard in each row segment, so the search decides the row
//! segments in reading order: a lizard on one of its cells, or none (allowed while enough
//! segments are left for the lizards still to place). Each set of lizards is met on exactly one
//! path, so counting paths counts solutions. What is safe to place is the only difference
//! between the two solvers, behind [`Sight`]:
//! - [`SegmentSight`]: a taken flag per column, diagonal and anti-diagonal segment; a cell is
//!   safe when its three segments are free (three bit tests, whatever the board).
//! - [`WalkingSight`]: walks the four lines back from the cell (left, up, up-left, up-right:
//!   the search places in reading order, so no lizard lies ahead) until a tree or the edge.
//!
//! The second is the plain reference the first is measured against (`make bench-engine`).

use super::grid::{Board, CellSet, Dir, MAX_SEGMENTS, Segments};

/// A cursor past its segment's cells and its "no lizard here" option.
const EXHAUSTED: u8 = 0xFF;
/// A choice of no lizard in the segment.
const SKIPPED: u8 = 0xFF;
/// Bytes of a bit set over one direction's segment ids.
pub const SEGMENT_SET_BYTES: usize = MAX_SEGMENTS / 8;
const BIT: [u8; 8] = [1, 2, 4, 8, 16, 32, 64, 128];

/// What the search asks about lizards seeing each other.
pub trait Sight {
    /// Forget every lizard.
    fn clear(&mut self);
    /// Whether a lizard on the free `cell` (at row `r`, column `c`) would see none placed so
    /// far, other than through its own row segment (the search puts one lizard a row segment).
    fn safe(&self, board: &Board, segments: &Segments, cell: u8, r: u8, c: u8) -> bool;
    fn place(&mut self, segments: &Segments, cell: u8);
    fn remove(&mut self, segments: &Segments, cell: u8);
}

/// Taken flags per segment of the column, diagonal and anti-diagonal directions.
#[derive(Clone)]
pub struct SegmentSight {
    taken: [[u8; SEGMENT_SET_BYTES]; 3],
}

impl SegmentSight {
    pub const fn new() -> SegmentSight {
        SegmentSight { taken: [[0; SEGMENT_SET_BYTES]; 3] }
    }
}

impl Default for SegmentSight {
    fn default() -> Self {
        SegmentSight::new()
    }
}

const CROSS_DIRS: [Dir; 3] = [Dir::Column, Dir::Diagonal, Dir::AntiDiagonal];

impl Sight for SegmentSight {
    fn clear(&mut self) {
        self.taken = [[0; SEGMENT_SET_BYTES]; 3];
    }

    #[inline]
    fn safe(&self, _: &Board, segments: &Segments, cell: u8, _: u8, _: u8) -> bool {
        CROSS_DIRS.iter().zip(self.taken.iter()).all(|(&dir, taken)| {
            let id = segments.id(dir, cell);
            taken[(id >> 3) as usize] & BIT[(id & 7) as usize] == 0
        })
    }

    fn place(&mut self, segments: &Segments, cell: u8) {
        for (&dir, taken) in CROSS_DIRS.iter().zip(self.taken.iter_mut()) {
            let id = segments.id(dir, cell);
            taken[(id >> 3) as usize] |= BIT[(id & 7) as usize];
        }
    }

    fn remove(&mut self, segments: &Segments, cell: u8) {
        for (&dir, taken) in CROSS_DIRS.iter().zip(self.taken.iter_mut()) {
            let id = segments.id(dir, cell);
            taken[(id >> 3) as usize] &= !BIT[(id & 7) as usize];
        }
    }
}

/// The lizards placed, looked for along the lines.
#[derive(Clone, Default)]
pub struct WalkingSight {
    lizards: CellSet,
}

impl WalkingSight {
    pub const fn new() -> WalkingSight {
        WalkingSight { lizards: CellSet::EMPTY }
    }
}

impl Sight for WalkingSight {
    fn clear(&mut self) {
        self.lizards = CellSet::EMPTY;
    }

    fn safe(&self, board: &Board, _: &Segments, _: u8, r: u8, c: u8) -> bool {
        for dir in Dir::ALL {
            let (mut r, mut c) = (r, c);
            while let Some((r2, c2)) = board.step(r, c, dir, false) {
                let cell = board.cell_at(r2, c2);
                if board.is_tree(cell) {
                    break;
                }
                if self.lizards.contains(cell) {
                    return false;
                }
                (r, c) = (r2, c2);
            }
        }
        true
    }

    fn place(&mut self, _: &Segments, cell: u8) {
        self.lizards.insert(cell);
    }

    fn remove(&mut self, _: &Segments, cell: u8) {
        self.lizards.remove(cell);
    }
}

/// The search's stack and its first solution.
#[derive(Clone)]
pub struct Search {
    /// Per row segment (the stack's depth): the next cell to try, or [`EXHAUSTED`].
    cursor: [u8; MAX_SEGMENTS],
    /// Per row segment: the cell holding its lizard, or [`SKIPPED`].
    chosen: [u8; MAX_SEGMENTS],
    /// The first two solutions met.
    found: [CellSet; 2],
    /// Search nodes (placements tried) of the last count, for the benchmarks.
    pub nodes: u32,
}

impl Default for Search {
    fn default() -> Self {
        Search::new()
    }
}

impl Search {
    pub const fn new() -> Search {
        Search { cursor: [0; MAX_SEGMENTS], chosen: [0; MAX_SEGMENTS], found: [CellSet::EMPTY; 2], nodes: 0 }
    }

    /// The first solution the last count met.
    pub fn solution(&self) -> &CellSet {
        &self.found[0]
    }

    /// The second solution the last count met (when it counted two).
    pub fn second_solution(&self) -> &CellSet {
        &self.found[1]
    }

    /// Solutions of `lizards` lizards on `board` (whose segments are `segments`), counted up
    /// to `limit`.
    pub fn count<S: Sight>(&mut self, sight: &mut S, board: &Board, segments: &Segments, lizards: u8, limit: u8) -> u8 {
        sight.clear();
        self.nodes = 0;
        self.found = [CellSet::EMPTY; 2];
        let rows = segments.count(Dir::Row);
        if limit == 0 || lizards > rows {
            return 0;
        }
        if lizards == 0 {
            return 1;
        }
        let (mut depth, mut placed, mut count) = (0u8, 0u8, 0u8);
        self.cursor[0] = segments.row_start(0);
        loop {
            let d = depth as usize;
            let mut advanced = false;
            if self.cursor[d] != EXHAUSTED {
                let mut cell = self.cursor[d];
                let (r, mut c) = board.row_col(cell);
                let end = board.cells();
                while cell < end && segments.id(Dir::Row, cell) == depth {
                    if sight.safe(board, segments, cell, r, c) {
                        self.nodes += 1;
                        sight.place(segments, cell);
                        self.chosen[d] = cell;
                        self.cursor[d] = cell + 1;
                        placed += 1;
                        advanced = true;
                        break;
                    }
                    cell += 1;
                    c += 1;
                }
                if !advanced {
                    self.cursor[d] = EXHAUSTED;
                    // No lizard here, if the segments after this one can still take the rest.
                    if lizards - placed < rows - depth {
                        self.chosen[d] = SKIPPED;
                        advanced = true;
                    }
                }
            }
            if advanced {
                if placed == lizards {
                    // Only a placement completes a solution (a skip leaves `placed` as it was,
                    // and the last placement was counted then).
                    count += 1;
                    if let Some(found) = self.found.get_mut(count as usize - 1) {
                        for &cell in &self.chosen[..=d] {
                            if cell != SKIPPED {
                                found.insert(cell);
                            }
                        }
                    }
                    if count >= limit {
                        return count;
                    }
                    sight.remove(segments, self.chosen[d]);
                    placed -= 1;
                    continue;
                }
                // `placed < lizards <= placed + rows - depth - 1` here, so a segment follows.
                depth += 1;
                self.cursor[depth as usize] = segments.row_start(depth);
                continue;
            }
            if depth == 0 {
                return count;
            }
            depth -= 1;
            let cell = self.chosen[depth as usize];
            if cell != SKIPPED {
                sight.remove(segments, cell);
                placed -= 1;
            }
        }
    }
}

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

use super::grid::{Board, CellSet, Dir, MAX_SEGMENTS, Segments, SlotSet};

/// A cursor past its segment's cells and its "no lizard here" option.
const EXHAUSTED: u8 = 0xFF;
/// A choice of no lizard in the segment.
const SKIPPED: u8 = 0xFF;

/// What the search asks about lizards seeing each other.
pub trait Sight {
    /// Forget every lizard.
    fn clear(&mut self);
    /// Whether a lizard on the free `cell` would see none placed so far, other than through
    /// its own row segment (the search puts one lizard a row segment).
    fn safe(&self, board: &Board, segments: &Segments, cell: u8) -> bool;
    fn place(&mut self, segments: &Segments, cell: u8);
    fn remove(&mut self, segments: &Segments, cell: u8);
}

/// Taken flags per segment of the column, diagonal and anti-diagonal directions (each read at
/// its fixed place in [`Segments::cell_ids`]: no loop over directions, which the console pays
/// for with a table load and a multiplication each).
#[derive(Clone)]
pub struct SegmentSight {
    column: SlotSet,
    diagonal: SlotSet,
    anti_diagonal: SlotSet,
}

impl SegmentSight {
    pub const fn new() -> SegmentSight {
        SegmentSight { column: SlotSet::EMPTY, diagonal: SlotSet::EMPTY, anti_diagonal: SlotSet::EMPTY }
    }
}

impl Default for SegmentSight {
    fn default() -> Self {
        SegmentSight::new()
    }
}

impl Sight for SegmentSight {
    fn clear(&mut self) {
        *self = SegmentSight::new();
    }

    #[inline]
    fn safe(&self, _: &Board, segments: &Segments, cell: u8) -> bool {
        let ids = segments.cell_ids(cell);
        !self.column.contains(ids[Dir::Column as usize])
            && !self.diagonal.contains(ids[Dir::Diagonal as usize])
            && !self.anti_diagonal.contains(ids[Dir::AntiDiagonal as usize])
    }

    #[inline]
    fn place(&mut self, segments: &Segments, cell: u8) {
        let ids = segments.cell_ids(cell);
        self.column.insert(ids[Dir::Column as usize]);
        self.diagonal.insert(ids[Dir::Diagonal as usize]);
        self.anti_diagonal.insert(ids[Dir::AntiDiagonal as usize]);
    }

    #[inline]
    fn remove(&mut self, segments: &Segments, cell: u8) {
        let ids = segments.cell_ids(cell);
        self.column.remove(ids[Dir::Column as usize]);
        self.diagonal.remove(ids[Dir::Diagonal as usize]);
        self.anti_diagonal.remove(ids[Dir::AntiDiagonal as usize]);
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

    fn safe(&self, board: &Board, _: &Segments, cell: u8) -> bool {
        let (r, c) = board.row_col(cell);
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
    /// Per row segment (the stack's depth): the cell holding its lizard, or [`SKIPPED`].
    /// Coming back to a segment, the search goes on from the cell after its lizard (a skip is
    /// the last choice).
    pub(super) chosen: [u8; MAX_SEGMENTS],
    /// The first two solutions met.
    pub(super) found: [CellSet; 2],
    /// Search nodes (placements tried) of the last count, for the benchmarks (saturating: a
    /// 32-bit count costs the console a hundred cycles a node).
    pub nodes: u16,
}

impl Default for Search {
    fn default() -> Self {
        Search::new()
    }
}

impl Search {
    pub const fn new() -> Search {
        Search { chosen: [0; MAX_SEGMENTS], found: [CellSet::EMPTY; 2], nodes: 0 }
    }

    /// The first solution the last count met.
    pub fn solution(&self) -> &CellSet {
        &self.found[0]
    }

    /// The second solution the last count met (when it counted two).
    pub fn second_solution(&self) -> &CellSet {
        &self.found[1]
    }

    /// Solutions of `lizards` lizards on `board` (whose segments are `segments`) with every
    /// lizard in `allowed`, counted up to `limit`. The generator passes what a closure left
    /// possible (its open cells and lizards, which every solution keeps): the same solutions in
    /// the same order, from a far smaller tree.
    pub fn count<S: Sight>(&mut self, sight: &mut S, board: &Board, segments: &mut Segments, lizards: u8, limit: u8, allowed: &CellSet) -> u8 {
        sight.clear();
        self.nodes = 0;
        self.found = [CellSet::EMPTY; 2];
        let rows = segments.list_rows();
        let segments = &*segments;
        if limit == 0 || lizards > rows {
            return 0;
        }
        if lizards == 0 {
            return 1;
        }
        let (mut depth, mut placed, mut count) = (0u8, 0u8, 0u8);
        // The next cell to try in the current row segment, or EXHAUSTED.
        let mut cursor = segments.row_start(0);
        loop {
            let d = depth as usize;
            let mut advanced = false;
            if cursor != EXHAUSTED {
                let mut cell = cursor;
                let end = segments.cells();
                let row = segments.id(Dir::Row, segments.row_start(depth));
                while cell < end && segments.id(Dir::Row, cell) == row {
                    if allowed.contains(cell) && sight.safe(board, segments, cell) {
                        self.nodes = self.nodes.saturating_add(1);
                        sight.place(segments, cell);
                        self.chosen[d] = cell;
                        cursor = cell + 1;
                        placed += 1;
                        advanced = true;
                        break;
                    }
                    cell += 1;
                }
                if !advanced {
                    cursor = EXHAUSTED;
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
                cursor = segments.row_start(depth);
                continue;
            }
            if depth == 0 {
                return count;
            }
            depth -= 1;
            let cell = self.chosen[depth as usize];
            if cell == SKIPPED {
                cursor = EXHAUSTED;
            } else {
                sight.remove(segments, cell);
                placed -= 1;
                cursor = cell + 1;
            }
        }
    }
}

//! The rules checker: every violation of the four Hitori rules, by kind and cells.
//!
//! 1. no number repeats among unshaded cells of a row or column (`Duplicate`),
//! 2. no two shaded cells touch orthogonally (`Adjacent`),
//! 3. the unshaded cells form one orthogonally connected region (`Disconnected`),
//! 4. every shaded cell's number is repeated by an unshaded cell of its row or column
//!    (`Unjustified`).

use super::board::{Board, CellSet, bit_of, cell_at, col_of, row_of};
use super::flood;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RuleKind {
    Duplicate = 0,
    Adjacent = 1,
    Disconnected = 2,
    Unjustified = 3,
}

/// One broken rule. `Duplicate` and `Adjacent` name the two cells; `Disconnected` names the
/// first cell of a region cut off from the largest one; `Unjustified` names the shaded cell.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Violation {
    pub kind: RuleKind,
    pub cells: [u8; 2],
    pub len: u8,
}

impl Violation {
    fn pair(kind: RuleKind, a: u8, b: u8) -> Violation {
        Violation { kind, cells: [a, b], len: 2 }
    }

    fn single(kind: RuleKind, a: u8) -> Violation {
        Violation { kind, cells: [a, a], len: 1 }
    }

    pub fn cells(&self) -> &[u8] {
        &self.cells[..self.len as usize]
    }
}

/// Report every violation of `shaded` to `report`. Repeats are looked for only among the
/// cells of `kept` (all unshaded cells for a final check, the circled ones while playing), so
/// the same routine serves the final check and live highlighting. Regions and justification
/// treat every cell outside `shaded` as unshaded.
pub fn for_each_violation(
    board: &Board,
    shaded: &CellSet,
    kept: &CellSet,
    mut report: impl FnMut(Violation),
) {
    let n = board.size();
    // Rule 1: each kept cell paired with the next kept cell of equal number right and below.
    for cell in kept.iter() {
        let (r, c) = (row_of(cell), col_of(cell));
        let value = board.number(cell);
        if let Some(other) = (c + 1..n).map(|cc| cell_at(r, cc)).find(|&o| kept.contains(o) && board.number(o) == value) {
            report(Violation::pair(RuleKind::Duplicate, cell, other));
        }
        if let Some(other) = (r + 1..n).map(|rr| cell_at(rr, c)).find(|&o| kept.contains(o) && board.number(o) == value) {
            report(Violation::pair(RuleKind::Duplicate, cell, other));
        }
    }
    // Rule 2: shaded pairs, each reported once (right and down neighbour).
    for cell in shaded.iter() {
        let (r, c) = (row_of(cell), col_of(cell));
        if c + 1 < n && shaded.contains(cell + 1) {
            report(Violation::pair(RuleKind::Adjacent, cell, cell + 1));
        }
        if r + 1 < n && shaded.contains(cell + 16) {
            report(Violation::pair(RuleKind::Adjacent, cell, cell + 16));
        }
    }
    // Rule 3: every region but the largest (the first of equal size) is cut off. Usually the
    // first flood fill reaches every open cell and that is all; otherwise two passes of flood
    // fills keep no list of regions.
    let open = CellSet::full(n).minus(shaded);
    let connected = open.first().is_none_or(|start| flood::component(n, shaded, start) == open);
    let mut largest = (0u8, 0u8); // (size, first cell)
    let mut unvisited = if connected { CellSet::EMPTY } else { open };
    while let Some(start) = unvisited.first() {
        let region = flood::component(n, shaded, start);
        unvisited = unvisited.minus(&region);
        let len = region.len();
        if len > largest.0 {
            largest = (len, start);
        }
    }
    let mut unvisited = if connected { CellSet::EMPTY } else { open };
    while let Some(start) = unvisited.first() {
        unvisited = unvisited.minus(&flood::component(n, shaded, start));
        if start != largest.1 {
            report(Violation::single(RuleKind::Disconnected, start));
        }
    }
    // Rule 4: a shaded cell needs an unshaded twin.
    for cell in shaded.iter() {
        if board.twins(cell).to_set().minus(shaded).is_empty() {
            report(Violation::single(RuleKind::Unjustified, cell));
        }
    }
}

/// Whether `shaded` satisfies all four rules on `board`. One pass over the cells with bit
/// masks of the numbers seen per row and column, then one flood fill: cheap enough for every
/// solution the search meets.
pub fn is_solution(board: &Board, shaded: &CellSet) -> bool {
    let n = board.size();
    for r in 0..n {
        let row = shaded.row(r);
        if row & (row << 1) != 0 || (r + 1 < n && row & shaded.row(r + 1) != 0) {
            return false;
        }
    }
    // Bit v of seen_in_row[r] / seen_in_col[c]: number v is on an unshaded cell of that line.
    let mut seen_in_row = [0u16; 15];
    let mut seen_in_col = [0u16; 15];
    for r in 0..n {
        for c in 0..n {
            let cell = cell_at(r, c);
            if shaded.contains(cell) {
                continue;
            }
            let bit = bit_of(board.number(cell));
            if (seen_in_row[r as usize] | seen_in_col[c as usize]) & bit != 0 {
                return false;
            }
            seen_in_row[r as usize] |= bit;
            seen_in_col[c as usize] |= bit;
        }
    }
    for cell in shaded.iter() {
        let bit = 1u16 << board.number(cell);
        if (seen_in_row[row_of(cell) as usize] | seen_in_col[col_of(cell) as usize]) & bit == 0 {
            return false;
        }
    }
    let open = CellSet::full(n).minus(shaded);
    match open.first() {
        None => true,
        Some(start) => flood::component(n, shaded, start) == open,
    }
}

/// The cells to highlight, per rule kind: both cells of each repeat and each touching pair,
/// every cell of the regions cut off from the largest, and each unjustified shaded cell.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct ViolationMap {
    kinds: [CellSet; 4],
    /// The union of `kinds`, kept as cells are added (computing it afterwards costs the
    /// console more than building the map).
    flagged: CellSet,
}

impl ViolationMap {
    /// No violations (for statics).
    pub const EMPTY: ViolationMap = ViolationMap { kinds: [CellSet::EMPTY; 4], flagged: CellSet::EMPTY };

    pub fn build(board: &Board, shaded: &CellSet, kept: &CellSet) -> ViolationMap {
        let mut map = ViolationMap::default();
        let n = board.size();
        for_each_violation(board, shaded, kept, |v| match v.kind {
            RuleKind::Disconnected => {
                let region = flood::component(n, shaded, v.cells[0]);
                for cell in region.iter() {
                    map.flag(RuleKind::Disconnected, cell);
                }
            }
            kind => {
                for &cell in v.cells() {
                    map.flag(kind, cell);
                }
            }
        });
        map
    }

    fn flag(&mut self, kind: RuleKind, cell: u8) {
        self.kinds[kind as usize].insert(cell);
        self.flagged.insert(cell);
    }

    pub fn cells(&self, kind: RuleKind) -> &CellSet {
        &self.kinds[kind as usize]
    }

    /// Every cell that breaks some rule.
    pub fn flagged(&self) -> &CellSet {
        &self.flagged
    }

    /// Whether `cell` breaks any rule.
    pub fn flags(&self, cell: u8) -> bool {
        self.flagged.contains(cell)
    }

    pub fn is_empty(&self) -> bool {
        self.flagged.is_empty()
    }
}

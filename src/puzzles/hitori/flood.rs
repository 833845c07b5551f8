//! Flood fill over the unshaded cells: the plain reference the dual union-find is tested
//! against, and the component finder of the rules checker.
//!
//! Works on bit rows, so it needs no stack or queue: a row grows sideways inside its open runs,
//! then takes the rows above and below, sweeping until nothing changes.

use super::board::{CellSet, row_mask};

/// A flood fill that can stop after any number of rows and go on later: the console spreads
/// the rules checker's fills over frames.
///
/// Sweeps go down and up in turn: a row takes what its neighbours reached, in the sweep's
/// direction as far as the region goes, so a sweep is needed only each time a path turns
/// back (one sweep direction alone would climb one row a sweep). The fill is complete after a
/// sweep that changes nothing.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Flood {
    reached: CellSet,
    /// Rows of the current sweep already visited.
    visited: u8,
    upwards: bool,
    /// Whether the current sweep has grown `reached`.
    changed: bool,
    complete: bool,
}

impl Flood {
    /// No fill begun (for statics; [`Flood::start_at`] begins one). All zeros, so that
    /// clearing a value that holds one is a fill rather than a copy on the console.
    pub const EMPTY: Flood = Flood { reached: CellSet::EMPTY, visited: 0, upwards: false, changed: false, complete: false };

    /// Begins again, from `start`: already complete (and empty) when `start` is shaded. In
    /// place, as a `Flood` made by value is a 34-byte copy on the console.
    pub fn start_at(&mut self, shaded: &CellSet, start: u8) {
        self.reached = CellSet::EMPTY;
        self.visited = 0;
        self.upwards = false;
        self.changed = false;
        self.complete = shaded.contains(start);
        if !self.complete {
            self.reached.insert(start);
        }
    }

    /// Visits at most `rows` rows of an `n` x `n` board; true once the fill is complete.
    pub fn advance(&mut self, n: u8, shaded: &CellSet, rows: u8) -> bool {
        let full = row_mask(n);
        for _ in 0..rows {
            if self.complete {
                break;
            }
            let r = if self.upwards { n - 1 - self.visited } else { self.visited };
            let mut bits = self.reached.row(r);
            if r > 0 {
                bits |= self.reached.row(r - 1);
            }
            if r + 1 < n {
                bits |= self.reached.row(r + 1);
            }
            // Rows away from the region cost only this test.
            if bits != 0 {
                let open = full & !shaded.row(r);
                bits &= open;
                loop {
                    let grown = (bits | (bits << 1) | (bits >> 1)) & open;
                    if grown == bits {
                        break;
                    }
                    bits = grown;
                }
                if bits != self.reached.row(r) {
                    self.reached.set_row(r, bits);
                    self.changed = true;
                }
            }
            self.visited += 1;
            if self.visited == n {
                self.complete = !self.changed;
                self.visited = 0;
                self.changed = false;
                self.upwards = !self.upwards;
            }
        }
        self.complete
    }

    /// Whether the fill is over: [`Flood::reached`] is the whole component.
    pub fn is_complete(&self) -> bool {
        self.complete
    }

    /// The cells reached so far.
    pub fn reached(&self) -> &CellSet {
        &self.reached
    }
}

/// The unshaded cells of an `n` x `n` board orthogonally connected to `start`
/// (empty when `start` is shaded).
pub fn component(n: u8, shaded: &CellSet, start: u8) -> CellSet {
    let mut flood = Flood::EMPTY;
    flood.start_at(shaded, start);
    while !flood.advance(n, shaded, u8::MAX) {}
    flood.reached
}

/// The number of orthogonally connected regions of unshaded cells.
pub fn count_components(n: u8, shaded: &CellSet) -> u8 {
    let mut unvisited = CellSet::full(n).minus(shaded);
    let mut count = 0;
    while let Some(start) = unvisited.first() {
        unvisited = unvisited.minus(&component(n, shaded, start));
        count += 1;
    }
    count
}

/// Whether shading `cell` would split the unshaded region, which must be connected now.
/// One flood fill from the first cell left unshaded.
pub fn splits_if_shaded(n: u8, shaded: &CellSet, cell: u8) -> bool {
    let mut after = *shaded;
    after.insert(cell);
    let open = CellSet::full(n).minus(&after);
    match open.first() {
        None => false,
        Some(start) => component(n, &after, start) != open,
    }
}

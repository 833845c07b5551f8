//! Flood fill over the unshaded cells: the plain reference the dual union-find is tested
//! against, and the component finder of the rules checker.
//!
//! Works on bit rows, so it needs no stack or queue: a row grows sideways inside its open runs,
//! then takes the rows above and below, sweeping until nothing changes.

use super::board::{CellSet, row_mask};

/// The unshaded cells of an `n` x `n` board orthogonally connected to `start`
/// (empty when `start` is shaded).
///
/// Sweeps go down and up in turn: a row takes what its neighbours reached, in the sweep's
/// direction as far as the region goes, so a sweep is needed only each time a path turns
/// back (one sweep direction alone would climb one row a sweep).
pub fn component(n: u8, shaded: &CellSet, start: u8) -> CellSet {
    let mut reached = CellSet::EMPTY;
    if shaded.contains(start) {
        return reached;
    }
    reached.insert(start);
    let full = row_mask(n);
    let mut downwards = true;
    loop {
        let mut changed = false;
        for i in 0..n {
            let r = if downwards { i } else { n - 1 - i };
            let open = full & !shaded.row(r);
            let mut bits = reached.row(r);
            if r > 0 {
                bits |= reached.row(r - 1);
            }
            if r + 1 < n {
                bits |= reached.row(r + 1);
            }
            bits &= open;
            loop {
                let grown = (bits | (bits << 1) | (bits >> 1)) & open;
                if grown == bits {
                    break;
                }
                bits = grown;
            }
            if bits != reached.row(r) {
                reached.set_row(r, bits);
                changed = true;
            }
        }
        if !changed {
            return reached;
        }
        downwards = !downwards;
    }
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

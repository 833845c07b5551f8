//! Dancing links for Sudoku: Knuth's Algorithm X on the exact-cover matrix of 729 candidate
//! rows ("digit d in cell c") and 324 constraint columns (each cell holds a digit; each row,
//! column and box holds each digit), 4 ones a row and exactly 9 a column. Used to fill a random
//! complete grid and to count a puzzle's solutions up to a limit.
//!
//! The layout is chosen for 8 KiB of WRAM shared by the whole game. Knuth's nodes (left,
//! right, up, down, column: 2,916 of them plus 324 headers) take about 29 KB with 16-bit
//! links; even the smallest node that keeps real up/down links, two 4-bit slots a node (every
//! column has exactly 9 rows, so a row's place in a column fits 4 bits), is 2,916 bytes, more
//! than the whole engine's ~2 KiB. What this keeps:
//! - Rows have no nodes: a row's four columns and its place in each are computed from (cell,
//!   digit), so left/right are implicit, as in Knuth's DLX1 with rows of fixed length.
//! - A column's up/down list is its 9 fixed slots, stored as a 9-bit set of the rows still in
//!   it: the next row down is the next set bit. Unlinking a row from a column clears its bit and
//!   relinking sets it again, both O(1), and they restore exactly what was taken away in the
//!   reverse order, which is all "dancing" asks of the links. 324 x 2 = 648 bytes.
//! - The column headers are real doubly linked lists (left/right arrays), one for the 81 cell
//!   columns and one for the 243 unit-digit columns so that every link fits a byte: covering a
//!   column unlinks its header in O(1) and the search never looks at covered columns.
//! - The search is iterative, one level per placed digit (at most 81), with the column with the
//!   fewest rows chosen first (stopping the scan at a column of 0 or 1 rows).
//! About 1.8 KiB in all (see [`Links`]).

use super::grid::{ALL_DIGITS, BIT, BOX, CELLS, COL, ROW, UNIT_CELLS, UNITS, box_slot, count, lowest};
use crate::puzzles::rng::Rng;

/// Constraint columns: 81 cell columns, then 27 units x 9 digits.
const COLUMNS: usize = 324;
const CELL_COLUMNS: u16 = 81;
/// Unit-digit columns, numbered unit * 9 + digit after the cell columns.
const UNIT_COLUMNS: usize = 243;
/// The header of each list: one past its last column.
const CELL_HEAD: u8 = 81;
const UNIT_HEAD: u8 = 243;
/// A search level whose column has no row selected yet.
const NO_SLOT: u8 = 0xFF;

/// Working memory for the exact-cover search, about 1.8 KiB: row sets (648 bytes), header
/// links (652), the search stack (405) and the solution (81).
#[derive(Clone)]
#[repr(C)]
pub struct Links {
    /// For each column, the slots (bits 0..9) of its rows still in it.
    rows: [u16; COLUMNS],
    cell_left: [u8; CELLS + 1],
    cell_right: [u8; CELLS + 1],
    unit_left: [u8; UNIT_COLUMNS + 1],
    unit_right: [u8; UNIT_COLUMNS + 1],
    /// Per search level: its column, its rows not tried yet, the row selected now.
    level_column: [u16; CELLS],
    level_untried: [u16; CELLS],
    level_slot: [u8; CELLS],
    /// The first solution found by the last search, digits 1..=9.
    solution: [u8; CELLS],
}

impl Default for Links {
    fn default() -> Self {
        Self::new()
    }
}

/// `u * 9` without a multiplication (the SM83 has none).
#[inline(always)]
fn times9(u: u8) -> u16 {
    ((u as u16) << 3) + u as u16
}

/// `j / 9` for j < 324 as `j * 57 / 512`, shifts and adds only (checked in the tests).
#[inline(always)]
fn div9(j: u16) -> u8 {
    (((j << 6) - (j << 3) + j) >> 9) as u8
}

impl Links {
    pub const fn new() -> Links {
        Links {
            rows: [0; COLUMNS],
            cell_left: [0; CELLS + 1],
            cell_right: [0; CELLS + 1],
            unit_left: [0; UNIT_COLUMNS + 1],
            unit_right: [0; UNIT_COLUMNS + 1],
            level_column: [0; CELLS],
            level_untried: [0; CELLS],
            level_slot: [0; CELLS],
            solution: [0; CELLS],
        }
    }

    /// The first solution of the last [`Links::count`] that found one.
    pub fn solution(&self) -> &[u8; CELLS] {
        &self.solution
    }

    /// [`Links::solution`] to write: the generator puts there a solution it found without a
    /// search (two digits swapped), where its callers read the links' (until the next search).
    pub fn solution_mut(&mut self) -> &mut [u8; CELLS] {
        &mut self.solution
    }

    /// Takes on a puzzle's givens (0 blank, else 1..=9); false when two of them clash.
    ///
    /// Built directly rather than by covering the givens' rows one by one (about 3 M cycles a
    /// puzzle on the console, a quarter of generation's time when the generator mends): a row
    /// (cell, digit) is still in the matrix when its cell is blank and no given of its three
    /// units holds the digit, and a column is still in its list when no given fills it. The
    /// lists keep their columns in increasing order, as covering left them, so every search
    /// runs as before.
    pub fn set_givens(&mut self, givens: &[u8; CELLS]) -> bool {
        let Links { rows, cell_left, cell_right, level_untried: used, solution, .. } = self;
        // The digits each unit's givens hold, in the search stack's space (free until a
        // search).
        *used = [0; CELLS];
        for cell in 0..CELLS {
            let digit = givens[cell];
            if digit != 0 {
                let bit = BIT[digit as usize - 1];
                let (r, c, b) = (ROW[cell] as usize, 9 + COL[cell] as usize, 18 + BOX[cell] as usize);
                if (used[r] | used[c] | used[b]) & bit != 0 {
                    return false;
                }
                used[r] |= bit;
                used[c] |= bit;
                used[b] |= bit;
            }
        }
        *solution = *givens;
        *rows = [0; COLUMNS];
        let mut last = CELL_HEAD;
        for cell in 0..CELLS as u8 {
            let c = cell as usize;
            if givens[c] != 0 {
                continue;
            }
            let candidates = !(used[ROW[c] as usize] | used[9 + COL[c] as usize] | used[18 + BOX[c] as usize]) & ALL_DIGITS;
            rows[c] = candidates;
            // The row (cell, digit) sits in slot `digit` of its cell's column and in the
            // cell's slot of each of its units' columns for that digit. Three calls rather
            // than a loop over an array of pairs, which LLVM packs into a wide integer.
            add_rows(rows, ROW[c], COL[c], candidates);
            add_rows(rows, 9 + COL[c], ROW[c], candidates);
            add_rows(rows, 18 + BOX[c], box_slot(cell), candidates);
            cell_right[last as usize] = cell;
            cell_left[c] = last;
            last = cell;
        }
        cell_right[last as usize] = CELL_HEAD;
        cell_left[CELL_HEAD as usize] = last;
        let mut last = UNIT_HEAD;
        for unit in 0..UNITS as u8 {
            let base = times9(unit) as u8;
            let open = !self.level_untried[unit as usize] & ALL_DIGITS;
            for digit in 0..9u8 {
                if open & BIT[digit as usize] != 0 {
                    let i = base + digit;
                    self.unit_right[last as usize] = i;
                    self.unit_left[i as usize] = last;
                    last = i;
                }
            }
        }
        self.unit_right[last as usize] = UNIT_HEAD;
        self.unit_left[UNIT_HEAD as usize] = last;
        true
    }

    /// Takes row (cell, digit) out of the matrix after [`Links::set_givens`]: the next search
    /// finds only solutions without that digit in that cell. The row must still be there.
    pub fn exclude(&mut self, cell: u8, digit: u8) {
        self.relink_row(cell, digit, COLUMNS as u16, false);
    }

    /// Puts row (cell, digit) back after [`Links::exclude`], on the links as the exclusion
    /// left them (a search that found nothing leaves them so: it undoes every cover).
    pub fn include(&mut self, cell: u8, digit: u8) {
        self.relink_row(cell, digit, COLUMNS as u16, true);
    }

    /// Gives the blank `cell` the digit `digit`, as if [`Links::set_givens`] had it among the
    /// givens: its row selected (the cell's column and the row's three unit columns covered).
    pub fn give(&mut self, cell: u8, digit: u8) {
        self.cover(u16::from(cell));
        self.select(u16::from(cell), digit);
    }

    /// The cell and digit of the row in `slot` of column `k`.
    #[inline(always)]
    fn row_at(k: u16, slot: u8) -> (u8, u8) {
        if k < CELL_COLUMNS {
            (k as u8, slot)
        } else {
            let j = k - CELL_COLUMNS;
            let unit = div9(j);
            (UNIT_CELLS[unit as usize][slot as usize], (j - times9(unit)) as u8)
        }
    }

    /// The four columns of row (cell, digit): its cell, its row, its column, its box.
    #[inline(always)]
    fn columns_of(cell: u8, digit: u8) -> (u16, u16, u16, u16) {
        let c = cell as usize;
        let d = digit as u16;
        (
            cell as u16,
            CELL_COLUMNS + times9(ROW[c]) + d,
            CELL_COLUMNS + times9(9 + COL[c]) + d,
            CELL_COLUMNS + times9(18 + BOX[c]) + d,
        )
    }

    /// Takes row (cell, digit) out of (`live` false) or back into (`live` true) every column
    /// but `skip`. On the console `gb_links_relink` (linker/sudoku.s) does the same steps in
    /// about a fifth of the cycles: it was a quarter of medium and hard generation's.
    #[cfg(target_arch = "avr")]
    fn relink_row(&mut self, cell: u8, digit: u8, skip: u16, live: bool) {
        unsafe extern "C" {
            fn gb_links_relink(rows: *mut u16, row: u16, skip: u16);
        }
        let row = u16::from(cell) | u16::from(digit) << 8 | if live { 0x8000 } else { 0 };
        // SAFETY: the routine changes the row's bits in four words of `rows`, nothing else.
        unsafe { gb_links_relink(self.rows.as_mut_ptr(), row, skip) }
    }

    /// Takes row (cell, digit) out of (`live` false) or back into (`live` true) every column
    /// but `skip`.
    #[cfg(not(target_arch = "avr"))]
    fn relink_row(&mut self, cell: u8, digit: u8, skip: u16, live: bool) {
        let c = cell as usize;
        let (k0, k1, k2, k3) = Self::columns_of(cell, digit);
        let mut set = |k: u16, slot: u8| {
            if k != skip {
                if live {
                    self.rows[k as usize] |= BIT[slot as usize];
                } else {
                    self.rows[k as usize] &= !BIT[slot as usize];
                }
            }
        };
        set(k0, digit);
        set(k1, COL[c]);
        set(k2, ROW[c]);
        set(k3, box_slot(cell));
    }

    /// Knuth's cover: the column leaves its header list, its rows leave every other column.
    fn cover(&mut self, k: u16) {
        if k < CELL_COLUMNS {
            let i = k as usize;
            let (l, r) = (self.cell_left[i], self.cell_right[i]);
            self.cell_right[l as usize] = r;
            self.cell_left[r as usize] = l;
        } else {
            let i = (k - CELL_COLUMNS) as usize;
            let (l, r) = (self.unit_left[i], self.unit_right[i]);
            self.unit_right[l as usize] = r;
            self.unit_left[r as usize] = l;
        }
        self.relink_rows(k, false);
    }

    /// Takes every row still in column `k` out of (`live` false) or back into (true) its
    /// other columns.
    #[cfg(not(target_arch = "avr"))]
    fn relink_rows(&mut self, k: u16, live: bool) {
        let mut rows = self.rows[k as usize];
        while rows != 0 {
            let slot = lowest(rows);
            rows &= rows - 1;
            let (cell, digit) = Self::row_at(k, slot);
            self.relink_row(cell, digit, k, live);
        }
    }

    /// The same on the console: `gb_links_relink_rows` (linker/sudoku.s), each row's cell and
    /// digit found as `row_at` does and relinked by `gb_links_relink`.
    #[cfg(target_arch = "avr")]
    fn relink_rows(&mut self, k: u16, live: bool) {
        unsafe extern "C" {
            fn gb_links_relink_rows(links: *mut Links, k: u16);
        }
        // SAFETY: the routine changes bits of `self.rows` (repr(C), at offset 0) only.
        unsafe { gb_links_relink_rows(self, k | if live { 0x8000 } else { 0 }) }
    }

    /// Undoes [`Links::cover`] of `k`, the last column covered and not yet uncovered.
    fn uncover(&mut self, k: u16) {
        self.relink_rows(k, true);
        if k < CELL_COLUMNS {
            let i = k as usize;
            self.cell_right[self.cell_left[i] as usize] = k as u8;
            self.cell_left[self.cell_right[i] as usize] = k as u8;
        } else {
            let i = (k - CELL_COLUMNS) as usize;
            self.unit_right[self.unit_left[i] as usize] = i as u8;
            self.unit_left[self.unit_right[i] as usize] = i as u8;
        }
    }

    /// Selects the row in `slot` of covered column `k`: covers its other three columns.
    fn select(&mut self, k: u16, slot: u8) {
        let (cell, digit) = Self::row_at(k, slot);
        let (k0, k1, k2, k3) = Self::columns_of(cell, digit);
        // One call each rather than a loop over [k0, k1, k2, k3]: LLVM packs that array into
        // a 64-bit integer, which the SM83 takes apart with library calls.
        self.cover_unless(k0, k);
        self.cover_unless(k1, k);
        self.cover_unless(k2, k);
        self.cover_unless(k3, k);
    }

    /// Undoes [`Links::select`]: uncovers the row's other columns in reverse order.
    fn unselect(&mut self, k: u16, slot: u8) {
        let (cell, digit) = Self::row_at(k, slot);
        let (k0, k1, k2, k3) = Self::columns_of(cell, digit);
        self.uncover_unless(k3, k);
        self.uncover_unless(k2, k);
        self.uncover_unless(k1, k);
        self.uncover_unless(k0, k);
    }

    fn cover_unless(&mut self, k: u16, skip: u16) {
        if k != skip {
            self.cover(k);
        }
    }

    fn uncover_unless(&mut self, k: u16, skip: u16) {
        if k != skip {
            self.uncover(k);
        }
    }

    /// The uncovered column with the fewest rows (the first found with 0 or 1 rows ends the
    /// scan); `None` when every column is covered, that is, the grid is full. On the console
    /// `gb_links_choose` (linker/sudoku.s), the same scan.
    #[cfg(target_arch = "avr")]
    fn choose(&self) -> Option<u16> {
        unsafe extern "C" {
            fn gb_links_choose(links: *const Links) -> u16;
        }
        // SAFETY: the routine reads `self` (repr(C), see the layout test), nothing else.
        match unsafe { gb_links_choose(self) } {
            0xFFFF => None,
            k => Some(k),
        }
    }

    /// The uncovered column with the fewest rows (the first found with 0 or 1 rows ends the
    /// scan); `None` when every column is covered, that is, the grid is full.
    #[cfg(not(target_arch = "avr"))]
    fn choose(&self) -> Option<u16> {
        let mut best: Option<u16> = None;
        let mut fewest = 10;
        let mut i = self.cell_right[CELL_HEAD as usize];
        while i != CELL_HEAD {
            let size = count(self.rows[i as usize]);
            if size < fewest {
                best = Some(i as u16);
                fewest = size;
                if size <= 1 {
                    return best;
                }
            }
            i = self.cell_right[i as usize];
        }
        let mut i = self.unit_right[UNIT_HEAD as usize];
        while i != UNIT_HEAD {
            let k = CELL_COLUMNS + i as u16;
            let size = count(self.rows[k as usize]);
            if size < fewest {
                best = Some(k);
                fewest = size;
                if size <= 1 {
                    return best;
                }
            }
            i = self.unit_right[i as usize];
        }
        best
    }

    /// Counts the solutions of the givens taken on by [`Links::set_givens`], stopping at
    /// `limit` (>= 1); the first one found is kept ([`Links::solution`]). With `rng`, each level
    /// tries its rows in random order (how [`Links::fill`] finds a random grid). The links are
    /// left as the search stopped: set givens again before the next search.
    pub fn count(&mut self, limit: u8, mut rng: Option<&mut Rng>) -> u8 {
        let mut found = 0u8;
        let mut depth = 0usize;
        'descend: loop {
            match self.choose() {
                None => {
                    found += 1;
                    if found == 1 {
                        self.record(depth);
                    }
                    if found >= limit {
                        return found;
                    }
                }
                Some(k) => {
                    let rows = self.rows[k as usize];
                    if rows != 0 {
                        self.cover(k);
                        self.level_column[depth] = k;
                        self.level_untried[depth] = rows;
                        self.level_slot[depth] = NO_SLOT;
                        depth += 1;
                    }
                }
            }
            // Backtrack to the deepest level with a row left to try and select it.
            while depth > 0 {
                let level = depth - 1;
                let k = self.level_column[level];
                if self.level_slot[level] != NO_SLOT {
                    self.unselect(k, self.level_slot[level]);
                }
                let untried = self.level_untried[level];
                if untried != 0 {
                    let slot = match rng.as_deref_mut() {
                        Some(rng) => nth_bit(untried, rng.below(count(untried))),
                        None => lowest(untried),
                    };
                    self.level_untried[level] = untried & !BIT[slot as usize];
                    self.level_slot[level] = slot;
                    self.select(k, slot);
                    continue 'descend;
                }
                self.uncover(k);
                depth = level;
            }
            return found;
        }
    }

    /// Writes the rows selected on the search levels into the solution (the givens are there).
    fn record(&mut self, depth: usize) {
        for level in 0..depth {
            let (cell, digit) = Self::row_at(self.level_column[level], self.level_slot[level]);
            self.solution[cell as usize] = digit + 1;
        }
    }

    /// A random complete grid into `grid`: the three boxes on the diagonal share no unit, so
    /// each gets a random order of 1..=9 outright; the search fills the rest in random order.
    pub fn fill(&mut self, rng: &mut Rng, grid: &mut [u8; CELLS]) {
        *grid = [0; CELLS];
        for b in [0usize, 4, 8] {
            let mut digits = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
            for i in (1..9u8).rev() {
                digits.swap(i as usize, rng.below(i + 1) as usize);
            }
            for (s, &digit) in digits.iter().enumerate() {
                grid[UNIT_CELLS[18 + b][s] as usize] = digit;
            }
        }
        // Three boxes that share no unit never clash, and such a grid always completes.
        self.set_givens(grid);
        self.count(1, Some(rng));
        *grid = self.solution;
    }
}

/// Puts the rows (cell, digit) for each digit of `digits` into `unit`'s columns, at the cell's
/// `slot` there. On the console `gb_links_add_rows` (linker/sudoku.s): the same steps, where
/// SDCC took about 3k cycles a call (15% of medium and hard generation's cycles).
fn add_rows(rows: &mut [u16; COLUMNS], unit: u8, slot: u8, digits: u16) {
    let base = CELL_COLUMNS + times9(unit);
    #[cfg(target_arch = "avr")]
    {
        unsafe extern "C" {
            fn gb_links_add_rows(column: *mut u16, digits: u16);
        }
        // SAFETY: the routine sets one bit in some of the unit's 9 columns (base.. base + 9,
        // all within `rows`), nothing else.
        unsafe { gb_links_add_rows(rows.as_mut_ptr().add(base as usize), digits | u16::from(slot) << 12) }
    }
    #[cfg(not(target_arch = "avr"))]
    {
        let mut left = digits;
        while left != 0 {
            let digit = lowest(left);
            left &= left - 1;
            rows[(base + digit as u16) as usize] |= BIT[slot as usize];
        }
    }
}

/// The index of the `n`th set bit (from 0) of `bits`.
fn nth_bit(mut bits: u16, n: u8) -> u8 {
    for _ in 0..n {
        bits &= bits - 1;
    }
    lowest(bits)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// linker/sudoku.s's `gb_links_choose` reads the links at these offsets.
    #[test]
    fn links_layout_is_the_one_the_console_reads() {
        assert_eq!(core::mem::offset_of!(Links, rows), 0);
        assert_eq!(core::mem::offset_of!(Links, cell_right), 730);
        assert_eq!(core::mem::offset_of!(Links, unit_right), 1056);
    }

    #[test]
    fn div9_is_exact_over_every_unit_column() {
        for j in 0..UNIT_COLUMNS as u16 {
            assert_eq!(div9(j) as u16, j / 9, "j = {j}");
        }
    }

    #[test]
    fn every_column_lists_its_nine_rows_at_their_slots() {
        for k in 0..COLUMNS as u16 {
            for slot in 0..9 {
                let (cell, digit) = Links::row_at(k, slot);
                let (k0, k1, k2, k3) = Links::columns_of(cell, digit);
                assert!([k0, k1, k2, k3].contains(&k), "column {k} slot {slot}");
            }
        }
    }
}

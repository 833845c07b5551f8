//! The nursery: cells, cell sets, trees, directions and segments.
//!
//! A cell is one `u8`, `r * n + c` on an `n` x `n` board: dense, so every per-cell table is
//! `n * n` bytes (144 at 12x12), and the four neighbours along a line are the index plus a
//! fixed step (1, n, n + 1, n - 1). A segment is a maximal tree-free run of cells along a row,
//! a column or a diagonal; each segment holds at most one lizard, which is the whole rule.

/// The smallest and largest boards.
pub const MIN_SIZE: u8 = 6;
pub const MAX_SIZE: u8 = 12;
/// Cells of the largest board.
pub const CELLS: usize = MAX_SIZE as usize * MAX_SIZE as usize;
/// Bytes of a cell set (one bit a cell).
const SET_BYTES: usize = CELLS.div_ceil(8);
/// Segments of one direction on any 12x12 board: a row holds at most 6 (trees between), a
/// diagonal of length L at most (L + 1) / 2, so 72 rows or columns and 78 diagonals.
pub const MAX_SEGMENTS: usize = 80;
/// The segment id of a tree.
pub const NO_SEGMENT: u8 = 0xFF;

/// `1 << b` for b < 8 by table: the SM83 shifts one bit per instruction.
pub(crate) const BIT: [u8; 8] = [1, 2, 4, 8, 16, 32, 64, 128];

/// Where a cell's bit sits in every [`CellSet`]: found once when several sets are asked about
/// one cell, where each `contains` finds it again (a shift and a table read on the console).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CellBit {
    byte: u8,
    mask: u8,
}

impl CellBit {
    #[inline]
    pub fn of(cell: u8) -> CellBit {
        CellBit { byte: cell >> 3, mask: BIT[usize::from(cell & 7)] }
    }
}

/// A set of cells (or of segment ids), one bit each.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CellSet([u8; SET_BYTES]);

impl Default for CellSet {
    fn default() -> Self {
        CellSet::EMPTY
    }
}

impl CellSet {
    pub const EMPTY: CellSet = CellSet([0; SET_BYTES]);
    /// Every cell of the largest board (and the bits past it).
    pub const ALL: CellSet = CellSet([0xFF; SET_BYTES]);
    /// Bytes of [`CellSet::as_bytes`]: a bit per cell of the largest board.
    pub const BYTES: usize = SET_BYTES;

    /// The set's bits, cell 0 in bit 0 of the first byte (what the saves keep).
    pub fn as_bytes(&self) -> &[u8; SET_BYTES] {
        &self.0
    }

    pub fn from_bytes(bytes: &[u8]) -> CellSet {
        let mut set = CellSet::EMPTY;
        set.0.copy_from_slice(bytes);
        set
    }

    /// Whether the set holds the cell at `bit`.
    #[inline]
    pub fn has(&self, bit: CellBit) -> bool {
        self.0[usize::from(bit.byte)] & bit.mask != 0
    }

    #[inline]
    pub fn contains(&self, cell: u8) -> bool {
        self.0[(cell >> 3) as usize] & BIT[(cell & 7) as usize] != 0
    }

    #[inline]
    pub fn insert(&mut self, cell: u8) {
        self.0[(cell >> 3) as usize] |= BIT[(cell & 7) as usize];
    }

    #[inline]
    pub fn remove(&mut self, cell: u8) {
        self.0[(cell >> 3) as usize] &= !BIT[(cell & 7) as usize];
    }

    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&b| b == 0)
    }

    pub fn len(&self) -> u8 {
        self.0.iter().map(|b| b.count_ones() as u8).sum()
    }

    pub fn union(&self, other: &CellSet) -> CellSet {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0.iter()) {
            *a |= b;
        }
        out
    }

    pub fn intersection(&self, other: &CellSet) -> CellSet {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0.iter()) {
            *a &= b;
        }
        out
    }

    pub fn minus(&self, other: &CellSet) -> CellSet {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0.iter()) {
            *a &= !b;
        }
        out
    }

    /// Cells `0..cells` (of any board size) that are not in the set.
    pub fn complement_below(&self, cells: u8) -> CellSet {
        let mut out = CellSet::EMPTY;
        let mut start = 0u8;
        for (out, &byte) in out.0.iter_mut().zip(self.0.iter()) {
            let wanted = if cells >= start + 8 {
                0xFF
            } else if cells > start {
                BIT[(cells - start) as usize] - 1
            } else {
                0
            };
            *out = !byte & wanted;
            start += 8;
        }
        out
    }

    /// The first cell of the set from `cell` on, passing over empty bytes whole and stepping
    /// through a byte's bits with a mask in a register (reading the byte again at every bit
    /// was most of the generator's sight flags on the console; shifting the byte by the bit's
    /// place is a runtime call). Inlined: an `Option` returned from a call goes through memory
    /// on the console.
    #[inline(always)]
    pub fn next_from(&self, mut cell: u8) -> Option<u8> {
        while (cell as usize) < CELLS {
            let byte = self.0[(cell >> 3) as usize];
            if byte == 0 {
                cell = (cell | 7) + 1;
                continue;
            }
            // Shifted out after bit 7, with `cell` at the next byte's first cell.
            let mut mask = BIT[(cell & 7) as usize];
            while mask != 0 {
                if byte & mask != 0 {
                    return Some(cell);
                }
                mask <<= 1;
                cell += 1;
            }
        }
        None
    }

    /// The `k`-th cell of the set (from 0) in increasing order: a random choice's pick, without
    /// the iterator's calls (an `Option` a step through memory on the console).
    pub fn nth(&self, mut k: u8) -> Option<u8> {
        let mut at = 0;
        while let Some(cell) = self.next_from(at) {
            if k == 0 {
                return Some(cell);
            }
            k -= 1;
            at = cell + 1;
        }
        None
    }

    /// The cells in increasing order.
    pub fn iter(&self) -> Cells<'_> {
        Cells { set: self, next: 0 }
    }
}

/// A set of one direction's segment slots, one bit each.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct SlotSet([u8; SLOT_BYTES]);

/// Bytes of a [`SlotSet`].
const SLOT_BYTES: usize = MAX_SEGMENTS / 8;

impl SlotSet {
    pub const EMPTY: SlotSet = SlotSet([0; SLOT_BYTES]);

    #[inline]
    pub fn contains(&self, slot: u8) -> bool {
        self.0[(slot >> 3) as usize] & BIT[(slot & 7) as usize] != 0
    }

    #[inline]
    pub fn insert(&mut self, slot: u8) {
        self.0[(slot >> 3) as usize] |= BIT[(slot & 7) as usize];
    }

    #[inline]
    pub fn remove(&mut self, slot: u8) {
        self.0[(slot >> 3) as usize] &= !BIT[(slot & 7) as usize];
    }
}

/// The cells of a [`CellSet`] in increasing order.
pub struct Cells<'a> {
    set: &'a CellSet,
    next: u8,
}

impl Iterator for Cells<'_> {
    type Item = u8;

    fn next(&mut self) -> Option<u8> {
        let cell = self.set.next_from(self.next)?;
        self.next = cell + 1;
        Some(cell)
    }
}

/// (row, column) of `cell` on an `n` x `n` board, by subtraction (no division on the SM83).
pub fn row_col(n: u8, cell: u8) -> (u8, u8) {
    let (mut r, mut c) = (0, cell);
    while c >= n {
        c -= n;
        r += 1;
    }
    (r, c)
}

/// The four lines a lizard sees along, by their step forward: right, down, down-right,
/// down-left. Every segment is walked forward from its first cell.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Dir {
    Row = 0,
    Column = 1,
    Diagonal = 2,
    AntiDiagonal = 3,
}

impl Dir {
    pub const ALL: [Dir; 4] = [Dir::Row, Dir::Column, Dir::Diagonal, Dir::AntiDiagonal];

    /// (rows, columns) of one step forward.
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Dir::Row => (0, 1),
            Dir::Column => (1, 0),
            Dir::Diagonal => (1, 1),
            Dir::AntiDiagonal => (1, -1),
        }
    }

    pub fn from_index(index: u8) -> Dir {
        Dir::ALL[(index & 3) as usize]
    }

    pub fn name(self) -> &'static str {
        match self {
            Dir::Row => "row",
            Dir::Column => "column",
            Dir::Diagonal => "diagonal",
            Dir::AntiDiagonal => "anti-diagonal",
        }
    }
}

/// The givens: the board's size and its trees.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Board {
    n: u8,
    trees: CellSet,
}

impl Board {
    /// An `n` x `n` board without trees; `None` unless 1 <= n <= 12.
    pub fn new(n: u8) -> Option<Board> {
        (1..=MAX_SIZE).contains(&n).then_some(Board { n, trees: CellSet::EMPTY })
    }

    pub const fn blank(n: u8) -> Board {
        Board { n, trees: CellSet::EMPTY }
    }

    pub fn size(&self) -> u8 {
        self.n
    }

    /// Cells of the board: `n * n`.
    pub fn cells(&self) -> u8 {
        self.n * self.n
    }

    pub fn cell_at(&self, r: u8, c: u8) -> u8 {
        r * self.n + c
    }

    /// (row, column) of `cell`.
    pub fn row_col(&self, cell: u8) -> (u8, u8) {
        row_col(self.n, cell)
    }

    pub fn trees(&self) -> &CellSet {
        &self.trees
    }

    pub fn is_tree(&self, cell: u8) -> bool {
        self.trees.contains(cell)
    }

    pub fn set_tree(&mut self, cell: u8) {
        self.trees.insert(cell);
    }

    pub fn remove_tree(&mut self, cell: u8) {
        self.trees.remove(cell);
    }

    /// Drops every tree and resizes to `n` x `n`.
    pub fn clear(&mut self, n: u8) {
        self.n = n;
        self.trees = CellSet::EMPTY;
    }

    /// The cell one step from (r, c) along `dir` (`forward` or back), if on the board.
    #[inline]
    pub fn step(&self, r: u8, c: u8, dir: Dir, forward: bool) -> Option<(u8, u8)> {
        let (dr, dc) = dir.delta();
        let (dr, dc) = if forward { (dr, dc) } else { (-dr, -dc) };
        let (r2, c2) = (r as i8 + dr, c as i8 + dc);
        let n = self.n as i8;
        (r2 >= 0 && c2 >= 0 && r2 < n && c2 < n).then_some((r2 as u8, c2 as u8))
    }

    /// The cells of the segment through the free `cell` along `dir` (walking the board, not
    /// reading segment tables: for drawing and hints).
    pub fn segment_cells(&self, cell: u8, dir: Dir) -> CellSet {
        let mut set = CellSet::EMPTY;
        let (r0, c0) = self.row_col(cell);
        for forward in [true, false] {
            let (mut r, mut c) = (r0, c0);
            loop {
                set.insert(self.cell_at(r, c));
                match self.step(r, c, dir, forward) {
                    Some((r2, c2)) if !self.is_tree(self.cell_at(r2, c2)) => (r, c) = (r2, c2),
                    _ => break,
                }
            }
        }
        set
    }
}

/// Every cell's segment in each direction, as a slot number below [`MAX_SEGMENTS`] that no
/// other segment of the direction holds (slots are free labels, in no particular order).
/// 4 x 144 bytes: the price of one-load "which segment" questions, which the search asks at
/// every node and the deductions at every cell. [`Segments::build`] labels a board in one pass;
/// after it the generator adds one tree at a time, and [`Segments::plant`] relabels only the
/// cells of the segments through it: numbering the whole board again after every tree cost
/// more than the deductions on the console. A cell's four slots sit together ([`Segments::cell_ids`]), so the deductions'
/// per-cell work reads them at fixed offsets.
#[derive(Clone)]
pub struct Segments {
    /// `ids[cell][dir]`: the segment of `cell` along `dir`, [`NO_SEGMENT`] for a tree.
    ids: [[u8; 4]; CELLS],
    /// Per direction, one past the highest slot in use.
    ends: [u8; 4],
    /// Segments per direction.
    counts: [u8; 4],
    /// Per direction, a slot at or below the lowest free one (every slot below it is in use):
    /// [`Segments::take_slot`] starts there. Scanning from 0 was two fifths of a tree's cost
    /// on the console (31.7 k cycles a tree).
    free_from: [u8; 4],
    /// Per slot and direction, the segment's cells (the deductions start from these counts).
    /// Slot-major, as [`Segments::ids`] is cell-major: indexing by a direction is then an
    /// addition, where direction-major tables cost the console a multiplication by 80.
    lengths: [[u8; 4]; MAX_SEGMENTS],
    /// The first cell of each row segment in reading order, after [`Segments::list_rows`].
    row_starts: [u8; MAX_SEGMENTS],
    /// Per direction, the step to the next cell along it: 1, n, n + 1, n - 1.
    steps: [u8; 4],
    /// Per row, its first cell (`r * n`: a multiplication is a runtime call on the console).
    row_cells: [u8; MAX_SIZE as usize],
    n: u8,
    /// Cells of the board, `n * n`.
    cells: u8,
}

impl Segments {
    pub const fn new() -> Segments {
        Segments {
            ids: [[NO_SEGMENT; 4]; CELLS],
            ends: [0; 4],
            counts: [0; 4],
            free_from: [0; 4],
            lengths: [[0; 4]; MAX_SEGMENTS],
            row_starts: [0; MAX_SEGMENTS],
            steps: [0; 4],
            row_cells: [0; MAX_SIZE as usize],
            n: 0,
            cells: 0,
        }
    }

    /// The segments of `board` in one pass over its cells: along each direction a free cell
    /// continues the segment of the cell one step back when that one is free, else opens the
    /// next slot. (An empty board and then its trees planted one by one cost the console about
    /// 18 k cycles a tree.)
    pub fn build(&mut self, board: &Board) {
        let n = board.size();
        self.set_size(n);
        self.lengths = [[0; 4]; MAX_SEGMENTS];
        self.counts = [0; 4];
        let (mut r, mut c) = (0, 0);
        for cell in 0..self.cells {
            if board.is_tree(cell) {
                self.ids[cell as usize] = [NO_SEGMENT; 4];
            } else {
                self.label(cell, Dir::Row, c > 0);
                self.label(cell, Dir::Column, r > 0);
                self.label(cell, Dir::Diagonal, r > 0 && c > 0);
                self.label(cell, Dir::AntiDiagonal, r > 0 && c + 1 < n);
            }
            c += 1;
            if c == n {
                c = 0;
                r += 1;
            }
        }
        self.ends = self.counts;
        self.free_from = self.counts;
    }

    /// [`Segments::build`]'s step: the free `cell` takes the slot of the cell one step back
    /// along `dir` when there is one (`inside`) and it is free, else the next new slot.
    #[inline(always)]
    fn label(&mut self, cell: u8, dir: Dir, inside: bool) {
        let d = dir as usize;
        let back = if inside { self.ids[(cell - self.steps[d]) as usize][d] } else { NO_SEGMENT };
        let id = if back != NO_SEGMENT {
            back
        } else {
            self.counts[d] += 1;
            self.counts[d] - 1
        };
        self.ids[cell as usize][d] = id;
        self.lengths[id as usize][d] += 1;
    }

    /// The board's size and what follows from it alone: cells, steps, row starts.
    pub fn set_size(&mut self, n: u8) {
        self.n = n;
        self.cells = n * n;
        self.steps = [1, n, n + 1, n - 1];
        let mut cell = 0;
        for r in 0..n {
            self.row_cells[r as usize] = cell;
            cell += n;
        }
    }

    /// A tree on the free `cell` (of a board of 2 x 2 or more: no step is 0): it leaves its
    /// four segments, and a segment it cuts in two gives one part a new slot, the part without
    /// a cell of `keep`: flags kept per slot for those cells (the generator's sight of its
    /// lizards) then stay right as they are, where following the new slots cost the console a
    /// pass over every lizard after every cut. The neighbours are found by their slots (slots
    /// are unique in a direction, so that also stops at the board's edges).
    pub fn plant(&mut self, cell: u8, keep: &CellSet) {
        // Written out by direction: with `d` a constant, each table access is a fixed offset
        // (a loop over the directions pays an index computation at each on the console).
        self.leave(cell, Dir::Row as usize, keep);
        self.leave(cell, Dir::Column as usize, keep);
        self.leave(cell, Dir::Diagonal as usize, keep);
        self.leave(cell, Dir::AntiDiagonal as usize, keep);
    }

    /// [`Segments::plant`] along direction `d`.
    #[inline(always)]
    fn leave(&mut self, cell: u8, d: usize, keep: &CellSet) {
        let (id, step) = (self.ids[cell as usize][d], self.steps[d]);
        self.ids[cell as usize][d] = NO_SEGMENT;
        self.lengths[id as usize][d] -= 1;
        let before = cell >= step && self.ids[(cell - step) as usize][d] == id;
        // At most 143 + 13: no overflow.
        let after = cell + step < self.cells && self.ids[(cell + step) as usize][d] == id;
        if before && after {
            let slot = self.take_slot(d);
            let moved = if self.holds(d, cell + step, id, keep) {
                self.relabel(d, cell - step, id, slot, false)
            } else {
                self.relabel(d, cell + step, id, slot, true)
            };
            self.lengths[slot as usize][d] = moved;
            self.lengths[id as usize][d] -= moved;
        } else if !before && !after {
            self.free_slot(d, id);
        }
    }

    /// Whether `cell` or a cell after it in its segment `slot` along direction `d` is in `set`.
    fn holds(&self, d: usize, cell: u8, slot: u8, set: &CellSet) -> bool {
        let step = self.steps[d];
        let mut here = cell;
        loop {
            if set.contains(here) {
                return true;
            }
            here += step;
            if here >= self.cells || self.ids[here as usize][d] != slot {
                return false;
            }
        }
    }

    /// Gives slot `to` to `cell` and the cells after it (`forward`) or before it in its segment
    /// `from` along direction `d`; returns how many. The walk compares each next cell's slot
    /// with `from` (slots are unique in a direction, so that also stops at the board's edges):
    /// one table read a cell, where [`Segments::next_in_segment`] reads two.
    fn relabel(&mut self, d: usize, cell: u8, from: u8, to: u8, forward: bool) -> u8 {
        let step = self.steps[d];
        let (mut here, mut moved) = (cell, 0);
        loop {
            self.ids[here as usize][d] = to;
            moved += 1;
            if forward {
                // At most 143 + 13: no overflow.
                here += step;
                if here >= self.cells {
                    return moved;
                }
            } else {
                if here < step {
                    return moved;
                }
                here -= step;
            }
            if self.ids[here as usize][d] != from {
                return moved;
            }
        }
    }

    /// The lowest free slot of direction `d` (one of length 0), now in use: the caller gives
    /// it its length.
    fn take_slot(&mut self, d: usize) -> u8 {
        let mut slot = self.free_from[d];
        while self.lengths[slot as usize][d] != 0 {
            slot += 1;
        }
        self.free_from[d] = slot + 1;
        self.ends[d] = self.ends[d].max(slot + 1);
        self.counts[d] += 1;
        slot
    }

    fn free_slot(&mut self, d: usize, slot: u8) {
        self.lengths[slot as usize][d] = 0;
        self.counts[d] -= 1;
        self.free_from[d] = self.free_from[d].min(slot);
        while self.ends[d] > 0 && self.lengths[self.ends[d] as usize - 1][d] == 0 {
            self.ends[d] -= 1;
        }
    }

    /// Lists the row segments' first cells in reading order (for [`Segments::row_start`]) and
    /// gives their count.
    pub fn list_rows(&mut self) -> u8 {
        let (mut rows, mut c) = (0, 0);
        for cell in 0..self.cells {
            let id = self.ids[cell as usize][0];
            if id != NO_SEGMENT && (c == 0 || self.ids[cell as usize - 1][0] != id) {
                self.row_starts[rows as usize] = cell;
                rows += 1;
            }
            c = if c + 1 == self.n { 0 } else { c + 1 };
        }
        rows
    }

    pub fn size(&self) -> u8 {
        self.n
    }

    /// Cells of the board, `n * n`.
    pub fn cells(&self) -> u8 {
        self.cells
    }

    /// The cell at row `r`, column `c`.
    pub fn cell_at(&self, r: u8, c: u8) -> u8 {
        self.row_cells[r as usize] + c
    }

    #[inline]
    pub fn id(&self, dir: Dir, cell: u8) -> u8 {
        self.ids[cell as usize][dir as usize]
    }

    /// The four slots of `cell`, by [`Dir`].
    #[inline]
    pub fn cell_ids(&self, cell: u8) -> &[u8; 4] {
        &self.ids[cell as usize]
    }

    /// The segments along `dir`.
    pub fn count(&self, dir: Dir) -> u8 {
        self.counts[dir as usize]
    }

    /// Segments per direction.
    pub fn counts(&self) -> &[u8; 4] {
        &self.counts
    }

    /// Per slot and direction, the segment's cells (0 for a slot not in use).
    pub fn lengths(&self) -> &[[u8; 4]; MAX_SEGMENTS] {
        &self.lengths
    }

    /// One past the highest slot in use along `dir`: every segment's slot is below it.
    pub fn slot_end(&self, dir: Dir) -> u8 {
        self.ends[dir as usize]
    }

    /// The first cell of the `index`-th row segment in reading order, as of the last
    /// [`Segments::list_rows`].
    pub fn row_start(&self, index: u8) -> u8 {
        self.row_starts[index as usize]
    }

    /// Whether the free cells `a` and `b` share a segment (a lizard on one sees the other).
    #[inline]
    pub fn sees(&self, a: u8, b: u8) -> bool {
        let (a, b) = (&self.ids[a as usize], &self.ids[b as usize]);
        a[0] == b[0] || a[1] == b[1] || a[2] == b[2] || a[3] == b[3]
    }

    /// One step along `dir` from `cell` (`forward` or back) while the segment goes on.
    #[inline]
    pub fn next_in_segment(&self, dir: Dir, cell: u8, forward: bool) -> Option<u8> {
        let (d, step) = (dir as usize, self.steps[dir as usize]);
        // Slots are unique in a direction, so the slot test also stops at the board's edges:
        // a step off a row's end lands on another segment's cell. (A 1x1 board's
        // anti-diagonal step is 0: its segments are single cells.)
        let next = if forward {
            // At most 143 + 13: no overflow.
            let next = cell + step;
            if next >= self.cells {
                return None;
            }
            next
        } else {
            cell.checked_sub(step)?
        };
        (step != 0 && self.ids[next as usize][d] == self.ids[cell as usize][d]).then_some(next)
    }
}

impl Default for Segments {
    fn default() -> Self {
        Segments::new()
    }
}

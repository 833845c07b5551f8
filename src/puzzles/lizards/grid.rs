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
/// No such cell.
const NO_CELL: u8 = 0xFF;

/// `1 << b` for b < 8 by table: the SM83 shifts one bit per instruction.
const BIT: [u8; 8] = [1, 2, 4, 8, 16, 32, 64, 128];

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

    pub fn minus(&self, other: &CellSet) -> CellSet {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0.iter()) {
            *a &= !b;
        }
        out
    }

    /// The cells in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = u8> + '_ {
        (0..CELLS as u8).filter(move |&cell| self.contains(cell))
    }
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

    /// (row, column) of `cell`, by subtraction (no division on the SM83).
    pub fn row_col(&self, cell: u8) -> (u8, u8) {
        let (mut r, mut c) = (0, cell);
        while c >= self.n {
            c -= self.n;
            r += 1;
        }
        (r, c)
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

/// Every cell's segment in each direction, numbered per direction in reading order.
/// 4 x 144 bytes: the price of one-load "which segment" questions, which the search asks at
/// every node and the deductions at every cell.
#[derive(Clone)]
pub struct Segments {
    /// `ids[dir][cell]`: the segment of `cell` along `dir`, [`NO_SEGMENT`] for a tree.
    ids: [[u8; CELLS]; 4],
    /// Segments per direction.
    counts: [u8; 4],
    /// The first cell of each row segment (its cells follow it in the row).
    row_starts: [u8; MAX_SEGMENTS],
    n: u8,
}

impl Segments {
    pub const fn new() -> Segments {
        Segments { ids: [[NO_SEGMENT; CELLS]; 4], counts: [0; 4], row_starts: [0; MAX_SEGMENTS], n: 0 }
    }

    /// Numbers the segments of `board`. Reading order meets a cell's predecessor in every
    /// direction (left, above, above-left, above-right) before the cell, so one pass does.
    pub fn build(&mut self, board: &Board) {
        let n = board.size();
        self.n = n;
        self.counts = [0; 4];
        let mut cell = 0u8;
        for r in 0..n {
            for c in 0..n {
                if board.is_tree(cell) {
                    for ids in self.ids.iter_mut() {
                        ids[cell as usize] = NO_SEGMENT;
                    }
                    cell += 1;
                    continue;
                }
                for dir in 0..4 {
                    // The cell before this one along the direction (left, above, above-left,
                    // above-right), if on the board. Plain branches, not an array of options:
                    // LLVM packs small arrays into wide integers, which the SM83 pays for.
                    let prev = match dir {
                        0 if c > 0 => cell - 1,
                        1 if r > 0 => cell - n,
                        2 if r > 0 && c > 0 => cell - n - 1,
                        3 if r > 0 && c + 1 < n => cell - n + 1,
                        _ => NO_CELL,
                    };
                    let id = if prev != NO_CELL && self.ids[dir][prev as usize] != NO_SEGMENT {
                        self.ids[dir][prev as usize]
                    } else {
                        let id = self.counts[dir];
                        if dir == Dir::Row as usize {
                            self.row_starts[id as usize] = cell;
                        }
                        self.counts[dir] += 1;
                        id
                    };
                    self.ids[dir][cell as usize] = id;
                }
                cell += 1;
            }
        }
    }

    pub fn size(&self) -> u8 {
        self.n
    }

    #[inline]
    pub fn id(&self, dir: Dir, cell: u8) -> u8 {
        self.ids[dir as usize][cell as usize]
    }

    /// The segments along `dir`.
    pub fn count(&self, dir: Dir) -> u8 {
        self.counts[dir as usize]
    }

    /// The first cell of row segment `id`.
    pub fn row_start(&self, id: u8) -> u8 {
        self.row_starts[id as usize]
    }

    /// Whether the free cells `a` and `b` share a segment (a lizard on one sees the other).
    #[inline]
    pub fn sees(&self, a: u8, b: u8) -> bool {
        self.ids.iter().any(|ids| ids[a as usize] == ids[b as usize])
    }

    /// One step along `dir` from `cell` (`forward` or back) while the segment goes on.
    #[inline]
    pub fn next_in_segment(&self, dir: Dir, cell: u8, forward: bool) -> Option<u8> {
        let step = [1, self.n, self.n + 1, self.n - 1][dir as usize];
        if step == 0 {
            // A 1x1 board's anti-diagonals are single cells.
            return None;
        }
        let ids = &self.ids[dir as usize];
        let id = ids[cell as usize];
        // Segment ids are unique in a direction, so the id test also stops at the board's
        // edges: a step off a row's end lands on another segment's cell.
        let next = if forward {
            let next = cell as u16 + step as u16;
            if next >= u16::from(self.n) * u16::from(self.n) {
                return None;
            }
            next as u8
        } else {
            cell.checked_sub(step)?
        };
        (ids[next as usize] == id).then_some(next)
    }

    /// The first cell of the segment through `cell` along `dir`.
    pub fn first_in_segment(&self, dir: Dir, mut cell: u8) -> u8 {
        while let Some(before) = self.next_in_segment(dir, cell, false) {
            cell = before;
        }
        cell
    }
}

impl Default for Segments {
    fn default() -> Self {
        Segments::new()
    }
}

//! Board geometry and the number grid.
//!
//! Cells are addressed by a single `u8`: `row << 4 | col`. A stride of 16 turns row and column
//! extraction into a shift and a mask (the SM83 has no divide), and 15 x 16 = 240 slots still fit
//! a byte. Sets of cells are one `u16` bit row per board row.

/// Smallest board a puzzle is generated for.
pub const MIN_SIZE: u8 = 5;
/// Largest board (15 x 15 = 225 cells, every index fits a `u8`).
pub const MAX_SIZE: u8 = 15;
/// Number of cell slots with the stride-16 addressing (rows 0..15, columns 0..16).
pub const CELL_SLOTS: usize = MAX_SIZE as usize * 16;

/// The cell index of row `r`, column `c`.
#[inline]
pub const fn cell_at(r: u8, c: u8) -> u8 {
    (r << 4) | c
}

/// The row of a cell index.
#[inline]
pub const fn row_of(cell: u8) -> u8 {
    cell >> 4
}

/// The column of a cell index.
#[inline]
pub const fn col_of(cell: u8) -> u8 {
    cell & 15
}

/// A set of cells: bit `c` of `rows[r]` is cell (r, c).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CellSet {
    rows: [u16; MAX_SIZE as usize],
}

impl Default for CellSet {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl CellSet {
    pub const EMPTY: CellSet = CellSet { rows: [0; MAX_SIZE as usize] };

    /// Every cell of an `n` x `n` board.
    pub fn full(n: u8) -> CellSet {
        let mut set = CellSet::EMPTY;
        let row = row_mask(n);
        for r in 0..n as usize {
            set.rows[r] = row;
        }
        set
    }

    #[inline]
    pub fn contains(&self, cell: u8) -> bool {
        self.rows[row_of(cell) as usize] & (1 << col_of(cell)) != 0
    }

    #[inline]
    pub fn insert(&mut self, cell: u8) {
        self.rows[row_of(cell) as usize] |= 1 << col_of(cell);
    }

    #[inline]
    pub fn remove(&mut self, cell: u8) {
        self.rows[row_of(cell) as usize] &= !(1 << col_of(cell));
    }

    /// The bit row `r` (bit c = column c).
    #[inline]
    pub fn row(&self, r: u8) -> u16 {
        self.rows[r as usize]
    }

    #[inline]
    pub fn set_row(&mut self, r: u8, bits: u16) {
        self.rows[r as usize] = bits;
    }

    pub fn len(&self) -> u8 {
        let mut total = 0u8;
        for bits in self.rows {
            total += bits.count_ones() as u8;
        }
        total
    }

    pub fn is_empty(&self) -> bool {
        self.rows.iter().all(|&bits| bits == 0)
    }

    /// The first cell in row-major order.
    pub fn first(&self) -> Option<u8> {
        for r in 0..MAX_SIZE {
            let bits = self.rows[r as usize];
            if bits != 0 {
                return Some(cell_at(r, bits.trailing_zeros() as u8));
            }
        }
        None
    }

    /// Cells of `self` that are not in `other`.
    pub fn minus(&self, other: &CellSet) -> CellSet {
        let mut out = *self;
        for r in 0..MAX_SIZE as usize {
            out.rows[r] &= !other.rows[r];
        }
        out
    }

    /// The cells in row-major order.
    pub fn iter(&self) -> CellIter {
        CellIter { set: *self, row: 0 }
    }
}

/// Row-major iterator over a [`CellSet`].
pub struct CellIter {
    set: CellSet,
    row: u8,
}

impl Iterator for CellIter {
    type Item = u8;
    fn next(&mut self) -> Option<u8> {
        while self.row < MAX_SIZE {
            let bits = &mut self.set.rows[self.row as usize];
            if *bits != 0 {
                let c = bits.trailing_zeros() as u8;
                *bits &= *bits - 1;
                return Some(cell_at(self.row, c));
            }
            self.row += 1;
        }
        None
    }
}

/// Bits 0..n set.
#[inline]
pub const fn row_mask(n: u8) -> u16 {
    ((1u32 << n) - 1) as u16
}

/// An `n` x `n` grid of numbers 1..=n (0 while not filled).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Board {
    n: u8,
    numbers: [u8; CELL_SLOTS],
}

impl Board {
    /// An empty board (all numbers 0); `None` unless 1 <= n <= 15.
    pub fn new(n: u8) -> Option<Board> {
        if n == 0 || n > MAX_SIZE {
            return None;
        }
        Some(Board { n, numbers: [0; CELL_SLOTS] })
    }

    /// A board from rows of numbers; `None` unless it is square, 1..=15 wide, numbers in 1..=n.
    pub fn from_rows(rows: &[&[u8]]) -> Option<Board> {
        let n = u8::try_from(rows.len()).ok()?;
        let mut board = Board::new(n)?;
        for (r, row) in rows.iter().enumerate() {
            if row.len() != rows.len() {
                return None;
            }
            for (c, &v) in row.iter().enumerate() {
                if v == 0 || v > n {
                    return None;
                }
                board.numbers[cell_at(r as u8, c as u8) as usize] = v;
            }
        }
        Some(board)
    }

    #[inline]
    pub fn size(&self) -> u8 {
        self.n
    }

    #[inline]
    pub fn number(&self, cell: u8) -> u8 {
        self.numbers[cell as usize]
    }

    #[inline]
    pub fn set_number(&mut self, cell: u8, value: u8) {
        self.numbers[cell as usize] = value;
    }

    /// Whether (r, c) given as signed coordinates lies on the board.
    #[inline]
    pub fn contains(&self, r: i8, c: i8) -> bool {
        r >= 0 && c >= 0 && (r as u8) < self.n && (c as u8) < self.n
    }

    /// The in-board orthogonal neighbours of `cell`, in the order up, left, right, down.
    pub fn neighbours(&self, cell: u8) -> Neighbours {
        let (r, c) = (row_of(cell), col_of(cell));
        let mut out = Neighbours { cells: [0; 4], len: 0 };
        if r > 0 {
            out.push(cell - 16);
        }
        if c > 0 {
            out.push(cell - 1);
        }
        if c + 1 < self.n {
            out.push(cell + 1);
        }
        if r + 1 < self.n {
            out.push(cell + 16);
        }
        out
    }

    /// The cells of row `r` (bit c) holding `value`.
    pub fn row_positions(&self, r: u8, value: u8) -> u16 {
        let mut bits = 0u16;
        let base = cell_at(r, 0) as usize;
        for c in 0..self.n as usize {
            if self.numbers[base + c] == value {
                bits |= 1 << c;
            }
        }
        bits
    }

    /// The cells of column `c` (bit r) holding `value`.
    pub fn col_positions(&self, c: u8, value: u8) -> u16 {
        let mut bits = 0u16;
        for r in 0..self.n {
            if self.numbers[cell_at(r, c) as usize] == value {
                bits |= 1 << r;
            }
        }
        bits
    }

    /// The other cells of `cell`'s row and column with the same number (its "twins").
    pub fn twins(&self, cell: u8) -> CellSet {
        let (r, c) = (row_of(cell), col_of(cell));
        let value = self.number(cell);
        let mut set = CellSet::EMPTY;
        set.set_row(r, self.row_positions(r, value));
        let col_bits = self.col_positions(c, value);
        for rr in 0..self.n {
            if col_bits & (1 << rr) != 0 {
                set.insert(cell_at(rr, c));
            }
        }
        set.remove(cell);
        set
    }
}

/// Up to four neighbour cells.
#[derive(Clone, Copy)]
pub struct Neighbours {
    cells: [u8; 4],
    len: u8,
}

impl Neighbours {
    fn push(&mut self, cell: u8) {
        self.cells[self.len as usize] = cell;
        self.len += 1;
    }

    pub fn as_slice(&self) -> &[u8] {
        &self.cells[..self.len as usize]
    }
}

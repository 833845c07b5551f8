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

/// `1 << c` for c < 16, by table: the SM83 shifts one bit per instruction, so a variable
/// shift is a loop there (up to 15 rounds of two 8-bit shifts), a table one indexed load.
const BITS: [u16; 16] = {
    let mut bits = [0u16; 16];
    let mut c = 0;
    while c < 16 {
        bits[c] = 1 << c;
        c += 1;
    }
    bits
};

/// Byte `byte` (0 low, 1 high) of each `1 << c`.
const fn bit_bytes(byte: usize) -> [u8; 16] {
    let mut bytes = [0u8; 16];
    let mut c = 0;
    while c < 16 {
        bytes[c] = BITS[c].to_le_bytes()[byte];
        c += 1;
    }
    bytes
}

/// The bit of column (or row) `c` (< 16) in a bit row: `1 << c`.
#[inline]
pub fn bit_of(c: u8) -> u16 {
    BITS[(c & 15) as usize]
}

/// Calls `f` with the index of every set bit of `bits`, lowest first. One shift per bit up to
/// the highest: a row with few marks costs a few steps on the SM83, where a pass over every
/// cell of the board costs hundreds of cycles a cell.
#[inline(always)]
pub fn for_each_bit(mut bits: u16, mut f: impl FnMut(u8)) {
    let mut i = 0;
    while bits != 0 {
        if bits & 1 != 0 {
            f(i);
        }
        bits >>= 1;
        i += 1;
    }
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
        self.rows[row_of(cell) as usize] & bit_of(col_of(cell)) != 0
    }

    #[inline]
    pub fn insert(&mut self, cell: u8) {
        self.rows[row_of(cell) as usize] |= bit_of(col_of(cell));
    }

    #[inline]
    pub fn remove(&mut self, cell: u8) {
        self.rows[row_of(cell) as usize] &= !bit_of(col_of(cell));
    }

    /// Whether `cell` or one of its orthogonal neighbours on an `n` x `n` board is in the set,
    /// from three bit rows (no list of neighbours).
    pub fn touches(&self, n: u8, cell: u8) -> bool {
        let (r, c) = (row_of(cell), col_of(cell));
        let bit = bit_of(c);
        let near = self.row(r) & (bit | bit << 1 | bit >> 1)
            | if r > 0 { self.row(r - 1) & bit } else { 0 }
            | if r + 1 < n { self.row(r + 1) & bit } else { 0 };
        near != 0
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

    /// Cells in either set.
    pub fn union(&self, other: &CellSet) -> CellSet {
        self.combine(other, |a, b| a | b)
    }

    fn combine(&self, other: &CellSet, op: impl Fn(u16, u16) -> u16) -> CellSet {
        let mut out = CellSet::EMPTY;
        for (row, (&a, &b)) in out.rows.iter_mut().zip(self.rows.iter().zip(&other.rows)) {
            *row = op(a, b);
        }
        out
    }

    /// Cells in both sets.
    pub fn intersection(&self, other: &CellSet) -> CellSet {
        self.combine(other, |a, b| a & b)
    }

    /// Cells of `self` that are not in `other`.
    pub fn minus(&self, other: &CellSet) -> CellSet {
        self.combine(other, |a, b| a & !b)
    }

    /// The cells in row-major order.
    pub fn iter(&self) -> CellIter {
        CellIter { set: *self, row: 0 }
    }
}

/// Row-major iterator over a [`CellSet`].
#[derive(Clone)]
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

/// The position of the set bit of `bits` that has `skip` set bits below it (`skip` is less
/// than the number of set bits).
pub fn nth_set_bit(bits: u16, mut skip: u8) -> u8 {
    let mut rest = bits;
    loop {
        let bit = rest.trailing_zeros() as u8;
        if skip == 0 {
            return bit;
        }
        skip -= 1;
        rest &= rest - 1;
    }
}

/// Bits 0..n set (n <= 16), with 16-bit arithmetic only.
#[inline]
pub const fn row_mask(n: u8) -> u16 {
    if n == 0 { 0 } else { u16::MAX >> (16 - n) }
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
        Some(Board::blank(n))
    }

    /// An `n` x `n` board of zeros, for statics; `n` must be 1..=15.
    pub const fn blank(n: u8) -> Board {
        Board { n, numbers: [0; CELL_SLOTS] }
    }

    /// Make this an empty `n` x `n` board (1..=15) in place.
    pub fn clear(&mut self, n: u8) {
        self.n = n;
        self.numbers = [0; CELL_SLOTS];
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

    /// Every slot's number, 16 a row (for the console's routines in assembly).
    #[cfg(target_arch = "avr")]
    pub fn number_slots(&self) -> &[u8; CELL_SLOTS] {
        &self.numbers
    }

    /// The same, to write (the console's Latin square, in assembly).
    #[cfg(target_arch = "avr")]
    pub fn number_slots_mut(&mut self) -> &mut [u8; CELL_SLOTS] {
        &mut self.numbers
    }

    #[inline]
    pub fn set_number(&mut self, cell: u8, value: u8) {
        self.numbers[cell as usize] = value;
    }

    /// The numbers of row `r` (< 15), one per column up to the largest size: 0 past the size.
    pub fn row_numbers(&self, r: u8) -> &[u8] {
        let start = usize::from(r) * 16;
        &self.numbers[start..start + usize::from(MAX_SIZE)]
    }

    /// The numbers of row `r` as a bit set (bit `v` for number `v`).
    pub fn row_number_bits(&self, r: u8) -> u16 {
        self.number_bits::<1>(cell_at(r, 0))
    }

    /// The numbers of column `c` as a bit set (bit `v` for number `v`).
    pub fn col_number_bits(&self, c: u8) -> u16 {
        self.number_bits::<16>(cell_at(0, c))
    }

    /// The numbers of the `n` cells from `first`, `STEP` apart. A function of its own with a
    /// byte index: SDCC then keeps the set and the index in registers (a pass over rows and
    /// columns at once, in the caller, spilled both: 800 cycles a cell). A constant step: the
    /// bounds check hoisted out of the loop divides by it.
    /// The set's two bytes apart, each from a byte table: SDCC keeps bytes in registers
    /// where it kept a 16-bit set and each 16-bit bit on the stack (500 cycles a cell).
    #[inline(never)]
    fn number_bits<const STEP: u8>(&self, first: u8) -> u16 {
        const LOW: [u8; 16] = bit_bytes(0);
        const HIGH: [u8; 16] = bit_bytes(1);
        let (mut low, mut high) = (0u8, 0u8);
        let mut cell = first;
        for _ in 0..self.n {
            let number = usize::from(self.numbers[usize::from(cell)] & 15);
            low |= LOW[number];
            high |= HIGH[number];
            cell = cell.wrapping_add(STEP);
        }
        u16::from_le_bytes([low, high])
    }

    /// Sets the first numbers of row `r` (< 15) to `numbers` (at most 15 of them).
    pub fn set_row_numbers(&mut self, r: u8, numbers: &[u8]) {
        let start = usize::from(r) * 16;
        self.numbers[start..start + numbers.len()].copy_from_slice(numbers);
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

    /// The other cells of `cell`'s row and column with the same number (its "twins"), found
    /// in one pass over the row and one over the column.
    pub fn twins(&self, cell: u8) -> Twins {
        let (r, c) = (row_of(cell), col_of(cell));
        let value = self.number(cell);
        let mut in_row = 0u16;
        let mut in_col = 0u16;
        let mut bit = 1u16;
        for i in 0..self.n {
            if self.numbers[cell_at(r, i) as usize] == value {
                in_row |= bit;
            }
            if self.numbers[cell_at(i, c) as usize] == value {
                in_col |= bit;
            }
            bit <<= 1;
        }
        Twins { row: r, col: c, in_row: in_row & !bit_of(c), in_col: in_col & !bit_of(r) }
    }
}

/// A cell's twins as two bit rows: `in_row` bit c' is cell (row, c'), `in_col` bit r' is cell
/// (r', col). Set operations on them cost one `u16` operation per line.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Twins {
    pub row: u8,
    pub col: u8,
    pub in_row: u16,
    pub in_col: u16,
}

impl Twins {
    pub fn is_empty(&self) -> bool {
        self.in_row | self.in_col == 0
    }

    pub fn count(&self) -> u8 {
        (self.in_row.count_ones() + self.in_col.count_ones()) as u8
    }

    /// The twins that are in `set`.
    pub fn within(&self, set: &LineSet) -> Twins {
        Twins { in_row: self.in_row & set.by_row.row(self.row), in_col: self.in_col & set.by_col.row(self.col), ..*self }
    }

    /// The twins that are not in `set`.
    pub fn outside(&self, set: &LineSet) -> Twins {
        Twins { in_row: self.in_row & !set.by_row.row(self.row), in_col: self.in_col & !set.by_col.row(self.col), ..*self }
    }

    /// The first twin: row twins, then column twins.
    pub fn first(&self) -> Option<u8> {
        if self.in_row != 0 {
            Some(cell_at(self.row, self.in_row.trailing_zeros() as u8))
        } else if self.in_col != 0 {
            Some(cell_at(self.in_col.trailing_zeros() as u8, self.col))
        } else {
            None
        }
    }

    /// Every twin (row twins, then column twins).
    pub fn cells(&self) -> impl Iterator<Item = u8> + use<> {
        let (row, col) = (self.row, self.col);
        bits(self.in_row).map(move |c| cell_at(row, c)).chain(bits(self.in_col).map(move |r| cell_at(r, col)))
    }

    pub fn to_set(&self) -> CellSet {
        let mut set = CellSet::EMPTY;
        for cell in self.cells() {
            set.insert(cell);
        }
        set
    }
}

/// The set bits of a `u16`, lowest first.
fn bits(mut word: u16) -> impl Iterator<Item = u8> {
    core::iter::from_fn(move || {
        (word != 0).then(|| {
            let bit = word.trailing_zeros() as u8;
            word &= word - 1;
            bit
        })
    })
}

/// A cell set kept both by rows and by columns, so that the part of it in any one row or
/// column is a single `u16`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct LineSet {
    by_row: CellSet,
    /// Transposed: bit r of row c is cell (r, c).
    by_col: CellSet,
}

impl LineSet {
    pub const EMPTY: LineSet = LineSet { by_row: CellSet::EMPTY, by_col: CellSet::EMPTY };

    pub fn insert(&mut self, cell: u8) {
        self.by_row.insert(cell);
        self.by_col.insert(cell_at(col_of(cell), row_of(cell)));
    }

    pub fn remove(&mut self, cell: u8) {
        self.by_row.remove(cell);
        self.by_col.remove(cell_at(col_of(cell), row_of(cell)));
    }

    pub fn contains(&self, cell: u8) -> bool {
        self.by_row.contains(cell)
    }

    pub fn cells(&self) -> &CellSet {
        &self.by_row
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

//! The 9x9 grid's geometry: cells 0..81 numbered row by row, the 27 units (rows 0..9, columns
//! 9..18, boxes 18..27), digits as bits 0..9 of a `u16` (bit d for digit d + 1), and sets of
//! cells. The tables are small `const`s (bank 0 on the console: 81 x 4 + 243 + 256 x 2 + 18
//! bytes) so that no division by 3 or 9 runs on the SM83, which has no divide instruction.

/// Cells in the grid.
pub const CELLS: usize = 81;
/// Units: 9 rows, 9 columns, 9 boxes.
pub const UNITS: usize = 27;
/// Every digit's bit.
pub const ALL_DIGITS: u16 = 0x1FF;

const fn build_row() -> [u8; CELLS] {
    let mut t = [0u8; CELLS];
    let mut i = 0;
    while i < CELLS {
        t[i] = (i / 9) as u8;
        i += 1;
    }
    t
}

const fn build_col() -> [u8; CELLS] {
    let mut t = [0u8; CELLS];
    let mut i = 0;
    while i < CELLS {
        t[i] = (i % 9) as u8;
        i += 1;
    }
    t
}

const fn build_box() -> [u8; CELLS] {
    let mut t = [0u8; CELLS];
    let mut i = 0;
    while i < CELLS {
        t[i] = ((i / 27) * 3 + (i % 9) / 3) as u8;
        i += 1;
    }
    t
}

const fn build_unit_cells() -> [[u8; 9]; UNITS] {
    let mut t = [[0u8; 9]; UNITS];
    let mut k = 0;
    while k < 9 {
        let mut s = 0;
        while s < 9 {
            t[k][s] = (k * 9 + s) as u8;
            t[9 + k][s] = (s * 9 + k) as u8;
            t[18 + k][s] = ((k / 3) * 27 + (k % 3) * 3 + (s / 3) * 9 + s % 3) as u8;
            s += 1;
        }
        k += 1;
    }
    t
}

const fn build_popcount() -> [u8; 256] {
    let mut t = [0u8; 256];
    let mut i = 1;
    while i < 256 {
        t[i] = t[i >> 1] + (i & 1) as u8;
        i += 1;
    }
    t
}

/// The row (0..9) of each cell.
pub const ROW: [u8; CELLS] = build_row();
/// The column (0..9) of each cell.
pub const COL: [u8; CELLS] = build_col();
/// The box (0..9, row by row) of each cell.
pub const BOX: [u8; CELLS] = build_box();
/// The nine cells of each unit in order: along the row, down the column, row by row in the box.
/// A static under a C name of its own: `linker/sudoku.s` reads this one table (in ROM bank 0)
/// rather than a copy in each of its banks.
#[unsafe(export_name = "sudoku_unit_cells")]
pub static UNIT_CELLS: [[u8; 9]; UNITS] = build_unit_cells();
const POPCOUNT: [u8; 256] = build_popcount();
/// The lowest set bit's index of each byte (8 for 0).
const LOWEST: [u8; 256] = build_lowest();

const fn build_lowest() -> [u8; 256] {
    let mut t = [8u8; 256];
    let mut i = 1;
    while i < 256 {
        t[i] = (i as u8).trailing_zeros() as u8;
        i += 1;
    }
    t
}

const fn build_box_slot() -> [u8; CELLS] {
    let mut t = [0u8; CELLS];
    let mut i = 0;
    while i < CELLS {
        t[i] = ((i / 9) % 3 * 3 + i % 3) as u8;
        i += 1;
    }
    t
}

/// Each cell's place (0..9) in its box, row by row.
const BOX_SLOT: [u8; CELLS] = build_box_slot();

/// Bit i, by i in 0..9: a shift by a variable is a loop on the SM83.
pub const BIT: [u16; 9] = [1, 2, 4, 8, 16, 32, 64, 128, 256];

/// The units of `cell`: its row, column and box.
#[inline(always)]
pub fn units_of(cell: u8) -> [u8; 3] {
    let c = cell as usize;
    [ROW[c], 9 + COL[c], 18 + BOX[c]]
}

/// The cell's place (0..9) in its box, row by row.
#[inline(always)]
pub fn box_slot(cell: u8) -> u8 {
    BOX_SLOT[cell as usize]
}

/// How many bits of a 9-bit set are set.
#[inline(always)]
pub fn count(bits: u16) -> u8 {
    POPCOUNT[(bits & 0xFF) as usize] + (bits >> 8) as u8
}

/// The lowest set bit's index of a 9-bit set (bits != 0), by table: the back end's
/// count-trailing-zeros is a loop on the SM83.
#[inline(always)]
pub fn lowest(bits: u16) -> u8 {
    if bits & 0xFF != 0 { LOWEST[(bits & 0xFF) as usize] } else { 8 }
}

/// Whether two different cells share a unit.
pub fn sees(a: u8, b: u8) -> bool {
    let (a, b) = (a as usize, b as usize);
    a != b && (ROW[a] == ROW[b] || COL[a] == COL[b] || BOX[a] == BOX[b])
}

/// A set of cells: bit c of `rows[r]` is cell (r, c).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Cells {
    rows: [u16; 9],
}

impl Cells {
    pub const EMPTY: Cells = Cells { rows: [0; 9] };

    pub fn insert(&mut self, cell: u8) {
        let c = cell as usize;
        self.rows[ROW[c] as usize] |= BIT[COL[c] as usize];
    }

    pub fn remove(&mut self, cell: u8) {
        let c = cell as usize;
        self.rows[ROW[c] as usize] &= !BIT[COL[c] as usize];
    }

    pub fn contains(&self, cell: u8) -> bool {
        let c = cell as usize;
        self.rows[ROW[c] as usize] & (BIT[COL[c] as usize]) != 0
    }

    pub fn is_empty(&self) -> bool {
        self.rows.iter().all(|&r| r == 0)
    }

    /// The cells in either set.
    pub fn union(&self, other: &Cells) -> Cells {
        Cells { rows: core::array::from_fn(|r| self.rows[r] | other.rows[r]) }
    }

    /// The cells in one of the two sets but not both.
    pub fn symmetric_difference(&self, other: &Cells) -> Cells {
        Cells { rows: core::array::from_fn(|r| self.rows[r] ^ other.rows[r]) }
    }

    /// The lowest cell in the set: a row at a time, not a test per cell.
    pub fn first(&self) -> Option<u8> {
        let mut start = 0u8;
        for &row in &self.rows {
            if row != 0 {
                return Some(start + lowest(row));
            }
            start += 9;
        }
        None
    }

    /// The cells in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = u8> + '_ {
        (0..CELLS as u8).filter(|&cell| self.contains(cell))
    }
}

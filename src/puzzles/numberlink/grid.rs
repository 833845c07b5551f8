//! Squares, sides and links: the addressing every part of Numberlink shares, the givens, the
//! puzzle with its solution, and a set of squares.
//!
//! A square is `row << 4 | column` (as Hitori's cells), so its row and column are a shift and
//! a mask on the SM83, never a division. A link joins a square to its neighbour on one of four
//! sides; a square's links are the low four bits of a byte (bit `d` for side `d`), and every
//! link is kept at both of its squares.

use crate::puzzles::level::Difficulty;

pub const MIN_SIZE: u8 = 5;
pub const MAX_SIZE: u8 = 12;
/// Slots of the per-square arrays: the last square of the last row is slot 187.
pub const CELL_SLOTS: usize = (MAX_SIZE as usize - 1) * 16 + MAX_SIZE as usize;
/// Numbers a puzzle may hold (pairs of endpoints). The generator's 12x12 puzzles have about
/// 16 (docs/numberlink-notes.md); a fill that would need more is drawn again.
pub const MAX_PATHS: usize = 36;

/// Sides, as bit numbers of a link byte; `side ^ 2` is the opposite side.
pub const UP: u8 = 0;
pub const RIGHT: u8 = 1;
pub const DOWN: u8 = 2;
pub const LEFT: u8 = 3;

pub const fn cell_at(row: u8, col: u8) -> u8 {
    row << 4 | col
}

pub const fn row_of(cell: u8) -> u8 {
    cell >> 4
}

pub const fn col_of(cell: u8) -> u8 {
    cell & 15
}

pub const fn opposite(side: u8) -> u8 {
    side ^ 2
}

/// The side of `cell` that faces its neighbour `far`.
pub const fn side_towards(cell: u8, far: u8) -> u8 {
    match far.wrapping_sub(cell) {
        1 => RIGHT,
        16 => DOWN,
        0xFF => LEFT,
        _ => UP,
    }
}

/// The square beside `cell` on `side`, whether or not it is on the board (callers know the
/// side is open, or check with [`neighbour`]).
pub const fn step(cell: u8, side: u8) -> u8 {
    match side {
        UP => cell.wrapping_sub(16),
        RIGHT => cell.wrapping_add(1),
        DOWN => cell.wrapping_add(16),
        _ => cell.wrapping_sub(1),
    }
}

/// The square beside `cell` on `side` of an `n` x `n` board, if there is one.
pub fn neighbour(n: u8, cell: u8, side: u8) -> Option<u8> {
    let (r, c) = (row_of(cell), col_of(cell));
    let inside = match side {
        UP => r > 0,
        RIGHT => c + 1 < n,
        DOWN => r + 1 < n,
        _ => c > 0,
    };
    inside.then(|| step(cell, side))
}

/// The number of links in a link byte's low nibble.
pub const fn link_count(links: u8) -> u8 {
    (links & 1) + (links >> 1 & 1) + (links >> 2 & 1) + (links >> 3 & 1)
}

/// The sides set in a nibble of side bits, lowest first: `for side in Sides(open)` visits only
/// the open sides, and on the console steps by a table instead of a shift loop a side.
#[derive(Clone, Copy)]
pub struct Sides(pub u8);

impl Iterator for Sides {
    type Item = u8;

    fn next(&mut self) -> Option<u8> {
        /// The lowest set bit of each nibble (0 for none: never read).
        const LOWEST: [u8; 16] = [0, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0];
        let bits = self.0 & 15;
        if bits == 0 {
            return None;
        }
        self.0 = bits & (bits - 1);
        Some(LOWEST[bits as usize])
    }
}

/// A set of squares: one bit per slot.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Cells([u8; CELL_SLOTS.div_ceil(8)]);

impl Cells {
    pub const EMPTY: Cells = Cells([0; CELL_SLOTS.div_ceil(8)]);

    pub fn contains(&self, cell: u8) -> bool {
        self.0[(cell >> 3) as usize] & (1 << (cell & 7)) != 0
    }

    pub fn insert(&mut self, cell: u8) {
        self.0[(cell >> 3) as usize] |= 1 << (cell & 7);
    }

    pub fn remove(&mut self, cell: u8) {
        self.0[(cell >> 3) as usize] &= !(1 << (cell & 7));
    }

    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&b| b == 0)
    }

    /// The set's bytes (bit `cell & 7` of byte `cell >> 3`), as a save record keeps them.
    pub fn as_bytes(&self) -> &[u8] {
        &self.0
    }

    /// The set whose bytes are `bytes` ([`Cells::as_bytes`]' length).
    pub fn from_bytes(bytes: &[u8]) -> Cells {
        let mut cells = Cells::EMPTY;
        cells.0.copy_from_slice(bytes);
        cells
    }
}

/// What the player is given: the size, each number's two endpoints and the solid squares.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Givens {
    pub size: u8,
    /// Numbers 1..=paths; number k's endpoints are `ends[k - 1]`.
    pub paths: u8,
    pub ends: [[u8; 2]; MAX_PATHS],
    pub solid: Cells,
}

impl Givens {
    pub const fn new(size: u8) -> Givens {
        Givens { size, paths: 0, ends: [[0; 2]; MAX_PATHS], solid: Cells::EMPTY }
    }

    /// The number whose endpoint `cell` is, or 0 (a scan of the pairs: for text and checks,
    /// not for the solver, which keeps its own per-square copy).
    pub fn number_at(&self, cell: u8) -> u8 {
        let pairs = &self.ends[..self.paths as usize];
        pairs.iter().position(|pair| pair.contains(&cell)).map_or(0, |k| k as u8 + 1)
    }
}

/// A generated puzzle and its one solution.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Puzzle {
    pub givens: Givens,
    /// The solution's links, by square.
    pub solution: [u8; CELL_SLOTS],
    pub difficulty: Difficulty,
    pub seed: u32,
}

impl Default for Puzzle {
    fn default() -> Self {
        Self::new()
    }
}

impl Puzzle {
    pub const fn new() -> Puzzle {
        Puzzle { givens: Givens::new(MIN_SIZE), solution: [0; CELL_SLOTS], difficulty: Difficulty::Easy, seed: 0 }
    }

    pub fn size(&self) -> u8 {
        self.givens.size
    }

    /// An order-sensitive 16-bit hash of the givens (the pairs of endpoints in order) and the
    /// solution: a cheap fingerprint to check that the console and the host generate the same
    /// puzzle. (By pairs, not by [`Givens::number_at`] a square: that took 0.45 s of console
    /// time a 12x12 puzzle.)
    pub fn digest(&self) -> u16 {
        let n = self.size();
        let mut hash: u16 = u16::from(n);
        let mut add = |value: u8| hash = hash.wrapping_mul(31).wrapping_add(u16::from(value));
        for pair in &self.givens.ends[..self.givens.paths as usize] {
            add(pair[0]);
            add(pair[1]);
        }
        for r in 0..n {
            for c in 0..n {
                add(self.solution[cell_at(r, c) as usize]);
            }
        }
        hash
    }
}

/// The squares of the path through `cell` along `links`, in order from one end, each given to
/// `visit`; returns the number of squares. `cell` must have one or two links, or none (a path
/// of one square).
pub fn walk_path(links: &[u8; CELL_SLOTS], cell: u8, mut visit: impl FnMut(u8)) -> u8 {
    let end = path_end(links, cell);
    let (mut here, mut from, mut count) = (end, 0xFF, 0u8);
    loop {
        visit(here);
        count += 1;
        let Some(side) = next_side(links[here as usize], from) else { break };
        here = step(here, side);
        if here == end {
            break;
        }
        from = opposite(side);
    }
    count
}

/// An end of the path through `cell` along `links`, where [`walk_path`] starts: away from
/// `cell` until a square has no way on (a loop: the square before `cell` round it).
pub fn path_end(links: &[u8; CELL_SLOTS], cell: u8) -> u8 {
    let mut end = cell;
    let mut from = 0xFF;
    loop {
        let Some(side) = next_side(links[end as usize], from) else { break };
        if step(end, side) == cell {
            break; // a loop: start anywhere
        }
        end = step(end, side);
        from = opposite(side);
    }
    end
}

/// The first linked side of `links` other than `from` (a side, or none past 3).
pub(super) fn next_side(links: u8, from: u8) -> Option<u8> {
    let others = if from < 4 { links & !(1 << from) } else { links };
    Sides(others).next()
}

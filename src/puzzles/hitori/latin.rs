//! Random Latin squares, one row at a time.
//!
//! Each new row is a perfect matching between columns and the numbers still missing from them.
//! That bipartite graph is regular (every column misses n - r numbers, every number is missing
//! from n - r columns), so by Hall's theorem a matching always exists and any Latin rectangle
//! extends to a full square: no row ever has to be undone. Each matching is found with
//! augmenting paths (Kuhn), trying columns from a random one on and numbers in random order,
//! from an explicit stack of at most n frames. State: the board plus a few dozen bytes.
//! Random choices are one draw each: on the console a draw costs about 1200 cycles, and a
//! uniform pick among a set's bits (count them, draw, walk to the chosen one) three times that.

use super::board::{Board, bit_of, cell_at, row_mask};
use crate::puzzles::rng::Rng;

const NONE: u8 = 0xFF;

/// Fill `board` (its size n) with a random Latin square of the numbers 1..=n.
pub fn fill_latin_square(board: &mut Board, rng: &mut Rng) {
    #[cfg(target_arch = "avr")]
    {
        unsafe extern "C" {
            fn gb_hitori_fill_latin(args: *const LatinArgs);
        }
        let args = LatinArgs {
            numbers: board.number_slots_mut().as_mut_ptr().expose_provenance() as u16,
            rng: core::ptr::from_mut(rng).expose_provenance() as u16,
            n: board.size(),
        };
        // SAFETY: linker/hitori.s writes the board's numbers (16 a row) and draws from `rng`
        // (crt0's gb_rng_below), whose addresses `args` gives, and touches nothing else.
        unsafe { gb_hitori_fill_latin(&args) }
    }
    #[cfg(not(target_arch = "avr"))]
    fill_latin_square_here(board, rng);
}

/// What `gb_hitori_fill_latin` (linker/hitori.s) reads: the board's numbers' address, the
/// random generator's, and the size.
#[cfg(target_arch = "avr")]
#[repr(C)]
struct LatinArgs {
    numbers: u16,
    rng: u16,
    n: u8,
}

/// [`fill_latin_square`] in Rust: the host's, and the reference for linker/hitori.s.
#[cfg(not(target_arch = "avr"))]
fn fill_latin_square_here(board: &mut Board, rng: &mut Rng) {
    let n = board.size();
    // missing[c]: bit v-1 set while number v is not yet in column c.
    let mut missing = [row_mask(n); 15];
    // Scratch for the augmenting paths, set up once rather than per path.
    let mut path = Path { cols: [0; 15], vals: [0; 15] };
    for r in 0..n {
        let mut rows = RowMatching { col_of_value: [NONE; 15] };
        // Columns in cyclic order from a random one (a shuffle took n - 1 draws).
        let mut c = rng.below(n);
        for _ in 0..n {
            let found = rows.augment(c, &missing, &mut path, n, rng);
            debug_assert!(found, "Hall's condition guarantees a matching");
            c = if c + 1 == n { 0 } else { c + 1 };
        }
        for v in 0..n {
            let c = rows.col_of_value[v as usize];
            board.set_number(cell_at(r, c), v + 1);
            missing[c as usize] &= !bit_of(v);
        }
    }
}

/// A random set bit of `bits` (non-zero, below bit `n`): the first one at or above a random
/// position, wrapping around. Not uniform (a bit above a run of clear ones is likelier), but
/// one draw and one count of trailing zeros.
fn random_bit(bits: u16, n: u8, rng: &mut Rng) -> u8 {
    let from = bit_of(rng.below(n));
    let above = bits & !(from - 1);
    (if above != 0 { above } else { bits }).trailing_zeros() as u8
}

/// An augmenting path: the columns along it and the numbers they take (only the first
/// `depth` entries are meaningful).
struct Path {
    cols: [u8; 15],
    vals: [u8; 15],
}

/// A partial matching of one row: (0-based) numbers to columns. Only this direction is read
/// while matching; the row is written from it once complete.
struct RowMatching {
    col_of_value: [u8; 15],
}

impl RowMatching {
    /// Extend the matching to column `start` along an augmenting path.
    fn augment(&mut self, start: u8, missing: &[u16; 15], path: &mut Path, n: u8, rng: &mut Rng) -> bool {
        let mut visited = 0u16;
        let (path_cols, path_vals) = (&mut path.cols, &mut path.vals);
        // The top frame's index (a byte: SDCC's 16-bit indices go through memory).
        let mut top = 0u8;
        path_cols[0] = start;
        loop {
            let c = path_cols[usize::from(top)];
            let candidates = missing[usize::from(c)] & !visited;
            if candidates == 0 {
                if top == 0 {
                    return false;
                }
                top -= 1;
                continue;
            }
            let v = random_bit(candidates, n, rng);
            visited |= bit_of(v);
            path_vals[usize::from(top)] = v;
            let holder = self.col_of_value[usize::from(v)];
            if holder == NONE {
                for i in 0..=usize::from(top) {
                    self.col_of_value[usize::from(path_vals[i])] = path_cols[i];
                }
                return true;
            }
            // Each frame uses up a new number, so the path is never longer than n.
            top += 1;
            path_cols[usize::from(top)] = holder;
        }
    }
}

//! The island check: an incremental union-find over the faces of the planar dual.
//!
//! The unshaded cells and their orthogonal adjacencies form a plane graph. Its faces are the
//! grid points where four cells meet (the "corners"), and one outer face for the board's rim.
//! Shading a cell deletes its vertex and edges, which merges the faces at its four corners. So
//! the union-find over corners grows only by unions, while the primal graph only loses cells.
//!
//! Euler for plane graphs: components = V - E + F - 1. Shading a cell with `w` unshaded
//! neighbours whose corners belong to `k` distinct faces changes V by -1, E by -w and F by
//! 1 - k, so the number of unshaded regions changes by `w - k`. The region splits exactly when
//! `w > k`. No adjacency rule is assumed: shaded neighbours already share corner faces.
//!
//! Union by size keeps find paths short (at most log2(197) < 8 steps) without path
//! compression, which lets the solver undo shadings in reverse order from a small log.

use super::board::{CellSet, bit_of, col_of, row_mask, row_of};

/// Corner (face) indices use the cell addressing: the face below-right of cell (r, c) is
/// `r << 4 | c` for r, c < n - 1. Row 14 of that addressing is never an interior face.
pub const OUTER_FACE: u8 = 14 << 4;
const FACE_SLOTS: usize = OUTER_FACE as usize + 1;
/// Log entry closing the unions of one shading (faces are <= OUTER_FACE).
const SHADING_END: u8 = 0xFF;
/// Log room for any shadings of a 15x15 board: every union removes a face (at most 196 of
/// them) and every shading adds one end mark (at most 225).
pub const ANY_SHADING_LOG: usize = 196 + 225;
/// Log room for shadings whose cells never touch, as the solver's and the generator's never
/// do: at most 113 of the 225 cells. 112 bytes less, on a console with no WRAM to spare.
pub const APART_SHADING_LOG: usize = 196 + 113;

/// Unshaded-region connectivity under incremental shading, with undo; `LOG_CAP` bytes of undo
/// log bound the shadings it holds at once (see [`ANY_SHADING_LOG`], [`APART_SHADING_LOG`]).
#[derive(Clone)]
pub struct IslandGuard<const LOG_CAP: usize = ANY_SHADING_LOG> {
    n: u8,
    shaded: CellSet,
    parent: [u8; FACE_SLOTS],
    size: [u8; FACE_SLOTS],
    log: [u8; LOG_CAP],
    log_len: u16,
}

impl<const LOG_CAP: usize> IslandGuard<LOG_CAP> {
    /// A guard for an empty `n` x `n` board (1 <= n <= 15). `const`, so a console static can
    /// start out built.
    pub const fn new(n: u8) -> IslandGuard<LOG_CAP> {
        let mut parent = [0u8; FACE_SLOTS];
        let mut face = 0;
        while face < FACE_SLOTS {
            parent[face] = face as u8;
            face += 1;
        }
        IslandGuard { n, shaded: CellSet::EMPTY, parent, size: [1; FACE_SLOTS], log: [0; LOG_CAP], log_len: 0 }
    }

    /// Forget every shading and resize to `n` x `n`.
    pub fn reset(&mut self, n: u8) {
        self.n = n;
        self.shaded = CellSet::EMPTY;
        for (face, parent) in self.parent.iter_mut().enumerate() {
            *parent = face as u8;
        }
        self.size = [1; FACE_SLOTS];
        self.log_len = 0;
    }

    /// The board's size, n for n x n.
    pub fn size(&self) -> u8 {
        self.n
    }

    pub fn shaded(&self) -> &CellSet {
        &self.shaded
    }

    fn find(&self, mut face: u8) -> u8 {
        loop {
            let up = self.parent[face as usize];
            if up == face {
                return face;
            }
            face = up;
        }
    }

    /// The faces at the four corners of `cell` (top-left, top-right, bottom-left,
    /// bottom-right). Four scalars rather than an array: LLVM packs a `[u8; 4]` into one
    /// 32-bit integer, which costs wide shifts on the SM83.
    #[inline(always)]
    fn corners(&self, cell: u8) -> (u8, u8, u8, u8) {
        let (r, c) = (row_of(cell), col_of(cell));
        let last = self.n - 1;
        let top = r > 0;
        let bottom = r < last;
        let left = c > 0;
        let right = c < last;
        (
            if top && left { cell - 17 } else { OUTER_FACE },
            if top && right { cell - 16 } else { OUTER_FACE },
            if bottom && left { cell - 1 } else { OUTER_FACE },
            if bottom && right { cell } else { OUTER_FACE },
        )
    }

    /// Unshaded orthogonal neighbours of `cell`, from the bit rows (no shifts by the column).
    fn unshaded_neighbours(&self, cell: u8) -> u8 {
        let (r, c) = (row_of(cell), col_of(cell));
        let last = self.n - 1;
        let bit = bit_of(c);
        let row = self.shaded.row(r);
        let mut w = 0;
        if r > 0 && self.shaded.row(r - 1) & bit == 0 {
            w += 1;
        }
        if r < last && self.shaded.row(r + 1) & bit == 0 {
            w += 1;
        }
        if c > 0 && row & (bit >> 1) == 0 {
            w += 1;
        }
        if c < last && row & (bit << 1) == 0 {
            w += 1;
        }
        w
    }

    /// A superset of the unshaded cells whose shading would split their region: the cells
    /// with a shaded cell among the eight around them. Splitting takes two corners of the cell
    /// in one face, and a corner's face grows only by shading a cell that touches the corner;
    /// with none shaded around it, each corner is a face of its own or the outer face, which
    /// the cell's border sides already account for. Bit rows, no queries: callers that scan
    /// many cells query only these (a query is 2.7k cycles on the console).
    pub fn might_split(&self) -> CellSet {
        let n = self.n;
        let mut near = CellSet::EMPTY;
        for r in 0..n {
            let above = if r > 0 { self.shaded.row(r - 1) } else { 0 };
            let below = if r + 1 < n { self.shaded.row(r + 1) } else { 0 };
            let rows = above | self.shaded.row(r) | below;
            near.set_row(r, (rows | rows << 1 | rows >> 1) & row_mask(n));
        }
        near
    }

    /// Whether shading the unshaded `cell` would split its unshaded region in two or more.
    pub fn splits_if_shaded(&self, cell: u8) -> bool {
        let w = self.unshaded_neighbours(cell);
        // The corners lie in at least one face: fewer than two neighbours never split.
        if w < 2 {
            return false;
        }
        let (a, b, c, d) = self.corners(cell);
        let (a, b, c, d) = (self.find(a), self.find(b), self.find(c), self.find(d));
        let k = 1 + u8::from(b != a) + u8::from(c != a && c != b) + u8::from(d != a && d != b && d != c);
        w > k
    }

    /// Shade `cell` (which must be unshaded), merging its corner faces.
    pub fn shade(&mut self, cell: u8) {
        self.shaded.insert(cell);
        let (a, b, c, d) = self.corners(cell);
        let keep = self.find(a);
        let keep = self.merge(keep, b);
        let keep = self.merge(keep, c);
        self.merge(keep, d);
        self.push_log(SHADING_END);
    }

    /// Merges the face of `corner` into the root `keep` (unless already one), hanging the
    /// smaller tree under the larger and logging the hung root for undo; returns the new root.
    fn merge(&mut self, keep: u8, corner: u8) -> u8 {
        let other = self.find(corner);
        if other == keep {
            return keep;
        }
        let (big, small) =
            if self.size[keep as usize] >= self.size[other as usize] { (keep, other) } else { (other, keep) };
        self.parent[small as usize] = big;
        self.size[big as usize] += self.size[small as usize];
        self.push_log(small);
        big
    }

    fn push_log(&mut self, entry: u8) {
        self.log[self.log_len as usize] = entry;
        self.log_len += 1;
    }

    /// Undo the latest shading, which must have been of `cell`.
    pub fn undo_shade(&mut self, cell: u8) {
        debug_assert!(self.log_len > 0 && self.log[self.log_len as usize - 1] == SHADING_END);
        self.log_len -= 1;
        while self.log_len > 0 {
            let small = self.log[self.log_len as usize - 1];
            if small == SHADING_END {
                break;
            }
            self.log_len -= 1;
            let big = self.parent[small as usize];
            self.size[big as usize] -= self.size[small as usize];
            self.parent[small as usize] = small;
        }
        self.shaded.remove(cell);
    }
}

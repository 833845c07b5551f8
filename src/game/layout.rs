//! Where things are on the 20x18-tile screen: the board, its frame and the status (size,
//! level, time).
//!
//! Boards of 5..=9 use 16x16-pixel cells (2x2 tiles, with their own grid ring); 10..=15 use
//! 8x8 cells, which draw their grid line on the right and bottom only, so a frame supplies the
//! left and top edges (assets/README.md). The status goes where each value fits whole on one
//! row, so that a glance reads it: in a panel right of the board when the columns there hold
//! the longest value, else on the screen's last row under the board; a 9x9 board leaves room
//! for neither (the pause menu shows all of it, for every size).

use crate::puzzles::hitori::board::{MAX_SIZE, MIN_SIZE};
/// A place on a board as the frame keeps it (the cursor, a hint's cell): `position(row,
/// column)`, the row in the high nibble. Hitori numbers its cells so, the other puzzles
/// convert.
pub use crate::puzzles::hitori::board::{cell_at as position, col_of, row_of};

pub const SCREEN_COLS: u8 = 20;
pub const SCREEN_ROWS: u8 = 18;
/// Largest board drawn with 16x16-pixel cells.
pub const MAX_BIG_SIZE: u8 = 9;
/// The status panel's least width: the longest value, "MEDIUM" (sizes and times take five).
pub const PANEL_COLS: u8 = 6;
/// The status line's row, under the board.
pub const STATUS_ROW: u8 = SCREEN_ROWS - 1;

/// Where the status is drawn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Status {
    /// Columns right of the board from tile column `x`, `cols` of them (at least
    /// [`PANEL_COLS`]): a value a row.
    Panel { x: u8, cols: u8 },
    /// Row [`STATUS_ROW`], under the board: "15x15 MEDIUM" at the left, the time at the right.
    Line,
    /// Neither fits beside the board.
    Hidden,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Layout {
    pub size: u8,
    /// 16x16-pixel cells (2x2 tiles) rather than 8x8.
    pub big: bool,
    /// Tile column and row of the top-left cell.
    pub x0: u8,
    pub y0: u8,
    /// Whether a frame surrounds the board (8x8 cells only).
    pub framed: bool,
    pub status: Status,
}

/// Every size's layout, worked out at compile time: worked out on the console, LLVM packed
/// the fields into a 64-bit value with shifts that took a frame of SDCC's helpers.
const LAYOUTS: [Layout; (MAX_SIZE - MIN_SIZE + 1) as usize] = {
    let mut layouts = [Layout::compute(MIN_SIZE); (MAX_SIZE - MIN_SIZE + 1) as usize];
    let mut size = MIN_SIZE;
    while size <= MAX_SIZE {
        layouts[(size - MIN_SIZE) as usize] = Layout::compute(size);
        size += 1;
    }
    layouts
};

/// The layouts of the boards drawn in 8x8 cells at every size ([`Layout::with_small_cells`]),
/// for the sizes that otherwise have 16x16 cells.
const SMALL_CELL_LAYOUTS: [Layout; (MAX_BIG_SIZE - MIN_SIZE + 1) as usize] = {
    let mut layouts = [Layout::compute_with(MIN_SIZE, false); (MAX_BIG_SIZE - MIN_SIZE + 1) as usize];
    let mut size = MIN_SIZE;
    while size <= MAX_BIG_SIZE {
        layouts[(size - MIN_SIZE) as usize] = Layout::compute_with(size, false);
        size += 1;
    }
    layouts
};

impl Layout {
    /// The layout of an n x n board drawn in 8x8 cells whatever its size (n clamped to
    /// 5..=15): framed, the status where it fits whole as for the larger boards.
    pub const fn with_small_cells(size: u8) -> Layout {
        if size >= MIN_SIZE && size <= MAX_BIG_SIZE { SMALL_CELL_LAYOUTS[(size - MIN_SIZE) as usize] } else { Layout::for_size(size) }
    }

    /// The layout of an n x n board (n clamped to 5..=15).
    pub const fn for_size(size: u8) -> Layout {
        let size = if size < MIN_SIZE {
            MIN_SIZE
        } else if size > MAX_SIZE {
            MAX_SIZE
        } else {
            size
        };
        LAYOUTS[(size - MIN_SIZE) as usize]
    }

    const fn compute(size: u8) -> Layout {
        Layout::compute_with(size, size <= MAX_BIG_SIZE)
    }

    /// The layout of an n x n board of 16x16 cells (`big`) or 8x8 ones.
    const fn compute_with(size: u8, big: bool) -> Layout {
        // Tiles the board takes each way, with its frame.
        let (span, frame) = if big { (size * 2, 0) } else { (size + 2, 1) };
        let (left, top, status) = if SCREEN_COLS - span >= PANEL_COLS {
            (0, (SCREEN_ROWS - span) / 2, Status::Panel { x: span, cols: SCREEN_COLS - span })
        } else if span < SCREEN_ROWS {
            ((SCREEN_COLS - span) / 2, (STATUS_ROW - span) / 2, Status::Line)
        } else {
            ((SCREEN_COLS - span) / 2, 0, Status::Hidden)
        };
        Layout { size, big, x0: left + frame, y0: top + frame, framed: !big, status }
    }

    /// Tiles per cell side.
    pub const fn cell_tiles(&self) -> u8 {
        if self.big { 2 } else { 1 }
    }

    /// Tile column and row of the top-left tile of the cell at row `r`, column `c`.
    pub const fn cell_tile_xy(&self, r: u8, c: u8) -> (u8, u8) {
        // No multiplication: a runtime call on the console, about a thousand cycles a cell a
        // board redraws.
        if self.big { (self.x0 + 2 * c, self.y0 + 2 * r) } else { (self.x0 + c, self.y0 + r) }
    }

    /// Screen pixel of the cell's top-left corner (for the cursor sprite).
    pub const fn cell_pixel_xy(&self, r: u8, c: u8) -> (u8, u8) {
        let (x, y) = self.cell_tile_xy(r, c);
        (x * 8, y * 8)
    }

    /// Which cell (row, column) a map tile shows, if any: the inverse of `cell_tile_xy`.
    pub const fn cell_at_tile(&self, x: u8, y: u8) -> Option<(u8, u8)> {
        if x < self.x0 || y < self.y0 {
            return None;
        }
        let (c, r) = ((x - self.x0) / self.cell_tiles(), (y - self.y0) / self.cell_tiles());
        if r < self.size && c < self.size { Some((r, c)) } else { None }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_board_fits_the_screen_beside_its_status() {
        for l in (MIN_SIZE..=MAX_SIZE).flat_map(|n| [Layout::for_size(n), Layout::with_small_cells(n)]) {
            let n = l.size;
            let span = n * l.cell_tiles() + if l.framed { 2 } else { 0 };
            let left = if l.framed { l.x0 - 1 } else { l.x0 };
            let top = if l.framed { l.y0 - 1 } else { l.y0 };
            let (right, bottom) = match l.status {
                Status::Panel { x, cols } => {
                    assert!(cols >= PANEL_COLS && x + cols == SCREEN_COLS, "{n}: {:?}", l.status);
                    (x, SCREEN_ROWS)
                }
                Status::Line => (SCREEN_COLS, STATUS_ROW),
                Status::Hidden => (SCREEN_COLS, SCREEN_ROWS),
            };
            assert!(left + span <= right, "{n}: board runs into the status or off the screen");
            assert!(top + span <= bottom, "{n}: board runs into the status or off the bottom");
        }
    }

    #[test]
    fn cell_lookup_inverts_cell_position() {
        for n in [5, 9, 10, 15] {
            let l = Layout::for_size(n);
            for r in 0..n {
                for c in 0..n {
                    let (x, y) = l.cell_tile_xy(r, c);
                    assert_eq!(l.cell_at_tile(x, y), Some((r, c)));
                    assert_eq!(l.cell_at_tile(x + l.cell_tiles() - 1, y + l.cell_tiles() - 1), Some((r, c)));
                }
            }
            let (x, y) = l.cell_tile_xy(n - 1, n - 1);
            assert_eq!(l.cell_at_tile(x + l.cell_tiles(), y), None);
            assert_eq!(l.cell_at_tile(x, y + l.cell_tiles()), None);
        }
    }

    #[test]
    fn big_cells_up_to_nine_and_the_status_where_it_fits_whole() {
        assert!(Layout::for_size(9).big);
        assert!(!Layout::for_size(10).big);
        for (n, status) in [(7, "panel"), (8, "line"), (9, "hidden"), (12, "panel"), (13, "line"), (15, "line")] {
            let shown = match Layout::for_size(n).status {
                Status::Panel { .. } => "panel",
                Status::Line => "line",
                Status::Hidden => "hidden",
            };
            assert_eq!(shown, status, "{n}x{n}");
        }
    }
}

//! Where things are on the 20x18-tile screen: the board, its frame and the status panel.
//!
//! Boards of 5..=9 use 16x16-pixel cells (2x2 tiles, with their own grid ring); 10..=15 use
//! 8x8 cells, which draw their grid line on the right and bottom only, so a frame supplies the
//! left and top edges (assets/README.md). The panel takes the columns right of the board.

use crate::engine::board::{MAX_SIZE, MIN_SIZE};

pub const SCREEN_COLS: u8 = 20;
pub const SCREEN_ROWS: u8 = 18;
/// Largest board drawn with 16x16-pixel cells.
pub const MAX_BIG_SIZE: u8 = 9;
/// Panels narrower than this show the compact status (see `play.rs`).
pub const WIDE_PANEL_COLS: u8 = 6;

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
    /// First tile column of the status panel and its width in tiles.
    pub panel_x: u8,
    pub panel_cols: u8,
}

impl Layout {
    /// The layout of an n x n board (n clamped to 5..=15).
    pub const fn for_size(size: u8) -> Layout {
        let size = if size < MIN_SIZE {
            MIN_SIZE
        } else if size > MAX_SIZE {
            MAX_SIZE
        } else {
            size
        };
        if size <= MAX_BIG_SIZE {
            let span = size * 2;
            Layout { size, big: true, x0: 0, y0: (SCREEN_ROWS - span) / 2, framed: false, panel_x: span, panel_cols: SCREEN_COLS - span }
        } else {
            let span = size + 2;
            let top = (SCREEN_ROWS - span) / 2;
            Layout { size, big: false, x0: 1, y0: top + 1, framed: true, panel_x: span, panel_cols: SCREEN_COLS - span }
        }
    }

    /// Tiles per cell side.
    pub const fn cell_tiles(&self) -> u8 {
        if self.big { 2 } else { 1 }
    }

    /// Tile column and row of the top-left tile of the cell at row `r`, column `c`.
    pub const fn cell_tile_xy(&self, r: u8, c: u8) -> (u8, u8) {
        (self.x0 + c * self.cell_tiles(), self.y0 + r * self.cell_tiles())
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

    pub const fn panel_is_wide(&self) -> bool {
        self.panel_cols >= WIDE_PANEL_COLS
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_board_fits_the_screen_with_a_panel() {
        for n in MIN_SIZE..=MAX_SIZE {
            let l = Layout::for_size(n);
            let span = n * l.cell_tiles() + if l.framed { 2 } else { 0 };
            let left = if l.framed { l.x0 - 1 } else { l.x0 };
            let top = if l.framed { l.y0 - 1 } else { l.y0 };
            assert!(left + span <= l.panel_x, "{n}: board runs into the panel");
            assert!(top + span <= SCREEN_ROWS, "{n}: board runs off the bottom");
            assert!(l.panel_cols >= 2, "{n}: panel too narrow for the compact status");
            assert_eq!(l.panel_x + l.panel_cols, SCREEN_COLS);
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
            assert_eq!(l.cell_at_tile(l.panel_x, l.y0), None);
        }
    }

    #[test]
    fn big_cells_up_to_nine() {
        assert!(Layout::for_size(9).big);
        assert!(!Layout::for_size(10).big);
        assert_eq!(Layout::for_size(9).panel_cols, 2);
        assert_eq!(Layout::for_size(15).panel_cols, 3);
    }
}

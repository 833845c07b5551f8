//! What the screen should show: a copy of the visible part of both tile maps (background and
//! window) in WRAM, and which tiles differ from VRAM. Screens draw here at any time; the console
//! copies the differences to VRAM inside VBlank (`Canvas::flush`), as many as fit.
//!
//! Changed tiles are remembered in a short list; when it overflows, whole rows are marked
//! instead, so any amount of drawing costs bounded memory and is never lost.

use heapless::Vec;

use super::layout::{SCREEN_COLS, SCREEN_ROWS};
use crate::assets::{self, font_tile};

const TILES: usize = SCREEN_COLS as usize * SCREEN_ROWS as usize;
/// Rows of both layers, as bits of `dirty_rows`.
const ROWS_TOTAL: usize = 2 * SCREEN_ROWS as usize;
const CHANGED_CAP: usize = 64;
/// Marks a `changed` entry as a window tile.
const WINDOW_BIT: u16 = 1 << 15;
const ROW_BYTES: usize = ROWS_TOTAL.div_ceil(8);
/// A blank screen row, to compare rows with.
const BLANK_ROW: [u8; SCREEN_COLS as usize] = [assets::TILE_BLANK; SCREEN_COLS as usize];
/// `dirty_rows` with every row of both layers set.
const ALL_ROWS: [u8; ROW_BYTES] = {
    let mut bits = [0u8; ROW_BYTES];
    let mut row = 0;
    while row < ROWS_TOTAL {
        bits[row / 8] |= 1 << (row % 8);
        row += 1;
    }
    bits
};

/// The two tile maps: the background (map 0x9800) and the window (map 0x9C00).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Layer {
    Background = 0,
    Window = 1,
}

pub struct Canvas {
    tiles: [[u8; TILES]; 2],
    /// Tiles changed since the last flush: x in bits 0-4, y in bits 5-9, `WINDOW_BIT` for the
    /// window layer.
    changed: Vec<u16, CHANGED_CAP>,
    /// Rows to rewrite whole (bit `layer * 18 + y`), once `changed` was full.
    dirty_rows: [u8; ROW_BYTES],
}

impl Default for Canvas {
    fn default() -> Self {
        Self::new()
    }
}

impl Canvas {
    /// A blank canvas that still has to be written out whole.
    pub const fn new() -> Canvas {
        Canvas { tiles: [[assets::TILE_BLANK; TILES]; 2], changed: Vec::new(), dirty_rows: ALL_ROWS }
    }

    pub fn tile(&self, layer: Layer, x: u8, y: u8) -> u8 {
        self.tiles[layer as usize][index(x, y)]
    }

    pub fn set(&mut self, layer: Layer, x: u8, y: u8, tile: u8) {
        if x >= SCREEN_COLS || y >= SCREEN_ROWS {
            return;
        }
        let i = index(x, y);
        let slot = &mut self.tiles[layer as usize][i];
        if *slot == tile {
            return;
        }
        *slot = tile;
        let window = if layer == Layer::Window { WINDOW_BIT } else { 0 };
        if self.changed.push(window | (u16::from(y) << 5) | u16::from(x)).is_err() {
            self.mark_row(layer, y);
        }
    }

    /// Sets a `cols` x `rows` block starting at (x, y) to `tile`, clipped at the screen edge.
    /// Each row of the block that changes is rewritten whole at the next flush: on the console
    /// a block fill and a row copy cost a fraction of comparing tile by tile (a `set` per tile
    /// is several hundred cycles), and rows already showing `tile` cost no copy at all.
    pub fn fill(&mut self, layer: Layer, x: u8, y: u8, cols: u8, rows: u8, tile: u8) {
        let end_x = x.saturating_add(cols).min(SCREEN_COLS);
        if x >= end_x {
            return;
        }
        for row in y..y.saturating_add(rows).min(SCREEN_ROWS) {
            let slots = &mut self.tiles[layer as usize][index(x, row)..index(end_x, row)];
            // Blanking is the common case (clearing a layer); a slice comparison is one
            // `memcmp`, where a loop over the tiles costs several hundred cycles a tile.
            if tile == assets::TILE_BLANK && is_blank(slots) {
                continue;
            }
            slots.fill(tile);
            self.mark_row(layer, row);
        }
    }

    /// Blanks a whole layer.
    pub fn clear(&mut self, layer: Layer) {
        self.fill(layer, 0, 0, SCREEN_COLS, SCREEN_ROWS, assets::TILE_BLANK);
    }

    /// ASCII text from (x, y) rightwards, clipped at the screen edge. Like `fill`, it marks
    /// its row for a whole rewrite: cheaper on the console than a `set` per character.
    pub fn text(&mut self, layer: Layer, x: u8, y: u8, text: &[u8]) {
        for (slot, &byte) in self.row_from(layer, x, y).iter_mut().zip(text) {
            *slot = font_tile(byte);
        }
    }

    /// Tiles from (x, y) rightwards, clipped at the screen edge; marks the row like `text`.
    pub fn tiles(&mut self, layer: Layer, x: u8, y: u8, tiles: &[u8]) {
        for (slot, &tile) in self.row_from(layer, x, y).iter_mut().zip(tiles) {
            *slot = tile;
        }
    }

    /// The tiles of row `y` from column `x` to the screen edge (none when off screen), with
    /// the row marked for a whole rewrite.
    fn row_from(&mut self, layer: Layer, x: u8, y: u8) -> &mut [u8] {
        if x >= SCREEN_COLS || y >= SCREEN_ROWS {
            return &mut [];
        }
        self.mark_row(layer, y);
        &mut self.tiles[layer as usize][index(x, y)..index(SCREEN_COLS, y)]
    }

    /// Text centred on row `y` of a `width`-column area starting at column `x`.
    pub fn text_centred(&mut self, layer: Layer, x: u8, width: u8, y: u8, text: &[u8]) {
        let len = text.len().min(usize::from(width)) as u8;
        self.text(layer, x + (width - len) / 2, y, &text[..usize::from(len)]);
    }

    /// Whether VRAM already shows everything.
    pub fn is_flushed(&self) -> bool {
        self.changed.is_empty() && self.dirty_rows.iter().all(|&bits| bits == 0)
    }

    /// Marks everything as changed (after VRAM lost its contents, e.g. at power-on).
    pub fn invalidate(&mut self) {
        self.changed.clear();
        self.dirty_rows = ALL_ROWS;
    }

    /// Both VRAM maps were just filled with `TILE_BLANK` (at boot): only rows holding other
    /// tiles remain to be copied.
    pub fn vram_filled_blank(&mut self) {
        self.changed.clear();
        self.dirty_rows = [0; ROW_BYTES];
        for layer in [Layer::Background, Layer::Window] {
            for y in 0..SCREEN_ROWS {
                if !is_blank(&self.tiles[layer as usize][index(0, y)..index(SCREEN_COLS, y)]) {
                    self.mark_row(layer, y);
                }
            }
        }
    }

    /// Rows still to be rewritten whole: many means a new screen, which the console copies
    /// with the display blanked rather than let the player watch it build up.
    pub fn dirty_row_count(&self) -> u32 {
        self.dirty_rows.iter().map(|bits| bits.count_ones()).sum()
    }

    /// Offers the next tiles to copy to VRAM to `plan(layer, x, y, tiles)`, run by run, in
    /// the order [`Canvas::written`] expects: dirty rows first (a whole row each), then single
    /// changed tiles; stops when `plan` returns false (it has taken enough) or nothing is left.
    ///
    /// The console plans a frame's copies with this outside VBlank and spends VBlank itself
    /// only on the copies: on a 4 MHz CPU with SDCC's code, finding the work costs as much as
    /// doing it. Rows are found a byte of flags at a time with a walking mask, and list
    /// entries hold x and y as bit fields, so no multiplication, division or variable shift
    /// is needed; runs go straight to `plan`, never through a struct (LLVM packs a small
    /// struct into a wide integer, which SDCC shifts bit by bit). Out of line, as is
    /// `written`: SDCC gives up some optimisations on large functions.
    #[inline(never)]
    pub fn next_runs(&self, mut plan: impl FnMut(Layer, u8, u8, &[u8]) -> bool) {
        for (byte, &bits) in self.dirty_rows.iter().enumerate() {
            let mut mask = 1u8;
            let mut row = byte as u8 * 8;
            while bits >= mask && mask != 0 {
                if bits & mask != 0 {
                    let (layer, y) = if row < SCREEN_ROWS { (Layer::Background, row) } else { (Layer::Window, row - SCREEN_ROWS) };
                    if !plan(layer, 0, y, &self.tiles[layer as usize][index(0, y)..index(SCREEN_COLS, y)]) {
                        return;
                    }
                }
                mask <<= 1;
                row += 1;
            }
        }
        for &slot in self.changed.iter().rev() {
            let layer = if slot & WINDOW_BIT != 0 { Layer::Window } else { Layer::Background };
            let (x, y) = ((slot & 31) as u8, ((slot >> 5) & 31) as u8);
            let i = index(x, y);
            if !plan(layer, x, y, &self.tiles[layer as usize][i..i + 1]) {
                return;
            }
        }
    }

    /// The first `count` runs [`Canvas::next_runs`] gave have reached VRAM (nothing was
    /// drawn in between).
    #[inline(never)]
    pub fn written(&mut self, mut count: usize) {
        for bits in self.dirty_rows.iter_mut() {
            while *bits != 0 {
                if count == 0 {
                    return;
                }
                // Clears the lowest set bit: the first row of this byte.
                *bits &= *bits - 1;
                count -= 1;
            }
        }
        for _ in 0..count {
            self.changed.pop();
        }
    }

    /// Writes runs with `write(layer, x, y, tiles)` while `has_time()` allows (asked before
    /// each run: a run is at most one row); what is left waits for the next call. Returns the
    /// number of tiles written. For host tests, where time is no object; the console's VBlank
    /// copies use `next_runs` directly.
    pub fn flush(&mut self, mut write: impl FnMut(Layer, u8, u8, &[u8]), mut has_time: impl FnMut() -> bool) -> u16 {
        let mut tiles = 0u16;
        loop {
            let (mut done, mut stopped) = (0, false);
            self.next_runs(|layer, x, y, run| {
                stopped = !has_time();
                if !stopped {
                    write(layer, x, y, run);
                    tiles += run.len() as u16;
                    done += 1;
                }
                !stopped
            });
            self.written(done);
            if stopped || done == 0 {
                return tiles;
            }
        }
    }

    fn mark_row(&mut self, layer: Layer, y: u8) {
        let row = layer as u8 * SCREEN_ROWS + y;
        self.dirty_rows[usize::from(row / 8)] |= 1 << (row % 8);
    }
}

fn is_blank(row: &[u8]) -> bool {
    *row == BLANK_ROW[..row.len()]
}

/// Position in a layer's tile array: y * 20 + x, as shifts (the SM83 has no multiply).
fn index(x: u8, y: u8) -> usize {
    const _: () = assert!(SCREEN_COLS == 16 + 4);
    let y = usize::from(y);
    (y << 4) + (y << 2) + usize::from(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fake VRAM: both maps as the console would hold them.
    struct Vram([[u8; TILES]; 2]);

    impl Vram {
        fn flush_all(&mut self, canvas: &mut Canvas) {
            canvas.flush(|layer, x, y, tiles| self.write(layer, x, y, tiles), || true);
            assert!(canvas.is_flushed());
        }

        fn write(&mut self, layer: Layer, x: u8, y: u8, tiles: &[u8]) {
            let i = index(x, y);
            self.0[layer as usize][i..i + tiles.len()].copy_from_slice(tiles);
        }

        fn matches(&self, canvas: &Canvas) -> bool {
            self.0 == canvas.tiles
        }
    }

    #[test]
    fn flushing_makes_vram_equal_the_canvas_whatever_the_amount_drawn() {
        let mut canvas = Canvas::new();
        let mut vram = Vram([[0xAA; TILES]; 2]);
        vram.flush_all(&mut canvas);
        assert!(vram.matches(&canvas));
        let mut rng = fastrand::Rng::with_seed(7);
        for round in 0..200 {
            let count = if round % 10 == 0 { 500 } else { rng.usize(0..40) };
            for _ in 0..count {
                let layer = if rng.bool() { Layer::Background } else { Layer::Window };
                canvas.set(layer, rng.u8(0..SCREEN_COLS), rng.u8(0..SCREEN_ROWS), rng.u8(..));
            }
            vram.flush_all(&mut canvas);
            assert!(vram.matches(&canvas), "round {round}");
        }
    }

    #[test]
    fn a_flush_cut_short_resumes_without_losing_tiles() {
        let mut canvas = Canvas::new();
        let mut vram = Vram([[0; TILES]; 2]);
        vram.flush_all(&mut canvas);
        canvas.text(Layer::Window, 0, 3, b"HELLO WORLD");
        for y in 0..SCREEN_ROWS {
            canvas.set(Layer::Background, 5, y, 9);
        }
        // Whole rows (the text's and six filled), more than one flush's budget of runs, and
        // the single tiles after them.
        canvas.fill(Layer::Background, 0, 2, SCREEN_COLS, 6, 7);
        assert_eq!(canvas.dirty_row_count(), 7);
        let mut frames = 0;
        while !canvas.is_flushed() {
            let mut runs = 0;
            let written = canvas.flush(
                |layer, x, y, tiles| vram.write(layer, x, y, tiles),
                || {
                    runs += 1;
                    runs <= 3
                },
            );
            assert!(written <= 3 * u16::from(SCREEN_COLS));
            frames += 1;
            assert!(frames < 200, "flush makes no progress");
        }
        assert!(vram.matches(&canvas));
    }

    #[test]
    fn unchanged_tiles_cost_nothing() {
        let mut canvas = Canvas::new();
        canvas.flush(|_, _, _, _| {}, || true);
        assert_eq!(canvas.dirty_row_count(), 0);
        canvas.set(Layer::Background, 1, 1, assets::TILE_BLANK);
        assert!(canvas.is_flushed());
        canvas.set(Layer::Background, 1, 1, 3);
        canvas.set(Layer::Background, 25, 1, 3);
        assert_eq!(canvas.flush(|_, _, _, _| {}, || true), 1);
    }

    #[test]
    fn fills_mark_only_rows_they_change() {
        let mut canvas = Canvas::new();
        canvas.flush(|_, _, _, _| {}, || true);
        canvas.clear(Layer::Window);
        assert!(canvas.is_flushed(), "clearing a blank layer copies nothing");
        canvas.set(Layer::Window, 4, 7, 3);
        canvas.flush(|_, _, _, _| {}, || true);
        canvas.clear(Layer::Window);
        assert_eq!(canvas.dirty_row_count(), 1);
        let mut vram = Vram([[assets::TILE_BLANK; TILES]; 2]);
        vram.0[Layer::Window as usize][index(4, 7)] = 3;
        vram.flush_all(&mut canvas);
        assert!(vram.matches(&canvas));
    }

    #[test]
    fn after_blank_maps_only_drawn_rows_are_copied() {
        let mut canvas = Canvas::new();
        canvas.text(Layer::Background, 2, 5, b"HI");
        canvas.set(Layer::Window, 0, 17, 9);
        canvas.vram_filled_blank();
        assert_eq!(canvas.dirty_row_count(), 2);
        let mut vram = Vram([[assets::TILE_BLANK; TILES]; 2]);
        vram.flush_all(&mut canvas);
        assert!(vram.matches(&canvas));
    }

    #[test]
    fn text_is_clipped_and_centred() {
        let mut canvas = Canvas::new();
        canvas.text(Layer::Background, 18, 0, b"ABC");
        assert_eq!(canvas.tile(Layer::Background, 18, 0), font_tile(b'A'));
        assert_eq!(canvas.tile(Layer::Background, 19, 0), font_tile(b'B'));
        canvas.text_centred(Layer::Window, 0, 20, 2, b"SOLVED");
        assert_eq!(canvas.tile(Layer::Window, 7, 2), font_tile(b'S'));
    }
}

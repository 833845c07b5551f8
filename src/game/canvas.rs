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
/// `dirty_rows` with rows `first..end` of both layers (numbered as in [`row_bit`]) set.
const fn row_bits(first: usize, end: usize) -> [u8; ROW_BYTES] {
    let mut bits = [0u8; ROW_BYTES];
    let mut row = first;
    while row < end {
        bits[row / 8] |= 1 << (row % 8);
        row += 1;
    }
    bits
}

/// `dirty_rows` with every row of both layers set.
const ALL_ROWS: [u8; ROW_BYTES] = row_bits(0, ROWS_TOTAL);
/// `dirty_rows` with the rows of one layer set.
const BACKGROUND_ROWS: [u8; ROW_BYTES] = row_bits(0, SCREEN_ROWS as usize);
const WINDOW_ROWS: [u8; ROW_BYTES] = row_bits(SCREEN_ROWS as usize, ROWS_TOTAL);

/// The two tile maps: the background (map 0x9800) and the window (map 0x9C00).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Layer {
    Background = 0,
    Window = 1,
}

impl Layer {
    /// Where the layer's tiles start in `Canvas::tiles`. By a branch, not
    /// `layer as usize * TILES`: SDCC multiplies in a slow helper.
    fn first_tile(self) -> usize {
        match self {
            Layer::Background => 0,
            Layer::Window => TILES,
        }
    }

    /// The layer's first bit in the row flags (`dirty_rows`, `blank_rows`).
    fn first_row(self) -> u8 {
        match self {
            Layer::Background => 0,
            Layer::Window => SCREEN_ROWS,
        }
    }
}

pub struct Canvas {
    /// The background's tiles, then the window's (`Layer::first_tile`).
    tiles: [u8; 2 * TILES],
    /// Tiles changed since the last flush: x in bits 0-4, y in bits 5-9, `WINDOW_BIT` for the
    /// window layer.
    changed: Vec<u16, CHANGED_CAP>,
    /// Rows to rewrite whole (bit `layer * 18 + y`): drawn by rows, or once `changed` was full.
    dirty_rows: [u8; ROW_BYTES],
    /// Rows known to hold only `TILE_BLANK` (same bits): blanking them again costs nothing.
    blank_rows: [u8; ROW_BYTES],
}

impl Default for Canvas {
    fn default() -> Self {
        Self::new()
    }
}

impl Canvas {
    /// A blank canvas that still has to be written out whole.
    pub const fn new() -> Canvas {
        Canvas {
            tiles: [assets::TILE_BLANK; 2 * TILES],
            changed: Vec::new(),
            dirty_rows: ALL_ROWS,
            blank_rows: ALL_ROWS,
        }
    }

    pub fn tile(&self, layer: Layer, x: u8, y: u8) -> u8 {
        self.tiles[layer.first_tile() + index(x, y)]
    }

    pub fn set(&mut self, layer: Layer, x: u8, y: u8, tile: u8) {
        if x >= SCREEN_COLS || y >= SCREEN_ROWS {
            return;
        }
        let i = index(x, y);
        let slot = &mut self.tiles[layer.first_tile() + i];
        if *slot == tile {
            return;
        }
        *slot = tile;
        let (byte, mask) = row_bit(layer, y);
        self.blank_rows[byte] &= !mask;
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
        let end_y = y.saturating_add(rows).min(SCREEN_ROWS);
        if x >= end_x || y >= end_y {
            return;
        }
        let whole_rows = x == 0 && end_x == SCREEN_COLS;
        let tiles = &mut self.tiles[layer.first_tile()..];
        if whole_rows {
            // Whole rows lie end to end: one fill.
            tiles[index(0, y)..index(0, end_y)].fill(tile);
        } else {
            for row in y..end_y {
                tiles[index(x, row)..index(end_x, row)].fill(tile);
            }
        }
        let blank = tile == assets::TILE_BLANK;
        self.mark_rows(layer, y, end_y, blank, blank && whole_rows);
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
        // One copy: a zip of slots and tiles cost 400 cycles a tile on the console.
        let row = self.row_from(layer, x, y);
        let len = row.len().min(tiles.len());
        row[..len].copy_from_slice(&tiles[..len]);
    }

    /// The tiles of row `y` from column `x` to the screen edge (none when off screen), with
    /// the row marked for a whole rewrite. Inlined: on the console a returned slice goes
    /// through memory.
    #[inline(always)]
    fn row_from(&mut self, layer: Layer, x: u8, y: u8) -> &mut [u8] {
        if x >= SCREEN_COLS || y >= SCREEN_ROWS {
            return &mut [];
        }
        self.mark_row(layer, y);
        let at = layer.first_tile();
        &mut self.tiles[at + index(x, y)..at + index(SCREEN_COLS, y)]
    }

    /// Text centred on row `y` of a `width`-column area starting at column `x`.
    pub fn text_centred(&mut self, layer: Layer, x: u8, width: u8, y: u8, text: &[u8]) {
        let len = text.len().min(usize::from(width)) as u8;
        self.text(layer, x + (width - len) / 2, y, &text[..usize::from(len)]);
    }

    /// Whether VRAM already shows everything.
    pub fn is_flushed(&self) -> bool {
        self.dirty_rows.iter().all(|&bits| bits == 0) && self.changed.is_empty()
    }

    /// Row `y` of `layer`'s screen, whole.
    pub fn row(&self, layer: Layer, y: u8) -> &[u8] {
        let at = layer.first_tile();
        &self.tiles[at + index(0, y)..at + index(SCREEN_COLS, y)]
    }

    /// Writes every row that differs from VRAM, whole, with `write(layer, y, tiles)` and marks
    /// the canvas flushed: the console's copy of a new screen with the LCD off, where time is
    /// no object (a run at a time through `next_runs` cost twice the copies' time to plan).
    pub fn copy_whole(&mut self, mut write: impl FnMut(Layer, u8, &[u8])) {
        for &slot in self.changed.iter() {
            let layer = if slot & WINDOW_BIT != 0 { Layer::Window } else { Layer::Background };
            let (byte, mask) = row_bit(layer, ((slot >> 5) & 31) as u8);
            self.dirty_rows[byte] |= mask;
        }
        self.changed.clear();
        for layer in [Layer::Background, Layer::Window] {
            for y in 0..SCREEN_ROWS {
                let (byte, mask) = row_bit(layer, y);
                if self.dirty_rows[byte] & mask != 0 {
                    write(layer, y, self.row(layer, y));
                }
            }
        }
        self.dirty_rows = [0; ROW_BYTES];
    }

    /// Both VRAM maps were just filled with `TILE_BLANK` (at boot): only rows that may hold
    /// other tiles remain to be copied.
    pub fn vram_filled_blank(&mut self) {
        self.changed.clear();
        for byte in 0..ROW_BYTES {
            self.dirty_rows[byte] = ALL_ROWS[byte] & !self.blank_rows[byte];
        }
    }

    /// Rows still to be rewritten whole: many means a new screen, which the console copies
    /// with the display blanked rather than let the player watch it build up.
    /// Whether some row of `layer` is to be rewritten whole.
    pub fn has_dirty_rows(&self, layer: Layer) -> bool {
        // A byte of rows at a time: row by row cost 17,000 cycles on the console, a quarter
        // of a frame.
        let rows = match layer {
            Layer::Background => &BACKGROUND_ROWS,
            Layer::Window => &WINDOW_ROWS,
        };
        self.dirty_rows.iter().zip(rows).any(|(&dirty, &mask)| dirty & mask != 0)
    }

    #[cfg(test)]
    fn dirty_row_count(&self) -> u8 {
        self.dirty_rows.iter().map(|bits| bits.count_ones() as u8).sum()
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
        if self.is_flushed() {
            return;
        }
        for (byte, &bits) in self.dirty_rows.iter().enumerate() {
            let mut mask = 1u8;
            let mut row = byte as u8 * 8;
            while bits >= mask && mask != 0 {
                if bits & mask != 0 {
                    let (layer, y) = if row < SCREEN_ROWS { (Layer::Background, row) } else { (Layer::Window, row - SCREEN_ROWS) };
                    let at = layer.first_tile();
                    if !plan(layer, 0, y, &self.tiles[at + index(0, y)..at + index(SCREEN_COLS, y)]) {
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
            let i = layer.first_tile() + index(x, y);
            if !plan(layer, x, y, &self.tiles[i..i + 1]) {
                return;
            }
        }
    }

    /// The first `count` runs [`Canvas::next_runs`] gave have reached VRAM (nothing was
    /// drawn in between).
    #[inline(never)]
    pub fn written(&mut self, mut count: usize) {
        if count == 0 {
            return;
        }
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

    /// Row `y` of `layer` is to be rewritten whole, and no longer known to be blank.
    #[inline(always)]
    fn mark_row(&mut self, layer: Layer, y: u8) {
        let (byte, mask) = row_bit(layer, y);
        self.dirty_rows[byte] |= mask;
        self.blank_rows[byte] &= !mask;
    }

    /// Rows `y..end_y` (at least one) of `layer` are to be rewritten whole. With
    /// `unchanged_if_blank`, rows known to be blank are left alone (they were filled with
    /// blank); with `now_blank`, the rows are known to be blank from now on, else no longer.
    /// A byte of row flags at a time, masks from tables: on the console a row at a time costs
    /// a thousand cycles a row.
    fn mark_rows(&mut self, layer: Layer, y: u8, end_y: u8, unchanged_if_blank: bool, now_blank: bool) {
        /// `FROM[i]`: bits i to 7; `THROUGH[i]`: bits 0 to i.
        const FROM: [u8; 8] = [0xFF, 0xFE, 0xFC, 0xF8, 0xF0, 0xE0, 0xC0, 0x80];
        const THROUGH: [u8; 8] = [0x01, 0x03, 0x07, 0x0F, 0x1F, 0x3F, 0x7F, 0xFF];
        let (first, last) = (layer.first_row() + y, layer.first_row() + end_y - 1);
        let (first_byte, last_byte) = (usize::from(first / 8), usize::from(last / 8));
        for byte in first_byte..=last_byte {
            let mut mask = 0xFF;
            if byte == first_byte {
                mask &= FROM[usize::from(first % 8)];
            }
            if byte == last_byte {
                mask &= THROUGH[usize::from(last % 8)];
            }
            if unchanged_if_blank {
                mask &= !self.blank_rows[byte];
            }
            self.dirty_rows[byte] |= mask;
            if now_blank {
                self.blank_rows[byte] |= mask;
            } else {
                self.blank_rows[byte] &= !mask;
            }
        }
    }
}

/// The byte and bit of row `y` of `layer` in `dirty_rows` and `blank_rows`. The bit from a
/// table: SDCC shifts by a variable count one bit at a time.
fn row_bit(layer: Layer, y: u8) -> (usize, u8) {
    const BIT: [u8; 8] = [1, 2, 4, 8, 16, 32, 64, 128];
    let row = layer.first_row() + y;
    (usize::from(row / 8), BIT[usize::from(row % 8)])
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
            self.0.as_flattened() == canvas.tiles
        }
    }

    #[test]
    fn copying_whole_rows_shows_what_was_drawn_and_leaves_nothing_to_flush() {
        let mut canvas = Canvas::new();
        let mut vram = Vram([[0xAA; TILES]; 2]);
        vram.flush_all(&mut canvas);
        // Rows by text and fill, and single tiles in rows otherwise untouched.
        canvas.text(Layer::Background, 2, 3, b"HELLO");
        canvas.fill(Layer::Window, 0, 10, 20, 2, 7);
        canvas.set(Layer::Background, 19, 17, 9);
        canvas.set(Layer::Window, 0, 0, 5);
        let mut rows = Vec::<(Layer, u8), 40>::new();
        canvas.copy_whole(|layer, y, tiles| {
            assert_eq!(tiles.len(), usize::from(SCREEN_COLS));
            vram.write(layer, 0, y, tiles);
            rows.push((layer, y)).unwrap();
        });
        assert!(vram.matches(&canvas));
        assert!(canvas.is_flushed());
        assert_eq!(rows.len(), 5, "only the rows that changed: {rows:?}");
    }

    #[test]
    fn flushing_makes_vram_show_what_was_drawn_whatever_the_amount() {
        let mut canvas = Canvas::new();
        let mut vram = Vram([[0xAA; TILES]; 2]);
        vram.flush_all(&mut canvas);
        // What the drawing calls below should leave on screen, tile by tile.
        let mut drawn = [[assets::TILE_BLANK; TILES]; 2];
        assert_eq!(vram.0, drawn);
        let block = |drawn: &mut [[u8; TILES]; 2], layer: Layer, x: u8, y: u8, cols: u8, rows: u8, tile: u8| {
            for row in y..(y + rows).min(SCREEN_ROWS) {
                for col in x..(x + cols).min(SCREEN_COLS) {
                    drawn[layer as usize][index(col, row)] = tile;
                }
            }
        };
        let mut rng = fastrand::Rng::with_seed(7);
        for round in 0..400 {
            let count = if round % 10 == 0 { 500 } else { rng.usize(0..40) };
            for _ in 0..count {
                let layer = if rng.bool() { Layer::Background } else { Layer::Window };
                let (x, y) = (rng.u8(0..SCREEN_COLS), rng.u8(0..SCREEN_ROWS));
                let (cols, rows, tile) = (rng.u8(1..=20), rng.u8(1..=4), rng.u8(..));
                // Mostly single tiles; also blank or other blocks, whole layers and text, so
                // rows known to be blank come and go.
                match rng.u8(0..40) {
                    0 => {
                        canvas.clear(layer);
                        block(&mut drawn, layer, 0, 0, SCREEN_COLS, SCREEN_ROWS, assets::TILE_BLANK);
                    }
                    1..=3 => {
                        canvas.fill(layer, x, y, cols, rows, assets::TILE_BLANK);
                        block(&mut drawn, layer, x, y, cols, rows, assets::TILE_BLANK);
                    }
                    4 => {
                        canvas.fill(layer, x, y, cols, rows, tile);
                        block(&mut drawn, layer, x, y, cols, rows, tile);
                    }
                    5 => {
                        canvas.text(layer, x, y, b"HI");
                        block(&mut drawn, layer, x, y, 1, 1, font_tile(b'H'));
                        block(&mut drawn, layer, x + 1, y, 1, 1, font_tile(b'I'));
                    }
                    6 => {
                        canvas.set(layer, x, y, assets::TILE_BLANK);
                        block(&mut drawn, layer, x, y, 1, 1, assets::TILE_BLANK);
                    }
                    _ => {
                        canvas.set(layer, x, y, tile);
                        block(&mut drawn, layer, x, y, 1, 1, tile);
                    }
                }
            }
            vram.flush_all(&mut canvas);
            assert_eq!(vram.0, drawn, "round {round}");
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
    fn dirty_rows_are_told_apart_by_layer() {
        let mut canvas = Canvas::new();
        canvas.flush(|_, _, _, _| {}, || true);
        // The last row of each layer: the background's shares a byte of flags with the
        // window's first rows.
        for (layer, other) in [(Layer::Background, Layer::Window), (Layer::Window, Layer::Background)] {
            assert!(!canvas.has_dirty_rows(layer) && !canvas.has_dirty_rows(other));
            canvas.fill(layer, 0, SCREEN_ROWS - 1, SCREEN_COLS, 1, 7);
            assert!(canvas.has_dirty_rows(layer), "{layer:?}");
            assert!(!canvas.has_dirty_rows(other), "{other:?}");
            canvas.flush(|_, _, _, _| {}, || true);
        }
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

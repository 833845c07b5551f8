//! Sudoku's board screen: 9x9 cells of one 8x8 tile each, centred between line tiles that
//! carry the grid (thin lines between cells, thick ones on the boxes' edges), so that a digit
//! takes one tile in each of its four looks, not the four tiles a 16x16 cell needs in every
//! look and place (docs/sudoku-notes.md, "Board screen"); a cell's pencil marks are a tile of
//! its own, drawn when they change. Digits repeated in a row, column or box show in error.
//!
//! Controls on a cell: A opens the keypad, a 3x3 block of digits beside the cell (objects) on
//! the digit last used; there the D-pad chooses a digit, A writes it (or, when the cell holds
//! it, clears the cell) and closes the keypad, B sets or clears its pencil mark and keeps the
//! keypad open, Select closes it. B on a cell clears its digit. Givens take no move.
//!
//! On the console the board's entry points live in ROM bank 14 (with Baby Lizards' board):
//! with them, the play screen's bank 4 passed 16 KiB.

use super::{Banner, Changed, Checked, Press};
use crate::assets;
use crate::game::canvas::{Canvas, Layer};
use crate::game::layout::{Layout, position};
use crate::puzzles::play::Play;
use crate::puzzles::sudoku::Sudoku;
use crate::puzzles::sudoku::generate::Puzzle;
use crate::puzzles::sudoku::grid::{BIT, CELLS, COL, Cells, ROW, UNITS};
use crate::puzzles::sudoku::play::{Hint, Marks, Move};
use gb_hal::joypad::Buttons;

/// Board tiles across: a line tile before each cell and after the last.
const BOARD_TILES: usize = 19;

/// Units searched for repeated digits a frame ([`SudokuBoard::check`]).
const UNITS_A_FRAME: u8 = 2;

/// Cells whose error look changed drawn a frame once the units are searched.
const ERROR_CELLS_A_FRAME: u8 = 2;

/// Where the keypad's keys are drawn from its corner: 8-pixel keys a pixel apart.
const KEY_PITCH: u8 = 9;
const KEYPAD_PIXELS: u8 = 2 * KEY_PITCH + 8;

/// The keypad as the screen shows it: its top-left pixel and the digit chosen.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct KeypadView {
    pub x: u8,
    pub y: u8,
    pub chosen: u8,
}

impl KeypadView {
    /// The screen pixel of `digit`'s key (1..=9, as on a phone's keypad).
    pub fn key_xy(&self, digit: u8) -> (u8, u8) {
        let (row, col) = key_place(digit);
        (self.x + col * KEY_PITCH, self.y + row * KEY_PITCH)
    }

    /// The object tile of `digit`'s key: the digit as a hint lights it (in block 1, where
    /// objects reach); the chosen key wears the 8x8 cursor's ring as well.
    pub fn key_tile(digit: u8) -> u8 {
        assets::SUDOKU_FIRST_TILE + assets::SUDOKU_STYLE_HINT * assets::SUDOKU_STYLE_TILES + digit
    }
}

/// What a frame's input did to the keypad.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum KeypadEvent {
    /// No key of the keypad's was pressed.
    None,
    /// Another digit was chosen.
    Chose,
    /// It closed without a move.
    Closed,
    /// A digit was written or cleared (the keypad closed) or a pencil mark set or cleared.
    Changed { changed: Changed, pencil: bool },
}

/// The Sudoku puzzle being played and what its board shows.
pub struct SudokuBoard {
    pub puzzle: Puzzle,
    pub play: Play<Sudoku>,
    /// The cells shown in error: a digit repeated in one of their units.
    conflicts: Cells,
    /// The part of the units ([`UNITS_A_FRAME`] of them) to search next for repeats after a
    /// change (from 1; 0: none left), and the cells in error found so far.
    errors_part: u8,
    errors_found: Cells,
    /// Cells the last hint lights up, until the next move.
    hinted: Cells,
    /// The keypad's chosen digit while it is open, 0 when it is closed.
    keypad: u8,
    /// Whether the keypad was open at the last [`SudokuBoard::check`]: the frame after it
    /// opens or closes leaves the check for later, as its ten objects are placed or hidden
    /// then (after the VBlank of the frame that changed it, in the next one's time: with two
    /// units searched beside them, that frame ran late).
    keypad_checked: bool,
    /// The digit the keypad opens on: the one last written or marked.
    last_digit: u8,
    /// Cells whose pencil-mark tile VRAM does not hold yet.
    pencil_unwritten: Cells,
    /// Whether `pencil_unwritten` has a cell: asked every frame (the console's VBlank plan,
    /// whatever the screen shows), where a look at the set itself took SDCC's code about 10k
    /// cycles (`make bench-rom`'s profile of a frame in the new-game menu).
    pencil_pending: bool,
}

impl Default for SudokuBoard {
    fn default() -> Self {
        Self::new()
    }
}

impl SudokuBoard {
    pub const fn new() -> SudokuBoard {
        SudokuBoard {
            puzzle: Puzzle::EMPTY,
            play: Play::with_marks(Marks::EMPTY),
            conflicts: Cells::EMPTY,
            errors_part: 0,
            errors_found: Cells::EMPTY,
            hinted: Cells::EMPTY,
            keypad: 0,
            keypad_checked: false,
            last_digit: 5,
            pencil_unwritten: Cells::EMPTY,
            pencil_pending: false,
        }
    }

    pub fn size(&self) -> u8 {
        9
    }

    /// Takes `puzzle` for a new game (no cell marked).
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank14"))]
    #[inline(never)]
    pub fn take_new(&mut self, puzzle: &Puzzle) {
        self.puzzle.clone_from(puzzle);
        self.play.restore_with(Marks::clear);
    }

    /// Begins a new game (or one restarted): no digit or pencil mark, so no error to find
    /// and no pencil tile to write. (Looking through the 81 cells for them took 24k cycles,
    /// which with the rest of the start's frame ran late.)
    pub fn begin_new(&mut self) {
        self.hinted = Cells::EMPTY;
        self.keypad = 0;
        self.last_digit = if (1..=9).contains(&self.last_digit) { self.last_digit } else { 5 };
        self.conflicts = Cells::EMPTY;
        self.errors_found = Cells::EMPTY;
        self.errors_part = 0;
        self.pencil_unwritten = Cells::EMPTY;
        self.pencil_pending = false;
    }

    /// Begins a game resumed with its marks: its errors are found on the first frames of
    /// play, its pencil marks' tiles written as VRAM has time.
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank14"))]
    #[inline(never)]
    pub fn resume(&mut self) {
        self.begin_new();
        self.find_errors_again();
        for cell in 0..CELLS as u8 {
            if self.play.marks().pencil(usize::from(cell)) != 0 {
                self.pencil_unwritten.insert(cell);
                self.pencil_pending = true;
            }
        }
    }

    /// A frame of play: [`UNITS_A_FRAME`] units searched for repeats after a change and, in the
    /// frames after the last, the cells whose error changed drawn, [`ERROR_CELLS_A_FRAME`] a
    /// frame: errors show 16 frames after a move by the keypad. (Three units a frame took
    /// about 31k cycles on the console: with a pencil mark's tile made in the same frame, the
    /// frame ran late; so did the last units with the drawing, and three cells drawn with a
    /// pencil tile.)
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank14"))]
    #[inline(never)]
    pub fn check(&mut self, canvas: &mut Canvas) -> Checked {
        let part = self.errors_part;
        let keypad = self.keypad != 0;
        if part == 0 {
            self.keypad_checked = keypad;
            return Checked::Nothing;
        }
        if keypad != core::mem::replace(&mut self.keypad_checked, keypad) {
            return Checked::Step;
        }
        let first = UNITS_A_FRAME * (part - 1);
        if first < UNITS as u8 {
            let end = (first + UNITS_A_FRAME).min(UNITS as u8);
            self.play.marks().conflicts_in(&self.puzzle, first..end, &mut self.errors_found);
            self.errors_part = part + 1;
            return Checked::Step;
        }
        let mut changed = self.errors_found.symmetric_difference(&self.conflicts);
        let mut shown = false;
        for _ in 0..ERROR_CELLS_A_FRAME {
            let Some(cell) = changed.first() else { break };
            changed.remove(cell);
            if self.errors_found.contains(cell) {
                self.conflicts.insert(cell);
                shown = true;
            } else {
                self.conflicts.remove(cell);
            }
            self.draw_cell(canvas, cell);
        }
        if changed.is_empty() {
            self.errors_part = 0;
        }
        Checked::step(shown)
    }

    /// Starts the search for repeated digits over.
    fn find_errors_again(&mut self) {
        self.errors_part = 1;
        self.errors_found = Cells::EMPTY;
    }

    /// Which button's mark the cell at `spot` holds: A for a digit written, B for pencil
    /// marks alone.
    pub fn marked_by(&self, spot: u8) -> Option<Press> {
        let cell = usize::from(cell_of(spot));
        let marks = self.play.marks();
        if marks.digit(cell) != 0 {
            Some(Press::A)
        } else if marks.pencil(cell) != 0 {
            Some(Press::B)
        } else {
            None
        }
    }

    /// A on `spot` opens the keypad, B clears the cell's digit; a given takes neither.
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank14"))]
    #[inline(never)]
    pub fn press(&mut self, spot: u8, press: Press, layout: &Layout, canvas: &mut Canvas) -> Option<Changed> {
        let cell = cell_of(spot);
        if self.puzzle.givens[usize::from(cell)] != 0 {
            return None;
        }
        match press {
            Press::A => {
                self.keypad = self.last_digit;
                None
            }
            Press::B => self.write(cell, 0, layout, canvas),
        }
    }

    /// The keypad, if it is open, with the cell at `spot` (the cursor's) beside it.
    pub fn keypad(&self, spot: u8) -> Option<KeypadView> {
        if self.keypad == 0 {
            return None;
        }
        let (x, y) = cell_pixel_xy(spot);
        // Right of the cell when it fits, else left; centred on the cell's row, on the screen.
        let x = if x + 16 + 2 + KEYPAD_PIXELS <= 160 { x + 16 + 2 } else { x - 2 - KEYPAD_PIXELS };
        let y = (y + 8).saturating_sub(KEYPAD_PIXELS / 2).min(144 - KEYPAD_PIXELS);
        Some(KeypadView { x, y, chosen: self.keypad })
    }

    /// The open keypad takes the D-pad (`triggered`: repeats when held), A, B and Select
    /// (`pressed`) for the cell at `spot`.
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank14"))]
    #[inline(never)]
    pub fn keypad_input(&mut self, spot: u8, triggered: Buttons, pressed: Buttons, layout: &Layout, canvas: &mut Canvas) -> KeypadEvent {
        let cell = cell_of(spot);
        let digit = self.keypad;
        if pressed.contains(Buttons::A) {
            self.keypad = 0;
            self.last_digit = digit;
            let to = if self.play.marks().digit(usize::from(cell)) == digit { 0 } else { digit };
            return match self.write(cell, to, layout, canvas) {
                Some(changed) => KeypadEvent::Changed { changed, pencil: false },
                None => KeypadEvent::Closed,
            };
        }
        if pressed.contains(Buttons::B) {
            self.last_digit = digit;
            self.play.make(Move::Pencil { cell, digit });
            let changed = self.changed(Some(Move::Pencil { cell, digit }), layout, canvas);
            return KeypadEvent::Changed { changed, pencil: true };
        }
        if pressed.contains(Buttons::SELECT) {
            self.keypad = 0;
            return KeypadEvent::Closed;
        }
        // Across and down on the 3x3 keys, wrapping at the edges as the cursor does.
        let (mut row, mut col) = key_place(digit);
        let (back, on) = (|k: u8| if k == 0 { 2 } else { k - 1 }, |k: u8| if k == 2 { 0 } else { k + 1 });
        if triggered.contains(Buttons::LEFT) {
            col = back(col);
        } else if triggered.contains(Buttons::RIGHT) {
            col = on(col);
        }
        if triggered.contains(Buttons::UP) {
            row = back(row);
        } else if triggered.contains(Buttons::DOWN) {
            row = on(row);
        }
        self.keypad = (row << 1) + row + col + 1;
        if self.keypad == digit { KeypadEvent::None } else { KeypadEvent::Chose }
    }

    /// Writes `digit` (0: none) in the open `cell`; `None` if it already holds it.
    fn write(&mut self, cell: u8, digit: u8, layout: &Layout, canvas: &mut Canvas) -> Option<Changed> {
        let from = self.play.marks().digit(usize::from(cell));
        if from == digit {
            return None;
        }
        let m = Move::Digit { cell, from, to: digit };
        self.play.make(m);
        Some(self.changed(Some(m), layout, canvas))
    }

    /// Clears every mark: every row drawn again.
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank14"))]
    #[inline(never)]
    pub fn restart(&mut self, layout: &Layout, canvas: &mut Canvas) -> Changed {
        self.play.restore_with(Marks::clear);
        self.begin_new();
        self.draw_rows(layout, canvas, 0, 9);
        Changed { cell: None, solved: false }
    }

    /// After `moved`: its cell and the last hint's drawn; the errors found on the next frame
    /// (at once when the move solves the puzzle: no frame of play follows).
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank14"))]
    #[inline(never)]
    fn changed(&mut self, moved: Option<Move>, _layout: &Layout, canvas: &mut Canvas) -> Changed {
        let mut lit = core::mem::take(&mut self.hinted);
        while let Some(cell) = lit.first() {
            lit.remove(cell);
            self.draw_cell(canvas, cell);
        }
        let Some(m) = moved else { return Changed { cell: None, solved: false } };
        let cell = match m {
            Move::Digit { cell, .. } => {
                self.find_errors_again();
                cell
            }
            Move::Pencil { cell, .. } => {
                self.pencil_unwritten.insert(cell);
                self.pencil_pending = true;
                cell
            }
        };
        let solved = self.play.marks().is_solved(&self.puzzle);
        if solved {
            while self.check(canvas) != Checked::Nothing {}
        }
        self.draw_cell(canvas, cell);
        Changed { cell: Some(position(ROW[usize::from(cell)], COL[usize::from(cell)])), solved }
    }

    /// Lights the hint's cells now, puts the `cursor` on the cell it is about and its lines in
    /// `banner`.
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank14"))]
    #[inline(never)]
    pub fn show_hint(&mut self, hint: Hint, canvas: &mut Canvas, cursor: &mut u8, banner: &mut Banner) {
        let before = core::mem::take(&mut self.hinted);
        // The cursor may move: the keypad closes rather than follow it.
        self.keypad = 0;
        let at = match hint {
            Hint::Mistake(cell) => {
                *banner = Some((b"THIS CELL IS WRONG", b""));
                Some(cell)
            }
            Hint::Deduction(d) => {
                self.hinted = d.reasons.union(&d.targets);
                let text = if d.digit != 0 { PLACE[usize::from(d.digit - 1)] } else { removal_text(d.removed) };
                *banner = Some((text, d.technique.name().as_bytes()));
                d.targets.first()
            }
            Hint::Reveal(cell, digit) => {
                *banner = Some((PLACE[usize::from(digit - 1)], b"BY THE SOLUTION"));
                Some(cell)
            }
            Hint::Solved => {
                *banner = Some((b"EVERY DIGIT IS IN", b""));
                None
            }
        };
        if let Some(cell) = at {
            *cursor = position(ROW[usize::from(cell)], COL[usize::from(cell)]);
            self.hinted.insert(cell);
        }
        let mut redraw = before.union(&self.hinted);
        while let Some(cell) = redraw.first() {
            redraw.remove(cell);
            self.draw_cell(canvas, cell);
        }
    }

    /// A pencil-mark tile VRAM lacks: its background tile, its 16 bytes put in `tile`
    /// ([`SudokuBoard::pencil_tile_written`] once it is copied).
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank14"))]
    #[inline(never)]
    pub fn unwritten_pencil_tile(&self, tile: &mut [u8; 16]) -> Option<u8> {
        if !self.pencil_pending {
            return None;
        }
        let cell = self.pencil_unwritten.first()?;
        pencil_tile(self.play.marks().pencil(usize::from(cell)), tile);
        Some(assets::SUDOKU_PENCIL_FIRST_TILE + cell)
    }

    /// Whether a pencil-mark tile waits for [`SudokuBoard::unwritten_pencil_tile`].
    pub fn has_unwritten_pencil_tile(&self) -> bool {
        self.pencil_pending
    }

    /// VRAM holds background tile `tile` as [`SudokuBoard::unwritten_pencil_tile`] gave it.
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank14"))]
    #[inline(never)]
    pub fn pencil_tile_written(&mut self, tile: u8) {
        self.pencil_unwritten.remove(tile - assets::SUDOKU_PENCIL_FIRST_TILE);
        self.pencil_pending = !self.pencil_unwritten.is_empty();
    }

    /// The rows of cells `from..to`, each with the line above it, a row of tiles at a time.
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank14"))]
    #[inline(never)]
    pub fn draw_rows(&self, _layout: &Layout, canvas: &mut Canvas, from: u8, to: u8) {
        // Tiles by running indices, no division or remainder: each is a runtime call on the
        // console (a board's rows took about a frame more with them).
        let mut tiles = [0u8; BOARD_TILES];
        let mut cell = 9 * from;
        for r in from..to.min(9) {
            let across = box_edge(r);
            for (c, pair) in tiles.chunks_mut(2).enumerate() {
                pair[0] = crossing(box_edge(c as u8), across);
                if let Some(tile) = pair.get_mut(1) {
                    *tile = across_line(across);
                }
            }
            canvas.tiles(Layer::Background, 0, 2 * r, &tiles);
            for (c, pair) in tiles.chunks_mut(2).enumerate() {
                pair[0] = down_line(box_edge(c as u8));
                if let Some(tile) = pair.get_mut(1) {
                    *tile = self.cell_tile(cell);
                    cell += 1;
                }
            }
            canvas.tiles(Layer::Background, 0, 2 * r + 1, &tiles);
        }
    }

    /// Draws `cell` as it looks now.
    fn draw_cell(&self, canvas: &mut Canvas, cell: u8) {
        let (r, c) = (ROW[usize::from(cell)], COL[usize::from(cell)]);
        canvas.set(Layer::Background, 1 + 2 * c, 1 + 2 * r, self.cell_tile(cell));
    }

    /// The tile of `cell` as it looks now: its digit (given or written) lit by a hint, in
    /// error or plain, else its pencil marks' tile, else blank.
    fn cell_tile(&self, cell: u8) -> u8 {
        let at = usize::from(cell);
        let (given, marks) = (self.puzzle.givens[at], self.play.marks());
        let digit = if given != 0 { given } else { marks.digit(at) };
        let lit = self.hinted.contains(cell);
        if digit == 0 && !lit && marks.pencil(at) != 0 {
            return assets::SUDOKU_PENCIL_FIRST_TILE + cell;
        }
        let style = if lit {
            assets::SUDOKU_STYLE_HINT
        } else if digit != 0 && self.conflicts.contains(cell) {
            assets::SUDOKU_STYLE_ERROR
        } else if given != 0 {
            assets::SUDOKU_STYLE_GIVEN
        } else {
            assets::SUDOKU_STYLE_ENTERED
        };
        assets::SUDOKU_FIRST_TILE + style * assets::SUDOKU_STYLE_TILES + digit
    }
}

puzzle_board!(SudokuBoard, Sudoku);

/// The row and column of `digit`'s key (1..=9, as on a phone's keypad), from a table: a
/// division by 3 is a runtime call on the console.
fn key_place(digit: u8) -> (u8, u8) {
    const PLACES: [(u8, u8); 9] = [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (2, 2)];
    PLACES[usize::from(digit - 1)]
}

/// The puzzle's cell at the frame's `spot` (`position(row, column)`).
fn cell_of(spot: u8) -> u8 {
    9 * (spot >> 4) + (spot & 0x0F)
}

/// Screen pixel of the top-left corner of the 16x16 square around the cell at `spot`, from
/// the middle of the line tiles on its left and above it (for the cursor).
pub fn cell_pixel_xy(spot: u8) -> (u8, u8) {
    (4 + 16 * (spot & 0x0F), 4 + 16 * (spot >> 4))
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Thickness {
    Thin,
    Thick,
}

/// The line before cell row or column `k` (0..=9): thick on the boxes' edges.
fn box_edge(k: u8) -> Thickness {
    if matches!(k, 0 | 3 | 6 | 9) { Thickness::Thick } else { Thickness::Thin }
}

fn down_line(down: Thickness) -> u8 {
    match down {
        Thickness::Thin => assets::SUDOKU_LINE_THIN_DOWN,
        Thickness::Thick => assets::SUDOKU_LINE_THICK_DOWN,
    }
}

fn across_line(across: Thickness) -> u8 {
    match across {
        Thickness::Thin => assets::SUDOKU_LINE_THIN_ACROSS,
        Thickness::Thick => assets::SUDOKU_LINE_THICK_ACROSS,
    }
}

fn crossing(down: Thickness, across: Thickness) -> u8 {
    match (down, across) {
        (Thickness::Thin, Thickness::Thin) => assets::SUDOKU_LINE_THIN_DOWN_THIN_ACROSS,
        (Thickness::Thin, Thickness::Thick) => assets::SUDOKU_LINE_THIN_DOWN_THICK_ACROSS,
        (Thickness::Thick, Thickness::Thin) => assets::SUDOKU_LINE_THICK_DOWN_THIN_ACROSS,
        (Thickness::Thick, Thickness::Thick) => assets::SUDOKU_LINE_THICK_DOWN_THICK_ACROSS,
    }
}

/// Draws into `tile` a pencil-mark tile: each digit of `pencil` (bit d for digit d + 1) a 2x2
/// dark grey dot where a phone's keypad has it, dots 3 pixels apart.
pub fn pencil_tile(pencil: u16, tile: &mut [u8; 16]) {
    // Each dot's pixels in a row of the tile, by its column on the keypad.
    const DOTS: [u8; 3] = [0xC0, 0x18, 0x03];
    *tile = [0; 16];
    let mut digits = pencil;
    for band in 0..3 {
        let mut bits = 0u8;
        for dot in DOTS {
            if digits & 1 != 0 {
                bits |= dot;
            }
            digits >>= 1;
        }
        // Dark grey is colour 2: the high bit plane only, of the band's two rows.
        tile[6 * band + 1] = bits;
        tile[6 * band + 3] = bits;
    }
}

/// The banner's "place" line of each digit.
const PLACE: [&[u8]; 9] =
    [b"PLACE 1", b"PLACE 2", b"PLACE 3", b"PLACE 4", b"PLACE 5", b"PLACE 6", b"PLACE 7", b"PLACE 8", b"PLACE 9"];

/// The banner's line for an elimination of the candidates `removed`.
fn removal_text(removed: u16) -> &'static [u8] {
    const TAKE_OUT: [&[u8]; 9] =
        [b"TAKE OUT 1", b"TAKE OUT 2", b"TAKE OUT 3", b"TAKE OUT 4", b"TAKE OUT 5", b"TAKE OUT 6", b"TAKE OUT 7", b"TAKE OUT 8", b"TAKE OUT 9"];
    match (0..9).find(|&d| removed == BIT[d]) {
        Some(d) => TAKE_OUT[d],
        None => b"TAKE OUT CANDIDATES",
    }
}

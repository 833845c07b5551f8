//! The play screen: the board, the cursor, the status panel, moves, live rule violations and
//! hints. The pure model is the engine's `Play`; this module maps buttons to moves and draws.
//!
//! On the console the session's entry points (those the screens call) live in ROM bank 4.
//!
//! Controls: D-pad moves (auto-repeat, wrapping at the edges); A shades or unshades; B circles
//! or uncircles; tapping Select undoes; holding Select, B redoes and A asks for a hint; Start
//! pauses. Undo fires when Select is released without A or B, so Select+B never undoes first.

use gb_hal::joypad::{Buttons, InputFrame};

use super::canvas::{Canvas, Layer};
use super::clock::Clock;
use super::engine_calls;
use super::layout::{Layout, SCREEN_COLS, STATUS_ROW, Status};
use super::size_label::{GameLabel, SizeLabel};
use crate::assets;
use crate::puzzles::hitori::board::{CellSet, bit_of, cell_at, col_of, for_each_bit, row_of};
use crate::puzzles::code::{CODE_LEN, SeedCode};
use crate::puzzles::hitori::generate::Puzzle;
use crate::puzzles::hitori::play::{CheckPart, Hint, Move, Play};
use crate::puzzles::hitori::rules::{OpenNumbers, ViolationMap};
use crate::puzzles::hitori::solve::Mark;

/// Frames the hint banner stays up (unless a key is pressed first).
const BANNER_FRAMES: u8 = 150;
/// Window rows the banner uses, at the bottom of the screen.
pub const BANNER_ROWS: u8 = 2;

/// What the highlighted violations have not caught up with yet, and the part of the check
/// to do next: after a move, one part of its check a frame, each followed by a frame that
/// draws the cells whose highlight changed (`Session::check_violations`), so no frame on the
/// console has two of these to do.
#[derive(Clone, Copy)]
enum Unchecked {
    Nothing,
    Move(Move, CheckPart),
    /// Many marks changed and are not drawn yet: every rule, then every cell drawn.
    Everything(CheckPart),
    /// Every rule for marks that are drawn (play begins): then the cells whose highlight changed.
    Shown(CheckPart),
}

pub enum PlayEvent {
    /// Nothing happened, and the frame had nothing to draw or check: time to spare (for a
    /// save, which takes half a frame on the console).
    None,
    /// Nothing happened for the game to act on, but the frame checked or drew something.
    Busy,
    /// The marks changed: save them.
    Moved,
    /// The player asked for a hint: the worker finds it, [`Session::show_hint`] shows it.
    Hint,
    Solved,
    Pause,
}

/// Everything about the puzzle being played. Part of the game's static on the console.
pub struct Session {
    pub puzzle: Puzzle,
    pub play: Play,
    pub clock: Clock,
    violations: ViolationMap,
    unchecked: Unchecked,
    /// Cells whose highlight the last check changed, still to be drawn.
    undrawn: CellSet,
    /// The puzzle's seed code, made once when play begins (the pause menu shows it, and
    /// encoding it takes a third of a frame on the console).
    code: Option<[u8; CODE_LEN]>,
    layout: Layout,
    cursor: u8,
    /// Cells the last hint points at, highlighted until the next move.
    hinted: CellSet,
    /// The lines of a hint's banner, drawn (and shown) at the next update: with the hint's
    /// cells in one frame, a 15x15 board's main loop ran past VBlank.
    banner_undrawn: Option<(&'static [u8], &'static [u8])>,
    banner_frames: u8,
    /// The clock shows a second that has passed.
    time_undrawn: bool,
    /// Select went down and neither A nor B has been pressed since.
    select_alone: bool,
}

impl Default for Session {
    fn default() -> Self {
        Self::new()
    }
}

impl Session {
    pub const fn new() -> Session {
        Session {
            puzzle: Puzzle::new(),
            play: Play::new(),
            clock: Clock::new(),
            violations: ViolationMap::EMPTY,
            unchecked: Unchecked::Nothing,
            undrawn: CellSet::EMPTY,
            code: None,
            layout: Layout::for_size(5),
            cursor: 0,
            hinted: CellSet::EMPTY,
            banner_undrawn: None,
            banner_frames: 0,
            time_undrawn: false,
            select_alone: false,
        }
    }

    /// Begins a game resumed with its marks after `seconds` already played: every rule is
    /// checked a part a frame from the first frame of play (all at once took three frames on
    /// the console, holding up the board); the board is drawn without highlights, as the
    /// empty map says, until then.
    pub fn begin(&mut self, seconds: u16) {
        self.begin_at(seconds);
        self.violations = ViolationMap::EMPTY;
        self.unchecked = Unchecked::Shown(CheckPart::FIRST);
    }

    /// Takes `puzzle` for a new game (no cell marked); [`Session::begin_new`] begins it. Its
    /// violation map stays empty until [`Session::set_open_numbers`].
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank4"))]
    #[inline(never)]
    pub fn take_new(&mut self, puzzle: &Puzzle) {
        self.puzzle.clone_from(puzzle);
        self.play.restart();
        self.violations = ViolationMap::EMPTY;
    }

    /// The new game's violation map from the puzzle's `open` numbers
    /// ([`OpenNumbers::set_unmarked`]): as a full check would leave it, at once. Before the
    /// first move: the board looks the same with the empty map.
    pub fn set_open_numbers(&mut self, open: &OpenNumbers) {
        self.violations.set_unmarked(open);
    }

    /// Begins the new game [`Session::take_new`] took.
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank4"))]
    #[inline(never)]
    pub fn begin_new(&mut self) {
        self.begin_at(0);
        self.unchecked = Unchecked::Nothing;
    }

    /// What every game begins with: its layout, code, clock and cursor.
    fn begin_at(&mut self, seconds: u16) {
        let n = self.puzzle.board.size();
        self.layout = Layout::for_size(n);
        self.code = SeedCode { kind: crate::puzzles::Kind::Hitori, size: n, difficulty: self.puzzle.difficulty, seed: self.puzzle.seed }.encode();
        self.clock = Clock::starting_at(seconds);
        self.cursor = cell_at(n / 2, n / 2);
        self.hinted = CellSet::EMPTY;
        self.banner_undrawn = None;
        self.banner_frames = 0;
        self.time_undrawn = false;
        self.select_alone = false;
        self.undrawn = CellSet::EMPTY;
    }

    pub fn code(&self) -> Option<&[u8; CODE_LEN]> {
        self.code.as_ref()
    }

    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    pub fn cursor(&self) -> u8 {
        self.cursor
    }

    /// Whether the hint banner is up (the window shows its rows).
    pub fn banner_shown(&self) -> bool {
        self.banner_frames > 0
    }

    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank4"))]
    #[inline(never)]
    pub fn update(&mut self, input: &InputFrame, frames: u8, canvas: &mut Canvas) -> PlayEvent {
        let mut busy = self.check_violations(canvas);
        if let Some((first, second)) = self.banner_undrawn.take() {
            canvas.fill(Layer::Window, 0, 0, SCREEN_COLS, BANNER_ROWS, assets::FRAME_INSIDE);
            canvas.text_centred(Layer::Window, 0, SCREEN_COLS, 0, first);
            canvas.text_centred(Layer::Window, 0, SCREEN_COLS, 1, second);
            self.banner_frames = BANNER_FRAMES;
        }
        // Beside a 9x9 board no clock shows (the pause menu's does).
        self.time_undrawn |= self.clock.tick(frames) && self.layout.status != Status::Hidden;
        if self.banner_frames > 0 {
            self.banner_frames = if input.pressed.is_empty() { self.banner_frames.saturating_sub(frames) } else { 0 };
        }
        if input.pressed.contains(Buttons::SELECT) {
            self.select_alone = true;
        }
        let selecting = input.held.contains(Buttons::SELECT);
        if input.pressed.intersects(Buttons::A | Buttons::B) {
            self.select_alone = false;
        }
        self.move_cursor(input.triggered);
        let event = if input.pressed.contains(Buttons::START) {
            PlayEvent::Pause
        } else if selecting && input.pressed.contains(Buttons::A) {
            PlayEvent::Hint
        } else if selecting && input.pressed.contains(Buttons::B) {
            self.redo(canvas)
        } else if input.released.contains(Buttons::SELECT) && self.select_alone {
            self.select_alone = false;
            self.undo(canvas)
        } else if input.pressed.contains(Buttons::A) {
            let to = if self.play.mark(self.cursor) == Mark::Shaded { Mark::Unknown } else { Mark::Shaded };
            self.set_mark(to, canvas)
        } else if input.pressed.contains(Buttons::B) {
            let to = if self.play.mark(self.cursor) == Mark::Unshaded { Mark::Unknown } else { Mark::Unshaded };
            self.set_mark(to, canvas)
        } else {
            PlayEvent::None
        };
        // A new second waits for a frame without a move: drawing both does not fit a frame on
        // the console.
        if self.time_undrawn && matches!(event, PlayEvent::None) {
            self.draw_time(canvas);
            self.time_undrawn = false;
            busy = true;
        }
        match event {
            PlayEvent::None if busy => PlayEvent::Busy,
            event => event,
        }
    }

    fn move_cursor(&mut self, triggered: Buttons) {
        let n = self.puzzle.board.size();
        let (mut r, mut c) = (row_of(self.cursor), col_of(self.cursor));
        if triggered.contains(Buttons::LEFT) {
            c = if c == 0 { n - 1 } else { c - 1 };
        } else if triggered.contains(Buttons::RIGHT) {
            c = if c + 1 == n { 0 } else { c + 1 };
        }
        if triggered.contains(Buttons::UP) {
            r = if r == 0 { n - 1 } else { r - 1 };
        } else if triggered.contains(Buttons::DOWN) {
            r = if r + 1 == n { 0 } else { r + 1 };
        }
        self.cursor = cell_at(r, c);
    }

    fn set_mark(&mut self, mark: Mark, canvas: &mut Canvas) -> PlayEvent {
        let (cell, from) = (self.cursor, self.play.mark(self.cursor));
        if self.play.set_mark(cell, mark) { self.after_change(Some(Move { cell, from, to: mark }), canvas) } else { PlayEvent::None }
    }

    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank4"))]
    #[inline(never)]
    pub fn undo(&mut self, canvas: &mut Canvas) -> PlayEvent {
        let undone = self.play.undo();
        self.show_replayed(undone, canvas)
    }

    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank4"))]
    #[inline(never)]
    pub fn redo(&mut self, canvas: &mut Canvas) -> PlayEvent {
        let redone = self.play.redo();
        self.show_replayed(redone, canvas)
    }

    /// After an undo or redo: the cursor goes to the cell that changed.
    fn show_replayed(&mut self, replayed: Option<Move>, canvas: &mut Canvas) -> PlayEvent {
        match replayed {
            Some(m) => {
                self.cursor = m.cell;
                self.after_change(Some(m), canvas)
            }
            None => PlayEvent::None,
        }
    }

    /// Clears every mark (the clock keeps running).
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank4"))]
    #[inline(never)]
    pub fn restart(&mut self, canvas: &mut Canvas) -> PlayEvent {
        self.play.restart();
        self.after_change(None, canvas)
    }

    /// After `moved` (any number of cells, if `None`): the moved cell and the hint's cells
    /// redrawn now, the violations on the next frames (on a solved board, none at once).
    fn after_change(&mut self, moved: Option<Move>, canvas: &mut Canvas) -> PlayEvent {
        let mut redraw = core::mem::take(&mut self.hinted);
        self.banner_undrawn = None;
        self.banner_frames = 0;
        if self.play.is_solved(&self.puzzle) {
            self.clear_violations(canvas, redraw, moved);
            return PlayEvent::Solved;
        }
        // Two changes before a check (undo and redo from the pause menu come one per frame,
        // so only in tests) are checked together, as any change.
        self.unchecked = match (self.unchecked, moved) {
            (Unchecked::Nothing, Some(m)) => Unchecked::Move(m, CheckPart::FIRST),
            // The moved cell is drawn below: the first check starts over with it.
            (Unchecked::Shown(_), Some(_)) => Unchecked::Shown(CheckPart::FIRST),
            _ => Unchecked::Everything(CheckPart::FIRST),
        };
        // Only these cells can look different before the check: drawing all of them would
        // take frames on the console.
        if let Some(m) = moved {
            let mark = self.play.mark(m.cell);
            self.violations.unflag_for_mark(m.cell, mark == Mark::Shaded, mark == Mark::Unshaded);
            redraw.insert(m.cell);
            self.draw_cells_of(canvas, &redraw);
        }
        PlayEvent::Moved
    }

    /// The solved board: a solution breaks no rule, so nothing is left to check, and no check
    /// runs under the solved screen to take a highlight away later: every cell highlighted, or
    /// about to be from the last check, is drawn without it at once, with `redraw` and the
    /// moved cell. The map's counts no longer match the marks; only a whole check (`begin`)
    /// may follow, as it does (the solved screen leads to a new game or the title).
    fn clear_violations(&mut self, canvas: &mut Canvas, mut redraw: CellSet, moved: Option<Move>) {
        // Row by row: a `CellSet::union` returns a set by value, which the console copies.
        for r in 0..self.puzzle.board.size() {
            redraw.set_row(r, redraw.row(r) | self.violations.flagged().row(r) | self.undrawn.row(r));
        }
        if let Some(m) = moved {
            redraw.insert(m.cell);
        }
        self.violations = ViolationMap::EMPTY;
        self.unchecked = Unchecked::Nothing;
        self.undrawn = CellSet::EMPTY;
        self.draw_cells_of(canvas, &redraw);
    }

    /// One step towards highlighting what the last change did, a step a frame: draws the
    /// cells the last check changed, or else brings the violations up to date with the last
    /// change (every cell changes after a change of many). False when there was nothing to do.
    fn check_violations(&mut self, canvas: &mut Canvas) -> bool {
        if !self.undrawn.is_empty() {
            let undrawn = core::mem::take(&mut self.undrawn);
            self.draw_cells_of(canvas, &undrawn);
            return true;
        }
        let (moved, part) = match self.unchecked {
            Unchecked::Nothing => return false,
            Unchecked::Move(m, part) => (Some(m), part),
            Unchecked::Everything(part) | Unchecked::Shown(part) => (None, part),
        };
        // `undrawn` is empty here; the last part leaves in it the highlights that changed.
        let next = engine_calls::update_violations(&self.play, &self.puzzle.board, moved, &mut self.violations, part, &mut self.undrawn);
        self.unchecked = match (self.unchecked, next) {
            (_, None) => {
                // After a change of many cells, every cell once the whole check is done.
                if matches!(self.unchecked, Unchecked::Everything(_)) {
                    self.undrawn = CellSet::full(self.puzzle.board.size());
                }
                Unchecked::Nothing
            }
            (Unchecked::Move(m, _), Some(next)) => Unchecked::Move(m, next),
            (Unchecked::Shown(_), Some(next)) => Unchecked::Shown(next),
            (_, Some(next)) => Unchecked::Everything(next),
        };
        true
    }

    /// Shows the engine's next step: highlights its cells and moves the cursor there now, and
    /// explains it in the banner from the next update.
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank4"))]
    #[inline(never)]
    pub fn show_hint(&mut self, hint: Hint, canvas: &mut Canvas) {
        let before = core::mem::take(&mut self.hinted);
        let (first, second): (&[u8], &[u8]) = match hint {
            Hint::Mistake(cell) => {
                self.point_at(cell);
                (b"THIS MARK IS WRONG", b"")
            }
            Hint::Deduction(d) => {
                self.point_at(d.cell);
                for &cell in d.reasons() {
                    self.hinted.insert(cell);
                }
                (if d.mark == Mark::Shaded { b"SHADE THIS CELL" } else { b"CIRCLE THIS CELL" }, d.rule.name().as_bytes())
            }
            Hint::Reveal(cell, mark) => {
                self.point_at(cell);
                (if mark == Mark::Shaded { b"SHADE THIS CELL" } else { b"CIRCLE THIS CELL" }, b"BY THE SOLUTION")
            }
            Hint::Solved => (b"ALL MARKS ARE RIGHT", b""),
        };
        self.banner_undrawn = Some((first, second));
        // Only the cells whose highlight changes: the whole board took four frames at 15x15.
        self.draw_cells_of(canvas, &before.union(&self.hinted));
    }

    fn point_at(&mut self, cell: u8) {
        self.cursor = cell;
        self.hinted.insert(cell);
    }

    /// The whole play screen on the background layer: [`Session::draw_frame`], the status
    /// ([`Session::draw_panel`]) and every row of cells. (A new game draws the three in
    /// separate frames, its rows over several.)
    pub fn draw(&self, canvas: &mut Canvas) {
        self.draw_frame(canvas);
        self.draw_panel(canvas);
        self.draw_rows(canvas, 0, self.puzzle.board.size());
    }

    /// A cleared background and the board's frame.
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank4"))]
    #[inline(never)]
    pub fn draw_frame(&self, canvas: &mut Canvas) {
        canvas.clear(Layer::Background);
        let l = &self.layout;
        if l.framed {
            let (left, top, right, bottom) = (l.x0 - 1, l.y0 - 1, l.x0 + l.size, l.y0 + l.size);
            canvas.set(Layer::Background, left, top, assets::FRAME_TOP_LEFT);
            canvas.set(Layer::Background, right, top, assets::FRAME_TOP_RIGHT);
            canvas.set(Layer::Background, left, bottom, assets::FRAME_BOTTOM_LEFT);
            canvas.set(Layer::Background, right, bottom, assets::FRAME_BOTTOM_RIGHT);
            canvas.fill(Layer::Background, l.x0, top, l.size, 1, assets::FRAME_TOP);
            canvas.fill(Layer::Background, l.x0, bottom, l.size, 1, assets::FRAME_BOTTOM);
            canvas.fill(Layer::Background, left, l.y0, 1, l.size, assets::FRAME_LEFT);
            canvas.fill(Layer::Background, right, l.y0, 1, l.size, assets::FRAME_RIGHT);
        }
    }

    /// The cells of board rows `from..to`, a row of tiles at a time: every cell plain, then
    /// those with a mark or highlight (found from the row's bit masks). A cell at a time took
    /// ten frames for a 9x9 board on the console; choosing each cell's look in one loop kept
    /// SDCC's registers too busy (900 cycles a cell).
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank4"))]
    #[inline(never)]
    pub fn draw_rows(&self, canvas: &mut Canvas, from: u8, to: u8) {
        let n = self.puzzle.board.size();
        let big = self.layout.big;
        let width = usize::from(n * self.layout.cell_tiles());
        // Filled anew for each row (once here: a fill a row cost 1.5k cycles).
        let mut tiles = RowTiles { big, top: [0; SCREEN_COLS as usize], bottom: [0; SCREEN_COLS as usize] };
        for r in from..to.min(n) {
            let numbers = self.puzzle.board.row_numbers(r);
            tiles.plain(&numbers[..usize::from(n)]);
            let looks = self.row_looks(r);
            for_each_bit(looks.any, |c| tiles.place(c, cell_tile(big, looks.variant(bit_of(c)), numbers[usize::from(c)])));
            let (x, y) = self.layout.cell_tile_xy(r, 0);
            if big {
                canvas.tiles(Layer::Background, x, y + 1, &tiles.bottom[..width]);
            }
            canvas.tiles(Layer::Background, x, y, &tiles.top[..width]);
        }
    }

    /// What decides the look of row `r`'s cells, a bit a column.
    fn row_looks(&self, r: u8) -> RowLooks {
        let (hinted, flagged, shaded, circled) =
            (self.hinted.row(r), self.violations.flagged().row(r), self.play.shaded().row(r), self.play.circled().row(r));
        RowLooks { hinted, flagged, shaded, any: hinted | flagged | shaded | circled }
    }

    /// Row by row with bit masks: `CellSet::iter` costs about 5k cycles a cell on the console.
    fn draw_cells_of(&self, canvas: &mut Canvas, cells: &CellSet) {
        for r in 0..self.puzzle.board.size() {
            for_each_bit(cells.row(r), |c| self.draw_cell(canvas, cell_at(r, c)));
        }
    }

    fn draw_cell(&self, canvas: &mut Canvas, cell: u8) {
        let tile = self.cell_tile(cell);
        let (x, y) = self.layout.cell_tile_xy(row_of(cell), col_of(cell));
        if self.layout.big {
            canvas.set(Layer::Background, x, y, tile);
            canvas.set(Layer::Background, x + 1, y, tile + 1);
            canvas.set(Layer::Background, x, y + 1, tile + 2);
            canvas.set(Layer::Background, x + 1, y + 1, tile + 3);
        } else {
            canvas.set(Layer::Background, x, y, tile);
        }
    }

    /// The tile that shows `cell` as it is now (the top-left one of a big cell).
    fn cell_tile(&self, cell: u8) -> u8 {
        let variant = self.row_looks(row_of(cell)).variant(1 << col_of(cell));
        cell_tile(self.layout.big, variant, self.puzzle.board.number(cell))
    }

    /// Size, level and time where the layout puts them (none beside a 9x9 board).
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank4"))]
    #[inline(never)]
    pub fn draw_panel(&self, canvas: &mut Canvas) {
        let (size, level) = (self.puzzle.board.size(), self.puzzle.difficulty);
        match self.layout.status {
            Status::Panel { x, cols } => {
                canvas.text_centred(Layer::Background, x, cols, 1, SizeLabel::new(size).text());
                canvas.text_centred(Layer::Background, x, cols, 3, level.name().as_bytes());
            }
            Status::Line => canvas.text(Layer::Background, 1, STATUS_ROW, GameLabel::new(size, level).text()),
            Status::Hidden => {}
        }
        self.draw_time(canvas);
    }

    fn draw_time(&self, canvas: &mut Canvas) {
        let time = self.clock.text();
        match self.layout.status {
            Status::Panel { x, cols } => canvas.text_centred(Layer::Background, x, cols, 6, time),
            // Right-aligned, a column in from the edge as the label is at the left.
            Status::Line => canvas.text(Layer::Background, SCREEN_COLS - 1 - time.len() as u8, STATUS_ROW, time),
            Status::Hidden => {}
        }
    }
}

/// The marks and highlights of a row of cells, a bit a column.
struct RowLooks {
    hinted: u16,
    flagged: u16,
    shaded: u16,
    /// Any mark or highlight, circles included: most cells have none (every cell of a new
    /// game).
    any: u16,
}

impl RowLooks {
    /// The look of the cell of column bit `bit`: a hint's highlight over an error's over the
    /// player's mark.
    fn variant(&self, bit: u16) -> u8 {
        if self.any & bit == 0 {
            assets::CELL_VARIANT_PLAIN
        } else if self.hinted & bit != 0 {
            assets::CELL_VARIANT_HINT
        } else if self.flagged & bit != 0 {
            assets::CELL_VARIANT_ERROR
        } else if self.shaded & bit != 0 {
            assets::CELL_VARIANT_SHADED
        } else {
            assets::CELL_VARIANT_CIRCLED
        }
    }
}

/// A row of cells' tiles: the top row of tiles, and the bottom one of 16x16-pixel cells.
struct RowTiles {
    big: bool,
    top: [u8; SCREEN_COLS as usize],
    bottom: [u8; SCREEN_COLS as usize],
}

impl RowTiles {
    /// Every cell of the row plain, `numbers` one per cell.
    #[inline(never)]
    fn plain(&mut self, numbers: &[u8]) {
        let first = cell_tile(self.big, assets::CELL_VARIANT_PLAIN, 1);
        for (c, &number) in numbers.iter().enumerate() {
            self.place(c as u8, first + (number - 1) * if self.big { assets::BIG_CELL_TILES_PER_CELL } else { 1 });
        }
    }

    /// The cell in column `c` as `tile` (and the tiles after it, for a big cell). (Inlined
    /// into `plain`, SDCC's loop took half as long again.)
    fn place(&mut self, c: u8, tile: u8) {
        let c = usize::from(c);
        if self.big {
            let at = 2 * c;
            (self.top[at], self.top[at + 1], self.bottom[at], self.bottom[at + 1]) = (tile, tile + 1, tile + 2, tile + 3);
        } else {
            self.top[c] = tile;
        }
    }
}

/// The first background tile of a cell showing `number` (1..=15) in `variant`.
pub fn cell_tile(big: bool, variant: u8, number: u8) -> u8 {
    if big {
        assets::BIG_CELL_FIRST_TILE + variant * assets::BIG_CELL_TILES_PER_VARIANT + (number - 1) * assets::BIG_CELL_TILES_PER_CELL
    } else {
        assets::SMALL_CELL_FIRST_TILE + variant * assets::SMALL_CELL_TILES_PER_VARIANT + (number - 1)
    }
}

/// Which number and variant a background tile shows, if it is the first (top-left) tile of a
/// cell: the inverse of [`cell_tile`], for tests that read the board back from VRAM.
pub fn read_cell_tile(big: bool, tile: u8) -> Option<(u8, u8)> {
    let (first, per_variant, per_cell, max) = if big {
        (assets::BIG_CELL_FIRST_TILE, assets::BIG_CELL_TILES_PER_VARIANT, assets::BIG_CELL_TILES_PER_CELL, assets::BIG_CELL_MAX_NUMBER)
    } else {
        (assets::SMALL_CELL_FIRST_TILE, assets::SMALL_CELL_TILES_PER_VARIANT, 1, assets::SMALL_CELL_MAX_NUMBER)
    };
    let offset = tile.checked_sub(first)?;
    let (variant, within) = (offset / per_variant, offset % per_variant);
    (variant < assets::CELL_VARIANT_COUNT && within % per_cell == 0 && within / per_cell < max)
        .then_some((within / per_cell + 1, variant))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::level::Difficulty;
    use crate::puzzles::hitori::generate::Generator;
    use crate::game::layout::SCREEN_ROWS;

    #[test]
    fn cell_tiles_read_back() {
        for big in [true, false] {
            let max = if big { 9 } else { 15 };
            for variant in 0..assets::CELL_VARIANT_COUNT {
                for number in 1..=max {
                    assert_eq!(read_cell_tile(big, cell_tile(big, variant, number)), Some((number, variant)));
                }
            }
        }
        assert_eq!(read_cell_tile(true, cell_tile(true, 0, 1) + 1), None, "not a top-left tile");
        assert_eq!(read_cell_tile(true, assets::TILE_BLANK), None);
    }

    fn session(size: u8) -> Session {
        let mut s = Session::new();
        let mut puzzle = Puzzle::new();
        assert!(Generator::new().generate_into(size, Difficulty::Easy, 5, &mut puzzle));
        let mut open = OpenNumbers::NONE;
        open.set_unmarked(&puzzle.board);
        s.take_new(&puzzle);
        s.begin_new();
        s.set_open_numbers(&open);
        s
    }

    #[test]
    fn a_resumed_game_is_checked_over_its_first_frames_and_a_new_one_at_once() {
        let mut s = session(9);
        assert!(!s.check_violations(&mut Canvas::new()), "a new game has nothing to check");
        // Marks as a saved game brings them: two touching shaded cells and a circle.
        let (shaded, circled) = ([cell_at(0, 0), cell_at(0, 1)], [cell_at(4, 4)]);
        for cell in shaded {
            s.play.set_mark(cell, Mark::Shaded);
        }
        s.play.set_mark(circled[0], Mark::Unshaded);
        s.begin(30);
        let mut parts = 0;
        while s.check_violations(&mut Canvas::new()) {
            parts += 1;
            assert!(parts < 20, "the first check ends");
        }
        assert!(parts >= 6, "a part a frame: {parts}");
        assert!(s.violations == ViolationMap::build(&s.puzzle.board, s.play.shaded(), s.play.circled()));
        assert!(s.violations.flags(shaded[0]) && s.violations.flags(shaded[1]));
    }

    /// What the worker would find for the session's marks.
    fn hint(s: &Session) -> Hint {
        s.play.hint(&s.puzzle.board, &s.puzzle.solution, Generator::new().solver())
    }

    fn frame(pressed: Buttons, held: Buttons, released: Buttons) -> InputFrame {
        InputFrame { held, pressed, released, triggered: pressed }
    }

    #[test]
    fn buttons_mark_undo_and_redo() {
        let mut canvas = Canvas::new();
        let mut s = session(9);
        s.draw(&mut canvas);
        let cell = s.cursor();
        s.update(&frame(Buttons::A, Buttons::A, Buttons::empty()), 1, &mut canvas);
        assert_eq!(s.play.mark(cell), Mark::Shaded);
        s.update(&frame(Buttons::B, Buttons::B, Buttons::empty()), 1, &mut canvas);
        assert_eq!(s.play.mark(cell), Mark::Unshaded);
        // Select tapped: undo on release.
        s.update(&frame(Buttons::SELECT, Buttons::SELECT, Buttons::empty()), 1, &mut canvas);
        assert_eq!(s.play.mark(cell), Mark::Unshaded, "undo waits for the release");
        s.update(&frame(Buttons::empty(), Buttons::empty(), Buttons::SELECT), 1, &mut canvas);
        assert_eq!(s.play.mark(cell), Mark::Shaded);
        // Select held + B: redo, and no undo when Select comes up.
        s.update(&frame(Buttons::SELECT, Buttons::SELECT, Buttons::empty()), 1, &mut canvas);
        s.update(&frame(Buttons::B, Buttons::SELECT | Buttons::B, Buttons::empty()), 1, &mut canvas);
        assert_eq!(s.play.mark(cell), Mark::Unshaded);
        s.update(&frame(Buttons::empty(), Buttons::empty(), Buttons::SELECT | Buttons::B), 1, &mut canvas);
        assert_eq!(s.play.mark(cell), Mark::Unshaded);
    }

    /// After any sequence of marks, undos, redos and hints, checked and drawn over the next
    /// frames (or, sometimes, after another change, with a check or a draw still to do), the
    /// violations equal a fresh check and the board drawn cell by cell as things changed
    /// equals the board drawn from scratch.
    #[test]
    fn redrawing_only_changed_cells_matches_a_full_redraw() {
        let mut rng = fastrand::Rng::with_seed(11);
        for size in [5, 9, 12] {
            let mut canvas = Canvas::new();
            let mut s = session(size);
            s.draw(&mut canvas);
            for step in 0..300 {
                s.cursor = rng.u8(..size * size);
                s.cursor = cell_at(s.cursor / size, s.cursor % size);
                match rng.u8(..6) {
                    0 | 1 => {
                        s.set_mark(Mark::Shaded, &mut canvas);
                    }
                    2 => {
                        s.set_mark(Mark::Unshaded, &mut canvas);
                    }
                    3 => {
                        s.undo(&mut canvas);
                    }
                    4 => {
                        s.redo(&mut canvas);
                    }
                    _ => s.show_hint(hint(&s), &mut canvas),
                }
                match rng.u8(..6) {
                    0 => continue,
                    1 => {
                        s.check_violations(&mut canvas);
                        continue;
                    }
                    // A draw left from before, then each part of the check and its draw.
                    _ => while s.check_violations(&mut canvas) {},
                }
                let fresh_map = ViolationMap::build(&s.puzzle.board, s.play.shaded(), s.play.circled());
                assert_eq!(s.violations, fresh_map, "size {size}, step {step}");
                let mut fresh = Canvas::new();
                s.draw_rows(&mut fresh, 0, size);
                for r in 0..size {
                    for c in 0..size {
                        let (x, y) = s.layout.cell_tile_xy(r, c);
                        assert_eq!(
                            canvas.tile(Layer::Background, x, y),
                            fresh.tile(Layer::Background, x, y),
                            "size {size}, step {step}, cell ({r}, {c})"
                        );
                    }
                }
            }
        }
    }

    /// The variant the canvas shows for `cell`.
    fn shown_variant(s: &Session, canvas: &Canvas, cell: u8) -> u8 {
        let (x, y) = s.layout.cell_tile_xy(row_of(cell), col_of(cell));
        read_cell_tile(s.layout.big, canvas.tile(Layer::Background, x, y)).expect("a cell tile").1
    }

    /// Shades `cells` one after the other, each followed by its check and drawing.
    fn shade_and_check(s: &mut Session, canvas: &mut Canvas, cells: &[u8]) {
        for &cell in cells {
            s.cursor = cell;
            s.update(&frame(Buttons::A, Buttons::A, Buttons::empty()), 1, canvas);
            while s.check_violations(canvas) {}
        }
    }

    #[test]
    fn an_undone_wrong_shade_loses_its_highlight_with_the_undo() {
        let mut canvas = Canvas::new();
        let mut s = session(9);
        s.draw(&mut canvas);
        // Two touching shaded cells break rule 2 whatever the puzzle.
        let (first, second) = (cell_at(4, 4), cell_at(4, 5));
        shade_and_check(&mut s, &mut canvas, &[first, second]);
        assert_eq!(shown_variant(&s, &canvas, second), assets::CELL_VARIANT_ERROR);
        s.update(&frame(Buttons::SELECT, Buttons::SELECT, Buttons::empty()), 1, &mut canvas);
        s.update(&frame(Buttons::empty(), Buttons::empty(), Buttons::SELECT), 1, &mut canvas);
        assert_eq!(s.play.mark(second), Mark::Unknown, "undone");
        assert_eq!(shown_variant(&s, &canvas, second), assets::CELL_VARIANT_PLAIN, "on the undo's own frame");
    }

    #[test]
    fn the_solved_board_shows_no_highlight_when_the_last_move_takes_back_a_wrong_shade() {
        for size in [5, 9, 12] {
            let mut canvas = Canvas::new();
            let mut s = session(size);
            s.draw(&mut canvas);
            let solution: Vec<u8> = s.puzzle.solution.iter().collect();
            // A cell beside a shaded one of the solution: shading it breaks rule 2.
            let wrong = cell_at(row_of(solution[0]), if col_of(solution[0]) == 0 { 1 } else { col_of(solution[0]) - 1 });
            shade_and_check(&mut s, &mut canvas, &solution);
            shade_and_check(&mut s, &mut canvas, &[wrong]);
            assert_eq!(shown_variant(&s, &canvas, wrong), assets::CELL_VARIANT_ERROR);
            assert_eq!(shown_variant(&s, &canvas, solution[0]), assets::CELL_VARIANT_ERROR);
            s.cursor = wrong;
            let event = s.update(&frame(Buttons::A, Buttons::A, Buttons::empty()), 1, &mut canvas);
            assert!(matches!(event, PlayEvent::Solved), "size {size}");
            // The solved screen runs no more checks: what the board shows now, it keeps.
            for cell in CellSet::full(size).iter() {
                let want = if s.puzzle.solution.contains(cell) { assets::CELL_VARIANT_SHADED } else { assets::CELL_VARIANT_PLAIN };
                assert_eq!(shown_variant(&s, &canvas, cell), want, "size {size}, cell ({}, {})", row_of(cell), col_of(cell));
            }
        }
    }

    #[test]
    fn the_board_is_drawn_where_the_layout_says() {
        for size in [5, 9, 12, 15] {
            let mut canvas = Canvas::new();
            let s = session(size);
            s.draw(&mut canvas);
            let l = *s.layout();
            for r in 0..size {
                for c in 0..size {
                    let (x, y) = l.cell_tile_xy(r, c);
                    let shown = read_cell_tile(l.big, canvas.tile(Layer::Background, x, y));
                    assert_eq!(shown, Some((s.puzzle.board.number(cell_at(r, c)), assets::CELL_VARIANT_PLAIN)));
                }
            }
        }
    }

    #[test]
    fn entering_the_solution_solves_and_hints_point_at_cells() {
        let mut canvas = Canvas::new();
        let mut s = session(7);
        s.show_hint(hint(&s), &mut canvas);
        assert!(s.hinted.contains(s.cursor()));
        assert!(!s.banner_shown(), "the banner waits for the next update");
        s.update(&frame(Buttons::empty(), Buttons::empty(), Buttons::empty()), 1, &mut canvas);
        assert!(s.banner_shown());
        let solution = s.puzzle.solution;
        let cells: Vec<u8> = solution.iter().collect();
        let mut last = PlayEvent::None;
        for cell in cells {
            s.cursor = cell;
            last = s.update(&frame(Buttons::A, Buttons::A, Buttons::empty()), 1, &mut canvas);
        }
        assert!(matches!(last, PlayEvent::Solved));
    }

    #[test]
    fn frames_that_check_draw_or_tick_are_busy() {
        let mut canvas = Canvas::new();
        let mut s = session(7);
        let idle = frame(Buttons::empty(), Buttons::empty(), Buttons::empty());
        // Frames of no time (0 VBlanks): the clock stands still.
        assert!(matches!(s.update(&idle, 0, &mut canvas), PlayEvent::None));
        assert!(matches!(s.update(&frame(Buttons::A, Buttons::A, Buttons::empty()), 0, &mut canvas), PlayEvent::Moved));
        // A shade goes through six parts of the check (a search for regions may take more),
        // and the cells it changes are drawn on the frames after.
        let mut busy = 0;
        while matches!(s.update(&idle, 0, &mut canvas), PlayEvent::Busy) {
            busy += 1;
            assert!(busy <= 20, "the check ends");
        }
        assert!(busy >= 6, "each part of the check takes a busy frame: {busy}");
        // A second's worth of VBlanks: the clock is redrawn.
        assert!(matches!(s.update(&idle, 60, &mut canvas), PlayEvent::Busy));
        assert!(matches!(s.update(&idle, 0, &mut canvas), PlayEvent::None));
    }

    /// The background row that shows the time, whole.
    fn time_row(s: &Session, canvas: &Canvas) -> Vec<u8> {
        let y = match s.layout().status {
            Status::Panel { .. } => 6,
            Status::Line => STATUS_ROW,
            Status::Hidden => panic!("no clock beside a 9x9 board"),
        };
        (0..SCREEN_COLS).map(|x| canvas.tile(Layer::Background, x, y)).collect()
    }

    #[test]
    fn a_new_second_is_drawn_after_a_move_not_with_it() {
        for size in [7, 15] {
            let mut canvas = Canvas::new();
            let mut s = session(size);
            s.draw(&mut canvas);
            let before = time_row(&s, &canvas);
            assert!(matches!(s.update(&frame(Buttons::A, Buttons::A, Buttons::empty()), 60, &mut canvas), PlayEvent::Moved));
            assert_eq!(time_row(&s, &canvas), before, "not on the move's frame");
            let idle = frame(Buttons::empty(), Buttons::empty(), Buttons::empty());
            assert!(matches!(s.update(&idle, 0, &mut canvas), PlayEvent::Busy));
            assert_eq!(s.clock.text(), b"00:01");
            assert_ne!(time_row(&s, &canvas), before, "on the next frame");
        }
    }

    /// Whether `text` shows on some background row, whole.
    fn shows(canvas: &Canvas, text: &[u8]) -> bool {
        let wanted: Vec<u8> = text.iter().map(|&b| assets::font_tile(b)).collect();
        (0..SCREEN_ROWS).any(|y| {
            let row: Vec<u8> = (0..SCREEN_COLS).map(|x| canvas.tile(Layer::Background, x, y)).collect();
            row.windows(wanted.len()).any(|w| w == wanted.as_slice())
        })
    }

    /// Every board shows its size, level and time each whole on a row (read at a glance, not
    /// a letter or a clock split over two rows), but 9x9, which leaves no room: nothing but
    /// its cells shows (the pause menu has it all).
    #[test]
    fn the_status_shows_whole_values_or_none() {
        let mut bare = Vec::new();
        for size in 5..=15 {
            let mut canvas = Canvas::new();
            let mut s = Session::new();
            assert!(Generator::new().generate_into(size, Difficulty::Medium, 3, &mut s.puzzle));
            s.begin(12 * 60 + 34);
            s.draw(&mut canvas);
            let whole = [SizeLabel::new(size).text(), b"MEDIUM", b"12:34"].into_iter().all(|text| shows(&canvas, text));
            let l = *s.layout();
            let nothing_else = (0..SCREEN_ROWS).all(|y| {
                (0..SCREEN_COLS).all(|x| l.cell_at_tile(x, y).is_some() || canvas.tile(Layer::Background, x, y) == assets::TILE_BLANK)
            });
            assert!(whole || nothing_else, "{size}x{size}: the status is neither whole nor absent");
            if !whole {
                bare.push(size);
            }
        }
        assert_eq!(bare, [9], "the sizes without a status");
    }

    #[test]
    fn the_cursor_wraps_at_the_edges() {
        let mut s = session(5);
        s.cursor = cell_at(0, 0);
        s.move_cursor(Buttons::LEFT | Buttons::UP);
        assert_eq!(s.cursor(), cell_at(4, 4));
        s.move_cursor(Buttons::RIGHT | Buttons::DOWN);
        assert_eq!(s.cursor(), cell_at(0, 0));
    }
}

//! The play screen: the frame's part of it — the cursor, the clock and status, the hint
//! banner, undo and redo, pause — around the puzzle's board screen (`super::boards`), which
//! draws the cells and turns A and B into moves.
//!
//! On the console the session's entry points (those the screens call) live in ROM bank 4.
//!
//! Controls: D-pad moves (auto-repeat, wrapping at the edges); A and B mark the cell (the
//! puzzle says how); a board may draw with the D-pad while A is held (Numberlink's paths: the
//! frame hands it each step, `Board::drag`); tapping Select undoes; holding Select, B redoes
//! and A asks for a hint; Start pauses. Undo fires when Select is released without A or B, so Select+B never undoes
//! first.

use gb_hal::joypad::{Buttons, InputFrame};
use gb_hal::sound_effects::Effect;

use super::boards::sudoku::{KeypadEvent, KeypadView};
use super::boards::{Banner, Board, Changed, Checked, Press};
use super::canvas::{Canvas, Layer};
use super::clock::Clock;
use super::layout::{Layout, SCREEN_COLS, STATUS_ROW, Status};
use super::size_label::{GameLabel, SizeLabel};
use super::sound::{self, Cues};
use crate::assets;
use super::layout::{col_of, position, row_of};
use super::work::{Hint, Memory, Work};
use crate::puzzles::code::{CODE_LEN, SeedCode};

/// Frames the hint banner stays up (unless a key is pressed first).
const BANNER_FRAMES: u8 = 150;
/// Window rows the banner uses, at the bottom of the screen.
pub const BANNER_ROWS: u8 = 2;
/// Characters of a tally ("nn/nn", padded), and its column on the status line: after the
/// longest size ("12x12") and a space.
const TALLY_LEN: u8 = 5;
const TALLY_X: u8 = 7;

/// "placed/total", right-aligned in [`TALLY_LEN`] characters (both at most 99).
fn tally_text(placed: u8, total: u8) -> [u8; TALLY_LEN as usize] {
    // Tens by subtraction: a division is a runtime call on the console (thousands of cycles
    // for the two numbers, redrawn after every move).
    let digits = |mut n: u8| {
        let mut tens = 0;
        while n >= 10 {
            n -= 10;
            tens += 1;
        }
        [if tens > 0 { b'0' + tens } else { b' ' }, b'0' + n]
    };
    let ([p1, p2], [t1, t2]) = (digits(placed), digits(total));
    if t1 == b' ' { [b' ', p1, p2, b'/', t2] } else { [p1, p2, b'/', t1, t2] }
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
    pub board: Board,
    pub clock: Clock,
    /// The puzzle's seed code, made once when play begins (the pause menu shows it, and
    /// encoding it takes a third of a frame on the console).
    code: Option<[u8; CODE_LEN]>,
    layout: Layout,
    /// The cursor's cell, as `position(row, column)`.
    cursor: u8,
    /// The lines of a hint's banner, drawn (and shown) at the next update: with the hint's
    /// cells in one frame, a 15x15 board's main loop ran past VBlank.
    banner_undrawn: Banner,
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
            board: Board::new(),
            clock: Clock::new(),
            code: None,
            layout: Layout::for_size(5),
            cursor: 0,
            banner_undrawn: None,
            banner_frames: 0,
            time_undrawn: false,
            select_alone: false,
        }
    }

    /// Begins a game resumed with its marks after `seconds` already played.
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank4"))]
    #[inline(never)]
    pub fn begin(&mut self, seconds: u16) {
        self.begin_at(seconds);
        self.board.resume();
    }

    /// Takes the puzzle in the worker's `memory` for a new game (no cell marked);
    /// [`Session::begin_new`] begins it.
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank4"))]
    #[inline(never)]
    pub fn take_new(&mut self, memory: &Memory) {
        self.board.use_puzzle(memory.puzzle());
        match (&mut self.board, memory) {
            (Board::Hitori(board), Memory::Hitori(work)) => board.take_new(&work.puzzle),
            (Board::Lizards(board), Memory::Lizards(work)) => board.take_new(&work.puzzle),
            (Board::Sudoku(board), Memory::Sudoku(work)) => board.take_new(&work.puzzle),
            (Board::Numberlink(board), Memory::Numberlink(work)) => board.take_new(&work.puzzle),
            // The board is the memory's puzzle's now.
            _ => {}
        }
    }

    /// What the worker worked out for the new game while its board was drawn.
    pub fn take_prepared(&mut self, memory: &Memory) {
        if let (Board::Hitori(board), Memory::Hitori(work)) = (&mut self.board, memory) {
            board.set_open_numbers(&work.open);
        }
    }

    /// Gives the worker's memory what a hint job needs: the puzzle and the marks. Only while
    /// the worker is idle. In ROM bank 14 with the boards: bank 6, the schedule of work's,
    /// has no room for a copy of each puzzle's hand-over.
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank14"))]
    #[inline(never)]
    pub fn give_hint_work(&self, work: &mut Work) {
        work.use_puzzle(self.board.puzzle());
        match (&self.board, &mut work.memory) {
            (Board::Hitori(board), Memory::Hitori(work)) => {
                work.puzzle.clone_from(&board.puzzle);
                work.marks = *board.play.marks();
            }
            (Board::Lizards(board), Memory::Lizards(work)) => {
                work.puzzle.clone_from(&board.puzzle);
                work.marks = *board.play.marks();
            }
            (Board::Sudoku(board), Memory::Sudoku(work)) => {
                work.puzzle.clone_from(&board.puzzle);
                work.tools.hint_marks().1.clone_from(board.play.marks());
            }
            (Board::Numberlink(board), Memory::Numberlink(work)) => {
                work.puzzle.clone_from(&board.puzzle);
                work.marks.clone_from(board.play.marks());
            }
            // The memory is the board's puzzle's now.
            _ => {}
        }
    }

    /// Gives the worker's memory what a check of the errors needs (the puzzle and marks, as
    /// for a hint): the board waits for its outcome ([`Session::show_errors`]). Only while
    /// the worker is idle. In ROM bank 14 as [`Session::give_hint_work`].
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank14"))]
    #[inline(never)]
    pub fn give_check_work(&mut self, work: &mut Work) {
        self.give_hint_work(work);
        if let Board::Numberlink(board) = &mut self.board {
            board.checked_marks();
        }
    }

    /// Shows the errors the worker found (`work::Outcome::Checked`), a few squares a call, with
    /// the error sound when a square shows in error that did not; true once all are shown.
    pub fn show_errors(&mut self, errors: &crate::puzzles::numberlink::grid::Cells, canvas: &mut Canvas, cues: &mut Cues) -> bool {
        let shown = self.board.show_errors(errors, &self.layout, canvas);
        if shown.new_error {
            cues.answer(sound::ERROR);
        }
        shown.all
    }

    /// Begins the new game [`Session::take_new`] took.
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank4"))]
    #[inline(never)]
    pub fn begin_new(&mut self) {
        self.begin_at(0);
        self.board.begin_new();
    }

    /// What every game begins with: its layout, code, clock and cursor.
    fn begin_at(&mut self, seconds: u16) {
        let n = self.board.size();
        self.layout = self.board.puzzle().layout(n);
        let kind = self.board.puzzle().kind();
        self.code = SeedCode { kind, size: n, difficulty: self.board.difficulty(), seed: self.board.seed() }.encode();
        self.clock = Clock::starting_at(seconds);
        self.cursor = position(n / 2, n / 2);
        self.banner_undrawn = None;
        self.banner_frames = 0;
        self.time_undrawn = false;
        self.select_alone = false;
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
    pub fn update(&mut self, input: &InputFrame, frames: u8, canvas: &mut Canvas, cues: &mut Cues) -> PlayEvent {
        // A frame that opens the pause menu or makes a move leaves the checks for later: with
        // a Lizards board's first part of its lines of sight, the menu's first part ran past
        // the frame, and with its changed cells a move's drawing did.
        let checked = if input.pressed.intersects(Buttons::START | Buttons::A | Buttons::B) {
            Checked::Nothing
        } else {
            self.board.check(&self.layout, canvas)
        };
        if checked == Checked::ErrorShown {
            cues.answer(sound::ERROR);
        }
        // A tile the board still has to make counts too: a save beside it ran late.
        let mut busy = checked != Checked::Nothing || self.board.has_unwritten_tile();
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
        // An open keypad takes the D-pad, A, B and Select.
        let keypad_open = self.board.keypad(self.cursor).is_some();
        let from = self.cursor;
        let moved = !keypad_open && self.move_cursor(input.triggered);
        if moved {
            cues.action(sound::CURSOR_MOVE);
        }
        // A board that draws with the D-pad while A is held takes the cursor's step.
        let dragged = moved && !selecting && input.held.contains(Buttons::A) && self.board.draws_with_a_held();
        let event = if input.pressed.contains(Buttons::START) {
            PlayEvent::Pause
        } else if keypad_open {
            // Select closed the keypad: its release does not undo.
            self.select_alone = false;
            self.keypad_input(input, canvas, cues)
        } else if selecting && input.pressed.contains(Buttons::A) {
            PlayEvent::Hint
        } else if selecting && input.pressed.contains(Buttons::B) {
            self.redo(canvas, cues)
        } else if input.released.contains(Buttons::SELECT) && self.select_alone {
            self.select_alone = false;
            self.undo(canvas, cues)
        } else if dragged {
            self.drag(from, canvas, cues)
        } else if input.pressed.contains(Buttons::A) {
            self.press(Press::A, canvas, cues)
        } else if input.pressed.contains(Buttons::B) {
            self.press(Press::B, canvas, cues)
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

    /// Moves the cursor as the directions pressed say; false when none was.
    fn move_cursor(&mut self, triggered: Buttons) -> bool {
        let n = self.board.size();
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
        let moved = position(r, c) != self.cursor;
        self.cursor = position(r, c);
        moved
    }

    /// The keypad, when the board has one open beside the cursor's cell.
    pub fn keypad(&self) -> Option<KeypadView> {
        self.board.keypad(self.cursor)
    }

    /// A frame's buttons on the open keypad; a digit written or marked sounds as a mark does.
    fn keypad_input(&mut self, input: &InputFrame, canvas: &mut Canvas, cues: &mut Cues) -> PlayEvent {
        match self.board.keypad_input(self.cursor, input.triggered, input.pressed, &self.layout, canvas) {
            KeypadEvent::None => PlayEvent::None,
            KeypadEvent::Chose => {
                cues.action(sound::CURSOR_MOVE);
                PlayEvent::Busy
            }
            KeypadEvent::Closed => {
                cues.action(sound::MENU_MOVE);
                PlayEvent::Busy
            }
            KeypadEvent::Changed { changed, pencil } => {
                let effect = match (pencil, self.board.marked_by(self.cursor)) {
                    (true, _) => sound::MARK_CIRCLE,
                    (false, Some(Press::A)) => sound::MARK_SHADE,
                    (false, _) => sound::MARK_CLEAR,
                };
                self.after_change(Some(changed), effect, canvas, cues)
            }
        }
    }

    /// A or B on the cursor's cell; its sound says what the cell holds now.
    fn press(&mut self, press: Press, canvas: &mut Canvas, cues: &mut Cues) -> PlayEvent {
        let Some(changed) = self.board.press(self.cursor, press, &self.layout, canvas) else {
            // A press that opened a keypad sounds as a menu does; one that changed nothing
            // (on a given, say) makes no sound.
            if self.board.keypad(self.cursor).is_some() {
                cues.action(sound::MENU_CONFIRM);
                return PlayEvent::Busy;
            }
            return PlayEvent::None;
        };
        let effect = match self.board.marked_by(self.cursor) {
            Some(Press::A) => sound::MARK_SHADE,
            Some(Press::B) => sound::MARK_CIRCLE,
            None => sound::MARK_CLEAR,
        };
        self.after_change(Some(changed), effect, canvas, cues)
    }

    /// The cursor's step from `from` with A held, handed to the board: the link it draws or
    /// takes back sounds as a mark does.
    fn drag(&mut self, from: u8, canvas: &mut Canvas, cues: &mut Cues) -> PlayEvent {
        let changed = self.board.drag(from, self.cursor, &self.layout, canvas);
        let effect = if self.board.marked_by(self.cursor).is_some() { sound::MARK_SHADE } else { sound::MARK_CLEAR };
        self.after_change(changed, effect, canvas, cues)
    }

    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank4"))]
    #[inline(never)]
    pub fn undo(&mut self, canvas: &mut Canvas, cues: &mut Cues) -> PlayEvent {
        let changed = self.board.undo(&self.layout, canvas);
        self.after_change(changed, sound::UNDO, canvas, cues)
    }

    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank4"))]
    #[inline(never)]
    pub fn redo(&mut self, canvas: &mut Canvas, cues: &mut Cues) -> PlayEvent {
        let changed = self.board.redo(&self.layout, canvas);
        self.after_change(changed, sound::UNDO, canvas, cues)
    }

    /// Clears every mark (the clock keeps running).
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank4"))]
    #[inline(never)]
    pub fn restart(&mut self, canvas: &mut Canvas, cues: &mut Cues) -> PlayEvent {
        let changed = self.board.restart(&self.layout, canvas);
        self.after_change(Some(changed), sound::MARK_CLEAR, canvas, cues)
    }

    /// After a change of the marks, if there was one: its sound `effect`, the banner goes, the
    /// tally is redrawn, and after an undo or redo the cursor goes to the cell that changed.
    fn after_change(&mut self, changed: Option<Changed>, effect: Effect, canvas: &mut Canvas, cues: &mut Cues) -> PlayEvent {
        let Some(changed) = changed else { return PlayEvent::None };
        cues.action(effect);
        self.draw_tally(canvas);
        self.banner_undrawn = None;
        self.banner_frames = 0;
        if let Some(cell) = changed.cell {
            self.cursor = cell;
        }
        if changed.solved { PlayEvent::Solved } else { PlayEvent::Moved }
    }

    /// Shows the engine's next step: highlights its cells and moves the cursor there now, and
    /// explains it in the banner from the next update.
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank4"))]
    #[inline(never)]
    pub fn show_hint(&mut self, hint: Hint, canvas: &mut Canvas) {
        self.board.show_hint(hint, &self.layout, canvas, &mut self.cursor, &mut self.banner_undrawn);
    }

    /// The whole play screen on the background layer: [`Session::draw_frame`], the status
    /// ([`Session::draw_panel`]) and every row of cells. (A new game draws the three in
    /// separate frames, its rows over several.)
    pub fn draw(&self, canvas: &mut Canvas) {
        self.draw_frame(canvas);
        self.draw_panel(canvas);
        self.draw_rows(canvas, 0, self.board.size());
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

    /// The cells of board rows `from..to`.
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank4"))]
    #[inline(never)]
    pub fn draw_rows(&self, canvas: &mut Canvas, from: u8, to: u8) {
        self.board.draw_rows(&self.layout, canvas, from, to);
    }

    /// Size, level and time where the layout puts them (none beside a 9x9 board).
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank4"))]
    #[inline(never)]
    pub fn draw_panel(&self, canvas: &mut Canvas) {
        let (size, level) = (self.board.size(), self.board.difficulty());
        match self.layout.status {
            Status::Panel { x, cols } => {
                canvas.text_centred(Layer::Background, x, cols, 1, SizeLabel::new(size).text());
                canvas.text_centred(Layer::Background, x, cols, 3, level.name().as_bytes());
            }
            // A tally leaves no room for the level (the pause menu shows it).
            Status::Line if self.board.tally().is_some() => canvas.text(Layer::Background, 1, STATUS_ROW, SizeLabel::new(size).text()),
            Status::Line => canvas.text(Layer::Background, 1, STATUS_ROW, GameLabel::new(size, level).text()),
            Status::Hidden => {}
        }
        self.draw_time(canvas);
        self.draw_tally(canvas);
    }

    /// Lizards placed and to place, for puzzles that count them: in the panel under the time,
    /// or on the status line after the size.
    fn draw_tally(&self, canvas: &mut Canvas) {
        let Some((placed, total)) = self.board.tally() else { return };
        let text = tally_text(placed, total);
        match self.layout.status {
            Status::Panel { x, cols } => canvas.text_centred(Layer::Background, x, cols, 8, &text),
            Status::Line => canvas.text(Layer::Background, TALLY_X, STATUS_ROW, &text),
            Status::Hidden => {}
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tallies_read_placed_over_total_right_aligned() {
        assert_eq!(&tally_text(0, 7), b"  0/7");
        assert_eq!(&tally_text(9, 9), b"  9/9");
        assert_eq!(&tally_text(3, 12), b" 3/12");
        assert_eq!(&tally_text(10, 12), b"10/12");
        assert_eq!(&tally_text(99, 99), b"99/99");
    }
    use crate::puzzles::level::Difficulty;
    use crate::puzzles::hitori::generate::Generator;
    use crate::game::boards::hitori::read_cell_tile;
    use crate::game::layout::SCREEN_ROWS;
    use crate::puzzles::hitori::board::CellSet;
    use crate::game::boards::hitori::HitoriBoard;
    use crate::puzzles::hitori::generate::Puzzle;
    use crate::puzzles::hitori::rules::OpenNumbers;
    use crate::puzzles::hitori::solve::Mark;

    fn hitori(s: &Session) -> &HitoriBoard {
        match &s.board {
            Board::Hitori(board) => board,
            _ => unreachable!("a Hitori session"),
        }
    }

    fn hitori_mut(s: &mut Session) -> &mut HitoriBoard {
        match &mut s.board {
            Board::Hitori(board) => board,
            _ => unreachable!("a Hitori session"),
        }
    }

    fn session(size: u8) -> Session {
        let mut s = Session::new();
        let mut puzzle = Puzzle::new();
        assert!(Generator::new().generate_into(size, Difficulty::Easy, 5, &mut puzzle));
        let mut open = OpenNumbers::NONE;
        open.set_unmarked(&puzzle.board);
        hitori_mut(&mut s).take_new(&puzzle);
        s.begin_new();
        hitori_mut(&mut s).set_open_numbers(&open);
        s
    }

    /// One step of the board's check or drawing of it (as an update begins with).
    fn check(s: &mut Session, canvas: &mut Canvas) -> bool {
        s.board.check(&s.layout, canvas) != Checked::Nothing
    }

    /// What the worker would find for the session's marks.
    fn hint(s: &Session) -> Hint {
        let board = hitori(s);
        Hint::Hitori(board.play.hint(&board.puzzle.board, &board.puzzle.solution, Generator::new().solver()))
    }

    /// The variant the canvas shows for `cell`.
    fn shown_variant(s: &Session, canvas: &Canvas, cell: u8) -> u8 {
        let (x, y) = s.layout.cell_tile_xy(row_of(cell), col_of(cell));
        read_cell_tile(s.layout.big, canvas.tile(Layer::Background, x, y)).expect("a cell tile").1
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
        s.update(&frame(Buttons::A, Buttons::A, Buttons::empty()), 1, &mut canvas, &mut Cues::default());
        assert_eq!(hitori(&s).play.mark(cell), Mark::Shaded);
        s.update(&frame(Buttons::B, Buttons::B, Buttons::empty()), 1, &mut canvas, &mut Cues::default());
        assert_eq!(hitori(&s).play.mark(cell), Mark::Unshaded);
        // Select tapped: undo on release.
        s.update(&frame(Buttons::SELECT, Buttons::SELECT, Buttons::empty()), 1, &mut canvas, &mut Cues::default());
        assert_eq!(hitori(&s).play.mark(cell), Mark::Unshaded, "undo waits for the release");
        s.update(&frame(Buttons::empty(), Buttons::empty(), Buttons::SELECT), 1, &mut canvas, &mut Cues::default());
        assert_eq!(hitori(&s).play.mark(cell), Mark::Shaded);
        // Select held + B: redo, and no undo when Select comes up.
        s.update(&frame(Buttons::SELECT, Buttons::SELECT, Buttons::empty()), 1, &mut canvas, &mut Cues::default());
        s.update(&frame(Buttons::B, Buttons::SELECT | Buttons::B, Buttons::empty()), 1, &mut canvas, &mut Cues::default());
        assert_eq!(hitori(&s).play.mark(cell), Mark::Unshaded);
        s.update(&frame(Buttons::empty(), Buttons::empty(), Buttons::SELECT | Buttons::B), 1, &mut canvas, &mut Cues::default());
        assert_eq!(hitori(&s).play.mark(cell), Mark::Unshaded);
    }

    /// Shades `cells` one after the other, each followed by its check and drawing.
    fn shade_and_check(s: &mut Session, canvas: &mut Canvas, cells: &[u8]) {
        for &cell in cells {
            s.cursor = cell;
            s.update(&frame(Buttons::A, Buttons::A, Buttons::empty()), 1, canvas, &mut Cues::default());
            while check(s, canvas) {}
        }
    }

    #[test]
    fn an_undone_wrong_shade_loses_its_highlight_with_the_undo() {
        let mut canvas = Canvas::new();
        let mut s = session(9);
        s.draw(&mut canvas);
        // Two touching shaded cells break rule 2 whatever the puzzle.
        let (first, second) = (position(4, 4), position(4, 5));
        shade_and_check(&mut s, &mut canvas, &[first, second]);
        assert_eq!(shown_variant(&s, &canvas, second), assets::CELL_VARIANT_ERROR);
        s.update(&frame(Buttons::SELECT, Buttons::SELECT, Buttons::empty()), 1, &mut canvas, &mut Cues::default());
        s.update(&frame(Buttons::empty(), Buttons::empty(), Buttons::SELECT), 1, &mut canvas, &mut Cues::default());
        assert_eq!(hitori(&s).play.mark(second), Mark::Unknown, "undone");
        assert_eq!(shown_variant(&s, &canvas, second), assets::CELL_VARIANT_PLAIN, "on the undo's own frame");
    }

    #[test]
    fn the_solved_board_shows_no_highlight_when_the_last_move_takes_back_a_wrong_shade() {
        for size in [5, 9, 12] {
            let mut canvas = Canvas::new();
            let mut s = session(size);
            s.draw(&mut canvas);
            let solution: Vec<u8> = hitori(&s).puzzle.solution.iter().collect();
            // A cell beside a shaded one of the solution: shading it breaks rule 2.
            let wrong = position(row_of(solution[0]), if col_of(solution[0]) == 0 { 1 } else { col_of(solution[0]) - 1 });
            shade_and_check(&mut s, &mut canvas, &solution);
            shade_and_check(&mut s, &mut canvas, &[wrong]);
            assert_eq!(shown_variant(&s, &canvas, wrong), assets::CELL_VARIANT_ERROR);
            assert_eq!(shown_variant(&s, &canvas, solution[0]), assets::CELL_VARIANT_ERROR);
            s.cursor = wrong;
            let event = s.update(&frame(Buttons::A, Buttons::A, Buttons::empty()), 1, &mut canvas, &mut Cues::default());
            assert!(matches!(event, PlayEvent::Solved), "size {size}");
            // The solved screen runs no more checks: what the board shows now, it keeps.
            for cell in CellSet::full(size).iter() {
                let want = if hitori(&s).puzzle.solution.contains(cell) { assets::CELL_VARIANT_SHADED } else { assets::CELL_VARIANT_PLAIN };
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
                    assert_eq!(shown, Some((hitori(&s).puzzle.board.number(position(r, c)), assets::CELL_VARIANT_PLAIN)));
                }
            }
        }
    }

    #[test]
    fn entering_the_solution_solves_and_hints_point_at_cells() {
        let mut canvas = Canvas::new();
        let mut s = session(7);
        s.show_hint(hint(&s), &mut canvas);
        assert_eq!(shown_variant(&s, &canvas, s.cursor()), assets::CELL_VARIANT_HINT, "the cursor is on the hinted cell");
        assert!(!s.banner_shown(), "the banner waits for the next update");
        s.update(&frame(Buttons::empty(), Buttons::empty(), Buttons::empty()), 1, &mut canvas, &mut Cues::default());
        assert!(s.banner_shown());
        let solution = hitori(&s).puzzle.solution;
        let cells: Vec<u8> = solution.iter().collect();
        let mut last = PlayEvent::None;
        for cell in cells {
            s.cursor = cell;
            last = s.update(&frame(Buttons::A, Buttons::A, Buttons::empty()), 1, &mut canvas, &mut Cues::default());
        }
        assert!(matches!(last, PlayEvent::Solved));
    }

    #[test]
    fn frames_that_check_draw_or_tick_are_busy() {
        let mut canvas = Canvas::new();
        let mut s = session(7);
        let idle = frame(Buttons::empty(), Buttons::empty(), Buttons::empty());
        // Frames of no time (0 VBlanks): the clock stands still.
        assert!(matches!(s.update(&idle, 0, &mut canvas, &mut Cues::default()), PlayEvent::None));
        assert!(matches!(s.update(&frame(Buttons::A, Buttons::A, Buttons::empty()), 0, &mut canvas, &mut Cues::default()), PlayEvent::Moved));
        // A shade goes through six parts of the check (a search for regions may take more),
        // and the cells it changes are drawn on the frames after.
        let mut busy = 0;
        while matches!(s.update(&idle, 0, &mut canvas, &mut Cues::default()), PlayEvent::Busy) {
            busy += 1;
            assert!(busy <= 20, "the check ends");
        }
        assert!(busy >= 6, "each part of the check takes a busy frame: {busy}");
        // A second's worth of VBlanks: the clock is redrawn.
        assert!(matches!(s.update(&idle, 60, &mut canvas, &mut Cues::default()), PlayEvent::Busy));
        assert!(matches!(s.update(&idle, 0, &mut canvas, &mut Cues::default()), PlayEvent::None));
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
            assert!(matches!(s.update(&frame(Buttons::A, Buttons::A, Buttons::empty()), 60, &mut canvas, &mut Cues::default()), PlayEvent::Moved));
            assert_eq!(time_row(&s, &canvas), before, "not on the move's frame");
            let idle = frame(Buttons::empty(), Buttons::empty(), Buttons::empty());
            assert!(matches!(s.update(&idle, 0, &mut canvas, &mut Cues::default()), PlayEvent::Busy));
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
            assert!(Generator::new().generate_into(size, Difficulty::Medium, 3, &mut hitori_mut(&mut s).puzzle));
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
        s.cursor = position(0, 0);
        s.move_cursor(Buttons::LEFT | Buttons::UP);
        assert_eq!(s.cursor(), position(4, 4));
        s.move_cursor(Buttons::RIGHT | Buttons::DOWN);
        assert_eq!(s.cursor(), position(0, 0));
    }
}

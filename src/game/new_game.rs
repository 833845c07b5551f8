//! The new-game screen: the puzzle, board size (the puzzle's range), difficulty, and the
//! seed: random, or a seed code typed with the D-pad (Left/Right pick a character, Up/Down
//! change it). A typed code names its puzzle, and starts that one. On the console this
//! screen's code lives in ROM bank 7 (bank 6, where it was, passed 16 KiB with Numberlink; bank
//! 11 had no room for it).

use gb_hal::joypad::{Buttons, InputFrame};

use super::boards::Playable;
use super::canvas::{Canvas, Layer};
use super::layout::SCREEN_COLS;
use super::size_label::SizeLabel;
use super::ready::Variant;
use crate::assets;
use crate::puzzles::code::{ALPHABET, CODE_LEN, SeedCode};
use crate::puzzles::level::Difficulty;

const ROW_PUZZLE: u8 = 0;
const ROW_SIZE: u8 = 1;
const ROW_LEVEL: u8 = 2;
const ROW_SEED: u8 = 3;
const ROW_CODE: u8 = 4;
const ROW_START: u8 = 5;
const ROWS: u8 = 6;
/// Screen row of menu row `i` is `FIRST_Y + 2 * i`.
const FIRST_Y: u8 = 4;
const LABEL_X: u8 = 2;
const VALUE_X: u8 = 9;
const MESSAGE_Y: u8 = 15;

/// What to generate.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Request {
    pub variant: Variant,
    pub seed: u32,
}

pub enum NewGameEvent {
    None,
    Back,
    /// Start this puzzle, size and difficulty: with the typed code's seed, or a random one
    /// (`None`), which the caller draws from its entropy.
    Start { variant: Variant, seed: Option<u32> },
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub struct NewGame {
    puzzle: Playable,
    row: u8,
    size: u8,
    difficulty: Difficulty,
    use_code: bool,
    code: [u8; CODE_LEN],
    /// The character being edited, while editing the code.
    editing: Option<u8>,
    /// What the first `update`s still have to draw.
    undrawn: Undrawn,
}

/// The screen is drawn over the first three `update`s (which take keys as any other): the
/// labels, the row markers, then the values. The whole of it in one frame would overrun it on the console (a line of text
/// costs a few thousand cycles), more so after the save that leaving a game for this screen
/// makes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Undrawn {
    Labels,
    Markers,
    Values,
    Nothing,
}

impl NewGame {
    /// The screen of `puzzle`, offering `size` (brought into the puzzle's range) and
    /// `difficulty`.
    pub fn new(puzzle: Playable, size: u8, difficulty: Difficulty) -> NewGame {
        let (min, max) = puzzle.kind().sizes();
        let size = size.clamp(min, max);
        NewGame { puzzle, row: ROW_START, size, difficulty, use_code: false, code: [b'0'; CODE_LEN], editing: None, undrawn: Undrawn::Labels }
    }

    /// The whole screen at once (the tests' reference for partial redraws).
    #[cfg(test)]
    pub fn draw(&mut self, canvas: &mut Canvas) {
        self.draw_labels(canvas);
        self.draw_markers(canvas);
        self.draw_values(canvas);
        self.undrawn = Undrawn::Nothing;
    }

    /// The screen without its values.
    fn draw_labels(&self, canvas: &mut Canvas) {
        canvas.clear(Layer::Background);
        canvas.text_centred(Layer::Background, 0, SCREEN_COLS, 1, b"NEW GAME");
        for (row, label) in [(ROW_PUZZLE, &b"PUZZLE"[..]), (ROW_SIZE, b"SIZE"), (ROW_LEVEL, b"LEVEL"), (ROW_SEED, b"SEED"), (ROW_START, b"START")] {
            canvas.text(Layer::Background, LABEL_X, FIRST_Y + 2 * row, label);
        }
    }

    /// The size and level chosen so far (a random-seed start would want a ready puzzle of it).
    pub fn kind(&self) -> Variant {
        Variant { puzzle: self.puzzle.kind(), size: self.size, difficulty: self.difficulty }
    }

    /// Whether parts of the screen are still to be drawn.
    pub fn is_drawing(&self) -> bool {
        self.undrawn != Undrawn::Nothing
    }

    fn draw_markers(&self, canvas: &mut Canvas) {
        for row in 0..ROWS {
            let marker = if row == self.row { b'>' } else { b' ' };
            canvas.text(Layer::Background, LABEL_X - 1, FIRST_Y + 2 * row, &[marker]);
        }
    }

    fn draw_values(&self, canvas: &mut Canvas) {
        self.draw_puzzle(canvas);
        self.draw_size(canvas);
        self.draw_level(canvas);
        self.draw_seed(canvas);
    }

    fn draw_puzzle(&self, canvas: &mut Canvas) {
        self.value(canvas, ROW_PUZZLE, self.puzzle.short_name());
    }

    fn draw_size(&self, canvas: &mut Canvas) {
        self.value(canvas, ROW_SIZE, SizeLabel::new(self.size).padded());
    }

    fn draw_level(&self, canvas: &mut Canvas) {
        self.value(canvas, ROW_LEVEL, self.difficulty.name().as_bytes());
    }

    /// The seed's value and, when typed, the code row.
    fn draw_seed(&self, canvas: &mut Canvas) {
        self.value(canvas, ROW_SEED, if self.use_code { b"CODE" } else { b"RANDOM" });
        self.draw_code(canvas);
    }

    fn draw_code(&self, canvas: &mut Canvas) {
        let code_y = FIRST_Y + 2 * ROW_CODE;
        canvas.fill(Layer::Background, LABEL_X, code_y, SCREEN_COLS - LABEL_X, 2, assets::TILE_BLANK);
        if self.use_code {
            canvas.text(Layer::Background, LABEL_X, code_y, b"CODE");
            canvas.text(Layer::Background, VALUE_X, code_y, &self.code);
            if let Some(at) = self.editing {
                canvas.text(Layer::Background, VALUE_X + at, code_y + 1, b"-");
            }
        }
    }

    /// A value between `<` `>` arrows, padded so a shorter value erases a longer one.
    fn value(&self, canvas: &mut Canvas, row: u8, text: &[u8]) {
        let y = FIRST_Y + 2 * row;
        let mut line = [b' '; 9];
        line[0] = b'<';
        line[1..1 + text.len()].copy_from_slice(text);
        line[1 + text.len()] = b'>';
        canvas.text(Layer::Background, VALUE_X - 1, y, &line);
    }

    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank7"))]
    #[inline(never)]
    pub fn update(&mut self, input: &InputFrame, canvas: &mut Canvas) -> NewGameEvent {
        match self.undrawn {
            Undrawn::Labels => {
                self.draw_labels(canvas);
                self.undrawn = Undrawn::Markers;
            }
            Undrawn::Markers => {
                self.draw_markers(canvas);
                self.undrawn = Undrawn::Values;
            }
            Undrawn::Values => {
                self.draw_values(canvas);
                self.undrawn = Undrawn::Nothing;
            }
            Undrawn::Nothing => {}
        }
        // Most frames bring no key: redrawing the menu then would cost a few thousand cycles
        // of the frame for nothing on the console.
        if input.triggered.is_empty() && input.pressed.is_empty() {
            return NewGameEvent::None;
        }
        canvas.fill(Layer::Background, 0, MESSAGE_Y, SCREEN_COLS, 1, assets::TILE_BLANK);
        let before = *self;
        if let Some(at) = self.editing {
            self.edit_code(at, input);
            self.redraw_changes(&before, canvas);
            return NewGameEvent::None;
        }
        let step = |forward: bool, value: u8, min: u8, max: u8| -> u8 {
            if forward {
                if value == max { min } else { value + 1 }
            } else if value == min {
                max
            } else {
                value - 1
            }
        };
        if input.triggered.contains(Buttons::UP) {
            self.row = step(false, self.row, 0, ROWS - 1);
            if self.row == ROW_CODE && !self.use_code {
                self.row = ROW_SEED;
            }
        } else if input.triggered.contains(Buttons::DOWN) {
            self.row = step(true, self.row, 0, ROWS - 1);
            if self.row == ROW_CODE && !self.use_code {
                self.row = ROW_START;
            }
        }
        let sideways = input.triggered.intersects(Buttons::LEFT | Buttons::RIGHT);
        let forward = input.triggered.contains(Buttons::RIGHT);
        if sideways {
            // A new size or level no longer matches a typed code. On the code row (and
            // START) Left/Right do nothing: they once dropped the code, and with it the row
            // the marker stood on.
            match self.row {
                ROW_PUZZLE => {
                    let index = Playable::ALL.iter().position(|&p| p == self.puzzle).unwrap_or(0) as u8;
                    self.puzzle = Playable::ALL[usize::from(step(forward, index, 0, Playable::ALL.len() as u8 - 1))];
                    let (min, max) = self.puzzle.kind().sizes();
                    self.size = self.size.clamp(min, max);
                    self.use_code = false;
                }
                ROW_SIZE => {
                    let (min, max) = self.puzzle.kind().sizes();
                    self.size = step(forward, self.size, min, max);
                    self.use_code = false;
                }
                ROW_LEVEL => {
                    let last = Difficulty::ALL.len() as u8 - 1;
                    self.difficulty = Difficulty::ALL[usize::from(step(forward, self.difficulty as u8, 0, last))];
                    self.use_code = false;
                }
                ROW_SEED => self.use_code = !self.use_code,
                _ => {}
            }
        }
        let event = if input.pressed.contains(Buttons::B) {
            NewGameEvent::Back
        } else if input.pressed.contains(Buttons::START) {
            self.start(canvas)
        } else if input.pressed.contains(Buttons::A) {
            match self.row {
                ROW_SEED => {
                    self.use_code = !self.use_code;
                    NewGameEvent::None
                }
                ROW_CODE => {
                    self.editing = Some(0);
                    NewGameEvent::None
                }
                _ => self.start(canvas),
            }
        } else {
            NewGameEvent::None
        };
        self.redraw_changes(&before, canvas);
        event
    }

    /// Redraws only the rows whose value changed since `before` (the whole menu is a few
    /// frames' worth of drawing on the console).
    fn redraw_changes(&self, before: &NewGame, canvas: &mut Canvas) {
        if self.row != before.row {
            self.draw_markers(canvas);
        }
        if self.puzzle != before.puzzle {
            self.draw_puzzle(canvas);
        }
        if self.size != before.size {
            self.draw_size(canvas);
        }
        if self.difficulty != before.difficulty {
            self.draw_level(canvas);
        }
        if self.use_code != before.use_code {
            self.draw_seed(canvas);
        } else if self.code != before.code || self.editing != before.editing {
            self.draw_code(canvas);
        }
    }

    fn start(&mut self, canvas: &mut Canvas) -> NewGameEvent {
        if !self.use_code {
            return NewGameEvent::Start { variant: self.kind(), seed: None };
        }
        let message: &[u8] = match SeedCode::decode(&self.code) {
            Some(code) if Playable::of(code.kind).is_some() => {
                let variant = Variant { puzzle: code.kind, size: code.size, difficulty: code.difficulty };
                return NewGameEvent::Start { variant, seed: Some(code.seed) };
            }
            _ => b"NOT A VALID CODE",
        };
        canvas.text_centred(Layer::Background, 0, SCREEN_COLS, MESSAGE_Y, message);
        NewGameEvent::None
    }

    fn edit_code(&mut self, at: u8, input: &InputFrame) {
        let slot = &mut self.code[usize::from(at)];
        let symbol = ALPHABET.iter().position(|&a| a == *slot).unwrap_or(0) as u8;
        let count = ALPHABET.len() as u8;
        if input.triggered.contains(Buttons::UP) {
            *slot = ALPHABET[usize::from((symbol + 1) % count)];
        } else if input.triggered.contains(Buttons::DOWN) {
            *slot = ALPHABET[usize::from((symbol + count - 1) % count)];
        }
        if input.triggered.contains(Buttons::LEFT) && at > 0 {
            self.editing = Some(at - 1);
        } else if input.triggered.contains(Buttons::RIGHT) && at + 1 < CODE_LEN as u8 {
            self.editing = Some(at + 1);
        }
        if input.pressed.intersects(Buttons::A | Buttons::B | Buttons::START) {
            self.editing = None;
            // A code that reads sets size and level to its own.
            if let Some(code) = SeedCode::decode(&self.code).filter(|code| code.kind == self.puzzle.kind()) {
                self.size = code.size;
                self.difficulty = code.difficulty;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::test_input::press;
    use crate::game::layout::SCREEN_ROWS;
    use crate::puzzles::Kind;

    #[test]
    fn size_and_level_wrap_and_start_reports_them() {
        let mut canvas = Canvas::new();
        let mut screen = NewGame::new(Playable::Hitori, 9, Difficulty::Easy);
        screen.draw(&mut canvas);
        screen.update(&press(Buttons::DOWN), &mut canvas); // START -> PUZZLE
        screen.update(&press(Buttons::DOWN), &mut canvas); // PUZZLE -> SIZE
        for _ in 0..7 {
            screen.update(&press(Buttons::RIGHT), &mut canvas);
        }
        assert_eq!(screen.size, 5, "9 + 7 wraps past 15 to 5");
        screen.update(&press(Buttons::DOWN), &mut canvas);
        screen.update(&press(Buttons::LEFT), &mut canvas);
        assert_eq!(screen.difficulty, Difficulty::Hard);
        match screen.update(&press(Buttons::START), &mut canvas) {
            NewGameEvent::Start { variant: Variant { puzzle: Kind::Hitori, size: 5, difficulty: Difficulty::Hard }, seed: None } => {}
            _ => panic!("START did not start a random 5x5 hard game"),
        }
    }

    /// Left/Right on PUZZLE changes the puzzle, its size brought into the puzzle's range.
    #[test]
    fn the_puzzle_row_chooses_the_puzzle_and_keeps_its_sizes() {
        let mut canvas = Canvas::new();
        let mut screen = NewGame::new(Playable::Hitori, 15, Difficulty::Medium);
        screen.draw(&mut canvas);
        screen.update(&press(Buttons::DOWN), &mut canvas); // START -> PUZZLE
        screen.update(&press(Buttons::RIGHT), &mut canvas);
        assert_eq!((screen.puzzle, screen.size), (Playable::Lizards, 12));
        let mut fresh = Canvas::new();
        screen.draw(&mut fresh);
        for y in 0..SCREEN_ROWS {
            for x in 0..SCREEN_COLS {
                assert_eq!(canvas.tile(Layer::Background, x, y), fresh.tile(Layer::Background, x, y), "({x}, {y})");
            }
        }
        match screen.update(&press(Buttons::START), &mut canvas) {
            NewGameEvent::Start { variant: Variant { puzzle: Kind::Lizards, size: 12, difficulty: Difficulty::Medium }, seed: None } => {}
            _ => panic!("START did not start a random 12x12 medium Lizards game"),
        }
        screen.update(&press(Buttons::LEFT), &mut canvas);
        assert_eq!((screen.puzzle, screen.size), (Playable::Hitori, 12));
    }

    #[test]
    fn the_first_updates_draw_the_labels_the_markers_then_the_values_and_take_keys() {
        let mut canvas = Canvas::new();
        let mut screen = NewGame::new(Playable::Hitori, 9, Difficulty::Easy);
        let row = |canvas: &Canvas, y: u8| (0..SCREEN_COLS).map(|x| canvas.tile(Layer::Background, x, y)).collect::<Vec<_>>();
        let size_y = FIRST_Y + 2 * ROW_SIZE;
        // The first frame draws the labels; keys count from the first frame on.
        screen.update(&press(Buttons::DOWN), &mut canvas);
        assert!(screen.is_drawing());
        assert_eq!(screen.row, ROW_PUZZLE, "START -> PUZZLE");
        let (mut whole, mut drawn_at_once) = (Canvas::new(), screen);
        drawn_at_once.draw(&mut whole);
        assert_eq!(row(&canvas, 1), row(&whole, 1), "title");
        assert_ne!(row(&canvas, size_y), row(&whole, size_y), "no size value yet");
        screen.update(&press(Buttons::empty()), &mut canvas);
        assert!(screen.is_drawing());
        screen.update(&press(Buttons::empty()), &mut canvas);
        assert!(!screen.is_drawing());
        for y in 0..MESSAGE_Y {
            assert_eq!(row(&canvas, y), row(&whole, y), "row {y}");
        }
    }

    /// Whatever keys come, the screen drawn bit by bit equals the screen drawn afresh.
    #[test]
    fn partial_redraws_match_a_full_draw() {
        let keys = [Buttons::UP, Buttons::DOWN, Buttons::LEFT, Buttons::RIGHT, Buttons::A];
        let mut rng = fastrand::Rng::with_seed(3);
        let mut canvas = Canvas::new();
        let mut screen = NewGame::new(Playable::Hitori, 9, Difficulty::Easy);
        screen.draw(&mut canvas);
        for step in 0..500 {
            screen.update(&press(keys[rng.usize(..keys.len())]), &mut canvas);
            // The marker and the code editor are only ever on a row that is shown.
            assert!(screen.use_code || (screen.row != ROW_CODE && screen.editing.is_none()), "step {step}");
            let mut fresh = Canvas::new();
            let mut copy = screen;
            copy.draw(&mut fresh);
            for y in FIRST_Y..MESSAGE_Y {
                for x in 0..SCREEN_COLS {
                    assert_eq!(canvas.tile(Layer::Background, x, y), fresh.tile(Layer::Background, x, y), "step {step} at ({x}, {y})");
                }
            }
        }
    }

    /// Issue #14 item 5: Left/Right on the code row dropped the code and its row, leaving the
    /// marker on an empty row where A opened an invisible editor.
    #[test]
    fn left_and_right_on_the_code_row_keep_the_code() {
        let mut canvas = Canvas::new();
        let mut screen = NewGame::new(Playable::Hitori, 9, Difficulty::Easy);
        screen.draw(&mut canvas);
        screen.update(&press(Buttons::UP), &mut canvas); // START -> SEED
        screen.update(&press(Buttons::A), &mut canvas); // RANDOM -> CODE
        screen.update(&press(Buttons::DOWN), &mut canvas);
        assert_eq!((screen.row, screen.use_code), (ROW_CODE, true));
        for key in [Buttons::LEFT, Buttons::RIGHT] {
            screen.update(&press(key), &mut canvas);
            assert_eq!((screen.row, screen.use_code), (ROW_CODE, true), "{key:?}");
        }
        let code_y = FIRST_Y + 2 * ROW_CODE;
        assert_eq!(canvas.tile(Layer::Background, LABEL_X, code_y), crate::assets::font_tile(b'C'), "the code row is shown");
        // A level change does drop the code, and the marker stays on a shown row.
        screen.update(&press(Buttons::UP), &mut canvas);
        screen.update(&press(Buttons::UP), &mut canvas);
        screen.update(&press(Buttons::RIGHT), &mut canvas);
        assert_eq!((screen.row, screen.size, screen.use_code), (ROW_LEVEL, 9, false));
    }

    #[test]
    fn a_typed_code_starts_its_own_puzzle_and_a_bad_one_is_refused() {
        let wanted = SeedCode { kind: Kind::Hitori, size: 12, difficulty: Difficulty::Medium, seed: 0xBEEF };
        let text = wanted.encode().unwrap();
        let mut canvas = Canvas::new();
        let mut screen = NewGame::new(Playable::Hitori, 9, Difficulty::Easy);
        screen.draw(&mut canvas);
        screen.update(&press(Buttons::UP), &mut canvas); // START -> SEED (code row skipped)
        assert_eq!(screen.row, ROW_SEED);
        screen.update(&press(Buttons::A), &mut canvas);
        assert!(screen.use_code);
        screen.update(&press(Buttons::DOWN), &mut canvas);
        assert_eq!(screen.row, ROW_CODE);
        screen.update(&press(Buttons::A), &mut canvas);
        for (i, &ch) in text.iter().enumerate() {
            while screen.code[i] != ch {
                screen.update(&press(Buttons::UP), &mut canvas);
            }
            screen.update(&press(Buttons::RIGHT), &mut canvas);
        }
        screen.update(&press(Buttons::A), &mut canvas);
        assert_eq!((screen.size, screen.difficulty), (12, Difficulty::Medium));
        screen.update(&press(Buttons::DOWN), &mut canvas);
        match screen.update(&press(Buttons::A), &mut canvas) {
            NewGameEvent::Start { variant: Variant { puzzle: Kind::Hitori, size: 12, difficulty: Difficulty::Medium }, seed: Some(0xBEEF) } => {}
            _ => panic!("the code's puzzle did not start"),
        }
        screen.code[0] = if screen.code[0] == b'1' { b'2' } else { b'1' };
        assert!(matches!(screen.update(&press(Buttons::A), &mut canvas), NewGameEvent::None));
        assert_eq!(canvas.tile(Layer::Background, 2, MESSAGE_Y), crate::assets::font_tile(b'N'));
        // Another puzzle's code starts that puzzle, at any size and level it has.
        let lizards = SeedCode { kind: Kind::Lizards, size: 9, difficulty: Difficulty::Hard, seed: 7 };
        screen.code = lizards.encode().unwrap();
        match screen.update(&press(Buttons::A), &mut canvas) {
            NewGameEvent::Start { variant: Variant { puzzle: Kind::Lizards, size: 9, difficulty: Difficulty::Hard }, seed: Some(7) } => {}
            _ => panic!("the Lizards code's puzzle did not start"),
        }
        let numberlink = SeedCode { kind: Kind::Numberlink, size: 9, difficulty: Difficulty::Hard, seed: 7 };
        screen.code = numberlink.encode().unwrap();
        match screen.update(&press(Buttons::A), &mut canvas) {
            NewGameEvent::Start { variant: Variant { puzzle: Kind::Numberlink, size: 9, difficulty: Difficulty::Hard }, seed: Some(7) } => {}
            _ => panic!("the Numberlink code's puzzle did not start"),
        }
        let small_hard = SeedCode { kind: Kind::Numberlink, size: 5, difficulty: Difficulty::Hard, seed: 7 };
        screen.code = small_hard.encode().unwrap();
        match screen.update(&press(Buttons::A), &mut canvas) {
            NewGameEvent::Start { variant: Variant { puzzle: Kind::Numberlink, size: 5, difficulty: Difficulty::Hard }, seed: Some(7) } => {}
            _ => panic!("the hard 5x5 Numberlink code's puzzle did not start"),
        }
    }
}

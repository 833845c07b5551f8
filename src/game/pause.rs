//! The pause menu, drawn on the window layer over the board (which stays as it is below).

use super::canvas::{Canvas, Layer};
use super::clock;
use super::layout::{SCREEN_COLS, SCREEN_ROWS};
use super::menu::{Menu, MenuEvent};
use super::size_label::GameLabel;
use crate::assets;
use crate::puzzles::code::CODE_LEN;

pub const ITEMS: &[&[u8]] = &[b"RESUME", b"UNDO", b"REDO", b"HINT", b"RESTART", b"NEW GAME", b"QUIT", b"SOUND"];
/// The first item's row; the SOUND item's setting shows at [`SOUND_X`] on its row.
const ITEMS_Y: u8 = 3;
const SOUND_X: u8 = 13;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PauseChoice {
    Resume,
    Undo,
    Redo,
    Hint,
    Restart,
    NewGame,
    Quit,
    /// The sound on or off (the menu stays: [`Pause::show_sound`]).
    Sound,
}

const CHOICES: [PauseChoice; 8] = [
    PauseChoice::Resume,
    PauseChoice::Undo,
    PauseChoice::Redo,
    PauseChoice::Hint,
    PauseChoice::Restart,
    PauseChoice::NewGame,
    PauseChoice::Quit,
    PauseChoice::Sound,
];

pub struct Pause {
    menu: Menu,
    /// The puzzle's size and level, its code (to share it) and the time so far: in full here,
    /// as the board may leave no room for them (layout.rs).
    game: GameLabel,
    code: Option<[u8; CODE_LEN]>,
    seconds: u16,
    sound_on: bool,
    /// The next part of the window to draw, one a frame (none once it is whole).
    next_part: Option<Part>,
}

/// The window is drawn in parts, one a frame: the whole of it in one frame would overrun it on
/// the console (a line of text costs a few thousand cycles).
#[derive(Clone, Copy)]
enum Part {
    Frame,
    /// The menu from this item, [`ITEMS_A_FRAME`] at most.
    Items(u8),
    /// The game's name and code.
    Details,
    /// The time played.
    Time,
}

/// Menu items drawn in one part (with four, and the game's details in one part, a Sudoku
/// board's pause ran two frames late: its board still makes pencil-mark tiles meanwhile).
const ITEMS_A_FRAME: u8 = 3;

impl Pause {
    pub const fn new(game: GameLabel, code: Option<[u8; CODE_LEN]>, seconds: u16, sound_on: bool) -> Pause {
        Pause { menu: Menu::new(ITEMS, Layer::Window, 5, ITEMS_Y), game, code, seconds, sound_on, next_part: Some(Part::Frame) }
    }

    /// Shows the sound setting as `on` (or off).
    pub fn show_sound(&mut self, on: bool, canvas: &mut Canvas) {
        self.sound_on = on;
        canvas.text(Layer::Window, SOUND_X, ITEMS_Y + ITEMS.len() as u8 - 1, if on { b"ON " } else { b"OFF" });
    }

    /// The window's next part: the first when it opens, the others on the next `update`s.
    pub fn draw_part(&mut self, canvas: &mut Canvas) {
        self.next_part = match self.next_part {
            Some(Part::Frame) => {
                canvas.fill(Layer::Window, 0, 0, SCREEN_COLS, SCREEN_ROWS, assets::TILE_BLANK);
                canvas.text_centred(Layer::Window, 0, SCREEN_COLS, 1, b"PAUSED");
                Some(Part::Items(0))
            }
            Some(Part::Items(first)) => {
                let end = (first + ITEMS_A_FRAME).min(ITEMS.len() as u8);
                self.menu.draw_items(canvas, first..end);
                if end == ITEMS.len() as u8 {
                    self.show_sound(self.sound_on, canvas);
                }
                Some(if end < ITEMS.len() as u8 { Part::Items(end) } else { Part::Details })
            }
            Some(Part::Details) => {
                canvas.text_centred(Layer::Window, 0, SCREEN_COLS, 12, self.game.text());
                if let Some(code) = &self.code {
                    canvas.text(Layer::Window, 2, 14, b"CODE");
                    canvas.text(Layer::Window, 8, 14, code);
                }
                Some(Part::Time)
            }
            Some(Part::Time) => {
                canvas.text(Layer::Window, 2, 16, b"TIME");
                canvas.text(Layer::Window, 8, 16, &clock::format_time(self.seconds));
                None
            }
            None => None,
        };
    }

    /// Whether parts of the window are still to be drawn.
    pub fn is_drawing(&self) -> bool {
        self.next_part.is_some()
    }

    /// Start or B resume; A picks the marked item.
    pub fn update(&mut self, input: &gb_hal::joypad::InputFrame, canvas: &mut Canvas) -> Option<PauseChoice> {
        self.draw_part(canvas);
        let event = self.menu.update(input, canvas);
        match event {
            MenuEvent::Chosen(_) if input.pressed.contains(gb_hal::joypad::Buttons::START) => Some(PauseChoice::Resume),
            MenuEvent::Chosen(i) => Some(CHOICES[usize::from(i)]),
            MenuEvent::Back => Some(PauseChoice::Resume),
            MenuEvent::None => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::level::Difficulty;
    use crate::game::test_input::press;
    use gb_hal::joypad::Buttons;

    fn text_at(canvas: &Canvas, x: u8, y: u8, len: u8) -> Vec<u8> {
        (x..x + len).map(|x| canvas.tile(Layer::Window, x, y)).collect()
    }

    #[test]
    fn the_window_is_drawn_a_part_a_frame_and_reports_when_it_is_whole() {
        let mut canvas = Canvas::new();
        let code: [u8; CODE_LEN] = *b"ABCDEFGH";
        let mut pause = Pause::new(GameLabel::new(15, Difficulty::Medium), Some(code), 75, false);
        pause.draw_part(&mut canvas);
        let time: Vec<u8> = b"01:15".iter().map(|&b| assets::font_tile(b)).collect();
        let quit: Vec<u8> = b"QUIT".iter().map(|&b| assets::font_tile(b)).collect();
        // The frame, then the menu in three parts, the details and the time.
        for _ in 0..5 {
            assert!(pause.is_drawing());
            assert_ne!(text_at(&canvas, 8, 16, 5), time);
            assert_eq!(pause.update(&press(Buttons::empty()), &mut canvas), None);
        }
        assert!(!pause.is_drawing());
        assert_eq!(text_at(&canvas, 8, 16, 5), time);
        let game: Vec<u8> = b"15x15 MEDIUM".iter().map(|&b| assets::font_tile(b)).collect();
        assert_eq!(text_at(&canvas, 4, 12, 12), game, "size and level in full");
        assert_eq!(text_at(&canvas, 6, ITEMS_Y + ITEMS.len() as u8 - 2, 4), quit);
        let off: Vec<u8> = b"SOUND  OFF".iter().map(|&b| assets::font_tile(b)).collect();
        assert_eq!(text_at(&canvas, 6, ITEMS_Y + ITEMS.len() as u8 - 1, 10), off, "the sound setting beside its item");
        assert_eq!(pause.update(&press(Buttons::UP), &mut canvas), None);
        assert_eq!(pause.update(&press(Buttons::A), &mut canvas), Some(PauseChoice::Sound));
        pause.show_sound(true, &mut canvas);
        let on: Vec<u8> = b"ON ".iter().map(|&b| assets::font_tile(b)).collect();
        assert_eq!(text_at(&canvas, SOUND_X, ITEMS_Y + ITEMS.len() as u8 - 1, 3), on);
        let shown: Vec<u8> = code.iter().map(|&b| assets::font_tile(b)).collect();
        assert_eq!(text_at(&canvas, 8, 14, CODE_LEN as u8), shown);
    }
}

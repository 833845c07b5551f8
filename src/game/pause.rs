//! The pause menu, drawn on the window layer over the board (which stays as it is below).

use super::canvas::{Canvas, Layer};
use super::clock;
use super::layout::{SCREEN_COLS, SCREEN_ROWS};
use super::menu::{Menu, MenuEvent};
use crate::assets;
use crate::engine::code::CODE_LEN;

pub const ITEMS: &[&[u8]] = &[b"RESUME", b"UNDO", b"REDO", b"HINT", b"RESTART", b"NEW GAME", b"QUIT"];

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PauseChoice {
    Resume,
    Undo,
    Redo,
    Hint,
    Restart,
    NewGame,
    Quit,
}

const CHOICES: [PauseChoice; 7] = [
    PauseChoice::Resume,
    PauseChoice::Undo,
    PauseChoice::Redo,
    PauseChoice::Hint,
    PauseChoice::Restart,
    PauseChoice::NewGame,
    PauseChoice::Quit,
];

pub struct Pause {
    menu: Menu,
}

impl Default for Pause {
    fn default() -> Self {
        Self::new()
    }
}

impl Pause {
    pub const fn new() -> Pause {
        Pause { menu: Menu::new(ITEMS, Layer::Window, 5, 4) }
    }

    /// The whole window: title, menu, the puzzle's code (to share it) and the time so far.
    pub fn draw(&self, canvas: &mut Canvas, code: Option<&[u8; CODE_LEN]>, seconds: u16) {
        canvas.fill(Layer::Window, 0, 0, SCREEN_COLS, SCREEN_ROWS, assets::TILE_BLANK);
        canvas.text_centred(Layer::Window, 0, SCREEN_COLS, 1, b"PAUSED");
        self.menu.draw(canvas);
        if let Some(code) = code {
            canvas.text(Layer::Window, 2, 13, b"CODE");
            canvas.text(Layer::Window, 8, 13, code);
        }
        canvas.text(Layer::Window, 2, 15, b"TIME");
        canvas.text(Layer::Window, 8, 15, &clock::format_time(seconds));
    }

    /// Start or B resume; A picks the marked item.
    pub fn update(&mut self, input: &gb_hal::joypad::InputFrame, canvas: &mut Canvas) -> Option<PauseChoice> {
        let event = self.menu.update(input, canvas);
        match event {
            MenuEvent::Chosen(_) if input.pressed.contains(gb_hal::joypad::Buttons::START) => Some(PauseChoice::Resume),
            MenuEvent::Chosen(i) => Some(CHOICES[usize::from(i)]),
            MenuEvent::Back => Some(PauseChoice::Resume),
            MenuEvent::None => None,
        }
    }
}

//! The solved screen: the time, the best time for this size and level, and what next. Drawn on
//! the window layer over the lower half of the finished board.

use super::canvas::{Canvas, Layer};
use super::clock;
use super::layout::{SCREEN_COLS, SCREEN_ROWS};
use super::menu::{Menu, MenuEvent};
use crate::assets;

/// Pixel row where the window starts.
pub const WINDOW_Y: u8 = 64;
const ITEMS: &[&[u8]] = &[b"NEW GAME", b"TITLE"];

pub enum SolvedChoice {
    NewGame,
    Title,
}

pub struct Solved {
    menu: Menu,
}

impl Solved {
    pub const fn new() -> Solved {
        Solved { menu: Menu::new(ITEMS, Layer::Window, 5, 6) }
    }

    pub fn draw(&self, canvas: &mut Canvas, seconds: u16, best: Option<u16>, new_best: bool) {
        canvas.fill(Layer::Window, 0, 0, SCREEN_COLS, SCREEN_ROWS, assets::TILE_BLANK);
        canvas.text_centred(Layer::Window, 0, SCREEN_COLS, 1, b"SOLVED!");
        canvas.text(Layer::Window, 4, 3, b"TIME");
        canvas.text(Layer::Window, 10, 3, &clock::format_time(seconds));
        if new_best {
            canvas.text(Layer::Window, 4, 4, b"NEW BEST!");
        } else if let Some(best) = best {
            canvas.text(Layer::Window, 4, 4, b"BEST");
            canvas.text(Layer::Window, 10, 4, &clock::format_time(best));
        }
        self.menu.draw(canvas);
    }

    pub fn update(&mut self, input: &gb_hal::joypad::InputFrame, canvas: &mut Canvas) -> Option<SolvedChoice> {
        let event = self.menu.update(input, canvas);
        match event {
            MenuEvent::Chosen(0) => Some(SolvedChoice::NewGame),
            MenuEvent::Chosen(_) | MenuEvent::Back => Some(SolvedChoice::Title),
            MenuEvent::None => None,
        }
    }
}

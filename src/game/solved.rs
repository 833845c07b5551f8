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
    seconds: u16,
    best: Option<u16>,
    new_best: bool,
    /// What the next frames do, one part a frame from the frame after the move that solved
    /// the puzzle (none once the window is whole): done in that move's frame, with its checks,
    /// the save and the window ran past the frame on the console (a line of text costs a few
    /// thousand cycles, the save about 20k).
    next_part: Option<Part>,
}

#[derive(Clone, Copy)]
enum Part {
    /// The finished game's save (`Solved::take_save`), before anything is drawn.
    Save,
    Frame,
    Times,
    Menu,
}

impl Solved {
    /// The screen for a game solved in `seconds`, with the `best` time of its size and level
    /// (`new_best`: this one); its updates draw it.
    pub const fn new(seconds: u16, best: Option<u16>, new_best: bool) -> Solved {
        Solved { menu: Menu::new(ITEMS, Layer::Window, 5, 6), seconds, best, new_best, next_part: Some(Part::Save) }
    }

    /// Whether parts of the window are still to be drawn.
    pub fn is_drawing(&self) -> bool {
        self.next_part.is_some()
    }

    /// Whether this frame is the one for the finished game's save, which the game does; the
    /// window is drawn from the next.
    pub fn take_save(&mut self) -> bool {
        let due = matches!(self.next_part, Some(Part::Save));
        if due {
            self.next_part = Some(Part::Frame);
        }
        due
    }

    fn draw_part(&mut self, canvas: &mut Canvas) {
        self.next_part = match self.next_part {
            // Taken by `take_save` before any part is drawn.
            Some(Part::Save) => Some(Part::Frame),
            Some(Part::Frame) => {
                canvas.fill(Layer::Window, 0, 0, SCREEN_COLS, SCREEN_ROWS, assets::TILE_BLANK);
                canvas.text_centred(Layer::Window, 0, SCREEN_COLS, 1, b"SOLVED!");
                Some(Part::Times)
            }
            Some(Part::Times) => {
                canvas.text(Layer::Window, 4, 3, b"TIME");
                canvas.text(Layer::Window, 10, 3, &clock::format_time(self.seconds));
                if self.new_best {
                    canvas.text(Layer::Window, 4, 4, b"NEW BEST!");
                } else if let Some(best) = self.best {
                    canvas.text(Layer::Window, 4, 4, b"BEST");
                    canvas.text(Layer::Window, 10, 4, &clock::format_time(best));
                }
                Some(Part::Menu)
            }
            Some(Part::Menu) => {
                self.menu.draw(canvas);
                None
            }
            None => None,
        };
    }

    /// Draws the next part while there is one (the buttons wait until the window is whole),
    /// then A picks the marked item.
    pub fn update(&mut self, input: &gb_hal::joypad::InputFrame, canvas: &mut Canvas) -> Option<SolvedChoice> {
        if self.is_drawing() {
            self.draw_part(canvas);
            return None;
        }
        let event = self.menu.update(input, canvas);
        match event {
            MenuEvent::Chosen(0) => Some(SolvedChoice::NewGame),
            MenuEvent::Chosen(_) | MenuEvent::Back => Some(SolvedChoice::Title),
            MenuEvent::None => None,
        }
    }
}

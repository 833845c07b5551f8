//! The title screen: the logo, then "PRESS START", or a menu when a saved game can be resumed.

use gb_hal::joypad::{Buttons, InputFrame};

use super::canvas::{Canvas, Layer};
use super::layout::SCREEN_COLS;
use super::menu::{Menu, MenuEvent};
use crate::assets;

const LOGO_X: u8 = 1;
const LOGO_Y: u8 = 3;
const PROMPT: &[u8] = b"PRESS START";
const PROMPT_Y: u8 = 11;
/// The prompt blinks with this period, in frames (a power of two: a mask, not a division).
const BLINK_FRAMES: u16 = 64;
const RESUME_ITEMS: &[&[u8]] = &[b"CONTINUE", b"NEW GAME"];

/// Whether the blinking prompt is shown at `frame`.
fn prompt_phase(frame: u16) -> bool {
    frame & (BLINK_FRAMES - 1) < BLINK_FRAMES / 2
}

pub enum TitleEvent {
    None,
    Continue,
    NewGame,
}

pub struct Title {
    /// The menu, when there is a game to continue.
    menu: Option<Menu>,
    /// Whether the prompt is drawn: it is redrawn only when the blink changes it.
    prompt_shown: bool,
}

impl Title {
    pub fn new(can_continue: bool) -> Title {
        Title { menu: can_continue.then(|| Menu::new(RESUME_ITEMS, Layer::Background, 5, PROMPT_Y)), prompt_shown: false }
    }

    pub fn draw(&mut self, canvas: &mut Canvas, frame: u16) {
        canvas.clear(Layer::Background);
        for (y, row) in assets::LOGO_MAP.chunks(usize::from(assets::LOGO_WIDTH_TILES)).enumerate() {
            canvas.tiles(Layer::Background, LOGO_X, LOGO_Y + y as u8, row);
        }
        match &self.menu {
            Some(menu) => menu.draw(canvas),
            None => self.draw_prompt(canvas, prompt_phase(frame)),
        }
    }

    fn draw_prompt(&mut self, canvas: &mut Canvas, shown: bool) {
        // The fill makes the row one whole-row copy, so the prompt never shows half-drawn.
        canvas.fill(Layer::Background, 0, PROMPT_Y, SCREEN_COLS, 1, assets::TILE_BLANK);
        if shown {
            canvas.text_centred(Layer::Background, 0, SCREEN_COLS, PROMPT_Y, PROMPT);
        }
        self.prompt_shown = shown;
    }

    pub fn update(&mut self, input: &InputFrame, frame: u16, canvas: &mut Canvas) -> TitleEvent {
        match &mut self.menu {
            Some(menu) => {
                let event = menu.update(input, canvas);
                match event {
                    MenuEvent::Chosen(0) => TitleEvent::Continue,
                    MenuEvent::Chosen(_) => TitleEvent::NewGame,
                    _ => TitleEvent::None,
                }
            }
            None => {
                let shown = prompt_phase(frame);
                if shown != self.prompt_shown {
                    self.draw_prompt(canvas, shown);
                }
                if input.pressed.intersects(Buttons::START | Buttons::A) { TitleEvent::NewGame } else { TitleEvent::None }
            }
        }
    }
}

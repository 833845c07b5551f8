//! The title screen: the logo, then "PRESS START", or a menu when a saved game can be resumed.
//! When several puzzles have a game in progress, the puzzle CONTINUE resumes shows under the
//! menu, and Left or Right on CONTINUE asks for another's.

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
/// The row of the puzzle CONTINUE resumes, under the menu.
const GAME_Y: u8 = PROMPT_Y + 3;
/// The longest puzzle name shown there (`Playable::short_name`'s).
const MAX_NAME: usize = 7;

/// Whether the blinking prompt is shown at `frame`.
fn prompt_phase(frame: u16) -> bool {
    frame & (BLINK_FRAMES - 1) < BLINK_FRAMES / 2
}

pub enum TitleEvent {
    None,
    Continue,
    NewGame,
    /// Left (false) or Right (true) on CONTINUE while another puzzle has a game too.
    OtherGame(bool),
}

pub struct Title {
    /// The menu, when there is a game to continue.
    menu: Option<Menu>,
    /// Whether the prompt is drawn: it is redrawn only when the blink changes it.
    prompt_shown: bool,
    /// The name of the puzzle CONTINUE resumes, when another puzzle has a game too.
    game: Option<&'static [u8]>,
    /// Whether the words (menu or prompt, and the game's name) are still to be drawn: they
    /// come on the frame after the logo's, as the two together ran past a frame (`text` costs
    /// the console about 400 cycles a letter).
    words_undrawn: bool,
}

impl Title {
    /// The title; with `can_continue`, the menu, and `game`, the name of the puzzle it resumes
    /// when another puzzle has a game too.
    pub fn new(can_continue: bool, game: Option<&'static [u8]>) -> Title {
        let menu = can_continue.then(|| Menu::new(RESUME_ITEMS, Layer::Background, 5, PROMPT_Y));
        Title { menu, prompt_shown: false, game, words_undrawn: false }
    }

    /// Shows `name` as the puzzle CONTINUE resumes.
    pub fn show_game(&mut self, name: &'static [u8], canvas: &mut Canvas) {
        self.game = Some(name);
        self.draw_game(canvas);
    }

    fn draw_game(&self, canvas: &mut Canvas) {
        let Some(name) = self.game else { return };
        // The row blanked by a fill, and only "< NAME >" as text: `text` costs the console
        // about 400 cycles a letter, and the title is drawn in one frame.
        let mut text = [b' '; MAX_NAME + 4];
        let len = name.len().min(MAX_NAME);
        text[0] = b'<';
        text[2..2 + len].copy_from_slice(&name[..len]);
        text[len + 3] = b'>';
        canvas.fill(Layer::Background, 0, GAME_Y, SCREEN_COLS, 1, assets::TILE_BLANK);
        canvas.text_centred(Layer::Background, 0, SCREEN_COLS, GAME_Y, &text[..len + 4]);
    }

    /// Draws the logo; the words follow on the next update.
    pub fn draw(&mut self, canvas: &mut Canvas) {
        canvas.clear(Layer::Background);
        for (y, row) in assets::LOGO_MAP.chunks(usize::from(assets::LOGO_WIDTH_TILES)).enumerate() {
            canvas.tiles(Layer::Background, LOGO_X, LOGO_Y + y as u8, row);
        }
        self.words_undrawn = true;
    }

    /// Whether the title shows a menu (else its prompt).
    pub fn has_menu(&self) -> bool {
        self.menu.is_some()
    }

    /// Whether part of the title is still to be drawn (the console shows it once whole).
    pub fn is_drawing(&self) -> bool {
        self.words_undrawn
    }

    fn draw_words(&mut self, canvas: &mut Canvas, frame: u16) {
        match &self.menu {
            Some(menu) => menu.draw(canvas),
            None => self.draw_prompt(canvas, prompt_phase(frame)),
        }
        self.draw_game(canvas);
        self.words_undrawn = false;
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
        if self.words_undrawn {
            self.draw_words(canvas, frame);
            return TitleEvent::None;
        }
        match &mut self.menu {
            Some(menu) => {
                let event = menu.update(input, canvas);
                let sideways = input.triggered.intersection(Buttons::LEFT | Buttons::RIGHT);
                match event {
                    MenuEvent::Chosen(0) => TitleEvent::Continue,
                    MenuEvent::Chosen(_) => TitleEvent::NewGame,
                    _ if menu.selected == 0 && self.game.is_some() && !sideways.is_empty() => {
                        TitleEvent::OtherGame(sideways.contains(Buttons::RIGHT))
                    }
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

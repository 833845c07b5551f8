//! The game: screens as a small state machine over a pure model. Nothing here touches the
//! hardware: a screen reads an [`InputFrame`], updates its state and draws into the [`Canvas`];
//! the console (`src/console.rs`) copies the canvas to VRAM in VBlank, shows the [`Tileset`]
//! the screen asks for, places the cursor sprite and shows the window layer where asked.
//! Saves go through the [`Platform`]'s storage, and the long computations (generating,
//! hints) through its background worker ([`work`]), which on the console runs in the time the
//! main loop would spend halted. While the player plays or a menu waits, the worker keeps a
//! puzzle ready in battery RAM ([`ready`]) for the size and level a new game would ask for, so
//! a random-seed start skips the generating screen. The same code runs in host tests.
//!
//! ```text
//! boot -> title -> new game -(no ready puzzle)-> generating -> starting -> play <-> pause
//!           ^  \_____continue____\____(a ready puzzle)_____________/       |  \-> solved -> new game / title
//!           \__________________ quit / A+B+Start+Select from anywhere _____/
//! ```

pub mod boards;
pub mod canvas;
mod clock;
pub mod colors;
pub mod engine_calls;
mod generating;
pub mod layout;
mod menu;
mod new_game;
mod pause;
mod play;
pub mod ready;
pub mod save;
pub mod sound;
mod size_label;
mod solved;
mod starting;
mod switch;
mod title;
pub mod work;

/// Joypad frames for the screens' unit tests.
#[cfg(test)]
mod test_input {
    use gb_hal::joypad::{Buttons, InputFrame};

    /// `buttons` went down this frame.
    pub fn press(buttons: Buttons) -> InputFrame {
        InputFrame { held: buttons, pressed: buttons, released: Buttons::empty(), triggered: buttons }
    }
}

use gb_hal::joypad::{Buttons, InputFrame};
use gb_hal::sound_effects::Effect;

use self::boards::sudoku::KeypadView;
use self::boards::{Playable, PuzzleBoard};
use self::canvas::Canvas;
use self::generating::Generating;
use self::layout::SCREEN_ROWS;
use self::new_game::{NewGame, NewGameEvent, Request};
use self::pause::{Pause, PauseChoice};
use self::play::{PlayEvent, Session};
use self::ready::{ReadyPuzzles, Variant};
use crate::puzzles::Kind;
use self::save::{BestTimes, Saves, Settings, Storage};
use self::size_label::GameLabel;
use self::sound::Cues;
use self::solved::{Solved, SolvedChoice};
use self::starting::{Stage, Starting};
use self::title::{Title, TitleEvent};
use self::work::{Job, Outcome, Work};
use crate::puzzles::level::Difficulty;
pub use self::boards::hitori::{cell_tile, read_cell_tile};

/// The game in progress is saved at least this often while playing (seconds).
const SAVE_EVERY_SECONDS: u16 = 10;
/// A move is saved once the player has pressed nothing for this many frames: saving takes
/// several frames on the console, which would make quick successive moves lag.
const SAVE_DELAY_FRAMES: u8 = 40;
const SOFT_RESET: Buttons = Buttons::A.union(Buttons::B).union(Buttons::START).union(Buttons::SELECT);

/// What the game needs from the machine besides the screen.
pub trait Platform: Storage {
    /// A seed for a random puzzle (timing of the player's key presses on the console).
    fn random_seed(&mut self) -> u32;
    /// Hands `job` to the background worker, whose [`Work`] holds its inputs; any job in
    /// progress must have been stopped or be done.
    fn start_work(&mut self, job: Job);
    /// Drops the job in progress, if any: the worker's memory is free again.
    fn stop_work(&mut self);
    /// The worker's memory with the outcome of its last job, while no job runs (`None` while
    /// one does).
    fn work(&mut self) -> Option<&mut Work>;
    /// Time left in this frame for work the game spreads over frames, in the LCD's lines
    /// (456 cycles each): on the console, up to the line by which the main loop must be done
    /// with its update to keep its frame.
    fn lines_left(&self) -> u8;
    /// Starts a sound effect (`sound`); nothing while the sound is off. On the console its
    /// registers are written at the next VBlank.
    fn play(&mut self, effect: Effect);
    /// Turns the sound on, or off (effects ignored, and on the console the sound chip off).
    fn set_sound(&mut self, on: bool);
}

/// The background tiles a screen needs besides the font. The background addresses only 256
/// tiles at a time: the set decides which, and a board's set whose puzzle's cells VRAM holds
/// (assets/README.md).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Tileset {
    Logo,
    BigCells(Playable),
    SmallCells(Playable),
}

/// The cursor sprite: top-left screen pixel and whether it frames a 16x16 cell.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Cursor {
    pub x: u8,
    pub y: u8,
    pub big: bool,
}

/// Which screen is up, as a small number (for tests and the crash screen).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u8)]
pub enum ScreenId {
    Boot = 0,
    Title = 1,
    NewGame = 2,
    Generating = 3,
    Play = 4,
    Pause = 5,
    Solved = 6,
    Starting = 7,
}

enum Screen {
    /// Reads the saves, then shows the title (also after a soft reset).
    Boot,
    Title(Title),
    /// The title, drawn next frame: this one saved the game (a frame on the console has no
    /// room for both).
    TitleNext { can_continue: bool },
    NewGame(NewGame),
    Generating(Generating),
    /// A new game set up over a few frames (`starting`).
    Starting(Starting),
    Play,
    Pause(Pause),
    Solved(Solved),
}

pub struct Game {
    pub canvas: Canvas,
    pub session: Session,
    screen: Screen,
    best: BestTimes,
    /// Frames since boot (for blinking).
    frame: u16,
    /// The last puzzle, size and level chosen, offered again on the next new game.
    puzzle: Playable,
    size: u8,
    difficulty: Difficulty,
    /// The frames passed to the next update include time spent starting a game (the board
    /// shown whole at last): the clock must not count them.
    skip_frames: bool,
    /// Which ready puzzles battery RAM holds.
    ready: ReadyPuzzles,
    /// The job the worker is on, if any (`Platform::work` says when it is done).
    job: Option<Job>,
    /// The ready slot whose puzzle the worker's memory still holds (its last job kept it or
    /// read it back).
    kept_in_work: Option<u8>,
    /// The player asked for a hint that is not shown yet.
    hint_asked: bool,
    /// Frames since the first move not saved yet, while there is one.
    unsaved_frames: Option<u8>,
    /// The game clock at the last save.
    saved_at_seconds: u16,
    /// Where the saves are in SRAM.
    saves: Saves,
    /// The puzzle last played, as battery RAM keeps it.
    settings: Settings,
    /// The puzzles with a game to continue, a bit each (`Playable as u8`): the title offers
    /// the others' beside the session's.
    games: u8,
    /// The sound effects this frame's events call for, played when its update is done.
    cues: Cues,
}

impl Default for Game {
    fn default() -> Self {
        Self::new()
    }
}

impl Game {
    pub const fn new() -> Game {
        Game {
            canvas: Canvas::new(),
            session: Session::new(),
            screen: Screen::Boot,
            best: BestTimes::new(Kind::Hitori),
            frame: 0,
            puzzle: Playable::Hitori,
            size: 9,
            difficulty: Difficulty::Easy,
            skip_frames: false,
            ready: ReadyPuzzles::new(),
            job: None,
            kept_in_work: None,
            hint_asked: false,
            unsaved_frames: None,
            saved_at_seconds: 0,
            saves: Saves::new(),
            settings: Settings::new(),
            games: 0,
            cues: Cues::NONE,
        }
    }

    pub fn screen(&self) -> ScreenId {
        match self.screen {
            Screen::Boot => ScreenId::Boot,
            Screen::Title(_) | Screen::TitleNext { .. } => ScreenId::Title,
            Screen::NewGame(_) => ScreenId::NewGame,
            Screen::Generating(_) => ScreenId::Generating,
            Screen::Starting(_) => ScreenId::Starting,
            Screen::Play => ScreenId::Play,
            Screen::Pause(_) => ScreenId::Pause,
            Screen::Solved(_) => ScreenId::Solved,
        }
    }

    pub fn tileset(&self) -> Tileset {
        match self.screen {
            Screen::Play | Screen::Pause(_) | Screen::Solved(_) => self.session.board.puzzle().tileset(self.session.board.size()),
            // The board's set from the start: the console then holds the last picture whole
            // until the board is drawn.
            Screen::Starting(starting) => match Playable::of(starting.kind.puzzle) {
                Some(puzzle) => puzzle.tileset(starting.kind.size),
                None => Tileset::Logo,
            },
            _ => Tileset::Logo,
        }
    }

    /// Whether the screen is drawn whole (a few are drawn over their first frames): until
    /// then the console keeps showing the last screen, or white.
    pub fn is_drawn(&self) -> bool {
        match &self.screen {
            Screen::NewGame(menu) => !menu.is_drawing(),
            Screen::Pause(pause) => !pause.is_drawing(),
            Screen::Title(title) => !title.is_drawing(),
            Screen::Solved(solved) => !solved.is_drawing(),
            Screen::Starting(_) | Screen::TitleNext { .. } => false,
            _ => true,
        }
    }

    /// The pixel row where the window layer starts, when it is shown. Each screen that shows
    /// the window draws every row of it that shows, so no screen clears it (a clear is 360
    /// tiles to copy).
    pub fn window_y(&self) -> Option<u8> {
        match self.screen {
            Screen::Play if self.session.banner_shown() => Some((SCREEN_ROWS - play::BANNER_ROWS) * 8),
            Screen::Pause(_) => Some(0),
            Screen::Solved(_) => Some(solved::WINDOW_Y),
            _ => None,
        }
    }

    pub fn cursor(&self) -> Option<Cursor> {
        match self.screen {
            Screen::Play => {
                let layout = self.session.layout();
                let (x, y) = self.session.board.cell_pixel_xy(layout, self.session.cursor());
                Some(Cursor { x, y, big: layout.big })
            }
            _ => None,
        }
    }

    /// The keypad of digits on the play screen, when the board has one open.
    pub fn keypad(&self) -> Option<KeypadView> {
        match self.screen {
            Screen::Play => self.session.keypad(),
            _ => None,
        }
    }

    /// Tile data the board draws at run time that VRAM lacks, a tile at a time (its
    /// background tile; its bytes put in `data`): the console writes it in VBlank before the
    /// tile maps, and says so with [`Game::tile_data_written`].
    pub fn unwritten_tile_data(&self, data: &mut [u8; 16]) -> Option<u8> {
        self.session.board.unwritten_tile_data(data)
    }

    pub fn tile_data_written(&mut self, tile: u8) {
        self.session.board.tile_data_written(tile);
    }

    /// One frame of the game: `frames` VBlanks have passed since the last call. Its sound
    /// effects start once the screen's update is done. On the console the screens' code lives
    /// in ROM bank 3 (see `engine_calls` for the engine's banks).
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank3"))]
    #[inline(never)]
    pub fn update(&mut self, input: &InputFrame, frames: u8, platform: &mut impl Platform) {
        self.cue_menu(input);
        self.update_screen(input, frames, platform);
        self.cues.play(|effect| platform.play(effect));
    }

    /// On a menu that takes buttons, a click for each move and a chime for a choice (the
    /// screen's own effects, noted after this, replace them).
    fn cue_menu(&mut self, input: &InputFrame) {
        let moves = match &self.screen {
            // The title and the solved screen ignore the buttons while they are drawn.
            Screen::Title(title) if !title.is_drawing() => title.has_menu(),
            Screen::NewGame(_) | Screen::Pause(_) => true,
            Screen::Solved(solved) if !solved.is_drawing() => true,
            _ => return,
        };
        if input.pressed.intersects(Buttons::A | Buttons::START) {
            self.cues.action(sound::MENU_CONFIRM);
        } else if moves && input.triggered.intersects(Buttons::UP | Buttons::DOWN | Buttons::LEFT | Buttons::RIGHT | Buttons::B) {
            self.cues.action(sound::MENU_MOVE);
        }
    }

    /// The screen's part of [`Game::update`]. In ROM bank 3 with it.
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank3"))]
    #[inline(never)]
    fn update_screen(&mut self, input: &InputFrame, frames: u8, platform: &mut impl Platform) {
        let frames = if core::mem::take(&mut self.skip_frames) { 0 } else { frames };
        self.frame = self.frame.wrapping_add(u16::from(frames));
        if input.held.contains(SOFT_RESET) && !input.pressed.is_empty() {
            self.save_if_unsaved(platform);
            self.screen = Screen::Boot;
        }
        match &mut self.screen {
            Screen::Boot => {
                // After a soft reset the worker may be on a job for the game left.
                platform.stop_work();
                self.job = None;
                self.kept_in_work = None;
                self.hint_asked = false;
                self.ready.load(platform);
                let can_continue = self.load_offered_game(platform);
                platform.set_sound(self.settings.sound_on);
                self.enter_title(can_continue);
            }
            Screen::TitleNext { can_continue } => {
                let can_continue = *can_continue;
                self.enter_title(can_continue);
            }
            Screen::Title(title) => match title.update(input, self.frame, &mut self.canvas) {
                // The session holds the game the title offers: Boot read it, or it was played
                // until the player left it for the title.
                TitleEvent::Continue => {
                    self.played(platform);
                    self.enter_play();
                }
                TitleEvent::NewGame => self.enter_new_game(),
                TitleEvent::OtherGame(forward) => self.offer_other_game(forward, platform),
                TitleEvent::None => {}
            },
            Screen::NewGame(menu) => match menu.update(input, &mut self.canvas) {
                NewGameEvent::Back => self.enter_title_after(self.saves.has_game_to_continue(), platform),
                NewGameEvent::Start { variant, seed } => {
                    // The screen starts only puzzles the cartridge plays.
                    self.puzzle = Playable::of(variant.puzzle).unwrap_or(self.puzzle);
                    self.size = variant.size;
                    self.difficulty = variant.difficulty;
                    if seed.is_some() || !self.start_ready(variant, platform) {
                        self.screen = Screen::Generating(Generating::new(variant, seed, &mut self.canvas));
                    }
                }
                NewGameEvent::None => {}
            },
            Screen::Starting(starting) => {
                let starting = *starting;
                self.continue_start(starting, true, platform);
            }
            Screen::Generating(screen) => {
                screen.animate(self.frame, &mut self.canvas);
                let (kind, seed) = (screen.kind, screen.seed);
                match seed {
                    Some(seed) => self.generate_typed(Request { variant: kind, seed }, platform),
                    // The worker keeps one ready for this kind (`schedule_work`).
                    None => {
                        self.start_ready(kind, platform);
                    }
                }
            }
            Screen::Play => {
                match self.session.update(input, frames, &mut self.canvas, &mut self.cues) {
                    PlayEvent::Pause => {
                        // Saved once the player rests in the menu, like a move: saving at
                        // once would hold up the menu's appearance by several frames.
                        self.unsaved_frames.get_or_insert(0);
                        let board = &self.session.board;
                        let game = GameLabel::new(board.size(), board.difficulty());
                        let mut pause = Pause::new(game, self.session.code().copied(), self.session.clock.seconds(), self.settings.sound_on);
                        pause.draw_part(&mut self.canvas);
                        self.screen = Screen::Pause(pause);
                    }
                    PlayEvent::Solved => self.enter_solved(),
                    PlayEvent::Hint => self.hint_asked = true,
                    PlayEvent::Moved => {
                        // A hint asked for before the move would be about the marks before it.
                        self.hint_asked = false;
                        self.unsaved_frames = Some(0);
                    }
                    event @ (PlayEvent::None | PlayEvent::Busy) => {
                        // A comparison, not `seconds % 10`: the SM83 divides in a slow loop.
                        let periodic = self.session.clock.seconds() >= self.saved_at_seconds.saturating_add(SAVE_EVERY_SECONDS);
                        // Only in a frame with time to spare (nothing drawn or checked, no
                        // button down): a save costs half a frame on the console, and a due
                        // save waits for such a frame.
                        let rested = self.rested_since_change(input, frames) || (periodic && input.held.is_empty());
                        if rested && matches!(event, PlayEvent::None) {
                            self.save_game(platform);
                        }
                    }
                }
            }
            Screen::Pause(pause) => {
                let Some(choice) = pause.update(input, &mut self.canvas) else {
                    if self.rested_since_change(input, frames) {
                        self.save_game(platform);
                    }
                    self.schedule_work(platform);
                    return;
                };
                let event = match choice {
                    PauseChoice::Sound => {
                        let on = !self.settings.sound_on;
                        self.settings.set_sound(on, platform);
                        platform.set_sound(on);
                        pause.show_sound(on, &mut self.canvas);
                        return;
                    }
                    PauseChoice::Resume => PlayEvent::None,
                    PauseChoice::Undo => self.session.undo(&mut self.canvas, &mut self.cues),
                    PauseChoice::Redo => self.session.redo(&mut self.canvas, &mut self.cues),
                    PauseChoice::Restart => self.session.restart(&mut self.canvas, &mut self.cues),
                    PauseChoice::Hint => PlayEvent::Hint,
                    PauseChoice::NewGame => {
                        // Kept for Continue should the player back out of the new game.
                        self.save_if_unsaved(platform);
                        self.enter_new_game();
                        return;
                    }
                    PauseChoice::Quit => {
                        if self.unsaved_frames.is_some() {
                            self.save_game(platform);
                            self.screen = Screen::TitleNext { can_continue: true };
                        } else {
                            self.enter_title(true);
                        }
                        return;
                    }
                };
                self.screen = Screen::Play;
                match event {
                    PlayEvent::Solved => self.enter_solved(),
                    PlayEvent::Moved => {
                        self.hint_asked = false;
                        self.save_game(platform);
                    }
                    PlayEvent::Hint => self.hint_asked = true,
                    _ => {}
                }
            }
            Screen::Solved(solved) => {
                if solved.take_save() {
                    self.save_finished(platform);
                } else {
                    match solved.update(input, &mut self.canvas) {
                        Some(SolvedChoice::NewGame) => self.enter_new_game(),
                        Some(SolvedChoice::Title) => self.enter_title_after(false, platform),
                        None => {}
                    }
                }
            }
        }
        self.schedule_work(platform);
    }

    /// The kind of puzzle a new game with a random seed would ask for now: the one the new-game
    /// menu shows, the one being generated for, or the last one chosen.
    fn wanted_kind(&self) -> Option<Variant> {
        match &self.screen {
            Screen::Boot => None,
            Screen::NewGame(menu) => Some(menu.kind()),
            Screen::Generating(screen) if screen.seed.is_some() => None,
            Screen::Generating(screen) => Some(screen.kind),
            _ => Some(self.last_variant()),
        }
    }

    /// Takes what the worker finished and gives it its next job: a hint the player asked for
    /// first, else a ready puzzle of the wanted kind when battery RAM holds none, else that
    /// ready puzzle read back into the worker's memory when it is not there (a hint, a change
    /// of kind in the menu or a power-off took it): Start then takes it at once, where reading
    /// it back after Start took a 15x15 board from 14 to 19 frames. A puzzle being kept ready
    /// for another kind gives way at once: the kind wanted now is the likelier Start, and
    /// once its puzzle is in the worker's memory nothing else is started while it is wanted.
    /// In ROM bank 6, which has room (bank 3, the screens', has not).
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank6"))]
    #[inline(never)]
    fn schedule_work(&mut self, platform: &mut impl Platform) {
        let Some(work) = platform.work() else {
            // A hint goes first, and a ready puzzle of a kind no longer wanted can wait (as can
            // one read back ahead of Start, also for a check). A check waits for a ready puzzle
            // in the making: stopped for every move, it was made again from its start each
            // time, and never finished while the player kept drawing.
            let keeps = self.job.and_then(|job| job.keeps());
            let reads_ahead = matches!(self.job, Some(Job::Load { .. })) && !matches!(self.screen, Screen::Starting(_));
            let gives_way = (keeps.is_some() && self.hint_asked) || (reads_ahead && (self.hint_asked || self.wants_check()));
            if gives_way || keeps.is_some() && self.wanted_kind().is_some_and(|kind| Some(kind) != keeps) {
                platform.stop_work();
                self.job = None;
            }
            return;
        };
        if matches!(self.screen, Screen::Starting(_)) {
            // A start gives the worker its jobs and takes what they give (`continue_start`).
            return;
        }
        match work.outcome() {
            Outcome::Generated { request, kept: Some(claim), .. } => {
                self.ready.kept(claim, request.variant);
                self.kept_in_work = Some(claim.slot);
            }
            Outcome::Hint(hint) => {
                if core::mem::take(&mut self.hint_asked) && matches!(self.screen, Screen::Play) {
                    self.session.show_hint(hint, &mut self.canvas);
                    self.cues.answer(sound::HINT);
                }
            }
            Outcome::Checked(errors) => {
                // A few squares a frame: the outcome stays in the worker until all are drawn.
                if matches!(self.screen, Screen::Play | Screen::Pause(_)) && !self.session.show_errors(&errors, &mut self.canvas, &mut self.cues) {
                    return;
                }
            }
            // A typed code's puzzle waits for its generating screen (`generate_typed`).
            Outcome::Generated { kept: None, .. } if matches!(self.screen, Screen::Generating(_)) => return,
            Outcome::Loaded(true) => {
                if let Some(Job::Load { slot, .. }) = self.job {
                    self.kept_in_work = Some(slot);
                }
            }
            Outcome::Loaded(false) => {
                // Not a valid puzzle of its kind after all: one is made in its place next.
                work.take_outcome();
                if let Some(Job::Load { slot, .. }) = self.job.take() {
                    self.ready.drop_slot(slot, platform);
                }
                return;
            }
            Outcome::Generated { kept: None, .. } | Outcome::Prepared(_) | Outcome::None => {}
        }
        work.take_outcome();
        self.job = None;
        let job = if self.hint_asked && matches!(self.screen, Screen::Play) {
            self.session.give_hint_work(work);
            Job::Hint
        } else if self.wants_check() {
            self.session.give_check_work(work);
            Job::Check
        } else if let Some(kind) = self.wanted_kind() {
            // The job switches the worker's memory to the puzzle (`Work::run`); the memory kept
            // in work, if any, is of this puzzle already.
            match self.ready.slot_of(kind) {
                None => {
                    let request = Request { variant: kind, seed: platform.random_seed() };
                    Job::Generate { request, keep: Some(self.ready.claim()) }
                }
                Some(slot) if self.kept_in_work != Some(slot) => Job::Load { slot, kind },
                Some(_) => return,
            }
        } else {
            return;
        };
        self.start_work(job, platform);
    }

    /// Whether the board of the game in play waits for the worker to find its errors: a
    /// check goes before a ready puzzle not yet begun (the errors follow each move), and
    /// waits for one in the making (`schedule_work`).
    fn wants_check(&self) -> bool {
        matches!(self.screen, Screen::Play) && self.session.board.wants_check()
    }

    /// Hands `job` to the worker (its memory then no longer holds the last kept puzzle).
    fn start_work(&mut self, job: Job, platform: &mut impl Platform) {
        platform.start_work(job);
        self.job = Some(job);
        self.kept_in_work = None;
    }

    /// On the generating screen of a typed code: starts the worker on it, and once it is done
    /// plays its puzzle.
    fn generate_typed(&mut self, request: Request, platform: &mut impl Platform) {
        let job = Job::Generate { request, keep: None };
        if self.job != Some(job) {
            platform.stop_work();
            if let Some(work) = platform.work() {
                work.clear();
            }
            self.start_work(job, platform);
            return;
        }
        let Some(work) = platform.work() else { return };
        let Outcome::Generated { made, .. } = work.take_outcome() else { return };
        self.job = None;
        if made {
            self.prepare_game(request.variant, None, None, platform);
        } else {
            self.screen = Screen::Boot;
        }
    }

    /// Starts a game on the ready puzzle of `kind`, if there is one (false when not).
    fn start_ready(&mut self, kind: Variant, platform: &mut impl Platform) -> bool {
        let Some(slot) = self.ready.slot_of(kind) else { return false };
        // The worker's memory still holds the puzzle it kept last: nothing to read back.
        let in_work = self.kept_in_work == Some(slot) && platform.work().is_some();
        let load = if in_work { None } else { Some(slot) };
        self.prepare_game(kind, load, Some(slot), platform);
        true
    }

    /// Starts a game (`Screen::Starting`) on the puzzle in the worker's memory, or with `load`
    /// on the one in that ready slot, which the worker reads back first. The parts of the
    /// start this frame has time for are done at once.
    fn prepare_game(&mut self, kind: Variant, load: Option<u8>, slot: Option<u8>, platform: &mut impl Platform) {
        platform.stop_work();
        self.job = None;
        let switching = Playable::of(kind.puzzle).is_some_and(|puzzle| puzzle != self.session.board.puzzle());
        self.continue_start(Starting::new(kind, slot, load, switching), false, platform);
    }

    /// One frame's part of starting a game: the parts `starting` has left, in order, as many
    /// as the frame has time for (with `one_due`, at least one).
    /// In ROM bank 6, which has room (bank 3, the screens', has not).
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank6"))]
    #[inline(never)]
    fn continue_start(&mut self, mut starting: Starting, mut one_due: bool, platform: &mut impl Platform) {
        loop {
            if !core::mem::take(&mut one_due) && starting.lines() > platform.lines_left() {
                break;
            }
            match starting.stage {
                Stage::Switching { load } => {
                    if let Some(puzzle) = Playable::of(starting.kind.puzzle) {
                        self.session.board.use_puzzle(puzzle);
                    }
                    starting.stage = Stage::Switched { load };
                }
                Stage::Switched { load } => {
                    // The new game's records go to its puzzle's area: where they go is read
                    // first (the session's game of the last puzzle stays saved).
                    self.load_places(platform);
                    starting.stage = Stage::to_take(load);
                }
                Stage::Load(slot) => {
                    self.start_work(Job::Load { slot, kind: starting.kind }, platform);
                    starting.stage = Stage::Loading;
                }
                Stage::Loading => {
                    let Some(work) = platform.work() else { break };
                    let Outcome::Loaded(loaded) = work.take_outcome() else { break };
                    self.job = None;
                    if !loaded {
                        // Not a valid puzzle of its kind after all: one is made on the
                        // generating screen.
                        if let Some(slot) = starting.slot {
                            self.ready.drop_slot(slot, platform);
                        }
                        self.screen = Screen::Generating(Generating::new(starting.kind, None, &mut self.canvas));
                        return;
                    }
                    starting.stage = Stage::Held;
                }
                Stage::Held => {
                    // The session takes the puzzle, and the worker prepares the game from its
                    // own copy meanwhile.
                    if let Some(work) = platform.work() {
                        self.session.take_new(&work.memory);
                    }
                    self.start_work(Job::Prepare { place: self.saves.new_game_place() }, platform);
                    starting.stage = Stage::Taken;
                }
                Stage::Taken => {
                    self.session.begin_new();
                    starting.stage = Stage::Begun;
                }
                Stage::Begun => {
                    self.session.draw_frame(&mut self.canvas);
                    starting.stage = Stage::Framed;
                }
                Stage::Framed => {
                    self.session.draw_panel(&mut self.canvas);
                    starting.stage = Stage::Row(0);
                }
                Stage::Row(row) => {
                    self.session.draw_rows(&mut self.canvas, row, row + 1);
                    starting.stage = if row + 1 == starting.kind.size { Stage::Drawn } else { Stage::Row(row + 1) };
                }
                Stage::Drawn => {
                    let Some(work) = platform.work() else { break };
                    let Outcome::Prepared(sum) = work.take_outcome() else { break };
                    self.session.take_prepared(&work.memory);
                    self.job = None;
                    if let Some(slot) = starting.slot {
                        self.ready.drop_slot(slot, platform);
                    }
                    // Where the worker wrote the puzzle: nothing saved since has moved it.
                    let place = self.saves.new_game_place();
                    let saves = &mut self.saves;
                    crate::each_board!(&self.session.board, board => board.commit_new_game(saves, place, sum, platform));
                    // After the game's commit: a cut between them finds the last puzzle played
                    // before, whose game is as it was.
                    self.played(platform);
                    self.saved_at_seconds = 0;
                    self.unsaved_frames = None;
                    self.hint_asked = false;
                    // The frames this update stands for went into starting: not the clock's.
                    self.skip_frames = true;
                    self.screen = Screen::Play;
                    return;
                }
            }
        }
        self.screen = Screen::Starting(starting);
    }

    /// The title; `can_continue` offers the game in the session. Boot reads the saves first;
    /// the other ways there know what they hold (reading them again took ten frames).
    fn enter_title(&mut self, can_continue: bool) {
        let bit = 1 << self.session.board.puzzle() as u8;
        self.games = if can_continue { self.games | bit } else { self.games & !bit };
        let mut title = Title::new(can_continue, self.game_name());
        title.draw(&mut self.canvas);
        self.screen = Screen::Title(title);
    }

    /// The name of the session's puzzle, when the title offers another's game too.
    fn game_name(&self) -> Option<&'static [u8]> {
        (self.games.count_ones() > 1).then(|| self.session.board.puzzle().short_name())
    }

    /// The title when the session's puzzle may have no game left (it was solved, or none was
    /// begun): then another puzzle's game is offered, if one has.
    fn enter_title_after(&mut self, mut can_continue: bool, storage: &mut impl Storage) {
        if !can_continue {
            self.games &= !(1 << self.session.board.puzzle() as u8);
            can_continue = self.games != 0 && self.continue_other(true, storage);
        }
        self.enter_title(can_continue);
    }

    /// Left or Right on the title's CONTINUE: the game of the next puzzle (or the previous)
    /// that has one.
    fn offer_other_game(&mut self, forward: bool, storage: &mut impl Storage) {
        let can_continue = self.continue_other(forward, storage);
        let name = self.game_name().filter(|_| can_continue);
        match (&mut self.screen, name) {
            (Screen::Title(title), Some(name)) => title.show_game(name, &mut self.canvas),
            _ => self.enter_title(can_continue),
        }
    }

    /// Reads into the session the game of the puzzle after the session's (or before it) that
    /// has one, or else the session's again (a few frames' work, at once: the title waits);
    /// false when none has.
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank12"))]
    #[inline(never)]
    fn continue_other(&mut self, forward: bool, storage: &mut impl Storage) -> bool {
        let count = Playable::ALL.len();
        let now = self.session.board.puzzle();
        let step = if forward { 1 } else { count - 1 };
        let order = (1..=count).map(|k| Playable::ALL[(now as usize + k * step) % count]);
        self.offer_first(order, now, storage)
    }

    /// Reads into the session the game of the first puzzle of `order` that has one to
    /// continue (a puzzle whose game does not read loses its bit); false when none has, the
    /// session then on `fallback`'s saves.
    fn offer_first(&mut self, order: impl Iterator<Item = Playable>, fallback: Playable, storage: &mut impl Storage) -> bool {
        for puzzle in order {
            let bit = 1 << puzzle as u8;
            if self.games & bit == 0 {
                continue;
            }
            self.session.board.use_puzzle(puzzle);
            if self.load_saves(storage) {
                return true;
            }
            self.games &= !bit;
        }
        self.session.board.use_puzzle(fallback);
        self.load_places(storage);
        false
    }

    fn enter_new_game(&mut self) {
        self.screen = Screen::NewGame(NewGame::new(self.puzzle, self.size, self.difficulty));
    }

    /// The puzzle, size and level last chosen (the size brought into the puzzle's range).
    fn last_variant(&self) -> Variant {
        let (min, max) = self.puzzle.kind().sizes();
        Variant { puzzle: self.puzzle.kind(), size: self.size.clamp(min, max), difficulty: self.difficulty }
    }

    fn enter_play(&mut self) {
        self.session.draw(&mut self.canvas);
        self.screen = Screen::Play;
    }

    fn enter_solved(&mut self) {
        let board = &self.session.board;
        let (size, level, seconds) = (board.size(), board.difficulty(), self.session.clock.seconds());
        let new_best = self.best.record(size, level, seconds);
        self.cues.answer(if new_best { sound::NEW_BEST } else { sound::SOLVED });
        // Saved in the solved screen's first frame (`Solved::take_save`).
        self.unsaved_frames = None;
        self.screen = Screen::Solved(Solved::new(seconds, self.best.get(size, level), new_best));
    }

    /// At boot: which puzzles have a game to continue; the saves of the puzzle last played
    /// into the session, or, when that puzzle has no game, of the first puzzle that has one (a
    /// game in progress is always offered); false when none has (the session then on the
    /// saves of the puzzle last played, which a new game will be). The new-game menu offers
    /// the puzzle last played.
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank12"))]
    #[inline(never)]
    fn load_offered_game(&mut self, storage: &mut impl Storage) -> bool {
        self.settings.load(storage);
        let last = Playable::of(self.settings.last_played).unwrap_or(Playable::Hitori);
        self.puzzle = last;
        self.games = 0;
        for &puzzle in Playable::ALL {
            self.session.board.use_puzzle(puzzle);
            self.load_places(storage);
            if self.saves.has_game_to_continue() {
                self.games |= 1 << puzzle as u8;
            }
        }
        let others = Playable::ALL.iter().copied().filter(|&puzzle| puzzle != last);
        self.offer_first(core::iter::once(last).chain(others), last, storage)
    }

    /// The session's puzzle is being played: the new-game menu offers it next, the title its
    /// game, and battery RAM keeps it for CONTINUE after a power-off.
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank12"))]
    #[inline(never)]
    fn played(&mut self, storage: &mut impl Storage) {
        self.puzzle = self.session.board.puzzle();
        self.games |= 1 << self.puzzle as u8;
        self.settings.played(self.puzzle.kind(), storage);
    }

    /// Reads the best times of the session's puzzle, and its saved game into the session;
    /// false when there is no game to continue. In ROM bank 12 with the save code it reaches
    /// (every puzzle's records: bank 3, the screens', has no room for them).
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank12"))]
    #[inline(never)]
    fn load_saves(&mut self, storage: &mut impl Storage) -> bool {
        let session = &mut self.session;
        let (saves, best) = (&mut self.saves, &mut self.best);
        let loaded = crate::each_board!(&mut session.board, board => board.load(saves, best, storage));
        match loaded {
            Some(seconds) => {
                session.begin(seconds);
                self.saved_at_seconds = seconds;
                true
            }
            None => false,
        }
    }

    /// Reads the session puzzle's best times and where its saved game is, for a new game
    /// ([`Saves::load_places`]). In ROM bank 12, as `load_saves`.
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank12"))]
    #[inline(never)]
    fn load_places(&mut self, storage: &mut impl Storage) {
        let (saves, best) = (&mut self.saves, &mut self.best);
        crate::each_board!(&self.session.board, board => board.load_places(saves, best, storage));
    }

    /// Counts the frames the player has pressed nothing since a change that is not saved yet;
    /// true once they reach `SAVE_DELAY_FRAMES` (the change is due to be saved).
    fn rested_since_change(&mut self, input: &InputFrame, frames: u8) -> bool {
        let idle = match self.unsaved_frames {
            Some(_) if !input.held.is_empty() => Some(0),
            Some(waited) => Some(waited.saturating_add(frames)),
            None => None,
        };
        self.unsaved_frames = idle;
        idle.is_some_and(|waited| waited >= SAVE_DELAY_FRAMES)
    }

    fn save_if_unsaved(&mut self, storage: &mut impl Storage) {
        if self.unsaved_frames.is_some() {
            self.save_game(storage);
        }
    }

    /// Saves the finished game with its best times. Never inlined, in ROM bank 12 as
    /// `save_game`: inlined into `update`, its record's buffer deepened the main loop's
    /// frames by 99 bytes of WRAM.
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank12"))]
    #[inline(never)]
    fn save_finished(&mut self, storage: &mut impl Storage) {
        self.saves.save_finished(&self.best, storage);
    }

    /// Saves the progress on the current game. In ROM bank 12, as `load_saves`.
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank12"))]
    #[inline(never)]
    fn save_game(&mut self, storage: &mut impl Storage) {
        self.unsaved_frames = None;
        self.saved_at_seconds = self.session.clock.seconds();
        let (saves, seconds) = (&mut self.saves, self.saved_at_seconds);
        crate::each_board!(&self.session.board, board => board.save_progress(saves, seconds, storage));
    }

}

//! The game's screens on the host, driven like a player would: the pure `Game` with a fake
//! machine (SRAM as a byte array, a fixed random seed, a worker that finishes a job at once or
//! after a few polls). The same flows run on the ROM in the emulator tests; these are the
//! fast, exhaustive ones.

use std::cell::Cell;

use gb_hal::joypad::{Buttons, InputFrame};
use gb_hal::sound_effects::Effect;
use hitori::puzzles::hitori::board::{cell_at, col_of, row_of};
use hitori::puzzles::code::SeedCode;
use hitori::puzzles::hitori::solve::Mark;
use hitori::game::canvas::Layer;
use hitori::game::save::Storage;
use hitori::game::work::{Job, Work};
use hitori::game::boards::Board;
use hitori::game::boards::hitori::HitoriBoard;
use hitori::game::{Game, Platform, ScreenId};

/// The board of a Hitori game in progress.
fn hitori(game: &Game) -> &HitoriBoard {
    match &game.session.board {
        Board::Hitori(board) => board,
        _ => panic!("not a Hitori game"),
    }
}

struct FakeMachine {
    sram: [u8; 0x2000],
    seed: u32,
    work: Box<Work>,
    /// A job is in progress: it runs once `work` has been asked `polls_left` more times.
    running: bool,
    polls_left: u32,
    /// Polls a job takes (0: done when started).
    job_polls: u32,
    /// The frame's time left (`Platform::lines_left`), set at each frame's start.
    lines_left: Cell<u8>,
    jobs: Vec<Job>,
    /// The effects the game started, and the sound setting it gave (`None`: none yet).
    plays: Vec<Effect>,
    sound_on: Option<bool>,
}

impl FakeMachine {
    fn new() -> FakeMachine {
        FakeMachine {
            sram: [0xA5; 0x2000],
            seed: 1234,
            work: Box::new(Work::new()),
            running: false,
            polls_left: 0,
            job_polls: 0,
            lines_left: Cell::new(0),
            jobs: Vec::new(),
            plays: Vec::new(),
            sound_on: None,
        }
    }

    fn over(sram: [u8; 0x2000]) -> FakeMachine {
        FakeMachine { sram, ..FakeMachine::new() }
    }
}

impl Storage for FakeMachine {
    fn read(&mut self, offset: u16, buffer: &mut [u8]) {
        self.sram.read(offset, buffer);
    }
    fn write(&mut self, offset: u16, bytes: &[u8]) {
        self.sram.write(offset, bytes);
    }
}

impl Platform for FakeMachine {
    fn random_seed(&mut self) -> u32 {
        self.seed
    }

    fn start_work(&mut self, job: Job) {
        assert!(!self.running, "a job started over another: {job:?}");
        self.work.assign(job);
        self.jobs.push(job);
        (self.running, self.polls_left) = (true, self.job_polls);
    }

    fn stop_work(&mut self) {
        if self.running {
            self.running = false;
            self.work.clear();
        }
    }

    /// A frame's time as the console has it when its update starts in VBlank, used up by 50
    /// lines at each question (the work done meanwhile).
    fn lines_left(&self) -> u8 {
        let left = self.lines_left.get();
        self.lines_left.set(left.saturating_sub(50));
        left
    }

    fn play(&mut self, effect: Effect) {
        self.plays.push(effect);
    }

    fn set_sound(&mut self, on: bool) {
        self.sound_on = Some(on);
    }

    fn work(&mut self) -> Option<&mut Work> {
        if self.running {
            if self.polls_left > 0 {
                self.polls_left -= 1;
                return None;
            }
            self.work.run(&mut self.sram);
            self.running = false;
        }
        Some(&mut self.work)
    }
}

/// The lines of a frame the console's update has for spread work when it starts in VBlank.
const FRAME_LINES: u8 = 130;

/// A player: presses buttons one frame at a time, lets the canvas flush after every frame.
struct Player {
    game: Box<Game>,
    machine: FakeMachine,
    held: Buttons,
}

impl Player {
    fn new(machine: FakeMachine) -> Player {
        let mut player = Player { game: Box::new(Game::new()), machine, held: Buttons::empty() };
        player.idle(2);
        player
    }

    fn frame(&mut self, held: Buttons) {
        let input = InputFrame {
            held,
            pressed: held - self.held,
            released: self.held - held,
            triggered: held - self.held,
        };
        self.held = held;
        self.machine.lines_left.set(FRAME_LINES);
        self.game.update(&input, 1, &mut self.machine);
        self.game.canvas.flush(|_, _, _, _| {}, || true);
    }

    fn tap(&mut self, buttons: Buttons) {
        self.frame(buttons);
        self.frame(Buttons::empty());
    }

    fn idle(&mut self, frames: u32) {
        for _ in 0..frames {
            self.frame(Buttons::empty());
        }
    }

    /// The seed code the pause menu shows, read back from the window layer and decoded, once
    /// the window is drawn (it takes a few frames).
    fn paused_code(&mut self) -> Option<SeedCode> {
        for _ in 0..5 {
            if self.game.is_drawn() {
                break;
            }
            self.idle(1);
        }
        assert!(self.game.is_drawn(), "the pause window is drawn within five frames");
        let row: Vec<u8> = (0..20).map(|x| self.game.canvas.tile(Layer::Window, x, 14)).collect();
        let text: Vec<u8> = row
            .iter()
            .map(|&tile| (0x20u8..0x80).find(|&byte| hitori::assets::font_tile(byte) == tile).unwrap_or(b'?'))
            .collect();
        let text = String::from_utf8(text).unwrap();
        SeedCode::decode(text.trim_start().strip_prefix("CODE")?.trim().as_bytes())
    }

    fn screen(&self) -> ScreenId {
        self.game.screen()
    }

    /// From the title: new game with the offered size (9x9) and level, on the puzzle the
    /// worker kept ready meanwhile: the board comes at once.
    fn start_new_game(&mut self) {
        assert_eq!(self.screen(), ScreenId::Title);
        self.tap(Buttons::START);
        assert_eq!(self.screen(), ScreenId::NewGame);
        self.frame(Buttons::START);
        self.until_playing();
        self.frame(Buttons::empty());
    }

    /// Runs the frames a new game takes to start (`ScreenId::Starting`): the worker's part,
    /// the save, and the board's rows a few at a time. Returns how many.
    fn until_playing(&mut self) -> u32 {
        let mut frames = 0;
        while self.screen() == ScreenId::Starting {
            assert!(frames < 20, "still starting after {frames} frames; jobs {:?}", self.machine.jobs);
            self.idle(1);
            frames += 1;
        }
        assert_eq!(self.screen(), ScreenId::Play);
        frames
    }

    /// Opens the pause menu and chooses its item `index` (0 RESUME, 1 UNDO, 2 REDO, 3 HINT,
    /// 4 RESTART, 5 NEW GAME, 6 QUIT).
    fn choose_in_pause(&mut self, index: u8) {
        self.tap(Buttons::START);
        assert_eq!(self.screen(), ScreenId::Pause);
        for _ in 0..index {
            self.tap(Buttons::DOWN);
        }
        self.tap(Buttons::A);
    }

    /// On the new-game screen: types `code` and starts it, then runs the generating and
    /// starting screens until the game plays.
    fn play_code(&mut self, code: &SeedCode) {
        assert_eq!(self.screen(), ScreenId::NewGame);
        // From START: up to SEED, A switches to a code; down to the code row, A edits it.
        for button in [Buttons::UP, Buttons::A, Buttons::DOWN, Buttons::A] {
            self.tap(button);
        }
        for &symbol in &code.encode().unwrap() {
            let steps = hitori::puzzles::code::ALPHABET.iter().position(|&a| a == symbol).unwrap();
            for _ in 0..steps {
                self.tap(Buttons::UP);
            }
            self.tap(Buttons::RIGHT);
        }
        self.tap(Buttons::A);
        self.frame(Buttons::START);
        assert_eq!(self.screen(), ScreenId::Generating);
        let mut frames = 0;
        while self.screen() == ScreenId::Generating {
            self.idle(1);
            frames += 1;
            assert!(frames < 20, "generated within a few polls");
        }
        self.until_playing();
    }

    fn move_cursor_to(&mut self, cell: u8) {
        let cursor = self.game.session.cursor();
        let (r0, c0, r1, c1) = (row_of(cursor), col_of(cursor), row_of(cell), col_of(cell));
        let (vertical, horizontal) = (if r1 > r0 { Buttons::DOWN } else { Buttons::UP }, if c1 > c0 { Buttons::RIGHT } else { Buttons::LEFT });
        for _ in 0..r0.abs_diff(r1) {
            self.tap(vertical);
        }
        for _ in 0..c0.abs_diff(c1) {
            self.tap(horizontal);
        }
        assert_eq!(self.game.session.cursor(), cell);
    }
}

#[test]
fn a_new_game_is_solved_by_entering_its_solution() {
    let mut p = Player::new(FakeMachine::new());
    p.start_new_game();
    let puzzle = hitori(&p.game).puzzle.clone();
    assert_eq!(puzzle.board.size(), 9);
    assert_eq!(puzzle.seed, 1234);
    for cell in puzzle.solution.iter() {
        p.move_cursor_to(cell);
        p.tap(Buttons::A);
    }
    assert_eq!(p.screen(), ScreenId::Solved);
    assert_eq!(p.game.window_y(), Some(64));
    // The best time is kept; the finished game is no longer offered.
    let mut again = Player::new(FakeMachine::over(p.machine.sram));
    assert_eq!(again.screen(), ScreenId::Title);
    again.tap(Buttons::START);
    assert_eq!(again.screen(), ScreenId::NewGame, "no CONTINUE after a solved game");
}

#[test]
fn a_game_in_progress_survives_power_off() {
    let mut p = Player::new(FakeMachine::new());
    p.start_new_game();
    let target = cell_at(2, 3);
    p.move_cursor_to(target);
    p.tap(Buttons::A);
    p.move_cursor_to(cell_at(4, 4));
    p.tap(Buttons::B);
    // Moves are saved once the player pauses for a moment (under a second).
    p.idle(60);
    let puzzle = hitori(&p.game).puzzle.clone();
    // Power off: a new game state over the same SRAM.
    let mut back = Player::new(FakeMachine::over(p.machine.sram));
    assert_eq!(back.screen(), ScreenId::Title);
    back.tap(Buttons::A); // CONTINUE is the first item
    assert_eq!(back.screen(), ScreenId::Play);
    assert_eq!(hitori(&back.game).puzzle.board, puzzle.board);
    assert_eq!(hitori(&back.game).play.mark(target), Mark::Shaded);
    assert_eq!(hitori(&back.game).play.mark(cell_at(4, 4)), Mark::Unshaded);
    // The resumed game's pause menu shows its code.
    back.tap(Buttons::START);
    let code = back.paused_code().expect("a code in the pause menu");
    assert_eq!((code.size, code.difficulty, code.seed), (puzzle.board.size(), puzzle.difficulty, puzzle.seed));
}

#[test]
fn pause_menu_undo_redo_hint_and_soft_reset() {
    let mut p = Player::new(FakeMachine::new());
    p.start_new_game();
    let cell = p.game.session.cursor();
    p.tap(Buttons::A);
    assert_eq!(hitori(&p.game).play.mark(cell), Mark::Shaded);
    p.tap(Buttons::START);
    assert_eq!(p.screen(), ScreenId::Pause);
    assert_eq!(p.game.window_y(), Some(0));
    let code = p.paused_code().expect("a code in the pause menu");
    let puzzle = &hitori(&p.game).puzzle;
    assert_eq!((code.size, code.difficulty, code.seed), (puzzle.board.size(), puzzle.difficulty, puzzle.seed));
    p.tap(Buttons::DOWN); // UNDO
    p.tap(Buttons::A);
    assert_eq!(p.screen(), ScreenId::Play);
    assert_eq!(hitori(&p.game).play.mark(cell), Mark::Unknown);
    p.choose_in_pause(2); // REDO
    assert_eq!(hitori(&p.game).play.mark(cell), Mark::Shaded);
    p.choose_in_pause(3); // HINT
    assert_eq!(p.screen(), ScreenId::Play);
    // The hint's cells first, its banner the frame after.
    p.frame(Buttons::empty());
    assert!(p.game.window_y().is_some(), "the hint banner is up");
    // The banner explains in words on the window layer.
    let banner: Vec<u8> = (0..20).map(|x| p.game.canvas.tile(Layer::Window, x, 0)).collect();
    assert!(banner.iter().any(|&t| t != hitori::assets::FRAME_INSIDE));
    // All four buttons: back to the title, and the game can be continued.
    p.frame(Buttons::A | Buttons::B | Buttons::SELECT);
    p.frame(Buttons::A | Buttons::B | Buttons::SELECT | Buttons::START);
    p.idle(1);
    assert_eq!(p.screen(), ScreenId::Title);
    p.tap(Buttons::A);
    assert_eq!(p.screen(), ScreenId::Play, "CONTINUE after a soft reset");
}

/// A move is saved when the player rests in the pause menu (as in play), and at once when the
/// player quits: power off at either point and the move is still there.
#[test]
fn moves_are_saved_on_resting_in_pause_and_on_quitting() {
    let resume_shows_the_move = |p: &Player, cell: u8| {
        let mut back = Player::new(FakeMachine::over(p.machine.sram));
        back.tap(Buttons::A); // CONTINUE
        assert_eq!(back.screen(), ScreenId::Play);
        hitori(&back.game).play.mark(cell) == Mark::Shaded
    };
    // Resting in the pause menu.
    let mut p = Player::new(FakeMachine::new());
    p.start_new_game();
    let cell = p.game.session.cursor();
    p.tap(Buttons::A);
    p.tap(Buttons::START);
    assert!(!resume_shows_the_move(&p, cell), "not saved at once (saving takes frames on the console)");
    p.idle(60);
    assert!(resume_shows_the_move(&p, cell), "saved after resting in the pause menu");
    // Quitting from the pause menu right after a move.
    p.tap(Buttons::START); // resume
    assert_eq!(p.screen(), ScreenId::Play);
    p.tap(Buttons::RIGHT);
    p.tap(Buttons::RIGHT);
    let other = p.game.session.cursor();
    p.tap(Buttons::A);
    assert_eq!(hitori(&p.game).play.mark(other), Mark::Shaded);
    p.choose_in_pause(6); // QUIT
    assert_eq!(p.screen(), ScreenId::Title);
    assert!(resume_shows_the_move(&p, other), "saved on quitting");
}

#[test]
fn corrupt_sram_starts_clean() {
    let mut rng = fastrand::Rng::with_seed(11);
    for _ in 0..20 {
        let machine = FakeMachine::over(std::array::from_fn(|_| rng.u8(..)));
        let mut p = Player::new(machine);
        assert_eq!(p.screen(), ScreenId::Title);
        p.tap(Buttons::START);
        assert_eq!(p.screen(), ScreenId::NewGame, "random SRAM offers nothing to continue");
    }
}

#[test]
fn random_buttons_never_break_the_game() {
    // Jobs that take a few frames: the game stops and restarts them as the player goes.
    let mut p = Player::new(FakeMachine { job_polls: 5, ..FakeMachine::new() });
    let mut rng = fastrand::Rng::with_seed(5);
    let (mut seen, mut lizards_played) = ([false; 8], false);
    for frame in 0..100_000u32 {
        // Mostly single presses, sometimes chords (soft reset included), sometimes holds.
        let held = if rng.u8(..4) == 0 { p.held } else { Buttons::from_bits_truncate(rng.u8(..) & rng.u8(..)) };
        p.machine.seed = rng.u32(..);
        p.frame(held);
        seen[p.screen() as usize] = true;
        if p.screen() == ScreenId::Play {
            let n = p.game.session.board.size();
            lizards_played |= matches!(p.game.session.board, Board::Lizards(_));
            let cursor = p.game.session.cursor();
            assert!(row_of(cursor) < n && col_of(cursor) < n, "frame {frame}: cursor off the board");
            let c = p.game.cursor().unwrap();
            assert!(c.x < 160 && c.y < 144);
        }
        assert!(p.game.canvas.is_flushed());
    }
    // Every screen but boot (left at once) and solved (random presses do not solve puzzles;
    // the solving tests cover it) is visited.
    for id in [ScreenId::Title, ScreenId::NewGame, ScreenId::Generating, ScreenId::Starting, ScreenId::Play, ScreenId::Pause] {
        assert!(seen[id as usize], "{id:?} never reached by random input");
    }
    assert!(lizards_played, "no Lizards game reached by random input");
}

/// A hint is found by the worker, which is busy keeping a puzzle ready when the player asks:
/// that job gives way, and the banner comes up a few frames later.
#[test]
fn a_hint_waits_for_the_worker_and_drops_its_background_job() {
    let mut p = Player::new(FakeMachine::new());
    p.start_new_game();
    // From here, jobs take a few frames, and the worker is busy keeping the next puzzle.
    p.machine.job_polls = 3;
    p.idle(1);
    p.frame(Buttons::SELECT);
    p.frame(Buttons::SELECT | Buttons::A);
    p.frame(Buttons::SELECT);
    p.frame(Buttons::empty());
    let mut frames = 0;
    while p.game.window_y().is_none() {
        assert!(frames < 20, "no hint banner after {frames} frames; jobs {:?}", p.machine.jobs);
        p.idle(1);
        frames += 1;
    }
    assert!(p.machine.jobs.iter().any(|job| matches!(job, Job::Hint { .. })), "jobs {:?}", p.machine.jobs);
}

/// The puzzle kept ready survives power-off: while the next boot's new-game menu waits, the
/// worker reads it back into its memory (nothing is generated), and Start takes it from there
/// at once.
#[test]
fn a_ready_puzzle_survives_power_off() {
    let mut p = Player::new(FakeMachine::new());
    p.start_new_game();
    p.idle(5);
    let kept = p.machine.jobs.iter().filter(|job| job.keeps().is_some()).count();
    assert!(kept >= 2, "one kept before the game, one for the next: {:?}", p.machine.jobs);
    let mut back = Player::new(FakeMachine::over(p.machine.sram));
    back.tap(Buttons::DOWN); // past CONTINUE to NEW GAME
    back.tap(Buttons::A);
    assert_eq!(back.screen(), ScreenId::NewGame);
    back.idle(5);
    let read_ahead = back.machine.jobs.clone();
    assert!(matches!(read_ahead[..], [Job::Load { .. }]), "the ready puzzle read back, nothing generated: {read_ahead:?}");
    back.frame(Buttons::START);
    assert_eq!(back.screen(), ScreenId::Starting, "the kept puzzle starts at once");
    back.until_playing();
    let jobs = &back.machine.jobs[read_ahead.len()..];
    assert!(matches!(jobs[0], Job::Prepare { .. }), "taken from the worker's memory, not read again: {jobs:?}");
    assert!(!jobs.iter().any(|job| matches!(job, Job::Generate { keep: None, .. })), "none generated on demand: {jobs:?}");
}

/// Start before the worker has read the ready puzzle back: the start reads it first.
#[test]
fn a_start_before_the_read_ahead_reads_the_ready_puzzle_first() {
    let mut p = Player::new(FakeMachine::new());
    p.start_new_game();
    p.idle(5);
    let mut back = Player::new(FakeMachine { job_polls: 8, ..FakeMachine::over(p.machine.sram) });
    back.tap(Buttons::DOWN);
    back.tap(Buttons::A);
    assert!(back.machine.running, "the read-ahead is under way");
    let before = back.machine.jobs.len();
    back.frame(Buttons::START);
    assert_eq!(back.screen(), ScreenId::Starting);
    back.until_playing();
    let jobs = &back.machine.jobs[before..];
    assert!(matches!(jobs, [Job::Load { .. }, Job::Prepare { .. }, ..]), "{jobs:?}");
    assert!(!jobs.iter().any(|job| matches!(job, Job::Generate { keep: None, .. })), "{jobs:?}");
}

/// The new-game menu goes back to a size with a ready puzzle while the worker keeps one ready
/// for the size shown before: that generation gives way at once, the ready puzzle is read
/// back while the menu waits, nothing else is started, and Start takes it from the worker's
/// memory (reading it at Start cost the console 4 frames).
#[test]
fn a_ready_puzzle_is_read_back_in_place_of_another_sizes_generation() {
    let mut p = Player::new(FakeMachine::new());
    p.start_new_game();
    p.idle(5);
    p.choose_in_pause(5); // NEW GAME, on the 9x9 puzzle just played: one is kept ready
    p.machine.job_polls = 1000; // generations from here outlast the test
    p.tap(Buttons::DOWN); // PUZZLE
    p.tap(Buttons::DOWN); // SIZE
    p.tap(Buttons::RIGHT); // 10x10: none ready
    p.idle(3);
    assert!(
        matches!(p.machine.jobs.last(), Some(Job::Generate { request, keep: Some(_) }) if request.variant.size == 10),
        "{:?}",
        p.machine.jobs
    );
    p.machine.job_polls = 2;
    p.tap(Buttons::LEFT); // back to 9x9
    p.idle(10);
    let waited = p.machine.jobs.len();
    assert!(matches!(p.machine.jobs.last(), Some(Job::Load { kind, .. }) if kind.size == 9), "{:?}", p.machine.jobs);
    assert!(!p.machine.running, "nothing started once the puzzle is read back: {:?}", p.machine.jobs);
    p.tap(Buttons::UP); // PUZZLE
    p.tap(Buttons::UP); // START
    p.frame(Buttons::START);
    assert_eq!(p.screen(), ScreenId::Starting);
    p.until_playing();
    let jobs = &p.machine.jobs[waited..];
    assert!(matches!(jobs[0], Job::Prepare { .. }), "taken from the worker's memory, not read again: {jobs:?}");
}

/// A start on another puzzle's ready puzzle before the worker has read it back: the board
/// switches puzzles, then the worker reads the puzzle back, and the game plays; the last
/// puzzle's game stays saved.
#[test]
fn a_start_on_another_puzzle_reads_its_ready_puzzle_back() {
    use hitori::game::save::{BestTimes, Saves};
    use hitori::puzzles::Kind;
    use hitori::puzzles::hitori::{Hitori, generate::Puzzle, play::Marks};

    let mut p = Player::new(FakeMachine::new());
    p.start_new_game();
    p.choose_in_pause(5);
    // PUZZLE (down from START) to Baby Lizards: the worker keeps one of its puzzles ready.
    p.tap(Buttons::DOWN);
    p.tap(Buttons::RIGHT);
    p.idle(5);
    let mut back = Player::new(FakeMachine { job_polls: 8, ..FakeMachine::over(p.machine.sram) });
    back.tap(Buttons::DOWN);
    back.tap(Buttons::A);
    assert!(matches!(back.game.session.board, Board::Hitori(_)), "the session is on the game played last");
    back.tap(Buttons::DOWN);
    back.tap(Buttons::RIGHT);
    back.tap(Buttons::UP);
    let before = back.machine.jobs.len();
    back.frame(Buttons::START);
    assert_eq!(back.screen(), ScreenId::Starting);
    back.until_playing();
    let jobs = &back.machine.jobs[before..];
    assert!(matches!(jobs, [Job::Load { kind, .. }, Job::Prepare { .. }, ..] if kind.puzzle == Kind::Lizards), "{jobs:?}");
    assert!(!jobs.iter().any(|job| matches!(job, Job::Generate { keep: None, .. })), "{jobs:?}");
    assert!(matches!(back.game.session.board, Board::Lizards(_)));
    let mut sram = back.machine.sram;
    let (mut saves, mut best) = (Saves::new(), BestTimes::new(Kind::Hitori));
    let (mut puzzle, mut marks) = (Puzzle::new(), Marks::NONE);
    assert!(saves.load::<Hitori>(&mut sram, &mut best, &mut puzzle, &mut marks).is_some(), "the Hitori game is still saved");
}

/// A typed code is generated on demand behind the generating screen, whatever is kept ready,
/// and plays the puzzle the code names.
#[test]
fn a_typed_code_is_generated_behind_the_generating_screen() {
    let mut p = Player::new(FakeMachine { job_polls: 3, ..FakeMachine::new() });
    let code = SeedCode { kind: hitori::puzzles::Kind::Hitori, size: 7, difficulty: hitori::puzzles::level::Difficulty::Medium, seed: 99 };
    p.tap(Buttons::START);
    p.play_code(&code);
    let puzzle = &hitori(&p.game).puzzle;
    assert_eq!((puzzle.board.size(), puzzle.difficulty, puzzle.seed), (code.size, code.difficulty, code.seed));
}

/// A player who shades cell (2, 3) of a new Hitori game, rests (the move saved), then plays
/// `code` from the pause menu's NEW GAME.
fn hitori_then(code: &SeedCode) -> Player {
    let mut p = Player::new(FakeMachine::new());
    p.start_new_game();
    p.move_cursor_to(cell_at(2, 3));
    p.tap(Buttons::A);
    p.idle(60);
    p.choose_in_pause(5);
    p.play_code(code);
    p
}

/// A Lizards code typed on the new-game screen plays that Lizards puzzle beside the Hitori game
/// in progress: after a power-off in the middle CONTINUE offers it (the puzzle last played);
/// solved by buttons alone, its best time is kept in Lizards' area, and after a power-off the
/// Hitori game is offered again.
#[test]
fn a_lizards_code_plays_lizards_beside_the_hitori_game() {
    use hitori::game::save::{BestTimes, Saves};
    use hitori::puzzles::Kind;
    use hitori::puzzles::level::Difficulty;
    use hitori::puzzles::lizards::{Lizards, generate::Puzzle};

    let mut p = hitori_then(&SeedCode { kind: Kind::Lizards, size: 7, difficulty: Difficulty::Medium, seed: 41 });
    let Board::Lizards(board) = &p.game.session.board else { panic!("not a Lizards game") };
    let puzzle = board.puzzle.clone();
    assert_eq!((puzzle.board.size(), puzzle.difficulty, puzzle.seed), (7, Difficulty::Medium, 41));
    // The player's hand: A on every cell of the solution, walking the cursor there.
    for (placed, cell) in puzzle.solution.iter().enumerate() {
        let (r, c) = puzzle.board.row_col(cell);
        p.move_cursor_to(cell_at(r, c));
        p.tap(Buttons::A);
        if placed == 0 {
            // Rested (the move saved), then a power-off: CONTINUE offers this game, played
            // last, not the Hitori one.
            p.idle(60);
            let mut back = Player::new(FakeMachine::over(p.machine.sram));
            back.tap(Buttons::A);
            assert_eq!(back.screen(), ScreenId::Play);
            let Board::Lizards(resumed) = &back.game.session.board else { panic!("CONTINUE offers the Hitori game, not Lizards'") };
            assert_eq!(resumed.play.mark(cell), hitori::puzzles::lizards::deduce::Mark::Lizard);
        }
    }
    assert_eq!(p.screen(), ScreenId::Solved);
    let mut sram = p.machine.sram;
    let (mut saves, mut best) = (Saves::new(), BestTimes::new(Kind::Lizards));
    let (mut scratch, mut marks) = (Puzzle::new(), hitori::puzzles::lizards::Marks::new());
    assert_eq!(saves.load::<Lizards>(&mut sram, &mut best, &mut scratch, &mut marks), None, "the solved game is not offered");
    assert!(best.get(7, Difficulty::Medium).is_some(), "the best time is in Lizards' area");
    // Power off: the Hitori game in progress is still offered, with its mark.
    let mut back = Player::new(FakeMachine::over(p.machine.sram));
    back.tap(Buttons::A);
    assert_eq!(back.screen(), ScreenId::Play);
    assert_eq!(hitori(&back.game).play.mark(cell_at(2, 3)), Mark::Shaded);
    // And without one: from the solved screen (drawn over the three frames after the move)
    // to the title, whose CONTINUE plays it.
    assert!(!p.game.is_drawn(), "the solved screen's window is still being drawn");
    p.idle(3);
    assert!(p.game.is_drawn());
    p.tap(Buttons::DOWN);
    p.tap(Buttons::A);
    assert_eq!(p.screen(), ScreenId::Title);
    p.tap(Buttons::A);
    assert_eq!(p.screen(), ScreenId::Play, "CONTINUE offers the Hitori game after the Lizards one was solved");
    assert_eq!(hitori(&p.game).play.mark(cell_at(2, 3)), Mark::Shaded);
}

/// With a Hitori and a Lizards game in progress, the title's CONTINUE resumes the one played
/// last; Right (or Left) on it offers the other, whose game CONTINUE then plays; the name
/// shown under the menu says which.
#[test]
fn the_title_offers_each_puzzles_game_in_progress() {
    use hitori::game::canvas::Layer;
    use hitori::puzzles::Kind;
    use hitori::puzzles::level::Difficulty;

    let mut p = hitori_then(&SeedCode { kind: Kind::Lizards, size: 7, difficulty: Difficulty::Easy, seed: 5 });
    p.tap(Buttons::B); // a cell marked empty: a move to save
    p.idle(60);

    let mut back = Player::new(FakeMachine::over(p.machine.sram));
    let shown = |player: &Player, name: &[u8]| {
        let row: Vec<u8> = (0..20).map(|x| player.game.canvas.tile(Layer::Background, x, 14)).collect();
        row.windows(name.len()).any(|w| w.iter().zip(name).all(|(&tile, &byte)| tile == hitori::assets::font_tile(byte)))
    };
    assert_eq!(back.screen(), ScreenId::Title);
    assert!(matches!(back.game.session.board, Board::Lizards(_)), "the puzzle played last first");
    assert!(shown(&back, b"< LIZARDS >"), "the title names the game CONTINUE resumes");
    back.tap(Buttons::RIGHT);
    assert!(shown(&back, b"< HITORI >"));
    back.tap(Buttons::LEFT);
    assert!(shown(&back, b"< LIZARDS >"));
    back.tap(Buttons::RIGHT);
    back.tap(Buttons::A);
    assert_eq!(back.screen(), ScreenId::Play);
    assert_eq!(hitori(&back.game).play.mark(cell_at(2, 3)), Mark::Shaded, "the Hitori game, with its mark");

    // One game only: no name, and Right does nothing.
    let mut one = Player::new(FakeMachine::new());
    one.start_new_game();
    one.choose_in_pause(6);
    assert_eq!(one.screen(), ScreenId::Title);
    one.tap(Buttons::RIGHT);
    assert!(!shown(&one, b"HITORI") && matches!(one.game.session.board, Board::Hitori(_)));
}

/// The effects started since `from` (an index into the machine's record).
fn plays_since(p: &Player, from: usize) -> Vec<Effect> {
    p.machine.plays[from..].to_vec()
}

/// Each event of play and of the menus starts its effect: a cursor move, each kind of mark,
/// an undo, an error appearing, a menu's moves and choices, a hint, the solved jingle (a new
/// best time on a first solve).
#[test]
fn every_event_plays_its_effect() {
    use hitori::game::sound::*;

    let mut p = Player::new(FakeMachine::new());
    assert_eq!(p.machine.sound_on, Some(true), "a blank save: sound on");
    let heard = |p: &mut Player, buttons: &[Buttons], frames: u32| {
        let from = p.machine.plays.len();
        for &b in buttons {
            p.tap(b);
        }
        p.idle(frames);
        plays_since(p, from)
    };
    assert_eq!(heard(&mut p, &[Buttons::START], 0), [MENU_CONFIRM], "the title's prompt");
    assert_eq!(heard(&mut p, &[Buttons::DOWN], 0), [MENU_MOVE]);
    assert_eq!(heard(&mut p, &[Buttons::UP], 0), [MENU_MOVE]);
    p.frame(Buttons::START);
    p.until_playing();
    p.frame(Buttons::empty());
    let puzzle = hitori(&p.game).puzzle.clone();
    // A cell with an open neighbour to its right, both shaded: a shaded pair, an error.
    let cell = (0..81u8).map(|i| cell_at(i / 9, i % 9)).find(|&c| col_of(c) < 8 && !puzzle.solution.contains(c) && !puzzle.solution.contains(c + 1)).unwrap();
    p.move_cursor_to(cell);
    assert_eq!(heard(&mut p, &[Buttons::RIGHT], 0), [CURSOR_MOVE]);
    assert_eq!(heard(&mut p, &[Buttons::B], 0), [MARK_CIRCLE]);
    assert_eq!(heard(&mut p, &[Buttons::B], 0), [MARK_CLEAR]);
    assert_eq!(heard(&mut p, &[Buttons::A], 0), [MARK_SHADE]);
    assert_eq!(heard(&mut p, &[Buttons::LEFT], 0), [CURSOR_MOVE]);
    assert_eq!(heard(&mut p, &[Buttons::A], 10), [MARK_SHADE, ERROR], "the shaded pair shows in error");
    assert_eq!(heard(&mut p, &[Buttons::SELECT], 10), [UNDO], "undone: the error goes, silently");
    // The pause menu: opening it is silent, its moves click, HINT chimes and the hint answers.
    assert_eq!(heard(&mut p, &[Buttons::START], 0), []);
    assert_eq!(heard(&mut p, &[Buttons::DOWN, Buttons::DOWN, Buttons::DOWN], 0), [MENU_MOVE; 3]);
    assert_eq!(heard(&mut p, &[Buttons::A], 10), [MENU_CONFIRM, HINT]);
    // Solved: its jingle, here a new best time.
    for c in puzzle.solution.iter() {
        if hitori(&p.game).play.mark(c) != Mark::Shaded {
            p.move_cursor_to(c);
            p.tap(Buttons::A);
        }
    }
    let from = p.machine.plays.len();
    let wrong: Vec<u8> = (0..81u8).map(|i| cell_at(i / 9, i % 9)).filter(|&c| !puzzle.solution.contains(c) && hitori(&p.game).play.mark(c) == Mark::Shaded).collect();
    for c in wrong {
        p.move_cursor_to(c);
        p.tap(Buttons::A);
    }
    assert_eq!(p.screen(), ScreenId::Solved);
    assert_eq!(plays_since(&p, from).last(), Some(&NEW_BEST));
}

/// The pause menu's SOUND turns the sound off and on; battery RAM keeps the setting, which a
/// boot gives the console.
#[test]
fn the_sound_setting_is_kept_through_power_off() {
    let mut p = Player::new(FakeMachine::new());
    p.start_new_game();
    p.choose_in_pause(7);
    assert_eq!(p.screen(), ScreenId::Pause, "the menu stays");
    assert_eq!(p.machine.sound_on, Some(false));
    let back = Player::new(FakeMachine::over(p.machine.sram));
    assert_eq!(back.machine.sound_on, Some(false), "off after a power-off");
    p.tap(Buttons::A);
    assert_eq!(p.machine.sound_on, Some(true));
    let back = Player::new(FakeMachine::over(p.machine.sram));
    assert_eq!(back.machine.sound_on, Some(true), "on again after a power-off");
}

/// The digit a Sudoku board's cell shows, read back from the background (its tile in one of the
/// cell styles: 0 for a blank or pencil-marked cell), and the style.
fn sudoku_cell(game: &Game, cell: u8) -> (u8, u8) {
    use hitori::assets::{SUDOKU_FIRST_TILE, SUDOKU_STYLE_TILES};
    let (r, c) = (cell / 9, cell % 9);
    let tile = game.canvas.tile(Layer::Background, 1 + 2 * c, 1 + 2 * r);
    let pencil = hitori::assets::SUDOKU_PENCIL_FIRST_TILE..hitori::assets::SUDOKU_PENCIL_FIRST_TILE + 81;
    if pencil.contains(&tile) {
        return (0, u8::MAX);
    }
    let index = tile.wrapping_sub(SUDOKU_FIRST_TILE);
    assert!(index < 4 * SUDOKU_STYLE_TILES, "cell {cell}: tile {tile}");
    (index % SUDOKU_STYLE_TILES, index / SUDOKU_STYLE_TILES)
}

/// On the keypad, from its chosen digit to `digit` by the D-pad: the presses it took.
fn choose_on_keypad(p: &mut Player, digit: u8) -> u32 {
    let chosen = p.game.keypad().expect("the keypad is open").chosen;
    let (from, to) = (chosen - 1, digit - 1);
    let mut presses = 0;
    // Across then down, the short way round (the keys wrap like the cursor).
    let steps = |a: u8, b: u8| if (b + 3 - a) % 3 == 1 { (1, true) } else if a == b { (0, true) } else { (1, false) };
    let (across, right) = steps(from % 3, to % 3);
    let (down, downward) = steps(from / 3, to / 3);
    for _ in 0..across {
        p.tap(if right { Buttons::RIGHT } else { Buttons::LEFT });
        presses += 1;
    }
    for _ in 0..down {
        p.tap(if downward { Buttons::DOWN } else { Buttons::UP });
        presses += 1;
    }
    assert_eq!(p.game.keypad().unwrap().chosen, digit);
    presses
}

/// A Sudoku code typed on the new-game screen plays that puzzle: the board shows its givens;
/// a digit goes in by A, the keypad's D-pad and A; a pencil mark by B on the keypad (its tile
/// is drawn and queued for VRAM); a digit repeated in a box shows in error until undone;
/// solved by buttons alone, the best time is kept in Sudoku's area; after a power-off in the
/// middle CONTINUE resumes it with its digits and marks.
#[test]
fn a_sudoku_code_plays_sudoku_by_its_keypad() {
    use hitori::assets::{SUDOKU_PENCIL_FIRST_TILE, SUDOKU_STYLE_ENTERED, SUDOKU_STYLE_ERROR, SUDOKU_STYLE_GIVEN};
    use hitori::game::boards::sudoku::pencil_tile;
    use hitori::game::save::{BestTimes, Saves};
    use hitori::puzzles::Kind;
    use hitori::puzzles::level::Difficulty;
    use hitori::puzzles::sudoku::{Sudoku, generate::Puzzle, play::Marks};

    let mut p = hitori_then(&SeedCode { kind: Kind::Sudoku, size: 9, difficulty: Difficulty::Easy, seed: 12 });
    let Board::Sudoku(board) = &p.game.session.board else { panic!("not a Sudoku game") };
    let puzzle = board.puzzle.clone();
    assert_eq!((puzzle.difficulty, puzzle.seed), (Difficulty::Easy, 12));
    for cell in 0..81u8 {
        let given = puzzle.givens[usize::from(cell)];
        let expected = if given != 0 { (given, SUDOKU_STYLE_GIVEN) } else { (0, SUDOKU_STYLE_ENTERED) };
        assert_eq!(sudoku_cell(&p.game, cell), expected, "cell {cell}");
    }
    let open: Vec<u8> = (0..81u8).filter(|&cell| puzzle.givens[usize::from(cell)] == 0).collect();
    let spot = |cell: u8| cell_at(cell / 9, cell % 9);

    // A given takes no move: A opens no keypad on it.
    let given = (0..81u8).find(|&cell| puzzle.givens[usize::from(cell)] != 0).unwrap();
    p.move_cursor_to(spot(given));
    p.tap(Buttons::A);
    assert!(p.game.keypad().is_none());

    // A pencil mark: B on the keypad marks the chosen digit and leaves the keypad open;
    // Select closes it, and its release does not undo.
    let first = open[0];
    p.move_cursor_to(spot(first));
    p.tap(Buttons::A);
    assert_eq!(p.game.keypad().map(|k| k.chosen), Some(5), "the keypad opens on 5 the first time");
    choose_on_keypad(&mut p, 2);
    p.tap(Buttons::B);
    assert!(p.game.keypad().is_some());
    p.tap(Buttons::SELECT);
    assert!(p.game.keypad().is_none());
    let (r, c) = (first / 9, first % 9);
    assert_eq!(p.game.canvas.tile(Layer::Background, 1 + 2 * c, 1 + 2 * r), SUDOKU_PENCIL_FIRST_TILE + first);
    let (mut data, mut expected) = ([0; 16], [0; 16]);
    pencil_tile(0b10, &mut expected);
    let pencil = SUDOKU_PENCIL_FIRST_TILE + first;
    assert_eq!(p.game.unwritten_tile_data(&mut data), Some(pencil));
    assert_eq!(data, expected, "digit 2's dot, top middle");
    assert_eq!(&expected[..4], &[0, 0x18, 0, 0x18]);
    p.game.tile_data_written(pencil);
    assert_eq!(p.game.unwritten_tile_data(&mut data), None);
    let Board::Sudoku(board) = &p.game.session.board else { unreachable!() };
    assert_eq!(board.play.marks().pencil(usize::from(first)), 0b10, "Select's release undid nothing");

    // A wrong digit that repeats a given of its box shows in error; tapping Select undoes it.
    let clash = (0..81u8)
        .find(|&other| {
            other != first && puzzle.givens[usize::from(other)] != 0 && other / 27 == first / 27 && other % 9 / 3 == first % 9 / 3
        })
        .map(|other| puzzle.givens[usize::from(other)])
        .expect("a given in the box");
    p.tap(Buttons::A);
    choose_on_keypad(&mut p, clash);
    p.tap(Buttons::A);
    assert!(p.game.keypad().is_none(), "A writes the digit and closes the keypad");
    // The repeats are searched for two units a frame, from the frame after the keypad's
    // closing (which hides its objects).
    p.idle(15);
    assert_eq!(sudoku_cell(&p.game, first), (clash, SUDOKU_STYLE_ERROR));
    p.tap(Buttons::SELECT);
    p.idle(14);
    assert_eq!(sudoku_cell(&p.game, first).0, 0, "undone");

    // The solution by buttons alone, counting the presses a digit takes.
    let mut presses = 0;
    for (done, &cell) in open.iter().enumerate() {
        let digit = puzzle.solution[usize::from(cell)];
        p.move_cursor_to(spot(cell));
        p.tap(Buttons::A);
        presses += 2 + choose_on_keypad(&mut p, digit);
        p.tap(Buttons::A);
        if done + 1 < open.len() {
            p.idle(1);
            assert_eq!(sudoku_cell(&p.game, cell), (digit, SUDOKU_STYLE_ENTERED), "cell {cell}");
        }
        if done == 0 {
            // Rested (the move saved), then a power-off: CONTINUE resumes the Sudoku game.
            p.idle(60);
            let mut back = Player::new(FakeMachine::over(p.machine.sram));
            back.tap(Buttons::A);
            assert_eq!(back.screen(), ScreenId::Play);
            let Board::Sudoku(resumed) = &back.game.session.board else { panic!("CONTINUE offers another game than Sudoku's") };
            assert_eq!(resumed.play.marks().digit(usize::from(cell)), digit);
            assert_eq!(resumed.play.marks().pencil(usize::from(first)), 0b10);
            assert_eq!(back.game.unwritten_tile_data(&mut data), Some(pencil), "a resumed game's pencil tiles are written again");
        }
    }
    assert_eq!(p.screen(), ScreenId::Solved);
    let per_digit = presses as f64 / open.len() as f64;
    println!("{} digits entered, {per_digit:.2} presses a digit", open.len());
    assert!(per_digit <= 3.5, "{per_digit} presses a digit");
    let mut sram = p.machine.sram;
    let (mut saves, mut best) = (Saves::new(), BestTimes::new(Kind::Sudoku));
    let (mut scratch, mut marks) = (Puzzle::EMPTY, Marks::EMPTY);
    assert_eq!(saves.load::<Sudoku>(&mut sram, &mut best, &mut scratch, &mut marks), None, "the solved game is not offered");
    assert!(best.get(9, Difficulty::Easy).is_some(), "the best time is in Sudoku's area");
}

/// The cell's look on the background (`assets::CELL_VARIANT_*`) in a Hitori game.
fn hitori_variant(game: &Game, cell: u8) -> u8 {
    let layout = game.session.layout();
    let (x, y) = layout.cell_tile_xy(row_of(cell), col_of(cell));
    hitori::game::read_cell_tile(layout.big, game.canvas.tile(Layer::Background, x, y)).expect("a cell tile").1
}

/// Two touching shaded cells (the first one of the solution's, an error only beside the
/// second), the pause menu opened at once (before the second shade's check is done) or not
/// at all, then the second shade undone: the board shows what a fresh check of the marks says
/// throughout, and no error at the end.
#[test]
fn an_undo_after_a_pause_in_a_check_takes_the_error_away() {
    for frames_paused in [None, Some(0), Some(1), Some(3), Some(8)] {
        let mut p = Player::new(FakeMachine::new());
        p.start_new_game();
        let board = hitori(&p.game);
        let size = board.size();
        let first = board.puzzle.solution.iter().find(|&cell| col_of(cell) + 1 < size).unwrap();
        let second = cell_at(row_of(first), col_of(first) + 1);
        let shows_a_fresh_check = |p: &Player, when: &str| {
            let board = hitori(&p.game);
            let flagged = *board.play.violations(&board.puzzle.board).flagged();
            for cell in [first, second] {
                assert_eq!(
                    hitori_variant(&p.game, cell) == hitori::assets::CELL_VARIANT_ERROR,
                    flagged.contains(cell),
                    "cell {cell} {when}, paused {frames_paused:?} frames"
                );
            }
            flagged.contains(first)
        };
        p.move_cursor_to(first);
        p.tap(Buttons::A);
        p.idle(10);
        assert!(!shows_a_fresh_check(&p, "shaded alone"));
        p.tap(Buttons::RIGHT);
        p.tap(Buttons::A);
        if let Some(frames) = frames_paused {
            p.tap(Buttons::START);
            assert_eq!(p.screen(), ScreenId::Pause);
            p.idle(frames);
            p.tap(Buttons::START);
            assert_eq!(p.screen(), ScreenId::Play);
        }
        p.idle(10);
        assert!(shows_a_fresh_check(&p, "beside a shaded cell"));
        p.tap(Buttons::SELECT);
        assert_eq!(hitori(&p.game).play.mark(second), Mark::Unknown);
        p.idle(10);
        assert!(!shows_a_fresh_check(&p, "after the undo"));
    }
}

/// What the square at `cell` shows in a Numberlink game: its number (0: none), its links (a
/// number's: 1 once its path has its link) and whether it shows in error.
fn numberlink_square(game: &Game, cell: u8) -> (u8, u8, bool) {
    let (x, y) = game.session.layout().cell_tile_xy(row_of(cell), col_of(cell));
    let tile = game.canvas.tile(Layer::Background, x, y);
    hitori::game::boards::numberlink::read_square_tile(tile).unwrap_or_else(|| panic!("square {cell:#04x}: tile {tile}"))
}

/// The D-pad button that moves the cursor to the square on `side`.
fn direction(side: u8) -> Buttons {
    [Buttons::UP, Buttons::RIGHT, Buttons::DOWN, Buttons::LEFT][usize::from(side)]
}

/// Draws number `k`'s path (from 1) along the solution by the player's hand: the cursor to
/// its first end, A held, a D-pad step a square, A let go. Returns the steps.
fn draw_path(p: &mut Player, puzzle: &hitori::puzzles::numberlink::grid::Puzzle, k: usize) -> usize {
    use hitori::puzzles::numberlink::grid::step;
    let [start, end] = puzzle.givens.ends[k - 1];
    p.move_cursor_to(start);
    p.frame(Buttons::A);
    let (mut here, mut from, mut steps) = (start, 4, 0);
    while here != end {
        let side = (0..4).find(|&s| s != from && puzzle.solution[usize::from(here)] & (1 << s) != 0).unwrap();
        p.frame(Buttons::A | direction(side));
        p.frame(Buttons::A);
        here = step(here, side);
        from = side ^ 2;
        steps += 1;
        if p.screen() != ScreenId::Play {
            break;
        }
    }
    p.frame(Buttons::empty());
    steps
}

fn numberlink_board(game: &Game) -> &hitori::game::boards::numberlink::NumberlinkBoard {
    match &game.session.board {
        Board::Numberlink(board) => board,
        _ => panic!("not a Numberlink game"),
    }
}

/// A player drawing steadily does not keep the next Numberlink puzzle from being made: the
/// check of each move's marks waits for the puzzle being kept ready (stopped for every move,
/// it was made again from its start each time, and never finished while the player drew).
#[test]
fn numberlink_checks_wait_for_the_puzzle_being_kept_ready() {
    use hitori::puzzles::Kind;
    use hitori::puzzles::level::Difficulty;

    let mut p = hitori_then(&SeedCode { kind: Kind::Numberlink, size: 6, difficulty: Difficulty::Easy, seed: 1 });
    p.idle(5);
    // A new game of the same kind takes the puzzle kept ready; from here a job takes 40
    // frames, so the next one is in the making while the player draws (a move every 6
    // frames keeps the worker's jobs short of their end unless they are left to run).
    p.choose_in_pause(5);
    assert_eq!(p.screen(), ScreenId::NewGame);
    p.machine.job_polls = 40;
    let before = p.machine.jobs.len();
    p.frame(Buttons::START);
    for frames in 0.. {
        assert!(frames < 100, "not playing: {:?}", p.machine.jobs);
        if p.screen() == ScreenId::Play {
            break;
        }
        p.idle(1);
    }
    let puzzle = numberlink_board(&p.game).puzzle.clone();
    let [start, _] = puzzle.givens.ends[0];
    let side = (0..4).find(|&s| puzzle.solution[usize::from(start)] & (1 << s) != 0).unwrap();
    p.move_cursor_to(start);
    for _ in 0..20 {
        p.frame(Buttons::A);
        p.frame(Buttons::A | direction(side));
        p.frame(Buttons::empty());
        p.tap(Buttons::SELECT);
        p.idle(1);
    }
    let jobs = &p.machine.jobs[before..];
    let kept = jobs.iter().filter(|job| job.keeps().is_some()).count();
    assert!(kept <= 1, "the puzzle kept ready made once, not once a move: {jobs:?}");
    assert!(jobs.iter().any(|job| matches!(job, Job::Check)), "the moves checked: {jobs:?}");
}

/// A Numberlink code typed on the new-game screen plays that puzzle: its numbers show on
/// their squares; a path drawn with A held and the D-pad shows as connected line tiles and its
/// numbers as linked; B on it takes it off a link a move, undo puts the links back one by one
/// and redo takes them off again; a link joining two numbers shows in error once the worker
/// has checked; after a power-off in the middle CONTINUE resumes it with its links; every
/// path drawn solves it, and the best time is kept in Numberlink's area.
#[test]
fn a_numberlink_code_plays_numberlink_by_drawing_paths() {
    use hitori::game::save::{BestTimes, Saves};
    use hitori::puzzles::Kind;
    use hitori::puzzles::level::Difficulty;
    use hitori::puzzles::numberlink::grid::{Puzzle, neighbour, step};
    use hitori::puzzles::numberlink::{Numberlink, play::Marks};

    // A puzzle with two different numbers side by side (not path 1's, drawn first), to join
    // wrongly.
    let mut generator = hitori::puzzles::numberlink::generate::Generator::new();
    let (seed, puzzle, (wrong_from, wrong_side)) = (1..)
        .find_map(|seed| {
            let mut puzzle = Puzzle::new();
            assert!(generator.generate_into(6, Difficulty::Easy, seed, &mut puzzle));
            let givens = &puzzle.givens;
            let pair = (1..givens.paths).flat_map(|k| givens.ends[usize::from(k)]).find_map(|end| {
                (0..4).find_map(|side| {
                    let far = neighbour(6, end, side)?;
                    let other = givens.number_at(far);
                    (other > 1 && other != givens.number_at(end)).then_some((end, side))
                })
            })?;
            Some((seed, puzzle.clone(), pair))
        })
        .unwrap();
    let mut p = hitori_then(&SeedCode { kind: Kind::Numberlink, size: 6, difficulty: Difficulty::Easy, seed });
    assert_eq!(numberlink_board(&p.game).puzzle, puzzle, "the code's puzzle");
    for r in 0..6 {
        for c in 0..6 {
            let cell = cell_at(r, c);
            assert_eq!(numberlink_square(&p.game, cell), (puzzle.givens.number_at(cell), 0, false), "square ({r}, {c})");
        }
    }

    // Path 1 drawn: every square on it shows its links, its numbers show linked.
    let steps = draw_path(&mut p, &puzzle, 1);
    let [start, end] = puzzle.givens.ends[0];
    let links = numberlink_board(&p.game).play.marks().links;
    let mut on_path = 0;
    for r in 0..6 {
        for c in 0..6 {
            let cell = cell_at(r, c);
            let (number, shown, error) = numberlink_square(&p.game, cell);
            assert!(!error);
            if cell == start || cell == end {
                assert_eq!((number, shown), (1, 1));
            } else if links[usize::from(cell)] != 0 {
                assert_eq!(shown, puzzle.solution[usize::from(cell)], "square ({r}, {c}) on path 1");
                on_path += 1;
            }
        }
    }
    assert_eq!(on_path + 1, steps, "the path's squares between its ends");
    let drawn = links;

    // B on the path: all of it off; undo puts back its links one a tap, redo takes one off.
    p.move_cursor_to(step(start, (0..4).find(|&s| drawn[usize::from(start)] & (1 << s) != 0).unwrap()));
    p.tap(Buttons::B);
    assert!(numberlink_board(&p.game).play.marks().links.iter().all(|&l| l == 0), "B took the path off");
    for undone in 1..=steps {
        p.tap(Buttons::SELECT);
        let count: u32 = numberlink_board(&p.game).play.marks().links.iter().map(|l| l.count_ones()).sum();
        assert_eq!(count as usize, 2 * undone, "a link back at each undo");
    }
    assert_eq!(numberlink_board(&p.game).play.marks().links, drawn);
    p.frame(Buttons::SELECT);
    p.frame(Buttons::SELECT | Buttons::B);
    p.frame(Buttons::empty());
    let count: u32 = numberlink_board(&p.game).play.marks().links.iter().map(|l| l.count_ones()).sum();
    assert_eq!(count as usize, 2 * (steps - 1), "redo took a link off again");
    p.tap(Buttons::SELECT);
    assert_eq!(numberlink_board(&p.game).play.marks().links, drawn);

    // Two numbers joined: both their squares show in error once the worker has checked.
    p.move_cursor_to(wrong_from);
    p.frame(Buttons::A);
    p.frame(Buttons::A | direction(wrong_side));
    p.frame(Buttons::empty());
    p.idle(3);
    let far = step(wrong_from, wrong_side);
    assert!(numberlink_square(&p.game, wrong_from).2 && numberlink_square(&p.game, far).2, "the wrong join shows in error");
    p.tap(Buttons::SELECT);
    p.idle(3);
    assert!(!numberlink_square(&p.game, wrong_from).2 && !numberlink_square(&p.game, far).2, "undone, no error");

    // Rested (the move saved), then a power-off: CONTINUE resumes the Numberlink game.
    p.idle(60);
    let mut back = Player::new(FakeMachine::over(p.machine.sram));
    back.tap(Buttons::A);
    assert_eq!(back.screen(), ScreenId::Play);
    assert_eq!(numberlink_board(&back.game).play.marks().links, drawn, "CONTINUE resumes the links");
    assert_eq!(numberlink_square(&back.game, start), (1, 1, false));

    // Every other path: solved.
    for k in 2..=usize::from(puzzle.givens.paths) {
        draw_path(&mut p, &puzzle, k);
    }
    assert_eq!(p.screen(), ScreenId::Solved);
    let mut sram = p.machine.sram;
    let (mut saves, mut best) = (Saves::new(), BestTimes::new(Kind::Numberlink));
    let (mut scratch, mut marks) = (Puzzle::new(), Marks::new());
    assert_eq!(saves.load::<Numberlink>(&mut sram, &mut best, &mut scratch, &mut marks), None, "the solved game is not offered");
    assert!(best.get(6, Difficulty::Easy).is_some(), "the best time is in Numberlink's area");
}

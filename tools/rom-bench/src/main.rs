//! `make bench-rom`: plays a scripted session on `target/hitori.gb` in the emulator and prints
//! what the player would feel, in exact cycles (a benchmark: it prints figures, it does not
//! pass or fail):
//! - frames the main loop fell behind ("overruns": VBlanks that found it still at work on its
//!   frame, which the ROM counts in `LATE_FRAMES`; a new screen copied whole with the LCD off
//!   holds VBlank off meanwhile and misses none), on the title, in menus, on the
//!   generating screen, while moving the cursor and while marking cells (and undoing some)
//!   on a 9x9 and a 15x15 board, on a 9x9 Baby Lizards board, on a Sudoku board (digits
//!   and pencil marks by its keypad) and on a 9x9 Numberlink board (paths drawn with A held,
//!   undone, taken off by B), and while the background
//!   worker keeps a puzzle ready;
//! - frames from Start on the new-game screen to a playable board, with a ready puzzle and
//!   without one (Hitori 9x9 easy and 15x15 hard, Baby Lizards 9x9 easy, Sudoku easy,
//!   Numberlink 9x9 easy), and the longest run
//!   of frames with nothing shown;
//! - how deep the main program's and the worker's stacks went;
//! - the time boot takes with the LCD off, to the main loop's first frame;
//! - the longest VBlank handler (which does the frame's VRAM copies) against VBlank's 4560
//!   cycles, and the latest line its copies ended on; the longest sound tick in it (the
//!   sound-effect player, `sound_tick`);
//! - on a Game Boy Color (boytacean in CGB mode): overruns while starting a game, moving the
//!   cursor and marking cells, and the same two figures;
//! - the cycles a save takes in the main loop, callees included: of a move, and of a new game
//!   (its first progress record: the worker writes its puzzle record before);
//! - a 5x5 game played to its solved screen (overruns; the jingle's sound ticks, three
//!   channels at once, count for the longest tick and VBlank handler, printed after it).
//!
//! `make bench-rom` builds the ROM first, which prints the ROM and WRAM bytes used.
//!
//! `BENCH_ROM_PROFILE=N` charges every instruction of each phase to its place (bank and
//! address) and prints the N functions with the most cycles of their own under the phase's
//! line. The VBlank handler is then not timed on its own.
//!
//! `BENCH_ROM_OVERRUNS=N` profiles each frame on its own and, for every frame with an
//! overrun (a late VBlank in it), prints the N functions with the most cycles of their own
//! in it, and in the frame before it (where the work that ran late began), above the line of
//! its phase.
//! (Cycles with callees count only calls made inside the frame.) Profiling runs the emulator
//! an instruction at a time, which moves the worker's timing: other frames may run late then.
//! Without either variable, each frame with an overrun is named by its place in its phase,
//! with the function its late VBlank interrupted.

use std::path::Path;

use gbemu::{Button, CYCLES_PER_FRAME, Console, Model, Place, Profile, Symbols};
use hitori::game::layout::Layout;
use hitori::game::boards::lizards::read_lizard_tile;
use hitori::game::boards::numberlink::read_square_tile;
use hitori::assets;
use hitori::game::boards::Playable;
use hitori::game::read_cell_tile;
use hitori::puzzles::hitori::board::{Board, cell_at};
use hitori::puzzles::hitori::solve::Solver;

const LINE_CYCLES: u64 = 456;
/// Cycles in VBlank: lines 144-153.
const VBLANK_CYCLES: u64 = 10 * LINE_CYCLES;
const TAP_FRAMES: u32 = 4;
/// `WORKER_STACK_BYTES` in src/console.rs.
const WORKER_STACK_BYTES: u16 = 384;
/// Places listed per function in a profile.
const HOT_PLACES: usize = 4;
/// The functions that save a move, and those that save a new game (parts of Rust names).
const MOVE_SAVE: &[&str] = &["Game>::save_game::<"];
const NEW_GAME_SAVE: &[&str] = &["Saves>::commit_new_game::<"];

struct Bench {
    console: Console,
    /// The puzzle the new-game menu is on.
    puzzle: Playable,
    loops_at: u16,
    worker_busy_at: u16,
    vblank_at: u16,
    sound_tick_at: u16,
    end_line_at: u16,
    frames: u32,
    late_frames_at: u16,
    /// The phase's overruns so far (`LATE_FRAMES`).
    overruns: u32,
    longest_vblank: u64,
    /// The longest and the shortest `sound_tick`, callees included.
    longest_sound_tick: u64,
    shortest_sound_tick: u64,
    latest_end_line: u8,
    symbols: Symbols,
    /// With `BENCH_ROM_PROFILE=N`: the phase's profile and N.
    profile: Option<(Profile, usize)>,
    /// With `BENCH_ROM_OVERRUNS=N`: N.
    overrun_top: Option<usize>,
    /// With `BENCH_ROM_OVERRUNS`: the profile of the frame before.
    last_frame_profile: Profile,
    /// Frames in a row so far with the display blank (LCD, or background and window, off).
    blank_run: u32,
    /// The longest such run and the phase it ended in.
    longest_blank: (u32, String),
    /// The phase being run, for the blank runs' report.
    phase: String,
    screen_copies_at: u16,
    /// Screens the ROM copied with the LCD off in the phase so far (`SCREEN_COPIES`).
    screen_copies: u32,
}

/// The address of a bank-0 or WRAM symbol (the handler, the counters): its linker address is
/// the CPU's.
fn symbol_address(symbols: &Symbols, name: &str) -> u16 {
    let (_, at) = symbols.all.iter().find(|(n, _)| n == name).unwrap_or_else(|| panic!("{name} not in the symbol list"));
    *at as u16
}

impl Bench {
    /// `model` powered on with target/hitori.gb, the bench's counters at zero.
    fn power_on(root: &Path, model: Model) -> Bench {
        let symbols = Symbols::read(&root.join("target/hitori.build"), &root.join("target/hitori.sym"))
            .unwrap_or_else(|e| panic!("{e}: run `make rom`"));
        let address = |name: &str| symbol_address(&symbols, name);
        let count_of = |variable: &str| {
            std::env::var(variable)
                .ok()
                .map(|n| n.parse::<usize>().unwrap_or_else(|_| panic!("{variable}={n}: expected a count of functions")))
        };
        let (profile_top, overrun_top) = (count_of("BENCH_ROM_PROFILE"), count_of("BENCH_ROM_OVERRUNS"));
        let rom = std::fs::read(root.join("target/hitori.gb")).expect("target/hitori.gb: run `make rom`");
        Bench {
            console: Console::with_model(model, &rom, None).expect("the emulator loads the ROM"),
            loops_at: address("LOOPS"),
            worker_busy_at: address("WORKER_BUSY"),
            vblank_at: address("rust_vblank"),
            sound_tick_at: address("sound_tick"),
            end_line_at: address("COPIES_END_LINE"),
            frames: 0,
            late_frames_at: address("LATE_FRAMES"),
            overruns: 0,
            longest_vblank: 0,
            longest_sound_tick: 0,
            shortest_sound_tick: u64::MAX,
            latest_end_line: 0,
            profile: profile_top.map(|top| (Profile::default(), top)),
            overrun_top,
            last_frame_profile: Profile::default(),
            blank_run: 0,
            longest_blank: (0, String::new()),
            phase: String::new(),
            puzzle: Playable::Hitori,
            screen_copies_at: address("SCREEN_COPIES"),
            screen_copies: 0,
            symbols,
        }
    }

    /// Boot: the LCD is off while every tile set is loaded and the saves are read, until the
    /// main loop's first frame. Returns the cycles it took.
    /// With `BENCH_ROM_PROFILE=N`, its N most expensive functions are printed.
    fn boot(&mut self) -> u64 {
        let mut boot_profile = Profile::default();
        while self.loops() == 0 {
            match &self.profile {
                Some(_) => {
                    self.console.profile_cycles(LINE_CYCLES, &mut boot_profile);
                }
                None => {
                    self.console.run_cycles(LINE_CYCLES);
                }
            }
            assert!(self.console.cycles() < 60 * CYCLES_PER_FRAME, "no main-loop frame in the first second");
        }
        if let Some((_, top)) = &self.profile {
            print!("{}", boot_profile.report(&self.symbols, *top, HOT_PLACES));
        }
        self.console.cycles()
    }

    /// At the VBlank handler's first instruction, the place the interrupt came from: crt0's
    /// handler pushed four register pairs, then called it.
    fn interrupted_place(&mut self) -> Place {
        let sp = self.console.sp().wrapping_add(10);
        let pc = u16::from_le_bytes([self.console.read(sp), self.console.read(sp.wrapping_add(1))]);
        gbemu::profile::place_of_pc(pc, self.console.rom_bank())
    }

    fn loops(&mut self) -> u16 {
        u16::from_le_bytes([self.console.read(self.loops_at), self.console.read(self.loops_at + 1)])
    }

    fn late_frames(&mut self) -> u16 {
        u16::from_le_bytes([self.console.read(self.late_frames_at), self.console.read(self.late_frames_at + 1)])
    }

    /// Runs one frame, counting the VBlanks in it that found the main loop late, and timing
    /// the VBlank handler it contains (or, when profiling, charging the whole frame to the
    /// phase's profile).
    fn frame(&mut self) {
        let late_before = self.late_frames();
        let mut interrupted = None;
        let copies_before = self.screen_copies_count();
        let mut frame_profile = Profile::default();
        if let Some((profile, _)) = self.profile.as_mut() {
            self.console.profile_cycles(CYCLES_PER_FRAME, profile);
        } else if self.overrun_top.is_some() {
            self.console.profile_cycles(CYCLES_PER_FRAME, &mut frame_profile);
        } else {
            let start = self.console.cycles();
            interrupted = self.console.run_to_pc(self.vblank_at, CYCLES_PER_FRAME).map(|_| self.interrupted_place());
            let mut handler = Profile::default();
            if let Some(cycles) = self.console.profile_next_call(self.vblank_at, CYCLES_PER_FRAME, &mut handler) {
                self.longest_vblank = self.longest_vblank.max(cycles);
                let tick = handler.inclusive_at(u32::from(self.sound_tick_at));
                self.longest_sound_tick = self.longest_sound_tick.max(tick);
                self.shortest_sound_tick = self.shortest_sound_tick.min(tick);
                let line = self.console.read(self.end_line_at);
                // Line 153 reads as 0; copies ending past VBlank would read 1 or more.
                let line = if line < 144 { 153 + line } else { line };
                self.latest_end_line = self.latest_end_line.max(line);
            }
            let ran = self.console.cycles() - start;
            if ran < CYCLES_PER_FRAME {
                self.console.run_cycles(CYCLES_PER_FRAME - ran);
            }
        }
        self.frames += 1;
        let late = u32::from(self.late_frames().wrapping_sub(late_before));
        self.overruns += late;
        self.screen_copies += u32::from(self.screen_copies_count().wrapping_sub(copies_before));
        self.count_blank();
        if late > 0 || std::env::var_os("BENCH_ROM_EVERY").is_some() {
            if let Some(place) = interrupted.filter(|_| late > 0) {
                println!("  frame {} of the phase overran: its VBlank found {}", self.frames - 1, self.symbols.function_at(place));
            }
            if let Some(top) = self.overrun_top {
                println!("  frame {} of the phase overran:", self.frames - 1);
                print!("{}", frame_profile.report(&self.symbols, top, HOT_PLACES));
                println!("  the frame before it:");
                print!("{}", self.last_frame_profile.report(&self.symbols, top, HOT_PLACES));
            }
        }
        self.last_frame_profile = frame_profile;
    }

    /// Runs to the start of the VBlank handler: the frames then run from VBlank to VBlank, as
    /// the main loop's do, so each reads LCDC after its VBlank (the LCD's switch-off at boot
    /// leaves them out of step otherwise).
    fn align_to_vblank(&mut self) {
        // A screen copied with the LCD off holds VBlank off for up to two frames.
        self.console.run_to_pc(self.vblank_at, 4 * CYCLES_PER_FRAME).expect("VBlank handler called every frame");
    }

    /// Counts the frame just run as blank or shown (LCDC read after its VBlank handler).
    fn count_blank(&mut self) {
        let lcdc = self.console.read(0xFF40);
        if lcdc & 0x80 == 0 || lcdc & 0x01 == 0 {
            self.blank_run += 1;
            if self.blank_run > self.longest_blank.0 {
                self.longest_blank = (self.blank_run, self.phase.clone());
            }
        } else {
            self.blank_run = 0;
        }
    }

    fn frames(&mut self, count: u32) {
        for _ in 0..count {
            self.frame();
        }
    }

    fn tap(&mut self, button: Button) {
        self.console.press(button);
        self.frames(TAP_FRAMES);
        self.console.release(button);
        self.frames(TAP_FRAMES * 2);
    }

    fn screen_copies_count(&mut self) -> u16 {
        u16::from_le_bytes([self.console.read(self.screen_copies_at), self.console.read(self.screen_copies_at + 1)])
    }

    /// Frames and overruns counted by `phase` (and its profile), then reset.
    fn report(&mut self, phase: &str) {
        let overruns = self.overruns;
        let copies = match self.screen_copies {
            0 => String::new(),
            n => format!(", {n} screen(s) copied with the LCD off"),
        };
        println!(
            "{phase:<34} {:>6} frames {overruns:>5} overruns ({:.1}%){copies}",
            self.frames,
            100.0 * f64::from(overruns) / f64::from(self.frames.max(1))
        );
        if let Some((profile, top)) = self.profile.as_mut() {
            print!("{}", profile.report(&self.symbols, *top, HOT_PLACES));
            *profile = Profile::default();
        }
        self.frames = 0;
        self.overruns = 0;
        self.screen_copies = 0;
    }

    /// Select+A in play, then a second for the hint to come.
    fn hint(&mut self) {
        self.console.press(Button::Select);
        self.tap(Button::A);
        self.console.release(Button::Select);
        self.frames(60);
    }

    /// From play: pause, NEW GAME, and the new-game menu drawn (its marker on START).
    fn new_game_from_pause(&mut self) {
        self.tap(Button::Start);
        for _ in 0..5 {
            self.tap(Button::Down);
        }
        self.tap(Button::A);
        self.frames(30);
    }

    /// On the new-game menu, from START: the puzzle `to`, `steps` steps towards `way`, back
    /// to START.
    fn choose_puzzle(&mut self, way: Button, steps: u8, to: Playable) {
        self.tap(Button::Down);
        for _ in 0..steps {
            self.tap(way);
        }
        self.tap(Button::Up);
        self.puzzle = to;
    }

    /// On the new-game menu, from START: the size `sizes` steps and the level `levels` steps
    /// towards `way` (left or right).
    fn choose(&mut self, way: Button, sizes: u8, levels: u8) {
        // Past PUZZLE (Hitori stays) to SIZE.
        self.tap(Button::Down);
        self.tap(Button::Down);
        for _ in 0..sizes {
            self.tap(way);
        }
        self.tap(Button::Down);
        for _ in 0..levels {
            self.tap(way);
        }
    }

    /// Names the phase the next frames belong to (for the blank runs' report).
    fn begin(&mut self, phase: &str) {
        self.phase = phase.to_string();
    }

    /// Presses Start on the new-game screen and runs until the `n` x `n` board shows (its
    /// frames count for the `phase` reported then); returns the frames from the press to the
    /// board and prints them as `what`.
    fn start_game(&mut self, n: u8, phase: &str, what: &str) -> u32 {
        self.begin(phase);
        self.console.press(Button::Start);
        let mut frames = 0;
        while !self.board_shown(n) {
            if frames == TAP_FRAMES {
                self.console.release(Button::Start);
            }
            self.frame();
            frames += 1;
            assert!(frames < 60 * 60 * 5, "no board after five minutes");
        }
        self.console.release(Button::Start);
        self.report(phase);
        println!("  {what}: {frames} frames ({:.2} s) from Start to a playable board", f64::from(frames) / 59.73);
        frames
    }

    /// Runs until the background worker has had nothing to do for a second (a puzzle is kept
    /// ready), at most `limit` frames.
    fn wait_for_idle_worker(&mut self, limit: u32) {
        let mut idle = 0;
        for _ in 0..limit {
            self.frame();
            idle = if self.console.read(self.worker_busy_at) == 0 { idle + 1 } else { 0 };
            if idle == 60 {
                return;
            }
        }
        println!("  (the worker still had a job after {limit} frames)");
    }

    /// Forty taps of the D-pad, round and round.
    fn move_cursor_around(&mut self) {
        for button in [Button::Up, Button::Left, Button::Down, Button::Right].iter().cycle().take(40) {
            self.tap(*button);
        }
    }

    /// The longest VBlank handler and sound tick so far (not timed while profiling).
    fn print_handler(&self) {
        if self.profile.is_some() || self.overrun_top.is_some() {
            return;
        }
        println!(
            "longest VBlank handler: {} cycles ({VBLANK_CYCLES} in VBlank: {:.0}%); its VRAM copies ended by line {} (VBlank: 144-153)",
            self.longest_vblank,
            100.0 * self.longest_vblank as f64 / VBLANK_CYCLES as f64,
            self.latest_end_line
        );
        println!("sound tick (in the handler): longest {} cycles, shortest {}", self.longest_sound_tick, self.shortest_sound_tick);
    }

    /// Reads the `n` x `n` Hitori board on the screen, solves it on the host and shades the
    /// solution by the D-pad and A from the cursor's first cell (the middle), to the solved
    /// screen and its jingle.
    fn solve_hitori(&mut self, n: u8) {
        let layout = Layout::for_size(n);
        let vram = self.console.vram();
        let mut board = Board::new(n).expect("a board size");
        for r in 0..n {
            for c in 0..n {
                let (x, y) = layout.cell_tile_xy(r, c);
                let (number, _) = read_cell_tile(layout.big, vram[0x1800 + usize::from(y) * 32 + usize::from(x)]).expect("a cell");
                board.set_number(cell_at(r, c), number);
            }
        }
        let mut solver = Solver::new(n);
        assert_eq!(solver.count_solutions(&board, 2), 1, "the console's puzzle is unique");
        let mut at = (n / 2, n / 2);
        for (r, c) in (0..n).flat_map(|r| (0..n).map(move |c| (r, c))).filter(|&(r, c)| solver.solution().contains(cell_at(r, c))) {
            // Down and Right wrap at the edges.
            for _ in 0..(r + n - at.0) % n {
                self.tap(Button::Down);
            }
            for _ in 0..(c + n - at.1) % n {
                self.tap(Button::Right);
            }
            self.tap(Button::A);
            at = (r, c);
        }
        // The jingle plays for about a second.
        self.frames(90);
    }

    /// Shades and circles in turn, moving right and down (shades along a diagonal), undoes
    /// the last four marks, then waits a second for the checks and saves.
    /// From play: the new-game menu's next puzzle, `puzzle` (9x9 or its only size, easy), its
    /// game started without a ready puzzle (`label` names the phases, `what` the starts),
    /// played by moving the cursor and by `marks` (whose phase `marking` names), the worker
    /// left to keep the next one ready, and a game started with it.
    fn play_another_puzzle(&mut self, puzzle: Playable, label: &str, what: &str, marking: &str, marks: fn(&mut Bench)) {
        // The puzzle's word of `label` ("Lizards 9x9 easy": "play Lizards, ...").
        let name = label.split(' ').next().unwrap_or(label);
        self.begin("pause, new-game menu");
        self.new_game_from_pause();
        self.choose_puzzle(Button::Right, 1, puzzle);
        self.report(&format!("pause, new-game menu for {what}"));
        self.start_game(9, &format!("{label}, no ready puzzle"), &format!("{what} without a ready puzzle"));
        self.begin(&format!("play {name}"));
        self.move_cursor_around();
        self.report(&format!("play {name}, moving the cursor"));
        marks(self);
        self.report(&format!("play {name}, {marking} (with saves)"));
        self.begin(&format!("play {name}, worker busy"));
        self.wait_for_idle_worker(60 * 60 * 10);
        self.report(&format!("play {name} idle, worker keeping a puzzle ready"));
        self.begin("pause, new-game menu");
        self.new_game_from_pause();
        self.report("pause, new-game menu");
        self.start_game(9, &format!("{label}, ready"), &format!("{what} with a ready puzzle"));
    }

    /// Sudoku's digits by its keypad: on cells along a diagonal, A opens it, a digit is
    /// chosen and written, then two pencil marks set and the keypad closed; some undone.
    fn enter_digits(&mut self) {
        for button in [Button::Right, Button::Down].iter().cycle().take(12) {
            self.tap(Button::A);
            self.tap(Button::Right);
            self.tap(Button::A);
            self.tap(Button::A);
            self.tap(Button::Down);
            self.tap(Button::B);
            self.tap(Button::Left);
            self.tap(Button::B);
            self.tap(Button::Select);
            self.tap(*button);
        }
        for _ in 0..4 {
            self.tap(Button::Select);
        }
        self.frames(60);
    }

    fn mark_cells(&mut self) {
        for (i, button) in [Button::Right, Button::Down].iter().cycle().take(16).enumerate() {
            self.tap(if i % 2 == 0 { Button::A } else { Button::B });
            self.tap(*button);
        }
        for _ in 0..4 {
            self.tap(Button::Select);
        }
        self.frames(60);
    }

    /// The Numberlink board's squares the screen shows, as its numbers (0: none), once every
    /// square of an `n` x `n` board shows one of its tiles.
    fn numberlink_squares(&mut self, n: u8) -> Option<Vec<u8>> {
        let layout = Playable::Numberlink.layout(n);
        let vram = self.console.vram();
        let mut numbers = Vec::new();
        for r in 0..n {
            for c in 0..n {
                let (x, y) = layout.cell_tile_xy(r, c);
                numbers.push(read_square_tile(vram[0x1800 + usize::from(y) * 32 + usize::from(x)])?.0);
            }
        }
        Some(numbers)
    }

    /// Numberlink's paths: from the cursor (the middle) to the nearest number's square, A
    /// held and the D-pad round a square spiral from it (the steps that can draw, draw; each
    /// drawn link sets the worker a check of the errors); four undone, then B on what is left
    /// of the path (a move a link).
    fn draw_paths(&mut self) {
        let n = 9;
        let numbers = self.numberlink_squares(n).expect("the Numberlink board shows");
        let middle = usize::from(n / 2 * n + n / 2);
        let number = (0..numbers.len()).filter(|&at| numbers[at] != 0).min_by_key(|&at| (at / 9).abs_diff(middle / 9) + (at % 9).abs_diff(middle % 9)).unwrap();
        let (dr, dc) = (number / 9, number % 9);
        for _ in dr..middle / 9 {
            self.tap(Button::Up);
        }
        for _ in middle / 9..dr {
            self.tap(Button::Down);
        }
        for _ in dc..middle % 9 {
            self.tap(Button::Left);
        }
        for _ in middle % 9..dc {
            self.tap(Button::Right);
        }
        self.console.press(Button::A);
        for (turn, button) in [Button::Right, Button::Down, Button::Left, Button::Up].iter().cycle().take(8).enumerate() {
            for _ in 0..turn / 2 + 1 {
                self.tap(*button);
            }
        }
        self.console.release(Button::A);
        self.frames(30);
        for _ in 0..4 {
            self.tap(Button::Select);
        }
        self.tap(Button::B);
        self.frames(60);
    }

    /// Cycles with callees of the functions named by `names` in `profile`, summed, and a
    /// line per function: its cycles per call and its calls.
    fn save_cycles(&self, profile: &Profile, names: &[&str]) -> (u64, String) {
        let mut total = 0;
        let mut parts = Vec::new();
        for function in profile.by_function(&self.symbols.code, 0) {
            let name = self.symbols.rust_name(function.start).unwrap_or(&function.name);
            if function.calls > 0 && names.iter().any(|n| name.contains(n)) {
                total += function.inclusive;
                parts.push(format!("{name}: {} x {}", function.inclusive / function.calls, function.calls));
            }
        }
        (total, parts.join("; "))
    }

    /// Whether the LCD shows the background and every cell of an `n` x `n` board of the
    /// puzzle being started.
    fn board_shown(&mut self, n: u8) -> bool {
        if self.console.read(0xFF40) & 0x81 != 0x81 {
            return false;
        }
        let read_tile = match self.puzzle {
            Playable::Hitori => read_cell_tile,
            Playable::Lizards => read_lizard_tile,
            Playable::Numberlink => return self.numberlink_squares(n).is_some(),
            Playable::Sudoku => {
                let vram = self.console.vram();
                // Every cell's tile one of its styles' or its pencil marks'.
                let first = assets::SUDOKU_PENCIL_FIRST_TILE;
                return (0..9).all(|r| {
                    (0..9).all(|c| {
                        let tile = vram[0x1800 + (1 + 2 * r) * 32 + 1 + 2 * c];
                        (first..first + 81).contains(&tile) || tile.wrapping_sub(assets::SUDOKU_FIRST_TILE) < 4 * assets::SUDOKU_STYLE_TILES
                    })
                });
            }
        };
        let layout = Layout::for_size(n);
        let vram = self.console.vram();
        (0..n).all(|r| {
            (0..n).all(|c| {
                let (x, y) = layout.cell_tile_xy(r, c);
                read_tile(layout.big, vram[0x1800 + usize::from(y) * 32 + usize::from(x)]).is_some()
            })
        })
    }
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut b = Bench::power_on(&root, Model::Dmg);
    let (worker_stack_at, statics_end) = (symbol_address(&b.symbols, "WORKER_STACK"), symbol_address(&b.symbols, "s__HEAP"));
    let boot_cycles = b.boot();
    // A new game at once from blank battery RAM: the worker has only begun the ready puzzle.
    b.align_to_vblank();
    b.begin("title");
    b.tap(Button::Start);
    b.tap(Button::Start);
    b.report("title and new-game menu, at once");
    b.start_game(9, "9x9 easy, no ready puzzle", "9x9 easy without a ready puzzle");
    b.begin("play");
    b.frames(60);
    b.report("play, idle");

    b.move_cursor_around();
    b.report("play, moving the cursor");
    b.mark_cells();
    b.report("play, marking cells (with saves)");
    b.begin("pause");
    b.tap(Button::Start);
    for button in [Button::Down, Button::Down, Button::Up, Button::Up] {
        b.tap(button);
    }
    b.tap(Button::A);
    b.frames(30);
    b.report("pause menu and back");

    // The largest board: the longest flood fills, the most cells to redraw. Pause, NEW GAME,
    // then the size from 9 up to 15 and the level up to hard, Start at once.
    b.begin("pause, new-game menu");
    b.new_game_from_pause();
    b.choose(Button::Right, 15 - 9, 2);
    b.report("pause, new-game menu for 15x15 hard");
    b.start_game(15, "generating 15x15 hard", "15x15 hard without a ready puzzle");
    b.begin("play 15x15");
    b.mark_cells();
    b.report("play 15x15, marking cells");
    // A hint: the worker drops the puzzle it keeps ready and finds it (the worker's deepest
    // stack may be here).
    b.hint();
    b.report("play 15x15, a hint");
    // The worker keeps the next 15x15 hard puzzle ready while the player thinks.
    b.begin("play 15x15, worker busy");
    b.wait_for_idle_worker(60 * 60 * 10);
    b.report("play 15x15 idle, worker keeping a puzzle ready");
    b.begin("pause, new-game menu");
    b.new_game_from_pause();
    b.report("pause, new-game menu");
    b.start_game(15, "15x15 hard, ready", "15x15 hard with a ready puzzle in the worker's memory");
    // The next one kept ready, then a hint, which takes the worker's memory: the worker reads
    // the ready puzzle back from battery RAM while the menu waits (as after power-off, or a
    // change of kind in the menu).
    b.begin("play 15x15, worker busy");
    b.wait_for_idle_worker(60 * 60 * 10);
    b.hint();
    b.report("play 15x15, the next puzzle kept, a hint");
    b.begin("pause, new-game menu");
    b.new_game_from_pause();
    b.report("pause, new-game menu");
    b.start_game(15, "15x15 hard, ready, read back", "15x15 hard with a ready puzzle read back while the menu waited");
    // Back to 9x9 easy, whose puzzle was kept ready again after the first game began.
    b.begin("pause, new-game menu");
    b.new_game_from_pause();
    b.choose(Button::Left, 15 - 9, 2);
    b.report("pause, new-game menu for 9x9 easy");
    b.start_game(9, "9x9 easy, ready", "9x9 easy with a ready puzzle");
    // Baby Lizards, 9x9 easy, then Sudoku, easy: each generated behind the generating screen,
    // played (Lizards: lizards placed and cells marked empty; Sudoku: digits and pencil marks
    // by the keypad; some undone), then started again with the puzzle kept ready; then back to
    // Hitori's 9x9 easy.
    b.play_another_puzzle(Playable::Lizards, "Lizards 9x9 easy", "Baby Lizards 9x9 easy", "marking cells", Bench::mark_cells);
    b.play_another_puzzle(Playable::Sudoku, "Sudoku easy", "Sudoku easy", "digits and pencil marks by the keypad", Bench::enter_digits);
    // Numberlink 9x9 easy (its console generation takes seconds: easy only, as its medium and
    // hard puzzles take far longer, docs/numberlink-notes.md): paths drawn, undone, taken off.
    b.play_another_puzzle(Playable::Numberlink, "Numberlink 9x9 easy", "Numberlink 9x9 easy", "drawing paths", Bench::draw_paths);
    b.begin("pause, new-game menu");
    b.new_game_from_pause();
    b.choose_puzzle(Button::Right, 1, Playable::Hitori);
    // Until Hitori's 9x9 easy is kept ready again (the last one started a game above), so that
    // the start measures the switch of puzzles, not whether a Lizards job was still running.
    b.wait_for_idle_worker(60 * 60 * 10);
    b.report("pause, new-game menu for Hitori");
    b.start_game(9, "back to Hitori 9x9 easy", "Hitori 9x9 easy after Baby Lizards, Sudoku and Numberlink");
    // The title, as a player who quits finds it (the worker idle or keeping a puzzle ready).
    b.begin("title");
    b.tap(Button::Start);
    for _ in 0..6 {
        b.tap(Button::Down);
    }
    b.tap(Button::A);
    b.frames(120);
    b.report("quit, title");

    println!(
        "longest blank display (LCD or background off): {} frames, in \"{}\"",
        b.longest_blank.0, b.longest_blank.1
    );
    // Statics and the worker's stack start zeroed (crt0 clears WRAM): the lowest non-zero
    // byte of each stack is as deep as it went.
    let untouched = |b: &mut Bench, from: u16, to: u16| (from..to).take_while(|&at| b.console.read(at) == 0).count();
    let main_stack = 0xE000 - u32::from(statics_end);
    let main_untouched = untouched(&mut b, statics_end, 0xE000) as u32;
    let worker_untouched = untouched(&mut b, worker_stack_at, worker_stack_at + WORKER_STACK_BYTES) as u32;
    println!(
        "stack used, deepest so far: main {} of {main_stack} bytes, worker {} of {WORKER_STACK_BYTES} bytes",
        main_stack - main_untouched,
        u32::from(WORKER_STACK_BYTES) - worker_untouched
    );

    if b.profile.is_some() || b.overrun_top.is_some() {
        println!("(VBlank handler not timed while profiling)");
    }
    println!(
        "boot (LCD off: tile sets, saves) to the main loop's first frame: {boot_cycles} cycles = {:.1} frames",
        boot_cycles as f64 / CYCLES_PER_FRAME as f64
    );

    // Saves, profiled with callees (an interrupt handled during one would count too): CONTINUE
    // the 9x9 game, a mark saved once the player rests; then a new 5x5 game (records have the
    // same size whatever the board's). Pause, NEW GAME, the size from 9 down to 5.
    b.console.tap(Button::A, TAP_FRAMES, 30);
    let mut saves = Profile::default();
    b.console.tap(Button::A, TAP_FRAMES, 0);
    b.console.profile_cycles(60 * CYCLES_PER_FRAME, &mut saves);
    let (move_cycles, move_parts) = b.save_cycles(&saves, MOVE_SAVE);
    println!("save of a move: {move_cycles} cycles ({move_parts})");
    for button in [Button::Start].into_iter().chain([Button::Down; 5]).chain([Button::A]) {
        b.console.tap(button, TAP_FRAMES, TAP_FRAMES * 2);
    }
    b.console.run_frames(30);
    // Past PUZZLE to SIZE.
    for _ in 0..2 {
        b.console.tap(Button::Down, TAP_FRAMES, TAP_FRAMES * 2);
    }
    for _ in 5..9 {
        b.console.tap(Button::Left, TAP_FRAMES, TAP_FRAMES * 2);
    }
    let mut saves = Profile::default();
    b.console.press(Button::Start);
    b.console.profile_cycles(u64::from(TAP_FRAMES) * CYCLES_PER_FRAME, &mut saves);
    b.console.release(Button::Start);
    while !b.board_shown(5) {
        b.console.profile_cycles(CYCLES_PER_FRAME, &mut saves);
        assert!(saves.total() < 60 * 60 * CYCLES_PER_FRAME, "no 5x5 board after a minute");
    }
    let (new_game_cycles, new_game_parts) = b.save_cycles(&saves, NEW_GAME_SAVE);
    println!("save of a new game in the main loop (its first progress record; the worker writes its puzzle): {new_game_cycles} cycles ({new_game_parts})");
    // Played to its solved screen: the jingle, three channels at once.
    b.align_to_vblank();
    b.begin("play 5x5 to the solved screen");
    b.solve_hitori(5);
    b.report("play 5x5 to the solved screen");
    b.print_handler();

    // The same ROM on a Color: palettes loaded at boot, the rest as on the DMG.
    println!("on a Game Boy Color (CGB mode):");
    let mut c = Bench::power_on(&root, Model::Cgb);
    let boot_cycles = c.boot();
    c.align_to_vblank();
    c.begin("title");
    c.tap(Button::Start);
    c.tap(Button::Start);
    c.report("title and new-game menu, at once");
    c.start_game(9, "9x9 easy, no ready puzzle", "9x9 easy without a ready puzzle");
    c.begin("play");
    c.move_cursor_around();
    c.report("play, moving the cursor");
    c.mark_cells();
    c.report("play, marking cells (with saves)");
    c.print_handler();
    println!("boot to the main loop's first frame: {:.1} frames", boot_cycles as f64 / CYCLES_PER_FRAME as f64);
}

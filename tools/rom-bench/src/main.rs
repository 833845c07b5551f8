//! `make bench-rom`: plays a scripted session on `target/hitori.gb` in the emulator and prints
//! what the player would feel, in exact cycles (a benchmark: it prints figures, it does not
//! pass or fail):
//! - frames the main loop fell behind ("overruns": a phase's frames minus the main-loop
//!   iterations completed in them, so an iteration that took three frames counts two, and
//!   where in a frame iterations end does not matter), in menus, while moving
//!   the cursor and while marking cells (generation blocks the loop by design and is left out);
//! - the longest VBlank handler (which does the frame's VRAM copies) against VBlank's 4560
//!   cycles, and the latest line its copies ended on;
//! - the time from pressing Start on the new-game screen to a playable 9x9 board.
//!
//! `make bench-rom` builds the ROM first, which prints the ROM and WRAM bytes used.
//!
//! `BENCH_ROM_PROFILE=N` charges every instruction of each phase to its place (bank and
//! address) and prints the N functions with the most cycles of their own under the phase's
//! line. The VBlank handler is then not timed on its own.

use std::path::Path;

use gbemu::{Button, CYCLES_PER_FRAME, Console, Profile, Symbols};
use hitori::game::layout::Layout;
use hitori::game::read_cell_tile;

/// Cycles in VBlank: lines 144-153, 456 cycles each.
const VBLANK_CYCLES: u64 = 10 * 456;
const TAP_FRAMES: u32 = 4;
/// Places listed per function in a profile.
const HOT_PLACES: usize = 4;

struct Bench {
    console: Console,
    loops_at: u16,
    vblank_at: u16,
    end_line_at: u16,
    frames: u32,
    /// Main-loop iterations completed in the phase so far.
    iterations: u32,
    longest_vblank: u64,
    latest_end_line: u8,
    /// With `BENCH_ROM_PROFILE=N`: the phase's profile, the symbols and N.
    profile: Option<(Profile, Symbols, usize)>,
}

impl Bench {
    fn loops(&mut self) -> u16 {
        u16::from_le_bytes([self.console.read(self.loops_at), self.console.read(self.loops_at + 1)])
    }

    /// Runs one frame, counting the main-loop iterations that ended in it, and timing
    /// the VBlank handler it contains (or, when profiling, charging the whole frame to the
    /// phase's profile).
    fn frame(&mut self) {
        let before = self.loops();
        if let Some((profile, _, _)) = self.profile.as_mut() {
            self.console.profile_cycles(CYCLES_PER_FRAME, profile);
        } else {
            let start = self.console.cycles();
            if let Some(cycles) = self.console.time_next_call(self.vblank_at, CYCLES_PER_FRAME) {
                self.longest_vblank = self.longest_vblank.max(cycles);
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
        self.iterations += u32::from(self.loops().wrapping_sub(before));
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

    /// Frames and overruns counted by `phase` (and its profile), then reset.
    fn report(&mut self, phase: &str) {
        let overruns = self.frames.saturating_sub(self.iterations);
        println!("{phase:<34} {:>6} frames {overruns:>5} overruns ({:.1}%)", self.frames, 100.0 * f64::from(overruns) / f64::from(self.frames.max(1)));
        if let Some((profile, symbols, top)) = self.profile.as_mut() {
            print!("{}", profile.report(symbols, *top, HOT_PLACES));
            *profile = Profile::default();
        }
        self.frames = 0;
        self.iterations = 0;
    }

    fn board_shown(&mut self, n: u8) -> bool {
        if self.console.read(0xFF40) & 0x80 == 0 {
            return false;
        }
        let layout = Layout::for_size(n);
        let vram = self.console.vram();
        (0..n).all(|r| {
            (0..n).all(|c| {
                let (x, y) = layout.cell_tile_xy(r, c);
                read_cell_tile(layout.big, vram[0x1800 + usize::from(y) * 32 + usize::from(x)]).is_some()
            })
        })
    }
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let symbols = Symbols::read(&root.join("target/hitori.build"), &root.join("target/hitori.sym"))
        .unwrap_or_else(|e| panic!("{e}: run `make rom`"));
    // The handler and the counters are in bank 0 and WRAM: their linker address is the CPU's.
    let address = |name: &str| {
        let (_, at) = symbols.all.iter().find(|(n, _)| n == name).unwrap_or_else(|| panic!("{name} not in the symbol list"));
        *at as u16
    };
    let (loops_at, vblank_at, end_line_at) = (address("LOOPS"), address("rust_vblank"), address("COPIES_END_LINE"));
    let profile_top = std::env::var("BENCH_ROM_PROFILE")
        .ok()
        .map(|n| n.parse::<usize>().unwrap_or_else(|_| panic!("BENCH_ROM_PROFILE={n}: expected a count of functions")));
    let console = Console::from_file(&root.join("target/hitori.gb")).expect("target/hitori.gb: run `make rom`");
    let mut b = Bench {
        console,
        loops_at,
        vblank_at,
        end_line_at,
        frames: 0,
        iterations: 0,
        longest_vblank: 0,
        latest_end_line: 0,
        profile: profile_top.map(|top| (Profile::default(), symbols, top)),
    };

    b.frames(120);
    b.report("boot and title");
    b.tap(Button::Start);
    b.frames(30);
    for button in [Button::Up, Button::Right, Button::Left, Button::Down, Button::Down] {
        b.tap(button);
    }
    b.report("new-game menu");

    // Start -> playable 9x9 board.
    b.console.press(Button::Start);
    let pressed_at = b.console.cycles();
    b.frames(TAP_FRAMES);
    b.console.release(Button::Start);
    while !b.board_shown(9) {
        b.console.run_frames(1);
        assert!(b.console.cycles() - pressed_at < 60 * 60 * CYCLES_PER_FRAME, "no board after a minute");
    }
    let generate_cycles = b.console.cycles() - pressed_at;
    b.frames = 0;
    b.iterations = 0;
    if let Some((profile, _, _)) = b.profile.as_mut() {
        *profile = Profile::default();
    }
    b.frames(60);
    b.report("play, idle");

    for button in [Button::Up, Button::Left, Button::Down, Button::Right].iter().cycle().take(40) {
        b.tap(*button);
    }
    b.report("play, moving the cursor");
    for (i, button) in [Button::Right, Button::Down].iter().cycle().take(16).enumerate() {
        b.tap(if i % 2 == 0 { Button::A } else { Button::B });
        b.tap(*button);
    }
    b.frames(60);
    b.report("play, marking cells (with saves)");
    b.tap(Button::Start);
    for button in [Button::Down, Button::Down, Button::Up, Button::Up] {
        b.tap(button);
    }
    b.tap(Button::A);
    b.frames(30);
    b.report("pause menu and back");

    if b.profile.is_some() {
        println!("(VBlank handler not timed while profiling)");
    } else {
        println!(
            "longest VBlank handler: {} cycles ({VBLANK_CYCLES} in VBlank: {:.0}%); its VRAM copies ended by line {} (VBlank: 144-153)",
            b.longest_vblank,
            100.0 * b.longest_vblank as f64 / VBLANK_CYCLES as f64,
            b.latest_end_line
        );
    }
    println!(
        "Start on the new-game screen to a playable 9x9 board: {generate_cycles} cycles = {:.2} s at 4.194304 MHz",
        generate_cycles as f64 / 4_194_304.0
    );
}

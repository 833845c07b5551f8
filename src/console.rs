//! The entry points crt0 calls (docs/ARCHITECTURE.md): `rust_main`, `rust_vblank` and
//! `cbe_trap`, and the glue between the hardware and the pure game in `crate::game`.
//!
//! The main loop is the usual homebrew one: take the joypad state the VBlank handler latched,
//! update the game (which draws into its `Canvas` in WRAM), plan the frame's VRAM work and
//! wait for VBlank, running the background worker meanwhile when it has a job
//! (`gb_hal::worker`: generation and hints, `rust_worker` below). The VBlank handler does the planned work first thing at line 144 (OAM DMA
//! when the cursor moved, window registers, as many tile copies as VBlank allows), so the
//! copies get all of VBlank; the main loop then marks what was copied. A new screen (another
//! tile set, or background rows changed) is not copied a few rows a frame (VBlank takes about two
//! rows: a whole screen would build up over ten frames): the old picture stays until the new
//! screen is drawn, then the LCD goes off in VBlank while the whole canvas is copied, a frame
//! or two of white. The LCD is otherwise switched off only at boot, to load every tile set
//! once (assets/README.md, "VRAM plan").

use core::ptr::{addr_of, addr_of_mut, read_volatile, write_volatile};

use gb_hal::cgb::{self, Model, PaletteKind, PaletteSpans, TileAttributes};
use gb_hal::interrupts::{self, Interrupts};
use gb_hal::joypad::{self, Buttons, Input, RepeatTiming};
use gb_hal::lcd::{self, LcdControl, Palette};
use gb_hal::oam::{self, ObjectAttributes, SHADOW_OAM};
use gb_hal::serial;
use gb_hal::sound_effects::{Apu, Effect, LOUDEST, Player, SILENT};
use gb_hal::sram::{Sram, SramBank};
use gb_hal::timer;
use gb_hal::video::{self, TileAddressing, TileMap, VBlank, VramAccess, VramAddress};
use gb_hal::worker::{self, WorkerStack};

use crate::assets::{self, font_tile};
use crate::game::canvas::{Canvas, Layer};
use crate::game::layout::SCREEN_ROWS;
use crate::game::save::Storage;
use crate::game::{colors, sound};
use crate::game::work::{Job, Work};
use crate::game::boards::Playable;
use crate::game::boards::sudoku::KeypadView;
use crate::game::{Cursor, Game, Platform, ScreenId, Tileset};

/// The OAM DMA (160 microseconds, under two lines) starts before this line, so that it ends
/// within VBlank.
const LAST_DMA_LINE: u8 = 148;
/// A copy must end before this line does (on the DMG, LY reads 0 for most of it): one of `len`
/// tiles starts only if `len / 8 + 2` lines are left, so a row of 20 tiles (about three
/// lines' time with SDCC's code) starts by line 148 and a cell's few tiles by line 150. With
/// one limit for both, a handler that began a line late (the worker's stack to switch)
/// copied a single tile where a move's cell needed four, and showed the move two frames
/// late. `make bench-rom` prints the latest line the copies ended on.
const LAST_VBLANK_LINE: u8 = 153;
/// Copies planned per frame: more than VBlank has time for, so that VBlank is never left
/// idle; the rest wait for the next frame.
const COPIES_PER_FRAME: usize = 8;
/// Planning takes no further run once the LCD is on this line or further before VBlank: a
/// run costs about 2500 cycles (6 lines) to plan, so a frame whose update ran long plans
/// fewer copies rather than missing its VBlank; the rest wait a frame. (In VBlank itself the
/// loop is early: the frame's handler has just run.)
const LAST_PLAN_LINE: u8 = 136;
/// Work the game spreads over frames (a new game's set-up) stops starting new parts once
/// the LCD reaches this line, leaving the rest of the frame to the main loop's own work
/// (planning the copies, placing the cursor: about 8k cycles, 18 lines) before VBlank.
const LAST_WORK_LINE: u8 = 110;
/// Lines a frame takes, VBlank's 10 included (Pan Docs "LCD Status Registers").
const LINES_PER_FRAME: u8 = 154;
/// Objects 0-3 draw the cursor: a 16x16 frame needs four, an 8x8 frame one.
const CURSOR_OBJECTS: u8 = 4;
/// Objects 4-13 draw a keypad (Sudoku's): the ring on the chosen key, then the 9 keys; with
/// the cursor's 2, 4 objects on a line.
const KEYPAD_FIRST_OBJECT: u8 = CURSOR_OBJECTS;
const KEYPAD_LAST_OBJECT: u8 = KEYPAD_FIRST_OBJECT + 9;
/// The window reads map 0x9C00, the background 0x9800.
const MAPS: LcdControl = LcdControl::LCD_ON.union(LcdControl::WINDOW_MAP_9C00);
/// Bytes of the worker's stack: the generator's deepest calls (about 160 bytes with the
/// bank trampoline's), and the VBlank handler's registers and calls when it stops the worker.
/// `make bench-rom` prints how much of it was ever used.
const WORKER_STACK_BYTES: usize = 384;

/// The game: in WRAM (about 3 KB), which crt0 sets from the initialiser at boot.
static mut GAME: Game = Game::new();
/// Frames since power-on, counted by the VBlank handler.
static mut FRAMES: u16 = 0;
/// Every button seen held by the VBlank handler since the main loop last took them: a press
/// shorter than one main-loop iteration still counts.
static mut BUTTONS_SEEN: u8 = 0;
/// Every button seen going down since the main loop last took them: a release and a new
/// press within one long iteration (a save takes a few frames) still count as a press.
static mut PRESSES_SEEN: u8 = 0;
/// The handler's last joypad sample.
static mut LAST_SAMPLE: u8 = 0;
/// The background worker's memory (generator, puzzle, job and outcome): the worker's alone
/// while `WORKER_BUSY` is set, the main loop's otherwise.
static mut WORK: Work = Work::new();
#[unsafe(no_mangle)]
static mut WORKER_STACK: WorkerStack<WORKER_STACK_BYTES> = WorkerStack::new();
/// Set by the main loop when it starts a job, cleared by the worker when the job is done (or
/// by the main loop when it drops the job). `make bench-rom` reads it.
#[unsafe(no_mangle)]
static mut WORKER_BUSY: bool = false;
/// The sound-effect player: the main loop starts effects (`Machine::play`), the VBlank handler moves
/// them on once a frame (`sound_tick`), after its VRAM work.
static mut SOUND: Player = Player::new(&sound::EFFECTS);

/// The handler's sound work: a few register writes at most (`make bench-rom` times it).
/// Unmangled and never inlined so that the benchmark finds and times it; in bank 0 with the
/// rest of the handler.
#[unsafe(no_mangle)]
#[inline(never)]
pub extern "C" fn sound_tick() {
    // SAFETY: called by the handler only, while the main loop cannot be in `play`.
    unsafe { (*addr_of_mut!(SOUND)).tick(&mut Apu) }
}

/// What the VBlank handler does for the main loop at the next VBlank. Plain arrays rather
/// than a list of structs: LLVM packs small structs into wide integers, which SDCC handles
/// with slow helper calls.
struct VblankPlan {
    /// The OAM shadow changed: copy it.
    dma: bool,
    control: LcdControl,
    /// Where the window starts (when `control` shows it).
    window_y: u8,
    count: u8,
    to: [u16; COPIES_PER_FRAME],
    from: [*const u8; COPIES_PER_FRAME],
    len: [u8; COPIES_PER_FRAME],
    /// On a Color, the runs (a bit each, run 0 in bit 0) whose map entries get the palettes
    /// `spans` gives their tiles: the background's on a board (the window's keep theirs).
    colored: u8,
    spans: PaletteSpans,
    /// Set by the handler: how many copies it made.
    copied: u8,
    /// The bytes of a tile the board draws at run time, when the plan's first copy is its.
    tile_data: [u8; 16],
}

/// Written by the main loop only while `PLAN_READY` is false, read by the handler only while
/// it is true.
static mut PLAN: VblankPlan = VblankPlan {
    dma: false,
    control: MAPS,
    window_y: 0,
    count: 0,
    to: [0; COPIES_PER_FRAME],
    from: [core::ptr::null(); COPIES_PER_FRAME],
    len: [0; COPIES_PER_FRAME],
    colored: 0,
    spans: PaletteSpans::NONE,
    copied: 0,
    tile_data: [0; 16],
};
/// A run of the plan whose tiles the handler copied in a VBlank with no time left for their
/// attributes (a long run: a row of the board takes most of VBlank with them), which it
/// writes first in the next. Its tiles are the canvas's, so they are written for what the
/// canvas shows by then, as a later run would.
struct LateAttributes {
    to: u16,
    from: *const u8,
    /// 0: none waits.
    len: u8,
}

static mut LATE_ATTRIBUTES: LateAttributes = LateAttributes { to: 0, from: core::ptr::null(), len: 0 };

/// Lines of VBlank the attributes of `len` map entries take: 30 cycles each, a quarter line.
fn attribute_lines(len: u8) -> u8 {
    len / 4 + 1
}

/// Set by the main loop when `PLAN` is ready, cleared by the handler when it is done.
static mut PLAN_READY: bool = false;
/// The line on which the handler's last VRAM copies ended: `make bench-rom` checks that it
/// stays inside VBlank (144-153; 153 reads as 0).
#[unsafe(no_mangle)]
static mut COPIES_END_LINE: u8 = 0;
/// Screens copied whole with the LCD off since power-on: `make bench-rom` counts them.
#[unsafe(no_mangle)]
static mut SCREEN_COPIES: u16 = 0;
/// VBlanks that found the main loop still at work on its frame (nothing handed over): the
/// frames it fell behind since power-on, which `make bench-rom` reports as overruns.
#[unsafe(no_mangle)]
static mut LATE_FRAMES: u16 = 0;
/// Main-loop iterations since power-on: read by `make bench-rom` to count frames that took
/// longer than one VBlank.
#[unsafe(no_mangle)]
static mut LOOPS: u16 = 0;

fn frames() -> u16 {
    interrupts::without_interrupts(|| {
        // SAFETY: read with the handler, its only writer, held off.
        unsafe { read_volatile(addr_of!(FRAMES)) }
    })
}

/// The buttons held and the buttons pressed since the last call.
fn take_buttons() -> (Buttons, Buttons) {
    interrupts::without_interrupts(|| {
        // SAFETY: read and cleared with the handler, the other user, held off.
        unsafe {
            let held = read_volatile(addr_of!(BUTTONS_SEEN));
            let pressed = read_volatile(addr_of!(PRESSES_SEEN));
            write_volatile(addr_of_mut!(BUTTONS_SEEN), 0);
            write_volatile(addr_of_mut!(PRESSES_SEEN), 0);
            (Buttons::from_bits_truncate(held), Buttons::from_bits_truncate(pressed))
        }
    })
}

fn worker_busy() -> bool {
    // SAFETY: a byte; the worker, its other writer, is stopped while the main loop runs.
    unsafe { read_volatile(addr_of!(WORKER_BUSY)) }
}

/// The cartridge's battery-backed RAM, the background worker and the console's entropy, as
/// the game sees them.
struct Machine {
    sram: Sram,
}

impl Storage for Machine {
    fn read(&mut self, offset: u16, buffer: &mut [u8]) {
        // The game's records lie at fixed offsets inside the bank: an error is a bug, so trap.
        self.sram.enable(SramBank::BANK_0).read_into(offset, buffer).unwrap();
    }

    fn write(&mut self, offset: u16, bytes: &[u8]) {
        self.sram.enable(SramBank::BANK_0).write_from(offset, bytes).unwrap();
    }
}

impl Platform for Machine {
    fn start_work(&mut self, job: Job) {
        // SAFETY: the worker is idle (the game stops or waits for a job before the next), so
        // WORK is the main loop's; from the reset on it is the worker's until it is done.
        unsafe {
            (*addr_of_mut!(WORK)).assign(job);
            worker::reset(&mut *addr_of_mut!(WORKER_STACK));
            write_volatile(addr_of_mut!(WORKER_BUSY), true);
        }
    }

    fn stop_work(&mut self) {
        if worker_busy() {
            // SAFETY: the worker is stopped (the main loop runs) and never resumed without a
            // reset: WORK is the main loop's again.
            unsafe {
                write_volatile(addr_of_mut!(WORKER_BUSY), false);
                (*addr_of_mut!(WORK)).clear();
            }
        }
    }

    fn work(&mut self) -> Option<&mut Work> {
        // SAFETY: not busy: the worker is done with WORK.
        (!worker_busy()).then(|| unsafe { &mut *addr_of_mut!(WORK) })
    }

    fn play(&mut self, effect: Effect) {
        interrupts::without_interrupts(|| {
            // SAFETY: the handler, SOUND's other user, is held off.
            unsafe { (*addr_of_mut!(SOUND)).play(effect) }
        });
    }

    fn set_sound(&mut self, on: bool) {
        let volume = if on { LOUDEST } else { SILENT };
        interrupts::without_interrupts(|| {
            // SAFETY: the handler, SOUND's other user, is held off.
            unsafe { (*addr_of_mut!(SOUND)).set_volume(&mut Apu, volume) }
        });
    }

    fn lines_left(&self) -> u8 {
        // The update starts in VBlank (after the handler), whose lines come before line 0 of
        // the frame the work runs in.
        match lcd::current_line() {
            line if line >= lcd::FIRST_VBLANK_LINE => LINES_PER_FRAME - line + LAST_WORK_LINE,
            line => LAST_WORK_LINE.saturating_sub(line),
        }
    }

    fn random_seed(&mut self) -> u32 {
        // The frame and the divider (16384 Hz) when the player pressed Start: never the same
        // twice in practice.
        (u32::from(frames()) << 8) ^ u32::from(timer::divider())
    }
}

fn map_of(layer: Layer) -> TileMap {
    match layer {
        Layer::Background => TileMap::Map9800,
        Layer::Window => TileMap::Map9C00,
    }
}

/// On a Color, the tiles of `tileset` that draw in palettes of their own (a board's errors
/// and hints); none on the original.
fn spans_of(tileset: Tileset) -> PaletteSpans {
    if Model::at_boot() == Model::Cgb { colors::spans(tileset) } else { PaletteSpans::NONE }
}

/// The background addressing that shows `tileset`.
fn addressing(tileset: Tileset) -> LcdControl {
    match tileset {
        Tileset::BigCells(_) => LcdControl::empty(),
        Tileset::Logo | Tileset::SmallCells(_) => LcdControl::BG_WINDOW_TILES_8000,
    }
}

/// The puzzle whose cells `tileset` shows, if it shows cells.
fn cell_art(tileset: Tileset) -> Option<Playable> {
    match tileset {
        Tileset::BigCells(art) | Tileset::SmallCells(art) => Some(art),
        Tileset::Logo => None,
    }
}

/// Loads a puzzle's cells where the cells go (the LCD is off).
fn load_cell_art(off: &video::LcdOff, art: Playable) {
    let (big, big_first, small) = art.tiles();
    // build.rs checks that every puzzle's cells fit Hitori's places: a failure here is a
    // build mistake.
    video::load_tiles(off, TileAddressing::Signed8800, big_first, big).unwrap();
    video::load_tiles(off, TileAddressing::Unsigned8000, assets::SMALL_CELL_FIRST_TILE, small).unwrap();
    // The tiles a puzzle draws rather than stores with the others (ROM bank 0 has no room for
    // them): baked in a bank of their own.
    if art == Playable::Numberlink {
        load_numberlink_tiles(off);
    }
}

/// Numberlink's board tiles (`boards::numberlink::draw_tiles`), from their baked copy in
/// linker/numberlink_tiles.s, which gbrom puts in this function's bank: drawing them here took
/// 23 frames with the LCD off.
#[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank17"))]
#[inline(never)]
fn load_numberlink_tiles(off: &video::LcdOff) {
    unsafe extern "C" {
        fn gb_numberlink_tiles() -> *const u8;
    }
    use crate::game::boards::numberlink::{FIRST_TILE, TILES};
    // SAFETY: the routine returns the address of the file's TILES tiles of 16 bytes, in this
    // bank, which is mapped while this function runs (the unit test beside `draw_tiles`
    // checks the file against it).
    let tiles = unsafe { core::slice::from_raw_parts(gb_numberlink_tiles(), usize::from(TILES) * 16) };
    // A build mistake if it fails (build.rs checks that the cells fit Hitori's place).
    video::load_tiles(off, TileAddressing::Signed8800, FIRST_TILE, tiles).unwrap();
}

/// The cells `load_video` loads.
const BOOT_CELL_ART: Playable = Playable::Hitori;

/// How the LCD shows a screen: LCDC, and the window's first line (when LCDC shows it).
#[derive(Clone, Copy)]
struct Display {
    control: LcdControl,
    window_y: u8,
}

impl Display {
    /// Background, window and objects off: a white screen (before the first screen).
    const BLANK: Display = Display { control: MAPS, window_y: 0 };

    /// What shows `game`'s screen, drawn with `tileset`.
    fn of(game: &Game, tileset: Tileset) -> Display {
        let shown = MAPS.union(LcdControl::BG_WINDOW_ON).union(LcdControl::OBJ_ON).union(addressing(tileset));
        match game.window_y() {
            Some(window_y) => Display { control: shown.union(LcdControl::WINDOW_ON), window_y },
            None => Display { control: shown, window_y: 0 },
        }
    }
}

/// Puts the cursor frame into the OAM shadow (copied to OAM by the next DMA).
fn place_cursor(cursor: Option<Cursor>) {
    let mut used = 0;
    if let Some(Cursor { x, y, big }) = cursor {
        if big {
            for (quarter, (dx, dy)) in [(0, 0), (8, 0), (0, 8), (8, 8)].into_iter().enumerate() {
                let object = oam::Object::at(x + dx, y + dy, assets::CURSOR_BIG_OBJ_TILE + quarter as u8, ObjectAttributes::empty());
                SHADOW_OAM.set(quarter as u8, object);
            }
            used = 4;
        } else {
            SHADOW_OAM.set(0, oam::Object::at(x, y, assets::CURSOR_SMALL_OBJ_TILE, ObjectAttributes::empty()));
            used = 1;
        }
    }
    for index in used..CURSOR_OBJECTS {
        SHADOW_OAM.hide(index);
    }
}

/// Puts the keypad's keys and the ring on the chosen one into the OAM shadow, or hides them;
/// when the keypad `placed` last is where `keypad` is, only the ring moves (the keys'
/// nine objects took about 11k cycles, which beside a move's checks made the frame late).
/// In ROM bank 3, which has room: the main loop's bank 6 passed 16 KiB with it.
#[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank3"))]
#[inline(never)]
fn place_keypad(keypad: Option<KeypadView>, placed: Option<KeypadView>) {
    let Some(keypad) = keypad else {
        for index in KEYPAD_FIRST_OBJECT..=KEYPAD_LAST_OBJECT {
            SHADOW_OAM.hide(index);
        }
        return;
    };
    // The ring first: of two objects on a pixel, the one earlier in OAM is drawn.
    let (x, y) = keypad.key_xy(keypad.chosen);
    SHADOW_OAM.set(KEYPAD_FIRST_OBJECT, oam::Object::at(x, y, assets::CURSOR_SMALL_OBJ_TILE, ObjectAttributes::empty()));
    if placed.is_some_and(|placed| (placed.x, placed.y) == (keypad.x, keypad.y)) {
        return;
    }
    for digit in 1..=9u8 {
        let (x, y) = keypad.key_xy(digit);
        SHADOW_OAM.set(KEYPAD_FIRST_OBJECT + digit, oam::Object::at(x, y, KeypadView::key_tile(digit), ObjectAttributes::empty()));
    }
}

/// Whether VBlank has time left to start something taking `lines` lines.
fn in_copy_time(lines: u8) -> bool {
    // Line 153 reads as 0 on the DMG: the lower bound rejects it too.
    (lcd::FIRST_VBLANK_LINE..LAST_VBLANK_LINE - lines).contains(&lcd::current_line())
}

/// Hands the canvas's next copies (with `copies`), the display (written in VBlank so a frame
/// never shows half of a change) and the OAM shadow to the VBlank handler, waits for it, and
/// marks what it copied. `spans`: the screen's tiles with palettes of their own. Returns
/// whether the OAM DMA is still to be done. In ROM bank 3, which has room (the main loop's
/// bank 6 passed 16 KiB with Sudoku's board): a banked call a frame.
#[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank3"))]
#[inline(never)]
fn copy_in_vblank(game: &mut Game, spans: PaletteSpans, copies: bool, dma: bool, display: Display) -> bool {
    // SAFETY: the handler reads PLAN only while PLAN_READY is set, which it is not until
    // below. The pointers are into GAME, which the main loop leaves alone until the handler
    // has run (it halts below).
    let plan = unsafe { &mut *addr_of_mut!(PLAN) };
    let mut count = 0;
    plan.colored = 0;
    plan.spans = spans;
    // A tile the board drew goes first: the map entries that show it may follow.
    let tile = if copies { game.unwritten_tile_data(&mut plan.tile_data) } else { None };
    if let Some(index) = tile {
        plan.to[0] = TileAddressing::Signed8800.tile_address(index).get();
        plan.from[0] = plan.tile_data.as_ptr();
        plan.len[0] = plan.tile_data.len() as u8;
        count = 1;
    }
    if copies {
        game.canvas.next_runs(|layer, x, y, tiles| {
            plan.to[count] = map_of(layer).address(x, y).get();
            plan.from[count] = tiles.as_ptr();
            plan.len[count] = tiles.len() as u8;
            if layer == Layer::Background && plan.spans.len > 0 {
                plan.colored |= 1 << count;
            }
            count += 1;
            count < COPIES_PER_FRAME && !(LAST_PLAN_LINE..lcd::FIRST_VBLANK_LINE).contains(&lcd::current_line())
        });
    }
    plan.count = count as u8;
    plan.control = display.control;
    plan.window_y = display.window_y;
    plan.dma = dma;
    plan.copied = 0;
    // The calls that switch interrupts off and on are opaque to the compiler, so the stores
    // above are done before the flag is set.
    interrupts::without_interrupts(|| {
        // SAFETY: a byte only the handler reads while set.
        unsafe { write_volatile(addr_of_mut!(PLAN_READY), true) };
    });
    // SAFETY: a byte the handler clears.
    while unsafe { read_volatile(addr_of!(PLAN_READY)) } {
        if worker_busy() {
            // Until the job is done or VBlank comes (its handler goes on with the plan here).
            // SAFETY: the main loop holds no reference into WORK while the worker runs;
            // PLAN_READY is a static byte (a bool).
            unsafe { worker::run(addr_of!(PLAN_READY).cast()) };
        } else {
            interrupts::halt();
        }
    }
    // SAFETY: the handler is done with PLAN until PLAN_READY is set again.
    let (copied, dma_pending) = unsafe { (read_volatile(addr_of!(PLAN.copied)), read_volatile(addr_of!(PLAN.dma))) };
    let tile_copied = match tile {
        Some(index) if copied > 0 => {
            game.tile_data_written(index);
            1
        }
        _ => 0,
    };
    game.canvas.written(usize::from(copied - tile_copied));
    dma_pending
}

/// Copies the whole canvas with the LCD off (switched off in VBlank, with interrupts held off
/// so that the handler cannot push the switch-off past it) and shows `display`; with `art`,
/// loads that puzzle's cells first. In ROM bank 3, which has room: inlined into the main
/// loop's step, it filled bank 6, and Hitori's generator parts fill bank 7.
#[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank3"))]
#[inline(never)]
fn copy_with_lcd_off(game: &mut Game, tileset: Tileset, display: Display, art: Option<Playable>) {
    interrupts::without_interrupts(|| {
        lcd::with_lcd_off(|off| {
            if let Some(art) = art {
                load_cell_art(off, art);
            }
            if Model::at_boot() == Model::Cgb {
                // The screen's colours: a new tile set (the board's, or the menus') comes
                // with a copy like this one. Every row's attributes, unchanged ones too: a
                // tile of the last screen's set may stand for another palette in this one.
                // (Never on the original: VRAM bank 1 is the Color's, and the attributes
                // would land on the map.)
                cgb::load_palettes(off, PaletteKind::Background, 0, colors::background(tileset));
                let spans = colors::spans(tileset);
                for y in 0..SCREEN_ROWS {
                    let to = VramAddress::new(map_of(Layer::Background).address(0, y).get()).unwrap();
                    cgb::copy_attributes(off, to, game.canvas.row(Layer::Background, y), spans).unwrap();
                }
            }
            game.canvas.copy_whole(|layer, y, tiles| {
                if let Some(to) = VramAddress::new(map_of(layer).address(0, y).get()) {
                    video::copy(off, to, tiles).unwrap();
                }
            });
            let mut data = [0; 16];
            while let Some(index) = game.unwritten_tile_data(&mut data) {
                video::copy(off, TileAddressing::Signed8800.tile_address(index), &data).unwrap();
                game.tile_data_written(index);
            }
            lcd::set_window_position(0, display.window_y);
            lcd::set_control(display.control.difference(LcdControl::LCD_ON));
        });
        // The VBlank the switch-off waited for is served: its request would otherwise call
        // the handler as soon as interrupts are on again, with the LCD on line 0.
        interrupts::IF.update(|pending| pending.difference(Interrupts::VBLANK));
    });
    // SAFETY: only the main loop writes it; the emulator reads it.
    unsafe { write_volatile(addr_of_mut!(SCREEN_COPIES), read_volatile(addr_of!(SCREEN_COPIES)).wrapping_add(1)) };
}

/// The handler's part of `copy_in_vblank`, at the start of VBlank.
fn run_plan(vblank: &VBlank) {
    // SAFETY: called only while PLAN_READY is set, when the main loop leaves PLAN alone.
    let plan = unsafe { &mut *addr_of_mut!(PLAN) };
    // The handler may start late (interrupts held off a moment): no DMA then, and it stays
    // planned (`plan.dma` is left set) for the next frame.
    if plan.dma && in_copy_time(LAST_VBLANK_LINE - LAST_DMA_LINE) {
        oam::dma(vblank);
        plan.dma = false;
    }
    lcd::set_window_position(0, plan.window_y);
    lcd::set_control(plan.control);
    // SAFETY: the handler's alone.
    let late = unsafe { &mut *addr_of_mut!(LATE_ATTRIBUTES) };
    if late.len > 0 && in_copy_time(attribute_lines(late.len)) {
        // SAFETY: as for the plan's runs below: canvas tiles, and a map address.
        let tiles = unsafe { core::slice::from_raw_parts(late.from, usize::from(late.len)) };
        cgb::copy_attributes(vblank, VramAddress::new(late.to).unwrap(), tiles, plan.spans).unwrap();
        late.len = 0;
    }
    let mut copied = 0;
    while copied < plan.count && in_copy_time(plan.len[usize::from(copied)] / 8 + 2) {
        let i = usize::from(copied);
        let len = plan.len[i];
        let colored = plan.colored & 1 << copied != 0;
        let attributes_fit = colored && in_copy_time(len / 8 + 2 + attribute_lines(len));
        if colored && !attributes_fit && late.len > 0 {
            break;
        }
        // SAFETY: `from` points at `len` canvas tiles (see `copy_in_vblank`); `to` is a
        // tile-map address, and a run is at most one 20-tile row of a 32-tile map row.
        let tiles = unsafe { core::slice::from_raw_parts(plan.from[i], usize::from(len)) };
        if let Some(to) = VramAddress::new(plan.to[i]) {
            video::copy(vblank, to, tiles).unwrap();
            if attributes_fit {
                cgb::copy_attributes(vblank, to, tiles, plan.spans).unwrap();
            } else if colored {
                (late.to, late.from, late.len) = (plan.to[i], plan.from[i], len);
            }
        }
        copied += 1;
    }
    plan.copied = copied;
    if copied > 0 {
        // SAFETY: only the handler writes it; the benchmark reads it from outside.
        unsafe { write_volatile(addr_of_mut!(COPIES_END_LINE), lcd::current_line()) };
    }
}

#[unsafe(no_mangle)]
pub extern "C" fn rust_main() -> ! {
    // SAFETY: the only `Sram` of the program.
    let mut machine = Machine { sram: unsafe { Sram::take() } };
    // SAFETY: the only reference to GAME; the VBlank handler never touches it.
    let game = unsafe { &mut *addr_of_mut!(GAME) };
    load_video(&mut game.canvas);
    interrupts::enable(Interrupts::VBLANK);
    let mut main_loop = MainLoop::new();
    loop {
        main_loop.step(game, &mut machine);
    }
}

/// With the LCD off: every tile set, once, and blank maps and OAM; `canvas` learns what VRAM
/// now shows. The display stays blank until the first screen is copied. In ROM bank 6 (like `MainLoop::step`): bank 0 keeps
/// room for what must always be mapped (the VBlank handler, crt0, data).
#[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank6"))]
#[inline(never)]
fn load_video(canvas: &mut Canvas) {
    lcd::with_lcd_off(|off| {
        // build.rs checks that the sets do not overlap and that each fits: a failure here is
        // a build mistake.
        video::load_packed_tiles(off, TileAddressing::Signed8800, assets::UI_FIRST_TILE, &assets::UI_TILES).unwrap();
        load_cell_art(off, BOOT_CELL_ART);
        video::load_packed_tiles(off, TileAddressing::Unsigned8000, assets::LOGO_FIRST_TILE, &assets::LOGO_TILES).unwrap();
        video::load_packed_tiles(off, TileAddressing::Unsigned8000, assets::CURSOR_FIRST_OBJ_TILE, &assets::CURSOR_TILES).unwrap();
        // VRAM and OAM hold noise at power-on: clear what the canvas does not cover.
        video::fill_map(off, TileMap::Map9800, assets::TILE_BLANK);
        video::fill_map(off, TileMap::Map9C00, assets::TILE_BLANK);
        SHADOW_OAM.hide_from(0);
        oam::dma(off);
        lcd::set_scroll(0, 0);
        lcd::BGP.write(Palette::IDENTITY);
        lcd::OBP0.write(Palette::IDENTITY);
        if Model::at_boot() == Model::Cgb {
            load_colors(off);
        }
        lcd::set_control(MAPS);
    });
    canvas.vram_filled_blank();
}

/// The Color's palettes, and background palette 0 for every map entry (VRAM bank 1 holds
/// noise at power-on).
fn load_colors(off: &video::LcdOff) {
    cgb::load_palettes(off, PaletteKind::Background, 0, &[colors::MENUS]);
    cgb::load_palettes(off, PaletteKind::Background, colors::WINDOW_PALETTE, &[colors::WINDOW]);
    cgb::load_palettes(off, PaletteKind::Object, 0, &[colors::CURSOR]);
    cgb::with_vram_bank_1(off, |off| {
        video::fill_map(off, TileMap::Map9800, TileAttributes::palette(0).bits());
        video::fill_map(off, TileMap::Map9C00, TileAttributes::palette(colors::WINDOW_PALETTE).bits());
    });
}

/// How a new screen is shown while its tiles are being copied.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Reveal {
    /// Copied: the screen's own display.
    Done,
    /// Few rows changed: the last display stays (its tile set and window) until the copies
    /// are done, so a window, for one, appears whole.
    Hold,
    /// Most rows changed: the last picture stays, nothing copied, until the screen is drawn;
    /// then the whole canvas is copied with the LCD off.
    Whole,
}

/// What the main loop remembers between frames.
struct MainLoop {
    input: Input,
    /// The screen and tile set of the last frame (none before the first).
    screen: Option<ScreenId>,
    tileset: Option<Tileset>,
    /// The puzzle whose cells VRAM holds.
    cell_art: Playable,
    reveal: Reveal,
    /// The display last planned.
    display: Display,
    last_frame: u16,
    placed_cursor: Option<Cursor>,
    placed_keypad: Option<KeypadView>,
    /// The OAM shadow holds a cursor move not yet copied by DMA.
    cursor_moved: bool,
}

impl MainLoop {
    fn new() -> MainLoop {
        MainLoop {
            input: Input::new(RepeatTiming::DEFAULT),
            screen: None,
            tileset: None,
            cell_art: BOOT_CELL_ART,
            reveal: Reveal::Done,
            display: Display::BLANK,
            last_frame: frames(),
            // load_video hid every object.
            placed_cursor: None,
            placed_keypad: None,
            cursor_moved: false,
        }
    }

    /// One frame: input, update, the frame's VRAM work planned for the VBlank handler and
    /// waited for. In ROM bank 6, which has room (the screens are in bank 3).
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank6"))]
    #[inline(never)]
    fn step(&mut self, game: &mut Game, machine: &mut Machine) {
        let now = frames();
        let elapsed = now.wrapping_sub(self.last_frame).min(u16::from(u8::MAX)) as u8;
        self.last_frame = now;
        let (held, pressed) = take_buttons();
        let mut frame = self.input.update(held);
        frame.pressed |= pressed;
        frame.triggered |= pressed;
        game.update(&frame, elapsed, machine);
        // SAFETY: only the main loop writes LOOPS; the emulator reads it.
        unsafe { write_volatile(addr_of_mut!(LOOPS), read_volatile(addr_of!(LOOPS)).wrapping_add(1)) };

        // Asked once a frame: a screen's tile set takes a few thousand cycles to work out.
        let (screen, tileset) = (game.screen(), game.tileset());
        if Some(screen) != self.screen {
            // Copied a few rows a frame, background rows would show the old screen and the
            // new one mixed; window rows show only once the window is whole.
            let whole = Some(tileset) != self.tileset || game.canvas.has_dirty_rows(Layer::Background);
            self.reveal = if whole { Reveal::Whole } else { Reveal::Hold };
        }
        (self.screen, self.tileset) = (Some(screen), Some(tileset));
        if self.reveal == Reveal::Whole && game.is_drawn() {
            // A board of another puzzle than VRAM's cells are for: loaded with the copy (a
            // board's set differs from the last screen's, so its first picture comes here).
            let load = cell_art(tileset).filter(|&art| art != self.cell_art);
            copy_with_lcd_off(game, tileset, Display::of(game, tileset), load);
            if let Some(art) = load {
                self.cell_art = art;
            }
        }
        // Shown once the screen is drawn and its copies have completed it.
        if game.is_drawn() && game.canvas.is_flushed() {
            self.reveal = Reveal::Done;
        }
        if self.reveal == Reveal::Done {
            self.display = Display::of(game, tileset);
        }
        let copies = self.reveal != Reveal::Whole;
        self.cursor_moved = copy_in_vblank(game, spans_of(tileset), copies, self.cursor_moved, self.display);
        // The OAM shadow is rewritten (and copied by DMA) only when the cursor moved: each
        // object written costs about a thousand cycles of SDCC's code, a DMA over a line.
        let cursor = game.cursor();
        if cursor != self.placed_cursor {
            place_cursor(cursor);
            self.placed_cursor = cursor;
            self.cursor_moved = true;
        }
        let keypad = game.keypad();
        if keypad != self.placed_keypad {
            place_keypad(keypad, self.placed_keypad);
            self.placed_keypad = keypad;
            self.cursor_moved = true;
        }
    }
}

/// Called by crt0's VBlank handler at line 144 with all registers saved. Kept short: it must
/// leave the main loop most of VBlank, and everything it calls lives in ROM bank 0.
#[unsafe(no_mangle)]
pub extern "C" fn rust_vblank() {
    // SAFETY: handlers do not nest; the main loop reads these with interrupts off, and the
    // worker never touches them.
    unsafe {
        // SAFETY: crt0 calls the handler at line 144: VBlank has just begun.
        let vblank = VBlank::assume();
        if read_volatile(addr_of!(PLAN_READY)) {
            run_plan(&vblank);
            write_volatile(addr_of_mut!(PLAN_READY), false);
        } else {
            write_volatile(addr_of_mut!(LATE_FRAMES), read_volatile(addr_of!(LATE_FRAMES)).wrapping_add(1));
        }
        let frame = read_volatile(addr_of!(FRAMES)).wrapping_add(1);
        write_volatile(addr_of_mut!(FRAMES), frame);
        let sample = joypad::read().bits();
        let went_down = sample & !read_volatile(addr_of!(LAST_SAMPLE));
        write_volatile(addr_of_mut!(LAST_SAMPLE), sample);
        write_volatile(addr_of_mut!(BUTTONS_SEEN), read_volatile(addr_of!(BUTTONS_SEEN)) | sample);
        write_volatile(addr_of_mut!(PRESSES_SEEN), read_volatile(addr_of!(PRESSES_SEEN)) | went_down);
    }
    sound_tick();
}

/// The worker's entry (crt0 starts it on its own stack at the first `worker::run` after a
/// reset; it yields when this returns): runs the job `Platform::start_work` set.
#[unsafe(no_mangle)]
pub extern "C" fn rust_worker() {
    // SAFETY: WORKER_BUSY is set: WORK is the worker's until it is cleared below. Only the
    // worker uses this `Sram` while interrupts are off (`WorkerSram`), so the main program,
    // which never holds its own across `worker::run`, never runs while it is enabled.
    unsafe {
        let mut sram = WorkerSram(Sram::take());
        (*addr_of_mut!(WORK)).run(&mut sram);
        write_volatile(addr_of_mut!(WORKER_BUSY), false);
    }
}

/// Battery RAM as the worker writes it: a few bytes at a time with interrupts off, so that
/// the VBlank handler never stops the worker with the RAM enabled (the main program would go
/// on with it enabled, and disable it under the worker). Each piece holds VBlank off for
/// about a line (the handler's copies check the line they start on).
struct WorkerSram(Sram);

/// Bytes a piece: about 8 cycles a byte for `gb_copy`, besides the call.
const WORKER_SRAM_PIECE: usize = 16;

impl Storage for WorkerSram {
    fn read(&mut self, offset: u16, buffer: &mut [u8]) {
        for (at, piece) in (offset..).step_by(WORKER_SRAM_PIECE).zip(buffer.chunks_mut(WORKER_SRAM_PIECE)) {
            interrupts::without_interrupts(|| self.0.enable(SramBank::BANK_0).read_into(at, piece).unwrap());
        }
    }

    fn write(&mut self, offset: u16, bytes: &[u8]) {
        for (at, piece) in (offset..).step_by(WORKER_SRAM_PIECE).zip(bytes.chunks(WORKER_SRAM_PIECE)) {
            interrupts::without_interrupts(|| self.0.enable(SramBank::BANK_0).write_from(at, piece).unwrap());
        }
    }
}

fn write_text(access: &impl VramAccess, x: u8, y: u8, text: &[u8]) {
    for (offset, &byte) in text.iter().enumerate() {
        video::set_map_tile(access, TileMap::Map9800, x + offset as u8, y, font_tile(byte));
    }
}

/// A trap (failed bounds check, overflow, `unreachable`): show which function trapped, by the
/// id the back end's symbol map gives it (`target/hitori.build/`), and stop.
#[unsafe(no_mangle)]
pub extern "C" fn cbe_trap(function_id: u16) -> ! {
    interrupts::disable();
    show_crash(function_id);
    loop {
        interrupts::halt();
    }
}

/// The crash screen of [`cbe_trap`]. In ROM bank 3, which has room: bank 0 keeps what must
/// always be mapped, and the trampoline maps bank 3 from whichever bank the trap came.
#[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank3"))]
#[inline(never)]
fn show_crash(function_id: u16) {
    lcd::with_lcd_off(|off| {
        // The font may not be loaded yet if the trap came early.
        let _ = video::load_packed_tiles(off, TileAddressing::Signed8800, assets::UI_FIRST_TILE, &assets::UI_TILES);
        video::fill_map(off, TileMap::Map9800, assets::TILE_BLANK);
        write_text(off, 5, 6, b"CRASHED!");
        write_text(off, 3, 9, b"IN FUNCTION");
        let [high, low] = function_id.to_be_bytes();
        write_text(off, 15, 9, &serial::hex_digits(high));
        write_text(off, 17, 9, &serial::hex_digits(low));
        lcd::BGP.write(Palette::IDENTITY);
        lcd::set_scroll(0, 0);
        lcd::set_control(LcdControl::BG_WINDOW_ON);
    });
}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    // Unreachable with -Cpanic=immediate-abort (panics become traps); kept for the compiler.
    cbe_trap(u16::MAX)
}

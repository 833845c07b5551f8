//! The entry points crt0 calls (docs/ARCHITECTURE.md): `rust_main`, `rust_vblank` and
//! `cbe_trap`, and the glue between the hardware and the pure game in `crate::game`.
//!
//! The main loop is the usual homebrew one: take the joypad state the VBlank handler latched,
//! update the game (which draws into its `Canvas` in WRAM), plan the frame's VRAM work and
//! wait for VBlank. The VBlank handler does the planned work first thing at line 144 (OAM DMA
//! when the cursor moved, window registers, as many tile copies as VBlank allows), so the
//! copies get all of VBlank; the main loop then marks what was copied. A new screen (another
//! tile set, or most rows changed) is drawn with the LCD off instead, which takes about a
//! frame and never tears.

use core::ptr::{addr_of, addr_of_mut, read_volatile, write_volatile};

use gb_hal::interrupts::{self, Interrupts};
use gb_hal::joypad::{self, Buttons, Input, RepeatTiming};
use gb_hal::lcd::{self, LcdControl, Palette};
use gb_hal::oam::{self, ObjectAttributes, SHADOW_OAM};
use gb_hal::serial;
use gb_hal::sram::{Sram, SramBank};
use gb_hal::timer;
use gb_hal::video::{self, TileAddressing, TileMap, VBlank, VramAccess, VramAddress};
use heapless::Vec;

use crate::assets::{self, font_tile};
use crate::game::canvas::{Layer, Run};
use crate::game::save::Storage;
use crate::game::{Cursor, Game, Platform, SPINNER_X, SPINNER_Y, Tileset};

/// Background tiles use signed ("$8800") addressing, as `build.rs` lays them out.
const ADDRESSING: TileAddressing = TileAddressing::Signed8800;
/// A new screen with more dirty rows than this is copied with the LCD off: at a few rows per
/// VBlank it would otherwise build up visibly over several frames. (Within a screen, such as
/// many cells changing at once in play, rows are copied in VBlank: no white flash.)
const FULL_REDRAW_ROWS: u32 = 8;
/// No copy starts at or after this line: a copy (at most one row of 20 tiles, up to about
/// three lines' time with SDCC's code) must end before line 153 does. `make bench-rom` prints
/// the latest line the copies ended on.
const LAST_COPY_LINE: u8 = 149;
/// Copies planned per frame: more than VBlank has time for, so that VBlank is never left
/// idle; the rest wait for the next frame.
const COPIES_PER_FRAME: usize = 8;
/// Objects 0-3 draw the cursor: a 16x16 frame needs four, an 8x8 frame one.
const CURSOR_OBJECTS: u8 = 4;
/// The background and window always on, objects on, the window reading map 0x9C00; the
/// window itself is switched per frame.
const CONTROL: LcdControl = LcdControl::BG_WINDOW_ON.union(LcdControl::OBJ_ON).union(LcdControl::WINDOW_MAP_9C00);
/// The spinner's dots advance every this many frames (a power of two: a mask).
const SPINNER_FRAMES: u16 = 16;

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
/// While set, the VBlank handler animates the spinner (the main loop is in the generator).
static mut BUSY: bool = false;
/// What the VBlank handler does for the main loop at the next VBlank. Plain arrays rather
/// than a list of structs: LLVM packs small structs into wide integers, which SDCC handles
/// with slow helper calls.
struct VblankPlan {
    /// The OAM shadow changed: copy it.
    dma: bool,
    window_y: Option<u8>,
    count: u8,
    to: [u16; COPIES_PER_FRAME],
    from: [*const u8; COPIES_PER_FRAME],
    len: [u8; COPIES_PER_FRAME],
    /// Set by the handler: how many copies it made.
    copied: u8,
}

/// Written by the main loop only while `PLAN_READY` is false, read by the handler only while
/// it is true.
static mut PLAN: VblankPlan = VblankPlan {
    dma: false,
    window_y: None,
    count: 0,
    to: [0; COPIES_PER_FRAME],
    from: [core::ptr::null(); COPIES_PER_FRAME],
    len: [0; COPIES_PER_FRAME],
    copied: 0,
};
/// Set by the main loop when `PLAN` is ready, cleared by the handler when it is done.
static mut PLAN_READY: bool = false;
/// The line on which the handler's last VRAM copies ended: `make bench-rom` checks that it
/// stays inside VBlank (144-153; 153 reads as 0).
#[unsafe(no_mangle)]
static mut COPIES_END_LINE: u8 = 0;
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

/// The cartridge's battery-backed RAM and the console's entropy, as the game sees them.
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
    fn set_busy(&mut self, busy: bool) {
        // SAFETY: a byte the handler only reads.
        unsafe { write_volatile(addr_of_mut!(BUSY), busy) };
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

fn write_run(access: &impl VramAccess, layer: Layer, x: u8, y: u8, tiles: &[u8]) {
    // A canvas run is at most one 20-tile row of a 32-tile map row: it always fits.
    video::copy(access, map_of(layer).address(x, y), tiles).unwrap();
}

fn load_tileset(access: &impl VramAccess, tileset: Tileset) {
    let tiles: &[u8] = match tileset {
        Tileset::Logo => &assets::LOGO_TILES,
        Tileset::BigCells => &assets::BIG_CELL_TILES,
        Tileset::SmallCells => &assets::SMALL_CELL_TILES,
    };
    // Sizes are checked when the assets are built: a failure here is a build mistake.
    video::load_tiles(access, ADDRESSING, assets::BOARD_FIRST_TILE, tiles).unwrap();
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

/// The window registers for this frame; written in VBlank so a frame never shows half of it.
fn show_window(window_y: Option<u8>) {
    match window_y {
        Some(y) => {
            lcd::set_window_position(0, y);
            lcd::set_control(CONTROL.union(LcdControl::WINDOW_ON).union(LcdControl::LCD_ON));
        }
        None => lcd::set_control(CONTROL.union(LcdControl::LCD_ON)),
    }
}

fn in_copy_time() -> bool {
    // Line 153 reads as 0 on the DMG: the lower bound rejects it too.
    (lcd::FIRST_VBLANK_LINE..LAST_COPY_LINE).contains(&lcd::current_line())
}

/// Hands the canvas's next copies, the window and the OAM shadow to the VBlank handler, waits
/// for it, and marks what it copied. Returns whether the OAM DMA is still to be done.
fn copy_in_vblank(game: &mut Game, dma: bool) -> bool {
    let mut runs: Vec<Run, COPIES_PER_FRAME> = Vec::new();
    game.canvas.next_runs(&mut runs);
    let window_y = game.window_y();
    interrupts::without_interrupts(|| {
        // SAFETY: the handler reads PLAN only while PLAN_READY is set, and cannot run here.
        // The pointers are into GAME, which the main loop leaves alone until the handler has
        // run (it halts below).
        let plan = unsafe { &mut *addr_of_mut!(PLAN) };
        for (i, run) in runs.iter().enumerate() {
            plan.to[i] = map_of(run.layer).address(run.x, run.y).get();
            plan.from[i] = game.canvas.run_tiles(run).as_ptr();
            plan.len[i] = run.len;
        }
        plan.count = runs.len() as u8;
        plan.window_y = window_y;
        plan.dma = dma;
        plan.copied = 0;
        // SAFETY: as above; the call that re-enables interrupts orders these stores first.
        unsafe { write_volatile(addr_of_mut!(PLAN_READY), true) };
    });
    // SAFETY: a byte the handler clears.
    while unsafe { read_volatile(addr_of!(PLAN_READY)) } {
        interrupts::halt();
    }
    // SAFETY: the handler is done with PLAN until PLAN_READY is set again.
    let (copied, dma_pending) = unsafe { (read_volatile(addr_of!(PLAN.copied)), read_volatile(addr_of!(PLAN.dma))) };
    game.canvas.written(usize::from(copied));
    dma_pending
}

/// The handler's part of `copy_in_vblank`, at the start of VBlank.
fn run_plan(vblank: &VBlank) {
    // SAFETY: called only while PLAN_READY is set, when the main loop leaves PLAN alone.
    let plan = unsafe { &mut *addr_of_mut!(PLAN) };
    // The handler may start late (interrupts held off a moment): no DMA then, and it stays
    // planned (`plan.dma` is left set) for the next frame.
    if plan.dma && in_copy_time() {
        oam::dma(vblank);
        plan.dma = false;
    }
    show_window(plan.window_y);
    let mut copied = 0;
    while copied < plan.count && in_copy_time() {
        let i = usize::from(copied);
        // SAFETY: `from` points at `len` canvas tiles (see `copy_in_vblank`); `to` is a
        // tile-map address, and a run is at most one 20-tile row of a 32-tile map row.
        let tiles = unsafe { core::slice::from_raw_parts(plan.from[i], usize::from(plan.len[i])) };
        if let Some(to) = VramAddress::new(plan.to[i]) {
            video::copy(vblank, to, tiles).unwrap();
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
    lcd::with_lcd_off(|off| {
        video::load_tiles(off, ADDRESSING, assets::UI_FIRST_TILE, &assets::UI_TILES).unwrap();
        video::load_tiles(off, TileAddressing::Unsigned8000, assets::CURSOR_FIRST_OBJ_TILE, &assets::CURSOR_TILES).unwrap();
        // VRAM and OAM hold noise at power-on: clear what the canvas does not cover.
        video::fill_map(off, TileMap::Map9800, assets::TILE_BLANK);
        video::fill_map(off, TileMap::Map9C00, assets::TILE_BLANK);
        SHADOW_OAM.hide_from(0);
        oam::dma(off);
        lcd::set_scroll(0, 0);
        lcd::BGP.write(Palette::IDENTITY);
        lcd::OBP0.write(Palette::IDENTITY);
        lcd::set_control(CONTROL);
    });
    interrupts::enable(Interrupts::VBLANK);

    let mut input = Input::new(RepeatTiming::DEFAULT);
    let mut tileset = None;
    let mut screen = game.screen();
    let mut last_frame = frames();
    let mut placed_cursor = None;
    let mut cursor_moved = false;
    loop {
        let now = frames();
        let elapsed = now.wrapping_sub(last_frame).min(u16::from(u8::MAX)) as u8;
        last_frame = now;
        let (held, pressed) = take_buttons();
        let mut frame = input.update(held);
        frame.pressed |= pressed;
        frame.triggered |= pressed;
        game.update(&frame, elapsed, &mut machine);
        // SAFETY: only the main loop writes LOOPS; the emulator reads it.
        unsafe { write_volatile(addr_of_mut!(LOOPS), read_volatile(addr_of!(LOOPS)).wrapping_add(1)) };

        let wanted = game.tileset();
        let new_screen = game.screen() != screen;
        screen = game.screen();
        if tileset != Some(wanted) || (new_screen && game.canvas.dirty_row_count() > FULL_REDRAW_ROWS) {
            lcd::with_lcd_off(|off| {
                if tileset != Some(wanted) {
                    load_tileset(off, wanted);
                }
                game.canvas.flush(|layer, x, y, tiles| write_run(off, layer, x, y, tiles), || true);
                oam::dma(off);
            });
            cursor_moved = false;
            tileset = Some(wanted);
            show_window(game.window_y());
        } else {
            cursor_moved = copy_in_vblank(game, cursor_moved);
        }
        // The OAM shadow is rewritten (and copied by DMA) only when the cursor moved: each
        // object written costs about a thousand cycles of SDCC's code, a DMA over a line.
        let cursor = game.cursor();
        if cursor != placed_cursor {
            place_cursor(cursor);
            placed_cursor = cursor;
            cursor_moved = true;
        }
    }
}

/// Called by crt0's VBlank handler at line 144 with all registers saved. Kept short: it must
/// leave the main loop most of VBlank, and everything it calls lives in ROM bank 0.
#[unsafe(no_mangle)]
pub extern "C" fn rust_vblank() {
    // SAFETY: handlers do not nest; the main loop reads these with interrupts off (or, for
    // BUSY, only writes it).
    unsafe {
        // SAFETY: crt0 calls the handler at line 144: VBlank has just begun.
        let vblank = VBlank::assume();
        if read_volatile(addr_of!(PLAN_READY)) {
            run_plan(&vblank);
            write_volatile(addr_of_mut!(PLAN_READY), false);
        }
        let frame = read_volatile(addr_of!(FRAMES)).wrapping_add(1);
        write_volatile(addr_of_mut!(FRAMES), frame);
        let sample = joypad::read().bits();
        let went_down = sample & !read_volatile(addr_of!(LAST_SAMPLE));
        write_volatile(addr_of_mut!(LAST_SAMPLE), sample);
        write_volatile(addr_of_mut!(BUTTONS_SEEN), read_volatile(addr_of!(BUTTONS_SEEN)) | sample);
        write_volatile(addr_of_mut!(PRESSES_SEEN), read_volatile(addr_of!(PRESSES_SEEN)) | went_down);
        if read_volatile(addr_of!(BUSY)) && frame & (SPINNER_FRAMES - 1) == 0 {
            // Three tiles: while busy there is no plan, so VBlank is the spinner's alone.
            let dots = (frame / SPINNER_FRAMES) % 4;
            for i in 0..3u16 {
                let tile = if i < dots { font_tile(b'.') } else { assets::TILE_BLANK };
                video::set_map_tile(&vblank, TileMap::Map9800, SPINNER_X + i as u8, SPINNER_Y, tile);
            }
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
    lcd::with_lcd_off(|off| {
        // The font may not be loaded yet if the trap came early.
        let _ = video::load_tiles(off, ADDRESSING, assets::UI_FIRST_TILE, &assets::UI_TILES);
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
    loop {
        interrupts::halt();
    }
}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    // Unreachable with -Cpanic=immediate-abort (panics become traps); kept for the compiler.
    cbe_trap(u16::MAX)
}

//! The entry points crt0 calls (docs/ARCHITECTURE.md): `rust_main`, `rust_vblank` and
//! `cbe_trap`. Until the game's screens land (issue #4) the ROM shows its title screen, and a
//! trap shows the crash screen.

use core::ptr::{addr_of, addr_of_mut, read_volatile, write_volatile};

use gb_hal::interrupts::{self, Interrupts};
use gb_hal::lcd::{self, LcdControl, Palette};
use gb_hal::serial;
use gb_hal::video::{self, TileAddressing, TileMap, VramAccess};

use crate::assets::{self, font_tile};

const MAP: TileMap = TileMap::Map9800;
const LOGO_X: u8 = 1;
const LOGO_Y: u8 = 3;
const PROMPT: &[u8] = b"PRESS START";
const PROMPT_X: u8 = 4;
const PROMPT_Y: u8 = 11;
/// The prompt blinks with this period, in frames (a power of two: a mask, not a division).
const BLINK_FRAMES: u16 = 64;

/// Frames since power-on, counted by the VBlank handler.
static mut FRAMES: u16 = 0;

fn frames() -> u16 {
    // SAFETY: a 16-bit read the VBlank handler may interleave with; a torn value only makes
    // the prompt blink one frame early.
    unsafe { read_volatile(addr_of!(FRAMES)) }
}

fn write_text(access: &impl VramAccess, x: u8, y: u8, text: &[u8]) {
    for (offset, &byte) in text.iter().enumerate() {
        video::set_map_tile(access, MAP, x + offset as u8, y, font_tile(byte));
    }
}

fn blank_text(access: &impl VramAccess, x: u8, y: u8, len: u8) {
    for offset in 0..len {
        video::set_map_tile(access, MAP, x + offset, y, assets::TILE_BLANK);
    }
}

#[unsafe(no_mangle)]
pub extern "C" fn rust_main() -> ! {
    lcd::with_lcd_off(|off| {
        // Tile data that does not fit is a build-time mistake in the assets: trap at once.
        video::load_tiles(off, TileAddressing::Signed8800, assets::UI_FIRST_TILE, &assets::UI_TILES).unwrap();
        video::load_tiles(off, TileAddressing::Signed8800, assets::LOGO_FIRST_TILE, &assets::LOGO_TILES).unwrap();
        video::fill_map(off, MAP, assets::TILE_BLANK);
        let mut tile = assets::LOGO_FIRST_TILE;
        for y in 0..assets::LOGO_HEIGHT_TILES {
            for x in 0..assets::LOGO_WIDTH_TILES {
                video::set_map_tile(off, MAP, LOGO_X + x, LOGO_Y + y, tile);
                tile += 1;
            }
        }
        write_text(off, PROMPT_X, PROMPT_Y, PROMPT);
        lcd::BGP.write(Palette::IDENTITY);
        // Signed tile addressing (0x8800) for the background, map at 0x9800, as the assets expect.
        lcd::set_control(LcdControl::BG_WINDOW_ON);
    });
    interrupts::enable(Interrupts::VBLANK);
    loop {
        video::during_vblank(|vblank| {
            if frames() & (BLINK_FRAMES - 1) < BLINK_FRAMES / 2 {
                write_text(vblank, PROMPT_X, PROMPT_Y, PROMPT);
            } else {
                blank_text(vblank, PROMPT_X, PROMPT_Y, PROMPT.len() as u8);
            }
        });
    }
}

#[unsafe(no_mangle)]
pub extern "C" fn rust_vblank() {
    // SAFETY: only this handler writes FRAMES, and handlers do not nest.
    unsafe { write_volatile(addr_of_mut!(FRAMES), read_volatile(addr_of!(FRAMES)).wrapping_add(1)) };
}

/// A trap (failed bounds check, overflow, `unreachable`): show which function trapped, by the
/// id the back end's symbol map gives it (`target/hitori.build/`), and stop.
#[unsafe(no_mangle)]
pub extern "C" fn cbe_trap(function_id: u16) -> ! {
    interrupts::disable();
    lcd::with_lcd_off(|off| {
        // The font may not be loaded yet if the trap came early.
        let _ = video::load_tiles(off, TileAddressing::Signed8800, assets::UI_FIRST_TILE, &assets::UI_TILES);
        video::fill_map(off, MAP, assets::TILE_BLANK);
        write_text(off, 5, 6, b"CRASHED!");
        write_text(off, 3, 9, b"IN FUNCTION");
        let [high, low] = function_id.to_be_bytes();
        write_text(off, 15, 9, &serial::hex_digits(high));
        write_text(off, 17, 9, &serial::hex_digits(low));
        lcd::BGP.write(Palette::IDENTITY);
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

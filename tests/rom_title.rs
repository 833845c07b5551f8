//! The ROM in the emulator: boots to the title screen, whose background map shows the logo
//! and a blinking prompt. Builds `target/hitori.gb` when it is missing or out of date.


use gbemu::Console;
use hitori::assets::{self, font_tile};

const MAP: u16 = 0x9800;
const MAP_WIDTH: u16 = 32;

/// The game's ROM, built first when missing or out of date (`gbrom::game_rom`), powered on.
fn boot() -> Console {
    let rom = gbrom::game_rom().unwrap_or_else(|e| panic!("building the ROM: {e}")).rom;
    Console::from_file(&rom).expect("the emulator loads the ROM")
}

/// The tile numbers of one map row, `len` tiles from column `x`.
fn map_row(console: &Console, x: u16, y: u16, len: u16) -> Vec<u8> {
    let vram = console.vram();
    let start = usize::from(MAP - 0x8000 + y * MAP_WIDTH + x);
    vram[start..start + usize::from(len)].to_vec()
}

fn text_tiles(text: &[u8]) -> Vec<u8> {
    text.iter().map(|&b| font_tile(b)).collect()
}

#[test]
fn title_screen_shows_logo_and_blinking_prompt() {
    let mut console = boot();
    // Boot loads every tile set with the LCD off and reads the saves: about half a second.
    let width = usize::from(assets::LOGO_WIDTH_TILES);
    let logo_shown = |console: &Console| {
        assets::LOGO_MAP.chunks(width).enumerate().all(|(y, row)| map_row(console, 1, 3 + y as u16, width as u16) == row)
    };
    let mut frames = 0;
    while !logo_shown(&console) {
        assert!(frames < 60, "no logo after {frames} frames");
        console.run_frames(1);
        frames += 1;
    }

    // Over two blink periods (64 frames each) the prompt is shown half the time, whatever
    // the phase boot left it in.
    let prompt = text_tiles(b"PRESS START");
    let blank = vec![assets::TILE_BLANK; prompt.len()];
    let (mut shown, mut hidden) = (0, 0);
    for _ in 0..128 {
        console.run_frames(1);
        let row = map_row(&console, 4, 11, prompt.len() as u16);
        if row == prompt {
            shown += 1;
        } else if row == blank {
            hidden += 1;
        } else {
            panic!("prompt row holds neither the prompt nor blanks: {row:?}");
        }
    }
    assert!(shown >= 60 && hidden >= 60, "blink: shown {shown} frames, hidden {hidden} of 128");

    // The tile data behind the logo is the PNG's: the title shows it with "$8000" addressing
    // (LCDC bit 4).
    assert_ne!(console.read(0xFF40) & 0x10, 0, "the title shows background tiles from 0x8000");
    let vram = console.vram();
    let (mut at, mut packed) = (usize::from(assets::LOGO_FIRST_TILE) * 16, &assets::LOGO_TILES[..]);
    let mut tile = [0; 16];
    while !packed.is_empty() {
        let len = gb_hal::video::unpack_tile(packed, &mut tile).expect("whole packed tiles");
        assert_eq!(&vram[at..at + 16], &tile[..], "logo tile at VRAM 0x{:04X}", 0x8000 + at);
        (at, packed) = (at + 16, &packed[len..]);
    }
}

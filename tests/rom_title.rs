//! The ROM in the emulator: boots to the title screen, whose background map shows the logo
//! and a blinking prompt. Needs `target/hitori.gb` (`make rom`, which `make test` runs first).

use std::path::Path;

use gbemu::Console;
use hitori::assets::{self, font_tile};

const MAP: u16 = 0x9800;
const MAP_WIDTH: u16 = 32;

fn boot() -> Console {
    let rom = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/hitori.gb");
    assert!(rom.exists(), "{} is missing: run `make rom` first", rom.display());
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
    console.run_frames(30);
    let logo_row: Vec<u8> = (0..assets::LOGO_WIDTH_TILES).map(|x| assets::LOGO_FIRST_TILE + x).collect();
    assert_eq!(map_row(&console, 1, 3, 18), logo_row, "first logo row");

    // Over one blink period the prompt is both shown and hidden.
    let prompt = text_tiles(b"PRESS START");
    let blank = vec![assets::TILE_BLANK; prompt.len()];
    let (mut shown, mut hidden) = (0, 0);
    for _ in 0..64 {
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
    assert!(shown >= 28 && hidden >= 28, "blink: shown {shown} frames, hidden {hidden} of 64");

    // The tile data behind the logo is the PNG's. With signed (0x8800) addressing, tiles
    // 0..=127 live from 0x9000, so tile 55 is at 0x9000 + 55 * 16.
    let vram = console.vram();
    let first_logo_tile = 0x1000 + usize::from(assets::LOGO_FIRST_TILE) * 16;
    assert_eq!(&vram[first_logo_tile..first_logo_tile + 16], &assets::LOGO_TILES[..16]);
}

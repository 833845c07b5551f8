//! The Game Boy Color's palettes for the game (`gb_hal::cgb`): loaded at boot on a Color; the
//! original Game Boy keeps its greys. Colour index n of each palette stands for grey n of the
//! tile art (assets/README.md: white, light grey, dark grey, black).

use gb_hal::cgb::{Color, ColorPalette};

use super::Tileset;
use super::boards::Playable;

/// The palette of the background (palette 0) on a screen of `tileset`: the menus' on the
/// text screens, each puzzle's own on its board. Loaded with each whole screen's copy (every
/// change of tile set makes one).
pub fn background(tileset: Tileset) -> ColorPalette {
    match tileset {
        Tileset::Logo => MENUS,
        Tileset::BigCells(puzzle) | Tileset::SmallCells(puzzle) => board(puzzle),
    }
}

/// A puzzle's board and its text: warm paper, a grid of the puzzle's accent, its shading and
/// near-black ink.
pub fn board(puzzle: Playable) -> ColorPalette {
    match puzzle {
        Playable::Hitori => HITORI,
        Playable::Lizards => LIZARDS,
    }
}

/// Hitori: a blue-grey grid, navy shading.
pub const HITORI: ColorPalette =
    ColorPalette([Color::rgb(31, 30, 26), Color::rgb(17, 22, 27), Color::rgb(6, 10, 19), Color::rgb(2, 3, 8)]);

/// Baby Lizards: a leaf-green grid, forest-green trees and lizards.
pub const LIZARDS: ColorPalette =
    ColorPalette([Color::rgb(30, 31, 25), Color::rgb(17, 25, 13), Color::rgb(5, 14, 7), Color::rgb(2, 6, 3)]);

/// The title and the new-game screen: paper, teal, deep teal, ink.
pub const MENUS: ColorPalette =
    ColorPalette([Color::rgb(31, 30, 26), Color::rgb(16, 24, 24), Color::rgb(5, 13, 16), Color::rgb(2, 3, 8)]);

/// Background palette 1, the window layer (the pause menu, the hint banner, the solved
/// screen: its map's attributes point here from boot): warm cream, sand, brown, ink.
pub const WINDOW: ColorPalette =
    ColorPalette([Color::rgb(31, 31, 23), Color::rgb(26, 21, 12), Color::rgb(14, 8, 4), Color::rgb(4, 2, 2)]);

/// The window's palette number.
pub const WINDOW_PALETTE: u8 = 1;

/// Object palette 0, the cursor (index 0 is transparent): orange to dark red.
pub const CURSOR: ColorPalette =
    ColorPalette([Color::WHITE, Color::rgb(31, 20, 6), Color::rgb(27, 9, 4), Color::rgb(16, 3, 2)]);

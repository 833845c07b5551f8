//! The Game Boy Color's palettes for the game (`gb_hal::cgb`): loaded at boot on a Color; the
//! original Game Boy keeps its greys. Colour index n of each palette stands for grey n of the
//! tile art (assets/README.md: white, light grey, dark grey, black).

use gb_hal::cgb::{Color, ColorPalette, PaletteSpans};

use super::Tileset;
use super::boards::Playable;

/// The background's palettes from palette 0 on a screen of `tileset`: the menus' on the text
/// screens; on a board, the puzzle's own, then its errors' and its hints' (palettes 1 and 2,
/// which the cells of `spans` use). Loaded with each whole screen's copy (every change of
/// tile set makes one).
pub fn background(tileset: Tileset) -> &'static [ColorPalette] {
    match tileset {
        Tileset::Logo => &[MENUS],
        Tileset::BigCells(puzzle) | Tileset::SmallCells(puzzle) => board(puzzle),
    }
}

/// The tiles of `tileset` drawn in the error and hint palettes (`background`).
pub fn spans(tileset: Tileset) -> PaletteSpans {
    match tileset {
        Tileset::Logo => PaletteSpans::NONE,
        Tileset::BigCells(puzzle) => puzzle.highlighted_tiles(true),
        Tileset::SmallCells(puzzle) => puzzle.highlighted_tiles(false),
    }
}

/// A puzzle's board and its text (warm paper, a grid of the puzzle's accent, its shading and
/// near-black ink), then its error and hint cells.
pub fn board(puzzle: Playable) -> &'static [ColorPalette] {
    match puzzle {
        Playable::Hitori => &HITORI_BOARD,
        Playable::Lizards => &LIZARDS_BOARD,
        Playable::Sudoku => &SUDOKU_BOARD,
        Playable::Numberlink => &NUMBERLINK_BOARD,
    }
}

const HITORI_BOARD: [ColorPalette; 3] = with_highlights(HITORI);
const LIZARDS_BOARD: [ColorPalette; 3] = with_highlights(LIZARDS);
const SUDOKU_BOARD: [ColorPalette; 3] = with_highlights(SUDOKU);
const NUMBERLINK_BOARD: [ColorPalette; 3] = with_highlights(NUMBERLINK);

/// `board`, then the same with its shading red and its paper pink (errors: the art's
/// hatching and fills are its shade 2), then with its light grey gold and its shading amber
/// (hints: a light fill, a dark border). The grid and the ink stay the board's.
const fn with_highlights(board: ColorPalette) -> [ColorPalette; 3] {
    let [paper, grid, _, ink] = board.0;
    [
        board,
        ColorPalette([Color::rgb(31, 25, 23), grid, Color::rgb(26, 5, 4), ink]),
        ColorPalette([paper, Color::rgb(31, 27, 12), Color::rgb(27, 16, 2), ink]),
    ]
}

/// Hitori: a blue-grey grid, navy shading.
pub const HITORI: ColorPalette =
    ColorPalette([Color::rgb(31, 30, 26), Color::rgb(17, 22, 27), Color::rgb(6, 10, 19), Color::rgb(2, 3, 8)]);

/// Baby Lizards: a leaf-green grid, forest-green trees and lizards.
pub const LIZARDS: ColorPalette =
    ColorPalette([Color::rgb(30, 31, 25), Color::rgb(17, 25, 13), Color::rgb(5, 14, 7), Color::rgb(2, 6, 3)]);

/// Sudoku: a lavender grid, the player's digits in blue (the art's dark grey), the givens
/// and the boxes' lines in ink.
pub const SUDOKU: ColorPalette =
    ColorPalette([Color::rgb(31, 30, 26), Color::rgb(22, 20, 28), Color::rgb(4, 9, 24), Color::rgb(2, 3, 8)]);

/// Numberlink: sky-blue number discs and dots, the paths and numbers in ink (the art's dark
/// grey, the errors' paths, shows red in the error palette).
pub const NUMBERLINK: ColorPalette =
    ColorPalette([Color::rgb(31, 30, 26), Color::rgb(18, 24, 30), Color::rgb(8, 12, 22), Color::rgb(2, 3, 8)]);

/// The title and the new-game screen: paper, teal, deep teal, ink.
pub const MENUS: ColorPalette =
    ColorPalette([Color::rgb(31, 30, 26), Color::rgb(16, 24, 24), Color::rgb(5, 13, 16), Color::rgb(2, 3, 8)]);

/// Background palette 3, the window layer (the pause menu, the hint banner, the solved
/// screen: its map's attributes point here from boot): warm cream, sand, brown, ink.
pub const WINDOW: ColorPalette =
    ColorPalette([Color::rgb(31, 31, 23), Color::rgb(26, 21, 12), Color::rgb(14, 8, 4), Color::rgb(4, 2, 2)]);

/// The window's palette number.
pub const WINDOW_PALETTE: u8 = 3;

/// Object palette 0, the cursor (index 0 is transparent): orange to dark red.
pub const CURSOR: ColorPalette =
    ColorPalette([Color::WHITE, Color::rgb(31, 20, 6), Color::rgb(27, 9, 4), Color::rgb(16, 3, 2)]);

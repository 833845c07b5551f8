//! The Game Boy Color's palettes for the game (`gb_hal::cgb`): loaded at boot on a Color; the
//! original Game Boy keeps its greys. Colour index n of each palette stands for grey n of the
//! tile art (assets/README.md: white, light grey, dark grey, black).

use gb_hal::cgb::{Color, ColorPalette};

/// Background palette 0, the board and the text: warm paper, a blue-grey grid, navy shading,
/// near-black ink.
pub const BOARD: ColorPalette =
    ColorPalette([Color::rgb(31, 30, 26), Color::rgb(17, 22, 27), Color::rgb(6, 10, 19), Color::rgb(2, 3, 8)]);

/// Object palette 0, the cursor (index 0 is transparent): orange to dark red.
pub const CURSOR: ColorPalette =
    ColorPalette([Color::WHITE, Color::rgb(31, 20, 6), Color::rgb(27, 9, 4), Color::rgb(16, 3, 2)]);

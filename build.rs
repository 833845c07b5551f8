//! Build script of the game crate: turns the tile art in `assets/*.png` into Game Boy 2bpp
//! tile data and writes `$OUT_DIR/assets.rs`, which the game includes with
//! `include!(concat!(env!("OUT_DIR"), "/assets.rs"))`.
//!
//! The PNGs are the source of truth (drawn by `assets/src/draw_assets.py`; layout in
//! `assets/README.md`). Each pixel must be one of the four DMG greys, 255/170/85/0, which
//! become colour indices 0-3; greyscale and indexed or RGB(A) PNGs with opaque grey pixels are
//! accepted. Anything else stops the build with the file and pixel at fault.
//!
//! VRAM plan the constants encode: every tile set is loaded at boot with the LCD off, so a
//! screen change reloads no tile data but a puzzle's cells; it switches the background's
//! addressing (`LCDC.4`), a register write in VBlank (Pan Docs "VRAM Tile Data"). Each
//! puzzle's cells go where Hitori's are, loaded (with the LCD off, as a board's first picture
//! is copied) when a board of another puzzle than the last one shows:
//! - block 1 (0x8800), tiles 128..=255 in both addressings: the end of the 16x16 cells, the
//!   cursors (objects) and, last, the UI set (font and frame) that every screen shows;
//! - block 2 (0x9000), tiles 0..=127 with "$8800" addressing: the start of the 16x16 cells;
//! - block 0 (0x8000), tiles 0..=127 with "$8000" addressing: the 8x8 cells and the title
//!   logo (its repeated tiles stored once).
//!
//! The build checks that no two sets share VRAM.
//!
//! It also compiles `assets/sounds.txt` (format in that file) into `$OUT_DIR/sounds.rs`: the
//! table `gb_hal::sound_effects::Player` plays, encoded with the HAL's own `Step`.

use gb_hal::sound::{Direction, Duty, Envelope, NoiseControl, Period};
use gb_hal::sound_effects::{CHANNELS, NO_TRACK, Step};
use gb_hal::video::{TileAddressing, encode_tile_row, pack_tile};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::{env, fs};

/// The characters of `assets/font.png`, cell by cell, left to right and top to bottom.
/// Cell 0, the space, is blank and doubles as the blank background tile.
const FONT_CHARS: &str = " ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789:.-/x><?!";
const FONT_COLUMNS: usize = 16;

/// Cell variants: one row each in the cell sheets, in this order.
const CELL_VARIANTS: [&str; 5] = ["PLAIN", "SHADED", "CIRCLED", "ERROR", "HINT"];
const BIG_CELL_MAX_NUMBER: usize = 9;
const SMALL_CELL_MAX_NUMBER: usize = 15;
/// Baby Lizards' cells: the marks a sheet row holds, and the highlights, a row each.
const LIZARD_MARKS: [&str; 4] = ["FREE", "TREE", "LIZARD", "EMPTY"];
const LIZARD_HIGHLIGHTS: [&str; 3] = ["PLAIN", "ERROR", "HINT"];
/// Sudoku's sheet, 10 tiles a row: a row per cell style (a blank, then digits 1-9), then the
/// line tiles.
const SUDOKU_STYLES: [&str; 4] = ["GIVEN", "ENTERED", "ERROR", "HINT"];
const SUDOKU_LINES: [&str; 8] = [
    "THIN_DOWN",
    "THICK_DOWN",
    "THIN_ACROSS",
    "THICK_ACROSS",
    "THIN_DOWN_THIN_ACROSS",
    "THIN_DOWN_THICK_ACROSS",
    "THICK_DOWN_THIN_ACROSS",
    "THICK_DOWN_THICK_ACROSS",
];
const SUDOKU_COLUMNS: usize = 10;
/// Cells that may show pencil marks, each in a tile of its own drawn at run time.
const SUDOKU_PENCIL_TILES: usize = 81;

/// Frame tiles in `assets/frame.png`, a 3x3-tile sheet read row by row.
const FRAME_PARTS: [&str; 9] =
    ["TOP_LEFT", "TOP", "TOP_RIGHT", "LEFT", "INSIDE", "RIGHT", "BOTTOM_LEFT", "BOTTOM", "BOTTOM_RIGHT"];

type Tile = [u8; 16];

/// A PNG as DMG colour indices, row-major.
struct Sheet {
    path: PathBuf,
    width: usize,
    height: usize,
    colors: Vec<u8>,
}

fn color_index(grey: u8) -> Option<u8> {
    match grey {
        255 => Some(0),
        170 => Some(1),
        85 => Some(2),
        0 => Some(3),
        _ => None,
    }
}

impl Sheet {
    fn load(path: PathBuf) -> Sheet {
        let file = fs::File::open(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
        let mut decoder = png::Decoder::new(file);
        // Palette and low bit depths become 8-bit greyscale or RGB(A).
        decoder.set_transformations(png::Transformations::normalize_to_color8());
        let mut reader = decoder.read_info().unwrap_or_else(|error| panic!("{}: {error}", path.display()));
        let mut buffer = vec![0; reader.output_buffer_size()];
        let frame = reader.next_frame(&mut buffer).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
        let channels = match frame.color_type {
            png::ColorType::Grayscale => 1,
            png::ColorType::GrayscaleAlpha => 2,
            png::ColorType::Rgb => 3,
            png::ColorType::Rgba => 4,
            png::ColorType::Indexed => unreachable!("normalize_to_color8 expands palettes"),
        };
        let (width, height) = (frame.width as usize, frame.height as usize);
        let mut colors = Vec::with_capacity(width * height);
        for y in 0..height {
            let line = &buffer[y * frame.line_size..][..width * channels];
            for (x, pixel) in line.chunks_exact(channels).enumerate() {
                let grey = pixel[0];
                let is_grey = channels < 3 || (pixel[1] == grey && pixel[2] == grey);
                let is_opaque = match channels {
                    2 => pixel[1] == 255,
                    4 => pixel[3] == 255,
                    _ => true,
                };
                let color = color_index(grey).filter(|_| is_grey && is_opaque).unwrap_or_else(|| {
                    panic!(
                        "{}: pixel ({x}, {y}) is {pixel:?}; only opaque greys 255, 170, 85 and 0 (the four DMG shades) are allowed",
                        path.display()
                    )
                });
                colors.push(color);
            }
        }
        Sheet { path, width, height, colors }
    }

    fn expect_size(&self, width: usize, height: usize) {
        assert!(
            self.width == width && self.height == height,
            "{}: is {}x{} pixels, the layout in build.rs needs {width}x{height}",
            self.path.display(),
            self.width,
            self.height
        );
    }

    /// The 8x8 tile whose top-left pixel is at tile column `column`, tile row `row`.
    fn tile(&self, column: usize, row: usize) -> Tile {
        let mut tile = [0; 16];
        for y in 0..8 {
            let start = (row * 8 + y) * self.width + column * 8;
            let colors: [u8; 8] = self.colors[start..start + 8].try_into().expect("8 pixels");
            tile[y * 2..y * 2 + 2].copy_from_slice(&encode_tile_row(colors));
        }
        tile
    }

    /// The sheet cut into cells of `cell_width` x `cell_height` tiles, cells in reading order,
    /// each cell's tiles in reading order; the first `count` cells.
    fn cells(&self, cell_width: usize, cell_height: usize, count: usize) -> Vec<Tile> {
        let cells_per_row = self.width / (cell_width * 8);
        let mut tiles = Vec::new();
        for cell in 0..count {
            let (cell_column, cell_row) = (cell % cells_per_row, cell / cells_per_row);
            for row in 0..cell_height {
                for column in 0..cell_width {
                    tiles.push(self.tile(cell_column * cell_width + column, cell_row * cell_height + row));
                }
            }
        }
        tiles
    }
}

/// The text of assets.rs.
struct AssetsRs {
    text: String,
}

impl AssetsRs {
    fn constant(&mut self, doc: &str, name: &str, value: usize) {
        let value = u8::try_from(value).unwrap_or_else(|_| panic!("{name} = {value} does not fit a tile index"));
        writeln!(self.text, "/// {doc}\npub const {name}: u8 = {value};").unwrap();
    }

    fn tiles(&mut self, doc: &str, name: &str, tiles: &[Tile]) {
        writeln!(self.text, "/// {doc}\npub static {name}: [u8; {}] = [", tiles.len() * 16).unwrap();
        for tile in tiles {
            let bytes: Vec<String> = tile.iter().map(|byte| format!("0x{byte:02X}")).collect();
            writeln!(self.text, "    {},", bytes.join(", ")).unwrap();
        }
        writeln!(self.text, "];\n").unwrap();
    }

    /// `tiles` packed (`gb_hal::video::pack_tile`: a tile of two colours in 9 bytes), for the
    /// sets loaded only at boot (`gb_hal::video::load_packed_tiles`): ROM bank 0 holds all
    /// data, and the cells' sets, loaded again as boards of other puzzles show, are kept as
    /// they are (unpacking costs the console a few thousand cycles a tile, with the LCD off).
    fn packed_tiles(&mut self, doc: &str, name: &str, tiles: &[Tile]) {
        let mut packed = Vec::new();
        for tile in tiles {
            pack_tile(tile, &mut |byte| packed.push(byte));
        }
        writeln!(self.text, "/// {doc} {} tiles, packed.\npub static {name}: [u8; {}] = [", tiles.len(), packed.len()).unwrap();
        for line in packed.chunks(16) {
            let bytes: Vec<String> = line.iter().map(|byte| format!("0x{byte:02X}")).collect();
            writeln!(self.text, "    {},", bytes.join(", ")).unwrap();
        }
        writeln!(self.text, "];\n").unwrap();
    }
}

/// Tile index (from the UI set's start) of each printable ASCII byte 0x20-0x7F: the font's
/// characters; lowercase letters as capitals, except `x`, which is the times sign of "9x9";
/// anything else blank.
fn font_tile_for_ascii() -> Vec<usize> {
    (0x20u8..0x80)
        .map(|byte| {
            let char = byte as char;
            let shown = if char != 'x' { char.to_ascii_uppercase() } else { char };
            FONT_CHARS.find(shown).unwrap_or(0)
        })
        .collect()
}

/// Each distinct tile once, in order of first use, and for every tile of `tiles` the index of
/// its copy among them.
fn distinct_tiles(tiles: &[Tile]) -> (Vec<Tile>, Vec<usize>) {
    let mut distinct: Vec<Tile> = Vec::new();
    let map = tiles
        .iter()
        .map(|tile| {
            distinct.iter().position(|seen| seen == tile).unwrap_or_else(|| {
                distinct.push(*tile);
                distinct.len() - 1
            })
        })
        .collect();
    (distinct, map)
}

/// Stops the build when two sets (name, addressing, first tile index, tile count) would share
/// tile data in VRAM, or a set runs past tile 255.
fn check_disjoint(sets: &[(&str, TileAddressing, usize, usize)]) {
    let mut owner = [None::<&str>; 384];
    for &(name, addressing, first, count) in sets {
        assert!(first + count <= 256, "{name}: tiles {first}..{} run past tile 255", first + count);
        for index in first..first + count {
            let slot = usize::from((addressing.tile_address(index as u8).get() - 0x8000) / 16);
            if let Some(other) = owner[slot].replace(name) {
                panic!("{name} and {other} both need VRAM tile {slot} (0x{:04X})", 0x8000 + slot * 16);
            }
        }
    }
}

fn main() {
    let assets = Path::new(&env::var("CARGO_MANIFEST_DIR").expect("cargo sets it")).join("assets");
    println!("cargo:rerun-if-changed=build.rs");
    let load = |name: &str| {
        let path = assets.join(name);
        println!("cargo:rerun-if-changed={}", path.display());
        Sheet::load(path)
    };
    let mut out = AssetsRs { text: String::new() };
    out.text.push_str(
        "// Generated by build.rs from assets/*.png: edit the PNGs (assets/src/draw_assets.py),\n\
         // not this file. Tiles are 16 bytes of DMG 2bpp data each, one tile per line, or packed by\n\
         // gb_hal::video::pack_tile where a set says so.\n\n",
    );

    // Cut every sheet first: where a set goes depends on the sizes of the others.
    let font = load("font.png");
    font.expect_size(FONT_COLUMNS * 8, FONT_CHARS.len().div_ceil(FONT_COLUMNS) * 8);
    let frame = load("frame.png");
    frame.expect_size(24, 24);
    let mut ui_tiles = font.cells(1, 1, FONT_CHARS.len());
    let frame_first = ui_tiles.len();
    ui_tiles.extend(frame.cells(1, 1, FRAME_PARTS.len()));

    let cursor_big = load("cursor_big.png");
    cursor_big.expect_size(16, 16);
    let cursor_small = load("cursor_small.png");
    cursor_small.expect_size(8, 8);
    let mut cursor_tiles = cursor_big.cells(2, 2, 1);
    let cursor_small_tile = cursor_tiles.len();
    cursor_tiles.extend(cursor_small.cells(1, 1, 1));

    let big = load("big_cells.png");
    big.expect_size(BIG_CELL_MAX_NUMBER * 16, CELL_VARIANTS.len() * 16);
    let big_tiles = big.cells(2, 2, BIG_CELL_MAX_NUMBER * CELL_VARIANTS.len());
    let small = load("small_cells.png");
    small.expect_size(SMALL_CELL_MAX_NUMBER * 8, CELL_VARIANTS.len() * 8);
    let small_tiles = small.cells(1, 1, SMALL_CELL_MAX_NUMBER * CELL_VARIANTS.len());
    let lizard_looks = LIZARD_MARKS.len() * LIZARD_HIGHLIGHTS.len();
    let lizards_big = load("lizards_big.png");
    lizards_big.expect_size(LIZARD_MARKS.len() * 16, LIZARD_HIGHLIGHTS.len() * 16);
    let lizards_big_tiles = lizards_big.cells(2, 2, lizard_looks);
    let lizards_small = load("lizards_small.png");
    lizards_small.expect_size(LIZARD_MARKS.len() * 8, LIZARD_HIGHLIGHTS.len() * 8);
    let lizards_small_tiles = lizards_small.cells(1, 1, lizard_looks);
    let sudoku = load("sudoku.png");
    sudoku.expect_size(SUDOKU_COLUMNS * 8, (SUDOKU_STYLES.len() + 1) * 8);
    let sudoku_lines_first = SUDOKU_STYLES.len() * SUDOKU_COLUMNS;
    let sudoku_tiles = sudoku.cells(1, 1, sudoku_lines_first + SUDOKU_LINES.len());
    // Sudoku's art goes at the end of the 16x16 cells' place, in block 1, where objects reach
    // it too (the keypad's keys are its hint style's digits); its pencil-mark tiles, drawn at
    // run time, at the start.
    let sudoku_offset = big_tiles.len() - sudoku_tiles.len();
    assert!(
        lizards_big_tiles.len() <= big_tiles.len()
            && lizards_small_tiles.len() <= small_tiles.len()
            && SUDOKU_PENCIL_TILES <= sudoku_offset,
        "a puzzle's cells take the place of Hitori's: they must fit it"
    );
    let logo = load("logo.png");
    let (logo_width, logo_height) = (logo.width / 8, logo.height / 8);
    logo.expect_size(logo_width * 8, logo_height * 8);
    let (logo_tiles, logo_map) = distinct_tiles(&logo.cells(logo_width, logo_height, 1));

    // Places, from the end of tile index space down (see the plan at the top of this file).
    let ui_first = 256 - ui_tiles.len();
    let cursor_first = ui_first - cursor_tiles.len();
    let big_first = cursor_first.checked_sub(big_tiles.len()).expect("the 16x16 cells, cursors and UI fit 256 tiles");
    let (small_first, logo_first) = (0, small_tiles.len());
    let placed = [
        ("UI_TILES", TileAddressing::Signed8800, ui_first, ui_tiles.len()),
        ("CURSOR_TILES", TileAddressing::Unsigned8000, cursor_first, cursor_tiles.len()),
        ("BIG_CELL_TILES", TileAddressing::Signed8800, big_first, big_tiles.len()),
        ("SMALL_CELL_TILES", TileAddressing::Unsigned8000, small_first, small_tiles.len()),
        ("LOGO_TILES", TileAddressing::Unsigned8000, logo_first, logo_tiles.len()),
    ];
    check_disjoint(&placed);
    assert!(ui_first >= 128 && cursor_first >= 128, "the UI set and the cursors must lie in block 1 (tiles 128..=255)");

    out.packed_tiles(
        "Background tiles of the UI set: the font (see FONT_CHARS below), then the frame. Load at UI_FIRST_TILE \
         (block 1: the same tiles with either background addressing).",
        "UI_TILES",
        &ui_tiles,
    );
    out.constant("Background tile index where UI_TILES goes.", "UI_FIRST_TILE", ui_first);
    out.constant("Tiles in UI_TILES.", "UI_TILE_COUNT", ui_tiles.len());
    out.constant("The blank (white) tile: the font's space.", "TILE_BLANK", ui_first);
    writeln!(out.text, "/// The characters of the font, in tile order from UI_FIRST_TILE.\npub const FONT_CHARS: &[u8] = b\"{FONT_CHARS}\";").unwrap();
    let font_tile = |char: char| ui_first + FONT_CHARS.find(char).expect("in the font");
    out.constant("Tile of 'A'; 'B' to 'Z' follow.", "FONT_FIRST_LETTER", font_tile('A'));
    out.constant("Tile of '0'; '1' to '9' follow.", "FONT_FIRST_DIGIT", font_tile('0'));
    for (char, name) in [
        (':', "COLON"),
        ('.', "PERIOD"),
        ('-', "DASH"),
        ('/', "SLASH"),
        ('x', "TIMES"),
        ('>', "GREATER"),
        ('<', "LESS"),
        ('?', "QUESTION"),
        ('!', "EXCLAMATION"),
    ] {
        out.constant(&format!("Tile of '{char}'."), &format!("FONT_{name}"), font_tile(char));
    }
    let ascii: Vec<String> = font_tile_for_ascii().iter().map(|index| (ui_first + index).to_string()).collect();
    writeln!(
        out.text,
        "/// Tile for each ASCII byte 0x20-0x7F (index: byte - 0x20). Lowercase letters show as\n\
         /// capitals, except 'x', the times sign; bytes without a glyph show blank.\n\
         pub static FONT_TILE_FOR_ASCII: [u8; 96] = [{}];\n",
        ascii.join(", ")
    )
    .unwrap();
    for (offset, part) in FRAME_PARTS.iter().enumerate() {
        out.constant(
            &format!("Frame tile: {}.", part.to_lowercase().replace('_', " ")),
            &format!("FRAME_{part}"),
            ui_first + frame_first + offset,
        );
    }

    for (index, variant) in CELL_VARIANTS.iter().enumerate() {
        out.constant(&format!("Cell variant {}.", variant.to_lowercase()), &format!("CELL_VARIANT_{variant}"), index);
    }
    out.constant("Number of cell variants.", "CELL_VARIANT_COUNT", CELL_VARIANTS.len());
    out.tiles(
        "16x16 cells for boards 5-9 (shown with \"$8800\" background addressing): for each variant, numbers 1-9, \
         each as 4 tiles (top left, top right, bottom left, bottom right). \
         Tile = BIG_CELL_FIRST_TILE + variant * BIG_CELL_TILES_PER_VARIANT + (number - 1) * 4 + quarter.",
        "BIG_CELL_TILES",
        &big_tiles,
    );
    out.constant("Background tile index of the first 16x16 cell tile.", "BIG_CELL_FIRST_TILE", big_first);
    out.constant("Highest number on a 16x16 cell.", "BIG_CELL_MAX_NUMBER", BIG_CELL_MAX_NUMBER);
    out.constant("Tiles per 16x16 cell.", "BIG_CELL_TILES_PER_CELL", 4);
    out.constant("Tiles per variant of the 16x16 cells.", "BIG_CELL_TILES_PER_VARIANT", BIG_CELL_MAX_NUMBER * 4);

    out.tiles(
        "8x8 cells for boards 10-15 (shown with \"$8000\" background addressing): for each variant, numbers 1-15, \
         one tile each. Tile = SMALL_CELL_FIRST_TILE + variant * SMALL_CELL_TILES_PER_VARIANT + (number - 1).",
        "SMALL_CELL_TILES",
        &small_tiles,
    );
    out.constant("Background tile index of the first 8x8 cell tile.", "SMALL_CELL_FIRST_TILE", small_first);
    out.constant("Highest number on an 8x8 cell.", "SMALL_CELL_MAX_NUMBER", SMALL_CELL_MAX_NUMBER);
    out.constant("Tiles per variant of the 8x8 cells.", "SMALL_CELL_TILES_PER_VARIANT", SMALL_CELL_MAX_NUMBER);

    out.tiles(
        "Baby Lizards' 16x16 cells, loaded over BIG_CELL_TILES: for each highlight (LIZARD_HIGHLIGHT_*), each mark \
         (LIZARD_MARK_*) as 4 tiles. Tile = BIG_CELL_FIRST_TILE + (highlight * LIZARD_MARKS + mark) * 4 + quarter.",
        "LIZARDS_BIG_TILES",
        &lizards_big_tiles,
    );
    out.tiles(
        "Baby Lizards' 8x8 cells, loaded over SMALL_CELL_TILES. \
         Tile = SMALL_CELL_FIRST_TILE + highlight * LIZARD_MARKS + mark.",
        "LIZARDS_SMALL_TILES",
        &lizards_small_tiles,
    );
    for (index, mark) in LIZARD_MARKS.iter().enumerate() {
        out.constant(&format!("Baby Lizards cell mark {}.", mark.to_lowercase()), &format!("LIZARD_MARK_{mark}"), index);
    }
    out.constant("Marks of a Baby Lizards cell.", "LIZARD_MARKS", LIZARD_MARKS.len());
    out.constant("Highlights of a Baby Lizards cell.", "LIZARD_HIGHLIGHTS", LIZARD_HIGHLIGHTS.len());
    for (index, highlight) in LIZARD_HIGHLIGHTS.iter().enumerate() {
        out.constant(&format!("Baby Lizards cell highlight {}.", highlight.to_lowercase()), &format!("LIZARD_HIGHLIGHT_{highlight}"), index);
    }

    out.tiles(
        "Sudoku's cell and line tiles, loaded over the end of BIG_CELL_TILES at SUDOKU_FIRST_TILE: for each style \
         (SUDOKU_STYLE_*), a blank cell then digits 1-9; then the line tiles (SUDOKU_LINE_*). \
         Tile = SUDOKU_FIRST_TILE + style * SUDOKU_STYLE_TILES + digit.",
        "SUDOKU_TILES",
        &sudoku_tiles,
    );
    let sudoku_first = big_first + sudoku_offset;
    let sudoku_hint_first = sudoku_first + SUDOKU_STYLES.iter().position(|&style| style == "HINT").unwrap() * SUDOKU_COLUMNS;
    assert!(sudoku_hint_first >= 128, "the keypad's keys (Sudoku's hint style) must lie in block 1, where objects reach");
    out.constant("Background tile index of SUDOKU_TILES' first tile (block 1 from its hint style on).", "SUDOKU_FIRST_TILE", sudoku_first);
    out.constant("Tiles per Sudoku cell style: a blank, then digits 1-9.", "SUDOKU_STYLE_TILES", SUDOKU_COLUMNS);
    for (index, style) in SUDOKU_STYLES.iter().enumerate() {
        out.constant(&format!("Sudoku cell style {}.", style.to_lowercase()), &format!("SUDOKU_STYLE_{style}"), index);
    }
    for (index, line) in SUDOKU_LINES.iter().enumerate() {
        out.constant(
            &format!("Sudoku line tile: {}.", line.to_lowercase().replace('_', " ")),
            &format!("SUDOKU_LINE_{line}"),
            sudoku_first + sudoku_lines_first + index,
        );
    }
    out.constant(
        "The first of SUDOKU_PENCIL_TILES background tiles at the start of BIG_CELL_TILES' place, one per cell, that \
         show its pencil marks: drawn at run time.",
        "SUDOKU_PENCIL_FIRST_TILE",
        big_first,
    );
    out.constant("Sudoku's pencil-mark tiles: one per cell.", "SUDOKU_PENCIL_TILES", SUDOKU_PENCIL_TILES);

    out.packed_tiles(
        "The title logo's distinct tiles (shown with \"$8000\" background addressing); LOGO_MAP places them.",
        "LOGO_TILES",
        &logo_tiles,
    );
    out.constant("Background tile index of LOGO_TILES' first tile.", "LOGO_FIRST_TILE", logo_first);
    out.constant("Logo width in tiles.", "LOGO_WIDTH_TILES", logo_width);
    out.constant("Logo height in tiles.", "LOGO_HEIGHT_TILES", logo_height);
    let map: Vec<String> = logo_map.iter().map(|index| (logo_first + index).to_string()).collect();
    writeln!(
        out.text,
        "/// The logo's background tiles in reading order, LOGO_WIDTH_TILES per row.\n\
         pub static LOGO_MAP: [u8; {}] = [{}];\n",
        map.len(),
        map.join(", ")
    )
    .unwrap();

    out.packed_tiles(
        "Object tiles of the cursors (colour 0 transparent): the 16x16 frame as 4 tiles (top left, top right, \
         bottom left, bottom right), then the 8x8 frame. Load at object tile CURSOR_FIRST_OBJ_TILE.",
        "CURSOR_TILES",
        &cursor_tiles,
    );
    out.constant("Object tile index where CURSOR_TILES goes.", "CURSOR_FIRST_OBJ_TILE", cursor_first);
    out.constant("Object tiles in CURSOR_TILES.", "CURSOR_OBJ_TILE_COUNT", cursor_tiles.len());
    out.constant("Object tile of the 16x16 cursor's top left quarter; the other three follow.", "CURSOR_BIG_OBJ_TILE", cursor_first);
    out.constant("Object tile of the 8x8 cursor.", "CURSOR_SMALL_OBJ_TILE", cursor_first + cursor_small_tile);

    let out_dir = PathBuf::from(env::var("OUT_DIR").expect("cargo sets it"));
    let out_path = out_dir.join("assets.rs");
    fs::write(&out_path, out.text).unwrap_or_else(|error| panic!("{}: {error}", out_path.display()));

    let sounds_path = assets.join("sounds.txt");
    println!("cargo:rerun-if-changed={}", sounds_path.display());
    let source = fs::read_to_string(&sounds_path).unwrap_or_else(|error| panic!("{}: {error}", sounds_path.display()));
    let effects = parse_sounds(&source).unwrap_or_else(|error| panic!("{}:{error}", sounds_path.display()));
    let out_path = out_dir.join("sounds.rs");
    fs::write(&out_path, sounds_rs(&effects)).unwrap_or_else(|error| panic!("{}: {error}", out_path.display()));
}

/// An effect of `assets/sounds.txt`: its name, priority and steps per channel (in
/// `gb_hal::sound::Channel::ALL`'s order: pulse1, pulse2, noise).
struct SoundEffect {
    name: String,
    priority: u8,
    tracks: [Vec<Step>; CHANNELS],
}

const SOUND_CHANNELS: [&str; CHANNELS] = ["pulse1", "pulse2", "noise"];

/// The effects of `source`, or "line: what is wrong".
fn parse_sounds(source: &str) -> Result<Vec<SoundEffect>, String> {
    let mut effects: Vec<SoundEffect> = Vec::new();
    for (number, line) in source.lines().enumerate() {
        // A comment starts at a word beginning with '#' (a sharp inside a note is no comment).
        let words: Vec<&str> = line.split_whitespace().take_while(|word| !word.starts_with('#')).collect();
        let at = |error: String| format!("{}: {error} (in \"{}\")", number + 1, line.trim());
        match words.as_slice() {
            [] => {}
            ["effect", name, priority] => {
                let priority = parse_number(priority, 1, 255, "priority").map_err(at)?;
                if effects.iter().any(|effect| effect.name == *name) {
                    return Err(at(format!("effect {name} is defined twice")));
                }
                effects.push(SoundEffect { name: name.to_string(), priority, tracks: Default::default() });
            }
            [channel, rest @ ..] => {
                let effect = effects.last_mut().ok_or_else(|| at("a step before the first effect line".into()))?;
                let index = SOUND_CHANNELS
                    .iter()
                    .position(|known| known == channel)
                    .ok_or_else(|| at(format!("unknown channel {channel} (pulse1, pulse2, noise)")))?;
                let step = parse_step(index == 2, rest).map_err(at)?;
                effect.tracks[index].push(step);
            }
        }
    }
    if effects.is_empty() {
        return Err(" no effect".into());
    }
    Ok(effects)
}

fn parse_number(word: &str, low: u8, high: u8, what: &str) -> Result<u8, String> {
    word.parse::<u8>().ok().filter(|value| (low..=high).contains(value)).ok_or(format!("{what} {word} is not a number {low}-{high}"))
}

/// One step's words after the channel.
fn parse_step(noise: bool, words: &[&str]) -> Result<Step, String> {
    match words {
        ["rest", frames] => Ok(Step::rest(parse_number(frames, 1, 255, "frames")?)),
        [tone, shape, volume, envelope, frames] => {
            let frames = parse_number(frames, 1, 255, "frames")?;
            let volume = parse_number(volume, 0, 15, "volume")?;
            let envelope = match *envelope {
                "hold" => Envelope::new(volume, Direction::Down, 0),
                word => {
                    let (direction, pace) = match (word.strip_prefix("down"), word.strip_prefix("up")) {
                        (Some(pace), _) => (Direction::Down, pace),
                        (_, Some(pace)) => (Direction::Up, pace),
                        _ => return Err(format!("envelope {word} is not hold, down1-7 or up1-7")),
                    };
                    Envelope::new(volume, direction, parse_number(pace, 1, 7, "envelope pace")?)
                }
            };
            if !envelope.dac_on() {
                return Err("volume 0 going down is silence: write a rest".into());
            }
            if noise {
                let (shift, divider) = tone.split_once('/').ok_or(format!("noise clock {tone} is not shift/divider"))?;
                let short = match *shape {
                    "long" => false,
                    "short" => true,
                    _ => return Err(format!("noise width {shape} is not long or short")),
                };
                let clock = NoiseControl::new(parse_number(shift, 0, 13, "shift")?, short, parse_number(divider, 0, 7, "divider")?);
                Ok(Step::noise(frames, envelope, clock))
            } else {
                let duty = match *shape {
                    "12" => Duty::Eighth,
                    "25" => Duty::Quarter,
                    "50" => Duty::Half,
                    "75" => Duty::ThreeQuarters,
                    _ => return Err(format!("duty {shape} is not 12, 25, 50 or 75")),
                };
                Ok(Step::pulse(frames, duty, envelope, note_period(tone)?))
            }
        }
        _ => Err("a step is <note> <duty> <volume> <envelope> <frames>, noise <shift>/<divider> <width> ..., or rest <frames>".into()),
    }
}

/// The pulse period nearest note `name` (C3-B7, equal temperament, A4 = 440 Hz).
fn note_period(name: &str) -> Result<Period, String> {
    const NOTES: [&str; 12] = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"];
    let split = name.find(|char: char| char.is_ascii_digit()).ok_or(format!("note {name} has no octave"))?;
    let (letter, octave) = name.split_at(split);
    let semitone = NOTES.iter().position(|note| *note == letter).ok_or(format!("{letter} is not a note (C, C#, ... B)"))?;
    let octave: i32 = octave.parse().ok().filter(|octave| (3..=7).contains(octave)).ok_or(format!("octave {octave} is not 3-7"))?;
    // Semitones from A4.
    let from_a4 = (octave - 4) * 12 + semitone as i32 - 9;
    let hz = 440.0 * 2f64.powf(f64::from(from_a4) / 12.0);
    Period::for_pulse_hz(hz.round() as u32).ok_or(format!("note {name} is out of the pulse channels' range"))
}

/// The text of sounds.rs: the steps, the table and a constant per effect.
fn sounds_rs(effects: &[SoundEffect]) -> String {
    let mut steps = Vec::new();
    let mut tracks = Vec::new();
    for effect in effects {
        let starts: Vec<u16> = effect
            .tracks
            .iter()
            .map(|track| {
                if track.is_empty() {
                    return NO_TRACK;
                }
                let start = u16::try_from(steps.len()).ok().filter(|start| *start != NO_TRACK).expect("the steps fit 64 KiB");
                for step in track.iter().chain([&Step::END]) {
                    steps.extend(step.to_bytes());
                }
                start
            })
            .collect();
        tracks.push(format!("[{}]", starts.iter().map(|start| start.to_string()).collect::<Vec<_>>().join(", ")));
    }
    let mut text = String::from(
        "// Generated by build.rs from assets/sounds.txt: edit that file, not this one.\n\n\
         use gb_hal::sound_effects::{Effect, EffectTable};\n\n",
    );
    let bytes: Vec<String> = steps.iter().map(|byte| format!("0x{byte:02X}")).collect();
    writeln!(text, "/// Every track's steps (gb_hal::sound_effects::Step, 4 bytes each).").unwrap();
    writeln!(text, "static STEPS: [u8; {}] = [{}];\n", steps.len(), bytes.join(", ")).unwrap();
    let priorities: Vec<String> = effects.iter().map(|effect| effect.priority.to_string()).collect();
    writeln!(
        text,
        "/// The effects of assets/sounds.txt, in its order.\n\
         pub static EFFECTS: EffectTable = EffectTable {{ steps: &STEPS, priorities: &[{}], tracks: &[{}] }};\n",
        priorities.join(", "),
        tracks.join(", ")
    )
    .unwrap();
    for (index, effect) in effects.iter().enumerate() {
        writeln!(
            text,
            "/// `{}` in assets/sounds.txt (priority {}).\npub const {}: Effect = Effect::new({index});",
            effect.name,
            effect.priority,
            effect.name.to_uppercase()
        )
        .unwrap();
    }
    text
}

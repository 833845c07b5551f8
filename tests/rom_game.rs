//! The game ROM in the emulator, played through the joypad like a person would: a puzzle
//! generated on the console is read back from VRAM, solved on the host and entered with the
//! D-pad and A; marks, undo and redo, a game resumed after power-off, a hint, a soft reset; the
//! power cut at every write of every kind of save (Hitori's, Baby Lizards', Sudoku's, the settings);
//! random, blank and bit-flipped saves; 100,000 frames of random button mashing; what a move shows at once (an undo, the move that
//! solves); a typed Baby Lizards code played to its solved screen; each event's sound effect
//! (the sound chip's registers as the ROM writes them) and the sound setting through a
//! power-off; the Color's palettes and attributes; on boytacean and on gambatte, the strict
//! emulator (tests/emulator). Builds `target/hitori.gb` when it is
//! missing or out of date.


mod emulator;

use emulator::{Emulator, Gambatte};
use gbemu::{ApuWrite, Button, CYCLES_PER_FRAME, Console, Model};
use gb_hal::sound::Envelope;
use gb_hal::sound_effects::{Effect, NO_TRACK};
use hitori::game::sound;
use hitori::assets;
use hitori::puzzles::hitori::board::{Board, cell_at};
use hitori::puzzles::code::{ALPHABET, SeedCode};
use hitori::puzzles::level::Difficulty;
use hitori::puzzles::hitori::solve::Solver;
use gb_hal::cgb::{ColorPalette, PaletteSpans};
use hitori::game::layout::Layout;
use hitori::game::read_cell_tile;
use hitori::game::save::{BestTimes, SETTINGS, SETTINGS_LEN, Saves, record_copies};
use hitori::puzzles::Kind;
use hitori::puzzles::hitori::Hitori;
use hitori::game::boards::Playable;
use hitori::game::boards::lizards::read_lizard_tile;
use hitori::puzzles::lizards::Lizards;
use hitori::puzzles::numberlink::Numberlink;
use hitori::puzzles::numberlink::grid::{Puzzle as NumberlinkPuzzle, step as numberlink_step};
use hitori::puzzles::lizards::generate::{Engine as LizardsEngine, Puzzle as LizardsPuzzle};

const BACKGROUND_MAP: usize = 0x1800;
const WINDOW_MAP: usize = 0x1C00;
const OAM: u16 = 0xFE00;
const LCDC: u16 = 0xFF40;
/// Frames a tap holds its button, and frames waited after it (as `tests/play.script` does).
const TAP_FRAMES: u32 = 4;
/// Generous bound on generating a 9x9 puzzle (the console takes about 2-4 s).
const GENERATE_FRAMES: u32 = 60 * 20;

/// The game's ROM, built first when missing or out of date (`gbrom::game_rom`).
fn rom_path() -> std::path::PathBuf {
    gbrom::game_rom().unwrap_or_else(|e| panic!("building the ROM: {e}")).rom
}

fn rom() -> Vec<u8> {
    let path = rom_path();
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn power_on(sram: Option<&[u8]>) -> Console {
    power_on_model(Model::Dmg, sram)
}

fn power_on_model(model: Model, sram: Option<&[u8]>) -> Console {
    let mut console = Console::with_model(model, &rom(), sram).expect("the emulator loads the ROM");
    console.run_frames(90);
    console
}

/// The strict emulator, powered on as [`power_on`] does (with a cartridge without saves).
fn power_on_gambatte() -> Gambatte {
    let mut console = Gambatte::new(&rom_path());
    console.run_frames(90);
    console
}

/// The address of a bank-0 symbol of the ROM (`target/hitori.sym`).
fn symbol(name: &str) -> u16 {
    static SYMBOLS: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let symbols = SYMBOLS
        .get_or_init(|| std::fs::read_to_string(gbrom::game_rom().expect("the ROM builds").sym).expect("symbols"));
    symbols
        .lines()
        .find_map(|line| line.strip_suffix(name).filter(|a| a.ends_with(' ')).map(|a| u16::from_str_radix(&a[3..7], 16).unwrap()))
        .unwrap_or_else(|| panic!("{name} not in the symbols"))
}

/// Main-loop iterations so far (the ROM's `LOOPS` counter).
fn loops(console: &mut impl Emulator) -> u16 {
    let at = symbol("LOOPS");
    u16::from_le_bytes([console.read(at), console.read(at + 1)])
}

/// Presses and releases `button`, then waits until the game has taken it in (two main-loop
/// iterations after the release), as a player waits to see a move before the next. Two
/// presses of one button within one main-loop iteration count once, and a move takes a few
/// frames on the console.
fn tap(console: &mut impl Emulator, button: Button) {
    console.press(button);
    console.run_frames(TAP_FRAMES);
    console.release(button);
    let released_at = loops(console);
    assert!(wait_for(console, 600, |c| loops(c).wrapping_sub(released_at) >= 2), "the game stopped after {button:?}");
}

fn text_tiles(text: &[u8]) -> Vec<u8> {
    text.iter().map(|&b| assets::font_tile(b)).collect()
}

/// Whether the screen shows the background: a player sees a white screen while the game
/// copies a new screen with the LCD or the background off, even though VRAM may already hold
/// part of it.
fn background_shown(console: &mut impl Emulator) -> bool {
    console.read(LCDC) & 0x81 == 0x81
}

/// Whether the LCD is on and `text` appears on some row of the tile map at `map`.
fn map_shows(console: &mut impl Emulator, map: usize, text: &[u8]) -> bool {
    if !background_shown(console) {
        return false;
    }
    let vram = console.vram();
    let wanted = text_tiles(text);
    (0..18).any(|y| {
        let row = &vram[map + y * 32..map + y * 32 + 20];
        row.windows(wanted.len()).any(|w| w == wanted.as_slice())
    })
}

/// Whether the window is shown and `text` appears on some row of its map.
fn window_shows(console: &mut impl Emulator, text: &[u8]) -> bool {
    console.read(LCDC) & 0x20 != 0 && map_shows(console, WINDOW_MAP, text)
}

/// The tile map at `map` as text, for failure messages: font characters as themselves,
/// other tiles as `#`.
fn screen_text(console: &mut impl Emulator, map: usize) -> String {
    let vram = console.vram();
    let mut text = String::new();
    for y in 0..18 {
        for x in 0..20 {
            let tile = vram[map + y * 32 + x];
            let shown = assets::FONT_CHARS.iter().position(|&b| assets::font_tile(b) == tile);
            text.push(shown.map_or('#', |i| char::from(assets::FONT_CHARS[i])));
        }
        text.push('\n');
    }
    text
}

/// Runs frame by frame until `done` holds; false after `frames` frames.
fn wait_for<E: Emulator>(console: &mut E, frames: u32, mut done: impl FnMut(&mut E) -> bool) -> bool {
    for _ in 0..frames {
        if done(console) {
            return true;
        }
        console.run_frames(1);
    }
    done(console)
}

/// The board as the background map shows it: numbers and cell variants, once every cell
/// of an `n` x `n` board shows a cell tile.
fn read_board(console: &mut impl Emulator, n: u8) -> Option<(Board, Vec<u8>)> {
    if !background_shown(console) {
        return None;
    }
    let layout = Layout::for_size(n);
    // 16x16 cells are shown with "$8800" addressing (LCDC bit 4 clear), 8x8 ones with "$8000".
    let addressing_8000 = console.read(LCDC) & 0x10 != 0;
    let vram = console.vram();
    let mut board = Board::new(n)?;
    let mut variants = Vec::new();
    for r in 0..n {
        for c in 0..n {
            let (x, y) = layout.cell_tile_xy(r, c);
            let tile = vram[BACKGROUND_MAP + usize::from(y) * 32 + usize::from(x)];
            let (number, variant) = read_cell_tile(layout.big, tile)?;
            assert_eq!(addressing_8000, !layout.big, "a {n}x{n} board shown with the wrong tile addressing");
            board.set_number(cell_at(r, c), number);
            variants.push(variant);
        }
    }
    Some((board, variants))
}

/// From the title (once it shows): NEW GAME, then waits for the new-game screen.
fn open_new_game(console: &mut impl Emulator) {
    assert!(wait_for(console, 120, |c| map_shows(c, BACKGROUND_MAP, b"PRESS START") || map_shows(c, BACKGROUND_MAP, b"CONTINUE")));
    if map_shows(console, BACKGROUND_MAP, b"CONTINUE") {
        tap(console, Button::Down);
    }
    tap(console, Button::Start);
    assert!(wait_for(console, 60, |c| map_shows(c, BACKGROUND_MAP, b"NEW GAME")), "no new-game screen");
}

/// Title -> new game -> `size` (from the default 9) -> Start, then waits for the board.
fn start_game(console: &mut impl Emulator, size: u8) -> (Board, Vec<u8>) {
    open_new_game(console);
    // The menu opens on START; three steps up (the code row is skipped) reach SIZE.
    for _ in 0..3 {
        tap(console, Button::Up);
    }
    let steps = i32::from(size) - 9;
    for _ in 0..steps.unsigned_abs() {
        tap(console, if steps < 0 { Button::Left } else { Button::Right });
    }
    tap(console, Button::Start);
    let mut board = None;
    assert!(
        wait_for(console, GENERATE_FRAMES, |c| {
            board = read_board(c, size);
            board.is_some()
        }),
        "no {size}x{size} board after {GENERATE_FRAMES} frames; the screen:\n{}",
        screen_text(console, BACKGROUND_MAP)
    );
    // The cursor objects reach OAM by DMA a frame after the board.
    assert!(wait_for(console, 10, |c| c.read(OAM) != 0), "no cursor");
    board.unwrap()
}

/// The cell the cursor sprite frames (object 0's position).
fn cursor_cell(console: &mut impl Emulator, n: u8) -> (u8, u8) {
    let layout = Layout::for_size(n);
    let (y, x) = (console.read(OAM) - 16, console.read(OAM + 1) - 8);
    let (x0, y0) = layout.cell_pixel_xy(0, 0);
    let side = 8 * layout.cell_tiles();
    ((y - y0) / side, (x - x0) / side)
}

fn move_cursor(console: &mut impl Emulator, n: u8, to: (u8, u8)) {
    move_cursor_with(console, to, |c| cursor_cell(c, n));
}

/// Moves the cursor to `to`, reading where it is with `at_cell`.
fn move_cursor_with<E: Emulator>(console: &mut E, to: (u8, u8), mut at_cell: impl FnMut(&mut E) -> (u8, u8)) {
    let from = at_cell(console);
    for _ in from.0..to.0 {
        tap(console, Button::Down);
    }
    for _ in to.0..from.0 {
        tap(console, Button::Up);
    }
    for _ in from.1..to.1 {
        tap(console, Button::Right);
    }
    for _ in to.1..from.1 {
        tap(console, Button::Left);
    }
    // A move before this one may still be in progress (a few frames on the console).
    let mut at = from;
    assert!(
        wait_for(console, 60, |c| {
            at = at_cell(c);
            at == to
        }),
        "cursor at {at:?}, not {to:?}, after moving from {from:?}"
    );
}

fn variant_at(console: &mut impl Emulator, n: u8, cell: (u8, u8)) -> u8 {
    read_board(console, n).expect("board shown").1[usize::from(cell.0) * usize::from(n) + usize::from(cell.1)]
}

#[test]
fn a_console_puzzle_is_unique_and_solving_it_by_buttons_records_the_best_time() {
    let mut console = power_on(None);
    solve_a_console_puzzle(&mut console);
}

/// Where crt0 keeps the A register it found at the cartridge's entry (gb_hal::cgb::BOOT_A).
const BOOT_A: u16 = 0xFFFC;

/// How many entries of the background map's visible 20x18 show tiles of palettes 0, 1 and 2
/// by `spans` (bank 0 only).
fn tiles_of_palettes(console: &mut Console, spans: PaletteSpans) -> [usize; 3] {
    let tiles = console.vram();
    let mut counts = [0; 3];
    for y in 0..18 {
        for x in 0..20 {
            counts[usize::from(spans.palette_of(tiles[BACKGROUND_MAP + y * 32 + x]))] += 1;
        }
    }
    counts
}

/// Frames a map entry's attributes may follow its tile: a long run's wait for the next VBlank
/// whose plan is ready (a frame whose update runs long has none).
const ATTRIBUTES_LAG_FRAMES: u32 = 4;

/// On a Color, once every entry of the background map's visible 20x18 carries the palette
/// `spans` gives its tile (and no other attribute), within [`ATTRIBUTES_LAG_FRAMES`]: how
/// many are in palettes 0, 1 and 2.
fn background_palettes(console: &mut Console, spans: PaletteSpans) -> [usize; 3] {
    let mut lag = 0;
    loop {
        let (tiles, attributes) = (console.vram(), console.vram_bank_1().expect("a Color"));
        let mut entries = (0..18).flat_map(|y| (0..20).map(move |x| (x, y, BACKGROUND_MAP + y * 32 + x)));
        let wrong = entries.find(|&(_, _, at)| attributes[at] != spans.palette_of(tiles[at]));
        match wrong {
            None => return tiles_of_palettes(console, spans),
            Some((x, y, at)) => assert!(
                lag < ATTRIBUTES_LAG_FRAMES,
                "the attributes of ({x}, {y}), tile {}: {} after {lag} frames, not {}",
                tiles[at],
                attributes[at],
                spans.palette_of(tiles[at])
            ),
        }
        console.run_frames(1);
        lag += 1;
    }
}

/// Pixels of `frame` (RGB) that show `color` (5-bit channels), within the emulator's rounding.
fn pixels_of(frame: &[u8], color: [u32; 3]) -> usize {
    let [red, green, blue] = color.map(|channel| channel * 255 / 31);
    frame.chunks(3).filter(|pixel| (u32::from(pixel[0]).abs_diff(red) < 12) && (u32::from(pixel[1]).abs_diff(green) < 12) && (u32::from(pixel[2]).abs_diff(blue) < 12)).count()
}

/// The colours of `frame` (RGB) with their pixel counts, most first: for failure messages.
fn colors_shown(frame: &[u8]) -> Vec<([u8; 3], usize)> {
    let mut counts = std::collections::BTreeMap::new();
    for pixel in frame.chunks(3) {
        *counts.entry([pixel[0], pixel[1], pixel[2]]).or_insert(0) += 1;
    }
    let mut counts: Vec<_> = counts.into_iter().collect();
    counts.sort_by_key(|&(_, count)| std::cmp::Reverse(count));
    counts
}

/// On a Color (boytacean in CGB mode, A = 0x11 at entry): the ROM tells the machine, loads
/// its palettes (the menus' for the title; the window's in palette 3, whose map's entries all
/// use it); on Hitori's board, its own palette and those of its errors and hints, which the
/// error and hint cells' map entries use as they appear and drop as they go; and a game
/// plays to its solved screen in Hitori's colours, read back from palette RAM, both maps'
/// attributes and the screen.
#[test]
fn on_a_color_the_palettes_are_loaded_and_a_game_is_solved() {
    use hitori::game::colors;
    let mut console = power_on_model(Model::Cgb, None);
    assert_eq!(console.read(BOOT_A), 0x11, "crt0 kept the A register of the entry");
    let bits = |palettes: &[ColorPalette]| palettes.iter().flat_map(|palette| palette.0.map(|color| color.bits())).collect::<Vec<_>>();
    let [background, objects] = console.color_palettes().expect("a Color");
    assert_eq!(background[..4], bits(&[colors::MENUS]), "background palette 0 on the title");
    assert_eq!(background[12..16], bits(&[colors::WINDOW]), "background palette 3");
    assert_eq!(objects[..4], bits(&[colors::CURSOR]), "object palette 0");
    let attributes = console.vram_bank_1().expect("a Color");
    let window_map = attributes[WINDOW_MAP..0x2000].to_vec();
    assert!(window_map.iter().all(|&a| a == colors::WINDOW_PALETTE), "the window map's attributes: palette 3, bank 0");
    assert_eq!(background_palettes(&mut console, PaletteSpans::NONE), [360, 0, 0], "the title");

    // Two touching shaded cells: both errors, in the error palette.
    let n = 9;
    start_game(&mut console, n);
    let [background, _] = console.color_palettes().expect("a Color");
    assert_eq!(background[..12], bits(colors::board(Playable::Hitori)), "background palettes 0-2 on Hitori's board");
    let spans = Playable::Hitori.highlighted_tiles(true);
    let (first, second) = ((4, 4), (4, 5));
    tap(&mut console, Button::A);
    tap(&mut console, Button::Right);
    tap(&mut console, Button::A);
    let flagged = |c: &mut Console, cell| variant_at(c, n, cell) == assets::CELL_VARIANT_ERROR;
    assert!(wait_for(&mut console, 60, |c| flagged(c, first) && flagged(c, second)), "touching shaded cells are not highlighted");
    assert_eq!(background_palettes(&mut console, spans)[1], 8, "two error cells of 4 tiles");
    // Their paper and hatching in the error palette's pink and red (the hatching is thin:
    // a dozen pixels a cell).
    let [pink, _, red, _] = colors::board(Playable::Hitori)[1].0.map(|color| {
        let bits = color.bits();
        [bits & 31, bits >> 5 & 31, bits >> 10 & 31].map(u32::from)
    });
    console.run_frames(1);
    let frame = console.frame_rgb();
    let (pinks, reds) = (pixels_of(&frame, pink), pixels_of(&frame, red));
    assert!(pinks > 2 * 50 && reds > 2 * 10, "{pinks} pink and {reds} red pixels; the screen's colours {:?}", colors_shown(&frame));
    // Paused and resumed (the window's rows give way to the board's), then undone: the
    // second cell loses its error and its palette, and the first keeps one only if shading it
    // alone breaks a rule: its number has no twin left open in its row and column (the
    // puzzle follows the boot's timing).
    let (board, _) = read_board(&mut console, n).expect("board shown");
    let number = |(r, c): (u8, u8)| board.number(cell_at(r, c));
    let alone_in_its_lines = (0..n).all(|i| (i == first.1 || number((first.0, i)) != number(first)) && (i == first.0 || number((i, first.1)) != number(first)));
    for button in [Button::Start, Button::Start, Button::Select] {
        tap(&mut console, button);
    }
    assert!(
        wait_for(&mut console, 60, |c| flagged(c, first) == alone_in_its_lines && !flagged(c, second)),
        "the undone shade's errors still show"
    );
    assert_eq!(background_palettes(&mut console, spans)[1], if alone_in_its_lines { 4 } else { 0 }, "the undone shade's errors keep their palette");
    // RESTART: plain cells again; then HINT: its cells in the hint palette.
    for button in [Button::Start, Button::Down, Button::Down, Button::Down, Button::Down, Button::A] {
        tap(&mut console, button);
    }
    assert!(wait_for(&mut console, 60, |c| !flagged(c, first)), "restart left the errors");
    assert_eq!(background_palettes(&mut console, spans), [360, 0, 0], "after restart");
    for button in [Button::Start, Button::Down, Button::Down, Button::Down, Button::A] {
        tap(&mut console, button);
    }
    assert!(wait_for(&mut console, 120, |c| tiles_of_palettes(c, spans)[2] >= 4), "no hint cell");
    assert!(background_palettes(&mut console, spans)[2] >= 4, "a hint cell of 4 tiles");
    // QUIT (up from RESUME, wrapping past SOUND) to the title, whose entries are back to
    // palette 0; a new game solved.
    for button in [Button::Start, Button::Up, Button::Up, Button::A] {
        tap(&mut console, button);
    }
    assert!(wait_for(&mut console, 120, |c| map_shows(c, BACKGROUND_MAP, b"CONTINUE")), "no title");
    assert_eq!(background_palettes(&mut console, PaletteSpans::NONE), [360, 0, 0], "the title after a board");
    solve_a_console_puzzle(&mut console);
    assert_eq!(background_palettes(&mut console, spans)[1..], [0, 0], "the solved board");
    assert_eq!(console.vram_bank_1().expect("a Color")[WINDOW_MAP..0x2000], *window_map, "the window map's attributes");
    // The screen shows the palettes' colours, not greys: Hitori's paper, and the window's
    // (shown once its copies are done, a few frames after they began).
    console.run_frames(10);
    let frame = console.frame_rgb();
    let (paper, window) = (pixels_of(&frame, [31, 30, 26]), pixels_of(&frame, [31, 31, 23]));
    assert!(paper > 160 * 64 / 4, "{paper} board-paper pixels above the solved window");
    assert!(window > 160 * 80 / 4, "{window} window-paper pixels");
}

/// On the original Game Boy: A = 0x01 at entry, and nothing of the Color's.
#[test]
fn on_the_original_game_boy_the_rom_knows_it() {
    let mut console = power_on(None);
    assert_eq!(console.read(BOOT_A), 0x01);
    assert!(console.color_palettes().is_none());
    assert_eq!(console.read(0x0143), 0x80, "one ROM for both: the header's CGB flag");
}

/// What `effect` writes first on each channel it sounds on: the tone register (NR13, NR23,
/// NR43) and value of its tracks' first steps (`hitori::game::sound::EFFECTS`).
fn first_tones(effect: Effect) -> Vec<(u16, u8)> {
    const TONE_REGISTERS: [u16; 3] = [0xFF13, 0xFF18, 0xFF22];
    let table = &sound::EFFECTS;
    let tracks = table.tracks[usize::from(effect.index())];
    tracks
        .iter()
        .zip(TONE_REGISTERS)
        .filter(|&(&start, _)| start != NO_TRACK)
        .filter_map(|(&start, register)| {
            let step = &table.steps[usize::from(start)..][..4];
            Envelope::from_bits(step[1]).dac_on().then_some((register, step[2]))
        })
        .collect()
}

/// Whether `writes` start `effect`: each of its first tones written, then its channel
/// triggered.
fn starts(writes: &[ApuWrite], effect: Effect) -> bool {
    let tones = first_tones(effect);
    !tones.is_empty()
        && tones.iter().all(|&(register, value)| {
            let channel = match register {
                0xFF13 => 1,
                0xFF18 => 2,
                _ => 4,
            };
            writes.iter().enumerate().any(|(at, write)| {
                write.address == register
                    && write.value == value
                    && writes[at..].iter().any(|later| later.triggered_channel() == Some(channel))
            })
        })
}

fn triggers(writes: &[ApuWrite]) -> Vec<u8> {
    writes.iter().filter_map(ApuWrite::triggered_channel).collect()
}

/// NR52's bit 7: the sound chip is on.
fn sound_chip_on(console: &mut Console) -> bool {
    console.read(0xFF26) & 0x80 != 0
}

/// In the emulator, by buttons: every event starts its effect (the APU's registers written
/// by the VBlank handler's sound tick, the channels triggered): the menus' moves and choices,
/// cursor moves, each kind of mark, an error appearing, an undo, a hint, the solved jingle
/// (a new best time); nothing plays while idle. The pause menu's SOUND turns the sound chip
/// off, and nothing then plays, also after a power-off; turned on again, everything plays.
#[test]
fn each_event_triggers_its_sound_and_the_setting_silences_them() {
    let mut console = power_on(None);
    console.record_apu_writes();
    let (board, _) = start_game(&mut console, 9);
    let writes = console.take_apu_writes();
    assert!(starts(&writes, sound::MENU_CONFIRM) && starts(&writes, sound::MENU_MOVE), "the menus: {writes:?}");
    console.run_frames(30);
    console.take_apu_writes();
    console.run_frames(30);
    assert_eq!(triggers(&console.take_apu_writes()), [], "triggers while idle");
    assert!(sound_chip_on(&mut console));
    // What `buttons` start, after the effects of the steps before have ended (an effect takes
    // a channel only from one of its priority or below).
    let heard = |console: &mut Console, buttons: &[Button], frames: u32| {
        console.run_frames(20);
        console.take_apu_writes();
        for &button in buttons {
            tap(console, button);
        }
        console.run_frames(frames);
        console.take_apu_writes()
    };
    // From the middle cell (4, 4): marks on (4, 5), then a shaded pair, an error.
    for (buttons, frames, effects) in [
        (&[Button::Right][..], 0, &[sound::CURSOR_MOVE][..]),
        (&[Button::B], 0, &[sound::MARK_CIRCLE]),
        (&[Button::B], 0, &[sound::MARK_CLEAR]),
        (&[Button::A], 0, &[sound::MARK_SHADE]),
        (&[Button::Left], 0, &[sound::CURSOR_MOVE]),
        // (The error, ranked above the mark, takes the noise channel the mark also sounds on.)
        (&[Button::A], 30, &[sound::ERROR]),
        (&[Button::Select], 0, &[sound::UNDO]),
        (&[Button::Start, Button::Down], 0, &[sound::MENU_MOVE]),
    ] {
        let writes = heard(&mut console, buttons, frames);
        for &effect in effects {
            assert!(starts(&writes, effect), "{buttons:?}: effect {} not started: {writes:?}", effect.index());
        }
    }
    // SOUND (up from RESUME, wrapping) turns it off: nothing plays, after a power-off too.
    let writes = heard(&mut console, &[Button::Up, Button::Up, Button::A], 10);
    assert!(!sound_chip_on(&mut console), "the sound chip stays on");
    let after_off = writes.iter().rposition(|w| w.address == 0xFF26).expect("NR52 written");
    assert_eq!(triggers(&writes[after_off..]), [], "played after the sound went off");
    assert_eq!(triggers(&heard(&mut console, &[Button::B, Button::Right, Button::A, Button::Left], 30)), []);
    console.run_frames(60);
    let mut console = power_on(Some(&console.cartridge_ram()));
    console.record_apu_writes();
    assert!(wait_for(&mut console, 120, |c| map_shows(c, BACKGROUND_MAP, b"CONTINUE")));
    assert!(!sound_chip_on(&mut console), "on after a power-off");
    assert_eq!(triggers(&heard(&mut console, &[Button::A, Button::Right, Button::A], 30)), []);
    // On again: the choice chimes, a hint answers.
    let writes = heard(&mut console, &[Button::Start, Button::Up, Button::A], 0);
    assert!(sound_chip_on(&mut console));
    assert!(starts(&writes, sound::MENU_CONFIRM), "{writes:?}");
    let writes = heard(&mut console, &[Button::Down, Button::Down, Button::Down, Button::Down, Button::A], 120);
    assert!(window_shows(&mut console, b"THIS") || map_shows(&mut console, WINDOW_MAP, b"THIS"), "no hint");
    assert!(starts(&writes, sound::HINT), "{writes:?}");
    // RESTART, then the solution: its jingle for a new best time.
    heard(&mut console, &[Button::Start, Button::Down, Button::Down, Button::Down, Button::Down, Button::A], 10);
    let mut solver = Solver::new(9);
    assert_eq!(solver.count_solutions(&board, 2), 1);
    for cell in (0..9).flat_map(|r| (0..9).map(move |c| (r, c))).filter(|&(r, c)| solver.solution().contains(cell_at(r, c))) {
        move_cursor(&mut console, 9, cell);
        tap(&mut console, Button::A);
    }
    assert!(wait_for(&mut console, 60, |c| window_shows(c, b"NEW BEST!")), "no solved screen with a new best time");
    let writes = console.take_apu_writes();
    assert!(starts(&writes, sound::NEW_BEST), "{writes:?}");
}

fn solve_a_console_puzzle(console: &mut Console) {
    let n = 9;
    let (board, variants) = start_game(console, n);
    assert!(variants.iter().all(|&v| v == assets::CELL_VARIANT_PLAIN), "a new board shows plain cells");
    let mut solver = Solver::new(n);
    assert_eq!(solver.count_solutions(&board, 2), 1, "the console's puzzle has exactly one solution:\n{board:?}");
    let shaded: Vec<(u8, u8)> =
        (0..n).flat_map(|r| (0..n).map(move |c| (r, c))).filter(|&(r, c)| solver.solution().contains(cell_at(r, c))).collect();

    for &cell in &shaded {
        assert!(!window_shows(console, b"SOLVED!"), "solved before the last cell");
        move_cursor(console, n, cell);
        tap(console, Button::A);
    }
    assert!(wait_for(console, 120, |c| window_shows(c, b"SOLVED!")), "no solved screen");
    // The window is shown only once it is whole.
    assert!(window_shows(console, b"NEW BEST!"));

    let seconds = best_times(&console.cartridge_ram(), Kind::Hitori).get(n, Difficulty::Easy).expect("a best time for 9x9 easy");
    assert!(seconds < 600, "{seconds} s");
}

#[test]
fn marks_undo_redo_resume_after_power_off_hint_and_soft_reset() {
    let mut console = power_on(None);
    let n = 5;
    start_game(&mut console, n);
    let cell = cursor_cell(&mut console, n);
    let settle = |c: &mut Console| c.run_frames(10);

    tap(&mut console, Button::A);
    settle(&mut console);
    let shaded = variant_at(&mut console, n, cell);
    assert!(shaded == assets::CELL_VARIANT_SHADED || shaded == assets::CELL_VARIANT_ERROR, "A shades: variant {shaded}");
    tap(&mut console, Button::Select);
    settle(&mut console);
    assert_eq!(variant_at(&mut console, n, cell), assets::CELL_VARIANT_PLAIN, "Select undoes");
    console.press(Button::Select);
    tap(&mut console, Button::B);
    console.release(Button::Select);
    settle(&mut console);
    assert_eq!(variant_at(&mut console, n, cell), shaded, "Select+B redoes");
    tap(&mut console, Button::B);
    settle(&mut console);
    let circled = variant_at(&mut console, n, cell);
    assert!(circled == assets::CELL_VARIANT_CIRCLED || circled == assets::CELL_VARIANT_ERROR, "B circles: variant {circled}");

    // Moves are saved once the player rests for a moment: then power off and on, Continue.
    console.run_frames(60);
    let sram = console.cartridge_ram();
    let mut console = power_on(Some(&sram));
    assert!(wait_for(&mut console, 120, |c| map_shows(c, BACKGROUND_MAP, b"CONTINUE")), "no Continue after power-off");
    tap(&mut console, Button::A);
    assert!(wait_for(&mut console, 120, |c| read_board(c, n).is_some()), "the saved board is not shown");
    assert_eq!(variant_at(&mut console, n, cell), circled, "the resumed game keeps the mark");

    // Select+A: a hint, explained in a banner on the window layer.
    console.press(Button::Select);
    tap(&mut console, Button::A);
    console.release(Button::Select);
    assert!(
        wait_for(&mut console, 60, |c| map_shows(c, WINDOW_MAP, b"THIS CELL") || map_shows(c, WINDOW_MAP, b"THIS MARK IS WRONG")),
        "no hint banner; the window:\n{}",
        screen_text(&mut console, WINDOW_MAP)
    );

    // A+B+Start+Select: soft reset to the title, which offers the saved game again.
    for button in [Button::A, Button::B, Button::Start, Button::Select] {
        console.press(button);
    }
    console.run_frames(10);
    for button in [Button::A, Button::B, Button::Start, Button::Select] {
        console.release(button);
    }
    assert!(wait_for(&mut console, 120, |c| map_shows(c, BACKGROUND_MAP, b"CONTINUE")), "no title after a soft reset");
}

/// The best times of `kind` a boot reads from cartridge RAM `sram` (the game's save code, on
/// the host).
fn best_times(sram: &[u8], kind: Kind) -> BestTimes {
    let mut image: [u8; 0x2000] = sram.try_into().expect("8 KiB of cartridge RAM");
    let mut best = BestTimes::new(kind);
    match kind {
        Kind::Lizards => Saves::new().load_places::<Lizards>(&mut image, &mut best),
        Kind::Sudoku => Saves::new().load_places::<hitori::puzzles::sudoku::Sudoku>(&mut image, &mut best),
        Kind::Numberlink => Saves::new().load_places::<Numberlink>(&mut image, &mut best),
        Kind::Hitori => Saves::new().load_places::<Hitori>(&mut image, &mut best),
    }
    best
}

/// The tiles of the cells of the `n` x `n` board of `kind` the background map shows, once
/// every cell shows one of that puzzle's cell tiles.
fn board_tiles(console: &mut impl Emulator, kind: Kind, n: u8) -> Option<Vec<u8>> {
    let shown = match kind {
        Kind::Lizards => read_lizards_board(console, n).is_some(),
        // Each Sudoku cell is one tile, between line tiles.
        Kind::Sudoku => {
            let vram = console.vram();
            return read_sudoku_board(console).map(|_| (0..81).map(|cell| vram[BACKGROUND_MAP + (1 + 2 * cell / 9) * 32 + 1 + 2 * (cell % 9)]).collect());
        }
        Kind::Numberlink => read_numberlink_board(console, n).is_some(),
        Kind::Hitori => read_board(console, n).is_some(),
    };
    let layout = Playable::of(kind).unwrap().layout(n);
    let vram = console.vram();
    shown.then(|| {
        let at = |(x, y): (u8, u8)| vram[BACKGROUND_MAP + usize::from(y) * 32 + usize::from(x)];
        (0..n).flat_map(|r| (0..n).map(move |c| (r, c))).map(|(r, c)| at(layout.cell_tile_xy(r, c))).collect()
    })
}

/// What a console powered on with cartridge RAM `sram` offers: `None` when its title has no
/// CONTINUE, else which of the `boards` (puzzle and size) CONTINUE shows and its cell tiles
/// (marks and highlights, once its checks have settled).
fn offered(sram: &[u8], boards: &[(Kind, u8)]) -> Option<(Kind, Vec<u8>)> {
    let mut console = Console::new(&rom(), Some(sram)).expect("the emulator loads the ROM");
    let title = |c: &mut Console| map_shows(c, BACKGROUND_MAP, b"PRESS START") || map_shows(c, BACKGROUND_MAP, b"CONTINUE");
    assert!(wait_for(&mut console, 180, title), "no title; the screen:\n{}", screen_text(&mut console, BACKGROUND_MAP));
    if !map_shows(&mut console, BACKGROUND_MAP, b"CONTINUE") {
        return None;
    }
    tap(&mut console, Button::A);
    let shown = |c: &mut Console| boards.iter().find(|&&(kind, n)| board_tiles(c, kind, n).is_some()).copied();
    assert!(
        wait_for(&mut console, 120, |c| shown(c).is_some()),
        "CONTINUE shows none of the boards {boards:?}; the screen:\n{}",
        screen_text(&mut console, BACKGROUND_MAP)
    );
    console.run_frames(30);
    let (kind, n) = shown(&mut console).expect("the board stays");
    Some((kind, board_tiles(&mut console, kind, n).unwrap()))
}

/// What a boot finds: the game offered, and each puzzle's best times (in `Kind::ALL`'s order).
#[derive(Clone, PartialEq, Debug)]
struct Found {
    offered: Option<(Kind, Vec<u8>)>,
    best: [BestTimes; 4],
}

fn found(sram: &[u8], boards: &[(Kind, u8)]) -> Found {
    let best = Kind::ALL.map(|kind| best_times(sram, kind));
    Found { offered: offered(sram, boards), best }
}

/// `found` for each image, booted on two threads (the consoles are independent).
fn found_in_each(images: &[Vec<u8>], boards: &[(Kind, u8)]) -> Vec<Found> {
    let half = images.len().div_ceil(2).max(1);
    std::thread::scope(|scope| {
        let workers: Vec<_> = images
            .chunks(half)
            .map(|part| scope.spawn(move || part.iter().map(|image| found(image, boards)).collect::<Vec<_>>()))
            .collect();
        workers.into_iter().flat_map(|worker| worker.join().expect("a boot panicked")).collect()
    })
}

/// Every copy of every record kind: each puzzle's area, and the settings.
fn every_record_copy() -> Vec<std::ops::Range<usize>> {
    let areas = record_copies::<Hitori>()
        .into_iter()
        .chain(record_copies::<Lizards>())
        .chain(record_copies::<hitori::puzzles::sudoku::Sudoku>())
        .chain(record_copies::<Numberlink>());
    let settings = SETTINGS.map(|offset| (offset, SETTINGS_LEN));
    areas.chain(settings).map(|(offset, len)| usize::from(offset)..usize::from(offset) + len).collect()
}

/// Taps `button` and runs `frames` frames from the press (or fewer: until a frame after which
/// `done` holds), one instruction at a time; returns the cartridge RAM as it was before them
/// and after each write to it: every state a power cut in those frames can leave (a cut
/// between two writes leaves what the first did).
fn ram_at_every_write(console: &mut Console, button: Button, frames: u32, done: &dyn Fn(&mut Console) -> bool) -> Vec<Vec<u8>> {
    let mut states = vec![console.cartridge_ram()];
    console.press(button);
    let start = console.cycles();
    let (release, mut end) = (start + u64::from(TAP_FRAMES) * CYCLES_PER_FRAME, start + u64::from(frames) * CYCLES_PER_FRAME);
    let mut next_frame = start + CYCLES_PER_FRAME;
    while console.cycles() < end {
        if console.cycles() >= next_frame {
            next_frame += CYCLES_PER_FRAME;
            if done(console) {
                end = console.cycles();
            }
        }
        if console.cycles() >= release {
            console.release(button);
        }
        console.step();
        // The game writes the RAM only while it is enabled, which it keeps to its saves.
        if console.cartridge_ram_enabled() {
            let now = console.cartridge_ram();
            if now != *states.last().unwrap() {
                states.push(now);
            }
        }
    }
    states
}

/// Cuts the power at every write the game makes to its cartridge RAM in the `frames` frames
/// from a tap of `button` (which must start one save), boots a new console on each state
/// the cut leaves (its CONTINUE showing one of `boards`), and checks that it finds exactly
/// what it found before the save or what it finds after it, never a lost or mixed state, and
/// that the save changed something. Returns what it found before and after, and the RAM after.
fn check_cuts_in_save(console: &mut Console, button: Button, frames: u32, boards: &[(Kind, u8)], what: &str) -> (Found, Found, Vec<u8>) {
    check_cuts_in_save_until(console, button, frames, &|_| false, boards, what)
}

/// [`check_cuts_in_save`] over the frames until `done` holds (at most `frames`).
fn check_cuts_in_save_until(
    console: &mut Console,
    button: Button,
    frames: u32,
    done: &dyn Fn(&mut Console) -> bool,
    boards: &[(Kind, u8)],
    what: &str,
) -> (Found, Found, Vec<u8>) {
    let states = ram_at_every_write(console, button, frames, done);
    assert!(states.len() > 2, "{what}: no save in {frames} frames");
    // The order of the ROM's own writes: a record copy is as before the save, as after it, or
    // marked invalid (first byte 0) while it is written. (A copy torn otherwise would be caught
    // by its checksum only by chance, so the boots below could miss it.)
    let (before, after) = (&states[0], &states[states.len() - 1]);
    for copy in every_record_copy() {
        for (write, state) in states.iter().enumerate() {
            let (now, start) = (&state[copy.clone()], copy.start);
            assert!(
                now == &before[copy.clone()] || now == &after[copy.clone()] || state[start] == 0,
                "{what}: after write {write}, the copy at {start:#x} is torn but not marked invalid"
            );
        }
    }
    let found = found_in_each(&states, boards);
    let (old, new) = (&found[0], &found[found.len() - 1]);
    assert_ne!(old, new, "{what}: the save changed nothing a boot finds");
    for (write, now) in found.iter().enumerate() {
        assert!(
            now == old || now == new,
            "{what}: a cut after write {write} of {} leaves neither the old nor the new state: {now:?}\nold: {old:?}\nnew: {new:?}",
            states.len() - 1
        );
    }
    eprintln!("{what}: {} writes cut, each boot found the old or the new state", states.len() - 1);
    (old.clone(), new.clone(), states.last().unwrap().clone())
}

#[test]
fn a_power_cut_at_any_write_of_a_save_leaves_the_old_or_the_new_state() {
    let n = 5;
    let boards = [(Kind::Hitori, n)];
    let mut console = power_on(None);
    let (board, _) = start_game(&mut console, n);
    let mut known = Vec::new();

    // A move, saved once the player rests.
    let (old, new, _) = check_cuts_in_save(&mut console, Button::A, 90, &boards, "saving a move");
    known.extend([old, new]);

    // A new game over the game in progress: pause, NEW GAME, Start (the size stays 5).
    tap(&mut console, Button::Start);
    for _ in 0..5 {
        tap(&mut console, Button::Down);
    }
    tap(&mut console, Button::A);
    assert!(wait_for(&mut console, 60, |c| map_shows(c, BACKGROUND_MAP, b"NEW GAME")), "no new-game screen");
    let (_, new, _) = check_cuts_in_save(&mut console, Button::Start, 300, &boards, "saving a new game");
    known.push(new);
    let (board_now, _) = read_board(&mut console, n).expect("the new board");
    assert_ne!(board_now, board, "a new puzzle");

    // Finishing it: every cell of the solution but the last shaded and saved, then the last.
    let mut solver = Solver::new(n);
    assert_eq!(solver.count_solutions(&board_now, 2), 1);
    let shaded: Vec<(u8, u8)> =
        (0..n).flat_map(|r| (0..n).map(move |c| (r, c))).filter(|&(r, c)| solver.solution().contains(cell_at(r, c))).collect();
    let (&last, rest) = shaded.split_last().unwrap();
    for &cell in rest {
        move_cursor(&mut console, n, cell);
        tap(&mut console, Button::A);
    }
    move_cursor(&mut console, n, last);
    console.run_frames(90);
    let (old, new, sram) = check_cuts_in_save(&mut console, Button::A, 60, &boards, "saving a finished game and its time");
    assert!(wait_for(&mut console, 60, |c| window_shows(c, b"SOLVED!")), "not solved");
    assert!(new.offered.is_none() && new.best[0].get(n, Difficulty::Easy).is_some(), "finished: no CONTINUE, a best time");
    known.extend([old, new.clone()]);

    // One bit flipped in the saves (a sample of 48): a boot finds states once saved.
    let mut rng = fastrand::Rng::with_seed(17);
    let hitori_saves_end = record_copies::<Hitori>().iter().map(|&(offset, len)| usize::from(offset) + len).max().unwrap();
    let flipped: Vec<Vec<u8>> = (0..48)
        .map(|_| {
            let mut image = sram.clone();
            image[rng.usize(..hitori_saves_end)] ^= 1 << rng.u8(..8);
            image
        })
        .collect();
    for now in found_in_each(&flipped, &boards) {
        assert!(known.iter().any(|k| k.offered == now.offered), "a flipped bit offers a game never saved: {now:?}");
        assert!(known.iter().any(|k| k.best == now.best), "a flipped bit gives best times never saved: {now:?}");
    }
}

/// A console playing an `n` x `n` Hitori game, then on the new-game screen (pause, NEW GAME)
/// with `code` typed, before Start.
fn code_typed_beside_a_hitori_game(n: u8, code: &SeedCode) -> Console {
    let mut console = power_on(None);
    start_game(&mut console, n);
    tap(&mut console, Button::Start);
    for _ in 0..5 {
        tap(&mut console, Button::Down);
    }
    tap(&mut console, Button::A);
    assert!(wait_for(&mut console, 60, |c| map_shows(c, BACKGROUND_MAP, b"NEW GAME")), "no new-game screen");
    type_code(&mut console, &code.encode().unwrap());
    console
}

/// Baby Lizards' saves beside a Hitori game in progress, with the power cut at every write: a
/// new Lizards game from a typed code (its puzzle, its first progress record and the settings
/// record naming the puzzle last played), a move, and the finished game with its best time.
/// Each boot finds the old state or the new one, the Hitori game never lost.
#[test]
fn a_power_cut_at_any_write_of_a_lizards_save_leaves_the_old_or_the_new_state() {
    let (hitori_n, n, difficulty, seed) = (5, 6, Difficulty::Easy, 31);
    let boards = [(Kind::Hitori, hitori_n), (Kind::Lizards, n)];
    let mut engine = LizardsEngine::new();
    let mut puzzle = LizardsPuzzle::new();
    assert!(engine.generate_puzzle(n, difficulty, seed, &mut puzzle));
    // A Hitori game, then pause, NEW GAME, a Lizards code, Start.
    let mut console = code_typed_beside_a_hitori_game(hitori_n, &SeedCode { kind: Kind::Lizards, size: n, difficulty, seed });
    let (old, new, _) = check_cuts_in_save(&mut console, Button::Start, 420, &boards, "saving a new Lizards game");
    assert_eq!(old.offered.as_ref().map(|o| o.0), Some(Kind::Hitori), "before: the Hitori game");
    assert_eq!(new.offered.as_ref().map(|o| o.0), Some(Kind::Lizards), "after: the Lizards game");

    // A lizard placed, then all but the last, then the last: the game finished.
    let cells: Vec<u8> = puzzle.solution.iter().collect();
    let (&last, rest) = cells.split_last().unwrap();
    move_cursor(&mut console, n, puzzle.board.row_col(rest[0]));
    check_cuts_in_save(&mut console, Button::A, 90, &boards, "saving a Lizards move");
    for &cell in &rest[1..] {
        move_cursor(&mut console, n, puzzle.board.row_col(cell));
        tap(&mut console, Button::A);
    }
    move_cursor(&mut console, n, puzzle.board.row_col(last));
    console.run_frames(90);
    let (_, new, _) = check_cuts_in_save(&mut console, Button::A, 60, &boards, "saving a finished Lizards game and its time");
    assert!(wait_for(&mut console, 60, |c| window_shows(c, b"SOLVED!")), "not solved");
    assert_eq!(new.offered.as_ref().map(|o| o.0), Some(Kind::Hitori), "finished: CONTINUE offers the Hitori game again");
    assert!(new.best[1].get(n, difficulty).is_some(), "a Lizards best time");
}

/// Sudoku's saves beside a Hitori game in progress, with the power cut at every write: a new
/// Sudoku game from a typed code (generated on the console, then its puzzle, its first
/// progress record and the settings record), a digit, a pencil mark, and the finished game
/// with its best time. Each boot finds the old state or the new one, the Hitori game never
/// lost.
#[test]
fn a_power_cut_at_any_write_of_a_sudoku_save_leaves_the_old_or_the_new_state() {
    use hitori::puzzles::sudoku::generate::Generator as SudokuGenerator;
    let (hitori_n, difficulty, seed) = (5, Difficulty::Easy, 3);
    let boards = [(Kind::Hitori, hitori_n), (Kind::Sudoku, 9)];
    let puzzle = SudokuGenerator::new().generate(difficulty, seed);
    // A Hitori game, then pause, NEW GAME, a Sudoku code, Start: the console generates it (up
    // to about 20 s); the cuts stop once the board and its cursor show (the new game is saved
    // before play; later frames would hold the next save).
    let mut console = code_typed_beside_a_hitori_game(hitori_n, &SeedCode { kind: Kind::Sudoku, size: 9, difficulty, seed });
    let playing = |c: &mut Console| read_sudoku_board(c).is_some() && c.read(OAM) != 0;
    let (old, new, _) = check_cuts_in_save_until(&mut console, Button::Start, 3 * GENERATE_FRAMES, &playing, &boards, "saving a new Sudoku game");
    assert_eq!(old.offered.as_ref().map(|o| o.0), Some(Kind::Hitori), "before: the Hitori game");
    assert_eq!(new.offered.as_ref().map(|o| o.0), Some(Kind::Sudoku), "after: the Sudoku game");
    assert!(wait_for(&mut console, 10, |c| c.read(OAM) != 0), "no cursor");

    // Each open cell's digit by the keypad (A, the D-pad, A); the first digit's save and a
    // pencil mark's (B on the keypad) cut, then the last digit's, which finishes the game.
    let open: Vec<u8> = (0..81u8).filter(|&cell| puzzle.givens[usize::from(cell)] == 0).collect();
    for (done, &cell) in open.iter().enumerate() {
        move_cursor_with(&mut console, (cell / 9, cell % 9), sudoku_cursor_cell);
        tap(&mut console, Button::A);
        assert!(wait_for(&mut console, 10, |c| sudoku_chosen_key(c).is_some()), "no keypad on cell {cell}");
        if done == 1 {
            console.run_frames(90);
            check_cuts_in_save(&mut console, Button::B, 90, &boards, "saving a Sudoku pencil mark");
        }
        choose_sudoku_key(&mut console, puzzle.solution[usize::from(cell)]);
        if done == 0 {
            check_cuts_in_save(&mut console, Button::A, 90, &boards, "saving a Sudoku digit");
        } else if done + 1 == open.len() {
            console.run_frames(90);
            let (_, new, _) = check_cuts_in_save(&mut console, Button::A, 60, &boards, "saving a finished Sudoku game and its time");
            assert_eq!(new.offered.as_ref().map(|o| o.0), Some(Kind::Hitori), "finished: CONTINUE offers the Hitori game again");
            assert!(new.best[2].get(9, difficulty).is_some(), "a Sudoku best time");
        } else {
            tap(&mut console, Button::A);
        }
    }
    assert!(wait_for(&mut console, 60, |c| window_shows(c, b"SOLVED!")), "not solved");
}

#[test]
fn random_blank_and_erased_saves_boot_to_a_title_with_nothing_to_continue() {
    let mut rng = fastrand::Rng::with_seed(99);
    let images: Vec<Vec<u8>> =
        [vec![0; 0x2000], vec![0xFF; 0x2000]].into_iter().chain((0..4).map(|_| (0..0x2000).map(|_| rng.u8(..)).collect())).collect();
    let nothing = Found { offered: None, best: Kind::ALL.map(BestTimes::new) };
    for (image, now) in images.iter().zip(found_in_each(&images, &[(Kind::Hitori, 9)])) {
        assert_eq!(now, nothing, "image starting {:02x?}", &image[..8]);
    }
}

#[test]
fn mashing_buttons_never_hangs_or_crashes() {
    let mut console = power_on(None);
    let buttons = [Button::Up, Button::Down, Button::Left, Button::Right, Button::A, Button::B, Button::Select, Button::Start];
    let mut rng = fastrand::Rng::with_seed(2026);
    let mut last = loops(&mut console);
    let mut stalled = 0;
    for frame in 0..100_000 {
        let button = buttons[rng.usize(..buttons.len())];
        if rng.bool() { console.press(button) } else { console.release(button) }
        console.run_frames(1);
        assert!(!map_shows(&mut console, BACKGROUND_MAP, b"CRASHED!"), "crash screen at frame {frame}:\n{}", screen_text(&mut console, BACKGROUND_MAP));
        let now = loops(&mut console);
        // Generation runs in the background worker: the loop comes round within a few
        // frames whatever the game is doing.
        stalled = if now == last { stalled + 1 } else { 0 };
        assert!(
            stalled < 120,
            "main loop stuck for {stalled} frames at frame {frame}, pc {:04x}; the screen:\n{}",
            console.pc(),
            screen_text(&mut console, BACKGROUND_MAP)
        );
        last = now;
    }
}

/// Frames from releasing Select to the undone cell shown as it now is, as for any move: the
/// VBlank handler sees the release, the main loop draws the cell after it and the next VBlank
/// copies it (two VBlanks; the emulators' frames do not begin at VBlank).
const UNDO_SHOWN_FRAMES: u32 = 3;

/// Two touching cells shaded (which breaks rule 2 whatever the puzzle), then the second
/// undone: it loses its highlight with its shade, within [`UNDO_SHOWN_FRAMES`].
fn an_undone_wrong_shade_loses_its_highlight_at_once(console: &mut impl Emulator) {
    let n = 5;
    start_game(console, n);
    let (first, second) = ((2, 2), (2, 3));
    assert_eq!(cursor_cell(console, n), first, "the cursor starts in the middle");
    tap(console, Button::A);
    tap(console, Button::Right);
    tap(console, Button::A);
    let flagged = |c: &mut _, cell| variant_at(c, n, cell) == assets::CELL_VARIANT_ERROR;
    assert!(wait_for(console, 60, |c| flagged(c, first) && flagged(c, second)), "touching shaded cells are not highlighted");
    console.press(Button::Select);
    console.run_frames(TAP_FRAMES);
    console.release(Button::Select);
    let mut frames = 0;
    while variant_at(console, n, second) != assets::CELL_VARIANT_PLAIN {
        assert!(frames < 60, "the undone cell still looks {} after 60 frames", variant_at(console, n, second));
        console.run_frames(1);
        frames += 1;
    }
    assert!(frames <= UNDO_SHOWN_FRAMES, "the undone cell kept its look for {frames} frames after the undo");
}

#[test]
fn an_undone_wrong_shade_loses_its_highlight_at_once_on_boytacean() {
    an_undone_wrong_shade_loses_its_highlight_at_once(&mut power_on(None));
}

#[test]
fn an_undone_wrong_shade_loses_its_highlight_at_once_on_gambatte() {
    an_undone_wrong_shade_loses_its_highlight_at_once(&mut power_on_gambatte());
}

/// A 5x5 puzzle solved with a wrong shade beside a shaded cell of the solution (both
/// highlighted), then finished by taking the wrong shade back: the board under the solved
/// screen shows the solution's shades and plain cells, no highlight.
fn the_solved_board_shows_no_highlight(console: &mut impl Emulator) {
    let n = 5;
    let (board, _) = start_game(console, n);
    let mut solver = Solver::new(n);
    assert_eq!(solver.count_solutions(&board, 2), 1);
    let solution = *solver.solution();
    let shaded: Vec<(u8, u8)> = (0..n).flat_map(|r| (0..n).map(move |c| (r, c))).filter(|&(r, c)| solution.contains(cell_at(r, c))).collect();
    let beside = shaded[0];
    let wrong = (beside.0, if beside.1 == 0 { 1 } else { beside.1 - 1 });
    // The wrong shade first: the solution's shades would solve the puzzle.
    for &cell in [&wrong].into_iter().chain(&shaded) {
        move_cursor(console, n, cell);
        tap(console, Button::A);
    }
    let flagged = |c: &mut _, cell| variant_at(c, n, cell) == assets::CELL_VARIANT_ERROR;
    assert!(wait_for(console, 60, |c| flagged(c, wrong) && flagged(c, beside)), "the wrong shade is not highlighted");
    move_cursor(console, n, wrong);
    tap(console, Button::A);
    assert!(wait_for(console, 120, |c| window_shows(c, b"SOLVED!")), "no solved screen");
    console.run_frames(30);
    let (_, variants) = read_board(console, n).expect("the board under the solved screen");
    for (i, variant) in variants.into_iter().enumerate() {
        let cell = cell_at(i as u8 / n, i as u8 % n);
        let want = if solution.contains(cell) { assets::CELL_VARIANT_SHADED } else { assets::CELL_VARIANT_PLAIN };
        assert_eq!(variant, want, "cell ({}, {}) under the solved screen", i as u8 / n, i as u8 % n);
    }
}

#[test]
fn the_solved_board_shows_no_highlight_on_boytacean() {
    the_solved_board_shows_no_highlight(&mut power_on(None));
}

#[test]
fn the_solved_board_shows_no_highlight_on_gambatte() {
    the_solved_board_shows_no_highlight(&mut power_on_gambatte());
}

/// An emulator watched frame by frame for the display's blank runs: frames with the LCD, or
/// the background, off (a white screen).
struct BlankWatch<'a, E: Emulator> {
    inner: &'a mut E,
    run: u32,
    longest: u32,
}

impl<E: Emulator> Emulator for BlankWatch<'_, E> {
    fn press(&mut self, button: Button) {
        self.inner.press(button);
    }
    fn release(&mut self, button: Button) {
        self.inner.release(button);
    }
    fn run_frames(&mut self, frames: u32) {
        for _ in 0..frames {
            self.inner.run_frames(1);
            self.run = if self.inner.read(LCDC) & 0x81 == 0x81 { 0 } else { self.run + 1 };
            self.longest = self.longest.max(self.run);
        }
    }
    fn read(&mut self, address: u16) -> u8 {
        self.inner.read(address)
    }
    fn vram(&mut self) -> Vec<u8> {
        self.inner.vram()
    }
}

/// The longest a screen change may leave the display blank (issue #14), in frames.
const BLANK_LIMIT: u32 = 4;
/// Start to a playable board when a ready puzzle is kept (issue #14), in frames.
const READY_START_FRAMES: u32 = 15;

/// A 9x9 game from the title, solved; NEW GAME from the solved window and Start: the puzzle
/// the worker kept ready meanwhile is on screen, playable, within 15 frames. No screen change
/// of the whole way (title, menu, board, pause menu, board, solved window, menu, board) blanks
/// the display for more than 4 frames.
fn a_second_game_starts_at_once_and_no_screen_blanks_long(console: &mut impl Emulator) {
    let mut watched = BlankWatch { inner: console, run: 0, longest: 0 };
    let console = &mut watched;
    let n = 9;
    let (board, _) = start_game(console, n);
    // The pause menu and back.
    tap(console, Button::Start);
    assert!(wait_for(console, 30, |c| window_shows(c, b"RESUME")), "no pause menu");
    tap(console, Button::B);
    assert!(wait_for(console, 30, |c| read_board(c, n).is_some() && c.read(LCDC) & 0x20 == 0), "not back in play");
    let mut solver = Solver::new(n);
    assert_eq!(solver.count_solutions(&board, 2), 1);
    let solution = *solver.solution();
    for cell in (0..n).flat_map(|r| (0..n).map(move |c| (r, c))).filter(|&(r, c)| solution.contains(cell_at(r, c))) {
        move_cursor(console, n, cell);
        tap(console, Button::A);
    }
    assert!(wait_for(console, 120, |c| window_shows(c, b"SOLVED!")), "no solved screen");
    tap(console, Button::A); // NEW GAME, the first choice
    assert!(wait_for(console, 60, |c| map_shows(c, BACKGROUND_MAP, b"NEW GAME")), "no new-game screen");
    // A player reads the menu for a moment; the worker has had the whole game to keep one.
    console.run_frames(30);
    console.press(Button::Start);
    let mut frames = 0;
    while read_board(console, n).is_none() {
        assert!(frames < READY_START_FRAMES, "no board {frames} frames after Start; the screen:\n{}", screen_text(console, BACKGROUND_MAP));
        console.run_frames(1);
        frames += 1;
        if frames == TAP_FRAMES {
            console.release(Button::Start);
        }
    }
    console.release(Button::Start);
    let (second, _) = read_board(console, n).unwrap();
    assert_ne!(second, board, "a new puzzle");
    assert_eq!(solver.count_solutions(&second, 2), 1, "the kept puzzle has one solution");
    // Playable: the cursor is placed and a move shows.
    assert!(wait_for(console, 10, |c| c.read(OAM) != 0), "no cursor");
    let longest = console.longest;
    assert!(longest <= BLANK_LIMIT, "the display was blank for {longest} frames in a row");
}

#[test]
fn a_second_game_starts_at_once_and_no_screen_blanks_long_on_boytacean() {
    a_second_game_starts_at_once_and_no_screen_blanks_long(&mut power_on(None));
}

#[test]
fn a_second_game_starts_at_once_and_no_screen_blanks_long_on_gambatte() {
    a_second_game_starts_at_once_and_no_screen_blanks_long(&mut power_on_gambatte());
}

/// From the new-game screen, a typed seed code: SEED switched to a code, each symbol entered.
fn type_code(console: &mut impl Emulator, code: &[u8]) {
    // From START: up to SEED, A switches to a code; down to the code row, A edits it.
    for button in [Button::Up, Button::A, Button::Down, Button::A] {
        tap(console, button);
    }
    for &symbol in code {
        let steps = ALPHABET.iter().position(|&a| a == symbol).unwrap();
        for _ in 0..steps {
            tap(console, Button::Up);
        }
        tap(console, Button::Right);
    }
    tap(console, Button::A);
}

/// A typed seed code is generated on demand behind the generating screen, which shows instead
/// of a white screen (issue #14 item 1); the clock starts at 00:00 once the board shows,
/// however long generating took (item 3).
fn a_typed_code_shows_the_generating_screen_and_the_clock_starts_at_zero(console: &mut impl Emulator) {
    let mut watched = BlankWatch { inner: console, run: 0, longest: 0 };
    let console = &mut watched;
    let n = 12;
    let code = SeedCode { kind: hitori::puzzles::Kind::Hitori, size: n, difficulty: Difficulty::Hard, seed: 2026 }.encode().unwrap();
    assert!(wait_for(console, 120, |c| map_shows(c, BACKGROUND_MAP, b"PRESS START")));
    tap(console, Button::Start);
    assert!(wait_for(console, 60, |c| map_shows(c, BACKGROUND_MAP, b"NEW GAME")));
    type_code(console, &code);
    console.press(Button::Start);
    console.run_frames(TAP_FRAMES);
    console.release(Button::Start);
    assert!(
        wait_for(console, 10, |c| map_shows(c, BACKGROUND_MAP, b"GENERATING")),
        "no generating screen shown; LCDC {:02x}, the map:\n{}",
        console.read(LCDC),
        screen_text(console, BACKGROUND_MAP)
    );
    let mut frames = 0;
    while read_board(console, n).is_none() {
        assert!(frames < 60 * 120, "no board after two minutes");
        // Blank only while the board is copied with the LCD off (at most BLANK_LIMIT frames,
        // checked below); the emulator may stop in the middle of that copy.
        let shown = !background_shown(console) || map_shows(console, BACKGROUND_MAP, b"GENERATING");
        assert!(shown, "the generating screen went away after {frames} frames:\n{}", screen_text(console, BACKGROUND_MAP));
        console.run_frames(10);
        frames += 10;
    }
    assert!(frames > 60, "generating took {frames} frames: too short to tell a clock that counted it");
    let longest = console.longest;
    assert!(longest <= BLANK_LIMIT, "the display was blank for {longest} frames in a row");
    assert!(map_shows(console, BACKGROUND_MAP, b"00:00"), "the clock at the start:\n{}", screen_text(console, BACKGROUND_MAP));
}

#[test]
fn a_typed_code_shows_the_generating_screen_and_the_clock_starts_at_zero_on_boytacean() {
    a_typed_code_shows_the_generating_screen_and_the_clock_starts_at_zero(&mut power_on(None));
}

#[test]
fn a_typed_code_shows_the_generating_screen_and_the_clock_starts_at_zero_on_gambatte() {
    a_typed_code_shows_the_generating_screen_and_the_clock_starts_at_zero(&mut power_on_gambatte());
}

/// Types `code` on the new-game screen and starts it: the board `read` reads back once it
/// shows, within `frames` frames (`what` names it).
fn start_code<E: Emulator, T>(console: &mut E, code: &[u8], frames: u32, what: &str, mut read: impl FnMut(&mut E) -> Option<T>) -> T {
    open_new_game(console);
    type_code(console, code);
    tap(console, Button::Start);
    let mut shown = None;
    assert!(
        wait_for(console, frames, |c| {
            shown = read(c);
            shown.is_some()
        }),
        "no {what} board after {frames} frames; the screen:\n{}",
        screen_text(console, BACKGROUND_MAP)
    );
    shown.unwrap()
}

/// The Baby Lizards board the background map shows, as (mark, highlight) a cell
/// (`assets::LIZARD_*`), once every cell of an `n` x `n` board shows one of its cell tiles.
fn read_lizards_board(console: &mut impl Emulator, n: u8) -> Option<Vec<(u8, u8)>> {
    if !background_shown(console) {
        return None;
    }
    let layout = Layout::for_size(n);
    let vram = console.vram();
    let mut cells = Vec::new();
    for r in 0..n {
        for c in 0..n {
            let (x, y) = layout.cell_tile_xy(r, c);
            cells.push(read_lizard_tile(layout.big, vram[BACKGROUND_MAP + usize::from(y) * 32 + usize::from(x)])?);
        }
    }
    Some(cells)
}

/// A typed Baby Lizards code: the console shows the puzzle the host generates for that code
/// (its trees, read back from VRAM), and A on each cell of its one solution, walking the
/// cursor there, solves it: the solved screen shows a new best time.
fn a_lizards_code_gives_the_hosts_puzzle_solved_by_buttons(console: &mut impl Emulator) {
    let (n, difficulty, seed) = (7, Difficulty::Easy, 2026);
    let code = SeedCode { kind: Kind::Lizards, size: n, difficulty, seed }.encode().unwrap();
    let mut engine = LizardsEngine::new();
    let mut puzzle = LizardsPuzzle::new();
    assert!(engine.generate_puzzle(n, difficulty, seed, &mut puzzle));
    assert_eq!(engine.count_solutions(&puzzle.board, puzzle.lizards, 2), 1, "the host's puzzle has one solution");

    let shown = start_code(console, &code, GENERATE_FRAMES, &format!("{n}x{n} Lizards"), |c| read_lizards_board(c, n));
    for cell in 0..n * n {
        let tree = shown[usize::from(cell)].0 == assets::LIZARD_MARK_TREE;
        assert_eq!(tree, puzzle.board.is_tree(cell), "cell {:?}: a tree on one side only", puzzle.board.row_col(cell));
        assert_eq!(shown[usize::from(cell)].1, assets::LIZARD_HIGHLIGHT_PLAIN, "a new board shows plain cells");
    }
    assert!(wait_for(console, 10, |c| c.read(OAM) != 0), "no cursor");

    for cell in puzzle.solution.iter() {
        assert!(!window_shows(console, b"SOLVED!"), "solved before the last lizard");
        move_cursor(console, n, puzzle.board.row_col(cell));
        tap(console, Button::A);
    }
    assert!(wait_for(console, 120, |c| window_shows(c, b"SOLVED!")), "no solved screen");
    assert!(window_shows(console, b"NEW BEST!"));
}

#[test]
fn a_lizards_code_gives_the_hosts_puzzle_solved_by_buttons_on_boytacean() {
    let mut console = power_on(None);
    a_lizards_code_gives_the_hosts_puzzle_solved_by_buttons(&mut console);
    // Its best time is in Lizards' area, and the solved game is not offered again.
    let mut image: [u8; 0x2000] = console.cartridge_ram().try_into().expect("8 KiB of cartridge RAM");
    let (mut best, mut marks) = (BestTimes::new(Kind::Lizards), hitori::puzzles::lizards::Marks::new());
    let offered = Saves::new().load::<Lizards>(&mut image, &mut best, &mut LizardsPuzzle::new(), &mut marks);
    assert_eq!(offered, None, "the solved game is not offered");
    let seconds = best.get(7, Difficulty::Easy).expect("a best time in Lizards' area");
    assert!(seconds < 600, "{seconds} s");
}

#[test]
fn a_lizards_code_gives_the_hosts_puzzle_solved_by_buttons_on_gambatte() {
    a_lizards_code_gives_the_hosts_puzzle_solved_by_buttons(&mut power_on_gambatte());
}

/// A Sudoku board's cells as VRAM shows them: each cell's digit (0: none) and style, the
/// style `u8::MAX` for a cell showing its pencil-mark tile; `None` while no Sudoku board shows.
fn read_sudoku_board(console: &mut impl Emulator) -> Option<Vec<(u8, u8)>> {
    if !background_shown(console) {
        return None;
    }
    let vram = console.vram();
    let pencil = assets::SUDOKU_PENCIL_FIRST_TILE..assets::SUDOKU_PENCIL_FIRST_TILE + 81;
    let mut cells = Vec::new();
    for r in 0..9 {
        for c in 0..9 {
            let tile = vram[BACKGROUND_MAP + (1 + 2 * r) * 32 + 1 + 2 * c];
            let index = tile.wrapping_sub(assets::SUDOKU_FIRST_TILE);
            cells.push(if pencil.contains(&tile) {
                (0, u8::MAX)
            } else if index < 4 * assets::SUDOKU_STYLE_TILES {
                (index % assets::SUDOKU_STYLE_TILES, index / assets::SUDOKU_STYLE_TILES)
            } else {
                return None;
            });
        }
    }
    Some(cells)
}

/// The Sudoku cell the cursor frames: its square starts 4 pixels into the line tiles.
fn sudoku_cursor_cell(console: &mut impl Emulator) -> (u8, u8) {
    let (y, x) = (console.read(OAM) - 16, console.read(OAM + 1) - 8);
    ((y - 4) / 16, (x - 4) / 16)
}

/// The keypad's chosen digit: the key under its ring (object 4, before the keys' 5 to 13).
fn sudoku_chosen_key(console: &mut impl Emulator) -> Option<u8> {
    let object = |c: &mut dyn FnMut(u16) -> u8, index: u16| (c(OAM + 4 * index), c(OAM + 4 * index + 1), c(OAM + 4 * index + 2));
    let mut read = |at: u16| console.read(at);
    let ring = object(&mut read, 4);
    if ring.0 == 0 || ring.2 != assets::CURSOR_SMALL_OBJ_TILE {
        return None;
    }
    (1..=9).find(|&digit| {
        let key = object(&mut read, 4 + u16::from(digit));
        (key.0, key.1) == (ring.0, ring.1) && key.2 == hitori::game::boards::sudoku::KeypadView::key_tile(digit)
    })
}

/// On the open keypad: from its chosen digit to `digit` by the D-pad (across, then down).
fn choose_sudoku_key(console: &mut impl Emulator, digit: u8) {
    let from = sudoku_chosen_key(console).expect("the keypad is open");
    let (across, down) = ((i16::from(digit - 1) % 3) - (i16::from(from - 1) % 3), (i16::from(digit - 1) / 3) - (i16::from(from - 1) / 3));
    for _ in 0..across.unsigned_abs() {
        tap(console, if across > 0 { Button::Right } else { Button::Left });
    }
    for _ in 0..down.unsigned_abs() {
        tap(console, if down > 0 { Button::Down } else { Button::Up });
    }
    assert_eq!(sudoku_chosen_key(console), Some(digit));
}

/// A typed Sudoku code: the console shows the givens the host generates for that code (read
/// back from VRAM); each open cell takes its digit by A, the keypad's D-pad and A, walking
/// the cursor there; a pencil mark's tile reaches VRAM; the solved screen shows a new best time.
fn a_sudoku_code_gives_the_hosts_puzzle_solved_by_buttons(console: &mut impl Emulator) {
    use hitori::puzzles::sudoku::generate::Generator as SudokuGenerator;
    let (difficulty, seed) = (Difficulty::Easy, 3);
    let code = SeedCode { kind: Kind::Sudoku, size: 9, difficulty, seed }.encode().unwrap();
    let puzzle = SudokuGenerator::new().generate(difficulty, seed);

    // An easy Sudoku takes the console up to about 20 s (docs/sudoku-notes.md).
    let shown = start_code(console, &code, 3 * GENERATE_FRAMES, "Sudoku", read_sudoku_board);
    for cell in 0..81 {
        let given = puzzle.givens[cell];
        let expected = if given != 0 { (given, assets::SUDOKU_STYLE_GIVEN) } else { (0, assets::SUDOKU_STYLE_ENTERED) };
        assert_eq!(shown[cell], expected, "cell {cell}: the host's givens");
    }
    assert!(wait_for(console, 10, |c| c.read(OAM) != 0), "no cursor");

    let open: Vec<u8> = (0..81u8).filter(|&cell| puzzle.givens[usize::from(cell)] == 0).collect();
    for (done, &cell) in open.iter().enumerate() {
        assert!(!window_shows(console, b"SOLVED!"), "solved before the last digit");
        move_cursor_with(console, (cell / 9, cell % 9), sudoku_cursor_cell);
        tap(console, Button::A);
        assert!(wait_for(console, 10, |c| sudoku_chosen_key(c).is_some()), "no keypad on cell {cell}");
        if done == 0 {
            // A pencil mark first: B marks the chosen digit, its tile reaches VRAM.
            let chosen = sudoku_chosen_key(console).unwrap();
            tap(console, Button::B);
            let tile = usize::from(assets::SUDOKU_PENCIL_FIRST_TILE + cell);
            let mut expected = [0; 16];
            hitori::game::boards::sudoku::pencil_tile(1 << (chosen - 1), &mut expected);
            assert!(
                wait_for(console, 10, |c| c.vram()[0x1000 + 16 * tile..0x1000 + 16 * tile + 16] == expected[..]),
                "the pencil tile of cell {cell} in VRAM"
            );
        }
        choose_sudoku_key(console, puzzle.solution[usize::from(cell)]);
        tap(console, Button::A);
    }
    assert!(wait_for(console, 120, |c| window_shows(c, b"SOLVED!")), "no solved screen");
    assert!(window_shows(console, b"NEW BEST!"));
}

#[test]
fn a_sudoku_code_gives_the_hosts_puzzle_solved_by_buttons_on_boytacean() {
    use hitori::puzzles::sudoku::{Sudoku, generate::Puzzle as SudokuPuzzle, play::Marks as SudokuMarks};
    let mut console = power_on(None);
    a_sudoku_code_gives_the_hosts_puzzle_solved_by_buttons(&mut console);
    // Its best time is in Sudoku's area, and the solved game is not offered again.
    let mut image: [u8; 0x2000] = console.cartridge_ram().try_into().expect("8 KiB of cartridge RAM");
    let (mut best, mut puzzle, mut marks) = (BestTimes::new(Kind::Sudoku), SudokuPuzzle::EMPTY, SudokuMarks::EMPTY);
    let offered = Saves::new().load::<Sudoku>(&mut image, &mut best, &mut puzzle, &mut marks);
    assert_eq!(offered, None, "the solved game is not offered");
    assert!(best.get(9, Difficulty::Easy).is_some(), "a best time in Sudoku's area");
}

#[test]
fn a_sudoku_code_gives_the_hosts_puzzle_solved_by_buttons_on_gambatte() {
    a_sudoku_code_gives_the_hosts_puzzle_solved_by_buttons(&mut power_on_gambatte());
}

/// The Numberlink board the background map shows: each square's number (0: none), links (a
/// number's: 1 once its path has its link) and whether it shows in error, once every square
/// of an `n` x `n` board shows one of its tiles.
fn read_numberlink_board(console: &mut impl Emulator, n: u8) -> Option<Vec<(u8, u8, bool)>> {
    if !background_shown(console) {
        return None;
    }
    let layout = Playable::Numberlink.layout(n);
    let vram = console.vram();
    let mut squares = Vec::new();
    for r in 0..n {
        for c in 0..n {
            let (x, y) = layout.cell_tile_xy(r, c);
            squares.push(hitori::game::boards::numberlink::read_square_tile(vram[BACKGROUND_MAP + usize::from(y) * 32 + usize::from(x)])?);
        }
    }
    Some(squares)
}

/// The Numberlink square the cursor frames (8x8 squares at every size).
fn numberlink_cursor_cell(console: &mut impl Emulator, n: u8) -> (u8, u8) {
    let layout = Playable::Numberlink.layout(n);
    let (y, x) = (console.read(OAM) - 16, console.read(OAM + 1) - 8);
    let (x0, y0) = layout.cell_pixel_xy(0, 0);
    ((y - y0) / 8, (x - x0) / 8)
}

/// The host's Numberlink puzzle of (`n`, `difficulty`, `seed`).
fn numberlink_puzzle(n: u8, difficulty: Difficulty, seed: u32) -> NumberlinkPuzzle {
    let mut puzzle = NumberlinkPuzzle::new();
    assert!(hitori::puzzles::numberlink::generate::Generator::new().generate_into(n, difficulty, seed, &mut puzzle));
    puzzle
}

/// The D-pad steps of number `k`'s path (from 1) along the solution, from its first end.
fn numberlink_steps(puzzle: &NumberlinkPuzzle, k: usize) -> Vec<Button> {
    let [start, end] = puzzle.givens.ends[k - 1];
    let (mut here, mut from, mut steps) = (start, 4, Vec::new());
    while here != end {
        let side = (0..4).find(|&s| s != from && puzzle.solution[usize::from(here)] & (1 << s) != 0).unwrap();
        steps.push([Button::Up, Button::Right, Button::Down, Button::Left][usize::from(side)]);
        here = numberlink_step(here, side);
        from = side ^ 2;
    }
    steps
}

/// Draws number `k`'s path by buttons: the cursor to its first end, A held, the D-pad along
/// the solution, A let go; all but the last `spare` steps.
fn draw_numberlink_path(console: &mut impl Emulator, puzzle: &NumberlinkPuzzle, k: usize, spare: usize) {
    let n = puzzle.size();
    let start = puzzle.givens.ends[k - 1][0];
    move_cursor_with(console, (start >> 4, start & 15), |c| numberlink_cursor_cell(c, n));
    console.press(Button::A);
    let steps = numberlink_steps(puzzle, k);
    for &button in &steps[..steps.len() - spare] {
        tap(console, button);
    }
    console.release(Button::A);
    console.run_frames(2);
}

/// A typed Numberlink code: the console shows the numbers the host generates for that code
/// (read back from VRAM); each path drawn by A held and the D-pad shows as line tiles, its
/// numbers linked; the last path solves it and the solved screen shows a new best time.
fn a_numberlink_code_gives_the_hosts_puzzle_solved_by_buttons(console: &mut impl Emulator) {
    let (n, difficulty, seed) = (6, Difficulty::Easy, 5);
    let code = SeedCode { kind: Kind::Numberlink, size: n, difficulty, seed }.encode().unwrap();
    let puzzle = numberlink_puzzle(n, difficulty, seed);

    // The first Numberlink board after boot: its tiles come with it (the LCD off), in the
    // blank every board keeps to, and they are the ones the host draws.
    let mut watched = BlankWatch { inner: console, run: 0, longest: 0 };
    let shown = start_code(&mut watched, &code, GENERATE_FRAMES, &format!("{n}x{n} Numberlink"), |c| read_numberlink_board(c, n));
    let longest = watched.longest;
    assert!(longest <= BLANK_LIMIT, "the display was blank for {longest} frames in a row");
    let vram = console.vram();
    hitori::game::boards::numberlink::draw_tiles(|index, tile| {
        let address = usize::from(gb_hal::video::TileAddressing::Signed8800.tile_address(index).get()) - 0x8000;
        assert_eq!(&vram[address..address + 16], tile, "Numberlink's tile {index} in VRAM");
    });
    for r in 0..n {
        for c in 0..n {
            let cell = cell_at(r, c);
            assert_eq!(shown[usize::from(r * n + c)], (puzzle.givens.number_at(cell), 0, false), "square ({r}, {c}): the host's numbers");
        }
    }
    assert!(wait_for(console, 10, |c| c.read(OAM) != 0), "no cursor");

    for k in 1..=usize::from(puzzle.givens.paths) {
        assert!(!window_shows(console, b"SOLVED!"), "solved before the last path");
        draw_numberlink_path(console, &puzzle, k, 0);
        if k == 1 {
            let board = read_numberlink_board(console, n).expect("the board shows");
            for r in 0..n {
                for c in 0..n {
                    let cell = cell_at(r, c);
                    let (number, links, error) = board[usize::from(r * n + c)];
                    assert!(!error, "square ({r}, {c}) in error");
                    if number == 1 {
                        assert_eq!(links, 1, "number 1 shows its path linked");
                    } else if number == 0 && links != 0 {
                        assert_eq!(links, puzzle.solution[usize::from(cell)], "square ({r}, {c}) of path 1");
                    }
                }
            }
        }
    }
    assert!(wait_for(console, 120, |c| window_shows(c, b"SOLVED!")), "no solved screen");
    assert!(window_shows(console, b"NEW BEST!"));
}

#[test]
fn a_numberlink_code_gives_the_hosts_puzzle_solved_by_buttons_on_boytacean() {
    use hitori::puzzles::numberlink::play::Marks as NumberlinkMarks;
    let mut console = power_on(None);
    a_numberlink_code_gives_the_hosts_puzzle_solved_by_buttons(&mut console);
    // Its best time is in Numberlink's area, and the solved game is not offered again.
    let mut image: [u8; 0x2000] = console.cartridge_ram().try_into().expect("8 KiB of cartridge RAM");
    let (mut best, mut puzzle, mut marks) = (BestTimes::new(Kind::Numberlink), NumberlinkPuzzle::new(), NumberlinkMarks::new());
    let offered = Saves::new().load::<Numberlink>(&mut image, &mut best, &mut puzzle, &mut marks);
    assert_eq!(offered, None, "the solved game is not offered");
    assert!(best.get(6, Difficulty::Easy).is_some(), "a best time in Numberlink's area");
}

#[test]
fn a_numberlink_code_gives_the_hosts_puzzle_solved_by_buttons_on_gambatte() {
    a_numberlink_code_gives_the_hosts_puzzle_solved_by_buttons(&mut power_on_gambatte());
}

/// Numberlink's saves beside a Hitori game in progress, with the power cut at every write: a
/// new Numberlink game from a typed code (generated on the console, then its puzzle, its first
/// progress record and the settings record), a path taken off by B (a move a link), and the
/// finished game with its best time. Each boot finds the old state or the new one, the Hitori
/// game never lost.
#[test]
fn a_power_cut_at_any_write_of_a_numberlink_save_leaves_the_old_or_the_new_state() {
    let (hitori_n, n, difficulty, seed) = (5, 5, Difficulty::Easy, 8);
    let boards = [(Kind::Hitori, hitori_n), (Kind::Numberlink, n)];
    let puzzle = numberlink_puzzle(n, difficulty, seed);
    let mut console = code_typed_beside_a_hitori_game(hitori_n, &SeedCode { kind: Kind::Numberlink, size: n, difficulty, seed });
    let playing = |c: &mut Console| read_numberlink_board(c, n).is_some() && c.read(OAM) != 0;
    let (old, new, _) = check_cuts_in_save_until(&mut console, Button::Start, GENERATE_FRAMES, &playing, &boards, "saving a new Numberlink game");
    assert_eq!(old.offered.as_ref().map(|o| o.0), Some(Kind::Hitori), "before: the Hitori game");
    assert_eq!(new.offered.as_ref().map(|o| o.0), Some(Kind::Numberlink), "after: the Numberlink game");
    assert!(wait_for(&mut console, 10, |c| c.read(OAM) != 0), "no cursor");

    // Path 1 drawn and saved, then taken off by B on its first end.
    draw_numberlink_path(&mut console, &puzzle, 1, 0);
    console.run_frames(90);
    let start = puzzle.givens.ends[0][0];
    move_cursor_with(&mut console, (start >> 4, start & 15), |c| numberlink_cursor_cell(c, n));
    console.run_frames(90);
    check_cuts_in_save(&mut console, Button::B, 90, &boards, "saving a Numberlink path taken off");

    // Every path, the last but for its last step, which finishes the game.
    let paths = usize::from(puzzle.givens.paths);
    for k in 1..paths {
        draw_numberlink_path(&mut console, &puzzle, k, 0);
    }
    draw_numberlink_path(&mut console, &puzzle, paths, 1);
    console.run_frames(90);
    let last = *numberlink_steps(&puzzle, paths).last().unwrap();
    console.press(Button::A);
    let (_, new, _) = check_cuts_in_save(&mut console, last, 60, &boards, "saving a finished Numberlink game and its time");
    console.release(Button::A);
    assert_eq!(new.offered.as_ref().map(|o| o.0), Some(Kind::Hitori), "finished: CONTINUE offers the Hitori game again");
    assert!(new.best[3].get(n, difficulty).is_some(), "a Numberlink best time");
    assert!(wait_for(&mut console, 60, |c| window_shows(c, b"SOLVED!")), "not solved");
}

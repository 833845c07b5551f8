//! Numberlink's board screen: 8x8 squares at every size (5x5 to 12x12), each one tile: an empty
//! square shows its links as a line from its middle to the edges it is linked on (so the
//! squares of a path draw one connected line), a number's square its number (1 to 36: two
//! digits of 3x5 pixels fit a square) on a disc that turns black once its path has its link.
//! Squares in error (a path joining two different numbers, a square no path can reach any
//! more) and those a hint lights have looks of their own.
//!
//! The tiles are drawn ([`draw_tiles`]) from the digits' rows and the links' bits, on the host:
//! 178 tiles of 16 bytes would not fit ROM bank 0, where the C back end puts all data, so the
//! console has them baked in an assembly file of their own (linker/numberlink_tiles.s, ROM
//! bank 17), copied into the place of Hitori's 16x16 cells when a Numberlink board first
//! shows (with the LCD off, as for the other puzzles' cells; drawing them there took 23
//! frames).
//!
//! Controls: holding A, the D-pad draws from the square under the cursor (the frame hands the
//! board each step: [`NumberlinkBoard::drag`]): a step adds a link from a number or a path's
//! end, a step back along the path takes the last link off. B on a path takes the whole path
//! off, a move a link ([`ClearPath`]), so undo puts it back link by link.
//!
//! The live errors need the solver's region check, which is larger than the room a board has
//! in WRAM: the worker finds them ([`super::super::work::Job::Check`]) on the marks the board
//! gives it after a move, and the board shows them when they come back.
//!
//! On the console the board's entry points live in ROM bank 14 with Baby Lizards' and
//! Sudoku's boards.

use super::{Banner, Changed, Checked, Press};
use crate::assets;
use crate::game::canvas::{Canvas, Layer};
use crate::game::layout::{Layout, SCREEN_COLS, col_of, position, row_of};
use crate::puzzles::numberlink::Numberlink;
use crate::puzzles::numberlink::grid::{CELL_SLOTS, Cells, MAX_PATHS, Puzzle, neighbour, step};
use crate::puzzles::numberlink::play::{self, ClearPath, Hint, Marks, Move};
use crate::puzzles::play::Play;

/// Squares whose error look changes drawn a frame: seven, with their copies, ran a frame late.
const ERROR_SQUARES_A_FRAME: u8 = 3;

/// What [`NumberlinkBoard::show_errors`] did: whether a square now shows an error it did not,
/// and whether every square shows the errors given.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ErrorsShown {
    pub new_error: bool,
    pub all: bool,
}

/// The looks of a square, each a row of [`STYLE_TILES`] tiles: the empty square's path shapes
/// ([`SHAPE_OF_LINKS`]), then numbers 1 to 36.
const STYLE_PLAIN: u8 = 0;
pub const STYLE_ERROR: u8 = 1;
const STYLE_HINT: u8 = 2;
const STYLES: u8 = 3;
/// The shapes a path takes through an empty square: none, the four ends, the two straights,
/// the four corners.
const SHAPES: u8 = 11;
pub const STYLE_TILES: u8 = SHAPES + MAX_PATHS as u8;
/// After the styles: the numbers whose path has its link, then the solid square.
const LINKED_FIRST: u8 = STYLES * STYLE_TILES;
const SOLID: u8 = LINKED_FIRST + MAX_PATHS as u8;
/// The tiles [`draw_tiles`] draws, from [`FIRST_TILE`].
pub const TILES: u8 = SOLID + 1;
/// They go where Hitori's 16x16 cells go (a board of 8x8 squares shows them with `$8800`
/// addressing, as Sudoku's does).
pub const FIRST_TILE: u8 = assets::BIG_CELL_FIRST_TILE;
const _: () = assert!(TILES as usize * 16 <= assets::BIG_CELL_TILES.len(), "Numberlink's tiles fit Hitori's 16x16 cells' place");

/// The first tile of `style`'s row: `style * STYLE_TILES` without a multiplication, which is a
/// runtime call on the console (about a thousand cycles a square redrawn).
const fn style_first(style: u8) -> u8 {
    match style {
        STYLE_PLAIN => 0,
        STYLE_ERROR => STYLE_TILES,
        _ => 2 * STYLE_TILES,
    }
}

/// A square's links (bit 0 up, 1 right, 2 down, 3 left) to its shape's place in a style's row:
/// none, the ends up, right, down and left, the straights up-down and left-right, the corners
/// up-right, right-down, down-left and left-up. A square never has three links or four.
const SHAPE_OF_LINKS: [u8; 16] = [0, 1, 2, 7, 3, 5, 8, 0, 4, 10, 6, 0, 9, 0, 0, 0];
/// Its inverse: each shape's links.
const LINKS_OF_SHAPE: [u8; SHAPES as usize] = [0, 1, 2, 4, 8, 5, 10, 3, 6, 12, 9];

/// The Numberlink puzzle being played and what its board shows.
pub struct NumberlinkBoard {
    pub puzzle: Puzzle,
    pub play: Play<Numberlink>,
    /// Each square's number (0: none): the givens list the numbers by pair, and a square's
    /// look needs its number at once (a board's rows are drawn a few a frame).
    numbers: [u8; CELL_SLOTS],
    /// The squares shown in error, as the worker last found them.
    errors: Cells,
    /// Whether the marks changed since the worker last took them to find the errors.
    unchecked: Unchecked,
    /// Squares the last hint lights up, until the next move.
    hinted: Cells,
}

impl Default for NumberlinkBoard {
    fn default() -> Self {
        Self::new()
    }
}

impl NumberlinkBoard {
    pub const fn new() -> NumberlinkBoard {
        NumberlinkBoard {
            puzzle: Puzzle::new(),
            play: Play::with_marks(Marks::new()),
            numbers: [0; CELL_SLOTS],
            errors: Cells::EMPTY,
            unchecked: Unchecked::No,
            hinted: Cells::EMPTY,
        }
    }

    pub fn size(&self) -> u8 {
        self.puzzle.size()
    }

    /// Takes `puzzle` for a new game (no link drawn).
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank14"))]
    #[inline(never)]
    pub fn take_new(&mut self, puzzle: &Puzzle) {
        self.puzzle.clone_from(puzzle);
        self.play.restore_with(|marks| marks.links.fill(0));
    }

    /// Begins a new game (or one restarted): no link, so no error.
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank14"))]
    #[inline(never)]
    pub fn begin_new(&mut self) {
        self.hinted = Cells::EMPTY;
        self.errors = Cells::EMPTY;
        self.unchecked = Unchecked::No;
        self.numbers.fill(0);
        let givens = &self.puzzle.givens;
        for (k, pair) in givens.ends[..usize::from(givens.paths)].iter().enumerate() {
            for &end in pair {
                self.numbers[usize::from(end)] = k as u8 + 1;
            }
        }
    }

    /// Begins a game resumed with its links: the worker finds its errors.
    pub fn resume(&mut self) {
        self.begin_new();
        self.unchecked = Unchecked::Yes;
    }

    /// Which button's mark the square at `spot` holds: A's for a square on a drawn path.
    pub fn marked_by(&self, spot: u8) -> Option<Press> {
        (self.play.marks().links[usize::from(spot)] != 0).then_some(Press::A)
    }

    /// B on `spot` takes off the path through it, a move a link; A alone draws nothing (the
    /// D-pad does, A held: [`NumberlinkBoard::drag`]).
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank14"))]
    #[inline(never)]
    pub fn press(&mut self, spot: u8, press: Press, layout: &Layout, canvas: &mut Canvas) -> Option<Changed> {
        if press == Press::A {
            return None;
        }
        let mut clear = ClearPath::new(self.play.marks(), spot);
        let mut last = None;
        while let Some(m) = clear.next(self.play.marks()) {
            self.play.make(m);
            self.draw_link(layout, canvas, m);
            last = Some(m);
        }
        let m = last?;
        let changed = self.changed(Some(m), layout, canvas);
        Some(Changed { cell: Some(spot), ..changed })
    }

    /// The cursor stepped from `from` to `to` with A held: the link that step draws or takes
    /// back ([`play::draw_step`]), if any. A step that wraps round the board's edge draws
    /// nothing.
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank14"))]
    #[inline(never)]
    pub fn drag(&mut self, from: u8, to: u8, layout: &Layout, canvas: &mut Canvas) -> Option<Changed> {
        let side = (0..4).find(|&side| neighbour(self.size(), from, side) == Some(to))?;
        let m = play::draw_step(&self.puzzle.givens, self.play.marks(), from, side, |square| self.numbers[usize::from(square)])?;
        self.play.make(m);
        Some(self.changed(Some(m), layout, canvas))
    }

    /// Clears every link: every row drawn again.
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank14"))]
    #[inline(never)]
    pub fn restart(&mut self, layout: &Layout, canvas: &mut Canvas) -> Changed {
        self.play.restore_with(|marks| marks.links.fill(0));
        self.begin_new();
        self.draw_rows(layout, canvas, 0, self.size());
        Changed { cell: None, solved: false }
    }

    /// After `moved`: its two squares and the last hint's drawn, the errors to be found
    /// again. The cursor goes to the square the link leads to (where an undo's or redo's
    /// drawing would go on).
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank14"))]
    #[inline(never)]
    fn changed(&mut self, moved: Option<Move>, layout: &Layout, canvas: &mut Canvas) -> Changed {
        let lit = core::mem::replace(&mut self.hinted, Cells::EMPTY);
        self.draw_cells_of(layout, canvas, &lit);
        let Some(m) = moved else { return Changed { cell: None, solved: false } };
        self.unchecked = Unchecked::Moved;
        self.draw_link(layout, canvas, m);
        // Solved only if the move's two squares now hold their solution's links: the whole
        // board is compared (a frame's third on the console at 12x12) only then.
        let (links, solution) = (&self.play.marks().links, &self.puzzle.solution);
        let far = usize::from(step(m.cell, m.side));
        let both = links[usize::from(m.cell)] == solution[usize::from(m.cell)] && links[far] == solution[far];
        let solved = both && play::is_solved(&self.puzzle, self.play.marks());
        Changed { cell: Some(step(m.cell, m.side)), solved }
    }

    /// A frame of play: marks changed in the last frame want a check from this one on.
    pub fn check(&mut self) -> Checked {
        if self.unchecked == Unchecked::Moved {
            self.unchecked = Unchecked::Yes;
        }
        Checked::Nothing
    }

    /// Whether the marks changed since the worker last took them to find the errors, a frame
    /// ago or more; taking them ([`NumberlinkBoard::checked_marks`]) clears it.
    pub fn wants_check(&self) -> bool {
        self.unchecked == Unchecked::Yes
    }

    /// The puzzle and marks for the worker to check.
    pub fn checked_marks(&mut self) -> (&Puzzle, &Marks) {
        self.unchecked = Unchecked::No;
        (&self.puzzle, self.play.marks())
    }

    /// Shows the errors the worker found, unless the marks changed since it took them (a
    /// check of the new ones follows): up to [`ERROR_SQUARES_A_FRAME`] squares whose look
    /// changes a call, so the caller calls again next frame until all are drawn. Whether a
    /// square now shows in error that did not, and whether all are drawn.
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank14"))]
    #[inline(never)]
    pub fn show_errors(&mut self, errors: &Cells, layout: &Layout, canvas: &mut Canvas) -> ErrorsShown {
        if self.unchecked != Unchecked::No {
            return ErrorsShown { new_error: false, all: true };
        }
        let before = self.errors;
        let (mut new_error, mut changed) = (false, 0);
        for_each_cell_of(&before, errors, |cell| {
            changed += 1;
            if changed > ERROR_SQUARES_A_FRAME {
                return;
            }
            if errors.contains(cell) {
                self.errors.insert(cell);
                new_error = true;
            } else {
                self.errors.remove(cell);
            }
            self.draw_cell(layout, canvas, cell);
        });
        // Counted rather than compared: SDCC's memcmp of the two sets took 9k cycles.
        ErrorsShown { new_error, all: changed <= ERROR_SQUARES_A_FRAME }
    }

    /// Lights the hint's squares now, puts the `cursor` on the link's first square and its
    /// lines in `banner`.
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank14"))]
    #[inline(never)]
    pub fn show_hint(&mut self, hint: Hint, layout: &Layout, canvas: &mut Canvas, cursor: &mut u8, banner: &mut Banner) {
        let before = core::mem::replace(&mut self.hinted, Cells::EMPTY);
        self.draw_cells_of(layout, canvas, &before);
        let link = match hint {
            Hint::Mistake { cell, side } => {
                *banner = Some((b"THIS LINK IS WRONG", b"B TAKES ITS PATH OFF"));
                Some((cell, side))
            }
            Hint::Step { cell, side, rule, reason } => {
                self.hinted.insert(reason);
                *banner = Some((b"LINK THESE SQUARES", rule_text(rule)));
                Some((cell, side))
            }
            Hint::Reveal { cell, side } => {
                *banner = Some((b"LINK THESE SQUARES", b"BY THE SOLUTION"));
                Some((cell, side))
            }
            Hint::Solved => {
                *banner = Some((b"EVERY PATH IS IN", b""));
                None
            }
        };
        if let Some((cell, side)) = link {
            *cursor = cell;
            self.hinted.insert(cell);
            self.hinted.insert(step(cell, side));
        }
        let lit = self.hinted;
        self.draw_cells_of(layout, canvas, &lit);
    }

    /// The squares of board rows `from..to`, a row of tiles at a time.
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank14"))]
    #[inline(never)]
    pub fn draw_rows(&self, layout: &Layout, canvas: &mut Canvas, from: u8, to: u8) {
        let n = self.size();
        let mut tiles = [0u8; SCREEN_COLS as usize];
        for r in from..to.min(n) {
            for c in 0..n {
                tiles[usize::from(c)] = self.square_tile(position(r, c));
            }
            let (x, y) = layout.cell_tile_xy(r, 0);
            canvas.tiles(Layer::Background, x, y, &tiles[..usize::from(n)]);
        }
    }

    /// Draws the two squares of the link `m` makes or takes off.
    fn draw_link(&self, layout: &Layout, canvas: &mut Canvas, m: Move) {
        self.draw_cell(layout, canvas, m.cell);
        self.draw_cell(layout, canvas, step(m.cell, m.side));
    }

    fn draw_cells_of(&self, layout: &Layout, canvas: &mut Canvas, cells: &Cells) {
        for_each_cell_of(cells, &Cells::EMPTY, |cell| self.draw_cell(layout, canvas, cell));
    }

    fn draw_cell(&self, layout: &Layout, canvas: &mut Canvas, cell: u8) {
        let (x, y) = layout.cell_tile_xy(row_of(cell), col_of(cell));
        canvas.set(Layer::Background, x, y, self.square_tile(cell));
    }

    /// The tile of `cell` as it looks now: lit by a hint over shown in error over plain; a
    /// number's square black once its path has its link.
    fn square_tile(&self, cell: u8) -> u8 {
        let at = usize::from(cell);
        let links = self.play.marks().links[at];
        let number = self.numbers[at];
        let style = if self.hinted.contains(cell) {
            STYLE_HINT
        } else if self.errors.contains(cell) {
            STYLE_ERROR
        } else {
            STYLE_PLAIN
        };
        let offset = if self.puzzle.givens.solid.contains(cell) {
            SOLID
        } else if number == 0 {
            style_first(style) + SHAPE_OF_LINKS[usize::from(links & 15)]
        } else if style == STYLE_PLAIN && links != 0 {
            LINKED_FIRST + number - 1
        } else {
            style_first(style) + SHAPES + number - 1
        };
        FIRST_TILE + offset
    }
}

puzzle_board!(NumberlinkBoard, Numberlink);

/// Whether the marks wait for the worker to find their errors.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Unchecked {
    No,
    /// Changed in this frame: the check waits for the next (handing the marks over in the
    /// move's frame made it late on the console).
    Moved,
    Yes,
}

/// Each square in one of the sets `a` and `b` but not both, a byte of the sets at a time: on
/// the console a set's `contains` for every square of a 12x12 board took over half a frame.
fn for_each_cell_of(a: &Cells, b: &Cells, mut visit: impl FnMut(u8)) {
    for (at, (&x, &y)) in a.as_bytes().iter().zip(b.as_bytes()).enumerate() {
        let mut bits = x ^ y;
        while bits != 0 {
            let bit = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            visit((at as u8) << 3 | bit);
        }
    }
}

/// The banner's line naming a hint's rule.
fn rule_text(rule: crate::puzzles::numberlink::solve::Rule) -> &'static [u8] {
    use crate::puzzles::numberlink::solve::Rule;
    match rule {
        Rule::OnlyWay => b"THE ONLY WAY",
        Rule::DeadEnd => b"ELSE A DEAD END",
        Rule::LookAhead => b"ELSE STUCK LATER ON",
        Rule::LooseEnd => b"LOOSE END: DEAD END",
        Rule::CutOff => b"ELSE CUT OFF",
    }
}

/// The tiles' art, drawn on the host: linker/numberlink_tiles.s holds what it draws for the
/// console (the test `the_baked_tiles_are_the_drawn_ones` checks it, and writes it anew).
#[cfg(not(target_arch = "avr"))]
mod art {
    use super::*;

    /// The 3x5 digits, a row a byte (bit 2 the left column), and the narrow 1 of 10 to 19 (2
    /// columns): the same glyphs as Hitori's 8x8 cells.
    const DIGIT_ROWS: [[u8; 5]; 10] = [
        [0b111, 0b101, 0b101, 0b101, 0b111],
        [0b010, 0b110, 0b010, 0b010, 0b111],
        [0b111, 0b001, 0b111, 0b100, 0b111],
        [0b111, 0b001, 0b011, 0b001, 0b111],
        [0b101, 0b101, 0b111, 0b001, 0b001],
        [0b111, 0b100, 0b111, 0b001, 0b111],
        [0b111, 0b100, 0b111, 0b101, 0b111],
        [0b111, 0b001, 0b001, 0b010, 0b010],
        [0b111, 0b101, 0b111, 0b101, 0b111],
        [0b111, 0b101, 0b111, 0b001, 0b111],
    ];
    const NARROW_ONE_ROWS: [u8; 5] = [0b01, 0b11, 0b01, 0b01, 0b01];

    /// Colours of the tile art (assets/README.md): white, light grey, dark grey, black.
    const WHITE: u8 = 0;
    const LIGHT: u8 = 1;
    const DARK: u8 = 2;
    const BLACK: u8 = 3;

    /// A tile of two colours over white: the pixels of `fill` (a row a byte, bit 7 the left
    /// column) in `back`, those of `ink` in `front` over them, as 2bpp (two planes a row). Masks,
    /// not pixel by pixel (the console drew the 178 tiles with the LCD off before they were baked).
    fn compose(tile: &mut [u8; 16], fill: &[u8; 8], back: u8, ink: &[u8; 8], front: u8) {
        let plane = |colour: u8, bit: u8| if colour & bit != 0 { 0xFF } else { 0 };
        let (back0, back1, front0, front1) = (plane(back, 1), plane(back, 2), plane(front, 1), plane(front, 2));
        for y in 0..8 {
            let (under, over) = (fill[y] & !ink[y], ink[y]);
            tile[2 * y] = under & back0 | over & front0;
            tile[2 * y + 1] = under & back1 | over & front1;
        }
    }

    /// Draws every tile of Numberlink's board, each given to `write` with its tile index (from
    /// [`FIRST_TILE`]).
    pub fn draw_tiles(mut write: impl FnMut(u8, &[u8; 16])) {
        // By style and look, in tile order: no division for either (a runtime call on the console).
        let (mut tile, mut index) = ([0u8; 16], FIRST_TILE);
        for style in (STYLE_PLAIN..STYLES).map(Some).chain([None]) {
            let looks = if style.is_some() { 0..STYLE_TILES } else { SHAPES..STYLE_TILES + 1 };
            for look in looks {
                draw_tile(style, look, &mut tile);
                write(index, &tile);
                index += 1;
            }
        }
    }

    /// Draws the tile of `look` (a shape, then the numbers from [`SHAPES`]) in `style` (`None`:
    /// the linked numbers, after which comes the solid square) into `tile` (2bpp, 16 bytes).
    ///
    /// Empty squares: a light grey dot alone, else their links 2 pixels wide from the middle to
    /// the edges (black; dark grey in error, which a Color shows red), a loose end with a 4x4 knob;
    /// on light grey when a hint lights them. Numbers (rows 1-5): black on a light grey disc
    /// (the square without its corners), white on black once their path has its link, white on
    /// dark grey in error, black between dark grey bars when lit. The solid square: dark grey
    /// hatching.
    fn draw_tile(style: Option<u8>, look: u8, tile: &mut [u8; 16]) {
        let (mut fill, mut ink) = ([0u8; 8], [0u8; 8]);
        if style.is_none() && look == STYLE_TILES {
            for (y, row) in ink.iter_mut().enumerate() {
                *row = if y & 1 == 0 { 0xAA } else { 0x55 };
            }
            return compose(tile, &fill, WHITE, &ink, DARK);
        }
        if let (Some(style), true) = (style, look < SHAPES) {
            let links = LINKS_OF_SHAPE[usize::from(look)];
            let back = if style == STYLE_HINT {
                fill = [0xFF; 8];
                LIGHT
            } else {
                WHITE
            };
            (ink[3], ink[4]) = (0x18, 0x18);
            if links == 0 {
                return compose(tile, &fill, back, &ink, if style == STYLE_PLAIN { LIGHT } else { DARK });
            }
            if links & 1 << 0 != 0 {
                (ink[0], ink[1], ink[2]) = (0x18, 0x18, 0x18);
            }
            if links & 1 << 2 != 0 {
                (ink[5], ink[6], ink[7]) = (0x18, 0x18, 0x18);
            }
            let across = if links & 1 << 3 != 0 { 0xE0 } else { 0 } | if links & 1 << 1 != 0 { 0x07 } else { 0 };
            (ink[3], ink[4]) = (0x18 | across, 0x18 | across);
            if links.count_ones() == 1 {
                for row in &mut ink[2..6] {
                    *row |= 0x3C;
                }
            }
            return compose(tile, &fill, back, &ink, if style == STYLE_ERROR { DARK } else { BLACK });
        }
        // Tens by subtraction: a division is a runtime call on the console.
        let (mut tens, mut units) = (0u8, look - SHAPES + 1);
        while units >= 10 {
            units -= 10;
            tens += 1;
        }
        for (row, mask) in ink[1..6].iter_mut().enumerate() {
            let unit = DIGIT_ROWS[usize::from(units)][row];
            *mask = match tens {
                0 => unit << 3,
                1 => NARROW_ONE_ROWS[row] << 5 | unit << 1,
                _ => DIGIT_ROWS[usize::from(tens)][row] << 5 | unit << 1,
            };
        }
        let (back, front) = match style {
            Some(STYLE_HINT) => {
                (fill[0], fill[7]) = (0xFF, 0xFF);
                return compose(tile, &fill, DARK, &ink, BLACK);
            }
            None => (BLACK, WHITE),
            Some(STYLE_ERROR) => (DARK, WHITE),
            Some(_) => (LIGHT, BLACK),
        };
        // A disc: the square without its four corner pixels.
        fill = [0x7E, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7E];
        compose(tile, &fill, back, &ink, front);
    }
}

#[cfg(not(target_arch = "avr"))]
pub use art::draw_tiles;

/// What a board tile shows, if it is one of Numberlink's: the number (0 for an empty square)
/// and the square's links (a number's: 1 once its path has its link), and whether it is shown
/// in error. The inverse of the board's looks, for tests that read the board back.
pub fn read_square_tile(tile: u8) -> Option<(u8, u8, bool)> {
    let offset = tile.checked_sub(FIRST_TILE).filter(|&offset| offset < SOLID)?;
    if offset >= LINKED_FIRST {
        return Some((offset - LINKED_FIRST + 1, 1, false));
    }
    let (style, look) = (offset / STYLE_TILES, offset % STYLE_TILES);
    let error = style == STYLE_ERROR;
    if look >= SHAPES {
        return Some((look - SHAPES + 1, 0, error));
    }
    let links = LINKS_OF_SHAPE[usize::from(look)];
    Some((0, links, error))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::level::Difficulty;
    use crate::puzzles::numberlink::generate::Generator;

    /// The data lines linker/numberlink_tiles.s must hold after its label: [`draw_tiles`]'
    /// bytes, a tile a line.
    fn baked_tiles_lines() -> String {
        let mut text = String::new();
        draw_tiles(|index, tile| {
            let bytes: Vec<String> = tile.iter().map(|byte| format!("0x{byte:02X}")).collect();
            text += &format!("        .db     {}  ; tile {index}\n", bytes.join(", "));
        });
        text
    }

    #[test]
    fn the_baked_tiles_are_the_drawn_ones() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/linker/numberlink_tiles.s");
        let found = std::fs::read_to_string(path).unwrap();
        const LABEL: &str = "\nnumberlink_tiles:\n";
        let data_at = found.find(LABEL).expect("the tiles' label") + LABEL.len();
        let (head, data) = found.split_at(data_at);
        let expected = baked_tiles_lines();
        if std::env::var_os("NUMBERLINK_TILES_BAKE").is_some() {
            std::fs::write(path, format!("{head}{expected}")).unwrap();
        } else {
            assert!(data == expected, "{path} is not what draw_tiles draws: NUMBERLINK_TILES_BAKE=1 cargo test baked_tiles writes its data anew");
        }
    }

    #[test]
    fn every_shape_and_number_has_a_tile_of_its_own_and_reads_back() {
        let mut seen = std::collections::HashSet::new();
        let mut next = FIRST_TILE;
        draw_tiles(|index, tile| {
            assert_eq!(index, next, "in tile order");
            assert!(seen.insert(*tile), "tile {index} looks like another");
            next += 1;
        });
        assert_eq!(next, FIRST_TILE + TILES);
        for (shape, &links) in LINKS_OF_SHAPE.iter().enumerate() {
            assert_eq!(SHAPE_OF_LINKS[usize::from(links)], shape as u8);
        }
        for links in [0u8, 1, 2, 4, 8, 5, 10, 3, 6, 12, 9] {
            assert_eq!(read_square_tile(FIRST_TILE + SHAPE_OF_LINKS[usize::from(links)]), Some((0, links, false)));
        }
        for number in 1..=MAX_PATHS as u8 {
            assert_eq!(read_square_tile(FIRST_TILE + SHAPES + number - 1), Some((number, 0, false)));
            assert_eq!(read_square_tile(FIRST_TILE + STYLE_TILES + SHAPES + number - 1), Some((number, 0, true)));
            assert_eq!(read_square_tile(FIRST_TILE + LINKED_FIRST + number - 1), Some((number, 1, false)));
        }
    }

    /// A new game of a 6x6 easy puzzle, its board drawn on a canvas.
    fn new_6x6_game() -> (Puzzle, NumberlinkBoard, Layout, Canvas) {
        let mut puzzle = Puzzle::new();
        assert!(Generator::new().generate_into(6, Difficulty::Easy, 4, &mut puzzle));
        let mut b = NumberlinkBoard::new();
        b.take_new(&puzzle);
        b.begin_new();
        let layout = Layout::with_small_cells(6);
        let mut canvas = Canvas::new();
        b.draw_rows(&layout, &mut canvas, 0, 6);
        (puzzle, b, layout, canvas)
    }

    #[test]
    fn errors_are_drawn_a_few_squares_a_call_until_all_show() {
        let (_, mut b, layout, mut canvas) = new_6x6_game();
        let in_error = |canvas: &Canvas, cell: u8| {
            let (x, y) = layout.cell_tile_xy(row_of(cell), col_of(cell));
            read_square_tile(canvas.tile(Layer::Background, x, y)).unwrap().2
        };
        let shows = |canvas: &Canvas, errors: &Cells| (0..36).map(|k| position(k / 6, k % 6)).all(|cell| in_error(canvas, cell) == errors.contains(cell));
        let mut first = Cells::EMPTY;
        for k in 0..7 {
            first.insert(position(k / 6, k % 6));
        }
        let mut second = Cells::EMPTY;
        second.insert(position(0, 0));
        second.insert(position(5, 5));
        for (errors, calls, new_error) in [(first, 3, true), (second, 3, true), (Cells::EMPTY, 1, false)] {
            let mut heard = false;
            for call in 1..=calls {
                let shown = b.show_errors(&errors, &layout, &mut canvas);
                heard |= shown.new_error;
                assert_eq!(shown.all, call == calls, "call {call} of {calls}");
                assert_eq!(shows(&canvas, &errors), call == calls);
            }
            assert_eq!(heard, new_error);
        }
    }

    #[test]
    fn drawing_a_path_and_clearing_it_redraws_its_squares() {
        let (puzzle, mut b, layout, mut canvas) = new_6x6_game();
        let [start, end] = puzzle.givens.ends[0];
        let (mut here, mut from) = (start, 4);
        while here != end {
            let side = (0..4).find(|&s| s != from && puzzle.solution[usize::from(here)] & (1 << s) != 0).unwrap();
            assert!(b.drag(here, step(here, side), &layout, &mut canvas).is_some());
            here = step(here, side);
            from = side ^ 2;
        }
        let shown = |canvas: &Canvas, cell: u8| {
            let (x, y) = layout.cell_tile_xy(row_of(cell), col_of(cell));
            read_square_tile(canvas.tile(Layer::Background, x, y)).unwrap()
        };
        assert_eq!(shown(&canvas, start), (1, 1, false));
        assert_eq!(shown(&canvas, end), (1, 1, false));
        let mut fresh = Canvas::new();
        b.draw_rows(&layout, &mut fresh, 0, 6);
        for r in 0..6 {
            for c in 0..6 {
                let cell = position(r, c);
                assert_eq!(shown(&canvas, cell), shown(&fresh, cell));
                if cell != start && cell != end {
                    assert_eq!(shown(&canvas, cell).1, b.play.marks().links[usize::from(cell)]);
                }
            }
        }
        // B on the path: every link off, the squares drawn again.
        assert!(b.press(end, Press::B, &layout, &mut canvas).is_some());
        assert!(b.play.marks().links.iter().all(|&links| links == 0));
        for r in 0..6 {
            for c in 0..6 {
                assert_eq!(shown(&canvas, position(r, c)).1, 0);
            }
        }
    }
}

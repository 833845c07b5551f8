//! Each puzzle's board screen: what the play screen (`super::play`) leaves to the puzzle —
//! drawing its cells and marks, turning A and B on a cell into its moves, its live errors and
//! how a hint lights up the board. The frame keeps the rest (cursor, clock, status, hint
//! banner, undo and redo by Select, pause), written once for every puzzle.

/// [`PuzzleBoard`] for a board of puzzle `$p` with `puzzle` and `play` fields and a
/// `changed` method that draws and checks a change: every board has them.
macro_rules! puzzle_board {
    ($board:ty, $p:ty) => {
        impl $crate::game::boards::PuzzleBoard for $board {
            type P = $p;

            fn puzzle(&self) -> &<$p as $crate::puzzles::Backend>::Puzzle {
                &self.puzzle
            }

            fn play(&self) -> &$crate::puzzles::play::Play<$p> {
                &self.play
            }

            fn parts_mut(&mut self) -> (&mut <$p as $crate::puzzles::Backend>::Puzzle, &mut $crate::puzzles::play::Play<$p>) {
                (&mut self.puzzle, &mut self.play)
            }

            fn after_change(
                &mut self,
                moved: Option<<$p as $crate::puzzles::Backend>::Move>,
                layout: &$crate::game::layout::Layout,
                canvas: &mut $crate::game::canvas::Canvas,
            ) -> $crate::game::boards::Changed {
                self.changed(moved, layout, canvas)
            }
        }
    };
}

pub mod hitori;
pub mod lizards;
pub mod numberlink;
pub mod sudoku;

use crate::assets;
use crate::game::canvas::{Canvas, Layer};
use crate::game::layout::{Layout, col_of, row_of};
use crate::game::Tileset;
use crate::game::save::{BestTimes, NewGamePlace, Saves, Storage};
use crate::game::switch::{Parts, switch};
use crate::game::work::Hint;
use numberlink::ErrorsShown;
use crate::puzzles::play::{PackedMove, Play};
use crate::puzzles::record::Record;
use crate::puzzles::{Backend, Kind};
use crate::puzzles::level::Difficulty;
use gb_hal::cgb::PaletteSpans;
use hitori::HitoriBoard;
use lizards::LizardsBoard;
use numberlink::NumberlinkBoard;
use sudoku::{KeypadEvent, KeypadView, SudokuBoard};
use gb_hal::joypad::Buttons;

/// The button pressed on the cursor's cell.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Press {
    A,
    B,
}

/// What a change of the marks did, for the frame.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Changed {
    /// The cell that changed (`None`: many did): the cursor goes there after an undo or redo.
    pub cell: Option<u8>,
    pub solved: bool,
}

/// What a frame's step of bringing the live errors up to date did.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Checked {
    /// Nothing was left to do.
    Nothing,
    /// A step was done.
    Step,
    /// A step was done, and a cell shows in error that did not before it.
    ErrorShown,
}

impl Checked {
    /// A step that showed an error when `shown`.
    pub fn step(shown: bool) -> Checked {
        if shown { Checked::ErrorShown } else { Checked::Step }
    }
}

/// The hint banner's two lines, while they wait to be drawn.
pub type Banner = Option<(&'static [u8], &'static [u8])>;

/// The puzzles the cartridge plays: those with a board screen here. Its numbers are the tags
/// of the enums with a part per puzzle (`Board`, `work::Memory`: `super::switch`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u8)]
pub enum Playable {
    Hitori,
    Lizards,
    Sudoku,
    Numberlink,
}

impl Playable {
    pub const ALL: &[Playable] = &[Playable::Hitori, Playable::Lizards, Playable::Sudoku, Playable::Numberlink];

    pub fn kind(self) -> Kind {
        match self {
            Playable::Hitori => Kind::Hitori,
            Playable::Lizards => Kind::Lizards,
            Playable::Sudoku => Kind::Sudoku,
            Playable::Numberlink => Kind::Numberlink,
        }
    }

    /// The puzzle of `kind`, if the cartridge plays it.
    pub fn of(kind: Kind) -> Option<Playable> {
        Playable::ALL.iter().copied().find(|playable| playable.kind() == kind)
    }

    /// Its name on the new-game screen (at most 7 letters, the menu's values').
    pub fn short_name(self) -> &'static [u8] {
        match self {
            Playable::Hitori => b"HITORI",
            Playable::Lizards => b"LIZARDS",
            Playable::Sudoku => b"SUDOKU",
            Playable::Numberlink => b"NUMLINK",
        }
    }

    /// The console's time a row of its board takes to draw, in the LCD's lines (456 cycles)
    /// per cell, of 16x16 pixels (`big`) or 8x8 (`make bench-rom` profiles with some room: a
    /// row of Hitori's 9x9 board takes about 15k cycles (33 lines; 20k before session 23's
    /// VBlank planning moved to bank 3, and 6 lines a cell then left half of each frame of
    /// the start idle), of its 15x15 11k; Baby Lizards' cells take about twice Hitori's, four
    /// sets asked about each).
    pub fn row_lines_per_cell(self, big: bool) -> u8 {
        match (self, big) {
            (Playable::Hitori, true) => 5,
            (Playable::Hitori, false) => 2,
            (Playable::Lizards, true) => 8,
            (Playable::Lizards, false) => 4,
            // A Sudoku row is two rows of tiles: its line tiles' row and its cells'. (6, its
            // measured cost, left no room for the rest of a frame that drew two rows.)
            (Playable::Sudoku, _) => 7,
            // A square's tile is a few table and set reads: 16.7k cycles for a 9x9 board's row
            // (`make bench-rom`'s profile, 4.1 lines a square); with 3 a frame that drew the
            // panel and two rows ran late.
            (Playable::Numberlink, _) => 5,
        }
    }

    /// Its cells' tiles, which VRAM must hold for its board (each puzzle's go where Hitori's
    /// are, build.rs, so the console loads them when a board of another puzzle shows): the
    /// 16x16 cells' and their first tile (with `$8800` addressing), and the 8x8 cells' (for
    /// `SMALL_CELL_FIRST_TILE`).
    pub fn tiles(self) -> (&'static [u8], u8, &'static [u8]) {
        match self {
            Playable::Hitori => (&assets::BIG_CELL_TILES, assets::BIG_CELL_FIRST_TILE, &assets::SMALL_CELL_TILES),
            Playable::Lizards => (&assets::LIZARDS_BIG_TILES, assets::BIG_CELL_FIRST_TILE, &assets::LIZARDS_SMALL_TILES),
            Playable::Sudoku => (&assets::SUDOKU_TILES, assets::SUDOKU_FIRST_TILE, &[]),
            // Baked apart (linker/numberlink_tiles.s, the console's `load_numberlink_tiles`).
            Playable::Numberlink => (&[], assets::BIG_CELL_FIRST_TILE, &[]),
        }
    }

    /// The layout of its `size` board: Numberlink's squares are 8x8 at every size (a
    /// number's two digits and the lines through a square take one tile each; in 16x16 cells
    /// its 36 numbers and path shapes would take more tiles than VRAM has room for).
    pub const fn layout(self, size: u8) -> Layout {
        match self {
            Playable::Numberlink => Layout::with_small_cells(size),
            Playable::Hitori | Playable::Lizards | Playable::Sudoku => Layout::for_size(size),
        }
    }

    /// The tiles that show its `size` board: its cells in the place of Hitori's 16x16 cells
    /// or of its 8x8 ones (Numberlink's 8x8 squares take the 16x16 cells' place: it has room
    /// for all their looks).
    pub fn tileset(self, size: u8) -> Tileset {
        let big = self == Playable::Numberlink || self.layout(size).big;
        if big { Tileset::BigCells(self) } else { Tileset::SmallCells(self) }
    }

    /// The tiles of its error cells and, right after them, of its hint cells, in its 16x16
    /// cells (`big`) or its 8x8 ones: a Color draws them in palettes of their own
    /// (`super::super::colors`).
    pub const fn highlighted_tiles(self, big: bool) -> PaletteSpans {
        const _: () = assert!(assets::CELL_VARIANT_HINT == assets::CELL_VARIANT_ERROR + 1);
        const _: () = assert!(assets::LIZARD_HIGHLIGHT_HINT == assets::LIZARD_HIGHLIGHT_ERROR + 1);
        const _: () = assert!(assets::SUDOKU_STYLE_HINT == assets::SUDOKU_STYLE_ERROR + 1);
        let (first, per_variant) = match (self, big) {
            (Playable::Hitori, true) => (assets::BIG_CELL_FIRST_TILE, assets::BIG_CELL_TILES_PER_VARIANT),
            (Playable::Hitori, false) => (assets::SMALL_CELL_FIRST_TILE, assets::SMALL_CELL_TILES_PER_VARIANT),
            (Playable::Lizards, true) => (assets::BIG_CELL_FIRST_TILE, assets::LIZARD_MARKS * assets::BIG_CELL_TILES_PER_CELL),
            (Playable::Lizards, false) => (assets::SMALL_CELL_FIRST_TILE, assets::LIZARD_MARKS),
            (Playable::Sudoku, _) => (assets::SUDOKU_FIRST_TILE, assets::SUDOKU_STYLE_TILES),
            (Playable::Numberlink, _) => (numberlink::FIRST_TILE, numberlink::STYLE_TILES),
        };
        let error = match self {
            Playable::Hitori => assets::CELL_VARIANT_ERROR,
            Playable::Lizards => assets::LIZARD_HIGHLIGHT_ERROR,
            Playable::Sudoku => assets::SUDOKU_STYLE_ERROR,
            Playable::Numberlink => numberlink::STYLE_ERROR,
        };
        PaletteSpans { first: first + error * per_variant, len: per_variant }
    }
}

/// Draws the cell at row `r`, column `c` as `tile` (a 16x16 cell: it and the three tiles after
/// it, top left, top right, bottom left, bottom right).
pub fn draw_cell_tiles(layout: &Layout, canvas: &mut Canvas, r: u8, c: u8, tile: u8) {
    let (x, y) = layout.cell_tile_xy(r, c);
    canvas.set(Layer::Background, x, y, tile);
    if layout.big {
        canvas.set(Layer::Background, x + 1, y, tile + 1);
        canvas.set(Layer::Background, x, y + 1, tile + 2);
        canvas.set(Layer::Background, x + 1, y + 1, tile + 3);
    }
}

/// The board screen of the puzzle being played, switched in place (`super::switch`).
#[repr(C, u8)]
pub enum Board {
    Hitori(HitoriBoard) = Playable::Hitori as u8,
    Lizards(LizardsBoard) = Playable::Lizards as u8,
    Sudoku(SudokuBoard) = Playable::Sudoku as u8,
    Numberlink(NumberlinkBoard) = Playable::Numberlink as u8,
}

// SAFETY: `repr(C, u8)` with `Playable`'s numbers as tags; the boards are flat data (puzzles,
// marks, their history, cell sets and per-cell bytes).
unsafe impl Parts for Board {
    type Part = Playable;

    fn part(&self) -> Playable {
        Board::puzzle(self)
    }
}

/// `board` as whichever puzzle's board it is, for what they do alike.
#[macro_export]
macro_rules! each_board {
    ($board:expr, $b:ident => $body:expr) => {
        match $board {
            $crate::game::boards::Board::Hitori($b) => $body,
            $crate::game::boards::Board::Lizards($b) => $body,
            $crate::game::boards::Board::Sudoku($b) => $body,
            $crate::game::boards::Board::Numberlink($b) => $body,
        }
    };
}

impl Board {
    pub const fn new() -> Board {
        Board::Hitori(HitoriBoard::new())
    }

    pub fn puzzle(&self) -> Playable {
        match self {
            Board::Hitori(_) => Playable::Hitori,
            Board::Lizards(_) => Playable::Lizards,
            Board::Sudoku(_) => Playable::Sudoku,
            Board::Numberlink(_) => Playable::Numberlink,
        }
    }

    /// Makes this `puzzle`'s board (what it held is gone, when it was another puzzle's): it
    /// shows nothing until it takes a puzzle.
    pub fn use_puzzle(&mut self, puzzle: Playable) {
        switch(self, puzzle);
    }

    pub fn size(&self) -> u8 {
        crate::each_board!(self, b => b.size())
    }

    pub fn difficulty(&self) -> Difficulty {
        crate::each_board!(self, b => b.puzzle.difficulty)
    }

    pub fn seed(&self) -> u32 {
        crate::each_board!(self, b => b.puzzle.seed)
    }

    /// Lizards placed and to place, for puzzles that count them.
    pub fn tally(&self) -> Option<(u8, u8)> {
        match self {
            Board::Lizards(b) => Some(b.tally()),
            Board::Hitori(_) | Board::Sudoku(_) | Board::Numberlink(_) => None,
        }
    }

    /// Begins a game resumed with its marks.
    pub fn resume(&mut self) {
        match self {
            Board::Hitori(b) => b.resume(),
            Board::Lizards(b) => b.begin(),
            Board::Sudoku(b) => b.resume(),
            Board::Numberlink(b) => b.resume(),
        }
    }

    /// Begins the new game the board took.
    pub fn begin_new(&mut self) {
        match self {
            Board::Hitori(b) => b.begin_new(),
            Board::Lizards(b) => b.begin(),
            Board::Sudoku(b) => b.begin_new(),
            Board::Numberlink(b) => b.begin_new(),
        }
    }

    pub fn press(&mut self, spot: u8, press: Press, layout: &Layout, canvas: &mut Canvas) -> Option<Changed> {
        crate::each_board!(self, b => b.press(spot, press, layout, canvas))
    }

    /// Whether the board draws with the D-pad while A is held ([`Board::drag`]): the frame
    /// then hands it each step of the cursor made with A down.
    pub fn draws_with_a_held(&self) -> bool {
        matches!(self, Board::Numberlink(_))
    }

    /// The cursor stepped from `from` to `to` with A held: the move that step makes, if any.
    pub fn drag(&mut self, from: u8, to: u8, layout: &Layout, canvas: &mut Canvas) -> Option<Changed> {
        match self {
            Board::Numberlink(b) => b.drag(from, to, layout, canvas),
            _ => None,
        }
    }

    pub fn undo(&mut self, layout: &Layout, canvas: &mut Canvas) -> Option<Changed> {
        crate::each_board!(self, b => PuzzleBoard::undo(b, layout, canvas))
    }

    pub fn redo(&mut self, layout: &Layout, canvas: &mut Canvas) -> Option<Changed> {
        crate::each_board!(self, b => PuzzleBoard::redo(b, layout, canvas))
    }

    pub fn restart(&mut self, layout: &Layout, canvas: &mut Canvas) -> Changed {
        crate::each_board!(self, b => b.restart(layout, canvas))
    }

    /// A frame's step of bringing the live errors up to date.
    pub fn check(&mut self, layout: &Layout, canvas: &mut Canvas) -> Checked {
        match self {
            Board::Hitori(b) => b.check(layout, canvas),
            Board::Lizards(b) => b.check(layout, canvas),
            Board::Sudoku(b) => b.check(canvas),
            // The worker finds Numberlink's errors ([`Board::wants_check`]).
            Board::Numberlink(b) => b.check(),
        }
    }

    /// Whether the board's errors wait for the worker (a `work::Job::Check` on its marks).
    pub fn wants_check(&self) -> bool {
        matches!(self, Board::Numberlink(b) if b.wants_check())
    }

    /// Shows the errors the worker found, a few cells a call ([`ErrorsShown`]: whether a cell
    /// shows in error that did not, and whether all are drawn).
    pub fn show_errors(&mut self, errors: &crate::puzzles::numberlink::grid::Cells, layout: &Layout, canvas: &mut Canvas) -> ErrorsShown {
        match self {
            Board::Numberlink(b) => b.show_errors(errors, layout, canvas),
            _ => ErrorsShown { new_error: false, all: true },
        }
    }

    /// Which button's mark the cell at `spot` holds (`None`: no mark).
    pub fn marked_by(&self, spot: u8) -> Option<Press> {
        crate::each_board!(self, b => b.marked_by(spot))
    }

    /// Shows the worker's hint, when it is this puzzle's: its cells lit, the `cursor` on its
    /// cell, its lines in `banner`.
    pub fn show_hint(&mut self, hint: Hint, layout: &Layout, canvas: &mut Canvas, cursor: &mut u8, banner: &mut Banner) {
        match (self, hint) {
            (Board::Hitori(b), Hint::Hitori(hint)) => b.show_hint(hint, layout, canvas, cursor, banner),
            (Board::Lizards(b), Hint::Lizards(hint)) => b.show_hint(hint, layout, canvas, cursor, banner),
            (Board::Sudoku(b), Hint::Sudoku(hint)) => b.show_hint(hint, canvas, cursor, banner),
            (Board::Numberlink(b), Hint::Numberlink(hint)) => b.show_hint(hint, layout, canvas, cursor, banner),
            _ => {}
        }
    }

    pub fn draw_rows(&self, layout: &Layout, canvas: &mut Canvas, from: u8, to: u8) {
        crate::each_board!(self, b => b.draw_rows(layout, canvas, from, to))
    }

    /// Screen pixel of the top-left corner of the cell at `spot` (for the cursor).
    pub fn cell_pixel_xy(&self, layout: &Layout, spot: u8) -> (u8, u8) {
        match self {
            Board::Sudoku(_) => sudoku::cell_pixel_xy(spot),
            _ => layout.cell_pixel_xy(row_of(spot), col_of(spot)),
        }
    }

    /// The keypad of digits, for boards that have one, when it is open beside `spot`.
    pub fn keypad(&self, spot: u8) -> Option<KeypadView> {
        match self {
            Board::Sudoku(b) => b.keypad(spot),
            _ => None,
        }
    }

    /// The open keypad's answer to a frame's buttons (see [`SudokuBoard::keypad_input`]).
    pub fn keypad_input(&mut self, spot: u8, triggered: Buttons, pressed: Buttons, layout: &Layout, canvas: &mut Canvas) -> KeypadEvent {
        match self {
            Board::Sudoku(b) => b.keypad_input(spot, triggered, pressed, layout, canvas),
            _ => KeypadEvent::None,
        }
    }

    /// Tile data the board draws at run time that VRAM lacks, a tile at a time: its
    /// background tile, its 16 bytes put in `data` ([`Board::tile_data_written`] once it is
    /// copied).
    pub fn unwritten_tile_data(&self, data: &mut [u8; 16]) -> Option<u8> {
        match self {
            Board::Sudoku(b) => b.unwritten_pencil_tile(data),
            _ => None,
        }
    }

    /// Whether a tile waits for [`Board::unwritten_tile_data`]: making one takes a good part of
    /// a frame on the console (a Sudoku pencil-mark tile, about 10k cycles).
    pub fn has_unwritten_tile(&self) -> bool {
        matches!(self, Board::Sudoku(b) if b.has_unwritten_pencil_tile())
    }

    /// VRAM holds background tile `tile` as [`Board::unwritten_tile_data`] gave it.
    pub fn tile_data_written(&mut self, tile: u8) {
        if let Board::Sudoku(b) = self {
            b.pencil_tile_written(tile);
        }
    }
}

/// What every board screen has: its puzzle and its marks with their history (the frame undoes,
/// redoes and saves them alike), and what it does after a change of the marks.
pub trait PuzzleBoard {
    type P: Record<Move: PackedMove>;
    fn puzzle(&self) -> &<Self::P as Backend>::Puzzle;
    fn play(&self) -> &Play<Self::P>;
    /// The puzzle and the marks, to change in place.
    fn parts_mut(&mut self) -> (&mut <Self::P as Backend>::Puzzle, &mut Play<Self::P>);
    /// Draws and checks what `moved` (any number of cells, if `None`) changed.
    fn after_change(&mut self, moved: Option<<Self::P as Backend>::Move>, layout: &Layout, canvas: &mut Canvas) -> Changed;

    fn undo(&mut self, layout: &Layout, canvas: &mut Canvas) -> Option<Changed> {
        let undone = self.parts_mut().1.undo()?;
        Some(self.after_change(Some(undone), layout, canvas))
    }

    fn redo(&mut self, layout: &Layout, canvas: &mut Canvas) -> Option<Changed> {
        let redone = self.parts_mut().1.redo()?;
        Some(self.after_change(Some(redone), layout, canvas))
    }

    /// Reads the puzzle's area: best times into `best`, the saved game into the board with no
    /// history ([`Saves::load`]).
    fn load(&mut self, saves: &mut Saves, best: &mut BestTimes, storage: &mut impl Storage) -> Option<u16> {
        let (puzzle, play) = self.parts_mut();
        play.restore_with(|marks| saves.load::<Self::P>(storage, best, puzzle, marks))
    }

    /// Reads what a new game of the puzzle needs of its area ([`Saves::load_places`]).
    fn load_places(&self, saves: &mut Saves, best: &mut BestTimes, storage: &mut impl Storage) {
        saves.load_places::<Self::P>(storage, best);
    }

    fn save_progress(&self, saves: &mut Saves, seconds: u16, storage: &mut impl Storage) {
        saves.save_progress::<Self::P>(self.play().marks(), seconds, storage);
    }

    fn commit_new_game(&self, saves: &mut Saves, place: NewGamePlace, puzzle_sum: u16, storage: &mut impl Storage) {
        saves.commit_new_game::<Self::P>(place, puzzle_sum, self.play().marks(), 0, storage);
    }
}

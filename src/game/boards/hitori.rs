//! Hitori's board screen: numbers, shading and circles, live rule violations (checked a part a
//! frame after a move) and hints' highlighted cells. The pure model is the engine's `Play`.
//!
//! Controls on a cell: A shades or unshades, B circles or uncircles.

use super::{Banner, Changed, Checked, Press, draw_cell_tiles};
use crate::assets;
use crate::game::canvas::{Canvas, Layer};
use crate::game::engine_calls;
use crate::game::layout::{Layout, SCREEN_COLS};
use crate::puzzles::hitori::board::{CellSet, bit_of, cell_at, col_of, for_each_bit, row_of};
use crate::puzzles::hitori::Hitori;
use crate::puzzles::hitori::generate::Puzzle;
use crate::puzzles::hitori::play::{CheckPart, Hint, Move, Play};
use crate::puzzles::hitori::rules::{OpenNumbers, ViolationMap};
use crate::puzzles::hitori::solve::Mark;

/// What the highlighted violations have not caught up with yet, and the part of the check
/// to do next: after a move, one part of its check a frame, each followed by a frame that
/// draws the cells whose highlight changed ([`HitoriBoard::check`]), so no frame on the
/// console has two of these to do.
#[derive(Clone, Copy)]
enum Unchecked {
    Nothing,
    /// The check is done; `undrawn` holds the cells whose highlight it changed. A state of
    /// its own, not `undrawn.is_empty()` asked every frame: that loop over 15 rows cost the
    /// console 11k cycles a frame.
    Undrawn,
    Move(Move, CheckPart),
    /// Many marks changed and are not drawn yet: every rule, then every cell drawn.
    Everything(CheckPart),
    /// Every rule for marks that are drawn (play begins): then the cells whose highlight changed.
    Shown(CheckPart),
}

/// The Hitori puzzle being played and what its board shows.
pub struct HitoriBoard {
    pub puzzle: Puzzle,
    pub play: Play,
    violations: ViolationMap,
    unchecked: Unchecked,
    /// Cells whose highlight the last check changed, still to be drawn (empty unless
    /// `unchecked` is [`Unchecked::Undrawn`]).
    undrawn: CellSet,
    /// Cells the last hint points at, highlighted until the next move.
    hinted: CellSet,
}

impl Default for HitoriBoard {
    fn default() -> Self {
        Self::new()
    }
}

impl HitoriBoard {
    pub const fn new() -> HitoriBoard {
        HitoriBoard {
            puzzle: Puzzle::new(),
            play: Play::new(),
            violations: ViolationMap::EMPTY,
            unchecked: Unchecked::Nothing,
            undrawn: CellSet::EMPTY,
            hinted: CellSet::EMPTY,
        }
    }

    pub fn size(&self) -> u8 {
        self.puzzle.board.size()
    }

    /// Takes `puzzle` for a new game (no cell marked); [`HitoriBoard::begin_new`] begins it.
    /// Its violation map stays empty until [`HitoriBoard::set_open_numbers`].
    pub fn take_new(&mut self, puzzle: &Puzzle) {
        self.puzzle.clone_from(puzzle);
        self.play.restart();
        self.violations = ViolationMap::EMPTY;
    }

    /// The new game's violation map from the puzzle's `open` numbers
    /// ([`OpenNumbers::set_unmarked`]): as a full check would leave it, at once. Before the
    /// first move: the board looks the same with the empty map.
    pub fn set_open_numbers(&mut self, open: &OpenNumbers) {
        self.violations.set_unmarked(open);
    }

    /// Begins the new game [`HitoriBoard::take_new`] took: nothing to check.
    pub fn begin_new(&mut self) {
        self.forget_highlights();
        self.unchecked = Unchecked::Nothing;
    }

    /// Begins a game resumed with its marks: every rule is checked a part a frame from the
    /// first frame of play (all at once took three frames on the console, holding up the
    /// board); the board is drawn without highlights, as the empty map says, until then.
    pub fn resume(&mut self) {
        self.forget_highlights();
        self.violations = ViolationMap::EMPTY;
        self.unchecked = Unchecked::Shown(CheckPart::FIRST);
    }

    fn forget_highlights(&mut self) {
        self.hinted = CellSet::EMPTY;
        self.undrawn = CellSet::EMPTY;
    }

    /// A on `cell` shades or unshades it, B circles or uncircles it.
    pub fn press(&mut self, cell: u8, press: Press, layout: &Layout, canvas: &mut Canvas) -> Option<Changed> {
        let (marked, to) = match press {
            Press::A => (Mark::Shaded, Mark::Shaded),
            Press::B => (Mark::Unshaded, Mark::Unshaded),
        };
        let from = self.play.mark(cell);
        let to = if from == marked { Mark::Unknown } else { to };
        self.play.set_mark(cell, to).then(|| self.changed(Some(Move { cell, from, to }), layout, canvas))
    }

    /// Clears every mark.
    pub fn restart(&mut self, layout: &Layout, canvas: &mut Canvas) -> Changed {
        self.play.restart();
        self.changed(None, layout, canvas)
    }

    /// After `moved` (any number of cells, if `None`): the moved cell and the hint's cells
    /// redrawn now, the violations on the next frames (on a solved board, none at once).
    fn changed(&mut self, moved: Option<Move>, layout: &Layout, canvas: &mut Canvas) -> Changed {
        let mut redraw = core::mem::take(&mut self.hinted);
        if matches!(self.unchecked, Unchecked::Undrawn) {
            // The next check's last part starts `undrawn` afresh.
            let undrawn = core::mem::take(&mut self.undrawn);
            for r in 0..self.size() {
                redraw.set_row(r, redraw.row(r) | undrawn.row(r));
            }
        }
        let cell = moved.map(|m| m.cell);
        if self.play.is_solved(&self.puzzle) {
            self.clear_violations(layout, canvas, redraw, moved);
            return Changed { cell, solved: true };
        }
        // Two changes before a check (undo and redo from the pause menu come one per frame,
        // so only in tests) are checked together, as any change.
        self.unchecked = match (self.unchecked, moved) {
            (Unchecked::Nothing | Unchecked::Undrawn, Some(m)) => Unchecked::Move(m, CheckPart::FIRST),
            // The moved cell is drawn below: the first check starts over with it.
            (Unchecked::Shown(_), Some(_)) => Unchecked::Shown(CheckPart::FIRST),
            _ => Unchecked::Everything(CheckPart::FIRST),
        };
        // Only these cells can look different before the check: drawing all of them would
        // take frames on the console.
        if let Some(m) = moved {
            let mark = self.play.mark(m.cell);
            self.violations.unflag_for_mark(m.cell, mark == Mark::Shaded, mark == Mark::Unshaded);
            redraw.insert(m.cell);
            self.draw_cells_of(layout, canvas, &redraw);
        }
        Changed { cell, solved: false }
    }

    /// The solved board: a solution breaks no rule, so nothing is left to check, and no check
    /// runs under the solved screen to take a highlight away later: every cell highlighted, or
    /// about to be from the last check, is drawn without it at once, with `redraw` and the
    /// moved cell. The map's counts no longer match the marks; only a whole check (`resume`)
    /// may follow, as it does (the solved screen leads to a new game or the title).
    fn clear_violations(&mut self, layout: &Layout, canvas: &mut Canvas, mut redraw: CellSet, moved: Option<Move>) {
        // Row by row: a `CellSet::union` returns a set by value, which the console copies.
        for r in 0..self.size() {
            redraw.set_row(r, redraw.row(r) | self.violations.flagged().row(r) | self.undrawn.row(r));
        }
        if let Some(m) = moved {
            redraw.insert(m.cell);
        }
        self.violations = ViolationMap::EMPTY;
        self.unchecked = Unchecked::Nothing;
        self.undrawn = CellSet::EMPTY;
        self.draw_cells_of(layout, canvas, &redraw);
    }

    /// One step towards highlighting what the last change did, a step a frame: draws the
    /// cells the last check changed, or else brings the violations up to date with the last
    /// change (every cell changes after a change of many). False when there was nothing to do.
    pub fn check(&mut self, layout: &Layout, canvas: &mut Canvas) -> Checked {
        let (moved, part) = match self.unchecked {
            Unchecked::Nothing => return Checked::Nothing,
            Unchecked::Undrawn => {
                self.unchecked = Unchecked::Nothing;
                let undrawn = core::mem::take(&mut self.undrawn);
                self.draw_cells_of(layout, canvas, &undrawn);
                // The cells whose highlight changed: an error shows if one of them is flagged.
                let flagged = self.violations.flagged();
                return Checked::step((0..self.size()).any(|r| undrawn.row(r) & flagged.row(r) != 0));
            }
            Unchecked::Move(m, part) => (Some(m), part),
            Unchecked::Everything(part) | Unchecked::Shown(part) => (None, part),
        };
        // `undrawn` is empty here; the last part leaves in it the highlights that changed.
        debug_assert!(self.undrawn.is_empty());
        let next = engine_calls::update_violations(&self.play, &self.puzzle.board, moved, &mut self.violations, part, &mut self.undrawn);
        self.unchecked = match (self.unchecked, next) {
            (_, None) => {
                // After a change of many cells, every cell once the whole check is done.
                if matches!(self.unchecked, Unchecked::Everything(_)) {
                    self.undrawn = CellSet::full(self.size());
                }
                Unchecked::Undrawn
            }
            (Unchecked::Move(m, _), Some(next)) => Unchecked::Move(m, next),
            (Unchecked::Shown(_), Some(next)) => Unchecked::Shown(next),
            (_, Some(next)) => Unchecked::Everything(next),
        };
        Checked::Step
    }

    /// Which button's mark `cell` holds.
    pub fn marked_by(&self, cell: u8) -> Option<Press> {
        match self.play.mark(cell) {
            Mark::Shaded => Some(Press::A),
            Mark::Unshaded => Some(Press::B),
            Mark::Unknown => None,
        }
    }

    /// Highlights the hint's cells now, puts the `cursor` on the cell it names and its lines
    /// in `banner`. (Out-parameters: a returned cell and lines were packed into one wide
    /// integer on the console, thousands of cycles of shifts.)
    pub fn show_hint(&mut self, hint: Hint, layout: &Layout, canvas: &mut Canvas, cursor: &mut u8, banner: &mut Banner) {
        let before = core::mem::take(&mut self.hinted);
        match hint {
            Hint::Mistake(cell) => {
                self.point_at(cell, cursor);
                *banner = Some((b"THIS MARK IS WRONG", b""));
            }
            Hint::Deduction(d) => {
                for &cell in d.reasons() {
                    self.hinted.insert(cell);
                }
                self.point_at(d.cell, cursor);
                *banner = Some((mark_text(d.mark), d.rule.name().as_bytes()));
            }
            Hint::Reveal(cell, mark) => {
                self.point_at(cell, cursor);
                *banner = Some((mark_text(mark), b"BY THE SOLUTION"));
            }
            Hint::Solved => *banner = Some((b"ALL MARKS ARE RIGHT", b"")),
        }
        // Only the cells whose highlight changes: the whole board took four frames at 15x15.
        self.draw_cells_of(layout, canvas, &before.union(&self.hinted));
    }

    fn point_at(&mut self, cell: u8, cursor: &mut u8) {
        *cursor = cell;
        self.hinted.insert(cell);
    }

    /// The cells of board rows `from..to`, a row of tiles at a time: every cell plain, then
    /// those with a mark or highlight (found from the row's bit masks). A cell at a time took
    /// ten frames for a 9x9 board on the console; choosing each cell's look in one loop kept
    /// SDCC's registers too busy (900 cycles a cell).
    pub fn draw_rows(&self, layout: &Layout, canvas: &mut Canvas, from: u8, to: u8) {
        let n = self.size();
        let big = layout.big;
        let width = usize::from(n * layout.cell_tiles());
        // Filled anew for each row (once here: a fill a row cost 1.5k cycles).
        let mut tiles = RowTiles { big, top: [0; SCREEN_COLS as usize], bottom: [0; SCREEN_COLS as usize] };
        for r in from..to.min(n) {
            let numbers = self.puzzle.board.row_numbers(r);
            tiles.plain(&numbers[..usize::from(n)]);
            let looks = self.row_looks(r);
            for_each_bit(looks.any, |c| tiles.place(c, cell_tile(big, looks.variant(bit_of(c)), numbers[usize::from(c)])));
            let (x, y) = layout.cell_tile_xy(r, 0);
            if big {
                canvas.tiles(Layer::Background, x, y + 1, &tiles.bottom[..width]);
            }
            canvas.tiles(Layer::Background, x, y, &tiles.top[..width]);
        }
    }

    /// What decides the look of row `r`'s cells, a bit a column.
    fn row_looks(&self, r: u8) -> RowLooks {
        let (hinted, flagged, shaded, circled) =
            (self.hinted.row(r), self.violations.flagged().row(r), self.play.shaded().row(r), self.play.circled().row(r));
        RowLooks { hinted, flagged, shaded, any: hinted | flagged | shaded | circled }
    }

    /// Row by row with bit masks: `CellSet::iter` costs about 5k cycles a cell on the console.
    fn draw_cells_of(&self, layout: &Layout, canvas: &mut Canvas, cells: &CellSet) {
        for r in 0..self.size() {
            for_each_bit(cells.row(r), |c| self.draw_cell(layout, canvas, cell_at(r, c)));
        }
    }

    fn draw_cell(&self, layout: &Layout, canvas: &mut Canvas, cell: u8) {
        let variant = self.row_looks(row_of(cell)).variant(1 << col_of(cell));
        let tile = cell_tile(layout.big, variant, self.puzzle.board.number(cell));
        draw_cell_tiles(layout, canvas, row_of(cell), col_of(cell), tile);
    }
}

puzzle_board!(HitoriBoard, Hitori);

fn mark_text(mark: Mark) -> &'static [u8] {
    if mark == Mark::Shaded { b"SHADE THIS CELL" } else { b"CIRCLE THIS CELL" }
}

/// The marks and highlights of a row of cells, a bit a column.
struct RowLooks {
    hinted: u16,
    flagged: u16,
    shaded: u16,
    /// Any mark or highlight, circles included: most cells have none (every cell of a new
    /// game).
    any: u16,
}

impl RowLooks {
    /// The look of the cell of column bit `bit`: a hint's highlight over an error's over the
    /// player's mark.
    fn variant(&self, bit: u16) -> u8 {
        if self.any & bit == 0 {
            assets::CELL_VARIANT_PLAIN
        } else if self.hinted & bit != 0 {
            assets::CELL_VARIANT_HINT
        } else if self.flagged & bit != 0 {
            assets::CELL_VARIANT_ERROR
        } else if self.shaded & bit != 0 {
            assets::CELL_VARIANT_SHADED
        } else {
            assets::CELL_VARIANT_CIRCLED
        }
    }
}

/// A row of cells' tiles: the top row of tiles, and the bottom one of 16x16-pixel cells.
struct RowTiles {
    big: bool,
    top: [u8; SCREEN_COLS as usize],
    bottom: [u8; SCREEN_COLS as usize],
}

impl RowTiles {
    /// Every cell of the row plain, `numbers` one per cell. A loop of its own for each size
    /// of cell, stepping through the rows of tiles: through `place`, each cell cost about
    /// 730 cycles on the console (a 9x9 row 20k in all, more than a third of a frame).
    #[inline(never)]
    fn plain(&mut self, numbers: &[u8]) {
        if self.big {
            let first = cell_tile(true, assets::CELL_VARIANT_PLAIN, 1);
            let cells = self.top.chunks_exact_mut(2).zip(self.bottom.chunks_exact_mut(2));
            for ((top, bottom), &number) in cells.zip(numbers) {
                let tile = first + (number - 1) * assets::BIG_CELL_TILES_PER_CELL;
                (top[0], top[1], bottom[0], bottom[1]) = (tile, tile + 1, tile + 2, tile + 3);
            }
        } else {
            let first = cell_tile(false, assets::CELL_VARIANT_PLAIN, 1);
            for (slot, &number) in self.top.iter_mut().zip(numbers) {
                *slot = first + (number - 1);
            }
        }
    }

    /// The cell in column `c` as `tile` (and the tiles after it, for a big cell).
    fn place(&mut self, c: u8, tile: u8) {
        let c = usize::from(c);
        if self.big {
            let at = 2 * c;
            (self.top[at], self.top[at + 1], self.bottom[at], self.bottom[at + 1]) = (tile, tile + 1, tile + 2, tile + 3);
        } else {
            self.top[c] = tile;
        }
    }
}

/// The first background tile of a cell showing `number` (1..=15) in `variant`.
pub fn cell_tile(big: bool, variant: u8, number: u8) -> u8 {
    if big {
        assets::BIG_CELL_FIRST_TILE + variant * assets::BIG_CELL_TILES_PER_VARIANT + (number - 1) * assets::BIG_CELL_TILES_PER_CELL
    } else {
        assets::SMALL_CELL_FIRST_TILE + variant * assets::SMALL_CELL_TILES_PER_VARIANT + (number - 1)
    }
}

/// Which number and variant a background tile shows, if it is the first (top-left) tile of a
/// cell: the inverse of [`cell_tile`], for tests that read the board back from VRAM.
pub fn read_cell_tile(big: bool, tile: u8) -> Option<(u8, u8)> {
    let (first, per_variant, per_cell, max) = if big {
        (assets::BIG_CELL_FIRST_TILE, assets::BIG_CELL_TILES_PER_VARIANT, assets::BIG_CELL_TILES_PER_CELL, assets::BIG_CELL_MAX_NUMBER)
    } else {
        (assets::SMALL_CELL_FIRST_TILE, assets::SMALL_CELL_TILES_PER_VARIANT, 1, assets::SMALL_CELL_MAX_NUMBER)
    };
    let offset = tile.checked_sub(first)?;
    let (variant, within) = (offset / per_variant, offset % per_variant);
    (variant < assets::CELL_VARIANT_COUNT && within % per_cell == 0 && within / per_cell < max)
        .then_some((within / per_cell + 1, variant))
}


#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::boards::PuzzleBoard;
    use crate::puzzles::hitori::generate::Generator;
    use crate::puzzles::level::Difficulty;

    #[test]
    fn cell_tiles_read_back() {
        for big in [true, false] {
            let max = if big { 9 } else { 15 };
            for variant in 0..assets::CELL_VARIANT_COUNT {
                for number in 1..=max {
                    assert_eq!(read_cell_tile(big, cell_tile(big, variant, number)), Some((number, variant)));
                }
            }
        }
        assert_eq!(read_cell_tile(true, cell_tile(true, 0, 1) + 1), None, "not a top-left tile");
        assert_eq!(read_cell_tile(true, assets::TILE_BLANK), None);
    }

    /// A new game's board of `size` and its layout.
    fn board(size: u8) -> (HitoriBoard, Layout) {
        let mut b = HitoriBoard::new();
        let mut puzzle = Puzzle::new();
        assert!(Generator::new().generate_into(size, Difficulty::Easy, 5, &mut puzzle));
        let mut open = OpenNumbers::NONE;
        open.set_unmarked(&puzzle.board);
        b.take_new(&puzzle);
        b.begin_new();
        b.set_open_numbers(&open);
        (b, Layout::for_size(size))
    }

    #[test]
    fn a_resumed_game_is_checked_over_its_first_frames_and_a_new_one_at_once() {
        let (mut b, layout) = board(9);
        assert_eq!(b.check(&layout, &mut Canvas::new()), Checked::Nothing, "a new game has nothing to check");
        // Marks as a saved game brings them: two touching shaded cells and a circle.
        let shaded = [cell_at(0, 0), cell_at(0, 1)];
        for cell in shaded {
            b.play.set_mark(cell, Mark::Shaded);
        }
        b.play.set_mark(cell_at(4, 4), Mark::Unshaded);
        b.resume();
        let mut parts = 0;
        while b.check(&layout, &mut Canvas::new()) != Checked::Nothing {
            parts += 1;
            assert!(parts < 20, "the first check ends");
        }
        assert!(parts >= 6, "a part a frame: {parts}");
        assert!(b.violations == ViolationMap::build(&b.puzzle.board, b.play.shaded(), b.play.circled()));
        assert!(b.violations.flags(shaded[0]) && b.violations.flags(shaded[1]));
    }

    /// After any sequence of marks, undos, redos and hints, checked and drawn over the next
    /// frames (or, sometimes, after another change, with a check or its draw still to do), the
    /// violations equal a fresh check and the board drawn cell by cell as things changed
    /// equals the board drawn from scratch.
    #[test]
    fn redrawing_only_changed_cells_matches_a_full_redraw() {
        let mut rng = fastrand::Rng::with_seed(11);
        for size in [5, 9, 12] {
            let mut canvas = Canvas::new();
            let (mut b, layout) = board(size);
            b.draw_rows(&layout, &mut canvas, 0, size);
            for step in 0..300 {
                let cell = cell_at(rng.u8(..size), rng.u8(..size));
                match rng.u8(..6) {
                    0 | 1 => {
                        b.press(cell, Press::A, &layout, &mut canvas);
                    }
                    2 => {
                        b.press(cell, Press::B, &layout, &mut canvas);
                    }
                    3 => {
                        b.undo(&layout, &mut canvas);
                    }
                    4 => {
                        b.redo(&layout, &mut canvas);
                    }
                    _ => {
                        let hint = b.play.hint(&b.puzzle.board, &b.puzzle.solution, Generator::new().solver());
                        b.show_hint(hint, &layout, &mut canvas, &mut 0, &mut None);
                    }
                }
                match rng.u8(..7) {
                    0 => continue,
                    1 => {
                        b.check(&layout, &mut canvas);
                        continue;
                    }
                    // The whole check, its draw left for after the next change.
                    2 => {
                        while !matches!(b.unchecked, Unchecked::Nothing | Unchecked::Undrawn) {
                            b.check(&layout, &mut canvas);
                        }
                        continue;
                    }
                    // A draw left from before, then each part of the check and its draw.
                    _ => while b.check(&layout, &mut canvas) != Checked::Nothing {},
                }
                let fresh_map = ViolationMap::build(&b.puzzle.board, b.play.shaded(), b.play.circled());
                assert_eq!(b.violations, fresh_map, "size {size}, step {step}");
                let mut fresh = Canvas::new();
                b.draw_rows(&layout, &mut fresh, 0, size);
                for r in 0..size {
                    for c in 0..size {
                        let (x, y) = layout.cell_tile_xy(r, c);
                        assert_eq!(
                            canvas.tile(Layer::Background, x, y),
                            fresh.tile(Layer::Background, x, y),
                            "size {size}, step {step}, cell ({r}, {c})"
                        );
                    }
                }
            }
        }
    }
}

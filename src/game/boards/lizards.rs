//! Baby Lizards' board screen: trees, lizards and cells marked empty; the lines of sight in
//! error (a lizard that sees another, and the cells between them) kept up to date a move at a
//! time ([`Sightlines`]), a walk a frame on the frames after the move's (the move's cell is
//! drawn on its own frame: together they took more than a frame on the console), then the
//! cells whose error changed, one a frame; the cells a hint reads, lit.
//!
//! Controls on a cell: A places or removes a lizard, B marks the cell empty or unmarks it.
//! Trees take no mark.
//!
//! On the console the board's entry points live in ROM bank 14 with Sudoku's board: with
//! both, the play screen's bank 4 passed 16 KiB.

use super::{Banner, Changed, Checked, Press, draw_cell_tiles};
use crate::assets;
use crate::game::canvas::{Canvas, Layer};
use crate::game::layout::{Layout, SCREEN_COLS, col_of, position, row_of};
use crate::puzzles::lizards::deduce::Mark;
use crate::puzzles::lizards::generate::Puzzle;
use crate::puzzles::lizards::grid::{CellBit, CellSet, Dir};
use crate::puzzles::lizards::play::{Play, RESET_PARTS, Sightlines};
use crate::puzzles::lizards::{Hint, Lizards, Move};

/// The Baby Lizards puzzle being played and what its board shows.
pub struct LizardsBoard {
    pub puzzle: Puzzle,
    pub play: Play,
    sightlines: Sightlines,
    /// What the lines of sight still miss.
    unseen: Unseen,
    /// Cells the last hint lights up, until the next move.
    hinted: CellSet,
    /// Cells whose error the lines of sight changed, not drawn yet ([`LizardsBoard::check`]).
    undrawn: CellSet,
}

impl Default for LizardsBoard {
    fn default() -> Self {
        Self::new()
    }
}

impl LizardsBoard {
    pub const fn new() -> LizardsBoard {
        LizardsBoard {
            puzzle: Puzzle::new(),
            play: Play::new(),
            sightlines: Sightlines::NONE,
            unseen: Unseen::Nothing,
            hinted: CellSet::EMPTY,
            undrawn: CellSet::EMPTY,
        }
    }

    pub fn size(&self) -> u8 {
        self.puzzle.board.size()
    }

    /// Lizards placed and lizards to place, for the status.
    pub fn tally(&self) -> (u8, u8) {
        (self.play.marks().placed(), self.puzzle.lizards)
    }

    /// Takes `puzzle` for a new game (no cell marked).
    pub fn take_new(&mut self, puzzle: &Puzzle) {
        self.puzzle.clone_from(puzzle);
        self.play.restart();
    }

    /// Begins a game, new or resumed with its marks: its lines of sight are found on the
    /// frames of play that follow ([`LizardsBoard::check`]).
    pub fn begin(&mut self) {
        self.hinted = CellSet::EMPTY;
        self.undrawn = CellSet::EMPTY;
        self.unseen = Unseen::Board(0);
    }

    /// A frame of play: the next part of the lines of sight brought up to date; once they
    /// are, one of the cells whose error changed drawn. (A walk that changed a line's errors
    /// drew them in its own frame, which with the walk, 13k cycles, and about 12k a cell ran
    /// past it, `make bench-rom`, session 30; so did two cells a frame beside a move.)
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank14"))]
    #[inline(never)]
    pub fn check(&mut self, layout: &Layout, canvas: &mut Canvas) -> Checked {
        let mut changed = CellSet::EMPTY;
        if self.see_part(&mut changed) {
            self.undrawn = self.undrawn.union(&changed);
            return Checked::Step;
        }
        let Some(cell) = self.undrawn.next_from(0) else { return Checked::Nothing };
        self.undrawn.remove(cell);
        Checked::step(self.draw_cell(layout, canvas, cell))
    }

    /// Which button's mark the cell at `spot` holds (a tree holds none).
    pub fn marked_by(&self, spot: u8) -> Option<Press> {
        match self.play.mark(self.cell_of(spot)) {
            Mark::Lizard => Some(Press::A),
            Mark::Empty => Some(Press::B),
            Mark::Unknown => None,
        }
    }

    /// Does the next part of what the lines of sight miss (the cells whose error changed go
    /// into `changed`); false if they missed nothing.
    fn see_part(&mut self, changed: &mut CellSet) -> bool {
        let lizards = &self.play.marks().lizards;
        self.unseen = match self.unseen {
            Unseen::Nothing => return false,
            Unseen::Board(part) => {
                self.sightlines.reset_part(&self.puzzle.board, lizards, part);
                if part + 1 < RESET_PARTS { Unseen::Board(part + 1) } else { Unseen::walks_from(lizards, 0) }
            }
            Unseen::Walks { cell, dir, every } => {
                if dir == 0 && !every {
                    self.sightlines.note(lizards, cell);
                }
                self.sightlines.walk(self.puzzle.board.size(), cell, Dir::from_index(dir), changed);
                match (dir, every) {
                    (0..3, _) => Unseen::Walks { cell, dir: dir + 1, every },
                    (_, true) => Unseen::walks_from(lizards, cell + 1),
                    (_, false) => Unseen::Nothing,
                }
            }
        };
        true
    }

    /// Does every part the lines of sight miss.
    fn see_all(&mut self, changed: &mut CellSet) {
        while self.see_part(changed) {}
    }

    /// The puzzle's cell at the frame's `spot` (`position(row, column)`).
    fn cell_of(&self, spot: u8) -> u8 {
        self.puzzle.board.cell_at(row_of(spot), col_of(spot))
    }

    /// A on `spot` places or removes a lizard, B marks it empty or unmarks it.
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank14"))]
    #[inline(never)]
    pub fn press(&mut self, spot: u8, press: Press, layout: &Layout, canvas: &mut Canvas) -> Option<Changed> {
        let cell = self.cell_of(spot);
        if self.puzzle.board.is_tree(cell) {
            return None;
        }
        let marked = match press {
            Press::A => Mark::Lizard,
            Press::B => Mark::Empty,
        };
        let from = self.play.mark(cell);
        let to = if from == marked { Mark::Unknown } else { marked };
        self.play.set_mark(cell, to).then(|| self.changed(Some(Move { cell, from, to }), layout, canvas))
    }

    /// Clears every mark: every row drawn again.
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank14"))]
    #[inline(never)]
    pub fn restart(&mut self, layout: &Layout, canvas: &mut Canvas) -> Changed {
        self.play.restart();
        self.begin();
        self.draw_rows(layout, canvas, 0, self.size());
        Changed { cell: None, solved: false }
    }

    /// After `moved`: its cell and the hint's drawn now, its lines of sight on the next
    /// frames (at once when it solves the puzzle: no frame of play follows). What the lines
    /// still missed (a move a few frames before, or two in a frame: undo and redo from the
    /// pause menu) is seen first.
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank14"))]
    #[inline(never)]
    fn changed(&mut self, moved: Option<Move>, layout: &Layout, canvas: &mut Canvas) -> Changed {
        let mut redraw = core::mem::take(&mut self.hinted);
        let Some(m) = moved else { return Changed { cell: None, solved: false } };
        self.see_all(&mut redraw);
        let solved = self.play.marks().lizards == self.puzzle.solution;
        if m.from == Mark::Lizard || m.to == Mark::Lizard {
            self.unseen = Unseen::Walks { cell: m.cell, dir: 0, every: false };
            if solved {
                self.see_all(&mut redraw);
            }
        }
        redraw.insert(m.cell);
        self.draw_cells_of(layout, canvas, &redraw);
        let (r, c) = self.puzzle.board.row_col(m.cell);
        Changed { cell: Some(position(r, c)), solved }
    }

    /// Lights the hint's cells now, puts the `cursor` on the cell it names and its lines in
    /// `banner` (as Hitori's board does).
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank14"))]
    #[inline(never)]
    pub fn show_hint(&mut self, hint: Hint, layout: &Layout, canvas: &mut Canvas, cursor: &mut u8, banner: &mut Banner) {
        let before = core::mem::take(&mut self.hinted);
        match hint {
            Hint::Mistake(cell) => {
                self.point_at(cell, cursor);
                *banner = Some((b"THIS MARK IS WRONG", b""));
            }
            Hint::Deduction(d) => {
                self.hinted = d.lit(&self.puzzle.board);
                self.point_at(d.cell, cursor);
                *banner = Some((mark_text(d.mark), d.rule.name().as_bytes()));
            }
            Hint::Reveal(cell, mark) => {
                self.point_at(cell, cursor);
                *banner = Some((mark_text(mark), b"BY THE SOLUTION"));
            }
            Hint::Solved => *banner = Some((b"ALL LIZARDS ARE IN", b"")),
        }
        self.draw_cells_of(layout, canvas, &before.union(&self.hinted));
    }

    fn point_at(&mut self, cell: u8, cursor: &mut u8) {
        let (r, c) = self.puzzle.board.row_col(cell);
        *cursor = position(r, c);
        self.hinted.insert(cell);
    }

    /// The cells of board rows `from..to`, a row of tiles at a time.
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank14"))]
    #[inline(never)]
    pub fn draw_rows(&self, layout: &Layout, canvas: &mut Canvas, from: u8, to: u8) {
        let n = self.size();
        let width = usize::from(n * layout.cell_tiles());
        let (mut top, mut bottom) = ([0; SCREEN_COLS as usize], [0; SCREEN_COLS as usize]);
        for r in from..to.min(n) {
            let first = self.puzzle.board.cell_at(r, 0);
            for c in 0..n {
                let tile = self.cell_tile(layout, first + c);
                if layout.big {
                    let at = usize::from(2 * c);
                    (top[at], top[at + 1], bottom[at], bottom[at + 1]) = (tile, tile + 1, tile + 2, tile + 3);
                } else {
                    top[usize::from(c)] = tile;
                }
            }
            let (x, y) = layout.cell_tile_xy(r, 0);
            if layout.big {
                canvas.tiles(Layer::Background, x, y + 1, &bottom[..width]);
            }
            canvas.tiles(Layer::Background, x, y, &top[..width]);
        }
    }

    /// Draws `cells`; true if one of them is in error.
    fn draw_cells_of(&self, layout: &Layout, canvas: &mut Canvas, cells: &CellSet) -> bool {
        let mut error = false;
        for cell in cells.iter() {
            error |= self.draw_cell(layout, canvas, cell);
        }
        error
    }

    /// Draws `cell`; true if it is in error.
    fn draw_cell(&self, layout: &Layout, canvas: &mut Canvas, cell: u8) -> bool {
        let (r, c) = self.puzzle.board.row_col(cell);
        draw_cell_tiles(layout, canvas, r, c, self.cell_tile(layout, cell));
        self.sightlines.in_error(cell)
    }

    /// The first tile of `cell` as it looks now: its mark, lit by a hint over shown in error.
    /// Four sets are asked about the cell: its bit is found once (a board's rows are drawn
    /// at about a thousand cycles a cell).
    fn cell_tile(&self, layout: &Layout, cell: u8) -> u8 {
        let (bit, marks) = (CellBit::of(cell), self.play.marks());
        let mark = if self.puzzle.board.trees().has(bit) {
            assets::LIZARD_MARK_TREE
        } else if marks.lizards.has(bit) {
            assets::LIZARD_MARK_LIZARD
        } else if marks.empty.has(bit) {
            assets::LIZARD_MARK_EMPTY
        } else {
            assets::LIZARD_MARK_FREE
        };
        let highlight = if self.hinted.has(bit) {
            assets::LIZARD_HIGHLIGHT_HINT
        } else if !matches!(self.unseen, Unseen::Board(_)) && self.sightlines.in_error(cell) {
            assets::LIZARD_HIGHLIGHT_ERROR
        } else {
            assets::LIZARD_HIGHLIGHT_PLAIN
        };
        lizard_tile(layout.big, mark, highlight)
    }
}

puzzle_board!(LizardsBoard, Lizards);

/// What the lines of sight miss, done a part a frame ([`LizardsBoard::check`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Unseen {
    Nothing,
    /// A game begun: the trees and lizards are noted next, from this part of the reset on,
    /// and until then no cell shows in error (it may be the last game's table).
    Board(u8),
    /// The walks through `cell` from direction `dir` on (`dir == 0`: its mark noted first);
    /// with `every`, then those through each lizard after it (a game begun).
    Walks { cell: u8, dir: u8, every: bool },
}

impl Unseen {
    /// The walks through each lizard from `cell` on.
    fn walks_from(lizards: &CellSet, cell: u8) -> Unseen {
        match lizards.next_from(cell) {
            Some(cell) => Unseen::Walks { cell, dir: 0, every: true },
            None => Unseen::Nothing,
        }
    }
}

fn mark_text(mark: Mark) -> &'static [u8] {
    if mark == Mark::Lizard { b"A LIZARD GOES HERE" } else { b"NO LIZARD HERE" }
}

/// The first background tile of a cell showing `mark` with `highlight` (assets' LIZARD_*).
pub fn lizard_tile(big: bool, mark: u8, highlight: u8) -> u8 {
    let look = highlight * assets::LIZARD_MARKS + mark;
    if big { assets::BIG_CELL_FIRST_TILE + look * assets::BIG_CELL_TILES_PER_CELL } else { assets::SMALL_CELL_FIRST_TILE + look }
}

/// Which mark and highlight a background tile shows, if it is the first (top-left) tile of a
/// Baby Lizards cell: the inverse of [`lizard_tile`], for tests that read the board back.
pub fn read_lizard_tile(big: bool, tile: u8) -> Option<(u8, u8)> {
    let looks = assets::LIZARD_MARKS * assets::LIZARD_HIGHLIGHTS;
    let look = if big {
        let offset = tile.checked_sub(assets::BIG_CELL_FIRST_TILE)?;
        (offset % assets::BIG_CELL_TILES_PER_CELL == 0).then_some(offset / assets::BIG_CELL_TILES_PER_CELL)?
    } else {
        tile.checked_sub(assets::SMALL_CELL_FIRST_TILE)?
    };
    (look < looks).then_some((look % assets::LIZARD_MARKS, look / assets::LIZARD_MARKS))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::boards::PuzzleBoard;
    use crate::puzzles::level::Difficulty;
    use crate::puzzles::lizards::generate::Engine;

    #[test]
    fn lizard_tiles_read_back() {
        for big in [true, false] {
            for highlight in 0..assets::LIZARD_HIGHLIGHTS {
                for mark in 0..assets::LIZARD_MARKS {
                    assert_eq!(read_lizard_tile(big, lizard_tile(big, mark, highlight)), Some((mark, highlight)));
                }
            }
        }
        assert_eq!(read_lizard_tile(true, lizard_tile(true, 0, 0) + 1), None, "not a top-left tile");
        assert_eq!(read_lizard_tile(true, assets::TILE_BLANK), None);
    }

    fn board(size: u8, seed: u32) -> (LizardsBoard, Layout, Engine) {
        let mut engine = Engine::new();
        let mut b = LizardsBoard::new();
        let mut puzzle = Puzzle::new();
        assert!(engine.generate_puzzle(size, Difficulty::Easy, seed, &mut puzzle));
        b.take_new(&puzzle);
        b.begin();
        (b, Layout::for_size(size), engine)
    }

    /// After any sequence of marks, undos, redos, hints, restarts and resumes, each checked on
    /// the next frames (or, sometimes, after another change), the board drawn cell by cell as
    /// things changed equals the board drawn from scratch, and a lizard (not lit by a hint)
    /// shows in error exactly when it sees another.
    #[test]
    fn redrawing_only_changed_cells_matches_a_full_redraw() {
        let mut rng = fastrand::Rng::with_seed(7);
        for size in [6, 9, 12] {
            let (mut b, layout, mut engine) = board(size, u32::from(size));
            let mut canvas = Canvas::new();
            b.draw_rows(&layout, &mut canvas, 0, size);
            for step in 0..300 {
                let spot = position(rng.u8(..size), rng.u8(..size));
                match rng.u8(..8) {
                    0..=2 => {
                        b.press(spot, Press::A, &layout, &mut canvas);
                    }
                    3 => {
                        b.press(spot, Press::B, &layout, &mut canvas);
                    }
                    4 => {
                        b.undo(&layout, &mut canvas);
                    }
                    5 => {
                        b.redo(&layout, &mut canvas);
                    }
                    6 => {
                        let hint = engine.hint(&b.puzzle, b.play.marks());
                        b.show_hint(hint, &layout, &mut canvas, &mut 0, &mut None);
                    }
                    // Now and then the game restarts, or is resumed as it stands.
                    _ if rng.u8(..8) != 0 => {}
                    _ if rng.bool() => {
                        b.restart(&layout, &mut canvas);
                    }
                    _ => {
                        b.begin();
                        b.draw_rows(&layout, &mut canvas, 0, size);
                    }
                }
                // Sometimes the next change comes before the frame that sees this one's lines.
                if rng.u8(..4) == 0 {
                    continue;
                }
                while b.check(&layout, &mut canvas) != Checked::Nothing {}
                let mut fresh = Canvas::new();
                b.draw_rows(&layout, &mut fresh, 0, size);
                let conflicts = crate::puzzles::lizards::Lizards::conflicts(&b.puzzle.board, &b.play.marks().lizards);
                for r in 0..size {
                    for c in 0..size {
                        let (x, y) = layout.cell_tile_xy(r, c);
                        let shown = canvas.tile(Layer::Background, x, y);
                        assert_eq!(shown, fresh.tile(Layer::Background, x, y), "size {size}, step {step}, cell ({r}, {c})");
                        let (mark, highlight) = read_lizard_tile(layout.big, shown).expect("a lizard cell tile");
                        let cell = b.puzzle.board.cell_at(r, c);
                        if mark == assets::LIZARD_MARK_LIZARD && highlight != assets::LIZARD_HIGHLIGHT_HINT {
                            let shown_in_error = highlight == assets::LIZARD_HIGHLIGHT_ERROR;
                            assert_eq!(shown_in_error, conflicts.lizards.contains(cell), "size {size}, step {step}, cell {cell}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn placing_the_solution_solves_and_trees_take_no_mark() {
        let (mut b, layout, _) = board(8, 11);
        let mut canvas = Canvas::new();
        let tree = (0..b.puzzle.board.cells()).find(|&cell| b.puzzle.board.is_tree(cell)).expect("a tree");
        let (r, c) = b.puzzle.board.row_col(tree);
        assert_eq!(b.press(position(r, c), Press::A, &layout, &mut canvas), None);
        let cells: Vec<u8> = b.puzzle.solution.iter().collect();
        let mut last = None;
        for cell in cells {
            let (r, c) = b.puzzle.board.row_col(cell);
            last = b.press(position(r, c), Press::A, &layout, &mut canvas);
        }
        assert!(last.is_some_and(|changed| changed.solved));
        assert_eq!(b.tally(), (b.puzzle.lizards, b.puzzle.lizards));
    }
}

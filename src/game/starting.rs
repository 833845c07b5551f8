//! A new game being set up, over a few frames while the last picture stays on the screen
//! (the console shows the new board once it is drawn whole). Done in one update, reading a
//! ready puzzle back, saving the game and drawing a 15x15 board held the main loop up for
//! about ten frames; here each frame does as many parts as it has time for (the platform
//! says how much is left), in order:
//! 1. for a puzzle other than the session's, the board switches to it, then reads where that
//!    puzzle's records go (`Saves::load_places`): done with the take in the Start frame, a
//!    switch ran late;
//! 2. the session takes the puzzle: from the worker's memory when it holds it (it kept it, or
//!    generated a typed code's), else once the worker has read it back from battery RAM
//!    (`work::Job::Load`);
//! 3. the session begins, clears the screen and draws the board's frame, the status, and the
//!    board's rows a few at a time;
//! 4. the session sets its violation map, and the game drops the ready slot and commits the
//!    game with its first progress record.
//!
//! From the moment the session takes the puzzle, the worker writes the game's puzzle record
//! (`work::Job::Prepare`), which the last part waits for; the numbers the violation map
//! starts from are the worker's too, worked out with the puzzle.

use super::boards::Playable;
use super::ready::Variant;

/// What each part costs on the console, in the LCD's lines (456 cycles each), from
/// `make bench-rom` profiles with some room: switching the board's puzzle (zeroing it, 14k),
/// reading where its records go (two pairs of records read and summed, 50k), starting the worker on reading the puzzle back
/// or seeing whether it has (a few hundred), taking it from the worker's memory (a 300-byte copy, 20k cycles), beginning the session (its seed code, 45k), clearing the
/// screen and drawing the board's frame (45k), the status (15k), a row of cells (per puzzle:
/// `Playable::row_lines_per_cell`; a 15x15 Hitori row takes 11k), and committing the
/// game (the violation map's start and its progress record, 40k; on a Color a start's last
/// rows and its commit at 90 lines ran past the frame, session 30). Each part must fit in
/// what a frame has (see `Platform::lines_left`).
const SWITCH_LINES: u8 = 40;
const PLACES_LINES: u8 = 120;
const LOAD_LINES: u8 = 2;
const TAKE_LINES: u8 = 60;
const BEGIN_LINES: u8 = 110;
const FRAME_LINES: u8 = 105;
const PANEL_LINES: u8 = 40;
const COMMIT_LINES: u8 = 110;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Starting {
    pub kind: Variant,
    /// The ready slot the puzzle comes from: emptied before the game is saved, so that a
    /// power cut never plays it twice.
    pub slot: Option<u8>,
    pub stage: Stage,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Stage {
    /// The board switches to the new game's puzzle next; then the puzzle is read back from
    /// `load`'s ready slot, if any, or taken from the worker's memory.
    Switching { load: Option<u8> },
    /// The board has switched: where the puzzle's records go is read next.
    Switched { load: Option<u8> },
    /// The worker is to read the puzzle back from this ready slot next.
    Load(u8),
    /// The worker reads the puzzle back: the session takes it once it has.
    Loading,
    /// The worker's memory holds the puzzle: the session takes it next.
    Held,
    /// The session has the puzzle: it begins next.
    Taken,
    /// The session has begun: the screen is cleared and the board's frame drawn next.
    Begun,
    /// The status is drawn next.
    Framed,
    /// The board's rows from this one on are still to be drawn.
    Row(u8),
    /// The board is drawn: the game is committed once the worker has prepared it.
    Drawn,
}

impl Starting {
    /// A start on the puzzle in the worker's memory, or with `load` on the one in that ready
    /// slot, which the worker reads back first; `switching` when it is not the session's
    /// puzzle.
    pub fn new(kind: Variant, slot: Option<u8>, load: Option<u8>, switching: bool) -> Starting {
        let stage = if switching { Stage::Switching { load } } else { Stage::to_take(load) };
        Starting { kind, slot, stage }
    }

    /// The console's time the next part takes, in lines (see
    /// [`super::Platform::lines_left`]).
    pub fn lines(&self) -> u8 {
        match self.stage {
            Stage::Switching { .. } => SWITCH_LINES,
            Stage::Switched { .. } => PLACES_LINES,
            Stage::Load(_) | Stage::Loading => LOAD_LINES,
            Stage::Held => TAKE_LINES,
            Stage::Taken => BEGIN_LINES,
            Stage::Begun => FRAME_LINES,
            Stage::Framed => PANEL_LINES,
            Stage::Row(_) => {
                let per_cell = Playable::of(self.kind.puzzle).map_or(u8::MAX, |puzzle| puzzle.row_lines_per_cell(puzzle.layout(self.kind.size).big));
                self.kind.size.saturating_mul(per_cell)
            }
            Stage::Drawn => COMMIT_LINES,
        }
    }
}

impl Stage {
    /// The stage that gets the session the puzzle: read back from `load`'s ready slot first,
    /// if any.
    pub fn to_take(load: Option<u8>) -> Stage {
        load.map_or(Stage::Held, Stage::Load)
    }
}

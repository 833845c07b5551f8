//! A new game being set up, over a few frames while the last picture stays on the screen
//! (the console shows the new board once it is drawn whole). Done in one update, reading a
//! ready puzzle back, saving the game and drawing a 15x15 board held the main loop up for
//! about ten frames; here each frame does a part:
//! 1. the background worker reads the ready puzzle (when battery RAM holds it) and writes
//!    the game's puzzle record (`work::Job::Prepare`), while the main loop goes on;
//! 2. the game drops the ready slot and commits the game with its first progress record;
//! 3. the session begins, then draws its frame and status;
//! 4. a few rows a frame: their cells drawn and their lines of the violation map set.

use super::ready::Kind;
use super::save::NewGamePlace;

/// Work a frame, in units of a board row's cells times (the tiles a cell spans, 1 or 2, plus
/// two for the row and column it sets in the violation map): about 400 cycles a unit on the
/// console, so 32k cycles, under half a frame beside the main loop's own work (15x15: a row
/// a frame; 9x9: two).
const WORK_PER_FRAME: u8 = 80;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Starting {
    pub kind: Kind,
    /// The ready slot the puzzle comes from: emptied before the game is saved, so that a
    /// power cut never plays it twice.
    pub slot: Option<u8>,
    pub place: NewGamePlace,
    pub stage: Stage,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Stage {
    /// The worker reads the puzzle and writes its record.
    Preparing,
    /// The game is saved: the session begins next.
    Saved,
    /// The session has begun: its frame and status are drawn next.
    Begun,
    /// The board's rows from this one on are still to be set up.
    Rows(u8),
}

impl Starting {
    pub fn new(kind: Kind, slot: Option<u8>, place: NewGamePlace) -> Starting {
        Starting { kind, slot, place, stage: Stage::Preparing }
    }

    /// Board rows set up a frame: their cells drawn, their lines of the violation map set.
    pub fn rows_per_frame(&self) -> u8 {
        let cell_tiles = if self.kind.size <= super::layout::MAX_BIG_SIZE { 2 } else { 1 };
        (WORK_PER_FRAME / (self.kind.size * (cell_tiles + 2))).max(1)
    }
}

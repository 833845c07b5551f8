//! A new game being set up, over a few frames while the last picture stays on the screen
//! (the console shows the new board once it is drawn whole). Done in one update, reading a
//! ready puzzle back, saving the game and drawing a 15x15 board held the main loop up for
//! about ten frames; here each frame does as many parts as it has time for (the platform
//! says how much is left), in order:
//! 1. the background worker reads the ready puzzle (when battery RAM holds it), writes the
//!    game's puzzle record and works out the numbers its violation map starts from
//!    (`work::Job::Prepare`), while the main loop goes on;
//! 2. the session takes the puzzle; the game drops the ready slot and commits the game with
//!    its first progress record;
//! 3. the session begins, then clears the screen and draws the board's frame, then the
//!    status;
//! 4. each row of cells.

use super::ready::Kind;
use super::save::NewGamePlace;
use crate::engine::rules::OpenNumbers;

/// What each part costs on the console, in the LCD's lines (456 cycles each), from
/// `make bench-rom` profiles with some room: taking the puzzle from the worker's memory (a
/// 300-byte copy, 17k cycles), committing the game (its progress record, 36k), beginning the
/// session (its seed code and violation map, 45k), clearing the screen and drawing the
/// board's frame (45k), the status (15k), and a row of cells (counted as 1100 cycles a cell
/// and tile, which leaves room: a 15x15 row takes 14k). Each part must fit in what a frame has (see `Platform::lines_left`).
const TAKE_LINES: u8 = 45;
const COMMIT_LINES: u8 = 90;
const BEGIN_LINES: u8 = 110;
const FRAME_LINES: u8 = 105;
const PANEL_LINES: u8 = 40;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Starting {
    pub kind: Kind,
    /// The ready slot the puzzle comes from: emptied before the game is saved, so that a
    /// power cut never plays it twice.
    pub slot: Option<u8>,
    pub place: NewGamePlace,
    /// What the worker made of the puzzle, kept once taken (the worker may be on its next
    /// job by the next part): its open numbers and its record's checksum.
    pub open: OpenNumbers,
    pub sum: u16,
    pub stage: Stage,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Stage {
    /// The worker reads the puzzle and writes its record.
    Preparing,
    /// The session has the puzzle: the game is committed next.
    Taken,
    /// The game is saved: the session begins next.
    Saved,
    /// The session has begun: the screen is cleared and the board's frame drawn next.
    Begun,
    /// The status is drawn next.
    Framed,
    /// The board's rows from this one on are still to be set up.
    Row(u8),
}

impl Starting {
    pub fn new(kind: Kind, slot: Option<u8>, place: NewGamePlace) -> Starting {
        Starting { kind, slot, place, open: OpenNumbers::NONE, sum: 0, stage: Stage::Preparing }
    }

    /// The console's time the next part takes, in lines (see
    /// [`super::Platform::lines_left`]).
    pub fn lines(&self) -> u8 {
        match self.stage {
            Stage::Preparing => TAKE_LINES,
            Stage::Taken => COMMIT_LINES,
            Stage::Saved => BEGIN_LINES,
            Stage::Begun => FRAME_LINES,
            Stage::Framed => PANEL_LINES,
            Stage::Row(_) => {
                let cell_tiles = if self.kind.size <= super::layout::MAX_BIG_SIZE { 2 } else { 1 };
                self.kind.size * cell_tiles * 5 / 2
            }
        }
    }
}

//! The jobs of the background worker: generating a puzzle (to keep ready in battery RAM, or
//! for a typed seed code), preparing a new game (reading a ready puzzle, writing the game's
//! puzzle record) and finding a hint, the game's long computations. The game
//! hands a job over with its inputs in [`Work`] and takes the outcome from there once the
//! worker is idle (the [`super::Platform`] says when). On the console the job runs in the
//! worker context in the time the main loop would spend halted (`gb_hal::worker`), so the
//! main loop keeps its frame; on the host it runs when started.

use super::new_game::Request;
use super::ready::{self, Claim, Variant};
use crate::puzzles::Kind;
use super::save::{self, NewGamePlace, Storage};
use super::engine_calls;
use crate::puzzles::hitori::Hitori;
use crate::puzzles::hitori::generate::{Generator, Puzzle};
use crate::puzzles::hitori::play::{Hint, Marks};
use crate::puzzles::hitori::rules::OpenNumbers;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Job {
    /// Generate `request`'s puzzle into [`Work::puzzle`]; with a claim, then write it into
    /// that ready slot.
    Generate { request: Request, keep: Option<Claim> },
    /// Reads the puzzle of `kind` in ready slot `slot` into [`Work::puzzle`], for a game
    /// about to start.
    Load { slot: u8, kind: Variant },
    /// Makes the puzzle in [`Work::puzzle`] a new game's, which the main loop is drawing
    /// meanwhile: writes its puzzle record at `place`. What is left for the main loop is to
    /// commit the game (a progress record).
    Prepare { place: NewGamePlace },
    /// The next hint for `marks` on the puzzle in [`Work::puzzle`].
    Hint { marks: Marks },
}

impl Job {
    /// The kind of puzzle a job keeps ready, if it is one that does.
    pub fn keeps(&self) -> Option<Variant> {
        match self {
            Job::Generate { request, keep: Some(_) } => Some(Variant { puzzle: Kind::Hitori, size: request.size, difficulty: request.difficulty }),
            _ => None,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// No job done since the last was taken (or since one was dropped).
    None,
    /// `request`'s puzzle is in [`Work::puzzle`] (false: the size was out of range) and, with
    /// a claim, in that ready slot.
    Generated { request: Request, made: bool, kept: Option<Claim> },
    /// The ready slot's puzzle is in [`Work::puzzle`]; false when the slot did not hold a
    /// valid puzzle of its kind.
    Loaded(bool),
    /// The new game's puzzle record is written, with this checksum.
    Prepared(u16),
    Hint(Hint),
}

/// The worker's memory: the generator (whose solver also finds hints), the puzzle a job
/// makes or reads, the job and its outcome. A static on the console.
pub struct Work {
    job: Option<Job>,
    generator: Generator,
    pub puzzle: Puzzle,
    /// The open numbers of [`Work::puzzle`] with no cell marked, for a new game on it: worked
    /// out when a job generates or reads a puzzle, in the worker's time (two frames' work at
    /// 15x15).
    pub open: OpenNumbers,
    outcome: Outcome,
}

impl Default for Work {
    fn default() -> Self {
        Self::new()
    }
}

impl Work {
    pub const fn new() -> Work {
        Work { job: None, generator: Generator::new(), puzzle: Puzzle::new(), open: OpenNumbers::NONE, outcome: Outcome::None }
    }

    /// Sets `job` to run next and forgets the last outcome.
    pub fn assign(&mut self, job: Job) {
        self.job = Some(job);
        self.outcome = Outcome::None;
    }

    /// Forgets the job and outcome (the job's work was dropped).
    pub fn clear(&mut self) {
        self.job = None;
        self.outcome = Outcome::None;
    }

    pub fn outcome(&self) -> Outcome {
        self.outcome
    }

    /// Takes the outcome, leaving none.
    pub fn take_outcome(&mut self) -> Outcome {
        core::mem::replace(&mut self.outcome, Outcome::None)
    }

    /// The open numbers of the puzzle a job has just generated or read.
    fn set_open(&mut self) {
        self.open.set_unmarked(&self.puzzle.board);
    }

    /// Runs the job set by [`Work::assign`] (in the worker); ready puzzles and new games'
    /// puzzle records go to `storage`.
    /// In ROM bank 1 with the generator on the console.
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank1"))]
    #[inline(never)]
    pub fn run(&mut self, storage: &mut impl Storage) {
        let Some(job) = self.job.take() else { return };
        self.outcome = match job {
            Job::Generate { request, keep } => {
                let made = engine_calls::generate(&mut self.generator, request.size, request.difficulty, request.seed, &mut self.puzzle);
                if made {
                    self.set_open();
                }
                let kept = keep.filter(|_| made);
                if let Some(claim) = kept {
                    ready::keep::<Hitori>(&self.puzzle, claim, storage);
                }
                Outcome::Generated { request, made, kept }
            }
            Job::Load { slot, kind } => {
                let loaded = ready::read::<Hitori>(slot, kind, storage, &mut self.puzzle);
                if loaded {
                    self.set_open();
                }
                Outcome::Loaded(loaded)
            }
            Job::Prepare { place } => Outcome::Prepared(save::write_new_puzzle::<Hitori>(&self.puzzle, place, storage)),
            Job::Hint { marks } => {
                let mut hint = Hint::Solved;
                engine_calls::hint(&marks, &self.puzzle, &mut self.generator, &mut hint);
                Outcome::Hint(hint)
            }
        };
    }
}

//! The jobs of the background worker: generating a puzzle (to keep ready in battery RAM, or
//! for a typed seed code), preparing a new game (reading a ready puzzle, writing the game's
//! puzzle record) and finding a hint, the game's long computations. The game
//! hands a job over with its inputs in [`Work`] and takes the outcome from there once the
//! worker is idle (the [`super::Platform`] says when). On the console the job runs in the
//! worker context in the time the main loop would spend halted (`gb_hal::worker`), so the
//! main loop keeps its frame; on the host it runs when started.

use super::new_game::Request;
use super::ready::{self, Claim, Variant};
use super::save::{self, NewGamePlace, Storage};
use super::engine_calls;
use super::boards::Playable;
use super::switch::{Parts, switch};
use crate::puzzles::hitori::Hitori;
use crate::puzzles::hitori::generate::{Generator, Puzzle};
use crate::puzzles::hitori::play::Marks;
use crate::puzzles::hitori::rules::OpenNumbers;
use crate::puzzles::lizards::{self, Lizards};
use crate::puzzles::numberlink::{self, Numberlink};
use crate::puzzles::sudoku::{self, Sudoku};
use crate::puzzles::record::Record;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Job {
    /// Generate `request`'s puzzle into the memory's puzzle; with a claim, then write it into
    /// that ready slot.
    Generate { request: Request, keep: Option<Claim> },
    /// Reads the puzzle of `kind` in ready slot `slot` into the memory's puzzle, for a game
    /// about to start.
    Load { slot: u8, kind: Variant },
    /// Makes the memory's puzzle a new game's, which the main loop is drawing meanwhile:
    /// writes its puzzle record at `place`. What is left for the main loop is to commit the
    /// game (a progress record).
    Prepare { place: NewGamePlace },
    /// The next hint for the memory's marks on its puzzle.
    Hint,
    /// The squares in error of the memory's marks on its puzzle, for boards whose errors
    /// need the engine's memory (`boards::Board::wants_check`: Numberlink's region check).
    Check,
}

impl Job {
    /// The kind of puzzle a job keeps ready, if it is one that does.
    pub fn keeps(&self) -> Option<Variant> {
        match self {
            Job::Generate { request, keep: Some(_) } => Some(request.variant),
            _ => None,
        }
    }
}

/// A hint the worker found, of the puzzle its memory holds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Hint {
    Hitori(crate::puzzles::hitori::play::Hint),
    Lizards(lizards::Hint),
    Sudoku(sudoku::play::Hint),
    Numberlink(numberlink::play::Hint),
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// No job done since the last was taken (or since one was dropped).
    None,
    /// `request`'s puzzle is in the memory (false: the size was out of range) and, with a
    /// claim, in that ready slot.
    Generated { request: Request, made: bool, kept: Option<Claim> },
    /// The ready slot's puzzle is in the memory; false when the slot did not hold a valid
    /// puzzle of its kind.
    Loaded(bool),
    /// The new game's puzzle record is written, with this checksum.
    Prepared(u16),
    Hint(Hint),
    /// The squares in error a check found.
    Checked(numberlink::grid::Cells),
}

/// Hitori's part of the worker's memory: the generator (whose solver also finds hints), the
/// puzzle a job makes or reads and the marks a hint is for.
pub struct HitoriWork {
    generator: Generator,
    pub puzzle: Puzzle,
    /// The open numbers of the puzzle with no cell marked, for a new game on it: worked out
    /// when a job generates or reads a puzzle, in the worker's time (two frames' work at
    /// 15x15).
    pub open: OpenNumbers,
    pub marks: Marks,
}

/// Baby Lizards' part of the worker's memory.
pub struct LizardsWork {
    engine: lizards::generate::Engine,
    pub puzzle: lizards::generate::Puzzle,
    pub marks: lizards::Marks,
}

/// Sudoku's part of the worker's memory: the puzzle, and the generator or what a hint needs.
pub struct SudokuWork {
    pub puzzle: sudoku::generate::Puzzle,
    pub tools: SudokuTools,
}

/// Numberlink's part of the worker's memory: the generator (whose solver also finds hints
/// and the live errors), the puzzle and the marks a hint or check is for.
pub struct NumberlinkWork {
    generator: numberlink::generate::Generator,
    pub puzzle: numberlink::grid::Puzzle,
    pub marks: numberlink::play::Marks,
}

/// A hint needs the human solver and the marks, not the dancing links: with both a generator
/// and a hint's marks, Sudoku's part took about 240 bytes more than Hitori's, and the game ROM
/// left under 1 KiB of stack. Switched in place (`super::switch`).
#[repr(C, u8)]
pub enum SudokuTools {
    Generator(sudoku::generate::Generator) = SudokuTool::Generator as u8,
    Hint { logic: sudoku::logic::Logic, marks: sudoku::play::Marks } = SudokuTool::Hint as u8,
}

/// Names [`SudokuTools`]' parts.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u8)]
pub enum SudokuTool {
    Generator,
    Hint,
}

impl From<SudokuTool> for u8 {
    fn from(tool: SudokuTool) -> u8 {
        tool as u8
    }
}

// SAFETY: `repr(C, u8)` with `SudokuTool`'s numbers as tags; the generator, solver and marks
// are flat data (arrays of integers).
unsafe impl Parts for SudokuTools {
    type Part = SudokuTool;

    fn part(&self) -> SudokuTool {
        match self {
            SudokuTools::Generator(_) => SudokuTool::Generator,
            SudokuTools::Hint { .. } => SudokuTool::Hint,
        }
    }
}

impl SudokuTools {
    /// The generator (what a hint held is gone).
    fn generator(&mut self) -> &mut sudoku::generate::Generator {
        switch(self, SudokuTool::Generator);
        match self {
            SudokuTools::Generator(generator) => generator,
            SudokuTools::Hint { .. } => unreachable!("switched to the generator"),
        }
    }

    /// The marks a hint is for, to fill in (the generator is gone), and the solver it uses.
    pub fn hint_marks(&mut self) -> (&mut sudoku::logic::Logic, &mut sudoku::play::Marks) {
        switch(self, SudokuTool::Hint);
        match self {
            SudokuTools::Hint { logic, marks } => (logic, marks),
            SudokuTools::Generator(_) => unreachable!("switched to a hint's tools"),
        }
    }
}

/// The worker's memory holds one puzzle's engine at a time (WRAM has room for one), switched
/// in place (`super::switch`).
#[repr(C, u8)]
pub enum Memory {
    Hitori(HitoriWork) = Playable::Hitori as u8,
    Lizards(LizardsWork) = Playable::Lizards as u8,
    Sudoku(SudokuWork) = Playable::Sudoku as u8,
    Numberlink(NumberlinkWork) = Playable::Numberlink as u8,
}

// SAFETY: `repr(C, u8)` with `Playable`'s numbers as tags; the engines, puzzles and marks are
// flat data (fixed-size arrays of integers and cell sets, sizes, levels, seeds).
unsafe impl Parts for Memory {
    type Part = Playable;

    fn part(&self) -> Playable {
        Memory::puzzle(self)
    }
}

impl Memory {
    pub fn puzzle(&self) -> Playable {
        match self {
            Memory::Hitori(_) => Playable::Hitori,
            Memory::Lizards(_) => Playable::Lizards,
            Memory::Sudoku(_) => Playable::Sudoku,
            Memory::Numberlink(_) => Playable::Numberlink,
        }
    }
}

/// The worker's memory: one puzzle's engine and puzzle, the job and its outcome. A static on
/// the console.
pub struct Work {
    job: Option<Job>,
    pub memory: Memory,
    outcome: Outcome,
}

impl Default for Work {
    fn default() -> Self {
        Self::new()
    }
}

impl Work {
    pub const fn new() -> Work {
        Work {
            job: None,
            memory: Memory::Hitori(HitoriWork {
                generator: Generator::new(),
                puzzle: Puzzle::new(),
                open: OpenNumbers::NONE,
                marks: Marks::NONE,
            }),
            outcome: Outcome::None,
        }
    }

    /// Makes the memory `puzzle`'s (what it held is gone, when it was another puzzle's: the
    /// next job starts from its inputs). Only while no job runs.
    pub fn use_puzzle(&mut self, puzzle: Playable) {
        switch(&mut self.memory, puzzle);
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

    /// Runs the job set by [`Work::assign`] (in the worker) on the memory's puzzle; ready
    /// puzzles and new games' puzzle records go to `storage`. A job that makes or reads a
    /// puzzle first makes the memory that puzzle's ([`Work::use_puzzle`]) here, in the
    /// worker's time: a switch sets up the engine's whole state (about 23k cycles on the
    /// console), which in the main loop's frame with the new-game menu's redraw ran late.
    /// In ROM bank 1 with the generator on the console.
    #[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank1"))]
    #[inline(never)]
    pub fn run(&mut self, storage: &mut impl Storage) {
        let Some(job) = self.job.take() else { return };
        if let Job::Generate { request: Request { variant, .. }, .. } | Job::Load { kind: variant, .. } = job
            && let Some(puzzle) = Playable::of(variant.puzzle)
        {
            self.use_puzzle(puzzle);
        }
        self.outcome = match &mut self.memory {
            Memory::Hitori(work) => work.run(job, storage),
            Memory::Lizards(work) => work.run(job, storage),
            Memory::Sudoku(work) => work.run(job, storage),
            Memory::Numberlink(work) => run_numberlink_job(work, job, storage),
        };
    }
}

/// What every puzzle's part of the memory does for the jobs, with what differs: making a
/// puzzle, a hint, and what it works out for a new game once it holds a puzzle.
trait PuzzleWork {
    type P: Record;
    fn puzzle(&mut self) -> &mut <Self::P as crate::puzzles::Backend>::Puzzle;
    fn generate(&mut self, request: &Request) -> bool;
    fn hint(&mut self) -> Hint;
    /// The squares in error of the memory's marks ([`Job::Check`]: only for the puzzles whose
    /// boards ask for it).
    fn check(&mut self) -> numberlink::grid::Cells {
        numberlink::grid::Cells::EMPTY
    }
    /// After a job put a valid puzzle in the memory.
    fn took_puzzle(&mut self) {}

    fn run(&mut self, job: Job, storage: &mut impl Storage) -> Outcome {
        match job {
            Job::Generate { request, keep } => {
                let made = self.generate(&request);
                if made {
                    self.took_puzzle();
                }
                let kept = keep.filter(|_| made);
                if let Some(claim) = kept {
                    ready::keep::<Self::P>(self.puzzle(), claim, storage);
                }
                Outcome::Generated { request, made, kept }
            }
            Job::Load { slot, kind } => {
                let loaded = ready::read::<Self::P>(slot, kind, storage, self.puzzle());
                if loaded {
                    self.took_puzzle();
                }
                Outcome::Loaded(loaded)
            }
            Job::Prepare { place } => Outcome::Prepared(save::write_new_puzzle::<Self::P>(self.puzzle(), place, storage)),
            Job::Hint => Outcome::Hint(self.hint()),
            Job::Check => Outcome::Checked(self.check()),
        }
    }
}

impl PuzzleWork for HitoriWork {
    type P = Hitori;

    fn puzzle(&mut self) -> &mut Puzzle {
        &mut self.puzzle
    }

    fn generate(&mut self, request: &Request) -> bool {
        let Variant { size, difficulty, .. } = request.variant;
        engine_calls::generate(&mut self.generator, size, difficulty, request.seed, &mut self.puzzle)
    }

    fn hint(&mut self) -> Hint {
        let mut hint = crate::puzzles::hitori::play::Hint::Solved;
        engine_calls::hint(&self.marks, &self.puzzle, &mut self.generator, &mut hint);
        Hint::Hitori(hint)
    }

    fn took_puzzle(&mut self) {
        self.open.set_unmarked(&self.puzzle.board);
    }
}

impl PuzzleWork for LizardsWork {
    type P = Lizards;

    fn puzzle(&mut self) -> &mut lizards::generate::Puzzle {
        &mut self.puzzle
    }

    fn generate(&mut self, request: &Request) -> bool {
        let Variant { size, difficulty, .. } = request.variant;
        self.engine.generate_puzzle(size, difficulty, request.seed, &mut self.puzzle)
    }

    fn hint(&mut self) -> Hint {
        Hint::Lizards(self.engine.hint(&self.puzzle, &self.marks))
    }
}

impl PuzzleWork for SudokuWork {
    type P = Sudoku;

    fn puzzle(&mut self) -> &mut sudoku::generate::Puzzle {
        &mut self.puzzle
    }

    fn generate(&mut self, request: &Request) -> bool {
        let Variant { size, difficulty, .. } = request.variant;
        <Sudoku as crate::puzzles::Backend>::generate_into(self.tools.generator(), size, difficulty, request.seed, &mut self.puzzle)
    }

    fn hint(&mut self) -> Hint {
        // Marks given (`Session::give_hint_work`) are kept; otherwise the switch leaves none.
        let (logic, marks) = self.tools.hint_marks();
        Hint::Sudoku(marks.hint(logic, &self.puzzle))
    }
}

impl PuzzleWork for NumberlinkWork {
    type P = Numberlink;

    fn puzzle(&mut self) -> &mut numberlink::grid::Puzzle {
        &mut self.puzzle
    }

    fn generate(&mut self, request: &Request) -> bool {
        let Variant { size, difficulty, .. } = request.variant;
        <Numberlink as crate::puzzles::Backend>::generate_into(&mut self.generator, size, difficulty, request.seed, &mut self.puzzle)
    }

    fn hint(&mut self) -> Hint {
        Hint::Numberlink(numberlink::play::hint(self.generator.solver(), &self.puzzle, &self.marks))
    }

    fn check(&mut self) -> numberlink::grid::Cells {
        let mut errors = numberlink::grid::Cells::EMPTY;
        numberlink::play::errors(self.generator.solver(), &self.puzzle.givens, &self.marks, &mut errors);
        errors
    }
}

/// Numberlink's jobs, in ROM bank 16 on the console: in bank 1, the jobs' bank, the solver's
/// moves that hints and checks use and the puzzle's save bodies passed its 16 KiB by 5.4 KB,
/// and in bank 10, its generator's, by 5.3 KB. The generator and the solver's entries stay in
/// bank 10.
#[cfg_attr(target_arch = "avr", unsafe(link_section = ".bank16"))]
#[inline(never)]
fn run_numberlink_job(work: &mut NumberlinkWork, job: Job, storage: &mut impl Storage) -> Outcome {
    work.run(job, storage)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::level::Difficulty;

    type Sram = [u8; 0x2000];

    /// A memory of `puzzle` as its engine's constructors make it.
    fn fresh(puzzle: Playable) -> Work {
        let mut work = Work::new();
        match puzzle {
            Playable::Hitori => {}
            Playable::Lizards => {
                work.memory = Memory::Lizards(LizardsWork {
                    engine: lizards::generate::Engine::new(),
                    puzzle: lizards::generate::Puzzle::new(),
                    marks: lizards::Marks::new(),
                })
            }
            Playable::Sudoku => {
                work.memory = Memory::Sudoku(SudokuWork {
                    puzzle: sudoku::generate::Puzzle::EMPTY,
                    tools: SudokuTools::Generator(sudoku::generate::Generator::new()),
                })
            }
            Playable::Numberlink => {
                work.memory = Memory::Numberlink(NumberlinkWork {
                    generator: numberlink::generate::Generator::new(),
                    puzzle: numberlink::grid::Puzzle::new(),
                    marks: numberlink::play::Marks::new(),
                })
            }
        }
        work
    }

    /// A memory switched to `puzzle` after the other puzzle's memory made a puzzle.
    fn switched(puzzle: Playable) -> Work {
        let other = *Playable::ALL.iter().find(|&&p| p != puzzle).unwrap();
        let mut work = fresh(other);
        let (size, _) = other.kind().sizes();
        let variant = Variant { puzzle: other.kind(), size, difficulty: Difficulty::Medium };
        run(&mut work, Job::Generate { request: Request { variant, seed: 7 }, keep: None }, &mut [0; 0x2000]);
        work.use_puzzle(puzzle);
        assert_eq!(work.memory.puzzle(), puzzle);
        work
    }

    fn run(work: &mut Work, job: Job, sram: &mut Sram) -> Outcome {
        work.assign(job);
        work.run(sram);
        work.take_outcome()
    }

    /// The memory's puzzle as its save record's bytes, and Hitori's open numbers.
    fn held(work: &Work) -> (Vec<u8>, Option<OpenNumbers>) {
        match &work.memory {
            Memory::Hitori(work) => (record::<Hitori>(&work.puzzle), Some(work.open)),
            Memory::Lizards(work) => (record::<Lizards>(&work.puzzle), None),
            Memory::Sudoku(work) => (record::<Sudoku>(&work.puzzle), None),
            Memory::Numberlink(work) => (record::<Numberlink>(&work.puzzle), None),
        }
    }

    /// `puzzle`'s save record, in a buffer of its own length as `encode_puzzle` asks.
    fn record<P: Record>(puzzle: &P::Puzzle) -> Vec<u8> {
        let mut out = vec![0u8; save::puzzle_len::<P>()];
        save::encode_puzzle::<P>(puzzle, [0; 4], 0, &mut out);
        out
    }

    /// A switch leaves the new puzzle's part zeroed, not as its constructors make it: every job
    /// must then do what it does from a fresh part. Each kind of job that reads more than the
    /// puzzle it is handed runs first on a switched memory and on a fresh one: generating
    /// (and keeping the puzzle ready), reading a ready puzzle, a hint.
    #[test]
    fn every_job_does_on_a_switched_memory_what_it_does_on_a_fresh_one() {
        for &puzzle in Playable::ALL {
            let (smallest, largest) = puzzle.kind().sizes();
            for difficulty in Difficulty::ALL {
                for (size, seed) in [(smallest, 3), (largest, 11), ((smallest + largest) / 2, 25)] {
                    let request = Request { variant: Variant { puzzle: puzzle.kind(), size, difficulty }, seed };
                    let (mut sram_a, mut sram_b): (Sram, Sram) = ([0; 0x2000], [0; 0x2000]);
                    let claim = ready::Claim { slot: 2, stamp: 5 };
                    let generate = Job::Generate { request, keep: Some(claim) };
                    let (mut a, mut b) = (fresh(puzzle), switched(puzzle));
                    let made = run(&mut a, generate, &mut sram_a);
                    assert_eq!(made, Outcome::Generated { request, made: true, kept: Some(claim) }, "{request:?}");
                    assert_eq!(run(&mut b, generate, &mut sram_b), made, "{request:?}");
                    assert_eq!(held(&a), held(&b), "{request:?}");
                    assert_eq!(sram_a, sram_b, "{request:?}");

                    let load = Job::Load { slot: claim.slot, kind: request.variant };
                    let (mut c, mut d) = (fresh(puzzle), switched(puzzle));
                    assert_eq!(run(&mut c, load, &mut sram_a), Outcome::Loaded(true), "{request:?}");
                    assert_eq!(run(&mut d, load, &mut sram_a), Outcome::Loaded(true), "{request:?}");
                    assert_eq!(held(&c), held(&a), "{request:?}");
                    assert_eq!(held(&d), held(&a), "{request:?}");

                    let (mut e, mut f) = (fresh(puzzle), switched(puzzle));
                    for work in [&mut e, &mut f] {
                        match (&mut work.memory, &a.memory) {
                            (Memory::Hitori(to), Memory::Hitori(from)) => to.puzzle.clone_from(&from.puzzle),
                            (Memory::Lizards(to), Memory::Lizards(from)) => to.puzzle.clone_from(&from.puzzle),
                            (Memory::Sudoku(to), Memory::Sudoku(from)) => to.puzzle.clone_from(&from.puzzle),
                            (Memory::Numberlink(to), Memory::Numberlink(from)) => to.puzzle.clone_from(&from.puzzle),
                            _ => unreachable!(),
                        }
                    }
                    let hint = run(&mut e, Job::Hint, &mut sram_a);
                    assert!(matches!(hint, Outcome::Hint(_)), "{request:?}");
                    assert_eq!(run(&mut f, Job::Hint, &mut sram_a), hint, "{request:?}");
                    let check = run(&mut e, Job::Check, &mut sram_a);
                    assert!(matches!(check, Outcome::Checked(_)), "{request:?}");
                    assert_eq!(run(&mut f, Job::Check, &mut sram_a), check, "{request:?}");

                }
            }
        }
    }
}

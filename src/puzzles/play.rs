//! The player's side of a game, shared by the puzzles: the marks and the moves kept for undo
//! and redo ([`Play`]), each move made through its puzzle's [`Backend::apply`] and undone by
//! its inverse. A move is kept packed in two bytes (a cell and its marks before and after),
//! the oldest forgotten first once [`HISTORY_LEN`] are kept: the history is most of a game's
//! state in WRAM.

use core::marker::PhantomData;

use heapless::{Deque, Vec};

use super::Backend;

/// Moves kept for undo.
pub const HISTORY_LEN: usize = 64;

/// A move that packs into two bytes and back.
pub trait PackedMove: Copy {
    fn pack(self) -> [u8; 2];
    fn unpack(packed: [u8; 2]) -> Self;
}

/// A mark that packs into two bits (0 for none), for [`CellMove`]'s packing.
pub trait MarkBits: Copy + PartialEq {
    fn bits(self) -> u8;
    fn from_bits(bits: u8) -> Self;
}

/// Marks of one mark a cell, the marks of the puzzles whose moves are [`CellMove`]s.
pub trait CellMarks {
    type Mark: MarkBits;
    /// No cell marked.
    const NONE: Self;
    fn mark(&self, cell: u8) -> Self::Mark;
}

/// The move of the puzzles whose marks are one per cell: the cell, what it held, what it holds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CellMove<M> {
    pub cell: u8,
    pub from: M,
    pub to: M,
}

impl<M: MarkBits> CellMove<M> {
    /// The move that undoes this one.
    pub fn inverse(self) -> CellMove<M> {
        CellMove { cell: self.cell, from: self.to, to: self.from }
    }
}

impl<M: MarkBits> PackedMove for CellMove<M> {
    fn pack(self) -> [u8; 2] {
        [self.cell, (self.from.bits() << 2) | self.to.bits()]
    }

    fn unpack(packed: [u8; 2]) -> CellMove<M> {
        CellMove { cell: packed[0], from: M::from_bits(packed[1] >> 2), to: M::from_bits(packed[1] & 3) }
    }
}

/// The moves made (to undo) and undone (to redo).
pub struct History<M> {
    undo: Deque<[u8; 2], HISTORY_LEN>,
    redo: Vec<[u8; 2], HISTORY_LEN>,
    moves: PhantomData<M>,
}

impl<M: PackedMove> Default for History<M> {
    fn default() -> Self {
        Self::new()
    }
}

impl<M: PackedMove> History<M> {
    pub const fn new() -> History<M> {
        History { undo: Deque::new(), redo: Vec::new(), moves: PhantomData }
    }

    /// A new move: it can be undone, and nothing undone before it can be redone.
    pub fn record(&mut self, m: M) {
        self.push_undo(m);
        self.redo.clear();
    }

    /// The latest move, taken back (the caller puts back its marks), if any.
    pub fn undo(&mut self) -> Option<M> {
        let packed = self.undo.pop_back()?;
        // The redo stack never outgrows the undo history it came from.
        let _ = self.redo.push(packed);
        Some(M::unpack(packed))
    }

    /// The latest undone move, made again (the caller makes it), if any.
    pub fn redo(&mut self) -> Option<M> {
        let m = M::unpack(self.redo.pop()?);
        self.push_undo(m);
        Some(m)
    }

    /// Forgets every move, in place (a new `History` is a 260-byte temporary on the console).
    pub fn clear(&mut self) {
        self.undo.clear();
        self.redo.clear();
    }

    fn push_undo(&mut self, m: M) {
        if self.undo.is_full() {
            self.undo.pop_front();
        }
        // Cannot fail: a slot was freed above when full.
        let _ = self.undo.push_back(m.pack());
    }
}

/// The player's marks on one puzzle and the moves that made them. Each puzzle adds its own
/// questions in an `impl Play<ItsBackend>` of its own.
pub struct Play<B: Backend> {
    marks: B::Marks,
    history: History<B::Move>,
}

impl<B: Backend> Play<B>
where
    B::Move: PackedMove,
{
    /// `marks` with no history.
    pub const fn with_marks(marks: B::Marks) -> Play<B> {
        Play { marks, history: History::new() }
    }

    /// The marks alone (what a hint reads and a save keeps), without the history.
    pub fn marks(&self) -> &B::Marks {
        &self.marks
    }

    /// Makes a new move (the player's): it can be undone, nothing undone before can be redone.
    pub fn make(&mut self, m: B::Move) {
        B::apply(&mut self.marks, m);
        self.history.record(m);
    }

    /// Takes back the latest move, if any.
    pub fn undo(&mut self) -> Option<B::Move> {
        let m = self.history.undo()?;
        B::apply(&mut self.marks, B::inverse(m));
        Some(m)
    }

    /// Makes the latest undone move again, if any.
    pub fn redo(&mut self) -> Option<B::Move> {
        let m = self.history.redo()?;
        B::apply(&mut self.marks, m);
        Some(m)
    }

    /// Puts back marks that `read` writes in place (a save read straight into them, with no
    /// copy on the way), with no history.
    pub fn restore_with<R>(&mut self, read: impl FnOnce(&mut B::Marks) -> R) -> R {
        // Cleared in place: a whole new `Play` is a 300-byte temporary in the caller's static
        // frame on the console.
        self.history.clear();
        read(&mut self.marks)
    }
}

impl<B, M> Default for Play<B>
where
    B: Backend<Marks: CellMarks<Mark = M>, Move = CellMove<M>>,
    M: MarkBits,
{
    fn default() -> Self {
        Self::new()
    }
}

/// The puzzles of one mark a cell.
impl<B, M> Play<B>
where
    B: Backend<Marks: CellMarks<Mark = M>, Move = CellMove<M>>,
    M: MarkBits,
{
    /// No marks, no history.
    pub const fn new() -> Play<B> {
        Play::with_marks(B::Marks::NONE)
    }

    pub fn mark(&self, cell: u8) -> M {
        self.marks.mark(cell)
    }

    /// Marks `cell`; false (and nothing recorded) when it already has that mark.
    pub fn set_mark(&mut self, cell: u8, mark: M) -> bool {
        let from = self.mark(cell);
        if from == mark {
            return false;
        }
        self.make(CellMove { cell, from, to: mark });
        true
    }

    /// Clears every mark and the history.
    pub fn restart(&mut self) {
        self.restore_with(|marks| *marks = B::Marks::NONE);
    }
}

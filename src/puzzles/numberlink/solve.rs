//! The solver: named deductions by level, exact grading, and a complete search that counts
//! solutions as paths.
//!
//! **State.** Every side of every square is open, a link, or crossed (no link there). A
//! square's byte in `sides` holds its links in the low nibble and its crossed sides in the
//! high one; the board's rim and solid squares are crossed from the start. A square needs two
//! links, an endpoint one, a solid square none.
//!
//! **Segments instead of a union-find.** Links chain squares into segments, and a segment only
//! ever grows at its two ends, so "which segment is this end in" needs no union-find: each
//! end keeps the square at the segment's other end (`other`), which a new link updates at the
//! two far ends. Undoing a link restores those two entries from what the link's own squares
//! still hold (neither is written while it is inside a segment), so the trail needs no saved
//! values. A segment's number is the number of an endpoint at one of its ends (an endpoint
//! needs one link, so it is always an end of its segment).
//!
//! **Deductions** (each names a [`Rule`]):
//! - Easy: a square with all its links has its other sides crossed, and so has every side
//!   into it; a side whose link would join two different numbers, or join a path piece to
//!   itself (a loop), is crossed; a square with exactly as many open sides as links it still
//!   needs takes them all (only way).
//! - Medium: a numbered path tried one square further; if the easy rules, applied at the
//!   squares beside that link (the 3x4 box around its two squares), meet a contradiction,
//!   that side is crossed (dead end: what a player sees next to the square tried).
//! - Hard: the same trial with the easy rules anywhere on the board (look ahead: a chain of
//!   forced links ends in a contradiction away from the trial); a link tried on an open side
//!   of a square on no numbered path (loose end); and any trial after which the region check
//!   fails (cut off). The region check: the squares not yet on a numbered path, joined by open
//!   sides, form regions; every region must touch both open ends of some number (the path
//!   through any of its squares enters and leaves through them), and the two open ends of
//!   every number must touch a common region or each other.
//!
//! A puzzle's level is the lowest whose closure links every square; a closure only adds
//! facts, so its result does not depend on the order rules apply in. (The medium trial's rules
//! are a closure too: every rule only adds facts, so applying them at a fixed set of squares
//! until none applies ends in one state whatever the order; the trial reaches it because a
//! square outside the box that changes queues its neighbours inside as it leaves the stack
//! unchecked: see [`Solver::propagate`].) Each rule holds in every solution, so a complete
//! closure is the only solution. The search (no recursion: guesses are flagged entries of the
//! trail) branches on an open side of the path end with the fewest, and prunes with the easy
//! rules and the region check.

use super::grid::{CELL_SLOTS, DOWN, Givens, MAX_PATHS, MAX_SIZE, RIGHT, Sides, cell_at, link_count, opposite, step};
use crate::puzzles::level::Difficulty;

/// Counts of the host's work for `examples/numberlink_model.rs`, which predicts the console's
/// cycles from them (docs/numberlink-notes.md, "A host model of the console's cost"): the
/// square checks of the easy rules (on the host every check is [`Solver::check_square`]'s)
/// and the grades from loaded givens. Only with the `stats` feature, which no ROM turns on.
#[cfg(feature = "stats")]
pub mod stats {
    use core::sync::atomic::{AtomicU32, Ordering::Relaxed};

    pub static CHECKS: AtomicU32 = AtomicU32::new(0);
    pub static GRADES: AtomicU32 = AtomicU32::new(0);

    pub(super) fn count(counter: &AtomicU32) {
        counter.fetch_add(1, Relaxed);
    }

    /// The square checks and grades so far.
    pub fn read() -> (u32, u32) {
        (CHECKS.load(Relaxed), GRADES.load(Relaxed))
    }
}

/// The marks so far cannot be completed to a solution.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Contradiction;

type Outcome = Result<(), Contradiction>;

/// The named deductions, easiest first. `repr(u8)`: linker/numberlink.s tests for `OnlyWay`
/// (0) in [`Solver`]'s `rule`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
#[repr(u8)]
pub enum Rule {
    /// A square with as many open sides as links it still needs: they are all links.
    OnlyWay,
    /// A link on this side, from a numbered path, leaves the easy rules stuck beside it (a
    /// square without enough ways on, a loop or two numbers joined): crossed.
    DeadEnd,
    /// The same, where the easy rules meet the contradiction only further away, along a chain
    /// of forced links.
    LookAhead,
    /// A link from no numbered path (two loose ends, or a loose end and a free square) leaves
    /// the easy rules stuck: the hard level's trial, which the medium one never makes.
    LooseEnd,
    /// A link on this side cuts off squares no number can reach, or a number from its twin:
    /// crossed.
    CutOff,
}

impl Rule {
    pub fn level(self) -> Difficulty {
        match self {
            Rule::OnlyWay => Difficulty::Easy,
            Rule::DeadEnd => Difficulty::Medium,
            Rule::LookAhead | Rule::LooseEnd | Rule::CutOff => Difficulty::Hard,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Rule::OnlyWay => "only way",
            Rule::DeadEnd => "dead end",
            Rule::LookAhead => "look ahead",
            Rule::LooseEnd => "loose end",
            Rule::CutOff => "cut off",
        }
    }
}

/// The trials of a sweep, one kind a level's step.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Trials {
    /// Medium: from numbered open ends, the easy rules in the box beside the link.
    Near,
    /// Hard: from numbered open ends, the easy rules anywhere.
    Far,
    /// Hard: from every open end, the easy rules anywhere and then the region check.
    All,
}

/// The first link a closure added while recording (see [`Solver::record_first_link`]): the
/// link from `cell` on `side`, the hardest rule used up to it, and the square it was read
/// from (the square with only one way, or the square whose trial failed).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct FoundLink {
    pub cell: u8,
    pub side: u8,
    pub rule: Rule,
    pub reason: u8,
}

/// `given` value of a solid square and of the slots off the board.
const SOLID: u8 = 0x7F;
/// `given` flag: the square waits on the work stack.
const QUEUED: u8 = 0x80;
/// Trail entry flags (with the side in the low two bits).
const LINK: u8 = 4;
const GUESS: u8 = 8;
/// Interior sides of a 12x12 board: every trail entry decides one.
const TRAIL_CAP: usize = 2 * MAX_SIZE as usize * (MAX_SIZE as usize - 1);
/// `scratch` value, in the region check, of a free end not yet given its region's number
/// (regions are numbered from 1; 0 is a square in no region).
const UNNUMBERED: u8 = 0xFF;
const BOARD_CELLS: usize = MAX_SIZE as usize * MAX_SIZE as usize;
/// `near` when the easy rules apply everywhere.
const ANYWHERE: [u8; 4] = [0x00, 0xF0, 0x00, 0x0F];
/// [`Solver::implied`]'s size: two bits for each square.
const IMPLIED_BYTES: usize = CELL_SLOTS.div_ceil(4);

/// Caller-owned working memory (about 1.6 KiB), for one puzzle at a time: the solver's state,
/// and the generator's while it draws paths.
///
/// `repr(C)` with a fixed layout: on the console linker/numberlink.s's
/// `gb_numberlink_propagate` runs the easy rules on it at the offsets checked below. `given`,
/// `sides` and `other` start 256 bytes apart, so the routine steps from a square's byte in one
/// to its byte in the next by one `inc h`; the small fields fill part of the first gap and the
/// console's sweep state ([`SweepEnds`]) part of the second, the rest of the gaps is padding
/// (about 180 bytes, bought for that speed).
#[repr(C)]
pub struct Solver {
    /// Per square: 0, the number of an endpoint, or [`SOLID`]; plus [`QUEUED`].
    given: [u8; CELL_SLOTS],
    stack_len: u8,
    n: u8,
    paths: u8,
    /// Rule in force for the links being added (the trial's, during a closure's trials).
    rule: Rule,
    reason: u8,
    /// Whether to record the first added link, and that link.
    recording: bool,
    pub(super) first_link: Option<FoundLink>,
    /// The box the easy rules are kept to during a medium trial: its top and bottom rows
    /// (shifted, as in a square), its left and right columns; the whole grid otherwise.
    near: [u8; 4],
    /// While the generator draws: how many free squares have 0, 1, 2, 3 and 4 free
    /// neighbours (see [`Solver::drawing_arrays`]).
    free_with: [u8; 5],
    /// Two bits a square (its right and down sides, from bit 0 of byte 0): links in the
    /// closure of a look-ahead trial that stood since the sweep's state last changed (see
    /// [`Solver::far_link_stands`]).
    implied: [u8; IMPLIED_BYTES],
    _gap_after_given: [u8; 256 - CELL_SLOTS - 19 - IMPLIED_BYTES],
    /// Per square: links (low nibble) and crossed sides (high nibble); the path on each
    /// square while the generator draws.
    sides: [u8; CELL_SLOTS],
    #[cfg(target_arch = "avr")]
    sweep_ends: SweepEnds,
    _gap_after_sides: [u8; 256 - CELL_SLOTS - SWEEP_ENDS_BYTES],
    /// Per segment end: the square at the segment's other end (itself when alone); each free
    /// square's free neighbours while the generator draws.
    other: [u8; CELL_SLOTS],
    _gap_after_other: [u8; 256 - CELL_SLOTS],
    /// Squares waiting for the easy rules, or the region check's flood; then its flags.
    stack: [u8; BOARD_CELLS],
    /// Decided sides in order: `[square, side | LINK? | GUESS?]`.
    trail: [[u8; 2]; TRAIL_CAP],
    trail_len: u16,
    ends: [[u8; 2]; MAX_PATHS],
    /// Region numbers in the region check; the squares whose trials' boxes hold a change, in a
    /// closure after a cut.
    scratch: [u8; CELL_SLOTS],
}

// The offsets linker/numberlink.s reads and writes (its NL_ constants): a change of the struct
// that moves one fails the build here rather than the console's state.
const _: () = {
    use core::mem::offset_of;
    assert!(offset_of!(Solver, given) == 0x000);
    assert!(offset_of!(Solver, stack_len) == 0x0BC);
    assert!(offset_of!(Solver, n) == 0x0BD);
    assert!(offset_of!(Solver, rule) == 0x0BF);
    assert!(offset_of!(Solver, reason) == 0x0C0);
    assert!(offset_of!(Solver, near) == 0x0C6);
    assert!(offset_of!(Solver, free_with) == 0x0CA);
    assert!(offset_of!(Solver, implied) == 0x0CF);
    assert!(offset_of!(Solver, sides) == 0x100);
    #[cfg(target_arch = "avr")]
    assert!(offset_of!(Solver, sweep_ends) == 0x1BC && SWEEP_ENDS_BYTES == 13);
    assert!(offset_of!(Solver, other) == 0x200);
    assert!(offset_of!(Solver, stack) == 0x300);
    assert!(offset_of!(Solver, trail) == 0x390);
    assert!(offset_of!(Solver, trail_len) == 0x5A0);
    assert!(offset_of!(Solver, ends) == 0x5A2);
    assert!(offset_of!(Solver, scratch) == 0x5EA);
    assert!(Rule::OnlyWay as u8 == 0);
};

impl Default for Solver {
    fn default() -> Self {
        Self::new()
    }
}

impl Solver {
    pub const fn new() -> Solver {
        Solver {
            given: [SOLID; CELL_SLOTS],
            stack_len: 0,
            n: 0,
            paths: 0,
            rule: Rule::OnlyWay,
            reason: 0,
            recording: false,
            first_link: None,
            near: ANYWHERE,
            free_with: [0; 5],
            implied: [0; IMPLIED_BYTES],
            _gap_after_given: [0; 256 - CELL_SLOTS - 19 - IMPLIED_BYTES],
            sides: [0xF0; CELL_SLOTS],
            #[cfg(target_arch = "avr")]
            sweep_ends: SweepEnds::new(),
            _gap_after_sides: [0; 256 - CELL_SLOTS - SWEEP_ENDS_BYTES],
            other: [0; CELL_SLOTS],
            _gap_after_other: [0; 256 - CELL_SLOTS],
            stack: [0; BOARD_CELLS],
            trail: [[0; 2]; TRAIL_CAP],
            trail_len: 0,
            ends: [[0; 2]; MAX_PATHS],
            scratch: [0; CELL_SLOTS],
        }
    }

    pub fn size(&self) -> u8 {
        self.n
    }

    /// The generator's drawing's memory, which no solving uses meanwhile (`load` sets it all
    /// up again): `sides` for the path on each square, `other` for each free square's free
    /// neighbours, and `free_with`. Sharing it keeps the worker's memory for Numberlink within
    /// Sudoku's (a counts array of its own left the game ROM under 1 KiB of stack); on the
    /// console linker/numberlink.s's drawing routines find a square's path and count one and
    /// two pages above its `given` byte.
    pub(super) fn drawing_arrays(&mut self) -> (&mut [u8; CELL_SLOTS], &mut [u8; CELL_SLOTS], &mut [u8; 5]) {
        (&mut self.sides, &mut self.other, &mut self.free_with)
    }

    /// The drawing's path and place on each square ([`Solver::drawing_arrays`]) beside
    /// `scratch`, which the generator's look for paths that trade a stretch fills between a
    /// drawing or a join and its grade (no closure is kept then: the grade loads again).
    pub(super) fn trade_arrays(&mut self) -> (&mut [u8; CELL_SLOTS], &mut [u8; CELL_SLOTS], &mut [u8; CELL_SLOTS]) {
        (&mut self.sides, &mut self.other, &mut self.scratch)
    }

    /// Takes on `givens`: every side open but the rim's and the solid squares', every square
    /// waiting for the easy rules.
    pub fn load(&mut self, givens: &Givens) {
        let n = givens.size;
        self.n = n;
        self.paths = givens.paths;
        self.ends = givens.ends;
        self.given = [SOLID; CELL_SLOTS];
        self.sides = [0xF0; CELL_SLOTS];
        self.trail_len = 0;
        self.stack_len = 0;
        self.first_link = None;
        self.recording = false;
        self.rule = Rule::OnlyWay;
        self.near = ANYWHERE;
        self.empty_board();
        if !givens.solid.is_empty() {
            for cell in self.board_cells() {
                if givens.solid.contains(cell) {
                    self.given[cell as usize] = SOLID;
                }
            }
        }
        for (k, pair) in givens.ends[..givens.paths as usize].iter().enumerate() {
            self.given[pair[0] as usize] = k as u8 + 1;
            self.given[pair[1] as usize] = k as u8 + 1;
        }
        self.open_board();
    }

    /// Every square of the board empty and alone (its own other end). On the console
    /// `gb_numberlink_empty_board` (linker/numberlink.s): SDCC's loop took about a third of
    /// a load.
    fn empty_board(&mut self) {
        #[cfg(target_arch = "avr")]
        return empty_board_console(self);
        #[cfg(not(target_arch = "avr"))]
        for cell in self.board_cells() {
            self.other[cell as usize] = cell;
            self.given[cell as usize] = 0;
        }
    }

    /// Each square not solid gets its sides into solid squares and off the board crossed and
    /// waits for the easy rules, in board order. On the console `gb_numberlink_open_board`
    /// (linker/numberlink.s), the same pushes in the same order.
    fn open_board(&mut self) {
        #[cfg(target_arch = "avr")]
        return open_board_console(self);
        #[cfg(not(target_arch = "avr"))]
        for cell in self.board_cells() {
            if self.given[cell as usize] == SOLID {
                continue;
            }
            let (mut open, mut bit) = (0, 1);
            for side in 0..4 {
                if self.given_at(step(cell, side)) != SOLID {
                    open |= bit;
                }
                bit <<= 1;
            }
            self.sides[cell as usize] = (!open & 15) << 4;
            self.push(cell);
        }
    }

    /// `given` of the square `cell` names: [`SOLID`] off the board (the slots off it hold
    /// SOLID, and a step off the board lands on one of them or past the last).
    #[cfg(not(target_arch = "avr"))]
    fn given_at(&self, cell: u8) -> u8 {
        if (cell as usize) < CELL_SLOTS { self.given[cell as usize] } else { SOLID }
    }

    /// Adds the link from `cell` on `side` as a given fact (the player's links, for hints and
    /// checks), with the easy rules' checks.
    pub fn add_link(&mut self, cell: u8, side: u8) -> Outcome {
        self.link(cell, side, 0)
    }

    /// The links of every square (low nibbles of the state).
    pub fn links(&self, cell: u8) -> u8 {
        self.sides[cell as usize] & 15
    }

    /// Whether every square has all its links. On the console `gb_numberlink_is_complete`
    /// (linker/numberlink.s; SDCC's loop took 4% of a 7x7 medium puzzle's cycles).
    pub fn is_complete(&self) -> bool {
        #[cfg(target_arch = "avr")]
        return is_complete_console(self);
        #[cfg(not(target_arch = "avr"))]
        self.board_cells().all(|cell| link_count(self.links(cell)) == self.need(cell))
    }

    /// The current links into `out` (squares off the board untouched).
    pub fn copy_links(&self, out: &mut [u8; CELL_SLOTS]) {
        for cell in self.board_cells() {
            out[cell as usize] = self.links(cell);
        }
    }

    fn board_cells(&self) -> impl Iterator<Item = u8> + use<> {
        let n = self.n;
        (0..n).flat_map(move |r| (0..n).map(move |c| cell_at(r, c)))
    }

    /// Links a square still takes: 2, 1 for an endpoint, 0 for a solid square.
    fn need(&self, cell: u8) -> u8 {
        match self.given[cell as usize] & !QUEUED {
            0 => 2,
            SOLID => 0,
            _ => 1,
        }
    }

    fn number(&self, cell: u8) -> u8 {
        match self.given[cell as usize] & !QUEUED {
            SOLID => 0,
            k => k,
        }
    }

    /// Whether `cell` still takes a link (then it is a segment end).
    fn is_open_end(&self, cell: u8) -> bool {
        link_count(self.links(cell)) < self.need(cell)
    }

    /// The number of the segment whose end `cell` is, or 0.
    fn label(&self, cell: u8) -> u8 {
        self.number(cell) | self.number(self.other[cell as usize])
    }

    /// Open sides of `cell`, as bits.
    fn open_sides(&self, cell: u8) -> u8 {
        let s = self.sides[cell as usize];
        !(s | s >> 4) & 15
    }

    fn push(&mut self, cell: u8) {
        let given = &mut self.given[cell as usize];
        if *given & QUEUED == 0 && *given != SOLID {
            *given |= QUEUED;
            self.stack[self.stack_len as usize] = cell;
            self.stack_len += 1;
        }
    }

    /// Empties the work stack (after a contradiction left squares on it).
    fn clear_stack(&mut self) {
        while self.stack_len > 0 {
            self.stack_len -= 1;
            let cell = self.stack[self.stack_len as usize];
            self.given[cell as usize] &= !QUEUED;
        }
    }

    fn log(&mut self, cell: u8, flags: u8) {
        self.trail[self.trail_len as usize] = [cell, flags];
        self.trail_len += 1;
    }

    /// Crosses the open side `side` of `cell`.
    fn cross(&mut self, cell: u8, side: u8, flags: u8) {
        let far = step(cell, side);
        self.sides[cell as usize] |= 0x10 << side;
        self.sides[far as usize] |= 0x10 << opposite(side);
        self.log(cell, side | flags);
        self.push(cell);
        self.push(far);
    }

    /// Links `cell` to its neighbour on the open side `side`, refusing a link into a full
    /// square, a loop, or a join of two numbers.
    fn link(&mut self, cell: u8, side: u8, flags: u8) -> Outcome {
        let far = step(cell, side);
        if self.open_sides(cell) & (1 << side) == 0 || !self.is_open_end(cell) || !self.is_open_end(far) {
            return Err(Contradiction);
        }
        let (a, b) = (self.other[cell as usize], self.other[far as usize]);
        let (la, lb) = (self.label(cell), self.label(far));
        if a == far || (la != 0 && lb != 0 && la != lb) {
            return Err(Contradiction);
        }
        self.sides[cell as usize] |= 1 << side;
        self.sides[far as usize] |= 1 << opposite(side);
        self.other[a as usize] = b;
        self.other[b as usize] = a;
        self.log(cell, side | LINK | flags);
        if self.recording && self.first_link.is_none() {
            self.first_link = Some(FoundLink { cell, side, rule: self.rule, reason: self.reason });
        }
        // One call a square, not a loop over an array of them: the console's build keeps
        // such an array's iterator in a 64-bit integer and steps it by 64-bit shifts.
        self.push(cell);
        self.push(far);
        self.push(a);
        self.push(b);
        Ok(())
    }

    /// Takes back trail entries until `len` remain. On the console `gb_numberlink_undo_to`
    /// (linker/numberlink.s): a medium or hard closure takes back each of its trials.
    fn undo_to(&mut self, len: u16) {
        #[cfg(target_arch = "avr")]
        return undo_to_console(self, len);
        #[cfg(not(target_arch = "avr"))]
        while self.trail_len > len {
            self.trail_len -= 1;
            let [cell, flags] = self.trail[self.trail_len as usize];
            let side = flags & 3;
            let far = step(cell, side);
            if flags & LINK == 0 {
                self.sides[cell as usize] &= !(0x10 << side);
                self.sides[far as usize] &= !(0x10 << opposite(side));
                continue;
            }
            self.sides[cell as usize] &= !(1 << side);
            self.sides[far as usize] &= !(1 << opposite(side));
            self.reopen_end(cell);
            self.reopen_end(far);
        }
    }

    #[cfg(not(target_arch = "avr"))]
    /// After a link of `square` is taken back: it is an end again, alone, or the end facing
    /// its old far end, whose `other` the link overwrote (the square's own entry was not
    /// touched since).
    fn reopen_end(&mut self, square: u8) {
        if self.links(square) == 0 {
            self.other[square as usize] = square;
        } else {
            let end = self.other[square as usize];
            self.other[end as usize] = square;
        }
    }

    /// The easy rules until none applies, at the squares inside `near`. A square outside it is
    /// taken off the stack unchecked, and its neighbours inside are queued in its place: the
    /// rules at a square read its neighbours, and a change there queues only the changed
    /// square (whose own check would have crossed the side between them). So from a state the
    /// rules had finished with, the closure inside `near` is reached in one call. On the
    /// console `gb_numberlink_propagate` (linker/numberlink.s) does it, to the same state,
    /// unless the first link is being recorded (a hint: rare, so the routine does not write
    /// `first_link`).
    fn propagate(&mut self) -> Outcome {
        #[cfg(target_arch = "avr")]
        if !self.recording {
            return propagate_console(self);
        }
        self.propagate_rules()
    }

    /// [`Solver::propagate`]'s rules in Rust: the host's, and the console's when recording.
    fn propagate_rules(&mut self) -> Outcome {
        while self.stack_len > 0 {
            self.stack_len -= 1;
            let cell = self.stack[self.stack_len as usize];
            if !self.is_near(cell) {
                self.given[cell as usize] &= !QUEUED;
                for side in 0..4 {
                    // A step off the board leaves the box (its rows and columns are the board's).
                    let far = step(cell, side);
                    if self.is_near(far) {
                        self.push(far);
                    }
                }
                continue;
            }
            // The square stays QUEUED while its rules run, so the sides they decide do not
            // queue it again: a check of it then would find nothing (it is full, or its open
            // sides passed the filter, which nothing it changed bears on). A quarter fewer
            // checks.
            let checked = self.check_square(cell);
            self.given[cell as usize] &= !QUEUED;
            if let Err(contradiction) = checked {
                self.clear_stack();
                return Err(contradiction);
            }
        }
        Ok(())
    }

    fn is_near(&self, cell: u8) -> bool {
        let [top, bottom, left, right] = self.near;
        let (row, col) = (cell & 0xF0, cell & 0x0F);
        top <= row && row <= bottom && left <= col && col <= right
    }

    /// The easy rules at one square.
    fn check_square(&mut self, cell: u8) -> Outcome {
        #[cfg(feature = "stats")]
        stats::count(&stats::CHECKS);
        let need = self.need(cell);
        let have = link_count(self.links(cell));
        let open = self.open_sides(cell);
        if open == 0 {
            return if have == need { Ok(()) } else { Err(Contradiction) };
        }
        if have == need {
            for side in Sides(open) {
                self.cross(cell, side, 0);
            }
            return Ok(());
        }
        // Sides no link can take: into a full square, closing a loop, joining two numbers. A
        // square with neither a number nor a link can close no loop and join no numbers, and a
        // full neighbour's own check crosses the side between them (the link that filled it
        // queued it), so such a square skips the filter - unless the rules are kept to a
        // medium trial's box, outside which squares go unchecked.
        if have != 0 || need != 2 || self.near != ANYWHERE {
            let label = self.label(cell);
            for side in Sides(open) {
                let far = step(cell, side);
                let far_label = self.label(far);
                let wrong_join =
                    self.other[cell as usize] == far || (label != 0 && far_label != 0 && label != far_label);
                if !self.is_open_end(far) || wrong_join {
                    self.cross(cell, side, 0);
                }
            }
        }
        let open = self.open_sides(cell);
        let count = link_count(open);
        if have + count < need {
            return Err(Contradiction);
        }
        if have + count == need {
            let reason = self.reason;
            if self.rule == Rule::OnlyWay {
                self.reason = cell;
            }
            for side in Sides(open) {
                self.link(cell, side, 0)?;
            }
            self.reason = reason;
        }
        Ok(())
    }

    /// The region check (see the module docs): an error when a region touches no number's
    /// two open ends, or a number's open ends share no region and do not touch.
    fn regions_reachable(&mut self) -> Outcome {
        // Number the regions: squares not on a numbered segment, joined by open sides and by
        // their segments (a segment's two ends are one square for this).
        // Each square's free-end test is made once, here, not at each side the flood meets.
        let mut regions = 0u8;
        for cell in self.board_cells() {
            self.scratch[cell as usize] = if self.is_free_end(cell) { UNNUMBERED } else { 0 };
        }
        for start in self.board_cells() {
            if self.scratch[start as usize] != UNNUMBERED {
                continue;
            }
            regions += 1;
            self.mark_region(start, regions);
            while self.stack_len > 0 {
                self.stack_len -= 1;
                let cell = self.stack[self.stack_len as usize];
                let open = self.open_sides(cell);
                for side in 0..4 {
                    let far = step(cell, side);
                    if open & (1 << side) != 0 && self.scratch[far as usize] == UNNUMBERED {
                        self.mark_region(far, regions);
                    }
                }
            }
        }
        // `stack` becomes one flag per region (region r at r - 1): touched by both open ends
        // of a number.
        let flags = regions as usize;
        self.stack[..flags].fill(0);
        for k in 0..self.paths {
            let [first, second] = self.ends[k as usize];
            let (a, b) = (self.head(first), self.head(second));
            if a == second {
                continue; // number k is joined
            }
            let mut met = (0..4).any(|side| self.open_sides(a) & (1 << side) != 0 && step(a, side) == b);
            for side in 0..4 {
                if self.open_sides(a) & (1 << side) == 0 {
                    continue;
                }
                let region = self.scratch[step(a, side) as usize];
                if region != 0 && self.touches_region(b, region) {
                    self.stack[region as usize - 1] = 1;
                    met = true;
                }
            }
            if !met {
                return Err(Contradiction);
            }
        }
        let served = self.stack[..flags].iter().all(|&flag| flag != 0);
        if served { Ok(()) } else { Err(Contradiction) }
    }

    /// Whether `cell` is an open end of a segment without a number (or a lone empty square).
    fn is_free_end(&self, cell: u8) -> bool {
        self.is_open_end(cell) && self.label(cell) == 0
    }

    /// Puts `cell` and the other end of its segment in `region` (as for [`Solver::link`]'s
    /// pushes, one call a square).
    fn mark_region(&mut self, cell: u8, region: u8) {
        self.mark_square(cell, region);
        self.mark_square(self.other[cell as usize], region);
    }

    fn mark_square(&mut self, square: u8, region: u8) {
        if self.scratch[square as usize] == UNNUMBERED {
            self.scratch[square as usize] = region;
            self.stack[self.stack_len as usize] = square;
            self.stack_len += 1;
        }
    }

    /// The open end of the numbered segment starting at the endpoint `end`.
    fn head(&self, end: u8) -> u8 {
        if self.links(end) == 0 { end } else { self.other[end as usize] }
    }

    fn touches_region(&self, cell: u8, region: u8) -> bool {
        let open = self.open_sides(cell);
        (0..4).any(|side| open & (1 << side) != 0 && self.scratch[step(cell, side) as usize] == region)
    }

    /// The trials of one kind until none fails, each side crossed when its trial fails, by
    /// the rule that failed it: a link on every open side of a numbered open end (`Near`,
    /// `Far`: the squares `other` names for the endpoints, so a turn visits two squares a
    /// number, not the board) or of every open end (`All`: the board's squares, each link
    /// from the square left of it or above it, as an open side joins two open ends). The
    /// visits go round in a cycle that stops once a whole turn has had no failure: that is
    /// the closure, without the full turn a restart from the first visit would add after
    /// each failure. With `changed_only` (a closure after a cut) only the trials whose box
    /// holds a change are tried (`scratch` marks them by the square left of or above the
    /// link), marks added as sides are decided: a shortcut, not the closure (a segment's
    /// number can change far from its decided side), so what it finishes is graded again.
    /// With `drawn`, the links of a solution known beforehand (the generator's drawing), no
    /// link of it is tried: such a trial cannot fail, since the state and every fact the
    /// easy rules add to it hold in that solution. The same closure for fewer trials (one
    /// side of every open end is the drawing's). Nor is a look-ahead trial made of a link
    /// marked `implied` (see [`Solver::far_link_stands`]). On the console the medium and
    /// look-ahead turns are `gb_numberlink_sweep_ends`'s (see [`sweep_ends_console`]), except
    /// while recording.
    fn sweep(&mut self, trials: Trials, changed_only: bool, drawn: Option<&[u8; CELL_SLOTS]>) -> Outcome {
        let n = self.n;
        let turn = if trials == Trials::All { n * n } else { 2 * self.paths };
        if trials == Trials::Far {
            self.implied = [0; IMPLIED_BYTES];
        }
        #[cfg(target_arch = "avr")]
        if trials != Trials::All && !self.recording {
            return sweep_ends_console(self, trials, turn, changed_only, drawn);
        }
        let (mut visit, mut cell, mut quiet) = (0u8, 0u8, 0u8);
        while quiet < turn {
            let mut failed = false;
            if trials == Trials::All {
                for side in Sides((1 << RIGHT | 1 << DOWN) & !drawn_links(drawn, cell)) {
                    failed |= self.try_link(cell, side, trials, changed_only)?;
                }
                cell = if cell & 15 != n - 1 {
                    cell + 1
                } else if cell >> 4 != n - 1 {
                    (cell & 0xF0) + 16
                } else {
                    0
                };
            } else {
                let end = self.other[self.ends[visit as usize >> 1][visit as usize & 1] as usize];
                for side in Sides(self.open_sides(end) & !drawn_links(drawn, end)) {
                    let (square, side) = if side == RIGHT || side == DOWN { (end, side) } else { (step(end, side), opposite(side)) };
                    if trials == Trials::Far && self.implied[square as usize >> 2] & implied_bit(square, side) != 0 {
                        continue;
                    }
                    failed |= self.try_link(square, side, trials, changed_only)?;
                }
                visit = if visit + 1 == turn { 0 } else { visit + 1 };
            }
            if failed && self.recording && self.first_link.is_some() {
                return Ok(());
            }
            quiet = if failed { 0 } else { quiet + 1 };
        }
        Ok(())
    }

    /// One trial of [`Solver::sweep`]: the link from `cell` on `side` (right or down), if that
    /// side is open and the sweep's conditions allow it; when the trial fails, the side is
    /// crossed and the easy rules follow. Whether it failed.
    fn try_link(&mut self, cell: u8, side: u8, trials: Trials, changed_only: bool) -> Result<bool, Contradiction> {
        if self.open_sides(cell) & (1 << side) == 0 || (changed_only && self.scratch[cell as usize] == 0) {
            return Ok(false);
        }
        let Some(rule) = self.failed_trial(cell, side, trials) else {
            return Ok(false);
        };
        self.cross_failed(cell, side, rule, trials, changed_only)?;
        Ok(true)
    }

    /// After a trial of the link from `cell` on `side` failed by `rule`: the side crossed, and
    /// the easy rules after it.
    fn cross_failed(&mut self, cell: u8, side: u8, rule: Rule, trials: Trials, changed_only: bool) -> Outcome {
        // A medium or hard trial's side is always a numbered open end's (the sweep visits
        // those alone); an `All` trial's may join two loose ends. (Read after the trial, which
        // left the state as it was: only a failed one needs them.)
        let far = step(cell, side);
        let numbered = if self.label(cell) != 0 { cell } else { far };
        let from_number = self.label(numbered) != 0;
        let rule = if rule == Rule::LookAhead && !from_number { Rule::LooseEnd } else { rule };
        // The rule stays in force for the rest of the closure: a later link may rest on this
        // cross (a hard cross, then a dead end that needed it, is a hard step, not a medium
        // one).
        self.rule = self.rule.max(rule);
        self.reason = numbered;
        // The state changes: what the look-ahead trials that stood implied no longer holds.
        if trials == Trials::Far {
            self.implied = [0; IMPLIED_BYTES];
        }
        let mark = self.trail_len;
        self.cross(cell, side, 0);
        self.propagate()?;
        if changed_only {
            self.mark_changes_since(mark);
        }
        Ok(())
    }

    /// Tries a link on the open side `side` of `cell`: under the easy rules in the box around
    /// it (`Near`) or anywhere, and for `All` then the region check; the rule that rules it
    /// out, if one does. The state is left as it was.
    fn failed_trial(&mut self, cell: u8, side: u8, trials: Trials) -> Option<Rule> {
        let recording = core::mem::replace(&mut self.recording, false);
        let failed = match trials {
            Trials::Near => (!self.link_stands_near(cell, side)).then_some(Rule::DeadEnd),
            Trials::Far => (!self.far_link_stands(cell, side)).then_some(Rule::LookAhead),
            Trials::All => {
                let mark = self.trail_len;
                let failed = if self.link(cell, side, 0).and_then(|()| self.propagate()).is_err() {
                    Some(Rule::LookAhead)
                } else {
                    self.regions_reachable().err().map(|_| Rule::CutOff)
                };
                self.clear_stack();
                self.undo_to(mark);
                failed
            }
        };
        self.recording = recording;
        failed
    }

    /// Whether the easy rules (inside `near`) stand a link on the open side `side` of `cell`;
    /// the state is left as it was. On the console `gb_numberlink_trial`
    /// (linker/numberlink.s): the medium and hard closures' trials, called by the hundred.
    fn link_stands(&mut self, cell: u8, side: u8) -> bool {
        #[cfg(target_arch = "avr")]
        return link_stands_console(self, cell, side, 0);
        #[cfg(not(target_arch = "avr"))]
        {
            let mark = self.trail_len;
            // A refused link pushes nothing, and propagate empties the stack either way.
            let stands = self.link(cell, side, 0).and_then(|()| self.propagate()).is_ok();
            self.undo_to(mark);
            stands
        }
    }

    /// [`Solver::link_stands`] for a look-ahead trial, which when the link stands also marks
    /// every link of its closure in `implied`: until the state changes, a trial of one of them
    /// stands too and need not be made. (Its closure is part of this one, as the easy rules
    /// only add facts, and every contradiction they meet in it they would meet here; nor is
    /// such a link refused, as what refuses a link - a decided side, a full square, a loop,
    /// two numbers - stays true once true.) At 7x7 a quarter of the look-ahead's trials, at
    /// 12x12 a sixth (host, 100 seeds). On the console `gb_numberlink_trial` marks them.
    fn far_link_stands(&mut self, cell: u8, side: u8) -> bool {
        #[cfg(target_arch = "avr")]
        return link_stands_console(self, cell, side, TRIAL_MARKS_IMPLIED);
        #[cfg(not(target_arch = "avr"))]
        {
            let mark = self.trail_len;
            let stands = self.link(cell, side, 0).and_then(|()| self.propagate()).is_ok();
            if stands {
                for i in mark..self.trail_len {
                    let [square, flags] = self.trail[i as usize];
                    if flags & LINK != 0 {
                        let side = flags & 3;
                        let (square, side) =
                            if side == RIGHT || side == DOWN { (square, side) } else { (step(square, side), opposite(side)) };
                        self.implied[square as usize >> 2] |= implied_bit(square, side);
                    }
                }
            }
            self.undo_to(mark);
            stands
        }
    }

    /// [`Solver::link_stands`] with the easy rules kept to the box around the link
    /// ([`box_around`]). On the console `gb_numberlink_trial` sets the box too (in the C of
    /// this function it was built as one 32-bit value, about 3k cycles a trial).
    fn link_stands_near(&mut self, cell: u8, side: u8) -> bool {
        #[cfg(target_arch = "avr")]
        return link_stands_console(self, cell, side, TRIAL_NEAR);
        #[cfg(not(target_arch = "avr"))]
        {
            self.near = box_around(cell, step(cell, side), self.n);
            let stands = self.link_stands(cell, side);
            self.near = ANYWHERE;
            stands
        }
    }

    /// Applies the deductions of `level` and below until none applies (`drawn` as for
    /// [`Solver::sweep`]).
    fn close(&mut self, level: Difficulty, drawn: Option<&[u8; CELL_SLOTS]>) -> Outcome {
        self.propagate()?;
        for (trials, at) in [(Trials::Near, Difficulty::Medium), (Trials::Far, Difficulty::Hard), (Trials::All, Difficulty::Hard)] {
            if level < at || (self.recording && self.first_link.is_some()) {
                break;
            }
            self.sweep(trials, false, drawn)?;
        }
        Ok(())
    }

    /// The lowest level up to `most` whose closure completes the givens loaded, or `None`
    /// (the solver then holds the closure at `most`).
    fn grade_loaded(&mut self, most: Difficulty, drawn: Option<&[u8; CELL_SLOTS]>) -> Option<Difficulty> {
        #[cfg(feature = "stats")]
        stats::count(&stats::GRADES);
        for level in Difficulty::ALL.into_iter().filter(|&level| level <= most) {
            self.close(level, drawn).ok()?;
            if self.is_complete() {
                return Some(level);
            }
        }
        None
    }

    /// The first link the rules up to `level` add to the current state, with the hardest rule
    /// used on the way to it; the state is left changed.
    fn first_deduced_link(&mut self, level: Difficulty) -> Option<FoundLink> {
        self.recording = true;
        self.first_link = None;
        self.rule = Rule::OnlyWay;
        let mut found = None;
        for at in Difficulty::ALL {
            if at > level {
                break;
            }
            self.rule = Rule::OnlyWay;
            if self.close(at, None).is_err() {
                break;
            }
            if self.first_link.is_some() {
                found = self.first_link;
                break;
            }
        }
        self.recording = false;
        found
    }

    /// Counts solutions of the current state up to `limit`. When it reaches `limit` the state
    /// is left on the last solution found.
    fn search(&mut self, limit: u8) -> u8 {
        let base = self.trail_len;
        let mut count = 0;
        loop {
            let consistent = self.propagate().is_ok() && self.regions_reachable().is_ok();
            if consistent {
                match self.branch_side() {
                    None => {
                        if self.is_complete() {
                            count += 1;
                            if count >= limit {
                                return count;
                            }
                        }
                    }
                    Some((cell, side)) => {
                        if self.link(cell, side, GUESS).is_ok() {
                            continue;
                        }
                        self.clear_stack();
                    }
                }
            }
            // Back to the latest guess still to be turned into its cross.
            loop {
                if self.trail_len == base {
                    return count;
                }
                let [cell, flags] = self.trail[self.trail_len as usize - 1];
                self.undo_to(self.trail_len - 1);
                if flags & GUESS != 0 {
                    self.cross(cell, flags & 3, 0);
                    break;
                }
            }
        }
    }

    /// An open side of the numbered open end with the fewest, or `None` when no number has
    /// an open end.
    fn branch_side(&self) -> Option<(u8, u8)> {
        let mut best: Option<(u8, u8)> = None;
        let mut fewest = 5;
        for cell in self.board_cells() {
            if self.is_open_end(cell) && self.label(cell) != 0 {
                let open = self.open_sides(cell);
                let count = link_count(open);
                if count < fewest && open != 0 {
                    fewest = count;
                    best = Some((cell, open.trailing_zeros() as u8));
                }
            }
        }
        best
    }
}

/// [`Solver::propagate`] on the console, from the solver's bank: gbrom puts linker/numberlink.s
/// in bank 10, so the routine is called from that bank's entry alone, wherever its callers were
/// copied to.
#[cfg(target_arch = "avr")]
#[cfg_attr(feature = "banks", unsafe(link_section = ".bank10"), inline(never))]
fn propagate_console(solver: &mut Solver) -> Outcome {
    unsafe extern "C" {
        fn gb_numberlink_propagate(solver: *mut Solver) -> u8;
    }
    // SAFETY: the routine reads and writes `solver` (repr(C), offsets checked above) and
    // nothing else; it leaves `recording` and `first_link` alone, and is not called while
    // recording.
    if unsafe { gb_numberlink_propagate(solver) } == 0 { Ok(()) } else { Err(Contradiction) }
}

/// [`Solver::link_stands`] on the console, from the solver's bank.
#[cfg(target_arch = "avr")]
#[cfg_attr(feature = "banks", unsafe(link_section = ".bank10"), inline(never))]
fn link_stands_console(solver: &mut Solver, cell: u8, side: u8, mode: u8) -> bool {
    unsafe extern "C" {
        fn gb_numberlink_trial(solver: *mut Solver, square_and_side: u16) -> u8;
    }
    let side = side | mode;
    // SAFETY: as for `gb_numberlink_propagate`, which the routine calls between its link and
    // the undo (not while recording: `failed_trial` turns it off); with TRIAL_NEAR it also
    // writes `near`, as the Rust does, and with TRIAL_MARKS_IMPLIED `implied`.
    unsafe { gb_numberlink_trial(solver, u16::from(side) << 8 | u16::from(cell)) == 0 }
}

/// [`Solver::sweep`]'s medium and look-ahead turns on the console, from the solver's bank:
/// `gb_numberlink_sweep_ends` (linker/numberlink.s) visits the numbered open ends and makes the
/// trials, as the Rust does, up to each one that fails, which the Rust then crosses
/// ([`Solver::cross_failed`]) before the routine goes on.
#[cfg(target_arch = "avr")]
#[cfg_attr(feature = "banks", unsafe(link_section = ".bank10"), inline(never))]
fn sweep_ends_console(solver: &mut Solver, trials: Trials, turn: u8, changed_only: bool, drawn: Option<&[u8; CELL_SLOTS]>) -> Outcome {
    unsafe extern "C" {
        fn gb_numberlink_sweep_ends(solver: *mut Solver) -> u8;
    }
    let (mode, rule) = if trials == Trials::Near { (TRIAL_NEAR, Rule::DeadEnd) } else { (TRIAL_MARKS_IMPLIED, Rule::LookAhead) };
    solver.sweep_ends = SweepEnds {
        turn,
        mode,
        changed_only: u8::from(changed_only),
        drawn: drawn.map_or(0, |links| links.as_ptr() as usize as u16),
        ..SweepEnds::new()
    };
    // SAFETY: the routine reads `solver` and `drawn` (a board of links, when not null) and
    // writes `sweep_ends`, and through gb_numberlink_trial what that writes; not while
    // recording (as propagate).
    while unsafe { gb_numberlink_sweep_ends(solver) } != 0 {
        let (square, side) = (solver.sweep_ends.square, solver.sweep_ends.side);
        solver.cross_failed(square, side, rule, trials, changed_only)?;
    }
    Ok(())
}

/// Where the console's sweep of numbered ends stands between calls of
/// `gb_numberlink_sweep_ends` (its SW_ offsets): the turn's visit and count of quiet visits, the
/// visit under way (its end, the sides left to try, whether one failed), the trials' mode, and
/// the trial that failed. In the gap after `sides`, where the routine finds it from the solver.
#[cfg(target_arch = "avr")]
#[repr(C)]
struct SweepEnds {
    visit: u8,
    quiet: u8,
    turn: u8,
    in_visit: u8,
    failed: u8,
    end: u8,
    pending: u8,
    mode: u8,
    changed_only: u8,
    square: u8,
    side: u8,
    /// The drawn solution's address, 0 for none.
    drawn: u16,
}

#[cfg(target_arch = "avr")]
impl SweepEnds {
    const fn new() -> SweepEnds {
        SweepEnds {
            visit: 0,
            quiet: 0,
            turn: 0,
            in_visit: 0,
            failed: 0,
            end: 0,
            pending: 0,
            mode: 0,
            changed_only: 0,
            square: 0,
            side: 0,
            drawn: 0,
        }
    }
}

#[cfg(target_arch = "avr")]
const SWEEP_ENDS_BYTES: usize = core::mem::size_of::<SweepEnds>();
#[cfg(not(target_arch = "avr"))]
const SWEEP_ENDS_BYTES: usize = 0;

/// `gb_numberlink_trial`'s modes, with the side: the easy rules in the box around the link
/// ([`Solver::link_stands_near`]), or anywhere with the closure's links marked
/// ([`Solver::far_link_stands`]).
#[cfg(target_arch = "avr")]
const TRIAL_NEAR: u8 = 0x80;
#[cfg(target_arch = "avr")]
const TRIAL_MARKS_IMPLIED: u8 = 0x40;

/// [`Solver::is_complete`] on the console, from the solver's bank.
#[cfg(target_arch = "avr")]
#[cfg_attr(feature = "banks", unsafe(link_section = ".bank10"), inline(never))]
fn is_complete_console(solver: &Solver) -> bool {
    unsafe extern "C" {
        fn gb_numberlink_is_complete(solver: *const Solver) -> u8;
    }
    // SAFETY: the routine reads `solver`'s `given` and `sides`, nothing else.
    unsafe { gb_numberlink_is_complete(solver) != 0 }
}

/// [`Solver::mark_near`] on the console, from the solver's bank.
#[cfg(target_arch = "avr")]
#[cfg_attr(feature = "banks", unsafe(link_section = ".bank10"), inline(never))]
fn mark_near_console(solver: &mut Solver, a: u8, b: u8) {
    unsafe extern "C" {
        fn gb_numberlink_mark_near(solver: *mut Solver, squares: u16);
    }
    // SAFETY: the routine reads `solver`'s `n` and writes its `scratch`, nothing else.
    unsafe { gb_numberlink_mark_near(solver, u16::from(b) << 8 | u16::from(a)) }
}

/// [`Solver::empty_board`] on the console, from the solver's bank.
#[cfg(target_arch = "avr")]
#[cfg_attr(feature = "banks", unsafe(link_section = ".bank10"), inline(never))]
fn empty_board_console(solver: &mut Solver) {
    unsafe extern "C" {
        fn gb_numberlink_empty_board(solver: *mut Solver);
    }
    // SAFETY: the routine writes the board's squares of `solver`'s `given` and `other`, nothing
    // else.
    unsafe { gb_numberlink_empty_board(solver) }
}

/// [`Solver::open_board`] on the console, from the solver's bank.
#[cfg(target_arch = "avr")]
#[cfg_attr(feature = "banks", unsafe(link_section = ".bank10"), inline(never))]
fn open_board_console(solver: &mut Solver) {
    unsafe extern "C" {
        fn gb_numberlink_open_board(solver: *mut Solver);
    }
    // SAFETY: the routine writes `solver`'s `sides`, the QUEUED bits of `given` and the work
    // stack, nothing else.
    unsafe { gb_numberlink_open_board(solver) }
}

/// [`Solver::undo_to`] on the console, from the solver's bank.
#[cfg(target_arch = "avr")]
#[cfg_attr(feature = "banks", unsafe(link_section = ".bank10"), inline(never))]
fn undo_to_console(solver: &mut Solver, len: u16) {
    unsafe extern "C" {
        fn gb_numberlink_undo_to(solver: *mut Solver, len: u16);
    }
    // SAFETY: the routine reads `solver`'s trail and writes its `sides`, `other` and
    // `trail_len`, nothing else.
    unsafe { gb_numberlink_undo_to(solver, len) }
}

/// The solver's entry points. The game ROM keeps Numberlink in ROM bank 10
/// (docs/ARCHITECTURE.md, "ROM banks"): calls from outside come in here, through the
/// bank-switching trampoline; the solver's own code calls the functions behind them directly.
impl Solver {
    /// Counts the solutions of `givens` up to `limit`; when the count is `limit`, the solver
    /// holds the last solution found ([`Solver::links`]).
    #[cfg_attr(all(target_arch = "avr", feature = "banks"), unsafe(link_section = ".bank10"), inline(never))]
    pub fn count_solutions(&mut self, givens: &Givens, limit: u8) -> u8 {
        self.load(givens);
        self.search(limit)
    }

    /// Goes on from the medium closure with the look-ahead trials (the hard rules without the
    /// loose ends and the region check, which a generated puzzle never needs: the generator
    /// keeps only what these finish): whether that solves the puzzle.
    pub(super) fn finish_look_ahead(&mut self, drawn: &[u8; CELL_SLOTS]) -> bool {
        self.sweep(Trials::Far, false, Some(drawn)).is_ok() && self.is_complete()
    }

    /// After the generator cut a drawn path at a side this closure left open (`givens` are
    /// the cut puzzle's): goes on from the closure to the cut puzzle's closure at `level` (the
    /// look-ahead's for hard, as [`Solver::finish_look_ahead`]); whether it is complete.
    ///
    /// Every fact of the closure holds in every solution of the cut puzzle: such a solution
    /// with the cut side linked again is one of the uncut puzzle (the two new endpoints are
    /// neighbours), and the closure decided nothing about that side. So the facts can stay,
    /// and only the squares whose number changed are checked again; but the result may know
    /// more than the cut puzzle's own closure (a trial kept to a box may have needed the old
    /// path through the cut), so a complete result is only a candidate, to be graded from
    /// the givens.
    pub(super) fn close_after_cut(&mut self, givens: &Givens, level: Difficulty, drawn: &[u8; CELL_SLOTS]) -> bool {
        self.paths = givens.paths;
        self.ends = givens.ends;
        self.scratch = [0; CELL_SLOTS];
        let mark = self.trail_len;
        for (k, pair) in givens.ends[..givens.paths as usize].iter().enumerate() {
            for end in *pair {
                if self.given[end as usize] != k as u8 + 1 {
                    self.given[end as usize] = k as u8 + 1;
                    self.push(end);
                    self.push(self.other[end as usize]);
                    self.mark_near(end, end);
                    let far_end = self.other[end as usize];
                    self.mark_near(far_end, far_end);
                }
            }
        }
        if self.propagate().is_err() {
            return false;
        }
        self.mark_changes_since(mark);
        if level >= Difficulty::Medium && self.sweep(Trials::Near, true, Some(drawn)).is_err() {
            return false;
        }
        if level == Difficulty::Hard && self.sweep(Trials::Far, true, Some(drawn)).is_err() {
            return false;
        }
        self.is_complete()
    }

    /// Marks in `scratch` the squares whose trials' boxes hold a side decided since trail
    /// entry `mark` (see [`Solver::mark_near`]).
    fn mark_changes_since(&mut self, mark: u16) {
        for i in mark..self.trail_len {
            let [cell, flags] = self.trail[i as usize];
            self.mark_near(cell, step(cell, flags & 3));
        }
    }

    /// Marks in `scratch` the squares whose trials (right or down) have `a` or its neighbour
    /// `b` (or `b` = `a`) in their box: from two rows above to one below, and two columns
    /// left to one right. (The rules in a box also read the squares around it: marking those
    /// trials too, three rows above to two below, made 19% more trials at 12x12 for the same
    /// drawings, host, 40 seeds; one row and column less made 15% fewer and 10% more drawings.)
    fn mark_near(&mut self, a: u8, b: u8) {
        #[cfg(target_arch = "avr")]
        return mark_near_console(self, a, b);
        #[cfg(not(target_arch = "avr"))]
        {
            let n = self.n;
            let (top, bottom) = ((a.min(b) >> 4).saturating_sub(2), ((a.max(b) >> 4) + 1).min(n - 1));
            let (left, right) = (((a & 15).min(b & 15)).saturating_sub(2), ((a & 15).max(b & 15) + 1).min(n - 1));
            for r in top..=bottom {
                self.scratch[cell_at(r, left) as usize..=cell_at(r, right) as usize].fill(1);
            }
        }
    }

    /// The lowest level whose deductions solve `givens`, or `None`; the solver is left on the
    /// closure of the level tried last.
    #[cfg_attr(all(target_arch = "avr", feature = "banks"), unsafe(link_section = ".bank10"), inline(never))]
    pub fn grade(&mut self, givens: &Givens) -> Option<Difficulty> {
        self.grade_up_to(givens, Difficulty::Hard, None)
    }

    /// [`Solver::grade`] stopped after `most`: `None` when the rules up to `most` do not solve
    /// `givens`, and the solver holds their closure.
    pub(super) fn grade_up_to(&mut self, givens: &Givens, most: Difficulty, drawn: Option<&[u8; CELL_SLOTS]>) -> Option<Difficulty> {
        self.load(givens);
        self.grade_loaded(most, drawn)
    }

    /// After [`Solver::load`] and the player's links ([`Solver::add_link`]): the first link the
    /// rules up to `level` find, or `None` when they find none or the links contradict.
    #[cfg_attr(all(target_arch = "avr", feature = "banks"), unsafe(link_section = ".bank10"), inline(never))]
    pub fn next_link(&mut self, level: Difficulty) -> Option<FoundLink> {
        self.first_deduced_link(level)
    }

    /// After [`Solver::load`] and the player's links: the squares the region check finds no
    /// number can reach any more (`out`), without deductions. Squares in a region that
    /// touches no number's two open ends.
    #[cfg_attr(all(target_arch = "avr", feature = "banks"), unsafe(link_section = ".bank10"), inline(never))]
    pub fn unreachable(&mut self, out: &mut super::grid::Cells) {
        self.clear_stack();
        if self.regions_reachable().is_ok() {
            return;
        }
        // The check stops at its first failure: mark the regions one by one instead.
        for cell in self.board_cells() {
            if self.is_free_end(cell) && !self.region_served(cell) {
                out.insert(cell);
            }
        }
    }

    /// Whether the region of the free end `cell` (as numbered by the last region check)
    /// touches both open ends of some number.
    fn region_served(&self, cell: u8) -> bool {
        let region = self.scratch[cell as usize];
        (0..self.paths).any(|k| {
            let [first, second] = self.ends[k as usize];
            let (a, b) = (self.head(first), self.head(second));
            a != second && self.touches_region(a, region) && self.touches_region(b, region)
        })
    }
}

/// The links of `cell` in the solution `drawn`, if one is known.
fn drawn_links(drawn: Option<&[u8; CELL_SLOTS]>, cell: u8) -> u8 {
    drawn.map_or(0, |links| links[cell as usize])
}

/// The bit of [`Solver::implied`]'s byte `square >> 2` for its right or down side.
fn implied_bit(square: u8, side: u8) -> u8 {
    1 << ((square & 3) << 1 | side >> 1)
}

/// The box of squares within one step (diagonals too) of `a` or `b`, two neighbours, cut to
/// the `n` x `n` board, as [`Solver`]'s `near`.
#[cfg(not(target_arch = "avr"))]
fn box_around(a: u8, b: u8, n: u8) -> [u8; 4] {
    let (top, bottom) = (a.min(b) & 0xF0, a.max(b) & 0xF0);
    let (left, right) = ((a & 15).min(b & 15), (a & 15).max(b & 15));
    [top.saturating_sub(16), (bottom + 16).min((n - 1) << 4), left.saturating_sub(1), (right + 1).min(n - 1)]
}


//! Sudoku solved the way a person does: candidates per cell and named techniques, easiest
//! first. Grading, generation and hints all run this one solver.
//!
//! The levels (see [`Technique::level`]):
//! - Easy: hidden and naked singles alone.
//! - Medium: also locked candidates (pointing, claiming) and naked and hidden pairs.
//! - Hard: also X-wings, naked triples, swordfish, hidden triples and XY-wings.
//!
//! Every technique only removes candidates that no solution has (or places a digit no other
//! digit can take), so the candidates left after applying those of a level until none applies
//! do not depend on the order: a level either finishes a puzzle or it does not, and a puzzle a
//! level finishes has one solution. That makes grading exact: a puzzle's level is the lowest
//! whose techniques finish it.
//!
//! State: the digits placed in each unit, the candidates each cell has lost to techniques, and
//! the placed digits: 298 bytes.

use super::grid::{ALL_DIGITS, BIT, BOX, CELLS, COL, Cells, ROW, UNIT_CELLS, UNITS, count, lowest, sees, units_of};
use crate::puzzles::level::Difficulty;

/// The named techniques, easiest first: the order a hint looks for them in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Technique {
    /// A digit has one place left in a row, column or box.
    HiddenSingle,
    /// A cell has one candidate left.
    NakedSingle,
    /// A digit's places in a box all lie in one row or column: the rest of that line loses it.
    Pointing,
    /// A digit's places in a row or column all lie in one box: the rest of the box loses it.
    Claiming,
    /// Two cells of a unit with the same two candidates: the unit's other cells lose them.
    NakedPair,
    /// Two digits with the same two places in a unit: those cells lose their other candidates.
    HiddenPair,
    /// A digit with two places in each of two rows, in the same two columns (or the same with
    /// rows and columns swapped): those columns lose it elsewhere.
    XWing,
    /// Three cells of a unit with three candidates between them.
    NakedTriple,
    /// The X-wing's three-line form.
    Swordfish,
    /// Three digits with three places between them in a unit.
    HiddenTriple,
    /// A cell with candidates {a, b} seeing cells with {a, c} and {b, c}: one of those two is
    /// c, so a cell that sees both is not.
    XYWing,
}

impl Technique {
    pub const ALL: [Technique; 11] = [
        Technique::HiddenSingle,
        Technique::NakedSingle,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::HiddenPair,
        Technique::XWing,
        Technique::NakedTriple,
        Technique::Swordfish,
        Technique::HiddenTriple,
        Technique::XYWing,
    ];

    /// The lowest level that uses the technique.
    pub fn level(self) -> Difficulty {
        match self {
            Technique::HiddenSingle | Technique::NakedSingle => Difficulty::Easy,
            Technique::Pointing | Technique::Claiming | Technique::NakedPair | Technique::HiddenPair => {
                Difficulty::Medium
            }
            _ => Difficulty::Hard,
        }
    }

    /// The technique's name for hints and the CLI.
    pub fn name(self) -> &'static str {
        match self {
            Technique::HiddenSingle => "hidden single",
            Technique::NakedSingle => "naked single",
            Technique::Pointing => "pointing",
            Technique::Claiming => "claiming",
            Technique::NakedPair => "naked pair",
            Technique::HiddenPair => "hidden pair",
            Technique::XWing => "x-wing",
            Technique::NakedTriple => "naked triple",
            Technique::Swordfish => "swordfish",
            Technique::HiddenTriple => "hidden triple",
            Technique::XYWing => "xy-wing",
        }
    }
}

/// One step: `technique`, read from the `reasons` cells, either places `digit` in the one cell
/// of `targets` (the singles) or removes the candidates `removed` from every cell of `targets`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Deduction {
    pub technique: Technique,
    pub reasons: Cells,
    pub targets: Cells,
    /// The digit a single places (1..=9); 0 for an elimination.
    pub digit: u8,
    /// The candidate bits an elimination removes from its targets (bit d for digit d + 1).
    pub removed: u16,
}

/// Candidates and placed digits: the human solver's state. `repr(C)`: linker/sudoku.s's
/// `gb_sudoku_singles` reads and writes it on the console (used at 0, excluded at 54, digits
/// at 216, open at 297).
#[derive(Clone)]
#[repr(C)]
pub struct Logic {
    /// The digits placed in each unit: an open cell's candidates are the digits its three
    /// units lack, less `excluded`. Placing a digit is three ORs, not twenty updates of
    /// neighbours: most of what grading does on the console.
    used: [u16; UNITS],
    /// The candidates each open cell has lost to techniques or to the player's pencil marks.
    excluded: [u16; CELLS],
    /// Placed digits 1..=9, 0 for an open cell.
    digits: [u8; CELLS],
    /// Open cells left.
    open: u8,
}

impl Default for Logic {
    fn default() -> Self {
        Self::new()
    }
}

impl Logic {
    pub const fn new() -> Logic {
        Logic { used: [0; UNITS], excluded: [0; CELLS], digits: [0; CELLS], open: CELLS as u8 }
    }

    /// The cell's candidates; a placed cell has its digit's bit alone.
    #[inline(always)]
    pub fn candidates(&self, cell: u8) -> u16 {
        let c = cell as usize;
        match self.digits[c] {
            0 => !(self.used[ROW[c] as usize] | self.used[9 + COL[c] as usize] | self.used[18 + BOX[c] as usize] | self.excluded[c]) & ALL_DIGITS,
            digit => BIT[digit as usize - 1],
        }
    }

    /// Whether `cell` has its digit.
    pub fn is_placed(&self, cell: u8) -> bool {
        self.digits[cell as usize] != 0
    }

    /// Whether every cell has its digit.
    pub fn is_complete(&self) -> bool {
        self.open == 0
    }

    /// Takes on a grid of digits (0 for open): every open cell starts with the digits its row,
    /// column and box leave. False when two digits clash. On the console the same steps are
    /// `gb_sudoku_set_digits` (linker/sudoku.s), about 3x fewer cycles.
    pub fn set_digits(&mut self, digits: &[u8; CELLS]) -> bool {
        #[cfg(target_arch = "avr")]
        {
            set_digits_console(self, digits)
        }
        #[cfg(not(target_arch = "avr"))]
        {
            self.used = [0; UNITS];
            self.excluded = [0; CELLS];
            self.digits = [0; CELLS];
            self.open = CELLS as u8;
            for cell in 0..CELLS as u8 {
                let digit = digits[cell as usize];
                if digit != 0 {
                    if self.candidates(cell) & BIT[digit as usize - 1] == 0 {
                        return false;
                    }
                    self.place(cell, digit);
                }
            }
            true
        }
    }

    /// Keeps only the candidates `allowed` in an open cell (the player's pencil marks).
    pub fn restrict(&mut self, cell: u8, allowed: u16) {
        if self.digits[cell as usize] == 0 {
            self.excluded[cell as usize] |= !allowed & ALL_DIGITS;
        }
    }

    /// Whether a single puts `digit` in open `cell` now: it is the cell's one candidate, or
    /// the cell is the digit's one place in its row, column or box.
    pub fn single_fills(&self, cell: u8, digit: u8) -> bool {
        let c = cell as usize;
        let bits = self.candidates(cell);
        let bit = BIT[digit as usize - 1];
        self.digits[c] == 0
            && bits & bit != 0
            && (count(bits) == 1
                || self.only_place(ROW[c], cell, bit)
                || self.only_place(9 + COL[c], cell, bit)
                || self.only_place(18 + BOX[c], cell, bit))
    }

    /// Whether no open cell of `unit` but `cell` has candidate `bit`.
    fn only_place(&self, unit: u8, cell: u8, bit: u16) -> bool {
        UNIT_CELLS[unit as usize]
            .iter()
            .all(|&other| other == cell || self.digits[other as usize] != 0 || self.candidates(other) & bit == 0)
    }

    /// Puts `digit` in `cell`: the cells it sees lose it as a candidate.
    pub(super) fn place(&mut self, cell: u8, digit: u8) {
        let c = cell as usize;
        let bit = BIT[digit as usize - 1];
        self.digits[c] = digit;
        self.open -= 1;
        self.used[ROW[c] as usize] |= bit;
        self.used[9 + COL[c] as usize] |= bit;
        self.used[18 + BOX[c] as usize] |= bit;
    }

    /// Takes back the digit of `cell` placed by [`Logic::place`] when no technique has run since
    /// (nothing else was drawn from it): its units no longer hold it.
    pub(super) fn unplace(&mut self, cell: u8) {
        let c = cell as usize;
        let keep = !BIT[self.digits[c] as usize - 1];
        self.digits[c] = 0;
        self.open += 1;
        self.used[ROW[c] as usize] &= keep;
        self.used[9 + COL[c] as usize] &= keep;
        self.used[18 + BOX[c] as usize] &= keep;
    }

    pub fn apply(&mut self, deduction: &Deduction) {
        if deduction.digit != 0 {
            if let Some(cell) = deduction.targets.iter().next() {
                self.place(cell, deduction.digit);
            }
        } else {
            for cell in deduction.targets.iter() {
                self.excluded[cell as usize] |= deduction.removed;
            }
        }
    }

    /// Applies the techniques of `level` and below, easiest first, until none applies; true
    /// when that fills the grid.
    pub fn solve(&mut self, level: Difficulty) -> bool {
        let mut seen = [0u16; CELLS];
        loop {
            self.singles(&mut seen);
            if self.is_complete() || level == Difficulty::Easy {
                return self.is_complete();
            }
            match Technique::ALL[2..].iter().copied().take_while(|t| t.level() <= level).find_map(|t| self.find_technique(t)) {
                Some(deduction) => self.apply(&deduction),
                None => return false,
            }
        }
    }

    /// Places singles until none is left. Which singles a pass finds first changes nothing:
    /// every one placed is a digit each solution has there, so the grid they reach is the same.
    fn singles(&mut self, seen: &mut [u16; CELLS]) {
        while self.singles_pass(seen) {}
    }

    /// Whether singles put digits in `cell` and `partner`, passing until they do (then
    /// stopping: whatever the passes left would place follows once they are placed, for a
    /// caller that knows the digits there lead on) or until a pass places nothing.
    pub fn singles_reach(&mut self, cell: u8, partner: u8) -> bool {
        let mut seen = [0u16; CELLS];
        loop {
            if self.is_placed(cell) && self.is_placed(partner) {
                return true;
            }
            if !self.singles_pass(&mut seen) {
                return false;
            }
        }
    }

    /// One pass of singles; true when it placed a digit. Every single found in a pass is
    /// placed at once (each checked against the state as it is then, so it stays sound): far
    /// fewer scans than one single a pass.
    #[cfg(not(target_arch = "avr"))]
    fn singles_pass(&mut self, seen: &mut [u16; CELLS]) -> bool {
        self.snapshot(seen);
        let mut placed = false;
        for unit in HIDDEN_SINGLE_ORDER {
            if let Some((cell, digit)) = self.hidden_single_in(seen, unit) {
                self.place(cell, digit);
                placed = true;
            }
        }
        for cell in 0..CELLS as u8 {
            if let Some(digit) = self.naked_single_at(seen, cell) {
                self.place(cell, digit);
                placed = true;
            }
        }
        placed
    }

    /// The same on the console: `gb_sudoku_singles` (linker/sudoku.s), which keeps each
    /// unit's digits seen once and twice in `scratch` (108 of its bytes) and checks every
    /// single it places against the candidates as they are then. Same grid as above; the
    /// engine bench compares every console puzzle with the host's.
    #[cfg(target_arch = "avr")]
    fn singles_pass(&mut self, scratch: &mut [u16; CELLS]) -> bool {
        singles_console(self, scratch)
    }

    /// The lowest level that finishes the digits taken on by [`Logic::set_digits`], or `None`
    /// when Hard does not. Each level carries on from where the one below got stuck.
    pub fn grade(&mut self) -> Option<Difficulty> {
        Difficulty::ALL.into_iter().find(|&level| self.solve(level))
    }

    /// The easiest deduction of `level` or below that changes something now.
    pub fn find(&self, level: Difficulty) -> Option<Deduction> {
        Technique::ALL.into_iter().take_while(|t| t.level() <= level).find_map(|t| self.find_technique(t))
    }

    fn find_technique(&self, technique: Technique) -> Option<Deduction> {
        match technique {
            Technique::HiddenSingle => self.hidden_single(),
            Technique::NakedSingle => self.naked_single(),
            Technique::Pointing => self.pointing(),
            Technique::Claiming => self.claiming(),
            Technique::NakedPair => self.naked_subset(2),
            Technique::HiddenPair => self.hidden_subset(2),
            Technique::XWing => self.fish(2),
            Technique::NakedTriple => self.naked_subset(3),
            Technique::Swordfish => self.fish(3),
            Technique::HiddenTriple => self.hidden_subset(3),
            Technique::XYWing => self.xy_wing(),
        }
    }

    /// For unit `unit`: each digit's places (slot bits) among its open cells, and the digits
    /// placed in it.
    fn places(&self, unit: u8) -> ([u16; 9], u16) {
        let mut places = [0u16; 9];
        let mut placed = 0u16;
        // Running bits rather than shifts by a variable: those are loops on the SM83.
        let mut slot_bit = 1u16;
        for &cell in &UNIT_CELLS[unit as usize] {
            let bits = self.candidates(cell);
            if self.digits[cell as usize] != 0 {
                placed |= bits;
            } else {
                let mut digit_bit = 1u16;
                for place in places.iter_mut() {
                    if bits & digit_bit != 0 {
                        *place |= slot_bit;
                    }
                    digit_bit <<= 1;
                }
            }
            slot_bit <<= 1;
        }
        (places, placed)
    }

    /// Every cell's candidates now, for a pass of singles: computed once a pass rather than
    /// once a look.
    fn snapshot(&self, seen: &mut [u16; CELLS]) {
        for (cell, bits) in seen.iter_mut().enumerate() {
            *bits = self.candidates(cell as u8);
        }
    }

    /// The first hidden single of `unit`: (cell, digit). `seen` may be older than the digits
    /// placed since: candidates only shrink, so a digit with one place in `seen` among cells
    /// still open, and not placed in the unit, has at most that place now; it is checked there.
    fn hidden_single_in(&self, seen: &[u16; CELLS], unit: u8) -> Option<(u8, u8)> {
        // Digits seen in one open cell and in more than one.
        let (mut once, mut twice) = (0u16, 0u16);
        for &cell in &UNIT_CELLS[unit as usize] {
            if self.digits[cell as usize] == 0 {
                let bits = seen[cell as usize];
                twice |= once & bits;
                once |= bits;
            }
        }
        let lone = once & !twice & !self.used[unit as usize];
        if lone == 0 {
            return None;
        }
        let digit = lowest(lone) + 1;
        let bit = BIT[digit as usize - 1];
        let cell = UNIT_CELLS[unit as usize]
            .iter()
            .copied()
            .find(|&cell| self.digits[cell as usize] == 0 && seen[cell as usize] & bit != 0)?;
        (self.candidates(cell) & bit != 0).then_some((cell, digit))
    }

    /// The digit of `cell` when it is open with one candidate left (`seen` as above).
    fn naked_single_at(&self, seen: &[u16; CELLS], cell: u8) -> Option<u8> {
        // `count` by table: LLVM turns `bits & (bits - 1) == 0` into a population count, a
        // library loop on the SM83.
        let bits = seen[cell as usize];
        if self.digits[cell as usize] != 0 || count(bits) != 1 || self.candidates(cell) != bits {
            return None;
        }
        Some(lowest(bits) + 1)
    }

    fn hidden_single(&self) -> Option<Deduction> {
        let mut seen = [0u16; CELLS];
        self.snapshot(&mut seen);
        HIDDEN_SINGLE_ORDER.into_iter().find_map(|unit| {
            let (cell, digit) = self.hidden_single_in(&seen, unit)?;
            Some(single(Technique::HiddenSingle, unit_cells(unit, ALL_SLOTS), cell, digit))
        })
    }

    fn naked_single(&self) -> Option<Deduction> {
        let mut seen = [0u16; CELLS];
        self.snapshot(&mut seen);
        (0..CELLS as u8).find(|&cell| self.naked_single_at(&seen, cell).is_some()).map(
            |cell| {
                let mut reasons = Cells::EMPTY;
                for unit in units_of(cell) {
                    for &other in &UNIT_CELLS[unit as usize] {
                        if self.digits[other as usize] != 0 {
                            reasons.insert(other);
                        }
                    }
                }
                single(Technique::NakedSingle, reasons, cell, lowest(self.candidates(cell)) + 1)
            },
        )
    }

    /// The cells of `unit` outside the cells `inside` (a set of cells) with candidate `bit`.
    fn cells_with(&self, unit: u8, bit: u16, outside: &Cells) -> Cells {
        let mut found = Cells::EMPTY;
        for &cell in &UNIT_CELLS[unit as usize] {
            if self.digits[cell as usize] == 0 && self.candidates(cell) & bit != 0 && !outside.contains(cell) {
                found.insert(cell);
            }
        }
        found
    }

    /// A digit confined to the intersection of `from` (where it is confined) and another unit:
    /// that other unit's cells outside the intersection lose it.
    fn locked(&self, technique: Technique, from: core::ops::Range<u8>) -> Option<Deduction> {
        for unit in from {
            let (places, _) = self.places(unit);
            for digit in 0..9u8 {
                let at = places[digit as usize];
                if count(at) < 2 {
                    continue;
                }
                // The other unit all the places share, from their slots alone (the places
                // are few, their cells many): a row or column of the box for a box, the box
                // for a line. Slots in a box run along its rows.
                let in_triple = at & !0x007 == 0 || at & !0x038 == 0 || at & !0x1C0 == 0;
                let first = UNIT_CELLS[unit as usize][lowest(at) as usize] as usize;
                let other = if unit < 18 {
                    if !in_triple {
                        continue;
                    }
                    18 + BOX[first]
                } else if in_triple {
                    ROW[first]
                } else if at & !0x049 == 0 || at & !0x092 == 0 || at & !0x124 == 0 {
                    9 + COL[first]
                } else {
                    continue;
                };
                let reasons = unit_cells(unit, at);
                let bit = BIT[digit as usize];
                let targets = self.cells_with(other, bit, &reasons);
                if !targets.is_empty() {
                    return Some(eliminate(technique, reasons, targets, bit));
                }
            }
        }
        None
    }

    fn pointing(&self) -> Option<Deduction> {
        self.locked(Technique::Pointing, 18..27)
    }

    fn claiming(&self) -> Option<Deduction> {
        self.locked(Technique::Claiming, 0..18)
    }

    /// `size` open cells of a unit with `size` candidates between them: the unit's other cells
    /// lose those candidates.
    fn naked_subset(&self, size: u8) -> Option<Deduction> {
        let technique = if size == 2 { Technique::NakedPair } else { Technique::NakedTriple };
        for unit in 0..UNITS as u8 {
            let cells = &UNIT_CELLS[unit as usize];
            let mut sets = [0u16; 9];
            let mut eligible = 0u16;
            let mut open = 0u16;
            for (slot, &cell) in cells.iter().enumerate() {
                if self.digits[cell as usize] == 0 {
                    open |= BIT[slot as usize];
                    sets[slot] = self.candidates(cell);
                    if (2..=size).contains(&count(sets[slot])) {
                        eligible |= BIT[slot as usize];
                    }
                }
            }
            let found = find_subset(&sets, eligible, size, |slots, digits| {
                (open & !slots).iter_bits().any(|slot| sets[slot as usize] & digits != 0)
            });
            if let Some((slots, digits)) = found {
                let targets = unit_cells(unit, open & !slots);
                let targets = self.losing(targets, digits);
                return Some(eliminate(technique, unit_cells(unit, slots), targets, digits));
            }
        }
        None
    }

    /// `size` digits with `size` places between them in a unit: those cells lose their other
    /// candidates.
    fn hidden_subset(&self, size: u8) -> Option<Deduction> {
        let technique = if size == 2 { Technique::HiddenPair } else { Technique::HiddenTriple };
        for unit in 0..UNITS as u8 {
            let (places, placed) = self.places(unit);
            let mut eligible = 0u16;
            for digit in 0..9u8 {
                if placed & BIT[digit as usize] == 0 && (2..=size).contains(&count(places[digit as usize])) {
                    eligible |= BIT[digit as usize];
                }
            }
            let cells = &UNIT_CELLS[unit as usize];
            let found = find_subset(&places, eligible, size, |digits, slots| {
                slots.iter_bits().any(|slot| self.candidates(cells[slot as usize]) & !digits != 0)
            });
            if let Some((digits, slots)) = found {
                let targets = self.losing(unit_cells(unit, slots), ALL_DIGITS & !digits);
                return Some(eliminate(technique, unit_cells(unit, ALL_SLOTS), targets, ALL_DIGITS & !digits));
            }
        }
        None
    }

    /// X-wing (`size` 2) and swordfish (3): a digit whose places in `size` rows lie in `size`
    /// columns between them is in those rows' cells of those columns, so the columns' other
    /// cells lose it; the same with rows and columns swapped.
    fn fish(&self, size: u8) -> Option<Deduction> {
        let technique = if size == 2 { Technique::XWing } else { Technique::Swordfish };
        for (base, cover) in [(0u8, 9u8), (9, 0)] {
            // Per base line, each digit's places (slots: the cross lines) and the placed digits.
            let mut places = [[0u16; 9]; 9];
            let mut placed = [0u16; 9];
            for line in 0..9u8 {
                (places[line as usize], placed[line as usize]) = self.places(base + line);
            }
            for digit in 0..9u8 {
                let bit = BIT[digit as usize];
                let mut lines = [0u16; 9];
                let mut eligible = 0u16;
                for line in 0..9usize {
                    lines[line] = places[line][digit as usize];
                    if placed[line] & bit == 0 && (2..=size).contains(&count(lines[line])) {
                        eligible |= BIT[line as usize];
                    }
                }
                let found = find_subset(&lines, eligible, size, |chosen, crosses| {
                    (ALL_SLOTS & !chosen).iter_bits().any(|line| lines[line as usize] & crosses != 0)
                });
                if let Some((chosen, crosses)) = found {
                    let mut reasons = Cells::EMPTY;
                    for line in chosen.iter_bits() {
                        for slot in lines[line as usize].iter_bits() {
                            reasons.insert(UNIT_CELLS[(base + line) as usize][slot as usize]);
                        }
                    }
                    let mut targets = Cells::EMPTY;
                    for cross in crosses.iter_bits() {
                        targets = union(targets, self.cells_with(cover + cross, bit, &reasons));
                    }
                    return Some(eliminate(technique, reasons, targets, bit));
                }
            }
        }
        None
    }

    /// A pivot with candidates {a, b} that sees pincers with {a, c} and {b, c}: whichever digit
    /// the pivot takes, one pincer is c, so cells seeing both pincers lose c.
    fn xy_wing(&self) -> Option<Deduction> {
        let two = |cell: u8| self.digits[cell as usize] == 0 && count(self.candidates(cell)) == 2;
        for pivot in (0..CELLS as u8).filter(|&c| two(c)) {
            let ab = self.candidates(pivot);
            for x in (0..CELLS as u8).filter(|&c| two(c) && sees(pivot, c)) {
                let xc = self.candidates(x);
                // x shares exactly one digit with the pivot.
                if count(xc & ab) != 1 {
                    continue;
                }
                let c_bit = xc & !ab;
                let want = (ab & !xc) | c_bit;
                for y in (x + 1..CELLS as u8).filter(|&c| two(c) && sees(pivot, c)) {
                    if self.candidates(y) != want {
                        continue;
                    }
                    let mut targets = Cells::EMPTY;
                    for cell in 0..CELLS as u8 {
                        if cell != pivot
                            && self.digits[cell as usize] == 0
                            && self.candidates(cell) & c_bit != 0
                            && sees(cell, x)
                            && sees(cell, y)
                        {
                            targets.insert(cell);
                        }
                    }
                    if !targets.is_empty() {
                        let mut reasons = Cells::EMPTY;
                        for cell in [pivot, x, y] {
                            reasons.insert(cell);
                        }
                        return Some(eliminate(Technique::XYWing, reasons, targets, c_bit));
                    }
                }
            }
        }
        None
    }

    /// The cells of `cells` that have a candidate among `digits`.
    fn losing(&self, cells: Cells, digits: u16) -> Cells {
        let mut found = Cells::EMPTY;
        for cell in cells.iter() {
            if self.candidates(cell) & digits != 0 {
                found.insert(cell);
            }
        }
        found
    }
}

// The console's routines (linker/sudoku.s) sit in the solver's bank (gbrom puts them there), so
// they are called from that bank's entries alone, wherever their callers were copied to.

/// [`Logic::set_digits`] on the console, from the solver's bank.
#[cfg(target_arch = "avr")]
#[cfg_attr(feature = "banks", unsafe(link_section = ".bank15"), inline(never))]
fn set_digits_console(logic: &mut Logic, digits: &[u8; CELLS]) -> bool {
    unsafe extern "C" {
        fn gb_sudoku_set_digits(logic: *mut Logic, digits: *const u8) -> u8;
    }
    // SAFETY: the routine writes `logic` (repr(C)) and reads the 81 digits, nothing else.
    unsafe { gb_sudoku_set_digits(logic, digits.as_ptr()) != 0 }
}

/// [`Logic::singles_pass`] on the console.
#[cfg(target_arch = "avr")]
#[cfg_attr(feature = "banks", unsafe(link_section = ".bank15"), inline(never))]
fn singles_console(logic: &mut Logic, scratch: &mut [u16; CELLS]) -> bool {
    unsafe extern "C" {
        fn gb_sudoku_singles(logic: *mut Logic, scratch: *mut u16) -> u8;
    }
    // SAFETY: the routine reads and writes `logic` (repr(C)) and the first 108 bytes of
    // `scratch`, nothing else.
    unsafe { gb_sudoku_singles(logic, scratch.as_mut_ptr()) != 0 }
}

/// Every slot of a unit.
const ALL_SLOTS: u16 = 0x1FF;

/// Boxes first, then rows and columns: the order people look for hidden singles in.
const HIDDEN_SINGLE_ORDER: [u8; UNITS] = {
    let mut order = [0u8; UNITS];
    let mut i = 0;
    while i < UNITS {
        order[i] = ((i + 18) % UNITS) as u8;
        i += 1;
    }
    order
};

/// The cells in slots `slots` of `unit`.
fn unit_cells(unit: u8, slots: u16) -> Cells {
    let mut cells = Cells::EMPTY;
    for slot in slots.iter_bits() {
        cells.insert(UNIT_CELLS[unit as usize][slot as usize]);
    }
    cells
}

fn union(a: Cells, b: Cells) -> Cells {
    let mut both = a;
    for cell in b.iter() {
        both.insert(cell);
    }
    both
}

fn single(technique: Technique, reasons: Cells, cell: u8, digit: u8) -> Deduction {
    let mut targets = Cells::EMPTY;
    targets.insert(cell);
    Deduction { technique, reasons, targets, digit, removed: 0 }
}

fn eliminate(technique: Technique, reasons: Cells, targets: Cells, removed: u16) -> Deduction {
    Deduction { technique, reasons, targets, digit: 0, removed }
}

/// `size` (2 or 3) of the `sets` among the `eligible` indices whose union has exactly `size`
/// bits and for which `useful(indices, union)` holds: (indices, union).
fn find_subset(
    sets: &[u16; 9],
    eligible: u16,
    size: u8,
    mut useful: impl FnMut(u16, u16) -> bool,
) -> Option<(u16, u16)> {
    for i in eligible.iter_bits() {
        for j in (eligible & !((2u16 << i) - 1)).iter_bits() {
            let two = sets[i as usize] | sets[j as usize];
            let pair = BIT[i as usize] | BIT[j as usize];
            if size == 2 {
                if count(two) == 2 && useful(pair, two) {
                    return Some((pair, two));
                }
                continue;
            }
            if count(two) > 3 {
                continue;
            }
            for k in (eligible & !((2u16 << j) - 1)).iter_bits() {
                let three = two | sets[k as usize];
                let trio = pair | BIT[k as usize];
                if count(three) == 3 && useful(trio, three) {
                    return Some((trio, three));
                }
            }
        }
    }
    None
}

/// The set bits of a 9-bit set, lowest first.
pub trait Bits {
    fn iter_bits(self) -> BitIter;
}

impl Bits for u16 {
    fn iter_bits(self) -> BitIter {
        BitIter(self)
    }
}

pub struct BitIter(u16);

impl Iterator for BitIter {
    type Item = u8;

    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let bit = lowest(self.0);
        self.0 &= self.0 - 1;
        Some(bit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// linker/sudoku.s's `gb_sudoku_singles` reads the state at these offsets.
    #[test]
    fn logic_layout_is_the_one_the_console_reads() {
        assert_eq!(core::mem::offset_of!(Logic, used), 0);
        assert_eq!(core::mem::offset_of!(Logic, excluded), 54);
        assert_eq!(core::mem::offset_of!(Logic, digits), 216);
        assert_eq!(core::mem::offset_of!(Logic, open), 297);
    }
}

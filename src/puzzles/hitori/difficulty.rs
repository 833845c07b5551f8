//! Difficulty levels, the deduction rules that define them, and grading.
//!
//! A puzzle's difficulty is the lowest level whose rules alone take it from the empty grid to
//! the full solution. Each level's rule set contains the one below, and every rule only adds
//! marks, so the closure under a level's rules does not depend on the order they are applied
//! in: grading is the closure at Easy, then Medium, then Hard, stopping at the first complete one.

use super::board::Board;
use crate::puzzles::level::Difficulty;
use super::solve::Solver;

/// A reason to mark a cell. The doc line of each says why the mark is forced. The names are
/// the ones the hints teach; the pattern rules are the standard techniques of Hitori solvers
/// (the menneske.no / Simon Tatham names in brackets).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Rule {
    /// An unshaded (circled) number: its twins in the row and column must be shaded.
    CircledTwin,
    /// A shaded cell: its orthogonal neighbours must stay unshaded.
    ShadedNeighbour,
    /// No twin of this number can stay unshaded, so shading it would be unjustified.
    LoneNumber,
    /// A shaded cell has one twin left that can stay unshaded: it must.
    LastTwin,
    /// X ? X in a line: shading the middle would leave both X unshaded (SP/ST).
    Sandwich,
    /// X X side by side: one of them stays unshaded, so every other X of that line is shaded (PI).
    Pair,
    /// A corner's 2x2 block with an equal pair along one wall or beside it: whichever of the
    /// pair is shaded, the other wall cell must stay unshaded, or the corner is walled in (DC).
    CornerDomino,
    /// Three equal numbers in an L in a corner's 2x2 block: the L's apex is shaded, or the two
    /// others would be and wall the corner in (TC).
    CornerTriple,
    /// Two equal pairs stacked in a corner's 2x2 block: the corner and the cell diagonal to it
    /// are shaded, the only way to shade one of each pair without walling the corner in (QC).
    CornerSquare,
    /// A X..A in one line beside B Y..B in the next, the first A and B side by side and the
    /// last ones offset by one: one of the first A and B stays unshaded, so one of the last is
    /// shaded, and both cells between the last ones touch it (IP).
    OffsetPair,
    /// A cell whose neighbours are all shaded but one: that one stays unshaded, or the cell is
    /// cut off (CC/CE/QM).
    WalledCell,
    /// Shading this cell would split the unshaded region (MC).
    Island,
    /// Marking the cell the other way leads to a contradiction by the Medium rules (CnC).
    Contradiction,
}

impl Rule {
    /// Every rule, easiest first (the order hints look for them in).
    pub const ALL: [Rule; 13] = [
        Rule::CircledTwin,
        Rule::ShadedNeighbour,
        Rule::LoneNumber,
        Rule::LastTwin,
        Rule::Sandwich,
        Rule::Pair,
        Rule::CornerDomino,
        Rule::CornerTriple,
        Rule::CornerSquare,
        Rule::OffsetPair,
        Rule::WalledCell,
        Rule::Island,
        Rule::Contradiction,
    ];

    /// The level that first allows this rule. Easy: the rules read off one number and its
    /// lines. Medium: patterns of two lines or of a corner, and the connected region. Hard:
    /// trying a mark and following it to a contradiction.
    pub fn level(self) -> Difficulty {
        match self {
            Rule::CircledTwin
            | Rule::ShadedNeighbour
            | Rule::LoneNumber
            | Rule::LastTwin
            | Rule::Sandwich
            | Rule::Pair => Difficulty::Easy,
            Rule::CornerDomino
            | Rule::CornerTriple
            | Rule::CornerSquare
            | Rule::OffsetPair
            | Rule::WalledCell
            | Rule::Island => Difficulty::Medium,
            Rule::Contradiction => Difficulty::Hard,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Rule::CircledTwin => "circled twin",
            Rule::ShadedNeighbour => "shaded neighbour",
            Rule::LoneNumber => "lone number",
            Rule::LastTwin => "last twin",
            Rule::Sandwich => "sandwich",
            Rule::Pair => "pair",
            Rule::CornerDomino => "corner domino",
            Rule::CornerTriple => "corner triple",
            Rule::CornerSquare => "corner square",
            Rule::OffsetPair => "offset pair",
            Rule::WalledCell => "walled cell",
            Rule::Island => "island",
            Rule::Contradiction => "contradiction",
        }
    }
}

/// The grade of a puzzle: the lowest level whose deductions solve it, or `None` when none
/// does (the puzzle needs guessing, or has no or several solutions).
pub fn grade(board: &Board, solver: &mut Solver) -> Option<Difficulty> {
    solver.reset(board);
    for level in Difficulty::ALL {
        if solver.deduce(board, level).is_err() {
            return None;
        }
        if solver.is_complete() {
            return Some(level);
        }
    }
    None
}

//! Difficulty levels, the deduction rules that define them, and grading.
//!
//! A puzzle's difficulty is the lowest level whose rules alone take it from the empty grid to
//! the full solution. Each level's rule set contains the one below, and every rule only adds
//! marks, so the closure under a level's rules does not depend on the order they are applied
//! in: grading is the closure at Easy, then Medium, then Hard, stopping at the first complete one.

use super::board::Board;
use crate::puzzles::level::Difficulty;
use super::solve::Solver;

/// A reason to mark a cell. The doc line of each says why the mark is forced.
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
    /// X ? X in a line: shading the middle would leave both X unshaded.
    Sandwich,
    /// X X side by side: one of them stays unshaded, so every other X of that line is shaded.
    Pair,
    /// A corner whose two neighbours repeat its number, or two stacked pairs in a corner:
    /// any other choice walls the corner cell in.
    Corner,
    /// Shading this cell would split the unshaded region.
    Island,
    /// Marking the cell the other way leads to a contradiction by the Medium rules.
    Contradiction,
}

impl Rule {
    /// The level that first allows this rule.
    pub fn level(self) -> Difficulty {
        match self {
            Rule::CircledTwin
            | Rule::ShadedNeighbour
            | Rule::LoneNumber
            | Rule::LastTwin
            | Rule::Sandwich
            | Rule::Pair => Difficulty::Easy,
            Rule::Corner | Rule::Island => Difficulty::Medium,
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
            Rule::Corner => "corner",
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

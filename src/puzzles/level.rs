//! The three levels every puzzle is generated and graded at. A puzzle's level is the lowest
//! whose named deductions alone solve it from its givens (each puzzle's `grade`); a level is
//! honest when the level below cannot finish its puzzles.

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Difficulty {
    Easy = 0,
    Medium = 1,
    Hard = 2,
}

impl Difficulty {
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard];

    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
        }
    }

    /// A level by its name (any case) or by its number 1..=3.
    pub fn parse(text: &str) -> Option<Difficulty> {
        Difficulty::ALL.into_iter().enumerate().find_map(|(i, d)| {
            let by_number = text.len() == 1 && text.as_bytes()[0] == b'1' + i as u8;
            (by_number || text.eq_ignore_ascii_case(d.name())).then_some(d)
        })
    }

    pub fn from_index(index: u8) -> Option<Difficulty> {
        Difficulty::ALL.get(index as usize).copied()
    }

    /// The level below, which must not finish a puzzle of this one.
    pub fn below(self) -> Option<Difficulty> {
        match self {
            Difficulty::Easy => None,
            Difficulty::Medium => Some(Difficulty::Easy),
            Difficulty::Hard => Some(Difficulty::Medium),
        }
    }
}

//! The game's sound effects: the table built from `assets/sounds.txt` (by build.rs, with
//! `gb_hal::sound_effects::Step`), one constant per effect, played by
//! `gb_hal::sound_effects::Player`.
//!
//! Why the player is in gb-hal and only the effects here: the player is hardware glue of
//! the same kind as the HAL's VRAM queue (it knows the APU's registers and nothing of the
//! game), build.rs encodes the table with the HAL's `Step` as it encodes tiles with the
//! HAL's `encode_tile_row`, and its host tests run against a fake register sink with the
//! HAL's other tests. What is left to the game is which event plays which effect: the screens
//! note their events' effects as [`Cues`], which the game plays once its update is done
//! (`Platform::play`).

include!(concat!(env!("OUT_DIR"), "/sounds.rs"));

/// The effects a frame's events call for: the player's action (a cursor move, a mark, an
/// undo, a menu's move or choice) and the game's answer (an error appearing, a hint, the
/// solved jingle). Apart because they sound on different channels (assets/sounds.txt), so a
/// frame may play one of each; a later action of the frame replaces an earlier one (the
/// menu's choice gives way to what it did).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Cues {
    action: Option<Effect>,
    answer: Option<Effect>,
}

impl Cues {
    pub const NONE: Cues = Cues { action: None, answer: None };

    pub fn action(&mut self, effect: Effect) {
        self.action = Some(effect);
    }

    pub fn answer(&mut self, effect: Effect) {
        self.answer = Some(effect);
    }

    /// Hands the effects to `play`, action first (an answer may outrank it on a shared
    /// channel), and forgets them.
    pub fn play(&mut self, mut play: impl FnMut(Effect)) {
        if let Some(effect) = self.action.take() {
            play(effect);
        }
        if let Some(effect) = self.answer.take() {
            play(effect);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gb_hal::sound_effects::{CHANNELS, NO_TRACK, Step};

    const ALL: [Effect; 11] =
        [CURSOR_MOVE, MARK_SHADE, MARK_CIRCLE, MARK_CLEAR, UNDO, ERROR, HINT, MENU_MOVE, MENU_CONFIRM, SOLVED, NEW_BEST];

    #[test]
    fn every_effect_has_a_track_that_ends() {
        assert_eq!(EFFECTS.priorities.len(), ALL.len());
        assert_eq!(EFFECTS.tracks.len(), ALL.len());
        for effect in ALL {
            let tracks = EFFECTS.tracks[usize::from(effect.index())];
            assert!(tracks.iter().any(|&start| start != NO_TRACK), "effect {} plays nothing", effect.index());
            for start in tracks.into_iter().filter(|&start| start != NO_TRACK) {
                let frames: Vec<u8> = EFFECTS.steps[usize::from(start)..].chunks(Step::BYTES).map(|step| step[0]).collect();
                let end = frames.iter().position(|&frames| frames == 0).expect("a track ends");
                let length: u32 = frames[..end].iter().map(|&frames| u32::from(frames)).sum();
                assert!((1..=120).contains(&length), "effect {} lasts {length} frames", effect.index());
            }
        }
        assert_eq!(CHANNELS, 3);
    }

    #[test]
    fn the_jingles_outrank_the_moves() {
        let priority = |effect: Effect| EFFECTS.priorities[usize::from(effect.index())];
        assert!(priority(SOLVED) > priority(MARK_SHADE));
        assert!(priority(ERROR) > priority(CURSOR_MOVE));
        assert!(priority(CURSOR_MOVE) >= 1);
    }
}

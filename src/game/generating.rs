//! The generating screen: up while the background worker makes a puzzle that no ready slot
//! holds (a typed seed code, which names its own puzzle, or a kind none was kept for yet).
//! The game goes on running frames meanwhile, so the screen animates its dots itself.

use super::canvas::{Canvas, Layer};
use super::layout::SCREEN_COLS;
use super::ready::Variant;
use super::size_label::GameLabel;
use crate::assets;

/// Where the dots animate (tile column, row; `DOTS` tiles wide).
const DOTS_X: u8 = 8;
const DOTS_Y: u8 = 12;
const DOTS: u8 = 3;
/// The dots advance every this many frames (a power of two: a mask).
const DOT_FRAMES: u16 = 16;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Generating {
    pub kind: Variant,
    /// The typed code's seed; `None` for a random puzzle (kept ready by the worker first).
    pub seed: Option<u32>,
    /// Dots shown, when drawn.
    dots: Option<u8>,
}

impl Generating {
    /// The screen, drawn into `canvas`.
    pub fn new(kind: Variant, seed: Option<u32>, canvas: &mut Canvas) -> Generating {
        canvas.clear(Layer::Background);
        canvas.text_centred(Layer::Background, 0, SCREEN_COLS, 7, b"GENERATING");
        canvas.text_centred(Layer::Background, 0, SCREEN_COLS, 9, GameLabel::new(kind.size, kind.difficulty).text());
        Generating { kind, seed, dots: None }
    }

    /// Advances the dots at frame `frame` (counted since boot).
    pub fn animate(&mut self, frame: u16, canvas: &mut Canvas) {
        let dots = ((frame / DOT_FRAMES) % u16::from(DOTS + 1)) as u8;
        if self.dots != Some(dots) {
            for i in 0..DOTS {
                let tile = if i < dots { assets::font_tile(b'.') } else { assets::TILE_BLANK };
                canvas.set(Layer::Background, DOTS_X + i, DOTS_Y, tile);
            }
            self.dots = Some(dots);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::level::Difficulty;

    #[test]
    fn the_dots_advance_every_sixteen_frames_and_wrap() {
        let mut canvas = Canvas::new();
        let mut screen = Generating::new(Variant { puzzle: crate::puzzles::Kind::Hitori, size: 9, difficulty: Difficulty::Hard }, None, &mut canvas);
        let dot = assets::font_tile(b'.');
        let shown = |canvas: &Canvas| (0..DOTS).filter(|&i| canvas.tile(Layer::Background, DOTS_X + i, DOTS_Y) == dot).count();
        for (frame, dots) in [(0, 0), (15, 0), (16, 1), (33, 2), (48, 3), (64, 0), (80, 1)] {
            screen.animate(frame, &mut canvas);
            assert_eq!(shown(&canvas), dots, "frame {frame}");
        }
    }
}

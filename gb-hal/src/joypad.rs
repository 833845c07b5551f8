//! Joypad: reading the `P1` register, and pressed/released edges with D-pad auto-repeat.
//!
//! Pan Docs "Joypad Input": `P1` (0xFF00) shows one group of four keys at a time in bits 0-3,
//! 0 meaning pressed. Writing bit 4 = 0 selects the D-pad, bit 5 = 0 the buttons. The lines
//! take a few cycles to settle after a selection (and contacts bounce), so [`read`] reads each
//! group several times and keeps the last value, then deselects both groups, which also keeps
//! the joypad interrupt line quiet.
//!
//! [`Input`] is pure logic (host-tested): fed one [`Buttons`] sample per frame, it reports
//! which keys went down or up, and repeats a held D-pad direction after a delay, so moving a
//! cursor across a 15x15 board does not take 15 presses.

use crate::mmio::VolAddress;
use bitflags::bitflags;

bitflags! {
    /// The eight keys, D-pad in the low nibble and buttons in the high nibble.
    #[repr(transparent)]
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
    pub struct Buttons: u8 {
        const RIGHT = 1 << 0;
        const LEFT = 1 << 1;
        const UP = 1 << 2;
        const DOWN = 1 << 3;
        const A = 1 << 4;
        const B = 1 << 5;
        const SELECT = 1 << 6;
        const START = 1 << 7;
        /// The four directions.
        const DPAD = 0x0F;
    }
}

/// `P1`/`JOYP`.
// SAFETY: the DMG joypad register; any byte is a valid `u8`.
pub const P1: VolAddress<u8> = unsafe { VolAddress::new(0xFF00) };

/// `P1` value selecting the D-pad (bit 4 low).
pub const SELECT_DPAD: u8 = 0x20;
/// `P1` value selecting the buttons (bit 5 low).
pub const SELECT_BUTTONS: u8 = 0x10;
/// `P1` value selecting neither group.
pub const SELECT_NONE: u8 = 0x30;
/// Reads of a group before its value is used (Pan Docs advises reading a few times after
/// selecting: the lines need a few microseconds to settle).
pub const SETTLE_READS: u8 = 4;

/// Combines the low nibbles read with the D-pad and the buttons selected (0 = pressed) into
/// [`Buttons`] (set = pressed).
pub const fn buttons_from_lines(dpad_lines: u8, button_lines: u8) -> Buttons {
    let released = (dpad_lines & 0x0F) | (button_lines & 0x0F) << 4;
    Buttons::from_bits_retain(!released)
}

fn read_group(select: u8) -> u8 {
    P1.write(select);
    let mut lines = P1.read();
    for _ in 1..SETTLE_READS {
        lines = P1.read();
    }
    lines
}

/// Samples the joypad once (call once a frame).
pub fn read() -> Buttons {
    let dpad = read_group(SELECT_DPAD);
    let buttons = read_group(SELECT_BUTTONS);
    P1.write(SELECT_NONE);
    buttons_from_lines(dpad, buttons)
}

/// When a held D-pad direction repeats, in frames (the DMG shows ~59.7 frames a second).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RepeatTiming {
    /// Frames from the press to the first repeat (0 behaves like 1).
    pub delay: u8,
    /// Frames between later repeats (0 behaves like 1).
    pub interval: u8,
}

impl RepeatTiming {
    /// A third of a second before repeating, then 10 steps a second.
    pub const DEFAULT: RepeatTiming = RepeatTiming { delay: 20, interval: 6 };
}

/// What happened to the keys in one frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct InputFrame {
    /// Keys down now.
    pub held: Buttons,
    /// Keys that went down this frame.
    pub pressed: Buttons,
    /// Keys that went up this frame.
    pub released: Buttons,
    /// Keys to act on this frame: every new press, plus the held directions when auto-repeat
    /// fires. A cursor moves on `triggered`; menus confirm on `pressed`.
    pub triggered: Buttons,
}

/// Turns per-frame joypad samples into edges and D-pad auto-repeat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Input {
    held: Buttons,
    frames_to_repeat: u8,
    timing: RepeatTiming,
}

impl Input {
    /// No key held yet.
    pub const fn new(timing: RepeatTiming) -> Input {
        Input { held: Buttons::empty(), frames_to_repeat: 0, timing }
    }

    /// Keys held at the last update.
    pub const fn held(&self) -> Buttons {
        self.held
    }

    /// Feeds this frame's sample (from [`read`]) and returns what changed.
    pub fn update(&mut self, now: Buttons) -> InputFrame {
        let pressed = now.difference(self.held);
        let released = self.held.difference(now);
        let mut triggered = pressed;
        let held_directions = now.intersection(Buttons::DPAD);

        if pressed.intersects(Buttons::DPAD) {
            // A new direction restarts the wait, so turning a corner does not repeat at once.
            self.frames_to_repeat = self.timing.delay;
        } else if !held_directions.is_empty() {
            self.frames_to_repeat = self.frames_to_repeat.saturating_sub(1);
            if self.frames_to_repeat == 0 {
                triggered |= held_directions;
                self.frames_to_repeat = self.timing.interval;
            }
        }

        self.held = now;
        InputFrame { held: now, pressed, released, triggered }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_active_low() {
        assert_eq!(buttons_from_lines(0x0F, 0x0F), Buttons::empty());
        assert_eq!(buttons_from_lines(0x0E, 0x0F), Buttons::RIGHT);
        assert_eq!(buttons_from_lines(0x07, 0x0F), Buttons::DOWN);
        assert_eq!(buttons_from_lines(0x0F, 0x0E), Buttons::A);
        assert_eq!(buttons_from_lines(0x0F, 0x07), Buttons::START);
        assert_eq!(buttons_from_lines(0x00, 0x00), Buttons::all());
    }

    #[test]
    fn upper_bits_of_the_register_are_ignored() {
        // P1 reads bits 6-7 as 1 and echoes the selection in bits 4-5.
        assert_eq!(buttons_from_lines(0xEB, 0xDD), Buttons::UP | Buttons::B);
    }

    #[test]
    fn edges() {
        let mut input = Input::new(RepeatTiming::DEFAULT);
        let frame = input.update(Buttons::A);
        assert_eq!(frame.pressed, Buttons::A);
        assert_eq!(frame.triggered, Buttons::A);
        assert_eq!(frame.released, Buttons::empty());

        let frame = input.update(Buttons::A | Buttons::B);
        assert_eq!(frame.pressed, Buttons::B);
        assert_eq!(frame.held, Buttons::A | Buttons::B);

        let frame = input.update(Buttons::B);
        assert_eq!(frame.pressed, Buttons::empty());
        assert_eq!(frame.released, Buttons::A);
        assert_eq!(input.held(), Buttons::B);
    }

    #[test]
    fn buttons_never_repeat() {
        let mut input = Input::new(RepeatTiming { delay: 2, interval: 1 });
        input.update(Buttons::A);
        for _ in 0..10 {
            assert_eq!(input.update(Buttons::A).triggered, Buttons::empty());
        }
    }

    /// For each frame from the press (frame 0) on, whether a held Right triggers.
    fn trigger_frames(timing: RepeatTiming, frames: u8) -> [bool; 32] {
        let mut input = Input::new(timing);
        let mut fired = [false; 32];
        for frame in 0..frames {
            fired[usize::from(frame)] = input.update(Buttons::RIGHT).triggered == Buttons::RIGHT;
        }
        fired
    }

    #[test]
    fn held_direction_repeats_after_delay_then_every_interval() {
        let fired = trigger_frames(RepeatTiming { delay: 5, interval: 3 }, 16);
        let expected_frames = [0, 5, 8, 11, 14];
        for frame in 0..16 {
            assert_eq!(fired[frame], expected_frames.contains(&frame), "frame {frame}");
        }
    }

    #[test]
    fn zero_timings_repeat_every_frame() {
        let fired = trigger_frames(RepeatTiming { delay: 0, interval: 0 }, 6);
        assert!(fired[..6].iter().all(|&fired| fired));
    }

    #[test]
    fn new_direction_restarts_the_delay() {
        let mut input = Input::new(RepeatTiming { delay: 3, interval: 1 });
        input.update(Buttons::UP);
        input.update(Buttons::UP);
        // Frame 2: Right joins; it triggers as a press, and the repeat waits 3 frames again.
        assert_eq!(input.update(Buttons::UP | Buttons::RIGHT).triggered, Buttons::RIGHT);
        assert_eq!(input.update(Buttons::UP | Buttons::RIGHT).triggered, Buttons::empty());
        assert_eq!(input.update(Buttons::UP | Buttons::RIGHT).triggered, Buttons::empty());
        assert_eq!(input.update(Buttons::UP | Buttons::RIGHT).triggered, Buttons::UP | Buttons::RIGHT);
        // Releasing one direction keeps repeating the other.
        let frame = input.update(Buttons::UP);
        assert_eq!(frame.released, Buttons::RIGHT);
        assert_eq!(frame.triggered, Buttons::UP);
    }

    #[test]
    fn release_and_press_again_triggers_at_once() {
        let mut input = Input::new(RepeatTiming { delay: 10, interval: 10 });
        assert_eq!(input.update(Buttons::LEFT).triggered, Buttons::LEFT);
        assert_eq!(input.update(Buttons::empty()).released, Buttons::LEFT);
        assert_eq!(input.update(Buttons::LEFT).triggered, Buttons::LEFT);
    }

    #[test]
    fn button_press_while_direction_held_does_not_reset_repeat() {
        let mut input = Input::new(RepeatTiming { delay: 2, interval: 2 });
        input.update(Buttons::DOWN);
        assert_eq!(input.update(Buttons::DOWN | Buttons::A).triggered, Buttons::A);
        assert_eq!(input.update(Buttons::DOWN | Buttons::A).triggered, Buttons::DOWN);
    }
}

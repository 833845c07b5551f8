//! The play timer: whole seconds from VBlank counts. The DMG draws 4194304 / 70224 =
//! 59.7275 frames per second; 11 seconds are 657.0 frames, so 8 seconds of 60 frames and 3 of
//! 59 in every 11 keep the clock within a frame of real time, with no division.

/// Seconds stop here: 99:59 is the most the status line shows.
pub const MAX_SECONDS: u16 = 99 * 60 + 59;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Clock {
    seconds: u16,
    /// `seconds` as "MM:SS", advanced a digit at a time along with it: the frame that shows a
    /// new second has no time for SDCC's divisions (three of them take a tenth of a frame).
    text: [u8; 5],
    frames: u8,
    /// Position in the 11-second cycle.
    phase: u8,
}

impl Default for Clock {
    fn default() -> Self {
        Self::new()
    }
}

impl Clock {
    pub const fn new() -> Clock {
        Clock { seconds: 0, text: *b"00:00", frames: 0, phase: 0 }
    }

    pub fn starting_at(seconds: u16) -> Clock {
        let seconds = seconds.min(MAX_SECONDS);
        Clock { seconds, text: format_time(seconds), frames: 0, phase: 0 }
    }

    pub const fn seconds(&self) -> u16 {
        self.seconds
    }

    /// The seconds as "MM:SS".
    pub fn text(&self) -> &[u8; 5] {
        &self.text
    }

    /// One second more on the text: each digit past its last carries into the one before.
    fn advance_text(&mut self) {
        for (place, last) in [(4, b'9'), (3, b'5'), (1, b'9'), (0, b'9')] {
            if self.text[place] < last {
                self.text[place] += 1;
                return;
            }
            self.text[place] = b'0';
        }
    }

    /// Adds `frames` VBlanks; true when the shown second changed.
    pub fn tick(&mut self, frames: u8) -> bool {
        let before = self.seconds;
        for _ in 0..frames {
            self.frames += 1;
            let length = if matches!(self.phase, 3 | 7 | 10) { 59 } else { 60 };
            if self.frames >= length {
                self.frames = 0;
                self.phase = if self.phase == 10 { 0 } else { self.phase + 1 };
                if self.seconds < MAX_SECONDS {
                    self.seconds += 1;
                    self.advance_text();
                }
            }
        }
        self.seconds != before
    }
}

/// "MM:SS" in ASCII.
pub fn format_time(seconds: u16) -> [u8; 5] {
    let seconds = seconds.min(MAX_SECONDS);
    let (minutes, rest) = ((seconds / 60) as u8, (seconds % 60) as u8);
    let [m1, m0] = two_digits(minutes);
    let [s1, s0] = two_digits(rest);
    [m1, m0, b':', s1, s0]
}

/// A number below 100 as two ASCII digits.
pub fn two_digits(value: u8) -> [u8; 2] {
    [b'0' + value / 10, b'0' + value % 10]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eleven_seconds_take_657_frames() {
        let mut clock = Clock::new();
        let mut frames = 0u32;
        while clock.seconds() < 11 {
            clock.tick(1);
            frames += 1;
        }
        assert_eq!(frames, 657);
        // An hour of frames at the DMG's rate reads as an hour, to the second.
        let mut clock = Clock::new();
        for _ in 0..(3600u64 * 597_275 / 10_000) / 200 {
            clock.tick(200);
        }
        assert!((3599..=3600).contains(&clock.seconds()), "{}", clock.seconds());
    }

    #[test]
    fn tick_reports_second_changes_and_stops_at_the_display_limit() {
        let mut clock = Clock::starting_at(MAX_SECONDS - 1);
        assert!(!clock.tick(10));
        assert!(clock.tick(60));
        assert_eq!(clock.seconds(), MAX_SECONDS);
        assert!(!clock.tick(200));
        assert_eq!(format_time(clock.seconds()), *b"99:59");
        assert_eq!(format_time(61), *b"01:01");
    }

    #[test]
    fn the_text_keeps_up_with_the_seconds() {
        for start in [0, 59, 599, 3599, MAX_SECONDS - 1] {
            let mut clock = Clock::starting_at(start);
            assert_eq!(*clock.text(), format_time(start));
            while clock.seconds() < MAX_SECONDS {
                clock.tick(60);
                assert_eq!(*clock.text(), format_time(clock.seconds()), "from {start}");
            }
            clock.tick(60);
            assert_eq!(clock.text(), b"99:59");
        }
        assert_eq!(Clock::starting_at(u16::MAX).text(), b"99:59");
    }
}

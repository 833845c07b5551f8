//! A sound-effect player: effects are data (a table of steps), played on the two pulse
//! channels and the noise channel, one step of registers per frame at most.
//!
//! An effect is a track of [`Step`]s per channel it uses. A step sets the channel's sound
//! (pulse: duty, period and envelope; noise: LFSR clock and envelope) and triggers it, or
//! rests (its DAC off), for a number of frames; the hardware's envelopes shape the volume in
//! between, so the player does nothing while a step lasts. [`Player::tick`], once a frame,
//! writes the next step of each channel whose step ran out: at most four register writes a
//! channel (Pan Docs "Audio Registers"), so its cost is small and bounded.
//!
//! Each effect has a priority: it takes a channel only from an effect of the same or a lower
//! priority (a new cursor move restarts the last one's blip; a cursor move never cuts the
//! solved jingle). Volume 0 powers the APU off (Pan Docs "FF26 — NR52"), which silences
//! everything, and the player then ignores [`Player::play`].
//!
//! The table is built at build time (the game's `build.rs` encodes `assets/sounds.txt` with
//! [`Step`]), and writes go through [`SoundOut`]: [`Apu`] on the console, a recording fake in
//! host tests.

use crate::mmio::{VolAddress, Writable};
use crate::sound::{
    self, Channel, ChannelControl, Duty, DutyLength, Envelope, MasterVolume, NoiseControl, Period, NR11, NR12, NR13,
    NR14, NR21, NR22, NR23, NR24, NR42, NR43, NR44, NR50,
};

/// Where the player's register writes go.
pub trait SoundOut {
    /// Writes `value` to `register`.
    fn write<T: Copy + Into<u8>, A: Writable>(&mut self, register: VolAddress<T, A>, value: T);
    /// Powers the APU on at `volume` ([`sound::power_on`]).
    fn power_on(&mut self, volume: MasterVolume);
    /// Powers the APU off ([`sound::power_off`]).
    fn power_off(&mut self);
}

/// The console's APU.
pub struct Apu;

impl SoundOut for Apu {
    #[inline(always)]
    fn write<T: Copy + Into<u8>, A: Writable>(&mut self, register: VolAddress<T, A>, value: T) {
        register.write(value);
    }

    fn power_on(&mut self, volume: MasterVolume) {
        sound::power_on(volume);
    }

    fn power_off(&mut self) {
        sound::power_off();
    }
}

/// One step of a track, 4 bytes in the table: `[frames, envelope, tone, shape]`. `tone` is
/// the period's bits 0-7 (pulse) or `NR43` (noise); `shape` holds the duty in bits 6-7 and the
/// period's bits 8-10 in bits 0-2 (pulse). A step of 0 frames ends the track.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    frames: u8,
    envelope: Envelope,
    tone: u8,
    shape: u8,
}

impl Step {
    /// Bytes a step takes in the table.
    pub const BYTES: usize = 4;
    /// The step that ends a track.
    pub const END: Step = Step { frames: 0, envelope: Envelope::DAC_OFF, tone: 0, shape: 0 };

    /// A pulse tone of `period` with `duty`, starting as `envelope`, for `frames` frames
    /// (1-255).
    pub const fn pulse(frames: u8, duty: Duty, envelope: Envelope, period: Period) -> Step {
        Step { frames, envelope, tone: period.low(), shape: (duty as u8) << 6 | period.high() }
    }

    /// Noise clocked as `noise`, starting as `envelope`, for `frames` frames (1-255).
    pub const fn noise(frames: u8, envelope: Envelope, noise: NoiseControl) -> Step {
        Step { frames, envelope, tone: noise.bits(), shape: 0 }
    }

    /// Silence for `frames` frames (1-255).
    pub const fn rest(frames: u8) -> Step {
        Step { frames, envelope: Envelope::DAC_OFF, tone: 0, shape: 0 }
    }

    /// The step's 4 table bytes.
    pub const fn to_bytes(self) -> [u8; Step::BYTES] {
        [self.frames, self.envelope.bits(), self.tone, self.shape]
    }

    /// How many frames the step lasts (0: the end of a track).
    pub const fn frames(self) -> u8 {
        self.frames
    }
}

/// An effect's number in its [`EffectTable`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Effect(u8);

impl Effect {
    /// The effect at `index` of the table.
    pub const fn new(index: u8) -> Effect {
        Effect(index)
    }

    /// Its index in the table.
    pub const fn index(self) -> u8 {
        self.0
    }
}

/// The effects, as the build writes them.
pub struct EffectTable {
    /// Every track's steps, `Step::BYTES` each; each track ends with [`Step::END`].
    pub steps: &'static [u8],
    /// Each effect's priority, 1-255 (higher wins a channel).
    pub priorities: &'static [u8],
    /// Each effect's track per channel (in [`Channel::ALL`]'s order): the byte offset of its
    /// first step in `steps`, or [`NO_TRACK`].
    pub tracks: &'static [[u16; CHANNELS]],
}

/// Channels the player drives.
pub const CHANNELS: usize = Channel::ALL.len();
/// In [`EffectTable::tracks`]: the effect does not use this channel.
pub const NO_TRACK: u16 = u16::MAX;
/// The volume that powers the APU off.
pub const SILENT: u8 = 0;
/// The loudest volume, `NR50`'s 7 plus one.
pub const LOUDEST: u8 = 8;

/// The player's state: 15 bytes (the table, the volume, 4 bytes a channel).
pub struct Player {
    table: &'static EffectTable,
    /// 0 ([`SILENT`]): the APU is off; 1-8: `NR50` holds `volume - 1` on both sides.
    volume: u8,
    /// Per channel: the priority of the effect playing on it, 0 when idle.
    priority: [u8; CHANNELS],
    /// Per channel: the byte offset in the steps of the next step to write.
    next_step: [u16; CHANNELS],
    /// Per channel: ticks the current step still sounds before the next is written.
    frames_left: [u8; CHANNELS],
}

impl Player {
    /// A player of `table`'s effects, silent: the APU is left as it is until
    /// [`Player::set_volume`].
    pub const fn new(table: &'static EffectTable) -> Player {
        Player { table, volume: SILENT, priority: [0; CHANNELS], next_step: [0; CHANNELS], frames_left: [0; CHANNELS] }
    }

    /// The volume, [`SILENT`] to [`LOUDEST`].
    pub fn volume(&self) -> u8 {
        self.volume
    }

    /// Sets the volume (above [`LOUDEST`] counts as it): [`SILENT`] powers the APU off and
    /// drops every effect; otherwise the APU is powered on if it was off.
    pub fn set_volume(&mut self, out: &mut impl SoundOut, volume: u8) {
        let volume = volume.min(LOUDEST);
        let level = MasterVolume::both(volume.wrapping_sub(1));
        if volume == SILENT {
            out.power_off();
            self.priority = [0; CHANNELS];
        } else if self.volume == SILENT {
            out.power_on(level);
        } else {
            out.write(NR50, level);
        }
        self.volume = volume;
    }

    /// Starts `effect` on each channel it uses that is idle or playing an effect of the same
    /// or a lower priority; its first steps are written at the next [`Player::tick`]. Does
    /// nothing while the volume is [`SILENT`].
    pub fn play(&mut self, effect: Effect) {
        if self.volume == SILENT {
            return;
        }
        let index = usize::from(effect.0);
        let priority = self.table.priorities[index];
        let tracks = &self.table.tracks[index];
        // Each channel by a constant index: the loop over them cost about 2.7k cycles a call
        // on the console (`make bench-rom`), its indexed stores computed one by one.
        self.start_track(0, tracks[0], priority);
        self.start_track(1, tracks[1], priority);
        self.start_track(2, tracks[2], priority);
    }

    /// Starts `track` on `channel` unless it is none, or an effect of a higher priority plays
    /// there.
    #[inline(always)]
    fn start_track(&mut self, channel: usize, track: u16, priority: u8) {
        if track != NO_TRACK && self.priority[channel] <= priority {
            self.priority[channel] = priority;
            self.next_step[channel] = track;
            self.frames_left[channel] = 0;
        }
    }

    /// Whether any effect is playing.
    pub fn is_playing(&self) -> bool {
        self.priority.iter().any(|&priority| priority != 0)
    }

    /// One frame: every channel whose step has run out gets its next step written (or is
    /// silenced at the end of its track).
    ///
    /// Written for the console's compiler: channels by constant indices (iterating
    /// `Channel::ALL` by value copies it), and the step's four bytes read one by one from a
    /// checked sub-slice (an array of them becomes a 32-bit value that SDCC shifts apart with
    /// slow helpers: 8196 cycles for a tick, measured by `make bench-rom`).
    pub fn tick(&mut self, out: &mut impl SoundOut) {
        // Most frames nothing plays: three byte tests rather than the loop, which costs about
        // 2000 cycles of SDCC's code even with every channel idle (`make bench-rom`).
        if self.priority[0] | self.priority[1] | self.priority[2] == 0 {
            return;
        }
        // Each channel by a constant index, as in `play`.
        self.tick_channel(out, 0);
        self.tick_channel(out, 1);
        self.tick_channel(out, 2);
    }

    /// [`Player::tick`]'s work on the channel at `index`.
    #[inline(always)]
    fn tick_channel(&mut self, out: &mut impl SoundOut, index: usize) {
        if self.priority[index] == 0 {
            return;
        }
        if self.frames_left[index] != 0 {
            self.frames_left[index] -= 1;
            return;
        }
        let at = usize::from(self.next_step[index]);
        let step = &self.table.steps[at..at + Step::BYTES];
        let (frames, envelope) = (step[0], Envelope::from_bits(step[1]));
        let channel = Channel::ALL[index];
        if frames == 0 || !envelope.dac_on() {
            // The end, or a rest: the DAC off stops the channel (Pan Docs "Audio Details").
            out.write(channel.envelope(), Envelope::DAC_OFF);
        } else {
            write_step(out, channel, envelope, step[2], step[3]);
        }
        if frames == 0 {
            self.priority[index] = 0;
        } else {
            self.frames_left[index] = frames - 1;
            self.next_step[index] += Step::BYTES as u16;
        }
    }
}

/// Writes a sounding step's registers, the trigger last (it starts the channel with them).
fn write_step(out: &mut impl SoundOut, channel: Channel, envelope: Envelope, tone: u8, shape: u8) {
    let duty = DutyLength::new(Duty::from_bits(shape), 0);
    let trigger = ChannelControl::from_bits(ChannelControl::TRIGGER | shape & 0b111);
    match channel {
        Channel::Pulse1 => {
            out.write(NR11, duty);
            out.write(NR12, envelope);
            out.write(NR13, tone);
            out.write(NR14, trigger);
        }
        Channel::Pulse2 => {
            out.write(NR21, duty);
            out.write(NR22, envelope);
            out.write(NR23, tone);
            out.write(NR24, trigger);
        }
        Channel::Noise => {
            out.write(NR42, envelope);
            out.write(NR43, NoiseControl::from_bits(tone));
            out.write(NR44, ChannelControl::trigger_noise());
        }
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use crate::sound::Direction;
    use std::vec::Vec;

    /// Records every write as (address, value); power changes as writes to NR52.
    #[derive(Default)]
    struct Recorder {
        writes: Vec<(u16, u8)>,
    }

    impl SoundOut for Recorder {
        fn write<T: Copy + Into<u8>, A: Writable>(&mut self, register: VolAddress<T, A>, value: T) {
            self.writes.push((register.address(), value.into()));
        }
        fn power_on(&mut self, volume: MasterVolume) {
            self.writes.push((0xFF26, 0x80));
            self.writes.push((0xFF24, volume.bits()));
        }
        fn power_off(&mut self) {
            self.writes.push((0xFF26, 0x00));
        }
    }

    impl Recorder {
        fn take(&mut self) -> Vec<(u16, u8)> {
            core::mem::take(&mut self.writes)
        }
    }

    const A4: Period = Period::for_pulse_hz(440).unwrap();
    const E5: Period = Period::for_pulse_hz(659).unwrap();
    const LOUD: Envelope = Envelope::new(12, Direction::Down, 2);
    const HISS: NoiseControl = NoiseControl::new(4, false, 1);

    // Tracks: 0 blip (pulse1, 2 frames); 1 chord (pulse1 2 frames, rest 1, E5 1; noise 3);
    // 2 alarm (pulse1, priority 5).
    static STEPS: [u8; 44] = {
        let steps = [
            Step::pulse(2, Duty::Quarter, LOUD, A4),
            Step::END,
            Step::pulse(2, Duty::Half, LOUD, A4),
            Step::rest(1),
            Step::pulse(1, Duty::Half, LOUD, E5),
            Step::END,
            Step::noise(3, LOUD, HISS),
            Step::END,
            Step::pulse(4, Duty::Eighth, LOUD, E5),
            Step::END,
            Step::END,
        ];
        let mut out = [0; 44];
        let mut i = 0;
        while i < 11 {
            let step = steps[i].to_bytes();
            let mut b = 0;
            while b < 4 {
                out[i * 4 + b] = step[b];
                b += 1;
            }
            i += 1;
        }
        out
    };
    static TABLE: EffectTable = EffectTable {
        steps: &STEPS,
        priorities: &[1, 2, 5],
        tracks: &[[0, NO_TRACK, NO_TRACK], [8, NO_TRACK, 24], [32, NO_TRACK, NO_TRACK]],
    };
    const BLIP: Effect = Effect::new(0);
    const CHORD: Effect = Effect::new(1);
    const ALARM: Effect = Effect::new(2);

    fn player() -> (Player, Recorder) {
        let mut player = Player::new(&TABLE);
        let mut out = Recorder::default();
        player.set_volume(&mut out, LOUDEST);
        out.take();
        (player, out)
    }

    #[test]
    fn step_bytes() {
        assert_eq!(Step::pulse(3, Duty::Half, LOUD, A4).to_bytes(), [3, 0xC2, 0xD6, 0x86]);
        assert_eq!(Step::noise(5, LOUD, HISS).to_bytes(), [5, 0xC2, 0x41, 0]);
        assert_eq!(Step::rest(2).to_bytes(), [2, 0, 0, 0]);
        assert_eq!(Step::END.frames(), 0);
    }

    #[test]
    fn a_tick_writes_the_first_step_then_waits_its_frames() {
        let (mut player, mut out) = player();
        player.play(BLIP);
        assert!(out.take().is_empty(), "play writes nothing: the tick does");
        player.tick(&mut out);
        assert_eq!(out.take(), [(0xFF11, 0x40), (0xFF12, 0xC2), (0xFF13, 0xD6), (0xFF14, 0x86)]);
        player.tick(&mut out);
        assert!(out.take().is_empty(), "a 2-frame step sounds on through the second tick");
        player.tick(&mut out);
        assert_eq!(out.take(), [(0xFF12, 0x00)], "the end turns the channel's DAC off");
        assert!(!player.is_playing());
        player.tick(&mut out);
        assert!(out.take().is_empty());
    }

    #[test]
    fn tracks_on_two_channels_and_rests() {
        let (mut player, mut out) = player();
        player.play(CHORD);
        player.tick(&mut out);
        assert_eq!(
            out.take(),
            [(0xFF11, 0x80), (0xFF12, 0xC2), (0xFF13, 0xD6), (0xFF14, 0x86), (0xFF21, 0xC2), (0xFF22, 0x41), (0xFF23, 0x80)]
        );
        player.tick(&mut out);
        assert!(out.take().is_empty());
        player.tick(&mut out);
        assert_eq!(out.take(), [(0xFF12, 0x00)], "the rest");
        player.tick(&mut out);
        let e5 = E5.value();
        assert_eq!(out.take(), [(0xFF11, 0x80), (0xFF12, 0xC2), (0xFF13, e5 as u8), (0xFF14, 0x80 | (e5 >> 8) as u8), (0xFF21, 0x00)]);
        player.tick(&mut out);
        assert_eq!(out.take(), [(0xFF12, 0x00)]);
        assert!(!player.is_playing());
    }

    #[test]
    fn a_higher_priority_keeps_its_channel() {
        let (mut player, mut out) = player();
        player.play(ALARM);
        player.tick(&mut out);
        out.take();
        player.play(BLIP);
        player.tick(&mut out);
        assert!(out.take().is_empty(), "the blip (priority 1) does not cut the alarm (5)");
        player.play(CHORD);
        player.tick(&mut out);
        assert_eq!(out.take(), [(0xFF21, 0xC2), (0xFF22, 0x41), (0xFF23, 0x80)], "only the chord's noise track plays");
    }

    #[test]
    fn the_same_or_a_higher_priority_takes_the_channel() {
        let (mut player, mut out) = player();
        player.play(BLIP);
        player.tick(&mut out);
        out.take();
        player.play(BLIP);
        player.tick(&mut out);
        assert_eq!(out.take().len(), 4, "a blip restarts a blip");
        player.play(ALARM);
        player.tick(&mut out);
        assert_eq!(out.take()[3], (0xFF14, 0x80 | E5.high()), "the alarm cuts the blip");
    }

    #[test]
    fn silent_powers_off_and_ignores_effects() {
        let (mut player, mut out) = player();
        player.play(CHORD);
        player.set_volume(&mut out, SILENT);
        assert_eq!(out.take(), [(0xFF26, 0x00)]);
        assert!(!player.is_playing(), "powering off drops the effects");
        player.play(ALARM);
        for _ in 0..10 {
            player.tick(&mut out);
        }
        assert!(out.take().is_empty(), "no write at all while silent");
        player.set_volume(&mut out, 4);
        assert_eq!(out.take(), [(0xFF26, 0x80), (0xFF24, 0x33)], "on again, NR50 at volume - 1");
        player.set_volume(&mut out, 200);
        assert_eq!(out.take(), [(0xFF24, 0x77)], "already on: only NR50");
        assert_eq!(player.volume(), LOUDEST);
    }

    #[test]
    fn a_fresh_player_is_silent() {
        let mut player = Player::new(&TABLE);
        let mut out = Recorder::default();
        player.play(BLIP);
        player.tick(&mut out);
        assert!(out.take().is_empty());
        assert_eq!(player.volume(), SILENT);
    }
}

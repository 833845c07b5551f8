//! The audio processing unit (APU): four channels and their registers, 0xFF10-0xFF3F.
//!
//! Pan Docs "Audio" (overview), "Audio Registers" (each register below names its section's
//! heading) and "Audio Details" (triggering, DACs). In short:
//! - `NR52` bit 7 powers the whole APU. While it is off every other audio register reads 0
//!   and ignores writes (Pan Docs "FF26 — NR52"); switching it off clears them all.
//! - A channel plays once *triggered* (bit 7 of its `NRx4`), and only while its DAC is on:
//!   for channels 1, 2 and 4 the DAC is on when the upper five bits of `NRx2` are not all 0
//!   (initial volume 0 with a decreasing envelope turns it off, which also stops the channel;
//!   Pan Docs "Audio Details", "DACs").
//! - Pulse and wave channels take an 11-bit *period*: the waveform advances one step every
//!   `2048 - period` ticks of a 1 MHz (pulse) or 2 MHz (wave) clock, so a pulse tone sounds at
//!   `131072 / (2048 - period)` Hz ([`Period::pulse_hz`]).
//! - Every register may be written at any time, on any PPU mode (unlike VRAM).

use crate::mmio::{ReadWrite, VolAddress, VolBlock, WriteOnly};
use bitflags::bitflags;

bitflags! {
    /// `NR52` (0xFF26), Pan Docs "FF26 — NR52: Audio master control". Bits 0-3 are
    /// read-only: which channels are playing.
    #[repr(transparent)]
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct AudioControl: u8 {
        /// The APU is powered. Clearing it clears every audio register.
        const AUDIO_ON = 1 << 7;
        /// Read-only: channel 4 (noise) is playing.
        const NOISE_ON = 1 << 3;
        /// Read-only: channel 3 (wave) is playing.
        const WAVE_ON = 1 << 2;
        /// Read-only: channel 2 (pulse) is playing.
        const PULSE2_ON = 1 << 1;
        /// Read-only: channel 1 (pulse with sweep) is playing.
        const PULSE1_ON = 1 << 0;
    }
}

bitflags! {
    /// `NR51` (0xFF25), Pan Docs "FF25 — NR51: Sound panning": which channel reaches which
    /// output.
    #[repr(transparent)]
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct Panning: u8 {
        const NOISE_LEFT = 1 << 7;
        const WAVE_LEFT = 1 << 6;
        const PULSE2_LEFT = 1 << 5;
        const PULSE1_LEFT = 1 << 4;
        const NOISE_RIGHT = 1 << 3;
        const WAVE_RIGHT = 1 << 2;
        const PULSE2_RIGHT = 1 << 1;
        const PULSE1_RIGHT = 1 << 0;
    }
}

/// `NR50` (0xFF24), Pan Docs "FF24 — NR50: Master volume & VIN panning": each output's volume,
/// 0-7, where 0 is very quiet but not silent (silence is `NR52` off). The cartridge's VIN
/// input (bits 7 and 3) stays unused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(transparent)]
pub struct MasterVolume(u8);

impl MasterVolume {
    /// The loudest setting on both outputs.
    pub const FULL: MasterVolume = MasterVolume::both(7);

    /// Both outputs at `level & 7`.
    pub const fn both(level: u8) -> MasterVolume {
        let level = level & 0b111;
        MasterVolume(level << 4 | level)
    }

    /// The register value.
    pub const fn bits(self) -> u8 {
        self.0
    }
}

/// Which way an envelope or a sweep moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum Direction {
    Down = 0,
    Up = 1,
}

/// `NR10` (0xFF10), Pan Docs "FF10 — NR10: Channel 1 sweep": every `pace` 128 Hz ticks the
/// period changes by `period >> step`, up or down (the register's bit 3 is set for down).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(transparent)]
pub struct Sweep(u8);

impl Sweep {
    /// No sweep: channel 1 holds its period like channel 2.
    pub const OFF: Sweep = Sweep(0);

    /// A sweep of `period >> (step & 7)` every `pace & 7` ticks (pace 0: none).
    pub const fn new(pace: u8, direction: Direction, step: u8) -> Sweep {
        let down = match direction {
            Direction::Down => 1 << 3,
            Direction::Up => 0,
        };
        Sweep((pace & 0b111) << 4 | down | step & 0b111)
    }

    /// The register value.
    pub const fn bits(self) -> u8 {
        self.0
    }
}

/// The share of a pulse wave's period spent high (Pan Docs "FF11 — NR11", "Duty cycle").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum Duty {
    /// 12.5 %: thin.
    Eighth = 0,
    /// 25 %.
    Quarter = 1,
    /// 50 %: a square wave, the fullest.
    Half = 2,
    /// 75 %: sounds as 25 %, inverted.
    ThreeQuarters = 3,
}

impl Duty {
    /// The duty in bits 6-7 of `value`.
    pub const fn from_bits(value: u8) -> Duty {
        match value >> 6 {
            0 => Duty::Eighth,
            1 => Duty::Quarter,
            2 => Duty::Half,
            _ => Duty::ThreeQuarters,
        }
    }
}

/// `NR11`/`NR21` (0xFF11, 0xFF16), Pan Docs "FF11 — NR11: Channel 1 length timer & duty
/// cycle": the duty in bits 6-7, the length timer's start in bits 0-5 (counted only while
/// [`ChannelControl::LENGTH_ENABLE`] is set; the length bits read back as 1s).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(transparent)]
pub struct DutyLength(u8);

impl DutyLength {
    /// Duty `duty`, length timer starting at `length & 63` (the channel stops after
    /// `64 - length` ticks of 256 Hz, when length counting is enabled).
    pub const fn new(duty: Duty, length: u8) -> DutyLength {
        DutyLength((duty as u8) << 6 | length & 0b11_1111)
    }

    /// The register value.
    pub const fn bits(self) -> u8 {
        self.0
    }
}

/// `NRx2` (0xFF12, 0xFF17, 0xFF21), Pan Docs "FF12 — NR12: Channel 1 volume & envelope": the
/// volume the channel starts at when triggered (0-15, bits 4-7), the envelope's direction
/// (bit 3) and pace (bits 0-2: the volume moves one step every `pace` ticks of 64 Hz; 0 holds
/// it). Takes effect at the next trigger.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(transparent)]
pub struct Envelope(u8);

impl Envelope {
    /// Volume 0, decreasing: the channel's DAC is off, and the channel stops.
    pub const DAC_OFF: Envelope = Envelope(0);

    /// Starts at `volume & 15` and moves `direction` one step every `pace & 7` 64 Hz ticks.
    pub const fn new(volume: u8, direction: Direction, pace: u8) -> Envelope {
        Envelope((volume & 0b1111) << 4 | (direction as u8) << 3 | pace & 0b111)
    }

    /// The envelope with this register value.
    pub const fn from_bits(bits: u8) -> Envelope {
        Envelope(bits)
    }

    /// The register value.
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// The starting volume, 0-15.
    pub const fn volume(self) -> u8 {
        self.0 >> 4
    }

    /// Whether this value keeps the channel's DAC on (Pan Docs "Audio Details", "DACs").
    pub const fn dac_on(self) -> bool {
        self.0 & 0xF8 != 0
    }
}

/// An 11-bit period of channels 1-3 (`NRx3` holds bits 0-7, `NRx4` bits 8-10). Pan Docs
/// "FF13 — NR13: Channel 1 period low": the waveform steps every `2048 - period` ticks of
/// 1048576 Hz, eight steps a wave, so the tone is `131072 / (2048 - period)` Hz.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Period(u16);

impl Period {
    /// The longest period value (the highest tone, 131072 Hz).
    pub const MAX: u16 = 0x7FF;

    /// The period with value `value`, if it fits 11 bits.
    pub const fn new(value: u16) -> Option<Period> {
        if value <= Self::MAX { Some(Period(value)) } else { None }
    }

    /// The period whose pulse tone is nearest `hz`, if a pulse channel can sound it (64 Hz to
    /// 131072 Hz).
    pub const fn for_pulse_hz(hz: u32) -> Option<Period> {
        if hz < 64 || hz > 131_072 {
            return None;
        }
        // 2048 - 131072 / hz, rounded to the nearest whole divisor.
        let divisor = (131_072 + hz / 2) / hz;
        Period::new((2048 - divisor) as u16)
    }

    /// The pulse tone this period sounds, in Hz (rounded down).
    pub const fn pulse_hz(self) -> u32 {
        131_072 / (2048 - self.0 as u32)
    }

    /// The value.
    pub const fn value(self) -> u16 {
        self.0
    }

    /// Bits 0-7, for `NRx3`.
    pub const fn low(self) -> u8 {
        self.0 as u8
    }

    /// Bits 8-10, for `NRx4`.
    pub const fn high(self) -> u8 {
        (self.0 >> 8) as u8
    }
}

/// `NRx4` (0xFF14, 0xFF19, 0xFF1E, 0xFF23), Pan Docs "FF14 — NR14: Channel 1 period high &
/// control": writing [`ChannelControl::TRIGGER`] (re)starts the channel with its current
/// settings; bits 0-2 are the period's bits 8-10 (channels 1-3). Only
/// [`ChannelControl::LENGTH_ENABLE`] reads back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(transparent)]
pub struct ChannelControl(u8);

impl ChannelControl {
    /// Restarts the channel (bit 7).
    pub const TRIGGER: u8 = 1 << 7;
    /// The length timer stops the channel when it runs out (bit 6).
    pub const LENGTH_ENABLE: u8 = 1 << 6;

    /// A trigger with the period's high bits, length counting off (the sound plays until
    /// changed).
    pub const fn trigger(period: Period) -> ChannelControl {
        ChannelControl(Self::TRIGGER | period.high())
    }

    /// A trigger of the noise channel, which has no period (length counting off).
    pub const fn trigger_noise() -> ChannelControl {
        ChannelControl(Self::TRIGGER)
    }

    /// The register value with these bits.
    pub const fn from_bits(bits: u8) -> ChannelControl {
        ChannelControl(bits)
    }

    /// The register value.
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// Whether this value triggers the channel.
    pub const fn triggers(self) -> bool {
        self.0 & Self::TRIGGER != 0
    }
}

/// `NR43` (0xFF22), Pan Docs "FF22 — NR43: Channel 4 frequency & randomness": the noise's
/// LFSR steps at `262144 / (divider * 2^shift)` Hz (divider 0 counts as 0.5); a 7-bit LFSR
/// (bit 3) gives a more tonal, buzzing noise than the 15-bit one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(transparent)]
pub struct NoiseControl(u8);

impl NoiseControl {
    /// `262144 / (divider * 2^shift)` Hz: `shift & 15`, `divider & 7`, `short` for the 7-bit LFSR.
    pub const fn new(shift: u8, short: bool, divider: u8) -> NoiseControl {
        NoiseControl((shift & 0b1111) << 4 | (short as u8) << 3 | divider & 0b111)
    }

    /// The register value with these bits.
    pub const fn from_bits(bits: u8) -> NoiseControl {
        NoiseControl(bits)
    }

    /// The register value.
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// The LFSR's clock in Hz (rounded down; shifts 14 and 15 stop it on hardware).
    pub const fn lfsr_hz(self) -> u32 {
        let shift = (self.0 >> 4) as u32;
        match self.0 & 0b111 {
            0 => 524_288 >> shift,
            divider => (262_144 / divider as u32) >> shift,
        }
    }
}

/// `NR30` (0xFF1A), Pan Docs "FF1A — NR30: Channel 3 DAC enable": bit 7 powers channel 3's
/// DAC. Wave RAM may only be written while it is off (or the channel is stopped).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(transparent)]
pub struct WaveDac(u8);

impl WaveDac {
    pub const OFF: WaveDac = WaveDac(0);
    pub const ON: WaveDac = WaveDac(1 << 7);

    /// The register value.
    pub const fn bits(self) -> u8 {
        self.0
    }
}

/// `NR32` (0xFF1C), Pan Docs "FF1C — NR32: Channel 3 output level": how far the wave's 4-bit
/// samples are shifted down.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum WaveLevel {
    Mute = 0,
    Full = 1 << 5,
    Half = 2 << 5,
    Quarter = 3 << 5,
}

macro_rules! register_values_into_u8 {
    ($($type:ty),*) => {
        $(impl From<$type> for u8 {
            fn from(value: $type) -> u8 {
                value.bits()
            }
        })*
    };
}
register_values_into_u8!(MasterVolume, Sweep, DutyLength, Envelope, ChannelControl, NoiseControl, WaveDac);

impl From<WaveLevel> for u8 {
    fn from(level: WaveLevel) -> u8 {
        level as u8
    }
}

// SAFETY (for every `new` below): the DMG's audio registers, one byte each (Pan Docs
// "Memory Map", "I/O Ranges": 0xFF10-0xFF26 and wave RAM 0xFF30-0xFF3F); every byte value is a
// valid value of each type (all are `repr(transparent)` over `u8`, or `u8`). Registers whose
// reads return only 1s in the bits that matter are `WriteOnly`.
/// `NR10`: channel 1's sweep (Pan Docs "FF10 — NR10").
pub const NR10: VolAddress<Sweep> = unsafe { VolAddress::new(0xFF10) };
/// `NR11`: channel 1's duty and length (Pan Docs "FF11 — NR11").
pub const NR11: VolAddress<DutyLength, WriteOnly> = unsafe { VolAddress::new(0xFF11) };
/// `NR12`: channel 1's envelope (Pan Docs "FF12 — NR12").
pub const NR12: VolAddress<Envelope> = unsafe { VolAddress::new(0xFF12) };
/// `NR13`: channel 1's period, bits 0-7 (Pan Docs "FF13 — NR13").
pub const NR13: VolAddress<u8, WriteOnly> = unsafe { VolAddress::new(0xFF13) };
/// `NR14`: channel 1's trigger, length enable and period bits 8-10 (Pan Docs "FF14 — NR14").
pub const NR14: VolAddress<ChannelControl, WriteOnly> = unsafe { VolAddress::new(0xFF14) };
/// `NR21`: channel 2's duty and length (Pan Docs "Sound Channel 2 — Pulse": as `NR11`).
pub const NR21: VolAddress<DutyLength, WriteOnly> = unsafe { VolAddress::new(0xFF16) };
/// `NR22`: channel 2's envelope.
pub const NR22: VolAddress<Envelope> = unsafe { VolAddress::new(0xFF17) };
/// `NR23`: channel 2's period, bits 0-7.
pub const NR23: VolAddress<u8, WriteOnly> = unsafe { VolAddress::new(0xFF18) };
/// `NR24`: channel 2's trigger, length enable and period bits 8-10.
pub const NR24: VolAddress<ChannelControl, WriteOnly> = unsafe { VolAddress::new(0xFF19) };
/// `NR30`: channel 3's DAC (Pan Docs "FF1A — NR30").
pub const NR30: VolAddress<WaveDac> = unsafe { VolAddress::new(0xFF1A) };
/// `NR31`: channel 3's length timer start, 0-255 (Pan Docs "FF1B — NR31").
pub const NR31: VolAddress<u8, WriteOnly> = unsafe { VolAddress::new(0xFF1B) };
/// `NR32`: channel 3's output level (Pan Docs "FF1C — NR32").
pub const NR32: VolAddress<WaveLevel, WriteOnly> = unsafe { VolAddress::new(0xFF1C) };
/// `NR33`: channel 3's period, bits 0-7 (Pan Docs "FF1D — NR33").
pub const NR33: VolAddress<u8, WriteOnly> = unsafe { VolAddress::new(0xFF1D) };
/// `NR34`: channel 3's trigger, length enable and period bits 8-10 (Pan Docs "FF1E — NR34").
pub const NR34: VolAddress<ChannelControl, WriteOnly> = unsafe { VolAddress::new(0xFF1E) };
/// `NR41`: channel 4's length timer start in bits 0-5 (Pan Docs "FF20 — NR41").
pub const NR41: VolAddress<u8, WriteOnly> = unsafe { VolAddress::new(0xFF20) };
/// `NR42`: channel 4's envelope (Pan Docs "FF21 — NR42").
pub const NR42: VolAddress<Envelope> = unsafe { VolAddress::new(0xFF21) };
/// `NR43`: channel 4's LFSR clock and width (Pan Docs "FF22 — NR43").
pub const NR43: VolAddress<NoiseControl> = unsafe { VolAddress::new(0xFF22) };
/// `NR44`: channel 4's trigger and length enable (Pan Docs "FF23 — NR44").
pub const NR44: VolAddress<ChannelControl, WriteOnly> = unsafe { VolAddress::new(0xFF23) };
/// `NR50`: master volume (Pan Docs "FF24 — NR50").
pub const NR50: VolAddress<MasterVolume> = unsafe { VolAddress::new(0xFF24) };
/// `NR51`: panning (Pan Docs "FF25 — NR51").
pub const NR51: VolAddress<Panning> = unsafe { VolAddress::new(0xFF25) };
/// `NR52`: APU power and the channels' status (Pan Docs "FF26 — NR52").
pub const NR52: VolAddress<AudioControl, ReadWrite> = unsafe { VolAddress::new(0xFF26) };
/// Wave pattern RAM: 32 4-bit samples, upper nibble first (Pan Docs "FF30–FF3F — Wave
/// pattern RAM").
pub const WAVE_RAM: VolBlock<u8, 16> = unsafe { VolBlock::new(0xFF30) };

/// The two pulse channels and the noise channel, the ones with an envelope: what a sound
/// effect plays on (channel 3 plays samples from wave RAM and has no envelope).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum Channel {
    /// Channel 1 (its sweep kept off by [`power_on`]).
    Pulse1 = 0,
    /// Channel 2.
    Pulse2 = 1,
    /// Channel 4.
    Noise = 2,
}

impl Channel {
    /// Every channel, in the order of their numbers.
    pub const ALL: [Channel; 3] = [Channel::Pulse1, Channel::Pulse2, Channel::Noise];

    /// The channel with index `index` in [`Channel::ALL`].
    pub const fn from_index(index: u8) -> Option<Channel> {
        match index {
            0 => Some(Channel::Pulse1),
            1 => Some(Channel::Pulse2),
            2 => Some(Channel::Noise),
            _ => None,
        }
    }

    /// The channel's envelope register.
    pub const fn envelope(self) -> VolAddress<Envelope> {
        match self {
            Channel::Pulse1 => NR12,
            Channel::Pulse2 => NR22,
            Channel::Noise => NR42,
        }
    }

    /// The channel's trigger register.
    pub const fn control(self) -> VolAddress<ChannelControl, WriteOnly> {
        match self {
            Channel::Pulse1 => NR14,
            Channel::Pulse2 => NR24,
            Channel::Noise => NR44,
        }
    }
}

/// Powers the APU on with every channel on both outputs, channel 1's sweep off and the
/// master volume `volume` (Pan Docs "FF26 — NR52": `NR52` first, as the others ignore writes
/// while the APU is off).
pub fn power_on(volume: MasterVolume) {
    NR52.write(AudioControl::AUDIO_ON);
    NR51.write(Panning::all());
    NR50.write(volume);
    NR10.write(Sweep::OFF);
}

/// Powers the APU off: every channel stops and every audio register is cleared.
pub fn power_off() {
    NR52.write(AudioControl::empty());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn register_addresses_follow_pan_docs() {
        assert_eq!(NR10.address(), 0xFF10);
        assert_eq!(NR14.address(), 0xFF14);
        assert_eq!(NR21.address(), 0xFF16);
        assert_eq!(NR24.address(), 0xFF19);
        assert_eq!(NR30.address(), 0xFF1A);
        assert_eq!(NR34.address(), 0xFF1E);
        assert_eq!(NR41.address(), 0xFF20);
        assert_eq!(NR44.address(), 0xFF23);
        assert_eq!(NR50.address(), 0xFF24);
        assert_eq!(NR52.address(), 0xFF26);
        assert_eq!(WAVE_RAM.index(15).address(), 0xFF3F);
    }

    #[test]
    fn channel_registers() {
        assert_eq!(Channel::Pulse1.envelope().address(), 0xFF12);
        assert_eq!(Channel::Pulse2.control().address(), 0xFF19);
        assert_eq!(Channel::Noise.envelope().address(), 0xFF21);
        assert_eq!(Channel::Noise.control().address(), 0xFF23);
        for (index, channel) in Channel::ALL.into_iter().enumerate() {
            assert_eq!(Channel::from_index(index as u8), Some(channel));
        }
        assert_eq!(Channel::from_index(3), None);
    }

    #[test]
    fn control_and_panning_bits() {
        assert_eq!(AudioControl::AUDIO_ON.bits(), 0x80);
        assert_eq!(Panning::all().bits(), 0xFF);
        assert_eq!(Panning::PULSE1_LEFT.bits(), 0x10);
        assert_eq!(MasterVolume::FULL.bits(), 0x77);
        assert_eq!(MasterVolume::both(3).bits(), 0x33);
        assert_eq!(MasterVolume::both(9).bits(), 0x11, "only three bits per side");
    }

    #[test]
    fn sweep_sets_bit_3_for_down() {
        assert_eq!(Sweep::OFF.bits(), 0);
        assert_eq!(Sweep::new(2, Direction::Down, 3).bits(), 0b0010_1011);
        assert_eq!(Sweep::new(7, Direction::Up, 7).bits(), 0b0111_0111);
    }

    #[test]
    fn duty_and_length_share_nr11() {
        assert_eq!(DutyLength::new(Duty::Half, 0).bits(), 0x80);
        assert_eq!(DutyLength::new(Duty::ThreeQuarters, 63).bits(), 0xFF);
        assert_eq!(DutyLength::new(Duty::Eighth, 64).bits(), 0x00, "length is six bits");
        assert_eq!(Duty::from_bits(0x40), Duty::Quarter);
    }

    #[test]
    fn envelope_packing_and_dac() {
        // Pan Docs' example of a common value: 0xF3, volume 15 going down every 3 ticks.
        assert_eq!(Envelope::new(15, Direction::Down, 3).bits(), 0xF3);
        assert_eq!(Envelope::new(0, Direction::Up, 0).bits(), 0x08);
        assert!(Envelope::new(0, Direction::Up, 0).dac_on(), "volume 0 going up keeps the DAC on");
        assert!(!Envelope::DAC_OFF.dac_on());
        assert!(!Envelope::new(0, Direction::Down, 7).dac_on(), "pace bits do not power the DAC");
        assert_eq!(Envelope::from_bits(0xA1).volume(), 10);
    }

    #[test]
    fn pulse_periods() {
        // 131072 / (2048 - 1750) = 439.8 Hz: the period nearest the A of 440 Hz.
        let a = Period::for_pulse_hz(440).unwrap();
        assert_eq!(a.value(), 1750);
        assert_eq!(a.pulse_hz(), 439);
        assert_eq!((a.low(), a.high()), (0xD6, 0x06));
        assert_eq!(Period::for_pulse_hz(64).unwrap().value(), 0);
        assert_eq!(Period::for_pulse_hz(131_072).unwrap().value(), 2047);
        assert_eq!(Period::for_pulse_hz(63), None);
        assert_eq!(Period::new(0x800), None);
    }

    #[test]
    fn triggers() {
        let period = Period::new(0x5AB).unwrap();
        assert_eq!(ChannelControl::trigger(period).bits(), 0x85);
        assert!(ChannelControl::trigger(period).triggers());
        assert_eq!(ChannelControl::trigger_noise().bits(), 0x80);
        assert!(!ChannelControl::from_bits(ChannelControl::LENGTH_ENABLE).triggers());
    }

    #[test]
    fn noise_clock() {
        assert_eq!(NoiseControl::new(0, false, 0).lfsr_hz(), 524_288);
        assert_eq!(NoiseControl::new(2, true, 3).bits(), 0x2B);
        assert_eq!(NoiseControl::new(2, true, 3).lfsr_hz(), 262_144 / 3 / 4);
        assert_eq!(NoiseControl::from_bits(0x71).lfsr_hz(), 2048);
    }

    #[test]
    fn values_convert_to_their_bits() {
        assert_eq!(u8::from(Envelope::new(8, Direction::Down, 1)), 0x81);
        assert_eq!(u8::from(WaveLevel::Half), 0x40);
        assert_eq!(u8::from(WaveDac::ON), 0x80);
    }
}

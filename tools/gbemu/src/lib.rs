//! A headless Game Boy for tests, benchmarks and `make play`.
//!
//! Wraps the `boytacean` emulator (DMG mode, or a Game Boy Color in CGB mode; boot ROM
//! skipped) behind the few operations our tests need: run frames or cycles, press buttons,
//! capture serial output, read memory (VRAM banks, colour palette RAM), record the program's
//! writes to the sound registers, save screenshots and cartridge RAM. Note that boytacean
//! neither blocks VRAM/OAM writes during PPU modes 2/3 nor randomises RAM at power-on; the
//! strict checks run on gambatte (see tests/).

pub mod profile;
pub mod script;

pub use profile::{Place, Profile, Symbols};

use std::cell::RefCell;
use std::fmt;
use std::path::Path;
use std::rc::Rc;

use boytacean::gb::{GameBoy, GameBoyMode};
use boytacean::pad::PadKey;
use boytacean::serial::SerialDevice;

/// T-cycles (4.194304 MHz clock ticks) in one DMG frame of 154 lines x 456 dots.
pub const CYCLES_PER_FRAME: u64 = 70_224;
pub const SCREEN_WIDTH: usize = 160;
pub const SCREEN_HEIGHT: usize = 144;

/// The joypad's eight buttons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Button {
    Up,
    Down,
    Left,
    Right,
    A,
    B,
    Select,
    Start,
}

impl Button {
    fn pad_key(self) -> PadKey {
        match self {
            Button::Up => PadKey::Up,
            Button::Down => PadKey::Down,
            Button::Left => PadKey::Left,
            Button::Right => PadKey::Right,
            Button::A => PadKey::A,
            Button::B => PadKey::B,
            Button::Select => PadKey::Select,
            Button::Start => PadKey::Start,
        }
    }
}

#[derive(Debug)]
pub enum EmuError {
    /// boytacean rejected the ROM image.
    Rom(String),
    /// The serial output did not reach the expected end within the cycle budget.
    SerialTimeout { cycles: u64, output: Vec<u8> },
    Io(std::io::Error),
}

impl fmt::Display for EmuError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EmuError::Rom(why) => write!(f, "the emulator rejected the ROM: {why}"),
            EmuError::SerialTimeout { cycles, output } => write!(
                f,
                "no end marker on the serial port after {cycles} cycles; output so far: {:?}",
                String::from_utf8_lossy(output)
            ),
            EmuError::Io(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for EmuError {}

impl From<std::io::Error> for EmuError {
    fn from(e: std::io::Error) -> Self {
        EmuError::Io(e)
    }
}

/// Collects every byte the game sends through the link port (SB/SC, internal clock).
#[derive(Clone, Default)]
struct SerialCapture(Rc<RefCell<Vec<u8>>>);

impl SerialDevice for SerialCapture {
    fn send(&mut self) -> u8 {
        // Nothing is plugged in: the line idles high.
        0xFF
    }
    fn receive(&mut self, byte: u8) {
        self.0.borrow_mut().push(byte);
    }
    fn allow_slave(&self) -> bool {
        false
    }
    fn description(&self) -> String {
        String::from("capture")
    }
    fn state(&self) -> String {
        String::from_utf8_lossy(&self.0.borrow()).into_owned()
    }
}

/// Which console the emulator is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Model {
    /// The original Game Boy.
    Dmg,
    /// A Game Boy Color running a Color-compatible cartridge in CGB mode.
    Cgb,
}

/// One write of the program to a sound register (0xFF10-0xFF3F).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ApuWrite {
    /// T-cycles since power-on when the writing instruction started.
    pub cycle: u64,
    pub address: u16,
    pub value: u8,
}

impl ApuWrite {
    /// The channel (1-4) this write triggers: bit 7 written to its `NRx4` (Pan Docs "FF14 —
    /// NR14"), which (re)starts it.
    pub fn triggered_channel(&self) -> Option<u8> {
        let channel = match self.address {
            0xFF14 => 1,
            0xFF19 => 2,
            0xFF1E => 3,
            0xFF23 => 4,
            _ => return None,
        };
        (self.value & 0x80 != 0).then_some(channel)
    }
}

/// The sound registers and wave RAM (Pan Docs "Memory Map", "I/O Ranges").
const APU_REGISTERS: std::ops::RangeInclusive<u16> = 0xFF10..=0xFF3F;

/// One powered-on Game Boy with a cartridge inserted.
pub struct Console {
    gb: GameBoy,
    model: Model,
    serial: SerialCapture,
    cycles: u64,
    lowest_sp: u16,
    /// The program's writes to the sound registers, while they are being recorded.
    apu_writes: Option<Vec<ApuWrite>>,
}

impl Console {
    /// Powers on an original Game Boy with `rom` and, if given, battery-backed cartridge RAM
    /// contents.
    pub fn new(rom: &[u8], cartridge_ram: Option<&[u8]>) -> Result<Self, EmuError> {
        Self::with_model(Model::Dmg, rom, cartridge_ram)
    }

    /// Powers on `model` with `rom` and, if given, battery-backed cartridge RAM contents, with
    /// the registers as the model's boot ROM leaves them (without running its animation). On
    /// the Color that is A = 0x11, which tells the program it may use colour (Pan Docs "Power
    /// Up Sequence", "CPU registers": AF 0x1180, BC 0x0000, DE 0xFF56, HL 0x000D).
    pub fn with_model(model: Model, rom: &[u8], cartridge_ram: Option<&[u8]>) -> Result<Self, EmuError> {
        let mode = match model {
            Model::Dmg => GameBoyMode::Dmg,
            Model::Cgb => GameBoyMode::Cgb,
        };
        let mut gb = GameBoy::new(Some(mode));
        gb.load(false).map_err(|e| EmuError::Rom(format!("{e:?}")))?;
        gb.load_rom(rom, cartridge_ram).map_err(|e| EmuError::Rom(format!("{e:?}")))?;
        // boytacean's boot state is the DMG's registers (and LCDC 0x91, the same on both).
        gb.boot();
        if model == Model::Cgb {
            let cpu = gb.cpu();
            cpu.set_af(0x1180);
            cpu.set_bc(0x0000);
            cpu.set_de(0xFF56);
            cpu.set_hl(0x000D);
        }
        let serial = SerialCapture::default();
        gb.attach_serial(Box::new(serial.clone()));
        Ok(Console { gb, model, serial, cycles: 0, lowest_sp: u16::MAX, apu_writes: None })
    }

    /// The console emulated.
    pub fn model(&self) -> Model {
        self.model
    }

    pub fn from_file(path: &Path) -> Result<Self, EmuError> {
        Self::new(&std::fs::read(path)?, None)
    }

    /// T-cycles run since power-on.
    pub fn cycles(&self) -> u64 {
        self.cycles
    }

    /// Runs at least `cycles` T-cycles (stops at the first instruction boundary past it).
    pub fn run_cycles(&mut self, cycles: u64) -> u64 {
        if self.apu_writes.is_some() {
            let mut ran = 0;
            while ran < cycles {
                ran += self.step();
            }
            return ran;
        }
        let ran = self.gb.clocks_cycles(cycles as usize);
        self.cycles += ran;
        ran
    }

    /// Runs one instruction (or one step of a halted CPU) and returns its T-cycles.
    pub fn step(&mut self) -> u64 {
        let store = self.apu_writes.is_some().then(|| self.decode_store()).flatten();
        let ran = u64::from(self.gb.clock());
        if let Some((address, value, next_pc)) = store {
            // Stores never jump: the PC past the instruction says that it ran (rather than a
            // halted CPU waiting or an interrupt being dispatched).
            if self.gb.cpu_i().pc() == next_pc && APU_REGISTERS.contains(&address) {
                let write = ApuWrite { cycle: self.cycles, address, value };
                self.apu_writes.as_mut().expect("recording").push(write);
            }
        }
        self.cycles += ran;
        ran
    }

    /// Starts recording the program's writes to the sound registers (`take_apu_writes`);
    /// the emulator then runs one instruction at a time.
    pub fn record_apu_writes(&mut self) {
        self.apu_writes.get_or_insert_with(Vec::new);
    }

    /// The sound-register writes recorded since the last call (`record_apu_writes`).
    pub fn take_apu_writes(&mut self) -> Vec<ApuWrite> {
        self.apu_writes.as_mut().map(std::mem::take).unwrap_or_default()
    }

    /// The store the instruction at PC would make: (address, value, PC after it). Panics on
    /// a read-modify-write instruction aimed at a sound register, whose written value the
    /// registers' masked reads cannot tell.
    fn decode_store(&mut self) -> Option<(u16, u8, u16)> {
        let cpu = self.gb.cpu_i();
        let (pc, [a, _], [b, c], [d, e], [h, l]) =
            (cpu.pc(), cpu.af().to_be_bytes(), cpu.bc().to_be_bytes(), cpu.de().to_be_bytes(), cpu.hl().to_be_bytes());
        let (bc, de, hl) = (cpu.bc(), cpu.de(), cpu.hl());
        let opcode = self.gb.read_memory(pc);
        let operand = |gb: &mut GameBoy, offset: u16| gb.read_memory(pc.wrapping_add(offset));
        let (address, value, length) = match opcode {
            0x02 => (bc, a, 1),
            0x12 => (de, a, 1),
            0x22 | 0x32 | 0x77 => (hl, a, 1),
            0x70..=0x75 => (hl, [b, c, d, e, h, l][usize::from(opcode - 0x70)], 1),
            0x36 => (hl, operand(&mut self.gb, 1), 2),
            0xE0 => (0xFF00 | u16::from(operand(&mut self.gb, 1)), a, 2),
            0xE2 => (0xFF00 | u16::from(c), a, 1),
            0xEA => (u16::from_le_bytes([operand(&mut self.gb, 1), operand(&mut self.gb, 2)]), a, 3),
            0x34 | 0x35 => {
                assert!(!APU_REGISTERS.contains(&hl), "inc/dec (hl) on sound register {hl:#06x} at {pc:#06x}: not recorded");
                return None;
            }
            0xCB => {
                let cb = operand(&mut self.gb, 1);
                let writes_hl = cb & 7 == 6 && !(0x40..0x80).contains(&cb);
                assert!(!(writes_hl && APU_REGISTERS.contains(&hl)), "CB {cb:#04x} on sound register {hl:#06x} at {pc:#06x}: not recorded");
                return None;
            }
            _ => return None,
        };
        Some((address, value, pc.wrapping_add(length)))
    }

    /// Runs `frames` frames' worth of cycles. Counted in cycles rather than PPU frames
    /// because no frame ends while the game has the LCD off.
    pub fn run_frames(&mut self, frames: u32) {
        self.run_cycles(CYCLES_PER_FRAME * u64::from(frames));
    }

    /// Runs until the program counter reaches `pc`, returning the T-cycles it took, or
    /// `None` if it does not within `max_cycles`.
    pub fn run_to_pc(&mut self, pc: u16, max_cycles: u64) -> Option<u64> {
        self.run_to_pc_watched(pc, max_cycles, None)
    }

    /// `run_to_pc`, one instruction at a time, also keeping the lowest stack pointer seen
    /// (`lowest_sp`) and, given a profile, charging each instruction's cycles to its place.
    fn run_to_pc_watched(&mut self, pc: u16, max_cycles: u64, profile: Option<&mut Profile>) -> Option<u64> {
        let ran = self.step_watched(Some(pc), max_cycles, profile);
        (self.gb.cpu_i().pc() == pc).then_some(ran)
    }

    /// Runs at least `cycles` T-cycles one instruction at a time, charging each to its place in
    /// `profile` (for code that never returns, such as a main loop).
    pub fn profile_cycles(&mut self, cycles: u64, profile: &mut Profile) -> u64 {
        self.step_watched(None, cycles, Some(profile))
    }

    /// Steps until the program counter is `stop_at` or `max_cycles` have run; returns the
    /// cycles run.
    fn step_watched(&mut self, stop_at: Option<u16>, max_cycles: u64, mut profile: Option<&mut Profile>) -> u64 {
        let mut ran = 0u64;
        loop {
            let at = self.gb.cpu_i().pc();
            let sp = self.gb.cpu_i().sp();
            self.lowest_sp = self.lowest_sp.min(sp);
            if Some(at) == stop_at || ran >= max_cycles {
                break;
            }
            let place = profile::place_of_pc(at, self.gb.rom_i().rom_bank());
            let opcode = if profile.is_some() { self.gb.read_memory(at) } else { 0 };
            // `clock_step` leaves the devices unclocked on reaching its address, as
            // `run_to_pc` needs; a plain run clocks everything.
            let step = u64::from(match stop_at {
                Some(pc) => self.gb.clock_step(pc),
                None => self.gb.clock(),
            });
            if let Some(profile) = profile.as_deref_mut() {
                let now_pc = self.gb.cpu_i().pc();
                let now_place = profile::place_of_pc(now_pc, self.gb.rom_i().rom_bank());
                profile.record(place, opcode, step, sp, now_pc, now_place, self.gb.cpu_i().sp());
            }
            ran += step;
        }
        self.cycles += ran;
        ran
    }

    /// Runs to the next call of the function at `entry`, then to its return, and gives the
    /// T-cycles from its first instruction to its return (`None` past `max_cycles` either way).
    pub fn time_next_call(&mut self, entry: u16, max_cycles: u64) -> Option<u64> {
        self.call_watched(entry, max_cycles, None)
    }

    /// `time_next_call`, charging every instruction the call runs (callees included) to its
    /// address in `profile`.
    pub fn profile_next_call(&mut self, entry: u16, max_cycles: u64, profile: &mut Profile) -> Option<u64> {
        self.call_watched(entry, max_cycles, Some(profile))
    }

    fn call_watched(&mut self, entry: u16, max_cycles: u64, profile: Option<&mut Profile>) -> Option<u64> {
        self.run_to_pc(entry, max_cycles)?;
        // At the first instruction, SP points at the return address the `call` pushed.
        let sp = self.sp();
        let return_to = u16::from_le_bytes([self.read(sp), self.read(sp.wrapping_add(1))]);
        self.run_to_pc_watched(return_to, max_cycles, profile)
    }

    /// The lowest value the stack pointer had at an instruction boundary while `run_to_pc`,
    /// `time_next_call` or `profile_next_call` ran (0xFFFF before any of them).
    pub fn lowest_sp(&self) -> u16 {
        self.lowest_sp
    }

    /// Forgets the lowest stack pointer seen so far.
    pub fn reset_lowest_sp(&mut self) {
        self.lowest_sp = u16::MAX;
    }

    pub fn pc(&self) -> u16 {
        self.gb.cpu_i().pc()
    }

    pub fn sp(&self) -> u16 {
        self.gb.cpu_i().sp()
    }

    /// The ROM bank mapped at 0x4000-0x7FFF.
    pub fn rom_bank(&self) -> u16 {
        self.gb.rom_i().rom_bank()
    }

    /// Everything received on the serial port so far.
    pub fn serial_output(&self) -> Vec<u8> {
        self.serial.0.borrow().clone()
    }

    /// Runs until the serial output ends with `end`, then returns the whole output.
    pub fn run_until_serial_end(&mut self, end: &[u8], max_cycles: u64) -> Result<Vec<u8>, EmuError> {
        self.run_until_serial(|output| output.ends_with(end), max_cycles)
    }

    /// Runs until the serial output so far satisfies `done`, then returns it.
    pub fn run_until_serial(&mut self, done: impl Fn(&[u8]) -> bool, max_cycles: u64) -> Result<Vec<u8>, EmuError> {
        let start = self.cycles;
        // A slice of a frame: short enough to stop soon after the output is complete.
        const STEP: u64 = 4_096;
        loop {
            if done(&self.serial.0.borrow()) {
                return Ok(self.serial_output());
            }
            if self.cycles - start >= max_cycles {
                return Err(EmuError::SerialTimeout { cycles: self.cycles - start, output: self.serial_output() });
            }
            self.run_cycles(STEP);
        }
    }

    pub fn press(&mut self, button: Button) {
        self.gb.key_press(button.pad_key());
    }

    pub fn release(&mut self, button: Button) {
        self.gb.key_lift(button.pad_key());
    }

    /// Holds `button` for `held` frames, then releases it for `after` frames.
    pub fn tap(&mut self, button: Button, held: u32, after: u32) {
        self.press(button);
        self.run_frames(held);
        self.release(button);
        self.run_frames(after);
    }

    /// Reads a byte as the CPU would see it.
    pub fn read(&mut self, addr: u16) -> u8 {
        self.gb.read_memory(addr)
    }

    /// The 8 KiB of video RAM (tile data 0x8000-0x97FF, maps 0x9800-0x9FFF); on the Color,
    /// bank 0.
    pub fn vram(&self) -> Vec<u8> {
        self.gb.ppu_i().vram()[..0x2000].to_vec()
    }

    /// The Color's VRAM bank 1: more tile data, and the maps' attributes at the maps'
    /// addresses (offsets 0x1800-0x1FFF). `None` on the DMG.
    pub fn vram_bank_1(&self) -> Option<Vec<u8>> {
        (self.model == Model::Cgb).then(|| self.gb.ppu_i().vram()[0x2000..0x4000].to_vec())
    }

    /// The Color's palette RAM: 8 background palettes, then 8 object palettes, of 4 colours
    /// each (15-bit, little endian: Pan Docs "LCD Color Palettes"). `None` on the DMG.
    pub fn color_palettes(&self) -> Option<[[u16; 32]; 2]> {
        (self.model == Model::Cgb).then(|| {
            self.gb.ppu_i().palettes_color().map(|bytes| {
                std::array::from_fn(|color| u16::from_le_bytes([bytes[color * 2], bytes[color * 2 + 1]]))
            })
        })
    }

    /// Whether the cartridge RAM is enabled (the MBC's enable register holds 0x0A): only
    /// then can the program write it.
    pub fn cartridge_ram_enabled(&self) -> bool {
        self.gb.rom_i().ram_enabled()
    }

    /// Battery-backed cartridge RAM, as a save file would hold it.
    pub fn cartridge_ram(&mut self) -> Vec<u8> {
        self.gb.ram_data_eager()
    }

    /// The last complete frame as 160x144 RGB pixels.
    pub fn frame_rgb(&mut self) -> Vec<u8> {
        self.gb.frame_buffer().to_vec()
    }

    /// Writes the last complete frame to `path` as a PNG, scaled up by `scale`.
    pub fn save_screenshot(&mut self, path: &Path, scale: usize) -> Result<(), EmuError> {
        let rgb = self.frame_rgb();
        write_png(path, &rgb, SCREEN_WIDTH, SCREEN_HEIGHT, scale)
    }
}

/// Writes RGB pixels as a PNG, each pixel repeated `scale` x `scale` times.
pub fn write_png(path: &Path, rgb: &[u8], width: usize, height: usize, scale: usize) -> Result<(), EmuError> {
    let mut scaled = Vec::with_capacity(rgb.len() * scale * scale);
    for row in rgb.chunks(width * 3).take(height) {
        let mut line = Vec::with_capacity(row.len() * scale);
        for pixel in row.chunks(3) {
            for _ in 0..scale {
                line.extend_from_slice(pixel);
            }
        }
        for _ in 0..scale {
            scaled.extend_from_slice(&line);
        }
    }
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let file = std::io::BufWriter::new(std::fs::File::create(path)?);
    let mut encoder = png::Encoder::new(file, (width * scale) as u32, (height * scale) as u32);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().map_err(|e| EmuError::Io(std::io::Error::other(e)))?;
    writer.write_image_data(&scaled).map_err(|e| EmuError::Io(std::io::Error::other(e)))?;
    Ok(())
}

//! A headless Game Boy for tests, benchmarks and `make play`.
//!
//! Wraps the `boytacean` emulator (DMG mode, boot ROM skipped) behind the few operations our
//! tests need: run frames or cycles, press buttons, capture serial output, read memory, save
//! screenshots and cartridge RAM. Note that boytacean neither blocks VRAM/OAM writes during PPU
//! modes 2/3 nor randomises RAM at power-on; the strict checks run on gambatte (see tests/).

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

/// One powered-on DMG with a cartridge inserted.
pub struct Console {
    gb: GameBoy,
    serial: SerialCapture,
    cycles: u64,
    lowest_sp: u16,
}

impl Console {
    /// Powers on with `rom` and, if given, battery-backed cartridge RAM contents.
    pub fn new(rom: &[u8], cartridge_ram: Option<&[u8]>) -> Result<Self, EmuError> {
        let mut gb = GameBoy::new(Some(GameBoyMode::Dmg));
        gb.load(false).map_err(|e| EmuError::Rom(format!("{e:?}")))?;
        gb.load_rom(rom, cartridge_ram).map_err(|e| EmuError::Rom(format!("{e:?}")))?;
        // Registers and I/O as the DMG boot ROM leaves them, without running its animation.
        gb.boot();
        let serial = SerialCapture::default();
        gb.attach_serial(Box::new(serial.clone()));
        Ok(Console { gb, serial, cycles: 0, lowest_sp: u16::MAX })
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
        let ran = self.gb.clocks_cycles(cycles as usize);
        self.cycles += ran;
        ran
    }

    /// Runs one instruction (or one step of a halted CPU) and returns its T-cycles.
    pub fn step(&mut self) -> u64 {
        let ran = u64::from(self.gb.clock());
        self.cycles += ran;
        ran
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

    /// The 8 KiB of video RAM (tile data 0x8000-0x97FF, maps 0x9800-0x9FFF).
    pub fn vram(&self) -> Vec<u8> {
        self.gb.ppu_i().vram()[..0x2000].to_vec()
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

//! A headless Game Boy for tests, benchmarks and `make play`.
//!
//! Wraps the `boytacean` emulator (DMG mode, boot ROM skipped) behind the few operations our
//! tests need: run frames or cycles, press buttons, capture serial output, read memory, save
//! screenshots and cartridge RAM. Note that boytacean neither blocks VRAM/OAM writes during PPU
//! modes 2/3 nor randomises RAM at power-on; the strict checks run on gambatte (see tests/).

pub mod script;

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
    /// (`lowest_sp`) and, given a profile, charging each instruction's cycles to its address.
    fn run_to_pc_watched(&mut self, pc: u16, max_cycles: u64, mut profile: Option<&mut Profile>) -> Option<u64> {
        let mut ran = 0u64;
        loop {
            let at = self.gb.cpu_i().pc();
            let sp = self.gb.cpu_i().sp();
            self.lowest_sp = self.lowest_sp.min(sp);
            if at == pc {
                break;
            }
            if ran >= max_cycles {
                self.cycles += ran;
                return None;
            }
            let opcode = if profile.is_some() { self.gb.read_memory(at) } else { 0 };
            let step = u64::from(self.gb.clock_step(pc));
            if let Some(profile) = profile.as_deref_mut() {
                profile.cycles[usize::from(at)] += step;
                for &(entry, _) in &profile.calls {
                    profile.inclusive[usize::from(entry)] += step;
                }
                let (now_pc, now_sp) = (self.gb.cpu_i().pc(), self.gb.cpu_i().sp());
                // A call has returned once its return address is off the stack: by RET, or
                // (SDCC's callee-cleanup) by `pop hl; add sp, #n; jp (hl)`.
                while profile.calls.last().is_some_and(|&(_, frame)| now_sp > frame) {
                    profile.calls.pop();
                }
                // A taken call (CALL, CALL cc, RST) pushed a return address; so does an
                // interrupt's dispatch (20 cycles, to its vector).
                let is_call = matches!(opcode, 0xCD | 0xC4 | 0xCC | 0xD4 | 0xDC) || opcode & 0xC7 == 0xC7;
                let interrupt = step == 20 && matches!(now_pc, 0x40 | 0x48 | 0x50 | 0x58 | 0x60);
                if now_sp == sp.wrapping_sub(2) && (is_call || interrupt) {
                    profile.calls.push((now_pc, now_sp));
                    profile.entered[usize::from(now_pc)] += 1;
                }
            }
            ran += step;
        }
        self.cycles += ran;
        Some(ran)
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
        let start = self.cycles;
        // A slice of a frame: short enough to stop soon after the marker arrives.
        const STEP: u64 = 4_096;
        loop {
            if self.serial.0.borrow().ends_with(end) {
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

/// T-cycles spent at each instruction address (exact: every instruction's cycles are charged
/// to the address it starts at), gathered by `Console::profile_next_call`.
pub struct Profile {
    cycles: Vec<u64>,
    /// Per call target: cycles from its entry to its return, callees included (a function
    /// active twice at once, i.e. recursion, counts twice).
    inclusive: Vec<u64>,
    /// Per call target: how many calls it received.
    entered: Vec<u64>,
    /// Entries of the calls now active below the profiled one, with the stack pointer just
    /// after each pushed its return address.
    calls: Vec<(u16, u16)>,
}

impl Default for Profile {
    fn default() -> Self {
        Profile { cycles: vec![0; 0x10000], inclusive: vec![0; 0x10000], entered: vec![0; 0x10000], calls: Vec::new() }
    }
}

/// One function's share of a profile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FunctionCycles {
    pub name: String,
    /// Its first address.
    pub start: u16,
    /// Cycles of its own instructions (callees not included).
    pub cycles: u64,
    /// Cycles of the calls to its first address, callees included (0 when only jumped to).
    pub inclusive: u64,
    /// Calls to its first address.
    pub calls: u64,
    /// Its most expensive instruction addresses with their cycles, most expensive first.
    pub hottest: Vec<(u16, u64)>,
}

impl Profile {
    /// All cycles recorded.
    pub fn total(&self) -> u64 {
        self.cycles.iter().sum()
    }

    /// Cycles recorded at `address`.
    pub fn at(&self, address: u16) -> u64 {
        self.cycles[usize::from(address)]
    }

    /// Charges every address to the symbol at or below it (`symbols`: name and address, any
    /// order; data symbols between functions only split them) and returns the symbols that
    /// got cycles, most expensive first, each with its `hottest` addresses (up to `hot`).
    /// Addresses below the first symbol are charged to `"?"`.
    pub fn by_function(&self, symbols: &[(String, u16)], hot: usize) -> Vec<FunctionCycles> {
        let mut sorted: Vec<&(String, u16)> = symbols.iter().collect();
        sorted.sort_by_key(|(_, address)| *address);
        let mut functions: Vec<FunctionCycles> = Vec::new();
        let mut addresses: Vec<Vec<(u16, u64)>> = Vec::new();
        for (address, &cycles) in self.cycles.iter().enumerate() {
            if cycles == 0 {
                continue;
            }
            let address = address as u16;
            let owner = sorted.partition_point(|(_, start)| *start <= address);
            let (name, start) = match owner {
                0 => ("?", 0),
                n => (sorted[n - 1].0.as_str(), sorted[n - 1].1),
            };
            let index = match functions.iter().position(|f| f.start == start && f.name == name) {
                Some(index) => index,
                None => {
                    functions.push(FunctionCycles {
                        name: name.to_string(),
                        start,
                        cycles: 0,
                        inclusive: self.inclusive[usize::from(start)],
                        calls: self.entered[usize::from(start)],
                        hottest: Vec::new(),
                    });
                    addresses.push(Vec::new());
                    functions.len() - 1
                }
            };
            functions[index].cycles += cycles;
            addresses[index].push((address, cycles));
        }
        for (function, mut list) in functions.iter_mut().zip(addresses) {
            list.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
            list.truncate(hot);
            function.hottest = list;
        }
        functions.sort_by(|a, b| b.cycles.cmp(&a.cycles).then(a.start.cmp(&b.start)));
        functions
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn profile_charges_addresses_to_the_symbol_below() {
        let mut profile = Profile::default();
        profile.cycles[0x0100] = 4;
        profile.cycles[0x0200] = 8;
        profile.cycles[0x0204] = 12;
        profile.cycles[0x0300] = 16;
        let symbols = vec![("b".to_string(), 0x0300), ("a".to_string(), 0x0200)];
        let functions = profile.by_function(&symbols, 1);
        let summary: Vec<(&str, u64, Vec<(u16, u64)>)> =
            functions.iter().map(|f| (f.name.as_str(), f.cycles, f.hottest.clone())).collect();
        assert!(functions.iter().all(|f| f.inclusive == 0 && f.calls == 0));
        assert_eq!(
            summary,
            vec![("a", 20, vec![(0x0204, 12)]), ("b", 16, vec![(0x0300, 16)]), ("?", 4, vec![(0x0100, 4)])]
        );
        assert_eq!(profile.total(), 40);
    }
}

//! The two emulators the ROM tests play on, behind one face: boytacean (in-process) and
//! gambatte, the strict one (drawing blocks VRAM writes, RAM starts random), run by
//! tests/strict/gambatte_frames.py in its `--serve` mode. A test written against
//! [`Emulator`] presses buttons and reads memory the same way on both.

use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use gbemu::{Button, Console};

pub trait Emulator {
    fn press(&mut self, button: Button);
    fn release(&mut self, button: Button);
    fn run_frames(&mut self, frames: u32);
    /// A byte as the CPU reads it.
    fn read(&mut self, address: u16) -> u8;
    /// The 8 KiB of video RAM (tile data 0x8000-0x97FF, maps 0x9800-0x9FFF).
    fn vram(&mut self) -> Vec<u8>;
}

impl Emulator for Console {
    fn press(&mut self, button: Button) {
        Console::press(self, button);
    }
    fn release(&mut self, button: Button) {
        Console::release(self, button);
    }
    fn run_frames(&mut self, frames: u32) {
        Console::run_frames(self, frames);
    }
    fn read(&mut self, address: u16) -> u8 {
        Console::read(self, address)
    }
    fn vram(&mut self) -> Vec<u8> {
        Console::vram(self)
    }
}

/// gambatte with a ROM loaded and a cartridge without saves, in a Python process that takes
/// one command a line.
pub struct Gambatte {
    process: Child,
    commands: BufWriter<ChildStdin>,
    answers: BufReader<ChildStdout>,
}

impl Gambatte {
    pub fn new(rom: &Path) -> Gambatte {
        let runner = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/strict/gambatte_frames.py");
        let mut process = Command::new("python3")
            .arg(runner)
            .arg(rom)
            .arg("--serve")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("python3 runs (make setup installs gambaterm)");
        let commands = BufWriter::new(process.stdin.take().unwrap());
        let answers = BufReader::new(process.stdout.take().unwrap());
        Gambatte { process, commands, answers }
    }

    fn command(&mut self, line: &str) {
        writeln!(self.commands, "{line}").expect("the gambatte runner takes commands");
    }

    fn answer(&mut self, line: &str) -> String {
        self.command(line);
        self.commands.flush().expect("the gambatte runner takes commands");
        let mut answer = String::new();
        self.answers.read_line(&mut answer).expect("the gambatte runner answers");
        assert!(answer.ends_with('\n'), "the gambatte runner stopped after `{line}`");
        answer.trim_end().to_string()
    }
}

fn button_name(button: Button) -> String {
    format!("{button:?}").to_lowercase()
}

impl Emulator for Gambatte {
    fn press(&mut self, button: Button) {
        self.command(&format!("press {}", button_name(button)));
    }
    fn release(&mut self, button: Button) {
        self.command(&format!("release {}", button_name(button)));
    }
    fn run_frames(&mut self, frames: u32) {
        self.command(&format!("run {frames}"));
    }
    fn read(&mut self, address: u16) -> u8 {
        self.answer(&format!("read {address}")).parse().expect("a byte")
    }
    fn vram(&mut self) -> Vec<u8> {
        let hex = self.answer("vram");
        (0..hex.len()).step_by(2).map(|i| u8::from_str_radix(&hex[i..i + 2], 16).expect("hex")).collect()
    }
}

impl Drop for Gambatte {
    fn drop(&mut self) {
        let _ = self.process.kill();
        let _ = self.process.wait();
    }
}

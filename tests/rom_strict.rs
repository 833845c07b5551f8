//! The same ROM on a lenient and a strict emulator must show the same screens: the title by
//! itself, and a scripted session (a typed seed code, so both make the same puzzle; marks, an
//! undo, the pause menu). boytacean (in-process) neither blocks VRAM/OAM writes during PPU
//! modes 2/3 nor randomises RAM; gambatte (tests/strict/gambatte_frames.py, installed by
//! `make setup`) does both, so a write at an illegal time or a read of uninitialised RAM shows
//! up as a difference.

use std::path::Path;
use std::process::Command;

use gbemu::script::{self, Step};
use gbemu::{Console, SCREEN_HEIGHT, SCREEN_WIDTH};
use hitori::puzzles::code::{ALPHABET, SeedCode};
use hitori::puzzles::level::Difficulty;

/// Frames to compare: mid-way through both phases of the title prompt's blink.
const FRAMES: [u32; 3] = [80, 112, 150];

/// RGB pixels to grey levels 0 (white) ..= 3 (black), as the gambatte runner does.
fn grey_levels(rgb: &[u8]) -> Vec<u8> {
    rgb.chunks(3)
        .map(|p| {
            // The nearest of four evenly spaced greys: boytacean draws 255/192/96/0,
            // gambatte 255/170/85/0 (as the runner converts it the same way).
            let darkness = 255 - (u32::from(p[0]) + u32::from(p[1]) + u32::from(p[2])) / 3;
            ((darkness + 42) / 85).min(3) as u8
        })
        .collect()
}

fn write_grey_png(path: &Path, grey: &[u8]) {
    let rgb: Vec<u8> = grey.iter().flat_map(|&g| [255 - g * 85; 3]).collect();
    gbemu::write_png(path, &rgb, SCREEN_WIDTH, SCREEN_HEIGHT, 2).unwrap();
}

/// Runs the gambatte runner with `args` after the ROM and the output directory.
fn run_gambatte(rom: &Path, out: &Path, args: &[String]) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let status = Command::new("python3")
        .arg(root.join("tests/strict/gambatte_frames.py"))
        .arg(rom)
        .arg(out)
        .args(args)
        .status()
        .expect("python3 runs (make setup installs gambaterm)");
    assert!(status.success(), "the gambatte runner failed");
}

/// Compares boytacean's screen with gambatte's `NAME.grey`; keeps PNGs of both when they differ.
fn compare(console: &mut Console, out: &Path, name: &str) {
    let lenient = grey_levels(&console.frame_rgb());
    let strict = std::fs::read(out.join(format!("{name}.grey"))).unwrap();
    let differing = lenient.iter().zip(&strict).filter(|(a, b)| a != b).count();
    if differing > 0 {
        write_grey_png(&out.join(format!("{name}-boytacean.png")), &lenient);
        write_grey_png(&out.join(format!("{name}-gambatte.png")), &strict);
    }
    assert_eq!(differing, 0, "{name}: {differing} pixels differ; see {}", out.display());
    assert!(strict.iter().any(|&g| g == 3), "{name} is blank on gambatte");
}

/// The game's ROM, built first when missing or out of date (`gbrom::game_rom`).
fn rom() -> std::path::PathBuf {
    gbrom::game_rom().unwrap_or_else(|e| panic!("building the ROM: {e}")).rom
}

#[test]
fn strict_emulator_shows_the_same_screens() {
    let rom = rom();
    let out = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/strict");
    run_gambatte(&rom, &out, &FRAMES.map(|f| f.to_string()));

    let mut console = Console::from_file(&rom).unwrap();
    let mut at = 0;
    for frame in FRAMES {
        console.run_frames(frame - at);
        at = frame;
        compare(&mut console, &out, &format!("frame-{frame}"));
    }
}

/// A play session with a typed seed code, so that both emulators make the same puzzle
/// whatever their timing: new game, code entry, generation, marks, an undo, the pause menu.
fn code_session(code: &[u8]) -> String {
    let mut lines = vec!["wait 90", "shot title", "tap start", "wait 30", "shot new-game"].into_iter().map(String::from).collect::<Vec<_>>();
    // From START: up to SEED, A switches to a code; down to the code row, A edits it.
    lines.extend(["tap up", "tap a", "tap down", "tap a"].map(String::from));
    for &symbol in code {
        let steps = ALPHABET.iter().position(|&a| a == symbol).unwrap();
        lines.extend(std::iter::repeat_n("tap up".to_string(), steps));
        lines.push("tap right".into());
    }
    lines.extend(["tap a", "wait 10", "shot code-typed", "tap start", "wait 420", "shot play"].map(String::from));
    lines.extend(["tap a", "tap right", "tap b", "tap down", "tap a", "wait 20", "shot marks"].map(String::from));
    lines.extend(["tap select", "wait 20", "shot undone", "tap start", "wait 20", "shot pause", "tap b", "wait 20", "shot resumed"].map(String::from));
    lines.join("\n") + "\n"
}

#[test]
fn strict_emulator_plays_the_same_session() {
    let rom = rom();
    let out = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/strict-session");
    let code = SeedCode { kind: hitori::puzzles::Kind::Hitori, size: 7, difficulty: Difficulty::Easy, seed: 2026 }.encode().unwrap();
    let text = code_session(&code);
    std::fs::create_dir_all(&out).unwrap();
    let script_path = out.join("session.script");
    std::fs::write(&script_path, &text).unwrap();
    run_gambatte(&rom, &out, &["--script".to_string(), script_path.display().to_string()]);

    let mut console = Console::from_file(&rom).unwrap();
    let mut shots = 0;
    for step in script::parse(&text).unwrap() {
        match step {
            Step::Wait(frames) => console.run_frames(frames),
            Step::Hold(button, frames) => console.tap(button, frames, script::TAP_FRAMES),
            Step::Press(button) => console.press(button),
            Step::Release(button) => console.release(button),
            Step::Shot(name) => {
                compare(&mut console, &out, &name);
                shots += 1;
            }
        }
    }
    assert_eq!(shots, 8, "every shot compared");
}

//! The same ROM on a lenient and a strict emulator must show the same screens. boytacean
//! (in-process) neither blocks VRAM/OAM writes during PPU modes 2/3 nor randomises RAM;
//! gambatte (tests/strict/gambatte_frames.py, installed by `make setup`) does both, so a
//! write at an illegal time or a read of uninitialised RAM shows up as a difference.

use std::path::Path;
use std::process::Command;

use gbemu::{Console, SCREEN_HEIGHT, SCREEN_WIDTH};

/// Frames to compare: mid-way through both phases of the title prompt's blink.
const FRAMES: [u32; 3] = [80, 112, 150];

/// RGB pixels to grey levels 0 (white) ..= 3 (black), as the gambatte runner does.
fn grey_levels(rgb: &[u8]) -> Vec<u8> {
    rgb.chunks(3)
        .map(|p| {
            let brightness = u32::from(p[0]) + u32::from(p[1]) + u32::from(p[2]);
            3 - (brightness * 4 / (3 * 256)).min(3) as u8
        })
        .collect()
}

fn write_grey_png(path: &Path, grey: &[u8]) {
    let rgb: Vec<u8> = grey.iter().flat_map(|&g| [255 - g * 85; 3]).collect();
    gbemu::write_png(path, &rgb, SCREEN_WIDTH, SCREEN_HEIGHT, 2).unwrap();
}

#[test]
fn strict_emulator_shows_the_same_screens() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let rom = root.join("target/hitori.gb");
    assert!(rom.exists(), "{} is missing: run `make rom` first", rom.display());
    let out = root.join("target/strict");
    let status = Command::new("python3")
        .arg(root.join("tests/strict/gambatte_frames.py"))
        .arg(&rom)
        .arg(&out)
        .args(FRAMES.iter().map(u32::to_string))
        .status()
        .expect("python3 runs (make setup installs gambaterm)");
    assert!(status.success(), "the gambatte runner failed");

    let mut console = Console::from_file(&rom).unwrap();
    let mut at = 0;
    for frame in FRAMES {
        console.run_frames(frame - at);
        at = frame;
        let lenient = grey_levels(&console.frame_rgb());
        let strict = std::fs::read(out.join(format!("frame-{frame}.grey"))).unwrap();
        let differing = lenient.iter().zip(&strict).filter(|(a, b)| a != b).count();
        if differing > 0 {
            write_grey_png(&out.join(format!("frame-{frame}-boytacean.png")), &lenient);
            write_grey_png(&out.join(format!("frame-{frame}-gambatte.png")), &strict);
        }
        assert_eq!(differing, 0, "frame {frame}: {differing} pixels differ; see {}", out.display());
        assert!(strict.iter().any(|&g| g == 3), "frame {frame} is blank on gambatte");
    }
}

//! Scripted play sessions: a line per step, so that a headless run (`make play` without a
//! display) can walk through the game and photograph each screen.
//!
//! ```text
//! # comment
//! wait 60            run 60 frames
//! tap start          hold a button for 4 frames, then release it for 4
//! hold a 30          hold a button for 30 frames, then release it
//! press a            keep a button down over the next steps (drawing with A held)
//! release a          let it go
//! shot title         save a screenshot as title.png
//! ```

use std::path::Path;

use crate::{Button, Console, EmuError};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    Wait(u32),
    Hold(Button, u32),
    Press(Button),
    Release(Button),
    Shot(String),
}

/// Frames a tap holds a button and then waits: longer than one joypad poll per frame.
pub const TAP_FRAMES: u32 = 4;

fn parse_button(word: &str) -> Option<Button> {
    Some(match word {
        "up" => Button::Up,
        "down" => Button::Down,
        "left" => Button::Left,
        "right" => Button::Right,
        "a" => Button::A,
        "b" => Button::B,
        "select" => Button::Select,
        "start" => Button::Start,
        _ => return None,
    })
}

/// Parses a script; an error names the line.
pub fn parse(text: &str) -> Result<Vec<Step>, String> {
    let mut steps = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let bad = || format!("line {}: cannot read `{}`", index + 1, raw.trim());
        let number = |word: &str| word.parse::<u32>().map_err(|_| bad());
        let step = match words[..] {
            ["wait", frames] => Step::Wait(number(frames)?),
            ["tap", button] => Step::Hold(parse_button(button).ok_or_else(bad)?, TAP_FRAMES),
            ["hold", button, frames] => Step::Hold(parse_button(button).ok_or_else(bad)?, number(frames)?),
            ["press", button] => Step::Press(parse_button(button).ok_or_else(bad)?),
            ["release", button] => Step::Release(parse_button(button).ok_or_else(bad)?),
            ["shot", name] if name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') => {
                Step::Shot(name.to_string())
            }
            _ => return Err(bad()),
        };
        steps.push(step);
    }
    Ok(steps)
}

/// Runs `steps`, writing screenshots into `shots`; returns the files written.
pub fn run(console: &mut Console, steps: &[Step], shots: &Path) -> Result<Vec<std::path::PathBuf>, EmuError> {
    let mut written = Vec::new();
    for step in steps {
        match step {
            Step::Wait(frames) => console.run_frames(*frames),
            Step::Hold(button, frames) => console.tap(*button, *frames, TAP_FRAMES),
            Step::Press(button) => console.press(*button),
            Step::Release(button) => console.release(*button),
            Step::Shot(name) => {
                let path = shots.join(format!("{name}.png"));
                console.save_screenshot(&path, 2)?;
                written.push(path);
            }
        }
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_step_kind() {
        let steps = parse("# tour\nwait 10\ntap start\nhold a 30 # long press\n\npress a\nrelease a\nshot title\n").unwrap();
        assert_eq!(
            steps,
            vec![
                Step::Wait(10),
                Step::Hold(Button::Start, TAP_FRAMES),
                Step::Hold(Button::A, 30),
                Step::Press(Button::A),
                Step::Release(Button::A),
                Step::Shot("title".into())
            ]
        );
    }

    #[test]
    fn errors_name_the_line() {
        assert_eq!(parse("wait 1\ntap turbo\n").unwrap_err(), "line 2: cannot read `tap turbo`");
        assert_eq!(parse("wait many").unwrap_err(), "line 1: cannot read `wait many`");
        assert!(parse("shot ../escape").is_err());
    }
}

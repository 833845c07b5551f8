//! Running the `hitori` CLI from the CLI tests (`tests/cli*.rs`), one copy for all of them.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// `hitori ARGS` with `stdin` on its standard input.
pub fn hitori(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hitori"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run hitori");
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

pub fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

/// (header, first block of `n` lines, second block of `n` lines) of each puzzle in `generate`
/// output: every puzzle prints a header line, its givens and its solution.
pub fn puzzles(text: &str, n: usize) -> Vec<(String, Vec<String>, Vec<String>)> {
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len() % (1 + 2 * n), 0, "{text}");
    lines
        .chunks(1 + 2 * n)
        .map(|chunk| {
            let own = |s: &[&str]| s.iter().map(|l| l.to_string()).collect::<Vec<_>>();
            (chunk[0].to_string(), own(&chunk[1..=n]), own(&chunk[n + 1..]))
        })
        .collect()
}

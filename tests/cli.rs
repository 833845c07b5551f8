//! The `hitori` command line: output format, round trips, malformed input.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn hitori(args: &[&str], stdin: &str) -> Output {
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

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

/// (header, number lines, solution lines) of each puzzle in `generate` output.
fn puzzles(text: &str, n: usize) -> Vec<(String, Vec<String>, Vec<String>)> {
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

#[test]
fn generate_prints_header_numbers_and_solution() {
    let output = hitori(&["generate", "--size", "6", "--difficulty", "medium", "--seed", "41", "--count", "3"], "");
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let all = puzzles(&text, 6);
    assert_eq!(all.len(), 3);
    let mut codes = Vec::new();
    for (header, numbers, solution) in &all {
        let fields: Vec<&str> = header.split(' ').collect();
        assert_eq!(fields[..3], ["puzzle", "6", "medium"]);
        assert_eq!(fields.len(), 4);
        assert_eq!(fields[3].len(), 8);
        codes.push(fields[3].to_string());
        for line in numbers {
            let values: Vec<u8> = line.split(' ').map(|t| t.parse().unwrap()).collect();
            assert_eq!(values.len(), 6, "single spaces: {line:?}");
            assert!(values.iter().all(|v| (1..=6).contains(v)));
        }
        for line in solution {
            assert_eq!(line.len(), 6);
            assert!(line.chars().all(|c| c == '#' || c == '.'));
        }
    }
    codes.dedup();
    assert_eq!(codes.len(), 3, "seeds 41, 42, 43 give different codes");
    // The same command prints the same puzzles; --count continues the seeds.
    let again = hitori(&["generate", "--size", "6", "--difficulty", "2", "--seed", "42"], "");
    assert_eq!(puzzles(&stdout(&again), 6)[0], all[1]);
}

#[test]
fn solve_finds_the_generated_solution() {
    for (size, difficulty) in [("5", "easy"), ("9", "hard"), ("15", "medium")] {
        let output = hitori(&["generate", "--size", size, "--difficulty", difficulty, "--seed", "7"], "");
        let n: usize = size.parse().unwrap();
        let (_, numbers, solution) = puzzles(&stdout(&output), n).remove(0);
        let solved = hitori(&["solve"], &(numbers.join("\n") + "\n"));
        assert!(solved.status.success(), "{}", stderr(&solved));
        assert_eq!(stdout(&solved), format!("1\n{}\n", solution.join("\n")));
    }
}

#[test]
fn solve_reports_none_and_several() {
    let none = hitori(&["solve"], "1 1\n1 1\n");
    assert_eq!(stdout(&none), "0\n");
    let several = hitori(&["solve"], "4 3 1 2\n2 1 4 3\n1 2 3 4\n2 3 4 3\n");
    assert_eq!(stdout(&several), "2+\n");
    assert!(several.status.success());
}

fn assert_malformed(input: &str, expected: &str) {
    let output = hitori(&["solve"], input);
    assert_eq!(output.status.code(), Some(2), "input {input:?}");
    assert!(stdout(&output).is_empty());
    let message = stderr(&output);
    assert!(message.contains(expected), "input {input:?}: message {message:?} lacks {expected:?}");
}

#[test]
fn malformed_solve_input_names_the_line() {
    assert_malformed("", "line 1: no puzzle");
    assert_malformed("1 2 3\n2 x 1\n3 1 2\n", "line 2: `x` is not a number");
    assert_malformed("1 2 3\n2 3 1\n3 1\n", "line 3: expected 3 numbers");
    assert_malformed("1 2 3\n2 3 1 4\n3 1 2\n", "line 2: expected 3 numbers");
    assert_malformed("1 2 3\n2 3 4\n3 1 2\n", "line 2: 4 is out of range 1 to 3");
    assert_malformed("1 2\n2 0\n", "line 2: 0 is out of range");
    assert_malformed("1 2 3\n\n3 1 2\n", "line 2: expected 3 numbers");
    assert_malformed("1 -2\n2 1\n", "line 1: `-2` is not a number");
    let too_big: String = (0..16).map(|_| "1 ".repeat(16) + "\n").collect();
    assert_malformed(&too_big, "line 16: too many lines");
}

#[test]
fn bad_generate_arguments_exit_2() {
    for args in [
        &["generate", "--size", "4", "--difficulty", "easy", "--seed", "1"][..],
        &["generate", "--size", "9", "--difficulty", "extreme", "--seed", "1"],
        &["generate", "--size", "9", "--difficulty", "easy"],
        &["generate", "--size", "9", "--difficulty", "easy", "--seed", "-1"],
        &["generate", "--size", "9", "--difficulty", "easy", "--seed", "1", "--bogus", "2"],
        &["generate", "--size"],
        &["frobnicate"],
        &[],
    ] {
        let output = hitori(args, "");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(stderr(&output).starts_with("hitori: "), "{args:?}");
    }
}

#[test]
fn help_documents_both_commands_and_the_levels() {
    // After a command too (issue #14 item 7: `generate --help` said "`--help` needs a value").
    for args in [&["--help"][..], &["-h"], &["help"], &["generate", "--help"], &["generate", "--size", "9", "-h"], &["solve", "--help"]] {
        let output = hitori(args, "");
        assert!(output.status.success(), "{args:?}: {}", stderr(&output));
        let text = stdout(&output);
        for word in ["hitori generate --size N --difficulty D --seed S [--count K]", "hitori solve", "easy", "medium", "hard", "2+"] {
            assert!(text.contains(word), "{args:?}: help lacks {word:?}");
        }
    }
}

#[test]
fn numberlink_generate_prints_header_puzzle_and_solution() {
    let args = ["--puzzle", "numberlink", "generate", "--size", "7", "--difficulty", "medium", "--seed", "5", "--count", "3"];
    let output = hitori(&args, "");
    assert!(output.status.success(), "{}", stderr(&output));
    let all = puzzles(&stdout(&output), 7);
    assert_eq!(all.len(), 3);
    for (header, puzzle, solution) in &all {
        let fields: Vec<&str> = header.split(' ').collect();
        assert_eq!(fields[..3], ["numberlink", "7", "medium"]);
        let code = hitori::puzzles::code::SeedCode::decode(fields[3].as_bytes()).expect("a seed code");
        assert_eq!((code.kind, code.size), (hitori::puzzles::Kind::Numberlink, 7));
        // Each number twice in the puzzle; the solution gives every square a path, and a
        // number's squares are its path's.
        let mut count = std::collections::HashMap::new();
        for (row, path_row) in puzzle.iter().zip(solution) {
            let tokens: Vec<&str> = row.split(' ').collect();
            let paths: Vec<&str> = path_row.split(' ').collect();
            assert_eq!((tokens.len(), paths.len()), (7, 7), "single spaces: {row:?} {path_row:?}");
            for (token, path) in tokens.iter().zip(&paths) {
                match *token {
                    "." => assert!(path.parse::<u8>().is_ok(), "{path_row}"),
                    "#" => assert_eq!(*path, "#"),
                    number => {
                        assert_eq!(number, *path);
                        *count.entry(number.to_string()).or_insert(0) += 1;
                    }
                }
            }
        }
        assert!(count.values().all(|&c| c == 2), "{count:?}");
        let k = count.len();
        assert!((1..=k).all(|i| count.contains_key(&i.to_string())), "numbers 1..={k}: {count:?}");
    }
    let again = hitori(&["generate", "--size", "7", "--difficulty", "2", "--seed", "6", "--puzzle", "numberlink"], "");
    assert_eq!(puzzles(&stdout(&again), 7)[0], all[1]);
}

#[test]
fn numberlink_solve_finds_the_generated_solution() {
    for (size, difficulty) in [("5", "easy"), ("8", "hard"), ("12", "medium")] {
        let args = ["--puzzle", "numberlink", "generate", "--size", size, "--difficulty", difficulty, "--seed", "11"];
        let output = hitori(&args, "");
        let n: usize = size.parse().unwrap();
        let (header, puzzle, solution) = puzzles(&stdout(&output), n).remove(0);
        let solved = hitori(&["--puzzle", "numberlink", "solve"], &format!("{header}\n{}\n", puzzle.join("\n")));
        assert!(solved.status.success(), "{}", stderr(&solved));
        assert_eq!(stdout(&solved), format!("1\n{}\n", solution.join("\n")));
    }
}

#[test]
fn numberlink_solve_reports_none_and_several() {
    let solve = |input: &str| stdout(&hitori(&["--puzzle", "numberlink", "solve"], input));
    // Crossing pairs on a 5x5 board with nothing else: no way to fill it without crossing.
    assert_eq!(solve("numberlink 5\n. . 1 . .\n. . . . .\n2 . . . 2\n. . . . .\n. . 1 . .\n"), "0\n");
    // One pair in the corners of an open board: many ways to snake through every square.
    assert_eq!(solve("numberlink 5\n1 . . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . 1\n"), "2+\n");
    // The same with solid squares leaving one corridor: one way.
    let corridor = "numberlink 5\n1 . . . .\n# # # # .\n. . . . .\n. # # # #\n. . . . 1\n";
    assert_eq!(solve(corridor), "1\n1 1 1 1 1\n# # # # 1\n1 1 1 1 1\n1 # # # #\n1 1 1 1 1\n");
}

fn assert_numberlink_malformed(input: &str, expected: &str) {
    let output = hitori(&["--puzzle", "numberlink", "solve"], input);
    assert_eq!(output.status.code(), Some(2), "input {input:?}");
    assert!(stdout(&output).is_empty());
    let message = stderr(&output);
    assert!(message.contains(expected), "input {input:?}: message {message:?} lacks {expected:?}");
}

#[test]
fn numberlink_malformed_solve_input_names_the_line() {
    let rows = ". . . . .\n".repeat(3);
    assert_numberlink_malformed("", "line 1: no puzzle");
    assert_numberlink_malformed("hitori 5\n", "line 1: expected `numberlink N`");
    assert_numberlink_malformed("numberlink 13\n", "line 1: expected a size from 5 to 12");
    assert_numberlink_malformed(&format!("numberlink 5\n1 . . . 1\n{rows}"), "line 6: expected 5 rows");
    assert_numberlink_malformed(&format!("numberlink 5\n1 . . . 1\n{rows}. . x . .\n"), "line 6: `x` is not");
    assert_numberlink_malformed(&format!("numberlink 5\n1 . . . 1\n{rows}. . . .\n"), "line 6: expected 5 tokens");
    assert_numberlink_malformed(&format!("numberlink 5\n1 1 . . 1\n{rows}. . . . .\n"), "line 2: number 1 appears a third time");
    assert_numberlink_malformed(&format!("numberlink 5\n1 . . . 2\n{rows}. . . . 1\n"), "number 2 appears 1 time");
    assert_numberlink_malformed(&format!("numberlink 5 easy CODE\n1 . . . 1\n{rows}. . . . 0\n"), "line 6: `0` is not");
}

#[test]
fn numberlink_help_and_bad_arguments() {
    let help = stdout(&hitori(&["--help"], ""));
    for word in ["hitori --puzzle numberlink generate", "hitori --puzzle numberlink solve", "only way", "dead end", "cut off"] {
        assert!(help.contains(word), "help lacks {word:?}");
    }
    for args in [
        &["--puzzle", "numberlink", "generate", "--size", "13", "--difficulty", "easy", "--seed", "1"][..],
        &["--puzzle", "numberlink", "generate", "--size", "4", "--difficulty", "easy", "--seed", "1"],
        &["--puzzle", "numberlink", "generate", "--size", "7", "--difficulty", "easy", "--seed", "268435456"],
        &["--puzzle", "numberlink", "solve", "extra"],
        &["--puzzle", "numberlink", "generate", "--size", "7", "--difficulty", "hard", "--seed", "1"],
    ] {
        let output = hitori(args, "");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(stderr(&output).starts_with("hitori: "), "{args:?}");
    }
}

//! The `hitori` command line: output format, round trips, malformed input.

mod cli_run;

use cli_run::{hitori, puzzles, stderr, stdout};

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

//! `hitori --puzzle numberlink`: output format, round trips, malformed input.

mod cli_run;

use cli_run::{hitori, puzzles, stderr, stdout};

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
    for word in ["hitori --puzzle numberlink generate", "hitori --puzzle numberlink solve", "only way", "dead end", "look-ahead", "cut off"] {
        assert!(help.contains(word), "help lacks {word:?}");
    }
    for args in [
        &["--puzzle", "numberlink", "generate", "--size", "13", "--difficulty", "easy", "--seed", "1"][..],
        &["--puzzle", "numberlink", "generate", "--size", "4", "--difficulty", "easy", "--seed", "1"],
        &["--puzzle", "numberlink", "generate", "--size", "7", "--difficulty", "easy", "--seed", "268435456"],
        &["--puzzle", "numberlink", "solve", "extra"],
    ] {
        let output = hitori(args, "");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(stderr(&output).starts_with("hitori: "), "{args:?}");
    }
}

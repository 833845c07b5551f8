//! `hitori --puzzle sudoku`: output format, round trips, malformed input.

mod cli_run;

use cli_run::{hitori, puzzles, stderr, stdout};

#[test]
fn generate_prints_header_givens_and_solution() {
    let output = hitori(&["--puzzle", "sudoku", "generate", "--difficulty", "hard", "--seed", "5", "--count", "2"], "");
    assert!(output.status.success(), "{}", stderr(&output));
    let all = puzzles(&stdout(&output), 9);
    assert_eq!(all.len(), 2);
    for (header, givens, solution) in &all {
        let fields: Vec<&str> = header.split(' ').collect();
        assert_eq!(fields[..3], ["sudoku", "9", "hard"]);
        assert_eq!(fields.len(), 4);
        let code = hitori::puzzles::code::SeedCode::decode(fields[3].as_bytes()).expect("a seed code");
        assert_eq!(code.kind, hitori::puzzles::Kind::Sudoku);
        for (given, answer) in givens.iter().zip(solution) {
            assert_eq!((given.len(), answer.len()), (9, 9));
            assert!(answer.chars().all(|c| ('1'..='9').contains(&c)));
            // Every given is the solution's digit.
            assert!(given.chars().zip(answer.chars()).all(|(g, a)| g == '.' || g == a), "{given} {answer}");
        }
    }
    // --size 9 is accepted, and the same request gives the same puzzles.
    let again = hitori(&["generate", "--puzzle", "sudoku", "--size", "9", "--difficulty", "3", "--seed", "5", "--count", "2"], "");
    assert_eq!(stdout(&again), stdout(&output));
    let wrong = hitori(&["--puzzle", "sudoku", "generate", "--size", "8", "--difficulty", "easy", "--seed", "1"], "");
    assert_eq!(wrong.status.code(), Some(2));
}

#[test]
fn solve_finds_the_generated_solution() {
    let output = hitori(&["--puzzle", "sudoku", "generate", "--difficulty", "medium", "--seed", "9"], "");
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    let input = lines[..10].join("\n");
    let solved = hitori(&["--puzzle", "sudoku", "solve"], &input);
    assert!(solved.status.success(), "{}", stderr(&solved));
    assert_eq!(stdout(&solved), format!("1\n{}\n", lines[10..].join("\n")));
}

#[test]
fn solve_reports_none_and_several() {
    let empty = format!("sudoku 9 anything here\n{}", ".........\n".repeat(9));
    assert_eq!(stdout(&hitori(&["--puzzle", "sudoku", "solve"], &empty)), "2+\n");
    let clash = format!("sudoku 9\n11.......\n{}", ".........\n".repeat(8));
    assert_eq!(stdout(&hitori(&["--puzzle", "sudoku", "solve"], &clash)), "0\n");
}

#[test]
fn malformed_solve_input_names_the_line() {
    let cases = [
        ("sudoku 8\n".to_string() + &".........\n".repeat(9), "line 1:"),
        ("sudoku 9\n".to_string() + &".........\n".repeat(8), "line 10:"),
        ("sudoku 9\n".to_string() + &".........\n".repeat(3) + "....x....\n" + &".........\n".repeat(5), "line 5:"),
        ("sudoku 9\n".to_string() + "........\n" + &".........\n".repeat(8), "line 2:"),
    ];
    for (input, expected) in cases {
        let output = hitori(&["--puzzle", "sudoku", "solve"], &input);
        assert_eq!(output.status.code(), Some(2), "{input}");
        assert!(stderr(&output).contains(expected), "{input}: {}", stderr(&output));
    }
}

#[test]
fn help_describes_the_puzzle() {
    let text = stdout(&hitori(&["--help"], ""));
    for needle in ["--puzzle sudoku generate", "--puzzle sudoku solve", "naked and hidden pairs", "x-wings"] {
        assert!(text.contains(needle), "{needle}");
    }
}

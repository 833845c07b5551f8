//! `hitori --puzzle lizards`: output format, round trips, malformed input.

mod cli_run;

use cli_run::{hitori, puzzles, stderr, stdout};

#[test]
fn generate_prints_header_nursery_and_solution() {
    let args = ["--puzzle", "lizards", "generate", "--size", "7", "--difficulty", "medium", "--seed", "41", "--count", "3"];
    let output = hitori(&args, "");
    assert!(output.status.success(), "{}", stderr(&output));
    let all = puzzles(&stdout(&output), 7);
    assert_eq!(all.len(), 3);
    let mut codes = Vec::new();
    for (header, nursery, solution) in &all {
        let fields: Vec<&str> = header.split(' ').collect();
        assert_eq!(fields.len(), 5, "{header}");
        assert_eq!((fields[0], fields[1], fields[3]), ("lizards", "7", "medium"));
        assert_eq!(fields[4].len(), 8);
        codes.push(fields[4].to_string());
        let p: usize = fields[2].parse().unwrap();
        for (free, solved) in nursery.iter().zip(solution) {
            assert_eq!(free.len(), 7);
            assert!(free.chars().all(|c| c == '.' || c == 'T'), "{free}");
            // The solution is the nursery with lizards on some free cells.
            assert_eq!(solved.replace('L', "."), *free);
        }
        assert_eq!(solution.iter().map(|l| l.matches('L').count()).sum::<usize>(), p);
    }
    codes.dedup();
    assert_eq!(codes.len(), 3, "seeds 41, 42, 43 give different codes");
    let again = hitori(&["generate", "--puzzle", "lizards", "--size", "7", "--difficulty", "2", "--seed", "42"], "");
    assert_eq!(puzzles(&stdout(&again), 7)[0], all[1], "--count continues the seeds; --puzzle stands anywhere");
}

#[test]
fn solve_reads_a_generated_block_and_finds_its_solution() {
    for (size, difficulty) in [("6", "easy"), ("9", "hard"), ("12", "medium")] {
        let args = ["--puzzle", "lizards", "generate", "--size", size, "--difficulty", difficulty, "--seed", "7"];
        let text = stdout(&hitori(&args, ""));
        let n: usize = size.parse().unwrap();
        let (header, nursery, solution) = puzzles(&text, n).remove(0);
        // The block's first N + 1 lines, header words after P and all.
        let solved = hitori(&["--puzzle", "lizards", "solve"], &format!("{header}\n{}\n", nursery.join("\n")));
        assert!(solved.status.success(), "{}", stderr(&solved));
        assert_eq!(stdout(&solved), format!("1\n{}\n", solution.join("\n")));
    }
}

#[test]
fn solve_counts_none_one_and_many() {
    let solve = |input: &str| stdout(&hitori(&["--puzzle", "lizards", "solve"], input));
    // Three lizards on an open 3x3: any two share a line or a diagonal somewhere.
    assert_eq!(solve("lizards 3 3\n...\n...\n...\n"), "0\n");
    // Four queens on 4x4 have two solutions.
    assert_eq!(solve("lizards 4 4\n....\n....\n....\n....\n"), "2+\n");
    // Three free cells, trees between the top one and each bottom one: two ways (`L` reads
    // as free).
    assert_eq!(solve("lizards 3 2\nT.T\nTTT\nL.T\n"), "2+\n");
    // A tree between two cells of a row: both hold one.
    assert_eq!(solve("lizards 3 2\n.T.\nTTT\nTTT\n"), "1\nLTL\nTTT\nTTT\n");
}

#[test]
fn malformed_input_names_its_line() {
    let cases = [
        ("", "line 1"),
        ("hitori 3 2\n", "line 1"),
        ("lizards 13 2\n", "line 1"),
        ("lizards 3 x\n", "line 1"),
        ("lizards 3 2\n...\n..\n...\n", "line 3"),
        ("lizards 3 2\n...\n.x.\n...\n", "line 3"),
        ("lizards 3 2\n...\n...\n", "line 4"),
        ("lizards 3 2\n...\n...\n...\nmore\n", "line 5"),
    ];
    for (input, line) in cases {
        let output = hitori(&["--puzzle", "lizards", "solve"], input);
        assert_eq!(output.status.code(), Some(2), "{input:?}");
        let message = stderr(&output);
        assert!(message.contains(line), "{input:?}: {message}");
    }
    let output = hitori(&["--puzzle", "lizards", "generate", "--size", "5", "--difficulty", "easy", "--seed", "1"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("6 to 12"), "{}", stderr(&output));
}

#[test]
fn help_describes_the_puzzle() {
    let text = stdout(&hitori(&["--help"], ""));
    for words in ["--puzzle lizards", "no lizard sees another", "a tree between two lizards blocks the view", "pigeonhole"] {
        assert!(text.contains(words), "{words}");
    }
}

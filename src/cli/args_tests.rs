use super::*;

fn check(argv: &[&str]) -> CheckArgs {
    match parse(argv.iter().copied()) {
        Ok(Command::Check(args)) => args,
        other => panic!("not check: {other:?}"),
    }
}

#[test]
fn files_and_options() {
    let args = check(&["a.txt", "-", "--json", "--column", "quizzes"]);
    assert_eq!(args.inputs.files, [PathBuf::from("a.txt"), PathBuf::from("-")]);
    assert!(args.json && !args.quiet);
    assert_eq!(args.inputs.column.as_deref(), Some("quizzes"));
    assert_eq!(check(&[]).inputs.files, Vec::<PathBuf>::new());
}

#[test]
fn check_is_the_default_and_can_be_named() {
    let argv = ["--unique", "--threads", "3", "a.txt", "b.txt"];
    let named: Vec<&str> = std::iter::once("check").chain(argv).collect();
    assert_eq!(check(&argv), check(&named));
    // A file named like a command is read as a file when written as a path.
    assert_eq!(check(&["./solve"]).inputs.files, [PathBuf::from("./solve")]);
}

#[test]
fn solve_takes_the_shared_inputs() {
    let parsed = parse(["solve", "--json", "--threads", "2", "--column", "quizzes", "a.csv"]);
    let Ok(Command::Solve(args)) = parsed else { panic!("{parsed:?}") };
    assert!(args.json);
    assert_eq!(args.threads, Some(2));
    assert_eq!(args.inputs.files, [PathBuf::from("a.csv")]);
    assert_eq!(args.inputs.column.as_deref(), Some("quizzes"));
    let quiet = parse(["solve", "--quiet"]).map(|_| ()).unwrap_err();
    assert_eq!(quiet.kind(), ErrorKind::UnknownArgument);
    // After an option of the command itself, a command's name is a file name.
    assert_eq!(check(&["--json", "solve"]).inputs.files, [PathBuf::from("solve")]);
}

#[test]
fn help_version_and_usage_errors_are_errors_for_the_caller_to_print() {
    assert_eq!(parse(["--help"]).map(|_| ()).unwrap_err().kind(), ErrorKind::DisplayHelp);
    assert_eq!(parse(["--version"]).map(|_| ()).unwrap_err().kind(), ErrorKind::DisplayVersion);
    let conflict = parse(["--json", "--quiet"]).map(|_| ()).unwrap_err();
    assert_eq!(conflict.kind(), ErrorKind::ArgumentConflict);
    assert_eq!(conflict.exit_code(), 2);
    assert_eq!(
        conflict.to_string(),
        "error: --json and --quiet cannot be used together: --json prints a line for every board, \
         --quiet prints nothing\n\nUsage: valid-sudoku [OPTIONS] [FILE]...\n\nFor more information, try '--help'.\n"
    );
    let named = parse(["check", "--json", "--quiet"]).map(|_| ()).unwrap_err().to_string();
    assert!(named.contains("\n\nUsage: valid-sudoku check [OPTIONS] [FILE]...\n"), "{named}");
    assert_eq!(parse(["--nope"]).map(|_| ()).unwrap_err().kind(), ErrorKind::UnknownArgument);
}

#[test]
fn unique_solve_and_threads() {
    let args = check(&["--unique", "--threads", "3", "a.txt"]);
    assert!(args.unique && !args.solve);
    assert_eq!(args.threads, Some(3));
    assert!(check(&["--solve", "--json"]).solve);
    let zero = parse(["--threads", "0"]).map(|_| ()).unwrap_err().to_string();
    assert!(zero.starts_with("error: invalid value '0' for '--threads <N>': 0 is not in 1..=4294967295"), "{zero}");
    for (given, why) in [
        ("-1", "-1 is not in 1..=4294967295"),
        ("4294967296", "4294967296 is not in 1..=4294967295"),
        ("two", "expected a positive int, got 'two'"),
    ] {
        let error = parse(["--threads", given]).map(|_| ()).unwrap_err().to_string();
        assert!(error.starts_with(&format!("error: invalid value '{given}' for '--threads <N>': {why}\n")), "{error}");
    }
    assert_eq!(check(&["--unique", "--threads", "4294967295"]).threads, Some(u32::MAX));
    for pair in [["--solve", "--quiet"], ["--solve", "--unique"]] {
        let conflict = parse(pair).map(|_| ()).unwrap_err();
        assert_eq!(conflict.kind(), ErrorKind::ArgumentConflict);
        assert!(conflict.to_string().starts_with(&format!("error: {} and {} cannot be used together", pair[0], pair[1])));
    }
    assert!(parse(["--unique", "--quiet"]).is_ok());
    let alone = parse(["--threads", "2", "a.txt"]).map(|_| ()).unwrap_err();
    assert_eq!(alone.kind(), ErrorKind::ArgumentConflict);
    assert!(alone.to_string().starts_with("error: --threads applies to --unique, --solve and the solve command"), "{alone}");
    assert!(parse(["check", "--threads", "2", "a.txt"]).is_err());
    assert!(parse(["solve", "--threads", "2"]).is_ok() && parse(["--solve", "--threads", "2"]).is_ok());
}

#[test]
fn help_shows_examples_and_the_subcommands() {
    let help = parse(["--help"]).map(|_| ()).unwrap_err().to_string();
    assert!(help.contains("Examples:"), "{help}");
    assert!(help.contains("Usage: valid-sudoku [OPTIONS] [FILE]..."), "{help}");
    assert!(help.contains("Commands:\n  check "), "{help}");
    assert!(help.contains("\n  solve "), "{help}");
    let solve = parse(["solve", "--help"]).map(|_| ()).unwrap_err().to_string();
    assert!(solve.contains("Usage: valid-sudoku solve [OPTIONS] [FILE]..."), "{solve}");
}

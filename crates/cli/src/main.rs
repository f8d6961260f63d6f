//! The `fairyboard` binary: the command line of [`fairyboard_cli`] (`fairyboard --help`).
//! Bad input prints one line to stderr naming the problem and exits with status 2.

use std::io::Write;
use std::process::ExitCode;

use fairyboard::Error;
use fairyboard_cli::lesson::Checked;
use fairyboard_cli::uci::one_line;

fn main() -> ExitCode {
    let args: Result<Vec<String>, Error> = std::env::args_os()
        .skip(1)
        .enumerate()
        .map(|(i, a)| {
            a.into_string()
                .map_err(|_| Error::new(format!("argument {} is not valid UTF-8", i + 1)))
        })
        .collect();
    let args = match args {
        Ok(args) => args,
        Err(e) => return fail(&e),
    };
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{}", fairyboard_cli::USAGE);
        return ExitCode::SUCCESS;
    }
    if args.first().is_some_and(|a| a == "lesson") {
        return lesson(&args[1..]);
    }
    match fairyboard_cli::run(&args) {
        Ok(lines) => {
            // A closed pipe (`... | head`) is not an error of ours: stop writing quietly.
            let mut out = std::io::stdout().lock();
            for line in lines {
                if writeln!(out, "{line}").is_err() {
                    break;
                }
            }
            ExitCode::SUCCESS
        }
        Err(e) => fail(&e),
    }
}

/// `lesson check FILE`: the summary and status 0, or each problem on stderr and status 1
/// (a problem of the file, not of the command line, which is status 2).
fn lesson(args: &[String]) -> ExitCode {
    match fairyboard_cli::lesson::run(args) {
        Ok(Checked::Valid(summary)) => {
            println!("{summary}");
            ExitCode::SUCCESS
        }
        Ok(Checked::Problems(lines)) => {
            for line in lines {
                eprintln!("{}", one_line(&line));
            }
            ExitCode::from(1)
        }
        Err(e) => fail(&e),
    }
}

/// Prints the error as one line (control characters in quoted input escaped) and exits 2.
fn fail(e: &Error) -> ExitCode {
    eprintln!("error: {}", one_line(e.message()));
    ExitCode::from(2)
}

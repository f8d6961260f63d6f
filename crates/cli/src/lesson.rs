//! `fairyboard lesson check FILE`: a lesson file checked by the core's checker
//! ([`fairyboard::lesson::check_text`]): its summary (`12 lessons, 58 tasks`), or every
//! problem with its line.

use fairyboard::lesson::check_text;
use fairyboard::Error;

/// What `lesson check` found in a file that could be read.
pub enum Checked {
    /// The file is valid: its summary line.
    Valid(String),
    /// What is wrong, one `file:line: message` a problem.
    Problems(Vec<String>),
}

/// Runs `lesson <args>`: only `check FILE` for now. Bad arguments and an unreadable file
/// are errors (status 2); a file that reads but holds problems is [`Checked::Problems`].
pub fn run(args: &[String]) -> Result<Checked, Error> {
    let (sub, rest) = match args.split_first() {
        Some((sub, rest)) => (sub.as_str(), rest),
        None => return Err(Error::new("lesson needs a command: lesson check <file>")),
    };
    if sub != "check" {
        return Err(Error::new(format!(
            "unknown lesson command '{sub}' (lesson check <file>)"
        )));
    }
    let [file] = rest else {
        return Err(Error::new("lesson check needs exactly one <file>"));
    };
    let text = std::fs::read_to_string(file)
        .map_err(|e| Error::new(format!("cannot read {file}: {e}")))?;
    let report = check_text(&text);
    Ok(if report.ok() {
        Checked::Valid(report.summary.unwrap_or_default())
    } else {
        Checked::Problems(report.lines(file))
    })
}

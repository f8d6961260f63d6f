//! Command-line options, read one way for every binary (`fairyboard` and the lab's): an
//! option that takes a value is `--name value` or `--name=value` (the last one given
//! counts), a flag is `--name`, and everything else is a positional argument, in order. An
//! option the command does not know is refused by name, and so is a value option given
//! without its value. Numbers are read with their range in the message.
//!
//! ```
//! use fairyboard_lab::args::Args;
//! let given: Vec<String> = ["1", "--fen=8/8/8/8/8/8/8/K1k5 w", "--divide"]
//!     .map(String::from)
//!     .to_vec();
//! let a = Args::parse(&given, &["--divide"], &["--fen"]).unwrap();
//! assert_eq!(a.positional(), ["1"]);
//! assert_eq!(a.value("--fen"), Some("8/8/8/8/8/8/8/K1k5 w"));
//! assert!(a.flag("--divide"));
//! assert_eq!(a.number("--nodes", 1..=100, 50).unwrap(), 50);
//! assert!(Args::parse(&given, &[], &["--fen"]).is_err());
//! ```

use std::ops::RangeInclusive;
use std::str::FromStr;

use fairyboard::Error;

/// The options whose value is a position text (named so in the message when it is missing).
const POSITION_OPTIONS: [&str; 2] = ["--fen", "--start"];

/// A command's arguments, parsed.
#[derive(Clone, Debug, Default)]
pub struct Args {
    /// Options with a value, in the order given.
    values: Vec<(String, String)>,
    /// Flags given.
    flags: Vec<String>,
    /// Everything else, in order.
    positional: Vec<String>,
}

impl Args {
    /// Parses `args` for a command that knows the flags `flags` and the options `values`
    /// (each with a value).
    pub fn parse(args: &[String], flags: &[&str], values: &[&str]) -> Result<Args, Error> {
        let mut out = Args::default();
        let mut it = args.iter();
        while let Some(a) = it.next() {
            let (name, inline) = match a.split_once('=') {
                Some((n, v)) if n.starts_with("--") => (n, Some(v)),
                _ => (a.as_str(), None),
            };
            if values.contains(&name) {
                let value = match inline {
                    Some(v) => v.to_string(),
                    None => it.next().cloned().ok_or_else(|| {
                        let what = if POSITION_OPTIONS.contains(&name) {
                            "a position text"
                        } else {
                            "a value"
                        };
                        Error::new(format!("{name} needs {what} after it"))
                    })?,
                };
                out.values.push((name.to_string(), value));
            } else if flags.contains(&a.as_str()) {
                out.flags.push(a.clone());
            } else if a.starts_with("--") {
                return Err(Error::new(format!("unknown option '{a}'")));
            } else {
                out.positional.push(a.clone());
            }
        }
        Ok(out)
    }

    /// The value of an option, if given (the last one counts).
    pub fn value(&self, name: &str) -> Option<&str> {
        self.values
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Whether a flag was given.
    pub fn flag(&self, name: &str) -> bool {
        self.flags.iter().any(|f| f == name)
    }

    /// Every (option, value) given for any of `names`, in the order given.
    pub fn given<'a>(&'a self, names: &[&str]) -> Vec<(&'a str, &'a str)> {
        self.values
            .iter()
            .filter(|(n, _)| names.contains(&n.as_str()))
            .map(|(n, v)| (n.as_str(), v.as_str()))
            .collect()
    }

    /// The positional arguments, in order.
    pub fn positional(&self) -> &[String] {
        &self.positional
    }

    /// A whole-number option within `range`, or `default` when not given.
    pub fn number(
        &self,
        name: &str,
        range: RangeInclusive<u64>,
        default: u64,
    ) -> Result<u64, Error> {
        self.value(name)
            .map_or(Ok(default), |v| whole(name, v, range))
    }

    /// An option read as any number type (`--rate 2.5`), or `default` when not given.
    pub fn parsed<T: FromStr>(&self, name: &str, default: T) -> Result<T, Error> {
        self.value(name).map_or(Ok(default), |v| {
            v.parse()
                .map_err(|_| Error::new(format!("{name} must be a number, not '{v}'")))
        })
    }
}

/// `value`, given for option `name`, read as a whole number within `range`; the message
/// names the range unless it is every whole number.
pub fn whole(name: &str, value: &str, range: RangeInclusive<u64>) -> Result<u64, Error> {
    value
        .parse::<u64>()
        .ok()
        .filter(|n| range.contains(n))
        .ok_or_else(|| {
            let within = if range == (0..=u64::MAX) {
                String::new()
            } else {
                format!(" from {} to {}", range.start(), range.end())
            };
            Error::new(format!(
                "{name} must be a whole number{within}, not '{value}'"
            ))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &[&str]) -> Vec<String> {
        s.iter().map(|x| x.to_string()).collect()
    }

    #[test]
    fn values_flags_and_positional_arguments() {
        let a = Args::parse(
            &args(&["x", "--depth", "5", "--depth=6", "-v", "--quiet", "y"]),
            &["--quiet", "-v"],
            &["--depth"],
        )
        .unwrap();
        assert_eq!(a.value("--depth"), Some("6"));
        assert!(a.flag("--quiet") && a.flag("-v") && !a.flag("--loud"));
        assert_eq!(a.positional(), ["x", "y"]);
    }

    #[test]
    fn refusals_name_the_option() {
        let e = Args::parse(&args(&["--fast"]), &[], &[]).unwrap_err();
        assert_eq!(e.message(), "unknown option '--fast'");
        let e = Args::parse(&args(&["--fen"]), &[], &["--fen"]).unwrap_err();
        assert_eq!(e.message(), "--fen needs a position text after it");
        let e = Args::parse(&args(&["--seed"]), &[], &["--seed"]).unwrap_err();
        assert_eq!(e.message(), "--seed needs a value after it");
    }

    #[test]
    fn numbers_in_range() {
        let a = Args::parse(
            &args(&["--count", "0", "--seed", "x"]),
            &[],
            &["--count", "--seed"],
        )
        .unwrap();
        assert_eq!(
            a.number("--count", 1..=10, 3).unwrap_err().message(),
            "--count must be a whole number from 1 to 10, not '0'"
        );
        assert_eq!(
            a.number("--seed", 0..=u64::MAX, 1).unwrap_err().message(),
            "--seed must be a whole number, not 'x'"
        );
        assert_eq!(a.number("--nodes", 1..=10, 7).unwrap(), 7);
        assert_eq!(
            a.parsed::<f64>("--seed", 0.0).unwrap_err().message(),
            "--seed must be a number, not 'x'"
        );
    }
}

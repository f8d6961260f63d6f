//! Everything about a match but its players: the game, where its openings come from, how
//! many games on how many threads, and what is printed; read from the command's options by
//! the one parser (`fairyboard_lab::args`).

use fairyboard::{Position, Variant};
use fairyboard_lab::args::Args;

/// Everything about a match but its players.
pub(crate) struct Setting {
    pub(crate) variant: Variant,
    /// The position text given with `--start`, if any.
    pub(crate) start_text: Option<String>,
    pub(crate) start: Position,
    /// The opening book's positions, shuffled by the seed, if one was given.
    pub(crate) book: Option<Vec<Position>>,
    /// The book's file name.
    pub(crate) book_path: Option<String>,
    pub(crate) games: usize,
    pub(crate) random_plies: usize,
    pub(crate) seed: u64,
    pub(crate) threads: usize,
    pub(crate) max_plies: usize,
    pub(crate) verbose: bool,
    pub(crate) show_moves: bool,
}

impl Setting {
    /// Whether outside engines must be told the start as a position text (`fen ...`)
    /// rather than `startpos`.
    pub(crate) fn fen_start(&self) -> bool {
        self.start_text.is_some() || self.book.is_some()
    }

    /// The position pair `pair` starts from before its random plies: the book's, in turn,
    /// or the start.
    pub(crate) fn pair_start(&self, pair: usize) -> &Position {
        match &self.book {
            Some(book) if !book.is_empty() => &book[pair % book.len()],
            _ => &self.start,
        }
    }

    /// Where the openings come from, in words.
    pub(crate) fn openings(&self) -> String {
        let from = match (&self.book_path, &self.start_text) {
            (Some(path), _) => format!("book {path}"),
            (None, Some(text)) => text.clone(),
            (None, None) => "start".to_string(),
        };
        format!(
            "{} {from}, {} random plies, seed {}",
            self.variant.id(),
            self.random_plies,
            self.seed
        )
    }
}

/// Options that take a value.
const VALUE_OPTIONS: [&str; 22] = [
    "--game",
    "--book",
    "--first",
    "--second",
    "--elo0",
    "--elo1",
    "--alpha",
    "--beta",
    "--model",
    "--max-games",
    "--every",
    "--white",
    "--black",
    "--games",
    "--start",
    "--random-plies",
    "--seed",
    "--threads",
    "--max-plies",
    "--level8",
    "--from",
    "--to",
];

/// The options after the command, read by the one parser: the values, `--verbose` (`-v`)
/// and `--show-moves` (which shows the games too).
pub(crate) struct Options {
    args: Args,
    pub(crate) verbose: bool,
    pub(crate) show_moves: bool,
}

impl Options {
    /// Parses the options after the command.
    pub(crate) fn parse(args: &[String]) -> Result<Options, String> {
        let args = Args::parse(args, &["--verbose", "-v", "--show-moves"], &VALUE_OPTIONS)
            .map_err(|e| e.message().to_string())?;
        if let Some(extra) = args.positional().first() {
            return Err(format!("unknown argument '{extra}'"));
        }
        let show_moves = args.flag("--show-moves");
        Ok(Options {
            verbose: show_moves || args.flag("--verbose") || args.flag("-v"),
            show_moves,
            args,
        })
    }

    /// The last value given for an option.
    pub(crate) fn get(&self, name: &str) -> Option<&str> {
        self.args.value(name)
    }

    /// A whole-number option, or its default.
    pub(crate) fn number(&self, name: &str, default: u64) -> Result<u64, String> {
        self.args
            .number(name, 0..=u64::MAX, default)
            .map_err(|e| e.message().to_string())
    }

    /// A decimal option (a finite number), or its default.
    pub(crate) fn decimal(&self, name: &str, default: f64) -> Result<f64, String> {
        self.args
            .parsed::<f64>(name, default)
            .ok()
            .filter(|x| x.is_finite())
            .ok_or_else(|| {
                let v = self.get(name).unwrap_or_default();
                format!("{name} must be a number, not '{v}'")
            })
    }

    /// The match setting these options describe.
    pub(crate) fn setting(&self) -> Result<Setting, String> {
        let variant = Variant::from_id(self.get("--game").ok_or("missing --game <id>")?)
            .map_err(|e| e.message().to_string())?;
        let start = match self.get("--start") {
            Some(t) => Position::from_text(variant, t),
            None => Position::start(variant),
        }
        .map_err(|e| format!("--start: {}", e.message()))?;
        let games = self.number("--games", 20)?;
        if games == 0 {
            return Err("--games must be at least 1".into());
        }
        let book = match self.get("--book") {
            None => None,
            Some(path) => {
                if self.get("--start").is_some() {
                    return Err("give --start or --book, not both".into());
                }
                let text = std::fs::read_to_string(path)
                    .map_err(|e| format!("--book: cannot read {path}: {e}"))?;
                let mut book = fairyboard_lab::book::read(variant, &text)
                    .map_err(|e| format!("--book {path}: {}", e.message()))?;
                fastrand::Rng::with_seed(self.number("--seed", 1)?).shuffle(&mut book);
                Some(book)
            }
        };
        let default_plies = if book.is_some() { 0 } else { 4 };
        Ok(Setting {
            variant,
            start_text: self.get("--start").map(str::to_string),
            start,
            book,
            book_path: self.get("--book").map(str::to_string),
            games: games as usize,
            random_plies: self.number("--random-plies", default_plies)? as usize,
            seed: self.number("--seed", 1)?,
            threads: self.number("--threads", 2)?.clamp(1, 64) as usize,
            max_plies: self.number("--max-plies", 400)?.max(1) as usize,
            verbose: self.verbose,
            show_moves: self.show_moves,
        })
    }
}

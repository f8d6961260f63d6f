//! Opening books: varied, roughly balanced starting positions for matches, one position
//! text a line.
//!
//! [`generate`] plays short random openings from a game's start (each ply a uniformly random
//! legal move, from a seeded generator) and keeps a position when the game is not over, no
//! position tried before has its key, and a shallow search of it (a fixed node count, a
//! fresh table, no history: what anyone re-searching the line finds) scores it within the
//! margin for the side to move. A quicker search first throws out the openings far out of
//! balance (most of them: random moves leave pieces hanging). [`write`] gives the file: a
//! header of `#` lines stating the settings, then the positions; [`read`] reads one back,
//! skipping blank and `#` lines, and [`Settings::from_header`] recovers the settings, so a
//! test can check a book against what it says of itself.

use std::collections::HashSet;

use fairyboard::search::{Limits, Score, Searcher};
use fairyboard::{Error, Game, Position, Variant};

/// Megabytes of the table of every book search (cleared before each): to score a book's
/// positions again as it was made, use a searcher of this size.
pub const HASH_MB: usize = 2;

/// How many openings may be tried for each position wanted before giving up.
const TRIES_PER_POSITION: usize = 200;

/// The quick look before the search proper: a search of 1/16 of its nodes (at least
/// 200) throws out an opening scoring beyond four times the margin and 100 cp, as most
/// random openings do (a piece left hanging), for a fraction of the search's cost.
const QUICK_SHARE: u64 = 16;
const QUICK_MIN_NODES: u64 = 200;

/// How a book is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// How many positions.
    pub count: usize,
    /// Random plies from the start to each position.
    pub plies: usize,
    /// The most a position's score may be from 0, in centipawns (mates never pass).
    pub margin: i32,
    /// Nodes of the search that scores each position.
    pub nodes: u64,
    /// The random generator's seed.
    pub seed: u64,
}

impl Default for Settings {
    /// 300 positions, 8 random plies, within 60 centipawns at 20,000 nodes, seed 1.
    fn default() -> Settings {
        Settings {
            count: 300,
            plies: 8,
            margin: 60,
            nodes: 20_000,
            seed: 1,
        }
    }
}

impl Settings {
    /// The settings a book's header states (see [`write`]), if it states them all.
    pub fn from_header(text: &str) -> Option<Settings> {
        let line = text
            .lines()
            .take_while(|l| l.starts_with('#'))
            .find_map(|l| l.strip_prefix("# settings:"))?;
        let mut s = Settings::default();
        let mut seen = 0;
        let mut words = line.split_whitespace();
        while let (Some(name), Some(value)) = (words.next(), words.next()) {
            let ok = match name {
                "--count" => value.parse().map(|v| s.count = v).is_ok(),
                "--plies" => value.parse().map(|v| s.plies = v).is_ok(),
                "--margin" => value.parse().map(|v| s.margin = v).is_ok(),
                "--nodes" => value.parse().map(|v| s.nodes = v).is_ok(),
                "--seed" => value.parse().map(|v| s.seed = v).is_ok(),
                _ => false,
            };
            if !ok {
                return None;
            }
            seen += 1;
        }
        (seen == 5).then_some(s)
    }
}

/// A position kept for a book, with the score that let it in.
#[derive(Clone, Debug)]
pub struct Entry {
    /// The position.
    pub position: Position,
    /// Its score in centipawns for the side to move.
    pub score: i32,
}

/// The score of a position as a book sees it: the search's centipawns for the side to move
/// at `nodes` nodes with a fresh table and no history; `None` for a mate found.
pub fn score(searcher: &mut Searcher, position: &Position, nodes: u64) -> Option<i32> {
    searcher.clear();
    let report = searcher.search(
        position,
        &[],
        &Limits::nodes(nodes),
        &|| 0.0,
        &|| false,
        &mut |_| {},
    );
    match report.score {
        Score::Cp(cp) => Some(cp),
        Score::Mate(_) => None,
    }
}

/// Makes a book of `variant` (see the module's documentation); `progress` hears the count
/// kept and the openings tried after each opening. Fewer than `count` positions come back
/// only when 200 openings per position wanted were not enough (a margin too tight).
pub fn generate(
    variant: Variant,
    settings: &Settings,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Vec<Entry>, Error> {
    let start = Position::start(variant)?;
    let mut rng = fastrand::Rng::with_seed(settings.seed);
    let mut searcher = Searcher::new(HASH_MB);
    let mut seen = HashSet::new();
    let mut kept = Vec::with_capacity(settings.count);
    let tries = settings.count.saturating_mul(TRIES_PER_POSITION);
    for tried in 1..=tries {
        if kept.len() >= settings.count {
            break;
        }
        if let Some(entry) = candidate(&start, settings, &mut rng, &mut searcher, &mut seen) {
            kept.push(entry);
        }
        progress(kept.len(), tried);
    }
    Ok(kept)
}

/// One random opening, kept if it passes the book's tests.
fn candidate(
    start: &Position,
    settings: &Settings,
    rng: &mut fastrand::Rng,
    searcher: &mut Searcher,
    seen: &mut HashSet<u64>,
) -> Option<Entry> {
    let mut game = Game::from_position(start.clone());
    for _ in 0..settings.plies {
        if game.outcome().is_some() {
            return None;
        }
        let moves = game.position().legal_moves();
        if moves.is_empty() {
            return None;
        }
        game.play_move(moves[rng.usize(..moves.len())]);
    }
    let position = game.position().clone();
    // The position as its text reads back (a game's repetition history is not in it).
    if position.outcome().is_some() || game.outcome().is_some() {
        return None;
    }
    if !seen.insert(position.key()) {
        return None;
    }
    let quick_nodes = (settings.nodes / QUICK_SHARE).max(QUICK_MIN_NODES);
    if quick_nodes < settings.nodes {
        let quick = score(searcher, &position, quick_nodes)?;
        if quick.abs() > 4 * settings.margin + 100 {
            return None;
        }
    }
    let score = score(searcher, &position, settings.nodes)?;
    (score.abs() <= settings.margin).then_some(Entry { position, score })
}

/// A book's text: the header (the game, the settings as the command takes them, what they
/// mean), then one position text a line.
pub fn write(variant: Variant, settings: &Settings, entries: &[Entry]) -> String {
    let mut out = format!(
        "# fairyboard opening book: {}, {} positions\n\
         # settings: --count {} --plies {} --margin {} --nodes {} --seed {}\n\
         # each: {} random plies from the start, distinct by key, not over, scored within \
         ±{} cp for the side to move by a {}-node search (fresh table, no history)\n",
        variant.id(),
        entries.len(),
        settings.count,
        settings.plies,
        settings.margin,
        settings.nodes,
        settings.seed,
        settings.plies,
        settings.margin,
        settings.nodes,
    );
    for e in entries {
        out.push_str(&e.position.to_text());
        out.push('\n');
    }
    out
}

/// Reads a book of `variant`: every line but blank and `#` ones is a position text. An
/// error names the first bad line by number; a book without positions is an error too.
pub fn read(variant: Variant, text: &str) -> Result<Vec<Position>, Error> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let pos = Position::from_text(variant, line)
            .map_err(|e| Error::new(format!("line {}: {}", i + 1, e.message())))?;
        if pos.outcome().is_some() {
            return Err(Error::new(format!(
                "line {}: the game is already over in this position",
                i + 1
            )));
        }
        out.push(pos);
    }
    if out.is_empty() {
        return Err(Error::new("the book holds no position"));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_states_the_settings() {
        let s = Settings {
            count: 7,
            plies: 3,
            margin: 40,
            nodes: 300,
            seed: 9,
        };
        let text = write(Variant::Orthodox, &s, &[]);
        assert_eq!(Settings::from_header(&text), Some(s));
        assert_eq!(Settings::from_header("# nothing\n"), None);
        assert_eq!(Settings::from_header("# settings: --count x\n"), None);
    }

    #[test]
    fn read_names_bad_lines() {
        let e = read(Variant::Orthodox, "# head\n\nnot a position\n").unwrap_err();
        assert!(e.message().starts_with("line 3: "), "{}", e.message());
        assert!(read(Variant::Orthodox, "# only a header\n").is_err());
        let mate = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
        assert!(read(Variant::Orthodox, mate).is_err());
        let start = Position::start(Variant::Orthodox).unwrap().to_text();
        assert_eq!(read(Variant::Orthodox, &start).unwrap().len(), 1);
    }
}

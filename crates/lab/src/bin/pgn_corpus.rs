//! A large PGN file for timing the PGN reader and writer (`scripts/bench_pgn.sh`): random
//! legal games of orthodox chess with the tags, clocks, comments, NAGs and variations of
//! online exports, written by our own writer ([`fairyboard::pgn::write`]) to standard output.
//! Deterministic: the same `--seed` and `--games` give the same bytes on every machine.
//!
//! ```text
//! cargo run --release -p fairyboard-lab --bin pgn_corpus -- [--games 4500] [--seed 1] > games.pgn
//! ```
//!
//! Each game: 20 to 140 plies of uniformly random legal moves (fewer when the game ends),
//! the Seven Tag Roster with lichess-like values, Elos, a time control, an ECO code; one game
//! in four with a `[%clk]` on every move; a few moves with a comment of words or a NAG; one
//! game in three with a variation of one to six plies; an unfinished game is resigned by
//! the side to move, or agreed drawn, so that most games have a result.

use fairyboard::{pgn, Game, Variant};
use fairyboard_lab::args::Args;

const NAMES: [&str; 16] = [
    "Anna Müller",
    "Bob",
    "Carlsen, Magnus",
    "DrNykterstein",
    "Émile Zola",
    "Fischer, Robert James",
    "Garry",
    "Hou Yifan",
    "Ivan_the_Terrible",
    "Judit Polgar",
    "Kasparov, Garry",
    "Lasker, Emanuel",
    "Mikhail Tal",
    "Nona",
    "O'Neil \"the rook\"",
    "Pia Cramling",
];
const EVENTS: [&str; 5] = [
    "Rated Blitz game",
    "Rated Rapid game",
    "Casual Correspondence game",
    "Club championship 2026",
    "Live Chess",
];
const WORDS: [&str; 12] = [
    "a", "good", "idea", "but", "the", "knight", "is", "weak", "here", "better", "was", "Nf3",
];
const CONTROLS: [(u32, u32); 4] = [(180, 2), (300, 0), (600, 5), (900, 10)];

fn main() {
    let given: Vec<String> = std::env::args().skip(1).collect();
    let read = || -> Result<(usize, u64), fairyboard::Error> {
        let a = Args::parse(&given, &[], &["--games", "--seed"])?;
        if let Some(extra) = a.positional().first() {
            return Err(fairyboard::Error::new(format!(
                "unexpected argument '{extra}'"
            )));
        }
        Ok((
            a.number("--games", 0..=u64::MAX, 4500)? as usize,
            a.number("--seed", 0..=u64::MAX, 1)?,
        ))
    };
    let (games, seed) = read().unwrap_or_else(|e| {
        eprintln!(
            "pgn_corpus: {} (usage: pgn_corpus [--games N] [--seed S])",
            e.message()
        );
        std::process::exit(2)
    });
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut out = String::new();
    for i in 0..games {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&pgn::write(&random_game(&mut rng, i), &[]));
    }
    print!("{out}");
}

/// `h:mm:ss` of a number of seconds.
fn clock(seconds: u32) -> String {
    format!(
        "{}:{:02}:{:02}",
        seconds / 3600,
        seconds / 60 % 60,
        seconds % 60
    )
}

fn random_game(rng: &mut fastrand::Rng, index: usize) -> Game {
    let mut g = Game::new(Variant::Orthodox, None).expect("the start");
    let pick = |rng: &mut fastrand::Rng, list: &[&str]| list[rng.usize(..list.len())].to_string();
    let white = pick(rng, &NAMES);
    let black = pick(rng, &NAMES);
    let (base, increment) = CONTROLS[rng.usize(..CONTROLS.len())];
    let tags = [
        ("Event", pick(rng, &EVENTS)),
        ("Site", format!("https://lichess.org/{:08x}", rng.u32(..))),
        (
            "Date",
            format!(
                "{}.{:02}.{:02}",
                rng.u32(2015..2027),
                rng.u32(1..13),
                rng.u32(1..29)
            ),
        ),
        ("Round", (index % 9 + 1).to_string()),
        ("White", white),
        ("Black", black),
        ("WhiteElo", rng.u32(1200..2800).to_string()),
        ("BlackElo", rng.u32(1200..2800).to_string()),
        ("TimeControl", format!("{base}+{increment}")),
        (
            "ECO",
            format!(
                "{}{:02}",
                ['A', 'B', 'C', 'D', 'E'][rng.usize(..5)],
                rng.u32(..100)
            ),
        ),
    ];
    for (name, value) in &tags {
        g.set_tag(name, value).expect("a tag");
    }
    let clocks = rng.usize(..4) == 0;
    let mut left = [base, base];
    let plies = rng.usize(20..=140);
    for ply in 0..plies {
        let moves = g.position().legal_moves();
        if moves.is_empty() || g.outcome().is_some() {
            break;
        }
        g.play_move(moves[rng.usize(..moves.len())]);
        let node = g.current_node();
        let mut comment = Vec::new();
        if clocks {
            let side = &mut left[ply % 2];
            *side = (*side + increment)
                .saturating_sub(rng.u32(..base / 40 + 2))
                .max(1);
            comment.push(format!("[%clk {}]", clock(*side)));
        }
        if rng.usize(..40) == 0 {
            let n = rng.usize(2..9);
            let words: Vec<String> = (0..n).map(|_| pick(rng, &WORDS)).collect();
            comment.push(format!("{}.", words.join(" ")));
        }
        if !comment.is_empty() {
            g.set_comment(node, &comment.join(" ")).expect("a node");
        }
        if rng.usize(..30) == 0 {
            g.set_nags(node, &[rng.u8(1..7)]).expect("a move");
        }
    }
    // A variation: from some position of the main line, one to six other random plies.
    if rng.usize(..3) == 0 && g.ply() > 2 {
        let end = g.ply();
        g.go_to(rng.usize(1..end)).expect("a ply");
        for _ in 0..rng.usize(1..7) {
            let moves = g.position().legal_moves();
            if moves.is_empty() || g.outcome().is_some() {
                break;
            }
            g.play_move(moves[rng.usize(..moves.len())]);
        }
        let main = *g.main_line().last().expect("the start");
        g.go_to_node(main).expect("the main line's end");
    }
    if g.outcome().is_none() {
        if rng.usize(..4) == 0 {
            let _ = g.agree_draw();
        } else {
            let side = g.position().side();
            let _ = g.resign(side);
        }
    }
    g
}

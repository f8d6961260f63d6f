//! One game between two players, our own [`Game`] as referee: its opening (random plies
//! from the start or the book's position), the moves asked of each player in turn and
//! checked, each player's time, and how it ended.

use std::time::Instant;

use fairyboard::{Color, Game};

use crate::agent::{Agent, Answer};
use crate::players::Spec;
use crate::setting::Setting;

/// Milliseconds past a time limit that count a move as over time.
pub(crate) const OVERRUN_MS: f64 = 100.0;

/// How a game ended.
#[derive(Clone, Debug)]
pub(crate) enum End {
    /// The referee's verdict.
    Rules(fairyboard::Outcome),
    /// Longer than the most plies: a draw.
    MaxPlies,
    /// `by` played a move that is not legal: a loss.
    Illegal { by: Color, text: String },
    /// `by` failed (crashed, no answer): the game does not count.
    Failed { by: Color, why: String },
}

/// One finished game.
pub(crate) struct GameResult {
    pub(crate) index: usize,
    /// Whether the first player had White.
    pub(crate) a_white: bool,
    pub(crate) end: End,
    pub(crate) plies: usize,
    pub(crate) moves: Vec<String>,
    /// Per player (first, second): milliseconds of thinking, moves, the longest move, moves over
    /// the time limit.
    pub(crate) time: [Timing; 2],
}

/// A player's time per move in one game or a match.
#[derive(Clone, Copy, Default)]
pub(crate) struct Timing {
    pub(crate) total_ms: f64,
    pub(crate) moves: u64,
    pub(crate) max_ms: f64,
    pub(crate) over: u64,
}

impl Timing {
    pub(crate) fn add(&mut self, other: &Timing) {
        self.total_ms += other.total_ms;
        self.moves += other.moves;
        self.max_ms = self.max_ms.max(other.max_ms);
        self.over += other.over;
    }
}

impl GameResult {
    /// The first player's score: 1, 0.5 or 0; `None` for a game that does not count.
    pub(crate) fn score(&self) -> Option<f64> {
        let a = if self.a_white {
            Color::White
        } else {
            Color::Black
        };
        match &self.end {
            End::Rules(o) => Some(match o.winner {
                None => 0.5,
                Some(c) if c == a => 1.0,
                Some(_) => 0.0,
            }),
            End::MaxPlies => Some(0.5),
            End::Illegal { by, .. } => Some(if *by == a { 0.0 } else { 1.0 }),
            End::Failed { .. } => None,
        }
    }

    /// The end in words: result and reason.
    pub(crate) fn end_text(&self) -> String {
        match &self.end {
            End::Rules(o) => format!("{} {}", o.result(), o.reason.id()),
            End::MaxPlies => format!("1/2-1/2 adjudicated (over {} plies)", self.plies),
            End::Illegal { by, text } => format!(
                "{} ILLEGAL MOVE '{text}' by {}",
                if *by == Color::White { "0-1" } else { "1-0" },
                by.name()
            ),
            End::Failed { by, why } => format!("* {} failed: {why}", by.name()),
        }
    }

    /// The reason for the tally of ends.
    pub(crate) fn reason(&self) -> String {
        match &self.end {
            End::Rules(o) => o.reason.id().to_string(),
            End::MaxPlies => "adjudicated".into(),
            End::Illegal { .. } => "ILLEGAL".into(),
            End::Failed { .. } => "failed".into(),
        }
    }
}

/// The opening of pair `pair`: K random legal plies from its start, redrawn (a few times)
/// if they end the game.
pub(crate) fn opening(setting: &Setting, pair: usize) -> Game {
    let mut rng = fastrand::Rng::with_seed(
        setting
            .seed
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(pair as u64),
    );
    let start = setting.pair_start(pair);
    let mut game = Game::from_position(start.clone());
    for _ in 0..100 {
        game = Game::from_position(start.clone());
        for _ in 0..setting.random_plies {
            let moves = game.position().legal_moves();
            if game.outcome().is_some() || moves.is_empty() {
                break;
            }
            game.play_move(moves[rng.usize(..moves.len())]);
        }
        if game.outcome().is_none() {
            break;
        }
    }
    game
}

/// Plays game `index` between the agents (`agents[0]` the first player).
pub(crate) fn play_game(
    setting: &Setting,
    specs: [&Spec; 2],
    agents: &mut [Agent; 2],
    index: usize,
) -> GameResult {
    let a_white = index.is_multiple_of(2);
    let mut game = opening(setting, index / 2);
    let mut rng = fastrand::Rng::with_seed(
        setting
            .seed
            .wrapping_mul(0xD1B5_4A32_D192_ED03)
            .wrapping_add(index as u64),
    );
    let mut time = [Timing::default(); 2];
    let result = |game: &Game, end: End, time: [Timing; 2]| GameResult {
        index,
        a_white,
        end,
        plies: game.ply(),
        moves: game.move_texts(),
        time,
    };
    for (i, agent) in agents.iter_mut().enumerate() {
        if let Err(why) = agent.new_game(setting.variant) {
            let by = if (i == 0) == a_white {
                Color::White
            } else {
                Color::Black
            };
            return result(&game, End::Failed { by, why }, time);
        }
    }
    let end = loop {
        if let Some(o) = game.outcome() {
            break End::Rules(o);
        }
        if game.ply() >= setting.max_plies {
            break End::MaxPlies;
        }
        let side = game.position().side();
        let who = usize::from((side == Color::White) != a_white);
        let started = Instant::now();
        let answer = agents[who].play(&game, setting, &mut rng);
        let ms = started.elapsed().as_secs_f64() * 1000.0;
        let t = &mut time[who];
        t.total_ms += ms;
        t.moves += 1;
        t.max_ms = t.max_ms.max(ms);
        if specs[who]
            .movetime()
            .is_some_and(|limit| ms > limit + OVERRUN_MS)
        {
            t.over += 1;
        }
        let pos = game.position();
        let legal = pos.legal_moves();
        let chosen = match answer {
            Err(why) => break End::Failed { by: side, why },
            Ok(Answer::Move(Some(m))) => legal.contains(&m).then_some(m).ok_or_else(|| {
                format!(
                    "{} (not among the {} legal moves)",
                    pos.move_text(&m),
                    legal.len()
                )
            }),
            Ok(Answer::Move(None)) => Err(format!("no move (with {} legal moves)", legal.len())),
            Ok(Answer::Text(text)) => legal
                .iter()
                .find(|m| pos.move_text(m) == text)
                .copied()
                .ok_or(text),
        };
        match chosen {
            Ok(m) => game.play_move(m),
            Err(text) => break End::Illegal { by: side, text },
        }
    };
    result(&game, end, time)
}

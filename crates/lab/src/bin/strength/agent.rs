//! A player during a match, in one worker thread: our search, the random and greedy players,
//! or an outside engine over UCI; and the move it answers in a game's position.

use std::time::Instant;

use fairyboard::eval::value_of;
use fairyboard::search::{Level, Limits, Searcher};
use fairyboard::{Game, Move, Position, Variant};

use crate::players::{Spec, SpecKind};
use crate::setting::Setting;
use crate::uci_engine::UciEngine;

/// Megabytes of each searcher's transposition table.
pub(crate) const HASH_MB: usize = 16;

/// A player during a match, in one worker thread.
pub(crate) enum Agent {
    Random,
    Greedy,
    Search {
        searcher: Box<Searcher>,
        level: Option<Level>,
        limits: Limits,
    },
    Stockfish {
        engine: Option<UciEngine>,
        elo: Option<u32>,
        movetime: u64,
    },
    Uci {
        engine: Option<UciEngine>,
        path: String,
        go: String,
    },
}

/// A player's answer: a move of ours, or move text from an outside engine.
pub(crate) enum Answer {
    Move(Option<Move>),
    Text(String),
}

impl Agent {
    /// The player a spec names (Stockfish starts with the first game).
    pub(crate) fn new(spec: &Spec) -> Agent {
        match &spec.kind {
            SpecKind::Random => Agent::Random,
            SpecKind::Greedy => Agent::Greedy,
            SpecKind::Search { level, limits } => {
                let mut searcher = Box::new(Searcher::new(HASH_MB));
                searcher.exact_root(level.map_or(0, |l| l.noise));
                Agent::Search {
                    searcher,
                    level: *level,
                    limits: limits.clone(),
                }
            }
            SpecKind::Stockfish { elo, movetime } => Agent::Stockfish {
                engine: None,
                elo: *elo,
                movetime: *movetime,
            },
            SpecKind::Uci { path, go, .. } => Agent::Uci {
                engine: None,
                path: path.clone(),
                go: go.clone(),
            },
        }
    }

    /// Gets ready for a new game of `variant`.
    pub(crate) fn new_game(&mut self, variant: Variant) -> Result<(), String> {
        match self {
            Agent::Search { searcher, .. } => searcher.clear(),
            Agent::Stockfish { engine, elo, .. } => {
                if engine.is_none() {
                    *engine = Some(UciEngine::start(*elo)?);
                }
                let ready = engine.as_mut().map(|e| e.new_game());
                if let Some(Err(e)) = ready {
                    *engine = None;
                    return Err(e);
                }
            }
            Agent::Uci { engine, path, .. } => {
                if engine.is_none() {
                    *engine = Some(UciEngine::spawn(
                        path,
                        &["uci"],
                        &[format!("setoption name UCI_Variant value {}", variant.id())],
                    )?);
                }
                let ready = engine.as_mut().map(|e| e.new_game());
                if let Some(Err(e)) = ready {
                    *engine = None;
                    return Err(e);
                }
            }
            Agent::Random | Agent::Greedy => {}
        }
        Ok(())
    }

    /// The player's move in the game's current position.
    pub(crate) fn play(
        &mut self,
        game: &Game,
        setting: &Setting,
        rng: &mut fastrand::Rng,
    ) -> Result<Answer, String> {
        let pos = game.position();
        match self {
            Agent::Random => {
                let moves = pos.legal_moves();
                Ok(Answer::Move(
                    (!moves.is_empty()).then(|| moves[rng.usize(..moves.len())]),
                ))
            }
            Agent::Greedy => Ok(Answer::Move(greedy(pos, rng))),
            Agent::Search {
                searcher,
                level,
                limits,
            } => {
                let start = Instant::now();
                let clock = move || start.elapsed().as_secs_f64() * 1000.0;
                let report = searcher.search(
                    pos,
                    &game.keys_before(),
                    limits,
                    &clock,
                    &|| false,
                    &mut |_| {},
                );
                // As `fairyboard bestmove --level` chooses.
                let best = match level {
                    Some(l) => l.choose(&report, pos.key()),
                    None => report.best,
                };
                Ok(Answer::Move(best))
            }
            Agent::Stockfish {
                engine, movetime, ..
            } => {
                let e = engine.as_mut().ok_or("Stockfish is not running")?;
                let position = if setting.fen_start() {
                    format!("fen {}", game.start().to_text())
                } else {
                    "startpos".to_string()
                };
                let answer = e.best_move(
                    &position,
                    &game.move_texts(),
                    &format!("movetime {movetime}"),
                    *movetime,
                );
                if answer.is_err() {
                    // Start a fresh one for the next game.
                    *engine = None;
                }
                answer.map(Answer::Text)
            }
            Agent::Uci { engine, go, .. } => {
                let e = engine.as_mut().ok_or("the UCI engine is not running")?;
                let position = if setting.fen_start() {
                    format!("fen {}", game.start().to_text())
                } else {
                    "startpos".to_string()
                };
                let answer = e.best_move(&position, &game.move_texts(), go, 60_000);
                if answer.is_err() {
                    *engine = None;
                }
                answer.map(Answer::Text)
            }
        }
    }
}

/// The greedy player's move: one that wins at once, else the largest material gain at
/// once, ties broken at random.
pub(crate) fn greedy(pos: &Position, rng: &mut fastrand::Rng) -> Option<Move> {
    let variant = pos.variant();
    let us = pos.side();
    let scored: Vec<(Move, i32)> = pos
        .legal_moves()
        .into_iter()
        .map(|m| {
            let wins = m.wins.is_some()
                || pos
                    .after(&m)
                    .outcome()
                    .is_some_and(|o| o.winner == Some(us));
            let score = if wins {
                i32::MAX
            } else {
                let change = pos.material_change(&m, |p| value_of(variant, p));
                change[us.index()] - change[us.opponent().index()]
            };
            (m, score)
        })
        .collect();
    let best = scored.iter().map(|&(_, s)| s).max()?;
    let top: Vec<Move> = scored
        .into_iter()
        .filter(|&(_, s)| s == best)
        .map(|(m, _)| m)
        .collect();
    Some(top[rng.usize(..top.len())])
}

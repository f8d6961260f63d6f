//! A review of a whole game, as lichess's "Request a computer analysis" makes one: every
//! position of the main line searched, each move judged by the winning chances its mover
//! lost, the better move shown as a variation, and an accuracy for each side.
//!
//! - **Winning chances** ([`win_percent`]): lichess's logistic curve of the evaluation,
//!   `50 + 50 * (2 / (1 + exp(-k * cp)) - 1)` with `cp` clamped where lichess's curve
//!   clamps it (±1000 at lichess's scale, 2.5% to 97.5%); a mate is 100 or 0. The scale `k` is each game's ([`crate::winning::scale`]): lichess's 0.00368208 in
//!   orthodox chess, fitted to self-play in the variants (docs/engine.md, "Reviewing a
//!   game").
//! - **Judgements** ([`Judgement`]): an inaccuracy from 10 points of winning chances lost,
//!   a mistake from 20, a blunder from 30 (the thresholds the issue gives), never for the
//!   move the search itself chose; a mate missed is at least a mistake and a mate allowed a
//!   blunder.
//! - **Accuracy** ([`move_accuracy`]): lichess's per-move formula
//!   `103.1668 * exp(-0.04354 * lost) - 3.1669`, clamped to 0-100 (100 for the move the
//!   search itself chose: a drop after it is the search seeing further, not the move); a
//!   side's accuracy is the
//!   mean of the arithmetic and harmonic means of its moves' accuracies (lichess combines a
//!   volatility-weighted mean with the harmonic mean; the plain mean stands in for the
//!   first).
//!
//! ```
//! use fairyboard::review::{review, Judgement};
//! use fairyboard::search::{Limits, Searcher};
//! use fairyboard::{Game, Variant};
//! // 3. Nc3?? misses the mate Qxf7#.
//! let mut game = Game::new(Variant::Orthodox, None).unwrap();
//! for m in ["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "b1c3"] {
//!     game.play(m).unwrap();
//! }
//! let r = review(&game, &Limits::nodes(20_000), &mut Searcher::new(4), &|| 0.0, &mut |_, _| {});
//! let miss = &r.moves[6];
//! assert!(miss.judgement >= Some(Judgement::Mistake));
//! assert_eq!(game.position_at(6).unwrap().move_text(miss.best.as_ref().unwrap()), "h5f7");
//! ```

use crate::game::Game;
use crate::games::Variant;
use crate::moves::Move;
use crate::piece::Color;
use crate::search::{Limits, Score, Searcher};
use crate::tree::NodeId;

/// How bad a move was, by the winning chances its mover lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Judgement {
    /// 10 points of winning chances lost, or more.
    Inaccuracy,
    /// 20 or more.
    Mistake,
    /// 30 or more.
    Blunder,
}

impl Judgement {
    /// The PGN annotation (NAG): `$6` ?!, `$2` ?, `$4` ??.
    pub fn nag(self) -> u8 {
        match self {
            Judgement::Inaccuracy => 6,
            Judgement::Mistake => 2,
            Judgement::Blunder => 4,
        }
    }

    /// The word, capitalised: "Inaccuracy", "Mistake", "Blunder".
    pub fn word(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "Inaccuracy",
            Judgement::Mistake => "Mistake",
            Judgement::Blunder => "Blunder",
        }
    }

    /// The judgement for `lost` points of winning chances (`None` under 10).
    pub fn of_loss(lost: f64) -> Option<Judgement> {
        if lost >= 30.0 {
            Some(Judgement::Blunder)
        } else if lost >= 20.0 {
            Some(Judgement::Mistake)
        } else if lost >= 10.0 {
            Some(Judgement::Inaccuracy)
        } else {
            None
        }
    }
}

/// A position's evaluation from White's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Eval {
    /// Centipawns, positive when White stands better.
    Cp(i32),
    /// A mate in this many moves: positive when White mates, negative when Black does.
    Mate(i32),
    /// The game is over here: the winner, `None` for a draw.
    Over(Option<Color>),
}

impl Eval {
    /// From a search's score for `side`, the side to move.
    pub fn from_score(score: Score, side: Color) -> Eval {
        let sign = if side == Color::White { 1 } else { -1 };
        match score {
            Score::Cp(cp) => Eval::Cp(cp * sign),
            Score::Mate(n) => Eval::Mate(n * sign),
        }
    }

    /// White's winning chances in `variant`, 0 to 100.
    pub fn white_win(self, variant: Variant) -> f64 {
        match self {
            Eval::Cp(cp) => win_percent(variant, cp),
            Eval::Mate(n) => {
                if n > 0 {
                    100.0
                } else {
                    0.0
                }
            }
            Eval::Over(Some(Color::White)) => 100.0,
            Eval::Over(Some(Color::Black)) => 0.0,
            Eval::Over(None) => 50.0,
        }
    }

    /// `side`'s winning chances, 0 to 100.
    pub fn win_for(self, variant: Variant, side: Color) -> f64 {
        let w = self.white_win(variant);
        if side == Color::White {
            w
        } else {
            100.0 - w
        }
    }

    /// True when `side` mates by force here.
    pub fn mates_for(self, side: Color) -> bool {
        match self {
            Eval::Mate(n) => (n > 0) == (side == Color::White),
            _ => false,
        }
    }

    /// As lichess writes it in `[%eval ...]`: `0.23`, `-1.50`, `#3`, `#-2`; `None` when the
    /// game is over.
    pub fn pgn(self) -> Option<String> {
        match self {
            Eval::Cp(cp) => Some(hundredths(i64::from(cp))),
            Eval::Mate(n) => Some(format!("#{n}")),
            Eval::Over(_) => None,
        }
    }
}

/// `n` hundredths as a decimal: `-150` is `-1.50`. Whole numbers only, so that the wasm
/// carries no float formatting.
fn hundredths(n: i64) -> String {
    let sign = if n < 0 { "-" } else { "" };
    format!("{sign}{}.{:02}", n.abs() / 100, n.abs() % 100)
}

/// `x` rounded to tenths: `87.26` is `87.3`.
fn tenths(x: f64) -> String {
    let n = (x * 10.0).round() as i64;
    let sign = if n < 0 { "-" } else { "" };
    format!("{sign}{}.{}", n.abs() / 10, n.abs() % 10)
}

/// The winning chances (0 to 100) for an evaluation of `cp` centipawns in `variant`, on
/// lichess's curve with the game's scale ([`crate::winning::percent`]).
pub fn win_percent(variant: Variant, cp: i32) -> f64 {
    crate::winning::percent(crate::winning::scale(variant), f64::from(cp))
}

/// lichess's accuracy of a move (0 to 100) that took its mover from `before` to `after`
/// winning chances.
pub fn move_accuracy(before: f64, after: f64) -> f64 {
    let lost = (before - after).max(0.0);
    (103.1668 * (-0.04354 * lost).exp() - 3.1669).clamp(0.0, 100.0)
}

/// A side's accuracy from its moves' accuracies: the mean of their arithmetic and harmonic
/// means (`None` without moves).
pub fn side_accuracy(moves: &[f64]) -> Option<f64> {
    if moves.is_empty() {
        return None;
    }
    let n = moves.len() as f64;
    let mean = moves.iter().sum::<f64>() / n;
    let harmonic = n / moves.iter().map(|a| 1.0 / a.max(1.0)).sum::<f64>();
    Some((mean + harmonic) / 2.0)
}

/// One move of the main line, reviewed.
#[derive(Clone, Debug)]
pub struct MoveReview {
    /// The node of the move (the position after it).
    pub node: NodeId,
    /// The side that played it.
    pub side: Color,
    /// The move played.
    pub played: Move,
    /// The evaluation before the move and after it (White's view).
    pub before: Eval,
    /// After the move.
    pub after: Eval,
    /// The search's best move in the position before (`None` when it had no time to say).
    pub best: Option<Move>,
    /// The search's line from the position before, the best move first.
    pub best_line: Vec<Move>,
    /// The mover's winning chances lost (0 or more).
    pub lost: f64,
    /// How bad the move was, if it was.
    pub judgement: Option<Judgement>,
    /// A mate the mover had and let go.
    pub missed_mate: bool,
    /// A mate against the mover that it walked into.
    pub allowed_mate: bool,
    /// lichess's accuracy of the move.
    pub accuracy: f64,
}

impl MoveReview {
    /// The comment on the better line, e.g. "Blunder. Best was Qxd5." (with the best move's
    /// name `best_name`), or "Missed a mate. Best was Qxf7#."
    pub fn verdict(&self, best_name: &str) -> Option<String> {
        let what = if self.missed_mate {
            "Missed a mate".to_string()
        } else if self.allowed_mate {
            "Allowed a mate".to_string()
        } else {
            self.judgement?.word().to_string()
        };
        Some(format!("{what}. Best was {best_name}."))
    }
}

/// The review of a game's main line.
#[derive(Clone, Debug)]
pub struct Review {
    /// The evaluation of every position of the main line, the start first (White's view).
    pub evals: Vec<Eval>,
    /// Every move, in order.
    pub moves: Vec<MoveReview>,
}

impl Review {
    /// `side`'s accuracy over the game (`None` if it made no move).
    pub fn accuracy(&self, side: Color) -> Option<f64> {
        let of: Vec<f64> = self
            .moves
            .iter()
            .filter(|m| m.side == side)
            .map(|m| m.accuracy)
            .collect();
        side_accuracy(&of)
    }

    /// How many of `side`'s moves got `judgement`.
    pub fn count(&self, side: Color, judgement: Judgement) -> usize {
        self.moves
            .iter()
            .filter(|m| m.side == side && m.judgement == Some(judgement))
            .count()
    }
}

/// What a search said of one position of the main line.
#[derive(Clone, Debug)]
pub struct Searched {
    /// The evaluation (White's view).
    pub eval: Eval,
    /// The best move (`None` when the game is over there, or the search had no time).
    pub best: Option<Move>,
    /// The line from the position, the best move first.
    pub pv: Vec<Move>,
}

/// Searches every position of `game`'s main line within `limits` (fixed nodes give the same
/// review on every machine; `clock` gives milliseconds for a time limit, as the search
/// takes it) and judges every move. `progress(done, total)` hears about each position.
pub fn review(
    game: &Game,
    limits: &Limits,
    searcher: &mut Searcher,
    clock: &dyn Fn() -> f64,
    progress: &mut dyn FnMut(usize, usize),
) -> Review {
    let line = main_line_game(game);
    let total = line.moves().len() + 1;
    let mut searched = Vec::with_capacity(total);
    let mut keys: Vec<u64> = Vec::with_capacity(total);
    for ply in 0..total {
        progress(ply, total);
        let Some(pos) = line.position_at(ply) else {
            break;
        };
        let node = line.line_nodes()[ply];
        // A game the players ended (resignation, agreement, time) still has its last position
        // searched: its last move is judged like any other.
        searched.push(match line.board_outcome_at_node(node).ok().flatten() {
            Some(outcome) => Searched {
                eval: Eval::Over(outcome.winner),
                best: None,
                pv: Vec::new(),
            },
            None => {
                let report = searcher.search(pos, &keys, limits, clock, &|| false, &mut |_| {});
                Searched {
                    eval: Eval::from_score(report.score, pos.side()),
                    best: report.best,
                    pv: report.pv,
                }
            }
        });
        keys.push(pos.key());
    }
    progress(total, total);
    judge(game, &searched)
}

/// `game` with its cursor at the end of the main line (position_at then walks it).
fn main_line_game(game: &Game) -> Game {
    let mut line = game.clone();
    let main = line.main_line();
    let _ = line.go_to_node(*main.last().unwrap_or(&0));
    line
}

/// Judges every move of `game`'s main line from what the searches said of its positions
/// (`searched[ply]`, the start first; a shorter list judges the moves it covers). The
/// page's worker searches the positions; this judges them as [`review`] does.
pub fn judge(game: &Game, searched: &[Searched]) -> Review {
    let line = main_line_game(game);
    let nodes = line.line_nodes();
    let plies = line.moves().len().min(searched.len().saturating_sub(1));
    let mut moves = Vec::with_capacity(plies);
    for ply in 0..plies {
        let pos = line.position_at(ply).expect("a position of the main line");
        let side = pos.side();
        let played = line.moves()[ply];
        let (before, after) = (searched[ply].eval, searched[ply + 1].eval);
        let (best, best_line) = (searched[ply].best, searched[ply].pv.clone());
        let variant = pos.variant();
        let (win_before, win_after) = (before.win_for(variant, side), after.win_for(variant, side));
        let lost = (win_before - win_after).max(0.0);
        let chose_best = best == Some(played);
        let wins_now = after == Eval::Over(Some(side));
        let missed_mate =
            !chose_best && before.mates_for(side) && !after.mates_for(side) && !wins_now;
        let allowed_mate =
            !chose_best && after.mates_for(side.opponent()) && !before.mates_for(side.opponent());
        let mut judgement = if chose_best {
            None
        } else {
            Judgement::of_loss(lost)
        };
        if missed_mate {
            judgement = judgement.max(Some(Judgement::Mistake));
        }
        if allowed_mate {
            judgement = Some(Judgement::Blunder);
        }
        moves.push(MoveReview {
            node: nodes[ply + 1],
            side,
            played,
            before,
            after,
            best,
            best_line,
            lost,
            judgement,
            missed_mate,
            allowed_mate,
            // The search's own choice is not inaccurate by its own judgement: a drop after it
            // is the search seeing further one ply on, not the move.
            accuracy: if chose_best {
                100.0
            } else {
                move_accuracy(win_before, win_after)
            },
        });
    }
    Review {
        evals: searched.iter().map(|s| s.eval).collect(),
        moves,
    }
}

/// The moves of a better line kept as a variation (at most this many).
const LINE_MOVES: usize = 8;

/// `comment` with `[%eval value]` in place of any evaluation it had, first. An evaluation is
/// found whatever the white space inside it (`[%eval\n0.39]` from a PGN wrapped at 80
/// columns, `[%eval  0.39 ]`), as [`crate::pgn::commands`] reads it.
pub fn with_eval(comment: &str, value: &str) -> String {
    let mut rest = comment.to_string();
    // From the last, so that the places of those before stay.
    for (span, name, _) in crate::pgn::command_spans(comment).into_iter().rev() {
        if name == "eval" {
            rest.replace_range(span, "");
        }
    }
    let rest = rest.trim();
    if rest.is_empty() {
        format!("[%eval {value}]")
    } else {
        format!("[%eval {value}] {rest}")
    }
}

/// Writes `review` into `game` as lichess writes a review into PGN: `[%eval ...]` in every
/// main-line move's comment, followed on a judged move by the verdict ("Blunder. Best was
/// Qxd5."), `?!`/`?`/`??` on it (a person's own move mark, `!` to `?!`, is never replaced),
/// the better line as a variation, and the tags `WhiteAccuracy` and `BlackAccuracy`. The
/// cursor stays where it was.
pub fn annotate(game: &mut Game, review: &Review) {
    let here = game.current_node();
    for m in &review.moves {
        let Ok(comment) = game.comment(m.node) else {
            continue;
        };
        let mut comment = match m.after.pgn() {
            Some(value) => with_eval(comment, &value),
            None => comment.to_string(),
        };
        // The verdict follows the evaluation, as lichess writes it ("Blunder. Best was g6.").
        let best_name = m.best.and_then(|b| {
            let parent = game.node(m.node).ok()?.parent?;
            let mut at = game.clone();
            at.go_to_node(parent).ok()?;
            Some(at.position().move_name(&b))
        });
        if let Some(verdict) = best_name.and_then(|name| m.verdict(&name)) {
            if !comment.contains(&verdict) {
                comment = format!("{comment} {verdict}").trim().to_string();
            }
        }
        let _ = game.set_comment(m.node, &comment);
        let Some(judgement) = m.judgement else {
            continue;
        };
        let nags = game.nags(m.node).map(<[u8]>::to_vec).unwrap_or_default();
        if !nags.iter().any(|n| (1..=6).contains(n)) {
            let mut with = vec![judgement.nag()];
            with.extend(nags);
            let _ = game.set_nags(m.node, &with);
        }
        add_better_line(game, m);
    }
    for (side, tag) in [
        (Color::White, "WhiteAccuracy"),
        (Color::Black, "BlackAccuracy"),
    ] {
        if let Some(a) = review.accuracy(side) {
            let _ = game.set_tag(tag, &tenths(a));
        }
    }
    let _ = game.go_to_node(here);
}

/// Adds the search's better line before move `m` as a variation.
fn add_better_line(game: &mut Game, m: &MoveReview) {
    let Some(best) = m.best else {
        return;
    };
    let Some(parent) = game.node(m.node).ok().and_then(|n| n.parent) else {
        return;
    };
    if game.go_to_node(parent).is_err() {
        return;
    }
    let line = if m.best_line.first() == Some(&best) {
        &m.best_line[..m.best_line.len().min(LINE_MOVES)]
    } else {
        std::slice::from_ref(&best)
    };
    for &mv in line {
        // A line the search saw may not be legal from here once the game's history differs.
        if !game.position().legal_moves().contains(&mv) {
            break;
        }
        game.play_move(mv);
    }
}

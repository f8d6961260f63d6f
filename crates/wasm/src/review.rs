//! The page's review of a game (issue 29): the worker searches each position of the main
//! line, as it searches for a hint; [`GameHandle::apply_review`] judges the moves with
//! [`fairyboard::review::judge`] (the same judgement as `fairyboard review`) and writes the
//! review into the record, where links, PGN and reloads keep it.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::engine::{field, number, text};
use super::{to_js, GameHandle};
use fairyboard::review::{annotate, judge, Eval, Judgement, Review, Searched};
use fairyboard::search::Score;
use fairyboard::{Color, Position};

/// One side's figures.
#[derive(Serialize)]
struct SideSummary {
    accuracy: Option<f64>,
    inaccuracies: usize,
    mistakes: usize,
    blunders: usize,
}

impl SideSummary {
    fn of(review: &Review, side: Color) -> SideSummary {
        SideSummary {
            accuracy: review.accuracy(side).map(|a| (a * 10.0).round() / 10.0),
            inaccuracies: review.count(side, Judgement::Inaccuracy),
            mistakes: review.count(side, Judgement::Mistake),
            blunders: review.count(side, Judgement::Blunder),
        }
    }
}

#[derive(Serialize)]
struct ReviewSummary {
    white: SideSummary,
    black: SideSummary,
    /// How many moves were judged.
    moves: usize,
}

/// One position's search answer (`{ score: { cp, mate }, best, pv }`, Engine.search's form)
/// as the review takes it; a missing or unreadable answer counts as an even position.
fn searched(pos: &Position, answer: &JsValue) -> Result<Searched, String> {
    let score = field(answer, "score").unwrap_or(JsValue::NULL);
    let score = match number(&score, "mate")? {
        Some(m) => Score::Mate(m as i32),
        None => Score::Cp(number(&score, "cp")?.unwrap_or(0.0) as i32),
    };
    let best = text(answer, "best")?.and_then(|t| pos.parse_move(&t).ok());
    let mut pv = Vec::new();
    if let Some(list) = field(answer, "pv") {
        let mut at = pos.clone();
        for item in js_sys::Array::from(&list).iter() {
            let Some(m) = item.as_string().and_then(|t| at.parse_move(&t).ok()) else {
                break;
            };
            at = at.after(&m);
            pv.push(m);
        }
    }
    Ok(Searched {
        eval: Eval::from_score(score, pos.side()),
        best,
        pv,
    })
}

#[wasm_bindgen]
impl GameHandle {
    /// The main line's move texts, from the start: the positions a review searches.
    #[wasm_bindgen(js_name = mainLine)]
    pub fn main_line_texts(&self) -> Vec<String> {
        let mut game = self.game.clone();
        let main = game.main_line();
        let _ = game.go_to_node(*main.last().unwrap_or(&0));
        game.move_texts()
    }

    /// Judges the main line's moves from `answers` (one search answer per position, the
    /// start first, as Engine.search gives them; `null` where the game is over) and writes
    /// the review into the record: `[%eval]` in every move's comment, the verdict and
    /// `?!`/`?`/`??` on judged moves (a person's own mark kept), the better lines as
    /// variations, the accuracy tags. Returns `{ white: { accuracy, inaccuracies, mistakes,
    /// blunders }, black: { ... }, moves }`.
    #[wasm_bindgen(js_name = applyReview)]
    pub fn apply_review(&mut self, answers: js_sys::Array) -> Result<JsValue, JsError> {
        let mut line = self.game.clone();
        let main = line.main_line();
        let _ = line.go_to_node(*main.last().unwrap_or(&0));
        let mut all = Vec::new();
        for (ply, answer) in answers.iter().enumerate().take(main.len()) {
            let Some(pos) = line.position_at(ply) else {
                break;
            };
            // Over by the board only: a game the players ended has its last move judged too.
            let over = line.board_outcome_at_node(main[ply]).ok().flatten();
            all.push(match over {
                Some(outcome) => Searched {
                    eval: Eval::Over(outcome.winner),
                    best: None,
                    pv: Vec::new(),
                },
                None => searched(pos, &answer)
                    .map_err(|e| JsError::new(&format!("position {ply}: {e}")))?,
            });
        }
        let review = judge(&self.game, &all);
        annotate(&mut self.game, &review);
        Ok(to_js(&ReviewSummary {
            white: SideSummary::of(&review, Color::White),
            black: SideSummary::of(&review, Color::Black),
            moves: review.moves.len(),
        }))
    }
}

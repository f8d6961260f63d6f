//! The computer player for the page: a searcher with its own table, meant to live in a Web
//! Worker's wasm instance. It owns nothing the page needs: each search gets the game's start
//! and its moves, and answers with a move text and what the search saw.

use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use super::{error, to_js};
use crate::search::{self, ClockLimit, Info, Level, Limits, Score, Searcher};
use crate::{Game, Position, Variant};

/// What the page asks for: the game (its id, start position text or null for the standard
/// start, and the moves played), and the limits (any of them; none means one second).
#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
struct Request {
    game: String,
    position: Option<String>,
    moves: Vec<String>,
    depth: Option<u32>,
    nodes: Option<f64>,
    movetime: Option<f64>,
    /// The side to move's clock: milliseconds left, the increment, moves to go.
    clock: Option<Clock>,
    /// 1 to 8 (8: full strength).
    level: Option<u8>,
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
struct Clock {
    remaining: f64,
    increment: f64,
    moves_to_go: Option<u32>,
}

/// A score for the page: centipawns or moves to mate, from the side to move's view.
#[derive(Serialize)]
struct ScoreView {
    cp: Option<i32>,
    mate: Option<i32>,
}

impl From<Score> for ScoreView {
    fn from(s: Score) -> ScoreView {
        match s {
            Score::Cp(cp) => ScoreView {
                cp: Some(cp),
                mate: None,
            },
            Score::Mate(n) => ScoreView {
                cp: None,
                mate: Some(n),
            },
        }
    }
}

/// One finished iteration, or the final answer.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct InfoView {
    depth: u32,
    seldepth: u32,
    score: ScoreView,
    nodes: f64,
    time: f64,
    nps: f64,
    /// The principal variation as move texts.
    pv: Vec<String>,
    /// The best move's text (null: no legal move); only in the final answer.
    best: Option<String>,
}

/// The move texts of a line played from `pos`.
fn line_texts(pos: &Position, line: &[crate::Move]) -> Vec<String> {
    let mut p = pos.clone();
    line.iter()
        .map(|m| {
            let text = p.move_text(m);
            p.apply(m);
            text
        })
        .collect()
}

fn info_view(pos: &Position, info: &Info, best: Option<String>) -> InfoView {
    InfoView {
        depth: info.depth,
        seldepth: info.seldepth,
        score: info.score.into(),
        nodes: info.nodes as f64,
        time: info.time,
        nps: info.nps() as f64,
        pv: line_texts(pos, &info.pv),
        best,
    }
}

/// A search engine with its transposition table, kept between moves of a game.
#[wasm_bindgen]
pub struct Engine {
    searcher: Searcher,
}

#[wasm_bindgen]
impl Engine {
    /// An engine with a table of about `megabytes` (the page uses 8).
    #[wasm_bindgen(constructor)]
    pub fn new(megabytes: u32) -> Engine {
        Engine {
            searcher: Searcher::new(megabytes.clamp(1, 256) as usize),
        }
    }

    /// Forgets earlier searches (a new game).
    pub fn clear(&mut self) {
        self.searcher.clear();
    }

    /// Searches the position the request's moves reach. `clock` returns milliseconds
    /// (`performance.now`); `onInfo`, if given, is called with each finished iteration.
    /// Returns `{ best, score: { cp, mate }, depth, seldepth, nodes, time, nps, pv }`;
    /// throws an Error naming a bad game, position or move.
    pub fn search(
        &mut self,
        request: JsValue,
        clock: &js_sys::Function,
        on_info: Option<js_sys::Function>,
    ) -> Result<JsValue, JsError> {
        let request: Request = serde_wasm_bindgen::from_value(request)
            .map_err(|e| JsError::new(&format!("bad search request: {e}")))?;
        let variant = Variant::from_id(&request.game).map_err(error)?;
        let mut game = Game::new(variant, request.position.as_deref()).map_err(error)?;
        for (i, text) in request.moves.iter().enumerate() {
            game.play(text).map_err(|e| {
                JsError::new(&crate::record::why_not_played(
                    &format!("move {}", i + 1),
                    text,
                    e.message(),
                ))
            })?;
        }
        let mut limits = Limits {
            depth: request.depth,
            nodes: request.nodes.map(|n| n.max(1.0) as u64),
            movetime: request.movetime,
            clock: request.clock.map(|c| ClockLimit {
                remaining: c.remaining,
                increment: c.increment,
                moves_to_go: c.moves_to_go,
            }),
            infinite: false,
        };
        let level = Level::get(request.level.unwrap_or(8)).unwrap_or(search::LEVELS[7]);
        limits = level.limits(limits);
        if limits.depth.is_none()
            && limits.nodes.is_none()
            && limits.movetime.is_none()
            && limits.clock.is_none()
        {
            limits.movetime = Some(1000.0);
        }
        let pos = game.position().clone();
        let now = || {
            clock
                .call0(&JsValue::NULL)
                .ok()
                .and_then(|v| v.as_f64())
                .unwrap_or(0.0)
        };
        self.searcher.exact_root(level.noise > 0);
        let report = self.searcher.search(
            &pos,
            &game.keys_before(),
            &limits,
            &now,
            &|| false,
            &mut |info| {
                if let Some(f) = &on_info {
                    let _ = f.call1(&JsValue::NULL, &to_js(&info_view(&pos, info, None)));
                }
            },
        );
        let best = level.choose(&report, pos.key()).map(|m| pos.move_text(&m));
        let info = Info {
            depth: report.depth,
            seldepth: report.seldepth,
            score: report.score,
            nodes: report.nodes,
            time: report.time,
            pv: report.pv.clone(),
            hashfull: 0,
        };
        Ok(to_js(&info_view(&pos, &info, best)))
    }
}

/// The search benchmark (`benches/wasm_search.mjs`): searches a benchmark position of a
/// game (`"start"` or `"middlegame"`, see `fairyboard::search::bench`) to a fixed depth
/// and returns the nodes searched.
#[wasm_bindgen(js_name = searchBench)]
pub fn search_bench(game_id: &str, which: &str, depth: u32) -> Result<f64, JsError> {
    let variant = Variant::from_id(game_id).map_err(error)?;
    let pos = search::bench::position(variant, which)
        .ok_or_else(|| JsError::new(&format!("no benchmark position '{which}'")))?;
    Ok(search::bench::fixed_depth(&pos, depth.min(search::MAX_DEPTH)) as f64)
}

/// The depth a search of a benchmark position reaches in `ms` milliseconds by `clock`.
#[wasm_bindgen(js_name = searchDepthIn)]
pub fn search_depth_in(
    game_id: &str,
    which: &str,
    ms: f64,
    clock: &js_sys::Function,
) -> Result<u32, JsError> {
    let variant = Variant::from_id(game_id).map_err(error)?;
    let pos = search::bench::position(variant, which)
        .ok_or_else(|| JsError::new(&format!("no benchmark position '{which}'")))?;
    let now = || {
        clock
            .call0(&JsValue::NULL)
            .ok()
            .and_then(|v| v.as_f64())
            .unwrap_or(0.0)
    };
    let report = Searcher::new(16).search(
        &pos,
        &[],
        &Limits::movetime(ms),
        &now,
        &|| false,
        &mut |_| {},
    );
    Ok(report.depth)
}

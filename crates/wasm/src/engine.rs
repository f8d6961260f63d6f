//! The computer player for the page: a searcher with its own table, meant to live in a Web
//! Worker's wasm instance. It owns nothing the page needs: each search gets the game's start
//! and its moves, and answers with a move text and what the search saw.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::{error, to_js};
use fairyboard::search::{self, ClockLimit, Info, Level, Limits, Score, Searcher};
use fairyboard::{Game, Position, Variant};

/// What the page asks for: the game (its id, start position text or null for the standard
/// start, and the moves played), and the limits (any of them; none means one second). Read
/// field by field from the JS object ([`Request::read`]): a serde deserializer would bring
/// serde's error texts along, with their float formatting, into the download.
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
    /// How many lines (1 to [`search::MAX_LINES`]).
    multipv: Option<u32>,
}

struct Clock {
    remaining: f64,
    increment: f64,
    moves_to_go: Option<u32>,
}

/// The field `name` of `obj`: `None` if it is missing, undefined or null.
pub(super) fn field(obj: &JsValue, name: &str) -> Option<JsValue> {
    js_sys::Reflect::get(obj, &JsValue::from_str(name))
        .ok()
        .filter(|v| !v.is_undefined() && !v.is_null())
}

/// The number in field `name`, if any; an error if it holds something else.
pub(super) fn number(obj: &JsValue, name: &str) -> Result<Option<f64>, String> {
    field(obj, name)
        .map(|v| v.as_f64().ok_or_else(|| format!("{name} must be a number")))
        .transpose()
}

/// The whole number from 0 to `max` in field `name`, if any.
fn whole(obj: &JsValue, name: &str, max: u32) -> Result<Option<u32>, String> {
    number(obj, name)?
        .map(|n| {
            if n.fract() == 0.0 && (0.0..=f64::from(max)).contains(&n) {
                Ok(n as u32)
            } else {
                Err(format!("{name} must be a whole number from 0 to {max}"))
            }
        })
        .transpose()
}

/// The text in field `name`, if any.
pub(super) fn text(obj: &JsValue, name: &str) -> Result<Option<String>, String> {
    field(obj, name)
        .map(|v| {
            v.as_string()
                .ok_or_else(|| format!("{name} must be a string"))
        })
        .transpose()
}

impl Request {
    /// Reads a request object; every field may be missing or null.
    fn read(obj: &JsValue) -> Result<Request, String> {
        if !obj.is_object() {
            return Err("the request must be an object".into());
        }
        let moves = match field(obj, "moves") {
            None => Vec::new(),
            Some(v) => {
                let bad = || "moves must be an array of strings".to_string();
                if !js_sys::Array::is_array(&v) {
                    return Err(bad());
                }
                js_sys::Array::from(&v)
                    .iter()
                    .map(|m| m.as_string().ok_or_else(bad))
                    .collect::<Result<_, _>>()?
            }
        };
        let clock = match field(obj, "clock") {
            None => None,
            Some(c) if c.is_object() => Some(Clock {
                remaining: number(&c, "remaining")?.unwrap_or(0.0),
                increment: number(&c, "increment")?.unwrap_or(0.0),
                moves_to_go: whole(&c, "movesToGo", u32::MAX)?,
            }),
            Some(_) => return Err("clock must be an object".into()),
        };
        Ok(Request {
            game: text(obj, "game")?.unwrap_or_default(),
            position: text(obj, "position")?,
            moves,
            depth: whole(obj, "depth", u32::MAX)?,
            nodes: number(obj, "nodes")?,
            movetime: number(obj, "movetime")?,
            clock,
            level: whole(obj, "level", u8::MAX.into())?.map(|l| l as u8),
            multipv: whole(obj, "multipv", search::MAX_LINES as u32)?,
        })
    }
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
    /// Which line this is (1: the best); in the final answer, 1.
    multipv: u32,
    /// Every line asked for, the best first; only in the final answer.
    lines: Option<Vec<LineView>>,
}

/// One of a search's lines.
#[derive(Serialize)]
struct LineView {
    score: ScoreView,
    pv: Vec<String>,
    depth: u32,
}

/// The move texts of a line played from `pos`.
fn line_texts(pos: &Position, line: &[fairyboard::Move]) -> Vec<String> {
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
        multipv: info.multipv,
        lines: None,
    }
}

/// The milliseconds `clock` returns; NaN when it throws or returns something else, which
/// the search skips (a 0 would count as a jump back, and the next reading as a jump
/// forward).
fn reading(clock: &js_sys::Function) -> f64 {
    clock
        .call0(&JsValue::NULL)
        .ok()
        .and_then(|v| v.as_f64())
        .unwrap_or(f64::NAN)
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
    /// (`performance.now`); the search ends by itself even if it stands still or goes back
    /// (see [`Searcher::search`]). `onInfo`, if given, is called with each finished
    /// iteration.
    /// Returns `{ best, score: { cp, mate }, depth, seldepth, nodes, time, nps, pv, lines }`
    /// (`lines`: `{ score, pv, depth }` for each line, as many as the request's `multipv`,
    /// 1 to 5, asks for; each info names its line in `multipv`); throws an Error naming a
    /// bad game, position or move.
    pub fn search(
        &mut self,
        request: JsValue,
        clock: &js_sys::Function,
        on_info: Option<js_sys::Function>,
    ) -> Result<JsValue, JsError> {
        let request = Request::read(&request)
            .map_err(|e| JsError::new(&format!("bad search request: {e}")))?;
        let variant = Variant::from_id(&request.game).map_err(error)?;
        let mut game = Game::new(variant, request.position.as_deref()).map_err(error)?;
        for (i, text) in request.moves.iter().enumerate() {
            game.play(text).map_err(|e| {
                JsError::new(&fairyboard::record::why_not_played(
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
        let now = || reading(clock);
        self.searcher.exact_root(level.noise);
        self.searcher
            .multipv(request.multipv.unwrap_or(1).max(1) as usize);
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
            multipv: 1,
        };
        let mut view = info_view(&pos, &info, best);
        view.lines = Some(
            report
                .lines
                .iter()
                .map(|l| LineView {
                    score: l.score.into(),
                    pv: line_texts(&pos, &l.pv),
                    depth: l.depth,
                })
                .collect(),
        );
        Ok(to_js(&view))
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
    let now = || reading(clock);
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

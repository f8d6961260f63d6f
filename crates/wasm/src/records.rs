//! Game records at the wasm boundary: share links (`src/link/`), PGN (`src/pgn/`) and the
//! record's tags of a game (`Game::tags`).

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::{error, to_js, GameHandle};

/// What opening a link or a PGN text gives the page: `{ handle, message, used, total }`,
/// `message` null when the record was read whole and clean.
fn opened(replay: fairyboard::record::Replay) -> JsValue {
    let out = js_sys::Object::new();
    let message = replay.message();
    let set = |key: &str, value: JsValue| {
        let _ = js_sys::Reflect::set(&out, &JsValue::from_str(key), &value);
    };
    // The first move that could not be played, in words (`move 2 for White: ...`), or null.
    let problem = replay.problem.as_ref().map(|p| p.describe());
    set(
        "problem",
        problem.map_or(JsValue::NULL, |p| JsValue::from_str(&p)),
    );
    set("used", JsValue::from(replay.used as f64));
    set("total", JsValue::from(replay.total as f64));
    set(
        "message",
        message.map_or(JsValue::NULL, |m| JsValue::from_str(&m)),
    );
    set("handle", JsValue::from(GameHandle { game: replay.game }));
    out.into()
}

/// Opens a share link's fragment (with or without `#`): `{ handle, message, problem, used,
/// total }` with the longest legal prefix of its moves (`problem`: the first move that could
/// not be played, in words, or null); throws only when no game can be made (no or
/// an unknown game, a bad start position), with a message naming the problem.
#[wasm_bindgen(js_name = openFragment)]
pub fn open_fragment(fragment: &str) -> Result<JsValue, JsError> {
    fairyboard::link::read(fragment).map(opened).map_err(error)
}

/// Opens the first game of a PGN text: `{ handle, message, problem, used, total }` as for
/// `openFragment`; the message and `problem` name the first bad move by its number.
#[wasm_bindgen(js_name = openPgn)]
pub fn open_pgn(text: &str) -> Result<JsValue, JsError> {
    fairyboard::pgn::read(text).map(opened).map_err(error)
}

#[wasm_bindgen]
impl GameHandle {
    /// The share link's fragment (without `#`) for the game (variations, comments, tags and
    /// how the players ended it included) and the position shown.
    #[wasm_bindgen(js_name = shareFragment)]
    pub fn share_fragment(&self) -> String {
        fairyboard::link::fragment(&self.game)
    }

    /// The game as PGN with its tags; `date` (e.g. `2026.11.23`) is the Date of a game that
    /// has none of its own.
    #[wasm_bindgen(js_name = toPgn)]
    pub fn to_pgn(&self, date: Option<String>) -> String {
        let tags: Vec<(&str, &str)> = date.as_deref().map(|d| ("Date", d)).into_iter().collect();
        fairyboard::pgn::write(&self.game, &tags)
    }

    /// The record's tags in order, as `[[name, value], ...]`: the players, the event, the
    /// date and whatever else a record named (`ECO`, `TimeControl`...); never Result,
    /// Variant, SetUp or FEN, which follow from the game.
    pub fn tags(&self) -> js_sys::Array {
        self.game
            .tags()
            .iter()
            .map(|(name, value)| {
                js_sys::Array::of2(&JsValue::from_str(name), &JsValue::from_str(value))
            })
            .collect()
    }

    /// The value of the tag `name` (the name in any case), or null.
    pub fn tag(&self, name: &str) -> JsValue {
        self.game.tag(name).map_or(JsValue::NULL, JsValue::from_str)
    }

    /// Sets the tag `name` to `value`; an empty value removes it. Throws, changing nothing,
    /// when `name` is not a tag name (letters, digits and `_`, starting with a letter) or is
    /// Result, Variant, SetUp or FEN (they follow from the game).
    #[wasm_bindgen(js_name = setTag)]
    pub fn set_tag(&mut self, name: &str, value: &str) -> Result<(), JsError> {
        self.game.set_tag(name, value).map_err(error)
    }
}

/// The games of a PGN text, in order: `[{ index, white, black, result, event, date, site,
/// moves, game }]`, `game` the game's id (null for a game we do not play); empty for a text
/// with no game. Open one with `openPgnGame(text, index)`.
#[wasm_bindgen(js_name = pgnGames)]
pub fn pgn_games(text: &str) -> JsValue {
    #[derive(Serialize)]
    struct Row {
        index: usize,
        white: String,
        black: String,
        result: String,
        event: String,
        date: String,
        site: String,
        moves: usize,
        game: Option<&'static str>,
    }
    let rows: Vec<Row> = fairyboard::pgn::games(text)
        .into_iter()
        .map(|g| Row {
            index: g.index,
            white: g.white,
            black: g.black,
            result: g.result,
            event: g.event,
            date: g.date,
            site: g.site,
            moves: g.moves,
            game: g.variant.map(|v| v.id()),
        })
        .collect();
    to_js(&rows)
}

/// Opens the game with index `index` (0 = the first) of a PGN text: `{ handle, message,
/// used, total }` as for `openPgn`; throws when there is no such game or it cannot be made.
#[wasm_bindgen(js_name = openPgnGame)]
pub fn open_pgn_game(text: &str, index: usize) -> Result<JsValue, JsError> {
    fairyboard::pgn::read_game(text, index)
        .map(opened)
        .map_err(error)
}

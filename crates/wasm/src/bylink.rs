//! Games by link at the wasm boundary (`src/bylink/`): a record held by the page across calls
//! (`LinkHandle`), made new, read from a link, moved and acted on, compared with a link that
//! may continue it, and turned into the game the board shows and the PGN both pages export.
//! A live game over a direct connection keeps the same record, with a Site and Event of its
//! own, its time control, and a flag that fell (the record has no clock of its own).

use wasm_bindgen::prelude::*;

use super::{color_of, error, to_js, GameHandle};
use fairyboard::bylink::{Action, Continuation, GameId, Header, LinkGame, EVENT, SITE};
use fairyboard::{Color, Game, Variant};

/// The Event tag of a live game.
const LIVE_EVENT: &str = "Live game";

/// The Site tag of a live game.
const LIVE_SITE: &str = "fairyboard, played live over a direct connection";

/// A Unix time in minutes from the page's number (`Date.now() / 60000`, floored); refused
/// when it is not a whole number of minutes from 0 on.
fn minutes(now: f64) -> Result<u64, JsError> {
    if !(now.is_finite()
        && now >= 0.0
        && now.fract() == 0.0
        && now <= fairyboard::bylink::MAX_TIME as f64)
    {
        return Err(JsError::new(&format!(
            "a time is a whole number of Unix minutes, not {now}"
        )));
    }
    Ok(now as u64)
}

/// A game by link held by the page.
#[wasm_bindgen]
pub struct LinkHandle {
    record: LinkGame,
}

/// How the page plays a game by link besides its record: a live game (its Site and Event),
/// its time control as PGN writes it (`180+2`), and the side whose flag fell.
struct Played<'a> {
    live: bool,
    control: Option<&'a str>,
    flag: Option<Color>,
}

#[wasm_bindgen]
impl LinkHandle {
    /// A new game by link: `id` 12 random bytes, `game_id` the game, `start` position text
    /// (none or empty: the standard start), the names (empty while unknown), `inviter` `w` or
    /// `b`, `days` a time per move (1 to 30) or none, `created` Unix minutes. Throws a message
    /// naming what is wrong.
    #[allow(clippy::too_many_arguments)] // the header's fields, as the page gives them
    #[wasm_bindgen(constructor)]
    pub fn new(
        id: &[u8],
        game_id: &str,
        start: Option<String>,
        white: &str,
        black: &str,
        inviter: &str,
        days: Option<u16>,
        created: f64,
    ) -> Result<LinkHandle, JsError> {
        let header = Header {
            id: GameId::from_bytes(id).map_err(error)?,
            variant: Variant::from_id(game_id).map_err(error)?,
            start: start.filter(|s| !s.trim().is_empty()),
            white: white.into(),
            black: black.into(),
            inviter: color_of(inviter)?,
            days,
            created: minutes(created)?,
        };
        LinkGame::new(header)
            .map(|record| LinkHandle { record })
            .map_err(error)
    }

    /// Reads a link (a whole address, a fragment with or without `#`): the record, every
    /// event checked. Throws a message naming what is wrong (damaged or cut short, a newer
    /// format, an event that cannot come where it does).
    pub fn read(text: &str) -> Result<LinkHandle, JsError> {
        LinkGame::read(text)
            .map(|record| LinkHandle { record })
            .map_err(error)
    }

    /// A copy of this record (the page keeps one while it tries a change on the other).
    pub fn copy(&self) -> LinkHandle {
        LinkHandle {
            record: self.record.clone(),
        }
    }

    /// The link's fragment (without `#`).
    pub fn fragment(&self) -> String {
        self.record.fragment()
    }

    /// The game's id: 16 base64url characters.
    pub fn id(&self) -> String {
        self.record.id().text()
    }

    /// The game (`orthodox`, `pawnier`, ...).
    #[wasm_bindgen(js_name = gameId)]
    pub fn game_id(&self) -> String {
        self.record.variant().id().to_string()
    }

    /// The side of the player who invited: `w` or `b`.
    pub fn inviter(&self) -> String {
        self.record.inviter().letter().to_string()
    }

    /// The name of the player of `side` (`w` or `b`; empty while unknown).
    pub fn name(&self, side: &str) -> Result<String, JsError> {
        Ok(self.record.name(color_of(side)?).to_string())
    }

    /// Gives the name of `side`'s player, once (a name given is fixed). Throws when it is
    /// empty, too long, has control characters or differs from the one given.
    #[wasm_bindgen(js_name = setName)]
    pub fn set_name(&mut self, side: &str, name: &str) -> Result<(), JsError> {
        self.record.set_name(color_of(side)?, name).map_err(error)
    }

    /// `side` plays the move `text` at `now` (Unix minutes): the event as the page shows it
    /// (`{ index, side, kind, text, name, number, at, words }`). Throws, the record unchanged,
    /// when it is not `side`'s turn, the move is not legal or the game is over.
    pub fn play(&mut self, side: &str, text: &str, now: f64) -> Result<JsValue, JsError> {
        let view = self
            .record
            .play(color_of(side)?, text, minutes(now)?)
            .map_err(error)?;
        Ok(to_js(&view))
    }

    /// `side` does `action` (`draw-offer`, `draw-accept`, `draw-decline`, `takeback-request`,
    /// `takeback-accept`, `takeback-decline`, `resign`, `claim-time`) at `now`: the event as
    /// `play` gives it. Throws, the record unchanged, with why the rules refuse it.
    pub fn act(&mut self, side: &str, action: &str, now: f64) -> Result<JsValue, JsError> {
        let action = Action::from_id(action).map_err(error)?;
        let view = self
            .record
            .act(color_of(side)?, action, minutes(now)?)
            .map_err(error)?;
        Ok(to_js(&view))
    }

    /// The game as the list of games by link shows it: `{ id, game, white, black, inviter,
    /// days, created, turn, last, last_move, due, draw_offer, takeback, result, outcome,
    /// plies }` (src/bylink/view.rs).
    pub fn summary(&self) -> JsValue {
        to_js(&self.record.summary())
    }

    /// Every event of the record as the page shows it, the first first.
    pub fn events(&self) -> JsValue {
        to_js(&self.record.views())
    }

    /// Compares `link` (read from a link) with this record, held by a page that plays `mine`
    /// (`w` or `b`): `{ kind: 'continues', record, events, names }` (keep `record`, a new
    /// LinkHandle; show `events`; `names`: the sides named for the first time) or `{ kind:
    /// 'known', older }` (nothing changes). Throws a message naming what differs when the
    /// link does not continue this game.
    #[wasm_bindgen(js_name = continueWith)]
    pub fn continue_with(&self, mine: &str, link: &LinkHandle) -> Result<JsValue, JsError> {
        let out = js_sys::Object::new();
        let set = |key: &str, value: JsValue| {
            let _ = js_sys::Reflect::set(&out, &JsValue::from_str(key), &value);
        };
        match self
            .record
            .continue_with(color_of(mine)?, &link.record)
            .map_err(error)?
        {
            Continuation::Continues {
                record,
                events,
                names,
            } => {
                set("kind", JsValue::from_str("continues"));
                set("events", to_js(&events));
                let names: Vec<String> = names.iter().map(|c| c.letter().to_string()).collect();
                set("names", to_js(&names));
                set("record", JsValue::from(LinkHandle { record: *record }));
            }
            Continuation::Known { older } => {
                set("kind", JsValue::from_str("known"));
                set("older", JsValue::from_bool(older));
            }
        }
        Ok(out.into())
    }

    /// The game the board shows: the record's game with the tags its PGN has. `live`: a live
    /// game (its own Event and Site), `control` its time control as PGN writes it (`180+2`),
    /// `flag` the side (`w` or `b`) whose flag fell in it.
    #[wasm_bindgen(js_name = boardGame)]
    pub fn board_game(
        &self,
        live: bool,
        control: Option<String>,
        flag: Option<String>,
    ) -> Result<GameHandle, JsError> {
        let played = self.played(live, control.as_deref(), flag.as_deref())?;
        Ok(GameHandle {
            game: self.tagged(&played),
        })
    }

    /// The game's PGN, the same on both pages (`boardGame`'s arguments): `[Event "Game by
    /// link"]`, `[Site "fairyboard, played by links"]` (a live game's own), Date, White,
    /// Black, Result and Termination, the moves left after takebacks.
    pub fn pgn(
        &self,
        live: bool,
        control: Option<String>,
        flag: Option<String>,
    ) -> Result<String, JsError> {
        let played = self.played(live, control.as_deref(), flag.as_deref())?;
        if !played.live && played.flag.is_none() {
            return Ok(self.record.pgn());
        }
        Ok(fairyboard::pgn::write(&self.tagged(&played), &[]))
    }
}

impl LinkHandle {
    fn played<'a>(
        &self,
        live: bool,
        control: Option<&'a str>,
        flag: Option<&str>,
    ) -> Result<Played<'a>, JsError> {
        Ok(Played {
            live,
            control: control.filter(|c| !c.trim().is_empty()),
            flag: flag.map(color_of).transpose()?,
        })
    }

    /// The record's game with the tags its PGN has (and a live game's flag fallen).
    fn tagged(&self, played: &Played) -> Game {
        let record = &self.record;
        let mut game = record.game().clone();
        if let Some(side) = played.flag {
            // A flag after the end (a page that kept both) changes nothing.
            let _ = game.flag_fall(side);
        }
        let (event, site) = if played.live {
            (LIVE_EVENT, LIVE_SITE)
        } else {
            (EVENT, SITE)
        };
        let mut tags = vec![
            ("Event", event.to_string()),
            ("Site", site.to_string()),
            ("Date", fairyboard::bylink::date(record.created())),
            ("White", record.name(Color::White).to_string()),
            ("Black", record.name(Color::Black).to_string()),
        ];
        if let Some(control) = played.control {
            tags.push(("TimeControl", control.to_string()));
        }
        for (name, value) in &tags {
            // The names were checked when given; the rest is ours (an empty name: `?`).
            let _ = game.set_tag(name, value);
        }
        game
    }
}

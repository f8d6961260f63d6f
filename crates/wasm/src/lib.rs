//! # fairyboard-wasm
//!
//! The wasm-bindgen boundary, the page's only way into the engine (built by
//! `scripts/build.sh` to `pkg/fairyboard.js` and `pkg/fairyboard_bg.wasm`): a game handle
//! that lives across calls, with everything the page needs as plain JS values (one serde
//! value per call, squares as cell indices), the share links, PGN and tags of game records
//! (`records.rs`), games by link (`bylink.rs`), the review (`review.rs`), the lessons
//! (`lesson.rs`), and the search's `Engine` for a worker (`engine.rs`). Natively the crate is empty: its dependencies exist
//! for wasm32 only, so `cargo test --workspace` builds nothing of it.
#![cfg(target_arch = "wasm32")]

mod bylink;
mod engine;
mod lesson;
mod records;
mod review;

use serde::Serialize;
use wasm_bindgen::prelude::*;

use fairyboard::view::{move_view, outcome_view, piece_view, MoveView, PieceView, Squares};
use fairyboard::{Game, Move, Outcome, Position, Reason, Variant};

#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

fn to_js<T: Serialize>(value: &T) -> JsValue {
    // Options become null (not undefined) so the page can test `=== null`.
    let ser = serde_wasm_bindgen::Serializer::new().serialize_missing_as_null(true);
    value.serialize(&ser).unwrap_or(JsValue::NULL)
}

fn error(e: fairyboard::Error) -> JsError {
    JsError::new(e.message())
}

fn color_of(letter: &str) -> Result<fairyboard::Color, JsError> {
    match letter {
        "w" => Ok(fairyboard::Color::White),
        "b" => Ok(fairyboard::Color::Black),
        _ => Err(JsError::new("the colour must be 'w' or 'b'")),
    }
}

#[derive(Serialize)]
struct GameInfo {
    id: &'static str,
    name: &'static str,
    /// The standard start position text.
    start: &'static str,
    /// Whether players hold pawns in hand.
    hands: bool,
    pieces: Vec<PieceInfo>,
}

#[derive(Serialize)]
struct PieceInfo {
    letter: char,
    kind: &'static str,
}

/// Every game with its id, name, start position text, whether it has hands, and its piece
/// kinds with their letters.
#[wasm_bindgen]
pub fn games() -> JsValue {
    let list: Vec<GameInfo> = Variant::ALL
        .iter()
        .map(|&v| GameInfo {
            id: v.id(),
            name: v.name(),
            start: v.start_text(),
            hands: v.has_hands(),
            pieces: v
                .pieces()
                .iter()
                .map(|&(letter, kind)| PieceInfo {
                    letter,
                    kind: kind.name(),
                })
                .collect(),
        })
        .collect();
    to_js(&list)
}

/// Perft of a game from its start or from position text (for the wasm benchmark).
#[wasm_bindgen]
pub fn perft(game_id: &str, depth: u32, position: Option<String>) -> Result<f64, JsError> {
    let variant = Variant::from_id(game_id).map_err(error)?;
    let game = Game::new(variant, position.as_deref()).map_err(error)?;
    Ok(fairyboard::perft(game.position(), depth.min(8)) as f64)
}

/// A game in progress, held by the page across calls.
#[wasm_bindgen]
pub struct GameHandle {
    game: Game,
}

#[wasm_bindgen]
impl GameHandle {
    /// A new game of `game_id` from its start (no or empty position text), or from
    /// position text; throws an Error whose message names what is wrong.
    #[wasm_bindgen(constructor)]
    pub fn new(game_id: &str, position: Option<String>) -> Result<GameHandle, JsError> {
        let variant = Variant::from_id(game_id).map_err(error)?;
        let text = position.as_deref().filter(|t| !t.trim().is_empty());
        let game = Game::new(variant, text).map_err(error)?;
        Ok(GameHandle { game })
    }

    fn position(&self) -> &Position {
        self.game.position()
    }

    /// The game's id.
    #[wasm_bindgen(js_name = gameId)]
    pub fn game_id(&self) -> String {
        self.game.variant().id().to_string()
    }

    /// The drawing: cells in cell units and the separators to draw.
    pub fn layout(&self) -> JsValue {
        to_js(&self.game.variant().geometry().layout())
    }

    /// The agent on every cell (null for empty), by cell index.
    pub fn pieces(&self) -> JsValue {
        let pos = self.position();
        let list: Vec<_> = pos
            .geometry()
            .all()
            .map(|s| pos.piece_at(s).map(|p| piece_view(pos, p)))
            .collect();
        to_js(&list)
    }

    /// Pawns in hand: `{ w, b }` (both 0 in games without hands).
    pub fn hands(&self) -> JsValue {
        #[derive(Serialize)]
        struct Hands {
            w: u8,
            b: u8,
        }
        let pos = self.position();
        to_js(&Hands {
            w: pos.hand(fairyboard::Color::White),
            b: pos.hand(fairyboard::Color::Black),
        })
    }

    /// The cells adjacent to `sq` (one step along one dimension: on the 4-D board this
    /// crosses the small boards), for showing the geometry.
    pub fn neighbours(&self, sq: u8) -> JsValue {
        let g = self.game.variant().geometry();
        let cells: Vec<u8> = if (sq as usize) < g.len() {
            g.unit_vectors()
                .into_iter()
                .filter_map(|v| g.offset(fairyboard::Square(sq), v, false))
                .map(|s| s.0)
                .collect()
        } else {
            Vec::new()
        };
        to_js(&cells)
    }

    /// The legal moves with their effects.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> JsValue {
        let pos = self.position();
        if self.game.outcome().is_some() {
            return to_js(&Vec::<()>::new());
        }
        let list: Vec<_> = pos
            .move_names()
            .into_iter()
            .map(|(m, name)| MoveView {
                name: Some(name),
                ..move_view(pos, &m, Squares::Index)
            })
            .collect();
        to_js(&list)
    }

    /// Plays a move given as move text, a name (`Nf3`, `O-O`) or long algebraic (`Ng1-f3`)
    /// and returns it with its name; throws (leaving the game as it was) if the text is
    /// malformed or the move illegal. A move new in the position shown starts a variation
    /// (nothing is deleted); one already played there is stepped into.
    pub fn play(&mut self, text: &str) -> Result<JsValue, JsError> {
        let before = self.position().clone();
        let m = self.game.play_any(text).map_err(error)?;
        Ok(to_js(&MoveView {
            name: Some(before.move_name(&m)),
            ..move_view(&before, &m, Squares::Index)
        }))
    }

    fn view_of_move_at(&self, ply: usize, m: &Move) -> JsValue {
        match self.game.position_at(ply) {
            Some(before) => to_js(&move_view(before, m, Squares::Index)),
            None => JsValue::NULL,
        }
    }

    /// Takes back the last move and returns it, or null at the start.
    pub fn undo(&mut self) -> JsValue {
        match self.game.undo() {
            Some(m) => self.view_of_move_at(self.game.ply(), &m),
            None => JsValue::NULL,
        }
    }

    /// Plays again the last move taken back and returns it, or null.
    pub fn redo(&mut self) -> JsValue {
        match self.game.redo() {
            Some(m) => self.view_of_move_at(self.game.ply() - 1, &m),
            None => JsValue::NULL,
        }
    }

    /// Whether a move can be taken back.
    #[wasm_bindgen(js_name = canUndo)]
    pub fn can_undo(&self) -> bool {
        self.game.can_undo()
    }

    /// Whether a taken-back move can be played again.
    #[wasm_bindgen(js_name = canRedo)]
    pub fn can_redo(&self) -> bool {
        self.game.can_redo()
    }

    /// Shows the position after `ply` moves (0 = the start) of the current line, keeping
    /// later moves for redo.
    #[wasm_bindgen(js_name = goTo)]
    pub fn go_to(&mut self, ply: usize) -> Result<(), JsError> {
        self.game.go_to(ply).map_err(error)
    }

    /// How many moves have been played up to the position shown.
    pub fn ply(&self) -> usize {
        self.game.ply()
    }

    /// The position text.
    #[wasm_bindgen(js_name = positionText)]
    pub fn position_text(&self) -> String {
        self.position().to_text()
    }

    /// `w` or `b`.
    #[wasm_bindgen(js_name = sideToMove)]
    pub fn side_to_move(&self) -> String {
        self.position().side().letter().to_string()
    }

    /// The cells of the side to move's kings that are in check.
    pub fn checks(&self) -> JsValue {
        let cells: Vec<u8> = self
            .position()
            .checkers_of_side()
            .iter()
            .map(|s| s.0)
            .collect();
        to_js(&cells)
    }

    /// The checks on the side to move's kings, for drawing them: `[{ from, king, path }]`
    /// with `from` the checking agent's cell, `king` the king's and `path` the cells
    /// between them in the order the attack passes them (a slide's squares, a 4-D walk's
    /// cells, a berserker's hop and landing before its rage; empty for a step or leap).
    pub fn checkers(&self) -> JsValue {
        #[derive(Serialize)]
        struct CheckView {
            from: u8,
            king: u8,
            path: Vec<u8>,
        }
        let list: Vec<CheckView> = fairyboard::threats::checks(self.position())
            .into_iter()
            .map(|c| CheckView {
                from: c.from.0,
                king: c.king.0,
                path: c.path.into_iter().map(|s| s.0).collect(),
            })
            .collect();
        to_js(&list)
    }

    /// The cells a legal move (given by its text) passes between its origin and its
    /// destination, in order (an outlaw's bounce with the square it turns on, a slide's
    /// squares, a 4-D walk's cells; empty for a step, leap or drop). Throws if the text is
    /// not a legal move.
    #[wasm_bindgen(js_name = movePath)]
    pub fn move_path(&self, text: &str) -> Result<Vec<u8>, JsError> {
        let pos = self.position();
        let m = pos.parse_move(text).map_err(error)?;
        Ok(fairyboard::threats::move_path(pos, &m)
            .into_iter()
            .map(|s| s.0)
            .collect())
    }

    /// The cells of the agents, of either side, that can neither move nor attack where
    /// they stand (Quarter Chess's frozen agents).
    pub fn frozen(&self) -> Vec<u8> {
        fairyboard::geometry::squares(self.position().frozen())
            .map(|s| s.0)
            .collect()
    }

    /// null while the game goes on, else the result, winner, reason and a sentence.
    pub fn outcome(&self) -> JsValue {
        match self.game.outcome() {
            Some(o) => to_js(&outcome_view(&o)),
            None => JsValue::NULL,
        }
    }

    /// `color` (`w` or `b`) resigns at the end of the game: returns the outcome as
    /// `outcome()` does; throws when the position shown is not the last one or the game is
    /// already over.
    pub fn resign(&mut self, color: &str) -> Result<JsValue, JsError> {
        let c = color_of(color)?;
        let o = self.game.resign(c).map_err(error)?;
        Ok(to_js(&outcome_view(&o)))
    }

    /// The players agree to a draw: returns the outcome as `outcome()` does; throws when the
    /// position shown is not the last one or the game is already over.
    #[wasm_bindgen(js_name = agreeDraw)]
    pub fn agree_draw(&mut self) -> Result<JsValue, JsError> {
        let o = self.game.agree_draw().map_err(error)?;
        Ok(to_js(&outcome_view(&o)))
    }

    /// `color`'s (`w` or `b`) clock ran out: a loss on time, or a draw when the opponent
    /// cannot possibly win. Returns the outcome as `outcome()` does; throws when the position
    /// shown is not the last one or the game is already over.
    #[wasm_bindgen(js_name = flagFall)]
    pub fn flag_fall(&mut self, color: &str) -> Result<JsValue, JsError> {
        let c = color_of(color)?;
        let o = self.game.flag_fall(c).map_err(error)?;
        Ok(to_js(&outcome_view(&o)))
    }

    /// How the players ended the game, if they did (not the board): `{ how: "resign" |
    /// "agree" | "flag", color }` with the colour that resigned or ran out of time (null for
    /// an agreement), or null. Saved with a game so that a reload ends it the same way.
    #[wasm_bindgen(js_name = declaredEnd)]
    pub fn declared_end(&self) -> JsValue {
        #[derive(Serialize)]
        struct End {
            how: &'static str,
            color: Option<char>,
        }
        let loser = |o: &Outcome| o.winner.map(|w| w.opponent().letter());
        let end = self.game.declared().and_then(|o| match o.reason {
            Reason::Resignation => Some(End {
                how: "resign",
                color: loser(&o),
            }),
            Reason::Agreement => Some(End {
                how: "agree",
                color: None,
            }),
            Reason::Time => Some(End {
                how: "flag",
                color: loser(&o),
            }),
            Reason::TimeoutVsInsufficientMaterial(c) => Some(End {
                how: "flag",
                color: Some(c.letter()),
            }),
            _ => None,
        });
        end.map_or(JsValue::NULL, |e| to_js(&e))
    }

    /// The outcome at the end of the line (a declared one included), wherever the position
    /// shown is: null while the game goes on, else as `outcome()`. The move list shows it.
    #[wasm_bindgen(js_name = finalOutcome)]
    pub fn final_outcome(&self) -> JsValue {
        match self.game.final_outcome() {
            Some(o) => to_js(&outcome_view(&o)),
            None => JsValue::NULL,
        }
    }

    /// The move texts played up to the position shown.
    pub fn history(&self) -> Vec<String> {
        self.game.move_texts()
    }

    /// The texts of every move of the current line (from the start through the position
    /// shown to the end of its line), the moves after the position shown (that redo would
    /// play) included.
    pub fn line(&self) -> Vec<String> {
        self.game.line_texts()
    }

    /// The names ([`Position::move_name`]: `e4`, `Nf3`, `O-O`) of every move of the line,
    /// as [`GameHandle::line`] gives their texts.
    #[wasm_bindgen(js_name = lineNames)]
    pub fn line_names(&self) -> Vec<String> {
        self.game.line_names()
    }

    /// The position text the game started from.
    #[wasm_bindgen(js_name = startText)]
    pub fn start_text(&self) -> String {
        self.game.start().to_text()
    }

    /// The whole tree of moves for the move list: `{ current, line, nodes, winScale }`
    /// (`winScale`: the scale of the game's winning-chance curve, for reading `[%eval]`,
    /// see [`fairyboard::winning::scale`]) with `current`
    /// the id of the node shown, `line` the ids of the current line (the start first) and
    /// `nodes` every node, the start (id 0) first then depth first with main moves before
    /// variations: `{ id, parent, ply, number, side: 'white' | 'black', text, name, comment,
    /// nags, children }` (`parent` null for the start; `number` and `side` are the move's, for the
    /// start those of the side to move; `text` and `name` empty for the start; `children` the
    /// ids of the moves from there, the main one first).
    pub fn tree(&self) -> JsValue {
        #[derive(Serialize)]
        struct NodeView {
            id: usize,
            parent: Option<usize>,
            ply: usize,
            number: u16,
            side: &'static str,
            text: String,
            name: String,
            comment: String,
            nags: Vec<u8>,
            children: Vec<usize>,
        }
        #[derive(Serialize)]
        struct TreeView<'a> {
            current: usize,
            line: &'a [usize],
            nodes: Vec<NodeView>,
            #[serde(rename = "winScale")]
            win_scale: f64,
        }
        let nodes = self
            .game
            .nodes()
            .into_iter()
            .map(|n| NodeView {
                id: n.id,
                parent: n.parent,
                ply: n.ply,
                number: n.number,
                side: match n.side {
                    fairyboard::Color::White => "white",
                    fairyboard::Color::Black => "black",
                },
                text: n.text,
                name: n.name,
                comment: n.comment,
                nags: n.nags,
                children: n.children,
            })
            .collect();
        to_js(&TreeView {
            current: self.game.current_node(),
            line: self.game.line_nodes(),
            nodes,
            win_scale: fairyboard::winning::scale(self.game.variant()),
        })
    }

    /// The id of the node shown (0 = the start).
    #[wasm_bindgen(js_name = currentNode)]
    pub fn current_node(&self) -> usize {
        self.game.current_node()
    }

    /// Shows node `id`: the current line is kept when it holds the node, else it becomes the
    /// path to the node continued along main moves. Throws for an unknown id.
    #[wasm_bindgen(js_name = goToNode)]
    pub fn go_to_node(&mut self, id: usize) -> Result<(), JsError> {
        self.game.go_to_node(id).map_err(error)
    }

    /// Makes the line through node `id` the main line (at every branch on its way); returns
    /// whether anything changed. Throws for an unknown id.
    pub fn promote(&mut self, id: usize) -> Result<bool, JsError> {
        self.game.promote(id).map_err(error)
    }

    /// Promotes the variation holding node `id` one step (it trades places with the line it
    /// branched from); returns whether anything changed. Throws for an unknown id.
    #[wasm_bindgen(js_name = promoteVariation)]
    pub fn promote_variation(&mut self, id: usize) -> Result<bool, JsError> {
        self.game.promote_once(id).map_err(error)
    }

    /// Deletes node `id` with every move after it; the position shown moves to its parent if
    /// it was among them. Throws for an unknown id or the start (0).
    #[wasm_bindgen(js_name = deleteNode)]
    pub fn delete_node(&mut self, id: usize) -> Result<(), JsError> {
        self.game.delete(id).map_err(error)
    }

    /// Sets the comment on node `id` (0: on the game, before the first move); an empty text
    /// removes it. Throws for an unknown id.
    #[wasm_bindgen(js_name = setComment)]
    pub fn set_comment(&mut self, id: usize, text: &str) -> Result<(), JsError> {
        self.game.set_comment(id, text).map_err(error)
    }

    /// Sets the annotations of node `id`'s move: PGN's NAGs (1 `!`, 2 `?`, 3 `!!`, 4 `??`, 5
    /// `!?`, 6 `?!`, 10 and up about the position), an empty list removing them. Throws for
    /// an unknown id, or for annotations on the start (0).
    #[wasm_bindgen(js_name = setNags)]
    pub fn set_nags(&mut self, id: usize, nags: Vec<u8>) -> Result<(), JsError> {
        self.game.set_nags(id, &nags).map_err(error)
    }

    /// The comment on node `id` (0: the game's, before the first move); throws for an
    /// unknown id. Cheaper than `tree()` for the position shown.
    pub fn comment(&self, id: usize) -> Result<String, JsError> {
        self.game.comment(id).map(str::to_string).map_err(error)
    }

    /// The move of node `id` as `play` returns it, with the agent on every cell before it
    /// (as `pieces` gives them): `{ move, before }`, or null for the start or an unknown
    /// node. The move list says a move in words from it without playing the game again
    /// (a replay from the start took a second at 12,000 plies).
    #[wasm_bindgen(js_name = nodeMove)]
    pub fn node_move(&self, id: usize) -> JsValue {
        #[derive(Serialize)]
        struct NodeMove {
            #[serde(rename = "move")]
            mv: MoveView,
            before: Vec<Option<PieceView>>,
        }
        let Some((pos, m)) = self.game.move_at_node(id) else {
            return JsValue::NULL;
        };
        let before = pos
            .geometry()
            .all()
            .map(|s| pos.piece_at(s).map(|p| piece_view(pos, p)))
            .collect();
        to_js(&NodeMove {
            mv: MoveView {
                name: Some(pos.move_name(&m)),
                ..move_view(pos, &m, Squares::Index)
            },
            before,
        })
    }

    /// The last move played up to the position shown, or null.
    #[wasm_bindgen(js_name = lastMove)]
    pub fn last_move(&self) -> JsValue {
        match self.game.last_move() {
            Some(m) => self.view_of_move_at(self.game.ply() - 1, m),
            None => JsValue::NULL,
        }
    }
}

// ---- the position editor (src/editor.rs): the engine judges and writes every position ----

/// null if `text` is a position of `game_id` that can be played from, else the message
/// naming what is wrong.
#[wasm_bindgen(js_name = checkPosition)]
pub fn check_position(game_id: &str, text: &str) -> Result<JsValue, JsError> {
    let variant = Variant::from_id(game_id).map_err(error)?;
    Ok(match fairyboard::editor::check(variant, text) {
        Some(message) => JsValue::from_str(&message),
        None => JsValue::NULL,
    })
}

/// The editor's view of position text: `{ board: [letter | null] by cell index, side: 'w' |
/// 'b', castling: 'KQkq' | '-', hands: { w, b }, castles: bool }` (`castles`: the game has
/// castling). Throws only on malformed text; an unplayable position is still read.
#[wasm_bindgen(js_name = readPosition)]
pub fn read_position(game_id: &str, text: &str) -> Result<JsValue, JsError> {
    #[derive(Serialize)]
    struct Hands {
        w: u8,
        b: u8,
    }
    #[derive(Serialize)]
    struct DraftView {
        board: Vec<Option<char>>,
        side: char,
        castling: String,
        hands: Hands,
        castles: bool,
    }
    let variant = Variant::from_id(game_id).map_err(error)?;
    let d = fairyboard::editor::read(variant, text).map_err(error)?;
    Ok(to_js(&DraftView {
        board: d.board,
        side: d.side.letter(),
        castling: d.castling,
        hands: Hands {
            w: d.hands[0],
            b: d.hands[1],
        },
        castles: fairyboard::editor::has_castling(variant),
    }))
}

/// Position text written by the engine from the editor's board (`board`: an array by cell
/// index of piece letters, uppercase White, or null), side (`w`/`b`), castling (`KQkq`
/// letters or `-`) and pawns in hand. Throws on what text cannot say (an unknown letter).
#[wasm_bindgen(js_name = writePosition)]
pub fn write_position(
    game_id: &str,
    board: Vec<JsValue>,
    side: &str,
    castling: &str,
    white_hand: u8,
    black_hand: u8,
) -> Result<String, JsError> {
    let variant = Variant::from_id(game_id).map_err(error)?;
    let letters = board_letters(board)?;
    let side = match side {
        "w" => fairyboard::Color::White,
        "b" => fairyboard::Color::Black,
        _ => return Err(JsError::new("the side to move must be 'w' or 'b'")),
    };
    let draft = fairyboard::editor::Draft {
        board: letters,
        side,
        castling: castling.to_string(),
        hands: [white_hand, black_hand],
    };
    fairyboard::editor::write(variant, &draft).map_err(error)
}

/// The castling rights the editor's board allows (`KQkq` letters or `-`): those whose king
/// and rook stand on their starting squares. Throws on an unknown letter or a board of the
/// wrong size.
#[wasm_bindgen(js_name = possibleCastling)]
pub fn possible_castling(game_id: &str, board: Vec<JsValue>) -> Result<String, JsError> {
    let variant = Variant::from_id(game_id).map_err(error)?;
    fairyboard::editor::possible_castling(variant, &board_letters(board)?).map_err(error)
}

/// The editor's board (an array by cell index of piece letters or null) as letters.
fn board_letters(board: Vec<JsValue>) -> Result<Vec<Option<char>>, JsError> {
    // Read by hand rather than by serde: its deserializer's messages format floats, and that
    // code alone weighs as much as this whole function in the shipped wasm.
    let mut letters = Vec::with_capacity(board.len());
    for cell in board {
        letters.push(if cell.is_null() || cell.is_undefined() {
            None
        } else {
            let text = cell.as_string().ok_or_else(|| {
                JsError::new("the board must be an array of piece letters or null")
            })?;
            let mut chars = text.chars();
            match (chars.next(), chars.next()) {
                (None, _) => None,
                (Some(c), None) => Some(c),
                _ => return Err(JsError::new("a cell holds one piece letter")),
            }
        });
    }
    Ok(letters)
}

// ---- the page around the board: piece legend and rules text ----

#[derive(Serialize)]
struct LegendView {
    letter: char,
    kind: &'static str,
    name: &'static str,
    moves: &'static str,
    value: i32,
}

/// The piece legend of `game_id`: per piece kind its letter, kind, name, one line on how it
/// moves and its value in centipawns as the computer weighs it (a pawn 100; the king 0);
/// throws for an unknown game.
#[wasm_bindgen]
pub fn legend(game_id: &str) -> Result<JsValue, JsError> {
    let variant = Variant::from_id(game_id).map_err(error)?;
    let list: Vec<LegendView> = fairyboard::games::declaration::legend(variant)
        .into_iter()
        .map(|e| LegendView {
            letter: e.letter,
            kind: e.kind.name(),
            name: e.name,
            moves: e.moves,
            value: fairyboard::eval::piece_value(variant, e.kind),
        })
        .collect();
    Ok(to_js(&list))
}

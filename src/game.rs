//! A game: the start position and every move tried from it, as a tree ([`crate::tree`]), with
//! a cursor on one node and the line through it that undo and redo walk.

use crate::error::Error;
use crate::games::Variant;
use crate::moves::Move;
use crate::outcome::{Outcome, Reason};
use crate::piece::Color;
use crate::position::Position;
use crate::tags::Tags;
use crate::tree::{NodeId, NodeInfo, Tree};

/// A game in progress: a tree of moves with a cursor, as on an analysis board. Playing a
/// move that is new where the cursor stands adds it (the first move from a position is its
/// main line, later ones are variations); playing a move that is already there steps into
/// it. Nothing is deleted unless asked ([`Game::delete`]).
///
/// The *current line* runs from the start through the cursor to a node without moves after
/// it: [`Game::moves`], [`Game::line_texts`], undo, redo and [`Game::go_to`] follow it. Undo
/// and redo keep it (redo goes back into the variation undo came from); going to a node off
/// it ([`Game::go_to_node`], or playing a new move) makes the line the path to that node,
/// continued along first children.
///
/// A game can also end by what the players do rather than by the board: a resignation, a
/// draw by agreement, a loss on time. Such an outcome is *declared* ([`Game::declare`]) at
/// the end of the current line and stays attached to that node: [`Game::outcome`] gives it
/// whenever the cursor is there.
///
/// A game also holds its record's tags, as PGN names them ([`Game::tags`]: the players, the
/// event, the date...); they are kept with the game (a clone keeps them) but say nothing
/// about its positions.
#[derive(Clone, Debug)]
pub struct Game {
    tree: Tree,
    /// The record's tags ([`crate::tags`]).
    tags: Tags,
    /// The current line: node ids from the start (0) to a node without children.
    line: Vec<NodeId>,
    /// `moves[i]` leads from `line[i]` to `line[i + 1]` (kept so [`Game::moves`] can lend a
    /// slice).
    moves: Vec<Move>,
    /// `line_keys[i]`: the key without en passant of `line[i]`'s position, side by side for
    /// the repetition test, which looks at the whole line before every move played (a game
    /// of 12,000 plies read from a link or a PGN).
    line_keys: Vec<u64>,
    /// The cursor, as an index into `line`.
    ply: usize,
    /// A practice board (a lesson's task, [`Game::set_practice`]): no draw by material, the
    /// 100-ply rule or repetition ends it.
    practice: bool,
}

impl Game {
    /// A new game from the standard start (`None`), or from position text.
    pub fn new(variant: Variant, text: Option<&str>) -> Result<Game, Error> {
        let start = match text {
            Some(t) => Position::from_text(variant, t)?,
            None => Position::start(variant)?,
        };
        Ok(Game::from_position(start))
    }

    /// A new game from a position.
    #[inline(never)] // cold: one shared copy in the wasm
    pub fn from_position(start: Position) -> Game {
        let key = start.key_without_ep();
        Game {
            tree: Tree::new(start),
            tags: Tags::default(),
            line: vec![0],
            moves: Vec::new(),
            line_keys: vec![key],
            practice: false,
            ply: 0,
        }
    }

    pub(crate) fn tree(&self) -> &Tree {
        &self.tree
    }

    /// Makes `line` (start to a node without children) current with the cursor at `ply`.
    fn set_line(&mut self, line: Vec<NodeId>, ply: usize) {
        self.moves = line[1..]
            .iter()
            .filter_map(|&n| self.tree.node(n).mv)
            .collect();
        self.line_keys = line.iter().map(|&n| self.tree.key_without_ep(n)).collect();
        self.ply = ply.min(line.len() - 1);
        self.line = line;
    }

    fn at(&self, i: usize) -> &Position {
        &self.tree.node(self.line[i]).position
    }

    /// The game.
    pub fn variant(&self) -> Variant {
        self.start().variant()
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        self.at(0)
    }

    /// The position at the cursor.
    pub fn position(&self) -> &Position {
        self.at(self.ply)
    }

    /// The position after `ply` moves of the current line, if it is that long.
    pub fn position_at(&self, ply: usize) -> Option<&Position> {
        (ply < self.line.len()).then(|| self.at(ply))
    }

    /// How many moves have been played up to the cursor.
    pub fn ply(&self) -> usize {
        self.ply
    }

    /// The moves played up to the cursor.
    pub fn moves(&self) -> &[Move] {
        &self.moves[..self.ply]
    }

    /// The texts of the moves played up to the cursor.
    #[inline(never)] // cold: one shared copy in the wasm
    pub fn move_texts(&self) -> Vec<String> {
        (0..self.ply)
            .map(|i| self.at(i).move_text(&self.moves[i]))
            .collect()
    }

    /// The texts of every move of the current line, those after the cursor (to redo)
    /// included.
    pub fn line_texts(&self) -> Vec<String> {
        (0..self.moves.len())
            .map(|i| self.at(i).move_text(&self.moves[i]))
            .collect()
    }

    /// The names ([`Position::move_name`]) of every move of the current line, those after
    /// the cursor (to redo) included.
    #[inline(never)] // cold: one shared copy in the wasm
    pub fn line_names(&self) -> Vec<String> {
        self.line[1..]
            .iter()
            .map(|&n| self.tree.name(n).to_string())
            .collect()
    }

    /// The keys ([`crate::Board::key`]) of the positions before the cursor, oldest first:
    /// what the search needs to see repetitions along the game.
    pub fn keys_before(&self) -> Vec<u64> {
        (0..self.ply).map(|i| self.at(i).key()).collect()
    }

    /// The last move played up to the cursor.
    pub fn last_move(&self) -> Option<&Move> {
        self.ply.checked_sub(1).map(|i| &self.moves[i])
    }

    /// Plays a move given as text. On any error the game is unchanged. A move new at the
    /// cursor starts a variation there; one already there is stepped into.
    pub fn play(&mut self, text: &str) -> Result<Move, Error> {
        let found = self.position().parse_move(text);
        self.play_found(found)
    }

    /// Plays a move given in any form [`Position::parse_any`] reads: move text, a name
    /// (`Nf3`, `O-O`) or long algebraic (`Ng1-f3`). On any error the game is unchanged.
    pub fn play_any(&mut self, text: &str) -> Result<Move, Error> {
        let found = self.position().parse_any(text);
        self.play_found(found)
    }

    /// Plays `m`, a legal move of the position at the cursor, unless the game is over there
    /// (then the error says how it ended); as [`Game::play`] without reading a text.
    pub(crate) fn play_legal(&mut self, m: Move) -> Result<Move, Error> {
        self.play_found(Ok(m))
    }

    /// Plays the move found in the position at the cursor, unless the game is over there
    /// (that error first) or none was found. A move found is a legal move, so the game
    /// cannot be over by checkmate or stalemate: the moves are not counted again.
    fn play_found(&mut self, found: Result<Move, Error>) -> Result<Move, Error> {
        if let Some(o) = self.outcome_on(&self.line[..=self.ply], found.is_ok()) {
            return Err(Error::new(format!("the game is over: {}", o.text())));
        }
        let m = found?;
        self.play_move(m);
        Ok(m)
    }

    /// Plays a move known to be legal in the current position: steps into it if it was
    /// played here before, else adds it (a variation when the position already has a
    /// move). An outcome declared at the cursor is dropped: the game went on.
    pub fn play_move(&mut self, m: Move) {
        let here = self.line[self.ply];
        if let Ok(node) = self.tree.get_mut(here) {
            node.declared = None;
        }
        let child = self.tree.child(here, m);
        if self.line.get(self.ply + 1) != Some(&child) {
            // The line up to the cursor, then the new move and its main line: only what
            // changes is rebuilt, so reading a long game is not quadratic.
            self.line.truncate(self.ply + 1);
            self.moves.truncate(self.ply);
            self.line_keys.truncate(self.ply + 1);
            self.line.push(child);
            let from = self.line.len() - 1;
            self.tree.extend_main(&mut self.line);
            let tree = &self.tree;
            self.moves
                .extend(self.line[from..].iter().filter_map(|&n| tree.node(n).mv));
            self.line_keys
                .extend(self.line[from..].iter().map(|&n| tree.key_without_ep(n)));
        }
        self.ply += 1;
    }

    /// Steps back one move; returns it, or `None` at the start.
    #[inline(never)] // cold: one shared copy in the wasm
    pub fn undo(&mut self) -> Option<Move> {
        self.ply = self.ply.checked_sub(1)?;
        Some(self.moves[self.ply])
    }

    /// Steps forward one move along the current line; returns it, or `None` at its end.
    #[inline(never)] // cold: one shared copy in the wasm
    pub fn redo(&mut self) -> Option<Move> {
        let m = *self.moves.get(self.ply)?;
        self.ply += 1;
        Some(m)
    }

    /// Whether a move can be undone.
    pub fn can_undo(&self) -> bool {
        self.ply > 0
    }

    /// Whether a move can be redone.
    pub fn can_redo(&self) -> bool {
        self.ply < self.moves.len()
    }

    /// Moves the cursor to any ply of the current line, from 0 to its number of moves.
    #[inline(never)] // cold: one shared copy in the wasm
    pub fn go_to(&mut self, ply: usize) -> Result<(), Error> {
        if ply > self.moves.len() {
            return Err(Error::new(format!(
                "ply {ply} is past the end of the game ({} plies)",
                self.moves.len()
            )));
        }
        self.ply = ply;
        Ok(())
    }

    /// Whether the cursor is at the end of the current line (nothing to redo).
    pub fn at_end(&self) -> bool {
        self.ply == self.moves.len()
    }

    // ---- the tree ----

    /// The node at the cursor (0 is the start).
    pub fn current_node(&self) -> NodeId {
        self.line[self.ply]
    }

    /// The nodes of the current line, the start first.
    pub fn line_nodes(&self) -> &[NodeId] {
        &self.line
    }

    /// The nodes of the main line (first children from the start), the start first.
    pub fn main_line(&self) -> Vec<NodeId> {
        let mut line = vec![0];
        self.tree.extend_main(&mut line);
        line
    }

    /// Puts the cursor on node `id`. The current line is kept when it holds the node, else
    /// it becomes the path to the node continued along first children.
    pub fn go_to_node(&mut self, id: NodeId) -> Result<(), Error> {
        self.tree.get(id)?;
        if let Some(i) = self.line.iter().position(|&n| n == id) {
            self.ply = i;
        } else {
            let mut line = self.tree.path(id);
            let ply = line.len() - 1;
            self.tree.extend_main(&mut line);
            self.set_line(line, ply);
        }
        Ok(())
    }

    /// Makes the line through node `id` the main line: at every branch on its path, the
    /// move towards it becomes the first. Returns whether anything changed.
    #[inline(never)] // cold: one shared copy in the wasm
    pub fn promote(&mut self, id: NodeId) -> Result<bool, Error> {
        self.tree.get(id)?;
        Ok(self.tree.promote_to_main(id))
    }

    /// Promotes the variation holding node `id` by one step: the nearest move on its path
    /// (itself included) that is not its parent's first becomes the first, so the variation
    /// changes places with the line it branched from. Returns whether anything changed.
    pub fn promote_once(&mut self, id: NodeId) -> Result<bool, Error> {
        self.tree.get(id)?;
        Ok(self.tree.promote_once(id))
    }

    /// Deletes node `id` and every move after it. A cursor inside goes to its parent; the
    /// current line, if it went through the node, continues from there along first children.
    /// The start cannot be deleted.
    #[inline(never)] // cold: one shared copy in the wasm
    pub fn delete(&mut self, id: NodeId) -> Result<(), Error> {
        self.tree.get(id)?;
        if id == 0 {
            return Err(Error::new("the start of the game cannot be deleted"));
        }
        let cut = self.line.iter().position(|&n| n == id);
        self.tree.delete(id);
        if let Some(k) = cut {
            let mut line = self.line[..k].to_vec();
            self.tree.extend_main(&mut line);
            self.set_line(line, self.ply.min(k - 1));
        }
        Ok(())
    }

    /// The comment on node `id` (empty when none).
    pub fn comment(&self, id: NodeId) -> Result<&str, Error> {
        Ok(&self.tree.get(id)?.comment)
    }

    /// Sets the comment on node `id` (on node 0: a comment on the game, before the first
    /// move); surrounding whitespace is dropped and an empty text removes it.
    pub fn set_comment(&mut self, id: NodeId, text: &str) -> Result<(), Error> {
        self.tree.get_mut(id)?.comment = text.trim().to_string();
        Ok(())
    }

    /// The annotations of the move of node `id` (NAGs, as PGN numbers them; empty when none).
    pub fn nags(&self, id: NodeId) -> Result<&[u8], Error> {
        Ok(&self.tree.get(id)?.nags)
    }

    /// Sets the annotations of the move of node `id` (NAGs: 1 `!`, 2 `?`, 3 `!!`, 4 `??`,
    /// 5 `!?`, 6 `?!`, 10 and up about the position), in the order given, each once; 0 (no
    /// annotation) is left out. The start has no move to annotate: an error for node 0 unless
    /// the list is empty.
    #[inline(never)] // cold: one copy for the page, links and PGN
    pub fn set_nags(&mut self, id: NodeId, nags: &[u8]) -> Result<(), Error> {
        let node = self.tree.get_mut(id)?;
        let mut kept: Vec<u8> = Vec::new();
        for &n in nags {
            if n != 0 && !kept.contains(&n) {
                kept.push(n);
            }
        }
        if id == 0 && !kept.is_empty() {
            return Err(Error::new("the start has no move to annotate"));
        }
        node.nags = kept;
        Ok(())
    }

    /// The move of node `id` and the position it was played in, or `None` for the start
    /// or an unknown node: a move list says a move in words from them, with no replay.
    pub fn move_at_node(&self, id: NodeId) -> Option<(&Position, Move)> {
        let node = self.tree.get(id).ok()?;
        let parent = self.tree.get(node.parent?).ok()?;
        Some((&parent.position, node.mv?))
    }

    /// Node `id` as a display shows it.
    pub fn node(&self, id: NodeId) -> Result<NodeInfo, Error> {
        self.tree.get(id)?;
        Ok(self.tree.info(id))
    }

    /// Every node for a display: the start first, then each node followed by its moves'
    /// subtrees, the main line's first.
    pub fn nodes(&self) -> Vec<NodeInfo> {
        self.tree
            .preorder()
            .into_iter()
            .map(|n| self.tree.info(n))
            .collect()
    }

    // ---- the record's tags ----

    /// The record's tags in order, as (name, value): the players, the event, the date and
    /// whatever else a record named (`ECO`, `WhiteElo`, `TimeControl`...), in the order PGN
    /// writes them (see [`Game::set_tag`]). Never the tags that follow from the game itself
    /// (`Result`, `Variant`, `SetUp`, `FEN`).
    pub fn tags(&self) -> &[(String, String)] {
        self.tags.all()
    }

    /// The value of the tag `name`, the name matched in any case (`white` finds `White`).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.get(name)
    }

    /// Sets the tag `name` to `value`: a tag already there keeps its place (and takes the
    /// name as written now; the roster's Event, Site, Date, Round, White and Black as the
    /// standard spells them), a new one goes in its place in the order PGN writes them (the
    /// roster's in the standard's order first, then Termination, then the others in the order
    /// they were first set), an empty value removes it; what a PGN tag value cannot hold
    /// becomes a space: each line break (CR LF, CR, LF, NEL, U+2028, U+2029) and every other
    /// control character (tab, NUL, DEL, the C1 controls). Errors,
    /// leaving the tags as they were, when `name` is not a PGN tag name (letters, digits and
    /// `_`, starting with a letter) or is a tag that follows from the game itself: `Result`
    /// (its outcome), `Variant`, `SetUp` and `FEN` (its game and start).
    ///
    /// A `Termination` tag says how the game's result came about: it is kept as written for
    /// the result of the main line now, and PGN writes it only while that is still the
    /// result ([`crate::pgn::write`]).
    #[inline(never)] // cold: one shared copy in the wasm
    pub fn set_tag(&mut self, name: &str, value: &str) -> Result<(), Error> {
        let result = self.main_outcome().map_or("*", |o| o.result());
        self.tags.set(name, value, result)
    }

    /// The `Termination` tag while the main line's result is the one it was written for.
    pub(crate) fn termination(&self) -> Option<&str> {
        let result = self.main_outcome().map_or("*", |o| o.result());
        self.tags.termination(result)
    }

    /// The tags, to set a record's `Termination` as written for the record's own result.
    pub(crate) fn tags_mut(&mut self) -> &mut Tags {
        &mut self.tags
    }

    // ---- outcomes ----

    /// How the game stands at the end of its main line (a declared end included), wherever
    /// the cursor is: the result a record of the game gives.
    #[inline(never)] // cold: one shared copy in the wasm
    pub fn main_outcome(&self) -> Option<Outcome> {
        self.outcome_on(&self.main_line(), false)
    }

    /// The outcome declared at the end of the current line, if any, wherever the cursor is.
    #[inline(never)] // cold: one shared copy in the wasm
    pub fn declared(&self) -> Option<Outcome> {
        self.tree.node(*self.line.last().unwrap_or(&0)).declared
    }

    /// How the game stands at the end of its current line, wherever the cursor is.
    #[inline(never)] // cold: one shared copy in the wasm
    pub fn final_outcome(&self) -> Option<Outcome> {
        self.outcome_at(self.line.len() - 1)
    }

    /// Ends the game at the end of its line by what the players did: `outcome`'s reason must
    /// be one the board does not decide ([`Reason::is_declared`]: resignation, agreement,
    /// time). Refused when the position shown is not the end of the line or the game is
    /// already over there; the game is then unchanged.
    pub fn declare(&mut self, outcome: Outcome) -> Result<(), Error> {
        if !outcome.reason.is_declared() {
            return Err(Error::new(format!(
                "{} cannot be declared: the position decides it",
                outcome.reason.words()
            )));
        }
        if let Some(o) = self.final_outcome() {
            return Err(Error::new(format!(
                "the game is already over: {}",
                o.text()
            )));
        }
        if !self.at_end() {
            return Err(Error::new(format!(
                "the game can only end at its last move: the position shown is ply {} of {}",
                self.ply,
                self.moves.len()
            )));
        }
        let here = self.current_node();
        self.tree.get_mut(here)?.declared = Some(outcome);
        Ok(())
    }

    /// `color` resigns: the opponent wins by resignation (see [`Game::declare`]).
    #[inline(never)] // cold: one shared copy in the wasm
    pub fn resign(&mut self, color: Color) -> Result<Outcome, Error> {
        let o = Outcome::win(color.opponent(), Reason::Resignation);
        self.declare(o).map(|()| o)
    }

    /// The players agree to a draw (see [`Game::declare`]).
    #[inline(never)] // cold: one shared copy in the wasm
    pub fn agree_draw(&mut self) -> Result<Outcome, Error> {
        let o = Outcome::draw(Reason::Agreement);
        self.declare(o).map(|()| o)
    }

    /// `color`'s clock ran out at the end of the line: the opponent wins on time, unless the
    /// opponent cannot possibly win ([`Position::cannot_win`]), which makes it a draw (see
    /// [`Game::declare`]).
    #[inline(never)] // cold: one shared copy in the wasm
    pub fn flag_fall(&mut self, color: Color) -> Result<Outcome, Error> {
        let o = if self.at(self.line.len() - 1).cannot_win(color.opponent()) {
            Outcome::draw(Reason::TimeoutVsInsufficientMaterial(color))
        } else {
            Outcome::win(color.opponent(), Reason::Time)
        };
        self.declare(o).map(|()| o)
    }

    /// How the game stands at the cursor: an outcome declared there, the position's own
    /// outcome, or a draw by threefold repetition along the path from the start.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome_at(self.ply)
    }

    /// How the game stands at ply `i` of the current line.
    #[inline(never)] // cold: one shared copy in the wasm
    fn outcome_at(&self, i: usize) -> Option<Outcome> {
        self.outcome_on(&self.line[..=i], false)
    }

    /// How the game stands at node `id` (repetitions counted along its path from the
    /// start), wherever the cursor is; errors for an unknown node.
    #[inline(never)] // cold: one shared copy in the wasm
    pub fn outcome_at_node(&self, id: NodeId) -> Result<Option<Outcome>, Error> {
        self.tree.get(id)?;
        Ok(self.outcome_on(&self.tree.path(id), false))
    }

    /// How the board alone stands at node `id`: checkmate, stalemate, a special win, the
    /// 100-ply rule, insufficient material or threefold repetition along its path from the
    /// start, but not an end the players declared there (resignation, agreement, time),
    /// after which the position could still be played; errors for an unknown node. A
    /// review searches every position where this is `None`.
    pub fn board_outcome_at_node(&self, id: NodeId) -> Result<Option<Outcome>, Error> {
        self.tree.get(id)?;
        Ok(self.board_outcome_on(&self.tree.path(id), false))
    }

    /// How the game stands at the last node of `path` (the start to a node); `playable`
    /// when its position is known to have a legal move (see [`Position::outcome_playable`]).
    fn outcome_on(&self, path: &[NodeId], playable: bool) -> Option<Outcome> {
        let node = self.tree.node(*path.last()?);
        if let Some(o) = node.declared {
            return Some(o);
        }
        self.board_outcome_on(path, playable)
    }

    /// Makes this game a practice board, or a game again: on a practice board (a lesson's
    /// task, where a lone king often stands by) only checkmate, stalemate and the games'
    /// own wins end the game; a draw by insufficient material, the 100-ply rule or
    /// repetition does not.
    pub fn set_practice(&mut self, on: bool) {
        self.practice = on;
    }

    /// [`Game::outcome_on`] without an outcome declared at the node.
    fn board_outcome_on(&self, path: &[NodeId], playable: bool) -> Option<Outcome> {
        let node = self.tree.node(*path.last()?);
        let here = &node.position;
        if self.practice {
            // A position with a legal move has none of the endings a practice board keeps.
            return if playable {
                None
            } else {
                here.outcome().filter(|o| {
                    !matches!(o.reason, Reason::HundredPly | Reason::InsufficientMaterial)
                })
            };
        }
        let own = if playable {
            here.outcome_playable()
        } else {
            here.outcome()
        };
        if let Some(o) = own {
            return Some(o);
        }
        // Every earlier position is compared, not only those since the halfmove clock's last
        // reset: a Riftwalker pawn can step back, so a pawn move does not stop a repetition.
        // The keys without en passant first: only the positions they match can repeat this
        // one, and only theirs need the legal moves an en passant square asks for.
        let base = here.key_without_ep();
        let tree = &self.tree;
        // The keys side by side: the current line's when `path` is part of it (both run from
        // the start, so the same node at the same place means the same path), else read.
        let last = path.len() - 1;
        let on_line = self.line.get(last) == path.last();
        let read: Vec<u64>;
        let keys: &[u64] = if on_line {
            &self.line_keys[..path.len()]
        } else {
            read = path.iter().map(|&n| tree.key_without_ep(n)).collect();
            &read
        };
        // Most positions never come back: the full key (which may ask for the legal moves)
        // only when the base key is seen again.
        let seen_twice = keys.iter().filter(|&&k| k == base).nth(1).is_some();
        if !seen_twice {
            return None;
        }
        let key = here.repetition_key();
        let seen = path
            .iter()
            .zip(keys)
            .filter(|&(&n, &k)| k == base && tree.node(n).position.repetition_key() == key)
            .count();
        (seen >= 3).then_some(Outcome::draw(Reason::Repetition))
    }
}

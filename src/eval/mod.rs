//! The evaluation: how good a position is for the side to move, in centipawns (a pawn of
//! the game is about 100). The rules say what is legal; this says what is good. Shared
//! terms (material, the square's centrality in the game's own adjacency, mobility, king
//! safety, pawns' advance) are weighted per game, and each game adds its own terms: both in
//! the game's folder (`src/games/<game>/eval.rs`). Every value and where it came from:
//! `docs/engine.md`.

#[cfg(not(target_arch = "wasm32"))]
pub mod features;
mod tables;

use crate::games::{with_game, Variant};
use crate::geometry::squares;
use crate::piece::{Color, Kind, Piece};
use crate::position::Position;

pub use tables::Tables;

/// A game's evaluation parameters: piece values and the weights of the shared terms.
#[derive(Debug)]
pub struct Params {
    /// Centipawns per piece kind (the king's is 0: it is never traded).
    pub values: &'static [(Kind, i32)],
    /// Centipawns per pawn in hand (Pawnier Chess).
    pub hand: i32,
    /// Per kind, centipawns for standing on the most central cell rather than an average
    /// one (scaled by the cell's centrality, see [`Tables`]).
    pub centre: &'static [(Kind, i32)],
    /// Centipawns for a pawn (or sergeant) one rank from promotion, falling off linearly
    /// to 0 on its start rank; 0 in games without promotion.
    pub advance: i32,
    /// Tenths of a centipawn per legal move more than the opponent has.
    pub mobility: i32,
    /// Centipawns per cell next to a king that the enemy attacks.
    pub king_ring: i32,
    /// Centipawns added to the king's centre weight as the board empties: in full once no
    /// pieces but kings and pawns are left, none while all the start's pieces stand (a king
    /// that should hide in the middlegame walks to the centre in the endgame).
    pub king_endgame: i32,
    /// Per kind, a table of centipawns by cell class ([`Tables::cell_class`]: a cell seen
    /// from its side, a cell and its mirror image across the files sharing a class), added to
    /// the centre and advance terms; fitted by the tuner, and empty where not tuned.
    pub cells: &'static [(Kind, &'static [i32])],
    /// The weights of the game's own terms that are linear (each a centipawn weight times
    /// what it counts, see [`own_names`]), in the order its file names them; empty in a
    /// game whose own terms keep their weights in its file.
    pub own: &'static [i32],
    /// Whether the game's own terms (its file's `terms()`) count in play: each was measured
    /// by games against the same engine without them, and is off where it did not help
    /// (`docs/engine.md`, "Each game's own terms").
    pub own_terms: bool,
}

/// A game's parameters.
pub fn params(variant: Variant) -> &'static Params {
    with_game!(variant, game => &game::eval::PARAMS)
}

/// The value of a piece kind in a game, in centipawns (0 for a kind the game lacks).
pub fn piece_value(variant: Variant, kind: Kind) -> i32 {
    Tables::of(variant).value(kind)
}

/// The value of a piece (by its kind) in the position's game: what the search uses to
/// weigh captures.
#[inline]
pub fn value_of(variant: Variant, p: Piece) -> i32 {
    Tables::of(variant).value(p.kind())
}

/// A game's own terms, White's score less Black's, added to the shared ones where they
/// count ([`Params::own_terms`], and unless [`game_terms_on`] turns them off to measure them).
fn game_terms(pos: &Position, t: &Tables) -> i32 {
    if own_in_play(t) {
        own_terms(pos, t)
    } else {
        0
    }
}

/// The game's own terms of `pos`, White's score less Black's, whether or not they count in
/// play (for tests and measurement).
pub fn own_terms_of(pos: &Position) -> i32 {
    own_terms(pos, Tables::of(pos.variant()))
}

fn own_terms(pos: &Position, t: &Tables) -> i32 {
    with_game!(pos.variant(), game => game::eval::terms(pos, t))
}

/// The names of a game's tunable own terms, in the order of [`Params::own`].
pub fn own_names(variant: Variant) -> &'static [&'static str] {
    with_game!(variant, game => &game::eval::OWN)
}

/// What each of the game's tunable own terms ([`own_names`]) counts in `pos`, White's less
/// Black's. Only the tuner's features read them.
#[cfg(not(target_arch = "wasm32"))]
fn own_counts(pos: &Position, t: &Tables) -> Vec<f64> {
    with_game!(pos.variant(), game => game::eval::counts(pos, t).map(f64::from).to_vec())
}

/// Whether a game's own terms count in play: its [`Params::own_terms`], unless
/// [`game_terms_on`] turns them off to measure them.
fn own_in_play(t: &Tables) -> bool {
    t.params.own_terms && game_terms_on()
}

/// Weights times counts.
pub(crate) fn dot(weights: &[i32], counts: &[i32]) -> i32 {
    weights.iter().zip(counts).map(|(w, c)| w * c).sum()
}

/// Weights times counts that may be fractions (a share of a value counted in pawns),
/// rounded to the centipawn.
pub(crate) fn dot_fractions(weights: &[i32], counts: &[f64]) -> i32 {
    let sum: f64 = weights
        .iter()
        .zip(counts)
        .map(|(&w, c)| f64::from(w) * c)
        .sum();
    sum.round() as i32
}

/// Centipawns for having the move.
const TEMPO: i32 = 10;

/// The material on the board and in hand, White's less Black's, in centipawns.
pub fn material(pos: &Position) -> i32 {
    let t = Tables::of(pos.variant());
    let mut score = 0;
    for sq in squares(pos.occupied()) {
        if let Some(p) = pos.piece_at(sq) {
            score += sign(p.color()) * t.value(p.kind());
        }
    }
    score + t.params.hand * (pos.hand(Color::White) as i32 - pos.hand(Color::Black) as i32)
}

/// The evaluation of a position from the side to move's view, in centipawns. Does not look
/// for the game's end (the search does).
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_within(pos, -i32::MAX, i32::MAX)
}

/// How far the costly terms (mobility, king safety) can move the evaluation, in the
/// search's experience: beyond this, a cheap evaluation outside the window stays outside.
const LAZY_MARGIN: i32 = 200;

/// [`evaluate`] for a search window: when the cheap terms (material, placement, the game's
/// own) already put the score [`LAZY_MARGIN`] below `alpha` or above `beta`, the costly
/// ones (which generate moves) are skipped and the cheap score returned.
pub fn evaluate_within(pos: &Position, alpha: i32, beta: i32) -> i32 {
    let t = Tables::of(pos.variant());
    let side = sign(pos.side());
    let mut score = material(pos);
    // Where each agent stands: the centre, and a pawn's way to promotion.
    let mut pieces = 0;
    for sq in squares(pos.occupied()) {
        if let Some(p) = pos.piece_at(sq) {
            score += sign(p.color()) * t.placement(p, sq);
            pieces += t.piece_material(p.kind());
        }
    }
    if t.params.king_endgame != 0 {
        score += t.params.king_endgame * king_centre(pos, t) * t.lateness(pieces) / (64 * 64);
    }
    score += game_terms(pos, t);
    let cheap = side * score + TEMPO;
    if cheap.saturating_add(LAZY_MARGIN) <= alpha || cheap.saturating_sub(LAZY_MARGIN) >= beta {
        return cheap;
    }
    let costly = t.params.mobility * mobility(pos) / 10 + king_safety(pos, t);
    cheap + side * costly
}

/// The centrality of White's kings less Black's (each from -64 to 64).
fn king_centre(pos: &Position, t: &Tables) -> i32 {
    Color::ALL
        .iter()
        .flat_map(|&c| squares(pos.kings_of(c)).map(move |k| sign(c) * t.centrality(k)))
        .sum()
}

/// +1 for White, -1 for Black.
#[inline]
pub(crate) fn sign(c: Color) -> i32 {
    match c {
        Color::White => 1,
        Color::Black => -1,
    }
}

/// White's legal moves less Black's (the side not to move counted as if it were to move).
fn mobility(pos: &Position) -> i32 {
    let mine = pos.count_legal() as i32;
    let mut passed = pos.clone();
    passed.pass();
    let theirs = passed.count_legal() as i32;
    sign(pos.side()) * (mine - theirs)
}

/// For each king, the cells next to it that the enemy attacks, White's penalty less Black's.
fn king_safety(pos: &Position, t: &Tables) -> i32 {
    if t.params.king_ring == 0 {
        return 0;
    }
    -king_attacks(pos, t) * t.params.king_ring
}

/// The cells next to White's kings that Black attacks, less those next to Black's kings
/// that White attacks.
fn king_attacks(pos: &Position, t: &Tables) -> i32 {
    let rules = pos.variant().rules();
    let mut count = 0;
    for c in Color::ALL {
        for k in squares(pos.kings_of(c)) {
            let attacked = squares(t.ring(k))
                .filter(|&s| rules.is_attacked(pos, s, c.opponent()))
                .count() as i32;
            count += sign(c) * attacked;
        }
    }
    count
}

/// Whether each game's own terms (the `terms()` of its file) count: yes, unless the
/// environment says `FAIRYBOARD_EVAL_TERMS=0` (read once, at the first evaluation). Only
/// for measuring the terms by games: the same binary plays with and without them
/// (`crates/cli/tests/all/eval_terms_match.rs`). Nothing else reads it; in wasm there is no environment,
/// so the terms are always on.
pub fn game_terms_on() -> bool {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ON.get_or_init(|| std::env::var("FAIRYBOARD_EVAL_TERMS").map_or(true, |v| v.trim() != "0"))
}

/// Each side's cells of each kind, by colour index and then [`Kind::index`]: the bitboards
/// the games' own terms read (the board keeps only colours and kings), in one pass.
pub(crate) fn kind_sets(pos: &Position) -> [[crate::geometry::SquareSet; Kind::ALL.len()]; 2] {
    let mut sets = [[0; Kind::ALL.len()]; 2];
    for sq in squares(pos.occupied()) {
        if let Some(p) = pos.piece_at(sq) {
            sets[p.color().index()][p.kind().index()] |= crate::geometry::bit(sq);
        }
    }
    sets
}

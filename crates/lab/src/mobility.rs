//! Piece values from mobility: how many moves a piece of each kind has on its game's own
//! board, counted by the engine's own move generator (so every special power counts:
//! quadrant shifts, wraparound, jumps and rage, bounces, double captures, tricks, driver
//! actions, custody, relational pawns, 4-D steps), and one formula, fitted on orthodox
//! chess, that turns those counts into centipawns. The method, its figures and the
//! self-play checks: `docs/engine.md`, section "Piece values"; `crates/lab/tests/all/piece_values.rs`
//! checks that every game's values follow from it.
//!
//! Figures per kind, all for a White piece with White to move, from the pseudo-legal moves
//! (king safety ignored):
//!
//! - **empty** ([`Mobility::empty`]): the mean number of moves over every cell the piece
//!   may stand on, alone on the board;
//! - **own** ([`Mobility::own`]): the mean over random boards filled at the start
//!   position's density with the start position's own agents (both colours, kings too),
//!   the piece on a random cell. Blocked lines, captures and the powers that need other
//!   agents (custody, double captures, relations, tricks, freezing) count as in a game;
//! - **granted** ([`Mobility::granted`]): on the same boards, the moves its friends have
//!   with it and not with a humble stand-in of its own side in its place (a pawn; in
//!   Pawnier Chess a sergeant, which relates to nothing): the powers it gives (Pawnier
//!   relations and knight relays, a Quarter merchant's protection from freezing and its
//!   part in its friends' custodian captures). Near 0 for most kinds.
//!
//! A move counts once per destination and choice, promotion choices counted once; a move
//! that removes only the mover's own agents (a berserker taking a friend) is not counted,
//! as other pieces make no move onto a friend.
//!
//! The formula ([`Fit`]): with the effective mobility `M = w·empty + (1 - w)·(own +
//! granted)`, a piece is worth `a·M + c·M²` orthodox centipawns (H. G. Muller's form of
//! his short-range leaper law, `(30 + 5/8·N)·N`: compounds are worth more than their
//! parts). `w`, `a` and `c` are fitted on orthodox chess's knight, bishop, rook and queen
//! ([`Fit::orthodox`]). A game's values are in its own pawns ([`Derived`]).

use fairyboard::board::Board;
use fairyboard::games::Variant;
use fairyboard::geometry::{bit, squares, Square, SquareSet};
use fairyboard::moves::{Choice, Effect, Move};
use fairyboard::piece::{Color, Kind, Piece};
use fairyboard::position::Position;

/// The random boards measured per kind for the documented figures.
pub const BOARDS: usize = 3000;

/// The seed of the documented figures.
pub const SEED: u64 = 20_250_601;

/// The orthodox values the formula is fitted on (Kaufman's and Muller's: a knight and a
/// bishop about equal, a rook a knight and three quarters of a pawn more).
pub const ORTHODOX: [(Kind, f64); 4] = [
    (Kind::Knight, 325.0),
    (Kind::Bishop, 325.0),
    (Kind::Rook, 500.0),
    (Kind::Queen, 950.0),
];

/// A kind's measured mobility in one game.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Mobility {
    /// Mean moves alone on the empty board, over every cell it may stand on.
    pub empty: f64,
    /// Mean moves of its own on random boards at the start position's density.
    pub own: f64,
    /// Mean moves its friends gain from it on those boards (see the module's text).
    pub granted: f64,
}

impl Mobility {
    /// Moves on random boards: its own and those it gives its friends.
    pub fn random(&self) -> f64 {
        self.own + self.granted
    }
}

/// The cells an agent of `kind` and `color` may stand on in `variant`: those the game's
/// own checks accept (no pawn on a rank where it would have promoted, for instance).
pub fn cells_for(variant: Variant, kind: Kind, color: Color) -> SquareSet {
    let rules = variant.rules();
    let g = variant.geometry();
    let mut set = 0;
    for sq in g.all() {
        // Kings on two other cells, so that the game's checks run.
        let mut board = Board::empty(color, 0, 1, [0, 0]);
        board.put(sq, Piece::new(color, kind));
        let mut spare = g.all().filter(|&s| s != sq);
        for c in Color::ALL {
            if kind == Kind::King && c == color {
                continue;
            }
            if let Some(k) = spare.next() {
                board.put(k, Piece::new(c, Kind::King));
            }
        }
        if rules.validate(&board).is_ok() {
            set |= bit(sq);
        }
    }
    set
}

/// The side to move's pseudo-legal moves, counted as the module says, of the agent on
/// `from` (`Some`) or of every other agent (`None` for `from`, `Some` for `except`); drops
/// are never counted.
fn count(variant: Variant, board: &Board, from: Option<Square>, except: Option<Square>) -> usize {
    let mut out = Vec::with_capacity(256);
    variant.rules().pseudo_moves(board, &mut out);
    let us = board.side();
    let mut seen: Vec<(Square, Square, Choice)> = Vec::with_capacity(256);
    for m in &out {
        let Some(f) = m.from else { continue };
        if from.is_some_and(|s| s != f) || except == Some(f) || removes_only_own(board, m, us) {
            continue;
        }
        let choice = match m.choice {
            Choice::Promotion(_) => Choice::None,
            c => c,
        };
        if !seen.contains(&(f, m.to, choice)) {
            seen.push((f, m.to, choice));
        }
    }
    seen.len()
}

/// The number of moves of the piece on `from`, for the side to move, counted as the module
/// says.
pub fn count_moves(variant: Variant, board: &Board, from: Square) -> usize {
    count(variant, board, Some(from), None)
}

/// Whether a move removes agents, all of them the mover's own.
fn removes_only_own(board: &Board, m: &Move, us: Color) -> bool {
    let mut own = false;
    for e in m.effects() {
        if let Effect::Remove { at, .. } = *e {
            match board.piece_at(at) {
                Some(p) if p.color() == us => own = true,
                Some(_) => return false,
                None => {}
            }
        }
    }
    own
}

/// The start position's agents.
fn start_agents(variant: Variant) -> Vec<Piece> {
    let pos = Position::start(variant).expect("every game's start position reads");
    squares(pos.occupied())
        .filter_map(|s| pos.piece_at(s))
        .collect()
}

/// The humble friend that stands in for a piece to measure what it gives its friends: a
/// pawn, or in Pawnier Chess (whose pawns give powers) a sergeant.
pub fn stand_in(variant: Variant) -> Kind {
    if variant == Variant::Pawnier {
        Kind::Sergeant
    } else {
        Kind::Pawn
    }
}

/// Measures a White `kind` in `variant`: alone on the empty board, and on `boards` random
/// boards drawn with `fastrand`'s generator seeded by `seed`.
///
/// Each random board holds as many agents as the start position: the piece on a random
/// cell it may stand on, and the start position's other agents (one White agent fewer: the
/// piece stands for one of its kind, or for a White pawn if the start has none of its
/// kind), each on a random free cell it may stand on.
pub fn measure(variant: Variant, kind: Kind, boards: usize, seed: u64) -> Mobility {
    let g = variant.geometry();
    let mine = Piece::new(Color::White, kind);
    let home = cells_for(variant, kind, Color::White);
    let mut total = 0usize;
    for sq in squares(home) {
        let mut board = Board::empty(Color::White, 0, 1, [0, 0]);
        board.put(sq, mine);
        total += count_moves(variant, &board, sq);
    }
    let empty = total as f64 / home.count_ones().max(1) as f64;

    let mut others = start_agents(variant);
    let white_pawn = Piece::new(Color::White, Kind::Pawn);
    if let Some(i) = (others.iter().position(|&p| p == mine))
        .or_else(|| others.iter().position(|&p| p == white_pawn))
    {
        others.remove(i);
    }
    let mut allowed: Vec<(Piece, SquareSet)> = Vec::new();
    for &p in &others {
        if !allowed.iter().any(|&(q, _)| q == p) {
            allowed.push((p, cells_for(variant, p.kind(), p.color())));
        }
    }
    let humble = Piece::new(Color::White, stand_in(variant));
    let home_cells: Vec<Square> = squares(home).collect();
    let mut rng = fastrand::Rng::with_seed(seed);
    let (mut own, mut granted) = (0usize, 0isize);
    for _ in 0..boards {
        let mut board = Board::empty(Color::White, 0, 1, [0, 0]);
        let sq = home_cells[rng.usize(..home_cells.len())];
        let mut free = g.full() & !bit(sq);
        for &p in &others {
            let may = allowed
                .iter()
                .find(|&&(q, _)| q == p)
                .map_or(0, |&(_, s)| s)
                & free;
            if may == 0 {
                continue;
            }
            if let Some(at) = squares(may).nth(rng.usize(..may.count_ones() as usize)) {
                board.put(at, p);
                free &= !bit(at);
            }
        }
        let mut with = board.clone();
        with.put(sq, mine);
        own += count_moves(variant, &with, sq);
        if kind != humble.kind() {
            let mut without = board;
            without.put(sq, humble);
            granted += count(variant, &with, None, Some(sq)) as isize
                - count(variant, &without, None, Some(sq)) as isize;
        }
    }
    let n = boards.max(1) as f64;
    Mobility {
        empty,
        own: own as f64 / n,
        granted: granted as f64 / n,
    }
}

/// The formula from effective mobility to orthodox centipawns: `a·M + c·M²` with `M =
/// w·empty + (1 - w)·random`.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Fit {
    /// The weight of the empty board in the effective mobility.
    pub w: f64,
    /// Centipawns per move.
    pub a: f64,
    /// Centipawns per move squared.
    pub c: f64,
}

impl Fit {
    /// The effective mobility of a measured kind.
    pub fn mobility(&self, m: &Mobility) -> f64 {
        self.w * m.empty + (1.0 - self.w) * m.random()
    }

    /// The worth of a measured kind in orthodox centipawns.
    pub fn value(&self, m: &Mobility) -> f64 {
        let x = self.mobility(m);
        self.a * x + self.c * x * x
    }

    /// The least-squares fit on `points` (measured kinds and their values): `a` and `c`
    /// solved exactly for each `w` from 0 to 1 in steps of 0.001, the best `w` kept.
    pub fn least_squares(points: &[(Mobility, f64)]) -> Fit {
        let mut best = (
            f64::MAX,
            Fit {
                w: 0.0,
                a: 0.0,
                c: 0.0,
            },
        );
        for step in 0..=1000 {
            let w = step as f64 / 1000.0;
            // Normal equations of y = a·x + c·x².
            let (mut s2, mut s3, mut s4, mut sy1, mut sy2) = (0.0, 0.0, 0.0, 0.0, 0.0);
            for (m, y) in points {
                let x = w * m.empty + (1.0 - w) * m.random();
                s2 += x * x;
                s3 += x * x * x;
                s4 += x * x * x * x;
                sy1 += y * x;
                sy2 += y * x * x;
            }
            let det = s2 * s4 - s3 * s3;
            if det.abs() < 1e-12 {
                continue;
            }
            let fit = Fit {
                w,
                a: (sy1 * s4 - sy2 * s3) / det,
                c: (s2 * sy2 - s3 * sy1) / det,
            };
            let err: f64 = points.iter().map(|(m, y)| (fit.value(m) - y).powi(2)).sum();
            if err < best.0 {
                best = (err, fit);
            }
        }
        best.1
    }

    /// The fit on orthodox chess's knight, bishop, rook and queen ([`ORTHODOX`]), measured
    /// with `boards` random boards from `seed`.
    pub fn orthodox(boards: usize, seed: u64) -> Fit {
        let points: Vec<(Mobility, f64)> = ORTHODOX
            .iter()
            .map(|&(k, v)| (measure(Variant::Orthodox, k, boards, seed), v))
            .collect();
        Fit::least_squares(&points)
    }
}

/// Whether a kind promotes in a game (its worth then includes the orthodox pawn's premium,
/// see [`Derived`]): pawns where the game promotes them, and sergeants.
pub fn promotes(variant: Variant, kind: Kind) -> bool {
    match kind {
        Kind::Pawn => !matches!(variant, Variant::Vagabond | Variant::Pawnier),
        Kind::Sergeant => true,
        _ => false,
    }
}

/// Whether the game's pawn is the orthodox pawn (same moves, same promotion): then it is
/// worth what the orthodox pawn is, 100, whatever the board does to its mobility.
pub fn orthodox_pawn(variant: Variant) -> bool {
    matches!(
        variant,
        Variant::Orthodox | Variant::Bandit | Variant::Quarter
    )
}

/// A game's values from the formula, in orthodox centipawns.
///
/// A kind's worth in orthodox centipawns is the formula's value, plus for pawns and
/// sergeants that promote the orthodox pawn's premium: what the orthodox pawn is worth
/// beyond its mobility (100 less the formula's value for it), which is what promotion and
/// its place in the pawn chain add. The orthodox pawn is 100; a game's own pawn where it is
/// another piece ([`orthodox_pawn`]) is measured like any other kind. Values stay in these
/// units in every game (not in the game's own pawns): the evaluation's shared terms
/// (mobility per move, centrality, the king ring) are in orthodox centipawns, and scaling
/// material alone by a game's pawn would tip the balance between material and position
/// (self-play showed it: `docs/engine.md`).
#[derive(Clone, Debug)]
pub struct Derived {
    /// The formula.
    pub fit: Fit,
    /// The orthodox pawn's premium, in orthodox centipawns.
    pub premium: f64,
    /// The game's pawn's worth in orthodox centipawns.
    pub pawn: f64,
    /// Per kind (the king left out): its mobility, its worth in orthodox centipawns and its
    /// value (the same worth: the orthodox pawn's 100 for an orthodox pawn).
    pub kinds: Vec<(Kind, Mobility, f64, f64)>,
}

impl Derived {
    /// Measures every kind of `variant` and derives its values with `fit`.
    pub fn new(variant: Variant, fit: Fit, boards: usize, seed: u64) -> Derived {
        let mobility_of_pawn = fit.value(&measure(Variant::Orthodox, Kind::Pawn, boards, seed));
        let premium = 100.0 - mobility_of_pawn;
        let worth =
            |k: Kind, m: &Mobility| fit.value(m) + if promotes(variant, k) { premium } else { 0.0 };
        let mut kinds: Vec<(Kind, Mobility, f64, f64)> = variant
            .pieces()
            .iter()
            .filter(|&&(_, k)| k != Kind::King)
            .map(|&(_, k)| {
                let m = measure(variant, k, boards, seed);
                (k, m, worth(k, &m), 0.0)
            })
            .collect();
        let pawn = match kinds.iter().find(|&&(k, ..)| k == Kind::Pawn) {
            Some(&(_, _, w, _)) if !orthodox_pawn(variant) => w,
            _ => 100.0,
        };
        for entry in &mut kinds {
            entry.3 = if entry.0 == Kind::Pawn { pawn } else { entry.2 };
        }
        Derived {
            fit,
            premium,
            pawn,
            kinds,
        }
    }

    /// The derived value of a kind in orthodox centipawns, rounded to 5.
    pub fn value(&self, kind: Kind) -> Option<i32> {
        self.kinds
            .iter()
            .find(|&&(k, ..)| k == kind)
            .map(|&(.., v)| (v / 5.0).round() as i32 * 5)
    }
}

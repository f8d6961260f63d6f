//! The move-generation helpers every game's rules are built from: the sinks a generator
//! writes into (a list, a counter, a legality filter, a noisy-only filter), one generator
//! serving every list ([`Generator`], which gives a game its [`MoveLists`] once for all),
//! slides, leaps, shifts, orthodox pawns, pins, and the one-king checks.

use crate::board::Board;
use crate::games::rules::{MoveLists, Rules};
use crate::geometry::{bit, squares, RayTable, Square, SquareSet, StepTable};
use crate::moves::{flags, Choice, Effect, How, Move, Why};
use crate::piece::{Color, Kind, Piece};

/// Where a generator puts the moves it finds: a list, or a counter that tests legality and
/// keeps only the count (perft's last ply), so the generator is written once.
pub(crate) trait Sink {
    /// Takes one pseudo-legal move.
    fn add(&mut self, m: Move);

    /// Takes one ordinary pseudo-legal move of the piece on `from`, built by `make` only if
    /// the sink needs more than its from-square (a counter often does not).
    #[inline(always)]
    fn add_from(&mut self, from: Square, make: impl FnOnce() -> Move) {
        let _ = from;
        self.add(make());
    }

    /// Whether the sink needs each ordinary move of the piece on `from` built, or takes
    /// their number through [`Sink::add_count`] (a counter whose moves need no test).
    #[inline(always)]
    fn needs_moves(&self, from: Square) -> bool {
        let _ = from;
        true
    }

    /// Takes `n` ordinary moves (as [`Sink::add_from`] would) of a piece whose square
    /// [`Sink::needs_moves`] said false for.
    #[inline(always)]
    fn add_count(&mut self, n: u32) {
        let _ = n;
    }

    /// Takes one ordinary move of the piece on `from` (as [`Sink::add_from`] would), already
    /// built: a sink in front that needed the move built passes it on this way, so that each
    /// of a generator's moves is built in one place and stored in one place (a smaller
    /// wasm).
    #[inline(always)]
    fn add_built(&mut self, from: Square, m: Move) {
        let _ = from;
        self.add(m);
    }

    /// Whether the sink keeps only noisy moves ([`Move::is_noisy`]), so that a generator
    /// may skip, unbuilt, moves it knows to be quiet.
    #[inline(always)]
    fn only_noisy(&self) -> bool {
        false
    }
}

impl Sink for Vec<Move> {
    #[inline]
    fn add(&mut self, m: Move) {
        self.push(m);
    }
}

impl<S: Sink> Sink for &mut S {
    #[inline(always)]
    fn add(&mut self, m: Move) {
        (**self).add(m);
    }

    #[inline(always)]
    fn add_from(&mut self, from: Square, make: impl FnOnce() -> Move) {
        (**self).add_from(from, make);
    }

    #[inline(always)]
    fn needs_moves(&self, from: Square) -> bool {
        (**self).needs_moves(from)
    }

    #[inline(always)]
    fn add_count(&mut self, n: u32) {
        (**self).add_count(n);
    }

    #[inline(always)]
    fn add_built(&mut self, from: Square, m: Move) {
        (**self).add_built(from, m);
    }

    #[inline(always)]
    fn only_noisy(&self) -> bool {
        (**self).only_noisy()
    }
}

/// A sink that passes on every move it is given, or only the noisy ones ([`Move::is_noisy`],
/// when `only` is set), to the sink behind it, which is often a legality filter (quiescence's
/// moves then skip the legality test of quiet ones). Chosen at run time rather than by type,
/// so that a game's legal and noisy moves share one instantiation of its generator (one copy
/// in the wasm, not two) for the price of a predictable branch per move.
pub(crate) struct Noisy<S> {
    /// The sink behind.
    pub(crate) out: S,
    /// Whether only noisy moves pass.
    pub(crate) only: bool,
}

impl<S: Sink> Sink for Noisy<S> {
    #[inline(always)]
    fn add(&mut self, m: Move) {
        if !self.only || m.is_noisy() {
            self.out.add(m);
        }
    }

    #[inline(always)]
    fn add_from(&mut self, from: Square, make: impl FnOnce() -> Move) {
        if self.only || self.out.needs_moves(from) {
            // Built here once, whatever happens to it next.
            let m = make();
            if !self.only || m.is_noisy() {
                self.out.add_built(from, m);
            }
        } else {
            self.out.add_from(from, make);
        }
    }

    #[inline(always)]
    fn add_built(&mut self, from: Square, m: Move) {
        if !self.only || m.is_noisy() {
            self.out.add_built(from, m);
        }
    }

    #[inline(always)]
    fn needs_moves(&self, from: Square) -> bool {
        self.only || self.out.needs_moves(from)
    }

    #[inline(always)]
    fn add_count(&mut self, n: u32) {
        self.out.add_count(n);
    }

    #[inline(always)]
    fn only_noisy(&self) -> bool {
        self.only
    }
}

/// Which moves a game's list generator keeps: one instantiation of the generator serves the
/// legal moves, the noisy ones (quiescence) and the pseudo-legal ones (the page's check
/// lines), chosen at run time, so the wasm holds one copy of it rather than three.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Listing {
    /// The legal moves.
    Legal,
    /// The legal moves that are noisy ([`Move::is_noisy`]).
    Noisy,
    /// Every pseudo-legal move, untested.
    Pseudo,
}

impl Listing {
    /// Whether only noisy moves are kept.
    #[inline(always)]
    pub(crate) fn noisy(self) -> bool {
        self == Listing::Noisy
    }

    /// Whether moves are kept untested (pseudo-legal moves).
    #[inline(always)]
    pub(crate) fn untested(self) -> bool {
        self == Listing::Pseudo
    }
}

/// A game whose legal, noisy and pseudo-legal moves, and its count of legal moves, all come
/// from one pseudo-legal generator behind the game's legality filter (every game but
/// Pawnier Chess, whose drops are listed apart). Its [`MoveLists`] come from
/// [`Generator::list`] and [`Generator::count`], for every such game at once.
pub(crate) trait Generator: Rules + Sized {
    /// Every pseudo-legal move of the side to move, into any sink.
    fn generate(&self, pos: &Board, out: &mut impl Sink);

    /// The game's legality filter in front of `out`: a sink that passes on only the legal
    /// moves, or every move when `untested` (the pseudo-legal ones: see [`Listing`]).
    fn legal<'a, S: Sink>(&'a self, pos: &'a Board, out: S, untested: bool) -> impl Sink;

    /// The legal, noisy or pseudo-legal moves: one instantiation of the generator for all.
    // Natively a copy per caller, each specialised to its listing (speed); in the wasm one
    // shared copy (size).
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    #[cfg_attr(target_arch = "wasm32", inline(never))]
    fn listed(&self, pos: &Board, out: &mut impl Sink, which: Listing) {
        let out = self.legal(pos, out, which.untested());
        self.generate(
            pos,
            &mut Noisy {
                out,
                only: which.noisy(),
            },
        );
    }

    /// Appends the moves `which` names to `out`: [`Rules::legal_moves`],
    /// [`Rules::noisy_moves`] and [`Rules::pseudo_moves`].
    #[inline(always)]
    fn list(&self, pos: &Board, out: &mut Vec<Move>, which: Listing) {
        self.listed(pos, &mut list_sink(out), which);
    }

    /// The number of legal moves ([`Rules::count_legal`]): natively through a copy of the
    /// generator that only counts, in the wasm through the shared one (see [`list_sink`]).
    #[inline(always)]
    fn count(&self, pos: &Board) -> usize {
        #[cfg(target_arch = "wasm32")]
        {
            let mut count = ListOrCount::counter();
            self.listed(pos, &mut count, Listing::Legal);
            count.count
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            let mut count = Count(0);
            self.generate(pos, &mut self.legal(pos, &mut count, false));
            count.0
        }
    }
}

/// Every game with one generator lists and counts its moves through it, written once here.
impl<G: Generator> MoveLists for G {
    fn pseudo_moves(&self, board: &Board, out: &mut Vec<Move>) {
        self.list(board, out, Listing::Pseudo);
    }

    fn legal_moves(&self, board: &Board, out: &mut Vec<Move>) {
        self.list(board, out, Listing::Legal);
    }

    fn noisy_moves(&self, board: &Board, out: &mut Vec<Move>) {
        self.list(board, out, Listing::Noisy);
    }

    fn count_legal(&self, board: &Board) -> usize {
        self.count(board)
    }
}

/// The sink a game's listings go through, around the list `out`: natively the list itself;
/// in the wasm a [`ListOrCount`], the one sink type that also counts, so that the wasm holds
/// one copy of each game's generator for its lists and its count (perft's last ply, the
/// evaluation's mobility) where natively the count has its own, faster copy.
#[inline(always)]
pub(crate) fn list_sink(out: &mut Vec<Move>) -> impl Sink + '_ {
    #[cfg(target_arch = "wasm32")]
    return ListOrCount {
        list: Some(out),
        count: 0,
    };
    #[cfg(not(target_arch = "wasm32"))]
    return out;
}

/// A sink that lists the moves it is given, or (without a list) counts them the way
/// [`Count`] does, chosen at run time: see [`list_sink`].
#[cfg(target_arch = "wasm32")]
pub(crate) struct ListOrCount<'a> {
    /// The list, if listing.
    pub(crate) list: Option<&'a mut Vec<Move>>,
    /// The moves counted, if counting.
    pub(crate) count: usize,
}

#[cfg(target_arch = "wasm32")]
impl ListOrCount<'_> {
    /// A sink that counts.
    pub(crate) fn counter() -> Self {
        ListOrCount {
            list: None,
            count: 0,
        }
    }
}

#[cfg(target_arch = "wasm32")]
impl Sink for ListOrCount<'_> {
    #[inline(always)]
    fn add(&mut self, m: Move) {
        match &mut self.list {
            Some(list) => list.push(m),
            None => self.count += 1,
        }
    }

    #[inline(always)]
    fn add_from(&mut self, _: Square, make: impl FnOnce() -> Move) {
        match &mut self.list {
            Some(list) => list.push(make()),
            None => self.count += 1,
        }
    }

    #[inline(always)]
    fn needs_moves(&self, _: Square) -> bool {
        self.list.is_some()
    }

    #[inline(always)]
    fn add_count(&mut self, n: u32) {
        self.count += n as usize;
    }
}

/// A sink that only counts the moves it is given (natively only: the wasm counts through
/// [`ListOrCount`]).
#[cfg(not(target_arch = "wasm32"))]
pub(crate) struct Count(pub usize);

#[cfg(not(target_arch = "wasm32"))]
impl Sink for Count {
    #[inline(always)]
    fn add(&mut self, _: Move) {
        self.0 += 1;
    }

    #[inline(always)]
    fn add_from(&mut self, _: Square, _: impl FnOnce() -> Move) {
        self.0 += 1;
    }

    #[inline(always)]
    fn needs_moves(&self, _: Square) -> bool {
        false
    }

    #[inline(always)]
    fn add_count(&mut self, n: u32) {
        self.0 += n as usize;
    }
}

/// Appends the slides of the piece on `from` along the rays `dirs`: every empty square up to
/// the first occupied one, which is taken if it holds an enemy.
#[inline(always)]
pub(crate) fn slides(
    pos: &Board,
    from: Square,
    rays: &RayTable,
    dirs: std::ops::Range<usize>,
    out: &mut impl Sink,
) {
    let them = pos.side().opponent();
    if !out.needs_moves(from) {
        let mut n = 0;
        for dir in dirs {
            let (row, len) = rays.ray_row(from, dir);
            for &to in row.iter().take(len) {
                if let Some(p) = pos.piece_at(to) {
                    n += u32::from(p.color() == them);
                    break;
                }
                n += 1;
            }
        }
        return out.add_count(n);
    }
    // Captures only: the first agent along each ray, if it is the enemy's.
    if out.only_noisy() {
        for dir in dirs {
            let Some(to) = rays.nearest(from, dir, pos.occupied()) else {
                continue;
            };
            if pos.piece_at(to).is_some_and(|p| p.color() == them) {
                out.add_from(from, || Move::simple(from, to, How::Slide, true));
            }
        }
        return;
    }
    for dir in dirs {
        let (row, len) = rays.ray_row(from, dir);
        for &to in row.iter().take(len) {
            match pos.piece_at(to) {
                None => out.add_from(from, || Move::simple(from, to, How::Slide, false)),
                Some(p) => {
                    if p.color() == them {
                        out.add_from(from, || Move::simple(from, to, How::Slide, true));
                    }
                    break;
                }
            }
        }
    }
}

/// Appends the single steps or leaps of the piece on `from` in `table`: to empty squares
/// and onto enemies.
#[inline(always)]
pub(crate) fn leaps(pos: &Board, from: Square, table: &StepTable, how: How, out: &mut impl Sink) {
    let us = pos.side();
    // The table's targets not held by the mover: a bit scan over a few cells, not a walk
    // over every slot of the row.
    let enemies = pos.pieces_of(us.opponent());
    let targets = if out.only_noisy() { enemies } else { !0 };
    for to in squares(table.reach(from) & !pos.pieces_of(us) & targets) {
        let capture = enemies & bit(to) != 0;
        out.add_from(from, || Move::simple(from, to, how, capture));
    }
}

/// Whether the first occupied square along any of `dirs` from `sq` holds a piece that
/// `hits` accepts, given that square and its piece (a slider attack seen from the target).
/// `hits` accepts only pieces on `candidates` (the attacker's pieces): a ray that meets
/// none of them is not walked.
#[inline]
pub(crate) fn ray_hits(
    pos: &Board,
    sq: Square,
    rays: &RayTable,
    dirs: std::ops::Range<usize>,
    candidates: SquareSet,
    hits: impl Fn(Square, crate::piece::Piece) -> bool,
) -> bool {
    for dir in dirs {
        if rays.mask(sq, dir) & candidates == 0 {
            continue;
        }
        let blocker = rays.nearest(sq, dir, pos.occupied());
        if blocker.is_some_and(|b| pos.piece_at(b).is_some_and(|p| hits(b, p))) {
            return true;
        }
    }
    false
}

/// Per cell, the three corresponding squares of the other quadrants (quadrant boards).
pub(crate) fn correspondence(
    g: &crate::geometry::Geometry,
) -> crate::geometry::PerCell<[Square; 3]> {
    g.all()
        .map(|sq| {
            let c = g.corresponding(sq);
            [c[0], c[1], c[2]]
        })
        .collect()
}

/// Appends the quadrant shifts of the piece on `from`: to every EMPTY corresponding square
/// not in `already` (squares its ordinary moves reach with the same result: one move, one
/// entry). A shift never captures; whether it may give check is each game's legality test.
#[inline]
pub(crate) fn shifts(
    pos: &Board,
    from: Square,
    corresponding: &crate::geometry::PerCell<[Square; 3]>,
    already: crate::geometry::SquareSet,
    out: &mut impl Sink,
) {
    for &to in &corresponding[from.index()] {
        if pos.piece_at(to).is_none() && already & crate::geometry::bit(to) == 0 {
            out.add(Move::simple(from, to, How::Shift, false));
        }
    }
}

/// Orthodox pawns (orthodox chess, Quarter Chess): one step forward, two from the start
/// rank through an empty square, diagonal captures, en passant, promotion on the last rank.
/// Tables per colour, built once.
pub(crate) struct Pawns {
    /// Per colour: the step forward.
    push: [StepTable<1>; 2],
    /// Per colour: the two capture squares.
    capture: [StepTable<2>; 2],
    /// Per colour: the rank pawns double-step from.
    start_rank: [SquareSet; 2],
    /// Per colour: the rank pawns promote on.
    last_rank: [SquareSet; 2],
}

impl Pawns {
    /// Pawns of a flat board: White moves toward higher ranks; `start` and `last` are the
    /// double-step and promotion ranks (from 0) per colour.
    pub(crate) fn new(g: &crate::geometry::Geometry, start: [u8; 2], last: [u8; 2]) -> Pawns {
        let rank = |r: u8| {
            g.all()
                .filter(|&s| g.rank(s) == r)
                .fold(0, |set, s| set | crate::geometry::bit(s))
        };
        Pawns {
            push: [
                g.step_table(&[[0, 1, 0, 0]], false),
                g.step_table(&[[0, -1, 0, 0]], false),
            ],
            capture: [
                g.step_table(&[[-1, 1, 0, 0], [1, 1, 0, 0]], false),
                g.step_table(&[[-1, -1, 0, 0], [1, -1, 0, 0]], false),
            ],
            start_rank: start.map(rank),
            last_rank: last.map(rank),
        }
    }

    /// The squares from which a pawn of `by` would take on `sq`, as a set.
    #[inline(always)]
    pub(crate) fn attacker_set(&self, sq: Square, by: Color) -> SquareSet {
        self.capture[by.opponent().index()].reach(sq)
    }

    /// Appends the moves of the side to move's pawn on `from`. A move onto the last rank is
    /// one move per kind of `promotions`, each passed to `promoted` before it is added.
    #[inline(always)]
    pub(crate) fn moves(
        &self,
        pos: &Board,
        from: Square,
        promotions: &[Kind],
        promoted: impl Fn(&mut Move),
        out: &mut impl Sink,
    ) {
        let us = pos.side();
        let push = &self.push[us.index()];
        if let Some(one) = push.get(from, 0).filter(|&s| pos.piece_at(s).is_none()) {
            let last = self.last_rank[us.index()];
            advance(
                from,
                one,
                How::Slide,
                false,
                us,
                last,
                promotions,
                &promoted,
                out,
            );
            if self.start_rank[us.index()] & crate::geometry::bit(from) != 0 {
                if let Some(two) = push.get(one, 0).filter(|&s| pos.piece_at(s).is_none()) {
                    out.add_from(from, || {
                        let mut m = Move::simple(from, two, How::Slide, false);
                        m.flags |= flags::DOUBLE_STEP;
                        m
                    });
                }
            }
        }
        for to in self.capture[us.index()].targets(from) {
            match pos.piece_at(to) {
                Some(p) if p.color() != us => {
                    let last = self.last_rank[us.index()];
                    advance(
                        from,
                        to,
                        How::Step,
                        true,
                        us,
                        last,
                        promotions,
                        &promoted,
                        out,
                    )
                }
                None if pos.ep() == Some(to) => self.en_passant(from, to, us, out),
                _ => {}
            }
        }
    }

    /// The en passant capture from `from` to `to` (rare: kept out of line).
    #[inline(never)]
    fn en_passant(&self, from: Square, to: Square, us: Color, out: &mut impl Sink) {
        if let Some(victim) = self.push[us.opponent().index()].get(to, 0) {
            out.add(en_passant(from, to, victim));
        }
    }
}

/// The en passant capture from `from` to `to` of the piece on `victim` (orthodox, Quarter and
/// Bandit pawns).
pub(crate) fn en_passant(from: Square, to: Square, victim: Square) -> Move {
    let mut m = Move::new(from, to);
    m.push(Effect::Remove {
        at: victim,
        why: Why::EnPassant,
    });
    m.push(Effect::Move {
        from,
        to,
        how: How::Step,
    });
    m.flags |= flags::EN_PASSANT;
    m
}

/// A pawn-like step or capture of the side to move's piece on `from` to `to` (taking what
/// stands there if `captured`). Onto a square of `last_rank` it is one move per kind of
/// `promotions`, each passed to `promoted` before it is added (orthodox and Quarter pawns,
/// Bandit pawns and sergeants, Pawnier sergeants).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(crate) fn advance(
    from: Square,
    to: Square,
    how: How,
    captured: bool,
    us: Color,
    last_rank: SquareSet,
    promotions: &[Kind],
    promoted: &impl Fn(&mut Move),
    out: &mut impl Sink,
) {
    if last_rank & bit(to) == 0 {
        return out.add_from(from, || Move::simple(from, to, how, captured));
    }
    promotions_to(from, to, how, captured, us, promotions, promoted, out);
}

/// The promotions of [`advance`], kept out of line: they are rare, and inlined into every
/// generator they only make the hot loop bigger (wasm engines then spill more).
#[allow(clippy::too_many_arguments)]
#[inline(never)]
fn promotions_to(
    from: Square,
    to: Square,
    how: How,
    captured: bool,
    us: Color,
    promotions: &[Kind],
    promoted: &impl Fn(&mut Move),
    out: &mut impl Sink,
) {
    for &kind in promotions {
        let mut m = Move::simple(from, to, how, captured);
        m.push(Effect::Promote {
            at: to,
            into: Piece::new(us, kind),
        });
        m.choice = Choice::Promotion(kind);
        promoted(&mut m);
        out.add(m);
    }
}

/// The side to move's agents that stand alone between their king on `king` and an enemy
/// agent that `pins(direction, agent)` accepts (a slider of that direction, frozen or not):
/// the only agents whose move can open a line to the king. `rays` are in
/// [`crate::geometry::KING`] order.
#[inline]
pub(crate) fn pinned(
    pos: &Board,
    king: Square,
    rays: &RayTable,
    pins: impl Fn(usize, Piece) -> bool,
) -> SquareSet {
    let us = pos.side();
    let theirs = pos.pieces_of(us.opponent());
    let mut pinned = 0;
    for dir in 0..8 {
        // A ray with no enemy agent pins nothing.
        if rays.mask(king, dir) & theirs == 0 {
            continue;
        }
        let mut shield = None;
        for &s in rays.ray(king, dir) {
            let Some(p) = pos.piece_at(s) else { continue };
            match shield {
                None if p.color() == us => shield = Some(s),
                Some(b) if p.color() != us && pins(dir, p) => {
                    pinned |= crate::geometry::bit(b);
                    break;
                }
                _ => break,
            }
        }
    }
    pinned
}

/// The side to move's agents pinned to its king on `king` where rooks pin orthogonally and
/// archbishops diagonally (Vagabond and Quarter Chess, whose other agents pin nothing).
#[inline]
pub(crate) fn pinned_by_rooks_and_archbishops(
    pos: &Board,
    king: Square,
    rays: &RayTable,
) -> SquareSet {
    let pinner = |dir: usize| {
        if dir < 4 {
            Kind::Rook
        } else {
            Kind::Archbishop
        }
    };
    pinned(pos, king, rays, |dir, p| p.kind() == pinner(dir))
}

/// Checks that `color` has exactly one king, naming the problem (`game`: the game's name).
pub(crate) fn one_king(pos: &Board, color: Color, game: &str) -> Result<(), crate::error::Error> {
    let name = color.name();
    match pos.kings_of(color).count_ones() {
        0 => Err(crate::error::Error::new(format!("{name} has no king"))),
        1 => Ok(()),
        n => Err(crate::error::Error::new(format!(
            "{name} has {n} kings; {game} has one each"
        ))),
    }
}

/// Checks that each side has exactly one king, naming the problem.
pub(crate) fn one_king_each(pos: &Board, game: &str) -> Result<(), crate::error::Error> {
    Color::ALL
        .into_iter()
        .try_for_each(|c| one_king(pos, c, game))
}

/// How a [`Filter`] tests one fully built pseudo-legal move.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Test {
    /// Legal at once: it wins the game before any reply could use an attack.
    Legal,
    /// Legal if its piece starts on a square that is not risky, else tried on a copy.
    Usual,
    /// Always tried on a copy: it changes more than its own piece's square and
    /// destination (en passant, removals at a distance, transformations).
    Copy,
    /// Illegal, as the game already knows without a copy.
    Illegal,
}

/// A sink that passes on only legal moves, shared by the games whose legality is
/// apply-then-check with a shortcut: each game gives the `risky` squares (every square when
/// a king of the mover is attacked; otherwise at least its kings and the agents whose move
/// can open a line to one), and `test` says which moves need more than that. A move from a
/// square that is not risky is passed on untested; the rest are tried on a copy.
///
/// Moves handed over by [`Sink::add_from`] must be [`Test::Usual`] (ordinary moves and
/// captures on the destination), which lets a counter skip building them.
///
/// The copy's test is [`Rules::leaves_king_safe`] unless a game with more to test (a shift
/// must not give check) names its own with [`Filter::copy_test`].
pub(crate) struct Filter<'a, R: ?Sized, S, T, C = fn(&R, &Board, &Move) -> bool> {
    rules: &'a R,
    pos: &'a Board,
    risky: SquareSet,
    test: T,
    copy_test: C,
    /// Whether every move passes untested (pseudo-legal moves; `risky` is then empty).
    untested: bool,
    out: S,
}

impl<'a, R: Rules + ?Sized, S, T: Fn(&Move) -> Test> Filter<'a, R, S, T> {
    /// A filter for the moves of `pos` into `out`, by the game's `rules`.
    #[inline(always)]
    pub(crate) fn new(rules: &'a R, pos: &'a Board, risky: SquareSet, test: T, out: S) -> Self {
        Filter {
            rules,
            pos,
            risky,
            test,
            copy_test: R::leaves_king_safe,
            untested: false,
            out,
        }
    }

    /// The same filter judging the moves it tries on a copy by `copy_test` (whether the move
    /// is legal in `pos` by `rules`) instead of [`Rules::leaves_king_safe`].
    #[inline(always)]
    pub(crate) fn copy_test<C: Fn(&R, &Board, &Move) -> bool>(
        self,
        copy_test: C,
    ) -> Filter<'a, R, S, T, C> {
        Filter {
            rules: self.rules,
            pos: self.pos,
            risky: self.risky,
            test: self.test,
            copy_test,
            untested: self.untested,
            out: self.out,
        }
    }
}

impl<'a, R: Rules + ?Sized, S, T: Fn(&Move) -> Test, C: Fn(&R, &Board, &Move) -> bool>
    Filter<'a, R, S, T, C>
{
    /// The same filter letting every move pass untested when `yes` (the pseudo-legal moves
    /// through the generator instantiation of the legal ones: see [`Listing`]).
    #[inline(always)]
    pub(crate) fn untested(mut self, yes: bool) -> Self {
        if yes {
            self.risky = 0;
            self.untested = true;
        }
        self
    }

    #[inline(always)]
    fn is_legal(&self, m: &Move) -> bool {
        match (self.test)(m) {
            Test::Legal => true,
            Test::Illegal => false,
            Test::Usual if m.from.is_some_and(|f| self.risky & bit(f) == 0) => true,
            _ => (self.copy_test)(self.rules, self.pos, m),
        }
    }
}

impl<R: Rules + ?Sized, S: Sink, T: Fn(&Move) -> Test, C: Fn(&R, &Board, &Move) -> bool> Sink
    for Filter<'_, R, S, T, C>
{
    #[inline(always)]
    fn add(&mut self, m: Move) {
        if self.untested || self.is_legal(&m) {
            self.out.add(m);
        }
    }

    #[inline(always)]
    fn needs_moves(&self, from: Square) -> bool {
        self.risky & bit(from) != 0 || self.out.needs_moves(from)
    }

    #[inline(always)]
    fn add_count(&mut self, n: u32) {
        self.out.add_count(n);
    }

    #[inline(always)]
    fn add_from(&mut self, from: Square, make: impl FnOnce() -> Move) {
        if self.risky & bit(from) == 0 {
            self.out.add_from(from, make);
        } else {
            self.add(make());
        }
    }

    #[inline(always)]
    fn add_built(&mut self, from: Square, m: Move) {
        if self.risky & bit(from) == 0 || self.untested || self.is_legal(&m) {
            self.out.add_built(from, m);
        }
    }
}

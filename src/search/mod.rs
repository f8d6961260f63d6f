//! The search: iterative deepening negamax with principal-variation search and aspiration
//! windows, a transposition table, quiescence over noisy moves, check extension, null-move
//! pruning (where the game allows it), late-move reductions, static exchange evaluation
//! (captures that lose their exchange sort last, and are skipped near the leaves and in
//! quiescence), killer and history ordering, mate scores with distance, several lines on
//! request (MultiPV), and draws by repetition (along the game and the search line),
//! the 100-ply rule and bare kings. Moves that win at once (a backstab, a king trapped
//! between merchants, a king taken by an outlaw) score as mates.
//!
//! Time is given, not taken: the caller passes a clock (milliseconds from any start) and a
//! stop test, polled every 256 nodes, so the same code runs natively and in wasm. A clock
//! that stands still or goes back cannot keep a timed search from ending.
//! At a fixed depth or node count, the same position gives the same move every run.
//!
//! ```
//! use fairyboard::search::{Limits, Searcher};
//! use fairyboard::{Position, Variant};
//! // White mates in one: Qh5-f7.
//! let pos = Position::from_text(
//!     Variant::Orthodox,
//!     "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
//! )
//! .unwrap();
//! let mut searcher = Searcher::new(1);
//! let report = searcher.search(&pos, &[], &Limits::depth(3), &|| 0.0, &|| false, &mut |_| {});
//! assert_eq!(pos.move_text(&report.best.unwrap()), "h5f7");
//! ```

pub mod bench;
mod level;
mod limits;
mod multipv;
mod order;
mod score;
mod see;
mod settings;
mod tt;

pub use level::{Level, LEVELS};
use limits::Timer;
pub use limits::{ClockLimit, Limits};
pub use multipv::{PvLine, MAX_LINES};
pub use score::{Score, MATE, MATE_BOUND};
pub(crate) use settings::{has_pieces, may_pass};
pub use settings::{settings, SearchSettings};

use crate::eval::{evaluate, evaluate_within};
use crate::moves::Move;
use crate::position::Position;
use order::{exchange_loss, pick, Heuristics};
use score::{mate_in, mated_in, INFINITY};
use see::{exchange, gain, see};
use tt::{Bound, Table};

/// The deepest line the search follows (iterations stop well before).
pub const MAX_PLY: usize = 128;
/// The deepest iteration.
pub const MAX_DEPTH: u32 = 64;
/// Centipawns per ply of depth that a capture may lose in its exchange near the leaves
/// before it is skipped.
const SEE_MARGIN: i32 = 120;
/// Late-move pruning: at depth 1, 2 and 3, the quiet moves tried before the rest are skipped.
const LATE_MOVES: [usize; 4] = [0, 6, 10, 18];
/// Futility margins at depth 1 and 2 (centipawns).
const FUTILITY: [i32; 3] = [0, 150, 300];
/// Plies of quiescence in which even trades are still played.
const QUIET_TRADES: usize = 2;
/// Nodes between two looks at the clock and the stop test (a few milliseconds in the
/// slowest game).
const POLL: u64 = 256;

/// What the search reports after each finished iteration.
#[derive(Clone, Debug)]
pub struct Info {
    /// The iteration's depth.
    pub depth: u32,
    /// The deepest ply reached (quiescence included).
    pub seldepth: u32,
    /// The score for the side to move.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Milliseconds since the search started.
    pub time: f64,
    /// The principal variation, from the root.
    pub pv: Vec<Move>,
    /// The transposition table's fill, in thousandths.
    pub hashfull: u32,
    /// Which line this is (1 for the best; see [`Searcher::multipv`]).
    pub multipv: u32,
}

impl Info {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        if self.time > 0.0 {
            (self.nodes as f64 * 1000.0 / self.time) as u64
        } else {
            0
        }
    }
}

/// The search's answer.
#[derive(Clone, Debug)]
pub struct Report {
    /// The best move found; `None` when the side to move has no legal move.
    pub best: Option<Move>,
    /// Its score for the side to move.
    pub score: Score,
    /// The deepest finished iteration.
    pub depth: u32,
    /// The deepest ply reached in it (quiescence included).
    pub seldepth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Milliseconds spent.
    pub time: f64,
    /// The principal variation.
    pub pv: Vec<Move>,
    /// Every root move with its score from the deepest iteration that scored them all
    /// (exact scores near the best only when asked for, see [`Searcher::exact_root`]).
    pub root: Vec<(Move, i32)>,
    /// The lines asked for with [`Searcher::multipv`], the best first (the first is `best`,
    /// `score` and `pv` of the deepest finished iteration), each with a different first
    /// move; fewer when the position has fewer moves, none when it has none.
    pub lines: Vec<PvLine>,
}

/// Per ply: the move list and its ordering, reused from node to node.
#[derive(Default)]
struct Frame {
    moves: Vec<Move>,
    scores: Vec<i32>,
    index: Vec<u16>,
}

/// A search engine: its transposition table and move-ordering memory, kept between moves
/// of a game.
pub struct Searcher {
    table: Table,
    heuristics: Heuristics,
    frames: Vec<Frame>,
    pv: Vec<Vec<Move>>,
    /// Keys of the game's earlier positions and of the search line, root included.
    keys: Vec<u64>,
    /// Repetitions are not looked for before this index (the last null move).
    null_floor: usize,
    nodes: u64,
    seldepth: usize,
    stopped: bool,
    max_nodes: u64,
    hard: f64,
    root_depth: i32,
    /// Root moves within this many centipawns of the best get exact scores (weak levels
    /// choose among them); 0: only the best.
    exact_root: i32,
    /// The game's [`SearchSettings::quiescence_plies`].
    quiescence_plies: usize,
    lmr: Vec<[u8; 64]>,
    /// How many lines to give (1 to [`MAX_LINES`]).
    multipv: usize,
    /// The table's size, for the second lines' own table.
    megabytes: usize,
    /// What the second and later lines search with, made when first needed.
    side: Option<Box<multipv::Side>>,
}

impl Searcher {
    /// A searcher with a transposition table of about `megabytes`.
    pub fn new(megabytes: usize) -> Searcher {
        let lmr = (0..64)
            .map(|d: usize| {
                let mut row = [0u8; 64];
                for (i, r) in row.iter_mut().enumerate() {
                    if d > 0 && i > 0 {
                        let v = 0.75 + (d as f64).ln() * (i as f64).ln() / 2.25;
                        *r = v.max(0.0) as u8;
                    }
                }
                row
            })
            .collect();
        Searcher {
            table: Table::new(megabytes),
            heuristics: Heuristics::new(MAX_PLY),
            frames: (0..=MAX_PLY).map(|_| Frame::default()).collect(),
            pv: (0..=MAX_PLY + 1)
                .map(|_| Vec::with_capacity(MAX_PLY))
                .collect(),
            keys: Vec::new(),
            null_floor: 0,
            nodes: 0,
            seldepth: 0,
            stopped: false,
            max_nodes: u64::MAX,
            hard: f64::INFINITY,
            root_depth: 0,
            exact_root: 0,
            quiescence_plies: 16,
            lmr,
            multipv: 1,
            megabytes,
            side: None,
        }
    }

    /// Forgets all earlier searches (a new game): the same search then gives the same
    /// answer as in a new searcher.
    pub fn clear(&mut self) {
        self.table.clear();
        self.heuristics.clear();
        self.side = None;
    }

    /// Resizes the transposition table (and clears it).
    pub fn resize(&mut self, megabytes: usize) {
        self.table = Table::new(megabytes);
        self.megabytes = megabytes;
        self.side = None;
    }

    /// How many lines the next searches give in [`Report::lines`] and to their `info`
    /// (clamped to 1..=[`MAX_LINES`]). The first line is the one a single-line search finds;
    /// each later one is the best of the moves that no earlier line begins with, searched
    /// to the same depth with a table of its own, so the time goes up with every line.
    pub fn multipv(&mut self, lines: usize) {
        self.multipv = lines.clamp(1, MAX_LINES);
    }

    /// Root moves scoring within `within` centipawns of the best get exact scores in
    /// [`Report::root`] (for the weak levels, which choose among near-best moves with a
    /// random bonus below `within`); the others only a bound at least `within` below the
    /// best, which is all such a choice needs and far cheaper than an exact score for every
    /// move. 0: only the best move's score is exact; `i32::MAX`: every move's.
    pub fn exact_root(&mut self, within: i32) {
        self.exact_root = within.max(0);
    }

    /// Searches `root` within `limits`. `history` holds the keys ([`crate::Board::key`]) of
    /// the game's positions before the root, oldest first, for repetitions. `clock` gives
    /// milliseconds from any fixed start; `stop` says when to stop at once; `info` hears
    /// about each finished iteration.
    ///
    /// A search with a time limit ends by itself whatever `clock` does: the time spent only
    /// counts the clock's steps forward (a step back, or a reading that is not a finite
    /// number, counts as nothing), and a search whose clock stands still stops after 2,000
    /// nodes per millisecond it was given, about four times the fastest search measured.
    pub fn search(
        &mut self,
        root: &Position,
        history: &[u64],
        limits: &Limits,
        clock: &dyn Fn() -> f64,
        stop: &dyn Fn() -> bool,
        info: &mut dyn FnMut(&Info),
    ) -> Report {
        let ctx = Ctx {
            timer: Timer::start(clock),
            stop,
        };
        let deadlines = limits.deadlines();
        self.hard = deadlines.hard;
        self.max_nodes = limits.nodes.unwrap_or(u64::MAX).min(deadlines.nodes).max(1);
        self.nodes = 0;
        self.stopped = false;
        self.table.new_search();
        self.heuristics.age();
        self.keys.clear();
        self.keys.extend_from_slice(history);
        self.keys.push(root.key());
        self.null_floor = 0;
        self.quiescence_plies = settings(root.variant()).quiescence_plies;
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);

        let mut moves = root.legal_moves();
        let mut report = Report {
            best: moves.first().copied(),
            score: Score::Cp(0),
            depth: 0,
            seldepth: 0,
            nodes: 0,
            time: 0.0,
            pv: Vec::new(),
            root: moves.iter().map(|&m| (m, 0)).collect(),
            lines: Vec::new(),
        };
        // No move to search, or a move that wins at once: the answer needs no search.
        let lost = root.in_check() || root.decided().is_some_and(|o| o.winner.is_some());
        let instant = if moves.is_empty() {
            Some((None, if lost { mated_in(0) } else { 0 }))
        } else {
            moves
                .iter()
                .find(|m| m.wins.is_some())
                .map(|&m| (Some(m), mate_in(1)))
        };
        if let Some((best, value)) = instant {
            report.best = best;
            report.score = Score::from_value(value);
            report.pv = best.into_iter().collect();
            report.depth = u32::from(best.is_some());
            report.time = ctx.timer.elapsed();
            if best.is_some() {
                report.lines = vec![PvLine {
                    score: report.score,
                    pv: report.pv.clone(),
                    depth: report.depth,
                }];
            }
            info(&Info {
                depth: report.depth,
                seldepth: report.depth,
                score: report.score,
                nodes: 0,
                time: report.time,
                pv: report.pv.clone(),
                hashfull: self.table.permille(),
                multipv: 1,
            });
            return report;
        }
        // The first order: the ordering heuristics'; later, each iteration's scores.
        let mut scores = Vec::new();
        let exchanges = settings(root.variant()).exchanges;
        self.heuristics
            .score(root, &moves, None, 0, exchanges, &mut scores);
        let mut order: Vec<usize> = (0..moves.len()).collect();
        crate::sorting::sort_by(&mut order, |&a, &b| scores[a] > scores[b]);
        moves = order.into_iter().map(|i| moves[i]).collect();
        let mut root_moves: Vec<(Move, i32)> = moves.into_iter().map(|m| (m, -INFINITY)).collect();

        let wanted = self.multipv.min(root_moves.len());
        if wanted > 1 {
            self.prepare_side(&root_moves);
        }
        let mut value: i32 = 0;
        for depth in 1..=max_depth {
            self.root_depth = depth as i32;
            self.seldepth = 0;
            let finished = self.aspirate(&ctx, root, &mut root_moves, depth, value);
            // The root keeps its best move in front: of an unfinished iteration, the best
            // of the moves it searched to the end, which the previous best begins.
            report.best = root_moves.first().map(|&(m, _)| m);
            let Some(v) = finished else { break };
            value = v;
            report.score = Score::from_value(v);
            report.depth = depth;
            report.seldepth = self.seldepth as u32;
            report.pv = self.pv[0].clone();
            if report.pv.first() != report.best.as_ref() {
                report.pv = report.best.into_iter().collect();
            }
            report.root = root_moves.clone();
            info(&Info {
                depth,
                seldepth: self.seldepth as u32,
                score: report.score,
                nodes: self.nodes,
                time: ctx.timer.elapsed(),
                pv: report.pv.clone(),
                hashfull: self.table.permille(),
                multipv: 1,
            });
            let first = PvLine {
                score: report.score,
                pv: report.pv.clone(),
                depth,
            };
            let fresh = if wanted > 1 {
                self.later_lines(&ctx, root, (first, v), depth, &report.lines, wanted, info)
            } else {
                vec![first]
            };
            report.lines = multipv::merge(fresh, &report.lines, wanted);
            let elapsed = ctx.timer.elapsed();
            // A mate found within the depth searched cannot get nearer (with one line);
            // and no new iteration starts once its share of the time is gone.
            if wanted == 1 && v.abs() >= MATE_BOUND && MATE - v.abs() <= depth as i32 {
                break;
            }
            if elapsed >= deadlines.soft || stop() {
                break;
            }
        }
        report.nodes = self.nodes;
        report.time = ctx.timer.elapsed();
        report
    }

    /// One iteration of one line: the root over `moves` at `depth`, in a window around
    /// `guess` (the line's last value) that widens until the value falls inside it. `None`
    /// when the search was stopped.
    fn aspirate(
        &mut self,
        ctx: &Ctx,
        root: &Position,
        moves: &mut [(Move, i32)],
        depth: u32,
        guess: i32,
    ) -> Option<i32> {
        let (mut alpha, mut beta) = (-INFINITY, INFINITY);
        let mut delta = 30;
        if depth >= 4 && guess.abs() < MATE_BOUND && self.exact_root == 0 {
            alpha = guess - delta;
            beta = guess + delta;
        }
        loop {
            let v = self.root(ctx, root, moves, depth as i32, alpha, beta);
            if self.stopped {
                return None;
            }
            if v <= alpha {
                alpha = (v - delta).max(-INFINITY);
                delta *= 2;
            } else if v >= beta {
                beta = (v + delta).min(INFINITY);
                delta *= 2;
            } else {
                return Some(v);
            }
            if delta > 1000 {
                alpha = -INFINITY;
                beta = INFINITY;
            }
        }
    }

    /// Readies the later lines' own table and ordering for a new search.
    fn prepare_side(&mut self, root_moves: &[(Move, i32)]) {
        let megabytes = self.megabytes;
        let side = self.side.get_or_insert_with(|| {
            Box::new(multipv::Side {
                table: Table::new(megabytes),
                heuristics: Heuristics::new(MAX_PLY),
                moves: Vec::new(),
            })
        });
        side.table.new_search();
        side.heuristics.age();
        side.moves = root_moves.to_vec();
    }

    /// Swaps the later lines' table and ordering memory with the first line's.
    fn swap_side(&mut self) {
        if let Some(side) = self.side.as_mut() {
            std::mem::swap(&mut self.table, &mut side.table);
            std::mem::swap(&mut self.heuristics, &mut side.heuristics);
        }
    }

    /// The lines of one iteration after the `first` (with its value): line k is the best of
    /// the root moves that lines 1 to k-1 do not begin with, each told to `info` as it is
    /// found. Stops early (with the lines found so far) when the search is stopped.
    ///
    /// A line never scores above the one before it. The earlier line's search bounded every
    /// other move from above (late moves get a null window and less depth there); when the
    /// later line's own, fuller search finds its move above that bound, the two searches
    /// together say the move is worth exactly the bound, and that is its score.
    #[allow(clippy::too_many_arguments)]
    fn later_lines(
        &mut self,
        ctx: &Ctx,
        root: &Position,
        (first, value): (PvLine, i32),
        depth: u32,
        older: &[PvLine],
        wanted: usize,
        info: &mut dyn FnMut(&Info),
    ) -> Vec<PvLine> {
        let mut moves = std::mem::take(&mut self.side.as_mut().expect("prepared").moves);
        // The first line's move goes in front, out of the others' way.
        if let Some(i) = moves
            .iter()
            .position(|&(m, _)| first.pv.first() == Some(&m))
        {
            moves[..=i].rotate_right(1);
        }
        let mut fresh = vec![first];
        let mut above = value;
        self.swap_side();
        for k in 1..wanted {
            self.seldepth = 0;
            let guess = older.get(k).map_or(0, |l| l.score.rank());
            let Some(v) = self.aspirate(ctx, root, &mut moves[k..], depth, guess) else {
                break;
            };
            let v = v.min(above);
            above = v;
            let best = moves[k].0;
            let mut pv = self.pv[0].clone();
            if pv.first() != Some(&best) {
                pv = vec![best];
            }
            let score = Score::from_value(v);
            info(&Info {
                depth,
                seldepth: self.seldepth as u32,
                score,
                nodes: self.nodes,
                time: ctx.timer.elapsed(),
                pv: pv.clone(),
                hashfull: self.table.permille(),
                multipv: k as u32 + 1,
            });
            fresh.push(PvLine { score, pv, depth });
        }
        self.swap_side();
        self.side.as_mut().expect("prepared").moves = moves;
        fresh
    }

    /// Counts a node and polls the limits: the node count at every node, the clock and
    /// the stop test every [`POLL`] nodes.
    #[inline]
    fn tick(&mut self, ctx: &Ctx) -> bool {
        self.nodes += 1;
        let out_of_time = || ctx.timer.elapsed() >= self.hard || (ctx.stop)();
        if self.nodes >= self.max_nodes || (self.nodes.is_multiple_of(POLL) && out_of_time()) {
            self.stopped = true;
        }
        self.stopped
    }

    /// Whether the position at the end of the line repeats an earlier one with the same
    /// side to move (since the last null move).
    fn repeats(&self) -> bool {
        let n = self.keys.len();
        let key = self.keys[n - 1];
        let mut i = n - 1;
        while i >= self.null_floor + 2 {
            i -= 2;
            if self.keys[i] == key {
                return true;
            }
        }
        false
    }

    /// The root: every move searched in turn (the best so far first); a move that raises
    /// alpha moves to the front. With [`Searcher::exact_root`], every move gets a full
    /// window and so an exact score.
    fn root(
        &mut self,
        ctx: &Ctx,
        pos: &Position,
        moves: &mut [(Move, i32)],
        depth: i32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        let mut best = -INFINITY;
        self.pv[0].clear();
        for i in 0..moves.len() {
            let m = moves[i].0;
            let mut next = pos.clone();
            next.apply(&m);
            self.keys.push(next.key());
            let ext = i32::from(next.in_check());
            let score = if i == 0 || self.exact_root > 0 {
                // Exact within the margin below the best so far: a move that fails low
                // there is worse than the final best by at least the margin.
                let a = if self.exact_root > 0 {
                    best.saturating_sub(self.exact_root).max(-INFINITY)
                } else {
                    alpha
                };
                -self.negamax(ctx, &next, depth - 1 + ext, -beta, -a, 1, true)
            } else {
                let mut s = -self.negamax(ctx, &next, depth - 1 + ext, -alpha - 1, -alpha, 1, true);
                if s > alpha && s < beta && !self.stopped {
                    s = -self.negamax(ctx, &next, depth - 1 + ext, -beta, -alpha, 1, true);
                }
                s
            };
            self.keys.pop();
            if self.stopped {
                break;
            }
            moves[i].1 = score;
            if score > best {
                best = score;
                // The new best goes to the front, the others keep their order.
                moves[..=i].rotate_right(1);
                let (head, tail) = self.pv.split_at_mut(1);
                head[0].clear();
                head[0].push(m);
                head[0].extend_from_slice(&tail[0]);
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        // The others by their scores, for the next iteration.
        if moves.len() > 2 {
            crate::sorting::sort_by(&mut moves[1..], |a, b| a.1 > b.1);
        }
        best
    }

    /// Negamax with alpha-beta and principal-variation search, from `ply` plies below the
    /// root with `depth` plies left.
    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        ctx: &Ctx,
        pos: &Position,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        null_ok: bool,
    ) -> i32 {
        self.pv[ply].clear();
        let in_check = pos.in_check();
        if depth <= 0 && !in_check {
            return self.quiesce(ctx, pos, alpha, beta, ply, 0);
        }
        if self.tick(ctx) {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if ply >= MAX_PLY - 1 {
            return evaluate(pos);
        }
        // Draws by repetition and bare kings.
        if self.repeats()
            || (pos.occupied().count_ones() <= 4
                && pos.variant().rules().insufficient_material(pos))
        {
            return 0;
        }
        // No mate can be nearer than the next move.
        let alpha = alpha.max(mated_in(ply));
        let beta = beta.min(mate_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }
        let mut frame = std::mem::take(&mut self.frames[ply]);
        let v = self.node(
            ctx,
            pos,
            depth.max(1),
            alpha,
            beta,
            ply,
            null_ok,
            in_check,
            &mut frame,
        );
        self.frames[ply] = frame;
        v
    }

    /// The body of [`Searcher::negamax`], with the ply's move buffers.
    #[allow(clippy::too_many_arguments)]
    fn node(
        &mut self,
        ctx: &Ctx,
        pos: &Position,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        null_ok: bool,
        in_check: bool,
        frame: &mut Frame,
    ) -> i32 {
        let pv_node = beta - alpha > 1;
        let key = pos.key();
        let entry = self.table.probe(key, ply);
        if let Some(e) = entry {
            if !pv_node && e.depth >= depth && e.cuts(alpha, beta) {
                return e.score;
            }
        }
        frame.moves.clear();
        pos.legal_moves_into(&mut frame.moves);
        if frame.moves.is_empty() {
            return if in_check { mated_in(ply) } else { 0 };
        }
        if pos.halfmove() >= 100 {
            return 0;
        }
        // A move that wins at once ends the search here, before any pruning can skip it.
        if let Some(i) = frame.moves.iter().position(|m| m.wins.is_some()) {
            let m = frame.moves[i];
            self.set_pv(ply, m);
            let v = mate_in(ply + 1);
            self.table.store(key, ply, depth, v, Bound::Exact, Some(i));
            return v;
        }
        let static_eval = if in_check {
            -INFINITY
        } else {
            evaluate_within(pos, alpha, beta)
        };
        // Reverse futility: far above beta near the leaves, a quiet position stays there.
        if !pv_node
            && !in_check
            && depth <= settings(pos.variant()).reverse_futility
            && beta.abs() < MATE_BOUND
            && static_eval - 120 * depth >= beta
            && !threatens_win(pos)
        {
            return static_eval;
        }
        // Null move: if passing still holds beta, a real move will (not in check, and not
        // where the game makes zugzwang likely).
        if !pv_node
            && null_ok
            && !in_check
            && depth >= 3
            && static_eval >= beta
            && beta.abs() < MATE_BOUND
            && (settings(pos.variant()).null_move)(pos)
        {
            let r = 3 + depth / 6;
            let mut next = pos.clone();
            next.pass();
            self.keys.push(next.key());
            let floor = std::mem::replace(&mut self.null_floor, self.keys.len() - 1);
            let score = -self.negamax(ctx, &next, depth - 1 - r, -beta, -beta + 1, ply + 1, false);
            self.null_floor = floor;
            self.keys.pop();
            if self.stopped {
                return 0;
            }
            if score >= beta {
                return if score >= MATE_BOUND { beta } else { score };
            }
        }

        let n = frame.moves.len();
        let table_move = entry.and_then(|e| e.best).filter(|&i| i < n);
        let exchanges = settings(pos.variant()).exchanges;
        self.heuristics.score(
            pos,
            &frame.moves,
            table_move,
            ply,
            exchanges,
            &mut frame.scores,
        );
        frame.index.clear();
        frame.index.extend(0..n as u16);
        let mut best = -INFINITY;
        let mut best_index = None;
        let mut quiets_tried: Vec<Move> = Vec::new();
        for i in 0..n {
            pick(&mut frame.moves, &mut frame.scores, &mut frame.index, i);
            let m = frame.moves[i];
            if m.wins.is_some() {
                best = mate_in(ply + 1);
                best_index = Some(frame.index[i] as usize);
                self.set_pv(ply, m);
                break;
            }
            let quiet = !m.is_noisy();
            // Near the leaves, a capture that loses its exchange by more than a margin per
            // ply of depth is skipped; never before a real score is found.
            if !quiet
                && exchanges
                && !in_check
                && !pv_node
                && depth <= 3
                && best > -MATE_BOUND
                && exchange_loss(frame.scores[i]).is_some_and(|loss| loss < -SEE_MARGIN * depth)
            {
                continue;
            }
            let mut next = pos.clone();
            next.apply(&m);
            self.keys.push(next.key());
            let gives_check = next.in_check();
            // Near the leaves, a quiet move that gives no check is skipped when the
            // evaluation is far below alpha (futility), or when many quiet moves have
            // already been tried (late-move pruning); never before a real score is found.
            if quiet
                && !in_check
                && !gives_check
                && !pv_node
                && depth <= 3
                && best > -MATE_BOUND
                && (quiets_tried.len() >= LATE_MOVES[depth as usize]
                    || (depth <= 2 && static_eval + FUTILITY[depth as usize] <= alpha))
            {
                self.keys.pop();
                quiets_tried.push(m);
                continue;
            }
            let ext = i32::from(gives_check && (ply as i32) < 2 * self.root_depth);
            let new_depth = depth - 1 + ext;
            let score = if i == 0 {
                -self.negamax(ctx, &next, new_depth, -beta, -alpha, ply + 1, true)
            } else {
                let r = if depth >= 3 && i >= 3 && quiet && !in_check && !gives_check {
                    let r =
                        self.lmr[(depth as usize).min(63)][i.min(63)] as i32 - i32::from(pv_node);
                    r.clamp(0, new_depth - 1)
                } else {
                    0
                };
                let mut s =
                    -self.negamax(ctx, &next, new_depth - r, -alpha - 1, -alpha, ply + 1, true);
                if s > alpha && r > 0 && !self.stopped {
                    s = -self.negamax(ctx, &next, new_depth, -alpha - 1, -alpha, ply + 1, true);
                }
                if s > alpha && s < beta && !self.stopped {
                    s = -self.negamax(ctx, &next, new_depth, -beta, -alpha, ply + 1, true);
                }
                s
            };
            self.keys.pop();
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_index = Some(frame.index[i] as usize);
                    alpha = score;
                    self.set_pv(ply, m);
                    if score >= beta {
                        if quiet {
                            self.heuristics.reward(pos, &m, &quiets_tried, ply, depth);
                        }
                        break;
                    }
                }
            }
            if quiet {
                quiets_tried.push(m);
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best_index.is_some() && pv_node {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table.store(key, ply, depth, best, bound, best_index);
        best
    }

    /// The principal variation at `ply`: `m`, then the line below it.
    fn set_pv(&mut self, ply: usize, m: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(m);
        line.extend_from_slice(&tail[0]);
    }

    /// Quiescence: the side to move may stand on the evaluation or play a noisy move (all
    /// moves when in check), until the position is quiet. Its results go to the table too:
    /// grabbing pieces in another order often reaches the same position.
    #[allow(clippy::too_many_arguments)]
    fn quiesce(
        &mut self,
        ctx: &Ctx,
        pos: &Position,
        alpha: i32,
        beta: i32,
        ply: usize,
        qply: usize,
    ) -> i32 {
        self.pv[ply].clear();
        if self.tick(ctx) {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if ply >= MAX_PLY - 1 || qply >= self.quiescence_plies {
            return evaluate(pos);
        }
        let key = pos.key();
        if let Some(e) = self.table.probe(key, ply) {
            if e.cuts(alpha, beta) {
                return e.score;
            }
        }
        let mut frame = std::mem::take(&mut self.frames[ply]);
        let best = self.quiesce_moves(ctx, pos, alpha, beta, ply, qply, &mut frame);
        self.frames[ply] = frame;
        if self.stopped {
            return 0;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table.store(key, ply, 0, best, bound, None);
        best
    }

    /// The body of [`Searcher::quiesce`], with the ply's move buffers.
    #[allow(clippy::too_many_arguments)]
    fn quiesce_moves(
        &mut self,
        ctx: &Ctx,
        pos: &Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: usize,
        frame: &mut Frame,
    ) -> i32 {
        let in_check = pos.in_check();
        frame.moves.clear();
        let stand = if in_check {
            pos.legal_moves_into(&mut frame.moves);
            if frame.moves.is_empty() {
                return mated_in(ply);
            }
            -INFINITY
        } else {
            let stand = evaluate_within(pos, alpha, beta);
            if stand >= beta {
                return stand;
            }
            pos.noisy_moves_into(&mut frame.moves);
            stand
        };
        alpha = alpha.max(stand);
        let mut best = stand;
        let exchanges = settings(pos.variant()).exchanges;
        self.heuristics
            .score(pos, &frame.moves, None, ply, false, &mut frame.scores);
        frame.index.clear();
        frame.index.extend(0..frame.moves.len() as u16);
        for i in 0..frame.moves.len() {
            pick(&mut frame.moves, &mut frame.scores, &mut frame.index, i);
            let m = frame.moves[i];
            if m.wins.is_some() {
                self.set_pv(ply, m);
                return mate_in(ply + 1);
            }
            if !in_check {
                // A move that cannot bring the score near alpha even with what it takes,
                // or that loses material once the opponent takes back, is not worth a look;
                // past the first exchanges, only moves that win material outright (in a
                // crowded board, Riftwalker's, even trades would go on for dozens of plies).
                let g = gain(pos, &m);
                let least = if qply < QUIET_TRADES { 0 } else { 1 };
                if stand + g + 200 <= alpha
                    || g < least
                    || (exchange(pos, &m) < least && (!exchanges || see(pos, &m) < least))
                {
                    continue;
                }
            }
            let mut next = pos.clone();
            next.apply(&m);
            let score = -self.quiesce(ctx, &next, -beta, -alpha, ply + 1, qply + 1);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    self.set_pv(ply, m);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

/// Whether the side not to move could win at once if it were its turn (a backstab, a king
/// trapped between merchants, an outlaw taking a king): then no margin makes the side to
/// move safe, and pruning on the evaluation would miss the threat.
fn threatens_win(pos: &Position) -> bool {
    let mut passed = pos.clone();
    passed.pass();
    let mut moves = Vec::new();
    passed.noisy_moves_into(&mut moves);
    moves.iter().any(|m| m.wins.is_some())
}

/// The time spent by the caller's clock, and the caller's stop test, for the duration of
/// one search.
struct Ctx<'a> {
    timer: Timer<'a>,
    stop: &'a dyn Fn() -> bool,
}

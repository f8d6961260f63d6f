//! A task's goal: its parts (stars, captures, check, mate, a kind of move...), what the
//! learner has gathered toward them so far ([`Progress`]), and whether they hold after a
//! move. Pure functions of the position, the move and the progress.

use crate::geometry::Square;
use crate::moves::{Choice, Effect, How, Move, Why};
use crate::outcome::Reason;
use crate::piece::{Color, Kind};
use crate::position::Position;

/// One part of a goal. A goal holds when all its parts hold after the same learner's move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Part {
    /// Every one of these cells has had one of the learner's pieces on it after a learner's
    /// move (`stars a5 e5`).
    Stars(Vec<Square>),
    /// These enemy pieces are off the board (`capture all`, `capture e5 g7`).
    Capture(Targets),
    /// The other side's king is attacked (`check`).
    Check,
    /// The learner has won: by this reason only, or any (`win`, `win backstab`; `mate` is
    /// `win checkmate`).
    Win(Option<Reason>),
    /// The learner's move is of this kind (`move shift`).
    Move(MoveKind),
    /// The learner's piece that started on this cell is still on the board and the other
    /// side cannot take it without being taken back on the cell it lands on (`protect e4`).
    Protect(Square),
    /// None of the learner's kings is attacked (`escape`).
    Escape,
}

/// Which enemy pieces a capture goal wants off the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Targets {
    /// Every enemy piece but the kings.
    All,
    /// The pieces that stand on these cells in the task's position, wherever they go.
    These(Vec<Square>),
}

/// Kinds of move a goal may ask for (`move <kind>`), read from the move's effects.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MoveKind {
    /// Any move that removes a piece.
    Capture,
    /// A quadrant shift (Vagabond, Quarter).
    Shift,
    /// Castling.
    Castle,
    /// A drop from the hand (Pawnier).
    Drop,
    /// A promotion, to this kind only if given.
    Promote(Option<Kind>),
    /// An en passant capture.
    EnPassant,
    /// A berserker's jump with rage (Vagabond).
    Rage,
    /// A vagabond's step off one edge and back in at the other (Vagabond).
    Wrap,
    /// An outlaw's bounce off an edge (Bandit).
    Bounce,
    /// A trickster's trick (Bandit).
    Trick,
    /// An outlaw's capture of two (Bandit).
    OutlawCapture,
    /// A custodian capture by merchants (Quarter).
    Custodian,
    /// A driver's pull (Quarter).
    Pull,
    /// A driver's push (Quarter).
    Push,
    /// A driver's switch (Quarter).
    Switch,
    /// A driver's absorption (Quarter).
    Absorb,
}

impl MoveKind {
    /// Every kind without an argument, with its id in files.
    pub const NAMED: [(&'static str, MoveKind); 16] = [
        ("capture", MoveKind::Capture),
        ("shift", MoveKind::Shift),
        ("castle", MoveKind::Castle),
        ("drop", MoveKind::Drop),
        ("promote", MoveKind::Promote(None)),
        ("en-passant", MoveKind::EnPassant),
        ("rage", MoveKind::Rage),
        ("wrap", MoveKind::Wrap),
        ("bounce", MoveKind::Bounce),
        ("trick", MoveKind::Trick),
        ("outlaw-capture", MoveKind::OutlawCapture),
        ("custodian", MoveKind::Custodian),
        ("pull", MoveKind::Pull),
        ("push", MoveKind::Push),
        ("switch", MoveKind::Switch),
        ("absorb", MoveKind::Absorb),
    ];

    /// Its id in files (`promote` for any promotion).
    pub fn id(self) -> &'static str {
        let plain = match self {
            MoveKind::Promote(_) => MoveKind::Promote(None),
            k => k,
        };
        MoveKind::NAMED
            .iter()
            .find(|(_, k)| *k == plain)
            .map_or("?", |(id, _)| id)
    }

    /// Whether `m` is a move of this kind.
    pub fn matches(self, m: &Move) -> bool {
        let effects = m.effects();
        let any = |f: &dyn Fn(&Effect) -> bool| effects.iter().any(f);
        let travels =
            |h: &dyn Fn(How) -> bool| any(&|e| matches!(*e, Effect::Move { how, .. } if h(how)));
        let removes = |w: Why| any(&|e| matches!(*e, Effect::Remove { why, .. } if why == w));
        match self {
            MoveKind::Capture => m.is_capture(),
            MoveKind::Shift => travels(&|h| h == How::Shift),
            // Free castling that exchanges king and rook is one swap (VR5): its choice says
            // it is castling.
            MoveKind::Castle => {
                travels(&|h| h == How::CastleKing) || matches!(m.choice, Choice::CastleRook(_))
            }
            MoveKind::Drop => any(&|e| matches!(e, Effect::Place { .. })),
            MoveKind::Promote(want) => any(
                &|e| matches!(*e, Effect::Promote { into, .. } if want.is_none_or(|k| k == into.kind())),
            ),
            MoveKind::EnPassant => removes(Why::EnPassant),
            MoveKind::Rage => travels(&|h| h == How::Jump),
            MoveKind::Wrap => travels(&|h| h == How::Wrap),
            MoveKind::Bounce => travels(&|h| matches!(h, How::Bounce(_))),
            MoveKind::Trick => any(&|e| matches!(e, Effect::Transform { .. })),
            MoveKind::OutlawCapture => removes(Why::Outlaw),
            MoveKind::Custodian => removes(Why::Custodian),
            MoveKind::Pull => m.choice == Choice::Pull,
            MoveKind::Push => matches!(m.choice, Choice::Push(_)),
            MoveKind::Switch => matches!(m.choice, Choice::Switch(..)),
            MoveKind::Absorb => matches!(m.choice, Choice::Absorb(_)),
        }
    }
}

/// What the learner has gathered toward a goal so far: the stars collected, and where the
/// pieces the goal follows (capture targets, protected pieces) stand now (`None`: off the
/// board).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Progress {
    /// Bit `i` set: the `i`-th star of the goal (counting every `stars` part in order) is
    /// collected.
    pub collected: u64,
    /// The pieces followed, in the order the goal names them.
    pub followed: Vec<Option<Square>>,
    /// Where the learner's pieces that may move stand now (the task's `pieces:`; empty
    /// when every piece may move).
    pub movers: Vec<Option<Square>>,
}

/// The most stars a goal may have (they are kept as bits of a `u64`).
pub const MAX_STARS: usize = 64;

impl Progress {
    /// The progress at a task's start where every piece may move: no star collected (none
    /// may stand under one of the learner's pieces there), every followed piece where the
    /// goal names it.
    pub fn start(goal: &[Part]) -> Progress {
        Progress::with_pieces(goal, &[])
    }

    /// [`Progress::start`] for a task that names the pieces that may move (`pieces:`), on
    /// the squares they start on.
    pub fn with_pieces(goal: &[Part], pieces: &[Square]) -> Progress {
        let mut followed = Vec::new();
        for part in goal {
            match part {
                Part::Capture(Targets::These(cells)) => {
                    followed.extend(cells.iter().map(|&s| Some(s)))
                }
                Part::Protect(s) => followed.push(Some(*s)),
                _ => {}
            }
        }
        Progress {
            collected: 0,
            followed,
            movers: pieces.iter().map(|&s| Some(s)).collect(),
        }
    }

    /// Whether the learner's move `m` moves one of the pieces that may move (every move
    /// does when the task names none; a drop never does then).
    pub fn may_move(&self, m: &Move) -> bool {
        self.movers.is_empty() || m.from.is_some_and(|f| self.movers.contains(&Some(f)))
    }

    /// Follows the pieces through a move (the learner's or a reply), in its effects' order.
    pub fn follow(&mut self, m: &Move) {
        for at in self.followed.iter_mut().chain(self.movers.iter_mut()) {
            *at = follow(*at, m);
        }
    }

    /// Collects the stars the learner's pieces stand on in `pos`.
    pub fn collect(&mut self, goal: &[Part], pos: &Position, learner: Color) {
        for (i, star) in stars(goal).enumerate().take(MAX_STARS) {
            if pos.piece_at(star).is_some_and(|p| p.color() == learner) {
                self.collected |= 1 << i;
            }
        }
    }

    /// The stars collected so far, in the goal's order.
    pub fn collected_stars<'a>(&'a self, goal: &'a [Part]) -> impl Iterator<Item = Square> + 'a {
        stars(goal)
            .enumerate()
            .filter(|(i, _)| *i < MAX_STARS && self.collected & (1 << i) != 0)
            .map(|(_, s)| s)
    }
}

/// Every star of a goal, in order.
pub fn stars(goal: &[Part]) -> impl Iterator<Item = Square> + '_ {
    goal.iter()
        .flat_map(|p| match p {
            Part::Stars(cells) => cells.as_slice(),
            _ => &[],
        })
        .copied()
}

/// Where the piece on `at` is after `m` (`None`: it left the board).
fn follow(at: Option<Square>, m: &Move) -> Option<Square> {
    let mut at = at?;
    for e in m.effects() {
        match *e {
            Effect::Move { from, to, .. } if from == at => at = to,
            Effect::Remove { at: gone, .. } if gone == at => return None,
            Effect::Swap { a, b } if a == at => at = b,
            Effect::Swap { a, b } if b == at => at = a,
            _ => {}
        }
    }
    Some(at)
}

/// Whether the goal holds after the learner's move `m`, now that `after` is the position
/// (the other side to move) and `progress` has been brought up to date.
pub fn holds(
    goal: &[Part],
    progress: &Progress,
    m: &Move,
    after: &Position,
    learner: Color,
) -> bool {
    let mut followed = progress.followed.iter();
    let mut star = 0usize;
    goal.iter().all(|part| match part {
        Part::Stars(cells) => {
            let range = star..star + cells.len();
            star = range.end;
            range
                .filter(|&i| i < MAX_STARS)
                .all(|i| progress.collected & (1 << i) != 0)
        }
        Part::Capture(Targets::All) => {
            let enemy = after.pieces_of(learner.opponent()) & !after.kings();
            enemy == 0
        }
        Part::Capture(Targets::These(cells)) => {
            (0..cells.len()).all(|_| followed.next().is_some_and(Option::is_none))
        }
        Part::Check => after.king_attacked(learner.opponent()),
        Part::Win(reason) => after
            .outcome()
            .is_some_and(|o| o.winner == Some(learner) && reason.is_none_or(|r| r == o.reason)),
        Part::Move(kind) => kind.matches(m),
        Part::Protect(_) => followed
            .next()
            .copied()
            .flatten()
            .is_some_and(|at| !can_take(after, at)),
        Part::Escape => !after.king_attacked(learner),
    })
}

/// Whether the side to move in `pos` can take the piece on `at` without the other side
/// taking back on the cell the taker lands on.
pub fn can_take(pos: &Position, at: Square) -> bool {
    pos.legal_moves().iter().any(|m| {
        removes(m, at) && {
            let next = pos.after(m);
            !next
                .legal_moves()
                .iter()
                .any(|answer| removes(answer, m.to))
        }
    })
}

/// Whether the side to move in `pos` has a legal move that takes any piece of `color`.
pub fn threatens(pos: &Position, color: Color) -> bool {
    pos.legal_moves().iter().any(|m| {
        m.effects().iter().any(|e| {
            matches!(*e, Effect::Remove { at, .. }
                if pos.piece_at(at).is_some_and(|p| p.color() == color))
        })
    })
}

/// Whether `m` removes the piece on `at`.
fn removes(m: &Move, at: Square) -> bool {
    m.effects()
        .iter()
        .any(|e| matches!(*e, Effect::Remove { at: gone, .. } if gone == at))
}

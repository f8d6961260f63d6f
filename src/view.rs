//! Serialisable views of pieces, moves, effects and outcomes: the one shape both the
//! command line's JSON and the page receive.

use serde::Serialize;

use crate::geometry::Square;
use crate::moves::{Choice, Effect, How, Move};
use crate::outcome::Outcome;
use crate::piece::{Color, Piece};
use crate::position::Position;
use crate::text::piece_letter;

/// How squares are written in a view: by cell index (the page) or by name (people).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Squares {
    /// Cell indices.
    Index,
    /// Names such as `e4`.
    Name,
}

/// A square in a view.
#[derive(Clone, Debug, Serialize, PartialEq)]
#[serde(untagged)]
pub enum SquareRef {
    /// A cell index.
    Index(u8),
    /// A square name.
    Name(String),
}

/// A piece in a view.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct PieceView {
    /// `w` or `b`.
    pub color: char,
    /// The kind's name, e.g. `knight`.
    pub kind: &'static str,
    /// Its letter in position text (uppercase White).
    pub letter: char,
    /// E.g. `White knight`.
    pub name: String,
}

/// A choice in a view (e.g. the promotion piece), with a label for a picker.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ChoiceView {
    /// What is chosen: `promotion`, `castle`, `pull`, `push`, `switch`, `absorb` or `trick`.
    pub kind: &'static str,
    /// Words for a picker, e.g. `Queen`, `Castle, rook to c1`, `Push c2`.
    pub label: String,
    /// For a promotion, the chosen piece's letter (uppercase).
    pub letter: Option<char>,
    /// For a promotion, the chosen piece's kind name.
    pub name: Option<&'static str>,
}

/// An effect in a view.
#[derive(Clone, Debug, Serialize, PartialEq)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum EffectView {
    /// A piece moves.
    Move {
        /// From.
        from: SquareRef,
        /// To.
        to: SquareRef,
        /// How (see [`crate::How::name`]).
        how: &'static str,
        /// The square a bouncing line turns at (absent for straight lines).
        #[serde(skip_serializing_if = "Option::is_none")]
        via: Option<SquareRef>,
    },
    /// A piece leaves the board.
    Remove {
        /// Where.
        at: SquareRef,
        /// Why (see [`crate::Why::name`]).
        why: &'static str,
    },
    /// A piece promotes.
    Promote {
        /// Where.
        at: SquareRef,
        /// What it becomes.
        piece: PieceView,
    },
    /// A piece is put on the board from the hand.
    Place {
        /// Where.
        at: SquareRef,
        /// What.
        piece: PieceView,
    },
    /// A piece becomes another kind (a trick).
    Transform {
        /// Where.
        at: SquareRef,
        /// What it becomes.
        piece: PieceView,
    },
    /// Two agents change places.
    Swap {
        /// One square.
        a: SquareRef,
        /// The other.
        b: SquareRef,
    },
}

/// A move in a view.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct MoveView {
    /// Its move text.
    pub text: String,
    /// Its from-square (none for a drop).
    pub from: Option<SquareRef>,
    /// Its to-square.
    pub to: SquareRef,
    /// What was chosen beyond the squares.
    pub choice: Option<ChoiceView>,
    /// What it does, in order.
    pub effects: Vec<EffectView>,
    /// Its name ([`Position::move_name`]: `Nf3`, `O-O`, `R~a5`), when asked for (the
    /// page's views carry it; [`move_view`] leaves it out, names cost a move list).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

/// An outcome in a view.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct OutcomeView {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: &'static str,
    /// `w`, `b`, or none for a draw.
    pub winner: Option<char>,
    /// The reason's id, e.g. `checkmate`.
    pub reason: &'static str,
    /// A sentence for people.
    pub text: String,
}

fn square(pos: &Position, sq: Square, style: Squares) -> SquareRef {
    match style {
        Squares::Index => SquareRef::Index(sq.0),
        Squares::Name => SquareRef::Name(pos.geometry().name(sq)),
    }
}

/// A piece of a game as a view.
pub fn piece_view(pos: &Position, p: Piece) -> PieceView {
    let color = p.color();
    PieceView {
        color: color.letter(),
        kind: p.kind().name(),
        letter: piece_letter(pos.variant(), p),
        name: format!(
            "{} {}",
            if color == Color::White {
                "White"
            } else {
                "Black"
            },
            p.kind().name()
        ),
    }
}

/// A move of `pos` as a view.
pub fn move_view(pos: &Position, m: &Move, style: Squares) -> MoveView {
    let effects = m
        .effects()
        .iter()
        .map(|e| match *e {
            Effect::Move { from, to, how } => EffectView::Move {
                from: square(pos, from, style),
                to: square(pos, to, style),
                how: how.name(),
                via: match how {
                    How::Bounce(at) => Some(square(pos, at, style)),
                    _ => None,
                },
            },
            Effect::Remove { at, why } => EffectView::Remove {
                at: square(pos, at, style),
                why: why.name(),
            },
            Effect::Promote { at, into } => EffectView::Promote {
                at: square(pos, at, style),
                piece: piece_view(pos, into),
            },
            Effect::Place { at, piece } => EffectView::Place {
                at: square(pos, at, style),
                piece: piece_view(pos, piece),
            },
            Effect::Transform { at, into } => EffectView::Transform {
                at: square(pos, at, style),
                piece: piece_view(pos, into),
            },
            Effect::Swap { a, b } => EffectView::Swap {
                a: square(pos, a, style),
                b: square(pos, b, style),
            },
        })
        .collect();
    let name = |sq: Square| pos.geometry().name(sq);
    let plain = |kind: &'static str, label: String| {
        Some(ChoiceView {
            kind,
            label,
            letter: None,
            name: None,
        })
    };
    let choice = match m.choice {
        Choice::None => None,
        Choice::Promotion(kind) => {
            let mut label = kind.name().to_string();
            label[..1].make_ascii_uppercase();
            Some(ChoiceView {
                kind: "promotion",
                label,
                letter: Some(pos.variant().letter(kind)),
                name: Some(kind.name()),
            })
        }
        Choice::CastleRook(to) => plain("castle", format!("Castle, rook to {}", name(to))),
        Choice::Pull => plain("pull", "Pull".to_string()),
        Choice::Push(at) => plain("push", format!("Push {}", name(at))),
        Choice::Switch(a, b) => plain("switch", format!("Switch {} and {}", name(a), name(b))),
        Choice::Absorb(at) => plain("absorb", format!("Absorb {}", name(at))),
        Choice::Trick(tricks) => {
            let parts: Vec<String> = tricks
                .into_iter()
                .flatten()
                .map(|(at, kind)| format!("turn {} into a {}", name(at), kind.name()))
                .collect();
            let mut label = parts.join(" and ");
            label[..1].make_ascii_uppercase();
            plain("trick", label)
        }
    };
    MoveView {
        text: pos.move_text(m),
        from: m.from.map(|f| square(pos, f, style)),
        to: square(pos, m.to, style),
        choice,
        effects,
        name: None,
    }
}

/// An outcome as a view.
#[inline(never)] // cold: one shared copy in the wasm
pub fn outcome_view(o: &Outcome) -> OutcomeView {
    OutcomeView {
        result: o.result(),
        winner: o.winner.map(Color::letter),
        reason: o.reason.id(),
        text: o.text(),
    }
}

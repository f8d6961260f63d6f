//! A puzzle's themes, read from the solution's moves themselves (the solver's moves: their
//! effects, the pieces that make them, how the line ends). Names as lichess writes its
//! themes (camelCase); the list is in docs/engine.md, "Puzzles".

use crate::eval::material;
use crate::moves::{Effect, How, Move, Why};
use crate::outcome::{Outcome, Reason};
use crate::piece::{Color, Kind};
use crate::position::Position;
use crate::Variant;

/// Material the solver must gain over the line (centipawns) for the theme `material`.
const MATERIAL_GAIN: i32 = 100;

/// The themes of the line `line` from `start` (the solver's moves at even places) that
/// ends with `ending`, in this order: how it ends (`mate` and `mateIn1`..`mateIn5`, or a
/// game's own win: `backstab`, `kingTrapped`, `kingCaptured`), `material` (the solver
/// gains at least a pawn's worth over the line) or `advantage` (the line wins without
/// that), `promotion`, then the games' own ideas when a solver's move uses them:
/// `castling`, `enPassant` (orthodox, Bandit), `quadrantShift`, `berserker` (the
/// berserker moves), `wraparound` (a vagabond's step off the edge), `freeCastling`
/// (Vagabond), `outlaw` (an outlaw's double capture), `trick` (a trickster's trick),
/// `custodian` (a custodian capture by merchants), `driver` (a driver pulls, pushes,
/// switches or absorbs), `drop`, `pawnPower` (a Pawnier pawn moving as a rook, bishop or
/// knight), `fourthDimension` (a Riftwalker move to another small board), and last the
/// length: `oneMove`, `short` (2 moves), `long` (3), `veryLong` (4 or 5).
pub fn themes(start: &Position, line: &[Move], ending: Option<Outcome>) -> Vec<&'static str> {
    let variant = start.variant();
    let solver = start.side();
    let solver_moves = line.len().div_ceil(2);
    let mut out: Vec<&'static str> = Vec::new();
    match ending.map(|o| o.reason) {
        Some(Reason::Checkmate) => {
            out.push("mate");
            out.push(
                ["mateIn1", "mateIn2", "mateIn3", "mateIn4", "mateIn5"]
                    [solver_moves.clamp(1, 5) - 1],
            );
        }
        Some(Reason::Backstab) => out.push("backstab"),
        Some(Reason::KingTrapped) => out.push("kingTrapped"),
        Some(Reason::KingCaptured) => out.push("kingCaptured"),
        _ => {}
    }
    let mut end = start.clone();
    for m in line {
        end.apply(m);
    }
    let sign = if solver == Color::White { 1 } else { -1 };
    let gain = sign * (material(&end) - material(start));
    if ending.is_none() {
        out.push(if gain >= MATERIAL_GAIN {
            "material"
        } else {
            "advantage"
        });
    }
    let mut ideas: Vec<&'static str> = Vec::new();
    let mut pos = start.clone();
    for (i, m) in line.iter().enumerate() {
        if i % 2 == 0 {
            for idea in move_ideas(&pos, m, variant) {
                if !ideas.contains(&idea) {
                    ideas.push(idea);
                }
            }
        }
        pos.apply(m);
    }
    // The ideas in the documented order, whatever order the moves used them in.
    for name in ORDER {
        if ideas.contains(name) {
            out.push(name);
        }
    }
    out.push(match solver_moves {
        0 | 1 => "oneMove",
        2 => "short",
        3 => "long",
        _ => "veryLong",
    });
    out
}

/// The themes of the moves' own ideas, in their written order.
const ORDER: &[&str] = &[
    "promotion",
    "castling",
    "enPassant",
    "quadrantShift",
    "berserker",
    "wraparound",
    "freeCastling",
    "outlaw",
    "trick",
    "custodian",
    "driver",
    "drop",
    "pawnPower",
    "fourthDimension",
];

/// What one solver's move `m` from `pos` uses.
fn move_ideas(pos: &Position, m: &Move, variant: Variant) -> Vec<&'static str> {
    let mut out = Vec::new();
    let mover = m.from.and_then(|f| pos.piece_at(f)).map(|p| p.kind());
    for e in m.effects() {
        match *e {
            Effect::Promote { .. } => out.push("promotion"),
            Effect::Place { .. } => out.push("drop"),
            Effect::Transform { .. } => out.push("trick"),
            Effect::Remove { why, .. } => match why {
                Why::EnPassant => out.push("enPassant"),
                Why::Outlaw => out.push("outlaw"),
                Why::Custodian => out.push("custodian"),
                Why::Absorb => out.push("driver"),
                Why::Rage => out.push("berserker"),
                Why::Capture | Why::Destroyed => {}
            },
            Effect::Swap { .. } => out.push("driver"),
            Effect::Move { from, to, how } => match how {
                How::Shift => out.push("quadrantShift"),
                How::Jump => out.push("berserker"),
                How::Wrap => out.push("wraparound"),
                How::Pulled | How::Pushed => out.push("driver"),
                How::CastleKing if variant == Variant::Vagabond => out.push("freeCastling"),
                How::CastleKing => out.push("castling"),
                _ if variant == Variant::Riftwalker => {
                    let g = pos.geometry();
                    let (a, b) = (g.cell(from).coords, g.cell(to).coords);
                    if a[0] != b[0] || a[1] != b[1] {
                        out.push("fourthDimension");
                    }
                }
                _ => {}
            },
        }
    }
    if mover == Some(Kind::Berserker) {
        out.push("berserker");
    }
    if variant == Variant::Pawnier && mover == Some(Kind::Pawn) && uses_power(pos, m) {
        out.push("pawnPower");
    }
    out
}

/// A Pawnier pawn's move that only a power allows: a capture, or anything but one
/// orthogonal step (the step every pawn without a relation has).
fn uses_power(pos: &Position, m: &Move) -> bool {
    let Some(from) = m.from else {
        return false;
    };
    if m.is_capture() {
        return true;
    }
    let g = pos.geometry();
    let (df, dr) = (
        i32::from(g.file(m.to)) - i32::from(g.file(from)),
        i32::from(g.rank(m.to)) - i32::from(g.rank(from)),
    );
    df.abs() + dr.abs() != 1
}

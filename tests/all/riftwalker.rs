//! Riftwalker Chess, written from RULES.md section 5 (rulings R2, R4, R5, R7), the seed text
//! and docs/rulings-riftwalker.md (RW1-RW4). Every expected list was worked out by hand from
//! the rules; the reasoning is in the comments.
//!
//! Coordinates: a cell is (X, Y, x, y), each 0-2, drawn at file 3X+x (a-i) and rank 3Y+y+1.
//! So a step in X moves three files, in x one file (inside the small board), in Y three
//! ranks, in y one rank. e5 = (1,1,1,1) is the centre, a1 = (0,0,0,0) a corner,
//! e2 = (1,0,1,1) an edge cell (Y = 0, the rest central).

use std::collections::HashSet;

use fairyboard::{
    perft, Choice, Color, Effect, Game, How, Kind, Outcome, Position, Reason, Setup, Variant, Why,
};
use proptest::prelude::*;

use crate::common;
use common::{after, any_move, check_outcome, check_round_trip, move_text_once};

const START: &str = "rnbkqwnbr/msspppssm/9/sspppppss/9/SSPPPPPSS/9/MSSPPPSSM/RNBKQWNBR w - - 0 1";

/// Position text from pieces written as letter + square ("Ka1 ki9 Se5") and the side.
fn text(pieces: &str, side: char) -> String {
    format!("{} {side}", common::board_text(Variant::Riftwalker, pieces))
}

fn pos(pieces: &str, side: char) -> Position {
    let t = text(pieces, side);
    Position::from_text(Variant::Riftwalker, &t).unwrap_or_else(|e| panic!("{t}: {e}"))
}

fn from_text(t: &str) -> Position {
    Position::from_text(Variant::Riftwalker, t).unwrap_or_else(|e| panic!("{t}: {e}"))
}

/// The legal moves of the piece on `from`, as move text without the from-square, sorted.
fn dests(p: &Position, from: &str) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .map(|m| p.move_text(m))
        .filter_map(|t| t.strip_prefix(from).map(str::to_string))
        .collect();
    v.sort();
    v
}

fn sorted(expected: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
    v.sort();
    let n = v.len();
    v.dedup();
    assert_eq!(n, v.len(), "an expected list names a square twice");
    v
}

fn all_moves(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(|m| p.move_text(m)).collect();
    v.sort();
    v
}

// ---------------------------------------------------------------- the reaches by hand

/// One step from e5 = (1,1,1,1): X-1 b5, X+1 h5, Y-1 e2, Y+1 e8, x-1 d5, x+1 f5,
/// y-1 e4, y+1 e6.
const STEP_E5: [&str; 8] = ["b5", "h5", "e2", "e8", "d5", "f5", "e4", "e6"];

/// Scout from e5: +-1 in two different dimensions, 6 pairs x 4 signs.
/// X,Y: files b/h, ranks 2/8. X,x: files e-3-1 a, e-3+1 c, e+3-1 g, e+3+1 i on rank 5.
/// X,y: files b/h, ranks 4/6. Y,x: files d/f, ranks 2/8. Y,y: file e, ranks 5-3-1 = 1,
/// 5-3+1 = 3, 7, 9. x,y: d4 d6 f4 f6.
const SCOUT_E5: [&str; 24] = [
    "b2", "b8", "h2", "h8", "a5", "c5", "g5", "i5", "b4", "b6", "h4", "h6", "d2", "d8", "f2", "f8",
    "e1", "e3", "e7", "e9", "d4", "d6", "f4", "f6",
];

/// Mystic from e5: +-1 in three of the four dimensions, 4 triples x 8 signs.
/// X,Y,x: files a c g i, ranks 2/8. X,Y,y: files b/h, ranks 1 3 7 9.
/// X,x,y: files a c g i, ranks 4/6. Y,x,y: files d/f, ranks 1 3 7 9.
const MYSTIC_E5: [&str; 32] = [
    "a2", "a8", "c2", "c8", "g2", "g8", "i2", "i8", "b1", "b3", "b7", "b9", "h1", "h3", "h7", "h9",
    "a4", "a6", "c4", "c6", "g4", "g6", "i4", "i6", "d1", "d3", "d7", "d9", "f1", "f3", "f7", "f9",
];

/// One step from e2 = (1,0,1,1): X-1 b2, X+1 h2, Y+1 e5 (Y-1 is off the board),
/// x-1 d2, x+1 f2, y-1 e1, y+1 e3.
const STEP_E2: [&str; 7] = ["b2", "h2", "e5", "d2", "f2", "e1", "e3"];

/// Scout from e2 (Y can only go +1):
/// X,Y+: b5 h5. X,x: a2 c2 g2 i2. X,y: b1 b3 h1 h3. Y+,x: d5 f5. Y+,y: e4 e6.
/// x,y: d1 d3 f1 f3.
const SCOUT_E2: [&str; 18] = [
    "b5", "h5", "a2", "c2", "g2", "i2", "b1", "b3", "h1", "h3", "d5", "f5", "e4", "e6", "d1", "d3",
    "f1", "f3",
];

/// Mystic from e2: X,Y+,x: a5 c5 g5 i5. X,Y+,y: b4 b6 h4 h6 (Y = 1, y = 0 or 2).
/// X,x,y: a1 a3 c1 c3 g1 g3 i1 i3. Y+,x,y: d4 d6 f4 f6.
const MYSTIC_E2: [&str; 20] = [
    "a5", "c5", "g5", "i5", "b4", "b6", "h4", "h6", "a1", "a3", "c1", "c3", "g1", "g3", "i1", "i3",
    "d4", "d6", "f4", "f6",
];

/// From a1 = (0,0,0,0) every coordinate can only grow.
/// Steps: X d1, x b1, Y a4, y a2.
const STEP_A1: [&str; 4] = ["d1", "b1", "a4", "a2"];
/// Scout: X,Y (1,1,0,0) d4; X,x e1; X,y d2; Y,x b4; Y,y a5; x,y b2.
const SCOUT_A1: [&str; 6] = ["d4", "e1", "d2", "b4", "a5", "b2"];
/// Mystic: X,Y,x e4; X,Y,y d5; X,x,y e2; Y,x,y b5.
const MYSTIC_A1: [&str; 4] = ["e4", "d5", "e2", "b5"];
/// Rook's two steps: X+2 g1, Y+2 a7, x+2 c1, y+2 a3.
const ROOK2_A1: [&str; 4] = ["g1", "a7", "c1", "a3"];
/// Bishop's two equal scout moves (+2, +2): X,Y g7; X,x i1; X,y g3; Y,x c7; Y,y a9;
/// x,y c3.
const BISHOP2_A1: [&str; 6] = ["g7", "i1", "g3", "c7", "a9", "c3"];
/// Knight: two steps in d, then one in another dimension e.
/// d = X (to g1): e = Y g4, x h1, y g2. d = Y (to a7): X d7, x b7, y a8.
/// d = x (to c1): X f1, Y c4, y c2. d = y (to a3): X d3, Y a6, x b3.
const KNIGHT2_A1: [&str; 12] = [
    "g4", "h1", "g2", "d7", "b7", "a8", "f1", "c4", "c2", "d3", "a6", "b3",
];

/// Knight from e2: one step (7), or Y+ twice to e8 (the only dimension with room for two)
/// then X b8 h8, x d8 f8, y e7 e9.
const KNIGHT2_E2: [&str; 6] = ["b8", "h8", "d8", "f8", "e7", "e9"];

fn cat(parts: &[&[&str]]) -> Vec<String> {
    sorted(&parts.concat())
}

/// The kings used by the empty-board tests: where no move of the tested piece can reach.
/// e5's reach never changes all four coordinates, so a1 and i9 (which differ from e5 in
/// all four) are out of reach; likewise a4 and i9 for e2, and e5 and i9 for a1.
fn alone(letter: char, at: &str) -> Position {
    let kings = match at {
        "e5" => "Ka1 ki9",
        "e2" => "Ka4 ki9",
        "a1" => "Ke5 ki9",
        _ => unreachable!(),
    };
    // The tested king replaces the White king.
    let kings = if letter == 'K' {
        kings.split_whitespace().nth(1).unwrap().to_string()
    } else {
        kings.to_string()
    };
    pos(&format!("{kings} {letter}{at}"), 'w')
}

#[test]
fn every_piece_from_the_centre_on_an_empty_board() {
    // Pawn, king, rook and knight: one step only (no room for two in any dimension).
    // Bishop: one scout move only. Queen: step or scout (R7). Wizard: scout or mystic.
    let cases: [(char, Vec<String>); 9] = [
        ('K', cat(&[&STEP_E5])),
        ('P', cat(&[&STEP_E5])),
        ('R', cat(&[&STEP_E5])),
        ('N', cat(&[&STEP_E5])),
        ('S', cat(&[&SCOUT_E5])),
        ('M', cat(&[&MYSTIC_E5])),
        ('B', cat(&[&SCOUT_E5])),
        ('Q', cat(&[&STEP_E5, &SCOUT_E5])),
        ('W', cat(&[&SCOUT_E5, &MYSTIC_E5])),
    ];
    for (letter, expected) in cases {
        assert_eq!(
            dests(&alone(letter, "e5"), "e5"),
            expected,
            "{letter} on e5"
        );
    }
}

#[test]
fn every_piece_from_an_edge_cell_on_an_empty_board() {
    // e2 = (1,0,1,1). The rook's two steps: only Y+2, e8. The knight's leaps: see
    // KNIGHT2_E2. The bishop has no double move (two dimensions with room for two needed).
    let cases: [(char, Vec<String>); 9] = [
        ('K', cat(&[&STEP_E2])),
        // A White pawn on e2 steps back to e1 too (RW1); no promotion square in reach.
        ('P', cat(&[&STEP_E2])),
        ('R', cat(&[&STEP_E2, &["e8"]])),
        ('N', cat(&[&STEP_E2, &KNIGHT2_E2])),
        ('S', cat(&[&SCOUT_E2])),
        ('M', cat(&[&MYSTIC_E2])),
        ('B', cat(&[&SCOUT_E2])),
        ('Q', cat(&[&STEP_E2, &SCOUT_E2])),
        ('W', cat(&[&SCOUT_E2, &MYSTIC_E2])),
    ];
    for (letter, expected) in cases {
        assert_eq!(
            dests(&alone(letter, "e2"), "e2"),
            expected,
            "{letter} on e2"
        );
    }
}

#[test]
fn every_piece_from_a_corner_on_an_empty_board() {
    let cases: [(char, Vec<String>); 9] = [
        ('K', cat(&[&STEP_A1])),
        ('P', cat(&[&STEP_A1])),
        ('R', cat(&[&STEP_A1, &ROOK2_A1])),
        ('N', cat(&[&STEP_A1, &KNIGHT2_A1])),
        ('S', cat(&[&SCOUT_A1])),
        ('M', cat(&[&MYSTIC_A1])),
        ('B', cat(&[&SCOUT_A1, &BISHOP2_A1])),
        ('Q', cat(&[&STEP_A1, &SCOUT_A1])),
        ('W', cat(&[&SCOUT_A1, &MYSTIC_A1])),
    ];
    for (letter, expected) in cases {
        assert_eq!(
            dests(&alone(letter, "a1"), "a1"),
            expected,
            "{letter} on a1"
        );
    }
}

#[test]
fn adjacency_follows_the_coordinates_not_the_drawing() {
    // RULES.md 5: c1 = (0,0,2,0) and d1 = (1,0,0,0) are NOT adjacent although drawn side
    // by side; c1's neighbours are b1 (x-1), f1 (X+1), c2 (y+1), c4 (Y+1).
    let p = pos("Kc1 ki9", 'w');
    assert_eq!(dests(&p, "c1"), sorted(&["b1", "f1", "c2", "c4"]));
    // c3 = (0,0,2,2) and c4 = (0,1,2,0) are not adjacent either: c3 goes to b3 f3 c2 c6.
    let p = pos("Kc3 ki9", 'w');
    assert_eq!(dests(&p, "c3"), sorted(&["b3", "f3", "c2", "c6"]));
}

// ---------------------------------------------------------------- blockers

#[test]
fn scout_needs_one_empty_first_cell_in_either_order_r5() {
    // R5. Scout e5; own pawns f5 (x+1) and e6 (y+1), an own pawn on d4, enemy pawns d5
    // (x-1) and f4. First cells blocked: x+1, y+1, x-1. A destination is lost only when
    // both its first cells are blocked: f6 (x+1,y+1) and d6 (x-1,y+1). d4 holds an own
    // piece. f4 (x+1,y-1) is reached through e4 and captures. 24 - 3 = 21.
    let p = pos("Ka1 ki9 Se5 Pf5 Pe6 Pd4 pd5 pf4", 'w');
    let mut expected: Vec<&str> = SCOUT_E5.to_vec();
    expected.retain(|s| !["f6", "d6", "d4"].contains(s));
    assert_eq!(dests(&p, "e5"), sorted(&expected));
    // With e4 blocked too, f4 is lost (f5 and e4 both full).
    let p = pos("Ka1 ki9 Se5 Pf5 Pe6 Pd4 pd5 pf4 Pe4", 'w');
    assert!(!dests(&p, "e5").contains(&"f4".to_string()));
    // The seed's own example of order: a1 to b2 passes b1 or a2; one empty is enough.
    let p = pos("Ke5 ki9 Sa1 Pb1", 'w');
    assert!(dests(&p, "a1").contains(&"b2".to_string()));
    let p = pos("Ke5 ki9 Sa1 Pb1 pa2", 'w');
    assert!(!dests(&p, "a1").contains(&"b2".to_string()));
}

#[test]
fn queen_with_blockers_r7() {
    // R7: one step or one scout move, never further. Same board as the scout test:
    // steps b5 h5 e2 e8 e4, capture d5; f5 and e6 are own. Scouts as there (21).
    let p = pos("Ka1 ki9 Qe5 Pf5 Pe6 Pd4 pd5 pf4", 'w');
    let mut scouts: Vec<&str> = SCOUT_E5.to_vec();
    scouts.retain(|s| !["f6", "d6", "d4"].contains(s));
    let expected = cat(&[&["b5", "h5", "e2", "e8", "e4", "d5"], &scouts]);
    assert_eq!(dests(&p, "e5"), expected);
    // From a1 on an empty board a queen does not go on to a3, a7, c1, g1 (rook-like) or
    // c3, g7 (bishop-like): short range only.
    let q = dests(&alone('Q', "a1"), "a1");
    for far in ["a3", "a7", "c1", "g1", "c3", "g7"] {
        assert!(!q.contains(&far.to_string()), "R7: Qa1 reaches {far}");
    }
}

/// The mystic board: own pawns on every first cell of e5 but e4 (y-1); enemy pawns on b4
/// (e4 + X-1) and d4 (e4 + x-1).
const MYSTIC_BOARD: &str = "Ka1 ki9 Pb5 Ph5 Pe2 Pe8 Pd5 Pf5 Pe6 pb4 pd4";

#[test]
fn mystic_needs_both_cells_of_some_order_empty() {
    // Every path must start y-1 through e4. Destinations with y-1 among their three steps:
    // X,Y,y-: b1 b7 h1 h7; X,x,y-: a4 c4 g4 i4; Y,x,y-: d1 d7 f1 f7. The second cell is
    // e4 plus one of the other two steps. a4 = X-1,x-1,y-1: its second cells b4 and d4 are
    // both full: lost. c4 (X-1,x+1): through f4, empty. b1 (X-1,Y-1): through e1. All
    // others have an empty second cell. 11 destinations, none a capture.
    let p = pos(&format!("{MYSTIC_BOARD} Me5"), 'w');
    assert_eq!(
        dests(&p, "e5"),
        sorted(&["b1", "b7", "h1", "h7", "c4", "g4", "i4", "d1", "d7", "f1", "f7"])
    );
}

#[test]
fn wizard_with_blockers() {
    // The mystic board. Scout moves need e4 as first cell: y-1 with X: b4 (enemy: capture)
    // h4; with Y: e1 e7; with x: d4 (enemy: capture) f4. Plus the mystic's 11.
    let p = pos(&format!("{MYSTIC_BOARD} We5"), 'w');
    assert_eq!(
        dests(&p, "e5"),
        sorted(&[
            "b4", "h4", "e1", "e7", "d4", "f4", "b1", "b7", "h1", "h7", "c4", "g4", "i4", "d1",
            "d7", "f1", "f7"
        ])
    );
}

#[test]
fn rook_two_steps_need_the_first_cell_empty() {
    // Rook a1: own pawn b1 (x+1) stops b1 and c1; enemy pawn a2 (y+1) is captured and
    // stops a3; a4 is empty, so a7 (enemy) is captured; d1 and g1 are open.
    let p = pos("Ke5 ki9 Ra1 Pb1 pa2 pa7", 'w');
    assert_eq!(dests(&p, "a1"), sorted(&["a2", "a4", "a7", "d1", "g1"]));
}

#[test]
fn bishop_two_scout_moves_need_the_middle_cell_empty() {
    // Bishop a1. Own pawns b1, d1, b2, g2, d3, a6; enemy pawns d4, c7.
    // x,y: b2 own; c3 lost (middle b2 full).
    // X,Y: d4 captured (first cells d1 full, a4 empty); g7 lost (middle d4 full).
    // X,x: first cells d1 and b1 both full: e1 and i1 lost.
    // X,y: d2 reached through a2; g3 lost: the second leg's first cells g2 (d2+X) and
    //      d3 (d2+y) are both full.
    // Y,x: b4 through a4; c7 (enemy) through the empty middle b4 and b7/c4: captured.
    // Y,y: a5 through a4 or a2; a9 through the middle a5 and a8 (a6 is full): reached.
    let p = pos("Ke5 ki9 Ba1 Pb1 Pd1 Pb2 Pg2 Pd3 Pa6 pd4 pc7", 'w');
    assert_eq!(
        dests(&p, "a1"),
        sorted(&["a5", "a9", "b4", "c7", "d2", "d4"])
    );
}

#[test]
fn knight_path_is_fixed_and_clear() {
    // Knight a1. Own pawns b1, b3; enemy knight g1, enemy pawns a4, a6.
    // Steps: b1 own; d1, a2 empty; a4 captured.
    // Leaps: x-path through b1 (full): f1 c4 c2 lost. X-path d1 then g1 (full): g4 h1 g2
    // lost. Y-path a4 (full): d7 b7 a8 lost. y-path a2, a3 empty: d3, a6 (capture); b3 own.
    let p = pos("Ke5 ki9 Na1 Pb1 Pb3 ng1 pa4 pa6", 'w');
    assert_eq!(dests(&p, "a1"), sorted(&["a2", "a4", "d1", "d3", "a6"]));
}

#[test]
fn pawn_steps_any_way_and_captures_on_its_step() {
    // Pawn e5 with an own piece on e6 and an enemy on e4 (behind it): captures backward.
    let p = pos("Ka1 ki9 Pe5 Ne6 re4", 'w');
    assert_eq!(
        dests(&p, "e5"),
        sorted(&["b5", "h5", "e2", "e8", "d5", "f5", "e4"])
    );
}

#[test]
fn king_steps_and_may_not_step_into_attack() {
    // King e5; enemy rook i5 = (2,1,2,1) reaches f5, h5 (x-1), i2 i8 (Y), i4 i6 (y),
    // and with two steps c5 and g5. The king may not go to f5 or h5.
    let p = pos("Ke5 ki9 ri5", 'w');
    assert_eq!(
        dests(&p, "e5"),
        sorted(&["b5", "e2", "e8", "d5", "e4", "e6"])
    );
}

// ---------------------------------------------------------------- promotion (R4, RW1)

#[test]
fn promotion_to_seven_kinds_r4() {
    // R4: a White pawn on e8 = (1,2,1,1) steps y+1 to e9, the far rank: Q W R B N M S.
    // Its other steps: b8 h8 (X), e5 (Y-1), d8 f8 (x), e7 (y-1).
    let p = pos("Ka1 ki9 Pe8", 'w');
    assert_eq!(
        dests(&p, "e8"),
        sorted(&[
            "b8", "h8", "e5", "d8", "f8", "e7", "e9q", "e9w", "e9r", "e9b", "e9n", "e9m", "e9s"
        ])
    );
    let m = p.parse_move("e8e9m").unwrap();
    assert_eq!(m.choice, Choice::Promotion(Kind::Mystic));
    assert_eq!(p.after(&m).to_text(), text("Ka1 ki9 Me9", 'b') + " - - 0 1");
    // Without a suffix the move is not complete.
    assert!(p.parse_move("e8e9").is_err());
    assert!(p.parse_move("e8e9k").is_err());
    assert!(p.parse_move("e8e9p").is_err());
}

#[test]
fn promotion_by_the_meta_step_from_rank_6_with_capture_rw1() {
    // RW1: a White pawn on e6 = (1,1,1,2) steps Y+1 to e9 = (1,2,1,2): rank 9, so it
    // promotes, here taking a rook. Other steps: b6 h6 (X), e3 (Y-1), d6 f6 (x), e5 (y-1).
    let p = pos("Ka1 ki9 Pe6 re9", 'w');
    assert_eq!(
        dests(&p, "e6"),
        sorted(&[
            "b6", "h6", "e3", "d6", "f6", "e5", "e9q", "e9w", "e9r", "e9b", "e9n", "e9m", "e9s"
        ])
    );
    let m = p.parse_move("e6e9w").unwrap();
    let (e6, e9) = (sq("e6"), sq("e9"));
    assert_eq!(
        m.effects(),
        [
            Effect::Remove {
                at: e9,
                why: Why::Capture
            },
            Effect::Move {
                from: e6,
                to: e9,
                how: How::Step
            },
            Effect::Promote {
                at: e9,
                into: fairyboard::Piece::new(Color::White, Kind::Wizard)
            },
        ]
    );
    assert_eq!(p.after(&m).to_text(), text("Ka1 ki9 We9", 'b') + " - - 0 1");
}

#[test]
fn black_promotes_on_rank_1_and_white_pawns_may_go_back_to_rank_1_rw1() {
    // A Black pawn on d4 = (1,1,0,0) steps Y-1 to d1 (rank 1): promotes. Its other steps:
    // a4 g4 (X), d7 (Y+1), e4 (x+1), d5 (y+1).
    let p = pos("Ki9 ka9 pd4", 'b');
    assert_eq!(
        dests(&p, "d4"),
        sorted(&["a4", "g4", "d7", "e4", "d5", "d1q", "d1w", "d1r", "d1b", "d1n", "d1m", "d1s"])
    );
    // A White pawn on d4 steps back to d1 without promoting (RW1).
    let p = pos("Ki9 ka9 Pd4", 'w');
    assert_eq!(
        dests(&p, "d4"),
        sorted(&["a4", "g4", "d7", "e4", "d5", "d1"])
    );
    assert_eq!(
        after(&p, "d4d1").to_text(),
        text("Ki9 ka9 Pd1", 'b') + " - - 0 1"
    );
}

#[test]
fn pawns_on_their_own_promotion_rank_are_refused_rw1() {
    let refused = |pieces: &str, needle: &str| {
        let t = text(pieces, 'w');
        let e = Position::from_text(Variant::Riftwalker, &t).unwrap_err();
        assert!(e.message().contains(needle), "{t}: {}", e.message());
    };
    refused("Ka1 ki9 Pe9", "White pawn cannot stand on e9");
    refused("Ka1 ki9 pe1", "Black pawn cannot stand on e1");
    // The other way round is fine: pawns that stepped back to their own first rank.
    pos("Ka1 ki9 Pe1 pe9", 'w');
}

// ---------------------------------------------------------------- check and legality

#[test]
fn attacks_by_every_kind() {
    // Black king a1 = (0,0,0,0). Each White piece below attacks it (Black to move, in
    // check); with Black knights on the cells listed its every way is blocked and it does
    // not (any agent blocks a path, RW3).
    let checks = [
        ("Pa2", ""),            // y-1
        ("Pa4", ""),            // Y-1: a pawn attacks backward and across boards
        ("Rd1", ""),
        ("Ra3", "na2"),         // two steps y-2 through a2
        ("Nb1", ""),            // x-1
        ("Na8", "na5"),         // a8 = (0,2,0,1): Y-1 twice (a5, a2), then y-1
        ("Sb2", "nb1 na2"),     // x-1, y-1 through a2 or b1
        ("Mb5", "na5 nb4 nb2"), // b5 = (0,1,1,1): Y-1, x-1, y-1; every first cell blocked
        ("Bc3", "nb2"),         // c3 = (0,0,2,2): twice x-1,y-1, the middle cell b2
        ("Qb2", "nb1 na2"),     // a scout move
        ("Wb5", "na5 nb4 nb2"), // a mystic move
    ];
    for (attacker, blockers) in checks {
        let p = pos(&format!("ka1 Ki9 {attacker}"), 'b');
        assert!(p.in_check(), "{attacker} checks a1");
        if !blockers.is_empty() {
            let p = pos(&format!("ka1 Ki9 {attacker} {blockers}"), 'w');
            assert!(!p.king_attacked(Color::Black), "{attacker} with {blockers}");
        }
    }
    // The knight's path is fixed: a piece on a4 is not on it (a8, a5, a2, a1).
    let p = pos("ka1 Ki9 Na8 na4", 'b');
    assert!(p.in_check());
    let p = pos("ka1 Ki9 Na8 na2", 'w');
    assert!(!p.king_attacked(Color::Black));
}

#[test]
fn a_piece_shielding_its_king_may_only_capture_the_attacker() {
    // White king a1, Black rook a3 = (0,0,0,2) aims y-2 at a1 through a2. The White pawn
    // a2 shields it: its steps d2 (X+1), a5 (Y+1), b2 (x+1) would expose the king; a2a3
    // takes the rook; a2a1 is the own king.
    let p = pos("Ka1 ki9 Pa2 ra3", 'w');
    assert_eq!(dests(&p, "a2"), sorted(&["a3"]));
}

#[test]
fn a_king_cannot_retreat_along_a_two_step_line() {
    // RW3: the king blocks like any agent, and stepping off a path opens it.
    // White king a2 in check from the rook a3 (step y-1). a1 is on the rook's two-step
    // line a3-a2-a1: once the king leaves a2 the line is open, so a2a1 is illegal. The
    // king may take the rook, or step to d2, a5, b2 (none attacked by the rook, whose
    // reach is d3 a6 b3 a2 and two steps g3 a9 c3 a1).
    let p = pos("Ka2 ki9 ra3", 'w');
    assert!(p.in_check());
    assert_eq!(all_moves(&p), sorted(&["a2a3", "a2a5", "a2b2", "a2d2"]));
}

#[test]
fn checkmate_in_a_corner() {
    // Black king a1; White queen b2 checks it (scout x-1,y-1 through b1 or a2) and guards
    // b1, a2 (steps); the White rook d4 = (1,1,0,0) guards d1 (Y-1) and a4. The
    // king cannot reach b2 (two dimensions away).
    let p = pos("ka1 Ki9 Qb2 Rd4", 'b');
    assert!(p.in_check());
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.count_legal(), 0);
    assert_eq!(
        p.outcome(),
        Some(Outcome {
            winner: Some(Color::White),
            reason: Reason::Checkmate
        })
    );
    // The same mate, played: the queen comes from e2 (X-1 to b2).
    let mut g = Game::new(Variant::Riftwalker, Some(&text("ka1 Ki9 Qe2 Rd4", 'w'))).unwrap();
    assert_eq!(g.outcome(), None);
    g.play("e2b2").unwrap();
    assert_eq!(
        g.outcome().map(|o| o.text()),
        Some("White wins by checkmate".into())
    );
    assert!(g.play("a1b1").is_err());
}

#[test]
fn stalemate_in_a_corner() {
    // As the mate, with a pawn on b2: it guards b1 and a2 but does not attack a1.
    let p = pos("ka1 Ki9 Pb2 Rd4", 'b');
    assert!(!p.in_check());
    assert!(p.legal_moves().is_empty());
    assert_eq!(
        p.outcome(),
        Some(Outcome {
            winner: None,
            reason: Reason::Stalemate
        })
    );
}

#[test]
fn kings_alone_draw_and_kings_may_not_touch_rw4() {
    // RW4: one king each; kings alone are a draw.
    for pieces in ["Ka1 Kc1 ki9", "ki9 Qa1"] {
        let t = text(pieces, 'w');
        assert!(Position::from_text(Variant::Riftwalker, &t).is_err(), "{t}");
    }
    let p = pos("Ka1 ki9", 'w');
    assert_eq!(
        p.outcome().map(|o| o.reason),
        Some(Reason::InsufficientMaterial)
    );
    // Kings on d1 and e1 would touch: refused with the side not to move in check.
    let t = text("Kd1 ke1", 'w');
    assert!(Position::from_text(Variant::Riftwalker, &t).is_err());
    // c1 and d1 do not touch (not adjacent).
    pos("Kc1 kd1", 'w');
}

#[test]
fn repetition_across_pawn_moves_rw2() {
    // RW2: a pawn steps forward and back; the position repeats and the third time is a
    // draw, although every pawn move resets the halfmove clock.
    let mut g = Game::new(Variant::Riftwalker, Some(&text("Ka1 ki9 Pe5 pe2", 'w'))).unwrap();
    let cycle = ["e5e6", "e2e3", "e6e5", "e3e2"];
    for m in cycle {
        g.play(m).unwrap();
    }
    assert_eq!(g.outcome(), None);
    assert_eq!(g.position().halfmove(), 0);
    for m in cycle {
        g.play(m).unwrap();
    }
    assert_eq!(g.outcome().map(|o| o.reason), Some(Reason::Repetition));
}

#[test]
fn hundred_plies_without_pawn_move_or_capture_draw() {
    let p = from_text(&(text("Ka1 ki9 Rd4", 'w') + " - - 100 80"));
    assert_eq!(p.outcome().map(|o| o.reason), Some(Reason::HundredPly));
}

// ---------------------------------------------------------------- effects and text

#[test]
fn moves_say_how_they_travel() {
    // Step for one-step moves, Slide for the rook's two steps, Leap for the rest.
    let how = |pieces: &str, m: &str| {
        let p = pos(pieces, 'w');
        let mv = p.parse_move(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        match mv.effects() {
            [Effect::Move { how, .. }] => *how,
            other => panic!("{m}: {other:?}"),
        }
    };
    assert_eq!(how("Ke5 ki9 Ra1", "a1b1"), How::Step);
    assert_eq!(how("Ke5 ki9 Ra1", "a1c1"), How::Slide);
    assert_eq!(how("Ke5 ki9 Na1", "a1d1"), How::Step);
    assert_eq!(how("Ke5 ki9 Na1", "a1g4"), How::Leap);
    assert_eq!(how("Ke5 ki9 Ba1", "a1b2"), How::Leap);
    assert_eq!(how("Ke5 ki9 Ba1", "a1c3"), How::Leap);
    assert_eq!(how("Ke5 ki9 Qa1", "a1a2"), How::Step);
    assert_eq!(how("Ke5 ki9 Qa1", "a1b2"), How::Leap);
    assert_eq!(how("Ke5 ki9 Sa1", "a1b2"), How::Leap);
    assert_eq!(how("Ke5 ki9 Ma1", "a1e4"), How::Leap);
    assert_eq!(how("Ke5 ki9 Wa1", "a1e4"), How::Leap);
    assert_eq!(how("Ke5 ki9 Pa1", "a1a4"), How::Step);
    assert_eq!(how("Ke5 ki9", "e5e6"), How::Step);
}

#[test]
fn a_capture_removes_first_then_moves() {
    let p = pos("Ka1 ki9 Se5 pf4", 'w');
    let m = p.parse_move("e5f4").unwrap();
    assert_eq!(
        m.effects(),
        [
            Effect::Remove {
                at: sq("f4"),
                why: Why::Capture
            },
            Effect::Move {
                from: sq("e5"),
                to: sq("f4"),
                how: How::Leap
            }
        ]
    );
    assert_eq!(p.after(&m).to_text(), text("Ka1 ki9 Sf4", 'b') + " - - 0 1");
}

fn sq(name: &str) -> fairyboard::Square {
    Variant::Riftwalker.geometry().parse_square(name).unwrap()
}

#[test]
fn start_position_r2() {
    // R2: White rank 1 R N B K Q W N B R, rank 2 M S S P P P S S M, rank 4 S S P P P P P S S;
    // Black the mirror on ranks 9, 8, 6. 27 agents each; no castling, no en passant.
    let p = Position::start(Variant::Riftwalker).unwrap();
    assert_eq!(p.to_text(), START);
    assert_eq!(p.pieces_of(Color::White).count_ones(), 27);
    assert_eq!(p.pieces_of(Color::Black).count_ones(), 27);
    assert_eq!(p.piece_at(sq("d1")).map(|x| x.kind()), Some(Kind::King));
    assert_eq!(p.piece_at(sq("d9")).map(|x| x.kind()), Some(Kind::King));
    assert!(Position::from_text(Variant::Riftwalker, &START.replace(" - - ", " KQkq - ")).is_err());
    assert!(Position::from_text(Variant::Riftwalker, &START.replace(" - - ", " - e3 ")).is_err());
}

/// The start position's 72 moves, counted by hand.
///
/// Rows of the drawing (rank - 1 = 3Y + y) at the start: 0, 1, 3 White; 2, 4, 6 empty; 5, 7,
/// 8 Black. Each row is entirely one of these, so a cell's state depends on its row only.
/// Steps in X or x keep the row; a step in y moves one row inside a block (0-1-2, 3-4-5,
/// 6-7-8), in Y three rows (0-3-6, 1-4-7, 2-5-8).
///
/// - Pawns: only row steps leave a White row. Row 1 (d2 e2 f2): to rows 2 (y+1) and 4
///   (Y+1): 2 each = 6. Row 3 (c4-g4): rows 4 (y+1) and 6 (Y+1): 2 each = 10. Total 16.
/// - Scouts: a column step first stays in the own row: blocked. Row step first to an empty
///   row, then a column step: 2 empty rows x the column's number of neighbours (files a c
///   g i have 2, b d f h 3, e 4). Plus Y+1,y+1: row 1 -> 5 through row 4 (empty), row 3 ->
///   7 through row 6: one capture. b2 7, c2 5, g2 5, h2 7, a4 5, b4 7, h4 7, i4 5 = 48.
/// - Mystics a2, i2 (row 1): row step first (to row 2 or 4) then X and x: a2 -> e3, e5;
///   i2 -> e3, e5. Or Y+1, y+1 (to row 5, through row 4) and one column step: a2 -> b6,
///   d6; i2 -> h6, f6. 4 each = 8.
/// - Row 0 (R N B K Q W N B R): every neighbour is in rows 0, 1 or 3 (own), and every
///   first cell is too: nothing moves.
///
/// 16 + 48 + 8 = 72.
#[test]
fn start_position_moves_by_hand() {
    let p = Position::start(Variant::Riftwalker).unwrap();
    let moves = all_moves(&p);
    assert_eq!(moves.len(), 72);
    let count = |from: &str| moves.iter().filter(|m| m.starts_with(from)).count();
    let expected = [
        ("d2", 2),
        ("e2", 2),
        ("f2", 2),
        ("c4", 2),
        ("d4", 2),
        ("e4", 2),
        ("f4", 2),
        ("g4", 2),
        ("b2", 7),
        ("c2", 5),
        ("g2", 5),
        ("h2", 7),
        ("a4", 5),
        ("b4", 7),
        ("h4", 7),
        ("i4", 5),
        ("a2", 4),
        ("i2", 4),
    ];
    for (from, n) in expected {
        assert_eq!(count(from), n, "{from}");
    }
    assert_eq!(dests(&p, "a2"), sorted(&["e3", "e5", "b6", "d6"]));
    assert_eq!(dests(&p, "i2"), sorted(&["e3", "e5", "h6", "f6"]));
    // Scout b2 = (0,0,1,1): to row 2 (b3) or row 4 (b5), then X+1 (e), x-1 (a), x+1 (c);
    // and the capture b6.
    assert_eq!(
        dests(&p, "b2"),
        sorted(&["e3", "a3", "c3", "e5", "a5", "c5", "b6"])
    );
    assert_eq!(perft(&p, 1), 72);
}

// ---------------------------------------------------------------- properties

/// Everything that must hold in one position.
fn check_position(p: &Position, parse_all: bool) {
    let t = p.to_text();
    check_round_trip(p);
    let moves = p.legal_moves();
    assert_eq!(p.count_legal(), moves.len(), "{t}");
    let mover = p.side();
    let mut texts = HashSet::new();
    for (i, m) in moves.iter().enumerate() {
        let mt = move_text_once(p, &t, m, &mut texts, parse_all || i % 16 == 0);
        let next = p.after(m);
        assert!(
            !next.king_attacked(mover),
            "{t}: {mt} leaves the king attacked"
        );
        assert_eq!(next.kings_of(Color::White).count_ones(), 1, "{t}: {mt}");
        assert_eq!(next.kings_of(Color::Black).count_ones(), 1, "{t}: {mt}");
        let piece = p.piece_at(m.from.unwrap()).unwrap();
        assert_eq!(piece.color(), mover);
        // A capture removes exactly the piece on the destination, first.
        let removes: Vec<_> = m
            .effects()
            .iter()
            .filter(|e| matches!(e, Effect::Remove { .. }))
            .collect();
        match removes.as_slice() {
            [] => assert!(p.piece_at(m.to).is_none(), "{t}: {mt}"),
            [Effect::Remove { at, why }] => {
                assert_eq!((*at, *why), (m.to, Why::Capture), "{t}: {mt}");
                assert!(matches!(m.effects()[0], Effect::Remove { .. }), "{t}: {mt}");
                assert_eq!(p.piece_at(m.to).map(|x| x.color()), Some(mover.opponent()));
            }
            _ => panic!("{t}: {mt} removes more than one piece"),
        }
        assert_eq!(
            next.occupied().count_ones() + m.is_capture() as u32,
            p.occupied().count_ones()
        );
        // Promotion exactly when a pawn reaches its far rank.
        let far = if mover == Color::White { 8 } else { 0 };
        let promotes =
            piece.kind() == Kind::Pawn && Variant::Riftwalker.geometry().rank(m.to) == far;
        assert_eq!(
            matches!(m.choice, Choice::Promotion(_)),
            promotes,
            "{t}: {mt}"
        );
    }
    check_outcome(p, &moves);
}

fn playout(start: &str, choices: &[usize]) {
    common::playout_thorough_every(from_text(start), choices, 8, check_position, any_move);
}

const MIDDLE_GAMES: &[&str] = &[
    "r2k1w2r/m1sp1p1sm/2n1b4/s1pq1pp1s/1B1p1P1n1/SSPPNP1Q1/2W6/M2P1PSSM/R2K4R w - - 0 12",
    "3k1r3/P1P6/9/1P2P4/9/p8/9/2p6/3K5 b - - 0 30",
    "9/9/2b1m4/3nw1r2/4k4/2S3Q2/1B7/9/2K1R1M2 w - - 0 40",
    "k1N6/1q7/B1n6/1N7/9/9/9/9/8K w - - 0 50",
];

common::random_games! {
    cases: 600, playout: playout;
    random_games_from_the_start: [START], 100;
    random_games_from_middle_games: MIDDLE_GAMES, 80;
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_position_text_never_panics(t in "[1-9/kqrbnwmspKQRBNWMSP*a-i -]{0,100}") {
        if let Ok(p) = Position::from_text(Variant::Riftwalker, &t) {
            check_position(&p, false);
        }
        let _ = Setup::parse(Variant::Riftwalker, &t);
    }

    #[test]
    fn arbitrary_move_text_never_panics(t in "[a-j]?[0-9]{0,2}[a-j]?[0-9]{0,2}[qwrbnmskpx]?") {
        let p = from_text(START);
        if let Ok(m) = p.parse_move(&t) {
            prop_assert!(p.legal_moves().contains(&m));
            prop_assert_eq!(p.move_text(&m), t.trim());
        }
    }
}

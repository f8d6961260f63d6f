//! Quarter Chess (RULES.md 3): one or more tests per rule and per ruling (Q1-Q16), each
//! naming the ruling it proves. Positions are position text, White at the bottom.

use fairyboard::{
    Choice, Color, Effect, Game, How, Kind, Move, Outcome, Piece, Position, Reason, Setup, Square,
    Variant, Why,
};

use crate::common::{all_moves, assert_moves_from, moves_from};

fn pos(text: &str) -> Position {
    crate::common::position_of(Variant::Quarter, text)
}

fn sq(name: &str) -> Square {
    Variant::Quarter
        .geometry()
        .parse_square(name)
        .unwrap_or_else(|| panic!("{name}"))
}

fn legal(p: &Position, text: &str) -> bool {
    p.parse_move(text).is_ok()
}

fn mv(p: &Position, text: &str) -> Move {
    p.parse_move(text)
        .unwrap_or_else(|e| panic!("{}: {text}: {e}", p.to_text()))
}

fn after(p: &Position, text: &str) -> Position {
    p.after(&mv(p, text))
}

fn at(p: &Position, name: &str) -> Option<Piece> {
    p.piece_at(sq(name))
}

fn white(kind: Kind) -> Option<Piece> {
    Some(Piece::new(Color::White, kind))
}

fn black(kind: Kind) -> Option<Piece> {
    Some(Piece::new(Color::Black, kind))
}

/// The board part of the position text.
fn board(p: &Position) -> String {
    p.to_text().split(' ').next().unwrap_or("").to_string()
}

fn moved(from: &str, to: &str, how: How) -> Effect {
    Effect::Move {
        from: sq(from),
        to: sq(to),
        how,
    }
}

fn removed(at: &str, why: Why) -> Effect {
    Effect::Remove { at: sq(at), why }
}

// ---------------------------------------------------------------- Q1: set-up, letters

#[test]
fn q1_start_position() {
    let p = Position::start(Variant::Quarter).unwrap();
    assert_eq!(
        p.to_text(),
        "rndkadnr/pppmmppp/8/8/8/8/PPPMMPPP/RNDAKDNR w - - 0 1"
    );
    for (name, piece) in [
        ("a1", white(Kind::Rook)),
        ("b1", white(Kind::Knight)),
        ("c1", white(Kind::Driver)),
        ("d1", white(Kind::Archbishop)),
        ("e1", white(Kind::King)),
        ("f1", white(Kind::Driver)),
        ("d2", white(Kind::Merchant)),
        ("e2", white(Kind::Merchant)),
        ("c2", white(Kind::Pawn)),
    ] {
        assert_eq!(at(&p, name), piece, "{name}");
    }
    // Black is White turned 180 degrees.
    let g = Variant::Quarter.geometry();
    for s in g.all() {
        let turned = g
            .at(7 - g.file(s) as i32, 7 - g.rank(s) as i32)
            .expect("on the board");
        let mirrored = p
            .piece_at(turned)
            .map(|q| Piece::new(q.color().opponent(), q.kind()));
        assert_eq!(p.piece_at(s), mirrored, "{}", g.name(s));
    }
    assert_eq!(p.legal_moves().len(), 46);
    assert!(!p.in_check());
    assert_eq!(p.outcome(), None);
}

#[test]
fn q1_letters_and_pieces_of_other_games() {
    let p = pos("k7/8/8/8/8/8/8/KRNADMP1 w");
    assert_eq!(at(&p, "d1"), white(Kind::Archbishop));
    assert_eq!(at(&p, "e1"), white(Kind::Driver));
    assert_eq!(at(&p, "f1"), white(Kind::Merchant));
    for letter in ['Q', 'B', 'E', 'V', 'S', 'T', 'O', 'C', 'W'] {
        let text = format!("k7/8/8/8/8/8/8/K6{letter} w");
        let e = Position::from_text(Variant::Quarter, &text).unwrap_err();
        assert!(
            e.message()
                .contains(&format!("unknown piece letter '{letter}'"))
                && e.message().contains("KRNADMP"),
            "{text}: {e}"
        );
    }
    // A Setup holding a piece of another game is refused by name.
    let mut s = Setup::parse(Variant::Quarter, "k7/8/8/8/8/8/8/K7 w").unwrap();
    s.board[5] = Some(Piece::new(Color::White, Kind::Bishop));
    let e = Position::from_setup(&s).unwrap_err();
    assert!(e.message().contains("Quarter Chess has no bishop"), "{e}");
}

#[test]
fn q1_no_castling_and_one_king_each() {
    let e =
        Position::from_text(Variant::Quarter, "rndkadnr/8/8/8/8/8/8/RNDAKDNR w KQkq").unwrap_err();
    assert!(e.message().contains("has no castling"), "{e}");
    let p = pos("4k3/8/8/8/8/8/8/R3K2R w");
    assert!(!all_moves(&p).iter().any(|m| m == "e1g1" || m == "e1c1"));
    for (text, needle) in [
        ("8/8/8/8/8/8/8/4K3 w", "Black has no king"),
        ("4k3/8/8/8/8/8/8/3KK3 w", "White has 2 kings"),
    ] {
        let e = Position::from_text(Variant::Quarter, text).unwrap_err();
        assert!(e.message().contains(needle), "{text}: {e}");
    }
}

// ---------------------------------------------------------------- Q3: the quadrant shift

#[test]
fn q3_kings_and_pawns_never_shift() {
    let p = pos("4k3/8/8/8/8/8/1P6/4K3 w");
    assert_moves_from(&p, "b2", "b2b3 b2b4");
    assert_moves_from(&p, "e1", "e1d1 e1d2 e1e2 e1f1 e1f2");
}

#[test]
fn q3_rooks_knights_archbishops_drivers_and_merchants_shift_to_empty_squares() {
    // b2 ~ b6, f2, f6. The white pawns b3, c2, c3 block every ordinary way there, and f6
    // holds a black knight: a shift never captures.
    for (letter, kind) in [
        ('R', Kind::Rook),
        ('N', Kind::Knight),
        ('A', Kind::Archbishop),
        ('D', Kind::Driver),
        ('M', Kind::Merchant),
    ] {
        let p = pos(&format!("7k/8/5n2/8/8/1PP5/1{letter}P5/7K w"));
        let mut shifts: Vec<String> = p
            .legal_moves()
            .iter()
            .filter(|m| {
                matches!(
                    m.effects().first(),
                    Some(Effect::Move {
                        how: How::Shift,
                        ..
                    })
                )
            })
            .map(|m| p.move_text(m))
            .collect();
        shifts.sort();
        assert_eq!(shifts, ["b2b6", "b2f2"], "{kind:?}");
        assert!(!legal(&p, "b2f6"), "{kind:?}: a shift never captures");
        assert_eq!(
            mv(&p, "b2f2").effects(),
            [moved("b2", "f2", How::Shift)],
            "{kind:?}"
        );
    }
}

#[test]
fn q3_one_move_one_entry() {
    // The rook's slide a1-a5 is also its shift: one move, a slide.
    let p = pos("7k/8/8/8/8/8/8/R6K w");
    let a5: Vec<Move> = p
        .legal_moves()
        .into_iter()
        .filter(|m| m.to == sq("a5"))
        .collect();
    assert_eq!(a5.len(), 1);
    assert_eq!(a5[0].effects(), [moved("a1", "a5", How::Slide)]);
    // Blocked, the same square is reached by the shift only.
    let p = pos("7k/8/8/8/8/8/P7/R6K w");
    assert_eq!(mv(&p, "a1a5").effects(), [moved("a1", "a5", How::Shift)]);
    // The archbishop's and the driver's diagonal a1-e5 likewise.
    for piece in ['A', 'D'] {
        let p = pos(&format!("8/7k/8/8/8/8/8/{piece}6K w"));
        assert_eq!(mv(&p, "a1e5").effects(), [moved("a1", "e5", How::Slide)]);
        let p = pos(&format!("8/7k/8/8/8/2P5/8/{piece}6K w"));
        assert_eq!(mv(&p, "a1e5").effects(), [moved("a1", "e5", How::Shift)]);
    }
}

#[test]
fn q3_a_shift_may_not_attack_the_enemy_king() {
    // The knight's shift b1-f5 would attack e7: refused; b1-b5 and b1-f1 attack nothing.
    let p = pos("8/4k3/8/8/8/8/8/1N5K w");
    assert!(!legal(&p, "b1f5"), "shift giving check");
    assert!(legal(&p, "b1b5") && legal(&p, "b1f1"));
    // Its ordinary leaps may give check.
    let p = pos("8/4k3/8/8/3N4/8/8/7K w");
    assert!(legal(&p, "d4c6") && legal(&p, "d4f5"));
    assert!(after(&p, "d4f5").in_check());
    // Discovered: the driver on a4 shields the king a8 from the rook a1; its shift a4-e4
    // uncovers the rook and is refused, its slide a4-b5 is a move like any other.
    let p = pos("k7/8/8/8/D7/8/8/R6K w");
    assert!(!legal(&p, "a4e4"), "discovered check by a shift");
    assert!(legal(&p, "a4b5"));
    assert!(after(&p, "a4b5").in_check());
    // A slide to a corresponding square is the slide (one move, one entry): it may check.
    let p = pos("8/8/8/4k3/8/8/8/R6K w");
    assert!(legal(&p, "a1a5"));
    assert!(after(&p, "a1a5").in_check());
}

#[test]
fn q3_a_shift_may_not_unfreeze_an_attacker() {
    // The rook c5 is frozen by the black merchant d5. A white merchant next to it unfreezes
    // it: by a step (c3c4) that is check; by a shift (b1b5) it is refused.
    let p = pos("2k4r/pp1m4/5a2/2Rm4/8/2M4A/PP3PPP/1M4K1 w - - 0 1");
    assert!(!p.in_check());
    assert!(legal(&p, "c3c4"));
    assert!(after(&p, "c3c4").in_check());
    assert!(!legal(&p, "b1b5"));
    assert!(legal(&p, "b1f5") && legal(&p, "b1f1"));
}

// ---------------------------------------------------------------- pieces

#[test]
fn king_rook_knight_archbishop_and_pawn_move_orthodoxly() {
    let p = pos("k7/8/8/8/3A4/8/8/K7 w");
    // 12 bishop squares (a1 holds the own king), 8 knight squares, and the shifts h4 and
    // d8 (h8, the third corresponding square, is a slide).
    assert_eq!(moves_from(&p, "d4").len(), 12 + 8 + 2);
    assert!(legal(&p, "d4h4") && legal(&p, "d4d8") && legal(&p, "d4h8"));
    let p = pos("k7/8/8/3r4/8/8/8/3R3K w");
    assert_moves_from(
        &p,
        "d1",
        "d1a1 d1b1 d1c1 d1d2 d1d3 d1d4 d1d5 d1e1 d1f1 d1g1 d1h5",
    );
    let p = pos("k7/8/8/8/3N4/8/8/K7 w");
    assert_eq!(moves_from(&p, "d4").len(), 8 + 3);
}

#[test]
fn pawns_double_step_and_take_en_passant() {
    let p = pos("k7/8/8/8/3p4/8/4P3/K7 w");
    let q = after(&p, "e2e4");
    assert_eq!(q.ep(), Some(sq("e3")));
    assert_eq!(q.to_text(), "k7/8/8/8/3pP3/8/8/K7 b - e3 0 1");
    let m = mv(&q, "d4e3");
    assert_eq!(
        m.effects(),
        [removed("e4", Why::EnPassant), moved("d4", "e3", How::Step)]
    );
    assert_eq!(board(&q.after(&m)), "k7/8/8/8/8/4p3/8/K7");
    // Only right after the double step.
    let r = after(&after(&q, "a8b8"), "a1b1");
    assert!(!legal(&r, "d4e3"));
    // A frozen pawn takes nothing, not even en passant: the white merchant c4 freezes d4.
    let p = pos("k7/8/8/8/2Mp4/8/4P3/K7 w");
    let q = after(&p, "e2e4");
    assert!(!legal(&q, "d4e3"));
    assert!(q.legal_moves().iter().all(|m| m.from != Some(sq("d4"))));
}

#[test]
fn q9_promotion_to_rook_knight_driver_archbishop_or_merchant() {
    let p = pos("k7/4P3/8/8/8/8/8/K7 w");
    assert_moves_from(&p, "e7", "e7e8a e7e8d e7e8m e7e8n e7e8r");
    for bad in ["e7e8q", "e7e8b", "e7e8k", "e7e8p", "e7e8"] {
        assert!(!legal(&p, bad), "{bad}");
    }
    let m = mv(&p, "e7e8d");
    assert_eq!(m.choice, Choice::Promotion(Kind::Driver));
    assert_eq!(
        m.effects(),
        [
            moved("e7", "e8", How::Slide),
            Effect::Promote {
                at: sq("e8"),
                into: Piece::new(Color::White, Kind::Driver)
            }
        ]
    );
    assert_eq!(at(&p.after(&m), "e8"), white(Kind::Driver));
}

// ---------------------------------------------------------------- merchants

#[test]
fn merchants_step_without_capturing_and_never_give_check() {
    // The merchant e4 steps to the 7 empty neighbours, not onto the black pawn d5.
    let p = pos("k7/8/8/3p4/4M3/8/8/K7 w");
    let steps: Vec<String> = moves_from(&p, "e4")
        .into_iter()
        .filter(|t| mv(&p, t).effects()[0] == moved("e4", &t[2..], How::Step))
        .collect();
    assert_eq!(
        steps,
        ["e4d3", "e4d4", "e4e3", "e4e5", "e4f3", "e4f4", "e4f5"]
    );
    // A king beside an enemy merchant is not in check, and may step next to it (Q10).
    let p = pos("8/8/8/8/8/8/3m4/4K2k w");
    assert!(!p.in_check());
    assert!(legal(&p, "e1d1") && legal(&p, "e1e2"));
}

#[test]
fn q5_custodian_capture_by_a_merchant_step() {
    // e3 -> e4: f4 (black merchant, white merchant g4 beyond) and d4 (black knight, white
    // merchant c4 beyond) are removed, in the order north, east, south, west; e5 (black
    // rook, nothing beyond on e6) stays.
    let p = pos("k7/8/8/4r3/2Mn1mM1/4M3/8/K7 w");
    let m = mv(&p, "e3e4");
    assert_eq!(
        m.effects(),
        [
            moved("e3", "e4", How::Step),
            removed("f4", Why::Custodian),
            removed("d4", Why::Custodian),
        ]
    );
    assert_eq!(m.wins, None);
    assert_eq!(board(&p.after(&m)), "k7/8/8/4r3/2M1M1M1/8/8/K7");
    // Only another merchant of the mover helps: a white rook beyond does not.
    let p = pos("k7/8/8/8/2Rn4/4M3/8/K7 w");
    assert_eq!(mv(&p, "e3e4").effects(), [moved("e3", "e4", How::Step)]);
    // Drivers, merchants and frozen agents are taken like any other.
    for victim in ['d', 'm', 'r'] {
        let p = pos(&format!("k7/8/8/3M4/1M{victim}5/8/8/K7 w"));
        assert_eq!(
            mv(&p, "d5d4").effects(),
            [moved("d5", "d4", How::Step), removed("c4", Why::Custodian)],
            "{victim}"
        );
    }
}

#[test]
fn q5_custodian_capture_by_a_merchant_shift() {
    // a4 ~ e4: the shift to e4 takes the black archbishop e5 (white merchant e6 beyond).
    let p = pos("k7/8/4M3/4a3/M7/8/8/7K w");
    let m = mv(&p, "a4e4");
    assert_eq!(
        m.effects(),
        [moved("a4", "e4", How::Shift), removed("e5", Why::Custodian)]
    );
}

#[test]
fn q5_no_capture_when_the_victim_steps_in() {
    // The black knight leaps between the white merchants c4 and e4: nothing happens to it
    // (it is frozen there).
    let p = pos("k7/8/2n5/8/2M1M3/8/8/K7 b");
    let m = mv(&p, "c6d4");
    assert_eq!(m.effects(), [moved("c6", "d4", How::Leap)]);
    let q = p.after(&m);
    assert_eq!(at(&q, "d4"), black(Kind::Knight));
    let q = after(&q, "a1b1");
    assert!(moves_from(&q, "d4").is_empty());
}

#[test]
fn q5_backstab_wins_at_once() {
    // e7 -> e8 closes the frozen king d8 between the white merchants c8 and e8.
    let p = pos("2Mk1r2/1p2M1p1/3m1n2/1Pp1Ra2/3m4/2D1N3/P2M1PPP/4K2D w - c6 0 1");
    let m = mv(&p, "e7e8");
    assert_eq!(m.wins, Some(Reason::Backstab));
    assert_eq!(
        m.effects(),
        [moved("e7", "e8", How::Step), removed("d8", Why::Custodian)]
    );
    let q = p.after(&m);
    assert_eq!(q.kings_of(Color::Black), 0);
    assert_eq!(
        q.outcome(),
        Some(Outcome::win(Color::White, Reason::Backstab))
    );
    assert!(q.legal_moves().is_empty());
    assert_eq!(q.count_legal(), 0);
    // The game is over.
    let mut g = Game::from_position(p);
    g.play("e7e8").unwrap();
    assert_eq!(g.outcome().unwrap().text(), "White wins by backstab");
    assert!(g.play("f8f7").is_err());
}

// ---------------------------------------------------------------- Q10: immobilisation

#[test]
fn q10_frozen_agents_cannot_move_or_shift() {
    // The white merchant d5 freezes the black rook d6 and the black king c5.
    let p = pos("8/8/3r4/2kM4/8/8/8/K7 b");
    assert!(moves_from(&p, "d6").is_empty());
    assert!(moves_from(&p, "c5").is_empty());
    // Black has no move at all: stalemate, the king not being attacked.
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.outcome(), Some(Outcome::draw(Reason::Stalemate)));
}

#[test]
fn q10_a_friendly_merchant_lifts_the_freeze() {
    // The rook d6 has the white merchant d5 and the black merchant e6 next to it: it moves.
    let p = pos("8/8/3rm3/3M4/8/8/8/K6k b");
    assert!(!moves_from(&p, "d6").is_empty());
    // Two enemy merchants and one friendly: still free.
    let p = pos("8/8/2Mrm3/3M4/8/8/8/K6k b");
    assert!(!moves_from(&p, "d6").is_empty());
    // Only diagonal merchants: not frozen.
    let p = pos("8/8/3r4/4M3/8/8/8/K6k b");
    assert!(!moves_from(&p, "d6").is_empty());
}

#[test]
fn q10_merchants_and_drivers_are_never_frozen() {
    let p = pos("8/8/3d4/3M4/8/8/8/K6k b");
    assert!(!moves_from(&p, "d6").is_empty());
    let p = pos("8/8/3m4/3M4/8/8/8/K6k b");
    assert!(!moves_from(&p, "d6").is_empty());
}

#[test]
fn q10_frozen_agents_attack_nothing() {
    // The black rook a5 is frozen by the white merchant b5: the white king may stand on
    // its file, and is not in check there.
    let p = pos("7k/8/8/rM6/8/8/8/1K6 w");
    assert!(legal(&p, "b1a1") && legal(&p, "b1a2"));
    assert!(!after(&p, "b1a1").in_check());
    // A frozen king attacks nothing either: the white king may step next to the black
    // king c4, frozen by the white merchant d4.
    let p = pos("8/8/8/8/2kM4/8/K7/8 w");
    assert!(legal(&p, "a2b3"));
    // With a black merchant beside it (c5) that king is free and attacks b3 again.
    let p = pos("8/8/8/2m5/2kM4/8/K7/8 w");
    assert!(!legal(&p, "a2b3"));
}

#[test]
fn q10_a_merchant_blocks_check_by_freezing_the_checker() {
    // The black rook h1 checks the king a1.
    let p = pos("7k/8/8/8/8/8/6M1/K6r w");
    assert!(p.in_check());
    // g2 -> h2 stands orthogonally next to the rook: frozen, it gives no check.
    assert!(legal(&p, "g2h2"));
    assert!(!after(&p, "g2h2").in_check());
    // g2 -> g1 blocks the line (and freezes the rook too); g2 -> f2 does neither.
    assert!(legal(&p, "g2g1"));
    assert!(!legal(&p, "g2f2"));
}

#[test]
fn q10_checkmate_of_a_frozen_king() {
    // The white merchant g8 freezes the king h8; the rook comes to h7: mate.
    let p = pos("6Mk/R7/8/8/8/8/8/4K3 w");
    let q = after(&p, "a7h7");
    assert!(q.in_check());
    assert_eq!(
        q.outcome(),
        Some(Outcome::win(Color::White, Reason::Checkmate))
    );
}

#[test]
fn q10_the_frozen_agents_of_both_sides_are_named() {
    // The white merchant d5 freezes its orthogonal neighbours the black rook d6 and the
    // black king c5, but not the black driver d4 (drivers are never frozen). The black
    // merchant f2 freezes the white pawn e2 and the white knight f1. The merchants d5 and
    // e5 are never frozen, and nothing is next to the white rook a8 or the king a1.
    let p = pos("R7/8/3r4/2kMM3/3d4/8/4Pm2/K4N2 w");
    let names = |set| {
        let mut v: Vec<String> = (0..64u8)
            .filter(|&i| set & (1u128 << i) != 0)
            .map(|i| Variant::Quarter.geometry().name(Square(i)))
            .collect();
        v.sort();
        v
    };
    assert_eq!(names(p.frozen()), ["c5", "d6", "e2", "f1"]);
    // A black merchant next to d6 (e6) lifts its freeze; c5 stays frozen.
    let p = pos("R7/8/3rm3/2kMM3/3d4/8/4Pm2/K4N2 w");
    assert_eq!(names(p.frozen()), ["c5", "e2", "f1"]);
    // No merchants, nothing frozen; and no other game freezes anything.
    assert_eq!(pos("k7/8/8/8/8/8/8/K7 w").frozen(), 0);
    assert_eq!(Position::start(Variant::Orthodox).unwrap().frozen(), 0);
}

// ---------------------------------------------------------------- drivers

#[test]
fn driver_slides_without_capturing_and_never_gives_check() {
    // The black pawn c3 stops the diagonal at b2 (no capture); shifts a5, e1, e5; the pull
    // draws the kings a8 and h1 one square closer.
    let p = pos("k7/8/8/8/8/2p5/8/D6K w");
    assert_moves_from(&p, "a1", "a1:pull a1a5 a1b2 a1e1 a1e5");
    // A driver next to the enemy king is no check.
    let p = pos("k7/1D6/8/8/8/8/8/7K b");
    assert!(!p.in_check());
    let p = pos("kD6/8/8/8/8/8/8/7K b");
    assert!(!p.in_check());
}

#[test]
fn driver_pull_moves_the_nearest_agent_of_every_ray() {
    // Driver d4: north, the black king d8 (4 away) comes to d7; east, the white knight e4
    // is next to it (nothing moves); south, the black merchant d1 (3 away) comes to d2;
    // west, the white pawn b4 (2 away) comes to c4.
    let p = pos("3k4/8/8/8/1P1DN3/8/8/K2m4 w");
    let m = mv(&p, "d4:pull");
    assert_eq!(
        (m.from, m.to, m.choice),
        (Some(sq("d4")), sq("d4"), Choice::Pull)
    );
    assert_eq!(
        m.effects(),
        [
            moved("d8", "d7", How::Pulled),
            moved("d1", "d2", How::Pulled),
            moved("b4", "c4", How::Pulled),
        ]
    );
    assert_eq!(board(&p.after(&m)), "8/3k4/8/8/2PDN3/8/3m4/K7");
    // A pull that would move nothing is not a move.
    let p = pos("k7/8/8/3p4/2pDp3/3p4/8/7K w");
    assert!(!legal(&p, "d4:pull"));
}

#[test]
fn driver_pulls_frozen_agents_and_drivers() {
    // The black rook d7 is frozen by the white merchant c7; the driver d4 pulls it to d5.
    let p = pos("k7/2Mr4/8/8/3D4/8/8/7K w");
    assert_eq!(
        mv(&p, "d4:pull").effects(),
        [moved("d7", "d6", How::Pulled)]
    );
    let p = pos("k7/8/8/3d4/8/3D4/8/7K w");
    assert_eq!(
        mv(&p, "d3:pull").effects(),
        [moved("d5", "d4", How::Pulled)]
    );
}

#[test]
fn driver_push_moves_a_neighbour_one_square_away() {
    let p = pos("k7/8/8/3n4/2PD4/3p4/8/7K w");
    // d5 -> d6, c4 -> b4 and d3 -> d2 are pushes; e4 is empty.
    assert_eq!(
        moves_from(&p, "d4")
            .into_iter()
            .filter(|t| t.contains("push"))
            .collect::<Vec<_>>(),
        ["d4:push:c4", "d4:push:d3", "d4:push:d5"]
    );
    let m = mv(&p, "d4:push:d5");
    assert_eq!(
        (m.from, m.to, m.choice),
        (Some(sq("d4")), sq("d4"), Choice::Push(sq("d5")))
    );
    assert_eq!(m.effects(), [moved("d5", "d6", How::Pushed)]);
    // Not onto an occupied square, not off the board.
    let p = pos("k7/8/8/8/8/8/8/NDN4K w");
    assert!(!legal(&p, "b1:push:a1"));
    assert_eq!(
        mv(&p, "b1:push:c1").effects(),
        [moved("c1", "d1", How::Pushed)]
    );
    let p = pos("k7/8/8/8/8/8/8/NDNN3K w");
    assert!(!legal(&p, "b1:push:c1"));
}

#[test]
fn q12_switch_needs_two_different_agents() {
    // d4 between c4 and e4 (white knight, black knight): a switch. Between d3 and d5 (two
    // white rooks): no switch, nothing would change.
    let p = pos("k7/8/8/3R4/2NDn3/3R4/8/7K w");
    let m = mv(&p, "d4:switch:c4e4");
    assert_eq!(m.choice, Choice::Switch(sq("c4"), sq("e4")));
    assert_eq!(
        m.effects(),
        [Effect::Swap {
            a: sq("c4"),
            b: sq("e4")
        }]
    );
    assert_eq!((m.from, m.to), (Some(sq("d4")), sq("d4")));
    assert_eq!(at(&p.after(&m), "c4"), black(Kind::Knight));
    assert_eq!(at(&p.after(&m), "e4"), white(Kind::Knight));
    assert!(!legal(&p, "d4:switch:d3d5"));
    // One side empty: no switch.
    let p = pos("k7/8/8/8/2ND4/8/8/7K w");
    assert!(!moves_from(&p, "d4").iter().any(|t| t.contains("switch")));
    // Same kind, different colours: a switch.
    let p = pos("k7/8/8/8/2NDn3/8/8/7K w");
    assert!(legal(&p, "d4:switch:c4e4"));
    let p = pos("k7/8/8/8/2nDn3/8/8/7K w");
    assert!(!legal(&p, "d4:switch:c4e4"));
    // Same colour, different kinds: a switch.
    let p = pos("k7/8/8/3M4/3D4/3R4/8/7K w");
    assert!(legal(&p, "d4:switch:d3d5"));
}

#[test]
fn driver_absorbs_an_enemy_neighbour_but_never_a_king() {
    // Around d4: the black merchant d5 and the black driver e4 may be absorbed, the black
    // king c4 may not, the white rook d3 is a friend.
    let p = pos("8/8/8/3m4/2kDd3/3R4/8/7K w");
    let absorbs: Vec<String> = moves_from(&p, "d4")
        .into_iter()
        .filter(|t| t.contains("absorb"))
        .collect();
    assert_eq!(absorbs, ["d4:absorb:d5", "d4:absorb:e4"]);
    let m = mv(&p, "d4:absorb:d5");
    assert_eq!(m.choice, Choice::Absorb(sq("d5")));
    assert_eq!(m.effects(), [removed("d5", Why::Absorb)]);
    assert_eq!((m.from, m.to), (Some(sq("d4")), sq("d4")));
    // A frozen agent is absorbed too.
    let p = pos("k7/8/8/2Mr4/3D4/8/8/7K w");
    assert!(legal(&p, "d4:absorb:d5"));
}

#[test]
fn drivers_are_never_frozen() {
    let p = pos("k7/8/8/8/2mD4/8/8/7K w");
    assert!(!moves_from(&p, "d4").is_empty());
}

// ---------------------------------------------------------------- Q5-Q7: king between merchants

#[test]
fn q5_a_driver_pull_traps_the_king_and_wins() {
    let p = pos("4k3/3M1M1p/2d5/8/1r2D3/8/P2m1mDP/6K1 w - - 0 1");
    let m = mv(&p, "e4:pull");
    assert_eq!(m.wins, Some(Reason::KingTrapped));
    assert_eq!(
        m.effects(),
        [
            moved("e8", "e7", How::Pulled),
            moved("b4", "c4", How::Pulled)
        ]
    );
    let q = p.after(&m);
    assert_eq!(
        q.outcome(),
        Some(Outcome::win(Color::White, Reason::KingTrapped))
    );
    assert!(q.legal_moves().is_empty());
    // The king stays on the board: nothing is removed.
    assert_eq!(at(&q, "e7"), black(Kind::King));
}

#[test]
fn q5_push_and_switch_trap_the_king_too() {
    // Push: the driver c5 pushes the white merchant d5 to e5, next to the king f5 with the
    // merchant g5 beyond.
    let p = pos("8/8/8/2DM1kM1/8/8/8/K7 w");
    let m = mv(&p, "c5:push:d5");
    assert_eq!(m.wins, Some(Reason::KingTrapped));
    assert!(
        !m.is_capture(),
        "pushed, the merchant captures nothing (Q14)"
    );
    // Switch: the driver e4 swaps the white merchant e3 and the black pawn e5; the merchant
    // on e5 closes the king d5 against c5.
    let p = pos("8/8/8/2Mkp3/4D3/4M3/8/K7 w");
    let m = mv(&p, "e4:switch:e3e5");
    assert_eq!(m.wins, Some(Reason::KingTrapped));
    assert_eq!(at(&p.after(&m), "e3"), black(Kind::Pawn));
}

#[test]
fn q6_a_king_may_step_between_enemy_merchants() {
    // e1 -> e2 between the black merchants d2 and f2: legal, no win for Black, and the king
    // is frozen there.
    let p = pos("4k3/8/8/8/8/8/3m1m2/4K3 w");
    let m = mv(&p, "e1e2");
    assert_eq!(m.wins, None);
    let q = p.after(&m);
    assert_eq!(q.outcome(), None);
    let q = after(&q, "e8e7");
    assert!(
        moves_from(&q, "e2").is_empty(),
        "frozen between the merchants"
    );
}

#[test]
fn q7_a_driver_may_not_trap_its_own_king() {
    // The pull would draw the white king e1 to e2 between d2 and f2: refused, even though it
    // would also draw the black king e8 between d7 and f7 (Q13: Q7 comes first).
    let p = pos("4k3/3M1M1p/2d5/8/1r2D3/8/P2m1m2/4K3 w - - 0 1");
    assert!(!legal(&p, "e4:pull"));
    // The king may step there itself (Q6).
    assert!(legal(&p, "e1e2"));
    // Pushed there: refused.
    let p = pos("7k/8/8/8/4D3/4K3/3m1m2/8 w");
    assert!(!legal(&p, "e4:push:e3"));
    assert!(legal(&p, "e3e2"));
    // Switched there: refused.
    let p = pos("7k/8/8/8/4K3/4D3/3mPm2/8 w");
    assert!(!legal(&p, "e3:switch:e2e4"));
}

#[test]
fn q13_a_special_win_is_legal_even_with_the_own_king_attacked() {
    // White is in check from the rook h1; c7c8 does not answer it but backstabs the king b8.
    let p = pos("Mk6/2M5/8/8/8/8/8/4K2r w");
    assert!(p.in_check());
    assert_eq!(all_moves(&p), ["c7c8", "e1d2", "e1e2", "e1f2"]);
    assert_eq!(mv(&p, "c7c8").wins, Some(Reason::Backstab));
    // Likewise a driver trapping the king: White in check from the rook a1, the pull draws
    // the king d8 between c7 and e7.
    let p = pos("3k4/2M1M3/8/8/3D4/8/8/r6K w");
    assert!(p.in_check());
    let m = mv(&p, "d4:pull");
    assert_eq!(m.wins, Some(Reason::KingTrapped));
    assert!(p.after(&m).king_attacked(Color::White));
    assert_eq!(
        p.after(&m).outcome(),
        Some(Outcome::win(Color::White, Reason::KingTrapped))
    );
}

#[test]
fn q14_only_a_merchants_own_move_captures() {
    // The driver a4 pulls the white merchant c4 to b4, next to the black rook b5 with the
    // white merchant b6 beyond: pulled, the merchant captures nothing.
    let p = pos("4k3/8/1M6/1r6/D1M5/8/8/4K3 w");
    let m = mv(&p, "a4:pull");
    assert_eq!(m.effects(), [moved("c4", "b4", How::Pulled)]);
    assert_eq!(at(&p.after(&m), "b5"), black(Kind::Rook));
    // A pawn promoting to a merchant captures nothing: the knight c8 stays beside it.
    let p = pos("kMn5/3P4/8/8/8/8/8/7K w");
    let m = mv(&p, "d7d8m");
    assert!(!m.is_capture());
    assert_eq!(at(&p.after(&m), "c8"), black(Kind::Knight));
    // But the new merchant traps a king like any merchant: c7xd8=M closes e8 between d8
    // and f8.
    let p = pos("3rkM2/2P5/1d6/3pP3/8/7N/6p1/K7 w - d6 0 1");
    assert_eq!(mv(&p, "c7d8m").wins, Some(Reason::KingTrapped));
    assert_eq!(mv(&p, "c7d8r").wins, None);
}

#[test]
fn q15_a_new_trap_is_a_new_square_or_a_new_line() {
    // The king e5 stands between e4 and e6 already (it stepped there, Q6).
    // A move elsewhere does not win.
    let p = pos("8/8/4M3/4k3/4M3/8/8/4K2R w");
    assert_eq!(mv(&p, "h1h2").wins, None);
    // Closing the rank too (the push c5-d5, f5 beyond) wins.
    let p = pos("8/8/4M3/1DM1kM2/4M3/8/8/4K3 w");
    assert_eq!(mv(&p, "b5:push:c5").wins, Some(Reason::KingTrapped));
    // Pulled from one trap into another (d4 and d6 around d5) wins.
    let p = pos("8/8/3MM3/D3k3/3MM3/8/8/4K3 w");
    let m = mv(&p, "a5:pull");
    assert_eq!(m.effects(), [moved("e5", "d5", How::Pulled)]);
    assert_eq!(m.wins, Some(Reason::KingTrapped));
}

#[test]
fn q16_pawns_moved_by_a_driver() {
    // Pushed onto its last rank, a pawn does not promote and cannot move.
    let p = pos("k7/4P3/4D3/8/8/8/8/7K w");
    let m = mv(&p, "e6:push:e7");
    assert_eq!(m.effects(), [moved("e7", "e8", How::Pushed)]);
    let q = p.after(&m);
    assert_eq!(at(&q, "e8"), white(Kind::Pawn));
    let q = after(&q, "a8b8");
    assert!(moves_from(&q, "e8").is_empty());
    assert_eq!(q.to_text(), "1k2P3/8/4D3/8/8/8/8/7K w - - 1 2");
    // On its own first rank it steps one square, never two.
    let p = pos("k7/8/8/8/8/8/8/4P2K w");
    assert_moves_from(&p, "e1", "e1e2");
    // Pulled back to its second rank it may double-step again.
    let p = pos("k7/8/8/8/8/4P3/8/4D2K w");
    let q = after(&after(&p, "e1:pull"), "a8b8");
    assert_eq!(at(&q, "e2"), white(Kind::Pawn));
    assert!(legal(&q, "e2e4"));
    // A pawn moved by a driver is a pawn move for the 100-ply rule.
    let p = pos("k7/8/8/4P3/3PD3/8/8/7K w - - 7 9");
    assert_eq!(after(&p, "e4:push:d4").halfmove(), 0);
    assert_eq!(after(&p, "e4:push:e5").halfmove(), 0);
    let p = pos("k7/8/8/4N3/3PD3/4R3/8/7K w - - 7 9");
    assert_eq!(after(&p, "e4:switch:e3e5").halfmove(), 8);
}

#[test]
fn driver_actions_have_text_that_parses_back() {
    let p = Position::start(Variant::Quarter).unwrap();
    for t in [
        "c1:push:c2",
        "c1:switch:b1d1",
        "f1:switch:e1g1",
        "f1:push:f2",
    ] {
        let m = mv(&p, t);
        assert_eq!(p.move_text(&m), t);
    }
    assert!(!legal(&p, "c1:pull"));
    assert!(!legal(&p, "c1:absorb:c2"));
}

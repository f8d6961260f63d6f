//! Threats made visible (`src/threats.rs`): the checks on the side to move's kings with the
//! cells each attack passes, and the path of a move, in every game. Each expected list is
//! worked out by hand from RULES.md (the section and ruling are named beside it); a sweep of
//! random games checks that the checks agree with the rules' own attack test everywhere.

use fairyboard::threats::{checks, move_path};
use fairyboard::{Effect, How, Move, Position, Variant};

use crate::common;
use common::{board_text, position_of, XorShift};

/// The checks of `pos` as square names: "from>king: path cells", sorted.
fn named_checks(pos: &Position) -> Vec<String> {
    let g = pos.geometry();
    let mut out: Vec<String> = checks(pos)
        .iter()
        .map(|c| {
            let path: Vec<String> = c.path.iter().map(|&s| g.name(s)).collect();
            format!("{}>{}: {}", g.name(c.from), g.name(c.king), path.join(" "))
        })
        .collect();
    out.sort();
    out
}

/// The legal move of `pos` from `from` to `to` (square names) travelling by `how`'s kind.
fn find_move(pos: &Position, from: &str, to: &str) -> Move {
    let g = pos.geometry();
    let (f, t) = (g.parse_square(from).unwrap(), g.parse_square(to).unwrap());
    pos.legal_moves()
        .into_iter()
        .find(|m| m.from == Some(f) && m.to == t)
        .unwrap_or_else(|| panic!("no legal move {from}-{to} in {}", pos.to_text()))
}

fn named_path(pos: &Position, m: &Move) -> Vec<String> {
    let g = pos.geometry();
    move_path(pos, m).iter().map(|&s| g.name(s)).collect()
}

#[test]
fn orthodox_double_check_shows_the_rook_line_and_the_knight_leap() {
    // Rook e2 up the open e-file to the king on e8; knight d6 a leap from e8 (no path).
    let p = position_of(
        Variant::Orthodox,
        &format!(
            "{} b - - 0 1",
            board_text(Variant::Orthodox, "ke8 Nd6 Re2 Ka1")
        ),
    );
    assert!(p.in_check());
    assert_eq!(
        named_checks(&p),
        ["d6>e8: ", "e2>e8: e3 e4 e5 e6 e7"],
        "{}",
        p.to_text()
    );
    // A bishop's diagonal and a pawn's capture step; the queen behind her own bishop on
    // the same diagonal gives none (the bishop blocks her).
    let p = position_of(
        Variant::Orthodox,
        &format!(
            "{} b - - 0 1",
            board_text(Variant::Orthodox, "ke8 Pf7 Bb5 Qa4 Ka1")
        ),
    );
    assert_eq!(named_checks(&p), ["b5>e8: c6 d7", "f7>e8: "]);
}

#[test]
fn no_check_no_checkers() {
    for v in Variant::ALL {
        let p = Position::start(v).unwrap();
        assert!(checks(&p).is_empty(), "{}", v.id());
    }
}

#[test]
fn vagabond_rage_check_shows_the_hop_and_the_landing() {
    // RULES.md 1, berserker 2 (V6-V8): the berserker on d4 may jump over the pawn on d5
    // (J) to the empty d6 (L); its rage falls on c7 and e7, the squares diagonally in front
    // of L. The king on e7 is attacked; the attack passes d5 and lands on d6.
    let p = position_of(
        Variant::Vagabond,
        &format!(
            "{} b - - 0 1",
            board_text(Variant::Vagabond, "ke7 Pd5 Ed4 Kd1")
        ),
    );
    assert!(p.in_check());
    assert_eq!(named_checks(&p), ["d4>e7: d5 d6"]);
    // With its own king on the other rage square (c7) the berserker cannot make that jump,
    // so it attacks neither square (V8, V13): no check.
    let p = position_of(
        Variant::Vagabond,
        &format!(
            "{} b - - 0 1",
            board_text(Variant::Vagabond, "ke7 Pd5 Ed4 Kc7")
        ),
    );
    assert!(!p.in_check());
    assert!(checks(&p).is_empty());
    // Its knight leap is a plain leap: no path. The archbishop's diagonal has one.
    let p = position_of(
        Variant::Vagabond,
        &format!(
            "{} b - - 0 1",
            board_text(Variant::Vagabond, "ke7 Ed5 Ab4 Kd1")
        ),
    );
    assert_eq!(named_checks(&p), ["b4>e7: c5 d6", "d5>e7: "]);
}

#[test]
fn bandit_outlaw_bounces_and_never_checks() {
    // RULES.md 2, outlaw: a bishop line that may bounce once off an edge. From b1 north-
    // west it meets the a-file edge on a2 and turns north-east: b3, c4. North-east it runs
    // c2 d3 e4 f5 to g6 on the g-file edge and turns north-west: f7, e8 (d9 holds a king).
    let p = position_of(
        Variant::Bandit,
        &format!("{} w - - 0 1", board_text(Variant::Bandit, "kd9 Ob1 Kd1")),
    );
    let bounce = find_move(&p, "b1", "c4");
    assert!(matches!(
        bounce.effects(),
        [Effect::Move {
            how: How::Bounce(_),
            ..
        }]
    ));
    assert_eq!(named_path(&p, &bounce), ["a2", "b3"]);
    assert_eq!(
        named_path(&p, &find_move(&p, "b1", "e8")),
        ["c2", "d3", "e4", "f5", "g6", "f7"]
    );
    // A straight outlaw line and a knight's leap.
    assert_eq!(named_path(&p, &find_move(&p, "b1", "e4")), ["c2", "d3"]);
    assert!(named_path(&p, &find_move(&p, "d1", "d2")).is_empty());
    // B11: the outlaw on d3 could take the knight on d4 and the king on d5 at once (a win if
    // it were White's move), but that threat is not check. The bishop on b3 does check,
    // through c4.
    let p = position_of(
        Variant::Bandit,
        &format!(
            "{} b - - 0 1",
            board_text(Variant::Bandit, "kd5 Nd4 Od3 Bb3 Kg1")
        ),
    );
    assert_eq!(named_checks(&p), ["b3>d5: c4"]);
    let p = position_of(
        Variant::Bandit,
        &format!(
            "{} b - - 0 1",
            board_text(Variant::Bandit, "kd5 Nd4 Od3 Kg1")
        ),
    );
    assert!(!p.in_check());
    assert!(checks(&p).is_empty());
}

#[test]
fn quarter_frozen_knight_gives_no_check_the_rook_does() {
    // RULES.md 3, Q10: the knight on d6 stands beside the enemy merchant on d7 with no
    // friendly merchant beside it: frozen, it attacks nothing. The rook on e1 checks up
    // the e-file.
    let p = position_of(
        Variant::Quarter,
        &format!(
            "{} b - - 0 1",
            board_text(Variant::Quarter, "ke8 md7 Nd6 Re1 Kh1")
        ),
    );
    assert_eq!(named_checks(&p), ["e1>e8: e2 e3 e4 e5 e6 e7"]);
}

#[test]
fn pawnier_pawn_checks_as_a_rook_along_its_relation() {
    // RULES.md 4: the pawns on c4 and d4 stand orthogonally next to each other, so both
    // move as rooks. d4 checks the king on d8 through d5 d6 d7; c4's file is cut by the
    // missing square c5.
    let text = format!(
        "{}[] b - - 0 1",
        board_text(Variant::Pawnier, "kd8 Pc4 Pd4 Kh2")
    );
    let p = position_of(Variant::Pawnier, &text);
    assert_eq!(named_checks(&p), ["d4>d8: d5 d6 d7"]);
}

#[test]
fn riftwalker_checks_follow_4d_lines_and_walks() {
    // RULES.md 5. The rook on b2 = (0,0,1,1) steps twice in X (the small board's column):
    // e2 = (1,0,1,1), then h2 = (2,0,1,1), the king: a 4-D line through e2.
    let p = position_of(
        Variant::Riftwalker,
        &format!(
            "{} b - - 0 1",
            board_text(Variant::Riftwalker, "kh2 Rb2 Ki9")
        ),
    );
    assert!(p.in_check());
    assert_eq!(named_checks(&p), ["b2>h2: e2"]);
    // The knight on a1 = (0,0,0,0): x twice (b1, c1), then y once: c2, the king.
    let p = position_of(
        Variant::Riftwalker,
        &format!(
            "{} b - - 0 1",
            board_text(Variant::Riftwalker, "kc2 Na1 Ki9")
        ),
    );
    assert_eq!(named_checks(&p), ["a1>c2: b1 c1"]);
    // The scout on e5 = (1,1,1,1) reaches h6 = (2,1,1,2) by X then y (through h5) or y
    // then X (through e6); with h5 taken only the second order is open (R5).
    let p = position_of(
        Variant::Riftwalker,
        &format!(
            "{} b - - 0 1",
            board_text(Variant::Riftwalker, "kh6 ph5 Se5 Ki9")
        ),
    );
    assert_eq!(named_checks(&p), ["e5>h6: e6"]);
    let p = position_of(
        Variant::Riftwalker,
        &format!(
            "{} b - - 0 1",
            board_text(Variant::Riftwalker, "kh6 Se5 Ki9")
        ),
    );
    assert_eq!(named_checks(&p), ["e5>h6: h5"]);
    // A move's path: the mystic on a1 to e2 = (1,0,1,1) in three steps, first in order X,
    // x, y: d1, e1.
    let p = position_of(
        Variant::Riftwalker,
        &format!(
            "{} w - - 0 1",
            board_text(Variant::Riftwalker, "Ma1 Ki9 ka9")
        ),
    );
    assert_eq!(named_path(&p, &find_move(&p, "a1", "e2")), ["d1", "e1"]);
}

#[test]
fn checks_agree_with_the_rules_attack_test_in_random_games() {
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
    for v in Variant::ALL {
        let mut seen = 0;
        for _ in 0..12 {
            let mut p = Position::start(v).unwrap();
            for _ in 0..120 {
                if p.outcome().is_some() {
                    break;
                }
                let found = checks(&p);
                assert_eq!(found.is_empty(), !p.in_check(), "{}", p.to_text());
                seen += usize::from(!found.is_empty());
                for c in &found {
                    let (a, k) = (p.piece_at(c.from).unwrap(), p.piece_at(c.king).unwrap());
                    assert_eq!(a.color(), p.side().opponent(), "{}", p.to_text());
                    assert_eq!(k.color(), p.side(), "{}", p.to_text());
                    assert!(!c.path.contains(&c.from) && !c.path.contains(&c.king));
                }
                // Half the time, a move that gives check if there is one.
                let moves = p.legal_moves();
                let checking: Vec<&Move> = moves.iter().filter(|m| p.after(m).in_check()).collect();
                let m = if !checking.is_empty() && rng.below(2) == 0 {
                    *checking[rng.below(checking.len())]
                } else {
                    moves[rng.below(moves.len())]
                };
                // A legal move's path passes empty cells, but for what a berserker hops over
                // and what an outlaw takes on its way.
                let hops = matches!(
                    m.effects().first(),
                    Some(Effect::Move { how: How::Jump, .. })
                );
                let removes = |s| {
                    m.effects()
                        .iter()
                        .any(|e| matches!(*e, Effect::Remove { at, .. } if at == s))
                };
                for s in move_path(&p, &m) {
                    assert!(
                        p.piece_at(s).is_none() || hops || removes(s),
                        "{}: {} passes {}",
                        p.to_text(),
                        p.move_text(&m),
                        p.geometry().name(s)
                    );
                }
                p = p.after(&m);
            }
        }
        assert!(seen >= 5, "{}: only {seen} positions in check", v.id());
    }
}

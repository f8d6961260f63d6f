//! Move names (SAN and the variants' notation, `src/san.rs`): along random games of every
//! game, every legal move has one name, no two alike, and every name (with or without its
//! `+`/`#`) reads back as exactly that move; plus exact examples from the rules.

use std::collections::HashSet;

use fairyboard::{Position, Variant};
use proptest::prelude::*;

use crate::common;
use common::any_move;

/// Everything names must do in one position.
fn check_names(p: &Position) {
    let text = p.to_text();
    let named = p.move_names();
    assert_eq!(named.len(), p.count_legal(), "{text}");
    let mut seen = HashSet::new();
    for (m, name) in &named {
        let t = p.move_text(m);
        assert!(seen.insert(name.clone()), "{text}: two moves named {name}");
        assert!(
            !name.is_empty() && !name.contains(char::is_whitespace),
            "{text}: {t} named '{name}'"
        );
        // One move's name alone is the same as in the list, check mark and all.
        assert_eq!(&p.move_name(m), name, "{text}: {t}");
        assert_eq!(
            p.parse_name(name).as_ref(),
            Ok(m),
            "{text}: {t} named {name}"
        );
        let bare = name.trim_end_matches(['+', '#']);
        assert_eq!(
            p.parse_name(bare).as_ref(),
            Ok(m),
            "{text}: {t} named {name}"
        );
        assert_eq!(
            p.parse_any(name).as_ref(),
            Ok(m),
            "{text}: {t} named {name}"
        );
        assert_eq!(p.parse_any(&t).as_ref(), Ok(m), "{text}: {t}");
        // A check mark says what the move does.
        let next = p.after(m);
        let mark = &name[bare.len()..];
        let wins = next.decided().is_some_and(|o| o.winner == Some(p.side()));
        let checks = next.in_check();
        let mates = wins || (checks && next.legal_moves().is_empty());
        let expected = if mates {
            "#"
        } else if checks {
            "+"
        } else {
            ""
        };
        assert_eq!(mark, expected, "{text}: {t} named {name}");
    }
}

fn playout(variant: Variant, choices: &[usize]) {
    let mut p = Position::start(variant).unwrap();
    for &choice in choices {
        check_names(&p);
        let moves = p.legal_moves();
        if moves.is_empty() || p.outcome().is_some() {
            break;
        }
        p = p.after(&any_move(&moves, choice));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn names_are_unique_and_read_back_in_random_games(
        which in 0..Variant::ALL.len(),
        choices in prop::collection::vec(any::<usize>(), 1..70),
    ) {
        playout(Variant::ALL[which], &choices);
    }
}

#[test]
fn names_along_a_random_game_of_each_game() {
    // Deterministic coverage of all six, whatever proptest draws.
    for v in Variant::ALL {
        let choices: Vec<usize> = (0..60usize)
            .map(|i| i.wrapping_mul(2_654_435_761) >> 7)
            .collect();
        playout(v, &choices);
    }
}

// ---------------------------------------------------------------- exact examples

fn pos(v: Variant, text: &str) -> Position {
    Position::from_text(v, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// In position `text` of `v`, the move with move text `move_text` is named `name`, and the
/// name reads back as that move.
fn named(v: Variant, text: &str, move_text: &str, name: &str) {
    let p = pos(v, text);
    let m = p
        .parse_move(move_text)
        .unwrap_or_else(|e| panic!("{move_text}: {e}"));
    assert_eq!(p.move_name(&m), name, "{text}: {move_text}");
    assert_eq!(p.parse_name(name), Ok(m), "{text}: {name}");
    assert_eq!(p.parse_any(name), Ok(m), "{text}: {name}");
}

/// Checks every example of `examples` with [`named`]. The examples are lines: a position
/// text (or `start`, the game's start) alone on a line, then on the indented lines below it
/// the moves it names as `move-text name` pairs separated by commas; lines starting with
/// `//` are comments.
fn named_all(v: Variant, examples: &str) {
    let mut position = None;
    let mut checked = 0;
    for line in examples.lines() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with("//") {
            continue;
        }
        if !line.starts_with(char::is_whitespace) {
            position = Some(if trimmed == "start" {
                v.start_text()
            } else {
                trimmed
            });
            continue;
        }
        let text = position.unwrap_or_else(|| panic!("{line}: no position above"));
        for pair in trimmed.split(',') {
            let (move_text, name) = pair
                .trim()
                .split_once(' ')
                .unwrap_or_else(|| panic!("{pair}: not `move-text name`"));
            named(v, text, move_text, name);
            checked += 1;
        }
    }
    assert!(checked > 0, "no examples");
}

const ORTHO: Variant = Variant::Orthodox;

#[test]
fn orthodox_san_from_the_start() {
    named_all(
        ORTHO,
        "
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
    e2e4 e4, g1f3 Nf3, b1c3 Nc3
",
    );
}

#[test]
fn orthodox_disambiguation_by_file_then_rank_then_both() {
    named_all(
        ORTHO,
        "
// Knights on c3 and g3 both reach e4: by file.
4k3/8/8/8/8/2N3N1/8/4K3 w - - 0 1
    c3e4 Nce4, g3e4 Nge4, c3d5 Nd5
// Rooks on a1 and a5 both reach a3: by rank.
4k3/8/8/R7/8/8/8/R3K3 w - - 0 1
    a1a3 R1a3, a5a3 R5a3, a1b1 Rb1
// Queens on a1, a3 and c1 all reach b2: a1 shares its file with a3 and its rank with c1,
// so it needs both.
4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1
    a1b2 Qa1b2, a3b2 Q3b2, c1b2 Qcb2
// A pinned knight does not count: only legal moves are told apart.
4k3/8/8/8/1b6/2N3N1/8/4K3 w - - 0 1
    g3e4 Ne4
",
    );
}

#[test]
fn orthodox_pawn_captures_en_passant_castling_promotion_and_mate() {
    named_all(
        ORTHO,
        "
4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1
    e4d5 exd5
4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1
    e5d6 exd6
r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1
    e1g1 O-O, e1c1 O-O-O
r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1
    e8g8 O-O, e8c8 O-O-O
4k3/1P6/8/8/8/8/8/4K3 w - - 0 1
    b7b8q b8=Q+, b7b8r b8=R+, b7b8n b8=N
2r1k3/1P6/8/8/8/8/8/4K3 w - - 0 1
    b7c8q bxc8=Q+
rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2
    d8h4 Qh4#
6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1
    a1a8 Ra8#
6k1/5pp1/8/8/8/8/8/R3K3 w - - 0 1
    a1a8 Ra8+
1rbqkbnr/ppppp1pp/8/n4p2/2PP4/1P2P3/P4PPP/RNBQKBNR w KQk - 0 5
    d1h5 Qh5+
",
    );
    // Castling read with zeros, and with a stray check mark.
    let p = pos(ORTHO, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(p.parse_name("0-0"), p.parse_move("e1g1"));
    assert_eq!(p.parse_name("0-0-0+"), p.parse_move("e1c1"));
}

#[test]
fn orthodox_reading_is_forgiving_where_san_writers_differ() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let p = pos(ORTHO, start);
    let nf3 = p.parse_move("g1f3").unwrap();
    for text in [
        "Nf3", "Nf3!?", "Nf3?!", "Nf3!", " Nf3 ", "Ngf3", "Ng1f3", "Ng1-f3", "g1-f3",
    ] {
        assert_eq!(p.parse_any(text), Ok(nf3), "{text}");
    }
    let e4 = p.parse_move("e2e4").unwrap();
    for text in ["e4", "e2-e4", "e2e4", "Pe4", "e4+"] {
        assert_eq!(p.parse_any(text), Ok(e4), "{text}");
    }
    let promote = pos(ORTHO, "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    let q = promote.parse_move("b7b8q").unwrap();
    for text in ["b8=Q", "b8Q", "b7b8q", "b7-b8=Q", "b8=Q+", "b8=q"] {
        assert_eq!(promote.parse_any(text), Ok(q), "{text}");
    }
    let ep = pos(ORTHO, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    assert_eq!(ep.parse_name("exd6 e.p."), ep.parse_move("e5d6"));
    assert_eq!(ep.parse_name("exd6e.p."), ep.parse_move("e5d6"));
    // Wrong, ambiguous and illegal names are refused with a reason.
    let knights = pos(ORTHO, "4k3/8/8/8/8/2N3N1/8/4K3 w - - 0 1");
    let e = knights.parse_name("Ne4").unwrap_err();
    assert!(
        e.message().contains("ambiguous") && e.message().contains("Nce4"),
        "{e}"
    );
    assert!(p
        .parse_name("Nf4")
        .unwrap_err()
        .message()
        .contains("not a legal move"));
    assert!(p.parse_name("").is_err());
    assert!(p.parse_name("Zz9").is_err());
    assert!(p.parse_any("xyz").is_err());
    // Move text keeps its own messages.
    let e = p.parse_any("e2e5").unwrap_err();
    assert!(e.message().contains("e2e5"), "{e}");
}

#[test]
fn vagabond_names() {
    named_all(
        Variant::Vagabond,
        "
reekaavr/pppppppp/8/8/8/8/PPPPPPPP/REEKAAVR w KQkq - 0 1
    a1a5 R~a5, a2a6 a~a6, a2b3 ab3, b1b3 E^b3, b1d2 Exd2, b1c3 Ec3
// A jump with its rage: the berserker lands on b6, the rage takes a5 and a7.
4a1vr/rpp1kp1p/2Pe4/R7/3P1P2/PE1p4/1PA4P/REeK1AV1 b Q - 0 15
    d6b6 E^b6/xa5xa7
// The vagabond's wraparound from g8 to h1.
r1ekaavr/1ppppppp/8/7R/3P1e2/pE6/PPPPP1PP/RE1KAAV1 b Qkq - 2 3
    g8h1 V|h1
// Free castling: the king to c8, the rook to d8.
r2kaavr/1pppeppp/8/7R/3P1e2/PE6/1PPPP1PP/RE1KAAV1 b Qkq - 0 4
    d8c8/d8 Kc8/Rd8, d8b8/c8 Kb8/Rc8, d8a8/b8 Ka8/Rb8, d8c8 Kc8
r1ekaavr/1ppp1ppp/8/7R/3P1e2/PE6/1PPPP1PP/RE1KAAV1 w Qkq - 1 5
    e1h4 Ah4+
3VPP2/1p4kp/2pe4/8/8/raepR1A1/1K1P3A/3v1E2 b - - 2 36
    d6c4 Ec4#
",
    );
}

#[test]
fn bandit_names() {
    named_all(
        Variant::Bandit,
        "
b1k2r1/t1s1c1n/c1Nppso/4TS1/ppP1pPP/n1P1S2/PP5/NR1S1C1/C1OKB2 w - - 1 25
    e6f8~f9S~g8C Tf8/f9=S/g8=C, e6f8 Tf8, e6f8~g8C Tf8/g8=C
c1bk1rc/t1s1son/1pspp2/1np1Tp1/p3PPp/3P1S1/PPP2CP/N1SS2N/CROKB2 b - - 3 9
    f8d8 O|d8
3k1rc/tbsT1on/cpspps1/1n3S1/p1P1pP1/4SN1/PPP3P/N2S3/CROKBC1 b - - 0 17
    f8f6 Oxf6/xf7
4n1r/5k1/p2scpO/PC5/3ps2/2PsCpP/2B2K1/2N2oN/2R4 b - - 1 52
    f2f4 Oxf4/xf3#
3T1r1/t1sk2n/2bpp1o/2PCs2/4p1P/1Pp1S2/P1S4/1p1C3/2OKB2 b - - 1 39
    b2b1c b1=C
start
    a3a5 a5, a2b4 Nb4, c1b2 Ob2
",
    );
}

#[test]
fn quarter_names() {
    named_all(
        Variant::Quarter,
        "
rndkadnr/pppmmppp/8/8/8/8/PPPMMPPP/RNDAKDNR w - - 0 1
    c1:push:c2 D:push:c2, c1:switch:b1d1 D:switch:b1d1, c1c5 D~c5, a1a5 R~a5
    d2d3 Mdd3, e2d3 Med3
rndk1dnr/pppmmppp/M7/2D5/4a3/8/PPPM1PPP/RN1AKDNR b - - 3 2
    f8:pull D:pull
rndk1dnr/ppp1mppp/M1m5/2D5/8/6P1/PPaM1P1P/RN1AKDNR w - - 1 4
    c5:absorb:c6 D:absorb:c6
// Custodian capture.
2dk3r/1pp1n1p1/r1m4p/3Rp1DA/P1pm1P1P/2P3M1/3KRn2/1N4N1 b - - 1 29
    c6d6 Md6/xd5
// A shift with a custodian capture.
2rk4/4mN1R/8/pP1nMd2/1Pr1a3/M1P3Pp/1m6/1NK1Dr1d w - - 0 41
    a3e3 M~e3/xe4
// A backstab.
2n1a1r1/1ppMk1p1/p3Mp2/nR2m2p/1dP5/3N1d2/1P1K2P1/R5N1 w - - 0 27
    e6f7 Mf7/xe7#
r2k1da1/pP1A1n2/7m/2p5/5p2/2PP4/P3K2P/5rDR w - - 1 54
    b7b8r b8=R+
",
    );
}

#[test]
fn pawnier_names() {
    let v = Variant::Pawnier;
    named_all(
        v,
        "
start
    P@a1 P@a1
1pp2p1pp/1k2p4/ppss4p/s1S3s1p/1p2s1*2/s1p1*sP1P/2*SP4/PS1S2PSP/pP3PSSP/P6KP/P2P5[P] w - - 0 30
    c8b9p Sxb9=P, c8b9n Sxb9=N
k2p5/2p3p2/spsp1s1pP/psp2s3/3s2*2/3s*S1p1/1p*2S3/PP1SS1pKp/1PSP1S2S/6PP1/P1P1P3P[P] b - - 0 43
    d9h5 h5#
9/1kppppp2/sssssss2/ppp6/6*2/4*4/2*6/P5PPP/2SSSSSSS/2PPPPPK1/9[PPPPPpppppp] b - - 0 1
    a8a4 axa4
",
    );
    let p = pos(v, v.start_text());
    assert_eq!(p.parse_name("P@a1"), p.parse_move("P@a1"));
}

#[test]
fn riftwalker_names() {
    named_all(
        Variant::Riftwalker,
        "
rnbkqwnbr/msspppssm/9/sspppppss/9/SSPPPPPSS/9/MSSPPPSSM/RNBKQWNBR w - - 0 1
    a2d6 Mxd6, d2d5 d2d5, d4d5 d4d5, d2d3 d3
rnbkqwnbr/m1spp1ssm/3P1p3/1sppPpSSs/9/SsP1PPPSS/3s5/M1SP1PNSM/RNBKQW1BR w - - 0 8
    e6e9q exe9=Q+
rnbkqwnbr/m1spppssm/3P5/ssppppSSs/4s4/S1P1PPPSS/9/M1SPPP1SM/RNBKQWNBR b - - 0 4
    a6d5 Sad5+
r1bkqw1br/mns5m/2PP1P3/3pS4/s1pppPn2/SP4sss/3s4S/3PPSN2/RNB1QWKBR b - - 0 19
    g4e4 Sge4#
",
    );
}

//! Games by link (`src/bylink/`): the record's rules (offers, takebacks, resignation, claims
//! on time), its link text in every game (round trips, sizes, damaged, cut and forged texts),
//! whether a link continues the game a page holds, and the PGN both pages export.

use crate::common;

use common::{edits, mutate, seeded_rng};
use fairyboard::bylink::{
    Action, Continuation, GameId, Header, LinkGame, MAX_DAYS, MAX_EVENTS, MINUTES_PER_DAY,
    NAME_LIMIT,
};
use fairyboard::{Color, Position, Reason, Variant};
use proptest::prelude::*;
use proptest::test_runner::TestRng;

/// 2026-11-30 14:05 UTC, in Unix minutes.
const NOW: u64 = 1_796_047_500 / 60;

/// What a page's address takes before the fragment, for the size of a whole link: a site
/// folder on a static host.
const ADDRESS: &str = "https://players.example.org/fairyboard/index.html#";

fn header(variant: Variant, white: &str, black: &str, days: Option<u16>) -> Header {
    Header {
        id: GameId::from_bytes(&[0x5a; 12]).unwrap(),
        variant,
        start: None,
        white: white.into(),
        black: black.into(),
        inviter: Color::White,
        days,
        created: NOW,
    }
}

fn new_game(variant: Variant, days: Option<u16>) -> LinkGame {
    LinkGame::new(header(variant, "Ann", "Bob", days)).unwrap()
}

/// Plays the moves in turn, a minute apart.
fn moves(game: &mut LinkGame, texts: &[&str]) {
    for text in texts {
        let side = game.side_to_move();
        let at = game.last_time() + 1;
        game.play(side, text, at)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
    }
}

/// The record read back from its own link.
fn through_link(game: &LinkGame) -> LinkGame {
    let text = game.fragment();
    LinkGame::read(&text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Adds one random event: mostly a move (never one that ends the game when `keep_going`),
/// sometimes a random action by a random side (kept only when the rules allow it; a refused
/// one must leave the record as it was). The time moves on by up to `days` (or a day).
fn random_event(game: &mut LinkGame, rng: &mut TestRng, offers: bool, keep_going: bool) {
    let at = game.last_time() + u64::from(rng.next_u32()) % (3 * MINUTES_PER_DAY);
    if offers && rng.next_u32().is_multiple_of(5) {
        let action = Action::ALL[rng.next_u32() as usize % Action::ALL.len()];
        let side = Color::ALL[rng.next_u32() as usize % 2];
        let before = game.clone();
        if game.act(side, action, at).is_err() {
            assert_eq!(game, &before, "a refused {action:?} changed the record");
            assert_eq!(game.fragment(), before.fragment());
        }
        return;
    }
    let p: Position = game.game().position().clone();
    let legal = p.legal_moves();
    if legal.is_empty() || game.outcome().is_some() {
        return;
    }
    let start = rng.next_u32() as usize;
    for k in 0..legal.len() {
        let text = p.move_text(&legal[(start + k) % legal.len()]);
        let mut next = game.clone();
        next.play(p.side(), &text, at).unwrap();
        if !keep_going || next.outcome().is_none() || k + 1 == legal.len() {
            *game = next;
            return;
        }
    }
}

// ---- the record's rules ----

#[test]
fn a_game_id_is_96_bits_in_16_base64url_characters() {
    let bytes: Vec<u8> = (0..12).map(|i| i * 21 + 3).collect();
    let id = GameId::from_bytes(&bytes).unwrap();
    assert_eq!(id.text().len(), 16);
    assert_eq!(GameId::from_text(&id.text()), Ok(id));
    assert_eq!(id.bytes().as_slice(), bytes.as_slice());
    assert_eq!(
        GameId::from_bytes(&[0; 12]).unwrap().text(),
        "AAAAAAAAAAAAAAAA"
    );
    assert_eq!(
        GameId::from_bytes(&[255; 12]).unwrap().text(),
        "________________"
    );
    assert!(GameId::from_bytes(&[1; 11])
        .unwrap_err()
        .message()
        .contains("12 random bytes, not 11"));
    assert!(GameId::from_text("AAAA").is_err());
    assert!(GameId::from_text("AAAAAAAAAAAAAAA=").is_err());
}

#[test]
fn a_header_is_checked_when_made() {
    let mut h = header(Variant::Orthodox, "Ann", "", Some(3));
    h.days = Some(0);
    assert!(LinkGame::new(h.clone())
        .unwrap_err()
        .message()
        .contains("1 to 30 days, not 0"));
    h.days = Some(MAX_DAYS + 1);
    assert!(LinkGame::new(h.clone()).is_err());
    h.days = None;
    h.white = "x".repeat(NAME_LIMIT + 1);
    assert!(LinkGame::new(h.clone())
        .unwrap_err()
        .message()
        .contains("at most 40"));
    h.white = "Ann\nLee".into();
    assert!(LinkGame::new(h.clone())
        .unwrap_err()
        .message()
        .contains("control character"));
    h.white = "  Ann  ".into();
    h.start = Some("not a position".into());
    assert!(LinkGame::new(h.clone())
        .unwrap_err()
        .message()
        .contains("start position"));
    // The standard start given as text is kept as the standard start.
    h.start = Some(Position::start(Variant::Bandit).unwrap().to_text());
    h.variant = Variant::Bandit;
    let game = LinkGame::new(h).unwrap();
    assert_eq!(game.header().start, None);
    assert_eq!(game.name(Color::White), "Ann");
}

#[test]
fn moves_only_in_turn_and_legal_and_the_record_unchanged_when_refused() {
    let mut game = new_game(Variant::Orthodox, None);
    let e = game.play(Color::Black, "e7e5", NOW).unwrap_err();
    assert_eq!(e.message(), "Black cannot move: it is White's turn");
    assert!(game.play(Color::White, "e2e5", NOW).is_err());
    assert!(game.events().is_empty());
    let view = game.play(Color::White, "e2e4", NOW + 5).unwrap();
    assert_eq!(view.words, "White plays 1. e4");
    assert_eq!((view.kind, view.side, view.at), ("move", 'w', NOW + 5));
    // A clock behind the last event counts as its time.
    let view = game.play(Color::Black, "c7c5", NOW).unwrap();
    assert_eq!(
        (view.words.as_str(), view.at),
        ("Black plays 1... c5", NOW + 5)
    );
}

#[test]
fn a_draw_offer_is_accepted_declined_or_declined_by_a_move() {
    let mut game = new_game(Variant::Orthodox, None);
    moves(&mut game, &["e2e4"]);
    let e = game.act(Color::White, Action::DrawAccept, NOW).unwrap_err();
    assert_eq!(
        e.message(),
        "White cannot accept a draw: Black has offered none"
    );
    game.act(Color::White, Action::DrawOffer, NOW).unwrap();
    assert_eq!(game.draw_offer(), Some(Color::White));
    let e = game.act(Color::Black, Action::DrawOffer, NOW).unwrap_err();
    assert!(e.message().contains("White has offered a draw"), "{e}");
    // Black's move declines it.
    moves(&mut game, &["e7e5"]);
    assert_eq!(game.draw_offer(), None);
    // The mover's own offer stands through its move.
    game.act(Color::White, Action::DrawOffer, NOW).unwrap();
    moves(&mut game, &["g1f3"]);
    assert_eq!(game.draw_offer(), Some(Color::White));
    game.act(Color::Black, Action::DrawDecline, NOW).unwrap();
    assert_eq!(game.draw_offer(), None);
    game.act(Color::Black, Action::DrawOffer, NOW).unwrap();
    game.act(Color::White, Action::DrawAccept, NOW).unwrap();
    assert_eq!(game.outcome().unwrap().text(), "Draw by agreement");
    let e = game.play(Color::Black, "b8c6", NOW).unwrap_err();
    assert!(
        e.message().contains("the game is over: Draw by agreement"),
        "{e}"
    );
    assert_eq!(game.summary().result, "1/2-1/2");
}

#[test]
fn a_takeback_takes_back_the_requesters_last_move_and_the_reply() {
    let mut game = new_game(Variant::Orthodox, None);
    let e = game
        .act(Color::White, Action::TakebackRequest, NOW)
        .unwrap_err();
    assert!(e.message().contains("White has made none"), "{e}");
    moves(&mut game, &["e2e4", "e7e5", "g1f3"]);
    // White asks after its own move: one ply goes.
    game.act(Color::White, Action::TakebackRequest, NOW)
        .unwrap();
    assert_eq!(game.takeback_request(), Some(Color::White));
    game.act(Color::Black, Action::TakebackAccept, NOW + 9)
        .unwrap();
    assert_eq!(game.game().line_texts(), ["e2e4", "e7e5"]);
    assert_eq!(game.side_to_move(), Color::White);
    moves(&mut game, &["b1c3", "b8c6"]);
    // White asks after Black's reply: Black's reply and White's move go.
    game.act(Color::White, Action::TakebackRequest, NOW)
        .unwrap();
    game.act(Color::Black, Action::TakebackAccept, NOW).unwrap();
    assert_eq!(game.game().line_texts(), ["e2e4", "e7e5"]);
    // A move declines a standing request.
    moves(&mut game, &["d2d4"]);
    game.act(Color::White, Action::TakebackRequest, NOW)
        .unwrap();
    moves(&mut game, &["e5d4"]);
    assert_eq!(game.takeback_request(), None);
    let e = game
        .act(Color::Black, Action::TakebackDecline, NOW)
        .unwrap_err();
    assert!(e.message().contains("White has asked for none"), "{e}");
    // The record keeps every event; the PGN only the moves left.
    assert_eq!(game.events().len(), 12);
    assert!(through_link(&game)
        .pgn()
        .ends_with("1. e4 e5 2. d4 exd4 *\n"));
}

#[test]
fn resigning_and_checkmate_end_the_game_for_both_sides() {
    let mut game = new_game(Variant::Orthodox, None);
    game.act(Color::Black, Action::Resign, NOW).unwrap();
    assert_eq!(game.outcome().unwrap().text(), "White wins by resignation");
    let mut game = new_game(Variant::Orthodox, None);
    moves(&mut game, &["f2f3", "e7e5", "g2g4", "d8h4"]);
    assert_eq!(game.outcome().unwrap().text(), "Black wins by checkmate");
    let e = game.act(Color::White, Action::Resign, NOW).unwrap_err();
    assert!(
        e.message().contains("already over") || e.message().contains("is over"),
        "{e}"
    );
    assert_eq!(through_link(&game).outcome(), game.outcome());
}

#[test]
fn the_due_date_runs_once_each_side_has_moved_and_a_claim_must_wait_for_it() {
    let mut game = new_game(Variant::Orthodox, Some(3));
    assert_eq!(game.due(), None);
    let e = game
        .act(Color::Black, Action::ClaimTime, NOW + 100 * MINUTES_PER_DAY)
        .unwrap_err();
    assert!(e.message().contains("only once each side has moved"), "{e}");
    moves(&mut game, &["e2e4"]);
    assert_eq!(game.due(), None);
    moves(&mut game, &["e7e5"]);
    let black_moved = game.last_time();
    assert_eq!(game.due(), Some(black_moved + 3 * MINUTES_PER_DAY));
    assert_eq!(game.summary().due, game.due());
    // Offers do not move the due date; White may not claim on its own turn.
    game.act(Color::Black, Action::DrawOffer, black_moved + 10)
        .unwrap();
    assert_eq!(game.due(), Some(black_moved + 3 * MINUTES_PER_DAY));
    let e = game
        .act(Color::White, Action::ClaimTime, NOW + 99 * MINUTES_PER_DAY)
        .unwrap_err();
    assert!(e.message().contains("it is White's own turn"), "{e}");
    let early = black_moved + 3 * MINUTES_PER_DAY - 1;
    let e = game
        .act(Color::Black, Action::ClaimTime, early)
        .unwrap_err();
    assert!(e.message().contains("but White's move is due at"), "{e}");
    game.act(Color::Black, Action::ClaimTime, early + 1)
        .unwrap();
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.text(), "Black wins on time");
    assert_eq!(game.due(), None);
    let pgn = through_link(&game).pgn();
    assert!(
        pgn.contains("[Result \"0-1\"]") && pgn.contains("[Termination \"Time forfeit\"]"),
        "{pgn}"
    );
    // Without a time per move no claim.
    let mut game = new_game(Variant::Orthodox, None);
    moves(&mut game, &["e2e4", "e7e5"]);
    let e = game.act(Color::White, Action::ClaimTime, NOW + 900 * MINUTES_PER_DAY);
    assert!(e.unwrap_err().message().contains("no time per move"));
}

#[test]
fn a_claim_against_a_side_the_claimant_cannot_beat_is_a_draw() {
    let mut h = header(Variant::Orthodox, "Ann", "Bob", Some(1));
    h.start = Some("4k3/8/8/8/8/8/8/4K2Q w - - 0 1".into());
    let mut game = LinkGame::new(h).unwrap();
    moves(&mut game, &["h1h2", "e8d8"]);
    // White (a queen) to move; Black, a bare king, claims White's due date.
    game.act(Color::Black, Action::ClaimTime, NOW + 2 * MINUTES_PER_DAY)
        .unwrap();
    assert_eq!(
        game.outcome().unwrap().reason,
        Reason::TimeoutVsInsufficientMaterial(Color::White)
    );
    // The set-up start travels in p=, and the claim with it.
    let text = game.fragment();
    assert!(text.contains("&p=4k3/8/8/8/8/8/8/4K2Q%20w"), "{text}");
    assert_eq!(through_link(&game), game);
    assert_eq!(through_link(&game).outcome(), game.outcome());
}

#[test]
fn names_are_given_once() {
    let mut game = LinkGame::new(header(Variant::Quarter, "Ann", "", None)).unwrap();
    assert!(game.set_name(Color::Black, " ").is_err());
    game.set_name(Color::Black, "  Bob ").unwrap();
    assert_eq!(game.name(Color::Black), "Bob");
    game.set_name(Color::Black, "Bob").unwrap();
    let e = game.set_name(Color::White, "Eve").unwrap_err();
    assert!(e.message().contains("already 'Ann'"), "{e}");
}

// ---- the link's text ----

#[test]
fn the_link_text_field_by_field() {
    let mut h = header(Variant::Orthodox, "Anna Müller", "", Some(3));
    h.id = GameId::from_bytes(&[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]).unwrap();
    let mut game = LinkGame::new(h).unwrap();
    let invitation = game.fragment();
    assert_eq!(
        invitation,
        format!(
            "bl=1&id=AAECAwQFBgcICQoL&g=orthodox&w=Anna+M%C3%BCller&i=w&tc=3&t={NOW}&k={:08x}",
            crc32(
                format!("bl=1&id=AAECAwQFBgcICQoL&g=orthodox&w=Anna+M%C3%BCller&i=w&tc=3&t={NOW}")
                    .as_bytes()
            )
        )
    );
    game.play(Color::White, "e2e4", NOW + 31).unwrap();
    game.act(Color::White, Action::DrawOffer, NOW + 31).unwrap();
    let text = game.fragment();
    // e4 is its index among the 20 sorted move texts (a2a3 a2a4 b1a3 ...), in one digit;
    // the offer is White's draw offer, choice 20 + 2 * 0 + 0 among 20 moves and 16 actions,
    // one digit too. The times: 31 minutes (one digit, under 32), then 0.
    let sorted = {
        let p = Position::start(Variant::Orthodox).unwrap();
        let mut t: Vec<String> = p.legal_moves().iter().map(|m| p.move_text(m)).collect();
        t.sort();
        t
    };
    let e4 = sorted.iter().position(|t| t == "e2e4").unwrap();
    let body = format!(
        "bl=1&id=AAECAwQFBgcICQoL&g=orthodox&w=Anna+M%C3%BCller&i=w&tc=3&t={NOW}&e={}{}&s={}{}",
        digit(e4),
        digit(20),
        digit(31),
        digit(0)
    );
    assert_eq!(text, format!("{body}&k={:08x}", crc32(body.as_bytes())));
    assert_eq!(through_link(&game), game);
    // A whole address or a fragment with '#' reads the same.
    assert_eq!(LinkGame::read(&format!("{ADDRESS}{text}")).unwrap(), game);
}

/// The base64url digit of a value under 64.
fn digit(v: usize) -> char {
    b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"[v] as char
}

/// The value of a field of a link's text.
fn field<'a>(text: &'a str, key: &str) -> &'a str {
    let start = text.find(&format!("&{key}=")).unwrap() + key.len() + 2;
    let rest = &text[start..];
    &rest[..rest.find('&').unwrap_or(rest.len())]
}

/// CRC-32 as zlib computes it, written here again from its definition (as another program
/// would), to check the link's `k=`.
fn crc32(bytes: &[u8]) -> u32 {
    let table: Vec<u32> = (0..256u32)
        .map(|n| {
            (0..8).fold(n, |c, _| {
                if c & 1 == 1 {
                    0xEDB8_8320 ^ (c >> 1)
                } else {
                    c >> 1
                }
            })
        })
        .collect();
    !bytes.iter().fold(!0u32, |c, &b| {
        table[((c ^ u32::from(b)) & 0xff) as usize] ^ (c >> 8)
    })
}

/// `text` with its check recomputed: a forgery a program could make.
fn resigned(text: &str) -> String {
    let body = text.rsplit_once("&k=").map_or(text, |(b, _)| b);
    format!("{body}&k={:08x}", crc32(body.as_bytes()))
}

#[test]
fn random_games_with_offers_survive_their_links_in_every_game() {
    let mut rng = seeded_rng();
    for variant in Variant::ALL {
        for round in 0..8 {
            let names = [
                ("Ann", "Bob"),
                ("Žofie Nováková", ""),
                ("", "李小龙 & \"Co\" 100%"),
                ("a.b:c=d#e", "x+y"),
            ][round % 4];
            let days = [None, Some(1), Some(3), Some(MAX_DAYS)][round % 4];
            let mut h = header(variant, names.0, names.1, days);
            h.inviter = Color::ALL[round % 2];
            let bytes: Vec<u8> = (0..12).map(|_| rng.next_u32() as u8).collect();
            h.id = GameId::from_bytes(&bytes).unwrap();
            let mut game = LinkGame::new(h).unwrap();
            let mut texts = vec![game.fragment()];
            let events = 40 + rng.next_u32() % 120;
            for k in 0..events {
                random_event(&mut game, &mut rng, true, round % 2 == 0);
                // Some states, and the last, are written and read back below.
                if k % 9 == 0 || k + 1 == events {
                    texts.push(game.fragment());
                }
            }
            for (k, text) in texts.iter().enumerate() {
                let back =
                    LinkGame::read(text).unwrap_or_else(|e| panic!("{variant:?}: {text}: {e}"));
                assert_eq!(&back.fragment(), text, "{variant:?}");
                if k + 1 == texts.len() {
                    assert_eq!(back, game, "{variant:?}: {text}");
                    assert_eq!(back.summary(), game.summary());
                    assert_eq!(back.views(), game.views());
                    assert_eq!(back.pgn(), game.pgn());
                    assert_eq!(back.game().line_texts(), game.game().line_texts());
                }
            }
        }
    }
}

/// A 60-move game (120 plies) with random legal moves and realistic names and times, in
/// every game: the whole link stays under 2,000 characters. The figures (printed with
/// `--nocapture`) are in docs/links.md.
#[test]
fn a_60_move_game_of_every_game_fits_in_a_link() {
    let mut rng = seeded_rng();
    println!("game: fragment characters of a 60-move game (min / mean / max over 20 games); with 40-letter names");
    for variant in Variant::ALL {
        let mut sizes = Vec::new();
        let mut longest_named = 0;
        for round in 0..20 {
            let mut game = LinkGame::new(header(variant, "Anna Müller", "Bob", Some(3))).unwrap();
            while game.game().ply() < 120 {
                let before = game.events().len();
                random_event(&mut game, &mut rng, false, true);
                assert!(game.events().len() > before, "{variant:?}: no move");
                assert!(
                    game.outcome().is_none() || game.game().ply() == 120,
                    "{variant:?} ended at ply {}",
                    game.game().ply()
                );
            }
            let text = game.fragment();
            assert_eq!(through_link(&game), game);
            let link = format!("{ADDRESS}{text}");
            assert!(
                link.len() < 2000,
                "{variant:?}: {} characters: {link}",
                link.len()
            );
            sizes.push(text.len());
            if round < 4 {
                // The longest names: 40 letters each, two bytes each in UTF-8.
                let mut h = game.header().clone();
                h.white = "Ž".repeat(NAME_LIMIT);
                h.black = "Ł".repeat(NAME_LIMIT);
                let mut named = LinkGame::new(h).unwrap();
                for e in game.events() {
                    match &e.kind {
                        fairyboard::bylink::EventKind::Move(t) => {
                            named.play(e.side, t, e.at).unwrap()
                        }
                        fairyboard::bylink::EventKind::Action(a) => {
                            named.act(e.side, *a, e.at).unwrap()
                        }
                    };
                }
                longest_named = longest_named.max(named.fragment().len());
                assert!(ADDRESS.len() + named.fragment().len() < 2000, "{variant:?}");
            }
        }
        let mean = sizes.iter().sum::<usize>() / sizes.len();
        println!(
            "{:<11} {} / {mean} / {}; {longest_named}",
            variant.id(),
            sizes.iter().min().unwrap(),
            sizes.iter().max().unwrap()
        );
    }
}

#[test]
fn a_cut_link_is_refused_at_every_length() {
    let mut rng = seeded_rng();
    let mut game = new_game(Variant::Riftwalker, Some(7));
    for _ in 0..30 {
        random_event(&mut game, &mut rng, true, true);
    }
    let text = game.fragment();
    for n in 1..text.len() {
        let cut = &text[..n];
        let e = LinkGame::read(cut).unwrap_err();
        let m = e.message();
        assert!(
            m.contains("cut short") || m.contains("not a game by link"),
            "{n}: {cut}: {m}"
        );
    }
    assert!(LinkGame::read("").unwrap_err().message().contains("empty"));
}

#[test]
fn a_changed_bit_anywhere_is_refused() {
    let mut rng = seeded_rng();
    for variant in [Variant::Orthodox, Variant::Pawnier] {
        let mut game = new_game(variant, Some(2));
        for _ in 0..40 {
            random_event(&mut game, &mut rng, true, true);
        }
        let text = game.fragment();
        for i in 0..text.len() {
            for bit in 0..7 {
                let mut bytes = text.clone().into_bytes();
                bytes[i] ^= 1 << bit;
                let flipped = String::from_utf8_lossy(&bytes).into_owned();
                let e = LinkGame::read(&flipped).unwrap_err();
                let m = e.message();
                assert!(
                    m.contains("damaged")
                        || m.contains("cut short")
                        || m.contains("not a game by link")
                        || m.contains("empty"),
                    "{i}.{bit}: {flipped}: {m}"
                );
            }
        }
    }
}

#[test]
fn forged_texts_with_a_good_check_are_refused_by_name() {
    let mut game = new_game(Variant::Orthodox, None);
    moves(&mut game, &["e2e4", "e7e5"]);
    let text = game.fragment();
    let body = text.rsplit_once("&k=").unwrap().0;
    let cases: Vec<(String, &str)> = vec![
        (
            body.replace("bl=1", "bl=2"),
            "format 2; this page reads format 1",
        ),
        (body.replace("bl=1", "bl=x"), "bl='x' is not a number"),
        (
            body.replace("&g=orthodox", "&g=chess960"),
            "the link's game",
        ),
        (body.replace("&g=orthodox", ""), "no g= (the game)"),
        (body.replace("&i=w", "&i=r"), "i='r' is not a side"),
        (body.replace("&i=w", "&i=w&i=b"), "the field i= twice"),
        (
            format!("{body}&x=1"),
            "field 'x' is not one of a game by link",
        ),
        (format!("{body}&oops"), "'oops' in the link is not a field"),
        (body.replace("&id=", "&id=A"), "the link's id"),
        (body.replace("&t=", "&t=x"), "is not a number of minutes"),
        (
            body.replace("&w=Ann", "&w=%FF"),
            "w= is not valid percent-encoded UTF-8",
        ),
        (body.replace("&w=Ann", "&w=Ann%0ALee"), "control character"),
        (body.replace("&w=Ann", "&tc=0&w=Ann"), "1 to 30 days, not 0"),
        (
            body.replace("&s=", "&s=A"),
            "3 times (s=) for 2 events (e=)",
        ),
        (body.replace("&e=", "&e=A"), "has no time"),
        (format!("{body}g"), "end in the middle of time 3"),
        (body.replace("&s=", "&s=gggggggggA"), "longer than 8 digits"),
        (body.replace("&e=", "&q="), "field 'q'"),
        (
            body.split("&s=").next().unwrap().to_string(),
            "events (e=) but no times",
        ),
        (
            body.replace(&format!("&e={}", field(body, "e")), ""),
            "times (s=) but no events",
        ),
        // After b1a3 (choice 'A'), Black has 20 moves and 16 actions: 'z' (51) is none.
        (
            body.replace(&format!("&e={}", field(body, "e")), "&e=Az"),
            "is choice 52 of 36",
        ),
        (
            body.replace(&format!("&e={}", field(body, "e")), "&e=A"),
            "2 times (s=) for 1 event (e=)",
        ),
    ];
    for (forged, expected) in cases {
        let e = LinkGame::read(&resigned(&forged)).unwrap_err();
        assert!(
            e.message().contains(expected),
            "{forged}: {e} (expected '{expected}')"
        );
    }
    // Black resigning for White's move: an event the rules refuse there, named.
    let mut resigning = new_game(Variant::Orthodox, None);
    moves(&mut resigning, &["e2e4"]);
    resigning.act(Color::Black, Action::Resign, NOW).unwrap();
    // One more event ('A', White's first move in the sorted list) and its time (0).
    let forged = resigned(&resigning.fragment().replacen("&s=", "A&s=A", 1));
    let e = LinkGame::read(&forged).unwrap_err();
    assert!(e.message().contains("the link's event 3"), "{forged}: {e}");
    assert!(
        e.message()
            .contains("the game is over: White wins by resignation"),
        "{e}"
    );
}

#[test]
fn a_record_and_a_link_have_a_size_limit() {
    let mut game = new_game(Variant::Orthodox, None);
    moves(&mut game, &["e2e4", "e7e5"]);
    while game.events().len() < MAX_EVENTS {
        let (side, action) = match game.draw_offer() {
            None => (Color::White, Action::DrawOffer),
            Some(_) => (Color::Black, Action::DrawDecline),
        };
        game.act(side, action, NOW).unwrap();
    }
    let e = game.act(Color::Black, Action::Resign, NOW).unwrap_err();
    assert_eq!(e.message(), "a game by link holds at most 2000 events");
    assert_eq!(through_link(&game), game);
    // One more event in the text, with its time and a good check.
    let forged = resigned(&game.fragment().replacen("&s=", "A&s=A", 1));
    let e = LinkGame::read(&forged).unwrap_err();
    assert!(e.message().contains("event 2001"), "{e}");
    assert!(e.message().contains("at most 2000 events"), "{e}");
    let long = format!("bl=1&{}", "A".repeat(20_000));
    let e = LinkGame::read(&long).unwrap_err();
    assert_eq!(
        e.message(),
        "the link has 20005 characters; a game by link has at most 20000"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Edited links, with their check recomputed (so the reader gets past it) or not, and
    /// random text: read without panic, every error a short message.
    #[test]
    fn edited_and_random_links_never_panic(
        seed in any::<u64>(),
        edits in edits(prop_oneof![
            Just('&'), Just('='), Just('A'), Just('_'), Just('%'), Just('+'), Just('9'),
            Just('k'), Just('e'), Just('s'), any::<char>()
        ]),
        variant in 0usize..6,
        noise in ".{0,80}",
    ) {
        let mut rng = TestRng::from_seed(proptest::test_runner::RngAlgorithm::XorShift, &seed.to_le_bytes().repeat(2));
        let mut game = new_game(Variant::ALL[variant], Some(3));
        for _ in 0..(rng.next_u32() % 30) {
            random_event(&mut game, &mut rng, true, false);
        }
        let text = game.fragment();
        let edited = mutate(&text, &edits);
        for candidate in [edited.clone(), resigned(&edited), noise.clone(), format!("bl=1&{noise}"), resigned(&format!("bl=1&{noise}"))] {
            match LinkGame::read(&candidate) {
                Ok(back) => prop_assert_eq!(LinkGame::read(&back.fragment()), Ok(back)),
                Err(e) => prop_assert!(e.message().len() < 400, "{}", e.message()),
            }
        }
    }
}

// ---- continuing a game ----

/// Ann (White, inviter) and Bob (Black): Ann's invitation, Bob's page adopting it.
fn invitation(variant: Variant) -> (LinkGame, LinkGame) {
    let ann = LinkGame::new(header(variant, "Ann", "", Some(3))).unwrap();
    let mut bob = LinkGame::read(&ann.fragment()).unwrap();
    assert_eq!(bob.inviter().opponent(), Color::Black);
    bob.set_name(Color::Black, "Bob").unwrap();
    (ann, bob)
}

/// What `page` (playing `mine`) makes of `link`'s text.
fn open(page: &LinkGame, mine: Color, link: &LinkGame) -> Result<Continuation, String> {
    let read = LinkGame::read(&link.fragment()).map_err(|e| e.to_string())?;
    page.continue_with(mine, &read).map_err(|e| e.to_string())
}

fn continued(page: &LinkGame, mine: Color, link: &LinkGame) -> LinkGame {
    match open(page, mine, link) {
        Ok(Continuation::Continues { record, .. }) => *record,
        other => panic!("{other:?}"),
    }
}

/// One page's turn in a game by links: it answers the other side's standing offers (at
/// random), and when it is its turn it may offer a draw, moves, and may ask for a takeback.
fn take_turn(page: &mut LinkGame, mine: Color, rng: &mut TestRng) {
    let at = page.last_time() + 30 + u64::from(rng.next_u32() % 600);
    let other = mine.opponent();
    if page.draw_offer() == Some(other) {
        let answer = if rng.next_u32().is_multiple_of(8) {
            Action::DrawAccept
        } else {
            Action::DrawDecline
        };
        page.act(mine, answer, at).unwrap();
    }
    if page.takeback_request() == Some(other) && page.outcome().is_none() {
        let answer = if rng.next_u32().is_multiple_of(2) {
            Action::TakebackAccept
        } else {
            Action::TakebackDecline
        };
        page.act(mine, answer, at).unwrap();
    }
    if page.outcome().is_some() || page.side_to_move() != mine {
        return;
    }
    if rng.next_u32().is_multiple_of(9) {
        page.act(mine, Action::DrawOffer, at).unwrap();
    }
    random_event(page, rng, false, true);
    if rng.next_u32().is_multiple_of(10) && page.outcome().is_none() {
        page.act(mine, Action::TakebackRequest, at).unwrap();
    }
}

/// `receiver` (playing `mine`) opens the link `sender` sends: it continues the game with
/// exactly the sender's new events, and then both pages hold the same record.
fn deliver(receiver: &mut LinkGame, mine: Color, sender: &LinkGame) {
    let new = sender.events().len() - receiver.events().len();
    match open(receiver, mine, sender).unwrap() {
        Continuation::Continues { record, events, .. } => {
            assert_eq!(events.len(), new);
            assert!(events.iter().all(|v| v.side == mine.opponent().letter()));
            assert_eq!(
                events.as_slice(),
                &sender.views()[receiver.events().len()..]
            );
            *receiver = *record;
        }
        Continuation::Known { older } => assert!(new == 0 && !older),
    }
    assert_eq!(receiver, sender);
}

#[test]
fn a_whole_game_by_links_is_the_same_game_on_both_pages() {
    let mut rng = seeded_rng();
    let mut kinds = std::collections::BTreeSet::new();
    for variant in Variant::ALL {
        let (mut ann, mut bob) = invitation(variant);
        for turn in 0..80 {
            if ann.outcome().is_some() {
                break;
            }
            if turn % 2 == 0 {
                take_turn(&mut bob, Color::Black, &mut rng);
                deliver(&mut ann, Color::White, &bob);
            } else {
                take_turn(&mut ann, Color::White, &mut rng);
                deliver(&mut bob, Color::Black, &ann);
            }
        }
        if ann.outcome().is_none() {
            let at = bob.last_time() + 5;
            bob.act(Color::Black, Action::Resign, at).unwrap();
            deliver(&mut ann, Color::White, &bob);
        }
        assert_eq!(ann.name(Color::Black), "Bob");
        assert!(ann.outcome().is_some());
        assert_eq!(ann.outcome(), bob.outcome());
        assert_eq!(ann.pgn(), bob.pgn(), "{variant:?}");
        assert_eq!(ann.fragment(), bob.fragment());
        kinds.extend(ann.views().iter().map(|v| v.kind));
    }
    // Every kind of event but a claim on time came up (claims: their own tests).
    assert_eq!(kinds.len(), 8, "{kinds:?}");
}

#[test]
fn an_older_or_the_same_link_changes_nothing() {
    let (mut ann, mut bob) = invitation(Variant::Bandit);
    let mut rng = seeded_rng();
    random_event(&mut ann, &mut rng, false, true);
    bob = continued(&bob, Color::Black, &ann);
    random_event(&mut bob, &mut rng, false, true);
    let older = ann.clone();
    ann = continued(&ann, Color::White, &bob);
    assert_eq!(
        open(&ann, Color::White, &bob),
        Ok(Continuation::Known { older: false })
    );
    assert_eq!(
        open(&ann, Color::White, &older),
        Ok(Continuation::Known { older: true })
    );
    // The invitation itself (no Black name, no event) is older too.
    let (first, _) = invitation(Variant::Bandit);
    assert_eq!(
        open(&ann, Color::White, &first),
        Ok(Continuation::Known { older: true })
    );
    // A link that only gives the friend's name is news.
    let (ann0, bob0) = invitation(Variant::Bandit);
    match open(&ann0, Color::White, &bob0).unwrap() {
        Continuation::Continues {
            events,
            names,
            record,
        } => {
            assert!(events.is_empty());
            assert_eq!(names, [Color::Black]);
            assert_eq!(record.name(Color::Black), "Bob");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_link_that_changes_an_earlier_move_is_refused_naming_it() {
    let (mut ann, bob) = invitation(Variant::Orthodox);
    moves(&mut ann, &["e2e4"]);
    let mut bob = continued(&bob, Color::Black, &ann);
    moves(&mut bob, &["e7e5"]);
    let ann2 = continued(&ann, Color::White, &bob);
    // A forged Bob's link: the same times, but 1. d4 instead of 1. e4.
    let mut forged = LinkGame::new(bob.header().clone()).unwrap();
    forged
        .play(Color::White, "d2d4", bob.events()[0].at)
        .unwrap();
    forged
        .play(Color::Black, "d7d5", bob.events()[1].at)
        .unwrap();
    moves(&mut forged, &["c2c4"]);
    let e = open(&ann2, Color::White, &forged).unwrap_err();
    assert_eq!(
        e,
        "the link changes an earlier move: White's move 1 is e4 in this game but d4 in the link"
    );
    // Bob's own page refuses it too, and keeps its game.
    let e = open(&bob, Color::Black, &forged).unwrap_err();
    assert!(e.contains("changes an earlier move"), "{e}");
    // An earlier event's time changed.
    let mut retimed = LinkGame::new(bob.header().clone()).unwrap();
    retimed
        .play(Color::White, "e2e4", bob.events()[0].at + 1)
        .unwrap();
    let e = open(&ann2, Color::White, &retimed).unwrap_err();
    assert!(
        e.starts_with("the link changes the time of event 1 (White plays 1. e4)"),
        "{e}"
    );
}

#[test]
fn a_link_that_moves_or_acts_for_this_pages_side_is_refused() {
    let (mut ann, bob) = invitation(Variant::Vagabond);
    let mut rng = seeded_rng();
    random_event(&mut ann, &mut rng, false, true);
    let bob = continued(&bob, Color::Black, &ann);
    // A link that moves for Black, opened on Bob's page (Black): Ann moving twice is
    // impossible, so a forger plays Black's move itself.
    let mut forged = bob.clone();
    random_event(&mut forged, &mut rng, false, true);
    let e = open(&bob, Color::Black, &forged).unwrap_err();
    assert!(
        e.starts_with(
            "the link makes a move for Black, the side this page plays: Black plays 1..."
        ),
        "{e}"
    );
    // A resignation forged for Black.
    let mut forged = bob.clone();
    forged.act(Color::Black, Action::Resign, NOW).unwrap();
    let e = open(&bob, Color::Black, &forged).unwrap_err();
    assert_eq!(
        e,
        "the link holds an action for Black, the side this page plays: Black resigns"
    );
    // A draw accepted for Black after White's offer.
    let mut offered = bob.clone();
    offered
        .play(
            Color::Black,
            &{
                let p = offered.game().position().clone();
                p.move_text(&p.legal_moves()[0])
            },
            NOW,
        )
        .unwrap();
    let mut ann = continued(&ann, Color::White, &offered);
    ann.act(Color::White, Action::DrawOffer, NOW).unwrap();
    let mut forged = ann.clone();
    forged.act(Color::Black, Action::DrawAccept, NOW).unwrap();
    let e = open(&offered, Color::Black, &forged).unwrap_err();
    assert!(e.ends_with("Black accepts the draw offer"), "{e}");
}

#[test]
fn a_link_of_another_game_or_other_names_is_refused() {
    let (mut ann, bob) = invitation(Variant::Orthodox);
    moves(&mut ann, &["e2e4"]);
    let bob = continued(&bob, Color::Black, &ann);
    let other = |change: &dyn Fn(&mut Header)| {
        let mut h = bob.header().clone();
        change(&mut h);
        let mut g = LinkGame::new(h).unwrap();
        for e in bob.events() {
            if let fairyboard::bylink::EventKind::Move(t) = &e.kind {
                let _ = g.play(e.side, t, e.at);
            }
        }
        open(&bob, Color::Black, &g).unwrap_err()
    };
    assert!(other(&|h| h.id = GameId::from_bytes(&[1; 12]).unwrap())
        .starts_with("the link is not this game: its id is AQEB"));
    assert_eq!(
        other(&|h| h.variant = Variant::Quarter),
        "the link is not this game: it is Quarter Chess, this game Orthodox chess"
    );
    assert!(
        other(&|h| h.start = Some("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1".into()))
            .contains("start position differs")
    );
    assert!(
        other(&|h| h.inviter = Color::Black).contains("in it Black invited, in this game White")
    );
    assert!(other(&|h| h.days = None).contains("its time per move is none, this game's 3 days"));
    assert!(other(&|h| h.created += 1)
        .contains("it was made at 2026-11-30 14:06 UTC, this game at 2026-11-30 14:05 UTC"));
    assert_eq!(
        other(&|h| h.white = "Eve".into()),
        "the link names White 'Eve', but this game's White is 'Ann'"
    );
    // On Ann's page, which has no name for Black yet, a link naming Ann's own side otherwise.
    let mut nameless = LinkGame::new(header(Variant::Orthodox, "", "", None)).unwrap();
    moves(&mut nameless, &["e2e4"]);
    let mut named = nameless.clone();
    named.set_name(Color::White, "Mallory").unwrap();
    let e = open(&nameless, Color::White, &named).unwrap_err();
    assert!(
        e.contains("names White 'Mallory', the side this page plays"),
        "{e}"
    );
}

#[test]
fn a_link_made_before_this_pages_last_link_arrived_says_so() {
    let (mut ann, bob) = invitation(Variant::Orthodox);
    moves(&mut ann, &["e2e4"]);
    let mut bob = continued(&bob, Color::Black, &ann);
    moves(&mut bob, &["e7e5"]);
    ann = continued(&ann, Color::White, &bob);
    moves(&mut ann, &["g1f3"]);
    // Bob, before Ann's last link, offers a draw.
    bob.act(Color::Black, Action::DrawOffer, NOW).unwrap();
    let e = open(&ann, Color::White, &bob).unwrap_err();
    assert!(e.starts_with("the link differs from this game at event 3: this game has \"White plays 2. Nf3\", the link \"Black offers a draw\""), "{e}");
    assert!(e.contains("send that link again"), "{e}");
}

// ---- exports ----

#[test]
fn both_pages_export_the_same_pgn_with_the_players_the_date_and_the_site() {
    let (mut ann, bob) = invitation(Variant::Orthodox);
    moves(&mut ann, &["e2e4"]);
    let mut bob = continued(&bob, Color::Black, &ann);
    moves(&mut bob, &["e7e5"]);
    bob.act(Color::Black, Action::Resign, NOW + 3).unwrap();
    let ann = continued(&ann, Color::White, &bob);
    let pgn = ann.pgn();
    assert_eq!(pgn, bob.pgn());
    assert_eq!(
        pgn,
        "[Event \"Game by link\"]\n[Site \"fairyboard, played by links\"]\n[Date \"2026.11.30\"]\n\
         [Round \"-\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"1-0\"]\n[Variant \"Standard\"]\n\
         [Termination \"Normal\"]\n\n1. e4 e5 1-0\n"
    );
    assert_eq!(ann.outcome().unwrap().text(), "White wins by resignation");
    // The PGN reads back as the same game with its result.
    let back = fairyboard::pgn::read(&pgn).unwrap();
    assert_eq!(back.game.outcome(), ann.outcome());
    // An unnamed side is PGN's '?'.
    let game = LinkGame::new(header(Variant::Pawnier, "Ann", "", None)).unwrap();
    assert!(
        game.pgn().contains("[Black \"?\"]\n[Result \"*\"]"),
        "{}",
        game.pgn()
    );
}

#[test]
fn the_summary_lists_whose_turn_and_the_last_move() {
    let mut game = new_game(Variant::Orthodox, Some(7));
    moves(&mut game, &["e2e4", "e7e5"]);
    game.act(Color::Black, Action::DrawOffer, NOW + 20).unwrap();
    let s = game.summary();
    assert_eq!(
        (s.turn, s.last_move.as_deref(), s.draw_offer, s.result),
        (Some('w'), Some("e5"), Some('b'), "*")
    );
    assert_eq!(s.last.unwrap().words, "Black offers a draw");
    assert_eq!(
        (s.white.as_str(), s.black.as_str(), s.inviter, s.plies),
        ("Ann", "Bob", 'w', 2)
    );
    assert_eq!(s.id, game.id().text());
    assert_eq!(s.due, Some(NOW + 2 + 7 * MINUTES_PER_DAY));
}

/// The example of docs/links.md ("A game by link"), exactly.
#[test]
fn the_example_in_the_docs() {
    let mut h = header(Variant::Orthodox, "Ann", "", Some(3));
    let id = [
        0x3f, 0x91, 0x0c, 0xa7, 0x52, 0xe8, 0x19, 0x44, 0xbd, 0x06, 0x7a, 0xc3,
    ];
    h.id = GameId::from_bytes(&id).unwrap();
    let mut ann = LinkGame::new(h).unwrap();
    assert_eq!(
        ann.fragment(),
        "bl=1&id=P5EMp1LoGUS9BnrD&g=orthodox&w=Ann&i=w&tc=3&t=29934125&k=5841d89c"
    );
    ann.play(Color::White, "e2e4", NOW + 10).unwrap();
    assert_eq!(
        ann.fragment(),
        "bl=1&id=P5EMp1LoGUS9BnrD&g=orthodox&w=Ann&i=w&tc=3&t=29934125&e=L&s=K&k=d23e31d3"
    );
    let mut bob = LinkGame::read(&ann.fragment()).unwrap();
    bob.set_name(Color::Black, "Bob").unwrap();
    bob.play(Color::Black, "e7e5", NOW + 10 + 720).unwrap();
    bob.act(Color::Black, Action::DrawOffer, NOW + 10 + 720)
        .unwrap();
    assert_eq!(
        bob.fragment(),
        "bl=1&id=P5EMp1LoGUS9BnrD&g=orthodox&w=Ann&b=Bob&i=w&tc=3&t=29934125&e=LKe&s=K2QA&k=05477864"
    );
}

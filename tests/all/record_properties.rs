//! Random games in all six games survive a share link and a PGN round trip exactly, and a
//! 200-ply game of every game fits in a link under 2,000 characters.

use crate::common;

use common::{any_move, declare_end, edits, mutate, seeded_rng};
use fairyboard::record::Record;
use fairyboard::{link, pgn, Game, Position, Variant};
use proptest::prelude::*;

/// A page address as long as a project page's (`https://<owner>.github.io/<repo>/`), with
/// room to spare: the whole link is this, `#` and the fragment.
const ADDRESS: usize = 100;

/// Plays the moves `choices` pick from the start (stopping when the game ends), then puts the
/// cursor `back` plies before the end.
fn random_game(variant: Variant, choices: &[usize], back: usize) -> Game {
    let mut game = Game::new(variant, None).unwrap();
    for &c in choices {
        let moves = game.position().legal_moves();
        if moves.is_empty() || game.outcome().is_some() {
            break;
        }
        game.play_move(any_move(&moves, c));
    }
    let end = game.ply();
    game.go_to(end - back.min(end)).unwrap();
    game
}

/// The link and PGN round trips of one game: the same start, moves and ply (PGN: the end).
fn check_round_trips(game: &Game) {
    let record = Record::of_game(game);
    for fragment in [link::fragment(game), link::coded_fragment(game)] {
        let back = link::read(&format!("#{fragment}")).unwrap();
        assert_eq!(back.message(), None, "{fragment}");
        assert_eq!(Record::of_game(&back.game), record, "{fragment}");
        assert_eq!(back.game.position(), game.position(), "{fragment}");
    }
    let text = pgn::write(game, &[]);
    let back = pgn::read(&text).unwrap();
    assert_eq!(back.message(), None, "{text}");
    let mut at_end = record.clone();
    at_end.ply = None;
    assert_eq!(Record::of_game(&back.game), at_end, "{text}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]
    #[test]
    fn random_games_survive_links_and_pgn(
        which in 0..Variant::ALL.len(),
        choices in prop::collection::vec(any::<usize>(), 0..120),
        back in 0usize..4,
    ) {
        check_round_trips(&random_game(Variant::ALL[which], &choices, back));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]
    /// Links and PGN texts with random edits never panic the reader; what it reads is a
    /// legal prefix of what it counted.
    #[test]
    fn edited_links_and_pgn_are_read_without_panic(
        which in 0..Variant::ALL.len(),
        choices in prop::collection::vec(any::<usize>(), 0..24),
        changes in edits(prop_oneof![
            Just('.'), Just('&'), Just('='), Just('%'), Just('['), Just('"'), Just('{'),
            Just('('), Just(')'), Just('1'), Just('A'), Just(' '), Just('\n'), any::<char>()
        ]),
    ) {
        let mut game = random_game(Variant::ALL[which], &choices, 0);
        // A record around the moves: tags with the separators in them, and an end.
        declare_end(&mut game, choices.len() as u8);
        game.set_tag("White", "Ann \"A.\" & Bob: 100%").unwrap();
        game.set_tag("Opening", "x.y:z").unwrap();
        let texts = [
            link::fragment(&game),
            link::coded_fragment(&game),
        ];
        for t in texts {
            if let Ok(r) = link::read(&mutate(&t, &changes)) {
                prop_assert!(r.used <= r.total);
                prop_assert_eq!(r.problem.is_some(), r.used < r.total);
            }
        }
        if let Ok(r) = pgn::read(&mutate(&pgn::write(&game, &[]), &changes)) {
            prop_assert!(r.used <= r.total);
        }
    }
}

/// A movetext for `game`'s line as another program might write it: each move by its name
/// or its move text as `forms` pick, with comments, clocks, NAGs, glyphs and a variation
/// (another legal move) after some moves as `extras` pick.
fn decorated_movetext(game: &Game, forms: &[bool], extras: &[u8]) -> String {
    let names = game.line_names();
    let texts = game.line_texts();
    let mut replay = Game::new(game.variant(), None).unwrap();
    let mut out = format!("[Variant \"{}\"]\n\n", game.variant().name());
    for (i, (name, text)) in names.iter().zip(&texts).enumerate() {
        let number = i / 2 + 1;
        out.push_str(&if i % 2 == 0 {
            format!("{number}. ")
        } else {
            format!("{number}... ")
        });
        out.push_str(if forms.get(i).copied().unwrap_or(true) {
            name
        } else {
            text
        });
        let other = replay
            .position()
            .move_names()
            .into_iter()
            .map(|(_, n)| n)
            .find(|n| n != name);
        match extras.get(i).copied().unwrap_or(0) % 6 {
            1 => out.push_str(" { [%clk 0:02:59] [%eval 0.3] }"),
            2 => out.push_str(&format!(" ${}", i % 20)),
            3 => out.push_str("!?"),
            4 => {
                if let Some(other) = other {
                    out.push_str(&format!(
                        " ({number}{} {other} {{alt}})",
                        if i % 2 == 0 { "." } else { "..." }
                    ));
                }
            }
            5 => out.push_str(" ; a comment\n"),
            _ => {}
        }
        out.push(' ');
        replay.play(text).unwrap();
    }
    out.push('*');
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]
    /// Random games of every game, written with names and move text mixed and decorated as
    /// lichess and chess.com decorate them, read back to the same moves, the movetext kept.
    #[test]
    fn decorated_movetext_in_mixed_forms_reads_back(
        which in 0..Variant::ALL.len(),
        choices in prop::collection::vec(any::<usize>(), 0..80),
        forms in prop::collection::vec(any::<bool>(), 80),
        extras in prop::collection::vec(any::<u8>(), 80),
    ) {
        let game = random_game(Variant::ALL[which], &choices, 0);
        let text = decorated_movetext(&game, &forms, &extras);
        let parsed = pgn::parse(&text).unwrap();
        prop_assert_eq!(parsed.movetext.line.nodes.len(), game.line_texts().len());
        let back = parsed.replay().unwrap();
        prop_assert_eq!(back.message(), None, "{}", text);
        prop_assert_eq!(back.game.line_texts(), game.line_texts(), "{}", text);
    }
}

/// Every one of the six games, several random games each: `pgn::write` gives the names of
/// the moves, and they read back to the same moves.
#[test]
fn written_pgn_of_every_game_reads_back_by_names() {
    let mut rng = seeded_rng();
    for variant in Variant::ALL {
        for _ in 0..6 {
            let choices: Vec<usize> = (0..100).map(|_| rng.next_u32() as usize).collect();
            let game = random_game(variant, &choices, 0);
            let text = pgn::write(&game, &[]);
            let parsed = pgn::parse(&text).unwrap();
            assert_eq!(parsed.movetext.line.texts(), game.line_names(), "{text}");
            check_round_trips(&game);
        }
    }
}

#[test]
fn random_games_from_set_up_positions_survive() {
    // A start that is not the standard one in every game: the position after a few random
    // plies, with its counters, becomes the start.
    let mut rng = seeded_rng();
    for variant in Variant::ALL {
        for _ in 0..4 {
            let choices: Vec<usize> = (0..9).map(|_| rng.next_u32() as usize).collect();
            let middle = random_game(variant, &choices, 0);
            let start = middle.position().clone();
            if start.legal_moves().is_empty() {
                continue;
            }
            let mut game = Game::from_position(start);
            let more: Vec<usize> = (0..30).map(|_| rng.next_u32() as usize).collect();
            for c in more {
                let moves = game.position().legal_moves();
                if moves.is_empty() || game.outcome().is_some() {
                    break;
                }
                game.play_move(any_move(&moves, c));
            }
            assert!(Record::of_game(&game).start.is_some());
            check_round_trips(&game);
        }
    }
}

/// A 200-ply game (or as long as a random game lasts) in every game: its link is under
/// 2,000 characters. Random moves, and moves picked for the longest texts (the worst case
/// for the plain form, where the coded form takes over).
#[test]
fn a_200_ply_game_of_every_game_fits_in_a_link() {
    let mut rng = seeded_rng();
    for variant in Variant::ALL {
        let mut longest_plain = 0;
        let mut longest_link = 0;
        let mut longest_game = 0;
        let mut longest_coded = 0;
        for round in 0..12 {
            let mut game = Game::new(variant, None).unwrap();
            while game.ply() < 200 {
                let p: Position = game.position().clone();
                let moves = p.legal_moves();
                if moves.is_empty() || game.outcome().is_some() {
                    break;
                }
                let m = if round % 3 == 0 {
                    // The longest move text (ties by the random choice).
                    let best = moves.iter().map(|m| p.move_text(m).len()).max().unwrap();
                    let long: Vec<_> = moves
                        .iter()
                        .filter(|m| p.move_text(m).len() == best)
                        .copied()
                        .collect();
                    any_move(&long, rng.next_u32() as usize)
                } else {
                    any_move(&moves, rng.next_u32() as usize)
                };
                game.play_move(m);
            }
            let plain = link::plain_fragment(&Record::of_game(&game));
            let fragment = link::fragment(&game);
            let link_len = ADDRESS + 1 + fragment.len();
            assert!(
                link_len < 2000,
                "{variant:?}: {link_len} characters: {fragment}"
            );
            // The coded form, whatever the move texts, stays far below the limit.
            let coded = link::coded_fragment(&game);
            assert!(ADDRESS + 1 + coded.len() < 2000, "{variant:?}: {coded}");
            longest_coded = longest_coded.max(coded.len());
            longest_plain = longest_plain.max(plain.len());
            longest_link = longest_link.max(link_len);
            longest_game = longest_game.max(game.ply());
            // The coded form is used only when the plain one is too long.
            assert_eq!(fragment == plain, plain.len() <= link::PLAIN_LIMIT);
        }
        assert!(
            longest_game >= 150,
            "{variant:?}: no long game ({longest_game} plies)"
        );
        println!(
            "{}: longest game {longest_game} plies, plain fragment up to {longest_plain} \
             characters, link with a {ADDRESS}-character address up to {longest_link}; coded \
             fragment up to {longest_coded}",
            variant.id()
        );
    }
}

//! Several lines (MultiPV), in every game: the lines begin with different moves, come best
//! first, replay legally from the root, are as many as asked for (or as there are moves),
//! and the first is exactly what a single-line search of the same depth gives: asking for
//! more lines never changes the move played.

use std::collections::BTreeSet;

use fairyboard::search::{bench, Limits, Report, Searcher, MAX_LINES};
use fairyboard::{Position, Variant};

use crate::common::{board_text, position_of};

fn search(p: &Position, depth: u32, lines: usize) -> Report {
    let mut s = Searcher::new(4);
    s.multipv(lines);
    s.search(
        p,
        &[],
        &Limits::depth(depth),
        &|| 0.0,
        &|| false,
        &mut |_| {},
    )
}

/// The start and the benchmark middlegame of every game.
fn positions() -> Vec<(Variant, Position)> {
    Variant::ALL
        .iter()
        .flat_map(|&v| ["start", "middlegame"].map(|which| (v, bench::position(v, which).unwrap())))
        .collect()
}

#[test]
fn the_first_line_is_the_single_line_search() {
    for (variant, p) in positions() {
        let depth = if variant == Variant::Riftwalker { 2 } else { 4 };
        for d in 1..=depth {
            let one = search(&p, d, 1);
            let many = search(&p, d, 4);
            let first = &many.lines[0];
            let at = format!("{} depth {d}: {}", variant.id(), p.to_text());
            assert_eq!(many.best, one.best, "{at}");
            assert_eq!(many.score, one.score, "{at}");
            assert_eq!(many.pv, one.pv, "{at}");
            assert_eq!(
                (first.score, &first.pv, first.depth),
                (one.score, &one.pv, d),
                "{at}"
            );
            assert_eq!(one.lines.len(), 1, "{at}");
        }
    }
}

#[test]
fn lines_are_distinct_sorted_legal_and_as_many_as_asked() {
    for (variant, p) in positions() {
        let depth = if variant == Variant::Riftwalker { 2 } else { 3 };
        let legal = p.legal_moves().len();
        for wanted in [2, 3, MAX_LINES] {
            let r = search(&p, depth, wanted);
            let at = format!("{} {wanted} lines: {}", variant.id(), p.to_text());
            assert_eq!(r.lines.len(), wanted.min(legal), "{at}");
            let firsts: BTreeSet<String> = r.lines.iter().map(|l| p.move_text(&l.pv[0])).collect();
            assert_eq!(firsts.len(), r.lines.len(), "{at}: {firsts:?}");
            let ranks: Vec<i32> = r.lines.iter().map(|l| l.score.rank()).collect();
            assert!(ranks.windows(2).all(|w| w[0] >= w[1]), "{at}: {ranks:?}");
            for line in &r.lines {
                assert_eq!(line.depth, depth, "{at}");
                let mut q = p.clone();
                for m in &line.pv {
                    assert!(q.legal_moves().contains(m), "{at}: {}", q.move_text(m));
                    q.apply(m);
                }
            }
        }
    }
}

/// At depth 1 every root move's exact score is known (a search that scores them all), so
/// the lines must carry the best scores of all, in order.
#[test]
fn at_depth_one_the_lines_are_the_best_scores_of_all_moves() {
    for (variant, p) in positions() {
        let mut exact = Searcher::new(4);
        exact.exact_root(i32::MAX);
        let all = exact.search(&p, &[], &Limits::depth(1), &|| 0.0, &|| false, &mut |_| {});
        let mut best: Vec<i32> = all.root.iter().map(|&(_, v)| v).collect();
        best.sort_unstable_by(|a, b| b.cmp(a));
        let r = search(&p, 1, MAX_LINES);
        let got: Vec<i32> = r.lines.iter().map(|l| l.score.rank()).collect();
        assert_eq!(got, best[..got.len()], "{}: {}", variant.id(), p.to_text());
        for l in &r.lines {
            let v = all.root.iter().find(|(m, _)| *m == l.pv[0]).unwrap().1;
            assert_eq!(l.score.rank(), v, "{}", p.move_text(&l.pv[0]));
        }
    }
}

/// A weak level asks for exact root scores only within its noise of the best: those moves
/// score exactly as when every move is scored, and every other move's bound lies at least
/// the margin below the best, so the level's choice (best score plus a bonus below the
/// margin) is the same as with every score exact.
#[test]
fn root_scores_are_exact_within_the_margin_and_bounded_below_it() {
    let root = |p: &Position, within: i32| {
        let mut s = Searcher::new(4);
        s.exact_root(within);
        s.search(p, &[], &Limits::depth(1), &|| 0.0, &|| false, &mut |_| {})
            .root
    };
    let mut near = 0;
    let mut far = 0;
    for (variant, p) in positions() {
        let all = root(&p, i32::MAX);
        let best = all.iter().map(|&(_, v)| v).max().unwrap();
        for margin in [40, 150] {
            let some = root(&p, margin);
            assert_eq!(some.len(), all.len());
            assert_eq!(some.iter().map(|&(_, v)| v).max(), Some(best));
            for &(m, exact) in &all {
                let got = some.iter().find(|(n, _)| *n == m).unwrap().1;
                let at = format!(
                    "{} {} margin {margin}: {}",
                    variant.id(),
                    p.to_text(),
                    p.move_text(&m)
                );
                if exact > best - margin {
                    near += 1;
                    assert_eq!(got, exact, "{at}");
                } else {
                    far += 1;
                    assert!(got <= best - margin, "{at}: {got} against best {best}");
                }
            }
        }
    }
    // Both kinds of move were seen.
    assert!(near > 20 && far > 20, "{near} near the best, {far} far");
}

#[test]
fn a_mate_comes_first_and_a_position_with_few_moves_gives_few_lines() {
    // Scholar's mate: Qh5xf7 mates; the other lines do not.
    let p = Position::from_text(
        Variant::Orthodox,
        "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
    )
    .unwrap();
    let r = search(&p, 3, 3);
    assert_eq!(p.move_text(&r.lines[0].pv[0]), "h5f7");
    assert_eq!(r.lines[0].score, fairyboard::search::Score::Mate(1));
    assert!(r.lines[1..]
        .iter()
        .all(|l| !matches!(l.score, fairyboard::search::Score::Mate(n) if n > 0)));
    // A king in the corner with two moves: two lines, whatever is asked.
    let p = position_of(
        Variant::Orthodox,
        &format!(
            "{} b - - 0 1",
            board_text(Variant::Orthodox, "Kh1 Rb2 ka8 pa7")
        ),
    );
    let moves = p.legal_moves().len();
    assert_eq!(moves, 2, "{}", p.to_text());
    assert_eq!(search(&p, 3, MAX_LINES).lines.len(), 2);
}

#[test]
fn asking_for_more_than_five_lines_gives_five_and_none_gives_one() {
    let p = Position::start(Variant::Orthodox).unwrap();
    assert_eq!(search(&p, 2, 9).lines.len(), MAX_LINES);
    assert_eq!(search(&p, 2, 0).lines.len(), 1);
}

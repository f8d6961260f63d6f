//! Checks shared by the test files of every game: what holds in any position of any game,
//! and the random playout that drives the property tests.

// Each test file uses only part of this module.
#![allow(dead_code)]

use std::collections::{BTreeMap, HashSet};
use std::path::Path;

use fairyboard::{
    Color, Effect, Game, How, Kind, Move, Piece, Position, Reason, Setup, Square, Variant,
};
use proptest::prelude::*;
use proptest::test_runner::{RngAlgorithm, TestRng};

/// Text round trip: the printed text parses to the same position and prints the same, and
/// the position survives a trip through its `Setup`.
pub fn check_round_trip(p: &Position) {
    let text = p.to_text();
    let q = Position::from_text(p.variant(), &text)
        .unwrap_or_else(|e| panic!("{text} does not parse back: {e}"));
    assert_eq!(&q, p, "{text}");
    assert_eq!(q.to_text(), text);
    assert_eq!(Position::from_setup(&p.to_setup()).as_ref(), Ok(p));
}

/// The outcome agrees with the legal moves: mate and stalemate exactly when there are none
/// (or a special win has ended the game), a draw by rule while moves remain.
pub fn check_outcome(p: &Position, moves: &[Move]) {
    let text = p.to_text();
    let mover = p.side();
    match p.outcome() {
        Some(o) if o.reason == Reason::Checkmate => {
            assert!(moves.is_empty() && p.in_check(), "{text}");
            assert_eq!(o.winner, Some(mover.opponent()), "{text}");
        }
        Some(o) if o.reason == Reason::Stalemate => {
            assert!(moves.is_empty() && !p.in_check(), "{text}");
            assert_eq!(o.winner, None, "{text}");
        }
        Some(o) if matches!(o.reason, Reason::HundredPly | Reason::InsufficientMaterial) => {
            assert!(!moves.is_empty(), "{text}: {o:?} with no moves");
            assert_eq!(o.winner, None, "{text}");
        }
        // A special win (backstab, trapped or captured king) ends the game at once.
        Some(o) => {
            assert!(moves.is_empty(), "{text}: {o:?} but moves remain");
            assert_eq!(o.winner, Some(mover.opponent()), "{text}: {o:?}");
        }
        None => assert!(!moves.is_empty(), "{text}: no moves but no outcome"),
    }
}

/// The move at index `choice` (modulo) of the legal moves.
pub fn any_move(moves: &[Move], choice: usize) -> Move {
    moves[choice % moves.len()]
}

/// Plays a random game from `start`. Before each ply, `check(position, ply)` runs; then the
/// move `pick(legal moves, choice)` is played by its text. The Game must agree with the
/// positions throughout: play gives the position after the move, undo and redo restore the
/// exact positions, a finished game refuses a move, and undo walks back to the start.
pub fn playout(
    start: Position,
    choices: &[usize],
    check: impl Fn(&Position, usize),
    pick: impl Fn(&[Move], usize) -> Move,
) {
    let mut game = Game::from_position(start);
    let mut history = vec![game.position().clone()];
    for (ply, &choice) in choices.iter().enumerate() {
        let p = game.position().clone();
        check(&p, ply);
        let moves = p.legal_moves();
        if let Some(o) = game.outcome() {
            // A draw by rule leaves legal-looking moves on the board: none may be played.
            let before = game.ply();
            if let Some(m) = moves.first() {
                assert!(game.play(&p.move_text(m)).is_err(), "play after {o:?}");
            }
            assert_eq!(game.ply(), before);
            break;
        }
        let m = pick(&moves, choice);
        let text = p.move_text(&m);
        assert_eq!(game.play(&text).as_ref(), Ok(&m), "{}: {text}", p.to_text());
        let next = p.after(&m);
        assert_eq!(game.position(), &next);
        assert_eq!(game.undo(), Some(m));
        assert_eq!(game.position(), &p);
        assert_eq!(game.redo(), Some(m));
        assert_eq!(game.position(), &next);
        history.push(next);
    }
    for (i, p) in history.iter().enumerate().rev() {
        assert_eq!(game.ply(), i);
        assert_eq!(game.position(), p);
        game.undo();
    }
    assert!(!game.can_undo());
}

/// [`playout`] checking each position with `check(position, thorough)`, thoroughly every
/// `every` plies (the first included).
pub fn playout_thorough_every(
    start: Position,
    choices: &[usize],
    every: usize,
    check: impl Fn(&Position, bool),
    pick: impl Fn(&[Move], usize) -> Move,
) {
    playout(start, choices, |p, ply| check(p, ply % every == 0), pick);
}

/// A seeded random generator, so that sweeps over random positions are reproducible.
pub fn seeded_rng() -> TestRng {
    TestRng::deterministic_rng(RngAlgorithm::XorShift)
}

/// One edit of a text, for fuzzing parsers with near-valid input.
#[derive(Clone, Debug)]
pub enum Edit {
    Insert(usize, char),
    Delete(usize),
    Replace(usize, char),
}

/// Random edits whose new characters come from `chars`.
pub fn edits(chars: impl Strategy<Value = char> + Clone) -> impl Strategy<Value = Vec<Edit>> {
    let edit = prop_oneof![
        (any::<usize>(), chars.clone()).prop_map(|(i, c)| Edit::Insert(i, c)),
        any::<usize>().prop_map(Edit::Delete),
        (any::<usize>(), chars).prop_map(|(i, c)| Edit::Replace(i, c)),
    ];
    prop::collection::vec(edit, 1..6)
}

/// `text` with the edits applied (positions taken modulo the length).
pub fn mutate(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for e in edits {
        let n = chars.len();
        match *e {
            Edit::Insert(i, c) => chars.insert(i % (n + 1), c),
            Edit::Delete(i) if n > 0 => {
                chars.remove(i % n);
            }
            Edit::Replace(i, c) if n > 0 => chars[i % n] = c,
            _ => {}
        }
    }
    chars.into_iter().collect()
}

/// The board part of the position text: `pieces` on the game's board, missing squares as
/// `*`.
pub fn board_text(variant: Variant, pieces: &str) -> String {
    let g = variant.geometry();
    let (files, ranks) = (g.files() as usize, g.ranks() as usize);
    let mut grid = vec![vec!['.'; files]; ranks];
    for (rank, row) in grid.iter_mut().enumerate() {
        for (file, cell) in row.iter_mut().enumerate() {
            if g.is_hole(file as u8, rank as u8) {
                *cell = '*';
            }
        }
    }
    for piece in pieces.split_whitespace() {
        let letter = piece.chars().next().unwrap();
        let sq = g
            .parse_square(&piece[1..])
            .unwrap_or_else(|| panic!("{piece}: no such square"));
        let cell = &mut grid[g.rank(sq) as usize][g.file(sq) as usize];
        assert_eq!(*cell, '.', "{piece}: square used twice");
        *cell = letter;
    }
    let rows: Vec<String> = grid.iter().rev().map(|row| row_text(row)).collect();
    rows.join("/")
}

/// One rank of position text: letters, `*`, and counts of empty squares.
fn row_text(row: &[char]) -> String {
    let mut text = String::new();
    let mut empty = 0;
    for &c in row {
        if c == '.' {
            empty += 1;
            continue;
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
            empty = 0;
        }
        text.push(c);
    }
    if empty > 0 {
        text.push_str(&empty.to_string());
    }
    text
}

/// Orthodox positions several files test from.
pub mod orthodox {
    pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    pub const KIWIPETE: &str =
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    /// The published perft test positions 3, 4 and 5 (chessprogramming wiki).
    pub const POS3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
    pub const POS4: &str = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
    pub const POS5: &str = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
    /// Both sides can promote, with captures (a classic promotion perft position).
    pub const PROMOTIONS: &str = "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1";
}

/// A position from its text, or a panic naming the text and what is wrong with it.
pub fn position_of(variant: Variant, text: &str) -> Position {
    Position::from_text(variant, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Annotations a random tree's moves get with their comments: none, one, a move's and a
/// position's, the largest NAG.
const NAGS: [&[u8]; 5] = [&[], &[1], &[2, 14], &[146], &[255, 4]];

/// Builds a random tree: each step plays a move, goes back, jumps to a node, comments and
/// annotates, promotes or deletes, as `op` says, with `a` and `b` choosing what.
pub fn random_tree(variant: Variant, steps: &[(u8, usize, usize)], comments: &[String]) -> Game {
    let mut g = Game::new(variant, None).unwrap();
    for (i, &(op, a, b)) in steps.iter().enumerate() {
        let ids: Vec<usize> = g.nodes().into_iter().map(|n| n.id).collect();
        let node = ids[a % ids.len()];
        match op % 8 {
            0..=3 => {
                let moves = g.position().legal_moves();
                if !moves.is_empty() && g.outcome().is_none() {
                    g.play_move(any_move(&moves, b));
                }
            }
            4 => g.go_to(g.ply() - (b % 4).min(g.ply())).unwrap(),
            5 => g.go_to_node(node).unwrap(),
            6 if !comments.is_empty() => {
                g.set_comment(node, &comments[b % comments.len()]).unwrap();
                if node != 0 {
                    g.set_nags(node, NAGS[b % NAGS.len()]).unwrap();
                }
            }
            6 => {}
            _ if i % 3 == 0 && node != 0 => g.delete(node).unwrap(),
            _ if b % 2 == 0 => {
                g.promote(node).unwrap();
            }
            _ => {
                g.promote_once(node).unwrap();
            }
        }
    }
    g
}

/// An orthodox game after the move texts `moves`.
pub fn orthodox_game(moves: &[&str]) -> Game {
    let mut g = Game::new(Variant::Orthodox, None).unwrap();
    for m in moves {
        g.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    g
}

/// One node of [`tree_shape`]: ply, move text, comment, NAGs and number of children.
pub type NodeShape = (usize, String, String, Vec<u8>, usize);

/// A game's tree with its node ids aside: every node in walk order with its ply, move text,
/// comment, NAGs and number of children (which fixes the shape and the order of the
/// variations).
pub fn tree_shape(g: &Game) -> Vec<NodeShape> {
    g.nodes()
        .into_iter()
        .map(|n| (n.ply, n.text, n.comment, n.nags, n.children.len()))
        .collect()
}

/// Tag names for random records: the roster's in any case, common ones, `Termination`, the
/// tags that follow from the game (refused), any well-formed name and some malformed ones
/// (refused).
pub fn tag_names() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "White",
            "black",
            "Event",
            "SITE",
            "Date",
            "round",
            "ECO",
            "WhiteElo",
            "TimeControl",
            "Termination",
            "Result",
            "fen",
            "SetUp",
            "Variant",
        ])
        .prop_map(str::to_string),
        "[A-Za-z][A-Za-z0-9_]{0,10}",
        "[ -~]{0,4}",
    ]
}

/// Tag values for random records: the characters that links and PGN must escape (quotes,
/// backslashes, `&`, `#`, `%`, `.`, `:`, `+`, spaces, line breaks) among letters and
/// non-ASCII text, or any text at all.
pub fn tag_values() -> impl Strategy<Value = String> {
    prop_oneof![
        "[ a-zA-Z0-9\"\\\\&#%.:+=,/?()\\[\\]{};é€♞東😀\\n\\t-]{0,16}",
        any::<String>(),
    ]
}

/// Comments for random trees: what a person may type and a record may bring, among letters
/// and non-ASCII text: line breaks (a `%` or `;` starting a line), tabs, carriage returns,
/// double spaces, braces and brackets, PGN's `%` and `;`, commands (`[%cal Ge2e4]`,
/// `[%clk 0:03:00]`) before or among the words, or any text at all.
pub fn comment_texts() -> impl Strategy<Value = Vec<String>> {
    let comment = prop_oneof![
        r"[ a-z.:%&+=#(){}\;\[\]é€♞😀\n\r\t\-_]{0,16}",
        r"(\[%(cal|csl|clk|eval) [A-Za-z0-9:,.]{1,8}\] ?){0,2}[ a-z{};%\n\t]{0,12}( \[%clk 0:01:00\])?",
        any::<String>(),
    ];
    prop::collection::vec(comment, 0..4)
}

/// Random (name, value) pairs to set as a game's tags.
pub fn random_tags() -> impl Strategy<Value = Vec<(String, String)>> {
    prop::collection::vec((tag_names(), tag_values()), 0..8)
}

/// Sets `tags` on the game, in order, leaving out the names it refuses, and `Termination`
/// unless `termination`.
pub fn set_tags(g: &mut Game, tags: &[(String, String)], termination: bool) {
    for (name, value) in tags {
        if termination || !name.eq_ignore_ascii_case("Termination") {
            let _ = g.set_tag(name, value);
        }
    }
}

/// Ends the main line as `which` picks (when the game is not over there): nothing, White or
/// Black resigns, a draw agreed, White's or Black's flag falls. The cursor ends at the end
/// of the main line.
pub fn declare_end(g: &mut Game, which: u8) {
    let end = *g.main_line().last().unwrap();
    g.go_to_node(end).unwrap();
    let _ = match which % 6 {
        1 => g.resign(Color::White),
        2 => g.resign(Color::Black),
        3 => g.agree_draw(),
        4 => g.flag_fall(Color::White),
        5 => g.flag_fall(Color::Black),
        _ => return,
    };
}

/// Property tests that play random games. Each `name: starts, plies;` is a test playing
/// `playout(start, choices)` from one of the position texts `starts` (a slice or an array)
/// with up to `plies` random choices, `cases` times (failures are not persisted).
macro_rules! random_games {
    (cases: $cases:expr, playout: $playout:path; $($name:ident: $starts:expr, $plies:expr;)+) => {
        proptest::proptest! {
            #![proptest_config(proptest::prelude::ProptestConfig {
                cases: $cases,
                failure_persistence: None,
                ..proptest::prelude::ProptestConfig::default()
            })]
            $(
                #[test]
                fn $name(
                    which in 0..$starts.len(),
                    choices in proptest::collection::vec(proptest::prelude::any::<usize>(), 1..$plies),
                ) {
                    $playout($starts[which], &choices);
                }
            )+
        }
    };
}
pub(crate) use random_games;

/// Feeds `text` to both parsers of `variant`: no panic, they agree on whether it is a
/// position, and an accepted position round-trips, counts its moves and has an outcome
/// (or none) without panicking. Returns the accepted position.
pub fn parse_anything(variant: Variant, text: &str) -> Option<Position> {
    let setup = Setup::parse(variant, text);
    let position = Position::from_text(variant, text);
    match (&setup, &position) {
        (Err(_), Ok(_)) => {
            panic!("{variant:?} {text:?}: Setup::parse fails but Position::from_text succeeds")
        }
        (Ok(s), _) => assert_eq!(Position::from_setup(s), position, "{variant:?} {text:?}"),
        _ => {}
    }
    let p = position.ok()?;
    check_round_trip(&p);
    assert_eq!(
        p.count_legal(),
        p.legal_moves().len(),
        "{variant:?} {text:?}"
    );
    let _ = p.outcome();
    Some(p)
}

// ---------------------------------------------------------------- for the references

/// The knight's leaps, as (file, rank) steps, for the naive reference generators.
pub const KNIGHT: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
/// The four orthogonal steps.
pub const ORTHO: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
/// The four diagonal steps.
pub const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

/// A small deterministic generator (xorshift64*), so that random games and positions are
/// reproducible.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// A number in `0..n` taken from the high bits (a draw of its own: the same seed gives
    /// other numbers than `below`).
    pub fn below_high(&mut self, n: usize) -> usize {
        (self.next() >> 33) as usize % n
    }
}

/// A smaller deterministic generator (xorshift 13/7/17) for choosing moves.
pub struct XorShift(pub u64);

impl XorShift {
    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Asserts that the engine and the reference know the same moves (the maps' keys, move
/// texts) in position `text`, naming those only one of them has.
pub fn assert_same_moves<E, R>(
    text: &str,
    engine: &BTreeMap<String, E>,
    reference: &BTreeMap<String, R>,
) {
    let only_engine: Vec<&String> = engine
        .keys()
        .filter(|k| !reference.contains_key(*k))
        .collect();
    let only_ref: Vec<&String> = reference
        .keys()
        .filter(|k| !engine.contains_key(*k))
        .collect();
    assert!(
        only_engine.is_empty() && only_ref.is_empty(),
        "{text}: only the engine has {only_engine:?}; only the reference has {only_ref:?}"
    );
}

/// One position of a perft suite (`tests/perft/GAME.perft`) with its expected counts as
/// (depth, nodes).
#[derive(Default)]
pub struct PerftCase {
    pub id: String,
    pub epd: String,
    pub counts: Vec<(u32, u64)>,
}

/// The cases of `variant`'s perft suite, in file order: `id NAME`, `epd POSITION`, then
/// `perft DEPTH NODES` lines; blank lines and `#` comments are skipped.
pub fn perft_suite(variant: Variant) -> Vec<PerftCase> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/perft")
        .join(format!("{}.perft", variant.id()));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut cases: Vec<PerftCase> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line
            .split_once(' ')
            .unwrap_or_else(|| panic!("{}:{}: no value", path.display(), n + 1));
        match key {
            "id" => cases.push(PerftCase {
                id: value.to_string(),
                ..PerftCase::default()
            }),
            "epd" => cases.last_mut().expect("epd after id").epd = value.to_string(),
            "perft" => {
                let (d, nodes) = value.split_once(' ').expect("perft DEPTH NODES");
                cases
                    .last_mut()
                    .expect("perft after id")
                    .counts
                    .push((d.parse().expect("depth"), nodes.parse().expect("nodes")));
            }
            other => panic!("{}:{}: unknown key {other}", path.display(), n + 1),
        }
    }
    cases
}

/// The example tree of the link and PGN tests: 1. e4 e5 2. Nf3 Nc6 (nodes 1-4) with the
/// variations 1... c5 (5) 2. Nf3 (6) d6 (7), 2. Nc3 (8) instead of 2. Nf3 there, and 1... e6
/// (9) instead of 1... e5. The cursor is on 1... e6.
pub fn example_tree() -> Game {
    let mut g = orthodox_game(&["e2e4", "e7e5", "g1f3", "b8c6"]);
    g.go_to(1).unwrap();
    for m in ["c7c5", "g1f3", "d7d6"] {
        g.play(m).unwrap();
    }
    g.go_to(2).unwrap();
    g.play("b1c3").unwrap();
    g.go_to(1).unwrap();
    g.play("e7e6").unwrap();
    g
}

/// Tags (name, value) as string slices, to compare with literals.
pub fn str_pairs(tags: &[(String, String)]) -> Vec<(&str, &str)> {
    tags.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect()
}

/// The halfmove clock after move `t` of position `p` (text `text`): back to 0 exactly on
/// `irreversible` moves, one more otherwise.
pub fn check_halfmove(text: &str, t: &str, p: &Position, next: &Position, irreversible: bool) {
    assert_eq!(
        next.halfmove(),
        if irreversible { 0 } else { p.halfmove() + 1 },
        "{text}: {t}"
    );
}

/// An en passant square after move `m` (`t`) of position `p` (text `text`) only when the
/// move was a double step of one of the kinds `steppers`.
pub fn check_ep(text: &str, t: &str, p: &Position, m: &Move, next: &Position, steppers: &[Kind]) {
    if next.ep().is_none() {
        return;
    }
    let from = m
        .from
        .unwrap_or_else(|| panic!("{text}: {t} sets ep from no square"));
    let piece = p.piece_at(from).expect("a piece moves");
    assert!(steppers.contains(&piece.kind()), "{text}: {t}");
    let g = p.variant().geometry();
    assert_eq!(
        (g.rank(from) as i32 - g.rank(m.to) as i32).abs(),
        2,
        "{text}: {t}"
    );
}

/// The move text of legal move `m` of position `p` (text `text`): no other move of the
/// position was written the same (`texts` holds those written so far), and when `parse` it
/// reads back as `m`.
pub fn move_text_once(
    p: &Position,
    text: &str,
    m: &Move,
    texts: &mut HashSet<String>,
    parse: bool,
) -> String {
    let t = p.move_text(m);
    assert!(texts.insert(t.clone()), "{text}: two moves written {t}");
    if parse {
        assert_eq!(p.parse_move(&t).as_ref(), Ok(m), "{text}: {t}");
    }
    t
}

/// The square move `m` (`t`) of position `p` (text `text`) starts from and the mover's piece
/// standing there (a game without drops).
pub fn moving_piece(p: &Position, text: &str, t: &str, m: &Move) -> (Square, Piece) {
    let from = m
        .from
        .unwrap_or_else(|| panic!("{text}: {t} is a drop in a game without drops"));
    let piece = p
        .piece_at(from)
        .unwrap_or_else(|| panic!("{text}: {t} starts on an empty square"));
    assert_eq!(piece.color(), p.side(), "{text}: {t}");
    (from, piece)
}

/// The effects of a castling in `variant`: the king's move (`king`, from and to square
/// names), then the rook's (`rook`).
pub fn castling_effects(variant: Variant, king: (&str, &str), rook: (&str, &str)) -> [Effect; 2] {
    let g = variant.geometry();
    let sq = |name: &str| {
        g.parse_square(name)
            .unwrap_or_else(|| panic!("{name}: no such square"))
    };
    [
        Effect::Move {
            from: sq(king.0),
            to: sq(king.1),
            how: How::CastleKing,
        },
        Effect::Move {
            from: sq(rook.0),
            to: sq(rook.1),
            how: How::CastleRook,
        },
    ]
}

/// The texts of the legal moves `keep` keeps, sorted.
pub fn moves_where(p: &Position, keep: impl Fn(&Move) -> bool) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| keep(m))
        .map(|m| p.move_text(m))
        .collect();
    v.sort();
    v
}

/// Every legal move's text, sorted.
pub fn all_moves(p: &Position) -> Vec<String> {
    moves_where(p, |_| true)
}

/// The square named `name` on `p`'s board.
fn square_of(p: &Position, name: &str) -> Square {
    p.geometry()
        .parse_square(name)
        .unwrap_or_else(|| panic!("{name}: no such square"))
}

/// The legal moves of the piece on square `from` (its name), as move texts, sorted.
pub fn moves_from(p: &Position, from: &str) -> Vec<String> {
    let sq = square_of(p, from);
    moves_where(p, |m| m.from == Some(sq))
}

/// The legal moves ending on square `to` (its name), as move texts, sorted.
pub fn moves_to(p: &Position, to: &str) -> Vec<String> {
    let sq = square_of(p, to);
    moves_where(p, |m| m.to == sq)
}

/// Asserts that the legal moves of the piece on `from` are exactly `expected`: move texts
/// separated by white space, in any order, none twice.
pub fn assert_moves_from(p: &Position, from: &str, expected: &str) {
    let mut want: Vec<&str> = expected.split_whitespace().collect();
    want.sort_unstable();
    let n = want.len();
    want.dedup();
    assert_eq!(n, want.len(), "{expected}: a move named twice");
    assert_eq!(
        moves_from(p, from),
        want,
        "{}: the moves from {from}",
        p.to_text()
    );
}

/// The position after the move with text `text` of position `p` (which must be legal there).
pub fn after(p: &Position, text: &str) -> Position {
    p.after(&p.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}")))
}

/// `plies` random legal moves from `variant`'s start (a fixed `seed`) that never end the
/// game: quiet moves that give no check and promote nothing first (the material stays, and
/// so do the pawns), no position a third time (so no repetition), no move after which the
/// board ends it, and once 60 plies pass without a pawn move or a capture, one that restarts
/// the count when there is one (a Riftwalker pawn steps back, so its games can go on for
/// ever). Panics when no move goes on.
pub fn long_line(variant: Variant, plies: usize, seed: u64) -> Vec<Move> {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut pos = Position::start(variant).unwrap();
    let mut seen = BTreeMap::from([(pos.repetition_key(), 1)]);
    let mut line = Vec::with_capacity(plies);
    while line.len() < plies {
        let mut moves = pos.legal_moves();
        rng.shuffle(&mut moves);
        let restart = pos.halfmove() >= 60;
        // The first move of the best kind that goes on; each looked at only as far as needed.
        let mut best: Option<(u8, Move, Position)> = None;
        for m in moves {
            let promotes = m
                .effects()
                .iter()
                .any(|e| matches!(e, Effect::Promote { .. }));
            if best.as_ref().is_some_and(|b| b.0 == 0) {
                break;
            }
            let after = pos.after(&m);
            let quiet = !(m.is_capture() || promotes || after.in_check());
            let restarts = after.halfmove() == 0;
            // 0 is the kind wanted; lower is better.
            let kind = u8::from(!quiet) + 2 * u8::from(restart && !restarts);
            if best.as_ref().is_some_and(|b| b.0 <= kind)
                || seen.get(&after.repetition_key()).copied().unwrap_or(0) >= 2
                || after.outcome().is_some()
            {
                continue;
            }
            best = Some((kind, m, after));
        }
        let (_, m, after) = best.unwrap_or_else(|| {
            panic!(
                "no move goes on after {} plies: {}",
                line.len(),
                pos.to_text()
            )
        });
        *seen.entry(after.repetition_key()).or_insert(0) += 1;
        pos = after;
        line.push(m);
    }
    line
}

//! An independent, deliberately naive and slow move generator for Pawnier Chess, written
//! straight from RULES.md section 4 with plain coordinate arithmetic on a 9x11 array. It
//! shares no code with the engine's move generation: it reads the engine's position text
//! with its own parser, makes its own moves, and decides check literally as RULES.md 0
//! defines it ("some enemy agent has a move, ignoring its own king's safety, that would
//! remove that king"). The tests assert that both generators give the same set of legal
//! move texts at the start, in middle-game positions and along random games, and the same
//! perft 1, 2 and 3 - the independent confirmation of `tests/perft/pawnier.perft`.

use std::collections::BTreeSet;

use fairyboard::{perft, Position, Variant};

use crate::common::{Rng, DIAG, KNIGHT, ORTHO};

const FILES: i32 = 9;
const RANKS: i32 = 11;

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Kind {
    King,
    Sergeant,
    Pawn,
    Knight,
}

/// 0 = White, 1 = Black.
type Side = usize;

#[derive(Clone, PartialEq, Eq, Debug)]
struct Board {
    /// `cells[rank][file]`, rank 0 = rank 1.
    cells: [[Option<(Side, Kind)>; 9]; 11],
    hands: [u32; 2],
    side: Side,
}

#[derive(Clone, Debug)]
enum RMove {
    Go {
        from: (i32, i32),
        to: (i32, i32),
        promo: Option<Kind>,
    },
    Drop {
        to: (i32, i32),
    },
}

/// c5, e6 and g7 are missing.
fn hole(f: i32, r: i32) -> bool {
    matches!((f, r), (2, 4) | (4, 5) | (6, 6))
}

fn real(f: i32, r: i32) -> bool {
    (0..FILES).contains(&f) && (0..RANKS).contains(&r) && !hole(f, r)
}

fn name((f, r): (i32, i32)) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

fn text(m: &RMove) -> String {
    match m {
        RMove::Go { from, to, promo } => {
            let suffix = match promo {
                None => "",
                Some(Kind::Pawn) => "p",
                Some(Kind::Knight) => "n",
                Some(_) => "?",
            };
            format!("{}{}{}", name(*from), name(*to), suffix)
        }
        RMove::Drop { to } => format!("P@{}", name(*to)),
    }
}

impl Board {
    /// Reads the board, the hands and the side to move from position text.
    fn parse(text: &str) -> Board {
        let mut fields = text.split(' ');
        let mut board_field = fields.next().unwrap().to_string();
        let mut hands = [0; 2];
        if let Some(open) = board_field.find('[') {
            for c in board_field[open..].chars() {
                match c {
                    'P' => hands[0] += 1,
                    'p' => hands[1] += 1,
                    _ => {}
                }
            }
            board_field.truncate(open);
        }
        let mut cells = [[None; 9]; 11];
        for (i, row) in board_field.split('/').enumerate() {
            let r = RANKS - 1 - i as i32;
            let mut f = 0;
            let chars: Vec<char> = row.chars().collect();
            let mut j = 0;
            while j < chars.len() {
                let c = chars[j];
                if c.is_ascii_digit() {
                    let mut n = c.to_digit(10).unwrap() as i32;
                    if j + 1 < chars.len() && chars[j + 1].is_ascii_digit() {
                        n = n * 10 + chars[j + 1].to_digit(10).unwrap() as i32;
                        j += 1;
                    }
                    f += n;
                } else if c == '*' {
                    assert!(hole(f, r));
                    f += 1;
                } else {
                    let side = if c.is_ascii_uppercase() { 0 } else { 1 };
                    let kind = match c.to_ascii_uppercase() {
                        'K' => Kind::King,
                        'S' => Kind::Sergeant,
                        'P' => Kind::Pawn,
                        'N' => Kind::Knight,
                        other => panic!("letter {other}"),
                    };
                    cells[r as usize][f as usize] = Some((side, kind));
                    f += 1;
                }
                j += 1;
            }
            assert_eq!(f, FILES);
        }
        let side = match fields.next() {
            Some("w") => 0,
            Some("b") => 1,
            other => panic!("side {other:?}"),
        };
        Board { cells, hands, side }
    }

    fn at(&self, f: i32, r: i32) -> Option<(Side, Kind)> {
        if real(f, r) {
            self.cells[r as usize][f as usize]
        } else {
            None
        }
    }

    fn is(&self, f: i32, r: i32, side: Side, kind: Kind) -> bool {
        self.at(f, r) == Some((side, kind))
    }

    /// Every move `side`'s agents could make on the board, ignoring their king's safety
    /// (no drops).
    fn board_moves(&self, side: Side) -> Vec<RMove> {
        let mut out = Vec::new();
        // A destination the piece may go to: a real square, empty or held by an enemy.
        let open = |f: i32, r: i32| real(f, r) && self.at(f, r).is_none_or(|(s, _)| s != side);
        for r in 0..RANKS {
            for f in 0..FILES {
                let Some((s, kind)) = self.at(f, r) else {
                    continue;
                };
                if s != side {
                    continue;
                }
                let from = (f, r);
                let mut go = |to: (i32, i32)| {
                    out.push(RMove::Go {
                        from,
                        to,
                        promo: None,
                    })
                };
                match kind {
                    Kind::King => {
                        for (df, dr) in ORTHO.iter().chain(DIAG.iter()) {
                            if open(f + df, r + dr) {
                                go((f + df, r + dr));
                            }
                        }
                    }
                    Kind::Knight => {
                        for (df, dr) in KNIGHT {
                            if open(f + df, r + dr) {
                                go((f + df, r + dr));
                            }
                        }
                    }
                    Kind::Sergeant => {
                        let dir = if side == 0 { 1 } else { -1 };
                        let last = if side == 0 { 8 } else { 2 };
                        let start = if side == 0 { 2 } else { 8 };
                        let mut dests = Vec::new();
                        for df in [-1, 0, 1] {
                            if open(f + df, r + dir) {
                                dests.push((f + df, r + dir));
                            }
                        }
                        if r == start
                            && real(f, r + dir)
                            && self.at(f, r + dir).is_none()
                            && real(f, r + 2 * dir)
                            && self.at(f, r + 2 * dir).is_none()
                        {
                            dests.push((f, r + 2 * dir));
                        }
                        for to in dests {
                            if to.1 == last {
                                for k in [Kind::Pawn, Kind::Knight] {
                                    out.push(RMove::Go {
                                        from,
                                        to,
                                        promo: Some(k),
                                    });
                                }
                            } else {
                                out.push(RMove::Go {
                                    from,
                                    to,
                                    promo: None,
                                });
                            }
                        }
                    }
                    Kind::Pawn => {
                        let pawn_at =
                            |(df, dr): &(i32, i32)| self.is(f + df, r + dr, side, Kind::Pawn);
                        let rook = ORTHO.iter().any(pawn_at);
                        let bishop = DIAG.iter().any(pawn_at);
                        let knight_rel = KNIGHT.iter().any(pawn_at);
                        let relay = KNIGHT
                            .iter()
                            .any(|(df, dr)| self.is(f + df, r + dr, side, Kind::Knight));
                        let mut dirs: Vec<(i32, i32)> = Vec::new();
                        if rook {
                            dirs.extend(ORTHO);
                        }
                        if bishop {
                            dirs.extend(DIAG);
                        }
                        for (df, dr) in dirs {
                            let (mut x, mut y) = (f + df, r + dr);
                            while real(x, y) {
                                match self.at(x, y) {
                                    None => go((x, y)),
                                    Some((s2, _)) => {
                                        if s2 != side {
                                            go((x, y));
                                        }
                                        break;
                                    }
                                }
                                x += df;
                                y += dr;
                            }
                        }
                        if knight_rel || relay {
                            for (df, dr) in KNIGHT {
                                if open(f + df, r + dr) {
                                    go((f + df, r + dr));
                                }
                            }
                        }
                        if !rook && !bishop && !knight_rel {
                            for (df, dr) in ORTHO {
                                if real(f + df, r + dr) && self.at(f + df, r + dr).is_none() {
                                    go((f + df, r + dr));
                                }
                            }
                        }
                    }
                }
            }
        }
        out
    }

    fn play(&self, m: &RMove) -> Board {
        let mut b = self.clone();
        match *m {
            RMove::Go { from, to, promo } => {
                let piece = b.cells[from.1 as usize][from.0 as usize].take();
                let piece = piece.map(|(s, k)| (s, promo.unwrap_or(k)));
                b.cells[to.1 as usize][to.0 as usize] = piece;
            }
            RMove::Drop { to } => {
                b.cells[to.1 as usize][to.0 as usize] = Some((self.side, Kind::Pawn));
                b.hands[self.side] -= 1;
            }
        }
        b.side = 1 - self.side;
        b
    }

    /// Whether `side`'s king is attacked: some enemy move lands on it.
    fn king_attacked(&self, side: Side) -> bool {
        let mut king = None;
        for r in 0..RANKS {
            for f in 0..FILES {
                if self.is(f, r, side, Kind::King) {
                    king = Some((f, r));
                }
            }
        }
        let king = king.expect("a king");
        self.board_moves(1 - side)
            .iter()
            .any(|m| matches!(m, RMove::Go { to, .. } if *to == king))
    }

    fn legal(&self) -> Vec<RMove> {
        let mut all = self.board_moves(self.side);
        if self.hands[self.side] > 0 {
            let ranks = if self.side == 0 { 0..4 } else { 7..11 };
            for r in ranks {
                for f in 0..FILES {
                    if real(f, r) && self.at(f, r).is_none() {
                        all.push(RMove::Drop { to: (f, r) });
                    }
                }
            }
        }
        all.into_iter()
            .filter(|m| !self.play(m).king_attacked(self.side))
            .collect()
    }

    /// Legal move texts, one per move (two powers reaching one square are one move).
    fn texts(&self) -> BTreeSet<String> {
        self.legal().iter().map(text).collect()
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal();
        // One entry per distinct move.
        let mut seen = BTreeSet::new();
        moves
            .iter()
            .filter(|m| seen.insert(text(m)))
            .map(|m| {
                if depth == 1 {
                    1
                } else {
                    self.play(m).perft(depth - 1)
                }
            })
            .sum()
    }
}

fn engine_texts(p: &Position) -> BTreeSet<String> {
    let moves = p.legal_moves();
    let set: BTreeSet<String> = moves.iter().map(|m| p.move_text(m)).collect();
    assert_eq!(
        set.len(),
        moves.len(),
        "{}: duplicate move texts",
        p.to_text()
    );
    set
}

fn compare(p: &Position) {
    let reference = Board::parse(&p.to_text()).texts();
    let engine = engine_texts(p);
    if reference != engine {
        let only_ref: Vec<_> = reference.difference(&engine).collect();
        let only_eng: Vec<_> = engine.difference(&reference).collect();
        panic!(
            "{}\nonly in the reference: {only_ref:?}\nonly in the engine: {only_eng:?}",
            p.to_text()
        );
    }
}

fn pos(text: &str) -> Position {
    crate::common::position_of(Variant::Pawnier, text)
}

/// Middle-game positions with every kind of power: pawn chains with rook, bishop and
/// knight relations, knight relays, lone pawns, sergeants about to promote (with
/// captures), checks by pawn powers, pins along pawn lines, and empty hands.
const MIDDLE_GAMES: &[&str] = &[
    // After some development: pawns dropped and advanced, a white knight from promotion.
    "9/1k1pp4/ss1sss3/p1p1P4/6*2/1P2*4/2*p5/3PN1PPP/2SS1SSSS/2PP1PK2/9[PPPpppp] w - - 0 12",
    // Sergeants one step from promotion on both sides, with captures onto the last rank.
    "9/1k7/1p1n5/S1S3p2/6*2/4*1P2/2*6/s1s6/1P7/6K2/9[Pp] w - - 0 30",
    "9/1k7/1p1n5/S1S3p2/6*2/4*1P2/2*6/s1s6/1P7/6K2/9[Pp] b - - 0 30",
    // White in check from a pawn on a rook line (its neighbour pawn gives it the power).
    "4k4/9/9/9/6*2/4*4/2*6/9/9/pp2K4/9[P] w - - 0 40",
    // A white pawn pinned on a diagonal by a black pawn with a bishop relation.
    "k8/9/9/9/6*2/4*4/2*5p/6Pp1/6P2/5K3/9[PP] w - - 0 40",
    // Knight relays: lone pawns a knight's leap from knights, both sides.
    "k8/9/3N5/9/2P3*2/4*4/2*6/9/4n4/2p2K3/9[] w - - 0 50",
    "k8/9/3N5/9/2P3*2/4*4/2*6/9/4n4/2p2K3/9[] b - - 0 50",
    // Crowded: many pawns around the holes.
    "k8/pp7/2p6/2p6/3p2*2/3p*P3/1p*2pP2/2P1Pp3/1PP1P4/P6KS/9[PPpp] w - - 0 60",
    "k8/pp7/2p6/2p6/3p2*2/3p*P3/1p*2pP2/2P1Pp3/1PP1P4/P6KS/9[PPpp] b - - 0 60",
];

#[test]
fn start_position_agrees() {
    let start = Position::start(Variant::Pawnier).unwrap();
    compare(&start);
    assert_eq!(Board::parse(&start.to_text()).texts().len(), 82);
}

#[test]
fn middle_game_positions_agree() {
    for text in MIDDLE_GAMES {
        let p = pos(text);
        compare(&p);
        // One ply deeper, every reply too.
        for m in p.legal_moves() {
            compare(&p.after(&m));
        }
    }
}

#[test]
fn perft_1_and_2_agree() {
    let start = Position::start(Variant::Pawnier).unwrap();
    let b = Board::parse(&start.to_text());
    assert_eq!(b.perft(1), 82);
    assert_eq!(b.perft(2), 6691);
    assert_eq!(perft(&start, 1), 82);
    assert_eq!(perft(&start, 2), 6691);
    for text in MIDDLE_GAMES {
        let p = pos(text);
        let b = Board::parse(&p.to_text());
        assert_eq!(perft(&p, 1), b.perft(1), "{text}");
        assert_eq!(perft(&p, 2), b.perft(2), "{text}");
    }
}

#[test]
fn perft_3_from_the_start_agrees() {
    let start = Position::start(Variant::Pawnier).unwrap();
    assert_eq!(Board::parse(&start.to_text()).perft(3), 535_190);
    assert_eq!(perft(&start, 3), 535_190);
}

/// Depth 3 of the other positions of `tests/perft/pawnier.perft`.
#[test]
fn perft_3_of_the_suite_agrees() {
    for (text, nodes) in [
        (MIDDLE_GAMES[0], 434_464),
        (MIDDLE_GAMES[1], 129_774),
        (MIDDLE_GAMES[3], 7_919),
        (MIDDLE_GAMES[4], 31_970),
        (MIDDLE_GAMES[7], 1_910_971),
    ] {
        assert_eq!(Board::parse(text).perft(3), nodes, "{text}");
        assert_eq!(perft(&pos(text), 3), nodes, "{text}");
    }
}

/// 200 random games of up to 60 plies played by the engine, from the start and from the
/// middle-game positions; the reference agrees at every position. Drops are chosen less
/// often so that the board moves (and promotions) get played, and checking moves more
/// often so that check evasions are compared too.
#[test]
fn random_games_agree() {
    let mut rng = Rng(0x5EED_0003_0AB6_162F);
    let starts: Vec<Position> = std::iter::once(Position::start(Variant::Pawnier).unwrap())
        .chain(MIDDLE_GAMES.iter().map(|t| pos(t)))
        .collect();
    let (mut positions, mut checks, mut promotions, mut knights) = (0, 0, 0, 0);
    for game in 0..200 {
        let mut p = starts[if game % 2 == 0 {
            0
        } else {
            rng.below(starts.len())
        }]
        .clone();
        for _ in 0..60 {
            compare(&p);
            positions += 1;
            checks += p.in_check() as u32;
            knights += p
                .to_text()
                .split(' ')
                .next()
                .is_some_and(|b| b.contains(['N', 'n'])) as u32;
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            let board: Vec<_> = moves.iter().filter(|m| m.from.is_some()).collect();
            let checking: Vec<_> = moves.iter().filter(|m| p.after(m).in_check()).collect();
            let m = if !checking.is_empty() && rng.below(3) == 0 {
                *checking[rng.below(checking.len())]
            } else if !board.is_empty() && rng.below(4) != 0 {
                *board[rng.below(board.len())]
            } else {
                moves[rng.below(moves.len())]
            };
            promotions += matches!(m.choice, fairyboard::Choice::Promotion(_)) as u32;
            p = p.after(&m);
        }
    }
    // The games are not vacuous: they reach checks, promotions and knights.
    assert!(positions > 10_000, "{positions}");
    assert!(
        checks > 200 && promotions > 50 && knights > 1000,
        "{checks} {promotions} {knights}"
    );
    eprintln!(
        "{positions} positions, {checks} in check, {promotions} promotions, {knights} with knights"
    );
}

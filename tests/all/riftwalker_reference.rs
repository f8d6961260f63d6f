//! An independent, deliberately naive move generator for Riftwalker Chess, written straight
//! from RULES.md section 5 on a plain 4-D array with its own coordinate arithmetic. It
//! shares no move-generation code with `src/` (it reads and writes only position text and
//! move text) and checks the engine: identical sets of legal move texts at the start, in
//! middle-game positions and along many random playouts of the engine, and the same perft
//! counts to depth 3.

use std::collections::BTreeSet;

use fairyboard::{perft, Position, Variant};

use crate::common::Rng;

/// A cell (X, Y, x, y), each 0..3.
type Cell = [i32; 4];

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
struct Agent {
    white: bool,
    /// Uppercase letter: K Q R B N W M S P.
    letter: char,
}

#[derive(Clone)]
struct Board {
    cells: [[[[Option<Agent>; 3]; 3]; 3]; 3],
    white_to_move: bool,
}

/// Drawing file (0 = a) and rank (0 = rank 1) of a cell: file 3X+x, rank 3Y+y.
fn drawn(c: Cell) -> (i32, i32) {
    (3 * c[0] + c[2], 3 * c[1] + c[3])
}

fn name(c: Cell) -> String {
    let (f, r) = drawn(c);
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

fn inside(c: Cell) -> bool {
    c.iter().all(|&v| (0..3).contains(&v))
}

/// `c` moved by `s` (+1 or -1, or +-2) in dimension `d`.
fn shift(c: Cell, d: usize, s: i32) -> Cell {
    let mut n = c;
    n[d] += s;
    n
}

/// The two steps the same way from `from` that stay on the board: for each dimension `d`
/// and sign, (d, the cell one step away, the cell two steps away).
fn two_steps(from: Cell) -> Vec<(usize, Cell, Cell)> {
    let mut v = Vec::new();
    for d in 0..4 {
        for s in [-1, 1] {
            let two = shift(from, d, 2 * s);
            if inside(two) {
                v.push((d, shift(from, d, s), two));
            }
        }
    }
    v
}

impl Board {
    /// Reads the board and side of position text (9 ranks from the top, digits for empty
    /// squares).
    fn parse(text: &str) -> Board {
        let mut fields = text.split_whitespace();
        let rows: Vec<&str> = fields.next().expect("board").split('/').collect();
        assert_eq!(rows.len(), 9, "{text}");
        let mut b = Board {
            cells: [[[[None; 3]; 3]; 3]; 3],
            white_to_move: fields.next() == Some("w"),
        };
        for (i, row) in rows.iter().enumerate() {
            let rank = 8 - i as i32;
            let mut file = 0i32;
            for ch in row.chars() {
                if let Some(n) = ch.to_digit(10) {
                    file += n as i32;
                } else {
                    let c = [file / 3, rank / 3, file % 3, rank % 3];
                    b.set(
                        c,
                        Some(Agent {
                            white: ch.is_ascii_uppercase(),
                            letter: ch.to_ascii_uppercase(),
                        }),
                    );
                    file += 1;
                }
            }
            assert_eq!(file, 9, "{text}");
        }
        b
    }

    fn get(&self, c: Cell) -> Option<Agent> {
        self.cells[c[0] as usize][c[1] as usize][c[2] as usize][c[3] as usize]
    }

    fn set(&mut self, c: Cell, a: Option<Agent>) {
        self.cells[c[0] as usize][c[1] as usize][c[2] as usize][c[3] as usize] = a;
    }

    fn empty(&self, c: Cell) -> bool {
        self.get(c).is_none()
    }

    fn all_cells() -> Vec<Cell> {
        let mut v = Vec::new();
        for a in 0..3 {
            for b in 0..3 {
                for c in 0..3 {
                    for d in 0..3 {
                        v.push([a, b, c, d]);
                    }
                }
            }
        }
        v
    }

    /// Cells one step away: one coordinate changed by one.
    fn steps(&self, from: Cell) -> Vec<Cell> {
        let mut v = Vec::new();
        for d in 0..4 {
            for s in [-1, 1] {
                let c = shift(from, d, s);
                if inside(c) {
                    v.push(c);
                }
            }
        }
        v
    }

    /// Scout: +-1 in two different dimensions, one of the two cells in between empty.
    fn scout(&self, from: Cell) -> Vec<Cell> {
        let mut v = Vec::new();
        for i in 0..4 {
            for j in i + 1..4 {
                for si in [-1, 1] {
                    for sj in [-1, 1] {
                        let dest = shift(shift(from, i, si), j, sj);
                        if !inside(dest) {
                            continue;
                        }
                        let first_i = shift(from, i, si);
                        let first_j = shift(from, j, sj);
                        if self.empty(first_i) || self.empty(first_j) {
                            v.push(dest);
                        }
                    }
                }
            }
        }
        v
    }

    /// Mystic: +-1 in three different dimensions; in some order both cells passed empty.
    fn mystic(&self, from: Cell) -> Vec<Cell> {
        let mut v = Vec::new();
        for skip in 0..4 {
            let dims: Vec<usize> = (0..4).filter(|&d| d != skip).collect();
            for signs in 0..8 {
                let s: Vec<i32> = (0..3)
                    .map(|k| if signs >> k & 1 == 1 { 1 } else { -1 })
                    .collect();
                let mut dest = from;
                for k in 0..3 {
                    dest = shift(dest, dims[k], s[k]);
                }
                if !inside(dest) {
                    continue;
                }
                let orders = [
                    [0, 1, 2],
                    [0, 2, 1],
                    [1, 0, 2],
                    [1, 2, 0],
                    [2, 0, 1],
                    [2, 1, 0],
                ];
                let ok = orders.iter().any(|o| {
                    let c1 = shift(from, dims[o[0]], s[o[0]]);
                    let c2 = shift(c1, dims[o[1]], s[o[1]]);
                    self.empty(c1) && self.empty(c2)
                });
                if ok {
                    v.push(dest);
                }
            }
        }
        v
    }

    /// Rook: a step, or two steps the same way over an empty cell.
    fn rook(&self, from: Cell) -> Vec<Cell> {
        let mut v = self.steps(from);
        for (_, one, two) in two_steps(from) {
            if self.empty(one) {
                v.push(two);
            }
        }
        v
    }

    /// Bishop: a scout move, or the same scout move twice with the cell after the first
    /// empty; each scout leg needs one of its two first cells empty.
    fn bishop(&self, from: Cell) -> Vec<Cell> {
        let mut v = self.scout(from);
        for i in 0..4 {
            for j in i + 1..4 {
                for si in [-1, 1] {
                    for sj in [-1, 1] {
                        let mid = shift(shift(from, i, si), j, sj);
                        let dest = shift(shift(mid, i, si), j, sj);
                        if !inside(dest) || !self.empty(mid) {
                            continue;
                        }
                        let leg1 = self.empty(shift(from, i, si)) || self.empty(shift(from, j, sj));
                        let leg2 = self.empty(shift(mid, i, si)) || self.empty(shift(mid, j, sj));
                        if leg1 && leg2 {
                            v.push(dest);
                        }
                    }
                }
            }
        }
        v
    }

    /// Knight: a step; or two steps one way over an empty cell onto an empty cell, then one
    /// step in another dimension.
    fn knight(&self, from: Cell) -> Vec<Cell> {
        let mut v = self.steps(from);
        for (d, one, two) in two_steps(from) {
            if !self.empty(one) || !self.empty(two) {
                continue;
            }
            for e in (0..4).filter(|&e| e != d) {
                for t in [-1, 1] {
                    let dest = shift(two, e, t);
                    if inside(dest) {
                        v.push(dest);
                    }
                }
            }
        }
        v
    }

    /// Every cell the agent on `from` could move to if it held no friend (its reach).
    fn reach(&self, from: Cell) -> Vec<Cell> {
        let Some(a) = self.get(from) else {
            return Vec::new();
        };
        match a.letter {
            'K' | 'P' => self.steps(from),
            'S' => self.scout(from),
            'M' => self.mystic(from),
            'R' => self.rook(from),
            'B' => self.bishop(from),
            'N' => self.knight(from),
            'Q' => [self.steps(from), self.scout(from)].concat(),
            'W' => [self.scout(from), self.mystic(from)].concat(),
            other => panic!("unknown letter {other}"),
        }
    }

    /// Whether an agent of the side `white` could move onto `target`.
    fn attacked_by(&self, target: Cell, white: bool) -> bool {
        Board::all_cells().into_iter().any(|c| {
            self.get(c).is_some_and(|a| a.white == white) && self.reach(c).contains(&target)
        })
    }

    fn king_of(&self, white: bool) -> Cell {
        Board::all_cells()
            .into_iter()
            .find(|&c| self.get(c) == Some(Agent { white, letter: 'K' }))
            .expect("a king")
    }

    /// The legal moves as (text, board after).
    fn legal(&self) -> Vec<(String, Board)> {
        let us = self.white_to_move;
        let mut out = Vec::new();
        for from in Board::all_cells() {
            let Some(a) = self.get(from) else { continue };
            if a.white != us {
                continue;
            }
            let dests: BTreeSet<Cell> = self.reach(from).into_iter().collect();
            for to in dests {
                if self.get(to).is_some_and(|t| t.white == us) {
                    continue;
                }
                let mut next = self.clone();
                next.set(from, None);
                next.set(to, Some(a));
                next.white_to_move = !us;
                if next.attacked_by(next.king_of(us), !us) {
                    continue;
                }
                let far = if us { 8 } else { 0 };
                if a.letter == 'P' && drawn(to).1 == far {
                    for p in ['Q', 'W', 'R', 'B', 'N', 'M', 'S'] {
                        let mut promoted = next.clone();
                        promoted.set(
                            to,
                            Some(Agent {
                                white: us,
                                letter: p,
                            }),
                        );
                        let text = format!("{}{}{}", name(from), name(to), p.to_ascii_lowercase());
                        out.push((text, promoted));
                    }
                } else {
                    out.push((format!("{}{}", name(from), name(to)), next));
                }
            }
        }
        out
    }

    fn in_check(&self) -> bool {
        self.attacked_by(self.king_of(self.white_to_move), !self.white_to_move)
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|(_, b)| b.perft(depth - 1)).sum()
    }
}

fn engine_texts(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(|m| p.move_text(m)).collect();
    v.sort();
    v
}

fn reference_texts(text: &str) -> Vec<String> {
    let mut v: Vec<String> = Board::parse(text)
        .legal()
        .into_iter()
        .map(|(t, _)| t)
        .collect();
    v.sort();
    v
}

/// Both generators agree on the legal moves and on check.
fn agree(p: &Position) {
    let text = p.to_text();
    assert_eq!(engine_texts(p), reference_texts(&text), "{text}");
    assert_eq!(p.in_check(), Board::parse(&text).in_check(), "{text}");
}

const START: &str = "rnbkqwnbr/msspppssm/9/sspppppss/9/SSPPPPPSS/9/MSSPPPSSM/RNBKQWNBR w - - 0 1";

#[test]
fn start_position_depth_1_2_3() {
    let board = Board::parse(START);
    let pos = Position::start(Variant::Riftwalker).unwrap();
    assert_eq!(pos.to_text(), START);
    agree(&pos);
    // Depth 1 is also counted by hand in tests/all/riftwalker.rs (72).
    assert_eq!(board.perft(1), 72);
    for depth in 1..=3 {
        assert_eq!(
            board.perft(depth),
            perft(&pos, depth),
            "perft {depth} from the start"
        );
    }
}

#[test]
fn every_position_after_one_and_two_moves_from_the_start() {
    let pos = Position::start(Variant::Riftwalker).unwrap();
    for m in pos.legal_moves() {
        let next = pos.after(&m);
        agree(&next);
    }
}

/// Middle-game positions with captures, blocked paths, checks, pins and promotions.
const MIDDLE_GAMES: &[&str] = &[
    // Open boards: every piece kind on both sides in the middle of things.
    "r2k1w2r/m1sp1p1sm/2n1b4/s1pq1pp1s/1B1p1P1n1/SSPPNP1Q1/2W6/M2P1PSSM/R2K4R w - - 0 12",
    "r2k1w2r/m1sp1p1sm/2n1b4/s1pq1pp1s/1B1p1P1n1/SSPPNP1Q1/2W6/M2P1PSSM/R2K4R b - - 0 12",
    // Pawns about to promote, including by the meta-step from rank 6 to rank 9 and by
    // capture; a Black pawn on rank 4 one Y-step from rank 1.
    "3k1r3/P1P6/9/1P2P4/9/p8/9/2p6/3K5 w - - 0 30",
    "3k1r3/P1P6/9/1P2P4/9/p8/9/2p6/3K5 b - - 0 30",
    // Kings in the middle, long-range pieces around them (checks and pins).
    "9/9/2b1m4/3nw1r2/4k4/2S3Q2/1B7/9/2K1R1M2 w - - 0 40",
    "9/9/2b1m4/3nw1r2/4k4/2S3Q2/1B7/9/2K1R1M2 b - - 0 40",
    // A king in a corner among knights and bishops.
    "k1N6/1q7/B1n6/1N7/9/9/9/9/8K w - - 0 50",
    "k1N6/1q7/B1n6/1N7/9/9/9/9/8K b - - 0 50",
];

#[test]
fn middle_game_perft_agrees() {
    // Depth 2 for every middle game, depth 3 for all but the (large) open one; the counts
    // in tests/perft/riftwalker.perft.
    for (i, text) in MIDDLE_GAMES.iter().enumerate() {
        let pos = Position::from_text(Variant::Riftwalker, text).unwrap();
        let board = Board::parse(text);
        let deepest = if i >= 2 { 3 } else { 2 };
        for depth in 1..=deepest {
            assert_eq!(
                board.perft(depth),
                perft(&pos, depth),
                "{text} perft {depth}"
            );
        }
    }
}

#[test]
fn middle_game_positions_and_their_successors() {
    for text in MIDDLE_GAMES {
        let pos = Position::from_text(Variant::Riftwalker, text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        agree(&pos);
        for m in pos.legal_moves() {
            agree(&pos.after(&m));
        }
    }
}

#[test]
fn random_playouts_agree() {
    let mut rng = Rng(0x5EED_0004_5F20_556E);
    let (mut compared, mut checks, mut promotions, mut ended) = (0, 0, 0, 0);
    for game in 0..200 {
        let mut pos = if game % 4 == 3 {
            Position::from_text(
                Variant::Riftwalker,
                MIDDLE_GAMES[game / 4 % MIDDLE_GAMES.len()],
            )
            .unwrap()
        } else {
            Position::start(Variant::Riftwalker).unwrap()
        };
        for _ in 0..60 {
            agree(&pos);
            compared += 1;
            let moves = pos.legal_moves();
            checks += pos.in_check() as usize;
            promotions += moves
                .iter()
                .any(|m| matches!(m.choice, fairyboard::Choice::Promotion(_)))
                as usize;
            if moves.is_empty() {
                ended += 1;
                break;
            }
            // Prefer captures half of the time, so that games open up and pawns promote.
            let captures: Vec<_> = moves.iter().filter(|m| m.is_capture()).collect();
            let m = if !captures.is_empty() && rng.next().is_multiple_of(2) {
                *captures[rng.next() as usize % captures.len()]
            } else {
                moves[rng.next() as usize % moves.len()]
            };
            pos = pos.after(&m);
        }
    }
    // The playouts are not vacuous: checks, promotions and finished games occur.
    eprintln!(
        "{compared} positions, {checks} in check, {promotions} with promotions, {ended} ended"
    );
    assert!(compared > 10_000, "{compared}");
    assert!(
        checks > 100 && promotions > 50 && ended > 0,
        "{checks} {promotions} {ended}"
    );
}

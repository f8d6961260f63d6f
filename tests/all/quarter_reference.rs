//! A second, independent Quarter Chess move generator (RULES.md 3 with rulings Q1-Q16),
//! written for clarity, not speed: an 8x8 array, coordinate arithmetic, attacks computed
//! forward from every attacker, and every rule checked by playing the move on a copy. The
//! engine must agree with it move for move (text, resulting board, side, en passant square
//! and special win) along random games, and on the perft suite `tests/perft/quarter.perft`.

use std::collections::BTreeMap;

use fairyboard::{Color, Effect, How, Kind, Move, Piece, Position, Reason, Variant, Why};

use crate::common::{assert_same_moves, perft_suite, Rng, DIAG, KNIGHT, ORTHO};

type Cell = Option<(Color, Kind)>;

/// A Quarter Chess position as the reference sees it.
#[derive(Clone, PartialEq, Eq, Debug)]
struct Board {
    /// `cells[rank][file]`, rank 0 = White's first rank.
    cells: [[Cell; 8]; 8],
    side: Color,
    /// The square passed over by a double step, when an enemy pawn stands beside the pawn
    /// that made it (the engine's convention for position text).
    ep: Option<(i32, i32)>,
}

/// A legal move as the reference sees it: its text, the position after it, its special win.
#[derive(Clone, PartialEq, Eq, Debug)]
struct RefMove {
    text: String,
    next: Board,
    wins: Option<Reason>,
}

fn on(f: i32, r: i32) -> bool {
    (0..8).contains(&f) && (0..8).contains(&r)
}

fn name(f: i32, r: i32) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

fn other(c: Color) -> Color {
    c.opponent()
}

impl Board {
    fn from_engine(pos: &Position) -> Board {
        let g = pos.geometry();
        let mut cells = [[None; 8]; 8];
        for (r, row) in cells.iter_mut().enumerate() {
            for (f, cell) in row.iter_mut().enumerate() {
                let sq = g.at(f as i32, r as i32).expect("8x8");
                *cell = pos.piece_at(sq).map(|p| (p.color(), p.kind()));
            }
        }
        Board {
            cells,
            side: pos.side(),
            ep: pos.ep().map(|s| (g.file(s) as i32, g.rank(s) as i32)),
        }
    }

    fn at(&self, f: i32, r: i32) -> Cell {
        if on(f, r) {
            self.cells[r as usize][f as usize]
        } else {
            None
        }
    }

    fn set(&mut self, f: i32, r: i32, c: Cell) {
        self.cells[r as usize][f as usize] = c;
    }

    fn is(&self, f: i32, r: i32, color: Color, kind: Kind) -> bool {
        self.at(f, r) == Some((color, kind))
    }

    fn king(&self, color: Color) -> Option<(i32, i32)> {
        (0..8)
            .flat_map(|r| (0..8).map(move |f| (f, r)))
            .find(|&(f, r)| self.is(f, r, color, Kind::King))
    }

    /// Q10: a non-merchant, non-driver agent with an enemy merchant and no friendly merchant
    /// orthogonally next to it.
    fn frozen(&self, f: i32, r: i32) -> bool {
        let Some((c, k)) = self.at(f, r) else {
            return false;
        };
        if k == Kind::Merchant || k == Kind::Driver {
            return false;
        }
        let next: Vec<Cell> = ORTHO
            .iter()
            .map(|&(df, dr)| self.at(f + df, r + dr))
            .collect();
        next.contains(&Some((other(c), Kind::Merchant)))
            && !next.contains(&Some((c, Kind::Merchant)))
    }

    /// The squares the agent on (f, r) attacks: it could take a king there.
    fn attacks(&self, f: i32, r: i32) -> Vec<(i32, i32)> {
        let Some((c, k)) = self.at(f, r) else {
            return vec![];
        };
        if self.frozen(f, r) {
            return vec![];
        }
        let mut out = vec![];
        let lines = |dirs: &[(i32, i32)], out: &mut Vec<(i32, i32)>| {
            for &(df, dr) in dirs {
                let (mut x, mut y) = (f + df, r + dr);
                while on(x, y) {
                    out.push((x, y));
                    if self.at(x, y).is_some() {
                        break;
                    }
                    x += df;
                    y += dr;
                }
            }
        };
        match k {
            Kind::King => out.extend(ORTHO.iter().chain(&DIAG).map(|&(a, b)| (f + a, r + b))),
            Kind::Knight => out.extend(KNIGHT.iter().map(|&(a, b)| (f + a, r + b))),
            Kind::Rook => lines(&ORTHO, &mut out),
            Kind::Archbishop => {
                lines(&DIAG, &mut out);
                out.extend(KNIGHT.iter().map(|&(a, b)| (f + a, r + b)));
            }
            Kind::Pawn => {
                let fw = if c == Color::White { 1 } else { -1 };
                out.extend([(f - 1, r + fw), (f + 1, r + fw)]);
            }
            // Merchants and drivers never attack.
            _ => {}
        }
        out.retain(|&(x, y)| on(x, y));
        out
    }

    fn king_attacked(&self, color: Color) -> bool {
        let Some(k) = self.king(color) else {
            return false;
        };
        (0..8).any(|r| {
            (0..8).any(|f| {
                matches!(self.at(f, r), Some((c, _)) if c == other(color))
                    && self.attacks(f, r).contains(&k)
            })
        })
    }

    /// Q15: the traps of `color`'s king: its square and the line (0 file, 1 rank) on which
    /// two enemy merchants stand on both sides of it.
    fn traps(&self, color: Color) -> Vec<((i32, i32), u8)> {
        let Some((f, r)) = self.king(color) else {
            return vec![];
        };
        let m = |x, y| self.is(x, y, other(color), Kind::Merchant);
        let mut out = vec![];
        if m(f, r + 1) && m(f, r - 1) {
            out.push(((f, r), 0));
        }
        if m(f + 1, r) && m(f - 1, r) {
            out.push(((f, r), 1));
        }
        out
    }

    fn newly_trapped(&self, after: &Board, color: Color) -> bool {
        let before = self.traps(color);
        after.traps(color).iter().any(|t| !before.contains(t))
    }
}

/// What sort of candidate a move is, for the rules that depend on it.
#[derive(PartialEq, Clone, Copy)]
enum Sort {
    Ordinary,
    Shift,
    DriverAction,
}

struct Candidate {
    text: String,
    next: Board,
    sort: Sort,
    backstab: bool,
}

/// Every legal move of the side to move.
fn legal_moves(b: &Board) -> Vec<RefMove> {
    let us = b.side;
    let them = other(us);
    let mut cands: Vec<Candidate> = vec![];
    for r in 0..8 {
        for f in 0..8 {
            let Some((c, k)) = b.at(f, r) else { continue };
            if c != us || b.frozen(f, r) {
                continue;
            }
            generate_piece(b, f, r, k, &mut cands);
        }
    }
    let mut out = vec![];
    for mut c in cands {
        // A move is played: the other side moves next; en passant only right after a
        // double step (set by the generator).
        c.next.side = them;
        if c.sort == Sort::DriverAction && b.newly_trapped(&c.next, us) {
            continue; // Q7
        }
        let wins = if c.backstab {
            Some(Reason::Backstab)
        } else if b.newly_trapped(&c.next, them) {
            Some(Reason::KingTrapped)
        } else {
            None
        };
        // Q13: a special win is always legal. Otherwise the own king may not be attacked,
        // nor, after a shift, the enemy king (Q3).
        let exposed = c.next.king_attacked(us);
        let shift_checks = c.sort == Sort::Shift && c.next.king_attacked(them);
        let legal = wins.is_some() || !(exposed || shift_checks);
        if legal {
            out.push(RefMove {
                text: c.text,
                next: c.next,
                wins,
            });
        }
    }
    out
}

fn cleared(b: &Board) -> Board {
    let mut n = b.clone();
    n.ep = None;
    n
}

fn generate_piece(b: &Board, f: i32, r: i32, k: Kind, out: &mut Vec<Candidate>) {
    let us = b.side;
    let from = name(f, r);
    let me = b.at(f, r);
    // A plain relocation, capturing whatever enemy stands on the target.
    let relocate = |x: i32, y: i32| {
        let mut n = cleared(b);
        n.set(f, r, None);
        n.set(x, y, me);
        n
    };
    let mut quiet_targets: Vec<(i32, i32)> = vec![];
    let ordinary = |x: i32, y: i32, out: &mut Vec<Candidate>, quiet: &mut Vec<(i32, i32)>| {
        match b.at(x, y) {
            None => quiet.push((x, y)),
            Some((c, _)) if c == us => return,
            Some(_) => {}
        }
        out.push(Candidate {
            text: format!("{from}{}", name(x, y)),
            next: relocate(x, y),
            sort: Sort::Ordinary,
            backstab: false,
        });
    };
    let lines = |dirs: &[(i32, i32)], capture: bool| -> Vec<(i32, i32)> {
        let mut t = vec![];
        for &(df, dr) in dirs {
            let (mut x, mut y) = (f + df, r + dr);
            while on(x, y) {
                match b.at(x, y) {
                    None => t.push((x, y)),
                    Some((c, _)) => {
                        if capture && c != us {
                            t.push((x, y));
                        }
                        break;
                    }
                }
                x += df;
                y += dr;
            }
        }
        t
    };
    let leaps = |dirs: &[(i32, i32)]| -> Vec<(i32, i32)> {
        dirs.iter()
            .map(|&(a, c)| (f + a, r + c))
            .filter(|&(x, y)| on(x, y))
            .collect()
    };
    match k {
        Kind::King => {
            for (x, y) in leaps(&[ORTHO, DIAG].concat()) {
                ordinary(x, y, out, &mut quiet_targets);
            }
        }
        Kind::Rook => {
            for (x, y) in lines(&ORTHO, true) {
                ordinary(x, y, out, &mut quiet_targets);
            }
        }
        Kind::Knight => {
            for (x, y) in leaps(&KNIGHT) {
                ordinary(x, y, out, &mut quiet_targets);
            }
        }
        Kind::Archbishop => {
            for (x, y) in lines(&DIAG, true).into_iter().chain(leaps(&KNIGHT)) {
                ordinary(x, y, out, &mut quiet_targets);
            }
        }
        Kind::Pawn => pawn(b, f, r, out),
        Kind::Merchant => {
            for (x, y) in leaps(&[ORTHO, DIAG].concat()) {
                if b.at(x, y).is_none() {
                    out.push(merchant_to(b, f, r, x, y, Sort::Ordinary));
                }
            }
        }
        Kind::Driver => {
            for (x, y) in lines(&DIAG, false) {
                ordinary(x, y, out, &mut quiet_targets);
            }
            driver_actions(b, f, r, out);
        }
        _ => {}
    }
    // Quadrant shift (Q3): not kings, not pawns; to an empty corresponding square; one
    // move, one entry: not where the ordinary quiet move already goes.
    if k != Kind::King && k != Kind::Pawn {
        let (qf, qr) = (f % 4, r % 4);
        for bx in [0, 4] {
            for by in [0, 4] {
                let (x, y) = (bx + qf, by + qr);
                if (x, y) == (f, r) || b.at(x, y).is_some() || quiet_targets.contains(&(x, y)) {
                    continue;
                }
                if k == Kind::Merchant {
                    out.push(merchant_to(b, f, r, x, y, Sort::Shift));
                } else {
                    out.push(Candidate {
                        text: format!("{from}{}", name(x, y)),
                        next: relocate(x, y),
                        sort: Sort::Shift,
                        backstab: false,
                    });
                }
            }
        }
    }
}

/// A merchant's step or shift to the empty (x, y), with its custodian captures (Q5).
fn merchant_to(b: &Board, f: i32, r: i32, x: i32, y: i32, sort: Sort) -> Candidate {
    let us = b.side;
    let mut n = cleared(b);
    n.set(f, r, None);
    n.set(x, y, Some((us, Kind::Merchant)));
    let mut backstab = false;
    for (df, dr) in ORTHO {
        let victim = n.at(x + df, y + dr);
        if matches!(victim, Some((c, _)) if c != us)
            && n.is(x + 2 * df, y + 2 * dr, us, Kind::Merchant)
        {
            backstab |= victim.map(|v| v.1) == Some(Kind::King);
        }
    }
    // Remove after deciding every victim (they are all judged on the board as landed).
    let mut m = n.clone();
    for (df, dr) in ORTHO {
        if matches!(n.at(x + df, y + dr), Some((c, _)) if c != us)
            && n.is(x + 2 * df, y + 2 * dr, us, Kind::Merchant)
        {
            m.set(x + df, y + dr, None);
        }
    }
    Candidate {
        text: format!("{}{}", name(f, r), name(x, y)),
        next: m,
        sort,
        backstab,
    }
}

fn pawn(b: &Board, f: i32, r: i32, out: &mut Vec<Candidate>) {
    let us = b.side;
    let fw = if us == Color::White { 1 } else { -1 };
    let second = if us == Color::White { 1 } else { 6 };
    let last = if us == Color::White { 7 } else { 0 };
    let from = name(f, r);
    let mut go = |x: i32, y: i32, ep_victim: Option<(i32, i32)>, double: bool| {
        let mut n = cleared(b);
        n.set(f, r, None);
        if let Some((vx, vy)) = ep_victim {
            n.set(vx, vy, None);
        }
        if double {
            let beside = [x - 1, x + 1]
                .iter()
                .any(|&bx| n.is(bx, y, other(us), Kind::Pawn));
            if beside {
                n.ep = Some((x, y - fw));
            }
        }
        if y == last {
            // Q9: R, N, D, A or M.
            for (letter, kind) in [
                ('r', Kind::Rook),
                ('n', Kind::Knight),
                ('d', Kind::Driver),
                ('a', Kind::Archbishop),
                ('m', Kind::Merchant),
            ] {
                let mut p = n.clone();
                p.set(x, y, Some((us, kind)));
                out.push(Candidate {
                    text: format!("{from}{}{letter}", name(x, y)),
                    next: p,
                    sort: Sort::Ordinary,
                    backstab: false,
                });
            }
        } else {
            n.set(x, y, Some((us, Kind::Pawn)));
            out.push(Candidate {
                text: format!("{from}{}", name(x, y)),
                next: n,
                sort: Sort::Ordinary,
                backstab: false,
            });
        }
    };
    if on(f, r + fw) && b.at(f, r + fw).is_none() {
        go(f, r + fw, None, false);
        if r == second && b.at(f, r + 2 * fw).is_none() {
            go(f, r + 2 * fw, None, true);
        }
    }
    for x in [f - 1, f + 1] {
        let y = r + fw;
        if !on(x, y) {
            continue;
        }
        match b.at(x, y) {
            Some((c, _)) if c != us => go(x, y, None, false),
            None if b.ep == Some((x, y)) => go(x, y, Some((x, r)), false),
            _ => {}
        }
    }
}

/// Pull, push, switch and absorb of the driver on (f, r); the driver stays.
fn driver_actions(b: &Board, f: i32, r: i32, out: &mut Vec<Candidate>) {
    let us = b.side;
    let d = name(f, r);
    let action = |text: String, next: Board| Candidate {
        text,
        next,
        sort: Sort::DriverAction,
        backstab: false,
    };
    // Pull.
    let mut pulled = cleared(b);
    let mut any = false;
    for (df, dr) in ORTHO {
        let mut dist = 1;
        while on(f + dist * df, r + dist * dr) && b.at(f + dist * df, r + dist * dr).is_none() {
            dist += 1;
        }
        let (x, y) = (f + dist * df, r + dist * dr);
        if on(x, y) && dist >= 2 {
            pulled.set(x - df, y - dr, b.at(x, y));
            pulled.set(x, y, None);
            any = true;
        }
    }
    if any {
        out.push(action(format!("{d}:pull"), pulled));
    }
    for (df, dr) in ORTHO {
        let (x, y) = (f + df, r + dr);
        let Some((c, k)) = b.at(x, y) else { continue };
        // Push.
        if on(x + df, y + dr) && b.at(x + df, y + dr).is_none() {
            let mut n = cleared(b);
            n.set(x + df, y + dr, Some((c, k)));
            n.set(x, y, None);
            out.push(action(format!("{d}:push:{}", name(x, y)), n));
        }
        // Absorb: an enemy, never a king.
        if c != us && k != Kind::King {
            let mut n = cleared(b);
            n.set(x, y, None);
            out.push(action(format!("{d}:absorb:{}", name(x, y)), n));
        }
    }
    // Switch (Q12): south with north, west with east; two agents that differ.
    for ((ax, ay), (bx, by)) in [((f, r - 1), (f, r + 1)), ((f - 1, r), (f + 1, r))] {
        let (pa, pb) = (b.at(ax, ay), b.at(bx, by));
        if pa.is_some() && pb.is_some() && pa != pb {
            let mut n = cleared(b);
            n.set(ax, ay, pb);
            n.set(bx, by, pa);
            out.push(action(
                format!("{d}:switch:{}{}", name(ax, ay), name(bx, by)),
                n,
            ));
        }
    }
}

fn reference_perft(b: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = legal_moves(b);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| {
            if m.wins.is_some() {
                0 // the game is over: no further moves
            } else {
                reference_perft(&m.next, depth - 1)
            }
        })
        .sum()
}

/// The engine's legal moves in the reference's terms, by text.
fn engine_moves(pos: &Position) -> BTreeMap<String, RefMove> {
    pos.legal_moves()
        .iter()
        .map(|m| {
            let text = pos.move_text(m);
            let next = Board::from_engine(&pos.after(m));
            (
                text.clone(),
                RefMove {
                    text,
                    next,
                    wins: m.wins,
                },
            )
        })
        .collect()
}

/// Compares the two generators in one position; panics naming the difference.
fn compare(pos: &Position) {
    let fen = pos.to_text();
    let b = Board::from_engine(pos);
    let ours = engine_moves(pos);
    assert_eq!(
        ours.len(),
        pos.legal_moves().len(),
        "{fen}: two moves share a text"
    );
    let reference: BTreeMap<String, RefMove> = legal_moves(&b)
        .into_iter()
        .map(|m| (m.text.clone(), m))
        .collect();
    assert_same_moves(&fen, &ours, &reference);
    for (t, m) in &ours {
        let r = &reference[t];
        assert_eq!(m.wins, r.wins, "{fen}: {t} wins");
        assert_eq!(m.next, r.next, "{fen}: {t} leads elsewhere");
    }
    assert_eq!(pos.count_legal(), ours.len(), "{fen}: count");
}

/// Positions the suite and the random games start from.
fn suite() -> Vec<(String, String)> {
    perft_suite(Variant::Quarter)
        .into_iter()
        .map(|case| (case.id, case.epd))
        .collect()
}

/// What a move does, for counting how often the random games meet each rule.
fn features(m: &Move) -> Vec<&'static str> {
    let mut out = vec![];
    for e in m.effects() {
        out.push(match e {
            Effect::Move {
                how: How::Shift, ..
            } => "shift",
            Effect::Move {
                how: How::Pulled, ..
            } => "pull",
            Effect::Move {
                how: How::Pushed, ..
            } => "push",
            Effect::Swap { .. } => "switch",
            Effect::Remove {
                why: Why::Absorb, ..
            } => "absorb",
            Effect::Remove {
                why: Why::Custodian,
                ..
            } => "custodian",
            Effect::Remove {
                why: Why::EnPassant,
                ..
            } => "en passant",
            Effect::Promote { .. } => "promotion",
            _ => continue,
        });
    }
    match m.wins {
        Some(Reason::Backstab) => out.push("backstab"),
        Some(Reason::KingTrapped) => out.push("king trapped"),
        _ => {}
    }
    out
}

#[test]
fn reference_agrees_along_random_games() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut positions = 0;
    let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
    for (id, fen) in suite() {
        for _game in 0..60 {
            let mut pos =
                Position::from_text(Variant::Quarter, &fen).unwrap_or_else(|e| panic!("{id}: {e}"));
            for _ply in 0..150 {
                compare(&pos);
                positions += 1;
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                for m in &moves {
                    for f in features(m) {
                        *seen.entry(f).or_default() += 1;
                    }
                }
                // Prefer merchants and drivers, so that pulls, switches, custodian captures
                // and special wins are met often.
                let special: Vec<&Move> = moves
                    .iter()
                    .filter(|m| {
                        m.from
                            .and_then(|f| pos.piece_at(f))
                            .is_some_and(|p| matches!(p.kind(), Kind::Driver | Kind::Merchant))
                    })
                    .collect();
                let m = if !special.is_empty() && rng.below_high(3) != 0 {
                    *special[rng.below_high(special.len())]
                } else {
                    moves[rng.below_high(moves.len())]
                };
                pos = pos.after(&m);
                if m.wins.is_some() {
                    // The game is over: the engine offers no more moves.
                    assert!(pos.legal_moves().is_empty() && pos.outcome().is_some());
                    *seen.entry("games won at once").or_default() += 1;
                    break;
                }
            }
        }
    }
    println!("{positions} positions compared; legal moves met: {seen:?}");
    assert!(positions > 20_000, "only {positions} positions compared");
    for f in [
        "shift",
        "pull",
        "push",
        "switch",
        "absorb",
        "custodian",
        "en passant",
        "promotion",
        "backstab",
        "king trapped",
        "games won at once",
    ] {
        assert!(seen.get(f).copied().unwrap_or(0) >= 20, "{f}: {seen:?}");
    }
}

#[test]
fn reference_agrees_in_random_positions() {
    // Random boards reach what games rarely do: kings frozen or trapped already, pawns on
    // their first or last rank, merchants in rows, drivers side by side.
    let mut rng = Rng(0xD1B5_4A32_D192_ED03);
    let kinds = [
        Kind::Rook,
        Kind::Knight,
        Kind::Archbishop,
        Kind::Driver,
        Kind::Merchant,
        Kind::Merchant,
        Kind::Pawn,
    ];
    let mut compared = 0;
    for _ in 0..3000 {
        let mut setup = fairyboard::Setup::parse(Variant::Quarter, "8/8/8/8/8/8/8/8 w").unwrap();
        let mut free: Vec<usize> = (0..64).collect();
        let mut place = |rng: &mut Rng, p: Piece, board: &mut Vec<Option<Piece>>| {
            let i = free.swap_remove(rng.below_high(free.len()));
            board[i] = Some(p);
        };
        for c in Color::ALL {
            place(&mut rng, Piece::new(c, Kind::King), &mut setup.board);
        }
        for _ in 0..4 + rng.below_high(14) {
            let c = Color::ALL[rng.below_high(2)];
            let k = kinds[rng.below_high(kinds.len())];
            place(&mut rng, Piece::new(c, k), &mut setup.board);
        }
        setup.side = Color::ALL[rng.below_high(2)];
        if let Ok(pos) = Position::from_setup(&setup) {
            compare(&pos);
            for m in pos.legal_moves() {
                if m.wins.is_none() {
                    compare(&pos.after(&m));
                }
            }
            compared += 1;
        }
    }
    assert!(
        compared > 1000,
        "only {compared} random positions were legal"
    );
}

#[test]
fn reference_perft_matches_the_suite() {
    let mut checked = 0;
    for case in perft_suite(Variant::Quarter) {
        let pos = Position::from_text(Variant::Quarter, &case.epd).expect("suite position");
        let b = Board::from_engine(&pos);
        for &(d, n) in case.counts.iter().filter(|&&(d, _)| d <= 3) {
            assert_eq!(reference_perft(&b, d), n, "reference perft {d} of {b:?}");
            checked += 1;
        }
    }
    assert!(checked >= 15);
}

#[test]
fn reference_sees_the_pieces_the_engine_has() {
    // The reference reads the engine's board through this mapping only.
    let pos = Position::start(Variant::Quarter).unwrap();
    let b = Board::from_engine(&pos);
    assert_eq!(b.at(4, 0), Some((Color::White, Kind::King)));
    assert_eq!(b.at(3, 7), Some((Color::Black, Kind::King)));
    assert_eq!(
        pos.piece_at(pos.geometry().parse_square("d2").unwrap()),
        Some(Piece::new(Color::White, Kind::Merchant))
    );
    assert_eq!(b.at(3, 1), Some((Color::White, Kind::Merchant)));
}

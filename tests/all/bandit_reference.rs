//! An independent, deliberately naive move generator for Bandit Chess, written straight
//! from RULES.md section 2 (and docs/rulings-bandit.md) with plain coordinate arithmetic on
//! a 7x9 array. It shares nothing with the engine's move generation: it reads and writes
//! position text itself, finds moves square by square, plays them on a copy of the array and
//! asks whether a king of the mover is then attacked.
//!
//! The engine must agree with it exactly: the same legal move texts, and for each move the
//! same position text afterwards (board, side, en passant square, counters) and the same
//! special win. Checked at the start position (perft 1-4), at hand-made middle-game
//! positions, along random games of the engine, and in random positions.

use std::collections::BTreeMap;

use fairyboard::{perft, Effect, Game, How, Kind, Position, Reason, Variant, Why};

use crate::common::{perft_suite, Rng, DIAG, KNIGHT, ORTHO};

const FILES: i32 = 7;
const RANKS: i32 = 9;
const START: &str = "ctbkorc/n1sss1n/ppppppp/7/7/7/PPPPPPP/N1SSS1N/CROKBTC w - - 0 1";

/// An agent: colour (true = White) and its uppercase letter.
type Agent = (bool, char);

/// A position as the reference sees it. `b[rank][file]`, rank 0 = rank 1.
#[derive(Clone, PartialEq, Debug)]
struct Ref {
    b: [[Option<Agent>; 7]; 9],
    white: bool,
    ep: Option<(i32, i32)>,
    halfmove: u32,
    fullmove: u32,
}

/// A legal move as the reference sees it: the position after it and whether it wins.
#[derive(Clone, PartialEq, Debug)]
struct Outcome {
    after: String,
    wins: bool,
}

fn on(f: i32, r: i32) -> bool {
    (0..FILES).contains(&f) && (0..RANKS).contains(&r)
}

fn name(f: i32, r: i32) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

/// The move text of a step from (f, r) to (x, y): the two squares' names.
fn step_text(f: i32, r: i32, x: i32, y: i32) -> String {
    format!("{}{}", name(f, r), name(x, y))
}

impl Ref {
    fn parse(text: &str) -> Ref {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let mut b = [[None; 7]; 9];
        for (i, row) in fields[0].split('/').enumerate() {
            let r = RANKS - 1 - i as i32;
            let mut f = 0;
            for ch in row.chars() {
                if let Some(n) = ch.to_digit(10) {
                    f += n as i32;
                } else {
                    b[r as usize][f as usize] =
                        Some((ch.is_ascii_uppercase(), ch.to_ascii_uppercase()));
                    f += 1;
                }
            }
        }
        let ep = fields.get(3).filter(|&&e| e != "-").map(|e| {
            let bytes = e.as_bytes();
            ((bytes[0] - b'a') as i32, e[1..].parse::<i32>().unwrap() - 1)
        });
        Ref {
            b,
            white: fields[1] == "w",
            ep,
            halfmove: fields.get(4).map_or(0, |h| h.parse().unwrap()),
            fullmove: fields.get(5).map_or(1, |h| h.parse().unwrap()),
        }
    }

    fn text(&self) -> String {
        let mut rows = Vec::new();
        for r in (0..RANKS).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for f in 0..FILES {
                match self.b[r as usize][f as usize] {
                    None => empty += 1,
                    Some((w, l)) => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        row.push(if w { l } else { l.to_ascii_lowercase() });
                    }
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            rows.push(row);
        }
        format!(
            "{} {} - {} {} {}",
            rows.join("/"),
            if self.white { 'w' } else { 'b' },
            self.ep.map_or("-".to_string(), |(f, r)| name(f, r)),
            self.halfmove,
            self.fullmove
        )
    }

    fn at(&self, f: i32, r: i32) -> Option<Agent> {
        if on(f, r) {
            self.b[r as usize][f as usize]
        } else {
            None
        }
    }

    fn set(&mut self, f: i32, r: i32, a: Option<Agent>) {
        self.b[r as usize][f as usize] = a;
    }

    /// Whether a king of colour `white` on (f, r) could be taken by the other side: by
    /// pawns, sergeants, knights, bishops, rooks, chancellors and kings (tricksters and
    /// outlaws never give check).
    fn attacked(&self, f: i32, r: i32, white: bool) -> bool {
        let enemy = !white;
        let is = |df: i32, dr: i32, letters: &str| {
            self.at(f + df, r + dr)
                .is_some_and(|(w, l)| w == enemy && letters.contains(l))
        };
        // An enemy pawn or sergeant attacks forward, i.e. from one rank behind us as it sees it.
        let back = if enemy { -1 } else { 1 };
        if is(-1, back, "PS") || is(1, back, "PS") || is(0, back, "S") {
            return true;
        }
        for (df, dr) in KNIGHT {
            if is(df, dr, "NC") {
                return true;
            }
        }
        for df in -1..=1 {
            for dr in -1..=1 {
                if (df, dr) != (0, 0) && is(df, dr, "K") {
                    return true;
                }
            }
        }
        for (df, dr) in ORTHO.into_iter().chain(DIAG) {
            let sliders = if df == 0 || dr == 0 { "RC" } else { "B" };
            let (mut x, mut y) = (f + df, r + dr);
            while on(x, y) {
                if let Some((w, l)) = self.at(x, y) {
                    if w == enemy && sliders.contains(l) {
                        return true;
                    }
                    break;
                }
                x += df;
                y += dr;
            }
        }
        false
    }

    fn king_attacked(&self, white: bool) -> bool {
        (0..RANKS).any(|r| {
            (0..FILES).any(|f| self.at(f, r) == Some((white, 'K')) && self.attacked(f, r, white))
        })
    }

    /// Every legal move: its text, and the position after it.
    fn legal(&self) -> BTreeMap<String, Outcome> {
        let mut found: BTreeMap<String, Outcome> = BTreeMap::new();
        let me = self.white;
        // A side whose (last) king an outlaw has taken has lost: the game is over.
        let has_king = |white: bool| self.b.iter().flatten().any(|&a| a == Some((white, 'K')));
        if !has_king(true) || !has_king(false) {
            return found;
        }
        for r in 0..RANKS {
            for f in 0..FILES {
                if let Some((w, l)) = self.at(f, r) {
                    if w == me {
                        self.piece_moves(f, r, l, &mut found);
                    }
                }
            }
        }
        found
    }

    /// Adds a move if it is legal; the same text twice must mean the same result.
    fn add(
        &self,
        found: &mut BTreeMap<String, Outcome>,
        text: String,
        next: Ref,
        wins: bool,
        irreversible: bool,
    ) {
        let mut next = next;
        // Legal unless a king of the mover is attacked afterwards; a move that takes the
        // enemy king wins at once whatever it leaves (B13).
        if !wins && next.king_attacked(self.white) {
            return;
        }
        next.white = !self.white;
        next.halfmove = if irreversible { 0 } else { self.halfmove + 1 };
        next.fullmove = self.fullmove + if self.white { 0 } else { 1 };
        let outcome = Outcome {
            after: next.text(),
            wins,
        };
        if let Some(old) = found.get(&text) {
            assert_eq!(old, &outcome, "{}: two different moves {text}", self.text());
        }
        found.insert(text, outcome);
    }

    /// A fresh copy for the next position (no en passant square unless a double step sets one).
    fn copy(&self) -> Ref {
        let mut n = self.clone();
        n.ep = None;
        n
    }

    /// A plain move or capture from (f, r) to (tf, tr). Returns false if it may not take
    /// what stands there. A capturer of an outlaw is destroyed; a king never takes one;
    /// only pawns, knights and chancellors take a trickster.
    fn go(
        &self,
        found: &mut BTreeMap<String, Outcome>,
        (f, r): (i32, i32),
        (tf, tr): (i32, i32),
        letter: char,
        promote: bool,
    ) {
        let victim = self.at(tf, tr);
        if let Some((_, v)) = victim {
            if v == 'T' && !"PNC".contains(letter) {
                return;
            }
            if v == 'O' && letter == 'K' {
                return;
            }
        }
        let destroyed = victim.is_some_and(|(_, v)| v == 'O');
        let irreversible = victim.is_some() || "PS".contains(letter);
        let mut next = self.copy();
        next.set(f, r, None);
        if destroyed {
            // Promotion changes nothing: one move without a promotion letter (B15).
            next.set(tf, tr, None);
            self.add(found, step_text(f, r, tf, tr), next, false, true);
            return;
        }
        if promote {
            for p in ['C', 'R', 'B', 'N', 'T', 'O'] {
                let mut n = next.clone();
                n.set(tf, tr, Some((self.white, p)));
                self.add(
                    found,
                    format!("{}{}{}", name(f, r), name(tf, tr), p.to_ascii_lowercase()),
                    n,
                    false,
                    true,
                );
            }
            return;
        }
        next.set(tf, tr, Some((self.white, letter)));
        self.add(found, step_text(f, r, tf, tr), next, false, irreversible);
    }

    fn piece_moves(&self, f: i32, r: i32, letter: char, found: &mut BTreeMap<String, Outcome>) {
        let me = self.white;
        let fwd = if me { 1 } else { -1 };
        let last = if me { RANKS - 1 } else { 0 };
        let (knight, rook, bishop) = (KNIGHT, ORTHO, DIAG);
        let empty = |x: i32, y: i32| on(x, y) && self.at(x, y).is_none();
        let enemy = |x: i32, y: i32| self.at(x, y).is_some_and(|(w, _)| w != me);
        let target = |x: i32, y: i32| on(x, y) && self.at(x, y).is_none_or(|(w, _)| w != me);
        match letter {
            'K' | 'N' => {
                let steps: Vec<(i32, i32)> = if letter == 'N' {
                    knight.to_vec()
                } else {
                    rook.iter().chain(bishop.iter()).copied().collect()
                };
                for (df, dr) in steps {
                    if target(f + df, r + dr) {
                        self.go(found, (f, r), (f + df, r + dr), letter, false);
                    }
                }
            }
            'R' | 'B' | 'C' => {
                let lines: &[(i32, i32)] = if letter == 'B' { &bishop } else { &rook };
                for &(df, dr) in lines {
                    let (mut x, mut y) = (f + df, r + dr);
                    while on(x, y) {
                        if self.at(x, y).is_some() {
                            if enemy(x, y) {
                                self.go(found, (f, r), (x, y), letter, false);
                            }
                            break;
                        }
                        self.go(found, (f, r), (x, y), letter, false);
                        x += df;
                        y += dr;
                    }
                }
                if letter == 'C' {
                    for (df, dr) in knight {
                        if target(f + df, r + dr) {
                            self.go(found, (f, r), (f + df, r + dr), letter, false);
                        }
                    }
                }
            }
            'P' => {
                let start = if me { 2 } else { 6 };
                if empty(f, r + fwd) {
                    self.go(found, (f, r), (f, r + fwd), 'P', r + fwd == last);
                    if r == start && empty(f, r + 2 * fwd) {
                        self.double_step(found, (f, r), 'P');
                    }
                }
                for df in [-1, 1] {
                    let (x, y) = (f + df, r + fwd);
                    if !on(x, y) {
                        continue;
                    }
                    if enemy(x, y) {
                        self.go(found, (f, r), (x, y), 'P', y == last);
                    } else if self.ep == Some((x, y))
                        && self
                            .at(x, r)
                            .is_some_and(|(w, l)| w != me && (l == 'P' || l == 'S'))
                    {
                        let mut next = self.copy();
                        next.set(f, r, None);
                        next.set(x, r, None);
                        next.set(x, y, Some((me, 'P')));
                        self.add(found, step_text(f, r, x, y), next, false, true);
                    }
                }
            }
            'S' => {
                let start = if me { 1 } else { 7 };
                for df in [-1, 0, 1] {
                    let (x, y) = (f + df, r + fwd);
                    if target(x, y) {
                        self.go(found, (f, r), (x, y), 'S', y == last);
                    }
                }
                if r == start && empty(f, r + fwd) && empty(f, r + 2 * fwd) {
                    self.double_step(found, (f, r), 'S');
                }
            }
            'T' => {
                let mut dests = Vec::new();
                for (df, dr) in bishop {
                    let (mut x, mut y) = (f + df, r + dr);
                    while empty(x, y) {
                        dests.push((x, y));
                        x += df;
                        y += dr;
                    }
                }
                for (df, dr) in knight {
                    if empty(f + df, r + dr) {
                        dests.push((f + df, r + dr));
                    }
                }
                for (x, y) in dests {
                    self.trickster_to(found, (f, r), (x, y));
                }
            }
            'O' => self.outlaw(found, f, r),
            _ => panic!("unknown letter {letter}"),
        }
    }

    /// A pawn's or sergeant's double step straight forward; it leaves an en passant square
    /// when an enemy pawn stands beside where it lands (only a pawn can take en passant).
    fn double_step(&self, found: &mut BTreeMap<String, Outcome>, (f, r): (i32, i32), letter: char) {
        let fwd = if self.white { 1 } else { -1 };
        let mut next = self.copy();
        next.set(f, r, None);
        next.set(f, r + 2 * fwd, Some((self.white, letter)));
        let beside = [-1, 1]
            .iter()
            .any(|df| self.at(f + df, r + 2 * fwd) == Some((!self.white, 'P')));
        if beside {
            next.ep = Some((f, r + fwd));
        }
        self.add(found, step_text(f, r, f, r + 2 * fwd), next, false, true);
    }

    /// A trickster landing on (x, y): the move without trick, and every combination of the
    /// tricks on its file (first) and its rank.
    fn trickster_to(
        &self,
        found: &mut BTreeMap<String, Outcome>,
        (f, r): (i32, i32),
        (x, y): (i32, i32),
    ) {
        let me = self.white;
        let mut base = self.copy();
        base.set(f, r, None);
        base.set(x, y, Some((me, 'T')));
        // The options of one line: (square, new letter), both ends enemy non-pawns of
        // different kinds; a king is never replaced.
        let line = |a: (i32, i32), b: (i32, i32)| -> Vec<Option<((i32, i32), char)>> {
            let mut opts = vec![None];
            if let (Some((wa, la)), Some((wb, lb))) = (self.at(a.0, a.1), self.at(b.0, b.1)) {
                if wa != me && wb != me && la != 'P' && lb != 'P' && la != lb {
                    if la != 'K' {
                        opts.push(Some((a, lb)));
                    }
                    if lb != 'K' {
                        opts.push(Some((b, la)));
                    }
                }
            }
            opts
        };
        let file = line((x, y + 1), (x, y - 1));
        let rank = line((x + 1, y), (x - 1, y));
        for a in &file {
            for b in &rank {
                let mut next = base.clone();
                let mut text = step_text(f, r, x, y);
                for &((tx, ty), l) in [a, b].into_iter().flatten() {
                    next.set(tx, ty, Some((!me, l)));
                    text.push('~');
                    text.push_str(&name(tx, ty));
                    text.push(l);
                }
                let tricked = a.is_some() || b.is_some();
                self.add(found, text, next, false, tricked);
            }
        }
    }

    /// The outlaw: bishop lines through empty squares, bouncing once off an edge (not a
    /// corner), never back to its start; and its orthogonal double captures.
    fn outlaw(&self, found: &mut BTreeMap<String, Outcome>, f: i32, r: i32) {
        let me = self.white;
        let mut quiet = |x: i32, y: i32| {
            if (x, y) == (f, r) {
                return;
            }
            let mut next = self.copy();
            next.set(f, r, None);
            next.set(x, y, Some((me, 'O')));
            self.add(found, step_text(f, r, x, y), next, false, false);
        };
        for (df, dr) in [(1, 1), (1, -1), (-1, -1), (-1, 1)] {
            let (mut x, mut y) = (f, r);
            let (mut dx, mut dy) = (df, dr);
            let mut bounced = false;
            let mut moved = false;
            loop {
                let (nx, ny) = (x + dx, y + dy);
                if on(nx, ny) {
                    if self.at(nx, ny).is_some() {
                        break;
                    }
                    x = nx;
                    y = ny;
                    moved = true;
                    quiet(x, y);
                    continue;
                }
                // Off the board: bounce once, off one edge only, and not right at the start
                // (that would only repeat another diagonal).
                let off_file = !(0..FILES).contains(&nx);
                let off_rank = !(0..RANKS).contains(&ny);
                if bounced || !moved || (off_file && off_rank) {
                    break;
                }
                bounced = true;
                if off_file {
                    dx = -dx;
                } else {
                    dy = -dy;
                }
            }
        }
        for (df, dr) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
            let (nx, ny, fx, fy) = (f + df, r + dr, f + 2 * df, r + 2 * dr);
            let (Some(a), Some(b)) = (self.at(nx, ny), self.at(fx, fy)) else {
                continue;
            };
            if a.0 == b.0 || a.1 == 'T' || b.1 == 'T' {
                continue;
            }
            let (own, other) = if a.0 == me { (a, b) } else { (b, a) };
            if own.1 == 'K' {
                continue;
            }
            let mut next = self.copy();
            next.set(f, r, None);
            next.set(nx, ny, None);
            let destroyed = own.1 == 'O' || other.1 == 'O';
            next.set(fx, fy, if destroyed { None } else { Some((me, 'O')) });
            self.add(found, step_text(f, r, fx, fy), next, other.1 == 'K', true);
        }
    }
}

// ---------------------------------------------------------------- comparing with the engine

/// The engine's legal moves as the reference describes them.
fn engine(p: &Position) -> BTreeMap<String, Outcome> {
    let mut out = BTreeMap::new();
    for m in p.legal_moves() {
        let text = p.move_text(&m);
        let o = Outcome {
            after: p.after(&m).to_text(),
            wins: m.wins.is_some(),
        };
        assert!(
            out.insert(text.clone(), o).is_none(),
            "{}: two moves {text}",
            p.to_text()
        );
    }
    out
}

/// Asserts both generators agree in one position; returns the number of legal moves.
fn agree(p: &Position) -> usize {
    let text = p.to_text();
    if p.outcome()
        .is_some_and(|o| o.reason == Reason::KingCaptured)
    {
        // The game ended with the last move (which the reference checked wins); position
        // text does not say so when the loser has a second king, so nothing to compare.
        assert_eq!(p.legal_moves().len(), 0, "{text}");
        return 0;
    }
    let r = Ref::parse(&text);
    assert_eq!(r.text(), text, "the reference reads position text back");
    let theirs = r.legal();
    let ours = engine(p);
    if theirs != ours {
        let only_ref: Vec<_> = theirs.keys().filter(|k| !ours.contains_key(*k)).collect();
        let only_engine: Vec<_> = ours.keys().filter(|k| !theirs.contains_key(*k)).collect();
        let differ: Vec<_> = ours
            .iter()
            .filter(|(k, v)| theirs.get(*k).is_some_and(|t| t != *v))
            .map(|(k, v)| format!("{k}: engine {v:?} reference {:?}", theirs[k]))
            .collect();
        panic!(
            "{text}\nonly in the reference: {only_ref:?}\nonly in the engine: {only_engine:?}\ndifferent results: {differ:#?}"
        );
    }
    assert_eq!(p.count_legal(), ours.len(), "{text}");
    ours.len()
}

/// What the moves of a position exercise, to be sure the comparisons cover every power:
/// tricks, double tricks, king copies, bounces, outlaw captures, destroyed capturers,
/// king captures, en passant, promotions.
#[derive(Default, Debug)]
struct Seen([usize; 9]);

const FEATURES: [&str; 9] = [
    "trick",
    "double trick",
    "king copy",
    "bounce",
    "outlaw capture",
    "destroyed",
    "king captured",
    "en passant",
    "promotion",
];

impl Seen {
    fn add(&mut self, p: &Position) {
        for m in p.legal_moves() {
            let e = m.effects();
            let transforms = e
                .iter()
                .filter(|e| matches!(e, Effect::Transform { .. }))
                .count();
            let has = |f: &dyn Fn(&Effect) -> bool| e.iter().any(f);
            let flags = [
                transforms > 0,
                transforms == 2,
                has(&|e| matches!(e, Effect::Transform { into, .. } if into.kind() == Kind::King)),
                has(&|e| {
                    matches!(
                        e,
                        Effect::Move {
                            how: How::Bounce(_),
                            ..
                        }
                    )
                }),
                has(&|e| {
                    matches!(
                        e,
                        Effect::Remove {
                            why: Why::Outlaw,
                            ..
                        }
                    )
                }),
                has(&|e| {
                    matches!(
                        e,
                        Effect::Remove {
                            why: Why::Destroyed,
                            ..
                        }
                    )
                }),
                m.wins.is_some(),
                has(&|e| {
                    matches!(
                        e,
                        Effect::Remove {
                            why: Why::EnPassant,
                            ..
                        }
                    )
                }),
                has(&|e| matches!(e, Effect::Promote { .. })),
            ];
            for (i, f) in flags.into_iter().enumerate() {
                self.0[i] += f as usize;
            }
        }
    }

    /// Asserts each feature but those named in `except` was seen `at_least` times.
    fn assert_all(&self, at_least: usize, except: &[&str]) {
        for (i, n) in self.0.iter().enumerate() {
            if except.contains(&FEATURES[i]) {
                continue;
            }
            assert!(
                *n >= at_least,
                "only {n} moves with {}: {self:?}",
                FEATURES[i]
            );
        }
    }
}

fn ref_perft(p: &Ref, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = p.legal();
    if depth == 1 {
        return moves.len() as u64;
    }
    // A winning move ends the game: nothing follows it.
    moves
        .values()
        .filter(|o| !o.wins)
        .map(|o| ref_perft(&Ref::parse(&o.after), depth - 1))
        .sum()
}

fn bandit(text: &str) -> Position {
    Position::from_text(Variant::Bandit, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The counts in tests/perft/bandit.perft for the start position, confirmed here.
#[test]
fn start_position_perft_confirmed_by_the_reference() {
    let start = bandit(START);
    agree(&start);
    let r = Ref::parse(START);
    for (depth, nodes) in [(1, 19), (2, 354), (3, 7358)] {
        assert_eq!(ref_perft(&r, depth), nodes, "reference perft {depth}");
        assert_eq!(perft(&start, depth), nodes, "engine perft {depth}");
    }
}

/// Every count to depth 3 in tests/perft/bandit.perft, confirmed by the reference.
#[test]
fn perft_suite_confirmed_by_the_reference() {
    let mut confirmed = 0;
    for case in perft_suite(Variant::Bandit) {
        agree(&bandit(&case.epd));
        for &(depth, nodes) in case.counts.iter().filter(|&&(d, _)| d <= 3) {
            assert_eq!(
                ref_perft(&Ref::parse(&case.epd), depth),
                nodes,
                "{} perft {depth}",
                case.epd
            );
            confirmed += 1;
        }
    }
    assert_eq!(confirmed, 24);
}

/// Every position one and two plies from the start: the same moves and results.
#[test]
fn every_position_two_plies_from_the_start() {
    let start = bandit(START);
    let mut positions = 0;
    for m in start.legal_moves() {
        let one = start.after(&m);
        agree(&one);
        for m2 in one.legal_moves() {
            agree(&one.after(&m2));
            positions += 1;
        }
    }
    assert_eq!(positions, 354);
}

/// Middle-game positions built to hold every power at once: tricks on both lines, kings
/// to copy, bouncing outlaws, outlaw double captures (of kings and outlaws), captures of
/// outlaws and tricksters, en passant after a sergeant's double step, promotions, several
/// kings.
const MIDDLE_GAMES: [&str; 13] = [
    // A white trickster (f4) can land on d6 between a black rook and knight (file) and a
    // black bishop and king (rank).
    "7/7/3r3/2b1k2/3n3/5T1/7/7/K6 w - - 0 1",
    // A white outlaw (d4) with pairs to take on three sides (one with a black outlaw).
    "3k3/7/7/3P3/3p3/1PoONr1/3K3/3b3/7 w - - 0 1",
    // A black sergeant has just double-stepped c8-c6 beside a white pawn: en passant.
    "3k3/7/7/2sP3/7/7/7/7/3K3 w - c7 0 1",
    // A black pawn has just double-stepped c7-c5 beside a white pawn: en passant.
    "3k3/7/7/7/2pP3/7/7/7/3K3 w - c6 0 1",
    // Promotions, also taking an outlaw and a trickster; White in check from b2.
    "o1t3k/1P1P3/7/7/7/7/7/1p5/K1O4 w - - 0 1",
    // Two white kings; a black trickster may give White a third (b2 bishop copies b4).
    "2k4/7/7/7/3t3/1K5/7/1B5/5K1 b - - 0 1",
    // The pinned white outlaw may still take the black king with its own pawn (B13).
    "7/7/3k3/3P3/K2O2r/7/7/7/7 w - - 0 1",
    // A rich middle game.
    "c1bk1rc/n1s1s1n/p1pp1pp/1p2p2/2P1O2/1o3P1/PP1P2P/N1SSS1N/CR1KBTC b - - 0 1",
    // Pins on files, ranks and diagonals with two white kings, one in check.
    "3k3/3r3/7/3B3/1b1K1Kr/7/7/7/7 w - - 0 1",
    // A black trickster may land on d4 between a white sergeant and king (file) and a
    // white knight and rook (rank).
    "k6/7/7/7/3S3/2N1R2/3K3/1t5/7 b - - 0 1",
    // Outlaws by the edges and in the corners.
    "O5k/7/7/7/O5O/7/7/7/O2K2O w - - 0 1",
    // From d1 the outlaw reaches d7 by two bounces (g4 and a4): one move.
    "k6/7/7/7/7/7/7/7/3O2K w - - 0 1",
    // A black outlaw takes a white pawn and its own outlaw, and is destroyed.
    "3k3/7/7/7/3o3/3P3/3o3/7/K6 b - - 0 1",
];

#[test]
fn middle_game_positions() {
    for text in MIDDLE_GAMES {
        let p = bandit(text);
        let n = agree(&p);
        assert!(n > 0, "{text}");
        for m in p.legal_moves() {
            agree(&p.after(&m));
        }
    }
}

/// Plays `plies` random engine moves from `start`, comparing with the reference at every
/// position. Returns the number of positions compared.
fn random_game(start: &Position, rng: &mut Rng, plies: usize, seen: &mut Seen) -> usize {
    let mut game = Game::from_position(start.clone());
    let mut n = 0;
    for _ in 0..plies {
        let p = game.position().clone();
        agree(&p);
        seen.add(&p);
        n += 1;
        if game.outcome().is_some() {
            break;
        }
        let moves = p.legal_moves();
        game.play_move(moves[rng.below(moves.len())]);
    }
    n
}

/// 200 games of 60 plies from the start.
#[test]
fn random_games_from_the_start() {
    let mut rng = Rng(0x00B4_D17C_4E55_u64);
    let start = bandit(START);
    let mut seen = Seen::default();
    let positions: usize = (0..200)
        .map(|_| random_game(&start, &mut rng, 60, &mut seen))
        .sum();
    assert!(positions > 5000, "{positions}");
    println!("from the start: {positions} positions, {seen:?}");
    seen.assert_all(5, &[]);
}

/// Games from the middle-game positions, where the special powers are close at hand.
#[test]
fn random_games_from_middle_games() {
    let mut rng = Rng(0x5EED_0FBA_4D17);
    let mut seen = Seen::default();
    for text in MIDDLE_GAMES {
        let p = bandit(text);
        for _ in 0..30 {
            random_game(&p, &mut rng, 40, &mut seen);
        }
    }
    println!("from middle games: {seen:?}");
    seen.assert_all(20, &[]);
}

/// Random positions: kings (sometimes two) and up to 20 other agents of any kind anywhere
/// a pawn may stand, either side to move; those the engine accepts are compared.
#[test]
fn random_positions() {
    let mut rng = Rng(0xC0FF_EE12_3456);
    let letters = ['C', 'R', 'B', 'N', 'S', 'T', 'O', 'P', 'K'];
    let mut compared = 0;
    let mut seen = Seen::default();
    while compared < 3000 {
        let mut r = Ref {
            b: [[None; 7]; 9],
            white: rng.below(2) == 0,
            ep: None,
            halfmove: 0,
            fullmove: 1,
        };
        for white in [true, false] {
            for _ in 0..1 + (rng.below(4) == 0) as usize {
                let (f, y) = (rng.below(7), rng.below(9));
                r.b[y][f] = Some((white, 'K'));
            }
        }
        for _ in 0..rng.below(21) {
            let (f, y) = (rng.below(7), rng.below(9));
            let l = letters[rng.below(letters.len() - 1)];
            if r.b[y][f].is_none() && !(l == 'P' && (y == 0 || y == 8)) {
                r.b[y][f] = Some((rng.below(2) == 0, l));
            }
        }
        let Ok(p) = Position::from_text(Variant::Bandit, &r.text()) else {
            continue;
        };
        agree(&p);
        seen.add(&p);
        compared += 1;
        if compared % 10 == 0 {
            random_game(&p, &mut rng, 20, &mut seen);
        }
    }
    println!("random positions: {seen:?}");
    // No en passant square is set up here, and double tricks are rare in random boards.
    seen.assert_all(10, &["en passant", "double trick"]);
}

/// Depth 4 of the start position and of every suite position by the reference too.
#[test]
fn perft_4_by_the_reference() {
    for case in perft_suite(Variant::Bandit) {
        for &(_, nodes) in case.counts.iter().filter(|&&(d, _)| d == 4) {
            assert_eq!(
                ref_perft(&Ref::parse(&case.epd), 4),
                nodes,
                "{} perft 4",
                case.epd
            );
        }
    }
}

//! Position text (FEN-style, extended for holes and hands) and move text.
//!
//! Position text: ranks from the top separated by `/`, uppercase White, counts of empty
//! squares (two digits allowed), `*` for a missing square, hands as `[...]` right after the
//! board, then the side to move (`w`/`b`), castling rights (`KQkq`, file letters or `-`),
//! en passant square (or `-`), the halfmove clock and the move number. Everything after the
//! side to move may be left out: castling then defaults to every king and rook on their
//! start squares, the rest to `- 0 1`.
//!
//! Move text: `<from><to>` (`e2e4`, castling as the king's move `e1g1`), a lowercase
//! piece letter for a promotion (`e7e8q`), `P@e4` for a drop, free castling with the
//! rook's square after a slash (`d1b1/c1`: king d1 to b1, rook to c1), and driver actions
//! naming the driver: `c1:pull`, `c1:push:c2`, `c1:switch:b1d1`, `c1:absorb:c2`; a
//! trickster's trick names each transformed square and its new kind: `f1d3~d4B~c3N`.

use crate::error::clip;
use crate::error::Error;
use crate::games::Variant;
use crate::geometry::bit;
use crate::moves::{Choice, Move};
use crate::piece::{Color, Piece};
use crate::position::{Position, Setup};

impl Setup {
    /// Parses position text for a game; the error names the field and what is wrong.
    pub fn parse(variant: Variant, text: &str) -> Result<Setup, Error> {
        let g = variant.geometry();
        let mut fields = text.split_whitespace();
        let Some(mut board_field) = fields.next() else {
            return Err(Error::new("empty position text"));
        };
        let mut hands = [0u8; 2];
        if let Some(open) = board_field.find('[') {
            if !variant.has_hands() {
                return Err(Error::new(format!(
                    "{} has no pieces in hand, so the position text has no '[...]'",
                    variant.name()
                )));
            }
            let hand = &board_field[open + 1..];
            let Some(hand) = hand.strip_suffix(']') else {
                return Err(Error::new(
                    "the hand must be closed with ']' right after the board",
                ));
            };
            for ch in hand.chars() {
                if variant.kind_of_letter(ch) != Some(crate::piece::Kind::Pawn) {
                    return Err(Error::new(format!(
                        "'{ch}' cannot be in hand: only pawns are (P for White, p for Black)"
                    )));
                }
                let h = &mut hands[if ch.is_ascii_uppercase() { 0 } else { 1 }];
                *h = h
                    .checked_add(1)
                    .ok_or_else(|| Error::new("too many pawns in hand"))?;
            }
            board_field = &board_field[..open];
        }
        let rows: Vec<&str> = board_field.split('/').collect();
        if rows.len() != g.ranks() as usize {
            return Err(Error::new(format!(
                "the board has {} ranks but the position text has {}",
                g.ranks(),
                rows.len()
            )));
        }
        let mut board = vec![None; g.len()];
        for (i, row) in rows.iter().enumerate() {
            let rank = g.ranks() as usize - 1 - i;
            let mut file = 0usize;
            let mut chars = row.chars().peekable();
            while let Some(ch) = chars.next() {
                if ch == '0' {
                    return Err(Error::new(format!(
                        "rank {}: an empty-square count cannot be 0 or start with 0",
                        rank + 1
                    )));
                }
                if ch.is_ascii_digit() {
                    let mut n = ch.to_digit(10).unwrap_or(0) as usize;
                    if let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                        n = n * 10 + d as usize;
                        chars.next();
                    }
                    if n == 0 {
                        return Err(Error::new(format!(
                            "rank {}: an empty-square count cannot be 0",
                            rank + 1
                        )));
                    }
                    for _ in 0..n {
                        if file < g.files() as usize && g.is_hole(file as u8, rank as u8) {
                            return Err(Error::new(format!(
                                "{} is a missing square and must be written '*'",
                                square_name(file, rank)
                            )));
                        }
                        file += 1;
                    }
                } else if ch == '*' {
                    if !(file < g.files() as usize && g.is_hole(file as u8, rank as u8)) {
                        return Err(Error::new(format!(
                            "'*' marks a missing square, but {} is a square of this board",
                            square_name(file, rank)
                        )));
                    }
                    file += 1;
                } else {
                    let Some(kind) = variant
                        .kind_of_letter(ch)
                        .filter(|_| ch.is_ascii_alphabetic())
                    else {
                        let letters: String = variant
                            .declaration()
                            .letters
                            .iter()
                            .map(|(l, _)| *l)
                            .collect();
                        return Err(Error::new(format!(
                            "unknown piece letter '{ch}' on rank {} ({} uses {letters})",
                            rank + 1,
                            variant.name()
                        )));
                    };
                    let color = if ch.is_ascii_uppercase() {
                        Color::White
                    } else {
                        Color::Black
                    };
                    if file < g.files() as usize {
                        if let Some(sq) = g.at(file as i32, rank as i32) {
                            board[sq.index()] = Some(Piece::new(color, kind));
                        } else {
                            return Err(Error::new(format!(
                                "{} is a missing square: nothing can stand on it",
                                square_name(file, rank)
                            )));
                        }
                    }
                    file += 1;
                }
            }
            if file != g.files() as usize {
                return Err(Error::new(format!(
                    "rank {} describes {file} squares, but the board has {} files",
                    rank + 1,
                    g.files()
                )));
            }
        }
        let side = match fields.next() {
            Some("w") => Color::White,
            Some("b") => Color::Black,
            Some(other) => {
                return Err(Error::new(format!(
                    "the side to move must be 'w' or 'b', not '{}'",
                    clip(other)
                )))
            }
            None => {
                return Err(Error::new(
                    "the side to move is missing after the board (add ' w' or ' b')",
                ))
            }
        };
        let castling = match fields.next() {
            None => None,
            Some(field) => Some(parse_castling(variant, &board, field)?),
        };
        let ep = match fields.next() {
            None | Some("-") => None,
            Some(name) => Some(g.parse_square(name).ok_or_else(|| {
                Error::new(format!(
                    "the en passant field must be a square or '-', not '{}'",
                    clip(name)
                ))
            })?),
        };
        let halfmove = parse_counter(fields.next(), "halfmove clock", 0)?;
        let fullmove = parse_counter(fields.next(), "move number", 1)?;
        if fullmove == 0 {
            return Err(Error::new("the move number starts at 1"));
        }
        if let Some(extra) = fields.next() {
            return Err(Error::new(format!(
                "unexpected text after the move number: '{}'",
                clip(extra)
            )));
        }
        Ok(Setup {
            variant,
            board,
            side,
            castling,
            ep,
            halfmove,
            fullmove,
            hands,
        })
    }
}

/// The name of a drawing square given by 0-based file and rank (for messages).
fn square_name(file: usize, rank: usize) -> String {
    format!("{}{}", (b'a' + file.min(25) as u8) as char, rank + 1)
}

fn parse_counter(field: Option<&str>, what: &str, default: u16) -> Result<u16, Error> {
    match field {
        None => Ok(default),
        Some(t) => t
            .parse::<u16>()
            .ok()
            .filter(|_| t.bytes().all(|b| b.is_ascii_digit()))
            .ok_or_else(|| {
                Error::new(format!(
                    "the {what} must be a whole number from 0 to {}, not '{}'",
                    u16::MAX,
                    clip(t)
                ))
            }),
    }
}

/// Castling field: `-`, `KQkq` letters (king side, queen side) or file letters of the rooks.
pub(crate) fn parse_castling(
    variant: Variant,
    board: &[Option<Piece>],
    field: &str,
) -> Result<[u128; 2], Error> {
    let mut rights = [0u128; 2];
    if field == "-" {
        return Ok(rights);
    }
    let rules = variant.rules();
    let g = variant.geometry();
    for ch in field.chars() {
        let color = if ch.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let Some(cs) = rules.castling(color) else {
            return Err(Error::new(format!(
                "{} has no castling, so the castling field must be '-'",
                variant.name()
            )));
        };
        let rook = match ch.to_ascii_lowercase() {
            'k' => cs.king_rook,
            'q' => cs.queen_rook,
            f @ 'a'..='z' => {
                let back = g.rank(cs.king) as i32;
                match g.at(f as i32 - 'a' as i32, back) {
                    Some(s) if s == cs.king_rook || s == cs.queen_rook => s,
                    _ => {
                        return Err(Error::new(format!(
                            "castling right '{ch}' names no rook start square"
                        )))
                    }
                }
            }
            _ => {
                return Err(Error::new(format!(
                    "unknown castling right '{ch}' (use K, Q, k, q or '-')"
                )))
            }
        };
        let _ = board;
        // `KK` or `Kh` name one right twice: a typo the writer would silently drop.
        if rights[color.index()] & bit(rook) != 0 {
            return Err(Error::new(format!(
                "castling right '{ch}' names a rook already given in '{field}'"
            )));
        }
        rights[color.index()] |= bit(rook);
    }
    Ok(rights)
}

impl Setup {
    /// The position text of this setup, whether or not it can be played from (the position
    /// editor writes unfinished boards too). Castling rights left to the default are
    /// written as the default gives them.
    pub fn to_text(&self) -> String {
        let g = self.variant.geometry();
        let variant = self.variant;
        let mut out = String::new();
        for rank in (0..g.ranks()).rev() {
            let mut empty = 0;
            for file in 0..g.files() {
                match g.at(file as i32, rank as i32) {
                    None => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push('*');
                    }
                    Some(sq) => match self.board.get(sq.index()).copied().flatten() {
                        None => empty += 1,
                        Some(p) => {
                            if empty > 0 {
                                out.push_str(&empty.to_string());
                                empty = 0;
                            }
                            out.push(piece_letter(variant, p));
                        }
                    },
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if rank > 0 {
                out.push('/');
            }
        }
        if variant.has_hands() {
            out.push('[');
            for c in Color::ALL {
                for _ in 0..self.hands[c.index()] {
                    out.push(if c == Color::White { 'P' } else { 'p' });
                }
            }
            out.push(']');
        }
        out.push(' ');
        out.push(self.side.letter());
        out.push(' ');
        let rights = self.castling.unwrap_or_else(|| self.default_castling());
        out.push_str(&castling_text(variant, rights));
        out.push(' ');
        match self.ep {
            Some(sq) if sq.index() < g.len() => out.push_str(&g.name(sq)),
            _ => out.push('-'),
        }
        out.push_str(&format!(" {} {}", self.halfmove, self.fullmove));
        out
    }
}

/// Castling rights as text: `K`/`Q` (White's king- and queen-side rook), `k`/`q`, or `-`.
/// Rights on squares that are no castling rook's start square are not written.
pub(crate) fn castling_text(variant: Variant, rights: [u128; 2]) -> String {
    let mut out = String::new();
    let rules = variant.rules();
    for c in Color::ALL {
        let Some(cs) = rules.castling(c) else {
            continue;
        };
        let mine = rights[c.index()];
        for (rook, letter) in [(cs.king_rook, 'K'), (cs.queen_rook, 'Q')] {
            if mine & bit(rook) != 0 {
                out.push(if c == Color::White {
                    letter
                } else {
                    letter.to_ascii_lowercase()
                });
            }
        }
    }
    if out.is_empty() {
        out.push('-');
    }
    out
}

impl Position {
    /// Parses position text and checks the position.
    ///
    /// ```
    /// use fairyboard::{Position, Variant};
    /// let p = Position::from_text(Variant::Orthodox, "4k3/8/8/8/8/8/8/4K2R w").unwrap();
    /// assert_eq!(p.to_text(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    /// assert!(Position::from_text(Variant::Orthodox, "4k3/8/8 w").is_err());
    /// ```
    pub fn from_text(variant: Variant, text: &str) -> Result<Position, Error> {
        Position::from_setup(&Setup::parse(variant, text)?)
    }

    /// The position text (written by [`Setup::to_text`], the one writer).
    pub fn to_text(&self) -> String {
        self.to_setup().to_text()
    }

    /// The text of a move in this position.
    pub fn move_text(&self, m: &Move) -> String {
        let g = self.geometry();
        let mut out = String::new();
        match m.from {
            Some(from) => out.push_str(&g.name(from)),
            None => {
                out.push('P');
                out.push('@');
            }
        }
        // Driver actions name the driver and the action; the driver itself stays.
        match m.choice {
            Choice::Pull => return format!("{out}:pull"),
            Choice::Push(at) => return format!("{out}:push:{}", g.name(at)),
            Choice::Switch(a, b) => return format!("{out}:switch:{}{}", g.name(a), g.name(b)),
            Choice::Absorb(at) => return format!("{out}:absorb:{}", g.name(at)),
            _ => {}
        }
        out.push_str(&g.name(m.to));
        match m.choice {
            Choice::Promotion(kind) => out.push(self.variant().letter(kind).to_ascii_lowercase()),
            Choice::CastleRook(rook_to) => {
                out.push('/');
                out.push_str(&g.name(rook_to));
            }
            Choice::Trick(tricks) => {
                for (at, kind) in tricks.into_iter().flatten() {
                    out.push('~');
                    out.push_str(&g.name(at));
                    out.push(self.variant().letter(kind));
                }
            }
            _ => {}
        }
        out
    }

    /// Finds the legal move that `text` names; the error says whether the text is malformed,
    /// names a square off the board, starts on no piece of the side to move, or is illegal.
    pub fn parse_move(&self, text: &str) -> Result<Move, Error> {
        let text = text.trim();
        let moves = self.legal_moves();
        if let Some(m) = moves.iter().find(|m| self.move_text(m) == text) {
            return Ok(*m);
        }
        let g = self.geometry();
        if let Some(to) = text.strip_prefix("P@") {
            return Err(Error::new(if !self.variant().has_hands() {
                format!("{} has no drops", self.variant().name())
            } else if g.parse_square(to).is_none() {
                format!("{} is not a square of this board", clip(to))
            } else if self.hand(self.side()) == 0 {
                format!("{} has no pawn in hand to drop", self.side().name())
            } else {
                format!("{text} is not a legal drop in this position")
            }));
        }
        if let Some((driver, action)) = text.split_once(':') {
            return Err(self.driver_action_error(text, driver, action));
        }
        let Some((from, to, suffix)) = split_move_text(text) else {
            return Err(Error::new(format!(
                "'{}' is not move text (expected e.g. e2e4, or e7e8q to promote)",
                clip(text)
            )));
        };
        let from_sq = g
            .parse_square(from)
            .ok_or_else(|| Error::new(format!("{from} is not a square of this board")))?;
        g.parse_square(to)
            .ok_or_else(|| Error::new(format!("{to} is not a square of this board")))?;
        if !self
            .piece_at(from_sq)
            .is_some_and(|p| p.color() == self.side())
        {
            return Err(Error::new(format!(
                "{from}{to}: there is no {} piece on {from}",
                self.side().name()
            )));
        }
        let squares = format!("{from}{to}");
        let same_squares: Vec<String> = moves
            .iter()
            .map(|m| self.move_text(m))
            .filter(|t| t.starts_with(&squares))
            .collect();
        if suffix.is_empty() && !same_squares.is_empty() {
            let what = if same_squares[0].contains('/') {
                "where the rook goes"
            } else {
                "which piece to promote to"
            };
            return Err(Error::new(format!(
                "{squares}: say {what}, e.g. {}",
                same_squares[0]
            )));
        }
        let names_promotion = suffix.len() == 1 && suffix.as_bytes()[0].is_ascii_alphabetic();
        if same_squares.contains(&squares) && names_promotion {
            return Err(Error::new(format!(
                "{}: {squares} is not a promotion, write it without a suffix",
                clip(text)
            )));
        }
        Err(Error::new(format!(
            "{} is not a legal move in this position",
            clip(text)
        )))
    }

    /// Why `text`, shaped as a driver action (`c1:pull`), names no legal move.
    fn driver_action_error(&self, text: &str, driver: &str, action: &str) -> Error {
        const FORMS: &str = "pull, push:<square>, switch:<square><square>, absorb:<square>";
        let g = self.geometry();
        let (kind, arg) = match action.split_once(':') {
            Some((kind, arg)) => (kind, Some(arg)),
            None => (action, None),
        };
        let Some(at) = g.parse_square(driver) else {
            return Error::new(format!("{} is not a square of this board", clip(driver)));
        };
        // The squares the action names, if it has the form its kind takes.
        let named = match (kind, arg) {
            ("pull", None) => Some(vec![]),
            ("push" | "absorb", Some(a)) => Some(vec![a]),
            ("switch", Some(a)) => {
                split_move_text(a).and_then(|(x, y, rest)| rest.is_empty().then(|| vec![x, y]))
            }
            _ => None,
        };
        let off_board = named.iter().flatten().find(|s| g.parse_square(s).is_none());
        Error::new(if !["pull", "push", "switch", "absorb"].contains(&kind) {
            format!("'{}' is not a driver action ({FORMS})", clip(action))
        } else if named.is_none() {
            format!(
                "'{}' is not written as a driver action is ({FORMS})",
                clip(action)
            )
        } else if let Some(s) = off_board {
            format!("{} is not a square of this board", clip(s))
        } else if !self.piece_at(at).is_some_and(|p| p.color() == self.side()) {
            let side = self.side().name();
            format!("{}: there is no {side} piece on {driver}", clip(text))
        } else {
            format!("{} is not a legal move in this position", clip(text))
        })
    }
}

/// Splits `e2e4q` into ("e2", "e4", "q"); `None` if the text does not have that shape.
pub(crate) fn split_move_text(text: &str) -> Option<(&str, &str, &str)> {
    fn square_len(s: &str) -> Option<usize> {
        let b = s.as_bytes();
        if b.first()?.is_ascii_lowercase() {
            let digits = b[1..]
                .iter()
                .take(2)
                .take_while(|c| c.is_ascii_digit())
                .count();
            (digits > 0).then_some(1 + digits)
        } else {
            None
        }
    }
    let a = square_len(text)?;
    let b = square_len(&text[a..])?;
    Some((&text[..a], &text[a..a + b], &text[a + b..]))
}

/// A piece's letter in a game's position text: uppercase White, lowercase Black.
pub fn piece_letter(variant: Variant, p: Piece) -> char {
    let l = variant.letter(p.kind());
    if p.color() == Color::White {
        l
    } else {
        l.to_ascii_lowercase()
    }
}

//! Move names people read: standard algebraic notation (SAN) for orthodox chess and a
//! SAN-style notation for the variants, written and read here and nowhere else. Every form
//! is listed, with examples from every game, in `docs/notation.md`.
//!
//! A name is the moving piece's letter (none for a pawn), the part of its square needed to
//! tell it from another piece of the same kind making the same named move (file, else
//! rank, else both, as the PGN standard says), a mark for how it goes (`x` capture, `~`
//! quadrant shift, `^` berserker jump, `|` through the board's edge: a vagabond's
//! wraparound or an outlaw's bounce), the destination, then what else happens after a `/`
//! or `=`, and `+` (check) or `#` (checkmate or any other win at once).
//!
//! Names are computed only when asked for; move generation never builds them.
//!
//! ```
//! use fairyboard::{Position, Variant};
//! let p = Position::start(Variant::Orthodox).unwrap();
//! let m = p.parse_name("Nf3").unwrap();
//! assert_eq!(p.move_text(&m), "g1f3");
//! assert_eq!(p.move_name(&m), "Nf3");
//! assert_eq!(p.parse_any("Ng1-f3").unwrap(), m);
//! assert_eq!(p.parse_any("g1f3").unwrap(), m);
//! ```

use crate::error::clip;
use crate::error::Error;
use crate::geometry::Square;
use crate::moves::{Choice, Effect, How, Move, Why};
use crate::piece::Kind;
use crate::position::Position;

/// A name before disambiguation: `head` (the piece letter) + disambiguation + `tail`.
struct Shape {
    head: String,
    tail: String,
    from: Option<Square>,
    /// A pawn: no letter, and never disambiguated by its rank alone (`2d4` would read as a
    /// move number), only by its file or its whole square.
    pawn: bool,
    /// A pawn's capture or shift always names the pawn's file (`exd5`, `b~f2`).
    file_always: bool,
    /// Castling and drops: the whole name is fixed, nothing to disambiguate.
    fixed: bool,
}

impl Shape {
    fn fixed(name: String) -> Shape {
        Shape {
            head: name,
            tail: String::new(),
            from: None,
            pawn: false,
            file_always: false,
            fixed: true,
        }
    }

    fn same_name(&self, other: &Shape) -> bool {
        !self.fixed && !other.fixed && self.head == other.head && self.tail == other.tail
    }
}

impl Position {
    /// The name of a legal move in this position (SAN for orthodox chess, the SAN-style
    /// notation of `docs/notation.md` for the variants), with `+` for check and `#` for
    /// checkmate or another win at once.
    ///
    /// ```
    /// use fairyboard::{Position, Variant};
    /// let p = Position::start(Variant::Orthodox).unwrap();
    /// let m = p.parse_move("e2e4").unwrap();
    /// assert_eq!(p.move_name(&m), "e4");
    /// ```
    pub fn move_name(&self, m: &Move) -> String {
        let mut name = self.plain_name(m, &self.legal_moves());
        name.push_str(self.check_mark(m));
        name
    }

    /// [`Position::move_name`] of `m` with this position's legal moves (`legal`, every one of
    /// them) and the position after `m` (`next`) already at hand: a reader that made them
    /// need not again.
    pub(crate) fn move_name_among(&self, m: &Move, legal: &[Move], next: &Position) -> String {
        let mut name = self.plain_name(m, legal);
        name.push_str(self.check_mark_after(next));
        name
    }

    /// Every legal move with its name ([`Position::move_name`]), in the order of
    /// [`Position::legal_moves`]: one name a move, no two alike.
    #[inline(never)] // cold: one shared copy in the wasm
    pub fn move_names(&self) -> Vec<(Move, String)> {
        let moves = self.legal_moves();
        let plain = self.plain_names(&moves);
        moves
            .into_iter()
            .zip(plain)
            .map(|(m, mut name)| {
                name.push_str(self.check_mark(&m));
                (m, name)
            })
            .collect()
    }

    /// Finds the legal move a name gives. Accepts the names [`Position::move_name`] writes,
    /// with or without `+`/`#`, with annotations (`!`, `?`, `!?`...) and `e.p.` left out,
    /// castling written with zeros (`0-0`), and SAN-shaped names that say more or less
    /// than needed (`Ng1f3`, `Ng1-f3`, `Nxf3` without the `x`, `e8Q`) when they name one
    /// legal move.
    #[inline(never)] // cold: one shared copy in the wasm
    pub fn parse_name(&self, text: &str) -> Result<Move, Error> {
        let clean = clean_name(text);
        if clean.is_empty() {
            return Err(Error::new(format!("'{}' is not a move name", clip(text))));
        }
        let moves = self.legal_moves();
        // Only the moves whose names can be `clean` are named: those to a square it names
        // (castling and a driver's actions do not name theirs).
        let squares = named_squares(self, &clean);
        let castles = clean.starts_with("O-O");
        let exact = moves.iter().find(|m| {
            if !(castles || squares.contains(&m.to) || is_driver_action(m)) {
                return false;
            }
            // A name is its head, what tells it apart, and its tail.
            let shape = self.shape(m);
            let fits = shape.fixed
                || (clean.len() >= shape.head.len() + shape.tail.len()
                    && clean.starts_with(&shape.head)
                    && clean.ends_with(&shape.tail));
            fits && self.write_among(m, &shape, &moves) == clean
        });
        if let Some(m) = exact {
            return Ok(*m);
        }
        if !self.name_shaped(&clean) {
            return Err(Error::new(format!(
                "'{}' is not a move name (expected e.g. e4, Nf3, exd5, O-O or e8=Q)",
                clip(text.trim())
            )));
        }
        let found: Vec<usize> = self.loose_matches(&clean, &moves);
        match found.as_slice() {
            [i] => Ok(moves[*i]),
            [] => Err(Error::new(format!(
                "{} is not a legal move in this position",
                clip(text.trim())
            ))),
            several => {
                let names: Vec<String> = several
                    .iter()
                    .map(|&i| self.plain_name(&moves[i], &moves))
                    .collect();
                Err(Error::new(format!(
                    "{} is ambiguous in this position: {}",
                    clip(text.trim()),
                    names.join(" or ")
                )))
            }
        }
    }

    /// Finds the legal move that `text` gives in any form: move text
    /// ([`Position::parse_move`]: `e2e4`, `d1b1/c1`, `f5:absorb:e5`), a name
    /// ([`Position::parse_name`]: `Nf3`, `O-O`, `e8=Q+`) or long algebraic notation
    /// (`e2-e4`, `Ng1-f3`, `e7e8q`, `e7-e8=Q`). The error is the move-text reader's for text
    /// shaped as move text, else the name reader's.
    pub fn parse_any(&self, text: &str) -> Result<Move, Error> {
        // Only text shaped as move text can be a move's text: names (`Nf3`, `exd5`) skip
        // the move-text reader.
        let coordinate_error = if looks_like_move_text(text.trim()) {
            match self.parse_move(text) {
                Ok(m) => return Ok(m),
                Err(e) => Some(e),
            }
        } else {
            None
        };
        match self.parse_name(text) {
            Ok(m) => Ok(m),
            Err(name_error) => Err(if let Some(coordinate_error) = coordinate_error {
                coordinate_error
            } else if !self.name_shaped(&clean_name(text)) {
                Error::new(format!(
                    "'{}' is not move text or a move name (expected e.g. e2e4, e4, Nf3 or O-O)",
                    clip(text.trim())
                ))
            } else {
                name_error
            }),
        }
    }

    /// Whether cleaned text has the shape of some name: SAN-like, castling, a drop or a
    /// special form's marks.
    fn name_shaped(&self, clean: &str) -> bool {
        clean.starts_with("O-O")
            || clean.contains(['@', ':', '~', '^', '|', '/'])
            || Loose::read(self, clean).is_some()
    }

    /// The names of `moves` (every legal move of this position) without `+`/`#`.
    fn plain_names(&self, moves: &[Move]) -> Vec<String> {
        moves.iter().map(|m| self.plain_name(m, moves)).collect()
    }

    /// The name of `m` without `+`/`#`, told apart from the moves of `moves` (every legal
    /// move of this position) that would share it. Only the moves that may share it
    /// ([`Position::may_share_name`]) are shaped, not all of them: naming one move is not
    /// naming every move.
    #[inline(never)] // cold: one shared copy in the wasm
    fn plain_name(&self, m: &Move, moves: &[Move]) -> String {
        self.write_among(m, &self.shape(m), moves)
    }

    /// `shape`, the shape of `m`, written out and told apart from the moves of `moves` (every
    /// legal move) that would share its name.
    fn write_among(&self, m: &Move, shape: &Shape, moves: &[Move]) -> String {
        if shape.fixed {
            return shape.head.clone();
        }
        let froms: Vec<Square> = moves
            .iter()
            .filter(|o| self.may_share_name(m, o))
            .map(|o| self.shape(o))
            .filter(|o| o.same_name(shape))
            .filter_map(|o| o.from)
            .collect();
        self.write_shape(shape, &froms)
    }

    /// Whether move `b` may need telling apart from move `a`: a cheap test that every move
    /// from another square with a name like `a`'s passes (moves from `a`'s own square are
    /// never told apart from it by their square). Alike names start with the same piece
    /// letter (none for pawns), and end the same way: in the destination's name and what
    /// follows it, but for a driver's actions, which are named from the driver's square.
    fn may_share_name(&self, a: &Move, b: &Move) -> bool {
        if a.from == b.from || !(a.to == b.to || is_driver_action(a) || is_driver_action(b)) {
            return false;
        }
        let head = |m: &Move| {
            let kind = self.piece_at(m.from?)?.kind();
            Some((kind != Kind::Pawn).then(|| self.variant().letter(kind)))
        };
        matches!((head(a), head(b)), (Some(ha), Some(hb)) if ha == hb)
    }

    /// `shape` written out, told apart from the moves from `froms` that share its name.
    fn write_shape(&self, shape: &Shape, froms: &[Square]) -> String {
        if shape.fixed {
            return shape.head.clone();
        }
        let g = self.geometry();
        let Some(from) = shape.from else {
            return format!("{}{}", shape.head, shape.tail);
        };
        let others: Vec<Square> = froms.iter().copied().filter(|&o| o != from).collect();
        let file = ((b'a' + g.file(from)) as char).to_string();
        let rank = (g.rank(from) + 1).to_string();
        let part = if others.is_empty() {
            if shape.file_always {
                file
            } else {
                String::new()
            }
        } else if others.iter().all(|&o| g.file(o) != g.file(from)) {
            file
        } else if !shape.pawn && others.iter().all(|&o| g.rank(o) != g.rank(from)) {
            rank
        } else {
            g.name(from)
        };
        format!("{}{}{}", shape.head, part, shape.tail)
    }

    /// `+` if the move gives check, `#` if it mates or wins at once, else nothing.
    fn check_mark(&self, m: &Move) -> &'static str {
        self.check_mark_after(&self.after(m))
    }

    /// [`Position::check_mark`] of the move that led to `next`.
    fn check_mark_after(&self, next: &Position) -> &'static str {
        if next
            .decided()
            .is_some_and(|o| o.winner == Some(self.side()))
        {
            return "#";
        }
        if next.kings_of(next.side()) != 0 && next.in_check() {
            if next.count_legal() == 0 {
                "#"
            } else {
                "+"
            }
        } else {
            ""
        }
    }

    /// The name of a move, split where its disambiguation goes.
    fn shape(&self, m: &Move) -> Shape {
        let g = self.geometry();
        let v = self.variant();
        let name = |sq: Square| g.name(sq);
        let Some(from) = m.from else {
            let letter = m
                .effects()
                .iter()
                .find_map(|e| match e {
                    Effect::Place { piece, .. } => Some(v.letter(piece.kind())),
                    _ => None,
                })
                .unwrap_or('P');
            return Shape::fixed(format!("{letter}@{}", name(m.to)));
        };
        let Some(piece) = self.piece_at(from) else {
            return Shape::fixed(self.move_text(m));
        };
        let kind = piece.kind();
        let pawn = kind == Kind::Pawn;
        let head = if pawn {
            String::new()
        } else {
            v.letter(kind).to_string()
        };
        let shape = |tail: String, file_always: bool| Shape {
            head: head.clone(),
            tail,
            from: Some(from),
            pawn,
            file_always,
            fixed: false,
        };
        // The driver's actions: it stays where it is.
        match m.choice {
            Choice::Pull => return shape(":pull".into(), false),
            Choice::Push(at) => return shape(format!(":push:{}", name(at)), false),
            Choice::Switch(a, b) => return shape(format!(":switch:{}{}", name(a), name(b)), false),
            Choice::Absorb(at) => return shape(format!(":absorb:{}", name(at)), false),
            Choice::CastleRook(rook_to) => {
                let rook = v.letter(Kind::Rook);
                return shape(format!("{}/{rook}{}", name(m.to), name(rook_to)), false);
            }
            _ => {}
        }
        let how = m.effects().iter().find_map(|e| match *e {
            Effect::Move { from: f, how, .. } if f == from => Some(how),
            _ => None,
        });
        if how == Some(How::CastleKing) {
            let side = if g.file(m.to) > g.file(from) {
                "O-O"
            } else {
                "O-O-O"
            };
            return Shape::fixed(side.into());
        }
        let captures = m.effects().iter().any(|e| match *e {
            Effect::Remove { at, why } => {
                why == Why::EnPassant || (at == m.to && matches!(why, Why::Capture | Why::Outlaw))
            }
            _ => false,
        });
        let mark = match how {
            _ if captures => "x",
            Some(How::Shift) => "~",
            Some(How::Jump) => "^",
            Some(How::Wrap | How::Bounce(_)) => "|",
            _ => "",
        };
        let mut tail = format!("{mark}{}", name(m.to));
        match m.choice {
            Choice::Promotion(k) => {
                tail.push('=');
                tail.push(v.letter(k));
            }
            Choice::Trick(tricks) => {
                for (at, k) in tricks.into_iter().flatten() {
                    tail.push_str(&format!("/{}={}", name(at), v.letter(k)));
                }
            }
            _ => {}
        }
        // Agents removed elsewhere than the destination: rage, an outlaw's nearer victim,
        // custodian captures.
        let victims: Vec<Square> = m
            .effects()
            .iter()
            .filter_map(|e| match *e {
                Effect::Remove { at, why }
                    if at != m.to && matches!(why, Why::Rage | Why::Outlaw | Why::Custodian) =>
                {
                    Some(at)
                }
                _ => None,
            })
            .collect();
        if !victims.is_empty() {
            tail.push('/');
            for at in victims {
                tail.push('x');
                tail.push_str(&name(at));
            }
        }
        shape(tail, pawn && (captures || how == Some(How::Shift)))
    }

    /// The legal moves (indices into `moves`) that a SAN-shaped or long algebraic name
    /// gives: `[letter][file][rank][x|-]<square>[=letter]`.
    fn loose_matches(&self, text: &str, moves: &[Move]) -> Vec<usize> {
        let Some(loose) = Loose::read(self, text) else {
            return Vec::new();
        };
        let g = self.geometry();
        (0..moves.len())
            .filter(|&i| {
                let m = &moves[i];
                let Some(from) = m.from else {
                    return false;
                };
                let Some(piece) = self.piece_at(from) else {
                    return false;
                };
                let kind_ok = match loose.kind {
                    Some(k) => piece.kind() == k,
                    None => {
                        piece.kind() == Kind::Pawn || (loose.file.is_some() && loose.rank.is_some())
                    }
                };
                let choice_ok = match m.choice {
                    Choice::None => loose.promotion.is_none(),
                    Choice::Promotion(k) => loose.promotion == Some(k),
                    _ => false,
                };
                m.to == loose.to
                    && kind_ok
                    && choice_ok
                    && loose.file.is_none_or(|f| g.file(from) == f)
                    && loose.rank.is_none_or(|r| g.rank(from) == r)
                    && (!loose.capture || m.is_capture())
            })
            .collect()
    }
}

/// A SAN-shaped name read loosely: what it says about the move.
struct Loose {
    kind: Option<Kind>,
    file: Option<u8>,
    rank: Option<u8>,
    capture: bool,
    to: Square,
    promotion: Option<Kind>,
}

impl Loose {
    fn read(pos: &Position, text: &str) -> Option<Loose> {
        let v = pos.variant();
        let g = pos.geometry();
        if !text.is_ascii() {
            return None;
        }
        let mut rest = text;
        let mut promotion = None;
        let b = rest.as_bytes();
        if let Some((body, letter)) = rest.rsplit_once('=') {
            let mut chars = letter.chars();
            let (Some(c), None) = (chars.next(), chars.next()) else {
                return None;
            };
            promotion = Some(v.kind_of_letter(c)?);
            rest = body;
        } else if b.len() >= 3
            && b[b.len() - 1].is_ascii_alphabetic()
            && b[b.len() - 2].is_ascii_digit()
        {
            promotion = Some(v.kind_of_letter(b[b.len() - 1] as char)?);
            rest = &rest[..rest.len() - 1];
        }
        // The destination: a file letter and one or two digits at the end.
        let b = rest.as_bytes();
        let digits = b.iter().rev().take_while(|c| c.is_ascii_digit()).count();
        if digits == 0 || digits > 2 || b.len() < digits + 1 {
            return None;
        }
        let start = b.len() - digits - 1;
        let to = g.parse_square(&rest[start..])?;
        let mut pre = &rest[..start];
        let mut capture = false;
        if let Some(p) = pre.strip_suffix('x') {
            capture = true;
            pre = p;
        } else if let Some(p) = pre.strip_suffix('-') {
            pre = p;
        }
        let mut kind = None;
        if let Some(c) = pre.chars().next().filter(|c| c.is_ascii_uppercase()) {
            kind = Some(v.kind_of_letter(c)?);
            pre = &pre[1..];
        }
        let mut file = None;
        if let Some(c) = pre.chars().next().filter(|c| c.is_ascii_lowercase()) {
            file = Some(c as u8 - b'a');
            pre = &pre[1..];
        }
        let mut rank = None;
        if !pre.is_empty() {
            if pre.len() > 2 || !pre.bytes().all(|c| c.is_ascii_digit()) || pre.starts_with('0') {
                return None;
            }
            rank = Some(pre.parse::<u8>().ok()?.checked_sub(1)?);
        }
        Some(Loose {
            kind,
            file,
            rank,
            capture,
            to,
            promotion,
        })
    }
}

/// Whether a move is a Quarter driver's action, named from the driver's square rather than
/// by its destination.
fn is_driver_action(m: &Move) -> bool {
    matches!(
        m.choice,
        Choice::Pull | Choice::Push(_) | Choice::Switch(..) | Choice::Absorb(_)
    )
}

/// Every square of `pos`'s board whose name is somewhere in `text` (`Nbd2`: d2; `Qh4xe1`:
/// h4 and e1), as a superset: a letter and one or two digits wherever they stand.
fn named_squares(pos: &Position, text: &str) -> Vec<Square> {
    let g = pos.geometry();
    let mut out = Vec::new();
    for (i, c) in text.bytes().enumerate() {
        if !c.is_ascii_lowercase() {
            continue;
        }
        for len in [2, 3] {
            if let Some(sq) = text.get(i..i + len).and_then(|t| g.parse_square(t)) {
                out.push(sq);
            }
        }
    }
    out
}

/// A name with spaces, annotations (`!`, `?`), `+`/`#` and `e.p.` taken off, and castling
/// written with zeros read as with letters.
fn clean_name(text: &str) -> String {
    let mut s = text.trim();
    loop {
        let before = s.len();
        s = s.trim_end_matches(['!', '?', '+', '#']).trim_end();
        for ep in ["e.p.", "ep"] {
            if let Some(t) = s.strip_suffix(ep) {
                // `e.p.` follows a square (`exd6e.p.`, `exd6 e.p.`), never a letter.
                if t.trim_end().ends_with(|c: char| c.is_ascii_digit()) {
                    s = t.trim_end();
                }
            }
        }
        if s.len() == before {
            break;
        }
    }
    match s {
        "0-0" | "o-o" => "O-O".to_string(),
        "0-0-0" | "o-o-o" => "O-O-O".to_string(),
        _ => s.to_string(),
    }
}

/// Whether text is shaped as move text (two squares, a driver action, a drop), so that
/// the move-text reader's error says best what is wrong with it.
fn looks_like_move_text(text: &str) -> bool {
    text.starts_with("P@")
        || text
            .split_once(':')
            .is_some_and(|(driver, _)| driver.starts_with(|c: char| c.is_ascii_lowercase()))
        || crate::text::split_move_text(text).is_some()
}

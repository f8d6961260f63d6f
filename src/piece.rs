//! Colours, piece kinds of all six games, and pieces packed into one byte.

use std::num::NonZeroU8;

/// A side.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Color {
    /// The side that moves first, drawn at the bottom.
    White,
    /// The other side.
    Black,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// 0 for White, 1 for Black.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The other side.
    #[inline]
    pub fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// `w` or `b`, as in position text.
    pub fn letter(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// `White` or `Black`.
    pub fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }

    /// +1 for White (toward higher ranks), -1 for Black.
    #[inline]
    pub fn forward(self) -> i8 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }
}

/// Every kind of agent in any of the six games. Letters are per game (see each variant).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[repr(u8)]
pub enum Kind {
    /// Royal piece.
    King,
    /// Rook + bishop (orthodox); one step or one scout move (Riftwalker).
    Queen,
    /// Rook.
    Rook,
    /// Bishop.
    Bishop,
    /// Knight.
    Knight,
    /// Pawn (each game's own kind of pawn).
    Pawn,
    /// Bishop + knight.
    Archbishop,
    /// Rook + knight.
    Chancellor,
    /// Vagabond Chess: knight leaps capturing anything, jumps with rage.
    Berserker,
    /// Vagabond Chess: moves by the kind of square it stands on.
    Vagabond,
    /// Bandit and Pawnier Chess: the Wolf Chess sergeant.
    Sergeant,
    /// Bandit Chess: non-capturing archbishop that transforms enemy pieces.
    Trickster,
    /// Bandit Chess: bouncing bishop that captures two agents at once.
    Outlaw,
    /// Quarter Chess: pulls, pushes, switches and absorbs.
    Driver,
    /// Quarter Chess: immobilises and captures by custody.
    Merchant,
    /// Riftwalker Chess: scout or mystic move.
    Wizard,
    /// Riftwalker Chess: three steps in three dimensions.
    Mystic,
    /// Riftwalker Chess: two steps in two dimensions.
    Scout,
}

impl Kind {
    /// Every kind, in declaration order.
    pub const ALL: [Kind; 18] = [
        Kind::King,
        Kind::Queen,
        Kind::Rook,
        Kind::Bishop,
        Kind::Knight,
        Kind::Pawn,
        Kind::Archbishop,
        Kind::Chancellor,
        Kind::Berserker,
        Kind::Vagabond,
        Kind::Sergeant,
        Kind::Trickster,
        Kind::Outlaw,
        Kind::Driver,
        Kind::Merchant,
        Kind::Wizard,
        Kind::Mystic,
        Kind::Scout,
    ];

    /// Position in [`Kind::ALL`].
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The kind's name in lower case, as the page and JSON output use it.
    pub fn name(self) -> &'static str {
        match self {
            Kind::King => "king",
            Kind::Queen => "queen",
            Kind::Rook => "rook",
            Kind::Bishop => "bishop",
            Kind::Knight => "knight",
            Kind::Pawn => "pawn",
            Kind::Archbishop => "archbishop",
            Kind::Chancellor => "chancellor",
            Kind::Berserker => "berserker",
            Kind::Vagabond => "vagabond",
            Kind::Sergeant => "sergeant",
            Kind::Trickster => "trickster",
            Kind::Outlaw => "outlaw",
            Kind::Driver => "driver",
            Kind::Merchant => "merchant",
            Kind::Wizard => "wizard",
            Kind::Mystic => "mystic",
            Kind::Scout => "scout",
        }
    }
}

/// A coloured agent, packed into one non-zero byte so that `Option<Piece>` is one byte too.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Piece(NonZeroU8);

impl Piece {
    /// The piece of this colour and kind.
    #[inline]
    pub fn new(color: Color, kind: Kind) -> Piece {
        // kind * 2 + colour + 1 is at least 1 and at most 36.
        Piece(NonZeroU8::new(((kind as u8) << 1 | color as u8) + 1).expect("never zero"))
    }

    /// Its colour.
    #[inline]
    pub fn color(self) -> Color {
        if (self.0.get() - 1) & 1 == 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// Its kind.
    #[inline]
    pub fn kind(self) -> Kind {
        // A match, not an index into `Kind::ALL`: the compiler turns it into the number
        // itself, with no table load and no bounds check.
        match (self.0.get() - 1) >> 1 {
            0 => Kind::King,
            1 => Kind::Queen,
            2 => Kind::Rook,
            3 => Kind::Bishop,
            4 => Kind::Knight,
            5 => Kind::Pawn,
            6 => Kind::Archbishop,
            7 => Kind::Chancellor,
            8 => Kind::Berserker,
            9 => Kind::Vagabond,
            10 => Kind::Sergeant,
            11 => Kind::Trickster,
            12 => Kind::Outlaw,
            13 => Kind::Driver,
            14 => Kind::Merchant,
            15 => Kind::Wizard,
            16 => Kind::Mystic,
            _ => Kind::Scout,
        }
    }

    /// Whether it is this colour's piece of this kind.
    #[inline]
    pub fn is(self, color: Color, kind: Kind) -> bool {
        self == Piece::new(color, kind)
    }

    /// A small dense index (0..36) for tables indexed by piece.
    #[inline]
    pub fn index(self) -> usize {
        (self.0.get() - 1) as usize
    }
}

impl std::fmt::Debug for Piece {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.color().name(), self.kind().name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_pack_and_unpack_every_kind_and_colour() {
        assert_eq!(std::mem::size_of::<Option<Piece>>(), 1);
        let mut seen = std::collections::HashSet::new();
        for c in Color::ALL {
            for k in Kind::ALL {
                let p = Piece::new(c, k);
                assert_eq!((p.color(), p.kind()), (c, k));
                assert!(p.is(c, k));
                assert!(seen.insert(p.index()));
            }
        }
        assert_eq!(seen.len(), 36);
    }

    #[test]
    fn colours() {
        assert_eq!(Color::White.opponent(), Color::Black);
        assert_eq!(Color::Black.forward(), -1);
        assert_eq!(
            Kind::ALL
                .iter()
                .enumerate()
                .filter(|(i, k)| k.index() != *i)
                .count(),
            0
        );
    }
}

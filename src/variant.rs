//! The six games: their ids, boards, and the rules each one implements.

use std::sync::OnceLock;

use crate::error::Error;
use crate::geometry::{Geometry, Square, SquareSet};
use crate::moves::Move;
use crate::piece::{Color, Kind};
use crate::position::Position;

/// One of the six games.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Variant {
    /// FIDE chess, the reference game.
    Orthodox,
    /// Vagabond Chess (8x8 with quadrants).
    Vagabond,
    /// Bandit Chess (7x9).
    Bandit,
    /// Quarter Chess (8x8 with quadrants).
    Quarter,
    /// Pawnier Chess (9x11 with three missing squares).
    Pawnier,
    /// Riftwalker Chess (3x3x3x3).
    Riftwalker,
}

impl Variant {
    /// Every game, in the order the page lists them.
    pub const ALL: [Variant; 6] = [
        Variant::Orthodox,
        Variant::Vagabond,
        Variant::Bandit,
        Variant::Quarter,
        Variant::Pawnier,
        Variant::Riftwalker,
    ];

    /// Position in [`Variant::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The id used on the command line, in links and records: `orthodox`, `vagabond`, ...
    pub fn id(self) -> &'static str {
        match self {
            Variant::Orthodox => "orthodox",
            Variant::Vagabond => "vagabond",
            Variant::Bandit => "bandit",
            Variant::Quarter => "quarter",
            Variant::Pawnier => "pawnier",
            Variant::Riftwalker => "riftwalker",
        }
    }

    /// The game's name for people.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Orthodox => "Orthodox chess",
            Variant::Vagabond => "Vagabond Chess",
            Variant::Bandit => "Bandit Chess",
            Variant::Quarter => "Quarter Chess",
            Variant::Pawnier => "Pawnier Chess",
            Variant::Riftwalker => "Riftwalker Chess",
        }
    }

    /// The game with this id.
    ///
    /// ```
    /// use fairyboard::Variant;
    /// assert_eq!(Variant::from_id("orthodox").unwrap(), Variant::Orthodox);
    /// assert!(Variant::from_id("checkers").is_err());
    /// ```
    pub fn from_id(id: &str) -> Result<Variant, Error> {
        Variant::ALL
            .into_iter()
            .find(|v| v.id() == id)
            .ok_or_else(|| {
                let ids: Vec<&str> = Variant::ALL.iter().map(|v| v.id()).collect();
                Error::new(format!(
                    "unknown game '{}' (expected one of: {})",
                    clip(id),
                    ids.join(", ")
                ))
            })
    }

    /// The game's board, built once.
    pub fn geometry(self) -> &'static Geometry {
        static BOARDS: OnceLock<[Geometry; 6]> = OnceLock::new();
        &BOARDS.get_or_init(|| {
            [
                Geometry::rectangle(8, 8),
                Geometry::quadrants(),
                Geometry::rectangle(7, 9),
                Geometry::quadrants(),
                Geometry::rectangle_with_holes(9, 11, &[(2, 4), (4, 5), (6, 6)]),
                Geometry::tesseract(),
            ]
        })[self.index()]
    }

    /// The game's rules.
    #[inline]
    pub(crate) fn rules(self) -> &'static dyn Rules {
        match self {
            Variant::Orthodox => crate::variants::orthodox::rules(),
            Variant::Riftwalker => crate::variants::riftwalker::rules(),
            Variant::Pawnier => crate::variants::pawnier::rules(),
            Variant::Bandit => crate::variants::bandit::rules(),
            Variant::Vagabond => crate::variants::vagabond::rules(),
            Variant::Quarter => crate::variants::quarter::rules(),
        }
    }

    /// The piece kind a letter stands for in this game (either case).
    pub fn kind_of_letter(self, letter: char) -> Option<Kind> {
        let up = letter.to_ascii_uppercase();
        self.rules()
            .letters()
            .iter()
            .find(|(l, _)| *l == up)
            .map(|&(_, k)| k)
    }

    /// The game's piece kinds with their uppercase letters, in the order the rules list them.
    pub fn pieces(self) -> &'static [(char, Kind)] {
        self.rules().letters()
    }

    /// Whether players hold pieces in hand (Pawnier Chess's pawns).
    pub fn has_hands(self) -> bool {
        self.rules().has_hands()
    }

    /// The standard start position as position text.
    pub fn start_text(self) -> &'static str {
        self.rules().start_text()
    }

    /// The uppercase letter of a kind in this game.
    pub fn letter(self, kind: Kind) -> char {
        self.rules()
            .letters()
            .iter()
            .find(|(_, k)| *k == kind)
            .map_or('?', |&(l, _)| l)
    }
}

/// Castling squares of one side: where the king starts and which rooks may castle with it.
#[derive(Copy, Clone, Debug)]
pub struct CastlingSquares {
    /// The king's start square.
    pub king: Square,
    /// The rook on the queen side (lower files).
    pub queen_rook: Square,
    /// The rook on the king side (higher files).
    pub king_rook: Square,
}

/// What each game defines. Positions call these through [`Variant`].
pub trait Rules: Sync + Send {
    /// Piece letters (uppercase) and the kinds they stand for.
    fn letters(&self) -> &'static [(char, Kind)];
    /// The standard start position as position text.
    fn start_text(&self) -> &'static str;
    /// Castling squares per side, for games with castling.
    fn castling(&self, _color: Color) -> Option<CastlingSquares> {
        None
    }
    /// The rank (from 0) each side's pawns double-step from, for games with en passant.
    fn double_step_rank(&self, _color: Color) -> Option<u8> {
        None
    }
    /// The rank (from 0) an agent of `kind` double-steps from, to check an en passant square:
    /// by default a pawn's [`Rules::double_step_rank`] and none for other kinds (Bandit
    /// Chess's sergeants double-step from another rank).
    fn double_step_rank_of(&self, color: Color, kind: Kind) -> Option<u8> {
        if kind == Kind::Pawn {
            self.double_step_rank(color)
        } else {
            None
        }
    }
    /// Whether players hold pieces in hand (shown as `[...]` in position text).
    fn has_hands(&self) -> bool {
        false
    }
    /// Appends every pseudo-legal move of the side to move: moves that obey the pieces'
    /// powers but may leave the mover's own king attacked.
    fn pseudo_moves(&self, pos: &Position, out: &mut Vec<Move>);
    /// Whether `sq` is attacked by a piece of `by`, as the rules define attack (for check).
    fn is_attacked(&self, pos: &Position, sq: Square, by: Color) -> bool;
    /// The agents of either side that can neither move nor attack where they stand
    /// (Quarter Chess's merchants freeze their enemy neighbours); none in most games.
    fn frozen(&self, _pos: &Position) -> SquareSet {
        0
    }
    /// Appends every legal move: by default the pseudo-legal moves after which no own king
    /// is attacked. Games with extra restrictions or faster checks override it.
    fn legal_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        let start = out.len();
        self.pseudo_moves(pos, out);
        let mut i = start;
        while i < out.len() {
            if pos.leaves_king_safe(&out[i]) {
                i += 1;
            } else {
                out.swap_remove(i);
            }
        }
    }
    /// The number of legal moves (perft's last ply); games may count without building
    /// every move.
    fn count_legal(&self, pos: &Position) -> usize {
        let mut out = Vec::with_capacity(64);
        self.legal_moves(pos, &mut out);
        out.len()
    }
    /// Game-specific checks that a position can be played from, with a message naming the
    /// problem.
    fn validate(&self, pos: &Position) -> Result<(), Error>;
    /// Whether neither side can ever win (by default: kings alone).
    fn insufficient_material(&self, pos: &Position) -> bool {
        pos.occupied() == pos.kings()
    }
}

/// Shortens user text quoted back in an error message.
pub(crate) fn clip(text: &str) -> String {
    const MAX: usize = 40;
    if text.chars().count() <= MAX {
        text.to_string()
    } else {
        format!("{}...", text.chars().take(MAX).collect::<String>())
    }
}

//! What every game answers through [`Variant`]: its id and name, its board, its letters,
//! its start (read from its [`Declaration`]).

use super::{with_game, Declaration, Variant};
use crate::error::{clip, Error};
use crate::geometry::Geometry;
use crate::piece::Kind;

impl Variant {
    /// Position in [`Variant::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The id used on the command line, in links and records: `orthodox`, `vagabond`, ...
    pub fn id(self) -> &'static str {
        self.declaration().id
    }

    /// The game's name for people.
    pub fn name(self) -> &'static str {
        self.declaration().name
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
                Error::new(format!(
                    "unknown game '{}' (expected one of: {})",
                    clip(id),
                    Variant::id_list()
                ))
            })
    }

    /// Every game's id, in [`Variant::ALL`] order and separated by commas: what messages
    /// about an unknown game say may be given instead.
    pub(crate) fn id_list() -> String {
        Variant::ALL.map(Variant::id).join(", ")
    }

    /// The game's board, built once.
    pub fn geometry(self) -> &'static Geometry {
        self.rules().geometry()
    }

    /// The game's declaration: id, name, letters, legend, start. A constant: asking for it
    /// builds none of the game's move tables.
    #[inline]
    pub fn declaration(self) -> &'static Declaration {
        with_game!(self, game => &game::DECLARATION)
    }

    /// The piece kind a letter stands for in this game (either case).
    pub fn kind_of_letter(self, letter: char) -> Option<Kind> {
        let up = letter.to_ascii_uppercase();
        self.declaration()
            .letters
            .iter()
            .find(|(l, _)| *l == up)
            .map(|&(_, k)| k)
    }

    /// The game's piece kinds with their uppercase letters, in the order the rules list them.
    pub fn pieces(self) -> &'static [(char, Kind)] {
        self.declaration().letters
    }

    /// Whether players hold pieces in hand (Pawnier Chess's pawns).
    pub fn has_hands(self) -> bool {
        self.declaration().hands
    }

    /// The standard start position as position text.
    pub fn start_text(self) -> &'static str {
        self.declaration().start
    }

    /// The uppercase letter of a kind in this game.
    pub fn letter(self, kind: Kind) -> char {
        self.declaration()
            .letters
            .iter()
            .find(|(_, k)| *k == kind)
            .map_or('?', |&(l, _)| l)
    }
}

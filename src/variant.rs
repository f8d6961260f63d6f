//! The six games: one enum, dispatching to the game each file under `src/variants/`
//! declares (its record, board and rules).

use crate::error::Error;
use crate::geometry::Geometry;
use crate::piece::Kind;
use crate::rules::{GameInfo, Rules};

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
        self.info().id
    }

    /// The game's name for people.
    pub fn name(self) -> &'static str {
        self.info().name
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

    /// The game's record: id, name, letters, legend, rules text, start. A constant: asking
    /// for it builds none of the game's move tables.
    #[inline]
    pub fn info(self) -> &'static GameInfo {
        use crate::variants::*;
        match self {
            Variant::Orthodox => &orthodox::INFO,
            Variant::Vagabond => &vagabond::INFO,
            Variant::Bandit => &bandit::INFO,
            Variant::Quarter => &quarter::INFO,
            Variant::Pawnier => &pawnier::INFO,
            Variant::Riftwalker => &riftwalker::INFO,
        }
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
        self.info()
            .letters
            .iter()
            .find(|(l, _)| *l == up)
            .map(|&(_, k)| k)
    }

    /// The game's piece kinds with their uppercase letters, in the order the rules list them.
    pub fn pieces(self) -> &'static [(char, Kind)] {
        self.info().letters
    }

    /// Whether players hold pieces in hand (Pawnier Chess's pawns).
    pub fn has_hands(self) -> bool {
        self.info().hands
    }

    /// The standard start position as position text.
    pub fn start_text(self) -> &'static str {
        self.info().start
    }

    /// The uppercase letter of a kind in this game.
    pub fn letter(self, kind: Kind) -> char {
        self.info()
            .letters
            .iter()
            .find(|(_, k)| *k == kind)
            .map_or('?', |&(l, _)| l)
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

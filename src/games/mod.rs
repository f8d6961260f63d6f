//! The games. Each game is one folder, `src/games/<game>/`: its rules (`rules.rs`), its
//! evaluation (`eval.rs`) and, in its `mod.rs`, its declaration (id, name, letters, piece
//! legend, start), its search settings, its review's win curve and its benchmark depths.
//! The games are listed once, in [`games!`] below; everything else about a game is reached
//! through [`Variant`], and the per-game dispatch of the evaluation and search through
//! [`with_game!`]. What is shared: the [`Rules`] every game implements ([`rules`]), the
//! move-generation helpers they are built from ([`movegen`]), the [`Declaration`] and its
//! legend ([`declaration`]), and what any game answers through [`Variant`] (`variant.rs`).

pub mod declaration;
pub(crate) mod movegen;
pub mod rules;
mod variant;

// The games' folders, declared here rather than by `games!` so that rustfmt reaches them.
pub mod bandit;
pub mod orthodox;
pub mod pawnier;
pub mod quarter;
pub mod riftwalker;
pub mod vagabond;

use std::sync::OnceLock;

pub use declaration::Declaration;
use rules::Rules;

/// Makes, from the one list of games (each line: its doc, its [`Variant`] name, which is
/// also the name of its rules' type, and its folder, declared as a module above):
///
/// - the [`Variant`] enum and [`Variant::ALL`], in the list's order (the page's);
/// - each game's rules, built on first use (`<Game>::rules()`) and reached through
///   [`Variant::rules`];
/// - [`with_game!`]: an expression evaluated with a name standing for the game's folder
///   (`with_game!(variant, game => &game::SEARCH)`), for what each game declares there.
macro_rules! games {
    ($($(#[$doc:meta])* $variant:ident in $folder:ident;)*) => {
        /// One of the games.
        #[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
        pub enum Variant {
            $($(#[$doc])* $variant,)*
        }

        impl Variant {
            /// Every game, in the order the page lists them.
            pub const ALL: [Variant; [$(stringify!($variant)),*].len()] = [$(Variant::$variant),*];

            /// The game's rules.
            #[inline]
            pub fn rules(self) -> &'static dyn Rules {
                match self {
                    $(Variant::$variant => $folder::$variant::rules(),)*
                }
            }
        }

        $(impl $folder::$variant {
            /// The game's rules, built once, on first use.
            #[inline]
            pub fn rules() -> &'static $folder::$variant {
                static RULES: OnceLock<$folder::$variant> = OnceLock::new();
                RULES.get_or_init($folder::$variant::new)
            }
        })*

        /// `with_game!(variant, game => expression)`: the expression, with `game` standing for
        /// the folder of `variant`'s game (`game::DECLARATION`, `game::eval::PARAMS`, ...).
        macro_rules! with_game {
            ($which:expr, $game:ident => $body:expr) => {
                match $which {
                    $($crate::games::Variant::$variant => {
                        use $crate::games::$folder as $game;
                        $body
                    })*
                }
            };
        }
        pub(crate) use with_game;
    };
}

games! {
    /// FIDE chess, the reference game.
    Orthodox in orthodox;
    /// Vagabond Chess (8x8 with quadrants).
    Vagabond in vagabond;
    /// Bandit Chess (7x9).
    Bandit in bandit;
    /// Quarter Chess (8x8 with quadrants).
    Quarter in quarter;
    /// Pawnier Chess (9x11 with three missing squares).
    Pawnier in pawnier;
    /// Riftwalker Chess (3x3x3x3).
    Riftwalker in riftwalker;
}

//! What the page's position editor needs from the engine, so that the engine stays the only
//! judge of the rules and the only writer of position text: a [`Draft`] (a board of letters,
//! the side to move, castling rights and hands) written as position text, position text read
//! back into a draft, and the verdict on whether a text can be played from.

use crate::error::clip;
use crate::error::Error;
use crate::games::Variant;
use crate::piece::{Color, Piece};
use crate::position::{Position, Setup};
use crate::text::{castling_text, parse_castling, piece_letter};

/// A position as the editor holds it: anything the board can show, playable or not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Draft {
    /// The piece letter on each cell (uppercase White), by cell index; `None` for empty.
    pub board: Vec<Option<char>>,
    /// The side to move.
    pub side: Color,
    /// Castling rights as position text writes them: `KQkq` letters or `-`.
    pub castling: String,
    /// Pawns in hand, White's then Black's.
    pub hands: [u8; 2],
}

/// `None` if `text` is a position of `variant` that can be played from, else the message
/// naming what is wrong (malformed text, no king, a side in check with the other to move...).
pub fn check(variant: Variant, text: &str) -> Option<String> {
    if text.trim().is_empty() {
        return Some("the position text is empty".to_string());
    }
    Position::from_text(variant, text)
        .err()
        .map(|e| e.message().to_string())
}

/// Whether `variant` has castling rights (so the editor offers them).
pub fn has_castling(variant: Variant) -> bool {
    let rules = variant.rules();
    Color::ALL.iter().any(|&c| rules.castling(c).is_some())
}

/// Writes a draft as position text, with no en passant square, the halfmove clock at 0 and
/// move 1. Fails only on what text cannot say at all: a board of the wrong size, a letter
/// the game does not use, castling letters the game has no rook for, hands in a game
/// without them. Whether the position can be played from is [`check`]'s question.
pub fn write(variant: Variant, draft: &Draft) -> Result<String, Error> {
    let board = pieces(variant, &draft.board)?;
    if !variant.has_hands() && draft.hands != [0, 0] {
        return Err(Error::new(format!(
            "{} has no pieces in hand",
            variant.name()
        )));
    }
    let castling = parse_castling(variant, &board, draft.castling.trim())?;
    let setup = Setup {
        variant,
        board,
        side: draft.side,
        castling: Some(castling),
        ep: None,
        halfmove: 0,
        fullmove: 1,
        hands: draft.hands,
    };
    Ok(setup.to_text())
}

/// The castling rights a board allows, as position text writes them (`KQkq` letters or `-`):
/// those whose king and rook stand on their starting squares. The editor drops any other
/// right when the board changes, so moving a king or rook away clears its rights.
pub fn possible_castling(variant: Variant, board: &[Option<char>]) -> Result<String, Error> {
    let setup = Setup {
        variant,
        board: pieces(variant, board)?,
        side: Color::White,
        castling: None,
        ep: None,
        halfmove: 0,
        fullmove: 1,
        hands: [0, 0],
    };
    Ok(castling_text(variant, setup.default_castling()))
}

/// Reads position text into a draft. Fails only on malformed text: a position that cannot
/// be played from (no king, say) is still read, so the editor can show and mend it.
pub fn read(variant: Variant, text: &str) -> Result<Draft, Error> {
    let setup = Setup::parse(variant, text)?;
    let rights = setup.castling.unwrap_or_else(|| setup.default_castling());
    let castling = castling_text(variant, rights);
    Ok(Draft {
        board: setup
            .board
            .iter()
            .map(|p| p.map(|p| piece_letter(variant, p)))
            .collect(),
        side: setup.side,
        castling,
        hands: setup.hands,
    })
}

/// The pieces of a board of letters; fails on a board of the wrong size or a letter the game
/// does not use.
fn pieces(variant: Variant, letters: &[Option<char>]) -> Result<Vec<Option<Piece>>, Error> {
    let cells = variant.geometry().len();
    if letters.len() != cells {
        return Err(Error::new(format!(
            "the {} board has {cells} cells, not {}",
            variant.name(),
            letters.len()
        )));
    }
    letters
        .iter()
        .map(|cell| {
            cell.map(|letter| piece_of_letter(variant, letter))
                .transpose()
        })
        .collect()
}

fn piece_of_letter(variant: Variant, letter: char) -> Result<Piece, Error> {
    let kind = variant
        .kind_of_letter(letter)
        .filter(|_| letter.is_ascii_alphabetic())
        .ok_or_else(|| {
            let letters: String = variant.pieces().iter().map(|(l, _)| *l).collect();
            Error::new(format!(
                "unknown piece letter '{}' ({} uses {letters})",
                clip(&letter.to_string()),
                variant.name()
            ))
        })?;
    let color = if letter.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    Ok(Piece::new(color, kind))
}

//! The rules panel's text: each game told briefly in the project's own words, naming the
//! rules that are our reconstructions or rulings (where the source texts are silent, cut
//! short or lost their diagrams) and where those rulings are written down.

use crate::variant::Variant;

/// The rules of `variant` for the page: paragraphs separated by a blank line, plain text.
///
/// ```
/// use fairyboard::{rules_text::rules_text, Variant};
/// assert!(rules_text(Variant::Quarter).contains("Q1"));
/// ```
pub fn rules_text(variant: Variant) -> &'static str {
    match variant {
        Variant::Orthodox => ORTHODOX,
        Variant::Vagabond => VAGABOND,
        Variant::Bandit => BANDIT,
        Variant::Quarter => QUARTER,
        Variant::Pawnier => PAWNIER,
        Variant::Riftwalker => RIFTWALKER,
    }
}

const ORTHODOX: &str = "\
The chess of tournaments (FIDE rules), here as the reference game: the engine is checked \
against its published move counts.

White moves first. Castling, en passant and promotion to queen, rook, bishop or knight are \
all played. You win by checkmate; stalemate, a third repetition, fifty moves each without a \
capture or pawn move, and too little material are draws.

Nothing here is reconstructed: these are the standard rules.";

const VAGABOND: &str = "\
Patrik Hedman's game on an 8x8 board cut into four 4x4 quadrants. Both kings start on the d \
file; there is no queen, and nothing ever promotes.

Every agent but the king may jump to the same place in another quadrant if that square is \
empty; such a jump never captures and may not leave the enemy king attacked. The king \
castles freely toward either unmoved rook. The berserker leaps like a knight and can take \
friend or foe, or jumps over a neighbour and wipes out the two squares diagonally ahead of \
its landing. The vagabond moves by the kind of square it stands on. Pawns go diagonally \
and take straight or sideways. Checkmate wins; the orthodox draws apply.

Our rulings where the source is silent or unclear: free castling's details (V3), that a \
quadrant jump may not uncover check either (V4), which squares a berserker's rage hits and \
when it may jump (V6, V7, V8, V13), how the vagabond wraps off the edge and what its \
square decides (V10, V11), pawns jumping to any rank (V12) and no en passant (V14). More \
in docs/rulings-vagabond.md.";

const BANDIT: &str = "\
Patrik Hedman's game on a board of 7 files and 9 ranks, the armies set up point to point. \
No castling.

Besides the orthodox pieces there are the chancellor (rook and knight), the sergeant (a \
forward-stepping pawn that also takes straight ahead), the trickster, which never captures \
but turns enemy pieces into each other's kind, and the outlaw, a bouncing bishop that \
removes two agents, one of each colour, in one capture and dooms whatever takes it. An \
outlaw capturing the enemy king wins at once. All of a side's kings are royal.

Our rulings: no castling and the orthodox pawn (B1), who may take a trickster (B3), the \
trick's details (B4, B5, B6), several kings (B7), the outlaw's capture, bounce and revenge \
(B8 to B12). The engine adds B13 to B18 in docs/rulings-bandit.md.";

const QUARTER: &str = "\
Patrik Hedman's game on the quartered 8x8 board of Vagabond Chess. The set-up we play is \
a reconstruction (Q1): the original diagram is lost, so the army shown here is our best \
reading of the text, not Hedman's own.

Pieces other than kings and pawns may jump to the same place in another quadrant. The \
merchant steps one square, freezes enemy agents beside it and captures by custody: an \
enemy shut between two merchants on a line is removed, and if that enemy is the king \
(a backstab) the game is won. A king closed in between two enemy merchants also loses. \
The driver slides diagonally without capturing, or pulls, pushes, switches or absorbs the \
agents around it. Otherwise checkmate wins.

Our rulings: the set-up (Q1), pawns not jumping quadrants (Q3), custody and backstab \
details (Q5, Q6, Q7), promotion choices (Q9) and what a frozen agent can attack (Q10), \
with the engine's further rulings Q12 to Q16, written down in the README's Quarter Chess \
section and tested one by one in tests/quarter.rs.";

const PAWNIER: &str = "\
Patrik Hedman's game on a board of 9 files and 11 ranks with three squares missing (c5, e6, \
g7). Each side has a king, a row of sergeants, pawns on the board and six pawns in hand.

A pawn has no moves of its own beyond a quiet step: it borrows them from friendly pawns \
around it, moving as a rook, bishop or knight depending on where they stand, and knights \
lend their leap too. Instead of moving you may drop a pawn from your hand on an empty \
square of your first four ranks. Sergeants step forward and become a pawn or a knight at \
the far end. Checkmate wins; stalemate is a draw.

Our rulings: where a sergeant promotes (P3) and its double step (P4), the lone pawn's step \
(P5) and stalemate (P9); the engine adds P10 to P15 in docs/rulings-pawnier.md.";

const RIFTWALKER: &str = "\
A game on a four-dimensional 3x3x3x3 board, drawn as nine small 3x3 boards in a square. \
Two cells are neighbours when one of the four coordinates differs by one: one square \
inside a small board, or the same spot on the next small board.

Every piece moves a few steps through these dimensions: the scout two steps in two \
dimensions, the mystic three in three, the wizard either; the rook, bishop, knight and \
queen are short-range cousins of the orthodox pieces. Pawns and the king step to any \
neighbour. Captures are by landing. Checkmate wins.

The source text names no author and leaves much open. Our rulings: the set-up (R2), \
promotion on the far rank (R4), which paths must be clear (R5) and the queen's short range \
(R7), plus RW1 to RW4 in docs/rulings-riftwalker.md.";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_has_text_naming_its_rulings() {
        for v in Variant::ALL {
            let t = rules_text(v);
            assert!(t.len() > 200, "{}", v.id());
            assert!(t.contains("\n\n"), "{}: paragraphs", v.id());
            // Quarter Chess's own rulings are in the README, not in docs/.
            if v != Variant::Orthodox && v != Variant::Quarter {
                let doc = format!("docs/rulings-{}.md", v.id());
                assert!(t.contains(&doc), "{} names {doc}", v.id());
            }
        }
        assert!(rules_text(Variant::Quarter).contains("reconstruction (Q1)"));
    }
}

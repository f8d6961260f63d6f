//! Scores: centipawns from the side to move's view, and mate scores that count the plies to
//! the mate, so that a nearer mate scores higher.

/// A win at the root (a mate in 0 plies from here): every mate score is within
/// [`MATE_BOUND`] of it.
pub const MATE: i32 = 32_000;
/// Scores beyond this (either sign) are mates.
pub const MATE_BOUND: i32 = MATE - 1_000;
/// Above every score.
pub const INFINITY: i32 = MATE + 1;

/// The score of winning `ply` plies from the root.
#[inline]
pub fn mate_in(ply: usize) -> i32 {
    MATE - ply as i32
}

/// The score of losing `ply` plies from the root.
#[inline]
pub fn mated_in(ply: usize) -> i32 {
    -MATE + ply as i32
}

/// A score as the table keeps it: mates counted from the stored position, not the root.
#[inline]
pub fn to_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// A score read from the table, made relative to the root again.
#[inline]
pub fn from_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// A score as people and UCI read it.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Score {
    /// Centipawns for the side to move.
    Cp(i32),
    /// Mate in this many moves (not plies): positive when the side to move mates, negative
    /// when it is mated.
    Mate(i32),
}

impl Score {
    /// The score of a search value.
    pub fn from_value(v: i32) -> Score {
        if v >= MATE_BOUND {
            Score::Mate((MATE - v + 1) / 2)
        } else if v <= -MATE_BOUND {
            Score::Mate(-(MATE + v) / 2)
        } else {
            Score::Cp(v)
        }
    }

    /// A number that orders scores, higher better for the side to move: centipawns, or
    /// near [`MATE`] for a mate (a sooner mate higher, a later mate against lower).
    pub fn rank(self) -> i32 {
        match self {
            Score::Cp(cp) => cp,
            Score::Mate(n) if n > 0 => MATE - 2 * n,
            Score::Mate(n) => -MATE - 2 * n,
        }
    }

    /// As UCI writes it: `cp 35` or `mate -3`.
    pub fn uci(self) -> String {
        match self {
            Score::Cp(cp) => format!("cp {cp}"),
            Score::Mate(n) => format!("mate {n}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mates_count_moves_and_survive_the_table() {
        assert_eq!(Score::from_value(mate_in(1)), Score::Mate(1));
        assert_eq!(Score::from_value(mate_in(3)), Score::Mate(2));
        assert_eq!(Score::from_value(mated_in(2)), Score::Mate(-1));
        assert_eq!(Score::from_value(mated_in(0)), Score::Mate(0));
        assert_eq!(Score::from_value(35), Score::Cp(35));
        for ply in [0, 3, 40] {
            for v in [mate_in(7), mated_in(9), 120, -5] {
                assert_eq!(from_table(to_table(v, ply), ply), v);
            }
        }
        assert_eq!(Score::Mate(-3).uci(), "mate -3");
        let order = [
            Score::Mate(1),
            Score::Mate(4),
            Score::Cp(900),
            Score::Cp(-20),
        ];
        let more = [Score::Mate(-6), Score::Mate(-1), Score::Mate(0)];
        let ranks: Vec<i32> = order.iter().chain(&more).map(|s| s.rank()).collect();
        assert!(ranks.windows(2).all(|w| w[0] > w[1]), "{ranks:?}");
    }
}

//! Levels 1 to 8: the lower levels search few nodes (so a phone plays them as a desktop
//! does) and choose among near-best moves with noise; level 8 is full strength.

use super::{Limits, Report};
use crate::moves::Move;

/// One level's limits.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Level {
    /// The level, 1 to 8.
    pub number: u8,
    /// The most nodes per move (`None`: the caller's time limit).
    pub nodes: Option<u64>,
    /// The largest random bonus, in centipawns, added to each root move's score before the
    /// best is chosen (0: always the best).
    pub noise: i32,
    /// Percent of moves played at random from all the legal ones instead: a beginner's
    /// oversights, which noise on searched scores never makes (a piece left hanging).
    pub blunders: u8,
}

/// Every level, weakest first.
pub const LEVELS: [Level; 8] = [
    Level {
        number: 1,
        nodes: Some(200),
        noise: 400,
        blunders: 85,
    },
    Level {
        number: 2,
        nodes: Some(600),
        noise: 250,
        blunders: 0,
    },
    Level {
        number: 3,
        nodes: Some(2_000),
        noise: 150,
        blunders: 0,
    },
    Level {
        number: 4,
        nodes: Some(6_000),
        noise: 80,
        blunders: 0,
    },
    Level {
        number: 5,
        nodes: Some(20_000),
        noise: 40,
        blunders: 0,
    },
    Level {
        number: 6,
        nodes: Some(80_000),
        noise: 15,
        blunders: 0,
    },
    Level {
        number: 7,
        nodes: Some(300_000),
        noise: 0,
        blunders: 0,
    },
    Level {
        number: 8,
        nodes: None,
        noise: 0,
        blunders: 0,
    },
];

impl Level {
    /// Level `n` (1 to 8), if it exists.
    pub fn get(n: u8) -> Option<Level> {
        LEVELS.get((n as usize).wrapping_sub(1)).copied()
    }
}

impl Level {
    /// The caller's limits with this level's node limit added (whichever comes first).
    pub fn limits(&self, mut limits: Limits) -> Limits {
        if let Some(n) = self.nodes {
            limits.nodes = Some(limits.nodes.map_or(n, |m| m.min(n)));
        }
        limits
    }

    /// The move this level plays after a search with exact root scores: the best once each
    /// root move's score gets a random bonus up to [`Level::noise`], drawn from a generator
    /// seeded by `seed` (the position's key: the same position gives the same move); or,
    /// [`Level::blunders`] times in a hundred, any legal move.
    pub fn choose(&self, report: &Report, seed: u64) -> Option<Move> {
        if self.noise == 0 || report.root.len() < 2 {
            return report.best;
        }
        // The root lists every legal move even before an iteration finishes, so a blunder
        // needs none (in Riftwalker and Vagabond 200 nodes often finish no iteration).
        let mut rng = fastrand::Rng::with_seed(seed ^ u64::from(self.number));
        if rng.u8(..100) < self.blunders {
            return Some(report.root[rng.usize(..report.root.len())].0);
        }
        // Without a finished iteration the root's scores mean nothing.
        if report.depth == 0 {
            return report.best;
        }
        report
            .root
            .iter()
            .map(|&(m, score)| (m, score.saturating_add(rng.i32(0..self.noise))))
            .max_by_key(|&(_, s)| s)
            .map(|(m, _)| m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Score;
    use crate::{Position, Variant};

    /// A report whose first root move is the only good one: the others lose a queen.
    fn one_good_move() -> Report {
        let pos = Position::start(Variant::Orthodox).unwrap();
        let root: Vec<(Move, i32)> = pos
            .legal_moves()
            .into_iter()
            .enumerate()
            .map(|(i, m)| (m, if i == 0 { 0 } else { -900 }))
            .collect();
        Report {
            best: Some(root[0].0),
            score: Score::Cp(0),
            depth: 3,
            seldepth: 3,
            nodes: 200,
            time: 0.0,
            pv: vec![root[0].0],
            root,
            lines: Vec::new(),
        }
    }

    /// Level 1 overlooks a queen about as often as its blunder rate says (a beginner); level 2
    /// never does, since its noise is below a queen.
    #[test]
    fn level_one_blunders_and_level_two_does_not() {
        let report = one_good_move();
        let best = report.best;
        let good = |level: u8| {
            let l = Level::get(level).unwrap();
            (0..1000u64)
                .filter(|&s| l.choose(&report, s) == best)
                .count()
        };
        let n = report.root.len();
        // 15% chosen by the search, plus the random picks that land on it.
        let expected = 1000 * (100 - usize::from(LEVELS[0].blunders)) / 100
            + 1000 * usize::from(LEVELS[0].blunders) / 100 / n;
        let level_one = good(1);
        assert!(
            level_one.abs_diff(expected) < 40,
            "level 1 found the move {level_one} times in 1000, expected about {expected}"
        );
        assert_eq!(good(2), 1000);
    }

    /// Level 1 blunders as often when no iteration finished (a wide Riftwalker root at 200
    /// nodes), where the root's scores are all zero: before, it then always played the
    /// searched move and beat the greedy player.
    #[test]
    fn level_one_blunders_without_a_finished_iteration() {
        let mut report = one_good_move();
        report.depth = 0;
        for (_, score) in &mut report.root {
            *score = 0;
        }
        let best = report.best;
        let level_one = Level::get(1).unwrap();
        let found = (0..1000u64)
            .filter(|&s| level_one.choose(&report, s) == best)
            .count();
        let n = report.root.len();
        let blunders = usize::from(LEVELS[0].blunders);
        let expected = 1000 * (100 - blunders) / 100 + 1000 * blunders / 100 / n;
        assert!(
            found.abs_diff(expected) < 40,
            "level 1 played the searched move {found} times in 1000, expected about {expected}"
        );
    }
}

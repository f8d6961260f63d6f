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
}

/// Every level, weakest first.
pub const LEVELS: [Level; 8] = [
    Level {
        number: 1,
        nodes: Some(200),
        noise: 400,
    },
    Level {
        number: 2,
        nodes: Some(600),
        noise: 250,
    },
    Level {
        number: 3,
        nodes: Some(2_000),
        noise: 150,
    },
    Level {
        number: 4,
        nodes: Some(6_000),
        noise: 80,
    },
    Level {
        number: 5,
        nodes: Some(20_000),
        noise: 40,
    },
    Level {
        number: 6,
        nodes: Some(80_000),
        noise: 15,
    },
    Level {
        number: 7,
        nodes: Some(300_000),
        noise: 0,
    },
    Level {
        number: 8,
        nodes: None,
        noise: 0,
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
    /// seeded by `seed` (the position's key: the same position gives the same move).
    pub fn choose(&self, report: &Report, seed: u64) -> Option<Move> {
        // Without a finished iteration the root's scores mean nothing.
        if self.noise == 0 || report.root.len() < 2 || report.depth == 0 {
            return report.best;
        }
        let mut rng = fastrand::Rng::with_seed(seed ^ u64::from(self.number));
        report
            .root
            .iter()
            .map(|&(m, score)| (m, score.saturating_add(rng.i32(0..self.noise))))
            .max_by_key(|&(_, s)| s)
            .map(|(m, _)| m)
    }
}

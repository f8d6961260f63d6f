//! How long a search may go on: depth, nodes, a fixed time per move, a clock with its
//! increment, or until stopped; and the deadlines worked out from them.

/// What the caller allows the search.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Limits {
    /// The deepest iteration (in plies).
    pub depth: Option<u32>,
    /// The most nodes.
    pub nodes: Option<u64>,
    /// Milliseconds for this move.
    pub movetime: Option<f64>,
    /// The side to move's clock: the search spends its own share of it.
    pub clock: Option<ClockLimit>,
    /// Search until stopped (no limit but the deepest depth).
    pub infinite: bool,
}

/// A side's clock.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct ClockLimit {
    /// Milliseconds left.
    pub remaining: f64,
    /// Milliseconds added after each move.
    pub increment: f64,
    /// Moves until the next time control, if the control has one.
    pub moves_to_go: Option<u32>,
}

/// Milliseconds kept back from every deadline for the time it takes to answer (printing,
/// a GUI's overhead, a worker's message).
const OVERHEAD: f64 = 20.0;

/// The deadlines of one search, in milliseconds from its start.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Deadlines {
    /// After this, no new iteration starts.
    pub soft: f64,
    /// At this, the search stops wherever it is.
    pub hard: f64,
}

impl Limits {
    /// A fixed depth.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// A fixed number of nodes.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// A fixed time per move, in milliseconds.
    pub fn movetime(ms: f64) -> Limits {
        Limits {
            movetime: Some(ms),
            ..Limits::default()
        }
    }

    /// The deadlines these limits set (infinite when there is no time limit).
    pub(crate) fn deadlines(&self) -> Deadlines {
        let mut d = Deadlines {
            soft: f64::INFINITY,
            hard: f64::INFINITY,
        };
        if self.infinite {
            return d;
        }
        if let Some(ms) = self.movetime {
            let hard = (ms - OVERHEAD / 2.0).max(1.0);
            d.soft = d.soft.min(hard);
            d.hard = d.hard.min(hard);
        }
        if let Some(c) = self.clock {
            // A share of what is left, plus most of the increment; at most a third of the
            // clock, and never the last of it.
            let moves = c.moves_to_go.unwrap_or(30).clamp(1, 50) as f64;
            let left = (c.remaining - OVERHEAD).max(1.0);
            let share = left / moves + 0.75 * c.increment;
            let hard = (share * 3.0).min(left / 3.0 + c.increment * 0.5).min(left);
            d.soft = d.soft.min(share.min(hard));
            d.hard = d.hard.min(hard.max(1.0));
        }
        d
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deadlines_leave_room_and_spend_a_share_of_the_clock() {
        let d = Limits::movetime(1000.0).deadlines();
        assert!(d.hard < 1000.0 && d.hard > 950.0);
        let d = Limits::depth(5).deadlines();
        assert!(d.hard.is_infinite());
        let clock = Limits {
            clock: Some(ClockLimit {
                remaining: 60_000.0,
                increment: 1000.0,
                moves_to_go: None,
            }),
            ..Limits::default()
        };
        let d = clock.deadlines();
        assert!(d.soft > 2000.0 && d.soft < 3500.0, "{d:?}");
        assert!(d.hard > d.soft && d.hard < 20_000.0, "{d:?}");
        // Almost no time left: still a little, never more than is left.
        let d = Limits {
            clock: Some(ClockLimit {
                remaining: 30.0,
                increment: 0.0,
                moves_to_go: Some(1),
            }),
            ..Limits::default()
        }
        .deadlines();
        assert!(d.hard <= 30.0 && d.hard >= 1.0, "{d:?}");
    }
}

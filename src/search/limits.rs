//! How long a search may go on: depth, nodes, a fixed time per move, a clock with its
//! increment, or until stopped; the deadlines worked out from them; and the time spent,
//! read from the caller's clock so that no clock can keep a timed search from ending.

use std::cell::Cell;

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

/// Nodes a timed search may search per millisecond of its hard deadline, whatever its clock
/// says: a backstop for a clock that stands still or goes back. About four times the
/// fastest search measured (540 nodes a millisecond natively, docs/benchmark.md), so a
/// clock that keeps time stops the search first; and a search whose clock stands still
/// takes some 4 to 35 times its time (natively to in wasm), not for ever.
const NODES_PER_MS: f64 = 2_000.0;

/// The deadlines of one search, in milliseconds from its start, and the node backstop.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Deadlines {
    /// After this, no new iteration starts.
    pub soft: f64,
    /// At this, the search stops wherever it is.
    pub hard: f64,
    /// The most nodes, whatever the clock says: [`NODES_PER_MS`] per millisecond of `hard`
    /// (no limit without a time limit).
    pub nodes: u64,
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
            nodes: u64::MAX,
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
        if d.hard.is_finite() {
            // `as` saturates: a deadline of centuries allows u64::MAX nodes.
            d.nodes = (d.hard * NODES_PER_MS).ceil().max(1.0) as u64;
        }
        d
    }
}

/// The milliseconds a search has spent, by the caller's clock, counted so that they never
/// go back: each reading adds how far it is ahead of the one before. A reading behind the
/// one before (a clock going back) adds nothing, and the clock counts on from there; a
/// reading that is not a finite number is skipped. A clock that stands still or only goes
/// back never reaches a deadline: [`Deadlines::nodes`] ends such a search.
pub(crate) struct Timer<'a> {
    clock: &'a dyn Fn() -> f64,
    /// The last finite reading (NaN before the first).
    last: Cell<f64>,
    elapsed: Cell<f64>,
}

impl<'a> Timer<'a> {
    /// Starts counting at `clock`'s reading now.
    pub(crate) fn start(clock: &'a dyn Fn() -> f64) -> Timer<'a> {
        let timer = Timer {
            clock,
            last: Cell::new(f64::NAN),
            elapsed: Cell::new(0.0),
        };
        timer.elapsed();
        timer
    }

    /// Reads the clock: the milliseconds spent so far, never fewer than at the last call.
    pub(crate) fn elapsed(&self) -> f64 {
        let now = (self.clock)();
        if now.is_finite() {
            let step = now - self.last.get();
            // Also false while `last` is NaN (no reading yet).
            if step > 0.0 {
                self.elapsed.set(self.elapsed.get() + step);
            }
            self.last.set(now);
        }
        self.elapsed.get()
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

    #[test]
    fn a_time_limit_brings_a_node_backstop() {
        let d = Limits::movetime(100.0).deadlines();
        assert_eq!(d.nodes, (d.hard * NODES_PER_MS).ceil() as u64);
        assert_eq!(Limits::depth(5).deadlines().nodes, u64::MAX);
        let inf = Limits {
            movetime: Some(100.0),
            infinite: true,
            ..Limits::default()
        };
        assert_eq!(inf.deadlines().nodes, u64::MAX);
        assert_eq!(Limits::movetime(0.0).deadlines().nodes, 2_000);
        assert_eq!(Limits::movetime(1e300).deadlines().nodes, u64::MAX);
    }

    /// The timer's reading after each of `readings` (the first starts it).
    fn timed(readings: &[f64]) -> Vec<f64> {
        let at = Cell::new(0);
        let clock = || {
            let i = at.get();
            at.set(i + 1);
            readings[i]
        };
        let timer = Timer::start(&clock);
        (1..readings.len()).map(|_| timer.elapsed()).collect()
    }

    #[test]
    fn the_time_spent_never_goes_back() {
        // A clock that keeps time.
        assert_eq!(timed(&[100.0, 110.0, 125.0]), [10.0, 25.0]);
        // Standing still, going back: nothing is added.
        assert_eq!(timed(&[5.0, 5.0, 5.0]), [0.0, 0.0]);
        assert_eq!(timed(&[50.0, 40.0, 30.0, 20.0]), [0.0, 0.0, 0.0]);
        // A jump back, then time again: counted from where it landed.
        assert_eq!(timed(&[1000.0, 1010.0, 0.0, 5.0]), [10.0, 10.0, 15.0]);
        // Readings that are not finite numbers are skipped, the first included.
        let nan = f64::NAN;
        assert_eq!(timed(&[nan, 10.0, nan, 12.0]), [0.0, 0.0, 2.0]);
        let inf = f64::INFINITY;
        assert_eq!(timed(&[0.0, inf, 3.0, -inf, 4.0]), [0.0, 3.0, 3.0, 4.0]);
    }
}

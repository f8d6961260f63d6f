//! `go` and its parameters, and the search limits they make for the side to move.

use fairyboard::piece::Color;
use fairyboard::search::{ClockLimit, Limits, MAX_DEPTH};

/// Milliseconds a bare `go` (no limit of any kind) searches, as `fairyboard bestmove` does
/// without limits: python-chess sends a bare `go` for `Limit()` and waits for the
/// `bestmove`, so it must come by itself. So does a `go` whose only limits are clock
/// fields of the side not to move (`go btime 1000` with White to move).
pub(crate) const BARE_GO_MOVETIME: f64 = 1000.0;

/// The most milliseconds a `go` limited only by depth, nodes or mate searches (no time
/// for the side to move): every `go` but `go infinite` ends by itself, and a depth or
/// node count too large to reach must not search for ever (depth 64, the deepest, is out
/// of reach from the start of every game, and so are billions of nodes). The command
/// line's `bestmove` and `review` cap their searches so too.
pub const UNTIMED_GO_MOVETIME: f64 = 10_000.0;

/// The parameters of one `go`.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Go {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<f64>,
    /// Milliseconds left and added per move, by colour (White first).
    pub time: [Option<f64>; 2],
    pub inc: [Option<f64>; 2],
    pub movestogo: Option<u32>,
    /// Mate in this many moves: searched as a depth.
    pub mate: Option<u32>,
    /// Search until `stop`; the `bestmove` waits for it.
    pub infinite: bool,
    /// Root moves to restrict the search to (not supported: every move is searched).
    pub searchmoves: Vec<String>,
}

/// The words `go` knows.
const KEYWORDS: [&str; 13] = [
    "depth",
    "nodes",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "mate",
    "infinite",
    "searchmoves",
    "ponder",
    "perft",
];

impl Go {
    /// Reads the words after `go`. A missing or malformed number, or an unknown word,
    /// is an error: no search starts rather than one with limits nobody asked for.
    pub(crate) fn parse(words: &[&str]) -> Result<Go, String> {
        let mut go = Go::default();
        let mut it = words.iter().copied().peekable();
        while let Some(word) = it.next() {
            let mut number = |name: &str| -> Result<i64, String> {
                let text = it
                    .next()
                    .ok_or_else(|| format!("go {name} needs a number after it"))?;
                text.parse::<i64>().map_err(|_| {
                    format!(
                        "go {name} needs a whole number, not '{}'",
                        fairyboard::error::clip(text)
                    )
                })
            };
            // Times may come negative from a GUI whose clock ran out: nothing is left.
            let ms = |n: i64| n.max(0) as f64;
            match word {
                "depth" => go.depth = Some(number(word)?.clamp(1, i64::from(MAX_DEPTH)) as u32),
                "nodes" => go.nodes = Some(number(word)?.max(1) as u64),
                "movetime" => go.movetime = Some(ms(number(word)?)),
                "wtime" => go.time[0] = Some(ms(number(word)?)),
                "btime" => go.time[1] = Some(ms(number(word)?)),
                "winc" => go.inc[0] = Some(ms(number(word)?)),
                "binc" => go.inc[1] = Some(ms(number(word)?)),
                "movestogo" => go.movestogo = Some(number(word)?.clamp(1, 1000) as u32),
                "mate" => go.mate = Some(number(word)?.clamp(1, i64::from(MAX_DEPTH)) as u32),
                "infinite" => go.infinite = true,
                "searchmoves" => {
                    while let Some(m) = it.next_if(|w| !KEYWORDS.contains(w)) {
                        go.searchmoves.push(m.to_string());
                    }
                }
                "ponder" => return Err("go ponder is not supported (no Ponder option)".into()),
                "perft" => return Err("go perft is not supported: use 'fairyboard perft'".into()),
                other => {
                    return Err(format!(
                        "unknown go parameter '{}'",
                        fairyboard::error::clip(other)
                    ))
                }
            }
        }
        Ok(go)
    }

    /// The search limits for `side` to move: its own clock only. Without `movetime` or a
    /// clock of its own, a `go` with depth, nodes or mate searches at most
    /// [`UNTIMED_GO_MOVETIME`], and one with none of those [`BARE_GO_MOVETIME`], so that
    /// every `go` but `go infinite` ends by itself.
    pub(crate) fn limits(&self, side: Color) -> Limits {
        let i = match side {
            Color::White => 0,
            Color::Black => 1,
        };
        let clock = self.time[i].map(|remaining| ClockLimit {
            remaining,
            increment: self.inc[i].unwrap_or(0.0),
            moves_to_go: self.movestogo,
        });
        // A mate in n moves lies 2n - 1 plies deep.
        let mate_depth = self.mate.map(|n| (2 * n - 1).min(MAX_DEPTH));
        let mut limits = Limits {
            depth: match (self.depth, mate_depth) {
                (Some(d), Some(m)) => Some(d.min(m)),
                (d, m) => d.or(m),
            },
            nodes: self.nodes,
            movetime: self.movetime,
            clock,
            infinite: self.infinite,
        };
        if !limits.infinite && limits.movetime.is_none() && limits.clock.is_none() {
            let bounded = limits.depth.is_some() || limits.nodes.is_some();
            limits.movetime = Some(if bounded {
                UNTIMED_GO_MOVETIME
            } else {
                BARE_GO_MOVETIME
            });
        }
        limits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go(text: &str) -> Result<Go, String> {
        Go::parse(&text.split_whitespace().collect::<Vec<_>>())
    }

    #[test]
    fn the_side_to_move_gets_its_own_clock() {
        let g = go("wtime 60000 btime 30000 winc 1000 binc 500 movestogo 20").unwrap();
        let black = g.limits(Color::Black).clock.unwrap();
        assert_eq!(black.remaining, 30000.0);
        assert_eq!(black.increment, 500.0);
        assert_eq!(black.moves_to_go, Some(20));
        assert_eq!(g.limits(Color::White).clock.unwrap().remaining, 60000.0);
        // A clock that ran out counts as empty, not as an error.
        assert_eq!(go("wtime -50").unwrap().time[0], Some(0.0));
    }

    #[test]
    fn limits_and_a_bare_go() {
        let capped = |limits: Limits| Limits {
            movetime: Some(UNTIMED_GO_MOVETIME),
            ..limits
        };
        assert_eq!(
            go("depth 3").unwrap().limits(Color::White),
            capped(Limits::depth(3))
        );
        assert_eq!(go("depth 0").unwrap().depth, Some(1));
        assert_eq!(
            go("nodes 2000").unwrap().limits(Color::White),
            capped(Limits::nodes(2000))
        );
        assert_eq!(
            go("").unwrap().limits(Color::White),
            Limits::movetime(BARE_GO_MOVETIME)
        );
        let inf = go("infinite").unwrap().limits(Color::White);
        assert!(inf.infinite && inf.movetime.is_none());
        assert_eq!(go("mate 2").unwrap().limits(Color::White).depth, Some(3));
        let g = go("searchmoves e2e4 d2d4 depth 2").unwrap();
        assert_eq!(g.searchmoves, ["e2e4", "d2d4"]);
        assert_eq!(g.depth, Some(2));
    }

    #[test]
    fn every_go_but_infinite_has_a_time_limit_for_the_side_to_move() {
        // Clock fields for the other side only: the default time, as a bare `go`.
        for text in [
            "btime 1",
            "winc 5000",
            "movestogo 5",
            "binc 10",
            "btime 10 binc 10",
        ] {
            let l = go(text).unwrap().limits(Color::White);
            assert_eq!(l.movetime, Some(BARE_GO_MOVETIME), "{text}");
            assert_eq!(l.clock, None, "{text}");
        }
        assert_eq!(
            go("wtime 1 winc 10").unwrap().limits(Color::Black).movetime,
            Some(BARE_GO_MOVETIME)
        );
        // Depth, nodes or mate without time for the side to move: capped.
        for text in [
            "depth 99999",
            "nodes 9223372036854775807",
            "mate 99999",
            "depth 5 btime 1000",
        ] {
            let l = go(text).unwrap().limits(Color::White);
            assert_eq!(l.movetime, Some(UNTIMED_GO_MOVETIME), "{text}");
            assert!(l.depth.unwrap_or(0) <= MAX_DEPTH, "{text}");
        }
        // Time for the side to move: as given, nothing added.
        let l = go("depth 5 wtime 1000").unwrap().limits(Color::White);
        assert_eq!((l.movetime, l.clock.unwrap().remaining), (None, 1000.0));
        assert_eq!(
            go("movetime 50").unwrap().limits(Color::White),
            Limits::movetime(50.0)
        );
        // Only `infinite` goes on until stopped.
        let l = go("infinite depth 99999").unwrap().limits(Color::White);
        assert!(l.infinite && l.movetime.is_none());
    }

    #[test]
    fn malformed_parameters_are_refused() {
        assert!(go("depth").unwrap_err().contains("needs a number"));
        assert!(go("depth x").unwrap_err().contains("'x'"));
        assert!(go("sideways").unwrap_err().contains("unknown go parameter"));
        assert!(go("ponder").is_err());
    }
}

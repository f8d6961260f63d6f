//! The search limits `bestmove` and `review` take (`--depth`, `--nodes`, `--movetime`): each
//! refused out of its range with the same words, and a search given no time capped in time
//! as UCI caps it.

use fairyboard::search::{Limits, MAX_DEPTH};
use fairyboard::Error;

use crate::uci::UNTIMED_GO_MOVETIME;

/// The most nodes a search may be given (the time cap ends it long before).
pub(crate) const MAX_NODES: u64 = 1_000_000_000;
/// The most milliseconds a search may be given: a day.
pub(crate) const MAX_MOVETIME: u64 = 86_400_000;

/// The largest value of a limit option: `--depth`, `--nodes` or `--movetime`.
pub(crate) fn max_of(name: &str) -> u64 {
    match name {
        "--depth" => u64::from(MAX_DEPTH),
        "--nodes" => MAX_NODES,
        _ => MAX_MOVETIME,
    }
}

/// Reads `value`, given for option `name`, as a whole number from 1 to `max`.
pub(crate) fn number(name: &str, value: &str, max: u64) -> Result<u64, Error> {
    fairyboard_lab::args::whole(name, value, 1..=max)
}

/// Reads limit option `name` (`--depth`, `--nodes` or `--movetime`) into `limits`.
pub(crate) fn set(limits: &mut Limits, name: &str, value: &str) -> Result<(), Error> {
    let n = number(name, value, max_of(name))?;
    match name {
        "--depth" => limits.depth = Some(n as u32),
        "--nodes" => limits.nodes = Some(n),
        _ => limits.movetime = Some(n as f64),
    }
    Ok(())
}

/// `limits` with a time cap when they give no time: a search limited only by depth or nodes
/// ends after [`UNTIMED_GO_MOVETIME`] (10 s) at the latest, as a UCI `go` does; a depth of
/// 64 or a billion nodes is out of reach.
pub(crate) fn capped(mut limits: Limits) -> Limits {
    if limits.movetime.is_none() && limits.clock.is_none() && !limits.infinite {
        limits.movetime = Some(UNTIMED_GO_MOVETIME);
    }
    limits
}

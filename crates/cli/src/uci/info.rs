//! The `info` line a finished iteration prints (also used by `fairyboard bestmove`).

use fairyboard::position::Position;
use fairyboard::search::Info;

/// A UCI `info` line: depth, score, nodes, speed, time, table fill and the principal
/// variation in move text, each move written in the position it is played from.
pub fn info_line(pos: &Position, info: &Info) -> String {
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score {} nodes {} nps {} time {} hashfull {}",
        info.depth,
        info.seldepth,
        info.multipv,
        info.score.uci(),
        info.nodes,
        info.nps(),
        info.time.round() as u64,
        info.hashfull
    );
    let mut p = pos.clone();
    if !info.pv.is_empty() {
        line.push_str(" pv");
        for m in &info.pv {
            line.push(' ');
            line.push_str(&p.move_text(m));
            p.apply(m);
        }
    }
    line
}

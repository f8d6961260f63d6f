//! The tree in a share link: variations (`v=`), comments (`n=`), the moves' NAGs (`a=`) and
//! the end of the line shown (`at=`), written and read back. The grammar is in the module doc of [`super`].

use super::{code_of, digit_value, encode_text, push_digits, sorted_texts, width};
use crate::error::clip;
use crate::error::Error;
use crate::game::Game;
use crate::record::{variation_note, Replay};
use crate::tree::{NodeId, Tree};

/// The tree's parts of a fragment, and the nodes in the order the link numbers them.
pub(super) struct Written {
    /// The main line's moves, joined by `.` (plain) or as digits (coded).
    pub moves: String,
    /// The variations (`v=`), empty when there are none.
    pub variations: String,
    /// The comments (`n=`), empty when there are none.
    pub comments: String,
    /// The moves' NAGs (`a=`), empty when there are none.
    pub nags: String,
    /// The link number of the current line's end when it is not the main line's (`at=`).
    pub at: Option<usize>,
}

/// One step of writing the variations without recursion (a variation's depth is not bounded).
enum Step {
    /// A node's move, after a `.` when it follows another move of its line (plain form).
    Move(NodeId, bool),
    /// What follows a node: its main move, the alternatives to that move, then the rest.
    After(NodeId),
    Open,
    Close,
}

/// Pushes `node`'s move: its text, or its index among its position's sorted legal move texts.
fn push_move(tree: &Tree, node: NodeId, coded: bool, out: &mut String) {
    let n = tree.node(node);
    let (Some(parent), Some(m)) = (n.parent, n.mv) else {
        return;
    };
    if coded {
        let (index, count) = code_of(tree, node);
        push_digits(out, index, width(count));
    } else {
        out.push_str(&tree.node(parent).position.move_text(&m));
    }
}

/// Pushes, onto the work stack, each alternative in parentheses with what follows it, the
/// first alternative on top.
fn push_alternatives(stack: &mut Vec<Step>, alternatives: &[NodeId]) {
    for &alt in alternatives.iter().rev() {
        stack.extend([
            Step::Close,
            Step::After(alt),
            Step::Move(alt, false),
            Step::Open,
        ]);
    }
}

/// Writes the game's tree: the main line, the variations, the comments and the line's end.
pub(super) fn write(game: &Game, coded: bool) -> Written {
    let tree = game.tree();
    let main = game.main_line();
    let mut moves = String::new();
    for (i, &n) in main.iter().enumerate().skip(1) {
        if i > 1 && !coded {
            moves.push('.');
        }
        push_move(tree, n, coded, &mut moves);
    }
    // Link numbers: the start, the main line, then the variations' moves in text order
    // (the order a reader makes them in).
    let mut numbers = main.clone();
    let mut variations = String::new();
    for (i, &n) in main.iter().enumerate() {
        let kids = &tree.node(n).children;
        if kids.len() < 2 {
            continue;
        }
        variations.push_str(&i.to_string());
        let mut stack = Vec::new();
        push_alternatives(&mut stack, &kids[1..]);
        while let Some(step) = stack.pop() {
            match step {
                Step::Open => variations.push('('),
                Step::Close => variations.push(')'),
                Step::Move(node, follows) => {
                    if follows && !coded {
                        variations.push('.');
                    }
                    push_move(tree, node, coded, &mut variations);
                    numbers.push(node);
                }
                Step::After(node) => {
                    let kids = &tree.node(node).children;
                    if let Some(&first) = kids.first() {
                        stack.push(Step::After(first));
                        push_alternatives(&mut stack, &kids[1..]);
                        stack.push(Step::Move(first, true));
                    }
                }
            }
        }
    }
    let comments: Vec<String> = numbers
        .iter()
        .enumerate()
        .filter(|&(_, &n)| !tree.node(n).comment.is_empty())
        .map(|(k, &n)| format!("{k}:{}", encode_text(&tree.node(n).comment)))
        .collect();
    let nags = write_nags(tree, &numbers);
    let end = game.line_nodes().last().copied().unwrap_or(0);
    let at = (main.last() != Some(&end))
        .then(|| numbers.iter().position(|&n| n == end))
        .flatten();
    Written {
        moves,
        variations,
        comments: comments.join("."),
        nags,
        at,
    }
}

/// One line being read: where its next move is played from, and where its last move was
/// played from (the alternatives to that move start there).
struct Frame {
    parent: NodeId,
    before: Option<NodeId>,
}

/// The index just past the `)` that closes the bracket opened before `at` (or the end).
fn past_close(bytes: &[u8], mut at: usize) -> usize {
    let mut depth = 0usize;
    while at < bytes.len() {
        match bytes[at] {
            b'(' => depth += 1,
            b')' if depth == 0 => return at + 1,
            b')' => depth -= 1,
            _ => {}
        }
        at += 1;
    }
    at
}

/// Plays the variations of `v=` into the replay's game (whose main line is read), noting
/// every problem; returns the nodes by link number. A bad move drops the rest of its
/// variation (with the variations inside it) and reading goes on after it.
pub(super) fn read(replay: &mut Replay, v: &str, coded: bool) -> Vec<NodeId> {
    let main = replay.game.main_line();
    let mut numbers = main.clone();
    let bytes = v.trim().as_bytes();
    let mut frames: Vec<Frame> = Vec::new();
    // At the top: the position before the main move that the next alternatives replace.
    let mut group: Option<NodeId> = None;
    let mut at = 0;
    while at < bytes.len() {
        let b = bytes[at];
        let Some(top) = frames.last_mut() else {
            if b.is_ascii_digit() {
                let start = at;
                while at < bytes.len() && bytes[at].is_ascii_digit() {
                    at += 1;
                }
                let digits = &v.trim()[start..at];
                group = digits
                    .parse::<usize>()
                    .ok()
                    .filter(|&i| i + 1 < main.len())
                    .map(|i| main[i]);
                if group.is_none() {
                    replay.notes.push(format!(
                        "the link's variations at move index {} were left out: the main line has only {}",
                        clip(digits),
                        crate::record::plies(main.len() - 1)
                    ));
                }
            } else if b == b'(' {
                match group {
                    Some(p) => {
                        frames.push(Frame {
                            parent: p,
                            before: None,
                        });
                        at += 1;
                    }
                    None => at = past_close(bytes, at + 1),
                }
            } else {
                replay.notes.push(format!(
                    "the link's variations (v=) are malformed at '{}'; the rest was left out",
                    clip(&String::from_utf8_lossy(&bytes[at..]))
                ));
                break;
            }
            continue;
        };
        match b {
            b'.' => at += 1,
            b')' => {
                frames.pop();
                at += 1;
            }
            b'(' => match top.before {
                Some(p) => {
                    frames.push(Frame {
                        parent: p,
                        before: None,
                    });
                    at += 1;
                }
                None => {
                    replay.notes.push(
                        "the link has a variation before any move of its line; it was left out"
                            .into(),
                    );
                    at = past_close(bytes, at + 1);
                }
            },
            _ => {
                let parent = top.parent;
                let (label, result, next) = if coded {
                    coded_move(&replay.game, parent, bytes, at)
                } else {
                    let end = bytes[at..]
                        .iter()
                        .position(|b| b".()".contains(b))
                        .map_or(bytes.len(), |e| at + e);
                    let text = String::from_utf8_lossy(&bytes[at..end]).into_owned();
                    (text.clone(), Ok(text), end)
                };
                let played = result.and_then(|text| {
                    replay.game.go_to_node(parent)?;
                    replay.game.play(&text)
                });
                match played {
                    Ok(_) => {
                        let node = replay.game.current_node();
                        top.before = Some(parent);
                        top.parent = node;
                        numbers.push(node);
                        at = next;
                    }
                    Err(e) => {
                        let pos = &replay.game.tree().node(parent).position;
                        let note = variation_note(pos, &label, e.message());
                        replay.notes.push(note);
                        frames.pop();
                        at = past_close(bytes, at);
                    }
                }
            }
        }
    }
    if !frames.is_empty() {
        replay
            .notes
            .push("the link's variations (v=) end inside a bracket".into());
    }
    numbers
}

/// Reads one coded move played from node `parent`: its label for messages, its move text or
/// why there is none, and where the next token starts.
#[inline(never)] // cold: one shared copy in the wasm
fn coded_move(
    game: &Game,
    parent: NodeId,
    bytes: &[u8],
    at: usize,
) -> (String, Result<String, Error>, usize) {
    let pos = &game.tree().node(parent).position;
    let legal = sorted_texts(pos);
    let w = width(legal.len());
    let chunk = &bytes[at..bytes.len().min(at + w)];
    let label = format!("coded '{}'", String::from_utf8_lossy(chunk));
    let value = chunk
        .iter()
        .try_fold(0usize, |v, &b| digit_value(b).map(|d| v * 64 + d))
        .filter(|_| chunk.len() == w);
    let result = match value {
        None => Err(Error::new(format!(
            "this position needs {w} base64url digit{} (A-Z a-z 0-9 - _)",
            if w == 1 { "" } else { "s" }
        ))),
        Some(value) => legal.get(value).cloned().ok_or_else(|| {
            Error::new(if legal.is_empty() {
                "the game is over".to_string()
            } else {
                format!(
                    "it names move {} but the position has only {} legal moves",
                    value + 1,
                    legal.len()
                )
            })
        }),
    };
    (label, result, at + chunk.len())
}

/// Sets the comments of `n=` on the nodes by link number, noting what cannot be read.
pub(super) fn read_comments(replay: &mut Replay, n: &str, numbers: &[NodeId]) {
    for item in n.trim().split('.').filter(|i| !i.is_empty()) {
        let parsed = item.split_once(':').and_then(|(k, text)| {
            let k = k.parse::<usize>().ok()?;
            Some((k, super::decode(text).ok()?))
        });
        match parsed {
            Some((k, text)) => match numbers.get(k) {
                Some(&node) => {
                    let _ = replay.game.set_comment(node, &text);
                }
                None => replay.notes.push(format!(
                    "the link's comment on move {k} was left out: there is no such move"
                )),
            },
            None => replay.notes.push(format!(
                "the link's comment '{}' is not <number>:<text> and was left out",
                clip(item)
            )),
        }
    }
}

/// The moves' NAGs (`a=`): `<k>:<nag>,<nag>` joined by `.` for the nodes that have some, `k`
/// their link number. (Written digit by digit with the link's other numbers: out of line,
/// it keeps the wasm small.)
#[inline(never)]
fn write_nags(tree: &Tree, numbers: &[NodeId]) -> String {
    let mut out = String::new();
    for (k, &n) in numbers.iter().enumerate() {
        let list = &tree.node(n).nags;
        if list.is_empty() {
            continue;
        }
        if !out.is_empty() {
            out.push('.');
        }
        out.push_str(&k.to_string());
        for (i, &nag) in list.iter().enumerate() {
            out.push(if i == 0 { ':' } else { ',' });
            out.push_str(&usize::from(nag).to_string());
        }
    }
    out
}

/// A list of NAGs `1,14` (each 1 to 255), or `None` if some item is not one.
fn nag_list(list: &str) -> Option<Vec<u8>> {
    let mut nags = Vec::new();
    for item in list.split(',') {
        let n = item
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=255).contains(n))?;
        nags.push(n as u8);
    }
    Some(nags)
}

/// Sets the NAGs of `a=` (`<k>:<nag>,<nag>` joined by `.`) on the nodes by link number,
/// noting what cannot be read.
#[inline(never)]
pub(super) fn read_nags(replay: &mut Replay, a: &str, numbers: &[NodeId]) {
    for item in a.trim().split('.').filter(|i| !i.is_empty()) {
        let parsed = item
            .split_once(':')
            .and_then(|(k, list)| Some((k.parse::<usize>().ok()?, nag_list(list)?)));
        let Some((k, nags)) = parsed else {
            replay.notes.push(format!(
                "the link's annotation '{}' is not <number>:<NAG>,<NAG> and was left out",
                clip(item)
            ));
            continue;
        };
        let set = numbers
            .get(k)
            .filter(|&&node| node != 0)
            .map(|&node| replay.game.set_nags(node, &nags));
        if set.is_none() {
            replay.notes.push(format!(
                "the link's annotation of move {k} was left out: there is no such move"
            ));
        }
    }
}

//! The game tree in PGN: the movetext of a game with its variations `( ... )`, comments
//! `{ ... }` and NAGs (`$1`) written, and the variations, comments and NAGs of a parsed
//! movetext played into a game whose main line is already played.

use std::collections::VecDeque;

use super::movetext::{Line, LineId, Movetext};
use crate::game::Game;
use crate::record::{variation_note, Replay};
use crate::tree::NodeId;

/// One step of writing the movetext without recursion (variations nest without bound).
enum Step {
    Move(NodeId),
    /// What follows a node: its main move, the alternatives to that move, then the rest.
    After(NodeId),
    Open,
    Close,
}

/// A comment as movetext: `{text}`, every character as it is (line breaks, tabs, `{`, `;`,
/// `%` and all) but a `}`, which would end the comment (PGN has no escape for it) and is
/// written as the look-alike `｝` (U+FF5D, FULLWIDTH RIGHT CURLY BRACKET).
fn comment_token(text: &str) -> String {
    format!("{{{}}}", text.replace('}', "\u{ff5d}"))
}

/// Pushes, onto the work stack, each alternative in parentheses with what follows it, the
/// first alternative on top.
fn push_alternatives(stack: &mut Vec<Step>, alternatives: &[NodeId]) {
    for &alt in alternatives.iter().rev() {
        stack.extend([Step::Close, Step::After(alt), Step::Move(alt), Step::Open]);
    }
}

/// The movetext tokens of the whole tree: the game's comment, then the main line with each
/// move's comment and its alternatives in parentheses after it, to any depth. A move number
/// comes before White's moves, and before Black's at the start of a line or after a comment
/// or a variation (`1... e5`), and stays in the same token as its move.
pub(super) fn movetext_tokens(game: &Game) -> Vec<String> {
    let mut tokens = Vec::new();
    let root = game.node(0).map(|n| n.comment).unwrap_or_default();
    if !root.is_empty() {
        tokens.push(comment_token(&root));
    }
    let mut numbered = true; // whether Black's next move needs its number
    let mut stack = vec![Step::After(0)];
    while let Some(step) = stack.pop() {
        match step {
            Step::Open => {
                tokens.push("(".into());
                numbered = true;
            }
            Step::Close => {
                tokens.push(")".into());
                numbered = true;
            }
            Step::Move(id) => {
                let Ok(n) = game.node(id) else { continue };
                let token = if n.side == crate::piece::Color::White {
                    format!("{}. {}", n.number, n.name)
                } else if numbered {
                    format!("{}... {}", n.number, n.name)
                } else {
                    n.name
                };
                tokens.push(token);
                tokens.extend(n.nags.iter().map(|&nag| format!("${}", usize::from(nag))));
                numbered = !n.comment.is_empty();
                if numbered {
                    tokens.push(comment_token(&n.comment));
                }
            }
            Step::After(id) => {
                let kids = &game.tree().node(id).children;
                if let Some(&first) = kids.first() {
                    stack.push(Step::After(first));
                    push_alternatives(&mut stack, &kids[1..]);
                    stack.push(Step::Move(first));
                }
            }
        }
    }
    // `(` and `)` are written against what they enclose: `(1. d4 d5)`.
    let mut joined: Vec<String> = Vec::new();
    let mut open = false;
    for t in tokens {
        match t.as_str() {
            "(" => {
                joined.push(t);
                open = true;
            }
            ")" => match joined.last_mut() {
                Some(last) => last.push(')'),
                None => joined.push(t),
            },
            _ if open => {
                if let Some(last) = joined.last_mut() {
                    last.push_str(&t);
                }
                open = false;
            }
            _ => joined.push(t),
        }
    }
    joined
}

/// A comment of a parsed movetext as the tree keeps it: the comments written after a move,
/// each trimmed, joined by a space. Commands stay as written, in their places: lichess's and
/// chess.com's clocks and evaluations (`[%clk 0:03:00]`, `[%eval 0.17]`, `[%emt 0:00:05]`),
/// the arrows and circles drawn on the position (`[%cal Ge2e4]`, `[%csl Yd4]`) and any other,
/// so that they go on to PGN, links and storage unchanged; the page reads them from there.
fn comment_text(comments: &[String]) -> String {
    let words: Vec<&str> = comments
        .iter()
        .map(|c| c.trim())
        .filter(|c| !c.is_empty())
        .collect();
    words.join(" ")
}

/// Adds the movetext's comments, NAGs and variations to a replay whose game holds its main
/// line (the longest legal prefix): a move's comment and NAGs go on its node, the comment before the
/// first move on the game (node 0), and each variation is played from the position before
/// the move it is an alternative to. A bad move in a variation leaves out the rest of that
/// variation (the alternatives written after the bad move itself are still tried), with a
/// note. When a bad move cut the main line short, the variations from it on are left out
/// with it. The cursor stays at the end of the main line.
pub(super) fn add_tree(replay: &mut Replay, movetext: &Movetext) {
    let main = replay.game.main_line();
    let end = replay.game.current_node();
    let _ = replay
        .game
        .set_comment(0, &comment_text(&movetext.line.comments));
    // The main line: comments and variations of the moves played only, so that the game's
    // main line stays what was played when a bad move cut it short.
    let mut queue: VecDeque<(NodeId, &Line)> = VecDeque::new();
    let variation = |id: LineId| movetext.variation(id);
    for (node, pair) in movetext.line.nodes.iter().zip(main.windows(2)) {
        let _ = replay
            .game
            .set_comment(pair[1], &comment_text(&node.comments));
        let _ = replay.game.set_nags(pair[1], &node.nags);
        queue.extend(node.variations.iter().map(|&v| (pair[0], variation(v))));
    }
    // Breadth first, so that the alternatives to a move are added in the order written (and
    // without recursion: variations nest as deep as the text does).
    while let Some((parent, line)) = queue.pop_front() {
        let mut at = parent;
        for (j, node) in line.nodes.iter().enumerate() {
            queue.extend(node.variations.iter().map(|&v| (at, variation(v))));
            let played = replay
                .game
                .go_to_node(at)
                .and_then(|()| replay.game.play_any(&node.text));
            match played {
                Ok(_) => {
                    at = replay.game.current_node();
                    let mut comments = node.comments.clone();
                    if j == 0 {
                        // A comment just after `(` is on the variation's first move.
                        comments.splice(0..0, line.comments.iter().cloned());
                    }
                    let _ = replay.game.set_comment(at, &comment_text(&comments));
                    let _ = replay.game.set_nags(at, &node.nags);
                }
                Err(e) => {
                    let note = variation_note(replay.game.position(), &node.text, e.message());
                    replay.notes.push(note);
                    break;
                }
            }
        }
    }
    let _ = replay.game.go_to_node(end);
}

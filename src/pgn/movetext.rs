//! The movetext of a PGN game as written, kept whole: every move token of the main line and
//! of its variations, with the comments, NAGs and annotation glyphs attached to it. Nothing
//! here checks that a move is legal; [`crate::pgn::read`] plays the main line, and a game
//! tree can be built from the rest.
//!
//! The shape follows the PGN standard (section 8.2.5): a variation `( ... )` written after a
//! move is an alternative to that move, so it is kept on that move's [`Node::variations`]
//! and its first node replaces it; variations nest. Nested as deep as the text nests them
//! (a text may nest them 100,000 deep), the lines are kept flat, side by side in
//! [`Movetext::variations`], and a node names its variations by their index there: so
//! nothing that builds, copies, compares or drops a movetext recurses once per level.
//!
//! ```
//! use fairyboard::pgn;
//! let parsed = pgn::parse("1. e4 {best by test} (1. d4 d5 $1) 1... e5?! { [%clk 0:03:00] } *").unwrap();
//! let line = &parsed.movetext.line;
//! assert_eq!(line.nodes.len(), 2);
//! assert_eq!(line.nodes[0].text, "e4");
//! assert_eq!(line.nodes[0].comments, ["best by test"]);
//! let alt = parsed.movetext.variation(line.nodes[0].variations[0]);
//! assert_eq!(alt.nodes[0].text, "d4");
//! assert_eq!(alt.nodes[1].nags, [1]);
//! assert_eq!(line.nodes[1].nags, [6]);
//! assert_eq!(pgn::commands(&line.nodes[1].comments[0]), [("clk".to_string(), "0:03:00".to_string())]);
//! assert_eq!(parsed.movetext.result.as_deref(), Some("*"));
//! ```

/// The index of a variation in its movetext's [`Movetext::variations`].
pub type LineId = usize;

/// The movetext of one game: its main line, every variation, and the result written after
/// it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Movetext {
    /// The main line (its variations hang on its nodes).
    pub line: Line,
    /// Every variation of the game, at any depth, in the order their `(` was read; a node's
    /// [`Node::variations`] are indices here.
    pub variations: Vec<Line>,
    /// The game termination marker written at the end (`1-0`, `0-1`, `1/2-1/2`, `*`), if any.
    pub result: Option<String>,
}

impl Movetext {
    /// The variation with index `id` (from a [`Node::variations`]).
    pub fn variation(&self, id: LineId) -> &Line {
        &self.variations[id]
    }

    /// The number of moves in the main line and all its variations.
    pub fn count(&self) -> usize {
        self.line.nodes.len() + self.variations.iter().map(|l| l.nodes.len()).sum::<usize>()
    }
}

/// A line of moves: the main line, or a variation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Line {
    /// Comments written before the line's first move (for a variation: just after its `(`).
    pub comments: Vec<String>,
    /// The moves, in order.
    pub nodes: Vec<Node>,
}

/// One move as written, with what was written after it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Node {
    /// The move token without its move number (`12.`, `12...`) and without trailing
    /// annotation glyphs (`!`, `?`, `!!`, `??`, `!?`, `?!`, which go to `nags`); check marks
    /// are kept: `Nf3`, `Qxf7#`, `e2e4`, `Ng1-f3`, `d1b1/c1`. Read it with
    /// [`crate::Position::parse_any`].
    pub text: String,
    /// Numeric annotation glyphs in the order written: `$n` tokens as `n`, and the glyphs
    /// written on the move as their standard numbers (`!` 1, `?` 2, `!!` 3, `??` 4, `!?` 5,
    /// `?!` 6).
    pub nags: Vec<u8>,
    /// The comments after the move (`{...}` without the braces, `;...` to the end of the
    /// line without the `;`), trimmed, in order; comments written after one of its
    /// variations come here too. Commands such as `[%clk 0:03:00]` stay in the text: see
    /// [`commands`].
    pub comments: Vec<String>,
    /// Variations written after the move, by their index in [`Movetext::variations`]: each
    /// an alternative to this move, starting with the move played instead.
    pub variations: Vec<LineId>,
}

impl Line {
    /// The moves' texts, in order (without the variations).
    pub fn texts(&self) -> Vec<String> {
        self.nodes.iter().map(|n| n.text.clone()).collect()
    }
}

/// The NAG an annotation glyph written on a move stands for (PGN standard, section 10).
pub fn glyph_nag(glyph: &str) -> Option<u8> {
    Some(match glyph {
        "!" => 1,
        "?" => 2,
        "!!" => 3,
        "??" => 4,
        "!?" => 5,
        "?!" => 6,
        _ => return None,
    })
}

/// The embedded commands of a comment, as lichess and chess.com write them: `[%clk 0:03:00]`,
/// `[%eval 0.17]`, `[%eval #-3]`, `[%emt 0:00:05]`, as (name, value) pairs in order. Read
/// whatever the white space inside them (a PGN wrapped at 80 columns breaks `[%eval` and
/// `0.39]` onto two lines): the value without the white space at its ends, each run of it
/// inside one space.
///
/// ```
/// use fairyboard::pgn::commands;
/// assert_eq!(
///     commands("[%eval -0.3] [%clk\n0:02:58 ] a note [%cal  Ge2e4,\tRd1d8]"),
///     [
///         ("eval".to_string(), "-0.3".to_string()),
///         ("clk".to_string(), "0:02:58".to_string()),
///         ("cal".to_string(), "Ge2e4, Rd1d8".to_string())
///     ]
/// );
/// ```
pub fn commands(comment: &str) -> Vec<(String, String)> {
    command_spans(comment)
        .into_iter()
        .map(|(_, name, value)| (name, value))
        .collect()
}

/// The commands of a comment as [`commands`] reads them, each with the bytes it takes in the
/// comment (from its `[%` to its `]`).
pub(crate) fn command_spans(comment: &str) -> Vec<(std::ops::Range<usize>, String, String)> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(start) = comment[from..].find("[%").map(|i| from + i) {
        let after = start + 2;
        let Some(end) = comment[after..].find(']').map(|i| after + i) else {
            break;
        };
        let mut words = comment[after..end].split_whitespace();
        if let Some(name) = words.next() {
            let value: Vec<&str> = words.collect();
            out.push((start..end + 1, name.to_string(), value.join(" ")));
        }
        from = end + 1;
    }
    out
}

/// Builds a [`Movetext`] from the items of a game's movetext, in order.
#[derive(Default)]
pub(crate) struct Builder {
    /// The main line.
    main: Line,
    /// Every variation made so far, as [`Movetext::variations`] keeps them.
    variations: Vec<Line>,
    /// The variations open inside one another, the innermost last: each its index in
    /// `variations`, or `None` for one being skipped (written before any move, or inside
    /// one being skipped).
    open: Vec<Option<LineId>>,
    /// What was odd: a NAG or a variation before any move (dropped), a variation not closed.
    notes: Vec<String>,
}

impl Builder {
    pub(crate) fn new() -> Builder {
        Builder::default()
    }

    /// The line being written, `None` inside a variation being skipped.
    fn line(&mut self) -> Option<&mut Line> {
        match self.open.last() {
            None => Some(&mut self.main),
            Some(&Some(id)) => self.variations.get_mut(id),
            Some(None) => None,
        }
    }

    /// Whether anything was written yet (a move, a comment, a variation).
    pub(crate) fn is_empty(&self) -> bool {
        self.open.is_empty()
            && self.variations.is_empty()
            && self.main.nodes.is_empty()
            && self.main.comments.is_empty()
    }

    /// Inside how many variations.
    pub(crate) fn depth(&self) -> usize {
        self.open.len()
    }

    pub(crate) fn comment(&mut self, text: &str) {
        let text = text.trim().to_string();
        let Some(line) = self.line() else { return };
        match line.nodes.last_mut() {
            Some(node) => node.comments.push(text),
            None => line.comments.push(text),
        }
    }

    pub(crate) fn nag(&mut self, nag: u8) {
        let Some(line) = self.line() else { return };
        match line.nodes.last_mut() {
            Some(node) => node.nags.push(nag),
            None => self
                .notes
                .push(format!("the NAG ${nag} before any move was ignored")),
        }
    }

    pub(crate) fn push_move(&mut self, text: &str, nag: Option<u8>) {
        let Some(line) = self.line() else { return };
        line.nodes.push(Node {
            text: text.to_string(),
            nags: nag.into_iter().collect(),
            ..Node::default()
        });
    }

    /// Opens a variation: an alternative to the last move of the line being written. One
    /// written before any move of its line is skipped, with what it holds (noted).
    pub(crate) fn open(&mut self) {
        let id = self.variations.len();
        let attached = match self.line() {
            Some(line) => match line.nodes.last_mut() {
                Some(node) => {
                    node.variations.push(id);
                    true
                }
                None => {
                    self.notes
                        .push("a variation before any move was ignored".into());
                    false
                }
            },
            None => false,
        };
        if attached {
            self.variations.push(Line::default());
        }
        self.open.push(attached.then_some(id));
    }

    /// Closes the innermost variation; `false` if none is open.
    pub(crate) fn close(&mut self) -> bool {
        self.open.pop().is_some()
    }

    /// The movetext, closing the variations left open (noted), and the notes.
    pub(crate) fn finish(mut self, result: Option<String>) -> (Movetext, Vec<String>) {
        if self.depth() > 0 {
            self.notes
                .push("a variation '(' is not closed by ')'".into());
            self.open.clear();
        }
        let movetext = Movetext {
            line: self.main,
            variations: self.variations,
            result,
        };
        (movetext, self.notes)
    }
}

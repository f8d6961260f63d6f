//! The node store behind a [`crate::Game`]: every position reached, as a tree of moves.
//!
//! Node 0 is the start. Each other node is one move played from its parent's position, with
//! the position after it. A node's children are the moves tried from its position, the first
//! one the main line (as in a PGN file or lichess's analysis board). Node ids are small
//! integers that stay the same for the life of the tree: a deleted node's id is never given
//! to another node.

use std::cell::OnceCell;

use crate::error::Error;
use crate::moves::Move;
use crate::outcome::Outcome;
use crate::piece::Color;
use crate::position::Position;

/// A node's id in its tree: 0 is the start.
pub type NodeId = usize;

/// One position of the tree and the move that reached it.
#[derive(Clone, Debug)]
pub(crate) struct Node {
    pub parent: Option<NodeId>,
    /// The move from the parent's position (`None` for the start).
    pub mv: Option<Move>,
    /// The position after the move.
    pub position: Position,
    /// The moves tried from here, the main line first.
    pub children: Vec<NodeId>,
    /// Moves from the start to here.
    pub ply: usize,
    /// A comment on the move (for the start: on the game, before the first move).
    pub comment: String,
    /// The move's annotations as PGN numbers them (NAGs: 1 `!`, 2 `?`, 14 `+=`, ...), in
    /// the order given; none on the start.
    pub nags: Vec<u8>,
    /// An outcome the players declared here (resignation, agreement, time).
    pub declared: Option<Outcome>,
    /// The move's name ([`Position::move_name`] in the parent's position), made the first
    /// time it is asked for: it never changes, and a move list, PGN and the page ask for
    /// every name of a game of 12,000 plies again and again.
    pub name: OnceCell<String>,
    /// The move's place in a share link's coded form: its index among its position's legal
    /// moves sorted by text, and how many there are (see `link::sorted_texts`), made the
    /// first time it is asked for.
    pub code: OnceCell<(u16, u16)>,
}

/// One node as a display walks the tree ([`crate::Game::nodes`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeInfo {
    /// The node's id.
    pub id: NodeId,
    /// The parent's id (`None` for the start).
    pub parent: Option<NodeId>,
    /// Moves from the start to this node.
    pub ply: usize,
    /// The move number of the move (for the start: the start's move number).
    pub number: u16,
    /// The side that played the move (for the start: the side to move).
    pub side: Color,
    /// The move text (empty for the start).
    pub text: String,
    /// The move's name ([`Position::move_name`]; empty for the start).
    pub name: String,
    /// The comment (empty when there is none).
    pub comment: String,
    /// The move's annotations (NAGs; empty when there are none).
    pub nags: Vec<u8>,
    /// The children's ids, the main line first.
    pub children: Vec<NodeId>,
}

/// The tree: nodes by id, `None` where a node was deleted.
#[derive(Clone, Debug)]
pub(crate) struct Tree {
    nodes: Vec<Option<Node>>,
    /// Each node's position's key without its en passant square
    /// ([`Position::key_without_ep`]), by id: the repetition test along a path of 12,000
    /// plies reads these side by side instead of every position.
    keys: Vec<u64>,
}

impl Tree {
    /// A tree with only the start.
    pub fn new(start: Position) -> Tree {
        Tree {
            keys: vec![start.key_without_ep()],
            nodes: vec![Some(Node {
                parent: None,
                mv: None,
                position: start,
                children: Vec::new(),
                ply: 0,
                comment: String::new(),
                nags: Vec::new(),
                declared: None,
                name: OnceCell::new(),
                code: OnceCell::new(),
            })],
        }
    }

    /// The node `id`, or an error naming it when there is no such node.
    pub fn get(&self, id: NodeId) -> Result<&Node, Error> {
        self.nodes
            .get(id)
            .and_then(Option::as_ref)
            .ok_or_else(|| Error::new(format!("there is no node {id} in this game")))
    }

    pub fn get_mut(&mut self, id: NodeId) -> Result<&mut Node, Error> {
        self.nodes
            .get_mut(id)
            .and_then(Option::as_mut)
            .ok_or_else(|| Error::new(format!("there is no node {id} in this game")))
    }

    /// The node `id`, known to exist (ids the tree itself handed out and did not delete).
    pub fn node(&self, id: NodeId) -> &Node {
        // Only ever called with live ids; the start is the fallback rather than a panic.
        self.get(id)
            .unwrap_or_else(|_| self.nodes[0].as_ref().expect("the start is never deleted"))
    }

    /// The child of `parent` reached by `m`, added as its last child when it is new; returns
    /// its id. `parent` must exist.
    pub fn child(&mut self, parent: NodeId, m: Move) -> NodeId {
        let p = self.node(parent);
        if let Some(&c) = p.children.iter().find(|&&c| self.node(c).mv == Some(m)) {
            return c;
        }
        let node = Node {
            parent: Some(parent),
            mv: Some(m),
            position: p.position.after(&m),
            children: Vec::new(),
            ply: p.ply + 1,
            comment: String::new(),
            nags: Vec::new(),
            declared: None,
            name: OnceCell::new(),
            code: OnceCell::new(),
        };
        let id = self.nodes.len();
        self.keys.push(node.position.key_without_ep());
        self.nodes.push(Some(node));
        if let Ok(p) = self.get_mut(parent) {
            p.children.push(id);
        }
        id
    }

    /// The name of node `id`'s move ([`Position::move_name`] in its parent's position; empty
    /// for the start), made once and kept.
    pub fn name(&self, id: NodeId) -> &str {
        let node = self.node(id);
        node.name.get_or_init(|| match (node.parent, node.mv) {
            // The position after the move is the node's own: not made again for its mark.
            (Some(p), Some(m)) => {
                let before = &self.node(p).position;
                before.move_name_among(&m, &before.legal_moves(), &node.position)
            }
            _ => String::new(),
        })
    }

    /// The key of node `id`'s position without its en passant square (see [`Tree::keys`]).
    pub fn key_without_ep(&self, id: NodeId) -> u64 {
        self.keys.get(id).copied().unwrap_or_default()
    }

    /// The ids from the start to `id`, both included.
    pub fn path(&self, id: NodeId) -> Vec<NodeId> {
        let mut path = vec![id];
        let mut at = id;
        while let Some(p) = self.node(at).parent {
            path.push(p);
            at = p;
        }
        path.reverse();
        path
    }

    /// Extends `line` from its last node along first children to a node without any.
    #[inline(never)] // cold: one shared copy in the wasm
    pub fn extend_main(&self, line: &mut Vec<NodeId>) {
        while let Some(&first) = line.last().and_then(|&l| self.node(l).children.first()) {
            line.push(first);
        }
    }

    /// Moves `id` to the front of its parent's children.
    fn move_to_front(&mut self, id: NodeId) {
        let Some(parent) = self.node(id).parent else {
            return;
        };
        if let Ok(p) = self.get_mut(parent) {
            p.children.retain(|&c| c != id);
            p.children.insert(0, id);
        }
    }

    /// Makes the line through `id` the main line at every branch on its path; returns
    /// whether anything changed.
    #[inline(never)] // cold: one shared copy in the wasm
    pub fn promote_to_main(&mut self, id: NodeId) -> bool {
        let mut changed = false;
        for n in self.path(id) {
            changed |= !self.is_first(n);
            self.move_to_front(n);
        }
        changed
    }

    /// Promotes the variation holding `id` one step: its nearest node (itself included) that
    /// is not its parent's first child becomes the first. Returns whether anything changed.
    pub fn promote_once(&mut self, id: NodeId) -> bool {
        let path = self.path(id);
        match path.into_iter().rev().find(|&n| !self.is_first(n)) {
            Some(n) => {
                self.move_to_front(n);
                true
            }
            None => false,
        }
    }

    /// Whether `id` is the start or its parent's first child.
    fn is_first(&self, id: NodeId) -> bool {
        match self.node(id).parent {
            None => true,
            Some(p) => self.node(p).children.first() == Some(&id),
        }
    }

    /// Deletes `id` and everything after it. `id` must exist and not be the start.
    #[inline(never)] // cold: one shared copy in the wasm
    pub fn delete(&mut self, id: NodeId) {
        if let Some(parent) = self.node(id).parent {
            if let Ok(p) = self.get_mut(parent) {
                p.children.retain(|&c| c != id);
            }
        }
        let mut stack = vec![id];
        while let Some(n) = stack.pop() {
            if let Some(node) = self.nodes.get_mut(n).and_then(Option::take) {
                stack.extend(node.children);
            }
        }
    }

    /// Every node, the start first, each followed by its subtrees in order (main first).
    pub fn preorder(&self) -> Vec<NodeId> {
        let mut out = Vec::new();
        let mut stack = vec![0];
        while let Some(n) = stack.pop() {
            out.push(n);
            stack.extend(self.node(n).children.iter().rev());
        }
        out
    }

    /// The display record of node `id`.
    pub fn info(&self, id: NodeId) -> NodeInfo {
        let node = self.node(id);
        let (number, side, text) = match (node.parent, node.mv) {
            (Some(p), Some(m)) => {
                let before = &self.node(p).position;
                (before.fullmove(), before.side(), before.move_text(&m))
            }
            _ => (
                node.position.fullmove(),
                node.position.side(),
                String::new(),
            ),
        };
        let name = self.name(id).to_string();
        NodeInfo {
            id,
            parent: node.parent,
            ply: node.ply,
            number,
            side,
            text,
            name,
            comment: node.comment.clone(),
            nags: node.nags.clone(),
            children: node.children.clone(),
        }
    }
}

//! The game as a tree: variations instead of truncation, the current line, going to nodes,
//! promoting, deleting, comments and the walk a display reads.

use fairyboard::{Color, Game, NodeInfo, Outcome, Reason, Variant};

fn game(moves: &[&str]) -> Game {
    let mut g = Game::new(Variant::Orthodox, None).unwrap();
    for m in moves {
        g.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    g
}

/// The children of node `id` by their move texts.
fn children(g: &Game, id: usize) -> Vec<String> {
    let n = g.node(id).unwrap();
    n.children
        .iter()
        .map(|&c| g.node(c).unwrap().text)
        .collect()
}

#[test]
fn playing_after_undo_starts_a_variation_and_keeps_the_main_line() {
    let mut g = game(&["e2e4", "e7e5", "g1f3"]);
    g.undo();
    g.undo();
    g.play("c7c5").unwrap();
    assert_eq!(g.line_texts(), ["e2e4", "c7c5"]);
    assert_eq!(g.move_texts(), ["e2e4", "c7c5"]);
    assert!(g.at_end());
    assert_eq!(children(&g, 1), ["e7e5", "c7c5"]);
    // The main line is untouched: first children from the start.
    let main: Vec<String> = g.main_line()[1..]
        .iter()
        .map(|&n| g.node(n).unwrap().text)
        .collect();
    assert_eq!(main, ["e2e4", "e7e5", "g1f3"]);
    // Playing a move that is already there steps into it: no new node.
    g.undo();
    let before = g.nodes().len();
    g.play("e7e5").unwrap();
    assert_eq!(g.nodes().len(), before);
    assert_eq!(g.current_node(), 2);
    assert_eq!(g.line_texts(), ["e2e4", "e7e5", "g1f3"]);
}

#[test]
fn redo_goes_back_into_the_variation_undo_came_from() {
    let mut g = game(&["e2e4", "e7e5", "g1f3", "b8c6"]);
    g.go_to(1).unwrap();
    g.play("c7c5").unwrap();
    g.play("g1f3").unwrap();
    g.play("d7d6").unwrap();
    g.go_to(1).unwrap();
    assert_eq!(g.line_texts(), ["e2e4", "c7c5", "g1f3", "d7d6"]);
    assert_eq!(
        g.redo().map(|_| g.move_texts()),
        Some(vec!["e2e4".into(), "c7c5".into()])
    );
    g.go_to(4).unwrap();
    assert_eq!(g.ply(), 4);
    assert_eq!(g.redo(), None);
    assert!(g.go_to(5).is_err());
}

#[test]
fn going_to_a_node_off_the_line_follows_its_main_line() {
    let mut g = game(&["e2e4", "e7e5", "g1f3", "b8c6"]);
    g.go_to(1).unwrap();
    g.play("c7c5").unwrap(); // node 5
    g.go_to_node(2).unwrap();
    assert_eq!(g.ply(), 2);
    assert_eq!(g.line_texts(), ["e2e4", "e7e5", "g1f3", "b8c6"]);
    assert_eq!(g.line_nodes(), [0, 1, 2, 3, 4]);
    g.go_to_node(5).unwrap();
    assert_eq!(g.line_nodes(), [0, 1, 5]);
    g.go_to_node(0).unwrap();
    assert_eq!(g.ply(), 0);
    assert_eq!(g.line_nodes(), [0, 1, 5], "the start is on every line");
    assert_eq!(
        g.go_to_node(99).unwrap_err().message(),
        "there is no node 99 in this game"
    );
}

#[test]
fn promote_makes_the_line_through_a_node_the_main_line() {
    let mut g = game(&["e2e4", "e7e5", "g1f3"]);
    g.go_to(2).unwrap();
    g.play("b1c3").unwrap(); // 4: a variation of g1f3
    g.go_to(1).unwrap();
    g.play("c7c5").unwrap(); // 5: a variation of e7e5
    g.play("g1f3").unwrap(); // 6
    g.go_to(2).unwrap();
    g.play("b1c3").unwrap(); // 7: a variation inside the variation
    assert_eq!(children(&g, 5), ["g1f3", "b1c3"]);
    assert_eq!(g.promote(7), Ok(true));
    assert_eq!(children(&g, 1), ["c7c5", "e7e5"]);
    assert_eq!(children(&g, 5), ["b1c3", "g1f3"]);
    assert_eq!(g.main_line(), [0, 1, 5, 7]);
    assert_eq!(g.promote(7), Ok(false), "already the main line");
    // One step: the variation trades places with the line it branched from only.
    assert_eq!(g.promote_once(3), Ok(true));
    assert_eq!(children(&g, 2), ["g1f3", "b1c3"], "g1f3 was already first");
    assert_eq!(children(&g, 1), ["e7e5", "c7c5"]);
    assert_eq!(g.promote_once(4), Ok(true));
    assert_eq!(children(&g, 2), ["b1c3", "g1f3"]);
    assert!(g.promote(42).is_err());
    assert_eq!(g.promote_once(0), Ok(false));
}

#[test]
fn delete_removes_a_subtree_and_moves_the_cursor_out_of_it() {
    let mut g = game(&["e2e4", "e7e5", "g1f3", "b8c6"]);
    g.go_to(1).unwrap();
    g.play("c7c5").unwrap(); // 5
    g.play("g1f3").unwrap(); // 6
                             // Deleting the node the cursor is past: the cursor goes to its parent.
    g.delete(5).unwrap();
    assert_eq!(g.current_node(), 1);
    assert_eq!(g.line_texts(), ["e2e4", "e7e5", "g1f3", "b8c6"]);
    assert!(g.node(5).is_err() && g.node(6).is_err());
    // Ids are not reused.
    g.play("d7d5").unwrap();
    assert_eq!(g.current_node(), 7);
    // Deleting ahead of the cursor on its line: the line goes on along the main line.
    g.go_to_node(2).unwrap();
    g.go_to(1).unwrap();
    g.delete(3).unwrap();
    assert_eq!(g.ply(), 1);
    assert_eq!(g.line_texts(), ["e2e4", "e7e5"]);
    // Deleting the main move: the variation becomes the main line.
    g.delete(2).unwrap();
    assert_eq!(g.main_line(), [0, 1, 7]);
    assert_eq!(g.line_texts(), ["e2e4", "d7d5"]);
    // A node off the line: line and cursor stay.
    g.go_to(2).unwrap();
    g.go_to(0).unwrap();
    g.play("d2d4").unwrap(); // 8
    g.go_to_node(7).unwrap();
    g.delete(8).unwrap();
    assert_eq!(g.current_node(), 7);
    assert_eq!(
        g.delete(0).unwrap_err().message(),
        "the start of the game cannot be deleted"
    );
    assert!(g.delete(8).is_err(), "already deleted");
}

#[test]
fn comments_on_nodes_and_on_the_game() {
    let mut g = game(&["e2e4", "e7e5"]);
    g.set_comment(0, "  A quiet game. ").unwrap();
    g.set_comment(2, "The classical reply.").unwrap();
    assert_eq!(g.comment(0), Ok("A quiet game."));
    assert_eq!(g.comment(2), Ok("The classical reply."));
    assert_eq!(g.comment(1), Ok(""));
    g.set_comment(2, "  ").unwrap();
    assert_eq!(g.comment(2), Ok(""));
    assert!(g.set_comment(9, "x").is_err());
    assert!(g.comment(9).is_err());
}

#[test]
fn the_walk_gives_every_node_with_numbers_sides_names_and_children() {
    let mut g = game(&["e2e4", "e7e5", "g1f3"]);
    g.go_to(1).unwrap();
    g.play("c7c5").unwrap();
    g.set_comment(4, "Sicilian").unwrap();
    let nodes = g.nodes();
    let ids: Vec<usize> = nodes.iter().map(|n| n.id).collect();
    assert_eq!(
        ids,
        [0, 1, 2, 3, 4],
        "the start, then depth first with the main line first"
    );
    assert_eq!(
        nodes[0],
        NodeInfo {
            id: 0,
            parent: None,
            ply: 0,
            number: 1,
            side: Color::White,
            text: String::new(),
            name: String::new(),
            comment: String::new(),
            nags: vec![],
            children: vec![1],
        }
    );
    assert_eq!(
        nodes[4],
        NodeInfo {
            id: 4,
            parent: Some(1),
            ply: 2,
            number: 1,
            side: Color::Black,
            text: "c7c5".into(),
            name: "c5".into(),
            comment: "Sicilian".into(),
            nags: vec![],
            children: vec![],
        }
    );
    assert_eq!((nodes[3].number, nodes[3].name.as_str()), (2, "Nf3"));
}

#[test]
fn repetition_counts_along_the_path_only() {
    // Knights out and back twice: the start's third time is a draw; a variation played
    // from the position before it is not, and neither is the start (seen once on its path).
    let mut g = game(&["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"]);
    assert_eq!(g.outcome(), None);
    g.play("f6g8").unwrap();
    assert_eq!(g.outcome(), Some(Outcome::draw(Reason::Repetition)));
    g.undo();
    g.play("e7e5").unwrap();
    assert_eq!(g.outcome(), None);
    assert_eq!(g.keys_before().len(), 8);
    g.go_to(0).unwrap();
    assert_eq!(g.outcome(), None);
}

#[test]
fn declaring_at_the_end_of_a_variation() {
    let mut g = game(&["e2e4", "e7e5", "g1f3"]);
    g.go_to(1).unwrap();
    g.play("c7c5").unwrap();
    let o = g.resign(Color::White).unwrap();
    assert_eq!(g.declared(), Some(o));
    g.go_to_node(3).unwrap();
    assert_eq!(g.outcome(), None);
    assert_eq!(g.declared(), None, "the main line has no declared end");
    g.go_to_node(1).unwrap();
    assert_eq!(g.final_outcome(), None);
    g.go_to_node(4).unwrap();
    assert_eq!(g.outcome(), Some(o));
    assert!(g.play("g1f3").is_err());
}

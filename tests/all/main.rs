//! Every integration test, in one crate so that it builds and links once (a test binary per
//! file built and linked the library's code again for each of them: most of `cargo test`'s
//! time on two cores). Each module is one file of tests; `common` holds what they share.
//! Run one file's tests with `cargo test --test all <module>::`.

mod architecture;
mod bandit;
mod bandit_reference;
mod bylink;
mod common;
mod cozy_oracle;
mod declared;
mod deep_trees;
mod editor;
mod eval_terms;
mod game_tags;
mod king_endgame;
mod lesson;
mod long_game;
mod multipv;
mod names;
mod outcome;
mod pawnier;
mod pawnier_reference;
mod perft;
mod pgn_import;
mod properties;
mod puzzle;
mod puzzle_set;
mod quarter;
mod quarter_properties;
mod quarter_reference;
mod record_properties;
mod record_tags;
mod records;
mod review;
mod riftwalker;
mod riftwalker_reference;
mod seams;
mod search_clock;
mod search_tactics;
mod text;
mod threats;
mod tree;
mod tree_links;
mod tree_pgn;
mod vagabond;
mod vagabond_properties;
mod vagabond_reference;

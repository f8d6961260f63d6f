//! The `fairyboard` binary's tests, in one crate so that it builds and links once: the
//! command line run as a program (`cli`; `lesson check` in `lesson`), the UCI engine over
//! its pipes (`uci`), and the match of each game's own evaluation terms
//! (`eval_terms_match`, ignored by the normal run). Run one file's tests with
//! `cargo test -p fairyboard-cli --test all <module>::`.

mod cli;
mod eval_terms_match;
mod lesson;
mod puzzles;
mod uci;

//! The lab's integration tests, in one crate so that it builds and links once: the opening
//! books (made and kept) and the piece values from mobility. Run one file's tests with
//! `cargo test -p fairyboard-lab --test all <module>::`.

mod book;
mod piece_values;

//! # fairyboard-lab
//!
//! Measuring and tuning fairyboard's engine, apart from what ships (the page's wasm and the
//! `fairyboard` binary depend on nothing here but the command line's `book` and `selfplay`):
//! [`sprt`] (the sequential probability ratio test and Elo bounds), [`book`] (opening books
//! for matches), [`tuning`] (Texel's tuning of the evaluation from self-play), [`curve`]
//! (the win curve's scale fitted to results), [`mobility`] (piece values from their
//! mobility), and [`args`] (the command-line options every binary here and `fairyboard`
//! read the same way). The binaries: `strength` (matches, ladders and SPRT between
//! players), `tune`, `wincurve` and `pgn_corpus`.
#![deny(missing_docs)]

pub mod args;
pub mod book;
pub mod curve;
pub mod mobility;
pub mod sprt;
pub mod tuning;

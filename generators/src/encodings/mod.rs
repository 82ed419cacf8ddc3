//! QBF encodings of games, one file per encoding, each citing its paper.

pub mod gdl;
mod gdl_prefix;

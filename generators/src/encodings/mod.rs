//! QBF encodings of two-player games, one file per encoding, each writing into a
//! [`crate::formula::CircuitQbf`] and citing its paper.

mod binary;
pub mod lifted;

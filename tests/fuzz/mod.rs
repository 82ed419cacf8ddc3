//! The fuzz corpus of issue 18: a seeded mutator, the input formats with their seeds and
//! readers, and the check of one input.

pub mod check;
pub mod formats;
pub mod mutate;

//! Game encodings into QBF, one file per encoding, each citing its paper.

pub mod corplus;

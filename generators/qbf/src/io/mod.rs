//! Reading and writing QDIMACS and QCIR.

mod cursor;
mod qcir_read;
mod qcir_write;
mod qdimacs_read;
mod qdimacs_write;
mod strict;

pub use qcir_read::{read_qcir, visit_qcir, QcirGate, QcirVisitor};
pub use qcir_write::write_qcir;
pub use qdimacs_read::{read_qdimacs, visit_qdimacs, QdimacsVisitor};
pub use qdimacs_write::{write_qdimacs, QdimacsStream, StreamedSize};
pub use strict::{check_qcir, check_qdimacs};

/// The two file formats of a formula: what a file is written in, what a solver reads.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Format {
    Qdimacs,
    Qcir,
}

impl Format {
    /// The format of a file, from its first non-blank bytes: `#QCIR` starts a QCIR file,
    /// and so does a QCIR body without that header (its first statement after `#`
    /// comments is `exists(`, `forall(`, `free(` or `output(`, as in Q-sage's files);
    /// anything else is read as QDIMACS (whose reader reports what is wrong with it).
    pub fn detect(bytes: &[u8]) -> Format {
        let start = bytes.iter().position(|b| !b.is_ascii_whitespace()).unwrap_or(bytes.len());
        let head = &bytes[start..bytes.len().min(start + 5)];
        if head.eq_ignore_ascii_case(b"#QCIR") || qcir_read::headerless_body(bytes) {
            Format::Qcir
        } else {
            Format::Qdimacs
        }
    }

    /// The usual file extension.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Qdimacs => "qdimacs",
            Format::Qcir => "qcir",
        }
    }
}

/// A word that names no [`Format`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a format (qdimacs, qcir)")]
pub struct UnknownFormat(pub String);

/// The format named by its extension, `qdimacs` or `qcir`.
impl std::str::FromStr for Format {
    type Err = UnknownFormat;

    fn from_str(s: &str) -> Result<Format, UnknownFormat> {
        match s {
            "qdimacs" => Ok(Format::Qdimacs),
            "qcir" => Ok(Format::Qcir),
            _ => Err(UnknownFormat(s.to_string())),
        }
    }
}

impl std::fmt::Display for Format {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.extension())
    }
}

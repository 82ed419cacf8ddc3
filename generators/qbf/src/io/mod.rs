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

/// The two file formats.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
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

impl std::fmt::Display for Format {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.extension())
    }
}

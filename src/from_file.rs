//! Numbers of a game read from one of its files (a BDDL problem's `#depth`, a geography
//! graph's rounds): where they are, so that a size refusal they cause is an error at the
//! number (`file:line:col`), which the user lowers there, rather than at a flag they did
//! not give.

use contract::Source;
use encodings::{EncodeError, StreamError};

/// A number at byte `offset` of the file `source`.
pub struct FromFile {
    pub source: Source,
    pub offset: usize,
}

/// `err`, at the number when it is a size refusal and the number came from a file (`at`).
pub fn encode_error(at: Option<&FromFile>, err: EncodeError) -> anyhow::Error {
    match (at, err) {
        (Some(at), EncodeError::TooLarge(e)) => e.at(&at.source, at.offset).into(),
        (_, err) => err.into(),
    }
}

/// [`encode_error`] for a streamed encoding.
pub fn stream_error(at: Option<&FromFile>, err: StreamError) -> anyhow::Error {
    match err {
        StreamError::Encode(e) => encode_error(at, e),
        err => err.into(),
    }
}

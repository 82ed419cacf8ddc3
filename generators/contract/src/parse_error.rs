//! Parse errors: what went wrong, where (1-based file:line:col), the line, and the fix.

use std::fmt;

use super::source::Source;

/// An error in an input file, rendered like a compiler diagnostic:
///
/// ```text
/// f.qdimacs:3:5: literal 7 is larger than the 4 variables the header declares
///   3 | 1 -2 7 0
///     |      ^
///   help: raise <max var> in the `p cnf` line, or renumber the variable
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub file: String,
    pub line: usize,
    pub col: usize,
    pub line_text: String,
    pub message: String,
    pub help: String,
}

impl ParseError {
    /// An error at byte `offset` of `source`. An offset with only whitespace after it
    /// (the end of the file) is moved back to the end of the last line with text, which is
    /// where a reader looks for what is missing.
    pub fn at(source: &Source, offset: usize, message: impl Into<String>, help: impl Into<String>) -> ParseError {
        let rest = source.bytes.get(offset..).unwrap_or_default();
        let offset = if rest.iter().all(u8::is_ascii_whitespace) {
            source.bytes.iter().rposition(|b| !b.is_ascii_whitespace()).map_or(0, |p| p + 1)
        } else {
            offset
        };
        let loc = source.locate(offset);
        ParseError {
            file: source.name.clone(),
            line: loc.line,
            col: loc.col,
            line_text: loc.line_text,
            message: message.into(),
            help: help.into(),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let number = self.line.to_string();
        let pad = " ".repeat(number.len());
        let caret = " ".repeat(self.col.saturating_sub(1));
        writeln!(f, "{}:{}:{}: {}", self.file, self.line, self.col, self.message)?;
        writeln!(f, "  {number} | {}", self.line_text)?;
        writeln!(f, "  {pad} | {caret}^")?;
        write!(f, "  help: {}", self.help)
    }
}

impl std::error::Error for ParseError {}

//! Parse errors: what went wrong, where (1-based file:line:col), the line, and the fix; and
//! [`Source::text`], a source's bytes as text or such an error at the first byte that is
//! not UTF-8 (here, beside the error it makes, so that sources need nothing of errors).

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

impl Source {
    /// The bytes as text; else an error at the first byte that is not UTF-8, with `help`.
    pub fn text(&self, help: &str) -> Result<&str, ParseError> {
        std::str::from_utf8(&self.bytes)
            .map_err(|e| ParseError::at(self, e.valid_up_to(), "the file is not UTF-8 text", help))
    }
}

/// The most characters of the offending line an error quotes: a window around the column,
/// so that a file with one 2 MB line does not give 2 MB of error.
const QUOTE: usize = 200;

impl ParseError {
    /// The quoted part of the line (with `…` where it is cut) and the caret's column in it.
    fn window(&self) -> (String, usize) {
        let chars: Vec<char> = self.line_text.chars().collect();
        let col = self.col.saturating_sub(1);
        if chars.len() <= QUOTE {
            return (self.line_text.clone(), col);
        }
        let start = col.saturating_sub(QUOTE / 2).min(chars.len().saturating_sub(QUOTE));
        let end = (start + QUOTE).min(chars.len());
        let mut text: String = if start > 0 { "…".into() } else { String::new() };
        text.extend(&chars[start..end]);
        if end < chars.len() {
            text.push('…');
        }
        (text, col - start + usize::from(start > 0))
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let number = self.line.to_string();
        let pad = " ".repeat(number.len());
        let (text, caret) = self.window();
        writeln!(f, "{}:{}:{}: {}", self.file, self.line, self.col, self.message)?;
        writeln!(f, "  {number} | {text}")?;
        writeln!(f, "  {pad} | {}^", " ".repeat(caret))?;
        write!(f, "  help: {}", self.help)
    }
}

impl std::error::Error for ParseError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_line_is_quoted_around_the_column() {
        let line = format!("{}X{}", "a".repeat(1_000_000), "b".repeat(1_000_000));
        let source = Source::from_bytes("long.txt", line.clone());
        let shown = ParseError::at(&source, 1_000_000, "bad", "fix").to_string();
        assert!(shown.len() < 1_000, "{} bytes", shown.len());
        let lines: Vec<&str> = shown.lines().collect();
        assert_eq!(lines[0], "long.txt:1:1000001: bad");
        let quote = lines[1].trim_start_matches("  1 | ");
        let caret = lines[2].trim_start_matches("    | ").chars().count() - 1;
        assert_eq!(quote.chars().nth(caret), Some('X'), "{shown}");
        assert!(quote.starts_with('…') && quote.ends_with('…'));
        let short = ParseError::at(&Source::from_bytes("s.txt", "ab X"), 3, "bad", "fix").to_string();
        assert!(short.contains("  1 | ab X\n    |    ^"), "{short}");
    }
}

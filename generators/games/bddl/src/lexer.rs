//! Tokens of BDDL files.
//!
//! `#word` opens a section, `:word` is a keyword, `(`, `)` and `,` are punctuation, and a
//! word is a maximal run of letters, digits and `_ ? + -` (so `?x+1`, `xmax-1` and
//! `left-diagonal` are single words). `%` starts a comment running to the end of the line.
//! Whitespace separates tokens and is otherwise insignificant; each token remembers its
//! line, because goal sections list one condition per line.

use contract::{ParseError, Source};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Tok<'a> {
    Section(&'a str),
    Keyword(&'a str),
    LParen,
    RParen,
    Comma,
    Word(&'a str),
}

#[derive(Copy, Clone, Debug)]
pub struct Token<'a> {
    pub tok: Tok<'a>,
    /// Byte offset of the token's first character.
    pub offset: usize,
    /// 1-based line of the token's first character.
    pub line: usize,
}

fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'?' | b'+' | b'-')
}

/// Splits `source` into tokens.
pub fn tokenize(source: &Source) -> Result<Vec<Token<'_>>, ParseError> {
    let bytes = &source.bytes;
    let mut tokens = Vec::new();
    let (mut pos, mut line) = (0, 1);
    while pos < bytes.len() {
        let b = bytes[pos];
        let start = pos;
        match b {
            b'\n' => {
                line += 1;
                pos += 1;
                continue;
            }
            b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c' => {
                pos += 1;
                continue;
            }
            b'%' => {
                while pos < bytes.len() && bytes[pos] != b'\n' {
                    pos += 1;
                }
                continue;
            }
            b'(' | b')' | b',' => {
                pos += 1;
                let tok = match b {
                    b'(' => Tok::LParen,
                    b')' => Tok::RParen,
                    _ => Tok::Comma,
                };
                tokens.push(Token { tok, offset: start, line });
                continue;
            }
            _ => {}
        }
        let sigil = matches!(b, b'#' | b':');
        if sigil {
            pos += 1;
        }
        while pos < bytes.len() && is_word_byte(bytes[pos]) {
            pos += 1;
        }
        let word_start = if sigil { start + 1 } else { start };
        if pos == word_start {
            let what = if sigil {
                format!("`{}` without a name after it", b as char)
            } else {
                let c = String::from_utf8_lossy(&bytes[start..]).chars().next().unwrap_or('?');
                format!("unexpected character `{c}`")
            };
            return Err(ParseError::at(
                source,
                start,
                what,
                "BDDL files contain sections (`#init`), keywords (`:action`), conditions like `black(?x,?y+1)`, and `%` comments",
            ));
        }
        // Word bytes are ASCII, so this slice is valid UTF-8.
        let text = std::str::from_utf8(&bytes[word_start..pos]).unwrap_or_default();
        let tok = match b {
            b'#' => Tok::Section(text),
            b':' => Tok::Keyword(text),
            _ => Tok::Word(text),
        };
        tokens.push(Token { tok, offset: start, line });
    }
    Ok(tokens)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_keep_their_arithmetic_and_comments_vanish() -> Result<(), ParseError> {
        let src = Source::from_bytes("t", "%action 1\n:action left-diagonal\n(black(?x-1,ymax-2))");
        let toks: Vec<Tok> = tokenize(&src)?.into_iter().map(|t| t.tok).collect();
        assert_eq!(
            toks,
            [
                Tok::Keyword("action"),
                Tok::Word("left-diagonal"),
                Tok::LParen,
                Tok::Word("black"),
                Tok::LParen,
                Tok::Word("?x-1"),
                Tok::Comma,
                Tok::Word("ymax-2"),
                Tok::RParen,
                Tok::RParen
            ]
        );
        Ok(())
    }
}

//! KIF s-expressions: the token level of GDL files.
//!
//! A file is a sequence of s-expressions: symbols, `?variables` and parenthesised lists.
//! `;` starts a comment that runs to the end of the line. Symbols and variable names are
//! case-insensitive (KIF), so both are lower-cased here; every node keeps the byte offset
//! of its first character for `file:line:col` errors.

use contract::{ParseError, Source};

/// One s-expression with the byte offset where it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sexp {
    Symbol(String, usize),
    Variable(String, usize),
    List(Vec<Sexp>, usize),
}

impl Sexp {
    pub fn offset(&self) -> usize {
        match self {
            Sexp::Symbol(_, o) | Sexp::Variable(_, o) | Sexp::List(_, o) => *o,
        }
    }
}

/// The deepest nesting of lists read: the stages after reading walk terms recursively, so
/// the input may not choose how deep they recurse.
pub const MAX_NESTING: usize = 256;

/// Reads all top-level s-expressions of `source`.
pub fn read_sexps(source: &Source) -> Result<Vec<Sexp>, ParseError> {
    let bytes = &source.bytes;
    let mut stack: Vec<(Vec<Sexp>, usize)> = Vec::new();
    let mut top = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        match b {
            b';' => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'(' => {
                if stack.len() >= MAX_NESTING {
                    return Err(ParseError::at(
                        source,
                        i,
                        format!("lists nested more than {MAX_NESTING} deep"),
                        "GDL terms of real games nest a few levels; a deeper nesting is a broken or hostile file",
                    ));
                }
                stack.push((Vec::new(), i))
            }
            b')' => {
                let Some((items, start)) = stack.pop() else {
                    return Err(ParseError::at(
                        source,
                        i,
                        "unexpected `)`: no list is open here",
                        "remove the `)` or add the matching `(` before it",
                    ));
                };
                let list = Sexp::List(items, start);
                match stack.last_mut() {
                    Some((parent, _)) => parent.push(list),
                    None => top.push(list),
                }
            }
            _ if b.is_ascii_whitespace() => {}
            _ => {
                let start = i;
                while i < bytes.len() && !is_delimiter(bytes[i]) {
                    i += 1;
                }
                let text = String::from_utf8_lossy(&bytes[start..i]).to_lowercase();
                let node = if let Some(name) = text.strip_prefix('?') {
                    if name.is_empty() {
                        return Err(ParseError::at(
                            source,
                            start,
                            "a variable needs a name after `?`",
                            "write a name such as `?x`",
                        ));
                    }
                    Sexp::Variable(text.clone(), start)
                } else {
                    Sexp::Symbol(text, start)
                };
                match stack.last_mut() {
                    Some((parent, _)) => parent.push(node),
                    None => top.push(node),
                }
                continue;
            }
        }
        i += 1;
    }
    if let Some((_, start)) = stack.first() {
        return Err(ParseError::at(
            source,
            *start,
            "this `(` is never closed",
            "add the missing `)` at the end of the expression",
        ));
    }
    Ok(top)
}

fn is_delimiter(b: u8) -> bool {
    b.is_ascii_whitespace() || b == b'(' || b == b')' || b == b';'
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_symbols_and_variables_keep_their_offsets() -> Result<(), ParseError> {
        let src = Source::from_bytes("t.kif", "; c\n(ROLE x) (<= (p ?X) (q ?x))\n");
        let sexps = read_sexps(&src)?;
        assert_eq!(sexps.len(), 2);
        assert_eq!(sexps[0], Sexp::List(vec![Sexp::Symbol("role".into(), 5), Sexp::Symbol("x".into(), 10)], 4));
        let Sexp::List(items, _) = &sexps[1] else { panic!("a list") };
        let Sexp::List(head, _) = &items[1] else { panic!("a list") };
        assert_eq!(head[1], Sexp::Variable("?x".into(), 20));
        Ok(())
    }
}

//! A byte cursor shared by the QDIMACS and QCIR readers.

/// A position in a byte slice with the few primitives both readers need.
pub struct Cursor<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Cursor<'a> {
    pub fn new(bytes: &'a [u8]) -> Cursor<'a> {
        Cursor { bytes, pos: 0 }
    }

    /// A cursor at byte `pos`.
    pub fn at(bytes: &'a [u8], pos: usize) -> Cursor<'a> {
        Cursor { bytes, pos }
    }

    pub fn pos(&self) -> usize {
        self.pos
    }

    pub fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    pub fn bump(&mut self) {
        self.pos += 1;
    }

    /// Skips spaces and tabs (and `\r`), stopping at a newline.
    pub fn skip_blanks(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\r')) {
            self.pos += 1;
        }
    }

    /// Skips all whitespace including newlines.
    pub fn skip_whitespace(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\r' | b'\n' | b'\x0b' | b'\x0c')) {
            self.pos += 1;
        }
    }

    /// Moves past the end of the current line.
    pub fn skip_line(&mut self) {
        match self.bytes[self.pos..].iter().position(|&b| b == b'\n') {
            Some(p) => self.pos += p + 1,
            None => self.pos = self.bytes.len(),
        }
    }

    /// Consumes `byte` if it is next.
    pub fn eat(&mut self, byte: u8) -> bool {
        if self.peek() == Some(byte) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    /// Reads a maximal run of bytes satisfying `pred`.
    pub fn take_while(&mut self, pred: impl Fn(u8) -> bool) -> &'a [u8] {
        let start = self.pos;
        while self.peek().is_some_and(&pred) {
            self.pos += 1;
        }
        &self.bytes[start..self.pos]
    }

    /// Reads an optionally signed decimal integer. `Err(())` when no digits follow the
    /// sign or the value does not fit in an `i64`; the cursor then stays where it was.
    pub fn read_int(&mut self) -> Result<i64, ()> {
        let start = self.pos;
        let negative = self.eat(b'-');
        if !negative {
            self.eat(b'+');
        }
        let digits = self.take_while(|b| b.is_ascii_digit());
        let mut value: i64 = 0;
        for &d in digits {
            match value.checked_mul(10).and_then(|v| v.checked_add((d - b'0') as i64)) {
                Some(v) => value = v,
                None => {
                    self.pos = start;
                    return Err(());
                }
            }
        }
        if digits.is_empty() {
            self.pos = start;
            return Err(());
        }
        Ok(if negative { -value } else { value })
    }

    /// The whitespace-separated token at byte `at`, for an error that says what it found:
    /// `` `token` `` (at most 40 characters), or `the end of the file`.
    pub fn found(bytes: &[u8], at: usize) -> String {
        let rest = bytes.get(at..).unwrap_or_default();
        let token = &rest[..rest.iter().position(|b| b.is_ascii_whitespace()).unwrap_or(rest.len())];
        if token.is_empty() {
            return "the end of the file".to_string();
        }
        let text = String::from_utf8_lossy(token);
        let shown: String = text.chars().take(40).collect();
        let cut = if shown.len() < text.len() { "…" } else { "" };
        format!("`{shown}{cut}`")
    }

    /// Whether the byte after the current token ends it (whitespace or end of input).
    pub fn at_token_end(&self) -> bool {
        matches!(self.peek(), None | Some(b' ' | b'\t' | b'\r' | b'\n' | b'\x0b' | b'\x0c'))
    }
}

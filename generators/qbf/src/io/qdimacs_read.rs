//! QDIMACS reader.
//!
//! Events go to a [`QdimacsVisitor`], so `stats` counts a million clauses without storing
//! them and [`read_qdimacs`] builds a [`CnfQbf`] from the same code.
//!
//! Strict where a mistake would change the formula: the `p cnf` header is required and
//! must come before any quantifier or clause; every variable must be within the declared
//! range; a variable is quantified at most once; quantifier lines come before clauses; the
//! clause count must match the header; the last clause must end with `0`.
//! Lenient where the input is still unambiguous: comment lines (`c …`) are accepted
//! anywhere, not just before the header; clauses may span lines; several clauses may share
//! a line; an empty clause (a lone `0`) is read as the false clause. Variables that occur
//! in clauses but in no quantifier line are free: existential at the outermost level.

use crate::formula::{ClauseSink, CnfQbf, Lit, Prefix, Quant, Var};

use super::cursor::Cursor;
use contract::ParseError;
use contract::Source;

/// Receives what a QDIMACS file contains, in file order.
pub trait QdimacsVisitor {
    /// The `p cnf <max_var> <clauses>` line.
    fn header(&mut self, max_var: u32, clauses: u64);
    /// One quantifier line.
    fn block(&mut self, quant: Quant, vars: &[Var]);
    /// One clause (possibly empty).
    fn clause(&mut self, lits: &[Lit]);
}

/// Reads a QDIMACS file into memory.
pub fn read_qdimacs(source: &Source) -> Result<CnfQbf, ParseError> {
    struct Build(CnfQbf);
    impl QdimacsVisitor for Build {
        fn header(&mut self, max_var: u32, _: u64) {
            self.0.max_var = max_var;
        }
        fn block(&mut self, quant: Quant, vars: &[Var]) {
            self.0.prefix.push(quant, vars.iter().copied());
        }
        fn clause(&mut self, lits: &[Lit]) {
            self.0.cnf.add_clause(if lits.is_empty() { &[Lit::FALSE] } else { lits });
        }
    }
    let mut build = Build(CnfQbf { max_var: 0, prefix: Prefix::new(), cnf: Default::default() });
    visit_qdimacs(source, &mut build)?;
    Ok(build.0)
}

/// Parses `source`, reporting its contents to `visitor`.
pub fn visit_qdimacs(source: &Source, visitor: &mut impl QdimacsVisitor) -> Result<(), ParseError> {
    Reader { source, cur: Cursor::new(&source.bytes), max_var: 0, quantified: Vec::new(), lits: Vec::new() }
        .run(visitor)
}

struct Reader<'a> {
    source: &'a Source,
    cur: Cursor<'a>,
    max_var: u32,
    quantified: Vec<bool>,
    lits: Vec<Lit>,
}

impl Reader<'_> {
    fn err(&self, offset: usize, message: impl Into<String>, help: impl Into<String>) -> ParseError {
        ParseError::at(self.source, offset, message, help)
    }

    fn run(mut self, visitor: &mut impl QdimacsVisitor) -> Result<(), ParseError> {
        let (declared, header_at) = self.header()?;
        visitor.header(self.max_var, declared);
        self.quantified = vec![false; self.max_var as usize + 1];
        let mut clauses: u64 = 0;
        let mut vars = Vec::new();
        loop {
            self.cur.skip_whitespace();
            let start = self.cur.pos();
            match self.cur.peek() {
                None => break,
                Some(b'c') => self.cur.skip_line(),
                Some(q @ (b'e' | b'a')) => {
                    if clauses > 0 {
                        return Err(self.err(
                            start,
                            "quantifier line after the first clause",
                            "move all `e`/`a` lines above the clauses",
                        ));
                    }
                    self.cur.bump();
                    if !self.cur.at_token_end() {
                        return Err(self.err(
                            start,
                            "expected `e` or `a` followed by a space",
                            "write quantifier lines as `e 1 2 3 0` or `a 4 5 0`",
                        ));
                    }
                    self.quantifier_line(&mut vars)?;
                    visitor.block(if q == b'e' { Quant::Exists } else { Quant::Forall }, &vars);
                }
                Some(b'p') => {
                    return Err(self.err(
                        start,
                        "a second `p` line",
                        "keep exactly one `p cnf` header, before the prefix and the clauses",
                    ))
                }
                Some(b'-' | b'0'..=b'9') => {
                    self.clause()?;
                    clauses += 1;
                    visitor.clause(&self.lits);
                }
                Some(_) => {
                    let found = String::from_utf8_lossy(self.cur.take_while(|b| !b.is_ascii_whitespace())).into_owned();
                    return Err(self.err(
                        start,
                        format!("unexpected `{found}`"),
                        "lines are comments (`c`), quantifiers (`e`/`a` … 0) or clauses (literals … 0)",
                    ));
                }
            }
        }
        if clauses != declared {
            return Err(self.err(
                header_at,
                format!("the header declares {declared} clauses, but the file has {clauses}"),
                "set <clauses> in the `p cnf` line to the number of clauses",
            ));
        }
        Ok(())
    }

    /// Reads the header; returns the declared clause count and where the header starts.
    fn header(&mut self) -> Result<(u64, usize), ParseError> {
        loop {
            self.cur.skip_whitespace();
            match self.cur.peek() {
                Some(b'c') => self.cur.skip_line(),
                Some(b'p') => break,
                _ => {
                    let at = self.cur.pos();
                    return Err(self.err(
                        at,
                        format!("expected the `p cnf` header, found {}", Cursor::found(&self.source.bytes, at)),
                        "start the file (after comment lines) with `p cnf <max var> <clauses>`; a QCIR file starts with `#QCIR-G14`",
                    ));
                }
            }
        }
        let start = self.cur.pos();
        self.cur.bump();
        self.cur.skip_blanks();
        let format_at = self.cur.pos();
        if self.cur.take_while(|b| b.is_ascii_alphanumeric()) != b"cnf" {
            return Err(self.err(
                format_at,
                "expected `cnf` after `p`",
                "QDIMACS headers read `p cnf <max var> <clauses>`",
            ));
        }
        let max_var = self.header_number("<max var>")?;
        self.max_var = u32::try_from(max_var).ok().filter(|&v| v <= Var::MAX_INDEX).ok_or_else(|| {
            self.err(
                start,
                format!("<max var> {max_var} is too large"),
                format!("variables are numbered up to {}", Var::MAX_INDEX),
            )
        })?;
        let clauses = self.header_number("<clauses>")?;
        self.cur.skip_blanks();
        if !matches!(self.cur.peek(), None | Some(b'\n')) {
            let at = self.cur.pos();
            return Err(self.err(
                at,
                "unexpected text after the header",
                "the header has exactly two numbers: `p cnf <max var> <clauses>`",
            ));
        }
        Ok((clauses, start))
    }

    fn header_number(&mut self, what: &str) -> Result<u64, ParseError> {
        self.cur.skip_blanks();
        let at = self.cur.pos();
        match self.cur.read_int() {
            Ok(v) if v >= 0 && self.cur.at_token_end() => Ok(v as u64),
            _ => Err(self.err(
                at,
                format!("expected {what}, a non-negative integer"),
                "QDIMACS headers read `p cnf <max var> <clauses>`",
            )),
        }
    }

    fn literal(&mut self) -> Result<i64, ParseError> {
        let at = self.cur.pos();
        let value = match self.cur.read_int() {
            Ok(v) if self.cur.at_token_end() => v,
            _ => {
                self.cur = Cursor::at(&self.source.bytes, at);
                let found = String::from_utf8_lossy(self.cur.take_while(|b| !b.is_ascii_whitespace())).into_owned();
                let found = if found.is_empty() { "end of file".to_string() } else { format!("`{found}`") };
                return Err(self.err(
                    at,
                    format!("expected a literal or 0, found {found}"),
                    "literals are non-zero integers; every clause and quantifier line ends with 0",
                ));
            }
        };
        if value.unsigned_abs() > self.max_var as u64 {
            return Err(self.err(
                at,
                format!(
                    "variable {} is larger than the {} variables the header declares",
                    value.unsigned_abs(),
                    self.max_var
                ),
                "raise <max var> in the `p cnf` line, or renumber the variable",
            ));
        }
        Ok(value)
    }

    fn quantifier_line(&mut self, vars: &mut Vec<Var>) -> Result<(), ParseError> {
        vars.clear();
        loop {
            self.cur.skip_whitespace();
            let at = self.cur.pos();
            let value = self.literal()?;
            if value == 0 {
                return Ok(());
            }
            let var = Lit::from_dimacs(value).and_then(|l| l.var()).filter(|_| value > 0).ok_or_else(|| {
                self.err(
                    at,
                    format!("negative literal {value} in a quantifier line"),
                    "quantifier lines list variables, which are positive",
                )
            })?;
            let seen = &mut self.quantified[var.index() as usize];
            if *seen {
                return Err(self.err(
                    at,
                    format!("variable {var} is quantified twice"),
                    "quantify each variable in exactly one `e`/`a` line",
                ));
            }
            *seen = true;
            vars.push(var);
        }
    }

    fn clause(&mut self) -> Result<(), ParseError> {
        self.lits.clear();
        loop {
            self.cur.skip_whitespace();
            if self.cur.peek().is_none() {
                let at = self.cur.pos();
                return Err(self.err(at, "the last clause does not end with 0", "terminate every clause with 0"));
            }
            if self.cur.peek() == Some(b'c') {
                let at = self.cur.pos();
                return Err(self.err(
                    at,
                    "a comment inside an unterminated clause",
                    "terminate the clause with 0 before the comment",
                ));
            }
            let value = self.literal()?;
            if value == 0 {
                return Ok(());
            }
            self.lits.push(Lit::from_dimacs(value).unwrap_or(Lit::FALSE));
        }
    }
}

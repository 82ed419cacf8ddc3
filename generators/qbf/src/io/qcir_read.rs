//! QCIR-G14 reader.
//!
//! Reads the format as competitions and generators write it: the `#QCIR-G14` header with
//! or without the id count, `exists(…)`/`forall(…)`/`free(…)` blocks, one `output(…)`,
//! and gates `name = and|or|xor|ite(…)`. Names may be numbers or identifiers
//! (`[A-Za-z0-9_]+`); numeric names keep their number, other names are numbered after
//! the largest numeric one, in order of first appearance.
//!
//! Strict where a mistake would change the formula: a name is quantified at most once, a
//! gate is defined once, before any use, and never shares a name with a quantified
//! variable; `xor` takes two inputs and `ite` three; exactly one `output`.
//! Lenient where the input is still unambiguous: keywords are case-insensitive, lists may
//! span lines, the header count may be missing or differ from the largest id, the header
//! itself may be missing when the first statement is `exists(`, `forall(`, `free(` or
//! `output(` (Q-sage writes such files; no QDIMACS file starts so). A name used but
//! neither quantified (`free(…)` included) nor defined as a gate is an error at its first
//! use: QCIR-G14 declares every variable, and reading it as a free variable would turn a
//! typo into a different formula.

use hashbrown::HashMap;

use crate::formula::{Circuit, CircuitQbf, GateOp, Lit, Prefix, Quant, Var, VarManager};

use super::cursor::Cursor;
use contract::ParseError;
use contract::Source;

/// The gate types of QCIR-G14.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum QcirGate {
    And,
    Or,
    Xor,
    Ite,
}

/// Receives what a QCIR file contains, in file order.
pub trait QcirVisitor {
    /// One quantifier block; `free(…)` blocks arrive as existential blocks.
    fn block(&mut self, quant: Quant, vars: &[Var]);
    /// The output literal (its gate may be defined later in the file).
    fn output(&mut self, lit: Lit);
    /// One gate definition.
    fn gate(&mut self, out: Var, kind: QcirGate, inputs: &[Lit]);
    /// The end: the largest id in use.
    fn finish(&mut self, max_id: u32);
}

/// Reads a QCIR file into a hash-consed circuit. Gates keep their ids unless they fold
/// into a literal or an earlier equal gate; `xor` and `ite` are expanded into AND/OR.
pub fn read_qcir(source: &Source) -> Result<CircuitQbf, ParseError> {
    let mut build = Build::default();
    visit_qcir(source, &mut build)?;
    Ok(build.qbf.unwrap_or_else(|| CircuitQbf {
        vars: VarManager::new(),
        prefix: Prefix::new(),
        circuit: Circuit::new(),
        output: Lit::TRUE,
    }))
}

#[derive(Default)]
struct Build {
    prefix: Prefix,
    output: Option<Lit>,
    gates: Vec<(Var, QcirGate, usize, usize)>,
    inputs: Vec<Lit>,
    qbf: Option<CircuitQbf>,
}

impl QcirVisitor for Build {
    fn block(&mut self, quant: Quant, vars: &[Var]) {
        self.prefix.push(quant, vars.iter().copied());
    }
    fn output(&mut self, lit: Lit) {
        self.output = Some(lit);
    }
    fn gate(&mut self, out: Var, kind: QcirGate, inputs: &[Lit]) {
        let start = self.inputs.len();
        self.inputs.extend_from_slice(inputs);
        self.gates.push((out, kind, start, self.inputs.len()));
    }
    fn finish(&mut self, max_id: u32) {
        let mut vars = VarManager::with_max(max_id);
        let mut circuit = Circuit::new();
        let mut map: Vec<Lit> = (0..=max_id).map(|i| Var::new(i).map_or(Lit::TRUE, Var::pos_lit)).collect();
        let resolve = |map: &[Lit], lit: Lit| {
            if lit.is_neg() {
                !map[lit.var_index() as usize]
            } else {
                map[lit.var_index() as usize]
            }
        };
        for &(out, kind, start, end) in &self.gates {
            let ins: Vec<Lit> = self.inputs[start..end].iter().map(|&l| resolve(&map, l)).collect();
            map[out.index() as usize] = match kind {
                QcirGate::And => circuit.gate_named(&mut vars, GateOp::And, ins, out),
                QcirGate::Or => circuit.gate_named(&mut vars, GateOp::Or, ins, out),
                QcirGate::Xor => circuit.xor(&mut vars, ins[0], ins[1]),
                QcirGate::Ite => circuit.ite(&mut vars, ins[0], ins[1], ins[2]),
            };
        }
        let prefix = std::mem::take(&mut self.prefix);
        let output = self.output.map_or(Lit::TRUE, |l| resolve(&map, l));
        self.qbf = Some(CircuitQbf { vars, prefix, circuit, output });
    }
}

/// Parses `source`, reporting its contents to `visitor`.
pub fn visit_qcir(source: &Source, visitor: &mut impl QcirVisitor) -> Result<(), ParseError> {
    let numeric_max = max_numeric_name(&source.bytes);
    let mut reader = Reader {
        source,
        cur: Cursor::new(&source.bytes),
        names: HashMap::new(),
        next_named: numeric_max,
        state: Vec::new(),
    };
    reader.run(visitor)
}

/// The largest id a file of `len` bytes may use: every id is a table slot, so ids far
/// beyond what the file can name would let a tiny file allocate gigabytes.
fn id_budget(len: usize) -> u32 {
    u32::try_from(len.saturating_mul(4)).unwrap_or(u32::MAX).saturating_add(1_000_000)
}

/// The largest all-digit token outside comment lines: numeric names keep their number,
/// so other names must be numbered above it.
fn max_numeric_name(bytes: &[u8]) -> u32 {
    let mut max = 0u32;
    for line in bytes.split(|&b| b == b'\n') {
        if line.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'#') {
            continue;
        }
        for token in line.split(|b| !(b.is_ascii_alphanumeric() || *b == b'_')) {
            if !token.is_empty() && token.iter().all(u8::is_ascii_digit) {
                let value = std::str::from_utf8(token).ok().and_then(|t| t.parse::<u32>().ok()).unwrap_or(u32::MAX);
                max = max.max(value.min(Var::MAX_INDEX));
            }
        }
    }
    max
}

#[derive(Copy, Clone, PartialEq, Eq)]
enum NameState {
    Unseen,
    Quantified,
    Gate,
    /// Used as a gate input before any definition, at this byte offset.
    UsedUndeclared(usize),
}

struct Reader<'a> {
    source: &'a Source,
    cur: Cursor<'a>,
    names: HashMap<&'a [u8], u32>,
    next_named: u32,
    state: Vec<NameState>,
}

#[derive(PartialEq, Eq, PartialOrd, Ord, Clone, Copy)]
enum Section {
    Prefix,
    Gates,
}

/// Whether `bytes` is a QCIR body without the `#QCIR-G14` header: after blank and `#`
/// comment lines, the first statement is `exists(`, `forall(`, `free(` or `output(`
/// (case-insensitive), which is how every QCIR file's body starts and no QDIMACS line does.
/// A file that starts with `#QCIR` has a header, if a wrong one.
pub(crate) fn headerless_body(bytes: &[u8]) -> bool {
    let mut cur = Cursor::at(bytes, 0);
    cur.skip_whitespace();
    if bytes[cur.pos()..].get(..5).is_some_and(|head| head.eq_ignore_ascii_case(b"#QCIR")) {
        return false;
    }
    loop {
        cur.skip_whitespace();
        if cur.peek() != Some(b'#') {
            break;
        }
        cur.skip_line();
    }
    let word = cur.take_while(is_name_byte);
    cur.skip_blanks();
    ["exists", "forall", "free", "output"].iter().any(|k| word.eq_ignore_ascii_case(k.as_bytes())) && cur.eat(b'(')
}

fn is_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

impl<'a> Reader<'a> {
    fn err(&self, offset: usize, message: impl Into<String>, help: impl Into<String>) -> ParseError {
        ParseError::at(self.source, offset, message, help)
    }

    fn run(&mut self, visitor: &mut impl QcirVisitor) -> Result<(), ParseError> {
        self.header()?;
        let mut section = Section::Prefix;
        let mut output: Option<(Lit, usize)> = None;
        let mut list = Vec::new();
        loop {
            self.cur.skip_whitespace();
            let start = self.cur.pos();
            match self.cur.peek() {
                None => break,
                Some(b'#') => {
                    self.cur.skip_line();
                    continue;
                }
                Some(b) if is_name_byte(b) => {}
                Some(_) => {
                    return Err(self.unexpected("a statement: `exists(…)`, `forall(…)`, `output(…)` or `name = op(…)`"))
                }
            }
            let word = self.cur.take_while(is_name_byte);
            self.cur.skip_blanks();
            if self.cur.eat(b'=') {
                self.cur.skip_blanks();
                let gate = self.gate_def(word, start, &mut list)?;
                section = Section::Gates;
                visitor.gate(gate.0, gate.1, &list);
                continue;
            }
            let keyword = word.to_ascii_lowercase();
            match keyword.as_slice() {
                b"exists" | b"forall" | b"free" => {
                    if section > Section::Prefix || output.is_some() {
                        return Err(self.err(
                            start,
                            "quantifier block after the output or a gate",
                            "put all `exists`/`forall` blocks before `output(…)`",
                        ));
                    }
                    self.expect(b'(', "`(` after the quantifier")?;
                    self.quantified_list(&mut list)?;
                    let quant = if keyword == b"forall" { Quant::Forall } else { Quant::Exists };
                    let vars: Vec<Var> = list.iter().filter_map(|l| l.var()).collect();
                    visitor.block(quant, &vars);
                }
                b"output" => {
                    if output.is_some() {
                        return Err(self.err(
                            start,
                            "a second `output`",
                            "a QCIR file has exactly one `output(…)` line",
                        ));
                    }
                    self.expect(b'(', "`(` after `output`")?;
                    self.cur.skip_whitespace();
                    let at = self.cur.pos();
                    let lit = self.literal()?;
                    self.cur.skip_whitespace();
                    self.expect(b')', "`)` closing `output(`")?;
                    output = Some((lit, at));
                    visitor.output(lit);
                }
                _ => {
                    let name = String::from_utf8_lossy(word).into_owned();
                    return Err(self.err(
                        start,
                        format!("unknown statement `{name}`"),
                        "statements are `exists(…)`, `forall(…)`, `free(…)`, `output(…)` or `name = and|or|xor|ite(…)`",
                    ));
                }
            }
        }
        let Some((out, at)) = output else {
            let end = self.source.bytes.len();
            return Err(self.err(
                end,
                "no `output(…)` line",
                "add `output(g)` naming the gate whose value is the formula",
            ));
        };
        let out_state = self.state.get(out.var_index() as usize).copied().unwrap_or(NameState::Unseen);
        if !matches!(out_state, NameState::Quantified | NameState::Gate) {
            return Err(self.err(
                at,
                "the output is neither a gate nor a quantified variable",
                "define the gate named in `output(…)`",
            ));
        }
        let undeclared = self.state.iter().enumerate().filter_map(|(i, s)| match s {
            NameState::UsedUndeclared(at) => Some((*at, i as u32)),
            _ => None,
        });
        if let Some((at, id)) = undeclared.min() {
            let name = Var::new(id).map_or(id.to_string(), |v| self.display_name(v.pos_lit()));
            return Err(self.err(
                at,
                format!("`{name}` is used but neither quantified nor defined as a gate"),
                format!("declare it in a quantifier block (`exists({name})`, or `free({name})` for a free variable), or define gate `{name}` before this line"),
            ));
        }
        visitor.finish(self.next_named.max(self.state.len().saturating_sub(1) as u32));
        Ok(())
    }

    fn unexpected(&mut self, expected: &str) -> ParseError {
        let at = self.cur.pos();
        let found = match self.cur.peek() {
            None => "end of file".to_string(),
            Some(b'\n') => "end of line".to_string(),
            Some(_) => format!("`{}`", String::from_utf8_lossy(self.cur.take_while(|b| !b.is_ascii_whitespace()))),
        };
        self.err(
            at,
            format!("expected {expected}, found {found}"),
            "see the QCIR-G14 grammar: `name = and(a, -b)`, `exists(a, b)`, `output(g)`",
        )
    }

    fn expect(&mut self, byte: u8, what: &str) -> Result<(), ParseError> {
        self.cur.skip_blanks();
        if self.cur.eat(byte) {
            Ok(())
        } else {
            Err(self.unexpected(what))
        }
    }

    fn header(&mut self) -> Result<(), ParseError> {
        self.cur.skip_whitespace();
        let start = self.cur.pos();
        let tag = self.cur.take_while(|b| !b.is_ascii_whitespace());
        if !tag.eq_ignore_ascii_case(b"#QCIR-G14") {
            if headerless_body(&self.source.bytes) {
                self.cur = Cursor::at(&self.source.bytes, start);
                return Ok(());
            }
            return Err(self.missing_header(start));
        }
        self.cur.skip_blanks();
        if self.cur.peek().is_some_and(|b| b.is_ascii_digit()) {
            let at = self.cur.pos();
            if self.cur.read_int().ok().filter(|&v| v >= 0).is_none() {
                return Err(self.err(
                    at,
                    "the header count is not a number",
                    "write `#QCIR-G14 <largest id>` or just `#QCIR-G14`",
                ));
            }
        }
        self.cur.skip_blanks();
        if !matches!(self.cur.peek(), None | Some(b'\n')) {
            return Err(self.unexpected("the end of the header line"));
        }
        Ok(())
    }

    /// The error for a file that does not start with `#QCIR-G14`, at its first statement
    /// (`start`): a QDIMACS file, recognised by its `p` line after its comment lines, is
    /// named as such; anything else is quoted.
    fn missing_header(&self, start: usize) -> ParseError {
        let mut qdimacs = Cursor::at(&self.source.bytes, start);
        while qdimacs.peek() == Some(b'c') {
            qdimacs.skip_line();
            qdimacs.skip_whitespace();
        }
        let at = qdimacs.pos();
        qdimacs.bump();
        if self.source.bytes.get(at) == Some(&b'p') && qdimacs.at_token_end() {
            return self.err(
                at,
                "expected the `#QCIR-G14` header, found a QDIMACS `p` line: this is a QDIMACS file",
                "give a QCIR-G14 file here, one that starts with `#QCIR-G14`",
            );
        }
        self.err(
            start,
            format!("expected the `#QCIR-G14` header, found {}", Cursor::found(&self.source.bytes, start)),
            "start the file with `#QCIR-G14` (optionally followed by the largest id)",
        )
    }

    /// The id of a name, assigning one on first sight.
    fn name_id(&mut self, name: &'a [u8], at: usize) -> Result<Var, ParseError> {
        let id = if name.iter().all(u8::is_ascii_digit) {
            std::str::from_utf8(name).ok().and_then(|s| s.parse::<u32>().ok()).unwrap_or(u32::MAX)
        } else {
            match self.names.get(name) {
                Some(&id) => id,
                None => {
                    self.next_named = self.next_named.saturating_add(1);
                    self.names.insert(name, self.next_named);
                    self.next_named
                }
            }
        };
        let var = Var::new(id).ok_or_else(|| {
            self.err(
                at,
                format!("id `{}` is out of range", String::from_utf8_lossy(name)),
                format!("numeric names go from 1 to {}", Var::MAX_INDEX),
            )
        })?;
        let budget = id_budget(self.source.bytes.len());
        if id > budget {
            return Err(self.err(
                at,
                format!(
                    "`{}` would be variable {id}, but a file of {} bytes names at most {budget}: qbfgames keeps numeric ids, so it would allocate for ids that are never used",
                    String::from_utf8_lossy(name),
                    self.source.bytes.len()
                ),
                "number the variables and gates densely (1, 2, 3, …), as QCIR writers usually do",
            ));
        }
        if self.state.len() <= id as usize {
            self.state.resize(id as usize + 1, NameState::Unseen);
        }
        Ok(var)
    }

    fn literal(&mut self) -> Result<Lit, ParseError> {
        let negative = self.cur.eat(b'-');
        let at = self.cur.pos();
        let name = self.cur.take_while(is_name_byte);
        if name.is_empty() {
            return Err(self.unexpected("a variable or gate name"));
        }
        Ok(self.name_id(name, at)?.lit(!negative))
    }

    /// A comma-separated list of literals up to `)`; the `(` is already consumed.
    fn literal_list(&mut self, list: &mut Vec<(Lit, usize)>) -> Result<(), ParseError> {
        list.clear();
        self.cur.skip_whitespace();
        if self.cur.eat(b')') {
            return Ok(());
        }
        loop {
            self.cur.skip_whitespace();
            let at = self.cur.pos();
            list.push((self.literal()?, at));
            self.cur.skip_whitespace();
            if self.cur.eat(b')') {
                return Ok(());
            }
            if !self.cur.eat(b',') {
                return Err(self.unexpected("`,` or `)`"));
            }
        }
    }

    fn quantified_list(&mut self, out: &mut Vec<Lit>) -> Result<(), ParseError> {
        let mut list = Vec::new();
        self.literal_list(&mut list)?;
        out.clear();
        for (lit, at) in list {
            if lit.is_neg() {
                return Err(self.err(
                    at,
                    "a negated name in a quantifier block",
                    "quantifier blocks list variable names without `-`",
                ));
            }
            let slot = &mut self.state[lit.var_index() as usize];
            if *slot == NameState::Quantified {
                return Err(self.err(
                    at,
                    format!("variable {} is quantified twice", self.display_name(lit)),
                    "quantify each variable in exactly one block",
                ));
            }
            *slot = NameState::Quantified;
            out.push(lit);
        }
        Ok(())
    }

    fn display_name(&self, lit: Lit) -> String {
        let id = lit.var_index();
        self.names
            .iter()
            .find(|(_, &v)| v == id)
            .map_or(id.to_string(), |(k, _)| String::from_utf8_lossy(k).into_owned())
    }

    fn gate_def(&mut self, name: &'a [u8], at: usize, inputs: &mut Vec<Lit>) -> Result<(Var, QcirGate), ParseError> {
        let out = self.name_id(name, at)?;
        let shown = String::from_utf8_lossy(name).into_owned();
        match self.state[out.index() as usize] {
            NameState::Quantified => {
                return Err(self.err(
                    at,
                    format!("`{shown}` is a quantified variable and cannot be defined as a gate"),
                    "give the gate a name of its own",
                ))
            }
            NameState::Gate => {
                return Err(self.err(at, format!("gate `{shown}` is defined twice"), "give each gate a unique name"))
            }
            NameState::UsedUndeclared(use_at) => {
                let used = self.source.locate(use_at);
                return Err(self.err(
                    at,
                    format!("gate `{shown}` is defined after its use at line {}, column {}", used.line, used.col),
                    "define every gate before the gates that use it",
                ));
            }
            NameState::Unseen => {}
        }
        let kind_at = self.cur.pos();
        let kind = match self.cur.take_while(is_name_byte).to_ascii_lowercase().as_slice() {
            b"and" => QcirGate::And,
            b"or" => QcirGate::Or,
            b"xor" => QcirGate::Xor,
            b"ite" => QcirGate::Ite,
            b"" => return Err(self.unexpected("a gate type (`and`, `or`, `xor`, `ite`)")),
            other => {
                let other = String::from_utf8_lossy(other).into_owned();
                return Err(self.err(
                    kind_at,
                    format!("unknown gate type `{other}`"),
                    "QCIR-G14 gates are `and`, `or`, `xor` and `ite`",
                ));
            }
        };
        self.expect(b'(', "`(` after the gate type")?;
        let mut list = Vec::new();
        self.literal_list(&mut list)?;
        let arity = match kind {
            QcirGate::Xor => Some(2),
            QcirGate::Ite => Some(3),
            _ => None,
        };
        if let Some(n) = arity.filter(|&n| n != list.len()) {
            return Err(self.err(
                kind_at,
                format!("this gate takes {n} inputs, not {}", list.len()),
                "`xor(a, b)` takes two inputs, `ite(c, t, e)` three",
            ));
        }
        inputs.clear();
        for &(lit, lit_at) in &list {
            let slot = &mut self.state[lit.var_index() as usize];
            if lit.var_index() == out.index() {
                return Err(self.err(lit_at, format!("gate `{shown}` uses itself"), "QCIR circuits are acyclic"));
            }
            if *slot == NameState::Unseen {
                *slot = NameState::UsedUndeclared(lit_at);
            }
            inputs.push(lit);
        }
        self.state[out.index() as usize] = NameState::Gate;
        Ok((out, kind))
    }
}

//! A built instance: the formula in its shapes and the game's source files, and how a
//! model's encoding makes one.

use std::io::{self, Write};

use crate::{Encoding, Form, MapError, Qbf, Side, SymbolMap};
use qbf::formula::{CircuitQbf, CnfQbf};
use qbf::io::{write_qcir, write_qdimacs, QdimacsStream};
use qbf::tseitin::{to_cnf_into, ClauseForm};

use super::{BuildError, Request};

/// A built instance: the formula in one or both shapes and, where the model has them, its
/// source files.
pub struct Instance {
    /// The circuit (written as QCIR, and as QDIMACS through Tseitin when `cnf` is `None`).
    pub circuit: Option<CircuitQbf>,
    /// The encoding's own clauses (written as QDIMACS).
    pub cnf: Option<CnfQbf>,
    /// The game as BDDL, PG or GDL text, one entry per file.
    pub sources: Vec<SourceFile>,
    /// Where Black's first move is in the QBF (the same variables in QCIR and QDIMACS).
    pub map: Option<SymbolMap>,
    /// Header comment lines the encoding adds to the job's (why it chose what it wrote).
    pub notes: Vec<String>,
}

impl Instance {
    /// Writes the QDIMACS form: the encoding's own clauses, or the circuit's clauses in
    /// `form`.
    pub fn write_qdimacs(&self, w: &mut dyn Write, form: ClauseForm, comments: &[&str]) -> io::Result<()> {
        match (&self.cnf, &self.circuit) {
            (Some(c), _) => write_qdimacs(w, c, comments),
            (None, Some(c)) => {
                let mut stream = QdimacsStream::new()?;
                let prefix = to_cnf_into(c, form, &mut stream);
                stream.finish(w, c.vars.max_index(), &prefix, comments).map(|_| ())
            }
            (None, None) => Err(io::Error::new(io::ErrorKind::InvalidInput, "the encoding produced no formula")),
        }
    }

    /// Writes the QCIR form, if the encoding has a circuit.
    pub fn write_qcir(&self, w: &mut dyn Write, comments: &[&str]) -> io::Result<()> {
        match &self.circuit {
            Some(c) => write_qcir(w, c, comments),
            None => Err(io::Error::new(io::ErrorKind::InvalidInput, "the encoding has no circuit form")),
        }
    }
}

/// A source file of an instance: the game as its model's text (BDDL, PG, GDL, …), one of
/// the files of a [`SourceFormat`](super::SourceFormat) the family writes.
pub struct SourceFile {
    /// The manifest's `format` column: a file label of the game's `SourceFormat`
    /// (`bddl-domain`, `pg`, …).
    pub label: &'static str,
    pub bytes: Vec<u8>,
}

impl Request {
    /// Encodes `game` in each of `forms` (the first one's map is kept): the circuit of a
    /// [`Form::Circuit`], the clauses of a [`Form::Clauses`].
    pub fn instance<E: Encoding>(
        &self,
        encoding: &E,
        game: &E::Game,
        depth: u32,
        forms: &[Form],
        sources: Vec<SourceFile>,
    ) -> Result<Instance, BuildError> {
        let mut out = Instance { circuit: None, cnf: None, sources, map: None, notes: Vec::new() };
        for (k, &form) in forms.iter().enumerate() {
            let (qbf, map) = encoding.formula_within(game, depth, Side::Black, form, self.setup.budget())?;
            match qbf {
                Qbf::Circuit(c) => out.circuit = Some(c),
                Qbf::Clauses(c) => out.cnf = Some(c),
            }
            if k == 0 {
                out.map = optional_map(map)?;
            }
        }
        Ok(out)
    }
}

/// A game's first-move map; none when Black does not move first (its first move is then
/// not in the outermost block), an error when encoder and map disagree.
fn optional_map(map: Result<SymbolMap, MapError>) -> Result<Option<SymbolMap>, BuildError> {
    match map {
        Ok(m) => Ok(Some(m)),
        Err(MapError::BlackNotFirst) => Ok(None),
        Err(e) => Err(e.into()),
    }
}

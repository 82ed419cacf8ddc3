//! The one interface of every encoding: [`Encoding::encode`] writes a game at a depth into
//! a caller-supplied [`Sink`], taking fresh variables from a caller-supplied
//! [`VarManager`], and returns the quantifier prefix with the [`SymbolMap`] of a first move.
//!
//! **Output shape.** Some encodings are circuits (lifted), some clauses (COR+), and the GDL
//! encodings have both, which are different formulas (the clausal form is renumbered in
//! prefix order). The caller says which shape it wants with the sink's [`Form`]:
//!
//! - [`Form::Clauses`]: every encoding writes clauses into the sink's [`ClauseSink`] (an
//!   in-memory [`Cnf`], or a `QdimacsStream` straight to disk); a circuit encoding turns its
//!   circuit into clauses with the given [`ClauseForm`] (`qbf::tseitin`).
//! - [`Form::Circuit`]: circuit encodings hand over their gates and output literal
//!   ([`Sink::set_circuit`]); a purely clausal encoding (COR+) still writes clauses.
//!
//! After `encode`, `vars.max_index()` is the largest variable of the output (the `p cnf`
//! maximum). [`Encoding::formula`] does all of this in memory and returns a [`Qbf`].
//!
//! **First moves.** The map names Black's first move (existential, outermost; the one
//! written beside suite instances) or, with [`Side::White`], White's first move in a
//! position where White moves first: the prefix is then returned with White's universal
//! move outermost ([`universal_outermost`]), so that a solver's `--qdo` on the false
//! instance prints it. A game where that side does not move first gets
//! [`MapError::BlackNotFirst`] or [`MapError::WhiteNotFirst`] as its map, not an error.

use std::io::{self, Write};

use contract::{Budget, TooLarge};
use qbf::formula::{Circuit, CircuitQbf, ClauseSink, Cnf, CnfQbf, Lit, Prefix, VarManager};
use qbf::io::{QdimacsStream, StreamedSize};
use qbf::tseitin::{to_cnf, ClauseForm};

use crate::symbol_map::{universal_outermost, MapError, SymbolMap};

/// The shape of formula a caller wants an encoding to build: a circuit, or clauses in a
/// given clause form. Not the file format ([`qbf::io::Format`]): a circuit may still be
/// written as QDIMACS after clausification, and the clause form is a choice the file
/// format does not name.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Form {
    /// A circuit (QCIR), where the encoding has one.
    Circuit,
    /// Clauses (QDIMACS); circuits become clauses in this form.
    Clauses(ClauseForm),
}

/// Whose first move the symbol map names.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Side {
    /// Black's existential first move (the formula as written beside suite instances).
    Black,
    /// White's universal first move, moved outermost.
    White,
}

/// Where an encoding writes: clauses into `C`, or (for [`Form::Circuit`]) a circuit.
pub struct Sink<C> {
    form: Form,
    clauses: C,
    circuit: Option<(Circuit, Lit)>,
    budget: Budget,
}

impl<C: ClauseSink> Sink<C> {
    /// A sink that takes the formula as clauses in `form`.
    pub fn clauses(clauses: C, form: ClauseForm) -> Sink<C> {
        Sink::new(clauses, Form::Clauses(form))
    }

    /// A sink of the given shape.
    pub fn new(clauses: C, form: Form) -> Sink<C> {
        Sink { form, clauses, circuit: None, budget: Budget::default() }
    }

    /// The sink with a size budget other than the default: [`Encoding::encode`] refuses a
    /// formula whose estimated size exceeds it.
    pub fn within(self, budget: Budget) -> Sink<C> {
        Sink { budget, ..self }
    }

    /// The shape the caller asked for.
    pub fn form(&self) -> Form {
        self.form
    }

    /// Adds one clause of the matrix.
    pub fn add_clause(&mut self, clause: &[Lit]) {
        self.clauses.add_clause(clause);
    }

    /// The clause sink, for encoders that write through [`ClauseSink`].
    pub fn clause_sink(&mut self) -> &mut C {
        &mut self.clauses
    }

    /// Hands over the matrix as a circuit with its output literal ([`Form::Circuit`] only).
    pub fn set_circuit(&mut self, circuit: Circuit, output: Lit) {
        self.circuit = Some((circuit, output));
    }

    /// The clauses written, and the circuit if one was handed over.
    pub fn into_parts(self) -> (C, Option<(Circuit, Lit)>) {
        (self.clauses, self.circuit)
    }
}

/// A circuit encoding's output: set as the circuit, or converted to clauses in the sink's
/// form. Returns the prefix of what was written (Tseitin adds the gate variables).
pub fn write_circuit<C: ClauseSink>(sink: &mut Sink<C>, qbf: CircuitQbf, vars: &mut VarManager) -> Prefix {
    match sink.form() {
        Form::Clauses(form) => {
            let prefix = qbf::tseitin::to_cnf_into(&qbf, form, sink.clause_sink());
            *vars = qbf.vars;
            prefix
        }
        Form::Circuit => {
            let CircuitQbf { vars: used, prefix, circuit, output } = qbf;
            sink.set_circuit(circuit, output);
            *vars = used;
            prefix
        }
    }
}

/// What [`Encoding::encode`] returns beside the matrix.
#[derive(Clone, Debug)]
pub struct Encoded {
    /// The quantifier prefix of the output.
    pub prefix: Prefix,
    /// Where the first move of the requested side lives.
    pub map: Result<SymbolMap, MapError>,
}

/// A formula in memory, in the shape the encoding wrote.
#[derive(Clone)]
pub enum Qbf {
    Circuit(CircuitQbf),
    Clauses(CnfQbf),
}

impl Qbf {
    /// The circuit, if the encoding wrote one.
    pub fn into_circuit(self) -> Option<CircuitQbf> {
        match self {
            Qbf::Circuit(c) => Some(c),
            Qbf::Clauses(_) => None,
        }
    }

    /// The clausal form: clauses as written, or the circuit's clauses in `form`.
    pub fn into_cnf(self, form: ClauseForm) -> CnfQbf {
        match self {
            Qbf::Circuit(c) => to_cnf(&c, form),
            Qbf::Clauses(c) => c,
        }
    }
}

/// A game that the tool cannot handle (a role it does not have, not well-formed, not strictly
/// turn-taking where that is required), with the reason.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct GameError(pub String);

/// Why a game could not be encoded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EncodeError {
    /// The GDL game does not suit the encoding.
    #[error(transparent)]
    Game(#[from] GameError),
    /// A positional game asked for more time points than it has.
    #[error("depth {depth} is more than the game's {points} time points")]
    TooDeep { depth: u32, points: usize },
    /// The formula's estimated size exceeds the budget.
    #[error(transparent)]
    TooLarge(#[from] TooLarge),
}

/// A QBF encoding of the games of type [`Encoding::Game`]; see the module doc.
pub trait Encoding {
    /// The games this encoding takes.
    type Game;

    /// An upper bound on the literal occurrences of the clausal form of `game` at `depth`,
    /// computed from the game's sizes without building anything: what the size budget is
    /// checked against before any work.
    fn estimate(&self, game: &Self::Game, depth: u32) -> u64;

    /// Writes `game` with `depth` plies into `sink`, taking variables from `vars`; returns
    /// the prefix and the map of `side`'s first move. Called by [`encode`](Self::encode)
    /// once the estimate fits the budget.
    fn write<C: ClauseSink>(
        &self,
        game: &Self::Game,
        depth: u32,
        side: Side,
        sink: &mut Sink<C>,
        vars: &mut VarManager,
    ) -> Result<Encoded, EncodeError>;

    /// Encodes `game` with `depth` plies into `sink`, taking variables from `vars`; returns
    /// the prefix and the map of `side`'s first move. Refused with
    /// [`EncodeError::TooLarge`] before any work when the [`estimate`](Self::estimate)
    /// exceeds the sink's budget.
    fn encode<C: ClauseSink>(
        &self,
        game: &Self::Game,
        depth: u32,
        side: Side,
        sink: &mut Sink<C>,
        vars: &mut VarManager,
    ) -> Result<Encoded, EncodeError> {
        self.fits(game, depth, sink.budget)?;
        self.write(game, depth, side, sink, vars)
    }

    /// [`TooLarge`] when the [`estimate`](Self::estimate) of `game` at `depth` exceeds
    /// `budget`: the check [`encode`](Self::encode) makes before any work, for callers that
    /// do other work on the game at that depth first.
    fn fits(&self, game: &Self::Game, depth: u32, budget: Budget) -> Result<(), TooLarge> {
        budget.check(&format!("the formula at depth {depth}"), "the depth", self.estimate(game, depth))
    }

    /// [`encode`](Self::encode) in memory, with fresh variables from 1.
    fn formula(
        &self,
        game: &Self::Game,
        depth: u32,
        side: Side,
        form: Form,
    ) -> Result<(Qbf, Result<SymbolMap, MapError>), EncodeError> {
        self.formula_within(game, depth, side, form, Budget::default())
    }

    /// [`formula`](Self::formula) with a size budget other than the default.
    fn formula_within(
        &self,
        game: &Self::Game,
        depth: u32,
        side: Side,
        form: Form,
        budget: Budget,
    ) -> Result<(Qbf, Result<SymbolMap, MapError>), EncodeError> {
        let (mut sink, mut vars) = (Sink::new(Cnf::new(), form).within(budget), VarManager::new());
        let Encoded { prefix, map } = self.encode(game, depth, side, &mut sink, &mut vars)?;
        let qbf = match sink.into_parts() {
            (_, Some((circuit, output))) => Qbf::Circuit(CircuitQbf { vars, prefix, circuit, output }),
            (cnf, None) => Qbf::Clauses(CnfQbf { max_var: vars.max_index(), prefix, cnf }),
        };
        Ok((qbf, map))
    }

    /// [`encode`](Self::encode) for Black in clauses of `form` within `budget`, streamed to a spill file
    /// (no clause set in memory), ready to be written as QDIMACS with [`Streamed::write`].
    fn streamed(
        &self,
        game: &Self::Game,
        depth: u32,
        form: ClauseForm,
        budget: Budget,
    ) -> Result<Streamed, StreamError> {
        let (mut sink, mut vars) = (Sink::clauses(QdimacsStream::new()?, form).within(budget), VarManager::new());
        let prefix = self.encode(game, depth, Side::Black, &mut sink, &mut vars)?.prefix;
        let (stream, _) = sink.into_parts();
        Ok(Streamed { stream, max_var: vars.max_index(), prefix })
    }
}

/// A formula streamed by [`Encoding::streamed`], waiting for its QDIMACS header.
pub struct Streamed {
    stream: QdimacsStream,
    max_var: u32,
    prefix: Prefix,
}

impl Streamed {
    /// Writes the QDIMACS file to `out`, `comments` first (as [`QdimacsStream::finish`]).
    pub fn write(self, out: impl Write, comments: &[&str]) -> io::Result<StreamedSize> {
        self.stream.finish(out, self.max_var, &self.prefix, comments)
    }
}

/// Why a formula could not be streamed.
#[derive(Debug, thiserror::Error)]
pub enum StreamError {
    /// The spill file could not be made.
    #[error(transparent)]
    Io(#[from] io::Error),
    /// The game could not be encoded.
    #[error(transparent)]
    Encode(#[from] EncodeError),
}

/// The prefix of `side`'s formula: White's first move outermost for [`Side::White`].
pub fn for_side(prefix: Prefix, side: Side) -> Prefix {
    match side {
        Side::Black => prefix,
        Side::White => universal_outermost(&prefix),
    }
}

/// Sizes of an encoded instance, as reported in the paper's Table 3.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Size {
    pub vars: usize,
    pub universal: usize,
    pub clauses: usize,
    pub blocks: usize,
}

impl Size {
    pub fn of(qbf: &CnfQbf) -> Size {
        Size {
            vars: qbf.prefix.len(),
            universal: qbf.prefix.count(qbf::formula::Quant::Forall),
            clauses: qbf.cnf.len(),
            blocks: qbf.prefix.blocks().len(),
        }
    }
}

impl std::fmt::Display for Size {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} vars ({} universal), {} clauses, {} quantifier blocks",
            self.vars, self.universal, self.clauses, self.blocks
        )
    }
}

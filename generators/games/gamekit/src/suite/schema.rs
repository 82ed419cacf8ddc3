//! What a game model accepts in a suite: grid keys, encodings, formats, depths. Each model
//! declares its [`Schema`] in its own file, with the encodings and source formats it
//! builds as constants of its own crate.

use qbf::io::Format;

/// How a QBF is built from a game: an encoding a family names in `encodings`, declared as
/// a constant by the game crate that builds it (two games may declare the same encoding).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Encoding {
    name: &'static str,
    writes: Writes,
}

/// What an encoding writes, which says how its QCIR and QDIMACS files are made.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Writes {
    /// A circuit (QCIR), whose QDIMACS is its clause form (`clause_form`, `gates`).
    Circuit,
    /// A circuit (QCIR) and clauses of its own (QDIMACS).
    CircuitAndClauses,
    /// Clauses only (QDIMACS).
    Clauses,
}

/// A game source a family can write beside its QBFs (`formats` in a suite), declared as a
/// constant by the game crate that writes it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct SourceFormat {
    /// The name a suite's `formats` lists.
    pub name: &'static str,
    /// Its files, as (the manifest's `format` label, extension): one or more per instance.
    pub files: &'static [(&'static str, &'static str)],
}

/// A file a family writes per instance: the QBF, or the game source that produced it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum OutFormat {
    Qbf(Format),
    Source(SourceFormat),
}

/// The type of a grid value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    Int,
    Bool,
    /// A string, optionally from a fixed set.
    Str(Option<&'static [&'static str]>),
    /// A file path relative to the suite file (may use `{key}` templates); must exist.
    Path,
    /// One of the names (a generator, kept as [`Param::Str`](super::Param::Str)), or else
    /// a file path as [`Kind::Path`].
    PathOr(&'static [&'static str]),
    /// A number with a fraction, kept as written ([`Param::Decimal`](super::Param::Decimal)).
    Decimal,
}

/// One grid key of a model.
#[derive(Copy, Clone, Debug)]
pub struct Key {
    pub name: &'static str,
    pub kind: Kind,
    /// Used when the family does not set the key; `None` makes the key required.
    pub default: Option<&'static str>,
}

/// What a model accepts.
#[derive(Debug)]
pub struct Schema {
    pub keys: &'static [Key],
    /// Whether keys not listed are allowed, as template variables for paths.
    pub template_keys: bool,
    pub encodings: &'static [Encoding],
    /// What a family that lists no `encodings` gets; `None` makes the key required.
    pub default_encoding: Option<Encoding>,
    pub formats: &'static [OutFormat],
    /// Whether `depths = "model"` (the depth written in the model file) is allowed.
    pub model_depth: bool,
    /// Whether every depth must be odd (the game ends on the first player's move).
    pub odd_depths: bool,
}

/// A grid key: its name, kind and default.
pub const fn key(name: &'static str, kind: Kind, default: Option<&'static str>) -> Key {
    Key { name, kind, default }
}

impl Encoding {
    /// The encoding a suite names `name`, which writes what `writes` says.
    pub const fn new(name: &'static str, writes: Writes) -> Encoding {
        Encoding { name, writes }
    }

    /// Its name in suites and in the manifest's `encoding` column.
    pub fn name(self) -> &'static str {
        self.name
    }

    /// Whether the encoding has a circuit form (written as QCIR).
    pub fn is_circuit(self) -> bool {
        self.writes != Writes::Clauses
    }

    /// Whether its QDIMACS is its circuit in the family's clause form (`clause_form`,
    /// `gates`); other encodings write their own clauses.
    pub fn is_circuit_to_clauses(self) -> bool {
        self.writes == Writes::Circuit
    }
}

impl OutFormat {
    /// The name a suite's `formats` lists.
    pub fn name(self) -> &'static str {
        match self {
            OutFormat::Qbf(f) => f.extension(),
            OutFormat::Source(s) => s.name,
        }
    }

    /// The files the format stands for, as (the manifest's `format` label, extension).
    pub fn files(self) -> &'static [(&'static str, &'static str)] {
        match self {
            OutFormat::Qbf(Format::Qcir) => &[("qcir", "qcir")],
            OutFormat::Qbf(Format::Qdimacs) => &[("qdimacs", "qdimacs")],
            OutFormat::Source(s) => s.files,
        }
    }

    /// Whether the file is a QBF (rather than the game source that produced it).
    pub fn is_qbf(self) -> bool {
        matches!(self, OutFormat::Qbf(_))
    }
}

/// `name()` of every item, for "expected one of" messages.
pub fn names<T: Copy>(items: &[T], name: impl Fn(T) -> &'static str) -> String {
    items.iter().map(|&i| format!("`{}`", name(i))).collect::<Vec<_>>().join(", ")
}

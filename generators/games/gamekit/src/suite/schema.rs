//! What a game model accepts in a suite: grid keys, encodings, formats, depths. Each model
//! declares its [`Schema`] in its own file.

/// How a QBF is built from a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Encoding {
    Lifted,
    Corplus,
    /// GDL general encoding with the naive, time-based or dependency-based prefix.
    GdlGe(GdlPrefix),
    /// GDL strictly-turn-taking encoding.
    GdlSd,
    /// GDL: strictly-turn-taking where the ground game is strictly turn-taking up to the
    /// job's depth, else general, both with the dependency-based prefix (what a GDL
    /// family without `encodings` gets).
    GdlAuto,
    /// Graph games (geography, Node Kayles): one variable per vertex and round.
    OneHot,
    /// Graph games: the vertex of each round in binary.
    Compact,
}

/// The quantifier prefix of the GDL general encoding: naive, time-based or
/// dependency-based (`--prefix` of `encode gdl`, and the suffix of `gdl-ge-*` in suites).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum GdlPrefix {
    Gn,
    Gt,
    Gd,
}

/// A file a family writes per instance.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum OutFormat {
    Qcir,
    Qdimacs,
    /// The game in BDDL (the source of the lifted encoding; emitted for positional games).
    Bddl,
    /// The positional game as a PG file.
    Pg,
    /// The GDL source.
    Gdl,
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
    pub const ALL: &'static [Encoding] = &[
        Encoding::Lifted,
        Encoding::Corplus,
        Encoding::GdlGe(GdlPrefix::Gn),
        Encoding::GdlGe(GdlPrefix::Gt),
        Encoding::GdlGe(GdlPrefix::Gd),
        Encoding::GdlSd,
        Encoding::GdlAuto,
        Encoding::OneHot,
        Encoding::Compact,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Encoding::Lifted => "lifted",
            Encoding::Corplus => "corplus",
            Encoding::GdlGe(GdlPrefix::Gn) => "gdl-ge-gn",
            Encoding::GdlGe(GdlPrefix::Gt) => "gdl-ge-gt",
            Encoding::GdlGe(GdlPrefix::Gd) => "gdl-ge-gd",
            Encoding::GdlSd => "gdl-sd",
            Encoding::GdlAuto => "gdl-auto",
            Encoding::OneHot => "onehot",
            Encoding::Compact => "compact",
        }
    }

    /// Whether the encoding has a circuit form (written as QCIR); COR+ is clauses only.
    pub fn is_circuit(self) -> bool {
        self != Encoding::Corplus
    }

    /// Whether its QDIMACS is its circuit in the family's clause form (`clause_form`,
    /// `gates`); COR+ and the GDL encodings write their own clauses.
    pub fn is_circuit_to_clauses(self) -> bool {
        matches!(self, Encoding::Lifted | Encoding::OneHot | Encoding::Compact)
    }
}

impl OutFormat {
    pub const ALL: &'static [OutFormat] =
        &[OutFormat::Qcir, OutFormat::Qdimacs, OutFormat::Bddl, OutFormat::Pg, OutFormat::Gdl];

    pub fn name(self) -> &'static str {
        match self {
            OutFormat::Qcir => "qcir",
            OutFormat::Qdimacs => "qdimacs",
            OutFormat::Bddl => "bddl",
            OutFormat::Pg => "pg",
            OutFormat::Gdl => "gdl",
        }
    }

    /// Whether the file is a QBF (rather than the game source that produced it).
    pub fn is_qbf(self) -> bool {
        matches!(self, OutFormat::Qcir | OutFormat::Qdimacs)
    }
}

/// `name()` of every item, for "expected one of" messages.
pub fn names<T: Copy>(items: &[T], name: impl Fn(T) -> &'static str) -> String {
    items.iter().map(|&i| format!("`{}`", name(i))).collect::<Vec<_>>().join(", ")
}

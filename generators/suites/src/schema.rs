//! What each game model accepts in a suite: grid keys, encodings, formats, depths.

/// The game models a family can use.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ModelKind {
    /// A BDDL domain and problem (lifted encoding).
    Bddl,
    /// Harary's / generalised tic-tac-toe on an N×N board (COR+ or lifted).
    Gttt,
    /// A Hex puzzle position (COR+ or lifted).
    Hex,
    /// A positional game in a PG file (COR+).
    Pg,
    /// A GDL game (general or strictly-turn-taking encoding).
    Gdl,
    /// Generalized geography on a graph file or a generated graph (one-hot or compact).
    Geography,
}

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
    /// Geography: one variable per node and round.
    GeoOneHot,
    /// Geography: the node of each round in binary.
    GeoCompact,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
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
    /// One of the names (a generator, kept as [`Param::Str`](crate::Param::Str)), or else
    /// a file path as [`Kind::Path`].
    PathOr(&'static [&'static str]),
    /// A number with a fraction, kept as written ([`Param::Decimal`](crate::Param::Decimal)).
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

const fn key(name: &'static str, kind: Kind, default: Option<&'static str>) -> Key {
    Key { name, kind, default }
}

/// The shapes of Harary's tic-tac-toe the positional generator knows.
pub const GTTT_SHAPES: &[&str] = &["domino", "tic", "el", "elly", "fatty", "knobby", "tippy", "skinny", "snaky", "l"];

const BDDL: Schema = Schema {
    keys: &[key("domain", Kind::Path, None), key("problem", Kind::Path, None)],
    template_keys: true,
    encodings: &[Encoding::Lifted],
    default_encoding: None,
    formats: &[OutFormat::Qcir, OutFormat::Qdimacs, OutFormat::Bddl],
    model_depth: true,
    odd_depths: false,
};

const GTTT: Schema = Schema {
    keys: &[
        key("shape", Kind::Str(Some(GTTT_SHAPES)), None),
        key("board", Kind::Int, None),
        key("torus", Kind::Bool, Some("false")),
        key("pq", Kind::Str(None), Some("1,1")),
        key("first", Kind::Str(Some(&["black", "white"])), Some("black")),
    ],
    template_keys: false,
    encodings: &[Encoding::Corplus, Encoding::Lifted],
    default_encoding: None,
    formats: &[OutFormat::Qcir, OutFormat::Qdimacs, OutFormat::Bddl, OutFormat::Pg],
    model_depth: true,
    odd_depths: false,
};

const HEX: Schema = Schema {
    keys: &[key("puzzle", Kind::Path, None)],
    template_keys: true,
    encodings: &[Encoding::Corplus, Encoding::Lifted],
    default_encoding: None,
    formats: &[OutFormat::Qcir, OutFormat::Qdimacs, OutFormat::Bddl, OutFormat::Pg],
    model_depth: false,
    odd_depths: true,
};

const PG: Schema = Schema {
    keys: &[key("file", Kind::Path, None)],
    template_keys: true,
    encodings: &[Encoding::Corplus],
    default_encoding: None,
    formats: &[OutFormat::Qdimacs, OutFormat::Pg],
    model_depth: true,
    odd_depths: false,
};

const GDL: Schema = Schema {
    keys: &[key("game", Kind::Path, None), key("first", Kind::Str(None), Some(""))],
    template_keys: true,
    encodings: &[
        Encoding::GdlGe(GdlPrefix::Gn),
        Encoding::GdlGe(GdlPrefix::Gt),
        Encoding::GdlGe(GdlPrefix::Gd),
        Encoding::GdlSd,
        Encoding::GdlAuto,
    ],
    default_encoding: Some(Encoding::GdlAuto),
    formats: &[OutFormat::Qcir, OutFormat::Qdimacs, OutFormat::Gdl],
    model_depth: false,
    odd_depths: false,
};

/// The graph generators of `model = "geography"`, besides a graph file.
pub const GRAPH_GENERATORS: &[&str] = &["gnp", "gnm", "grid", "torus", "thesis-example"];

const GEOGRAPHY: Schema = Schema {
    keys: &[
        key("graph", Kind::PathOr(GRAPH_GENERATORS), None),
        key("n", Kind::Int, Some("")),
        key("p", Kind::Decimal, Some("")),
        key("m", Kind::Int, Some("")),
        key("seed", Kind::Int, Some("")),
        key("w", Kind::Int, Some("")),
        key("h", Kind::Int, Some("")),
        key("variant", Kind::Str(Some(&["thesis", "last-mover"])), Some("thesis")),
        key("rule", Kind::Str(Some(&["vertex", "edge"])), Some("vertex")),
    ],
    template_keys: false,
    encodings: &[Encoding::GeoOneHot, Encoding::GeoCompact],
    default_encoding: None,
    formats: &[OutFormat::Qcir, OutFormat::Qdimacs],
    model_depth: true,
    odd_depths: false,
};

impl ModelKind {
    pub const ALL: &'static [ModelKind] =
        &[ModelKind::Bddl, ModelKind::Gttt, ModelKind::Hex, ModelKind::Pg, ModelKind::Gdl, ModelKind::Geography];

    pub fn name(self) -> &'static str {
        match self {
            ModelKind::Bddl => "bddl",
            ModelKind::Gttt => "gttt",
            ModelKind::Hex => "hex",
            ModelKind::Pg => "pg",
            ModelKind::Gdl => "gdl",
            ModelKind::Geography => "geography",
        }
    }

    pub fn schema(self) -> &'static Schema {
        match self {
            ModelKind::Bddl => &BDDL,
            ModelKind::Gttt => &GTTT,
            ModelKind::Hex => &HEX,
            ModelKind::Pg => &PG,
            ModelKind::Gdl => &GDL,
            ModelKind::Geography => &GEOGRAPHY,
        }
    }
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
        Encoding::GeoOneHot,
        Encoding::GeoCompact,
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
            Encoding::GeoOneHot => "onehot",
            Encoding::GeoCompact => "compact",
        }
    }

    /// Whether the encoding has a circuit form (written as QCIR); COR+ is clauses only.
    pub fn is_circuit(self) -> bool {
        self != Encoding::Corplus
    }

    /// Whether its QDIMACS is its circuit in the family's clause form (`clause_form`,
    /// `gates`); COR+ and the GDL encodings write their own clauses.
    pub fn is_circuit_to_clauses(self) -> bool {
        matches!(self, Encoding::Lifted | Encoding::GeoOneHot | Encoding::GeoCompact)
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

//! Every input format of the library with its seed files (shipped files; the solver outputs
//! are kept under `tests/fixtures/fuzz/seeds/`, as no solver output is shipped) and the
//! library call a command reads it with.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

use contract::{ParseError, Source};
use game_bddl::lifted::Lifted;
use gamekit::graph::{self, Graph};
use gamekit::qdo::QdoError;
use gamekit::{Encoding, Form, Side};
use harness::slurm::{Overrides, Profile};
use harness::{Limits, Measurement, Tools};

use super::mutate::Nesting;

/// One file to read: its name (a path relative to the repository), its bytes, and for a
/// BDDL file the other file of the game.
#[derive(Clone)]
pub struct Input {
    pub name: String,
    pub bytes: Vec<u8>,
    pub partner: Option<Source>,
}

impl Input {
    /// The names an error may locate itself in: the file's and its partner's base names.
    pub fn names(&self) -> Vec<&str> {
        let mut names = vec![base_name(&self.name)];
        names.extend(self.partner.iter().map(|p| base_name(&p.name)));
        names
    }
}

fn base_name(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

/// An input format: its seeds, how it nests, and its reader (`Err` holds the message).
pub struct Format {
    pub name: &'static str,
    pub seeds: Vec<Input>,
    pub nesting: Nesting,
    pub read: fn(&Input) -> Result<(), String>,
}

/// The repository's root.
pub fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn seed(name: &str) -> Input {
    let bytes = fs::read(repo().join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    Input { name: name.to_string(), bytes, partner: None }
}

/// The files of `dir` ending in `ext` and at most `max_bytes` long, by name.
fn seeds(dir: &str, ext: &str, max_bytes: u64) -> Vec<Input> {
    let mut names: Vec<String> = fs::read_dir(repo().join(dir))
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|e| e.expect("a directory entry"))
        .filter(|e| e.file_name().to_string_lossy().ends_with(ext))
        .filter(|e| e.metadata().is_ok_and(|m| m.len() <= max_bytes))
        .map(|e| format!("{dir}/{}", e.file_name().to_string_lossy()))
        .collect();
    names.sort();
    names.iter().map(|n| seed(n)).collect()
}

fn source(input: &Input) -> Source {
    Source::from_bytes(input.name.clone(), input.bytes.clone())
}

const PARENS: Nesting = Nesting { prefix: "", open: "(", inner: "", close: ")", depth: 20_000 };

/// The BDDL seeds: small shipped problems, each with its domain.
const BDDL_GAMES: [(&str, &[&str]); 5] = [
    ("connect/domain.ig", &["connect/3x3_connect2.ig", "connect/4x4_connect3.ig"]),
    ("domineering/domain.ig", &["domineering/2x3.ig", "domineering/3x3.ig"]),
    ("knightthrough/domain.ig", &["knightthrough/3x4.ig"]),
    ("evader-pursuer/domain.ig", &["evader-pursuer/4x4_e-4-1_p-1-2.ig"]),
    ("positional/domain.ig", &["httt/3x3_domino.ig", "httt/3x3_el.ig"]),
];

fn bddl_pairs() -> Vec<(Input, Input)> {
    let file = |name: &str| seed(&format!("suite/games/bddl/{name}"));
    BDDL_GAMES.iter().flat_map(|(domain, problems)| problems.iter().map(|p| (file(domain), file(p)))).collect()
}

fn with_partner(input: Input, partner: &Input) -> Input {
    Input { partner: Some(source(partner)), ..input }
}

fn read_bddl_domain(input: &Input) -> Result<(), String> {
    let problem = input.partner.as_ref().expect("a domain is read with its problem");
    game_bddl::load(&source(input), problem, None).map(drop).map_err(|e| e.to_string())
}

fn read_bddl_problem(input: &Input) -> Result<(), String> {
    let domain = input.partner.as_ref().expect("a problem is read with its domain");
    game_bddl::load(domain, &source(input), None).map(drop).map_err(|e| e.to_string())
}

/// QCIR seeds: the lifted encoding of small shipped BDDL games, written by the library.
fn qcir_seeds() -> Vec<Input> {
    bddl_pairs()
        .into_iter()
        .take(3)
        .map(|(domain, problem)| {
            let game = game_bddl::load(&source(&domain), &source(&problem), Some(2)).expect("a shipped game loads");
            let (qbf, _) = Lifted.formula(&game, 2, Side::Black, Form::Circuit).expect("the game encodes");
            let qbf = qbf.into_circuit().expect("the lifted encoding is a circuit");
            let mut bytes = Vec::new();
            qbf::io::write_qcir(&mut bytes, &qbf, &[]).expect("writing to memory");
            Input { name: problem.name.replace(".ig", ".qcir"), bytes, partner: None }
        })
        .collect()
}

/// A formula file read as `convert`, `stats` and `package check` read it.
fn read_formula(input: &Input, read: fn(&Source) -> Result<(), ParseError>) -> Result<(), String> {
    let source = source(input);
    qbf::stats::stats(&source).map_err(|e| e.to_string())?;
    read(&source).map_err(|e| e.to_string())
}

fn read_qdimacs(input: &Input) -> Result<(), String> {
    read_formula(input, |s| qbf::io::read_qdimacs(s).map(drop))?;
    read_formula(input, qbf::io::check_qdimacs)
}

fn read_qcir(input: &Input) -> Result<(), String> {
    read_formula(input, |s| qbf::io::read_qcir(s).map(drop))?;
    read_formula(input, qbf::io::check_qcir)
}

fn read_gdl(input: &Input) -> Result<(), String> {
    game_gdl::load(source(input)).map(drop).map_err(|e| e.to_string())
}

/// Geography seeds: the shipped graph, and two graphs of the suite's generators written by
/// the library (a random graph as in the default suite, and a grid).
fn geography_seeds() -> Vec<Input> {
    let mut seeds = seeds("suite/games/geography", ".txt", 4_000);
    let written = [("gnm-12-36-1", graph::gnm(12, 36, 1), 5), ("grid-3x3", graph::grid(3, 3), 4)];
    seeds.extend(written.into_iter().map(|(name, graph, rounds)| Input {
        name: format!("suite/games/geography/{name}.txt"),
        bytes: graph.to_text(rounds).into_bytes(),
        partner: None,
    }));
    seeds
}

fn read_geography(input: &Input) -> Result<(), String> {
    Graph::parse(&source(input)).map(drop).map_err(|e| e.to_string())
}

fn read_pg(input: &Input) -> Result<(), String> {
    game_positional::pg::read_pg(&source(input)).map(drop).map_err(|e| e.to_string())
}

fn read_hex(input: &Input) -> Result<(), String> {
    game_positional::hex::read_hex(&source(input)).map(|puzzle| drop(puzzle.game())).map_err(|e| e.to_string())
}

fn read_suite(input: &Input) -> Result<(), String> {
    suites::resolve(&source(input), &repo().join("suite")).map(drop).map_err(|e| e.to_string())
}

fn read_table(input: &Input) -> Result<(), String> {
    verify::resolve(&source(input), &repo().join("suite/published")).map(drop).map_err(|e| e.to_string())
}

fn read_manifest_csv(input: &Input) -> Result<(), String> {
    contract::manifest::read_from(Path::new(&input.name), &input.bytes[..]).map(drop).map_err(|e| e.to_string())
}

thread_local! {
    /// A folder per thread for the readers that take a path.
    static SCRATCH: tempfile::TempDir = tempfile::tempdir().expect("a temporary folder");
}

/// `path` inside this thread's scratch folder, created.
fn scratch(path: &str) -> PathBuf {
    let file = SCRATCH.with(|dir| dir.path().join(path));
    fs::create_dir_all(file.parent().expect("a folder")).expect("mkdir");
    file
}

fn read_solvers(input: &Input) -> Result<(), String> {
    let file = scratch(base_name(&input.name));
    fs::write(&file, &input.bytes).expect("writing a scratch file");
    Tools::load(&file).map(drop).map_err(|e| e.to_string())
}

/// A cluster profile read as `run --backend slurm` and `slurm-script` read it: the file,
/// then the command line's settings (none) over it.
fn read_profile(input: &Input) -> Result<(), String> {
    let file = scratch(base_name(&input.name));
    fs::write(&file, &input.bytes).expect("writing a scratch file");
    Profile::load(&file).and_then(|p| p.overridden(Overrides::default())).map(drop).map_err(|e| e.to_string())
}

/// The manifest with the JSON seed: the slurm test's, its instances copied beside it.
const JSON_MANIFEST: &str = "suite/slurm-test";

fn manifest_json_seed() -> Vec<Input> {
    let rows = contract::manifest::read(&repo().join(JSON_MANIFEST)).expect("the shipped manifest reads");
    let mut bytes = Vec::new();
    contract::manifest::write_json(&mut bytes, &rows).expect("writing to memory");
    vec![Input { name: format!("{JSON_MANIFEST}/manifest.json"), bytes, partner: None }]
}

/// `manifest verify` over the shipped manifest and instances with this `manifest.json`;
/// its one finding about an unreadable `manifest.json` is the error.
fn read_manifest_json(input: &Input) -> Result<(), String> {
    let dir = scratch("manifest-json/manifest.csv").parent().expect("a folder").to_path_buf();
    if !dir.join("instances").exists() {
        let from = repo().join(JSON_MANIFEST);
        fs::copy(from.join("manifest.csv"), dir.join("manifest.csv")).expect("copying the manifest");
        for entry in fs::read_dir(from.join("instances/random")).expect("the instances") {
            let entry = entry.expect("a directory entry");
            let to = scratch(&format!("manifest-json/instances/random/{}", entry.file_name().to_string_lossy()));
            fs::copy(entry.path(), to).expect("copying an instance");
        }
    }
    fs::write(dir.join("manifest.json"), &input.bytes).expect("writing a scratch file");
    let findings = suites::audit::audit(&dir).map_err(|e| e.to_string())?;
    match findings.into_iter().find(|f| f.contains("not a manifest")) {
        Some(unreadable) => Err(unreadable),
        None => Ok(()),
    }
}

/// The answer lines of DepQBF in the shipped solvers file.
fn depqbf_answers() -> harness::AnswerSpec {
    let tools = Tools::load(&repo().join("suite/solvers.toml")).expect("the shipped solvers file reads");
    tools.solvers["depqbf"].answer.clone()
}

/// A solver's standard output, read as the harness reads an answer and as `strategy`
/// reads `--qdo` output; errors name the output's file as the runner names the solver.
fn read_solver_output(input: &Input) -> Result<(), String> {
    let limits = Limits::new(Duration::from_secs(10), 1 << 30);
    for code in [10, 20, 0] {
        let run = Measurement { exit_code: Some(code), stdout: input.bytes.clone(), ..Measurement::default() };
        harness::classify(&run, &limits, &depqbf_answers());
    }
    gamekit::qdo::parse_qdo(&String::from_utf8_lossy(&input.bytes))
        .map(drop)
        .map_err(|source| QdoError::Output { program: base_name(&input.name).to_string(), source }.to_string())
}

/// All formats, in the order of the report.
pub fn all() -> Vec<Format> {
    let pairs = bddl_pairs();
    let toml = Nesting { prefix: "deep = ", open: "[", inner: "1", close: "]", depth: 20_000 };
    let flat = Nesting { depth: 5_000, ..PARENS };
    let mut pg = seeds("suite/games/pg", ".pg", 4_000);
    pg.extend(seeds("suite/games/gttt5x5", ".pg", 4_000).into_iter().step_by(12));
    vec![
        Format {
            name: "qdimacs",
            seeds: seeds("suite/slurm-test/instances/random", ".qdimacs", 4_000),
            nesting: flat,
            read: read_qdimacs,
        },
        Format { name: "qcir", seeds: qcir_seeds(), nesting: PARENS, read: read_qcir },
        Format {
            name: "bddl-domain",
            seeds: pairs.iter().map(|(d, p)| with_partner(d.clone(), p)).collect(),
            nesting: Nesting { inner: "open(?x,?y)", depth: 50_000, ..PARENS },
            read: read_bddl_domain,
        },
        Format {
            name: "bddl-problem",
            seeds: pairs.iter().map(|(d, p)| with_partner(p.clone(), d)).collect(),
            nesting: Nesting { inner: "black(?x,?y)", depth: 50_000, ..PARENS },
            read: read_bddl_problem,
        },
        Format { name: "gdl", seeds: seeds("suite/games/gdl", ".kif", 2_300), nesting: PARENS, read: read_gdl },
        Format { name: "pg", seeds: pg, nesting: flat, read: read_pg },
        Format { name: "geography", seeds: geography_seeds(), nesting: flat, read: read_geography },
        Format { name: "hex", seeds: seeds("suite/games/hex", ".hex", 4_000), nesting: flat, read: read_hex },
        Format {
            name: "suite",
            seeds: ["corplus", "default", "gdl-aamas2024", "sat2023-bddl"]
                .map(|s| seed(&format!("suite/{s}.toml")))
                .into(),
            nesting: toml,
            read: read_suite,
        },
        Format { name: "manifest-csv", seeds: manifest_csv_seeds(), nesting: flat, read: read_manifest_csv },
        Format { name: "manifest-json", seeds: manifest_json_seed(), nesting: toml, read: read_manifest_json },
        Format { name: "table", seeds: seeds("suite/published", ".toml", 16_000), nesting: toml, read: read_table },
        Format {
            name: "solvers-toml",
            seeds: vec![seed("suite/solvers.toml"), seed("suite/slurm-test/solvers.toml")],
            nesting: toml,
            read: read_solvers,
        },
        Format {
            name: "slurm-profile",
            seeds: vec![seed("suite/cluster.toml"), seed("suite/slurm-test/cluster.toml")],
            nesting: toml,
            read: read_profile,
        },
        Format {
            name: "solver-output",
            seeds: seeds("tests/fixtures/fuzz/seeds", ".out", 4_000),
            nesting: flat,
            read: read_solver_output,
        },
    ]
}

fn manifest_csv_seeds() -> Vec<Input> {
    vec![seed("suite/slurm-test/manifest.csv"), seed("reports/tests/fixtures/small/manifest.csv")]
}

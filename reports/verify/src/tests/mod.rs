//! Verification driven by `harness::mock::MockExecutor`: a small suite (HTTT 3×3, shapes
//! domino and el, depths 1 and 3), a table written per test, and a scripted solver whose
//! answers depend on the instance it is given.

mod close;
mod judge;
mod planner;

use std::path::{Path, PathBuf};
use std::time::Duration;

use contract::Source;
use harness::mock::MockExecutor;
use harness::{Job, Measurement, Tools};
use suites::builder::{Encoders, Setup};
use tempfile::TempDir;

use crate::{resolve, verify, Judged, Options, Table, Verified};

/// The table's first lines; each test adds its columns and rows.
const HEAD: &str = r#"
name = "unit"
paper = "A. Author, A test paper"
table = "Table 1"
transcribed_from = "table.csv"
suites = ["small.toml"]
timeout = 30

[defaults]
family = "httt"
"#;

/// Two solvers that are never started: the mock answers for them.
const SOLVERS: &str = r#"
[solver.mock]
command = ["/bin/sh", "{input}"]
formats = ["qdimacs"]
version = "1"

[solver.other]
command = ["/bin/true", "{input}"]
formats = ["qdimacs"]
version = "1"
"#;

/// A directory holding the suite, the table and the solvers file.
pub struct Fixture {
    pub dir: TempDir,
    pub table: Table,
    tools: Tools,
}

impl Fixture {
    /// The table [`HEAD`] followed by `body`.
    pub fn new(body: &str) -> Fixture {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let games = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../suite/games");
        let suite = format!(
            "name = \"small\"\n[[family]]\nname = \"httt\"\nmodel = \"bddl\"\ndepths = [1, 3]\nencodings = [\"lifted\"]\nformats = [\"qdimacs\"]\n[family.grid]\ndomain = \"{g}/bddl/positional/domain.ig\"\nproblem = \"{g}/bddl/httt/3x3_{{shape}}.ig\"\nshape = [\"domino\", \"el\"]\n",
            g = games.display()
        );
        std::fs::write(dir.path().join("small.toml"), suite).expect("write the suite");
        std::fs::write(dir.path().join("table.csv"), "row\n").expect("write the CSV");
        let source = Source::from_bytes("table.toml".to_string(), format!("{HEAD}{body}").into_bytes());
        let table = resolve(&source, dir.path()).unwrap_or_else(|e| panic!("the table resolves: {e}"));
        let tools = Tools::parse(SOLVERS, Path::new("solvers.toml"), dir.path()).expect("the solvers file parses");
        Fixture { dir, table, tools }
    }

    /// Verifies the table with `executor` under `budget` on one worker (runs start in
    /// their planned order).
    pub fn verify(&mut self, executor: &dyn harness::Executor, budget: Duration) -> Verified {
        let out = self.dir.path().join("out");
        let encoders = Encoders {
            child: harness::Invocation {
                program: PathBuf::from("/qbfgames"),
                args: vec!["reference".into()],
                ..Default::default()
            },
        };
        let opts = Options {
            tools: &self.tools,
            config: "solvers.toml",
            encoders: &encoders,
            executor,
            out: &out,
            budget,
            jobs: 1,
            timeout: None,
            memory: 1 << 30,
        };
        verify(&mut self.table, &opts, &mut |_| ())
    }
}

/// What a job runs, as tests name it: `mock domino d=3` for a solver on an instance (read
/// from the instance's header comment), `reference el d=2` for the reference solver.
pub fn label(job: &Job) -> String {
    let args = &job.invocation.args;
    if args.first().is_some_and(|a| a == "reference") {
        let setup = args.last().and_then(|json| Setup::from_json(json).ok());
        let problem = setup.as_ref().and_then(|s| s.path("problem").ok()).unwrap_or_default();
        let problem = problem.display().to_string();
        let shape = problem.rsplit('_').next().unwrap_or_default().trim_end_matches(".ig").to_string();
        let depth = setup.and_then(|s| s.depth).map(|d| d.to_string()).unwrap_or_default();
        return format!("reference {shape} d={depth}");
    }
    let solver = if job.invocation.program.ends_with("sh") { "mock" } else { "other" };
    let text = std::fs::read_to_string(&args[0]).unwrap_or_default();
    let key = text.lines().find_map(|l| l.split("shape=").nth(1)).unwrap_or_default();
    let mut parts = key.split('/');
    format!("{solver} {} {}", parts.next().unwrap_or_default(), parts.next().unwrap_or_default())
}

/// A run that exited with `code` after `cpu` seconds of CPU time.
pub fn answered(code: i32, cpu: f64) -> Measurement {
    Measurement {
        exit_code: Some(code),
        cpu: Duration::from_secs_f64(cpu),
        wall: Duration::from_secs_f64(cpu),
        ..Measurement::default()
    }
}

/// A scripted executor answering with `respond(label)`.
pub fn mock(
    delay: Duration,
    respond: impl Fn(&str) -> Measurement + Sync,
) -> MockExecutor<impl Fn(&Job) -> Measurement + Sync> {
    MockExecutor::new(delay, move |job: &Job| respond(&label(job)))
}

/// The judged cell of `row` and `column`.
pub fn cell<'v>(verified: &'v Verified, row: &str, column: &str) -> &'v Judged {
    verified
        .cells
        .iter()
        .find(|c| c.row == row && c.column == column)
        .unwrap_or_else(|| panic!("no cell {row}/{column}"))
}

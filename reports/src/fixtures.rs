//! Manifest rows and result records for the tests of the tables.

use contract::{manifest::Row, Record, Status};
use contract::{Depth, Verdict};

pub fn row(id: &str, job: &str, expected: Option<Verdict>) -> Row {
    Row {
        id: id.into(),
        gbd_id: String::new(),
        family: "f".into(),
        game: "gttt".into(),
        params: String::new(),
        encoding: "corplus".into(),
        format: "qdimacs".into(),
        depth: Depth::Plies(3),
        vars: None,
        universal: None,
        existential: None,
        blocks: None,
        clauses: None,
        literals: None,
        gates: None,
        expected,
        expected_by: "reference".into(),
        path: format!("instances/f/{id}.qdimacs"),
        generator_version: "0.1.0".into(),
        job: job.into(),
        map: String::new(),
        map_sha256: String::new(),
    }
}

/// A record of `solver` (no preprocessor) on `instance`: `answer` is `true`, `false`
/// or a status without an answer (`timeout`, …). The expected answer is copied from the
/// manifest into the record, as `run` does: `false` for `i1`. Its CPU limit is 10 s.
pub fn record(instance: &str, solver: &str, answer: &str, cpu_s: f64) -> Record {
    let (status, answer) = match answer {
        "true" => (Status::True, "true"),
        "false" => (Status::False, "false"),
        other => (other.parse().unwrap_or(Status::Error), ""),
    };
    Record {
        key: format!("{instance}|{solver}"),
        run: 1,
        instance: instance.into(),
        family: "f".into(),
        format: "qdimacs".into(),
        preprocessor: "none".into(),
        preprocessor_version: "-".into(),
        solver: solver.into(),
        solver_version: "1".into(),
        timeout_s: 10.0,
        wall_timeout_s: 40.0,
        memory_mb: 1024,
        status,
        answer: answer.into(),
        check: String::new(),
        expected: if instance == "i1" { "false" } else { "unknown" }.into(),
        pre_status: String::new(),
        pre_cpu_s: 0.0,
        pre_wall_s: 0.0,
        cpu_s,
        wall_s: cpu_s,
        peak_mb: 1.0,
        exit_code: None,
        signal: None,
        core: None,
        load_start: 0.0,
        load_end: 0.0,
        log: String::new(),
        detail: String::new(),
        certificate: String::new(),
        core_shared: None,
    }
}

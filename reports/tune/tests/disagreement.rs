//! A variant whose answers contradict another's is reported, instance by instance, with
//! every answer given: tune's first duty before any timing. The solver is scripted (it
//! says "false" on the Tseitin variant's files and "true" elsewhere); the instances are
//! the real encoder's.

use std::path::{Path, PathBuf};
use std::time::Duration;

use harness::mock::{exited, MockExecutor};
use harness::options::RunOptions;
use harness::{Job, Measurement};
use suites::builder::Encoders;
use tune::{summarize, variants, Tune};

const SUITE: &str = r#"
name = "tiny"
description = "two depths of Connect-3 on 3x3"
[options]
expected = "none"
[[family]]
name = "connect"
model = "bddl"
depths = [1, 3]
encodings = ["lifted"]
formats = ["qdimacs"]
[family.grid]
domain = "GAMES/connect/domain.ig"
problem = "GAMES/connect/3x3_connect3.ig"
"#;

const TOOLS: &str = r#"
[solver.scripted]
command = ["/bin/sh", "{input}"]
formats = ["qdimacs"]
version = "1"
answer_lines = { true = "SAT", false = "UNSAT" }
"#;

fn scripted(job: &Job) -> Measurement {
    let on_tseitin = job.invocation.args.iter().any(|a| a.contains("/tseitin"));
    let answer = if on_tseitin { exited(20, "UNSAT\n") } else { exited(10, "SAT\n") };
    Measurement { cpu: Duration::from_millis(100), ..answer }
}

#[test]
fn contradicting_variants_are_reported_per_instance() -> Result<(), Box<dyn std::error::Error>> {
    let dir = tempfile::tempdir()?;
    let games = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../suite/games/bddl");
    let suite_file = dir.path().join("tiny.toml");
    std::fs::write(&suite_file, SUITE.replace("GAMES", &games.display().to_string()))?;
    let config = dir.path().join("solvers.toml");
    std::fs::write(&config, TOOLS)?;
    let suite = suites::load(&suite_file)?;
    let variants = variants(&["clause_form=polarity,tseitin".to_string()])?;
    let run = RunOptions {
        config,
        solvers: vec!["scripted".into()],
        preprocessors: vec!["none".into()],
        timeout_s: 5.0,
        wall_timeout_s: None,
        rerun_starved: true,
        starved_retries: harness::STARVED_RETRIES,
        memory: "1G".into(),
        qbfgames_version: "test".into(),
        subset: harness::Subset::All,
        stop_series: false,
    };
    let out = dir.path().join("out");
    let builder =
        Encoders { child: harness::Invocation { program: PathBuf::from("/nonexistent"), ..Default::default() } };
    let tune =
        Tune { suite: &suite, variants: &variants, out: &out, builder: &builder, run: &run, jobs: Some(1), threads: 1 };
    let measured = tune.measure(&MockExecutor::new(Duration::ZERO, scripted), &mut |_| {})?;
    let summary = summarize(&suite, &measured, 5.0);
    assert_eq!(summary.disagreements.len(), 2, "both depths: {:?}", summary.disagreements);
    for d in &summary.disagreements {
        assert!(d.answers.contains(&"polarity scripted: true".to_string()), "{d:?}");
        assert!(d.answers.contains(&"tseitin scripted: false".to_string()), "{d:?}");
    }
    let own: Vec<_> = summary.lines.iter().filter(|l| l.variant == "polarity").collect();
    assert_eq!(own.len(), 1);
    assert_eq!((own[0].solved, own[0].jobs, own[0].ratio), (2, 2, Some(1.0)));
    Ok(())
}

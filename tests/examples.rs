//! Every example command of the documentation runs: the `Examples:` of each command's
//! `--help` (found by walking `qbfgames --help` and its subcommands), and the command lines
//! of the fenced code blocks of README.md and docs/*.md.
//!
//! Each document (one `--help` page, one Markdown file) runs its examples in order in a
//! fresh folder of its own, so that chained examples (generate, then run, then report on
//! the same folder) see what the earlier ones wrote. The folder holds a copy of the
//! repository's `suite/` (paths like `suite/default.toml` work as in a checkout) and a link
//! to `tools/` (the solvers `suite/solvers.toml` names relative to itself); `qbfgames` on
//! PATH is the binary under test. A ```` ```toml file=PATH ```` block is written to PATH
//! at its place in the document (and must equal the shipped file of that name, if any).
//!
//! An example is a line that starts with `qbfgames ` or `$ qbfgames ` (in a block with `$`
//! prompts, only those lines; the rest is output), joined with its `\` continuation lines,
//! run by bash as written. It must exit 0, or with the code its comment states
//! (`# exit 10: Black wins`). Examples that need what a test machine does not have are in
//! [`SKIP`], each with the reason.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Examples not run: (document, start of the example, why). A document alone (empty
/// start) skips all of its examples. Every entry must match an example.
const SKIP: &[(&str, &str, &str)] = &[
    (
        "README.md",
        "qbfgames generate suite/default.toml --out /project/me/out",
        "Slurm: a cluster's shared /project folder",
    ),
    ("README.md", "qbfgames run /project/me/out", "Slurm: needs sbatch and a cluster"),
    ("README.md", "qbfgames collect /project/me/out", "Slurm: needs a cluster's finished array"),
    ("README.md", "qbfgames report /project/me/out", "Slurm: reports the cluster's run above"),
    (
        "docs/slurm.md",
        "",
        "Slurm: needs sbatch, a cluster and its shared /project folder (make test-slurm runs a one-node Slurm)",
    ),
    (
        "docs/selection.md",
        "",
        "the default suite end to end: 16 minutes on two cores, what `make suite` runs and checks",
    ),
    ("docs/verify.md", "", "whole published tables within 3 to 30 minute budgets each: what `make verify` runs"),
    ("docs/bddl.md", "qbfgames verify", "the whole Table 2 within a 30 minute budget: `make verify`"),
    ("docs/gdl.md", "qbfgames verify", "the whole Table 2 within a 30 minute budget: `make verify`"),
    ("docs/encodings.md", "qbfgames tune", "measurement runs of 60 s per solver call over a suite: minutes to hours"),
    ("qbfgames tune --help", "", "measurement runs of 60 s per solver call over a suite: minutes to hours"),
    ("qbfgames verify --help", "", "whole published tables within 3 to 30 minute budgets: what `make verify` runs"),
    ("qbfgames collect --help", "", "Slurm: merges a cluster's array tasks (make test-slurm)"),
    (
        "qbfgames run --help",
        "qbfgames run out/demo --solvers depqbf --timeout 3600 --memory 8G --backend slurm",
        "Slurm: needs sbatch and a cluster",
    ),
    (
        "qbfgames generate --help",
        "qbfgames generate suite/default.toml",
        "the default suite with its ladders: minutes of calibration",
    ),
    ("docs/reports.md", "qbfgames report out/default", "the default suite's run: `make suite`"),
    (
        "qbfgames frontier --help",
        "",
        "escalates the default suite's frontier at limits up to 900 s: `make suite` (minutes to hours of solver runs)",
    ),
    (
        "qbfgames calibrate --help",
        "",
        "checks the predictions of the default suite's selection: `make suite`, then `make check-predictions` (minutes per job)",
    ),
    (
        "qbfgames run --help",
        "qbfgames run out/demo --solvers depqbf --timeout 5 --certify",
        "certifying DepQBF's proofs of the demo suite takes over 150 s here",
    ),
    (
        "qbfgames generate --help",
        "qbfgames generate suite/demo.toml --out certified --certify",
        "certifying every demo instance takes over 150 s here",
    ),
    (
        "docs/harness.md",
        "qbfgames run out --solvers depqbf,caqe --timeout 10 --certify",
        "certifying DepQBF's proofs of the demo suite takes over 150 s here",
    ),
    (
        "qbfgames encode gdl-asp --help",
        "qbfgames encode gdl-asp --game bt.kif --depth 4 | clingo",
        "clingo is not installed by the project",
    ),
];

/// Time limit of one example.
const EXAMPLE_LIMIT: Duration = Duration::from_secs(150);

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// One example command and where it is written.
#[derive(Clone, Debug)]
enum Step {
    Run { line: usize, command: String, expect: i32 },
    Write { line: usize, path: String, text: String },
}

/// A document: its name (a file, or `qbfgames … --help`), where to report it, its steps.
#[derive(Debug)]
struct Doc {
    name: String,
    steps: Vec<Step>,
}

/// The exit code a comment states (`# exit 10`, `# exit 10 = Black wins, 20 = not`), else 0.
fn stated_exit(command: &str) -> i32 {
    let Some((_, comment)) = command.split_once(" # ") else { return 0 };
    let words: Vec<&str> = comment.split_whitespace().collect();
    words
        .windows(2)
        .find(|w| w[0] == "exit")
        .and_then(|w| w[1].trim_end_matches([':', ',', ';', '=']).parse().ok())
        .unwrap_or(0)
}

/// The command of an example line, without a `$ ` prompt; `None` if it is not one.
fn example(line: &str, prompts: bool) -> Option<&str> {
    let line = line.trim();
    match line.strip_prefix("$ ") {
        Some(rest) if rest.starts_with("qbfgames ") => Some(rest),
        _ if !prompts && line.starts_with("qbfgames ") => Some(line),
        _ => None,
    }
}

/// The examples of the fenced code blocks of a Markdown file.
fn markdown(name: &str, text: &str) -> Doc {
    let lines: Vec<&str> = text.lines().collect();
    let mut steps = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let Some(info) = lines[i].trim_start().strip_prefix("```") else {
            i += 1;
            continue;
        };
        let start = i + 1;
        let mut end = start;
        while end < lines.len() && !lines[end].trim_start().starts_with("```") {
            end += 1;
        }
        let block = &lines[start..end.min(lines.len())];
        if let Some(path) = info.split_whitespace().find_map(|w| w.strip_prefix("file=")) {
            let text = block.iter().map(|l| format!("{l}\n")).collect();
            steps.push(Step::Write { line: start, path: path.to_string(), text });
        } else {
            let prompts = block.iter().any(|l| l.trim_start().starts_with("$ "));
            let mut j = 0;
            while j < block.len() {
                if let Some(first) = example(block[j], prompts) {
                    let line = start + j + 1;
                    let mut command = first.to_string();
                    while command.ends_with('\\') && j + 1 < block.len() {
                        command.pop();
                        j += 1;
                        command = format!("{} {}", command.trim_end(), block[j].trim());
                    }
                    let expect = stated_exit(&command);
                    steps.push(Step::Run { line, command, expect });
                }
                j += 1;
            }
        }
        i = end + 1;
    }
    Doc { name: name.to_string(), steps }
}

fn qbfgames(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_qbfgames")).args(args).output().expect("qbfgames runs");
    assert!(out.status.success(), "qbfgames {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("help is UTF-8")
}

/// The `--help` pages of the command and every visible subcommand, depth first.
fn help_pages(path: &mut Vec<String>, pages: &mut Vec<(String, String)>) {
    let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
    args.push("--help");
    let help = qbfgames(&args);
    let subcommands: Vec<String> = help
        .lines()
        .skip_while(|l| *l != "Commands:")
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect();
    pages.push((format!("qbfgames {}", args.join(" ")), help));
    for sub in subcommands {
        path.push(sub);
        help_pages(path, pages);
        path.pop();
    }
}

/// Where a help example is written in the sources (src/flags/*.rs), as `file:line`.
fn source_of(example: &str) -> Option<String> {
    let escaped = example.replace('\\', "\\\\").replace('"', "\\\"");
    for entry in fs::read_dir(repo().join("src/flags")).ok()? {
        let path = entry.ok()?.path();
        let text = fs::read_to_string(&path).ok()?;
        if let Some(at) = text.find(&escaped) {
            let line = text[..at].lines().count().max(1);
            return Some(format!("src/flags/{}:{line}", path.file_name()?.to_string_lossy()));
        }
    }
    None
}

/// Every document with examples.
fn documents() -> Vec<Doc> {
    let mut docs = Vec::new();
    let mut pages = Vec::new();
    help_pages(&mut Vec::new(), &mut pages);
    for (name, help) in pages {
        let steps: Vec<Step> = help
            .lines()
            .enumerate()
            .filter_map(|(i, l)| example(l, false).map(|c| (i + 1, c)))
            .map(|(line, command)| Step::Run { line, command: command.to_string(), expect: stated_exit(command) })
            .collect();
        if !steps.is_empty() {
            docs.push(Doc { name, steps });
        }
    }
    let mut files = vec![repo().join("README.md")];
    let mut guides: Vec<PathBuf> = fs::read_dir(repo().join("docs"))
        .expect("docs/")
        .map(|e| e.expect("a docs entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    guides.sort();
    files.extend(guides);
    for file in files {
        let name = file.strip_prefix(repo()).expect("in the repository").to_string_lossy().into_owned();
        let doc = markdown(&name, &fs::read_to_string(&file).expect("read a document"));
        if !doc.steps.is_empty() {
            docs.push(doc);
        }
    }
    docs
}

fn skip_reason(doc: &str, command: &str) -> Option<usize> {
    SKIP.iter().position(|(d, start, _)| *d == doc && command.starts_with(start))
}

fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).expect("mkdir");
    for entry in fs::read_dir(from).expect("read a folder") {
        let entry = entry.expect("an entry");
        let target = to.join(entry.file_name());
        let kind = entry.file_type().expect("a file type");
        if kind.is_dir() {
            copy_dir(&entry.path(), &target);
        } else if kind.is_symlink() {
            std::os::unix::fs::symlink(fs::read_link(entry.path()).expect("a link"), target).expect("link");
        } else {
            fs::copy(entry.path(), target).expect("copy");
        }
    }
}

/// A fresh working folder: `suite/` copied, `tools/` linked, `bin/qbfgames` the binary.
fn workdir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a temporary folder");
    copy_dir(&repo().join("suite"), &dir.path().join("suite"));
    std::os::unix::fs::symlink(repo().join("tools"), dir.path().join("tools")).expect("link tools/");
    fs::create_dir(dir.path().join(".bin")).expect("mkdir .bin");
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_qbfgames"), dir.path().join(".bin/qbfgames")).expect("link");
    dir
}

/// The tail of a command's output, for the failure message.
fn tail(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(8)..].iter().map(|l| format!("\n    | {l}")).collect()
}

/// Runs a document's steps in order; returns its failures.
fn run_doc(doc: &Doc) -> Vec<String> {
    let dir = workdir();
    let path = format!(
        "{}:{}:{}",
        dir.path().join(".bin").display(),
        repo().join("tools/bin").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut failures = Vec::new();
    for step in &doc.steps {
        match step {
            Step::Write { line, path, text } => {
                let shipped = repo().join(path);
                if shipped.exists() && fs::read_to_string(&shipped).ok().as_deref() != Some(text.as_str()) {
                    failures.push(format!("{}:{line}: the block differs from the shipped {path}", doc.name));
                }
                let to = dir.path().join(path);
                fs::create_dir_all(to.parent().expect("a folder")).expect("mkdir");
                fs::write(to, text).expect("write a file of the document");
            }
            Step::Run { line, command, expect } => {
                let at = match source_of(command) {
                    Some(source) if doc.name.ends_with("--help") => format!("{source} ({} line {line})", doc.name),
                    _ => format!("{}:{line}", doc.name),
                };
                if skip_reason(&doc.name, command).is_some() {
                    continue;
                }
                let started = Instant::now();
                let out = Command::new("timeout")
                    .args(["-k", "5", &EXAMPLE_LIMIT.as_secs().to_string(), "bash", "-c"])
                    .arg(format!("set -o pipefail; {command}"))
                    .current_dir(dir.path())
                    .env("PATH", &path)
                    .env("XDG_CONFIG_HOME", dir.path().join(".config"))
                    .env("XDG_CACHE_HOME", dir.path().join(".cache"))
                    .env_remove("QBFGAMES_SOLVERS")
                    .stdin(Stdio::null())
                    .output()
                    .expect("bash runs");
                let code = out.status.code().unwrap_or(-1);
                eprintln!("{:6.1} s  exit {code:>3}  {at}: {command}", started.elapsed().as_secs_f64());
                if code != *expect {
                    let why = if code == 124 {
                        format!(" (stopped after {} s)", EXAMPLE_LIMIT.as_secs())
                    } else {
                        String::new()
                    };
                    failures.push(format!(
                        "{at}: {command}\n  exit {code}{why}, expected {expect}{}{}",
                        tail(&out.stdout),
                        tail(&out.stderr)
                    ));
                }
            }
        }
    }
    failures
}

#[test]
fn every_documented_example_runs() {
    let docs = documents();
    let examples: Vec<(&str, &str)> = docs
        .iter()
        .flat_map(|d| {
            d.steps.iter().filter_map(move |s| match s {
                Step::Run { command, .. } => Some((d.name.as_str(), command.as_str())),
                Step::Write { .. } => None,
            })
        })
        .collect();
    for (i, (doc, start, reason)) in SKIP.iter().enumerate() {
        assert!(
            examples.iter().any(|(d, c)| skip_reason(d, c) == Some(i)),
            "the skip entry ({doc:?}, {start:?}: {reason}) matches no example: remove it"
        );
    }
    assert!(examples.len() > 50, "only {} examples found: is the extraction broken?", examples.len());
    // Two documents at a time (the machine has two cores); the longest first.
    let mut queue: Vec<&Doc> = docs.iter().collect();
    queue.sort_by_key(|d| d.steps.len());
    let queue = Mutex::new(queue);
    let failures = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let Some(doc) = queue.lock().expect("the queue").pop() else { break };
                let found = run_doc(doc);
                failures.lock().expect("the failures").extend(found);
            });
        }
    });
    let failures = failures.into_inner().expect("the failures");
    assert!(failures.is_empty(), "{} example(s) failed:\n\n{}", failures.len(), failures.join("\n\n"));
}

#[test]
fn stated_exit_codes_are_read_from_the_comment() {
    assert_eq!(stated_exit("qbfgames solve gttt --shape elly --board 4   # exit 10: Black wins, 20: not"), 10);
    assert_eq!(stated_exit("qbfgames certify g.qdimacs   # exit 20 = certified false"), 20);
    assert_eq!(stated_exit("qbfgames report out"), 0);
    assert_eq!(stated_exit("qbfgames run out   # again: finished cells are skipped"), 0);
}

#[test]
fn markdown_examples_join_continuations_and_skip_output() {
    let text = "x\n```sh\nqbfgames run out \\\n    --timeout 5   # exit 0\nmake test\n```\n```\n$ qbfgames stats a.qcir\nqbfgames output, not a command\n```\n```toml file=suite/x.toml\nname = \"x\"\n```\n";
    let doc = markdown("t.md", text);
    let got: Vec<String> = doc
        .steps
        .iter()
        .map(|s| match s {
            Step::Run { line, command, expect } => format!("{line} {expect} {command}"),
            Step::Write { line, path, text } => format!("{line} write {path} {text:?}"),
        })
        .collect();
    assert_eq!(
        got,
        [
            "3 0 qbfgames run out --timeout 5   # exit 0",
            "8 0 qbfgames stats a.qcir",
            "11 write suite/x.toml \"name = \\\"x\\\"\\n\""
        ]
    );
}

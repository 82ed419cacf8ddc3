//! What the GDL grounding benches share: the repository root, settings by environment
//! variable, the GDL files they measure, child processes run under a wall-clock limit
//! whose output lines are `KEY VALUE...`, and the encoding a child measures.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use game_gdl::encoding::{GdlEncoding, PrefixMethod, Rules};
use game_gdl::GroundGame;
use gamekit::{Encoding, Form, Qbf, Side};
use qbf::io::write_qdimacs;
use qbf::tseitin::ClauseForm;

pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../..")
}

pub fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// Runs `command` until it exits or `limit` passes (then kills it); its stdout lines,
/// and whether it was killed.
pub fn lines_within(mut command: Command, limit: Duration) -> (Vec<String>, bool) {
    let mut child =
        command.stdout(Stdio::piped()).stderr(Stdio::null()).spawn().unwrap_or_else(|e| panic!("{command:?}: {e}"));
    let stdout = child.stdout.take().unwrap_or_else(|| panic!("no stdout"));
    let reader = std::thread::spawn(move || BufReader::new(stdout).lines().map_while(Result::ok).collect::<Vec<_>>());
    let start = Instant::now();
    let mut timed_out = false;
    loop {
        if child.try_wait().unwrap_or_else(|e| panic!("{e}")).is_some() {
            break;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            timed_out = true;
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    (reader.join().unwrap_or_default(), timed_out)
}

/// The words after `key` on the first line that starts with it.
pub fn field<'a>(lines: &'a [String], key: &str) -> Option<Vec<&'a str>> {
    lines.iter().find_map(|l| {
        let mut words = l.splitn(2, ' ');
        (words.next() == Some(key)).then(|| words.next().unwrap_or_default().split(' ').collect())
    })
}

/// The `.kif` files of `dirs` (under the repository root) and of the directories in the
/// variable `extra` (separated as in `PATH`), sorted per directory, those whose names
/// contain one of the comma-separated parts in the variable `filter` if it is set.
pub fn gdl_games(dirs: &[&str], filter: &str, extra: &str) -> Vec<PathBuf> {
    let filter: Vec<String> = std::env::var(filter)
        .map(|v| v.split(',').filter(|s| !s.is_empty()).map(str::to_string).collect())
        .unwrap_or_default();
    let mut dirs: Vec<PathBuf> = dirs.iter().map(|d| root().join(d)).collect();
    if let Ok(extra) = std::env::var(extra) {
        dirs.extend(std::env::split_paths(&extra));
    }
    let mut out = Vec::new();
    for dir in dirs {
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        let mut files: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "kif"))
            .collect();
        files.sort();
        out.extend(files);
    }
    out.retain(|p| {
        let name = p.file_name().unwrap_or_default().to_string_lossy();
        filter.is_empty() || filter.iter().any(|f| name.contains(f.as_str()))
    });
    out
}

/// `game` encoded at `depth` as `encode gdl` does (general rules, dependency prefix) and
/// written as QDIMACS: its clauses and bytes, or the first line of the encoder's refusal.
pub fn encode_qdimacs(game: &GroundGame, depth: u32) -> Result<(usize, usize), String> {
    let options = GdlEncoding { rules: Rules::General, prefix: PrefixMethod::Dependency, first: 0 };
    let (qbf, _) = options
        .formula(game, depth, Side::Black, Form::Clauses(ClauseForm::default()))
        .map_err(|e| e.to_string().lines().next().unwrap_or_default().to_string())?;
    let qbf = match qbf {
        Qbf::Clauses(q) => q,
        other => other.into_cnf(ClauseForm::default()),
    };
    let mut bytes = Vec::new();
    write_qdimacs(&mut bytes, &qbf, &[]).unwrap_or_else(|e| panic!("{e}"));
    Ok((qbf.cnf.len(), bytes.len()))
}

/// Seconds, with four decimals below 0.01 s.
pub fn secs(s: f64) -> String {
    if s < 0.01 {
        format!("{:.4}", s)
    } else {
        format!("{:.3}", s)
    }
}

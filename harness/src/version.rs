//! Making a configured tool runnable: locating its program and asking its version.

use std::time::Duration;

use super::config::{Tool, VersionSource};
use super::error::Error;
use super::executor::{Executor, Job};
use super::limits::Limits;
use super::process::Invocation;
use super::tool_run::ToolRun;

/// How long a version command may take.
const VERSION_LIMITS: Limits = Limits { cpu: Duration::from_secs(10), wall: Duration::from_secs(10), memory: 0 };

/// Locates `tool`'s program and finds its version (through `executor`, so tests can
/// answer without the program).
pub fn prepare(tool: &Tool, executor: &dyn Executor) -> Result<ToolRun, Error> {
    let program = tool.locate(&tool.command[0])?;
    let version = match &tool.version {
        VersionSource::Literal(v) => v.clone(),
        VersionSource::Command { argv, line } => {
            let job = Job {
                invocation: Invocation {
                    program: tool.locate(&argv[0])?,
                    args: argv[1..].to_vec(),
                    ..Invocation::default()
                },
                limits: VERSION_LIMITS,
                owner: None,
            };
            let m = executor.execute(&job).map_err(|error| Error::VersionCommand {
                role: tool.role_name(),
                name: tool.name.clone(),
                error,
            })?;
            let out = if m.stdout.iter().any(|b| !b.is_ascii_whitespace()) { &m.stdout } else { &m.stderr };
            let text = String::from_utf8_lossy(out);
            text.lines().nth(line - 1).map(clean).filter(|l| !l.is_empty()).ok_or_else(|| Error::NoVersion {
                role: tool.role_name(),
                name: tool.name.clone(),
                line: *line,
            })?
        }
    };
    Ok(ToolRun { tool: tool.clone(), program, version })
}

/// A version line without the QDIMACS comment marker `c ` some tools print it with, and
/// without trailing punctuation.
fn clean(line: &str) -> String {
    let line = line.trim();
    let line = line.strip_prefix("c ").unwrap_or(line);
    line.trim_end_matches([',', ' ']).trim().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn version_lines_lose_comment_markers() {
        assert_eq!(clean("c qfun, v01.0, , "), "qfun, v01.0");
        assert_eq!(clean("DepQBF 6.03"), "DepQBF 6.03");
        assert_eq!(clean("c [bloqqer] Version 037 8660cb92"), "[bloqqer] Version 037 8660cb92");
    }
}

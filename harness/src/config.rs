//! `suite/solvers.toml`: the solvers and preprocessors the harness can run, as data.
//!
//! Read in two steps, like every configuration of the project: the raw file (exactly what
//! the user wrote; unknown keys are errors) is resolved into [`Tools`] (placeholders
//! checked, formats known, program paths anchored at the file's directory). Every error
//! names the file, the line and column of the key, and the fix.
//!
//! ```toml
//! [solver.depqbf]
//! command = ["depqbf", "{input}"]          # argv, never a shell string
//! formats = ["qdimacs"]
//! version_command = ["depqbf", "--version"]
//! answer_lines = { true = "SAT", false = "UNSAT", unknown = "UNKNOWN" }
//! # optional: a run that prints a Q-resolution proof (QRP) for `certify`
//! trace = ["depqbf", "--trace", "--dep-man=simple", "--traditional-qcdcl", "--no-qbce-dynamic", "{input}"]
//!
//! [preprocessor.bloqqer]
//! command = ["../tools/bin/bloqqer", "{input}", "{output}"]
//! formats = ["qdimacs"]
//! version_command = ["../tools/bin/bloqqer", "-v", "-n", "/dev/null"]
//! version_line = 2
//! ```
//!
//! Placeholders: `{input}`, `{output}` (preprocessors: where to write the result, always
//! QDIMACS), `{timeout}` (whole seconds), `{memory_mb}`. A program containing `/` is
//! relative to the directory of the file; a bare name, or such a path with nothing there,
//! is looked up as a tool: in the tools directories, then on `PATH` ([`crate::locate`]).

use std::collections::BTreeMap;
use std::ops::Range;
use std::path::{Path, PathBuf};

use contract::{ParseError, Source};
use qbf::io::Format;
use serde::Deserialize;
use toml::Spanned;

use super::answer::{AnswerLines, AnswerSpec};
use super::error::{Context, Error};

/// What the file says about one tool.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTool {
    #[serde(default)]
    description: String,
    command: Spanned<Vec<String>>,
    formats: Spanned<Vec<String>>,
    version: Option<String>,
    version_command: Option<Spanned<Vec<String>>>,
    version_line: Option<Spanned<usize>>,
    true_exit: Option<i32>,
    false_exit: Option<i32>,
    unknown_exit: Option<Vec<i32>>,
    answer_lines: Option<RawLines>,
    trace: Option<Spanned<Vec<String>>>,
    qdo: Option<Spanned<Vec<String>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLines {
    #[serde(rename = "true")]
    true_line: String,
    #[serde(rename = "false")]
    false_line: String,
    unknown: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    #[serde(default)]
    solver: BTreeMap<Spanned<String>, RawTool>,
    #[serde(default)]
    preprocessor: BTreeMap<Spanned<String>, RawTool>,
}

/// Whether a tool answers formulas or rewrites them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Role {
    Solver,
    Preprocessor,
}

/// Where a tool's version comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VersionSource {
    /// Written in the file.
    Literal(String),
    /// Line `line` (1-based) of what this command prints (stdout, else stderr).
    Command { argv: Vec<String>, line: usize },
}

/// A resolved solver or preprocessor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tool {
    pub name: String,
    pub role: Role,
    pub description: String,
    /// The argv template; element 0 is the program.
    pub command: Vec<String>,
    pub formats: Vec<Format>,
    pub answer: AnswerSpec,
    pub version: VersionSource,
    /// The directory relative programs are anchored at.
    pub base: PathBuf,
    /// The argv of a run that writes a QRP proof to standard output (`qbfgames certify`,
    /// `run --certify`); element 0 is the program.
    pub trace: Option<Vec<String>>,
    /// The argv of a run that prints the outermost block's values (`V` lines, QDIMACS
    /// output format) with the answer: the solvers of `strategy` and `play`; element 0 is
    /// the program.
    pub qdo: Option<Vec<String>>,
}

/// All tools of one file.
#[derive(Clone, Debug, Default)]
pub struct Tools {
    pub solvers: BTreeMap<String, Tool>,
    pub preprocessors: BTreeMap<String, Tool>,
}

const PLACEHOLDERS: [&str; 4] = ["input", "output", "timeout", "memory_mb"];

impl Tools {
    /// The solver `name` of `--solver`, from the solvers file `path` (named in the error).
    pub fn solver(&self, name: &str, path: &Path) -> Result<&Tool, Error> {
        self.solvers.get(name).ok_or_else(|| Error::NoSolver {
            name: name.to_string(),
            file: path.to_path_buf(),
            solvers: self.solvers.keys().cloned().collect::<Vec<_>>().join(", "),
        })
    }

    /// Reads and resolves a solvers file.
    pub fn load(path: &Path) -> Result<Tools, Error> {
        let text = read_text(path, "")?;
        let base = path.parent().map(Path::to_path_buf).unwrap_or_default();
        Tools::parse(&text, path, &base)
    }

    /// Resolves the text of a solvers file; `path` names it in errors.
    pub fn parse(text: &str, path: &Path, base: &Path) -> Result<Tools, Error> {
        let at = |span: Range<usize>, message: String, help: &str| {
            Error::BadConfig(located(text, path, span.start, &message, help))
        };
        let raw: RawFile = toml::from_str(text).map_err(|e| {
            let span = e.span().unwrap_or(0..0);
            let message = e.message().trim().replace('\n', ": ");
            let help = if let Some(help) = contract::unknown_key_help(&message) {
                help
            } else if message.contains("expected a sequence") {
                "write a list of strings, e.g. [\"depqbf\", \"{input}\"] (an argv, never a shell string)".to_string()
            } else {
                "see the keys documented in docs/harness.md".to_string()
            };
            at(span, message, &help)
        })?;
        let mut tools = Tools::default();
        for (role, table) in [(Role::Solver, raw.solver), (Role::Preprocessor, raw.preprocessor)] {
            for (name, raw_tool) in table {
                let span = name.span();
                let name = name.into_inner();
                if name.is_empty()
                    || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
                    || name == "none"
                {
                    return Err(at(
                        span,
                        format!("invalid tool name `{name}`"),
                        "use letters, digits, `-` and `_`; `none` means no preprocessor",
                    ));
                }
                let tool = resolve(role, name.clone(), raw_tool, base, &at)?;
                match role {
                    Role::Solver => tools.solvers.insert(name, tool),
                    Role::Preprocessor => tools.preprocessors.insert(name, tool),
                };
            }
        }
        Ok(tools)
    }
}

fn resolve(
    role: Role,
    name: String,
    raw: RawTool,
    base: &Path,
    at: &dyn Fn(Range<usize>, String, &str) -> Error,
) -> Result<Tool, Error> {
    let what = match role {
        Role::Solver => "solver",
        Role::Preprocessor => "preprocessor",
    };
    let span = raw.command.span();
    let command = raw.command.into_inner();
    if command.is_empty() || command[0].is_empty() {
        return Err(at(
            span,
            format!("{what} `{name}`: `command` is empty"),
            "write the program and its arguments, e.g. [\"depqbf\", \"{input}\"]",
        ));
    }
    for arg in &command {
        for p in placeholders(arg) {
            if !PLACEHOLDERS.contains(&p) || (p == "output" && role == Role::Solver) {
                let allowed = if role == Role::Solver {
                    "{input}, {timeout}, {memory_mb}"
                } else {
                    "{input}, {output}, {timeout}, {memory_mb}"
                };
                return Err(at(
                    span.clone(),
                    format!("{what} `{name}`: unknown placeholder `{{{p}}}` in `command`"),
                    &format!("use one of {allowed}"),
                ));
            }
        }
    }
    let uses = |p: &str| command.iter().any(|a| placeholders(a).contains(&p));
    if !uses("input") {
        return Err(at(
            span,
            format!("{what} `{name}`: `command` never mentions `{{input}}`"),
            "pass the formula's path as an argument, e.g. [\"depqbf\", \"{input}\"]",
        ));
    }
    if role == Role::Preprocessor && !uses("output") {
        return Err(at(
            span,
            format!("preprocessor `{name}`: `command` never mentions `{{output}}`"),
            "pass the path of the preprocessed formula, e.g. [\"bloqqer\", \"{input}\", \"{output}\"]",
        ));
    }
    let formats_span = raw.formats.span();
    let mut formats = Vec::new();
    for f in raw.formats.into_inner() {
        let format = f.parse::<Format>().map_err(|_| {
            at(
                formats_span.clone(),
                format!("{what} `{name}`: unknown format `{f}` in `formats`"),
                "use \"qdimacs\" and/or \"qcir\"",
            )
        })?;
        formats.push(format);
    }
    if formats.is_empty() {
        return Err(at(
            formats_span,
            format!("{what} `{name}`: `formats` is empty"),
            "list the input formats it reads, e.g. [\"qdimacs\"]",
        ));
    }
    let version = match (raw.version, raw.version_command) {
        (Some(v), None) => VersionSource::Literal(v),
        (None, Some(argv)) => {
            let span = argv.span();
            let argv = argv.into_inner();
            if argv.is_empty() {
                return Err(at(
                    span,
                    format!("{what} `{name}`: `version_command` is empty"),
                    "write the command that prints the version, e.g. [\"depqbf\", \"--version\"]",
                ));
            }
            let line = match raw.version_line {
                Some(l) if *l.get_ref() == 0 => {
                    return Err(at(l.span(), format!("{what} `{name}`: `version_line` is 0"), "lines count from 1"))
                }
                Some(l) => l.into_inner(),
                None => 1,
            };
            VersionSource::Command { argv, line }
        }
        (Some(_), Some(argv)) => {
            return Err(at(
                argv.span(),
                format!("{what} `{name}`: both `version` and `version_command`"),
                "keep one of them",
            ));
        }
        (None, None) => {
            return Err(at(span, format!("{what} `{name}`: no `version` or `version_command`"), "results are keyed by version: add `version_command = [\"prog\", \"--version\"]` or `version = \"1.0\"`"));
        }
    };
    let defaults = AnswerSpec::default();
    let answer = AnswerSpec {
        true_exit: raw.true_exit.unwrap_or(defaults.true_exit),
        false_exit: raw.false_exit.unwrap_or(defaults.false_exit),
        unknown_exit: raw.unknown_exit.unwrap_or(defaults.unknown_exit),
        lines: raw.answer_lines.map(|l| AnswerLines {
            true_line: l.true_line,
            false_line: l.false_line,
            unknown_line: l.unknown,
        }),
    };
    let trace = input_only(raw.trace, role, (what, &name), "trace", at, "write the command that prints a QRP proof, e.g. [\"depqbf\", \"--trace\", \"--dep-man=simple\", \"--traditional-qcdcl\", \"--no-qbce-dynamic\", \"{input}\"]")?;
    let qdo = input_only(
        raw.qdo,
        role,
        (what, &name),
        "qdo",
        at,
        "write the command that prints the outermost block's values, e.g. [\"depqbf\", \"--qdo\", \"{input}\"]",
    )?;
    Ok(Tool {
        name,
        role,
        description: raw.description,
        command,
        formats,
        answer,
        version,
        base: base.to_path_buf(),
        trace,
        qdo,
    })
}

/// A solver's extra command (`trace`, `qdo`) of the tool `name` (a `what`): a non-empty argv
/// with `{input}` and no other placeholder; `help` shows one.
fn input_only(
    argv: Option<Spanned<Vec<String>>>,
    role: Role,
    (what, name): (&str, &str),
    key: &str,
    at: &dyn Fn(Range<usize>, String, &str) -> Error,
    help: &str,
) -> Result<Option<Vec<String>>, Error> {
    let Some(argv) = argv else { return Ok(None) };
    let span = argv.span();
    let argv = argv.into_inner();
    let only_input = argv.iter().all(|a| placeholders(a).iter().all(|&p| p == "input"));
    if role == Role::Preprocessor
        || argv.is_empty()
        || argv[0].is_empty()
        || !only_input
        || !argv.iter().any(|a| a.contains("{input}"))
    {
        return Err(at(
            span,
            format!("{what} `{name}`: `{key}` must be a solver's argv with `{{input}}` and no other placeholder"),
            help,
        ));
    }
    Ok(Some(argv))
}

/// The names between braces in `arg`.
fn placeholders(arg: &str) -> Vec<&str> {
    let mut found = Vec::new();
    let mut rest = arg;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else { break };
        found.push(&rest[open + 1..open + close]);
        rest = &rest[open + close + 1..];
    }
    found
}

/// `file:line:col: message`, the line quoted with a caret, and `help:`: a
/// `contract::ParseError`, so that every input error of the tool reads the same.
pub(crate) fn located(text: &str, path: &Path, offset: usize, message: &str, help: &str) -> String {
    ParseError::at(&Source::from_bytes(path.display().to_string(), text), offset, message, help).to_string()
}

/// Reads a configuration file (`what` names it in an I/O error) as text; a byte that is
/// not UTF-8 is an error at its line and column.
pub(crate) fn read_text(path: &Path, what: &str) -> Result<String, Error> {
    let bytes = std::fs::read(path).context(|| format!("reading {what}{}", path.display()))?;
    let source = Source::from_bytes(path.display().to_string(), bytes);
    let text = source.text("save the file as UTF-8 text").map_err(|e| Error::BadConfig(e.to_string()))?;
    Ok(text.to_string())
}

impl Tool {
    /// The argv for one run, placeholders filled in.
    pub fn argv(&self, input: &Path, output: Option<&Path>, timeout_secs: u64, memory_mb: u64) -> Vec<String> {
        let fill = |arg: &str| {
            arg.replace("{input}", &input.display().to_string())
                .replace("{output}", &output.map(|o| o.display().to_string()).unwrap_or_default())
                .replace("{timeout}", &timeout_secs.to_string())
                .replace("{memory_mb}", &memory_mb.to_string())
        };
        self.command.iter().map(|a| fill(a)).collect()
    }

    /// The path of a program named in this tool's file: anchored at the file's
    /// directory when it contains `/` (and, when nothing is there, its file name looked
    /// up as [`locate::tool`](super::locate::tool) looks up a tool: in the tools
    /// directories, then on `PATH`, so a configuration copied elsewhere still finds
    /// installed solvers), else looked up as a tool.
    pub fn locate(&self, program: &str) -> Result<PathBuf, Error> {
        let tool = |name: &str| super::locate::tool(name).ok();
        let found = if program.contains('/') {
            let p = self.base.join(program);
            let name = Path::new(program).file_name().and_then(|n| n.to_str());
            if p.exists() {
                Some(p)
            } else {
                name.and_then(tool)
            }
        } else {
            tool(program)
        };
        found.ok_or_else(|| Error::ProgramNotFound {
            role: self.role_name(),
            name: self.name.clone(),
            program: program.to_string(),
        })
    }

    pub fn role_name(&self) -> &'static str {
        match self.role {
            Role::Solver => "solver",
            Role::Preprocessor => "preprocessor",
        }
    }

    pub fn reads(&self, format: Format) -> bool {
        self.formats.contains(&format)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Tools, Error> {
        Tools::parse(text, Path::new("suite/solvers.toml"), Path::new("suite"))
    }

    const GOOD: &str = r#"
[solver.depqbf]
command = ["depqbf", "{input}"]
formats = ["qdimacs"]
version_command = ["depqbf", "--version"]
answer_lines = { true = "SAT", false = "UNSAT", unknown = "UNKNOWN" }

[preprocessor.bloqqer]
command = ["../tools/bin/bloqqer", "{input}", "{output}"]
formats = ["qdimacs"]
version = "037"
"#;

    #[test]
    fn a_good_file_resolves() -> Result<(), Error> {
        let tools = parse(GOOD)?;
        let depqbf = &tools.solvers["depqbf"];
        assert_eq!(depqbf.answer.lines.as_ref().map(|l| l.true_line.as_str()), Some("SAT"));
        assert_eq!(depqbf.version, VersionSource::Command { argv: vec!["depqbf".into(), "--version".into()], line: 1 });
        let bloqqer = &tools.preprocessors["bloqqer"];
        assert_eq!(
            bloqqer.argv(Path::new("a.q"), Some(Path::new("b.q")), 60, 4096),
            ["../tools/bin/bloqqer", "a.q", "b.q"]
        );
        Ok(())
    }

    #[test]
    fn solvers_are_found_by_name_or_listed() -> Result<(), Error> {
        let tools = parse(GOOD)?;
        let file = Path::new("suite/solvers.toml");
        assert!(tools.solver("depqbf", file).is_ok());
        let err = tools.solver("caqe", file).err().map(|e| e.to_string());
        assert_eq!(err.as_deref(), Some("--solver caqe: not in suite/solvers.toml; its solvers are depqbf"));
        Ok(())
    }

    fn error(text: &str) -> String {
        match parse(text) {
            Ok(_) => panic!("accepted:\n{text}"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn errors_name_the_line_and_the_fix() {
        let unknown_key = GOOD.replace(
            "formats = [\"qdimacs\"]\nversion_command",
            "formats = [\"qdimacs\"]\ntimeout = 3\nversion_command",
        );
        let e = error(&unknown_key);
        assert!(e.starts_with("suite/solvers.toml:5:1: unknown field `timeout`"), "{e}");
        assert!(e.contains("help: remove `timeout`, or write one of the keys listed above"), "{e}");
        let e = error(&GOOD.replacen("formats =", "formts =", 1));
        assert!(e.contains("help: write `formats` instead of `formts`"), "{e}");
        let e = error(&GOOD.replace("\"depqbf\", \"{input}\"", "\"depqbf\", \"{inptu}\""));
        assert!(e.starts_with("suite/solvers.toml:3:11: solver `depqbf`: unknown placeholder `{inptu}`"), "{e}");
        assert!(e.contains("help: use one of {input}"), "{e}");
        let e = error(&GOOD.replace("\"{input}\", \"{output}\"", "\"{input}\""));
        assert!(e.contains("never mentions `{output}`"), "{e}");
        let e = error(&GOOD.replace("[\"qdimacs\"]\nversion =", "[\"cnf\"]\nversion ="));
        assert!(e.starts_with("suite/solvers.toml:10:11: preprocessor `bloqqer`: unknown format `cnf`"), "{e}");
        let e = error(&GOOD.replace("version = \"037\"\n", ""));
        assert!(e.contains("no `version` or `version_command`"), "{e}");
        let e = error("[solver.x]\ncommand = \"x {input}\"\n");
        assert!(e.starts_with("suite/solvers.toml:2:11: invalid type: string"), "{e}");
    }

    #[test]
    fn a_qdo_command_is_read_and_checked_like_trace() -> Result<(), Error> {
        let with_qdo = |qdo: &str| GOOD.replace("answer_lines =", &format!("qdo = {qdo}\nanswer_lines ="));
        let tools = parse(&with_qdo(r#"["depqbf", "--qdo", "{input}"]"#))?;
        assert_eq!(tools.solvers["depqbf"].qdo, Some(vec!["depqbf".into(), "--qdo".into(), "{input}".into()]));
        assert_eq!(parse(GOOD)?.solvers["depqbf"].qdo, None);
        let e = error(&with_qdo(r#"["depqbf", "--qdo", "{input}", "{timeout}"]"#));
        assert!(
            e.starts_with("suite/solvers.toml:6:7: solver `depqbf`: `qdo` must be a solver's argv with `{input}`"),
            "{e}"
        );
        assert!(e.contains("help: write the command that prints the outermost block's values"), "{e}");
        assert!(error(&with_qdo(r#"["depqbf", "--qdo"]"#)).contains("`qdo` must be"));
        Ok(())
    }
}

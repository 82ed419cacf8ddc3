//! The values of a cluster profile that go into the job script: the rules they must meet,
//! checked where they are given (the profile file, with `file:line:col`; the flags), and
//! their quoting. The counts (`cpus_per_task`, `array_limit`, `shard_cells`) are at least 1.
//!
//! A value may not add a line or a command to the script: no control characters anywhere;
//! where Slurm or `module load` takes one word (partition, account, qos, memory, time, a
//! module), only letters, digits and `-_.:/+,=@%`. An extra `#SBATCH` option is one option
//! that starts with `-`, without backslashes (which sbatch and the shell read differently).
//! Every value is written shell-quoted; sbatch reads `#SBATCH` lines with the same quotes.

use std::ops::Range;
use std::path::Path;

use serde::Deserialize;
use toml::Spanned;

use super::config::located;
use super::error::Error;

/// The fix for a cluster profile that is not one.
pub(crate) const PROFILE_HELP: &str = "the profile is one table [slurm]; suite/cluster.toml documents every key";

/// What a value is, for the rule it must meet.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// One word: a partition, account, qos, memory size, time or module.
    Word,
    /// One extra `#SBATCH` option, e.g. `--constraint=intel`.
    SbatchOption,
    /// A shell line of `setup`: shell code by design, but one line.
    Line,
}

/// The characters a one-word value may have besides letters and digits.
const WORD_EXTRA: &str = "-_.:/+,=@%";

/// What is wrong with `value` as a `kind`, and the fix; `None` when it is fine.
pub fn problem(kind: Kind, value: &str) -> Option<(String, &'static str)> {
    if let Some(c) = value.chars().find(|c| c.is_control()) {
        return Some((
            format!("{} is a control character", c.escape_debug()),
            "write the value on one line without control characters; a newline would add a line to the job script",
        ));
    }
    match kind {
        Kind::Word if value.is_empty() => Some(("the value is empty".into(), "write a value, or leave the key out")),
        Kind::Word => value.chars().find(|&c| !c.is_ascii_alphanumeric() && !WORD_EXTRA.contains(c)).map(|c| {
            (
                format!("`{c}` cannot be part of this value"),
                "this value is one word: letters, digits and - _ . : / + , = @ %",
            )
        }),
        Kind::SbatchOption if !value.starts_with('-') => Some((
            "an sbatch option starts with `-`".into(),
            "write one option per entry, e.g. \"--constraint=intel\" or \"--comment=two words\"",
        )),
        Kind::SbatchOption if value.contains('\\') => Some((
            "a backslash in an sbatch option".into(),
            "leave backslashes out: sbatch and the shell read them differently",
        )),
        Kind::SbatchOption | Kind::Line => None,
    }
}

/// Checks a value given with `flag`.
pub fn check_flag(flag: &str, kind: Kind, value: &str) -> Result<(), Error> {
    match problem(kind, value) {
        None => Ok(()),
        Some((message, help)) => Err(Error::Flag {
            flag: flag.to_string(),
            error: Box::new(Error::BadConfig(format!("{message}\n  help: {help}"))),
        }),
    }
}

/// The values of a profile's `[slurm]` table that go into the script, with their places.
#[derive(Deserialize)]
struct Written {
    slurm: Values,
}

#[derive(Deserialize)]
struct Values {
    partition: Option<Spanned<String>>,
    account: Option<Spanned<String>>,
    qos: Option<Spanned<String>>,
    mem_per_cpu: Option<Spanned<String>>,
    time: Option<Spanned<String>>,
    #[serde(default)]
    modules: Vec<Spanned<String>>,
    #[serde(default)]
    setup: Vec<Spanned<String>>,
    #[serde(default)]
    sbatch: Vec<Spanned<String>>,
    cpus_per_task: Option<Spanned<usize>>,
    array_limit: Option<Spanned<usize>>,
    shard_cells: Option<Spanned<usize>>,
}

/// Checks the values of a profile file (`text`, read from `path`): the first bad one is an
/// error at its place.
pub fn check_profile(text: &str, path: &Path) -> Result<(), Error> {
    let written: Written = toml::from_str(text).map_err(|e| {
        Error::BadConfig(located(text, path, e.span().map_or(0, |s| s.start), e.message(), PROFILE_HELP))
    })?;
    let v = written.slurm;
    let counts = [("cpus_per_task", v.cpus_per_task), ("array_limit", v.array_limit), ("shard_cells", v.shard_cells)];
    for (key, value) in counts {
        if let Some(zero) = value.filter(|n| *n.get_ref() == 0) {
            return Err(Error::BadConfig(located(
                text,
                path,
                zero.span().start,
                &format!("`{key}` is 0: it must be at least 1"),
                "write 1 or more, or leave the key out for the default",
            )));
        }
    }
    let words = [("partition", v.partition), ("account", v.account), ("qos", v.qos), ("mem_per_cpu", v.mem_per_cpu)];
    let mut checks: Vec<(&str, Kind, Spanned<String>)> = words
        .into_iter()
        .chain([("time", v.time)])
        .filter_map(|(key, value)| value.map(|value| (key, Kind::Word, value)))
        .collect();
    checks.extend(v.modules.into_iter().map(|m| ("modules", Kind::Word, m)));
    checks.extend(v.sbatch.into_iter().map(|o| ("sbatch", Kind::SbatchOption, o)));
    checks.extend(v.setup.into_iter().map(|l| ("setup", Kind::Line, l)));
    for (key, kind, value) in checks {
        if let Some((message, help)) = problem(kind, value.get_ref()) {
            let span: Range<usize> = value.span();
            return Err(Error::BadConfig(located(text, path, span.start, &format!("`{key}`: {message}"), help)));
        }
    }
    Ok(())
}

/// Quotes a word for the shell (and for sbatch's `#SBATCH` lines) when it needs it.
pub fn quote(word: &str) -> String {
    if !word.is_empty() && word.bytes().all(|b| b.is_ascii_alphanumeric() || b"/._-+=:,@%".contains(&b)) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_quoted_for_the_shell_only_when_needed() {
        assert_eq!(quote("/data/out-1"), "/data/out-1");
        assert_eq!(quote("my dir"), "'my dir'");
        assert_eq!(quote("it's"), r"'it'\''s'");
        assert_eq!(quote("--comment=$(id)"), "'--comment=$(id)'");
    }

    #[test]
    fn values_that_would_add_to_the_script_are_refused() {
        assert_eq!(problem(Kind::Word, "compute"), None);
        assert_eq!(problem(Kind::Word, "gcc/12.2.0"), None);
        assert!(problem(Kind::Word, "a\nb").is_some_and(|(m, _)| m == "\\n is a control character"));
        assert!(problem(Kind::Word, "a;b").is_some_and(|(m, _)| m == "`;` cannot be part of this value"));
        assert!(problem(Kind::Word, "").is_some());
        assert_eq!(problem(Kind::SbatchOption, "--comment=two words $(x)"), None);
        assert!(problem(Kind::SbatchOption, "constraint=intel").is_some());
        assert!(problem(Kind::SbatchOption, "--x=a\\b").is_some());
        assert_eq!(problem(Kind::Line, "export PATH=$HOME/bin:$PATH"), None);
        assert!(problem(Kind::Line, "a\rb").is_some());
    }
}

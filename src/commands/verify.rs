//! `qbfgames verify TABLE.toml…`: published beside ours, per table; exit 1 on any `differs`.

use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{bail, Context, Result};
use harness::{parse_memory, Tools};
use reports::Table;

use crate::flags::VerifyArgs;
use crate::output::{print_table, write_atomically};
use crate::verify::{load, verify, Finding, Options, Target, Verified};
use suites::builder::Encoders;

/// `90`, `90s`, `30m`, `2h` → a duration.
pub fn parse_budget(text: &str) -> Result<Duration> {
    let (number, unit) =
        text.trim().split_at(text.trim().find(|c: char| c.is_ascii_alphabetic()).unwrap_or(text.trim().len()));
    let scale = match unit {
        "" | "s" => 1.0,
        "m" => 60.0,
        "h" => 3600.0,
        _ => bail!("--budget {text}: unknown unit `{unit}`; write e.g. 90s, 30m or 2h"),
    };
    match number.parse::<f64>() {
        Ok(x) if x.is_finite() && x >= 0.0 => Ok(Duration::from_secs_f64(x * scale)),
        _ => bail!("--budget {text}: not a duration; write e.g. 90s, 30m or 2h"),
    }
}

fn summary(v: &Verified) -> String {
    let count = |f: fn(&Finding) -> bool| v.cells.iter().filter(|c| f(&c.finding)).count();
    format!(
        "{} cells: {} match, {} differ, {} known differences, {} not reached, {} open in the paper, {} ratios; {} runs made, {} not started; {:.0} s",
        v.cells.len(),
        count(|f| *f == Finding::Match),
        count(|f| matches!(f, Finding::Differs(_))),
        count(|f| matches!(f, Finding::Known(..))),
        count(|f| matches!(f, Finding::NotReached(_))),
        count(|f| *f == Finding::Open),
        count(|f| matches!(f, Finding::Ratio(_))),
        v.runs,
        v.not_run,
        v.seconds
    )
}

pub fn run(args: &VerifyArgs) -> Result<ExitCode> {
    let budget = parse_budget(&args.budget)?;
    if let Some(t) = args.timeout {
        if !(t.is_finite() && t > 0.0) {
            bail!("--timeout {t}: the time limit must be a positive number of seconds");
        }
    }
    let memory = parse_memory(&args.memory).context("--memory")?;
    let tools = Tools::load(&args.config)?;
    let encoders = Encoders { exe: std::env::current_exe().context("locating the qbfgames executable")? };
    let mut differs = false;
    for path in &args.tables {
        let mut table = load(path)?;
        if let Some(text) = &args.rows {
            table.rows.retain(|r| {
                r.label.contains(text.as_str()) || r.cells.iter().any(|c| matches!(c.target, Target::Rows))
            });
            if table.rows.iter().all(|r| r.cells.iter().any(|c| matches!(c.target, Target::Rows))) {
                bail!("--rows {text}: no row of {} has a label containing it", path.display());
            }
        }
        let out = args.out.join(&table.name);
        std::fs::create_dir_all(&out).with_context(|| format!("creating {}", out.display()))?;
        let opts = Options {
            tools: &tools,
            config: &args.config.display().to_string(),
            encoders: &encoders,
            out: &out,
            budget,
            jobs: args.jobs.max(1),
            timeout: args.timeout,
            memory,
        };
        let verified = verify(&mut table, &opts, &mut |line| eprintln!("{line}"));
        let mut t = Table::new(&["row", "column", "published", "ours", "result"]);
        let mut notes: Vec<&str> = Vec::new();
        for c in &verified.cells {
            let result = match &c.finding {
                Finding::Known(off, why) => {
                    let n = notes.iter().position(|n| n == why).unwrap_or_else(|| {
                        notes.push(why);
                        notes.len() - 1
                    });
                    format!("known difference: {off} [{}]", n + 1)
                }
                other => other.to_string(),
            };
            t.push_row(vec![c.row.clone(), c.column.clone(), c.published.clone(), c.ours.clone(), result]);
        }
        let notes: String = notes.iter().enumerate().map(|(i, n)| format!("\n[{}] {n}", i + 1)).collect();
        let limits = format!(
            "Each run: {} s CPU (the paper: {}); budget {} s.",
            crate::verify::format_seconds(table.timeout),
            table
                .published_timeout
                .map_or("not stated".to_string(), |s| format!("{} s", crate::verify::format_seconds(s))),
            budget.as_secs()
        );
        let heading = format!(
            "{}: {}, {}\n\nPublished values: `{}`. {limits}\n",
            table.name,
            table.paper,
            table.table,
            table.csv.display()
        );
        let mut stdout = std::io::stdout();
        writeln!(stdout, "\n## {heading}")?;
        print_table(&t, args.format)?;
        let line = summary(&verified);
        writeln!(stdout, "{notes}\n\n{line}")?;
        write_atomically(&out.join("verify.md"), |w| {
            writeln!(w, "## {heading}")?;
            reports::write_markdown(&mut *w, &t)?;
            writeln!(w, "{notes}\n\n{line}")
        })?;
        write_atomically(&out.join("verify.csv"), |w| reports::write_csv(w, &t))?;
        differs |= verified.cells.iter().any(|c| matches!(c.finding, Finding::Differs(_)));
    }
    Ok(if differs { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_take_units() -> Result<()> {
        assert_eq!(parse_budget("90")?, Duration::from_secs(90));
        assert_eq!(parse_budget("90s")?, Duration::from_secs(90));
        assert_eq!(parse_budget("1.5m")?, Duration::from_secs(90));
        assert_eq!(parse_budget("2h")?, Duration::from_secs(7200));
        assert!(parse_budget("3d").is_err());
        assert!(parse_budget("-1m").is_err());
        assert!(parse_budget("m").is_err());
        Ok(())
    }
}

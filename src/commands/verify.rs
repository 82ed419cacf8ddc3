//! `qbfgames verify TABLE.toml…`: published beside ours, per table; exit 1 on any `differs`.

use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{bail, Context, Result};
use harness::{parse_memory, RealExecutor, Tools};
use suites::builder::Encoders;
use verify::{load, select_rows, verify, Options, SideBySide};

use crate::flags::VerifyArgs;
use crate::output::print_table;

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
    let config = args.config.display().to_string();
    let mut differs = false;
    for path in &args.tables {
        let mut table = load(path)?;
        if let Some(text) = &args.rows {
            select_rows(&mut table, text, path)?;
        }
        let out = args.out.join(&table.name);
        std::fs::create_dir_all(&out).with_context(|| format!("creating {}", out.display()))?;
        let opts = Options {
            tools: &tools,
            config: &config,
            encoders: &encoders,
            executor: &RealExecutor,
            out: &out,
            budget,
            jobs: args.jobs.max(1),
            timeout: args.timeout,
            memory,
        };
        let verified = verify(&mut table, &opts, &mut |line| eprintln!("{line}"));
        let report = SideBySide::new(&table, &verified, budget);
        writeln!(std::io::stdout(), "\n## {}", report.heading)?;
        print_table(&report.grid, args.format)?;
        writeln!(std::io::stdout(), "{}\n\n{}", report.notes, report.summary)?;
        report.write(&out)?;
        differs |= verified.differs();
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

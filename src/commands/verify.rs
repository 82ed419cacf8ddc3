//! `qbfgames verify TABLE.toml…`: published beside ours, per table; exit 1 on any `differs`.

mod close;

use std::io::Write;
use std::process::ExitCode;

use crate::children::encoders;
use anyhow::{anyhow, Context, Result};
use harness::{parse_duration, parse_memory, parse_timeout, RealExecutor, Tools};
use verify::{load, select_rows, verify, Options, SideBySide};

use crate::output::print_table;
use reports::cli::TableFormat;
use verify::cli::VerifyArgs;

pub fn run(args: &VerifyArgs) -> Result<ExitCode> {
    let budget = parse_duration(&args.budget).map_err(|e| anyhow!("--budget {e}"))?;
    if let Some(t) = args.timeout {
        parse_timeout(t)?;
    }
    let memory = parse_memory(&args.memory).context("--memory")?;
    let tools = Tools::load(&args.config)?;
    let encoders = encoders()?;
    let config = args.config.display().to_string();
    let json = args.format == TableFormat::Json;
    let mut summaries = Vec::new();
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
        let verified = verify(&mut table, &opts, &mut |line| errln!("{line}"));
        let mut report = SideBySide::new(&table, &verified, budget);
        if args.close {
            let (closed, disagrees) = close::run(args, &table, &encoders, &out)?;
            report.closed = Some(closed.section);
            differs |= disagrees;
        }
        if json {
            summaries.push(serde_json::json!({
                "table": table.name,
                "heading": report.heading,
                "rows": reports::json_rows(&report.grid),
                "notes": report.notes,
                "summary": report.summary,
                "closed": report.closed,
                "differs": verified.differs(),
            }));
        } else {
            writeln!(std::io::stdout(), "\n## {}", report.heading)?;
            print_table(&report.grid, args.format)?;
            writeln!(std::io::stdout(), "{}\n\n{}", report.notes, report.summary)?;
            if let Some(section) = &report.closed {
                writeln!(std::io::stdout(), "\n{section}")?;
            }
        }
        report.write(&out)?;
        differs |= verified.differs();
    }
    if json {
        let mut stdout = std::io::stdout().lock();
        serde_json::to_writer_pretty(&mut stdout, &summaries).context("writing to standard output")?;
        writeln!(stdout)?;
    }
    Ok(if differs { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

//! `qbfgames select DIR`: calibrate on the run's results, pick a balanced subset per family
//! and write DIR/selection.csv (see [`reports::selection`]); prints the hardness table.

use std::process::ExitCode;

use anyhow::Result;
use reports::selection::{self, hardness_table, Limits, Request, Settings, Thresholds, Validation};
use reports::starved::refuse_starved;
use reports::{write_text, RunData};

use reports::cli::SelectArgs;

pub fn run(args: &SelectArgs) -> Result<ExitCode> {
    let data = RunData::load(&args.dir)?;
    if data.records.is_empty() {
        return Err(reports::Error::NothingToSelect(args.dir.clone()).into());
    }
    refuse_starved(&data, &args.dir)?;
    let mut settings = Settings {
        thresholds: Thresholds { trivial_s: args.trivial, ..Thresholds::default() },
        agree: args.agree,
        competition_s: args.competition_limit,
        ..Settings::default()
    };
    let predicted = suites::ladder::predicted_jobs(&args.dir)?;
    let (validation, mut jobs) = selection::calibrate_validated(&data, &mut settings, &predicted)?;
    print_validation(&validation)?;
    selection::write_backtests(&args.dir, &validation)?;
    selection::tracks(&mut jobs, &data, &settings, &predicted)?;
    let limits = Limits { calibration_s: selection::calibration_limit(&data), competition_s: args.competition_limit };
    let request = Request {
        per_family: args.per_family,
        min_per_family: args.min_per_family,
        families: args.families,
        true_share: args.true_share,
        unsolved_by_some: args.unsolved_by_some,
        unknown_share: args.unknown_share,
        ..Request::default()
    };
    let picked = selection::pick(&mut jobs, &request);
    outln!(
        "hardness at the competition limit of {} s CPU, measured at {} s (a class no run measured is predicted within the validated reach, bounded past it):",
        limits.competition_s,
        limits.calibration_s
    );
    write_text(std::io::stdout().lock(), &hardness_table(&jobs))?;
    for track in selection::TRACKS.iter().filter(|t| jobs.iter().any(|j| j.tracks.contains_key(**t))) {
        outln!("\nhardness on the {track} track (its runs alone):");
        write_text(std::io::stdout().lock(), &selection::track_table(&jobs, track))?;
    }
    outln!("\nthe selected jobs by class and by what the class rests on:");
    write_text(std::io::stdout().lock(), &selection::basis_table(&jobs))?;
    picked?;
    selection::write(&args.dir, &jobs, limits)?;
    let chosen = jobs.iter().filter(|j| j.selected).count();
    outln!("selected {chosen} of {} jobs -> {}", jobs.len(), args.dir.join(selection::FILE).display());
    Ok(ExitCode::SUCCESS)
}

/// The backtests: each model's score, the choice, and the chosen models' error by
/// distance with the reach it validates.
fn print_validation(v: &Validation) -> Result<()> {
    let cuts: Vec<String> = v.cuts.iter().map(|c| format!("{c}")).collect();
    outln!(
        "predictions backtested on this run's own times: {} predictions from its records cut at {} s CPU, each beside what its configuration measured",
        v.samples.len(),
        cuts.join(", ")
    );
    write_text(std::io::stdout().lock(), &selection::model_table(v))?;
    outln!("\nthe chosen models' error by distance (predicted over the longest time measured on the series; ratios measured over predicted):");
    write_text(std::io::stdout().lock(), &selection::distance_table(v))?;
    let reach = v.reach_distance();
    if reach > 0.0 {
        outln!("predictions are given up to ×{reach} past the measured times; past that, a job is bounded by what was measured\n");
    } else {
        outln!("no distance is validated: no prediction is given, every job no run solved is bounded by what was measured\n");
    }
    Ok(())
}

//! Calibration and selection: what a run says about each job's hardness, and a balanced,
//! deterministic subset per family for a competition (`qbfgames select`).
//!
//! [`calibrate`] folds the run's records into one [`Calibrated`] per job (a formula in all
//! its formats): its [`Class`] against the competition limit (trivial: every configuration
//! under 1 s; easy, medium and hard by the fastest configuration's share of the limit,
//! measured or, where no run solved it, predicted from its depth series by
//! [`predict_series`]; unsolved), how many runs solved it, and its answer with the
//! answer's source (the manifest's, or `agreement` of several solvers; sources that
//! disagree are an error). [`pick`]
//! marks the selection per a [`Request`]; [`write()`] and [`read`] keep it in
//! `DIR/selection.csv`, which `qbfgames package` follows; [`hardness_table`] shows it.

mod backtest;
mod calibrate;
mod check;
mod class;
mod file;
mod frontier;
mod judge;
mod pick;
mod predict;
mod table;
mod validate;

pub use backtest::{backtest, Backtest};
pub use calibrate::{calibrate, calibration_limit, job_of, tracks, Basis, Calibrated, Settings, TRACKS};
pub use check::{agreement_table, check_table, compare, fold, records_by_job, to_check, Agreement, Checked};
pub use class::{classify, Class, Thresholds};
pub use file::{read, write, write_backtests, Limits, BACKTESTS, FILE};
pub use frontier::{frontier, Step};
pub use judge::{BINS, CONFIRMS};
pub use pick::{pick, Request};
pub use predict::{interval_text, predict_series, Band, Estimate, Measured, Models, Prediction, Reach, Rung};
pub use table::{basis_table, hardness_table, track_table};
pub use validate::{
    calibrate_validated, distance_table, model_table, validate, Bin, Outcome, Sample, Score, Validation,
};

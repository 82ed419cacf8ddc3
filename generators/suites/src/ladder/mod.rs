//! Scaling ladders (`[family.ladder]`): a family grows one parameter (the depth, or a grid
//! key) rung by rung until a calibration solver has failed at the calibration limit
//! `fails` times in a row, so that each family reaches from easy to beyond reach.
//!
//! Every combination of a family's other parameters and encodings is a ladder of its own;
//! [`split`] finds them among a suite's jobs. `generate` climbs each ladder ([`climb`]):
//! it builds a rung, runs the solver on the rung's QDIMACS under the harness's limits,
//! and stops after `fails` consecutive rungs without an answer. The failing rungs stay in
//! the suite (they are its "beyond reach" end); rungs after the stop are not generated.
//!
//! A ladder that predicts (`predict_to`, the competition limit) goes on past the stop: the
//! solved rungs give the solver's growth ([`harness::growth::Growth`]), and the rungs after
//! the stop are generated without running any solver, each recorded as `predicted` with its
//! predicted CPU time, up to the first rung predicted past [`OTHER_CONFIGURATIONS`] times the
//! competition limit (so that a configuration that much faster than the ladder's solver
//! is also past it there), at most [`MAX_PREDICTED`] rungs. `run` leaves predicted rungs
//! out; `select` predicts every configuration's time on them from its own growth.
//!
//! How far a ladder gets depends on the machine, so every calibration run is recorded in
//! `DIR/ladders.csv` (one [`Rung`] a line). Given that file back ([`Recorded::read`]),
//! `generate` builds exactly the same rungs without running any solver, and writes the
//! same bytes.

mod climb;
mod record;
mod recorded;
mod rungs;

pub use climb::{climb, solvers, BuildJob, Calibration, Climbed, LadderError, MAX_PREDICTED, OTHER_CONFIGURATIONS};
pub use record::{reached, write_csv, Calibrated, Reached, Rung, COLUMNS, FILE};
pub use recorded::{predicted_jobs, ReachError, Recorded};
pub use rungs::{key, rung, split, Rungs};

//! The root's integration tests, one binary (`autotests = false` in Cargo.toml, as ripgrep
//! does): each file below is a module, so the whole application links once for all of them
//! instead of once per file. `cargo test --test tests report_cli::` runs one file's tests.

mod common;
mod fuzz;

mod bombs;
mod broken_pipe;
mod catalogue_cli;
mod cli;
mod cli_bddl;
mod cli_certify;
mod cli_gdl;
mod cli_geography;
mod close_cli;
mod compare_cli;
mod default_ladders;
mod examples;
mod frontier_cli;
mod fuzz_corpus;
mod install;
mod ladder_cli;
mod layers;
mod located_limits;
#[cfg(unix)]
mod manifest_symlinks;
mod package_check;
mod play_cli;
mod play_kayles;
mod positional_cli;
mod readme_figures;
mod report_browser;
mod report_cli;
mod report_depths;
mod run_certify;
mod run_faults;
mod run_matrix;
mod select_cli;
mod slurm_cli;
mod strategy_cli;
mod suite_cli;
mod tune_cli;
mod verify_cli;

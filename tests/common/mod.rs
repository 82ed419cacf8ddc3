//! A small suite over the repository's game models, shared by the end-to-end tests.

use std::fs;
use std::path::{Path, PathBuf};

/// Writes `DIR/small.toml`: HTTT 3×3 domino and el at depths 1 and 3 (lifted encoding) and
/// tic-tac-toe at depth 5 (GDL, GD and SD), with expected answers from the reference
/// solvers. Model paths are absolute, so the suite can live in a temporary directory.
/// `bddl_formats` and `gdl_formats` are the TOML lists of the two families' formats.
pub fn small_suite(dir: &Path, bddl_formats: &str, gdl_formats: &str) -> PathBuf {
    let g = Path::new(env!("CARGO_MANIFEST_DIR")).join("suite/games").display().to_string();
    let suite = format!(
        r#"name = "small"
[options]
expected = "reference"
expected_budget = 60
[[family]]
name = "httt"
model = "bddl"
depths = [1, 3]
encodings = ["lifted"]
formats = {bddl_formats}
[family.grid]
domain = "{g}/bddl/positional/domain.ig"
problem = "{g}/bddl/httt/3x3_{{shape}}.ig"
shape = ["domino", "el"]
[[family]]
name = "tictactoe"
model = "gdl"
depths = [5]
encodings = ["gdl-ge-gd", "gdl-sd"]
formats = {gdl_formats}
[family.grid]
game = "{g}/gdl/tictactoe.kif"
"#
    );
    let path = dir.join("small.toml");
    fs::write(&path, suite).expect("write the suite");
    path
}

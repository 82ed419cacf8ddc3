//! A small suite over the repository's game models, shared by the end-to-end tests.

pub mod piped;
pub mod run_dir;

use std::fs;
use std::path::{Path, PathBuf};

/// Writes `DIR/small.toml`: HTTT 3×3 domino and el at depths 1 and 3 (lifted encoding) and
/// tic-tac-toe at depth 5 (GDL, GD and SD), with expected answers from the reference
/// solvers. The model files are copied next to the suite (`DIR/games/`), so that model
/// paths are relative to it, as a package needs them.
/// `bddl_formats` and `gdl_formats` are the TOML lists of the two families' formats.
pub fn small_suite(dir: &Path, bddl_formats: &str, gdl_formats: &str) -> PathBuf {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("suite");
    for model in ["bddl/positional/domain.ig", "bddl/httt/3x3_domino.ig", "bddl/httt/3x3_el.ig", "gdl/tictactoe.kif"] {
        let to = dir.join("games").join(model);
        fs::create_dir_all(to.parent().expect("a folder")).expect("mkdir");
        fs::copy(repo.join("games").join(model), to).expect("copy a model");
    }
    let g = "games";
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

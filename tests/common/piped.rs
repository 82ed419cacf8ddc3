//! The binary with text on its standard input, as a user types into `play`.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// `qbfgames ARGS` in `dir`, with `input` written to its standard input and then closed.
pub fn qbfgames_with_input(args: &[&str], input: &str, dir: &Path) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_qbfgames"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child.stdin.take().expect("a pipe").write_all(input.as_bytes()).expect("writing the input");
    child.wait_with_output().expect("the binary ends")
}

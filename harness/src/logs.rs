//! Each run's log: what the solver printed, bounded (the first and last 64 KiB of each
//! stream) and gzip'd, under `DIR/logs/<family>/`, named for the instance file, the
//! configuration and a fingerprint of the cell's key. The record names it.

use std::io::Write;
use std::path::{Path, PathBuf};

use flate2::write::GzEncoder;
use flate2::Compression;

use super::error::{Context, Error};
use super::preprocess::fnv1a;
use super::process::Invocation;

/// The log of a cell, relative to the run directory.
pub fn log_path(family: &str, instance: &Path, configuration: &str, key: &str) -> PathBuf {
    let stem = instance.file_name().map_or_else(|| "instance".into(), |n| n.to_string_lossy().into_owned());
    let name = format!("{}.{}.{:08x}.log.gz", clean(&stem), clean(configuration), fnv1a(key) as u32);
    Path::new("logs").join(clean(family)).join(name)
}

/// Writes the log of one run atomically: the command, then the bounded output.
pub fn write_log(dir: &Path, relative: &Path, invocation: &Invocation, output: &[u8]) -> Result<(), Error> {
    let path = dir.join(relative);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).context(|| format!("creating {}", parent.display()))?;
    }
    let mut command = vec![invocation.program.display().to_string()];
    command.extend(invocation.args.iter().cloned());
    contract::write_atomically(&path, |out| {
        let mut gz = GzEncoder::new(out, Compression::default());
        writeln!(gz, "==> command <==\n{}", command.join(" "))?;
        gz.write_all(output)?;
        gz.finish()?.flush()
    })?;
    Ok(())
}

/// A name part with only letters, digits, `.`, `_`, `+`, `-` and `@`, not starting with
/// a dot (so never `..`, and never hidden).
fn clean(part: &str) -> String {
    let kept = part.chars().enumerate().map(|(i, c)| match c {
        '.' if i == 0 => '_',
        c if c.is_ascii_alphanumeric() || "._+-@".contains(c) => c,
        _ => '_',
    });
    kept.collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_names_stay_inside_the_logs_folder() {
        let p = log_path("..", Path::new("/x/../a b.qdimacs"), "none+depqbf", "k");
        assert_eq!(p.parent(), Some(Path::new("logs/_.")));
        assert!(p.to_string_lossy().starts_with("logs/_./a_b.qdimacs.none+depqbf."), "{}", p.display());
        assert_ne!(log_path("f", Path::new("a"), "c", "k1"), log_path("f", Path::new("a"), "c", "k2"));
    }
}

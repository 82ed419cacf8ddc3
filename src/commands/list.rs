//! `qbfgames list [models|suites|families|games|shapes|puzzles]`: the catalogue of what
//! can be generated, from the model schemas and the shipped suites and game files (found
//! as [`crate::locate`] finds them, so it works from any directory).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Result;
use suites::schema::Kind;
use suites::{Model, Param};

use crate::flags::Catalogue;
use crate::locate;

pub fn run(what: Catalogue) -> Result<ExitCode> {
    let suites: Vec<(PathBuf, suites::Suite)> = locate::shipped_suites()
        .iter()
        .filter_map(|name| locate::suite_file(Path::new(name)).ok())
        .filter_map(|file| suites::load(&file).ok().map(|s| (file, s)))
        .collect();
    match what {
        Catalogue::Models => models(&suites)?,
        Catalogue::Suites => {
            for (_, suite) in &suites {
                let jobs = suites::expand(suite).len();
                let first = suite.description.split(". ").next().unwrap_or("").trim_end_matches('.');
                outln!("{:<14} {:>3} families {:>5} jobs  {first}", suite.name, suite.families.len(), jobs);
            }
            outln!("\nExample: qbfgames generate default --out out/default");
        }
        Catalogue::Families => {
            for (_, suite) in &suites {
                for family in &suite.families {
                    let encodings: Vec<&str> = family.encodings.iter().map(|e| e.name()).collect();
                    outln!(
                        "{:<14} {:<22} {:<10} {:<22} {}",
                        suite.name,
                        family.name,
                        family.model.name(),
                        encodings.join(","),
                        family.description
                    );
                }
            }
        }
        Catalogue::Games => print_files("games")?,
        Catalogue::Shapes => {
            for (model, shapes) in Model::all().filter_map(|m| choices(m, "shape").map(|c| (m, c))) {
                outln!("{}", shapes.join("\n"));
                outln!("\nExample family point: {{ shape = \"tippy\", board = 4 }} (model = \"{}\")", model.name());
            }
        }
        Catalogue::Puzzles => {
            print_files("games/hex")?;
            outln!("\nExample family point: {{ puzzle = \"games/hex/hein_04_3x3.hex\" }} (model = \"hex\")");
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Each model: its parameters (kind, default), encodings, formats, and one point of a
/// shipped suite as an example.
fn models(suites: &[(PathBuf, suites::Suite)]) -> Result<()> {
    for model in Model::all() {
        let schema = model.schema();
        outln!("{}", model.name());
        for key in schema.keys {
            let kind = match key.kind {
                Kind::Int => "integer".to_string(),
                Kind::Bool => "true|false".to_string(),
                Kind::Str(Some(choices)) => choices.join("|"),
                Kind::Str(None) => "text".to_string(),
                Kind::Path => "file (relative to the suite)".to_string(),
                Kind::PathOr(names) => format!("{}|file", names.join("|")),
                Kind::Decimal => "number".to_string(),
            };
            let default = match key.default {
                None => " (required)".to_string(),
                Some("") => String::new(),
                Some(d) => format!(" (default {d})"),
            };
            outln!("  {:<8} {kind}{default}", key.name);
        }
        let encodings: Vec<&str> = schema.encodings.iter().map(|e| e.name()).collect();
        let formats: Vec<&str> = schema.formats.iter().map(|f| f.name()).collect();
        outln!("  encodings: {}; formats: {}", encodings.join(", "), formats.join(", "));
        let example = suites.iter().find_map(|(_, suite)| {
            suite.families.iter().find(|f| f.model == model).and_then(|f| f.points.first().map(|p| (suite, f, p)))
        });
        if let Some((suite, family, point)) = example {
            let params: Vec<String> = point
                .params
                .iter()
                .map(|(k, v)| match v {
                    Param::Str(s) | Param::Path(s) => format!("{k} = \"{s}\""),
                    other => format!("{k} = {other}"),
                })
                .collect();
            outln!("  example ({}, family {}): {{ {} }}", suite.name, family.name, params.join(", "));
        } else {
            for key in schema.keys {
                if let Kind::PathOr(generators) = key.kind {
                    outln!("  {} generators: {}", key.name, generators.join(", "));
                }
            }
        }
        outln!();
    }
    Ok(())
}

/// The fixed choices of a model's grid key `name`, if it has such a key.
fn choices(model: Model, name: &str) -> Option<&'static [&'static str]> {
    model.schema().keys.iter().find(|k| k.name == name).and_then(|k| match k.kind {
        Kind::Str(Some(choices)) => Some(choices),
        _ => None,
    })
}

/// The shipped files under `sub` of the first suite folder, sorted, relative to it.
fn print_files(sub: &str) -> Result<()> {
    let Some(dir) = locate::suite_dirs().into_iter().next() else { return Ok(()) };
    let mut files = Vec::new();
    walk(&dir.join(sub), &mut files);
    files.sort();
    for file in files {
        outln!("{}", file.strip_prefix(&dir).unwrap_or(&file).display());
    }
    Ok(())
}

fn walk(dir: &Path, files: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            walk(&path, files);
        } else {
            files.push(path);
        }
    }
}

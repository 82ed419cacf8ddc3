//! The text of every solvers-file and manifest error `qbfgames run` shows, pinned by
//! snapshots: each names the file, line (and column where there is one), quotes the line,
//! and says the fix. The manifest is read through `contract::manifest::read`, the one
//! reader; these pin what a run over a bad manifest says.

use std::path::Path;

use harness::{instances, Tools};

const GOOD: &str = r#"[solver.depqbf]
command = ["depqbf", "{input}"]
formats = ["qdimacs"]
version_command = ["depqbf", "--version"]
answer_lines = { true = "SAT", false = "UNSAT", unknown = "UNKNOWN" }

[preprocessor.bloqqer]
command = ["../tools/bin/bloqqer", "{input}", "{output}"]
formats = ["qdimacs"]
version = "037"
"#;

fn config_error(text: &str) -> String {
    match Tools::parse(text, Path::new("suite/solvers.toml"), Path::new("suite")) {
        Ok(_) => format!("accepted:\n{text}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn solvers_file_errors() {
    let cases = [
        (
            "unknown_key",
            GOOD.replace(
                "formats = [\"qdimacs\"]\nversion_command",
                "formats = [\"qdimacs\"]\ntimeout = 3\nversion_command",
            ),
        ),
        ("unknown_table", format!("{GOOD}\n[solvers.caqe]\ncommand = []\n")),
        ("wrong_type", GOOD.replace("command = [\"depqbf\", \"{input}\"]", "command = \"depqbf {input}\"")),
        ("missing_command", GOOD.replace("command = [\"depqbf\", \"{input}\"]\n", "")),
        ("empty_command", GOOD.replace("[\"depqbf\", \"{input}\"]", "[]")),
        ("unknown_placeholder", GOOD.replace("\"depqbf\", \"{input}\"", "\"depqbf\", \"{inptu}\"")),
        ("output_in_solver", GOOD.replace("\"depqbf\", \"{input}\"", "\"depqbf\", \"{input}\", \"{output}\"")),
        ("no_input", GOOD.replace("\"depqbf\", \"{input}\"]", "\"depqbf\"]")),
        ("no_output", GOOD.replace("\"{input}\", \"{output}\"", "\"{input}\"")),
        ("unknown_format", GOOD.replace("formats = [\"qdimacs\"]\nversion =", "formats = [\"cnf\"]\nversion =")),
        ("empty_formats", GOOD.replace("formats = [\"qdimacs\"]\nversion =", "formats = []\nversion =")),
        ("no_version", GOOD.replace("version = \"037\"\n", "")),
        (
            "two_versions",
            GOOD.replace(
                "version_command = [\"depqbf\", \"--version\"]",
                "version = \"5\"\nversion_command = [\"depqbf\", \"--version\"]",
            ),
        ),
        (
            "version_line_zero",
            GOOD.replace(
                "version_command = [\"depqbf\", \"--version\"]",
                "version_command = [\"depqbf\", \"--version\"]\nversion_line = 0",
            ),
        ),
        ("bad_name", GOOD.replace("[solver.depqbf]", "[solver.\"dep qbf\"]")),
        ("none_is_reserved", GOOD.replace("[preprocessor.bloqqer]", "[preprocessor.none]")),
        ("syntax", GOOD.replace("formats = [\"qdimacs\"]\nversion_command", "formats = [\"qdimacs\"\nversion_command")),
    ];
    for (name, text) in cases {
        insta::assert_snapshot!(format!("solvers_{name}"), config_error(&text));
    }
}

#[test]
fn a_solvers_file_that_is_not_utf8_is_an_error_at_the_first_bad_byte() {
    let Ok(dir) = tempfile::tempdir() else { return };
    let path = dir.path().join("solvers.toml");
    let mut bytes = GOOD.as_bytes().to_vec();
    let at = GOOD.find("SAT").unwrap_or_default();
    bytes[at] = 0xff;
    assert!(std::fs::write(&path, bytes).is_ok());
    let e = Tools::load(&path).err().map(|e| e.to_string().replace(&dir.path().display().to_string(), "DIR"));
    insta::assert_snapshot!("solvers_not_utf8", e.unwrap_or_default());
}

const HEADER: &str = "id,gbd_id,family,game,params,encoding,format,depth,vars,universal,existential,blocks,clauses,literals,gates,expected,expected_by,path,generator_version";

fn manifest_error(text: &str) -> String {
    let Ok(dir) = tempfile::tempdir() else { return "no temporary directory".to_string() };
    let instance = dir.path().join(format!("instances/fam/{}.qdimacs", "ab".repeat(32)));
    let written = instance.parent().map(std::fs::create_dir_all).is_some_and(|r| r.is_ok())
        && std::fs::write(&instance, "p cnf 0 0\n").is_ok()
        && std::fs::write(dir.path().join("manifest.csv"), text).is_ok();
    if !written {
        return "cannot write the manifest".to_string();
    }
    match instances(dir.path()) {
        Ok(_) => format!("accepted:\n{text}"),
        Err(e) => e.to_string().replace(&dir.path().display().to_string(), "DIR"),
    }
}

#[test]
fn manifest_errors() {
    let id = "ab".repeat(32);
    let row = |expected: &str, format: &str, path: &str| {
        format!("{id},-,fam,g,,e,{format},1,2,1,1,2,2,4,0,{expected},hand,{path},0.1.0")
    };
    let good_path = format!("instances/fam/{id}.qdimacs");
    let cases = [
        ("missing_column", HEADER.replace(",expected_by", "")),
        ("bad_expected", format!("{HEADER}\n{}\n", row("maybe", "qdimacs", &good_path))),
        ("bad_format", format!("{HEADER}\n{}\n", row("true", "cnf", &good_path))),
        ("absolute_path", format!("{HEADER}\n{}\n", row("true", "qdimacs", "/tmp/x.qdimacs"))),
        ("bad_id", format!("{HEADER}\nxyz{}\n", &row("true", "qdimacs", &good_path)[64..])),
        ("short_row", format!("{HEADER}\n{id},-,fam\n")),
    ];
    for (name, text) in cases {
        insta::assert_snapshot!(format!("manifest_{name}"), manifest_error(&text));
    }
    assert_eq!(
        manifest_error(&format!("{HEADER}\n{}\n", row("true", "qdimacs", &good_path))),
        format!("accepted:\n{HEADER}\n{}\n", row("true", "qdimacs", &good_path))
    );
}

#[test]
fn a_missing_manifest_says_how_to_make_one() {
    let Ok(dir) = tempfile::tempdir() else { return };
    let e = instances(dir.path())
        .err()
        .map(|e| e.to_string().replace(&dir.path().display().to_string(), "DIR"))
        .unwrap_or_default();
    insta::assert_snapshot!("manifest_missing_file", e);
}

#[test]
fn a_missing_instance_file_is_named_with_its_id() {
    let Ok(dir) = tempfile::tempdir() else { return };
    let id = "ab".repeat(32);
    let text = format!("{HEADER}\n{id},-,fam,g,,e,qdimacs,1,2,1,1,2,2,4,0,true,hand,{id}.qdimacs,0.1.0\n");
    if std::fs::write(dir.path().join("manifest.csv"), text).is_err() {
        return;
    }
    let e = instances(dir.path())
        .err()
        .map(|e| e.to_string().replace(&dir.path().display().to_string(), "DIR"))
        .unwrap_or_default();
    assert_eq!(
        e,
        format!(
            "DIR/{id}.qdimacs: listed in the manifest (id {id}) but missing\n  help: run `qbfgames generate` again"
        )
    );
}

//! Typed TOML files (suites, published tables): serde errors become [`ParseError`]s at
//! the offending key, with a fix.

use serde::de::DeserializeOwned;

use super::{ParseError, Source};

/// Parses `source` as `T`. `required` names the keys a `missing field` error asks for;
/// `docs` is where the format is described.
pub fn parse_toml<T: DeserializeOwned>(source: &Source, required: &str, docs: &str) -> Result<T, ParseError> {
    let text = source.text("save the file as UTF-8 text")?;
    toml::from_str(text).map_err(|e| {
        let at = e.span().map_or(0, |s| s.start);
        let message = e.message().trim().to_string();
        let help = if let Some(help) = unknown_key_help(&message) {
            help
        } else if message.starts_with("missing field") {
            format!("add the key; {required}")
        } else if message.starts_with("invalid type") {
            "give the value the type named above".to_string()
        } else {
            format!("see {docs} for the file format")
        };
        ParseError::at(source, at, message, help)
    })
}

/// The fix for serde's "unknown field `k`, expected one of `a`, `b`, …": the allowed key
/// nearest to `k` when it looks like a misspelling of it, else removing the key. `None`
/// for any other message.
pub fn unknown_key_help(message: &str) -> Option<String> {
    let rest = message.strip_prefix("unknown field `")?;
    let (key, allowed) = rest.split_once('`')?;
    let nearest = allowed.split('`').skip(1).step_by(2).map(|k| (edit_distance(key, k), k)).min();
    Some(match nearest {
        Some((d, k)) if d <= 2.max(key.chars().count() / 2) => format!("write `{k}` instead of `{key}`"),
        _ => format!("remove `{key}`, or write one of the keys listed above"),
    })
}

/// Levenshtein distance over characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let next = (diagonal + usize::from(ca != cb)).min(row[j] + 1).min(row[j + 1] + 1);
            diagonal = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unknown_key_near_an_allowed_one_is_named_as_its_fix() {
        let message = "unknown field `formts`, expected one of `command`, `formats`, `version`";
        assert_eq!(unknown_key_help(message).as_deref(), Some("write `formats` instead of `formts`"));
        let message = "unknown field `budget`, expected one of `name`, `paper`";
        assert_eq!(
            unknown_key_help(message).as_deref(),
            Some("remove `budget`, or write one of the keys listed above")
        );
        assert_eq!(unknown_key_help("missing field `command`"), None);
    }
}

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
        let help = if message.starts_with("unknown field") {
            "fix the spelling or remove the key; the allowed keys are listed above".to_string()
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

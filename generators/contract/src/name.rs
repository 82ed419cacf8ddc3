//! The one rule for names that become paths (suite, family and published-table names):
//! letters, digits, `-`, `_` and `.`, not empty and not starting with `.`, so that no name
//! is `.`, `..` or a hidden file, and none leaves the folder it names a child of.

/// What [`is_path_name`] accepts, for error messages.
pub const RULE: &str = "a name of letters, digits, `-`, `_` and `.` that does not start with `.`";

/// Whether `name` may become a file or directory name.
pub fn is_path_name(name: &str) -> bool {
    !name.is_empty() && !name.starts_with('.') && name.chars().all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dots_hidden_names_and_separators_are_refused() {
        for bad in ["", ".", "..", "...", ".hidden", "a/b", "../x", "a b", "é", "a\\b"] {
            assert!(!is_path_name(bad), "{bad:?}");
        }
        for good in ["default", "httt-4x4", "corplus_table7", "v1.2", "a..b"] {
            assert!(is_path_name(good), "{good:?}");
        }
    }
}

//! Short labels of a job's parameters for tables and plots: `domain=games/bddl/httt/domain.ig;
//! problem=games/bddl/httt/4x4_tic.ig` reads `4x4_tic`. A value that names a file is shown by
//! its file stem, and a BDDL domain file (always `domain.*`) is left out; any other value
//! keeps its key (`board=5 shape=el`). The full parameters stay in the CSV of the per-run
//! table.

/// The short label of a manifest's `params` (`key=value;…`).
pub fn short(params: &str) -> String {
    let parts: Vec<String> = params
        .split(';')
        .filter(|p| !p.is_empty())
        .filter_map(|part| {
            let (key, value) = part.split_once('=').unwrap_or(("", part));
            if value.contains('/') || value.contains('.') && !value.chars().all(|c| c.is_ascii_digit() || c == '.') {
                let name = value.rsplit('/').next().unwrap_or(value);
                let stem = name.split_once('.').map_or(name, |(stem, _)| stem);
                (stem != "domain").then(|| stem.to_string())
            } else if key.is_empty() {
                Some(value.to_string())
            } else {
                Some(format!("{key}={value}"))
            }
        })
        .collect();
    if parts.is_empty() {
        params.to_string()
    } else {
        parts.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::short;

    #[test]
    fn files_read_as_their_stem_and_other_values_keep_their_key() {
        assert_eq!(short("domain=games/bddl/httt/domain.ig;problem=games/bddl/httt/4x4_tic.ig"), "4x4_tic");
        assert_eq!(short("game=games/gdl/connect3-4x4.kif"), "connect3-4x4");
        assert_eq!(short("board=5;shape=el"), "board=5 shape=el");
        assert_eq!(short("p=0.5"), "p=0.5");
        assert_eq!(short(""), "");
    }
}

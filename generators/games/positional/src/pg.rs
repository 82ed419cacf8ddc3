//! Reader for PG files, the positional-game description of the COR+ benchmarks.
//!
//! A PG file is a list of sections. A section starts with a word beginning with `#`
//! (case-insensitive): `#times`, `#blackturns`, `#positions`, `#blackwins`, `#whitewins`,
//! `#blackinitials`, `#whiteinitials`, `#firstmoves`. `%` starts a comment that runs to the
//! end of the line. List sections (`#times`, `#blackturns`, `#positions`, the initials and
//! `#firstmoves`) are whitespace-separated names and may span lines; in `#blackwins` and
//! `#whitewins` every non-empty line is one winning set. White's time points are the
//! `#times` not listed in `#blackturns`; a game without `#whitewins` is Maker-Breaker.
//!
//! Lenient where the input stays unambiguous: sections may come in any order, a section
//! given twice continues the first, names may be used before `#positions` lists them, and a
//! winning set listed twice is kept once (with a note in [`PgFile::notes`]). Everything else
//! is an error at the offending token: unknown section words, names not in `#positions` or
//! `#times`, names listed twice, a stone given to both players, text before the first
//! section, and missing `#positions` or `#times`.
//!
//! ## References
//! V. Mayer-Eichberger, A. Saffidine: *Positional Games and QBF: A Polished Encoding*
//! (2021), Section 3.1; the format of their encoder's `.pg` files.

use std::collections::BTreeMap;

use contract::{ParseError, Source};

use super::model::{dedup_sets, Player, PositionalGame};

/// A parsed PG file and the notes about what the reader normalised.
#[derive(Clone, Debug)]
pub struct PgFile {
    pub game: PositionalGame,
    pub notes: Vec<String>,
    /// The byte offset of the `#times` word: the file's depth is the time points listed
    /// there.
    pub times_at: usize,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Section {
    Times,
    BlackTurns,
    Positions,
    BlackWins,
    WhiteWins,
    BlackInitials,
    WhiteInitials,
    FirstMoves,
}

const SECTIONS: [(&str, Section); 8] = [
    ("#times", Section::Times),
    ("#blackturns", Section::BlackTurns),
    ("#positions", Section::Positions),
    ("#blackwins", Section::BlackWins),
    ("#whitewins", Section::WhiteWins),
    ("#blackinitials", Section::BlackInitials),
    ("#whiteinitials", Section::WhiteInitials),
    ("#firstmoves", Section::FirstMoves),
];

/// A name and its byte offset.
type Token<'a> = (&'a str, usize);

/// Each section's lines of tokens.
type Sections<'a> = BTreeMap<Section, Vec<Vec<Token<'a>>>>;

/// The byte offset of each section's first section word.
type Heads = BTreeMap<Section, usize>;

/// Reads a PG file.
pub fn read_pg(source: &Source) -> Result<PgFile, ParseError> {
    let text = source.text("save the file as UTF-8 (PG files are ASCII)")?;
    let (sections, heads) = split_sections(source, text)?;
    let err = |offset: usize, msg: String, help: &str| ParseError::at(source, offset, msg, help);
    let list = |s: Section| -> Vec<Token> { sections.get(&s).map(|ls| ls.concat()).unwrap_or_default() };

    let positions = list(Section::Positions);
    let times = list(Section::Times);
    for (section, word) in [(Section::Positions, "#positions"), (Section::Times, "#times")] {
        if !sections.contains_key(&section) {
            return Err(err(
                source.bytes.len(),
                format!("the file has no {word} section"),
                &format!("add a line `{word}` followed by the whitespace-separated names"),
            ));
        }
    }
    let vertex_index = index_names(source, &positions, "position")?;
    let time_index = index_names(source, &times, "time point")?;

    let vertex = |(name, offset): Token| -> Result<usize, ParseError> {
        vertex_index.get(name).copied().ok_or_else(|| {
            err(offset, format!("unknown position `{name}`"), "list every vertex under #positions, or fix the name")
        })
    };
    let mut black_at = vec![false; times.len()];
    for token in list(Section::BlackTurns) {
        let t = *time_index.get(token.0).ok_or_else(|| {
            err(
                token.1,
                format!("unknown time point `{}`", token.0),
                "list every time point under #times, or fix the name",
            )
        })?;
        black_at[t] = true;
    }
    let turns = black_at.iter().map(|&b| if b { Player::Black } else { Player::White }).collect();

    let mut notes = Vec::new();
    let mut wins = |section: Section, label: &str| -> Result<Vec<Vec<usize>>, ParseError> {
        let mut sets = Vec::new();
        for line in sections.get(&section).into_iter().flatten() {
            sets.push(line.iter().map(|&t| vertex(t)).collect::<Result<Vec<_>, _>>()?);
        }
        let removed = dedup_sets(&mut sets);
        if removed > 0 {
            notes.push(format!("{removed} duplicate {label} winning set(s) removed"));
        }
        Ok(sets)
    };
    let black_wins = wins(Section::BlackWins, "black")?;
    let white_wins = wins(Section::WhiteWins, "white")?;

    let stones = |section: Section| -> Result<Vec<(usize, usize)>, ParseError> {
        list(section).into_iter().map(|t| Ok((vertex(t)?, t.1))).collect()
    };
    let mut owner = vec![None; positions.len()];
    let mut initials = [Vec::new(), Vec::new()];
    for (i, section) in [Section::BlackInitials, Section::WhiteInitials].into_iter().enumerate() {
        for (v, offset) in stones(section)? {
            if owner[v].is_some() {
                return Err(err(
                    offset,
                    format!("position `{}` already has an initial stone", positions[v].0),
                    "give each initial stone once, to one player",
                ));
            }
            owner[v] = Some(i);
            initials[i].push(v);
        }
    }
    let first_moves = match sections.contains_key(&Section::FirstMoves) {
        true => Some(stones(Section::FirstMoves)?.into_iter().map(|(v, _)| v).collect()),
        false => None,
    };
    let [black_initials, white_initials] = initials;
    let vertices: Vec<String> = positions.iter().map(|(n, _)| n.to_string()).collect();
    Ok(PgFile {
        game: PositionalGame {
            coords: grid_coords(&vertices),
            vertices,
            black_wins,
            white_wins,
            black_initials,
            white_initials,
            turns,
            first_moves,
            symmetries: Vec::new(),
        },
        notes,
        times_at: heads.get(&Section::Times).copied().unwrap_or(0),
    })
}

/// Splits the text into sections of lines of tokens, stripping comments.
fn split_sections<'a>(source: &Source, text: &'a str) -> Result<(Sections<'a>, Heads), ParseError> {
    let mut sections: Sections<'a> = BTreeMap::new();
    let mut heads = Heads::new();
    let mut current: Option<Section> = None;
    let mut line_start = 0;
    for line in text.split_inclusive('\n') {
        let content = line.split('%').next().unwrap_or("");
        let mut tokens: Vec<Token<'a>> = Vec::new();
        let mut rest = content;
        while let Some(start) = rest.find(|c: char| !c.is_whitespace()) {
            let len = rest[start..].find(char::is_whitespace).unwrap_or(rest.len() - start);
            let offset = line_start + (content.len() - rest.len()) + start;
            tokens.push((&rest[start..start + len], offset));
            rest = &rest[start + len..];
        }
        line_start += line.len();
        let Some(&(first, offset)) = tokens.first() else { continue };
        if first.starts_with('#') {
            let lower = first.to_ascii_lowercase();
            let Some(&(_, section)) = SECTIONS.iter().find(|(w, _)| *w == lower) else {
                let known: Vec<&str> = SECTIONS.iter().map(|(w, _)| *w).collect();
                return Err(ParseError::at(
                    source,
                    offset,
                    format!("unknown section word `{first}`"),
                    format!("use one of {}", known.join(" ")),
                ));
            };
            current = Some(section);
            heads.entry(section).or_insert(offset);
            let lines = sections.entry(section).or_default();
            if tokens.len() > 1 {
                lines.push(tokens[1..].to_vec());
            }
            continue;
        }
        let Some(section) = current else {
            return Err(ParseError::at(
                source,
                offset,
                format!("`{first}` comes before the first section"),
                "start the file with a section word such as #positions, or comment the line out with %",
            ));
        };
        sections.entry(section).or_default().push(tokens);
    }
    Ok((sections, heads))
}

/// Maps names to their index, rejecting a name listed twice.
fn index_names<'a>(source: &Source, names: &[Token<'a>], what: &str) -> Result<BTreeMap<&'a str, usize>, ParseError> {
    let mut index = BTreeMap::new();
    for (i, &(name, offset)) in names.iter().enumerate() {
        if index.insert(name, i).is_some() {
            return Err(ParseError::at(
                source,
                offset,
                format!("{what} `{name}` is listed twice"),
                format!("list each {what} once"),
            ));
        }
    }
    Ok(index)
}

/// Grid coordinates for names like `c12` (column letters, 1-based row), if every vertex
/// has such a name and no two share a cell.
pub fn grid_coords(names: &[String]) -> Option<Vec<(u32, u32)>> {
    let coords: Option<Vec<(u32, u32)>> = names.iter().map(|n| parse_cell(n)).collect();
    let coords = coords?;
    let mut seen = std::collections::BTreeSet::new();
    coords.iter().all(|c| seen.insert(*c)).then_some(coords)
}

/// Parses a cell name: letters (a = column 1, z = 26, aa = 27) then a 1-based row.
pub fn parse_cell(name: &str) -> Option<(u32, u32)> {
    let split = name.find(|c: char| c.is_ascii_digit())?;
    let (letters, digits) = name.split_at(split);
    if letters.is_empty()
        || !letters.bytes().all(|b| b.is_ascii_lowercase())
        || !digits.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let x = letters.bytes().try_fold(0u32, |acc, b| acc.checked_mul(26)?.checked_add(u32::from(b - b'a') + 1))?;
    let y: u32 = digits.parse().ok()?;
    (y > 0).then_some((x, y))
}

/// The cell name of 1-based grid coordinates (inverse of [`parse_cell`]).
pub fn cell_name(x: u32, y: u32) -> String {
    let mut letters = Vec::new();
    let mut x = x;
    while x > 0 {
        letters.push(b'a' + ((x - 1) % 26) as u8);
        x = (x - 1) / 26;
    }
    letters.reverse();
    format!("{}{y}", String::from_utf8_lossy(&letters))
}

/// Writes a game as a PG file (times named `t1`…, the inverse of [`read_pg`]).
pub fn write_pg<W: std::io::Write>(mut w: W, game: &PositionalGame, comment: &str) -> std::io::Result<()> {
    for line in comment.lines() {
        writeln!(w, "% {line}")?;
    }
    let names = |vs: &[usize]| vs.iter().map(|&v| game.vertices[v].as_str()).collect::<Vec<_>>().join(" ");
    let times: Vec<String> = (1..=game.turns.len()).map(|t| format!("t{t}")).collect();
    writeln!(w, "#times\n{}", times.join(" "))?;
    let black: Vec<&str> =
        times.iter().zip(&game.turns).filter(|(_, p)| **p == Player::Black).map(|(t, _)| t.as_str()).collect();
    writeln!(w, "#blackturns\n{}", black.join(" "))?;
    writeln!(w, "#positions\n{}", game.vertices.join(" "))?;
    for (word, sets) in [("#blackwins", &game.black_wins), ("#whitewins", &game.white_wins)] {
        if word == "#blackwins" || !sets.is_empty() {
            writeln!(w, "{word}")?;
            for set in sets {
                writeln!(w, "{}", names(set))?;
            }
        }
    }
    for (word, stones) in [("#blackinitials", &game.black_initials), ("#whiteinitials", &game.white_initials)] {
        if !stones.is_empty() {
            writeln!(w, "{word}\n{}", names(stones))?;
        }
    }
    if let Some(first) = &game.first_moves {
        writeln!(w, "#firstmoves\n{}", names(first))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gttt::{Gttt, Shape};

    #[test]
    fn written_games_read_back_the_same() -> Result<(), Box<dyn std::error::Error>> {
        let shape = Shape::parse("elly").ok_or("shape")?;
        let mut game =
            Gttt { shape, board: 4, torus: true, p: 2, q: 1, first: Player::White, first_moves: true }.game();
        game.black_initials = vec![5];
        game.white_initials = vec![6, 9];
        let mut bytes = Vec::new();
        write_pg(&mut bytes, &game, "elly 4x4 torus\nwith stones")?;
        let back = read_pg(&Source::from_bytes("elly.pg", bytes))?.game;
        game.symmetries.clear();
        assert_eq!(back, game);
        Ok(())
    }

    #[test]
    fn cell_names_round_trip() {
        for (x, y) in [(1, 1), (26, 3), (27, 12), (52, 7)] {
            assert_eq!(parse_cell(&cell_name(x, y)), Some((x, y)));
        }
        assert_eq!(parse_cell("a0"), None);
        assert_eq!(parse_cell("1a"), None);
    }
}

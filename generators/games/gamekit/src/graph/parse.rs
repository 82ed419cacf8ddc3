//! The thesis's text format: the first line is the maximum number of rounds, then one line
//! per node: its id and its successors, separated by whitespace. A node without successors
//! is a line with just its id.
//!
//! Lenient where the input stays unambiguous: blank lines are skipped, node lines may come
//! in any order, and self loops are allowed (see [`Graph`]). Errors, each at the offending
//! token: a rounds line that is not one number from 1 up, a token that is not a node id, an
//! id with no node line (the ids of `n` node lines are `0..n`), a node line given twice, a
//! successor listed twice on one line, no node lines, and more than [`MAX_NODES`] of them.
//! Memory is bounded by the file: nothing is allocated by a number read before it is
//! checked against the number of node lines.

use contract::{ParseError, Source};

use super::{Graph, MAX_NODES};

/// A token and its byte offset in the file.
type Token<'a> = (&'a str, usize);

/// The whitespace-separated tokens of `line`, which starts at byte `start`.
fn tokens(line: &str, start: usize) -> Vec<Token<'_>> {
    let mut out = Vec::new();
    let mut begin = None;
    for (i, c) in line.char_indices().chain(std::iter::once((line.len(), ' '))) {
        match (c.is_whitespace(), begin) {
            (true, Some(b)) => {
                out.push((&line[b..i], start + b));
                begin = None;
            }
            (false, None) => begin = Some(i),
            _ => {}
        }
    }
    out
}

const FORMAT: &str = "the first line is the number of rounds, then one line per node: `id successor…`";

impl Graph {
    /// Reads a graph in the thesis's text format (see the module doc of `parse`).
    pub fn parse(source: &Source) -> Result<Graph, ParseError> {
        let text = source.text("save the graph as UTF-8 text (the format is ASCII digits)")?;
        let err = |offset: usize, message: String, help: &str| ParseError::at(source, offset, message, help);
        let mut lines = Vec::new();
        let mut start = 0;
        for line in text.split('\n') {
            let toks = tokens(line, start);
            if !toks.is_empty() {
                lines.push(toks);
            }
            start += line.len() + 1;
        }
        let Some((first, node_lines)) = lines.split_first() else {
            return Err(err(0, "the file is empty".into(), FORMAT));
        };
        let (rounds, rounds_at) = match first.as_slice() {
            [(word, at)] => match word.parse::<u32>() {
                Ok(r) if r >= 1 => (r, *at),
                _ => {
                    return Err(err(
                        *at,
                        format!("`{word}` is not a number of rounds"),
                        "the first line is the maximum number of rounds, a whole number from 1 up",
                    ))
                }
            },
            [_, (_, at), ..] => {
                return Err(err(
                    *at,
                    "the first line has more than one number".into(),
                    "the first line is the maximum number of rounds alone, e.g. `3`; node lines follow",
                ))
            }
            [] => return Err(err(0, "the file is empty".into(), FORMAT)),
        };
        if node_lines.is_empty() {
            return Err(err(
                source.bytes.len(),
                "the file has no node lines".into(),
                "add one line per node after the rounds, starting with `0 …` for the start node",
            ));
        }
        if let Some(line) = node_lines.get(MAX_NODES) {
            return Err(err(
                line[0].1,
                format!("the graph has more than {MAX_NODES} nodes"),
                &format!("a graph has at most {MAX_NODES} nodes (one line each)"),
            ));
        }
        let n = node_lines.len();
        let id = |(word, at): Token| -> Result<u32, ParseError> {
            if !word.bytes().all(|b| b.is_ascii_digit()) {
                return Err(err(at, format!("`{word}` is not a node id"), "node ids are whole numbers 0, 1, 2, …"));
            }
            match word.parse::<usize>() {
                Ok(v) if v < n => Ok(v as u32),
                _ => Err(err(
                    at,
                    format!("node {word} has no line: the file has {n} node lines, so the ids are 0 to {}", n - 1),
                    "give every node a line (a node without successors is a line with just its id), or renumber the nodes 0 to n-1",
                )),
            }
        };
        let mut successors: Vec<Option<(Vec<u32>, usize)>> = vec![None; n];
        for line in node_lines {
            let v = id(line[0])? as usize;
            if let Some((_, first_at)) = successors[v] {
                return Err(err(
                    line[0].1,
                    format!("node {v} has a second line (the first is line {})", source.locate(first_at).line),
                    "give each node one line listing all its successors",
                ));
            }
            let mut succ: Vec<u32> = Vec::with_capacity(line.len() - 1);
            for &token in &line[1..] {
                let s = id(token)?;
                if succ.contains(&s) {
                    return Err(err(
                        token.1,
                        format!("successor {s} of node {v} is listed twice"),
                        "list each successor once (the graph has no parallel edges)",
                    ));
                }
                succ.push(s);
            }
            successors[v] = Some((succ, line[0].1));
        }
        // n lines with distinct ids below n: every node has its line.
        let successors = successors.into_iter().map(|s| s.map(|(succ, _)| succ).unwrap_or_default()).collect();
        Ok(Graph::from_parts(successors, Some(rounds)).read_at(rounds_at))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> ParseError {
        match Graph::parse(&Source::from_bytes("g.txt", text)) {
            Ok(g) => panic!("parsed {g:?}"),
            Err(e) => e,
        }
    }

    #[test]
    fn the_thesis_example_parses_and_prints_back() -> Result<(), ParseError> {
        let text = "3\n0 1 2\n1 0 3 4\n2 0 5\n3 1 6\n4 1 7\n5 2\n6 3\n7 4\n";
        let g = Graph::parse(&Source::from_bytes("g.txt", text))?;
        assert_eq!((g.nodes(), g.edges(), g.rounds(), g.rounds_at()), (8, 14, Some(3), Some(0)));
        assert_eq!(g.successors(1), &[0, 3, 4]);
        assert_eq!(g.successors(99), &[] as &[u32]);
        assert_eq!(g.to_text(3), text);
        // Lenient: blank lines, any order, CRLF, a self loop.
        let g = Graph::parse(&Source::from_bytes("g.txt", "\n 2\r\n\n1 1 0\r\n0 1\n"))?;
        assert_eq!(g.to_text(2), "2\n0 1\n1 1 0\n");
        assert_eq!(g.rounds_at(), Some(2));
        Ok(())
    }

    #[test]
    fn errors_are_located_with_help() {
        let cases: [(&str, (usize, usize), &str); 9] = [
            ("", (1, 1), "the file is empty"),
            ("x\n0\n", (1, 1), "`x` is not a number of rounds"),
            ("0\n0\n", (1, 1), "`0` is not a number of rounds"),
            ("3 4\n0\n", (1, 3), "the first line has more than one number"),
            ("3\n", (1, 2), "the file has no node lines"),
            ("3\n0 1\n1 a\n", (3, 3), "`a` is not a node id"),
            ("3\n0 1 2\n1\n", (2, 5), "node 2 has no line: the file has 2 node lines, so the ids are 0 to 1"),
            ("3\n0 1\n0\n", (3, 1), "node 0 has a second line (the first is line 2)"),
            ("3\n0 1 1\n1\n", (2, 5), "successor 1 of node 0 is listed twice"),
        ];
        for (text, at, message) in cases {
            let e = error(text);
            assert_eq!(((e.line, e.col), e.message.as_str()), (at, message), "{text:?}");
            assert!(!e.help.is_empty());
        }
        let e = error("3\n0 1\n99999999999999999999999\n");
        assert_eq!((e.line, e.col), (3, 1));
        assert!(e.message.starts_with("node 99999999999999999999999 has no line"), "{}", e.message);
        insta::assert_snapshot!("missing_node_line", error("3\n0 1 2\n1\n").to_string());
    }

    #[test]
    fn more_than_the_most_nodes_is_refused_at_the_first_line_too_many() {
        let mut text = String::from("1\n");
        for v in 0..=MAX_NODES {
            text.push_str(&format!("{v}\n"));
        }
        let e = error(&text);
        assert_eq!((e.line, e.col), (MAX_NODES + 2, 1));
        assert_eq!(e.message, "the graph has more than 100000 nodes");
    }
}

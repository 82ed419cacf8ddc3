//! The directed graph of graph games, and its text form.

/// The most nodes a graph may have (parsed files and generators alike).
pub const MAX_NODES: usize = 100_000;

/// A directed graph on the nodes `0..n`, node 0 the start, with the number of rounds its
/// file asked for. Successors are kept in the order given (generators: ascending), without
/// duplicates; self loops are allowed (a game's rules say whether one is a move).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    successors: Vec<Vec<u32>>,
    rounds: Option<u32>,
    /// Where the rounds are in the graph's file (a byte offset), for a parsed graph.
    rounds_at: Option<usize>,
}

impl Graph {
    /// A graph from checked parts: at least one node, at most [`MAX_NODES`], every
    /// successor a node, none twice in a list.
    pub(super) fn from_parts(successors: Vec<Vec<u32>>, rounds: Option<u32>) -> Graph {
        Graph { successors, rounds, rounds_at: None }
    }

    /// The graph with its rounds read at byte `offset` of its file.
    pub(super) fn read_at(self, offset: usize) -> Graph {
        Graph { rounds_at: Some(offset), ..self }
    }

    /// The number of nodes (at least 1: node 0).
    pub fn nodes(&self) -> usize {
        self.successors.len()
    }

    /// The successors of `v`, empty for a node that does not exist.
    pub fn successors(&self, v: u32) -> &[u32] {
        self.successors.get(v as usize).map_or(&[], Vec::as_slice)
    }

    /// The number of edges.
    pub fn edges(&self) -> usize {
        self.successors.iter().map(Vec::len).sum()
    }

    /// The number of rounds the file's first line gives (`None` for generated graphs).
    pub fn rounds(&self) -> Option<u32> {
        self.rounds
    }

    /// Where [`rounds`](Self::rounds) is in the graph's file (a byte offset; `None` for
    /// generated graphs): a refusal of the rounds as too large points at it.
    pub fn rounds_at(&self) -> Option<usize> {
        self.rounds_at
    }

    /// The predecessors of every node, in ascending order.
    pub fn predecessors(&self) -> Vec<Vec<u32>> {
        let mut pred = vec![Vec::new(); self.nodes()];
        for (u, succ) in self.successors.iter().enumerate() {
            for &v in succ {
                pred[v as usize].push(u as u32);
            }
        }
        pred
    }

    /// The graph in the thesis's text format with `rounds` on the first line, one line per
    /// node in id order: deterministic, and read back by [`Graph::parse`].
    pub fn to_text(&self, rounds: u32) -> String {
        let mut out = format!("{rounds}\n");
        for (v, succ) in self.successors.iter().enumerate() {
            out.push_str(&v.to_string());
            for s in succ {
                out.push(' ');
                out.push_str(&s.to_string());
            }
            out.push('\n');
        }
        out
    }
}

//! The explicit-state reference solver: a search over positions (last named node, the set
//! of used nodes or edges, rounds left, whose turn) with a memo, iterative so that no
//! graph overflows the stack, and a budget on the positions it expands.

use std::collections::HashMap;

use super::rules::{Rule, Variant};
use gamekit::graph::Graph;

/// The positions [`Solver::new`] may expand before it gives up.
pub const DEFAULT_BUDGET: u64 = 2_000_000;

/// Why the solver gave no answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The search expanded its budget of positions.
    #[error("the geography search expanded {limit} positions without an answer; raise the budget or lower the rounds")]
    Budget { limit: u64 },
    /// A path given to the solver is not a legal play.
    #[error("move {index} of the path, node {node}, is not a legal move there (not an unused successor of the last named node)")]
    IllegalMove { index: usize, node: u32 },
}

/// A position: the last named node, the used nodes (or edges) as a bitset, the rounds
/// left (capped where more cannot matter) and whether player 1 is to move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Position {
    node: u32,
    used: Vec<u64>,
    left: u32,
    p1: bool,
}

impl Position {
    fn has(&self, bit: usize) -> bool {
        self.used[bit / 64] >> (bit % 64) & 1 == 1
    }
}

/// A position being searched: its moves (target node, bit to set) and the next to try.
struct Frame {
    pos: Position,
    moves: Vec<(u32, usize)>,
    next: usize,
}

/// The reference solver of one graph, variant and rule; the memo is kept between calls.
pub struct Solver<'g> {
    graph: &'g Graph,
    variant: Variant,
    rule: Rule,
    /// The number of the first edge out of each node (edge `offsets[u] + i` is the i-th
    /// successor of `u`), and the total at the end.
    offsets: Vec<usize>,
    memo: HashMap<Position, bool>,
    budget: u64,
    expanded: u64,
}

impl<'g> Solver<'g> {
    /// A solver with the [`DEFAULT_BUDGET`].
    pub fn new(graph: &'g Graph, variant: Variant, rule: Rule) -> Solver<'g> {
        let mut offsets = Vec::with_capacity(graph.nodes() + 1);
        let mut total = 0;
        for v in 0..graph.nodes() as u32 {
            offsets.push(total);
            total += graph.successors(v).len();
        }
        offsets.push(total);
        Solver { graph, variant, rule, offsets, memo: HashMap::new(), budget: DEFAULT_BUDGET, expanded: 0 }
    }

    /// The solver with another budget of expanded positions (counted over all calls).
    pub fn with_budget(self, positions: u64) -> Solver<'g> {
        Solver { budget: positions, ..self }
    }

    /// The positions expanded so far.
    pub fn expanded(&self) -> u64 {
        self.expanded
    }

    /// Whether player 1 wins within `rounds` rounds from the start.
    pub fn wins_within(&mut self, rounds: u32) -> Result<bool, SolveError> {
        let start = self.replay(&[])?;
        self.value(self.at_rounds(start, rounds))
    }

    /// The round limit at which the value changes, the least `r ≤ max_rounds` where the
    /// side with time on its side wins: for [`Variant::LastMover`] the least `r` at which
    /// player 1 wins (he has forced player 2 to be stuck by then); for
    /// [`Variant::Thesis`] the least `r` at which player 1 loses (player 2 can leave him
    /// stuck at one of his rounds `≤ r`). `None` if there is none up to `max_rounds`. Past
    /// the longest possible play both variants have the unbounded game's value.
    pub fn critical(&mut self, max_rounds: u32) -> Result<Option<u32>, SolveError> {
        let want = self.variant == Variant::LastMover;
        let longest = u32::try_from(self.universe()).unwrap_or(u32::MAX).saturating_add(1);
        for r in 1..=max_rounds.min(longest) {
            if self.wins_within(r)? == want {
                return Ok(Some(r));
            }
        }
        Ok(None)
    }

    /// Whether player 1 wins after the named nodes `path` (node 0 not included) with
    /// `rounds_left` rounds still to play.
    pub fn wins_from(&mut self, path: &[u32], rounds_left: u32) -> Result<bool, SolveError> {
        let pos = self.replay(path)?;
        self.value(self.at_rounds(pos, rounds_left))
    }

    /// The legal moves after the named nodes `path` (node 0 not included), in successor
    /// order.
    pub fn legal_moves(&self, path: &[u32]) -> Result<Vec<u32>, SolveError> {
        let pos = self.replay(path)?;
        Ok(self.moves(&pos).into_iter().map(|(v, _)| v).collect())
    }

    /// The moves after `path` (node 0 not included) that keep the win for the player to
    /// move (player 1 after a path of even length), with `rounds_left` rounds still to play
    /// including this one; empty if that player cannot win.
    pub fn winning_moves(&mut self, path: &[u32], rounds_left: u32) -> Result<Vec<u32>, SolveError> {
        let pos = self.replay(path)?;
        if rounds_left == 0 {
            return Ok(Vec::new());
        }
        let pos = self.at_rounds(pos, rounds_left);
        let mut good = Vec::new();
        for (v, bit) in self.moves(&pos) {
            let child = self.play(&pos, v, bit);
            if self.value(child)? == pos.p1 {
                good.push(v);
            }
        }
        Ok(good)
    }

    /// The number of nodes or edges, what the rule uses up.
    fn universe(&self) -> usize {
        match self.rule {
            Rule::Vertex => self.graph.nodes(),
            Rule::Edge => self.graph.edges(),
        }
    }

    /// The position after `path`, with no rounds left set (see [`Solver::at_rounds`]).
    fn replay(&self, path: &[u32]) -> Result<Position, SolveError> {
        let mut pos = Position { node: 0, used: vec![0; self.universe().div_ceil(64)], left: 0, p1: true };
        if self.rule == Rule::Vertex {
            pos.used[0] |= 1;
        }
        for (index, &node) in path.iter().enumerate() {
            let Some(&(v, bit)) = self.moves(&pos).iter().find(|m| m.0 == node) else {
                return Err(SolveError::IllegalMove { index, node });
            };
            pos = self.play(&pos, v, bit);
        }
        Ok(pos)
    }

    /// `pos` with `rounds` left, capped at one more than the unused nodes or edges: no
    /// play is longer, so more rounds cannot change the value.
    fn at_rounds(&self, pos: Position, rounds: u32) -> Position {
        let unused: u32 =
            pos.used.iter().map(|w| w.count_zeros()).sum::<u32>() - (pos.used.len() * 64 - self.universe()) as u32;
        Position { left: rounds.min(unused + 1), ..pos }
    }

    fn moves(&self, pos: &Position) -> Vec<(u32, usize)> {
        let u = pos.node;
        let first = self.offsets[u as usize];
        self.graph
            .successors(u)
            .iter()
            .enumerate()
            .map(|(i, &v)| match self.rule {
                Rule::Vertex => (v, v as usize),
                Rule::Edge => (v, first + i),
            })
            .filter(|&(_, bit)| !pos.has(bit))
            .collect()
    }

    fn play(&self, pos: &Position, v: u32, bit: usize) -> Position {
        let mut used = pos.used.clone();
        used[bit / 64] |= 1 << (bit % 64);
        Position { node: v, used, left: pos.left.saturating_sub(1), p1: !pos.p1 }
    }

    /// The value of a position already known: the end of the rounds, or memoised.
    fn known(&self, pos: &Position) -> Option<bool> {
        if pos.left == 0 {
            return Some(self.variant == Variant::Thesis);
        }
        self.memo.get(pos).copied()
    }

    fn expand(&mut self, pos: Position) -> Result<Frame, SolveError> {
        if self.expanded >= self.budget {
            return Err(SolveError::Budget { limit: self.budget });
        }
        self.expanded += 1;
        let moves = self.moves(&pos);
        Ok(Frame { pos, moves, next: 0 })
    }

    /// Whether player 1 wins from `pos`. The mover wins iff some move wins for him; a
    /// player without a move loses; at the end of the rounds the variant decides.
    fn value(&mut self, pos: Position) -> Result<bool, SolveError> {
        if let Some(v) = self.known(&pos) {
            return Ok(v);
        }
        let mut stack = vec![self.expand(pos)?];
        let mut returned: Option<bool> = None;
        loop {
            let Some(top) = stack.last_mut() else {
                // The stack empties only after the root returned its value.
                return Ok(returned.unwrap_or(false));
            };
            let mut decided = None;
            if let Some(v) = returned.take() {
                if v == top.pos.p1 {
                    decided = Some(v);
                } else {
                    top.next += 1;
                }
            }
            let mut child = None;
            while decided.is_none() && child.is_none() {
                let Some(&(v, bit)) = top.moves.get(top.next) else {
                    // No move wins for the mover.
                    decided = Some(!top.pos.p1);
                    break;
                };
                let next = self.play(&top.pos, v, bit);
                match self.known(&next) {
                    Some(value) if value == top.pos.p1 => decided = Some(value),
                    Some(_) => top.next += 1,
                    None => child = Some(next),
                }
            }
            match (decided, child) {
                (Some(value), _) => {
                    if let Some(frame) = stack.pop() {
                        self.memo.insert(frame.pos, value);
                    }
                    returned = Some(value);
                }
                (None, Some(next)) => {
                    let frame = self.expand(next)?;
                    stack.push(frame);
                }
                (None, None) => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamekit::graph::{gnm, gnp, thesis_example};

    /// The graph of the successor lists `succ`, through its text (one round on the first
    /// line; the tests name their rounds).
    fn graph(succ: &[&[u32]]) -> Graph {
        let mut text = String::from("1\n");
        for (v, s) in succ.iter().enumerate() {
            text.push_str(&v.to_string());
            s.iter().for_each(|w| text.push_str(&format!(" {w}")));
            text.push('\n');
        }
        Graph::parse(&contract::Source::from_bytes("g.txt", text)).expect("a graph")
    }

    fn values(g: &Graph, variant: Variant, rule: Rule, rounds: u32) -> Result<Vec<bool>, SolveError> {
        let mut s = Solver::new(g, variant, rule);
        (1..=rounds).map(|r| s.wins_within(r)).collect()
    }

    /// The game value by plain recursion over plays, no memo: the definition itself.
    fn brute(g: &Graph, variant: Variant, rule: Rule, path: &mut Vec<(u32, u32)>, left: u32) -> bool {
        let p1 = path.len().is_multiple_of(2);
        if left == 0 {
            return variant == Variant::Thesis;
        }
        let last = path.last().map_or(0, |&(_, v)| v);
        for &v in g.successors(last) {
            let used = match rule {
                Rule::Vertex => v == 0 || path.iter().any(|&(_, w)| w == v),
                Rule::Edge => path.contains(&(last, v)),
            };
            if used {
                continue;
            }
            path.push((last, v));
            let value = brute(g, variant, rule, path, left - 1);
            path.pop();
            if value == p1 {
                return p1;
            }
        }
        // The mover had no move (he loses) or no move that wins for him.
        !p1
    }

    #[test]
    fn the_thesis_example_is_won_at_three_rounds_by_moving_to_node_1() -> Result<(), SolveError> {
        let g = thesis_example();
        let mut s = Solver::new(&g, Variant::Thesis, Rule::Vertex);
        assert!(s.wins_within(3)?);
        assert_eq!(s.winning_moves(&[], 3)?, vec![1]);
        // Player 2 then has 3 and 4; after either player 1 has one winning reply.
        assert_eq!(s.legal_moves(&[1])?, vec![3, 4]);
        assert_eq!(s.winning_moves(&[1], 2)?, Vec::<u32>::new());
        assert_eq!(s.winning_moves(&[1, 3], 1)?, vec![6]);
        assert_eq!(s.winning_moves(&[1, 4], 1)?, vec![7]);
        assert_eq!(s.legal_moves(&[1, 0]), Err(SolveError::IllegalMove { index: 1, node: 0 }));
        // After 1→3→6 player 2 is stuck: with 4 rounds player 1 still wins; under
        // LastMover he needs those 4 rounds.
        assert_eq!(values(&g, Variant::Thesis, Rule::Vertex, 5)?, [true; 5]);
        assert_eq!(values(&g, Variant::LastMover, Rule::Vertex, 5)?, [false, false, false, true, true]);
        assert_eq!(Solver::new(&g, Variant::LastMover, Rule::Vertex).critical(8)?, Some(4));
        assert_eq!(Solver::new(&g, Variant::Thesis, Rule::Vertex).critical(8)?, None);
        Ok(())
    }

    #[test]
    fn the_variants_differ_until_the_play_is_over() -> Result<(), SolveError> {
        // 0→1→2: player 1 is stuck at round 3. Thesis: won at rounds 1 and 2, lost from 3;
        // LastMover: never won.
        let path = graph(&[&[1], &[2], &[]]);
        assert_eq!(values(&path, Variant::Thesis, Rule::Vertex, 4)?, [true, true, false, false]);
        assert_eq!(values(&path, Variant::LastMover, Rule::Vertex, 4)?, [false; 4]);
        assert_eq!(Solver::new(&path, Variant::Thesis, Rule::Vertex).critical(10)?, Some(3));
        assert_eq!(Solver::new(&path, Variant::LastMover, Rule::Vertex).critical(10)?, None);
        // 0→1: player 2 is stuck at round 2. They differ at round 1 only.
        let one = graph(&[&[1], &[]]);
        assert_eq!(values(&one, Variant::Thesis, Rule::Vertex, 3)?, [true; 3]);
        assert_eq!(values(&one, Variant::LastMover, Rule::Vertex, 3)?, [false, true, true]);
        // A start without successors: player 1 is stuck at once, under every variant.
        let none = graph(&[&[]]);
        assert_eq!(values(&none, Variant::Thesis, Rule::Vertex, 2)?, [false; 2]);
        Ok(())
    }

    #[test]
    fn the_edge_rule_lets_nodes_repeat() -> Result<(), SolveError> {
        // 0⇄1: under Vertex player 2 cannot return to 0; under Edge he can, and then
        // player 1 cannot take 0→1 again.
        let g = graph(&[&[1], &[0]]);
        assert_eq!(values(&g, Variant::LastMover, Rule::Vertex, 3)?, [false, true, true]);
        assert_eq!(values(&g, Variant::LastMover, Rule::Edge, 3)?, [false; 3]);
        assert_eq!(values(&g, Variant::Thesis, Rule::Edge, 3)?, [true, true, false]);
        // A self loop is a move under Edge only.
        let lp = graph(&[&[0]]);
        assert_eq!(values(&lp, Variant::LastMover, Rule::Edge, 2)?, [false, true]);
        assert_eq!(values(&lp, Variant::LastMover, Rule::Vertex, 2)?, [false, false]);
        Ok(())
    }

    #[test]
    fn the_solver_agrees_with_plain_recursion_on_random_graphs() -> Result<(), SolveError> {
        for seed in 0..40u64 {
            let n = 2 + (seed % 6) as usize;
            let g = if seed % 2 == 0 { gnp(n, 0.4, seed) } else { gnm(n, 2 * n, seed) };
            for variant in Variant::ALL {
                for rule in Rule::ALL {
                    let mut s = Solver::new(&g, variant, rule);
                    let limit = (g.edges() + 2).min(9) as u32;
                    for r in 0..=limit {
                        let want = brute(&g, variant, rule, &mut Vec::new(), r);
                        assert_eq!(s.wins_within(r)?, want, "seed {seed} {variant} {rule} r={r}");
                    }
                }
            }
        }
        Ok(())
    }

    #[test]
    fn long_plays_use_the_heap_and_the_budget_stops_the_search() -> Result<(), SolveError> {
        let n = 100_000u32;
        let succ: Vec<Vec<u32>> = (0..n).map(|v| if v + 1 < n { vec![v + 1] } else { vec![] }).collect();
        let line = graph(&succ.iter().map(Vec::as_slice).collect::<Vec<_>>());
        // 99,999 moves: the last is player 1's, so player 2 is stuck.
        let mut s = Solver::new(&line, Variant::LastMover, Rule::Vertex);
        assert!(s.wins_within(u32::MAX)?);
        let mut small = Solver::new(&line, Variant::LastMover, Rule::Vertex).with_budget(10);
        assert_eq!(small.wins_within(u32::MAX), Err(SolveError::Budget { limit: 10 }));
        Ok(())
    }
}

//! Rule bodies decomposed: a rule whose body joins literals that share few variables is
//! split along a tree decomposition of its variable graph, with an auxiliary relation
//! per part, so that its ground instances grow with the body's width, not its length.
//!
//! The frame rule of a piece game
//! ```lisp
//! (<= (next (location ?x ?y ?piece))
//!     (true (location ?x ?y ?piece)) (role ?player)
//!     (does ?player (move ?x1 ?y1 ?x2 ?y2))
//!     (distinctCell ?x ?y ?x1 ?y1) (distinctCell ?x ?y ?x2 ?y2))
//! ```
//! grounds as written to cells × pieces × moves × players instances. Split, the move's
//! variables are projected away in a part over `(?x ?y)`, true when the move made leaves
//! that cell alone, and the frame is a join of the position with that part: cells ×
//! moves + cells × pieces.
//!
//! **Parts that hang from the head.** First, the positive literals are grouped by the
//! variables outside the head they share; each group is a part whose relation's
//! arguments are its variables that occur in the head or in a literal of another part,
//! the others projected away. A filter (negation, `distinct`) joins the part that binds
//! all its variables positively and holds its variables outside the head; otherwise it
//! stays in the head's rule, and its variables are arguments of their parts. This is
//! the tree decomposition whose root bag is the head and whose subtrees are not split
//! further: it never multiplies domains that the rule as written keeps apart.
//!
//! **Tree decompositions.** When nothing hangs from the head (the body is one group),
//! the variable graph is decomposed: it has an edge between two variables of one
//! literal, the head's variables a clique more so that they end in the root. The
//! variables not in the head are eliminated one by one, the one with the fewest
//! neighbours first (ties: fewest fill edges, then the lower number); each elimination
//! makes a bag, the variable and its neighbours then, whose parent is the bag of the
//! neighbour eliminated next. A positive literal goes to the bag of its variable
//! eliminated first (which holds all its variables); a filter to the first bag on the
//! way to the root whose part binds all its variables positively, so that every part is
//! safe. The part of a bag is the conjunction of the literals of its subtree, with the
//! variables that occur nowhere else projected away: its relation's arguments are the
//! subtree's variables that occur outside it or in the head. Parts that project nothing
//! are joined into their parent. A rule is split when its widest part has fewer
//! variables than the rule.
//!
//! Parts of static literals only are never made: the grounder decides them and builds
//! nothing from them, and as relations of their own they would be grounded over their
//! whole domain, not for what the rule's other literals (a demand guard among them) ask.
//!
//! **Meaning.** A part's relation holds exactly for the values of its arguments that some
//! values of its projected variables extend to its literals, so the split rule derives
//! what the rule derives, in every model (the parts are positive, so stratification is
//! kept, and they use no relation in a cycle with the head: recursive rules are not
//! split). What the grounder builds from a split rule is chosen per rule, by what is
//! built ([`ground`](super::ground)): the parts when their gates have less than half the
//! literals of the rule's and no more variables, the rule as written otherwise; where
//! the parts are chosen, the ground game keeps the rule as written beside them, and the
//! encodings keep the smaller of the two formulas. Parts of rules that only restrict
//! grounding (demand rules) are demand relations too.
//!
//! ## References
//! - M. Bichler, M. Morak, S. Woltran: *lpopt: A Rule Optimization Tool for Answer Set
//!   Programming*, LOPSTR 2016 (rule decomposition along tree decompositions).
//! - R. Dechter: *Bucket Elimination: A Unifying Framework for Reasoning*, Artificial
//!   Intelligence 113, 1999 (elimination orders and their bags).

use std::collections::{BTreeMap, BTreeSet};

use super::adorn::{literal_vars, rule_vars};
use super::program::{Atom, Literal, Pat, Program, Rule, Split};
use super::terms::kw;
use super::validate::{self, Analysis};

/// Whether rule bodies are decomposed before grounding.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Decompose {
    /// Rules are grounded as written.
    Off,
    /// Rules are split along tree decompositions of their bodies (see the module doc).
    On,
}

/// The program with its rules split where that narrows them, and its analysis; the
/// program as it was when the split one does not validate (it always should: the parts
/// keep safety, stratification and the keywords' dependencies).
pub fn split_program(program: Program, analysis: Analysis) -> (Program, Analysis) {
    let component = validate::components(&program);
    let mut store = program.store.clone();
    let mut rules = Vec::with_capacity(program.rules.len());
    let mut splits = Vec::new();
    let mut demand = program.demand.clone();
    let mut parts = 0usize;
    for rule in &program.rules {
        let recursive = rule.body.iter().any(|l| match l {
            Literal::Pos(a) | Literal::Neg(a) => component.get(&a.key()) == component.get(&rule.head.key()),
            Literal::Distinct(..) => false,
        });
        let dynamic = |l: &Literal| match l {
            Literal::Pos(a) | Literal::Neg(a) => {
                analysis.dynamic.contains(&a.key()) || a.key() == (kw::TRUE, 1) || a.key() == (kw::DOES, 2)
            }
            Literal::Distinct(..) => false,
        };
        let split = if recursive { None } else { split_at_head(rule, &dynamic).or_else(|| split_rule(rule, &dynamic)) };
        let Some(split) = split else {
            rules.push(rule.clone());
            continue;
        };
        let start = rules.len();
        let name = store.name(rule.head.pred).to_string();
        let syms: Vec<_> = (1..split.len())
            .map(|_| {
                parts += 1;
                store.sym(&format!("{name} #part{parts}"))
            })
            .collect();
        for (k, part) in split.iter().enumerate() {
            let head = match part.args.as_ref() {
                Some(args) => {
                    Atom { pred: syms[k], args: args.iter().map(|&v| Pat::Var(v)).collect(), offset: rule.offset }
                }
                None => rule.head.clone(),
            };
            let mut body: Vec<Literal> = part.literals.iter().map(|&i| rule.body[i].clone()).collect();
            for &c in &part.children {
                let args = split[c].args.as_ref().map_or(Vec::new(), |a| a.iter().map(|&v| Pat::Var(v)).collect());
                body.push(Literal::Pos(Atom { pred: syms[c], args, offset: rule.offset }));
            }
            if program.demand.contains(&rule.head.key()) && k + 1 < split.len() {
                demand.insert((syms[k], head.args.len()));
            }
            rules.push(Rule { head, body, offset: rule.offset, var_names: rule.var_names.clone() });
        }
        splits.push(Split { rule: rule.clone(), rules: start..rules.len() });
    }
    if splits.is_empty() {
        return (program, analysis);
    }
    let split = Program { source: program.source.clone(), store, rules, demand, splits };
    match validate::validate(&split) {
        Ok(analysis) => (split, analysis),
        Err(_) => (program, analysis),
    }
}

/// One part of a split rule: its literals (body indexes), the parts it joins (indexes
/// into the split), and its relation's arguments (none for the head's rule).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Part {
    literals: Vec<usize>,
    children: Vec<usize>,
    args: Option<Vec<u32>>,
}

/// The parts of `rule` that hang from the head: the positive literals joined through
/// variables not in the head form one part each, projecting those variables away; a
/// filter joins the part whose positive literals bind all its variables and that holds
/// its variables outside the head, and goes to the head's rule otherwise (its variables
/// are then arguments of their parts). `None` when that splits nothing off.
fn split_at_head(rule: &Rule, dynamic: &dyn Fn(&Literal) -> bool) -> Option<Vec<Part>> {
    let head: BTreeSet<u32> = rule.head.vars().into_iter().collect();
    let vars: Vec<BTreeSet<u32>> = rule.body.iter().map(|l| literal_vars(l).into_iter().collect()).collect();
    let positive: Vec<usize> = (0..rule.body.len()).filter(|&i| matches!(rule.body[i], Literal::Pos(_))).collect();
    // Groups of positive literals connected through variables outside the head.
    let mut root: Vec<usize> = (0..rule.body.len()).collect();
    fn find(root: &mut [usize], i: usize) -> usize {
        let mut r = i;
        while root[r] != r {
            r = root[r];
        }
        root[i] = r;
        r
    }
    let mut first: BTreeMap<u32, usize> = BTreeMap::new();
    for &i in &positive {
        for v in vars[i].iter().filter(|v| !head.contains(v)) {
            let j = *first.entry(*v).or_insert(i);
            let (a, b) = (find(&mut root, i), find(&mut root, j));
            root[a.max(b)] = a.min(b);
        }
    }
    let mut group: Vec<Option<usize>> = vec![None; rule.body.len()];
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut index: BTreeMap<usize, usize> = BTreeMap::new();
    for &i in &positive {
        if vars[i].iter().all(|v| head.contains(v)) {
            continue;
        }
        let r = find(&mut root, i);
        let g = *index.entry(r).or_insert_with(|| {
            groups.push(Vec::new());
            groups.len() - 1
        });
        groups[g].push(i);
        group[i] = Some(g);
    }
    let owner: BTreeMap<u32, usize> = first.iter().map(|(&v, &i)| (v, group[i].unwrap_or(0))).collect();
    let bound: Vec<BTreeSet<u32>> =
        groups.iter().map(|ls| ls.iter().flat_map(|&i| vars[i].iter().copied()).collect()).collect();
    for (i, lit) in rule.body.iter().enumerate() {
        if matches!(lit, Literal::Pos(_)) {
            continue;
        }
        let local: BTreeSet<usize> =
            vars[i].iter().filter(|v| !head.contains(v)).filter_map(|v| owner.get(v).copied()).collect();
        if let [g] = local.iter().copied().collect::<Vec<_>>()[..] {
            if vars[i].is_subset(&bound[g]) {
                group[i] = Some(g);
                groups[g].push(i);
            }
        }
    }
    // A group of static literals only is decided while grounding and builds nothing: it
    // stays in the head's rule (as a part it would be grounded in full, not on demand).
    for literals in &mut groups {
        if !literals.iter().any(|&i| dynamic(&rule.body[i])) {
            for i in std::mem::take(literals) {
                group[i] = None;
            }
        }
    }
    let at_root: Vec<usize> = (0..rule.body.len()).filter(|&i| group[i].is_none()).collect();
    let outside: BTreeSet<u32> =
        head.iter().copied().chain(at_root.iter().flat_map(|&i| vars[i].iter().copied())).collect();
    let mut parts: Vec<Part> = Vec::new();
    for mut literals in groups.into_iter().filter(|ls| !ls.is_empty()) {
        literals.sort_unstable();
        let all: BTreeSet<u32> = literals.iter().flat_map(|&i| vars[i].iter().copied()).collect();
        let args: Vec<u32> = all.iter().copied().filter(|v| outside.contains(v)).collect();
        if args.len() == all.len() {
            // Projects nothing: its literals stay in the head's rule.
            return None;
        }
        parts.push(Part { literals, children: Vec::new(), args: Some(args) });
    }
    if parts.is_empty() || parts.len() + at_root.len() < 2 {
        return None;
    }
    let children = (0..parts.len()).collect();
    parts.push(Part { literals: at_root, children, args: None });
    parts.iter().all(|p| safe(rule, p, &parts)).then_some(parts)
}

/// The parts of `rule`, children before their parents and the head's part last; `None`
/// when no part is narrower than the rule (see the module doc).
fn split_rule(rule: &Rule, dynamic: &dyn Fn(&Literal) -> bool) -> Option<Vec<Part>> {
    if rule.body.len() < 2 {
        return None;
    }
    let head: BTreeSet<u32> = rule.head.vars().into_iter().collect();
    let vars: Vec<BTreeSet<u32>> = rule.body.iter().map(|l| literal_vars(l).into_iter().collect()).collect();
    let all = rule_vars(rule);
    // The variable graph, the head's variables a clique.
    let mut graph: BTreeMap<u32, BTreeSet<u32>> = all.iter().map(|&v| (v, BTreeSet::new())).collect();
    for clique in vars.iter().chain(std::iter::once(&head)) {
        for &a in clique {
            for &b in clique {
                if a != b {
                    graph.entry(a).or_default().insert(b);
                }
            }
        }
    }
    // Elimination of the variables outside the head: node k is the bag of the k-th.
    let mut order: Vec<u32> = Vec::new();
    let mut neighbours: Vec<BTreeSet<u32>> = Vec::new();
    let mut left: BTreeSet<u32> = all.difference(&head).copied().collect();
    while let Some(v) = left.iter().copied().min_by_key(|&v| {
        let n = &graph[&v];
        let fill: usize = n.iter().map(|a| n.iter().filter(|&b| a < b && !graph[a].contains(b)).count()).sum();
        (n.len(), fill, v)
    }) {
        left.remove(&v);
        let n = graph.remove(&v).unwrap_or_default();
        for &a in &n {
            let edges = graph.entry(a).or_default();
            edges.remove(&v);
            edges.extend(n.iter().copied().filter(|&b| b != a));
        }
        order.push(v);
        neighbours.push(n);
    }
    let root = order.len();
    let node_of: BTreeMap<u32, usize> = order.iter().enumerate().map(|(k, &v)| (v, k)).collect();
    let parent: Vec<usize> =
        neighbours.iter().map(|n| n.iter().filter_map(|v| node_of.get(v).copied()).min().unwrap_or(root)).collect();
    let first_node = |vs: &BTreeSet<u32>| vs.iter().filter_map(|v| node_of.get(v).copied()).min().unwrap_or(root);
    // Positive literals first, then each filter where its part binds its variables.
    let mut at: Vec<usize> = vec![root; rule.body.len()];
    let mut bound: Vec<BTreeSet<u32>> = vec![BTreeSet::new(); root + 1];
    for (i, lit) in rule.body.iter().enumerate() {
        if matches!(lit, Literal::Pos(_)) {
            at[i] = first_node(&vars[i]);
            bound[at[i]].extend(vars[i].iter().copied());
        }
    }
    for k in 0..root {
        let below = bound[k].clone();
        bound[parent[k]].extend(below);
    }
    for (i, lit) in rule.body.iter().enumerate() {
        if !matches!(lit, Literal::Pos(_)) {
            let mut k = first_node(&vars[i]);
            while k < root && !vars[i].is_subset(&bound[k]) {
                k = parent[k];
            }
            at[i] = k;
        }
    }
    // Each node's subtree: how often each variable occurs in it; the rest is outside.
    let mut total: BTreeMap<u32, usize> = BTreeMap::new();
    for vs in &vars {
        for &v in vs {
            *total.entry(v).or_default() += 1;
        }
    }
    let mut inside: Vec<BTreeMap<u32, usize>> = vec![BTreeMap::new(); root + 1];
    for (i, vs) in vars.iter().enumerate() {
        for &v in vs {
            *inside[at[i]].entry(v).or_default() += 1;
        }
    }
    for k in 0..root {
        let below = std::mem::take(&mut inside[k]);
        for (&v, &n) in &below {
            *inside[parent[k]].entry(v).or_default() += n;
        }
        inside[k] = below;
    }
    let args: Vec<Vec<u32>> = inside
        .iter()
        .map(|occ| occ.iter().filter(|(v, &n)| head.contains(v) || n < total[v]).map(|(&v, _)| v).collect())
        .collect();
    // Nodes that project nothing (or hold nothing) join their parent.
    let mut own: Vec<Vec<usize>> = vec![Vec::new(); root + 1];
    for (i, &k) in at.iter().enumerate() {
        own[k].push(i);
    }
    let mut joined = vec![false; root + 1];
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); root + 1];
    for k in 0..root {
        if inside[k].is_empty() {
            continue;
        }
        let mut local: BTreeSet<u32> = own[k].iter().flat_map(|&i| vars[i].iter().copied()).collect();
        local.extend(children[k].iter().flat_map(|&c| args[c].iter().copied()));
        let projects = local.iter().any(|v| !args[k].contains(v));
        let p = parent[k];
        if projects {
            children[p].push(k);
        } else {
            let (lits, kids) = (std::mem::take(&mut own[k]), std::mem::take(&mut children[k]));
            own[p].extend(lits);
            children[p].extend(kids);
            joined[k] = true;
        }
    }
    if children[root].is_empty() {
        return None;
    }
    // Keep nodes that are parts, children before parents; number them densely.
    let kept: Vec<usize> = (0..=root).filter(|&k| k == root || (!joined[k] && !inside[k].is_empty())).collect();
    let index: BTreeMap<usize, usize> = kept.iter().enumerate().map(|(n, &k)| (k, n)).collect();
    let width = |k: usize| -> usize {
        let mut local: BTreeSet<u32> = own[k].iter().flat_map(|&i| vars[i].iter().copied()).collect();
        local.extend(children[k].iter().flat_map(|&c| args[c].iter().copied()));
        local.extend(args[k].iter().copied());
        if k == root {
            local.extend(head.iter().copied());
        }
        local.len()
    };
    if kept.iter().map(|&k| width(k)).max().unwrap_or(0) >= all.len() {
        return None;
    }
    let parts: Vec<Part> = kept
        .iter()
        .map(|&k| {
            let mut literals = own[k].clone();
            literals.sort_unstable();
            let mut kids: Vec<usize> = children[k].iter().map(|c| index[c]).collect();
            kids.sort_unstable();
            Part { literals, children: kids, args: (k != root).then(|| args[k].clone()) }
        })
        .collect();
    // As above: parts of static literals only build nothing, so no split makes them.
    let mut moving = vec![false; parts.len()];
    for (n, part) in parts.iter().enumerate() {
        moving[n] = part.literals.iter().any(|&i| dynamic(&rule.body[i])) || part.children.iter().any(|&c| moving[c]);
    }
    if moving[..parts.len() - 1].iter().any(|&m| !m) {
        return None;
    }
    parts.iter().all(|p| safe(rule, p, &parts)).then_some(parts)
}

/// Whether every variable of a part's rule occurs in one of its positive literals or in
/// a part it joins (the construction makes it so; checked, as the grounder relies on it).
fn safe(rule: &Rule, part: &Part, parts: &[Part]) -> bool {
    let mut positive: BTreeSet<u32> = part
        .literals
        .iter()
        .filter(|&&i| matches!(rule.body[i], Literal::Pos(_)))
        .flat_map(|&i| literal_vars(&rule.body[i]))
        .collect();
    positive.extend(part.children.iter().flat_map(|&c| parts[c].args.iter().flatten().copied()));
    let mut used: BTreeSet<u32> = part.literals.iter().flat_map(|&i| literal_vars(&rule.body[i])).collect();
    match &part.args {
        Some(args) => used.extend(args.iter().copied()),
        None => used.extend(rule.head.vars()),
    }
    used.is_subset(&positive)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{demand, rules, syntax};
    use contract::Source;

    fn split(text: &str) -> Program {
        let source = Source::from_bytes("split.kif", text);
        let sexps = syntax::read_sexps(&source).unwrap_or_else(|e| panic!("{e}"));
        let program = rules::build_program(source, &sexps).unwrap_or_else(|e| panic!("{e}"));
        let program = demand::bind_calls(program, demand::Demand::Helpers).unwrap_or_else(|e| panic!("{e}"));
        let analysis = validate::validate(&program).unwrap_or_else(|e| panic!("{e}"));
        split_program(program, analysis).0
    }

    fn text(program: &Program) -> Vec<String> {
        let store = &program.store;
        let pat = |p: &Pat| match p {
            Pat::Var(v) => format!("?{}", v),
            Pat::Fn(..) => "t".to_string(),
        };
        let atom =
            |a: &Atom| format!("({} {})", store.name(a.pred), a.args.iter().map(pat).collect::<Vec<_>>().join(" "));
        program
            .rules
            .iter()
            .filter(|r| !r.body.is_empty())
            .map(|r| {
                let body: Vec<String> = r
                    .body
                    .iter()
                    .map(|l| match l {
                        Literal::Pos(a) => atom(a),
                        Literal::Neg(a) => format!("(not {})", atom(a)),
                        Literal::Distinct(x, y, _) => format!("(distinct {} {})", pat(x), pat(y)),
                    })
                    .collect();
                format!("{} <= {}", atom(&r.head), body.join(" "))
            })
            .collect()
    }

    /// The frame rule of the issue: the move's variables are projected away before the
    /// join with the position.
    #[test]
    fn the_frame_rule_of_a_piece_game_is_split_at_the_cell() {
        let program = split(
            "(role a) (role b) (cell 1) (cell 2)
(<= (dc ?x ?y ?u ?v) (cell ?x) (cell ?y) (cell ?u) (cell ?v) (distinct ?x ?u))
(<= (next (location ?x ?y ?piece)) (true (location ?x ?y ?piece)) (role ?player)
    (does ?player (move ?x1 ?y1 ?x2 ?y2)) (dc ?x ?y ?x1 ?y1) (dc ?x ?y ?x2 ?y2))",
        );
        // ?0 ?1 ?2: x y piece; ?3: player; ?4 ?5 ?6 ?7: x1 y1 x2 y2.
        assert_eq!(
            text(&program)[1..],
            [
                "(next #part1 ?0 ?1) <= (role ?3) (does ?3 t) (dc ?0 ?1 ?4 ?5) (dc ?0 ?1 ?6 ?7)",
                "(next t) <= (true t) (next #part1 ?0 ?1)",
            ]
        );
        assert_eq!(program.splits.len(), 1);
        validate::validate(&program).unwrap_or_else(|e| panic!("{e}"));
    }

    #[test]
    fn a_filter_goes_where_its_variables_are_bound_positively() {
        let program = split(
            "(role a) (n 1) (n 2)
(<= (next (p ?x)) (true (p ?x)) (does a (go ?y ?z)) (n ?w) (distinct ?x ?y) (not (true (q ?w))))",
        );
        validate::validate(&program).unwrap_or_else(|e| panic!("{e}"));
        for rule in program.rules.iter().filter(|r| !r.body.is_empty()) {
            let positive: BTreeSet<u32> =
                rule.body.iter().filter(|l| matches!(l, Literal::Pos(_))).flat_map(literal_vars).collect();
            assert!(rule_vars(rule).is_subset(&positive), "{:?}", text(&program));
        }
    }

    /// A body whose literals share variables outside the head pairwise, a chain: no part
    /// hangs from the head alone, and the tree decomposition splits the chain.
    #[test]
    fn a_chain_is_split_along_its_tree_decomposition() {
        let program = split(
            "(role a) (e 1 2) (e 2 3)
(<= (next (p ?a ?f)) (true (q ?a ?b)) (e ?b ?c) (true (q ?c ?d)) (e ?d ?f))",
        );
        // ?0 ?1: a f; ?2 ?3 ?4: b c d, projected one after the other.
        assert_eq!(
            text(&program)[..],
            [
                "(next #part1 ?0 ?3) <= (true t) (e ?2 ?3)",
                "(next #part2 ?0 ?4) <= (true t) (next #part1 ?0 ?3)",
                "(next #part3 ?0 ?1) <= (e ?4 ?1) (next #part2 ?0 ?4)",
                "(next t) <= (next #part3 ?0 ?1)",
            ]
        );
        validate::validate(&program).unwrap_or_else(|e| panic!("{e}"));
    }

    #[test]
    fn recursive_rules_and_narrow_rules_stay_as_written() {
        let program = split(
            "(role a) (succ 1 2) (succ 2 3)
(<= (reach ?x ?y) (succ ?x ?y))
(<= (reach ?x ?z) (reach ?x ?y) (succ ?y ?z))
(<= (legal a (go ?x)) (true (at ?y)) (succ ?y ?x))",
        );
        assert!(program.splits.is_empty(), "{:?}", text(&program));
    }
}

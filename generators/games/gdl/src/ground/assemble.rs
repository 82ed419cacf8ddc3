//! The ground game assembled from the ground rules of its units (step 3 of the grounding,
//! see the module doc of `ground`).

use std::collections::BTreeSet;
use std::ops::ControlFlow;
use std::sync::Arc;

use rustc_hash::FxHashMap;

use super::error::GroundError;
use super::fixpoint::Grounder;
use super::game::{Definitions, Derived, GLit, GroundGame, Move, Node};
use super::tightness::{topological_order, GroundRules};
use super::units::{cost, instances, instances_while, smaller, Cost, Instances, Tally, Unit, Watch};
use crate::program::Program;
use crate::terms::{kw, Sym, TermId, TermStore};

fn sorted_by_text(store: &TermStore, mut terms: Vec<TermId>) -> Vec<TermId> {
    terms.sort_by_cached_key(|&t| store.display(t));
    terms
}

/// What the units build: per unit, the instances chosen and, when the parts of a split
/// rule were chosen over the rule as written, the rule's own instances.
struct Choice {
    chosen: Vec<Instances>,
    written: Option<Instances>,
    /// The offset of the unit's rule (its parts have it too).
    offset: usize,
}

/// The most instances of a split rule as written grounded before its parts: a rule as
/// written that has more is grounded after them, within a bound they set (the first
/// try's work is then lost: it is kept small).
const WRITTEN_FIRST: usize = 1 << 14;

/// The ground instances of `unit`: a split rule's parts unless the rule as written costs
/// no more ([`smaller`]); the rule as written within a bound beside the parts chosen.
///
/// A rule as written with few instances is grounded first, and its parts only while
/// they may still be chosen: their cost only grows as instances are found ([`Tally`]).
/// Otherwise the parts come first, and the rule as written is grounded within a bound
/// they set.
fn choose(program: &Program, store: &TermStore, g: &Grounder, unit: &Unit) -> Result<Choice, GroundError> {
    let offset = unit.whole.as_ref().or(unit.parts.first()).map_or(0, |plan| plan.rule.offset);
    let parts = |each: &mut Watch| {
        let mut all = Vec::new();
        for plan in &unit.parts {
            match instances_while(program, store, g, plan, g.limit, each)? {
                Some(instances) => all.push(instances),
                None => return Ok(None),
            }
        }
        Ok::<_, GroundError>(Some(all))
    };
    let Some(whole) = &unit.whole else {
        let chosen = parts(&mut |_, _| ControlFlow::Continue(()))?.unwrap_or_default();
        return Ok(Choice { chosen, written: None, offset });
    };
    // A rule as written with more instances than this is larger than its parts
    // (each body of a head with several costs 3 literals or more).
    let most = |split: Cost| 2 * (split.literals + split.instances) + 16;
    let (chosen, written) = match instances(program, store, g, whole, WRITTEN_FIRST.min(g.limit)) {
        Ok(flat) => {
            let written = cost(std::slice::from_ref(&flat));
            let mut tally = Tally::default();
            let found = parts(&mut |head, body| {
                tally.add(head, body.len());
                let sure = !smaller(tally.cost, written) && flat.len() <= most(tally.cost);
                if sure {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
            // Every instance found went through the tally: it is the parts' cost.
            match found {
                Ok(Some(parts)) => {
                    let split = tally.cost;
                    keep_smaller(parts, split, Some((flat, written)).filter(|(f, _)| f.len() <= most(split)))
                }
                _ => (vec![flat], None),
            }
        }
        Err(_) => match parts(&mut |_, _| ControlFlow::Continue(())) {
            Ok(parts) => {
                let parts = parts.unwrap_or_default();
                let split = cost(&parts);
                let flat = instances(program, store, g, whole, most(split)).ok().map(|flat| {
                    let written = cost(std::slice::from_ref(&flat));
                    (flat, written)
                });
                keep_smaller(parts, split, flat)
            }
            Err(e) => (vec![instances(program, store, g, whole, g.limit).map_err(|_| e)?], None),
        },
    };
    Ok(Choice { chosen, written, offset })
}

/// A split rule's parts, costing `split`, unless the rule as written (its instances and
/// their cost; none: more instances than the parts can outweigh) costs no more; the rule
/// as written beside the parts chosen.
fn keep_smaller(
    parts: Vec<Instances>,
    split: Cost,
    whole: Option<(Instances, Cost)>,
) -> (Vec<Instances>, Option<Instances>) {
    match whole {
        Some((flat, written)) if !smaller(split, written) => (vec![flat], None),
        Some((flat, _)) => (parts, Some(flat)),
        None => (parts, None),
    }
}

/// The parts of split rules are kept only when they save at least one literal in this
/// many of the game's literals of one step (as [`Cost`] counts them), against its rules
/// as written; otherwise the game is grounded as written. A split kept makes the game
/// and its formula be built twice, the encodings keeping the smaller
/// ([`GroundGame::written`]): for less than 1% it saves next to nothing (Amazons 10×10:
/// 484 of 1,322,863 ground rules, the same clauses, at 40% more time).
const MATERIAL: usize = 100;

impl Choice {
    /// The rule as written, where its parts were chosen.
    fn into_written(self) -> Choice {
        match self.written {
            Some(flat) => Choice { chosen: vec![flat], written: None, offset: self.offset },
            None => self,
        }
    }
}

/// Whether the parts chosen save at least a [`MATERIAL`] share of the game's literals of
/// one step against its rules as written.
fn material(choices: &[Choice]) -> bool {
    let mut common = Tally::default();
    for c in choices.iter().filter(|c| c.written.is_none()) {
        common.add_all(&c.chosen);
    }
    let (mut split, mut whole) = (common.clone(), common);
    for c in choices {
        if let Some(flat) = &c.written {
            split.add_all(&c.chosen);
            whole.add_all(std::slice::from_ref(flat));
        }
    }
    let saved = whole.cost.literals.saturating_sub(split.cost.literals);
    saved > 0 && MATERIAL * saved >= whole.cost.literals
}

/// The fluents and moves, which every choice of instances shares.
struct Domain<'s> {
    store: &'s TermStore,
    roles: Vec<TermId>,
    fluents: Vec<TermId>,
    moves: Vec<Move>,
    /// The node of each term (by its id) that is a `true` atom of a fluent or a `does`
    /// atom of a move.
    nodes: Vec<Option<Node>>,
}

/// The ground game of the units' instances, with the derived atoms of the rules as
/// written beside it where parts were chosen ([`GroundGame::written`]).
pub(super) fn build_game(
    program: &Program,
    store: TermStore,
    g: &Grounder,
    units: &[Unit],
) -> Result<GroundGame, GroundError> {
    let roles: Vec<TermId> = g.db.of((kw::ROLE, 1)).map(|t| store.args(t)[0]).collect();
    let fluents = sorted_by_text(&store, g.db.of((kw::TRUE, 1)).map(|t| store.args(t)[0]).collect());
    let fluent_index: FxHashMap<TermId, u32> = fluents.iter().enumerate().map(|(i, &f)| (f, i as u32)).collect();
    let init: BTreeSet<u32> =
        g.db.of((kw::INIT, 1)).filter_map(|t| fluent_index.get(&store.args(t)[0]).copied()).collect();
    let mut moves = Vec::new();
    for (r, &role) in roles.iter().enumerate() {
        let terms = g.db.of((kw::DOES, 2)).filter(|&t| store.args(t)[0] == role).map(|t| store.args(t)[1]).collect();
        moves.extend(sorted_by_text(&store, terms).into_iter().map(|term| Move { role: r, term }));
    }
    let mut nodes = vec![None; store.term_count()];
    for (i, &f) in fluents.iter().enumerate() {
        if let Some(t) = store.find_term(kw::TRUE, &[f]) {
            nodes[t.0 as usize] = Some(Node::Fluent(i as u32));
        }
    }
    for (i, m) in moves.iter().enumerate() {
        if let Some(t) = store.find_term(kw::DOES, &[roles[m.role], m.term]) {
            nodes[t.0 as usize] = Some(Node::Move(i as u32));
        }
    }
    let domain = Domain { store: &store, roles, fluents, moves, nodes };
    let mut choices: Vec<Choice> =
        units.iter().map(|unit| choose(program, &store, g, unit)).collect::<Result<_, _>>()?;
    if choices.iter().any(|c| c.written.is_some()) && !material(&choices) {
        choices = choices.into_iter().map(Choice::into_written).collect();
    }
    let chosen =
        choices.iter().flat_map(|c| c.chosen.iter().flat_map(move |i| i.iter().map(move |(h, b)| (c.offset, h, b))));
    let built = definitions(program, &domain, chosen)?;
    // The rules as written beside the parts chosen: their instances, and the instances
    // chosen elsewhere.
    let written = choices.iter().any(|c| c.written.is_some()).then(|| {
        let rules = choices.iter().flat_map(|c| {
            let instances = match &c.written {
                Some(flat) => std::slice::from_ref(flat),
                None => &c.chosen[..],
            };
            instances.iter().flat_map(move |i| i.iter().map(move |(h, b)| (c.offset, h, b)))
        });
        definitions(program, &domain, rules)
    });
    let written = written.transpose()?;
    let Domain { roles, fluents, moves, .. } = domain;
    let game = |defs: Definitions, store: Arc<TermStore>, written: Option<Box<GroundGame>>| {
        let Definitions { atoms, legal, next, terminal, goals } = defs;
        GroundGame {
            roles: roles.clone(),
            fluents: fluents.clone(),
            init: init.iter().copied().collect(),
            moves: moves.clone(),
            atoms,
            legal,
            next,
            terminal,
            goals,
            written,
            store,
        }
    };
    let store = Arc::new(store);
    let written = written.map(|defs| Box::new(game(defs, Arc::clone(&store), None)));
    Ok(game(built, store, written))
}

/// The index of derived atom `t` in `nodes`, if `t` is one.
fn atom_in(nodes: &[Option<Node>], t: TermId) -> Option<u32> {
    match nodes[t.0 as usize] {
        Some(Node::Atom(i)) => Some(i),
        _ => None,
    }
}

/// The derived atoms of the ground rules `rules` (each with the offset of its rule, its
/// head and its body), in text order, then sorted topologically.
fn definitions<'i>(
    program: &Program,
    domain: &Domain,
    rules: impl Iterator<Item = (usize, TermId, &'i [(TermId, bool)])>,
) -> Result<Definitions, GroundError> {
    let Domain { store, roles, fluents, moves, .. } = domain;
    // Ground rules, keyed by head atom term; the heads are then put in text order, so
    // that the game does not depend on the order in which evaluation found them.
    let mut heads: Vec<TermId> = Vec::new();
    let mut rules_of: GroundRules = FxHashMap::default();
    for (offset, head, body) in rules {
        let entry = rules_of.entry(head).or_insert_with(|| {
            heads.push(head);
            (Vec::new(), offset)
        });
        entry.0.push(body);
    }
    let heads = sorted_by_text(store, heads);
    // The node of each term, by its id: the heads by their place in text order, then
    // in the topological order.
    let mut nodes = domain.nodes.clone();
    for (i, &t) in heads.iter().enumerate() {
        nodes[t.0 as usize] = Some(Node::Atom(i as u32));
    }
    let in_text_order = |t: TermId| atom_in(&nodes, t).map(|i| i as usize);
    let order = topological_order(program, store, &heads, &rules_of, &in_text_order)?;
    for (pos, &old) in order.iter().enumerate() {
        nodes[heads[old].0 as usize] = Some(Node::Atom(pos as u32));
    }
    let atom_of = |t: TermId| atom_in(&nodes, t);
    let mut atoms: Vec<Derived> = Vec::with_capacity(heads.len());
    for &old in &order {
        let term = heads[old];
        let mut bodies: Vec<Vec<GLit>> = Vec::new();
        for body in &rules_of[&term].0 {
            let mut lits: Vec<GLit> = Vec::new();
            let mut impossible = false;
            for &(t, positive) in *body {
                match nodes[t.0 as usize] {
                    Some(node) => lits.push(GLit { node, positive }),
                    None if positive => impossible = true,
                    None => {}
                }
            }
            if !impossible {
                lits.sort();
                lits.dedup();
                bodies.push(lits);
            }
        }
        bodies.sort();
        bodies.dedup();
        let on_does = bodies.iter().flatten().any(|l| match l.node {
            Node::Move(_) => true,
            Node::Atom(i) => atoms[i as usize].on_does,
            Node::Fluent(_) => false,
        });
        atoms.push(Derived { term, bodies, on_does });
    }
    let find = |f: Sym, args: &[TermId]| store.find_term(f, args).and_then(atom_of);
    let legal = moves.iter().map(|m| find(kw::LEGAL, &[roles[m.role], m.term])).collect();
    let next = fluents.iter().map(|&f| find(kw::NEXT, &[f])).collect();
    let terminal = find(kw::TERMINAL, &[]);
    let goals = roles
        .iter()
        .map(|&r| {
            let mut gs: Vec<(u32, u32)> = heads
                .iter()
                .filter(|&&t| store.functor(t) == kw::GOAL && store.args(t).len() == 2 && store.args(t)[0] == r)
                .filter_map(|&t| Some((store.name(store.functor(store.args(t)[1])).parse::<u32>().ok()?, atom_of(t)?)))
                .collect();
            gs.sort();
            gs
        })
        .collect();
    Ok(Definitions { atoms, legal, next, terminal, goals })
}

//! GDL rules from s-expressions: facts, `(<= head body...)`, literals and terms.
//!
//! Disjunctions in bodies are expanded into one rule per disjunct, and `(not (or a b))`
//! becomes `(not a) (not b)`; `(not (distinct s t))` says `s = t` and is solved by
//! unifying `s` with `t` in the rule ([`unify`](super::unify)), which drops a rule whose
//! terms cannot be equal. So every [`Rule`] body is a plain conjunction of positive atoms,
//! negated atoms and `distinct`. The arities of the GDL keywords are checked here, except
//! those of `base` and `input`: they are optional information, and files written before
//! their arities were fixed use others (`(base mark (x 1 2 3))`).

use std::collections::{BTreeSet, HashMap};

use super::program::{Atom, Literal, Pat, Program, Rule};
use super::syntax::Sexp;
use super::terms::{kw, Sym, TermStore};
use super::unify::Unifier;
use contract::{ParseError, Source};

/// A body conjunct before equalities are solved: a literal or `(not (distinct s t))`.
#[derive(Clone, Debug)]
enum Conjunct {
    Literal(Literal),
    Equal(Pat, Pat),
}

/// The number of rules a single `(<= ...)` may expand into through `or`.
const MAX_EXPANSION: usize = 4096;

/// Builds the rules of a file from its s-expressions.
pub fn build_program(source: Source, sexps: &[Sexp]) -> Result<Program, ParseError> {
    let mut builder = Builder { source: &source, store: TermStore::new(), vars: HashMap::new(), var_names: Vec::new() };
    let mut rules = Vec::new();
    for sexp in sexps {
        builder.vars.clear();
        builder.var_names.clear();
        match sexp {
            Sexp::List(items, offset) if matches!(items.first(), Some(Sexp::Symbol(s, _)) if s == "<=") => {
                let Some(head) = items.get(1) else {
                    return Err(builder.error(*offset, "a rule `(<= ...)` needs a head", "write `(<= head body...)`"));
                };
                let head = builder.atom(head)?;
                let mut bodies: Vec<Vec<Conjunct>> = vec![Vec::new()];
                for item in &items[2..] {
                    let alternatives = builder.body_item(item, false)?;
                    bodies = product(&bodies, &alternatives);
                    if bodies.len() > MAX_EXPANSION {
                        return Err(builder.error(
                            item.offset(),
                            "this rule expands into too many rules through `or`",
                            "split the rule into several rules, or introduce a helper relation for the disjunction",
                        ));
                    }
                }
                for body in bodies {
                    if let Some((head, body)) = solve_equalities(&head, body) {
                        rules.push(Rule { head, body, offset: *offset, var_names: builder.var_names.clone() });
                    }
                }
            }
            _ => {
                let head = builder.atom(sexp)?;
                rules.push(Rule {
                    head,
                    body: Vec::new(),
                    offset: sexp.offset(),
                    var_names: builder.var_names.clone(),
                });
            }
        }
    }
    Ok(Program { store: builder.store, rules, source, demand: BTreeSet::new(), splits: Vec::new() })
}

/// The rule `head ⇐ body` with the equalities of `body` solved by their most general
/// unifier; `None` when the terms cannot be equal, so the rule never fires.
fn solve_equalities(head: &Atom, body: Vec<Conjunct>) -> Option<(Atom, Vec<Literal>)> {
    let mut unifier = Unifier::default();
    for conjunct in &body {
        if let Conjunct::Equal(s, t) = conjunct {
            if !unifier.unify(s, t) {
                return None;
            }
        }
    }
    let literals = body
        .into_iter()
        .filter_map(|c| match c {
            Conjunct::Literal(l) => Some(unifier.literal(&l)),
            Conjunct::Equal(..) => None,
        })
        .collect();
    Some((unifier.atom(head), literals))
}

fn product<T: Clone>(left: &[Vec<T>], right: &[Vec<T>]) -> Vec<Vec<T>> {
    let mut out = Vec::with_capacity(left.len() * right.len());
    for l in left {
        for r in right {
            let mut body = l.clone();
            body.extend(r.iter().cloned());
            out.push(body);
        }
    }
    out
}

struct Builder<'a> {
    source: &'a Source,
    store: TermStore,
    vars: HashMap<String, u32>,
    var_names: Vec<String>,
}

impl Builder<'_> {
    fn error(&self, offset: usize, message: impl Into<String>, help: impl Into<String>) -> ParseError {
        ParseError::at(self.source, offset, message, help)
    }

    fn atom(&mut self, sexp: &Sexp) -> Result<Atom, ParseError> {
        let (pred, args, offset) = match sexp {
            Sexp::Symbol(name, offset) => (self.store.sym(name), Vec::new(), *offset),
            Sexp::List(items, offset) => match items.first() {
                Some(Sexp::Symbol(name, _)) => {
                    let pred = self.store.sym(name);
                    let args = items[1..].iter().map(|t| self.term(t)).collect::<Result<Vec<_>, _>>()?;
                    (pred, args, *offset)
                }
                Some(other) => {
                    return Err(self.error(
                        other.offset(),
                        "expected a relation name here",
                        "a sentence starts with a relation name, as in `(cell 1 1 b)`",
                    ))
                }
                None => {
                    return Err(self.error(
                        *offset,
                        "empty list where a sentence is expected",
                        "write a relation such as `(cell 1 1 b)` or remove the `()`",
                    ))
                }
            },
            Sexp::Variable(name, offset) => {
                return Err(self.error(
                    *offset,
                    format!("variable `{name}` used as a sentence"),
                    "a sentence must be a relation name or a list starting with one",
                ))
            }
        };
        if pred == kw::IMPLIED || pred == kw::NOT || pred == kw::OR || pred == kw::DISTINCT {
            let name = self.store.name(pred).to_string();
            return Err(self.error(
                offset,
                format!("`{name}` cannot be used as a relation here"),
                "`<=` starts a rule, and `not`, `or`, `distinct` are only allowed in rule bodies",
            ));
        }
        if let Some(expected) = keyword_arity(pred) {
            if args.len() != expected {
                let name = self.store.name(pred).to_string();
                return Err(self.error(
                    offset,
                    format!("`{name}` takes {expected} argument(s), found {}", args.len()),
                    format!("see the GDL keyword table: {}", keyword_usage(pred)),
                ));
            }
        }
        Ok(Atom { pred, args, offset })
    }

    fn term(&mut self, sexp: &Sexp) -> Result<Pat, ParseError> {
        match sexp {
            Sexp::Symbol(name, _) => Ok(Pat::Fn(self.store.sym(name), Vec::new())),
            Sexp::Variable(name, _) => {
                let next = self.vars.len() as u32;
                let v = *self.vars.entry(name.clone()).or_insert(next);
                if v == next {
                    self.var_names.push(name.clone());
                }
                Ok(Pat::Var(v))
            }
            Sexp::List(items, offset) => match items.first() {
                Some(Sexp::Symbol(name, _)) => {
                    let f = self.store.sym(name);
                    let args = items[1..].iter().map(|t| self.term(t)).collect::<Result<Vec<_>, _>>()?;
                    Ok(Pat::Fn(f, args))
                }
                Some(other) => Err(self.error(
                    other.offset(),
                    "expected a function name here",
                    "a compound term starts with a name, as in `(mark 1 2)`",
                )),
                None => Err(self.error(
                    *offset,
                    "empty list where a term is expected",
                    "write a constant, a `?variable` or a term such as `(mark 1 2)`",
                )),
            },
        }
    }

    /// The alternatives (a disjunction of conjunctions) a body item stands for.
    fn body_item(&mut self, sexp: &Sexp, negated: bool) -> Result<Vec<Vec<Conjunct>>, ParseError> {
        if let Sexp::List(items, offset) = sexp {
            if let Some(Sexp::Symbol(name, _)) = items.first() {
                match name.as_str() {
                    "not" => {
                        if items.len() != 2 {
                            return Err(self.error(
                                *offset,
                                format!("`not` takes one argument, found {}", items.len() - 1),
                                "write `(not (p ...))`",
                            ));
                        }
                        return self.body_item(&items[1], !negated);
                    }
                    "or" => {
                        if items.len() < 2 {
                            return Err(self.error(
                                *offset,
                                "`or` needs at least one disjunct",
                                "write `(or a b ...)` or remove it",
                            ));
                        }
                        let parts =
                            items[1..].iter().map(|i| self.body_item(i, negated)).collect::<Result<Vec<_>, _>>()?;
                        let mut out: Vec<Vec<Conjunct>> = if negated { vec![Vec::new()] } else { Vec::new() };
                        for part in parts {
                            if negated {
                                out = product(&out, &part);
                            } else {
                                out.extend(part);
                            }
                            if out.len() > MAX_EXPANSION {
                                return Err(self.error(
                                    *offset,
                                    "this disjunction expands into too many rules",
                                    "introduce a helper relation for the disjunction",
                                ));
                            }
                        }
                        return Ok(out);
                    }
                    "distinct" => {
                        if items.len() != 3 {
                            return Err(self.error(
                                *offset,
                                format!("`distinct` takes 2 arguments, found {}", items.len() - 1),
                                "write `(distinct ?x ?y)`",
                            ));
                        }
                        let (a, b) = (self.term(&items[1])?, self.term(&items[2])?);
                        let conjunct = if negated {
                            Conjunct::Equal(a, b)
                        } else {
                            Conjunct::Literal(Literal::Distinct(a, b, *offset))
                        };
                        return Ok(vec![vec![conjunct]]);
                    }
                    _ => {}
                }
            }
        }
        let atom = self.atom(sexp)?;
        Ok(vec![vec![Conjunct::Literal(if negated { Literal::Neg(atom) } else { Literal::Pos(atom) })]])
    }
}

fn keyword_arity(pred: Sym) -> Option<usize> {
    Some(match pred {
        kw::ROLE | kw::INIT | kw::TRUE | kw::NEXT => 1,
        kw::LEGAL | kw::DOES | kw::GOAL => 2,
        kw::TERMINAL => 0,
        _ => return None,
    })
}

fn keyword_usage(pred: Sym) -> &'static str {
    match pred {
        kw::ROLE => "`(role ?r)`",
        kw::INIT => "`(init ?f)`",
        kw::TRUE => "`(true ?f)`",
        kw::NEXT => "`(next ?f)`",
        kw::LEGAL => "`(legal ?r ?m)`",
        kw::DOES => "`(does ?r ?m)`",
        kw::GOAL => "`(goal ?r ?v)`",
        _ => "`terminal` (no arguments)",
    }
}

//! Clauses: the sink encoders write into, and an in-memory clause store.
//!
//! A [`ClauseSink`] receives clauses one at a time. [`Cnf`] keeps them in one flat arena;
//! the streaming QDIMACS writer (`io::qdimacs_write::QdimacsStream`) is a sink too, which
//! lets a clausal encoding go straight to disk without holding the matrix in memory.
//! Sinks normalise every clause with [`normalize_clause`]: constants folded, duplicate
//! literals dropped (first occurrence kept, so the order stays the encoder's), tautologies
//! removed.

use super::lit::Lit;

/// Receives the clauses of a matrix.
pub trait ClauseSink {
    /// Adds one clause (a disjunction). Constants are allowed and folded.
    fn add_clause(&mut self, clause: &[Lit]);
}

/// What [`normalize_clause`] made of a clause.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Normalized {
    /// Always true: contains `TRUE` or a literal and its complement. Drop it.
    Tautology,
    /// No literals left: the matrix is false.
    Empty,
    /// The clause, now in the output buffer.
    Clause,
}

/// Normalises `clause` into `out` (see the module doc). `seen` is a scratch mark array
/// indexed by literal code; it is grown as needed and left all-false.
pub fn normalize_clause(clause: &[Lit], out: &mut Vec<Lit>, seen: &mut Vec<bool>) -> Normalized {
    out.clear();
    let mut tautology = false;
    for &lit in clause {
        if lit == Lit::TRUE {
            tautology = true;
            break;
        }
        if lit == Lit::FALSE {
            continue;
        }
        let code = lit.code();
        if code | 1 >= seen.len() {
            seen.resize((code | 1) + 1, false);
        }
        if seen[(!lit).code()] {
            tautology = true;
            break;
        }
        if !seen[code] {
            seen[code] = true;
            out.push(lit);
        }
    }
    for &lit in clause {
        if !lit.is_const() && lit.code() < seen.len() {
            seen[lit.code()] = false;
        }
    }
    if tautology {
        Normalized::Tautology
    } else if out.is_empty() {
        Normalized::Empty
    } else {
        Normalized::Clause
    }
}

/// Clauses in a flat arena: all literals in one vector, clause ends in another.
#[derive(Clone, Debug, Default)]
pub struct Cnf {
    lits: Vec<Lit>,
    ends: Vec<u32>,
    has_empty: bool,
    seen: Vec<bool>,
    buf: Vec<Lit>,
}

impl Cnf {
    pub fn new() -> Cnf {
        Cnf::default()
    }

    /// Number of clauses (the empty clause, if one was added, is not counted: see
    /// [`Cnf::has_empty_clause`]).
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ends.is_empty() && !self.has_empty
    }

    /// Total number of literal occurrences.
    pub fn num_literals(&self) -> usize {
        self.lits.len()
    }

    /// Whether an empty clause was added (the matrix is unsatisfiable).
    pub fn has_empty_clause(&self) -> bool {
        self.has_empty
    }

    /// The clauses in insertion order.
    pub fn iter(&self) -> impl Iterator<Item = &[Lit]> + '_ {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts.zip(self.ends.iter().copied()).map(|(s, e)| &self.lits[s as usize..e as usize])
    }
}

impl ClauseSink for Cnf {
    fn add_clause(&mut self, clause: &[Lit]) {
        match normalize_clause(clause, &mut self.buf, &mut self.seen) {
            Normalized::Tautology => {}
            Normalized::Empty => self.has_empty = true,
            Normalized::Clause => {
                self.lits.extend_from_slice(&self.buf);
                self.ends.push(self.lits.len() as u32);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formula::Var;

    fn lit(v: i64) -> Lit {
        Lit::from_dimacs(v).unwrap_or(Lit::FALSE)
    }

    #[test]
    fn clauses_are_normalised_on_entry() {
        let mut cnf = Cnf::new();
        cnf.add_clause(&[lit(1), lit(-2), lit(1), Lit::FALSE]);
        cnf.add_clause(&[lit(3), lit(-3)]);
        cnf.add_clause(&[lit(4), Lit::TRUE]);
        assert_eq!(cnf.len(), 1);
        assert_eq!(cnf.iter().next(), Some(&[lit(1), lit(-2)][..]));
        assert!(!cnf.has_empty_clause());
        cnf.add_clause(&[Lit::FALSE]);
        assert!(cnf.has_empty_clause());
        assert_eq!(cnf.num_literals(), 2);
        let v = Var::new(9).map(|v| v.pos_lit());
        assert!(v.is_some());
    }
}

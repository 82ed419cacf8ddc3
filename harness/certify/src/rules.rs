//! The inference rules a step must follow.
//!
//! A clause proof (of falsity) uses Q-resolution: two clauses are resolved on an
//! existential pivot, with no other clashing variable, and universal reduction then may
//! drop a universal literal whose level is above every existential literal of the clause.
//! A cube proof (of truth) is the dual: term resolution on a universal pivot, existential
//! reduction of an existential literal above every universal literal. A step with one
//! antecedent is a reduction alone; with more, the antecedents are resolved in order (a
//! resolution chain) and the result reduced. The stated literals must lie between the
//! fully reduced result and the unreduced one: reduction may be partial, never more.

use super::levels::Levels;

/// Whether a proof is made of clauses or of cubes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    Clauses,
    Cubes,
}

impl Kind {
    pub fn noun(self) -> &'static str {
        match self {
            Kind::Clauses => "clause",
            Kind::Cubes => "cube",
        }
    }
}

/// The rules, with scratch space reused from step to step.
pub struct Rules<'a> {
    levels: &'a Levels,
    kind: Kind,
    marks: Vec<bool>,
}

/// What a valid step derived: the unreduced result, and which of its literals reduction
/// may remove (the certificate is built from these).
pub struct Derived {
    /// The fully reduced result (sorted).
    pub reduced: Vec<u32>,
    /// The result of resolution minus `reduced`.
    pub removed: Vec<u32>,
}

impl<'a> Rules<'a> {
    pub fn new(levels: &'a Levels, kind: Kind) -> Rules<'a> {
        Rules { levels, kind, marks: vec![false; 2 * (levels.max_var() as usize + 1)] }
    }

    /// Whether the variable of `lit` is of the quantifier reduction removes.
    fn reducible_kind(&self, lit: u32) -> bool {
        self.levels.universal(lit) == (self.kind == Kind::Clauses)
    }

    /// Sorts and dedups a stated step; a step with both `x` and `¬x` is refused.
    pub fn normalize(&self, lits: &mut Vec<u32>) -> Result<(), String> {
        lits.sort_unstable();
        lits.dedup();
        match lits.windows(2).find(|w| w[0] ^ 1 == w[1]) {
            Some(w) => Err(format!("the {} has both {} and {}", self.kind.noun(), dimacs(w[0]), dimacs(w[1]))),
            None => Ok(()),
        }
    }

    /// Resolves `ants` in order and checks that `stated` (normalized) is a valid
    /// reduction of the result.
    pub fn derive(&mut self, ants: &[&[u32]], stated: &[u32]) -> Result<Derived, String> {
        let mut result: Vec<u32> = ants[0].to_vec();
        for (k, next) in ants.iter().enumerate().skip(1) {
            result = self.resolve(&result, next).map_err(|e| format!("antecedent {}: {e}", k + 1))?;
        }
        result.sort_unstable();
        let blocking = self.blocking_level(&result);
        let (levels, clauses) = (self.levels, self.kind == Kind::Clauses);
        let reducible = |l: u32| levels.universal(l) == clauses && blocking.is_none_or(|b| levels.level(l) > b);
        for &l in &result {
            self.marks[l as usize] = true;
        }
        let extra = stated.iter().find(|&&l| !self.marks[l as usize]).copied();
        for &l in &result {
            self.marks[l as usize] = false;
        }
        if let Some(l) = extra {
            return Err(format!("literal {} is not in the resolvent of the antecedents", dimacs(l)));
        }
        for &l in stated {
            self.marks[l as usize] = true;
        }
        let dropped = result.iter().find(|&&l| !self.marks[l as usize] && !reducible(l)).copied();
        for &l in stated {
            self.marks[l as usize] = false;
        }
        if let Some(l) = dropped {
            return Err(format!(
                "literal {} is dropped, but {} reduction may not remove it: {}",
                dimacs(l),
                if self.kind == Kind::Clauses { "universal" } else { "existential" },
                if self.reducible_kind(l) {
                    format!("a {} literal of a later level stays", self.other())
                } else {
                    format!("it is {}", self.other())
                }
            ));
        }
        let (removed, reduced) = result.iter().partition(|&&l| reducible(l));
        Ok(Derived { reduced, removed })
    }

    fn other(&self) -> &'static str {
        match self.kind {
            Kind::Clauses => "existential",
            Kind::Cubes => "universal",
        }
    }

    /// The highest level of a literal reduction cannot remove, if there is one.
    fn blocking_level(&self, lits: &[u32]) -> Option<u32> {
        lits.iter().filter(|&&l| !self.reducible_kind(l)).map(|&l| self.levels.level(l)).max()
    }

    /// The resolvent of `a` and `b` on their one clashing variable.
    fn resolve(&mut self, a: &[u32], b: &[u32]) -> Result<Vec<u32>, String> {
        for &l in a {
            self.marks[l as usize] = true;
        }
        let mut pivot = None;
        let mut clashes = 0;
        let mut out: Vec<u32> = a.to_vec();
        for &l in b {
            if self.marks[(l ^ 1) as usize] {
                clashes += 1;
                pivot = Some(l);
            } else if !self.marks[l as usize] {
                self.marks[l as usize] = true;
                out.push(l);
            }
        }
        for &l in &out {
            self.marks[l as usize] = false;
        }
        let pivot = match (pivot, clashes) {
            (Some(p), 1) => p,
            (None, _) => return Err(format!("no variable to resolve on: the {}s do not clash", self.kind.noun())),
            (Some(p), n) => {
                return Err(format!("{n} variables clash (e.g. {}): the resolvent would be tautological", (p >> 1)))
            }
        };
        if self.reducible_kind(pivot) {
            return Err(format!(
                "the pivot {} is {}; {}s resolve on {} variables only",
                pivot >> 1,
                self.kind_of(pivot),
                self.kind.noun(),
                self.other()
            ));
        }
        out.retain(|&l| l != pivot && l != pivot ^ 1);
        Ok(out)
    }

    fn kind_of(&self, lit: u32) -> &'static str {
        if self.levels.universal(lit) {
            "universal"
        } else {
            "existential"
        }
    }
}

/// A literal code as a DIMACS number.
pub fn dimacs(lit: u32) -> i64 {
    let v = i64::from(lit >> 1);
    if lit & 1 == 1 {
        -v
    } else {
        v
    }
}

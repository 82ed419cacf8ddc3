//! The formula's clauses as the proof checker asks about them: is a step's clause one of
//! them (a clause proof's leaves), and does a cube satisfy all of them (a cube proof's
//! leaves).

use rustc_hash::FxHashSet;

use qbf::formula::CnfQbf;

/// The matrix as sorted literal codes, with a set of its clauses.
pub struct Matrix {
    clauses: Vec<Box<[u32]>>,
    set: FxHashSet<Box<[u32]>>,
    /// Scratch marks by literal code for [`Matrix::satisfied_by`].
    marks: Vec<bool>,
}

impl Matrix {
    pub fn of(formula: &CnfQbf) -> Matrix {
        let mut clauses: Vec<Box<[u32]>> = formula
            .cnf
            .iter()
            .map(|c| {
                let mut lits: Vec<u32> = c.iter().map(|l| l.code() as u32).collect();
                lits.sort_unstable();
                lits.dedup();
                lits.into_boxed_slice()
            })
            .collect();
        if formula.cnf.has_empty_clause() {
            clauses.push(Box::new([]));
        }
        let set = clauses.iter().cloned().collect();
        Matrix { clauses, set, marks: vec![false; 2 * (formula.max_var as usize + 1)] }
    }

    pub fn clauses(&self) -> impl Iterator<Item = &[u32]> + '_ {
        self.clauses.iter().map(|c| &c[..])
    }

    pub fn len(&self) -> usize {
        self.clauses.len()
    }

    /// Whether `sorted` (sorted, without duplicates) is a clause of the formula.
    pub fn contains(&self, sorted: &[u32]) -> bool {
        self.set.contains(sorted)
    }

    /// The index of the first clause the cube `lits` does not satisfy, if there is one.
    pub fn satisfied_by(&mut self, lits: &[u32]) -> Option<usize> {
        for &l in lits {
            self.marks[l as usize] = true;
        }
        let missed = self.clauses.iter().position(|c| !c.iter().any(|&l| self.marks[l as usize]));
        for &l in lits {
            self.marks[l as usize] = false;
        }
        missed
    }
}

//! The prenex quantifier prefix: blocks of ∃/∀, outermost first.
//!
//! Blocks are kept in normal form while they are built: empty blocks are dropped and a
//! block with the same quantifier as the block before it is merged into it, so the block
//! count is always the number of quantifier alternations plus one.

use super::lit::{Quant, Var};

/// One block of equally quantified variables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    pub quant: Quant,
    pub vars: Vec<Var>,
}

/// A quantifier prefix in normal form.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Prefix {
    blocks: Vec<Block>,
}

impl Prefix {
    pub fn new() -> Prefix {
        Prefix::default()
    }

    /// Appends variables as the new innermost block (merged into the innermost block when
    /// it has the same quantifier; nothing happens for an empty list).
    pub fn push(&mut self, quant: Quant, vars: impl IntoIterator<Item = Var>) {
        let mut vars = vars.into_iter().peekable();
        if vars.peek().is_none() {
            return;
        }
        match self.blocks.last_mut() {
            Some(last) if last.quant == quant => last.vars.extend(vars),
            _ => self.blocks.push(Block { quant, vars: vars.collect() }),
        }
    }

    /// Adds existential variables to the outermost block (free variables of a matrix are
    /// existential at the outermost level, by the semantics of QDIMACS and QCIR).
    pub fn push_outermost_exists(&mut self, vars: impl IntoIterator<Item = Var>) {
        let vars: Vec<Var> = vars.into_iter().collect();
        if vars.is_empty() {
            return;
        }
        match self.blocks.first_mut() {
            Some(first) if first.quant == Quant::Exists => {
                let mut merged = vars;
                merged.append(&mut first.vars);
                first.vars = merged;
            }
            _ => self.blocks.insert(0, Block { quant: Quant::Exists, vars }),
        }
    }

    /// The blocks, outermost first.
    pub fn blocks(&self) -> &[Block] {
        &self.blocks
    }

    /// All quantified variables, outermost first, with their quantifier.
    pub fn iter(&self) -> impl Iterator<Item = (Quant, Var)> + '_ {
        self.blocks.iter().flat_map(|b| b.vars.iter().map(move |&v| (b.quant, v)))
    }

    /// The quantifier of the innermost block, if any.
    pub fn innermost(&self) -> Option<Quant> {
        self.blocks.last().map(|b| b.quant)
    }

    /// Removes the innermost block if it is universal, returning its variables.
    pub fn pop_innermost_forall(&mut self) -> Option<Vec<Var>> {
        match self.blocks.last() {
            Some(b) if b.quant == Quant::Forall => self.blocks.pop().map(|b| b.vars),
            _ => None,
        }
    }

    /// Number of variables with the given quantifier.
    pub fn count(&self, quant: Quant) -> usize {
        self.blocks.iter().filter(|b| b.quant == quant).map(|b| b.vars.len()).sum()
    }

    /// Number of quantified variables.
    pub fn len(&self) -> usize {
        self.blocks.iter().map(|b| b.vars.len()).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.blocks.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vars(ids: &[u32]) -> Vec<Var> {
        ids.iter().filter_map(|&i| Var::new(i)).collect()
    }

    #[test]
    fn adjacent_equal_blocks_merge_and_empty_blocks_vanish() {
        let mut p = Prefix::new();
        p.push(Quant::Exists, vars(&[1]));
        p.push(Quant::Forall, vars(&[]));
        p.push(Quant::Exists, vars(&[2]));
        p.push(Quant::Forall, vars(&[3, 4]));
        assert_eq!(p.blocks().len(), 2);
        assert_eq!(p.count(Quant::Exists), 2);
        assert_eq!(p.count(Quant::Forall), 2);
        assert_eq!(p.innermost(), Some(Quant::Forall));
    }

    #[test]
    fn free_variables_join_an_outer_existential_block() {
        let mut p = Prefix::new();
        p.push(Quant::Forall, vars(&[1]));
        p.push_outermost_exists(vars(&[5]));
        assert_eq!(p.blocks()[0], Block { quant: Quant::Exists, vars: vars(&[5]) });
        p.push_outermost_exists(vars(&[6]));
        assert_eq!(p.blocks()[0].vars, vars(&[6, 5]));
        assert_eq!(p.blocks().len(), 2);
    }
}

//! The variable manager: the one place fresh variables come from.
//!
//! Encoders receive a `&mut VarManager` instead of using a global counter, so two
//! encodings can share one numbering (a QCIR file's gates and inputs) or use separate ones.

use super::lit::Var;

/// Hands out consecutive variables starting at 1.
#[derive(Clone, Debug, Default)]
pub struct VarManager {
    max: u32,
}

impl VarManager {
    /// A manager whose first fresh variable is 1.
    pub fn new() -> VarManager {
        VarManager::default()
    }

    /// A manager whose first fresh variable is `max + 1`: variables `1..=max` are in use.
    pub fn with_max(max: u32) -> VarManager {
        VarManager { max }
    }

    /// A variable never handed out before.
    ///
    /// # Panics
    /// When more than [`Var::MAX_INDEX`] variables are requested: no QBF format can
    /// number them, and no encoding of ours comes near.
    pub fn fresh(&mut self) -> Var {
        self.max += 1;
        Var::new(self.max).expect("variable index space exhausted")
    }

    /// `n` fresh variables, in increasing order.
    pub fn fresh_n(&mut self, n: usize) -> Vec<Var> {
        (0..n).map(|_| self.fresh()).collect()
    }

    /// Marks every variable up to `var` as used (for parsers that read numbered files).
    pub fn reserve(&mut self, var: Var) {
        self.max = self.max.max(var.index());
    }

    /// The largest variable handed out or reserved; 0 if none.
    pub fn max_index(&self) -> u32 {
        self.max
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fresh_variables_are_consecutive_and_respect_reservations() {
        let mut vars = VarManager::new();
        assert_eq!(vars.fresh().index(), 1);
        vars.reserve(Var::new(10).expect("valid"));
        assert_eq!(vars.fresh_n(2).iter().map(|v| v.index()).collect::<Vec<_>>(), [11, 12]);
        assert_eq!(vars.max_index(), 12);
    }
}

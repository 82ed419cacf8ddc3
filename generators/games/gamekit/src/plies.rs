//! Circuit pieces of games in which each ply chooses one of several items (a vertex, a
//! domino) and the player who cannot choose loses (Node Kayles, Cram): one quantifier block
//! per ply, Black's existential and White's universal in turn ([`ply_blocks`]); a one-hot
//! choice names exactly one item ([`exactly_one`]); and the chain in which Black wins only
//! at a White ply without a valid choice ([`normal_play`]).

use qbf::formula::{Circuit, Lit, Prefix, Quant, VarManager};

/// Pushes one block of `width` fresh variables per ply `t = 1..=plies` onto `prefix`,
/// existential for Black's (odd) plies and universal for White's (even) ones; returns each
/// ply's variables as positive literals.
pub fn ply_blocks(vars: &mut VarManager, prefix: &mut Prefix, plies: u32, width: usize) -> Vec<Vec<Lit>> {
    let mut choices = Vec::with_capacity(plies as usize);
    for t in 1..=plies {
        let fresh = vars.fresh_n(width);
        let quant = if t % 2 == 1 { Quant::Exists } else { Quant::Forall };
        prefix.push(quant, fresh.iter().copied());
        choices.push(fresh.iter().map(|v| v.pos_lit()).collect());
    }
    choices
}

/// Exactly one of `lits`: one at-least-one clause and pairwise at-most-one.
pub fn exactly_one(c: &mut Circuit, vars: &mut VarManager, lits: &[Lit]) -> Lit {
    let mut parts = vec![c.or(vars, lits.iter().copied())];
    for (i, &a) in lits.iter().enumerate() {
        for &b in &lits[i + 1..] {
            parts.push(c.or(vars, [!a, !b]));
        }
    }
    c.and(vars, parts)
}

/// `valid₁ ∧ (valid₂ → (valid₃ ∧ (valid₄ → … false)))`, with `valid[t]` "ply `t + 1` makes
/// a legal move": Black's conditions are conjuncts and White's premises, so Black wins
/// only through a White ply where no choice is valid, within the plies given.
pub fn normal_play(c: &mut Circuit, vars: &mut VarManager, valid: &[Lit]) -> Lit {
    let mut chain = Lit::FALSE;
    for (t, &ok) in valid.iter().enumerate().rev() {
        chain = if t % 2 == 0 { c.and(vars, [ok, chain]) } else { c.implies(vars, ok, chain) };
    }
    chain
}

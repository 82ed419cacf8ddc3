//! The move rules of the GDL encodings: who chooses each step's moves, and how.
//!
//! For each role `r` and step `t` (He, Saffidine, Thielscher, rules 3–7 and 11): a role
//! that chooses has one choice variable `does(r, m, t)` per move, each implying
//! `legal(r, m, t)` (3) and `¬terminated(t)` (5), exactly one of them true while the game
//! runs (4; at-most-one by the sequential counter of Sinz above four moves). The role `x`
//! that must win chooses existentially (block `E_{t−1}`). Every other role `o` chooses
//! by its own `⌈log₂|M_o|⌉` universal bits `moveL(o, ·, t)` (block `U_t`, shared by the
//! whole coalition): the pattern of move `i` forces `does(o, m_i, t)` when `m_i` is legal
//! and the game is running (6–7); its choice variables are in `E_t`. A role whose move is
//! forced (SD, rule 11) has `does(r, m, t) = legal(r, m, t) ∧ ¬terminated(t)` and no
//! variables.
//!
//! **Soundness of the bits for a coalition.** A pattern of `o`'s bits that names no
//! legal move of `o` forces nothing, so the existential side picks `o`'s move — any legal
//! one, and it sees the whole coalition's bits when it does (`E_t` follows `U_t`). For
//! fixed bits of the other members, the formula under such a pattern is the best of its
//! values over `o`'s legal moves, hence at least its value under the pattern that names
//! the move the coalition would pick; the universal minimum over all patterns is thus the
//! minimum over the patterns that name legal moves, i.e. over the coalition's joint legal
//! replies. Conversely every joint legal reply is named by one pattern per member, so no
//! reply is lost: the coalition is exactly as strong as in the reference player, which
//! lets it choose any combination of legal moves after `x` has committed.
//!
//! ## References
//! - Y. He, A. Saffidine, M. Thielscher: *Solving Two-player Games with QBF Solvers in
//!   General Game Playing*, AAMAS 2024, Sections 3.1 and 3.3.
//! - V. Mayer-Eichberger, A. Saffidine: *Positional Games and QBF: The Corrective
//!   Encoding*, SAT 2020 (universal choices without cheating variables).
//! - C. Sinz: *Towards an Optimal CNF Encoding of Boolean Cardinality Constraints*, CP 2005.

use super::{Bits, Build};
use crate::turns::Turn;
use qbf::formula::Lit;

impl Build<'_> {
    /// The moves of step `t`, `turns` per role: `x` first, then the other roles in the
    /// order of the game's roles (so two-player output keeps its variable order).
    pub(crate) fn moves(&mut self, t: u32, x: usize, turns: &[Turn]) {
        let game = self.game;
        let term = self.terminated[t as usize - 1];
        let mut does = vec![Lit::FALSE; game.moves.len()];
        let roles = std::iter::once(x).chain((0..turns.len()).filter(|&r| r != x));
        for role in roles {
            match turns[role] {
                Turn::Forced(m) => {
                    if let Some(m) = m {
                        let m = m as usize;
                        let legal = self.legal(t, m);
                        does[m] = self.circuit.and(&mut self.vars, [legal, !term]);
                        self.levels.stamp(does[m], t);
                    }
                }
                Turn::Free => self.choose(t, role, role == x, term, &mut does),
            }
        }
        self.does.push(does);
    }

    /// Rules (3)–(5) for `role`'s choice variables, and (6)–(7) unless it is `x`.
    fn choose(&mut self, t: u32, role: usize, is_x: bool, term: Lit, does: &mut [Lit]) {
        let game = self.game;
        let own: Vec<usize> =
            (0..game.moves.len()).filter(|&m| game.moves[m].role == role && game.legal[m].is_some()).collect();
        let level = if is_x { self.levels.choice_x(t) } else { self.levels.choice_o(t) };
        let lits: Vec<Lit> = own.iter().map(|_| self.vars.fresh().pos_lit()).collect();
        if t == 1 && is_x {
            self.first_choice = own.iter().copied().zip(lits.iter().copied()).collect();
        }
        for (&m, &d) in own.iter().zip(&lits) {
            self.levels.set(d, level);
            does[m] = d;
            self.clauses.push(vec![!d, self.legal(t, m)]);
            self.clauses.push(vec![!d, !term]);
        }
        let mut at_least = lits.clone();
        at_least.push(term);
        self.clauses.push(at_least);
        self.at_most_one(&lits, level);
        if !is_x {
            self.log_choice(t, role, &own, &lits, term);
        }
    }

    /// Rules (6) and (7): universal bits select `role`'s move.
    fn log_choice(&mut self, t: u32, role: usize, own: &[usize], lits: &[Lit], term: Lit) {
        let bits = usize::BITS - own.len().saturating_sub(1).leading_zeros();
        let level = self.levels.universal(t);
        let l: Vec<Lit> = (0..bits).map(|_| self.vars.fresh().pos_lit()).collect();
        for &v in &l {
            self.levels.set(v, level);
        }
        if t == 1 {
            self.first_bits.push(Bits { role, moves: own.to_vec(), bits: l.clone() });
        }
        for (i, (&m, &d)) in own.iter().zip(lits).enumerate() {
            let mut clause = vec![!self.legal(t, m), term, d];
            clause.extend(l.iter().enumerate().map(|(j, &b)| if i >> j & 1 == 1 { !b } else { b }));
            self.clauses.push(clause);
        }
    }

    fn at_most_one(&mut self, lits: &[Lit], level: u32) {
        if lits.len() <= 4 {
            for i in 0..lits.len() {
                for j in i + 1..lits.len() {
                    self.clauses.push(vec![!lits[i], !lits[j]]);
                }
            }
            return;
        }
        let s: Vec<Lit> = (0..lits.len() - 1).map(|_| self.vars.fresh().pos_lit()).collect();
        for &v in &s {
            self.levels.set(v, level);
        }
        let n = lits.len();
        self.clauses.push(vec![!lits[0], s[0]]);
        for i in 1..n - 1 {
            self.clauses.push(vec![!lits[i], s[i]]);
            self.clauses.push(vec![!s[i - 1], s[i]]);
            self.clauses.push(vec![!lits[i], !s[i - 1]]);
        }
        self.clauses.push(vec![!lits[n - 1], !s[n - 2]]);
    }
}

//! The lifted QBF encoding of BDDL games (Shaik & van de Pol, SAT 2023, Section 4).
//!
//! The formula is true iff Black wins within the depth (see [`games::bddl::Solver`] for the
//! game value it must agree with). Board positions are never grounded: a universal
//! *symbolic position* `(S_x, S_y)` ranges over the board, and per time step `t` two
//! existential state variables `o_t`, `w_t` say whether that position is open (`o`) or
//! white (`¬o ∧ w`) or black (`¬o ∧ ¬w`). Every condition on a position relative to a move's
//! parameters `(X, Y)` becomes `RI → SC`: "if the symbolic position is `(X + a, Y + b)` then
//! its state is `p`" (relative index, sub-condition constraint), with bounds `BDcir` on the
//! parameters and a frame axiom for positions no effect names.
//!
//! Prefix, outermost first (Table 1): per ply `∃ A X Y gs` (Black) or `∀ A X Y gs ∃ lb P`
//! (White), then `∃ B_x B_y B_c`, `∀ W_x W_y W_c`, `∃ W_ce`, `∀ S_x S_y`, `∃ o_t w_t`. The
//! matrix is `I ∧ B¹` with
//!
//! - `Bⁱ = M_bⁱ ∧ (gsⁱ → G_bⁱ⁺¹) ∧ (¬gsⁱ → Wⁱ⁺¹)`, the last Black ply `M_b ∧ G_b`;
//! - `Wⁱ = M_wⁱ ∧ (lbⁱ ∧ ⋀Pⁱ → (gsⁱ → G_wⁱ⁺¹) ∧ (¬gsⁱ → Bⁱ⁺¹))`: White's universal move is
//!   only held to its consequences when it is legal (`lb`: in bounds, `P`: preconditions);
//! - goals are checked once, on the copy `o_{d+1}, w_{d+1}` of the state, which a stop at
//!   `t` ties to `o_t, w_t` (`G_b` with an existential goal position and index, `G_w`
//!   refuted by an existential counter-example atom `W_ce` for every universal `W_x, W_y, W_c`).
//!
//! ## Departures from the paper (all keep the value of the formula)
//! - Positions are stored 0-based in `⌈log₂ m⌉` (`⌈log₂ n⌉`) bits, not 1-based in
//!   `⌈log₂(m+1)⌉`: one bit fewer on boards whose side is a power of two.
//! - `AddSub` never wraps: `X + k = S` is compared over the integers.
//! - White actions with fewer preconditions than `|P|` force the unused `P[k]` true (the
//!   paper assumes equal counts; the published models pad with repeated atoms).
//! - Goal position bits are omitted on an axis no goal condition mentions `?x` (`?y`) on,
//!   and `gs` variables are omitted where they cannot matter: for a player without goals,
//!   and at the last ply.
//! - Even depths end with White's ply `W^d = M_w^d ∧ ¬(lb^d ∧ ⋀P^d)`: Black wins iff White
//!   has no legal move there. With `#blackturn second` the first ply is Black's pass: it has
//!   no variables and the initial state constrains `o₂, w₂` directly.
//! - The initial state constrains open positions one implication each, like the paper, but
//!   only on-board symbolic positions are constrained (off-board ones are free throughout).
//!
//! ## References
//! - I. Shaik, J. van de Pol, *Concise QBF Encodings for Games on a Grid*, SAT 2023.

use super::binary::{bits_for, eq_const, eq_offset, in_range, lt_const};
use crate::encoding::{write_circuit, EncodeError, Encoded, Encoding, Side, Sink};
use crate::symbol_map::{check_outermost_of, MapError, SymbolMap};
use games::bddl::{Action, Atom, Board, Condition, Expr, Game, Pred};
use qbf::formula::{Circuit, CircuitQbf, ClauseSink, Lit, Prefix, Quant, Var, VarManager};

/// A position given by bits (0-based coordinates).
struct Pos {
    x: Vec<Lit>,
    y: Vec<Lit>,
}

/// The variables of one ply.
struct Ply {
    black: bool,
    action: Vec<Lit>,
    pos: Pos,
    /// Game stop; `None` where it cannot matter.
    gs: Option<Lit>,
    /// White's legal-bound indicator (Black: unused).
    lb: Lit,
    /// White's precondition indicators.
    pre: Vec<Lit>,
}

struct Encoder<'g> {
    game: &'g Game,
    board: Board,
    depth: usize,
    c: Circuit,
    vars: VarManager,
    s: Pos,
    /// State variables by time step; index 0 unused.
    o: Vec<Lit>,
    w: Vec<Lit>,
}

fn lits(vars: &[Var]) -> Vec<Lit> {
    vars.iter().map(|v| v.pos_lit()).collect()
}

fn uses_param(conditions: &[Condition], x_axis: bool) -> bool {
    conditions.iter().flat_map(|c| &c.atoms).any(|a| matches!(if x_axis { a.x } else { a.y }, Expr::Param(_)))
}

/// The lifted encoding of BDDL games (see the module doc): a circuit, true iff Black wins
/// within the depth.
#[derive(Copy, Clone, Debug, Default)]
pub struct Lifted;

impl Encoding for Lifted {
    type Game = Game;

    /// The map of [`Side::Black`] is the action and position bits of the first ply, the
    /// first variables taken; refused if Black moves second. With [`Side::White`] (a game
    /// with `#blackturn second`) it is White's universal action and x/y bits of the first
    /// ply, already the outermost block. Maps are read off the circuit's prefix.
    fn encode<C: ClauseSink>(
        &self,
        game: &Game,
        depth: u32,
        side: Side,
        sink: &mut Sink<C>,
        vars: &mut VarManager,
    ) -> Result<Encoded, EncodeError> {
        let start = vars.max_index() + 1;
        let qbf = circuit(game, depth as usize, std::mem::take(vars));
        let map = match side {
            Side::Black if game.problem.black_second => Err(MapError::BlackNotFirst),
            Side::White if !game.problem.black_second => Err(MapError::WhiteNotFirst),
            _ => first_ply_map(game, &qbf, start, side == Side::White),
        };
        Ok(Encoded { prefix: write_circuit(sink, qbf, vars), map })
    }
}

/// Encodes `game` with `depth` plies as a circuit, taking variables from `vars`.
fn circuit(game: &Game, depth: usize, mut vars: VarManager) -> CircuitQbf {
    let board = game.board();
    let first = if game.problem.black_second { 2 } else { 1 };
    let (bx, by) = (bits_for(board.width as usize), bits_for(board.height as usize));
    let mut prefix = Prefix::new();
    let (p, d) = (&game.problem, &game.domain);
    let mut plies = Vec::new();
    for t in first..=depth {
        let black = t % 2 == 1;
        let actions = if black { &d.black } else { &d.white };
        let goals = if black { &p.black_goals } else { &p.white_goals };
        let quant = if black { Quant::Exists } else { Quant::Forall };
        let a = vars.fresh_n(bits_for(actions.len()));
        let (x, y) = (vars.fresh_n(bx), vars.fresh_n(by));
        let gs = (t < depth && !goals.is_empty()).then(|| vars.fresh());
        prefix.push(quant, a.iter().chain(&x).chain(&y).chain(&gs).copied());
        let (lb, pre) = if black {
            (Lit::TRUE, Vec::new())
        } else {
            let lb = vars.fresh();
            let pre = vars.fresh_n(actions.iter().map(|a| a.pre.atoms.len()).max().unwrap_or(0));
            prefix.push(Quant::Exists, std::iter::once(lb).chain(pre.iter().copied()));
            (lb.pos_lit(), lits(&pre))
        };
        plies.push(Ply {
            black,
            action: lits(&a),
            pos: Pos { x: lits(&x), y: lits(&y) },
            gs: gs.map(|g| g.pos_lit()),
            lb,
            pre,
        });
    }
    let goal_pos = |vars: &mut VarManager, goals: &[Condition]| {
        let x = vars.fresh_n(if uses_param(goals, true) { bx } else { 0 });
        let y = vars.fresh_n(if uses_param(goals, false) { by } else { 0 });
        (x, y)
    };
    let (bgx, bgy) = goal_pos(&mut vars, &p.black_goals);
    let bc = vars.fresh_n(bits_for(p.black_goals.len()));
    prefix.push(Quant::Exists, bgx.iter().chain(&bgy).chain(&bc).copied());
    let (wgx, wgy) = goal_pos(&mut vars, &p.white_goals);
    let wc = vars.fresh_n(bits_for(p.white_goals.len()));
    prefix.push(Quant::Forall, wgx.iter().chain(&wgy).chain(&wc).copied());
    let wce = vars.fresh_n(bits_for(p.white_goals.iter().map(|c| c.atoms.len()).max().unwrap_or(0)));
    prefix.push(Quant::Exists, wce.iter().copied());
    let (sx, sy) = (vars.fresh_n(bx), vars.fresh_n(by));
    prefix.push(Quant::Forall, sx.iter().chain(&sy).copied());
    let mut o = vec![Lit::TRUE; depth + 2];
    let mut w = vec![Lit::TRUE; depth + 2];
    let mut state_vars = Vec::new();
    for t in first..=depth + 1 {
        let (ov, wv) = (vars.fresh(), vars.fresh());
        state_vars.extend([ov, wv]);
        (o[t], w[t]) = (ov.pos_lit(), wv.pos_lit());
    }
    prefix.push(Quant::Exists, state_vars);

    let mut e = Encoder { game, board, depth, c: Circuit::new(), vars, s: Pos { x: lits(&sx), y: lits(&sy) }, o, w };
    let black_goal = e.black_goal(&Pos { x: lits(&bgx), y: lits(&bgy) }, &lits(&bc));
    let white_goal = e.white_goal(&Pos { x: lits(&wgx), y: lits(&wgy) }, &lits(&wc), &lits(&wce));
    let mut cont = Lit::FALSE;
    for (k, ply) in plies.iter().enumerate().rev() {
        let t = first + k;
        let last = t == depth;
        cont = if ply.black {
            let moved = e.black_move(ply, t);
            let rest = if last { e.at_goal(black_goal, t + 1) } else { e.stop_or(ply.gs, black_goal, t + 1, cont) };
            e.c.and(&mut e.vars, [moved, rest])
        } else {
            let (moved, legal) = e.white_move(ply, t, !last);
            let rest = if last { Lit::FALSE } else { e.stop_or(ply.gs, white_goal, t + 1, cont) };
            let guarded = e.c.implies(&mut e.vars, legal, rest);
            e.c.and(&mut e.vars, [moved, guarded])
        };
    }
    let init = e.initial(first);
    let output = e.c.and(&mut e.vars, [init, cont]);
    CircuitQbf { vars: e.vars, prefix, circuit: e.c, output }
}

impl Encoder<'_> {
    /// `SC(atom, o_t, w_t)` (Definition 4.2), negated for a negated atom.
    fn sc(&mut self, atom: &Atom, t: usize) -> Lit {
        let (o, w) = (self.o[t], self.w[t]);
        let holds = match atom.pred {
            Pred::Open => o,
            Pred::Black => self.c.and(&mut self.vars, [!o, !w]),
            Pred::White => self.c.and(&mut self.vars, [!o, w]),
        };
        if atom.negated {
            !holds
        } else {
            holds
        }
    }

    /// `RI(V_x, V_y, atom)` (Definition 4.1): the symbolic position is the atom's position.
    fn ri(&mut self, v: &Pos, atom: &Atom) -> Lit {
        let (board, sx, sy) = (self.board, self.s.x.clone(), self.s.y.clone());
        let axis = |c: &mut Circuit, vars: &mut VarManager, e: Expr, bits: &[Lit], s: &[Lit], len: i32| match e {
            Expr::Param(k) => eq_offset(c, vars, bits, k as i64, s),
            abs => eq_const(c, vars, s, abs.value(0, len) as i64 - 1),
        };
        let ex = axis(&mut self.c, &mut self.vars, atom.x, &v.x, &sx, board.width);
        let ey = axis(&mut self.c, &mut self.vars, atom.y, &v.y, &sy, board.height);
        self.c.and(&mut self.vars, [ex, ey])
    }

    /// `BDcir(V_x, V_y, C)` (Definition 4.3) for the bounds `(bx, by)`.
    fn bd(&mut self, v: &Pos, (bx, by): (games::bddl::Interval, games::bddl::Interval)) -> Lit {
        let x = in_range(&mut self.c, &mut self.vars, &v.x, bx.lo as i64 - 1, bx.hi as i64 - 1);
        let y = in_range(&mut self.c, &mut self.vars, &v.y, by.lo as i64 - 1, by.hi as i64 - 1);
        self.c.and(&mut self.vars, [x, y])
    }

    /// `⋀_{C} RI(C) → SC(C, t)`.
    fn conditions_hold(&mut self, v: &Pos, atoms: &[Atom], t: usize) -> Lit {
        let parts: Vec<Lit> = atoms
            .iter()
            .map(|a| {
                let ri = self.ri(v, a);
                let sc = self.sc(a, t);
                self.c.implies(&mut self.vars, ri, sc)
            })
            .collect();
        self.c.and(&mut self.vars, parts)
    }

    /// `o_a ↔ o_b ∧ w_a ↔ w_b`.
    fn same_state(&mut self, a: usize, b: usize) -> Lit {
        let o = self.c.iff(&mut self.vars, self.o[a], self.o[b]);
        let w = self.c.iff(&mut self.vars, self.w[a], self.w[b]);
        self.c.and(&mut self.vars, [o, w])
    }

    /// The effects of `action` at `t + 1` and the frame axiom for every other position.
    fn effects(&mut self, v: &Pos, action: &Action, t: usize) -> Lit {
        let hold = self.conditions_hold(v, &action.eff.atoms, t + 1);
        let named: Vec<Lit> = action.eff.atoms.iter().map(|a| self.ri(v, a)).collect();
        let named = self.c.or(&mut self.vars, named);
        let same = self.same_state(t, t + 1);
        let frame = self.c.implies(&mut self.vars, !named, same);
        self.c.and(&mut self.vars, [hold, frame])
    }

    /// `M_bᵗ`: Black's move at ply `t` is legal and leads from `t` to `t + 1`.
    fn black_move(&mut self, ply: &Ply, t: usize) -> Lit {
        let game = self.game;
        let actions = &game.domain.black;
        let mut parts = vec![lt_const(&mut self.c, &mut self.vars, &ply.action, actions.len() as i64)];
        for (j, a) in actions.iter().enumerate() {
            let chosen = eq_const(&mut self.c, &mut self.vars, &ply.action, j as i64);
            let bounds = self.bd(&ply.pos, a.bounds(self.board));
            let pre = self.conditions_hold(&ply.pos, &a.pre.atoms, t);
            let eff = self.effects(&ply.pos, a, t);
            let body = self.c.and(&mut self.vars, [bounds, pre, eff]);
            parts.push(self.c.implies(&mut self.vars, chosen, body));
        }
        self.c.and(&mut self.vars, parts)
    }

    /// `M_wᵗ` and the legality `lb ∧ ⋀P`. Without `with_effects` (White's last ply) the
    /// successor state is not needed and the effects are left out.
    fn white_move(&mut self, ply: &Ply, t: usize, with_effects: bool) -> (Lit, Lit) {
        let game = self.game;
        let actions = &game.domain.white;
        let mut in_bounds = vec![lt_const(&mut self.c, &mut self.vars, &ply.action, actions.len() as i64)];
        let mut parts = Vec::new();
        let legal = self.c.and(&mut self.vars, std::iter::once(ply.lb).chain(ply.pre.iter().copied()));
        for (j, a) in actions.iter().enumerate() {
            let chosen = eq_const(&mut self.c, &mut self.vars, &ply.action, j as i64);
            let bounds = self.bd(&ply.pos, a.bounds(self.board));
            in_bounds.push(self.c.implies(&mut self.vars, chosen, bounds));
            let mut body = Vec::new();
            for (k, &p) in ply.pre.iter().enumerate() {
                match a.pre.atoms.get(k) {
                    Some(atom) => {
                        let ri = self.ri(&ply.pos, atom);
                        let sc = self.sc(atom, t);
                        let flag = self.c.iff(&mut self.vars, sc, p);
                        body.push(self.c.implies(&mut self.vars, ri, flag));
                    }
                    None => body.push(p),
                }
            }
            if with_effects {
                let eff = self.effects(&ply.pos, a, t);
                body.push(self.c.implies(&mut self.vars, legal, eff));
            }
            let body = self.c.and(&mut self.vars, body);
            parts.push(self.c.implies(&mut self.vars, chosen, body));
        }
        let bounds = self.c.and(&mut self.vars, in_bounds);
        parts.push(self.c.iff(&mut self.vars, ply.lb, bounds));
        (self.c.and(&mut self.vars, parts), legal)
    }

    /// `(gs → goal at t) ∧ (¬gs → cont)`; without a stop variable just `cont`.
    fn stop_or(&mut self, gs: Option<Lit>, goal: Option<Lit>, t: usize, cont: Lit) -> Lit {
        match gs {
            Some(gs) => {
                let at_goal = self.at_goal(goal, t);
                let stop = self.c.implies(&mut self.vars, gs, at_goal);
                let go_on = self.c.implies(&mut self.vars, !gs, cont);
                self.c.and(&mut self.vars, [stop, go_on])
            }
            None => cont,
        }
    }

    /// A goal check (on the copy at `d + 1`) applied at time `t`; `None` means no goal to
    /// check, which holds of every state.
    fn at_goal(&mut self, goal: Option<Lit>, t: usize) -> Lit {
        match goal {
            Some(g) => {
                let copy = self.same_state(t, self.depth + 1);
                self.c.and(&mut self.vars, [g, copy])
            }
            None => Lit::TRUE,
        }
    }

    /// The state-independent part of `G_b` on the copy `d + 1`: some goal condition `B_c`
    /// holds at `(B_x, B_y)`. `Some(FALSE)` without black goals.
    fn black_goal(&mut self, v: &Pos, bc: &[Lit]) -> Option<Lit> {
        let game = self.game;
        let goals = &game.problem.black_goals;
        let mut parts = vec![lt_const(&mut self.c, &mut self.vars, bc, goals.len() as i64)];
        for (j, g) in goals.iter().enumerate() {
            let chosen = eq_const(&mut self.c, &mut self.vars, bc, j as i64);
            let bounds = self.bd(v, g.bounds(self.board));
            let holds = self.conditions_hold(v, &g.atoms, self.depth + 1);
            let body = self.c.and(&mut self.vars, [bounds, holds]);
            parts.push(self.c.implies(&mut self.vars, chosen, body));
        }
        Some(self.c.and(&mut self.vars, parts))
    }

    /// The state-independent part of `G_w`: for the universal `(W_x, W_y, W_c)` in bounds,
    /// the atom `W_ce` of that condition fails. `None` without white goals.
    fn white_goal(&mut self, v: &Pos, wc: &[Lit], wce: &[Lit]) -> Option<Lit> {
        let game = self.game;
        let goals = &game.problem.white_goals;
        if goals.is_empty() {
            return None;
        }
        let mut parts = Vec::new();
        for (j, g) in goals.iter().enumerate() {
            let chosen = eq_const(&mut self.c, &mut self.vars, wc, j as i64);
            let bounds = self.bd(v, g.bounds(self.board));
            let applies = self.c.and(&mut self.vars, [chosen, bounds]);
            let mut body = vec![lt_const(&mut self.c, &mut self.vars, wce, g.atoms.len() as i64)];
            for (k, atom) in g.atoms.iter().enumerate() {
                let ri = self.ri(v, atom);
                let picked = eq_const(&mut self.c, &mut self.vars, wce, k as i64);
                let here = self.c.and(&mut self.vars, [ri, picked]);
                let sc = self.sc(atom, self.depth + 1);
                body.push(self.c.implies(&mut self.vars, here, !sc));
            }
            let body = self.c.and(&mut self.vars, body);
            parts.push(self.c.implies(&mut self.vars, applies, body));
        }
        Some(self.c.and(&mut self.vars, parts))
    }

    /// `I`: the initial state on the state variables of time `t`.
    fn initial(&mut self, t: usize) -> Lit {
        let (board, (o, w)) = (self.board, (self.o[t], self.w[t]));
        let cells = self.game.initial_state();
        let (sx, sy) = (self.s.x.clone(), self.s.y.clone());
        let at = |c: &mut Circuit, vars: &mut VarManager, x: i32, y: i32| {
            let ex = eq_const(c, vars, &sx, x as i64 - 1);
            let ey = eq_const(c, vars, &sy, y as i64 - 1);
            c.and(vars, [ex, ey])
        };
        let mut black = Vec::new();
        let mut white = Vec::new();
        let mut parts = Vec::new();
        for y in 1..=board.height {
            for x in 1..=board.width {
                let here = at(&mut self.c, &mut self.vars, x, y);
                match cells[board.index(x, y)] {
                    Pred::Black => black.push(here),
                    Pred::White => white.push(here),
                    Pred::Open => parts.push(self.c.implies(&mut self.vars, here, o)),
                }
            }
        }
        let is_black = self.c.and(&mut self.vars, [!o, !w]);
        let is_white = self.c.and(&mut self.vars, [!o, w]);
        let any_black = self.c.or(&mut self.vars, black);
        let any_white = self.c.or(&mut self.vars, white);
        parts.push(self.c.implies(&mut self.vars, any_black, is_black));
        parts.push(self.c.implies(&mut self.vars, any_white, is_white));
        self.c.and(&mut self.vars, parts)
    }
}

/// The action and x/y bits of the first ply (White's with `white`), the first variables
/// taken from `start` on, checked outermost.
fn first_ply_map(game: &Game, qbf: &CircuitQbf, start: u32, white: bool) -> Result<SymbolMap, MapError> {
    let board = game.board();
    let actions = if white { &game.domain.white } else { &game.domain.black };
    let sizes = [bits_for(actions.len()), bits_for(board.width as usize), bits_for(board.height as usize)];
    let mut next = start;
    let [action_bits, x_bits, y_bits] = sizes.map(|n| {
        let bits: Vec<u32> = (next..next + n as u32).collect();
        next += n as u32;
        bits
    });
    let map =
        SymbolMap::Lifted { actions: actions.iter().map(|a| a.name.clone()).collect(), action_bits, x_bits, y_bits };
    check_outermost_of(&qbf.prefix, &map.vars(), white)?;
    Ok(map)
}

//! GDL games as QBF: the temporal extension Ext(G) with the general encoding (GE) or the
//! strictly turn-taking encoding (SD) of He, Saffidine and Thielscher.
//!
//! **Temporal extension.** The ground game (see `gdl::ground`) is unrolled over the
//! steps `1..=T`: every derived atom `p` gets a copy `p(t)` for `t ∈ 1..=T+1` (atoms that
//! depend on `does` only for `t ≤ T`), `true(f, 1)` is the constant `init(f)`, and
//! `true(f, t+1)` *is* `next(f, t)`. The program is stratified and, after the tightness
//! check of the grounder, has no positive loops, so its stable models are the models of
//! its Clark completion: each `p(t)` is defined as the disjunction of its ground bodies.
//! The completion is built as a hash-consed AND/OR circuit (constants folded, equal
//! bodies shared) and turned into clauses by Tseitin's equivalences.
//!
//! **GE** (Section 3.1) adds, for `x` the role that must win and `o` any other role:
//! `terminated(1) = terminal(1)`, `terminated(t+1) = terminal(t+1) ∨ terminated(t)`
//! (rules 1–2); the first terminated step must have `goal(x, 100)` (8–9), and the game
//! must terminate within `T` (10). The move rules (3)–(7) are in `gdl_moves`: `x` chooses
//! existentially, every other role by its own universal bits.
//!
//! **n players.** With more than two roles the question is whether `x` can force goal
//! 100 whatever *all* the other roles do: they form one universal coalition (the
//! paranoid assumption of the paper's conclusion), and at each step `x` commits before
//! the coalition's joint move, exactly as the reference player (`gdl::player`) does. For
//! two roles the encoding is the paper's, variable for variable.
//!
//! **SD** (Section 3.3) applies when the turn order is known before the game starts
//! (`gdl::turns`): at each step the forced roles' moves are defined,
//! `does(r, m, t) = legal(r, m, t) ∧ ¬terminated(t)` (rule 11), and only the role on turn
//! chooses — `x` existentially, another role by its universal bits — so the other blocks
//! vanish. When no encoding is asked for, [`GdlEncoding::by_structure`] takes SD exactly
//! where the ground game is strictly turn-taking (`gdl::turn_taking`), GE otherwise.
//!
//! The quantifier prefix (GN, GT, GD) is described in `gdl_prefix`. Both output shapes
//! are available through [`Encoding::encode`]: clauses ([`Form::Clauses`], QDIMACS;
//! the clause form is not used) with every variable placed by the prefix method and
//! renumbered densely in prefix order, and a circuit ([`Form::Circuit`], QCIR) whose gates
//! are the atoms and whose prefix holds the choice and universal variables.
//!
//! Departures from the paper: the ASP-to-QBF step (qasp2qbf, lp2sat) is replaced by
//! Clark completion over a circuit, which is exact for tight programs and shares equal
//! subformulas; constants (the initial position, static relations) are folded away;
//! at-most-one over a player's moves uses the sequential counter of Sinz when the player
//! has more than four moves (pairwise otherwise).
//!
//! **Decomposed rules.** When the ground game keeps rules as written beside the parts of
//! split rules ([`GroundGame::written`]), the formula is built both ways and the
//! decomposed one kept only when its clausal form has no more variables and no more
//! clauses: which is smaller depends on what the depth folds (at depth 1 the position
//! is a constant), so decomposition never makes a formula larger.
//!
//! ## References
//! - Y. He, A. Saffidine, M. Thielscher: *Solving Two-player Games with QBF Solvers in
//!   General Game Playing*, AAMAS 2024.
//! - M. Thielscher: *Answer Set Programming for Single-Player Games in General Game
//!   Playing*, ICLP 2009 (the temporal extension).
//! - C. Sinz: *Towards an Optimal CNF Encoding of Boolean Cardinality Constraints*, CP 2005.

mod choice;
mod moves;
mod prefix;
mod size;

use crate::map::GdlMap;
use crate::player::GOAL_MAX;
use crate::turn_taking::{turn_taking, TurnTaking};
use crate::turns::Turn;
use crate::{GameError, GroundGame, Node};
use gamekit::encoding::{for_side, EncodeError, Encoded, Encoding, Form, Side, Sink};
use gamekit::{check_outermost_of, MapError, SymbolMap};
use prefix::Levels;
use qbf::formula::{Circuit, ClauseSink, Lit, Prefix, Var, VarManager};

/// The first move of a role that chooses by universal bits: its moves and their bits.
pub(crate) struct Bits {
    pub role: usize,
    pub moves: Vec<usize>,
    pub bits: Vec<Lit>,
}

pub use gamekit::Size;
pub use prefix::PrefixMethod;

/// Which rules encode the players' moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Rules {
    /// GE: both players choose at every step.
    General,
    /// SD: only the player on turn chooses (strictly turn-taking games).
    StrictTurns,
}

impl Rules {
    /// `ge` or `sd`.
    pub fn name(self) -> &'static str {
        match self {
            Rules::General => "ge",
            Rules::StrictTurns => "sd",
        }
    }
}

/// Why a GDL encoding has the rules it has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The caller asked for them.
    Asked,
    /// Chosen from the game's turn structure up to the depth.
    Structure(TurnTaking),
}

impl std::fmt::Display for Reason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Reason::Asked => write!(f, "as asked"),
            Reason::Structure(turns) => write!(f, "chosen by the game's structure ({turns})"),
        }
    }
}

/// A GDL encoding: GE or SD under the GN, GT or GD prefix, for role `first`. The depth
/// of [`Encoding::encode`] is the horizon `T`: at most `T` moves.
#[derive(Copy, Clone, Debug)]
pub struct GdlEncoding {
    pub rules: Rules,
    pub prefix: PrefixMethod,
    /// The role that must win (`x`), by index into the game's roles.
    pub first: usize,
}

impl GdlEncoding {
    /// The header comment of an instance of `game` (read from the file `path`, named by its
    /// file name) at horizon `depth`, written by qbfgames `version`: the encoding and prefix
    /// (`ge`/`sd`, `gn`/`gt`/`gd`), the role that must win, and the encoding's choice when
    /// the game's structure made it.
    pub fn comment(&self, game: &GroundGame, path: &str, depth: u32, version: &str, reason: &Reason) -> String {
        let name = std::path::Path::new(path)
            .file_name()
            .map_or_else(|| path.to_string(), |n| n.to_string_lossy().into_owned());
        let role = game.store.display(game.roles[self.first]);
        let (rules, prefix) = (self.rules.name(), self.prefix.name());
        let choice = match reason {
            Reason::Asked => String::new(),
            Reason::Structure(_) => format!("\n{}", self.choice(reason)),
        };
        format!("GDL game {name}, depth {depth}, encoding {rules}, prefix {prefix}: true iff {role} can force goal 100{choice}\ngenerated by qbfgames {version}")
    }

    /// The encoding and why: `encoding sd, prefix gd, chosen by the game's structure (…)`.
    pub fn choice(&self, reason: &Reason) -> String {
        format!("encoding {}, prefix {}, {reason}", self.rules.name(), self.prefix.name())
    }
}

/// The constraint clauses and circuit under construction.
pub(crate) struct Build<'g> {
    pub game: &'g GroundGame,
    depth: u32,
    pub vars: VarManager,
    pub circuit: Circuit,
    pub levels: Levels,
    pub clauses: Vec<Vec<Lit>>,
    /// `atoms[t - 1][a]`: the literal of derived atom `a` at step `t`.
    atoms: Vec<Vec<Lit>>,
    /// `does[t - 1][m]`: the literal of move `m` at step `t`.
    pub does: Vec<Vec<Lit>>,
    pub terminated: Vec<Lit>,
    /// `x`'s choice variables at step 1, with their moves.
    pub first_choice: Vec<(usize, Lit)>,
    /// The universal bits at step 1 of each other role that chooses.
    pub first_bits: Vec<Bits>,
}

impl Encoding for GdlEncoding {
    type Game = GroundGame;

    /// Counted per step from the ground game without what the circuit folds to
    /// constants (see the `gdl_size` module: a three-valued simulation of the game); the
    /// larger of the two counts when the game has its rules as written beside it, as
    /// either may be encoded.
    fn estimate(&self, game: &GroundGame, depth: u32) -> u64 {
        let written = game.as_written().map_or(0, |written| size::estimate(written, depth));
        size::estimate(game, depth).max(written)
    }

    /// The QBF is true iff role `first` (`x`) can force `goal 100` within `depth` steps
    /// against all the other roles.
    /// The map of [`Side::Black`] is `x`'s first move: its choice variables
    /// `does(x, ·, 1)`, which every prefix method puts into the outermost block `E_0` and
    /// which keep their numbers in the clausal form (so one map fits QCIR and QDIMACS);
    /// refused ([`MapError::BlackNotFirst`]) when `x` has fewer than two legal moves in the
    /// initial position, its first real move being deeper. With [`Side::White`] the prefix
    /// is put White-first (the block `E_0` then holds only `x`'s forced first move and
    /// gates over the initial position) and the map is the universal bits `moveL(o, ·, 1)`
    /// of the one other role `o` that has a choice at step 1: on the false instance, the
    /// move that refutes `x`. Refused ([`MapError::WhiteNotFirst`]) unless exactly one
    /// role other than `x`, and not `x`, has a choice at step 1.
    fn write<C: ClauseSink>(
        &self,
        game: &GroundGame,
        depth: u32,
        side: Side,
        sink: &mut Sink<C>,
        vars: &mut VarManager,
    ) -> Result<Encoded, EncodeError> {
        let start = vars.clone();
        let mut b = self.build(game, depth, std::mem::take(vars))?;
        if let Some(written) = game.as_written() {
            let w = self.build(written, depth, start)?;
            if !b.no_larger_than(&w) {
                b = w;
            }
        }
        let chooses = self.chooses(game)?;
        let x = self.first;
        let mut coalition = (0..chooses.len()).filter(|&r| r != x && chooses[r]);
        let o = coalition.next().filter(|_| coalition.next().is_none());
        let bits = b.first_bits.iter().find(|bits| Some(bits.role) == o);
        let names = |ms: &mut dyn Iterator<Item = usize>| {
            ms.map(|m| game.store.display(game.moves[m].term)).collect::<Vec<_>>()
        };
        let (role, moves, old, refused) = match side {
            Side::Black => (
                x,
                names(&mut b.first_choice.iter().map(|&(m, _)| m)),
                b.first_choice.iter().map(|(_, l)| l.var_index()).collect::<Vec<u32>>(),
                (!chooses[x]).then_some(MapError::BlackNotFirst),
            ),
            Side::White => (
                o.unwrap_or(x),
                names(&mut bits.iter().flat_map(|b| b.moves.iter().copied())),
                bits.iter().flat_map(|b| b.bits.iter().map(|l| l.var_index())).collect(),
                (chooses[x] || bits.is_none()).then_some(MapError::WhiteNotFirst),
            ),
        };
        let (prefix, renumbered) = match sink.form() {
            Form::Clauses(_) => {
                let (prefix, max_var, renumbered) =
                    b.levels.finish_clauses(&b.circuit, &b.clauses, b.vars.max_index(), sink.clause_sink());
                *vars = VarManager::with_max(max_var);
                (prefix, Some(renumbered))
            }
            Form::Circuit => {
                let qbf = b.levels.finish_circuit(b.circuit, &b.clauses, b.vars);
                sink.set_circuit(qbf.circuit, qbf.output);
                *vars = qbf.vars;
                (qbf.prefix, None)
            }
        };
        // With White to move, the leading block that moves behind White's first move holds
        // only the forced first move of the role not on turn and gates over the initial
        // position.
        let prefix = for_side(prefix, side);
        let role = game.store.display(game.roles[role]);
        let map = match refused {
            Some(refused) => Err(refused),
            None => first_map(&prefix, renumbered.as_deref(), &old, side == Side::White).map(|vars| match side {
                Side::Black => SymbolMap::new(GdlMap::Gdl { role, moves, vars }),
                Side::White => SymbolMap::new(GdlMap::GdlBits { role, moves, bits: vars }),
            }),
        };
        Ok(Encoded { prefix, map })
    }
}

impl GdlEncoding {
    /// Per role, whether it has two or more legal moves in the initial position.
    fn chooses(&self, game: &GroundGame) -> Result<Vec<bool>, GameError> {
        let player = crate::player::Solver::new(game, self.first)?;
        let s = player.initial();
        Ok((0..game.roles.len()).map(|r| player.legal(&s, r).len() >= 2).collect())
    }

    fn build<'g>(&self, game: &'g GroundGame, depth: u32, vars: VarManager) -> Result<Build<'g>, GameError> {
        let roles = game.roles.len();
        if self.first >= roles {
            return Err(GameError(format!(
                "role number {} does not exist; the game has {roles} roles",
                self.first + 1
            )));
        }
        let turns = match self.rules {
            Rules::General => vec![vec![Turn::Free; roles]; depth as usize],
            Rules::StrictTurns => match turn_taking(game, depth) {
                TurnTaking::Strict(turns) => turns,
                other => {
                    return Err(GameError(format!(
                        "the strictly turn-taking encoding (sd) does not apply: {other}; use the general encoding (ge)"
                    )))
                }
            },
        };
        let mut b = Build {
            game,
            depth,
            vars,
            circuit: Circuit::new(),
            levels: Levels::new(self.prefix, depth),
            clauses: Vec::new(),
            atoms: Vec::new(),
            does: Vec::new(),
            terminated: Vec::new(),
            first_choice: Vec::new(),
            first_bits: Vec::new(),
        };
        let x = self.first;
        for t in 1..=depth + 1 {
            b.state_atoms(t);
            b.terminated(t);
            if t <= depth {
                b.moves(t, x, &turns[t as usize - 1]);
                b.move_atoms(t);
            }
        }
        b.goal(x);
        Ok(b)
    }
}

/// The new numbers of the first move's variables `old` (`renumbered`: by the clausal
/// form; none: the circuit keeps them), which must be in the outermost block of its player
/// and keep their numbers (so that the map also fits the QCIR form, which is not
/// renumbered).
fn first_map(
    prefix: &Prefix,
    renumbered: Option<&[Option<Var>]>,
    old: &[u32],
    universal: bool,
) -> Result<Vec<u32>, MapError> {
    let mut vars = Vec::with_capacity(old.len());
    for &v in old {
        let new = match renumbered {
            Some(r) => r.get(v as usize).copied().flatten().map(|n| n.index()),
            None => Some(v),
        };
        match new {
            Some(new) if new == v || universal => vars.push(new),
            _ => return Err(MapError::Renumbered(v)),
        }
    }
    check_outermost_of(prefix, &vars, universal)?;
    Ok(vars)
}

impl Build<'_> {
    /// Whether this formula has no more variables and no more clauses than `other`'s, in
    /// the clausal form.
    fn no_larger_than(&self, other: &Build) -> bool {
        let size = |b: &Build| prefix::clausal_size(&b.circuit, &b.clauses, b.vars.max_index());
        let ((vars, clauses), (other_vars, other_clauses)) = (size(self), size(other));
        vars <= other_vars && clauses <= other_clauses
    }

    fn lit_at(&self, t: u32, l: crate::GLit) -> Lit {
        let v = match l.node {
            Node::Fluent(f) => self.fluent(t, f),
            Node::Move(m) => self.does[t as usize - 1][m as usize],
            Node::Atom(a) => self.atoms[t as usize - 1][a as usize],
        };
        if l.positive {
            v
        } else {
            !v
        }
    }

    /// `true(f, t)`: the initial value at step 1, else `next(f, t − 1)`.
    fn fluent(&self, t: u32, f: u32) -> Lit {
        if t == 1 {
            return Lit::constant(self.game.init.binary_search(&f).is_ok());
        }
        self.game.next[f as usize].map_or(Lit::FALSE, |a| self.atoms[t as usize - 2][a as usize])
    }

    fn define(&mut self, t: u32, a: usize) {
        let bodies = &self.game.atoms[a].bodies;
        let mut disjuncts = Vec::with_capacity(bodies.len());
        let mut lits: Vec<Lit> = Vec::new();
        for body in bodies {
            lits.clear();
            lits.extend(body.iter().map(|&l| self.lit_at(t, l)));
            let g = self.circuit.and(&mut self.vars, lits.iter().copied());
            disjuncts.push(g);
        }
        let lit = self.circuit.or(&mut self.vars, disjuncts);
        self.levels.stamp(lit, t);
        self.atoms[t as usize - 1][a] = lit;
    }

    /// Derived atoms of step `t` that do not depend on the moves.
    fn state_atoms(&mut self, t: u32) {
        self.atoms.push(vec![Lit::FALSE; self.game.atoms.len()]);
        for a in 0..self.game.atoms.len() {
            if !self.game.atoms[a].on_does {
                self.define(t, a);
            }
        }
    }

    /// Derived atoms of step `t` that depend on the moves (`next` among them).
    fn move_atoms(&mut self, t: u32) {
        for a in 0..self.game.atoms.len() {
            if self.game.atoms[a].on_does {
                self.define(t, a);
            }
        }
    }

    fn terminal(&self, t: u32) -> Lit {
        self.game.terminal.map_or(Lit::FALSE, |a| self.atoms[t as usize - 1][a as usize])
    }

    pub(crate) fn legal(&self, t: u32, m: usize) -> Lit {
        self.game.legal[m].map_or(Lit::FALSE, |a| self.atoms[t as usize - 1][a as usize])
    }

    /// Rules (1) and (2).
    fn terminated(&mut self, t: u32) {
        let terminal = self.terminal(t);
        let lit = match self.terminated.last() {
            Some(&before) => self.circuit.or(&mut self.vars, [terminal, before]),
            None => terminal,
        };
        self.levels.stamp(lit, t);
        self.terminated.push(lit);
    }

    /// Rules (8), (9) and (10).
    fn goal(&mut self, x: usize) {
        let win = self.game.goals[x].iter().find(|(v, _)| *v == GOAL_MAX).map(|&(_, a)| a);
        for t in 1..=self.depth + 1 {
            let goal = win.map_or(Lit::FALSE, |a| self.atoms[t as usize - 1][a as usize]);
            let term = self.terminated[t as usize - 1];
            let mut clause = vec![!term, goal];
            if t > 1 {
                clause.push(self.terminated[t as usize - 2]);
            }
            self.clauses.push(clause);
        }
        self.clauses.push(vec![self.terminated[self.depth as usize]]);
    }
}

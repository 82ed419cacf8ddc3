//! The Corrective+ (COR+) encoding of positional games into prenex CNF.
//!
//! Clauses (1)–(13) of Mayer-Eichberger and Saffidine, Section 3.2, over the variables
//! `time(k)`, `board(a, v, k)`, `move(i, k)` and `win(e)`:
//!
//! | clause | meaning |
//! |---|---|
//! | (1) ¬time(k) ∨ time(k−1) | once over, the game stays over |
//! | (2) ¬board(a, v, 0) | the board starts empty |
//! | (3) ¬board(B, v, k) ∨ ¬board(W, v, k) | a vertex has one owner |
//! | (4) ¬board(a, v, k−1) ∨ board(a, v, k) | claimed vertices stay claimed |
//! | (5) board(W, v, k−1) ∨ ¬board(W, v, k) | White's frame, in layers where White does not move |
//! | (6) time(k) ∨ board(a, v, k−1) ∨ ¬board(a, v, k) | nothing changes once the game is over |
//! | (7) move(k) ≠ v ∨ ¬time(k) ∨ board(B, v, k−1) ∨ board(W, v, k) | White's universal bits claim v if it is free |
//! | (8), (9) board(B, v, k−1) ∨ ¬board(B, v, k) ∨ move(i, k) = bit i of v | Black's new stone is the vertex its bits name |
//! | (10) ∨ win(e) | Black owns a winning set at the end… |
//! | (11) ¬win(e) ∨ board(B, v, K), (13) win(e) ∨ ∨¬board(B, v, K) | …defined by its vertices |
//! | (12) ∨ ¬board(W, v, K) | White never owns a White winning set |
//!
//! Moves are log-encoded with ⌈log₂ N⌉ bits (vertex v is the number v−1 in the paper's
//! 1-based count, here the 0-based index): White cannot claim too many vertices, and an
//! occupied or non-existent vertex chosen by White is a pass, which never helps White in a
//! positional game.
//!
//! ## Time layers (how the published sizes come about)
//! Board variables exist at layer 0 and after every Black time point k = 1..K only; the
//! White time points before a Black time point are folded into its layer (White's bits are
//! universal in the block before Black's). Each layer has its own `time(k)`. A (p,q) turn of
//! several stones is one quantifier block; a Black turn of several stones has one layer
//! per stone. Trailing White time points are dropped: a White move after Black's last one
//! cannot make Black win. This is what Table 3 and Table 6 of the paper count (the
//! quantifier blocks, ∀ and ∃ counts match exactly). The prefix is
//! `∃ board(·,·,0) time(1) [∀ White's bits of layer k] ∃ move(·,k) board(·,·,k) time(k+1) … ∃ win(·)`.
//!
//! Initial stones are removed first by the rewrite of Section 3.3
//! ([`PositionalGame::without_initials`]). First-move symmetry breaking (`#firstmoves`,
//! Section 3.3): if Black moves first, one clause says Black's first stone is in the set;
//! if White moves first, clause (7) of White's first stone is only written for vertices in
//! the set (White's other choices are passes).
//!
//! ## References
//! V. Mayer-Eichberger, A. Saffidine: *Positional Games and QBF: A Polished Encoding*
//! (2021, extending *Positional games and QBF: the corrective encoding*, SAT 2020),
//! Sections 3.2 and 3.3, Tables 3 and 6.

use crate::gttt::Gttt;
use crate::map::CorplusMap;
use crate::model::{Player, PositionalGame};
use contract::{Budget, TooLarge};
use gamekit::encoding::{for_side, EncodeError, Encoded, Encoding, Side, Sink};
use gamekit::{check_outermost_of, MapError, SymbolMap};
use qbf::formula::{ClauseSink, Lit, Prefix, Quant, Var, VarManager};

/// The number of bits that name one of `n` vertices.
pub fn move_bits(n: usize) -> usize {
    if n <= 1 {
        0
    } else {
        (usize::BITS - (n - 1).leading_zeros()) as usize
    }
}

/// One board layer: the White stones folded into it, then one Black stone.
struct Layer {
    white_bits: Vec<Vec<Var>>,
    black_bits: Vec<Var>,
    time: Var,
    black: Vec<Var>,
    white: Vec<Var>,
}

/// The COR+ encoding of positional games (see the module doc): clauses, whatever the
/// sink's form.
#[derive(Copy, Clone, Debug, Default)]
pub struct Corplus;

impl Corplus {
    /// The literal bound of [`Encoding::estimate`] from the game's numbers: `n` vertices,
    /// `points` time points, and `ends` literals of the winning-set clauses (10)–(13), at
    /// most four per cell of a winning set. Usable before a game is built.
    pub fn size(n: u64, points: u64, ends: u64) -> u64 {
        let bits = u64::from(u64::BITS - n.saturating_sub(1).leading_zeros());
        let per_point = n.saturating_mul(14 + 3 * bits).saturating_add(2);
        n.saturating_mul(3).saturating_add(points.saturating_mul(per_point)).saturating_add(ends)
    }

    /// Whether the GTTT game `gttt` cut to `depth` time points (all n² without one) fits
    /// `budget`, before the game is built: its COR+ formula ([`Corplus::size`]) and its
    /// symmetry table (a torus has 8n⁴ entries).
    pub fn gttt_fits(gttt: &Gttt, depth: Option<u64>, budget: Budget) -> Result<(), TooLarge> {
        let n = gttt.board;
        let points = depth.unwrap_or_else(|| gttt.vertices());
        let size = Corplus::size(gttt.vertices(), points, 4 * gttt.set_cells_bound());
        budget.check(
            &format!("the COR+ formula of the {n}×{n} board at depth {points}"),
            "--board or --depth",
            size,
        )?;
        budget.check(&format!("the symmetry table of the {n}×{n} board"), "--board", gttt.symmetry_entries())
    }
}

impl Encoding for Corplus {
    type Game = PositionalGame;

    /// Clauses (1)–(13) counted per time point from the board and the winning sets: every
    /// time point writes at most `n·(14 + 3·bits)` literals (a White stone's clause (7)
    /// fewer), the end `3·Σ|Black set| + 2·#Black sets + Σ|White set|`.
    fn estimate(&self, game: &PositionalGame, depth: u32) -> u64 {
        let points = u64::from(depth).min(game.turns.len() as u64);
        let sum = |sets: &[Vec<usize>]| sets.iter().map(|s| s.len() as u64).sum::<u64>();
        let ends = 3 * sum(&game.black_wins) + 2 * game.black_wins.len() as u64 + sum(&game.white_wins);
        Corplus::size(game.size() as u64, points, ends)
    }

    /// `depth` counts time points (at most the game's). The map of [`Side::Black`] is the
    /// move bits of the first layer, after the two initial boards and the first `time`
    /// variable; refused unless Black has the first time point. With [`Side::White`] it is
    /// the bits of White's first stone, at the same place: universal but not outermost
    /// (the initial boards are) until the prefix is put White-first.
    fn write<C: ClauseSink>(
        &self,
        game: &PositionalGame,
        depth: u32,
        side: Side,
        sink: &mut Sink<C>,
        vars: &mut VarManager,
    ) -> Result<Encoded, EncodeError> {
        let game = game.with_depth(depth).ok_or(EncodeError::TooDeep { depth, points: game.turns.len() })?;
        let start = vars.max_index() + 1;
        // With White to move, the leading block that moves behind White's first bits holds
        // only the initial board and `time(1)`, fixed before the first move.
        let prefix = for_side(clauses(&game, sink.clause_sink(), vars), side);
        let mover = match side {
            Side::Black => Player::Black,
            Side::White => Player::White,
        };
        let map = match (side, game.turns.first()) {
            (_, Some(&first)) if first == mover => first_stone_map(&game, &prefix, start, side == Side::White),
            (Side::Black, _) => Err(MapError::BlackNotFirst),
            (Side::White, _) => Err(MapError::WhiteNotFirst),
        };
        Ok(Encoded { prefix, map })
    }
}

/// Writes the clauses of `game` (all its time points) into `sink`, taking variables from
/// `vars`; returns the quantifier prefix.
fn clauses(game: &PositionalGame, sink: &mut impl ClauseSink, vars: &mut VarManager) -> Prefix {
    let game = game.without_initials();
    let n = game.size();
    let bits = move_bits(n);
    let mut turns = game.turns.clone();
    while turns.last() == Some(&Player::White) {
        turns.pop();
    }
    let mut prefix = Prefix::new();
    let black0 = vars.fresh_n(n);
    let white0 = vars.fresh_n(n);
    prefix.push(Quant::Exists, black0.iter().chain(&white0).copied());
    let mut layers: Vec<Layer> = Vec::new();
    let mut pending_white = 0;
    let mut time = vars.fresh();
    prefix.push(Quant::Exists, [time]);
    for (t, &mover) in turns.iter().enumerate() {
        if mover == Player::White {
            pending_white += 1;
            continue;
        }
        let white_bits: Vec<Vec<Var>> = (0..pending_white).map(|_| vars.fresh_n(bits)).collect();
        prefix.push(Quant::Forall, white_bits.iter().flatten().copied());
        pending_white = 0;
        let black_bits = vars.fresh_n(bits);
        let black = vars.fresh_n(n);
        let white = vars.fresh_n(n);
        prefix.push(Quant::Exists, black_bits.iter().chain(&black).chain(&white).copied());
        layers.push(Layer { white_bits, black_bits, time, black, white });
        if t + 1 < turns.len() {
            time = vars.fresh();
            prefix.push(Quant::Exists, [time]);
        }
    }
    let wins = vars.fresh_n(game.black_wins.len());
    prefix.push(Quant::Exists, wins.iter().copied());

    // (1) the time chain.
    for pair in layers.windows(2) {
        sink.add_clause(&[pair[1].time.neg_lit(), pair[0].time.pos_lit()]);
    }
    // (2) the empty initial board.
    for v in black0.iter().chain(&white0) {
        sink.add_clause(&[v.neg_lit()]);
    }
    let board = |k: usize, player: Player| -> &Vec<Var> {
        match (k, player) {
            (0, Player::Black) => &black0,
            (0, Player::White) => &white0,
            (_, Player::Black) => &layers[k - 1].black,
            (_, Player::White) => &layers[k - 1].white,
        }
    };
    for (i, layer) in layers.iter().enumerate() {
        let k = i + 1;
        for v in 0..n {
            // (3) one owner per vertex.
            sink.add_clause(&[layer.black[v].neg_lit(), layer.white[v].neg_lit()]);
        }
        for player in [Player::Black, Player::White] {
            let (before, now) = (board(k - 1, player), board(k, player));
            for v in 0..n {
                // (4) monotone board.
                sink.add_clause(&[before[v].neg_lit(), now[v].pos_lit()]);
                // (5) White's frame where White does not move.
                if player == Player::White && layer.white_bits.is_empty() {
                    sink.add_clause(&[before[v].pos_lit(), now[v].neg_lit()]);
                }
                // (6) no change once the game is over.
                sink.add_clause(&[layer.time.pos_lit(), before[v].pos_lit(), now[v].neg_lit()]);
            }
        }
        // (7) White's stones, corrected.
        let black_before = board(k - 1, Player::Black);
        for (j, white_bits) in layer.white_bits.iter().enumerate() {
            let first_white = k == 1 && j == 0 && turns.first() == Some(&Player::White);
            for (v, (before, white)) in black_before.iter().zip(&layer.white).enumerate() {
                if first_white && game.first_moves.as_ref().is_some_and(|f| !f.is_empty() && !f.contains(&v)) {
                    continue;
                }
                let mut clause: Vec<Lit> = white_bits.iter().enumerate().map(|(i, b)| b.lit(v >> i & 1 == 0)).collect();
                clause.extend([layer.time.neg_lit(), before.pos_lit(), white.pos_lit()]);
                sink.add_clause(&clause);
            }
        }
        // (8), (9) Black's stone is the vertex its bits name.
        for (v, (before, black)) in black_before.iter().zip(&layer.black).enumerate() {
            for (i, b) in layer.black_bits.iter().enumerate() {
                sink.add_clause(&[before.pos_lit(), black.neg_lit(), b.lit(v >> i & 1 == 1)]);
            }
        }
    }
    let last = layers.len();
    let (black_final, white_final) = (board(last, Player::Black), board(last, Player::White));
    // (10) Black owns a winning set at the end.
    let any_win: Vec<Lit> = wins.iter().map(|w| w.pos_lit()).collect();
    sink.add_clause(&any_win);
    for (e, set) in game.black_wins.iter().enumerate() {
        // (11) a won set is Black's.
        for &v in set {
            sink.add_clause(&[wins[e].neg_lit(), black_final[v].pos_lit()]);
        }
    }
    // (12) White never owns a White winning set.
    for set in &game.white_wins {
        let clause: Vec<Lit> = set.iter().map(|&v| white_final[v].neg_lit()).collect();
        sink.add_clause(&clause);
    }
    // (13) a set Black owns is won.
    for (e, set) in game.black_wins.iter().enumerate() {
        let mut clause = vec![wins[e].pos_lit()];
        clause.extend(set.iter().map(|&v| black_final[v].neg_lit()));
        sink.add_clause(&clause);
    }
    // First-move symmetry breaking for Black.
    if let (Some(first), Some(Player::Black), Some(layer)) = (&game.first_moves, turns.first(), layers.first()) {
        if !first.is_empty() {
            let clause: Vec<Lit> = first.iter().map(|&v| layer.black[v].pos_lit()).collect();
            sink.add_clause(&clause);
        }
    }
    prefix
}

/// The bits of the first stone (White's with `white`), where the first variable taken
/// was `start`, checked outermost in `prefix`.
fn first_stone_map(game: &PositionalGame, prefix: &Prefix, start: u32, white: bool) -> Result<SymbolMap, MapError> {
    let game = game.without_initials();
    let n = game.size() as u32;
    let first = start + 2 * n + 1;
    let move_bits: Vec<u32> = (first..first + move_bits(game.size()) as u32).collect();
    let map = SymbolMap::new(CorplusMap::Corplus { vertices: game.vertices.clone(), move_bits });
    check_outermost_of(prefix, &map.vars(), white)?;
    Ok(map)
}

//! `qbfgames play kayles`: Node Kayles against the computer, as geography is played. The
//! computer plays the reference player's winning moves (the first in vertex order): Black's
//! win within the ply limit, or with the user as Black, White's refutation of it. The user
//! picks vertices by their numbers; the session refuses any other. A game ends when the
//! player to move cannot pick, or when the plies run out (Black has then not won within
//! them); its end is checked against the computer's promise.

use gamekit::play::{Explorer, Failure, Played, QdoSolver, White};
use gamekit::session::{PlayableGame, User};

use super::game::{Kayles, Player};

/// A Node Kayles game at a ply limit, as `qbfgames play` plays it.
#[derive(Clone, Copy)]
pub struct KaylesPlay<'k> {
    /// The graph's game.
    pub game: &'k Kayles,
    /// The plies the promise is about: Black wins within them, or does not.
    pub plies: u32,
}

impl PlayableGame for KaylesPlay<'_> {
    fn limit(&self) -> (u32, &'static str) {
        (self.plies, "plies")
    }

    fn play(&self, user: User, solve: &mut QdoSolver<'_>, user_moves: White<'_, '_>) -> Result<Played, Failure> {
        let mut player = Player::new(self.game);
        let mut e = Explorer::new(solve, user_moves);
        let plies = self.plies;
        let start = draw(self.game, plies, &[], &player.available(&[]));
        match (user, player.wins_within(plies)) {
            (User::White, false) => Err(e.refuse(start, format!("Black does not win within {plies} plies, so there is no strategy to play against; play Black (--as black) instead"))),
            (User::Black, true) => Err(e.refuse(start, format!("Black wins within {plies} plies, so White has no refutation; play White instead"))),
            _ => {
                let mut walk = Walk { game: self.game, player, plies, computer_black: user == User::White };
                walk.play_on(&mut e, &mut Vec::new())?;
                Ok(e.played)
            }
        }
    }
}

/// The game tree walked from the start: the reference player's moves on the computer's
/// side, the user's (or all of them) on the other.
struct Walk<'k> {
    game: &'k Kayles,
    player: Player<'k>,
    plies: u32,
    /// The computer plays Black (the user White).
    computer_black: bool,
}

impl Walk<'_> {
    /// Plays on after `picked` until a player cannot pick or the plies run out.
    fn play_on(&mut self, e: &mut Explorer<'_, '_, '_, '_>, picked: &mut Vec<u32>) -> Result<(), Failure> {
        let available = self.player.available(picked);
        let position = draw(self.game, self.plies, picked, &available);
        let left = self.plies.saturating_sub(picked.len() as u32);
        let black = picked.len().is_multiple_of(2);
        if left == 0 || available.is_empty() {
            let black_won = left > 0 && !black;
            if black_won != self.computer_black {
                return Err(e.fail(position, "the game ended against the computer's promise".into()));
            }
            e.played.lines += 1;
            return Ok(());
        }
        let choices: Vec<u32> = if black == self.computer_black {
            match self.player.winning_moves_after(picked, left).first() {
                Some(&v) => vec![v],
                None => return Err(e.fail(position, "the computer has no winning move here".into())),
            }
        } else {
            let names: Vec<String> = available.iter().map(u32::to_string).collect();
            // White's picks against Black's strategy: the plies Black still needs after each.
            let player = &mut self.player;
            let computer_black = self.computer_black;
            let mut resist = |k: usize| {
                let after: Vec<u32> = picked.iter().copied().chain([available[k]]).collect();
                computer_black.then(|| player.plies_after(&after)).flatten()
            };
            e.replies(&position, &names, &mut resist)?.into_iter().map(|k| available[k]).collect()
        };
        let who = if black { "Black" } else { "White" };
        for v in choices {
            picked.push(v);
            e.line.push(v.to_string());
            let after = draw(self.game, self.plies, picked, &self.player.available(picked));
            e.show(&format!("{who} picks {v}"), &after);
            self.play_on(e, picked)?;
            e.line.pop();
            picked.pop();
        }
        Ok(())
    }
}

/// The position after `picked` with `available` the vertices left, as lines separated by
/// `/`: the ply and who is to pick (or cannot), each player's picks, the available
/// vertices and the edges between them (the only part of the graph still in play).
pub fn draw(game: &Kayles, plies: u32, picked: &[u32], available: &[u32]) -> String {
    let ply = picked.len() + 1;
    let mover = if picked.len().is_multiple_of(2) { "Black" } else { "White" };
    let state = if ply > plies as usize {
        format!("ply {ply}, past the ply limit {plies}: Black has not won within it")
    } else if available.is_empty() {
        format!("ply {ply} of {plies}: {mover} cannot pick and loses")
    } else {
        format!("ply {ply} of {plies}: {mover} to pick")
    };
    let list = |vertices: &mut dyn Iterator<Item = String>| {
        let words: Vec<String> = vertices.collect();
        if words.is_empty() {
            "none".to_string()
        } else {
            words.join(" ")
        }
    };
    let picks = |parity: usize| list(&mut picked.iter().skip(parity).step_by(2).map(u32::to_string));
    let mut lines = vec![
        state,
        format!("Black picked: {}", picks(0)),
        format!("White picked: {}", picks(1)),
        format!("available: {}", list(&mut available.iter().map(u32::to_string))),
    ];
    if !available.is_empty() {
        let mut edges = available.iter().flat_map(|&u| {
            game.closed_neighbourhood(u)
                .iter()
                .filter(move |&&v| v > u && available.binary_search(&v).is_ok())
                .map(move |v| format!("{u}-{v}"))
        });
        lines.push(format!("edges between them: {}", list(&mut edges)));
    }
    lines.join("/")
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamekit::graph::grid;

    #[test]
    fn a_position_shows_the_picks_the_available_vertices_and_the_edges_left_in_play() {
        let game = Kayles::from_graph(&grid(4, 1));
        assert_eq!(
            draw(&game, 3, &[], &[0, 1, 2, 3]),
            "ply 1 of 3: Black to pick/Black picked: none/White picked: none/available: 0 1 2 3/edges between them: 0-1 1-2 2-3"
        );
        assert_eq!(
            draw(&game, 3, &[0], &[2, 3]),
            "ply 2 of 3: White to pick/Black picked: 0/White picked: none/available: 2 3/edges between them: 2-3"
        );
        assert_eq!(
            draw(&game, 3, &[0, 2], &[]),
            "ply 3 of 3: Black cannot pick and loses/Black picked: 0/White picked: 2/available: none"
        );
        assert_eq!(
            draw(&game, 1, &[1], &[3]),
            "ply 2, past the ply limit 1: Black has not won within it/Black picked: 1/White picked: none/available: 3/edges between them: none"
        );
    }
}

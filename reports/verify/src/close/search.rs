//! The search for one open entry's answer: which depth to ask the reference player next,
//! and what the answers so far settle.
//!
//! Answers are monotone in the depth (a win within `d` plies is a win within `d + 1`), so
//! the smallest winning depth is found by bisection between the deepest depth known lost
//! and the shallowest known won. With a last ply known, that ply is asked first: no win
//! there is no win in the whole game. Otherwise (and while the last ply's run does not
//! finish) the search deepens one ply at a time from the paper's depth up to
//! [`Search::cap`], for a lower bound. A run that hit its limits is asked again only at a
//! larger [rung](super::Rung).

use std::collections::BTreeMap;

use suites::LastPly;

/// What a run of the reference player said at a depth (our depth, in plies).
#[derive(Clone, Debug, PartialEq)]
pub struct Answer {
    pub wins: bool,
    /// Wall-clock seconds of the run.
    pub seconds: f64,
}

/// The game's last ply, as far as it is known.
#[derive(Clone, Debug, PartialEq)]
pub enum Last {
    /// Not asked yet.
    NotAsked,
    /// Its run hit the limits of the rung numbered here.
    Failed(usize),
    Known(LastPly),
}

/// The next thing to ask.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Step {
    LastPly,
    Depth(u32),
    /// Nothing more at this rung.
    Stop,
}

/// What the answers settle, in our depths.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Settled {
    /// Black wins at the depth and not one ply earlier.
    WinAt(u32),
    /// No win at the last ply: none in the whole game.
    NoWin(u32),
    /// No win up to the depth; deeper not decided.
    NoWinUpTo(u32),
    /// Not even the first depth asked was answered.
    Nothing,
}

/// One entry's search.
#[derive(Clone, Debug)]
pub struct Search {
    /// The paper's depth (ours: with the row's offset).
    pub published: u32,
    /// The deepest depth the deepening asks without a last ply.
    pub cap: u32,
    pub last: Last,
    pub answers: BTreeMap<u32, Answer>,
    /// Depths whose run hit its limits: the largest rung it did so at, and why.
    pub failed: BTreeMap<u32, (usize, String)>,
}

impl Search {
    /// A search from the paper's depth; without a last ply it deepens up to twice that
    /// depth and ten plies more.
    pub fn new(published: u32) -> Search {
        Search {
            published,
            cap: 2 * published + 10,
            last: Last::NotAsked,
            answers: BTreeMap::new(),
            failed: BTreeMap::new(),
        }
    }

    /// The deepest depth known lost (0: none asked), and the shallowest known won.
    pub fn bounds(&self) -> (u32, Option<u32>) {
        let lost = self.answers.iter().filter(|(_, a)| !a.wins).map(|(&d, _)| d).max().unwrap_or(0);
        let won = self.answers.iter().find(|(_, a)| a.wins).map(|(&d, _)| d);
        (lost, won)
    }

    /// The game's last ply, if known.
    pub fn last_ply(&self) -> Option<u32> {
        match &self.last {
            Last::Known(LastPly::Ends { ply, .. }) => Some(*ply),
            _ => None,
        }
    }

    /// What to ask next at rung `rung`.
    pub fn next(&self, rung: usize) -> Step {
        if self.settled_exactly() {
            return Step::Stop;
        }
        match self.last {
            Last::NotAsked => return Step::LastPly,
            Last::Failed(r) if r < rung => return Step::LastPly,
            _ => {}
        }
        let may = |d: u32| match self.failed.get(&d) {
            Some((r, _)) => *r < rung,
            None => true,
        };
        let (lost, won) = self.bounds();
        if let Some(won) = won {
            let mid = lost + (won - lost) / 2;
            return if may(mid) { Step::Depth(mid) } else { Step::Stop };
        }
        if let Some(last) = self.last_ply() {
            if may(last) {
                return Step::Depth(last);
            }
        }
        let next = if lost < self.published { self.published } else { lost + 1 };
        let limit = self.last_ply().map_or(self.cap, |l| l - 1);
        if next <= limit && may(next) {
            Step::Depth(next)
        } else {
            Step::Stop
        }
    }

    /// Whether the answers give a critical depth or no win in the whole game.
    pub fn settled_exactly(&self) -> bool {
        matches!(self.settled(), Settled::WinAt(_) | Settled::NoWin(_))
    }

    pub fn settled(&self) -> Settled {
        let (lost, won) = self.bounds();
        match (won, self.last_ply()) {
            (Some(w), _) if w == lost + 1 => Settled::WinAt(w),
            (None, Some(last)) if lost >= last => Settled::NoWin(last),
            _ if lost > 0 => Settled::NoWinUpTo(lost),
            _ => Settled::Nothing,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(s: &mut Search, d: u32, wins: bool) {
        s.answers.insert(d, Answer { wins, seconds: 0.0 });
    }

    fn ends(ply: u32) -> Last {
        Last::Known(LastPly::Ends { ply, why: String::new() })
    }

    #[test]
    fn the_last_ply_comes_first_and_a_loss_there_is_the_whole_game() {
        let mut s = Search::new(9);
        assert_eq!(s.next(0), Step::LastPly);
        s.last = ends(16);
        assert_eq!(s.next(0), Step::Depth(16));
        answer(&mut s, 16, false);
        assert_eq!(s.settled(), Settled::NoWin(16));
        assert_eq!(s.next(0), Step::Stop);
    }

    #[test]
    fn a_win_is_bisected_down_to_the_critical_depth() {
        let mut s = Search::new(9);
        s.last = ends(16);
        answer(&mut s, 16, true);
        // Bisection between 0 (nothing lost yet) and 16.
        assert_eq!(s.next(0), Step::Depth(8));
        answer(&mut s, 8, false);
        assert_eq!(s.next(0), Step::Depth(12));
        answer(&mut s, 12, true);
        assert_eq!(s.next(0), Step::Depth(10));
        answer(&mut s, 10, true);
        assert_eq!(s.next(0), Step::Depth(9));
        answer(&mut s, 9, true);
        assert_eq!(s.settled(), Settled::WinAt(9));
        assert_eq!(s.next(0), Step::Stop);
    }

    #[test]
    fn without_a_last_ply_the_search_deepens_to_its_cap_for_a_bound() {
        let mut s = Search::new(3);
        s.last = Last::Known(LastPly::Unbounded { why: String::new() });
        assert_eq!(s.next(0), Step::Depth(3));
        for d in 3..=s.cap {
            answer(&mut s, d, false);
        }
        assert_eq!(s.next(0), Step::Stop);
        assert_eq!(s.settled(), Settled::NoWinUpTo(16));
    }

    #[test]
    fn a_run_over_its_limits_waits_for_a_larger_rung_and_the_search_deepens_meanwhile() {
        let mut s = Search::new(9);
        s.last = ends(25);
        s.failed.insert(25, (0, "time".into()));
        assert_eq!(s.next(0), Step::Depth(9));
        answer(&mut s, 9, false);
        assert_eq!(s.next(0), Step::Depth(10));
        assert_eq!(s.next(1), Step::Depth(25));
        assert_eq!(s.settled(), Settled::NoWinUpTo(9));
        s.last = Last::Failed(0);
        assert_eq!(s.next(0), Step::Depth(10));
        assert_eq!(s.next(1), Step::LastPly);
    }
}

//! One open entry and what closing it found ([`Entry`]), and a table's entries
//! ([`Closed`]).

use std::collections::BTreeMap;
use std::time::Duration;

use super::super::table::InstanceRef;
use super::certification::Certified;
use super::search::{Search, Settled};

/// One open entry: the row, what the paper says, and what we found.
#[derive(Clone, Debug)]
pub struct Entry {
    pub row: String,
    /// The paper's claim and depth (`open at 9`).
    pub published: String,
    pub inst: InstanceRef,
    /// Our depth minus the paper's (Black's opening pass in second-player rows).
    pub offset: u32,
    pub search: Search,
    /// Why the search stopped early: a run failed.
    pub failed: Option<String>,
    /// Certification per depth (ours).
    pub certified: BTreeMap<u32, Certified>,
    /// A certified verdict that is not the reference player's answer.
    pub disagreement: Option<String>,
    /// Wall-clock seconds of the entry's runs (the reference player's and certification).
    pub seconds: f64,
    /// The largest reference limits the entry used: CPU seconds and memory.
    pub reached: Option<(f64, u64)>,
}

impl Entry {
    /// The depths (ours) that decide the entry's result.
    pub fn deciding(&self) -> Vec<u32> {
        match self.search.settled() {
            Settled::WinAt(d) => vec![d - 1, d].into_iter().filter(|&d| d >= 1).collect(),
            Settled::NoWin(d) | Settled::NoWinUpTo(d) => vec![d],
            Settled::Nothing => Vec::new(),
        }
    }

    /// Whether every deciding depth is certified.
    pub fn certified_at_deciding(&self) -> bool {
        let deciding = self.deciding();
        !deciding.is_empty() && deciding.iter().all(|d| matches!(self.certified.get(d), Some(Certified::Verdict(..))))
    }

    /// Whether the entry is closed: a critical depth, no win in the whole game, or no win
    /// beyond the paper's depth.
    pub fn closed(&self) -> bool {
        self.disagreement.is_none()
            && match self.search.settled() {
                Settled::WinAt(_) | Settled::NoWin(_) => true,
                Settled::NoWinUpTo(d) => d > self.search.published,
                Settled::Nothing => false,
            }
    }
}

/// The open entries of a table and what closing them found.
pub struct Closed {
    pub entries: Vec<Entry>,
    pub seconds: f64,
    pub budget: Duration,
}

impl Closed {
    /// Whether a certified verdict contradicts the reference player (an error).
    pub fn disagrees(&self) -> bool {
        self.entries.iter().any(|e| e.disagreement.is_some())
    }
}

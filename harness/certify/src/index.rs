//! The first pass over a proof: which steps the conclusion depends on, and how often each
//! is used, so that the second pass keeps a step only until its last use.
//!
//! Memory is a few integers per step (ids, antecedent positions) and nothing per literal.

use std::io::BufRead;

use contract::Verdict;

use super::error::Error;
use super::qrp::{Header, Line, Reader};

/// The structure of a proof, without its literals.
pub struct Index {
    pub header: Header,
    pub result: Verdict,
    /// Step ids in file order (strictly increasing).
    pub ids: Vec<u64>,
    /// Antecedents of step `i` are `ants[starts[i]..starts[i + 1]]`, as step positions.
    starts: Vec<u64>,
    ants: Vec<u32>,
    /// How many needed steps use each step; `u32::MAX` for a step the conclusion does not
    /// need.
    pub uses: Vec<u32>,
}

pub const UNNEEDED: u32 = u32::MAX;

impl Index {
    /// Reads the whole proof once.
    pub fn build<R: BufRead>(reader: &mut Reader<'_, R>) -> Result<Index, Error> {
        let header = reader.header()?;
        let mut ids: Vec<u64> = Vec::new();
        let mut starts = vec![0u64];
        let mut ants: Vec<u32> = Vec::new();
        let mut empty_last = false;
        let result = loop {
            match reader.next()? {
                None => {
                    return Err(reader.reject(None, "the proof ends without a result line `r SAT` or `r UNSAT`: the solver was stopped before it finished"))
                }
                Some(Line::Result(verdict)) => break verdict,
                Some(Line::Step { id }) => {
                    if ids.last().is_some_and(|&last| id <= last) {
                        return Err(reader.reject(Some(id), "step ids must increase"));
                    }
                    if ids.len() >= u32::MAX as usize {
                        return Err(reader.reject(Some(id), "the proof has more than 2^32 steps"));
                    }
                    for &a in &reader.ants {
                        match ids.binary_search(&a) {
                            Ok(pos) => ants.push(pos as u32),
                            Err(_) => {
                                return Err(reader.reject(Some(id), format!("antecedent {a} is not an earlier step")))
                            }
                        }
                    }
                    ids.push(id);
                    starts.push(ants.len() as u64);
                    empty_last = reader.lits.is_empty();
                }
            }
        };
        if reader.next()?.is_some() {
            return Err(reader.reject(None, "nothing may follow the result line"));
        }
        if ids.is_empty() || !empty_last {
            return Err(reader.reject(None, "the last step must be the empty clause (cube) the result rests on"));
        }
        let mut uses = vec![UNNEEDED; ids.len()];
        uses[ids.len() - 1] = 0;
        for i in (0..ids.len()).rev() {
            if uses[i] == UNNEEDED {
                continue;
            }
            for k in starts[i]..starts[i + 1] {
                let a = ants[k as usize] as usize;
                uses[a] = if uses[a] == UNNEEDED { 1 } else { uses[a].saturating_add(1) };
            }
        }
        Ok(Index { header, result, ids, starts, ants, uses })
    }

    /// The antecedents of step position `i`, as step positions.
    pub fn antecedents(&self, i: usize) -> &[u32] {
        &self.ants[self.starts[i] as usize..self.starts[i + 1] as usize]
    }

    /// Number of steps the conclusion depends on.
    pub fn needed(&self) -> usize {
        self.uses.iter().filter(|&&u| u != UNNEEDED).count()
    }
}

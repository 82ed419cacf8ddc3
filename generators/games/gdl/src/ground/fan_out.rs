//! How many atoms a body literal is expected to match, from the atoms derived so far: what
//! the join orders of a fixpoint's first round and of the rules built after the fixpoint
//! follow ([`Plan::sized`](crate::eval::Plan)). Both see exactly these atoms.

use rustc_hash::{FxHashMap, FxHashSet};

use crate::eval::{at_path, Db, Path};
use crate::program::Atom;
use crate::terms::TermStore;
use crate::validate::PredKey;

/// The relations' sizes and their numbers of distinct values at the paths asked, each
/// counted once.
pub(super) struct Sizes<'d> {
    db: &'d Db,
    store: &'d TermStore,
    distinct: FxHashMap<(PredKey, Path), usize>,
}

impl<'d> Sizes<'d> {
    pub(super) fn new(db: &'d Db, store: &'d TermStore) -> Sizes<'d> {
        Sizes { db, store, distinct: FxHashMap::default() }
    }

    /// The atoms of `a`'s relation, divided by the number of distinct values at each of
    /// `paths` (as if the paths were independent): the average number of atoms an index
    /// on one path returns, for one path.
    pub(super) fn fan_out(&mut self, a: &Atom, paths: &[Path]) -> f64 {
        let key = a.key();
        let Sizes { db, store, distinct } = self;
        paths.iter().fold(db.count(key) as f64, |matched, path| {
            let values = *distinct
                .entry((key, path.clone()))
                .or_insert_with(|| db.of(key).filter_map(|t| at_path(store, t, path)).collect::<FxHashSet<_>>().len());
            matched / values.max(1) as f64
        })
    }
}

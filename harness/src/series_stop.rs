//! The series stop (`run --stop-series`): a configuration that ran out of its limit on a
//! rung of a depth series does not run the deeper rungs of that series; their cells are
//! recorded [`Status::Skipped`], never as timeouts. This is how a ladder climbs; it saves
//! the limit's worth of CPU time per skipped cell, and assumes that a deeper rung of the
//! same game is no easier for the same configuration.
//!
//! The schedule ([`schedule`]) runs the shallowest rung of every series first, so that a
//! rung's result is known before the next rung of its series starts.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Mutex;

use super::cell::Cell;
use super::instance::Instance;
use contract::Status;
use qbf::io::Format;

/// Where each configuration stopped on each series: the shallowest depth at which it ran
/// out of a limit.
#[derive(Default)]
pub struct SeriesStops {
    stops: Option<Mutex<BTreeMap<Stop, u32>>>,
}

/// One configuration on one series, in one format.
type Stop = (String, Format, usize, usize);

impl SeriesStops {
    /// The stops of a plan of `instances` and `cells`: none when it does not stop series
    /// (`ran_out` is `None`), else those of the cells whose keys are in `ran_out` (cells
    /// that ran out in earlier runs of its directory).
    pub fn new(instances: &[Instance], cells: &[Cell], ran_out: Option<&BTreeSet<String>>) -> SeriesStops {
        let Some(ran_out) = ran_out else { return SeriesStops::default() };
        let stops = SeriesStops { stops: Some(Mutex::new(BTreeMap::new())) };
        for cell in cells.iter().filter(|c| ran_out.contains(&c.key)) {
            stops.ran_out(instances, cell);
        }
        stops
    }

    /// The depth at which the configuration of `cell` stopped on its series, when that is
    /// shallower than `cell`'s: the cell is not to run.
    pub fn stopped_at(&self, instances: &[Instance], cell: &Cell) -> Option<u32> {
        let (stop, depth) = stop(instances, cell)?;
        let stops = self.stops.as_ref()?.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        stops.get(&stop).copied().filter(|&at| at < depth)
    }

    /// Notes how `cell` ended: a timeout or memout stops its configuration there.
    pub fn note(&self, instances: &[Instance], cell: &Cell, status: Status) {
        if status.ran_out() {
            self.ran_out(instances, cell);
        }
    }

    fn ran_out(&self, instances: &[Instance], cell: &Cell) {
        let (Some(stops), Some((stop, depth))) = (&self.stops, stop(instances, cell)) else { return };
        let mut stops = stops.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let at = stops.entry(stop).or_insert(depth);
        *at = (*at).min(depth);
    }
}

fn stop(instances: &[Instance], cell: &Cell) -> Option<(Stop, u32)> {
    let instance = &instances[cell.instance];
    let rung = instance.rung.as_ref()?;
    Some(((rung.series.clone(), instance.format, cell.preprocessor, cell.solver), rung.depth))
}

/// The order in which to run `cells`, as indices: by each instance's place on its series
/// (the shallowest rung of every series first; instances without a series with the
/// first), then by preprocessor, solver and instance. The cells that share a
/// preprocessed formula run apart, so that one rarely waits for the other's
/// preprocessing.
pub fn schedule(instances: &[Instance], cells: &[Cell]) -> Vec<usize> {
    let mut depths: BTreeMap<(&str, Format), Vec<u32>> = BTreeMap::new();
    for inst in instances {
        if let Some(rung) = &inst.rung {
            depths.entry((&rung.series, inst.format)).or_default().push(rung.depth);
        }
    }
    for list in depths.values_mut() {
        list.sort_unstable();
        list.dedup();
    }
    let place = |i: usize| {
        let inst = &instances[i];
        inst.rung
            .as_ref()
            .map_or(0, |rung| depths[&(rung.series.as_str(), inst.format)].partition_point(|&d| d < rung.depth))
    };
    let mut order: Vec<usize> = (0..cells.len()).collect();
    order.sort_by_key(|&k| {
        let c = &cells[k];
        (place(c.instance), c.preprocessor, c.solver, c.instance)
    });
    order
}

//! Generalized geography (`geography`; the thesis's section 3): the one-hot and compact
//! encodings, and the reference solver over the plays; the model's suite side, and the
//! graphs suites and flags name. The command line is in `cli` (feature `cli`).

use crate::encoding::{GeoEncoding, Geography as GeographyEncoding};
use crate::map::TAGS;
use crate::{Rule, Solver, Variant};
use anyhow::Result;
use gamekit::graph::suite::{check_graph, suite_graph, suite_rounds, GRAPH_KEYS};
use gamekit::suite::{key, BuildError, Encoding as SuiteEncoding, Instance, Kind, OutFormat, Request};
use gamekit::suite::{Schema, Setup, Writes};
use gamekit::{GameModel, NodeMap, SymbolMap};
use qbf::io::Format;

/// `onehot`: a variable per round and node, a circuit.
pub const ONEHOT: SuiteEncoding = SuiteEncoding::new("onehot", Writes::Circuit);
/// `compact`: the node of each round as a binary index, a circuit.
pub const COMPACT: SuiteEncoding = SuiteEncoding::new("compact", Writes::Circuit);

/// `model = "geography"`: the graph, the variant and the rule.
const SCHEMA: Schema = Schema {
    keys: &[
        GRAPH_KEYS[0],
        GRAPH_KEYS[1],
        GRAPH_KEYS[2],
        GRAPH_KEYS[3],
        GRAPH_KEYS[4],
        GRAPH_KEYS[5],
        GRAPH_KEYS[6],
        key("variant", Kind::Str(Some(&Variant::NAMES)), Some(Variant::NAMES[0])),
        key("rule", Kind::Str(Some(&Rule::NAMES)), Some(Rule::NAMES[0])),
    ],
    template_keys: false,
    encodings: &[ONEHOT, COMPACT],
    default_encoding: None,
    formats: &[OutFormat::Qbf(Format::Qcir), OutFormat::Qbf(Format::Qdimacs)],
    model_depth: true,
    odd_depths: false,
};

/// The `geography` model.
pub struct Geography;

impl GameModel for Geography {
    fn name(&self) -> &'static str {
        "geography"
    }
    #[cfg(feature = "cli")]
    fn cli(&self) -> Option<&dyn gamekit::ModelCli> {
        Some(self)
    }
    fn schema(&self) -> Option<&'static Schema> {
        Some(&SCHEMA)
    }
    fn check(&self, setup: &Setup, first_time: &mut dyn FnMut(&str) -> bool) -> Result<Option<String>, BuildError> {
        check_graph(setup, first_time)
    }
    fn build(&self, request: &Request) -> Result<Instance, BuildError> {
        let setup = &request.setup;
        let graph = suite_graph(setup)?;
        let rounds = suite_rounds(setup, &graph)?;
        let encoding = match request.encoding {
            ONEHOT => GeoEncoding::OneHot,
            COMPACT => GeoEncoding::Compact,
            other => return Err(BuildError::NoEncoding { model: "geography", encoding: other.name() }),
        };
        let (variant, rule) = suite_rules(setup)?;
        let geography = GeographyEncoding { encoding, variant, rule };
        request.instance(&geography, &graph, rounds, &request.clauses_and_circuit(), Vec::new())
    }
    fn reference(&self, setup: &Setup) -> Result<bool> {
        let graph = suite_graph(setup)?;
        let rounds = suite_rounds(setup, &graph)?;
        let (variant, rule) = suite_rules(setup)?;
        Ok(Solver::new(&graph, variant, rule).wins_within(rounds)?)
    }
    fn read_map(&self, json: &[u8]) -> Option<SymbolMap> {
        NodeMap::read(json, TAGS).map(SymbolMap::new)
    }
}

/// The variant and rule of a suite job's grid keys.
fn suite_rules(setup: &Setup) -> Result<(Variant, Rule), BuildError> {
    let variant = setup.str("variant")?.parse().map_err(|_| setup.wrong("variant", "a variant"))?;
    let rule = setup.str("rule")?.parse().map_err(|_| setup.wrong("rule", "a rule"))?;
    Ok((variant, rule))
}

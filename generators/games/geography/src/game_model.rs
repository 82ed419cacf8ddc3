//! Generalized geography (`geography`; the thesis's section 3): the one-hot and compact
//! encodings, and the reference solver over the plays; the model's suite side, and the
//! graphs suites and flags name. The command line is in `cli` (feature `cli`).

use crate as geo;
use crate::encoding::{GeoEncoding, Geography as GeographyEncoding};
use crate::map::TAGS;
use crate::{Graph, Rule, Solver, Variant};
use anyhow::Result;
use gamekit::suite::{key, BuildError, Encoding as SuiteEncoding, Instance, Key, Kind, OutFormat, Param, Request};
use gamekit::suite::{Schema, Setup};
use gamekit::{GameModel, NodeMap, SymbolMap};

/// The graph generators of a suite's `graph` key, besides a graph file.
pub const GRAPH_GENERATORS: &[&str] = &["gnp", "gnm", "grid", "torus", "thesis-example"];

/// The grid keys of a graph game in a suite: the graph file or generator, and the
/// generator's parameters.
pub const GRAPH_KEYS: [Key; 7] = [
    key("graph", Kind::PathOr(GRAPH_GENERATORS), None),
    key("n", Kind::Int, Some("")),
    key("p", Kind::Decimal, Some("")),
    key("m", Kind::Int, Some("")),
    key("seed", Kind::Int, Some("")),
    key("w", Kind::Int, Some("")),
    key("h", Kind::Int, Some("")),
];

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
    encodings: &[SuiteEncoding::OneHot, SuiteEncoding::Compact],
    default_encoding: None,
    formats: &[OutFormat::Qcir, OutFormat::Qdimacs],
    model_depth: true,
    odd_depths: false,
};

/// The graph generators of geography.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum GraphGenerator {
    /// Erdős–Rényi: each ordered pair an edge with probability p.
    Gnp,
    /// Erdős–Rényi: m distinct edges drawn at random.
    Gnm,
    /// A w×h grid, edges both ways between neighbours.
    Grid,
    /// A w×h grid that wraps around.
    Torus,
    /// The thesis's 8-node example (3 rounds).
    ThesisExample,
}

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
            SuiteEncoding::OneHot => GeoEncoding::OneHot,
            SuiteEncoding::Compact => GeoEncoding::Compact,
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

/// Where a generator's parameters come from: the flags of `--generate`, or a suite job's
/// grid keys. Keys are the suite's names (`n`, `m`, `p`, `seed`, `w`, `h`).
pub(crate) trait GraphParams {
    type Error;
    /// A positive count (`n`, `m`, `w`, `h`).
    fn count(&self, key: &str) -> Result<usize, Self::Error>;
    /// A probability from 0 to 1 (`p`).
    fn probability(&self, key: &str) -> Result<f64, Self::Error>;
    /// The seed of a random generator.
    fn seed(&self) -> Result<u64, Self::Error>;
}

impl GraphGenerator {
    /// Every generator, in the order of [`GRAPH_GENERATORS`] (its names).
    pub const ALL: [GraphGenerator; 5] = [
        GraphGenerator::Gnp,
        GraphGenerator::Gnm,
        GraphGenerator::Grid,
        GraphGenerator::Torus,
        GraphGenerator::ThesisExample,
    ];

    /// The generator a suite's `graph` key names (`None`: not a generator's name).
    pub fn named(name: &str) -> Option<GraphGenerator> {
        GRAPH_GENERATORS.iter().position(|&g| g == name).map(|i| GraphGenerator::ALL[i])
    }

    /// The graph, with the parameters the generator needs: the one place that knows them.
    pub(crate) fn build<P: GraphParams>(self, params: &P) -> Result<Graph, P::Error> {
        Ok(match self {
            GraphGenerator::Gnp => {
                // `p` first: a missing or wrong probability is reported before a missing `n`.
                let p = params.probability("p")?;
                geo::gnp(params.count("n")?, p, params.seed()?)
            }
            GraphGenerator::Gnm => geo::gnm(params.count("n")?, params.count("m")?, params.seed()?),
            GraphGenerator::Grid => geo::grid(params.count("w")?, params.count("h")?),
            GraphGenerator::Torus => geo::torus(params.count("w")?, params.count("h")?),
            GraphGenerator::ThesisExample => geo::thesis_example(),
        })
    }
}

impl GraphParams for Setup {
    type Error = BuildError;
    fn count(&self, key: &str) -> Result<usize, BuildError> {
        Setup::count(self, key)
    }
    fn probability(&self, key: &str) -> Result<f64, BuildError> {
        match self.params.get(key) {
            Some(Param::Decimal(text)) => text.parse::<f64>().ok().filter(|p| (0.0..=1.0).contains(p)),
            _ => None,
        }
        .ok_or_else(|| self.wrong(key, "a probability from 0 to 1"))
    }
    fn seed(&self) -> Result<u64, BuildError> {
        u64::try_from(self.int("seed")?).map_err(|_| self.wrong("seed", "a seed from 0"))
    }
}

/// The variant and rule of a suite job's grid keys.
fn suite_rules(setup: &Setup) -> Result<(Variant, Rule), BuildError> {
    let variant = setup.str("variant")?.parse().map_err(|_| setup.wrong("variant", "a variant"))?;
    let rule = setup.str("rule")?.parse().map_err(|_| setup.wrong("rule", "a rule"))?;
    Ok((variant, rule))
}

/// Reads the graph file of a suite job the first time a job names it.
pub fn check_graph(setup: &Setup, first_time: &mut dyn FnMut(&str) -> bool) -> Result<Option<String>, BuildError> {
    if first_time("graph") {
        Graph::parse(&setup.read("graph")?)?;
    }
    Ok(None)
}

/// The rounds (plies) of a suite job: its depth, or the first line of its graph file.
pub fn suite_rounds(setup: &Setup, graph: &Graph) -> Result<u32, BuildError> {
    setup
        .depth
        .or(graph.rounds())
        .ok_or_else(|| BuildError::NoRounds(setup.params.get("graph").map(Param::to_string).unwrap_or_default()))
}

/// The graph of a suite job: its file, or its generator with the generator's keys.
pub fn suite_graph(setup: &Setup) -> Result<Graph, BuildError> {
    match setup.params.get("graph") {
        Some(Param::Path(_)) => Ok(Graph::parse(&setup.read("graph")?)?),
        Some(Param::Str(name)) => match GraphGenerator::named(name) {
            Some(generator) => generator.build(setup),
            None => Err(setup.wrong("graph", "a graph file or generator")),
        },
        _ => Err(setup.wrong("graph", "a graph file or generator")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_suite_names_every_generator() {
        for (name, generator) in GRAPH_GENERATORS.iter().zip(GraphGenerator::ALL) {
            assert_eq!(GraphGenerator::named(name), Some(generator), "{name}");
        }
        assert_eq!(GraphGenerator::named("gnp2"), None);
    }
}

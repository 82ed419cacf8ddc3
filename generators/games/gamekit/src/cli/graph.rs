//! The graph flags of graph games (`--graph FILE`, or `--generate` and the generator's
//! parameters): [`GraphArgs`], the graph they name ([`load_graph`]) and its name in
//! messages ([`graph_name`]).

use anyhow::{anyhow, bail, Result};
use clap::builder::RangedU64ValueParser;
use clap::{Args, ValueEnum};

use super::read_source;
use crate::graph::suite::{GraphGenerator, GraphParams};
use crate::graph::{Graph, MAX_NODES};

/// A graph: a file, or a generator and its parameters (geography's, and read as
/// undirected, Node Kayles's).
#[derive(Args, Debug)]
pub struct GraphArgs {
    /// The graph file: the rounds on the first line, then one line per node, the node and
    /// its successors (the thesis's format; docs/geography.md).
    #[arg(long, required_unless_present = "generate", conflicts_with = "generate")]
    pub graph: Option<String>,
    /// A generated graph instead of a file: gnp (--n --p --graph-seed), gnm (--n --m --graph-seed),
    /// grid or torus (--w --h), or the thesis's example.
    #[arg(long, value_enum)]
    pub generate: Option<GraphGenerator>,
    /// Nodes of a gnp or gnm graph.
    #[arg(long, value_parser = RangedU64ValueParser::<usize>::new().range(1..=MAX_NODES as u64))]
    pub n: Option<usize>,
    /// Probability of each edge of a gnp graph.
    #[arg(long)]
    pub p: Option<f64>,
    /// Edges of a gnm graph.
    #[arg(long)]
    pub m: Option<usize>,
    /// Seed of a gnp or gnm graph.
    #[arg(long = "graph-seed", id = "graph-seed")]
    pub seed: Option<u64>,
    /// Width of a grid or torus.
    #[arg(long, value_parser = RangedU64ValueParser::<usize>::new().range(1..=MAX_NODES as u64))]
    pub w: Option<usize>,
    /// Height of a grid or torus.
    #[arg(long, value_parser = RangedU64ValueParser::<usize>::new().range(1..=MAX_NODES as u64))]
    pub h: Option<usize>,
}

/// The graph of `--graph` or `--generate`, with the file's text when it is a file.
pub fn load_graph(args: &GraphArgs) -> Result<(Graph, Option<contract::Source>)> {
    Ok(match (&args.graph, args.generate) {
        (Some(path), _) => {
            let source = read_source(path)?;
            (Graph::parse(&source)?, Some(source))
        }
        (None, Some(generator)) => (generate_graph(args, generator)?, None),
        (None, None) => bail!("name the graph: --graph FILE, or --generate gnp|gnm|grid|torus|thesis-example"),
    })
}

/// The graph as the flags name it: the file's name, or the generator and its parameters.
pub fn graph_name(args: &GraphArgs) -> String {
    if let Some(path) = &args.graph {
        return std::path::Path::new(path)
            .file_name()
            .map_or_else(|| path.clone(), |n| n.to_string_lossy().into_owned());
    }
    let shown = |flag: &str, value: Option<String>| value.map(|v| format!(" {flag}={v}")).unwrap_or_default();
    let generator = args.generate.and_then(|g| g.to_possible_value());
    format!(
        "{}{}{}{}{}{}{}",
        generator.as_ref().map_or("graph", |g| g.get_name()),
        shown("n", args.n.map(|v| v.to_string())),
        shown("p", args.p.map(|v| v.to_string())),
        shown("m", args.m.map(|v| v.to_string())),
        shown("seed", args.seed.map(|v| v.to_string())),
        shown("w", args.w.map(|v| v.to_string())),
        shown("h", args.h.map(|v| v.to_string())),
    )
}

/// The flags of `--generate GENERATOR`.
struct Flags<'a>(&'a GraphArgs, GraphGenerator);

impl Flags<'_> {
    fn need<T: Copy>(&self, value: Option<T>, flag: &str) -> Result<T> {
        let name = self.1.to_possible_value().map(|v| v.get_name().to_string()).unwrap_or_default();
        value.ok_or_else(|| anyhow!("--generate {name} needs --{flag}"))
    }
}

impl GraphParams for Flags<'_> {
    type Error = anyhow::Error;
    fn count(&self, key: &str) -> Result<usize> {
        let args = self.0;
        let value = match key {
            "n" => args.n,
            "m" => args.m,
            "w" => args.w,
            "h" => args.h,
            _ => None,
        };
        self.need(value, key)
    }
    fn probability(&self, key: &str) -> Result<f64> {
        let p = self.need(self.0.p, key)?;
        if !(0.0..=1.0).contains(&p) {
            bail!("--{key} {p} is not a probability: write a number from 0 to 1");
        }
        Ok(p)
    }
    fn seed(&self) -> Result<u64> {
        self.need(self.0.seed, "graph-seed")
    }
}

/// The graph of `--generate`, with the parameters its generator needs.
fn generate_graph(args: &GraphArgs, generator: GraphGenerator) -> Result<Graph> {
    generator.build(&Flags(args, generator))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_suite_names_the_generators_the_flags_name() {
        use crate::graph::suite::GRAPH_GENERATORS;
        let flags: Vec<String> = GraphGenerator::value_variants()
            .iter()
            .filter_map(|g| g.to_possible_value().map(|v| v.get_name().to_string()))
            .collect();
        assert_eq!(flags, GRAPH_GENERATORS, "the suite's `graph` names and `--generate`'s values");
        assert!(GRAPH_GENERATORS.iter().all(|name| GraphGenerator::named(name).is_some()));
    }

    #[test]
    fn flags_and_suite_keys_build_the_same_graph() {
        let args = GraphArgs {
            graph: None,
            generate: Some(GraphGenerator::Gnm),
            n: Some(12),
            p: None,
            m: Some(20),
            seed: Some(3),
            w: None,
            h: None,
        };
        let from_flags = generate_graph(&args, GraphGenerator::Gnm).expect("the flags name a graph");
        assert_eq!(from_flags, crate::graph::gnm(12, 20, 3));
        let missing = generate_graph(&GraphArgs { m: None, ..args }, GraphGenerator::Gnm);
        assert_eq!(missing.map_err(|e| e.to_string()).err().as_deref(), Some("--generate gnm needs --m"));
    }
}

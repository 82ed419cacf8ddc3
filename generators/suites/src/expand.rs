//! The instances of a suite, in a stable order.

use crate::resolve::{params_string, Expected, Family, Params, Suite};
use crate::schema::{Encoding, OutFormat};
use contract::Depth;
use qbf::io::Format;

/// One unit of generation: a grid point of a family at one depth under one encoding. It
/// produces one file per format of the family.
#[derive(Clone, Debug)]
pub struct Job<'a> {
    pub family: &'a Family,
    pub params: &'a Params,
    pub depth: Depth,
    pub encoding: Encoding,
    pub formats: &'a [OutFormat],
    /// The published answer, if the suite gives one.
    pub answer: Option<bool>,
}

/// The columns of a listing of jobs (`qbfgames suite list`), `>` marking right alignment;
/// [`Job::listing`] is a row.
pub const LISTING: [&str; 7] = ["family", "model", "params", ">depth", "encoding", "formats", "expected"];

impl Job<'_> {
    /// The job as a row of [`LISTING`]: the formats it writes, and how its expected value
    /// is computed.
    pub fn listing(&self) -> Vec<String> {
        let formats: Vec<&str> = self.outputs().iter().map(|f| f.name()).collect();
        let mut expected = match self.family.expected {
            Expected::None => "none".to_string(),
            Expected::Reference { budget } => format!("reference ({budget} s)"),
            Expected::ReferenceOrUnknown { budget } => format!("reference-or-unknown ({budget} s)"),
        };
        if let Some(c) = &self.family.certify {
            expected += &format!(" + certificate ({} s)", c.timeout_s);
        }
        vec![
            self.family.name.clone(),
            self.family.model.name().to_string(),
            params_string(self.params),
            self.depth.to_string(),
            self.encoding.name().to_string(),
            formats.join(","),
            expected,
        ]
    }

    /// The files this job writes: the family's formats, without QCIR for clausal
    /// encodings (a family may mix circuit and clausal encodings).
    pub fn outputs(&self) -> Vec<OutFormat> {
        self.formats
            .iter()
            .copied()
            .filter(|&f| f != OutFormat::Qbf(Format::Qcir) || self.encoding.is_circuit())
            .collect()
    }

    /// A stable human-readable key: family, parameters, depth, encoding.
    pub fn key(&self) -> String {
        format!("{}/{}/d={}/{}", self.family.name, params_string(self.params), self.depth, self.encoding.name())
    }
}

/// Every job of the suite: families in file order, then grid points, depths and
/// encodings in their sorted order.
pub fn expand(suite: &Suite) -> Vec<Job<'_>> {
    let mut jobs = Vec::new();
    for family in &suite.families {
        for point in &family.points {
            for &depth in &point.depths {
                for &encoding in &family.encodings {
                    jobs.push(Job {
                        family,
                        params: &point.params,
                        depth,
                        encoding,
                        formats: &family.formats,
                        answer: point.answer,
                    });
                }
            }
        }
    }
    jobs
}

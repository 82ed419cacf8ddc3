//! A family's `[family.ladder]` resolved into a [`Ladder`]: the parameter it grows,
//! checked against the family, and its calibration limits.

use ::game_registry::suite::OutFormat;
use contract::{Depth, ParseError};
use qbf::io::Format;
use toml::{Spanned, Value};

use super::resolver::Resolver;
use super::suite::{Ladder, Mark, Over, Point};
use crate::raw::{FamilyFile, LadderFile};

impl Resolver<'_> {
    /// `[family.ladder]`: checks every key against the family it grows.
    pub(super) fn ladder(
        &self,
        f: &FamilyFile,
        l: &LadderFile,
        formats: &[OutFormat],
        points: &[Point],
    ) -> Result<Ladder, ParseError> {
        if !formats.contains(&OutFormat::Qbf(Format::Qdimacs)) {
            return Err(self.err(
                &f.formats,
                format!(
                    "family `{}` has a ladder but writes no QDIMACS, which its calibration solver reads",
                    f.name.get_ref()
                ),
                "add \"qdimacs\" to `formats`",
            ));
        }
        let fails = u32::try_from(*l.fails.get_ref()).ok().filter(|&n| n >= 1).ok_or_else(|| {
            self.err(
                &l.fails,
                "`fails` must be at least 1",
                "the ladder stops after this many unsolved rungs in a row, e.g. fails = 2",
            )
        })?;
        let limit_s = self.seconds(&l.limit, "limit", "e.g. limit = 10 or limit = 2.5")?;
        let predict_to = l
            .predict_to
            .as_ref()
            .map(|p| {
                self.seconds(p, "predict_to", "the competition limit the ladder predicts up to, e.g. predict_to = 900")
            })
            .transpose()?;
        let memory = match &l.memory {
            None => harness::DEFAULT_MEMORY_BYTES,
            Some(m) => harness::parse_memory(m.get_ref()).map_err(|_| {
                self.err(
                    m,
                    format!("`{}` is not a memory size", m.get_ref()),
                    "write a number with a unit, e.g. \"4G\" or \"512M\"",
                )
            })?,
        };
        let solver = l.solver.get_ref();
        if solver.is_empty() || !solver.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
            return Err(self.err(
                &l.solver,
                format!("`{solver}` is not a solver name"),
                "name a solver of the solvers file, e.g. solver = \"depqbf\"",
            ));
        }
        let over = l.over.get_ref();
        let (over, derived) = if over == "depth" {
            if let Some(p) = points.iter().find(|p| p.depths.len() < 2 || p.depths.contains(&Depth::Model)) {
                let depths: Vec<String> = p.depths.iter().map(Depth::to_string).collect();
                return Err(self.err(
                    &l.over,
                    format!("a depth ladder needs at least two depths as its rungs, and a point has depths [{}]", depths.join(", ")),
                    "give the family a range of depths, e.g. depths = { from = 1, to = 21, step = 2 } (`to` is the cap)",
                ));
            }
            (Over::Depth, Vec::new())
        } else {
            (Over::Key(over.clone()), self.ladder_key(f, &l.over)?)
        };
        Ok(Ladder {
            over,
            derived,
            solver: solver.clone(),
            limit_s,
            memory,
            fails,
            predict_to,
            at: Mark::at(self.source, l.over.span().start),
            solver_at: Mark::at(self.source, l.solver.span().start),
        })
    }

    /// Checks that `over` names a grid key of `f` with at least two distinct values;
    /// returns the keys whose path templates use it.
    pub(super) fn ladder_key(&self, f: &FamilyFile, over: &Spanned<String>) -> Result<Vec<String>, ParseError> {
        let key = over.get_ref();
        if let Some(k) = f.points.iter().flat_map(|p| p.keys()).find(|k| k.get_ref() == key) {
            return Err(self.err(
                k,
                format!("`{key}` is the ladder's parameter, so it is set in `[family.grid]`, not in a point"),
                "list its values, the rungs, under `[family.grid]`",
            ));
        }
        let Some((_, values)) = f.grid.iter().find(|(k, _)| k.get_ref() == key) else {
            let keys: Vec<String> = f.grid.keys().map(|k| format!("\"{}\"", k.get_ref())).collect();
            let help = if keys.is_empty() {
                "use \"depth\"".to_string()
            } else {
                format!("use \"depth\" or a grid key of the family: {}", keys.join(", "))
            };
            return Err(self.err(over, format!("family `{}` has no grid key `{key}` to grow", f.name.get_ref()), help));
        };
        let items = match values.get_ref() {
            Value::Array(items) => items.clone(),
            _ => Vec::new(),
        };
        if items.len() < 2 {
            return Err(self.err(
                values,
                format!("the ladder grows `{key}`, which needs at least two values, its rungs"),
                format!("list them in order, lowest first, e.g. {key} = [3, 4, 5]"),
            ));
        }
        let written: Vec<String> = items.iter().map(Value::to_string).collect();
        if (1..written.len()).any(|i| written[..i].contains(&written[i])) {
            return Err(self.err(values, format!("a value of `{key}` is listed twice"), "list each rung once"));
        }
        let template = format!("{{{key}}}");
        let uses = |v: &Value| match v {
            Value::String(s) => s.contains(&template),
            Value::Array(a) => a.iter().any(|x| matches!(x, Value::String(s) if s.contains(&template))),
            _ => false,
        };
        let mut derived: Vec<String> = f
            .grid
            .iter()
            .chain(f.points.iter().flatten())
            .filter(|(_, v)| uses(v.get_ref()))
            .map(|(k, _)| k.get_ref().clone())
            .collect();
        derived.sort();
        derived.dedup();
        Ok(derived)
    }
}

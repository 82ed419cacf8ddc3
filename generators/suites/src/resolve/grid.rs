//! The grid of a family resolved: its depths, its keys' values crossed into points, each
//! value checked against the model's schema, and path templates filled in.

use std::collections::BTreeMap;

use ::game_registry::suite::{Kind, Model, Param, Params, Schema};
use contract::{Depth, ParseError};
use toml::{Spanned, Value};

use super::resolver::Resolver;

/// A grid value with the span it was written at (none: a default).
type Spot<'a> = (Param, Option<&'a Spanned<Value>>);
/// A grid value under its key, with its span.
type KeyedSpot<'a> = (String, Param, Option<&'a Spanned<Value>>);

impl Resolver<'_> {
    pub(super) fn depths(&self, v: &Spanned<Value>, schema: &Schema) -> Result<Vec<Depth>, ParseError> {
        let depth = |n: i64| -> Result<Depth, ParseError> {
            let d = u32::try_from(n).ok().filter(|&d| d >= 1).ok_or_else(|| {
                self.err(v, format!("depth {n} is not a positive number of plies"), "depths count plies from 1")
            })?;
            if schema.odd_depths && d % 2 == 0 {
                return Err(self.err(
                    v,
                    format!(
                        "depth {d} is even, and this model needs odd depths (the game ends on the first player's move)"
                    ),
                    "use odd depths, e.g. depths = { from = 1, to = 9, step = 2 }",
                ));
            }
            Ok(Depth::Plies(d))
        };
        let mut out = match v.get_ref() {
            Value::Integer(n) => vec![depth(*n)?],
            Value::String(s) if s == "model" && schema.model_depth => vec![Depth::Model],
            Value::String(s) => {
                let help = if schema.model_depth {
                    "write a list, a range, or \"model\""
                } else {
                    "write a list such as [1, 3, 5] or a range { from = 1, to = 9, step = 2 }"
                };
                return Err(self.err(v, format!("`depths = \"{s}\"` is not a depth"), help));
            }
            Value::Array(items) => {
                let mut out = Vec::new();
                for item in items {
                    match item {
                        Value::Integer(n) => out.push(depth(*n)?),
                        other => {
                            return Err(self.err(
                                v,
                                format!("depth `{other}` is not an integer"),
                                "depths are whole numbers of plies",
                            ))
                        }
                    }
                }
                if out.is_empty() {
                    return Err(self.err(v, "`depths` is empty", "list at least one depth"));
                }
                out
            }
            Value::Table(t) => {
                if let Some(k) = t.keys().find(|k| !["from", "to", "step"].contains(&k.as_str())) {
                    return Err(self.err(
                        v,
                        format!("unknown key `{k}` in the depth range"),
                        "a range has `from`, `to` and optionally `step` (default 1)",
                    ));
                }
                let get = |k: &str, default: Option<i64>| match (t.get(k), default) {
                    (Some(Value::Integer(n)), _) => Ok(*n),
                    (None, Some(d)) => Ok(d),
                    _ => Err(self.err(
                        v,
                        format!("the depth range needs an integer `{k}`"),
                        "e.g. depths = { from = 1, to = 9, step = 2 }",
                    )),
                };
                let (from, to, step) = (get("from", None)?, get("to", None)?, get("step", Some(1))?);
                if step < 1 {
                    return Err(self.err(v, format!("the depth range has step {step}"), "use a positive step"));
                }
                if from > to {
                    return Err(self.err(
                        v,
                        format!("the depth range {from}..{to} is empty"),
                        "make `from` at most `to`",
                    ));
                }
                let count = to.checked_sub(from).and_then(|d| u64::try_from(d / step + 1).ok()).unwrap_or(u64::MAX);
                if count > self.max_jobs {
                    return Err(self.too_many(v, count));
                }
                (from..=to).step_by(step as usize).map(depth).collect::<Result<Vec<_>, _>>()?
            }
            other => {
                return Err(self.err(
                    v,
                    format!("`depths` cannot be a {}", other.type_str()),
                    "write a list such as [1, 3, 5] or a range { from = 1, to = 9, step = 2 }",
                ))
            }
        };
        let n = out.len();
        out.sort();
        out.dedup();
        if out.len() != n {
            return Err(self.err(v, "a depth is listed twice", "list each depth once"));
        }
        Ok(out)
    }

    pub(super) fn grid(
        &self,
        grid: &BTreeMap<Spanned<String>, Spanned<Value>>,
        schema: &Schema,
        model: Model,
    ) -> Result<Vec<Params>, ParseError> {
        let mut axes: Vec<(String, Vec<Spot<'_>>)> = Vec::new();
        for (k, v) in grid {
            let spec = schema.keys.iter().find(|key| key.name == k.get_ref());
            let kind = match spec {
                Some(key) => key.kind,
                None if schema.template_keys => Kind::Str(None),
                None => {
                    let known = schema.keys.iter().map(|k| format!("`{}`", k.name)).collect::<Vec<_>>().join(", ");
                    return Err(self.err(
                        k,
                        format!("unknown grid key `{}` for model `{}`", k.get_ref(), model.name()),
                        format!("the keys of `{}` are {known}", model.name()),
                    ));
                }
            };
            let items: Vec<&Value> = match v.get_ref() {
                Value::Array(items) => items.iter().collect(),
                scalar => vec![scalar],
            };
            if items.is_empty() {
                return Err(self.err(
                    v,
                    format!("grid key `{}` has no values", k.get_ref()),
                    "give at least one value",
                ));
            }
            let mut values = Vec::new();
            for item in items {
                values.push((self.param(k.get_ref(), kind, item, v)?, Some(v)));
            }
            axes.push((k.get_ref().clone(), values));
        }
        for key in schema.keys {
            if !axes.iter().any(|(k, _)| k == key.name) {
                match key.default {
                    Some(d) => {
                        let p = match key.kind {
                            Kind::Bool => Param::Bool(d == "true"),
                            _ => Param::Str(d.to_string()),
                        };
                        if !d.is_empty() {
                            axes.push((key.name.to_string(), vec![(p, None)]));
                        }
                    }
                    None => {
                        let at = grid.keys().next().map_or(0, |k| k.span().start);
                        return Err(ParseError::at(
                            self.source,
                            at,
                            format!("model `{}` needs the grid key `{}`", model.name(), key.name),
                            format!("add `{} = ...` under the family's `[family.grid]`", key.name),
                        ));
                    }
                }
            }
        }
        axes.sort_by(|a, b| a.0.cmp(&b.0));
        let size = axes.iter().map(|(_, v)| v.len() as u64).fold(1, u64::saturating_mul);
        if size > self.max_jobs {
            if let Some((k, _)) = grid.iter().next() {
                return Err(self.too_many(k, size));
            }
        }
        let mut points: Vec<Vec<KeyedSpot<'_>>> = vec![Vec::new()];
        for (key, values) in &axes {
            points = points
                .into_iter()
                .flat_map(|p| {
                    values.iter().map(move |(v, span)| {
                        let mut q = p.clone();
                        q.push((key.clone(), v.clone(), *span));
                        q
                    })
                })
                .collect();
        }
        points.into_iter().map(|p| self.fill_templates(p)).collect()
    }

    pub(super) fn param(&self, key: &str, kind: Kind, item: &Value, at: &Spanned<Value>) -> Result<Param, ParseError> {
        let wrong = |want: &str| {
            self.err(
                at,
                format!("grid key `{key}` needs {want}, found {}", item.type_str()),
                format!("write `{key} = <{want}>` or a list of them"),
            )
        };
        match (kind, item) {
            (Kind::Int, Value::Integer(i)) => Ok(Param::Int(*i)),
            (Kind::Int, _) => Err(wrong("an integer")),
            (Kind::Bool, Value::Boolean(b)) => Ok(Param::Bool(*b)),
            (Kind::Bool, _) => Err(wrong("a boolean")),
            (Kind::Str(options), Value::String(s)) => match options {
                Some(opts) if !opts.contains(&s.as_str()) => Err(self.err(
                    at,
                    format!("`{s}` is not a valid `{key}`"),
                    format!("use one of {}", opts.iter().map(|o| format!("\"{o}\"")).collect::<Vec<_>>().join(", ")),
                )),
                _ => Ok(Param::Str(s.clone())),
            },
            (Kind::Str(None), Value::Integer(i)) => Ok(Param::Int(*i)),
            (Kind::Str(None), Value::Boolean(b)) => Ok(Param::Bool(*b)),
            (Kind::Str(_), _) => Err(wrong("a string")),
            (Kind::Path, Value::String(s)) => Ok(Param::Path(s.clone())),
            (Kind::Path, _) => Err(wrong("a file path")),
            (Kind::PathOr(generators), Value::String(s)) if generators.contains(&s.as_str()) => {
                Ok(Param::Str(s.clone()))
            }
            (Kind::PathOr(_), Value::String(s)) => Ok(Param::Path(s.clone())),
            (Kind::PathOr(generators), _) => Err(wrong(&format!(
                "a file path or one of {}",
                generators.iter().map(|g| format!("\"{g}\"")).collect::<Vec<_>>().join(", ")
            ))),
            (Kind::Decimal, Value::Float(x)) if x.is_finite() => Ok(Param::Decimal(item.to_string())),
            (Kind::Decimal, Value::Integer(i)) => Ok(Param::Decimal(i.to_string())),
            (Kind::Decimal, _) => Err(wrong("a number")),
        }
    }

    /// Replaces `{key}` in path values by the point's other values and checks that the
    /// files exist.
    pub(super) fn fill_templates(
        &self,
        point: Vec<(String, Param, Option<&Spanned<Value>>)>,
    ) -> Result<Params, ParseError> {
        let plain: BTreeMap<String, String> = point.iter().map(|(k, v, _)| (k.clone(), v.to_string())).collect();
        let mut out = Params::new();
        for (key, value, span) in &point {
            let value = match value {
                Param::Path(template) => {
                    let mut path = template.clone();
                    for (k, v) in &plain {
                        path = path.replace(&format!("{{{k}}}"), v);
                    }
                    if let Some(open) = path.find('{') {
                        let rest = &path[open..];
                        let at = span.map_or(0, |s| s.span().start);
                        return Err(ParseError::at(
                            self.source,
                            at,
                            format!(
                                "`{key}` uses the template variable {} that the grid does not define",
                                &rest[..rest.find('}').map_or(rest.len(), |c| c + 1)]
                            ),
                            "add that key to the family's grid, or fix the template",
                        ));
                    }
                    if !self.dir.join(&path).is_file() {
                        let at = span.map_or(0, |s| s.span().start);
                        return Err(ParseError::at(
                            self.source,
                            at,
                            format!("model file `{path}` does not exist (relative to the suite file)"),
                            "fix the path; model paths are relative to the directory of the suite file",
                        ));
                    }
                    Param::Path(path)
                }
                other => other.clone(),
            };
            out.insert(key.clone(), value);
        }
        Ok(out)
    }
}

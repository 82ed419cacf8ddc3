//! Encoding variants: the settings a variant changes in every family of a suite.
//!
//! An axis is one setting with the values to try (`--vary clause_form=polarity,tseitin`);
//! the variants are every combination of the axes' values, in the order given. Axes:
//!
//! - `clause_form`: `polarity`, `tseitin`, `universal` (how a circuit becomes clauses);
//! - `gates`: `innermost`, `earliest` (where gate variables are quantified);
//! - `encoding`: an encoding name of the suite's models (`gdl-ge-gd`, `gdl-sd`, `compact`,
//!   …): the prefix shifting of the GDL encodings, or another encoding of the same game.
//!
//! A setting that does not apply to a family (a clause form for the clausal COR+ or GDL
//! encodings, an encoding its model lacks) leaves the family as it is for that variant,
//! and [`Variant::applies`] says so, so that the summary does not compare equal formulas
//! as if they were different.

use qbf::tseitin::{Definitions, GatePlacement};
use suites::{encodings, Encoding, Family, Suite};

/// One setting a variant can change.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Axis {
    ClauseForm,
    Gates,
    Encoding,
}

impl Axis {
    pub const ALL: [Axis; 3] = [Axis::ClauseForm, Axis::Gates, Axis::Encoding];

    pub fn name(self) -> &'static str {
        match self {
            Axis::ClauseForm => "clause_form",
            Axis::Gates => "gates",
            Axis::Encoding => "encoding",
        }
    }

    /// The values the axis takes.
    fn values(self) -> Vec<&'static str> {
        match self {
            Axis::ClauseForm => Definitions::ALL.iter().map(|d| d.name()).collect(),
            Axis::Gates => GatePlacement::ALL.iter().map(|g| g.name()).collect(),
            Axis::Encoding => encodings().iter().map(|e| e.name()).collect(),
        }
    }
}

/// A value of one axis.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Setting {
    ClauseForm(Definitions),
    Gates(GatePlacement),
    Encoding(Encoding),
}

impl Setting {
    fn parse(axis: Axis, value: &str) -> Option<Setting> {
        match axis {
            Axis::ClauseForm => value.parse().ok().map(Setting::ClauseForm),
            Axis::Gates => value.parse().ok().map(Setting::Gates),
            Axis::Encoding => encodings().iter().find(|e| e.name() == value).map(|&e| Setting::Encoding(e)),
        }
    }

    fn name(self) -> &'static str {
        match self {
            Setting::ClauseForm(d) => d.name(),
            Setting::Gates(g) => g.name(),
            Setting::Encoding(e) => e.name(),
        }
    }

    /// Whether this setting changes what `family` writes (and can be applied to it).
    fn applies(self, family: &Family) -> bool {
        match self {
            Setting::ClauseForm(_) | Setting::Gates(_) => family.encodings.iter().any(|e| e.is_circuit_to_clauses()),
            Setting::Encoding(e) => family.model.schema().encodings.contains(&e),
        }
    }

    /// Whether `family` as the suite writes it already has this setting.
    fn is_family_own(self, family: &Family) -> bool {
        match self {
            Setting::ClauseForm(d) => family.clause_form.definitions == d,
            Setting::Gates(g) => family.clause_form.gates == g,
            Setting::Encoding(e) => family.encodings.first() == Some(&e),
        }
    }

    fn apply(self, family: &mut Family) {
        match self {
            Setting::ClauseForm(d) => family.clause_form.definitions = d,
            Setting::Gates(g) => family.clause_form.gates = g,
            Setting::Encoding(e) => family.encodings = vec![e],
        }
    }
}

/// A combination of settings, one per axis.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variant {
    pub settings: Vec<Setting>,
}

impl Variant {
    /// The variant's name: its values joined by `.` (`tseitin.earliest`), a folder name.
    pub fn label(&self) -> String {
        let names: Vec<&str> = self.settings.iter().map(|s| s.name()).collect();
        if names.is_empty() {
            "suite".to_string()
        } else {
            names.join(".")
        }
    }

    /// Whether every setting applies to `family` (else the variant leaves some of it as
    /// the suite writes it, and is not measured on it).
    pub fn applies(&self, family: &Family) -> bool {
        self.settings.iter().all(|s| s.applies(family))
    }

    /// Whether this is the family's own setting on every axis: the baseline of ratios.
    pub fn is_family_own(&self, family: &Family) -> bool {
        self.settings.iter().all(|s| s.is_family_own(family))
    }

    /// The suite with this variant's settings in every family it applies to, writing
    /// QDIMACS only; the rest of each family as it was.
    pub fn apply(&self, suite: &Suite) -> Suite {
        let mut suite = suite.clone();
        for family in suite.families.iter_mut().filter(|f| self.applies(f)) {
            for &setting in &self.settings {
                setting.apply(family);
            }
        }
        suite
    }
}

/// An axis given wrongly.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VariantError {
    #[error("`{0}` is not AXIS=VALUE,VALUE…\n  help: e.g. --vary clause_form=polarity,tseitin")]
    Syntax(String),
    #[error("unknown axis `{given}`\n  help: axes are {}", Axis::ALL.map(Axis::name).join(", "))]
    Axis { given: String },
    #[error("unknown {axis} `{given}`\n  help: use one of {}", expected.join(", "))]
    Value { axis: &'static str, given: String, expected: Vec<&'static str> },
    #[error("axis `{0}` is given twice\n  help: list all its values in one --vary, or one of them per --variant")]
    Repeated(&'static str),
    #[error("`{given}` in variant `{label}` is no value of any axis\n  help: values are {}", Axis::ALL.iter().flat_map(|a| a.values()).collect::<Vec<_>>().join(", "))]
    Named { given: String, label: String },
}

/// The variants named by `labels` (`polarity.earliest`, `gdl-sd`, …: each value names
/// its own axis, as in [`Variant::label`]), one variant per label, in order.
pub fn named(labels: &[String]) -> Result<Vec<Variant>, VariantError> {
    labels
        .iter()
        .map(|label| {
            let mut settings = Vec::new();
            let mut axes = Vec::new();
            for value in label.split('.') {
                let (axis, setting) = Axis::ALL
                    .into_iter()
                    .find_map(|a| Setting::parse(a, value).map(|s| (a, s)))
                    .ok_or_else(|| VariantError::Named { given: value.to_string(), label: label.clone() })?;
                if axes.contains(&axis) {
                    return Err(VariantError::Repeated(axis.name()));
                }
                axes.push(axis);
                settings.push(setting);
            }
            Ok(Variant { settings })
        })
        .collect()
}

/// The variants of `axes` (`AXIS=V1,V2` each): every combination, the first axis
/// varying slowest. Without axes, the clause forms × gate placements.
pub fn variants(axes: &[String]) -> Result<Vec<Variant>, VariantError> {
    let defaults = [
        format!("clause_form={}", Definitions::ALL.map(Definitions::name).join(",")),
        format!("gates={}", GatePlacement::ALL.map(GatePlacement::name).join(",")),
    ];
    let axes: Vec<&str> = if axes.is_empty() {
        defaults.iter().map(String::as_str).collect()
    } else {
        axes.iter().map(String::as_str).collect()
    };
    let mut seen = Vec::new();
    let mut product = vec![Variant { settings: Vec::new() }];
    for text in axes {
        let (name, values) = text.split_once('=').ok_or_else(|| VariantError::Syntax(text.to_string()))?;
        let axis = Axis::ALL
            .into_iter()
            .find(|a| a.name() == name.trim())
            .ok_or_else(|| VariantError::Axis { given: name.trim().to_string() })?;
        if seen.contains(&axis) {
            return Err(VariantError::Repeated(axis.name()));
        }
        seen.push(axis);
        let settings = values
            .split(',')
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .map(|v| {
                Setting::parse(axis, v).ok_or_else(|| VariantError::Value {
                    axis: axis.name(),
                    given: v.to_string(),
                    expected: axis.values(),
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        if settings.is_empty() {
            return Err(VariantError::Syntax(text.to_string()));
        }
        product = product
            .iter()
            .flat_map(|v| {
                settings.iter().map(move |&s| Variant { settings: v.settings.iter().copied().chain([s]).collect() })
            })
            .collect();
    }
    Ok(product)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn axes_cross_in_order_and_bad_ones_are_named() {
        let v = variants(&["gates=earliest,innermost".into(), "clause_form=tseitin".into()]).expect("valid");
        let labels: Vec<String> = v.iter().map(Variant::label).collect();
        assert_eq!(labels, ["earliest.tseitin", "innermost.tseitin"]);
        assert_eq!(variants(&[]).expect("defaults").len(), 6);
        assert!(matches!(variants(&["speed=1".into()]), Err(VariantError::Axis { .. })));
        assert!(matches!(variants(&["gates=outermost".into()]), Err(VariantError::Value { .. })));
        assert!(matches!(variants(&["gates".into()]), Err(VariantError::Syntax(_))));
        assert!(matches!(
            variants(&["gates=earliest".into(), "gates=innermost".into()]),
            Err(VariantError::Repeated(_))
        ));
    }
}

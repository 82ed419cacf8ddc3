//! A GDL game as an answer set program: its temporal extension Ext(G) (He, Saffidine,
//! Thielscher, Definition 2) in gringo syntax, with a choice of the moves, so that gringo
//! and clingo can ground and play the game that [`load`](super::load) grounds.
//!
//! The translation works on the validated program (after `or` is expanded, `(not
//! (distinct s t))` is solved and helpers are grounded on their callers' demand), rule by rule:
//! - `(distinct s t)` becomes `s != t`, `(not p)` becomes `not p`;
//! - `(true f)` becomes `true(f,T)`, `(next f)` in a head `true(f,T+1)` with `mtdom(T)`
//!   added to the body, `(init f)` `true(f,1)`;
//! - every relation that depends on `true` or `does` (and `legal`, `goal`, `terminal`
//!   always, and what depends on them) gets the time as a last argument, and its rules
//!   `tdom(T)` in the body; `tdom` is `1..tmax+1`, `mtdom` `1..tmax`, `tmax` the depth
//!   (a `#const`, so `clingo -c tmax=N` changes it);
//! - the moves are chosen: `1 { does(R,M,T) : legal(R,M,T) } 1 :- role(R), mtdom(T),
//!   not terminal(T).`, one legal move per role at every non-terminal time, so that the
//!   answer sets are the plays of at most `tmax` steps (a play that reaches a terminal
//!   position stops moving there; the positions after it are not constrained).
//!
//! Names are made valid ASP and kept apart: a GDL symbol that is a plain lower-case
//! identifier (`[a-z][a-z0-9_]*`) stays as it is; a decimal number (without leading
//! zeros, below 2³¹) is an ASP integer; any other constant is a quoted string (`"x-1"`);
//! other function and relation names, and those that would meet the program's own names
//! (`tdom`, `mtdom`, `tmax`, `not`, names starting `q_`), are spelled `q_` followed by
//! the name with every character outside `[a-z0-9]` as `_` and two hex digits (`q_x_2d1`
//! for `x-1`). A time-dependent relation whose name with one argument more is also a
//! relation of the game gets `_t` after its spelled name. Variables `?x` become `X_x`
//! (spelled the same way). The output depends only on the game and the depth.
//!
//! ## References
//! - Y. He, A. Saffidine, M. Thielscher: *Solving Two-player Games with QBF Solvers in
//!   General Game Playing*, AAMAS 2024 (Definition 2, Theorem 1).
//! - M. Thielscher: *Answer Set Programming for Single-Player Games in General Game
//!   Playing*, ICLP 2009 (the temporal extension).

use std::collections::BTreeSet;
use std::fmt::Write;

use super::decompose::{self, Decompose};
use super::program::{Atom, Literal, Pat, Program, Rule};
use super::terms::{kw, Sym, TermId, TermStore};
use super::validate::{Analysis, PredKey};
use super::{demand, rules, syntax, validate};
use contract::{ParseError, Source};

/// The name of the depth constant.
pub const TMAX: &str = "tmax";

/// Names the translation itself uses; GDL symbols with these names are spelled apart.
const RESERVED: [&str; 4] = ["tdom", "mtdom", TMAX, "not"];

/// Parses and validates a GDL game without grounding it: the rules and their analysis,
/// as [`temporal_extension`] takes them.
pub fn load_program(source: Source) -> Result<(Program, Analysis), ParseError> {
    load_program_with(source, Decompose::Off)
}

/// [`load_program`] with rule bodies split along tree decompositions ([`Decompose::On`]:
/// every split taken, as lpopt does for gringo) or as written.
pub fn load_program_with(source: Source, decompose: Decompose) -> Result<(Program, Analysis), ParseError> {
    let sexps = syntax::read_sexps(&source)?;
    let program = demand::bind_calls(rules::build_program(source, &sexps)?, demand::Demand::Helpers)?;
    let analysis = validate::validate(&program)?;
    Ok(match decompose {
        Decompose::On => decompose::split_program(program, analysis),
        Decompose::Off => (program, analysis),
    })
}

/// The temporal extension of the game in `source` at `depth` (see the module doc).
pub fn translate(source: Source, depth: u32) -> Result<String, ParseError> {
    translate_with(source, depth, Decompose::Off)
}

/// [`translate`] of the program with rule bodies decomposed or as written.
pub fn translate_with(source: Source, depth: u32, decompose: Decompose) -> Result<String, ParseError> {
    let (program, analysis) = load_program_with(source, decompose)?;
    Ok(temporal_extension(&program, &analysis, depth))
}

/// The temporal extension Ext(G) of a validated program, with the choice of the moves, as
/// gringo text (see the module doc).
pub fn temporal_extension(program: &Program, analysis: &Analysis, depth: u32) -> String {
    let relations: BTreeSet<PredKey> = program
        .rules
        .iter()
        .flat_map(|r| {
            std::iter::once(r.head.key()).chain(r.body.iter().filter_map(|l| match l {
                Literal::Pos(a) | Literal::Neg(a) => Some(a.key()),
                Literal::Distinct(..) => None,
            }))
        })
        .collect();
    let tr = Translator { store: &program.store, analysis, relations };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "% The temporal extension Ext(G) (He, Saffidine, Thielscher, AAMAS 2024, Definition 2) of the\n\
         % GDL game {}, with one legal move per role at every non-terminal time; by qbfgames.",
        file_name(&program.source.name)
    );
    let _ = writeln!(out, "#const {TMAX} = {depth}.");
    let _ = writeln!(out, "tdom(1..{TMAX}+1).");
    let _ = writeln!(out, "mtdom(1..{TMAX}).");
    out.push_str("#defined true/2. #defined does/3. #defined legal/3. #defined goal/3. #defined terminal/1.\n");
    for rule in &program.rules {
        tr.rule(&mut out, rule);
    }
    out.push_str("1 { does(R,M,T) : legal(R,M,T) } 1 :- role(R), mtdom(T), not terminal(T).\n");
    out
}

/// The last component of a path (the header names no directory, so that the output does
/// not depend on where the game file lies).
fn file_name(path: &str) -> &str {
    path.rsplit(['/', '\\']).next().unwrap_or(path)
}

/// A ground term in ASP syntax, as the translation writes it and clingo prints it
/// (`cell(1,1,b)`, `"x-1"`).
pub fn term_text(store: &TermStore, t: TermId) -> String {
    let mut out = String::new();
    write_ground(&mut out, store, t);
    out
}

fn write_ground(out: &mut String, store: &TermStore, t: TermId) {
    let (f, args) = (store.functor(t), store.args(t));
    if args.is_empty() {
        out.push_str(&constant(store.name(f)));
        return;
    }
    out.push_str(&spelled(store.name(f)));
    out.push('(');
    for (i, &a) in args.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write_ground(out, store, a);
    }
    out.push(')');
}

/// Whether `name` can stay as it is: a plain lower-case identifier that is none of ours.
fn plain(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        && !name.starts_with("q_")
        && !RESERVED.contains(&name)
}

/// A GDL constant in ASP: itself, an integer, or a quoted string.
pub fn constant(name: &str) -> String {
    if plain(name) {
        return name.to_string();
    }
    let integer = name.bytes().all(|b| b.is_ascii_digit())
        && !name.is_empty()
        && (name == "0" || !name.starts_with('0'))
        && name.parse::<i32>().is_ok();
    if integer {
        return name.to_string();
    }
    let mut out = String::with_capacity(name.len() + 2);
    out.push('"');
    for c in name.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A GDL function or relation name as an ASP identifier (see the module doc).
pub fn spelled(name: &str) -> String {
    if plain(name) {
        return name.to_string();
    }
    let mut out = String::from("q_");
    escape(&mut out, name);
    out
}

/// `name` with every byte outside `[a-z0-9]` as `_` and two hex digits (injective).
fn escape(out: &mut String, name: &str) {
    for b in name.bytes() {
        if b.is_ascii_lowercase() || b.is_ascii_digit() {
            out.push(b as char);
        } else {
            let _ = write!(out, "_{b:02x}");
        }
    }
}

struct Translator<'p> {
    store: &'p TermStore,
    analysis: &'p Analysis,
    /// Every relation of the program (name and arity).
    relations: BTreeSet<PredKey>,
}

/// Where an atom stands in time.
#[derive(Copy, Clone)]
enum Time {
    /// A static relation: no time argument.
    None,
    /// At time `T`.
    Now,
    /// At time `T+1` (a `next` head).
    Next,
    /// At time 1 (an `init` head).
    First,
}

impl Translator<'_> {
    fn rule(&self, out: &mut String, rule: &Rule) {
        let head = rule.head.key();
        let (time, domain) = match head.0 {
            kw::NEXT => (Time::Next, Some("mtdom(T)")),
            kw::INIT => (Time::First, None),
            _ if self.timed(head) => (Time::Now, Some("tdom(T)")),
            _ => (Time::None, None),
        };
        self.atom(out, rule, &rule.head, time);
        let mut first = true;
        let mut sep = |out: &mut String| {
            out.push_str(if first { " :- " } else { ", " });
            first = false;
        };
        for lit in &rule.body {
            sep(out);
            match lit {
                Literal::Pos(a) => self.atom(out, rule, a, self.time_of(a)),
                Literal::Neg(a) => {
                    out.push_str("not ");
                    self.atom(out, rule, a, self.time_of(a));
                }
                Literal::Distinct(x, y, _) => {
                    self.pat(out, rule, x);
                    out.push_str(" != ");
                    self.pat(out, rule, y);
                }
            }
        }
        if let Some(domain) = domain {
            sep(out);
            out.push_str(domain);
        }
        out.push_str(".\n");
    }

    fn timed(&self, p: PredKey) -> bool {
        self.analysis.dynamic.contains(&p)
    }

    fn time_of(&self, a: &Atom) -> Time {
        if self.timed(a.key()) {
            Time::Now
        } else {
            Time::None
        }
    }

    fn atom(&self, out: &mut String, rule: &Rule, a: &Atom, time: Time) {
        let name = self.store.name(a.pred);
        match (a.pred, time) {
            (kw::NEXT | kw::INIT | kw::TRUE, _) => out.push_str("true"),
            (_, Time::Now) if !self.keyword(a.pred) && self.relations.contains(&(a.pred, a.args.len() + 1)) => {
                out.push_str("q_");
                escape(out, name);
                out.push_str("_t");
            }
            _ => out.push_str(&spelled(name)),
        }
        let suffix = match time {
            Time::None => None,
            Time::Now => Some("T"),
            Time::Next => Some("T+1"),
            Time::First => Some("1"),
        };
        if a.args.is_empty() && suffix.is_none() {
            return;
        }
        out.push('(');
        for (i, p) in a.args.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            self.pat(out, rule, p);
        }
        if let Some(s) = suffix {
            if !a.args.is_empty() {
                out.push(',');
            }
            out.push_str(s);
        }
        out.push(')');
    }

    /// The GDL keywords that keep their names (their arities are fixed by the parser).
    fn keyword(&self, s: Sym) -> bool {
        matches!(s, kw::TRUE | kw::DOES | kw::LEGAL | kw::GOAL | kw::TERMINAL | kw::NEXT | kw::INIT | kw::ROLE)
    }

    fn pat(&self, out: &mut String, rule: &Rule, p: &Pat) {
        match p {
            Pat::Var(v) => {
                out.push_str("X_");
                let name = &rule.var_names[*v as usize];
                escape(out, name.strip_prefix('?').unwrap_or(name));
            }
            Pat::Fn(f, args) if args.is_empty() => out.push_str(&constant(self.store.name(*f))),
            Pat::Fn(f, args) => {
                out.push_str(&spelled(self.store.name(*f)));
                out.push('(');
                for (i, a) in args.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    self.pat(out, rule, a);
                }
                out.push(')');
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn asp(text: &str, depth: u32) -> String {
        translate(Source::from_bytes("t.kif", text), depth).unwrap_or_else(|e| panic!("{e}"))
    }

    fn rules(text: &str) -> Vec<String> {
        asp(text, 2).lines().filter(|l| !l.starts_with('%') && !l.starts_with('#')).map(str::to_string).collect()
    }

    #[test]
    fn names_are_valid_asp_and_kept_apart() {
        assert_eq!(
            (constant("b"), constant("12"), constant("012"), constant("x-1")),
            ("b".into(), "12".into(), "\"012\"".into(), "\"x-1\"".into())
        );
        assert_eq!(
            (spelled("cell"), spelled("x-1"), spelled("q_a"), spelled("tdom")),
            ("cell".into(), "q_x_2d1".into(), "q_q_5fa".into(), "q_tdom".into())
        );
        assert_eq!(constant("tmax"), "\"tmax\"");
        assert_eq!(constant("99999999999"), "\"99999999999\"");
    }

    #[test]
    fn the_keywords_get_their_times_and_domains() {
        let text = "(role a) (init (p 1)) (<= (legal a (go ?x)) (true (p ?x)))\n\
                    (<= (next (p ?y)) (does a (go ?x)) (succ ?x ?y)) (succ 1 2)\n\
                    (<= terminal (true (p 2))) (<= (goal a 100) (not (true (p 1))) (true (p ?x)) (distinct ?x 3))";
        assert_eq!(
            rules(text),
            [
                "tdom(1..tmax+1).",
                "mtdom(1..tmax).",
                "role(a).",
                "true(p(1),1).",
                "legal(a,go(X_x),T) :- true(p(X_x),T), tdom(T).",
                "true(p(X_y),T+1) :- does(a,go(X_x),T), succ(X_x,X_y), mtdom(T).",
                "succ(1,2).",
                "terminal(T) :- true(p(2),T), tdom(T).",
                "goal(a,100,T) :- not true(p(1),T), true(p(X_x),T), X_x != 3, tdom(T).",
                "1 { does(R,M,T) : legal(R,M,T) } 1 :- role(R), mtdom(T), not terminal(T).",
            ]
        );
    }

    #[test]
    fn a_timed_relation_that_meets_another_arity_is_renamed() {
        let text = "(role a) (h 1 2) (<= (h ?x) (true (p ?x))) (<= terminal (h 1) (h 1 2))";
        let r = rules(text);
        assert!(r.contains(&"q_h_t(X_x,T) :- true(p(X_x),T), tdom(T).".to_string()), "{r:?}");
        assert!(r.contains(&"terminal(T) :- q_h_t(1,T), h(1,2), tdom(T).".to_string()), "{r:?}");
    }

    #[test]
    fn the_same_game_gives_the_same_bytes() {
        let text =
            "(role a) (init (p)) (<= (legal a go) (true (p))) (<= (next (q)) (does a go)) (<= terminal (true (q)))";
        assert_eq!(asp(text, 3), asp(text, 3));
        assert!(asp(text, 3).contains("#const tmax = 3."));
    }
}

//! The BDDL parser: domain and problem files into [`Domain`] and [`Problem`].
//!
//! Accepted as the published models write them (see `docs/bddl.md`): sections may come in
//! any order; `#boardsize 5 4` may share a line with its section; `#init` lists atoms with
//! or without surrounding parentheses, over any number of lines; a goal section
//! (`#blackgoal`/`#blackgoals`, `#whitegoal`/`#whitegoals`) holds one condition per line,
//! with or without parentheses (a parenthesised condition may span lines), and a line
//! `False` adds no condition; `(NOT(atom))` and nested parentheses inside a condition are
//! flattened. Everything else is an error naming file:line:col and what was expected.

use super::lexer::{tokenize, Tok, Token};
use super::model::{Action, Atom, Board, Condition, Domain, Expr, Pred, Problem};
use contract::{ParseError, Source};

struct Parser<'s> {
    source: &'s Source,
    tokens: Vec<Token<'s>>,
    pos: usize,
}

const CONDITION_HELP: &str = "a condition is a list of atoms like `black(?x,?y+1)` or `NOT(open(xmax,?y))`";

impl<'s> Parser<'s> {
    fn new(source: &'s Source) -> Result<Parser<'s>, ParseError> {
        Ok(Parser { source, tokens: tokenize(source)?, pos: 0 })
    }

    fn peek(&self) -> Option<Token<'s>> {
        self.tokens.get(self.pos).copied()
    }

    /// Offset for errors at the current token (or the end of the file).
    fn here(&self) -> usize {
        self.peek().map_or(self.source.bytes.len(), |t| t.offset)
    }

    fn error(&self, offset: usize, message: impl Into<String>, help: impl Into<String>) -> ParseError {
        ParseError::at(self.source, offset, message, help)
    }

    fn next(&mut self, expected: &str, help: &str) -> Result<Token<'s>, ParseError> {
        match self.peek() {
            Some(t) => {
                self.pos += 1;
                Ok(t)
            }
            None => Err(self.error(self.here(), format!("expected {expected}, found the end of the file"), help)),
        }
    }

    fn expect(&mut self, tok: Tok, expected: &str, help: &str) -> Result<Token<'s>, ParseError> {
        let t = self.next(expected, help)?;
        if t.tok != tok {
            return Err(self.error(t.offset, format!("expected {expected}, found {}", describe(t.tok)), help));
        }
        Ok(t)
    }

    fn at_section_or_end(&self) -> bool {
        matches!(self.peek(), None | Some(Token { tok: Tok::Section(_), .. }))
    }

    fn integer(&mut self, what: &str, help: &str) -> Result<(i32, usize), ParseError> {
        let t = self.next(what, help)?;
        match t.tok {
            Tok::Word(w) => match w.parse::<i32>() {
                Ok(v) if v >= 1 => Ok((v, t.offset)),
                _ => Err(self.error(t.offset, format!("expected {what} (a positive integer), found `{w}`"), help)),
            },
            other => Err(self.error(t.offset, format!("expected {what}, found {}", describe(other)), help)),
        }
    }

    /// A condition: an optional `(`…`)` group of items, or bare items up to the next
    /// keyword or section.
    fn condition(&mut self) -> Result<Condition, ParseError> {
        let offset = self.here();
        let mut atoms = Vec::new();
        if self.peek().map(|t| t.tok) == Some(Tok::LParen) {
            self.group(&mut atoms)?;
        } else {
            while matches!(self.peek(), Some(Token { tok: Tok::Word(_), .. })) {
                self.item(&mut atoms)?;
            }
        }
        Ok(Condition { atoms, offset })
    }

    /// `(` item* `)`, where an item may itself be a group: groups only group (a condition
    /// is a conjunction), so nested ones are read in a loop, as deep as the file nests them,
    /// without recursion.
    fn group(&mut self, atoms: &mut Vec<Atom>) -> Result<(), ParseError> {
        let first = self.expect(Tok::LParen, "`(`", CONDITION_HELP)?;
        let mut open = vec![(first.offset, first.line)];
        while let Some(&(offset, line)) = open.last() {
            match self.peek() {
                Some(Token { tok: Tok::RParen, .. }) => {
                    self.pos += 1;
                    open.pop();
                }
                Some(t @ Token { tok: Tok::LParen, .. }) => {
                    self.pos += 1;
                    open.push((t.offset, t.line));
                }
                Some(t @ Token { tok: Tok::Section(_) | Tok::Keyword(_) | Tok::Comma, .. }) => {
                    return Err(self.error(
                        t.offset,
                        format!("expected an atom or `)`, found {}", describe(t.tok)),
                        format!("close the `(` opened on line {line}"),
                    ));
                }
                None => return Err(self.error(offset, "this `(` is never closed", "add the matching `)`")),
                Some(_) => self.item(atoms)?,
            }
        }
        Ok(())
    }

    /// One item of a condition: an atom, `NOT(atom)`, or a group (read by [`Self::group`],
    /// which reads the groups nested in it itself: no recursion deeper than one group).
    fn item(&mut self, atoms: &mut Vec<Atom>) -> Result<(), ParseError> {
        let t = self.next("an atom", CONDITION_HELP)?;
        match t.tok {
            Tok::LParen => {
                self.pos -= 1;
                self.group(atoms)
            }
            Tok::Word(w) if w.eq_ignore_ascii_case("not") => {
                self.expect(Tok::LParen, "`(` after NOT", "write a negation as `NOT(black(?x,?y))`")?;
                let name = self.next("an atom", CONDITION_HELP)?;
                let mut atom = self.atom(name)?;
                atom.negated = true;
                atom.offset = t.offset;
                self.expect(Tok::RParen, "`)` closing NOT(…)", "NOT applies to exactly one atom: `NOT(open(?x,?y))`")?;
                atoms.push(atom);
                Ok(())
            }
            Tok::Word(_) => {
                let atom = self.atom(t)?;
                atoms.push(atom);
                Ok(())
            }
            other => Err(self.error(t.offset, format!("expected an atom, found {}", describe(other)), CONDITION_HELP)),
        }
    }

    /// `pred(e₁, e₂)`, the predicate token already read.
    fn atom(&mut self, name: Token<'s>) -> Result<Atom, ParseError> {
        let pred = match name.tok {
            Tok::Word("open") => Pred::Open,
            Tok::Word("black") => Pred::Black,
            Tok::Word("white") => Pred::White,
            Tok::Word(w) => {
                return Err(self.error(
                    name.offset,
                    format!("unknown predicate `{w}`"),
                    "the predicates are `open`, `black` and `white`",
                ));
            }
            other => {
                return Err(self.error(
                    name.offset,
                    format!("expected a predicate, found {}", describe(other)),
                    CONDITION_HELP,
                ))
            }
        };
        self.expect(Tok::LParen, "`(` after the predicate", "write an atom as `black(?x,?y+1)`")?;
        let x = self.coordinate(Axis::X, Tok::Comma)?;
        let y = self.coordinate(Axis::Y, Tok::RParen)?;
        Ok(Atom { pred, negated: false, x, y, offset: name.offset })
    }

    /// A coordinate expression: the words up to `end` (so `?x + 1` may contain spaces).
    fn coordinate(&mut self, axis: Axis, end: Tok) -> Result<Expr, ParseError> {
        let start = self.here();
        let mut text = String::new();
        loop {
            let t = self.next(axis.expected(), axis.help())?;
            match t.tok {
                Tok::Word(w) => text.push_str(w),
                tok if tok == end && !text.is_empty() => break,
                other => {
                    return Err(self.error(
                        t.offset,
                        format!("expected {}, found {}", axis.expected(), describe(other)),
                        axis.help(),
                    ))
                }
            }
        }
        axis.parse(&text).ok_or_else(|| self.error(start, format!("`{text}` is not {}", axis.expected()), axis.help()))
    }
}

#[derive(Copy, Clone)]
enum Axis {
    X,
    Y,
}

impl Axis {
    fn expected(self) -> &'static str {
        match self {
            Axis::X => "an x coordinate",
            Axis::Y => "a y coordinate",
        }
    }

    fn help(self) -> &'static str {
        match self {
            Axis::X => "an x coordinate is `?x`, `?x+k`, `?x-k`, an integer, `xmin`, `xmax`, `xmin+k` or `xmax-k`",
            Axis::Y => "a y coordinate is `?y`, `?y+k`, `?y-k`, an integer, `ymin`, `ymax`, `ymin+k` or `ymax-k`",
        }
    }

    fn parse(self, text: &str) -> Option<Expr> {
        let (param, min, max) = match self {
            Axis::X => ("?x", "xmin", "xmax"),
            Axis::Y => ("?y", "ymin", "ymax"),
        };
        let split = text[1..].find(['+', '-']).map(|p| p + 1);
        let (base, offset) = match split {
            Some(p) => {
                let k: i32 =
                    text[p + 1..].parse().ok().filter(|_| text[p + 1..].bytes().all(|b| b.is_ascii_digit()))?;
                (&text[..p], if &text[p..=p] == "-" { -k } else { k })
            }
            None => (text, 0),
        };
        if base == param {
            Some(Expr::Param(offset))
        } else if base == min {
            Some(Expr::Min(offset))
        } else if base == max {
            Some(Expr::Max(offset))
        } else if split.is_none() && !base.is_empty() && base.bytes().all(|b| b.is_ascii_digit()) {
            base.parse().ok().map(Expr::Int)
        } else {
            None
        }
    }
}

fn describe(tok: Tok) -> String {
    match tok {
        Tok::Section(s) => format!("section `#{s}`"),
        Tok::Keyword(k) => format!("keyword `:{k}`"),
        Tok::LParen => "`(`".to_string(),
        Tok::RParen => "`)`".to_string(),
        Tok::Comma => "`,`".to_string(),
        Tok::Word(w) => format!("`{w}`"),
    }
}

const DOMAIN_HELP: &str =
    "a domain file has the sections `#blackactions` and `#whiteactions`, each a list of `:action` blocks";
const ACTION_HELP: &str = "an action is `:action NAME`, `:parameters (?x, ?y)`, `:precondition (…)`, `:effect (…)`";

/// Parses a domain file.
pub fn parse_domain(source: &Source) -> Result<Domain, ParseError> {
    let mut p = Parser::new(source)?;
    let mut domain = Domain::default();
    let (mut seen_black, mut seen_white) = (false, false);
    while let Some(t) = p.peek() {
        p.pos += 1;
        let (list, seen) = match t.tok {
            Tok::Section("blackactions") => (&mut domain.black, &mut seen_black),
            Tok::Section("whiteactions") => (&mut domain.white, &mut seen_white),
            Tok::Section(s) => {
                return Err(p.error(t.offset, format!("unknown section `#{s}` in a domain file"), DOMAIN_HELP))
            }
            other => {
                return Err(p.error(t.offset, format!("expected a section, found {}", describe(other)), DOMAIN_HELP))
            }
        };
        if std::mem::replace(seen, true) {
            return Err(p.error(
                t.offset,
                "this section appears twice",
                "merge the two lists of actions into one section",
            ));
        }
        while !p.at_section_or_end() {
            list.push(action(&mut p)?);
        }
    }
    if !seen_black || !seen_white {
        let missing = if seen_black { "#whiteactions" } else { "#blackactions" };
        return Err(p.error(p.here(), format!("the domain has no `{missing}` section"), DOMAIN_HELP));
    }
    Ok(domain)
}

fn action(p: &mut Parser) -> Result<Action, ParseError> {
    p.expect(Tok::Keyword("action"), "`:action`", ACTION_HELP)?;
    let name = match p.next("an action name", ACTION_HELP)? {
        Token { tok: Tok::Word(w), .. } => w.to_string(),
        t => return Err(p.error(t.offset, format!("expected an action name, found {}", describe(t.tok)), ACTION_HELP)),
    };
    p.expect(Tok::Keyword("parameters"), "`:parameters`", ACTION_HELP)?;
    let params_help = "the parameters are always `(?x, ?y)`";
    p.expect(Tok::LParen, "`(`", params_help)?;
    p.expect(Tok::Word("?x"), "`?x`", params_help)?;
    p.expect(Tok::Comma, "`,`", params_help)?;
    p.expect(Tok::Word("?y"), "`?y`", params_help)?;
    p.expect(Tok::RParen, "`)`", params_help)?;
    p.expect(Tok::Keyword("precondition"), "`:precondition`", ACTION_HELP)?;
    let pre = p.condition()?;
    p.expect(Tok::Keyword("effect"), "`:effect`", ACTION_HELP)?;
    let eff = p.condition()?;
    Ok(Action { name, pre, eff })
}

const PROBLEM_HELP: &str = "a problem file has the sections `#boardsize`, `#init`, `#depth`, `#blackgoal`, `#whitegoal` and optionally `#blackturn`";

/// Parses a problem file. Positions are checked against the board later, in
/// [`super::check`].
pub fn parse_problem(source: &Source) -> Result<Problem, ParseError> {
    let mut p = Parser::new(source)?;
    let mut board = None;
    let mut problem = Problem {
        board: Board { width: 0, height: 0 },
        init: Vec::new(),
        depth: None,
        depth_at: None,
        black_goals: Vec::new(),
        white_goals: Vec::new(),
        black_second: false,
    };
    let mut seen: Vec<&str> = Vec::new();
    while let Some(t) = p.peek() {
        p.pos += 1;
        let Tok::Section(name) = t.tok else {
            return Err(p.error(t.offset, format!("expected a section, found {}", describe(t.tok)), PROBLEM_HELP));
        };
        let canonical = name.strip_suffix('s').filter(|n| *n == "blackgoal" || *n == "whitegoal").unwrap_or(name);
        if seen.contains(&canonical) {
            return Err(p.error(t.offset, format!("section `#{name}` appears twice"), "keep one copy of the section"));
        }
        seen.push(canonical);
        match canonical {
            "boardsize" => {
                let help = "`#boardsize` is followed by the number of columns and rows, e.g. `3 4`";
                let (width, _) = p.integer("the number of columns", help)?;
                let (height, _) = p.integer("the number of rows", help)?;
                board = Some(Board { width, height });
            }
            "init" => init(&mut p, &mut problem.init)?,
            "depth" => {
                let (d, at) = p.integer("the depth", "`#depth` is followed by the number of plies, e.g. `9`")?;
                (problem.depth, problem.depth_at) = (Some(d as u32), Some(at));
            }
            "blackgoal" => goals(&mut p, &mut problem.black_goals)?,
            "whitegoal" => goals(&mut p, &mut problem.white_goals)?,
            "blackturn" => {
                let help = "`#blackturn` is followed by `first` or `second`";
                problem.black_second = match p.next("`first` or `second`", help)? {
                    Token { tok: Tok::Word("first"), .. } => false,
                    Token { tok: Tok::Word("second"), .. } => true,
                    other => {
                        return Err(p.error(
                            other.offset,
                            format!("expected `first` or `second`, found {}", describe(other.tok)),
                            help,
                        ))
                    }
                };
            }
            _ => {
                return Err(p.error(
                    t.offset,
                    format!("unknown or unsupported section `#{name}`"),
                    format!("{PROBLEM_HELP} (counters are not supported)"),
                ));
            }
        }
        if !p.at_section_or_end() {
            let extra = p.tokens[p.pos];
            return Err(p.error(
                extra.offset,
                format!("unexpected {} at the end of section `#{name}`", describe(extra.tok)),
                PROBLEM_HELP,
            ));
        }
    }
    problem.board = board.ok_or_else(|| p.error(0, "the problem has no `#boardsize` section", PROBLEM_HELP))?;
    Ok(problem)
}

fn init(p: &mut Parser, init: &mut Vec<Atom>) -> Result<(), ParseError> {
    let help = "`#init` lists the occupied positions as `black(1,2)` or `white(3,4)`";
    let mut atoms = Vec::new();
    while !p.at_section_or_end() {
        p.item(&mut atoms)?;
    }
    for a in atoms {
        if a.negated || a.pred == Pred::Open {
            return Err(p.error(a.offset, format!("`{a}` cannot be part of the initial state"), help));
        }
        if matches!(a.x, Expr::Param(_)) || matches!(a.y, Expr::Param(_)) {
            return Err(p.error(
                a.offset,
                format!("`{a}` uses a parameter; the initial state names absolute positions"),
                help,
            ));
        }
        init.push(a);
    }
    Ok(())
}

/// Goal conditions, one per line.
fn goals(p: &mut Parser, goals: &mut Vec<Condition>) -> Result<(), ParseError> {
    while !p.at_section_or_end() {
        let first = p.tokens[p.pos];
        if matches!(first.tok, Tok::Word(w) if w.eq_ignore_ascii_case("false")) {
            p.pos += 1;
            continue;
        }
        let mut condition = Condition { atoms: Vec::new(), offset: first.offset };
        while matches!(p.peek(), Some(t) if t.line == first.line && !matches!(t.tok, Tok::Section(_))) {
            p.item(&mut condition.atoms)?;
        }
        goals.push(condition);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problem(text: &str) -> Problem {
        parse_problem(&Source::from_bytes("p.ig", text)).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn goals_nested_any_depth_read_without_recursion() {
        let goal = |depth: usize| {
            let text = format!(
                "#boardsize\n3 3\n#init\n#depth\n3\n#blackgoal\n{}black(?x,?y) black(?x,?y+1){}\n#whitegoal\nwhite(?x,?y)\n",
                "(".repeat(depth),
                ")".repeat(depth)
            );
            parse_problem(&Source::from_bytes("p.ig", text))
        };
        let flat = goal(1).unwrap_or_else(|e| panic!("{e}"));
        let deep = goal(100_000).unwrap_or_else(|e| panic!("{e}"));
        let atoms = |p: &Problem| p.black_goals.iter().map(|c| c.atoms.len()).collect::<Vec<_>>();
        assert_eq!(atoms(&deep), atoms(&flat));
        let unclosed = format!("#boardsize\n3 3\n#init\n#depth\n3\n#blackgoal\n{}black(?x,?y)\n", "(".repeat(100_000));
        let e = parse_problem(&Source::from_bytes("p.ig", unclosed)).map(|_| ()).unwrap_err().to_string();
        assert!(
            e.starts_with("p.ig:7:100000: expected an atom or `)`")
                || e.starts_with("p.ig:7:100000: this `(` is never closed"),
            "{}",
            &e[..e.len().min(200)]
        );
    }

    #[test]
    fn the_papers_listings_parse_as_written() {
        // Listing 5: sizes on the section line, init in parentheses without spaces, `#…goals`.
        let tic = problem("#boardsize 5 4\n#init\n(black(1,3)white(2,4))\n#depth 5\n#blackgoals\n(black(?x,?y)black(?x,?y+1)black(?x,?y+2))\n(black(?x,?y)black(?x+1,?y)black(?x+2,?y))\n#whitegoals\n(white(?x,?y)white(?x,?y+1)white(?x,?y+2))\n(white(?x,?y)white(?x+1,?y)white(?x+2,?y))\n");
        assert_eq!(tic.board, Board { width: 5, height: 4 });
        assert_eq!((tic.init.len(), tic.depth, tic.black_goals.len(), tic.white_goals.len()), (2, Some(5), 2, 2));
        assert_eq!(tic.depth_at, Some(51));
        assert_eq!(tic.black_goals[1].atoms[2].x, Expr::Param(2));
        // Listing 14: the initial state over two lines; Listing 20: an empty goal section.
        let bt = problem("#boardsize\n2 4\n#init\n(black(1,4) black(2,4) black(1,3) black(2,3)\nwhite(1,1) white(2,1) white(1,2) white(2,2))\n#depth\n13\n#blackgoal\n(black(?x,ymin))\n#whitegoal\n");
        assert_eq!((bt.init.len(), bt.black_goals[0].atoms[0].y, bt.white_goals.len()), (8, Expr::Min(0), 0));
        // Published files: bare goal lines, `False`, `#blackturn second`.
        let dual = problem("#boardsize\n4 4\n#init\nwhite(4,1) black(1,2)\n#depth\n3\n#blackgoal\nblack(xmin,ymin)\nFalse\n#whitegoal\nwhite(xmax-1,ymin+2) (NOT(open(1,1)))\n#blackturn\nsecond\n");
        assert!(dual.black_second);
        assert_eq!(dual.black_goals.len(), 1);
        let w = &dual.white_goals[0].atoms;
        assert_eq!((w[0].x, w[0].y, w[1].negated), (Expr::Max(-1), Expr::Min(2), true));
    }

    #[test]
    fn multi_line_conditions_and_comments_parse() {
        // Listing 6 (Connect-4): a precondition over three lines; `%action` labels.
        let text = "#blackactions\n%action 1\n:action occupyOnTop\n:parameters (?x,?y)\n:precondition\n(open(?x,?y)\nNOT(open(?x,?y+1)))\n:effect (black(?x,?y))\n#whiteactions\n";
        let d = parse_domain(&Source::from_bytes("d.ig", text)).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(d.black.len(), 1);
        assert_eq!(d.black[0].pre.atoms.len(), 2);
        assert!(d.black[0].pre.atoms[1].negated);
        assert_eq!(d.black[0].pre.atoms[1].y, Expr::Param(1));
        assert!(d.white.is_empty());
    }
}

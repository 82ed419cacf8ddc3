//! The ASP translation plays the same game as the reference player: random legal plays,
//! fixed in the temporal extension, give one answer set whose positions, legal moves,
//! `terminal` and `goal` at every time are the reference player's (Theorem 1 of He,
//! Saffidine, Thielscher, checked on the shipped games), with rule bodies as written and
//! decomposed.
//!
//! Needs clingo in the project's `.venv` (`make solvers` installs it; `make test` does
//! first); without it the test says so and passes.

use std::collections::BTreeSet;
use std::io::Write;
use std::process::{Command, Stdio};

use contract::Source;
use game_gdl::asp::{term_text, translate_with};
use game_gdl::player::Solver;
use game_gdl::{load, Decompose, GroundGame};

const GAMES: [&str; 14] = [
    "tictactoe.kif",
    "connect3-4x4.kif",
    "breakthrough-2x4.kif",
    "dots-and-boxes-1x2.kif",
    "tictactoe-3p-3x3.kif",
    "constructs/kif-syntax.kif",
    "constructs/call-site-helpers.kif",
    "constructs/not-distinct.kif",
    "constructs/base-input-arities.kif",
    "constructs/bound-helpers.kif",
    "constructs/recursive-arithmetic.kif",
    "constructs/on-demand-board.kif",
    "wide/skirmish-4x4.kif",
    "wide/pathrace-3x3.kif",
];

/// Names ASP does not take as they are: symbols with `-`, numbers with leading zeros, the
/// translation's own names (`tdom`, `tmax`, `q_`…), and `at` both timed (arity 1) and
/// static (arity 2). Both roles move at once.
const ODD_NAMES: &str = "(role a-1) (role tdom)\n\
    (init (pos 01)) (succ 01 2) (succ 2 tmax) (succ tmax q_x) (at 1 2)\n\
    (<= (legal ?r (go-to ?y)) (role ?r) (true (pos ?x-1)) (succ ?x-1 ?y))\n\
    (<= (legal ?r stay) (role ?r) (at 1 2))\n\
    (<= (next (pos ?y)) (does a-1 (go-to ?y)))\n\
    (<= (next (pos ?x)) (true (pos ?x)) (does a-1 stay))\n\
    (<= (next (moved ?r)) (does ?r (go-to ?y)) (distinct ?r a-1))\n\
    (<= (at ?x) (true (pos ?x)))\n\
    (<= terminal (at q_x))\n\
    (<= (goal ?r 100) (role ?r) (at q_x)) (<= (goal ?r 0) (role ?r) (not (at q_x)))\n";

/// Grounds and solves the program on stdin; prints every answer set (all of them) as
/// tab-separated atoms of the relations the test compares, `MODEL` before each.
const SOLVE: &str = r#"
import sys, clingo
ctl = clingo.Control(["0", "--warn=none"])
ctl.add("base", [], sys.stdin.read())
ctl.ground([("base", [])])
def show(m):
    print("MODEL")
    for s in m.symbols(atoms=True):
        if (s.name, len(s.arguments)) in (("true", 2), ("legal", 3), ("goal", 3), ("terminal", 1), ("does", 3)):
            print("\t".join([s.name] + [str(a) for a in s.arguments]))
ctl.solve(on_model=show)
"#;

fn root() -> String {
    format!("{}/../../..", env!("CARGO_MANIFEST_DIR"))
}

fn python() -> Option<String> {
    let python = format!("{}/.venv/bin/python3", root());
    let ok = Command::new(&python).args(["-c", "import clingo"]).output().is_ok_and(|o| o.status.success());
    ok.then_some(python)
}

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
}

/// What the reference player says about one position, as the ASP atoms would: the
/// atoms' lines without the time.
fn facts(game: &GroundGame, solver: &Solver, state: &[u64]) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for f in solver.fluents(state) {
        out.insert(format!("true\t{}", term_text(&game.store, game.fluents[f as usize])));
    }
    for (r, &role) in game.roles.iter().enumerate() {
        let role = term_text(&game.store, role);
        for m in solver.legal(state, r) {
            out.insert(format!("legal\t{role}\t{}", term_text(&game.store, game.moves[m as usize].term)));
        }
        for v in solver.goal_values(state, r) {
            out.insert(format!("goal\t{role}\t{v}"));
        }
    }
    if solver.is_terminal(state) {
        out.insert("terminal".to_string());
    }
    out
}

/// One random play of at most `max_steps` steps (to the end when it is reached first):
/// the reference facts of every position and the moves, each as ASP text.
/// A joint move: (role, move) of each role, as ASP text.
type Joint = Vec<(String, String)>;

fn play(game: &GroundGame, rng: &mut Rng, max_steps: usize) -> (Vec<BTreeSet<String>>, Vec<Joint>) {
    let solver = Solver::new(game, 0).unwrap_or_else(|e| panic!("{e}"));
    let mut state = solver.initial();
    let (mut positions, mut moves) = (vec![facts(game, &solver, &state)], Vec::new());
    while moves.len() < max_steps && !solver.is_terminal(&state) {
        let joint: Vec<u32> = (0..game.roles.len())
            .map(|r| {
                let legal = solver.legal(&state, r);
                assert!(!legal.is_empty(), "role {r} has no legal move");
                legal[rng.below(legal.len())]
            })
            .collect();
        moves.push(
            joint
                .iter()
                .map(|&m| {
                    let mv = game.moves[m as usize];
                    (term_text(&game.store, game.roles[mv.role]), term_text(&game.store, mv.term))
                })
                .collect(),
        );
        state = solver.next(&state, &joint);
        positions.push(facts(game, &solver, &state));
    }
    (positions, moves)
}

/// The answer sets of `program`, each as its atoms' lines.
fn answer_sets(python: &str, program: &str) -> Vec<BTreeSet<String>> {
    let mut child = Command::new(python)
        .args(["-c", SOLVE])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{python}: {e}"));
    child.stdin.take().map(|mut s| s.write_all(program.as_bytes())).transpose().unwrap_or_else(|e| panic!("{e}"));
    let out = child.wait_with_output().unwrap_or_else(|e| panic!("{e}"));
    assert!(out.status.success(), "clingo failed: {}\n{program}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    let mut models = Vec::new();
    for line in text.lines() {
        if line == "MODEL" {
            models.push(BTreeSet::new());
        } else if let Some(m) = models.last_mut() {
            m.insert(line.to_string());
        }
    }
    models
}

#[test]
fn random_plays_have_the_reference_players_positions_at_every_time() {
    let Some(python) = python() else {
        eprintln!("skipped: no clingo in {}/.venv (run `make solvers`)", root());
        return;
    };
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let shipped = GAMES.iter().map(|name| {
        let path = format!("{}/suite/games/gdl/{name}", root());
        (name.to_string(), Source::read(&path).unwrap_or_else(|e| panic!("{e}")))
    });
    let odd = ("odd-names.kif".to_string(), Source::from_bytes("odd-names.kif", ODD_NAMES));
    for (name, source) in shipped.chain([odd]) {
        let game = load(source.clone()).unwrap_or_else(|e| panic!("{e}"));
        // Two plays to the end, one cut short in a running position.
        for max_steps in [usize::MAX, usize::MAX, 3] {
            let (positions, moves) = play(&game, &mut rng, max_steps);
            let n = moves.len();
            for decompose in [Decompose::Off, Decompose::On] {
                let mut program = translate_with(source.clone(), n as u32, decompose).unwrap_or_else(|e| panic!("{e}"));
                for (t, joint) in moves.iter().enumerate() {
                    for (role, m) in joint {
                        program.push_str(&format!(":- not does({role},{m},{}).\n", t + 1));
                    }
                }
                let models = answer_sets(&python, &program);
                assert_eq!(
                    models.len(),
                    1,
                    "{name} {decompose:?}: the fixed play of {n} steps has {} answer sets",
                    models.len()
                );
                for t in 1..=n + 1 {
                    let suffix = format!("\t{t}");
                    let at_t: BTreeSet<String> = models[0]
                        .iter()
                        .filter(|l| !l.starts_with("does\t"))
                        .filter_map(|l| {
                            if l == &format!("terminal\t{t}") {
                                Some("terminal".to_string())
                            } else {
                                l.strip_suffix(&suffix).filter(|s| s.contains('\t')).map(str::to_string)
                            }
                        })
                        .collect();
                    assert_eq!(
                        at_t,
                        positions[t - 1],
                        "{name} {decompose:?}: time {t} of a play of {n} steps: {moves:?}"
                    );
                }
                let does: BTreeSet<String> = models[0].iter().filter(|l| l.starts_with("does\t")).cloned().collect();
                let fixed: BTreeSet<String> = moves
                    .iter()
                    .enumerate()
                    .flat_map(|(t, joint)| joint.iter().map(move |(r, m)| format!("does\t{r}\t{m}\t{}", t + 1)))
                    .collect();
                assert_eq!(does, fixed, "{name} {decompose:?}");
            }
        }
    }
}

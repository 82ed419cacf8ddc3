//! A game against the solver from start to end (`qbfgames play`): the solver's side from
//! its `--qdo` answers, the user's side typed (one move per line, with the commands `help`,
//! `undo`, `hint`, `board` and `quit`), tried all, or drawn at random.
//!
//! Typed moves are read leniently where that is unambiguous: case and parentheses do not
//! matter (`drop 2` is `(drop 2)`, `occupy 2 2` is `occupy(2,2)`), and where the legal moves
//! differ only in their numbers the numbers alone name one (`2`).

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::io::{BufRead, IsTerminal, Write};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use crate::Assignment;
use contract::Budget;
use qbf::formula::CnfQbf;
use qbf::io::write_qdimacs;

use crate::rng::SplitMix64;

use crate::play::{ChooseError, Failure, Played, QdoSolver, Resistance, White};
use crate::qdo::{QdoError, QdoOracle, QdoRunner};
use crate::validate::STATE;

/// The side the user plays; the solver plays the other.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum User {
    /// White, against Black's strategy.
    White,
    /// Black, against White's refutation.
    Black,
}

impl User {
    pub fn name(self) -> &'static str {
        match self {
            User::White => "White",
            User::Black => "Black",
        }
    }
}

/// How the user's moves are chosen.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Every legal move, one line after the other.
    All,
    /// `games` games of random moves from `seed`.
    Random { games: usize, seed: u64 },
    /// Typed on the input, one per line.
    Interactive,
}

/// A game `qbfgames play` can run: the limit the computer's promise is about, and one game
/// against the user's side. A model hands its game to the [`session`] through this trait,
/// so that a new game needs no change here.
pub trait PlayableGame {
    /// The depth the computer's promise is about, and its unit (`plies`, `rounds`, …).
    fn limit(&self) -> (u32, &'static str);

    /// One game with the user playing `user`, the user's moves chosen by `user_moves`: the
    /// computer plays the other side's winning moves (Black's strategy, or White's
    /// refutation with `user` Black), taken from `solve`'s answers or a reference solver.
    fn play(&self, user: User, solve: &mut QdoSolver<'_>, user_moves: White<'_, '_>) -> Result<Played, Failure>;
}

/// What the computer promises the user playing `user` of `game`, said before the first move.
fn promise(game: &dyn PlayableGame, user: User) -> String {
    let (depth, unit) = game.limit();
    match user {
        User::White => format!(
            "You play White. Black wins within {depth} {unit} whatever you do: the solver plays Black's winning strategy; `hint` gives the move that holds out longest."
        ),
        User::Black => format!(
            "You play Black. You cannot win within {depth} {unit} whatever you do: the solver plays White's refutation (which need not win: the game may be a draw)."
        ),
    }
}

/// The user left the game before it ended: `quit`, or the end of the input.
#[derive(Debug)]
pub struct Left {
    /// The side that was to move.
    pub side: &'static str,
    /// The position it was to move in, drawn.
    pub board: String,
    /// The input ended (rather than `quit`).
    pub input_ended: bool,
}

/// The last line of a session and its exit code: 0 every game ended as the solver
/// promised; 1 a failure (an encoding or solver bug); 2 refused, the instance has the other
/// value (the line is then an error naming `instance`, without the `error: ` before it).
pub fn conclusion(outcome: &Result<Played, Failure>, user: User, mode: Mode, instance: &str) -> (u8, String) {
    let (winner, one, many) = match user {
        User::White => ("Black won", "White reply", "White replies"),
        User::Black => ("White held", "Black move", "Black moves"),
    };
    match (outcome, mode) {
        (Ok(p), Mode::All) => {
            (0, format!("{winner} all {} lines against every {one} ({} solver calls)", p.lines, p.solver_calls))
        }
        (Ok(p), Mode::Random { .. }) => {
            (0, format!("{winner} all {} games against random {many} ({} solver calls)", p.lines, p.solver_calls))
        }
        (Ok(_), Mode::Interactive) if user == User::White => (0, "Black wins, as the solver promised".to_string()),
        (Ok(_), Mode::Interactive) => {
            (0, "White holds: Black did not win within the depth, as the solver promised".to_string())
        }
        (Err(failure), _) if failure.refused => (2, format!("{instance}: {}", failure.reason)),
        (Err(failure), _) => (1, format!("FAILURE (an encoding or solver bug) in {instance}: {failure}")),
    }
}

/// The board as lines (positions are drawn with `/` between rows); the raw [`STATE`] line
/// only when `verbose`.
pub fn board(position: &str, verbose: bool) -> String {
    let lines: Vec<&str> = position.split('/').filter(|l| verbose || !l.starts_with(STATE)).collect();
    lines.join("\n")
}

/// A line on standard error, while the solver works, saying for how long it has: shown
/// only when standard error is a terminal, redrawn every second from a background thread,
/// and cleared when dropped.
pub struct Thinking {
    stop: Option<mpsc::Sender<()>>,
    ticker: Option<std::thread::JoinHandle<()>>,
}

impl Thinking {
    /// Starts the line `label… N s` (its first drawing after a second).
    pub fn start(label: &str) -> Thinking {
        if !std::io::stderr().is_terminal() {
            return Thinking { stop: None, ticker: None };
        }
        let (stop, stopped) = mpsc::channel::<()>();
        let label = label.to_string();
        let ticker = std::thread::spawn(move || {
            let start = Instant::now();
            let mut drawn = false;
            while let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(Duration::from_secs(1)) {
                let mut err = std::io::stderr().lock();
                let _ = write!(err, "\r\x1b[2K{label}… {} s", start.elapsed().as_secs());
                let _ = err.flush();
                drawn = true;
            }
            if drawn {
                let _ = write!(std::io::stderr().lock(), "\r\x1b[2K");
            }
        });
        Thinking { stop: Some(stop), ticker: Some(ticker) }
    }
}

impl Drop for Thinking {
    fn drop(&mut self) {
        drop(self.stop.take());
        if let Some(ticker) = self.ticker.take() {
            let _ = ticker.join();
        }
    }
}

/// The solver with a [`Thinking`] line while it works, and, for interactive games, its
/// answers kept by formula: `undo` replays the game from the start, and the solver's moves
/// of the replay are the ones already shown, at no cost.
struct Watched<'r> {
    runner: &'r QdoRunner,
    answers: Option<HashMap<u64, (bool, Assignment)>>,
}

impl QdoOracle for Watched<'_> {
    fn solve(&mut self, qbf: &CnfQbf) -> Result<(bool, Assignment), QdoError> {
        let key = match &self.answers {
            Some(_) => {
                let mut bytes = Vec::new();
                write_qdimacs(&mut bytes, qbf, &[])?;
                let mut h = std::collections::hash_map::DefaultHasher::new();
                bytes.hash(&mut h);
                Some(h.finish())
            }
            None => None,
        };
        if let (Some(answers), Some(key)) = (&self.answers, key) {
            if let Some(answer) = answers.get(&key) {
                return Ok(answer.clone());
            }
        }
        let answer = {
            let _thinking = Thinking::start("the solver is thinking");
            self.runner.solve(qbf)?
        };
        if let (Some(answers), Some(key)) = (&mut self.answers, key) {
            answers.insert(key, answer.clone());
        }
        Ok(answer)
    }

    fn budget(&self) -> Budget {
        self.runner.budget
    }
}

/// A typed move in a canonical form: lower case, parentheses and commas as spaces, single
/// spaces between words (`(drop 2)`, `drop 2` and `DROP  2` are all `drop 2`).
fn canonical(text: &str) -> String {
    let spaced: String =
        text.to_lowercase().chars().map(|c| if matches!(c, '(' | ')' | ',') { ' ' } else { c }).collect();
    spaced.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The legal move `typed` names, out of `moves`: written as listed (spaces ignored), or
/// in the canonical form of either ([`canonical`]), or, where the legal moves differ only
/// in their numbers, by the numbers alone (`2` for `(drop 2)`). `Err` says why none.
fn parse_move(typed: &str, moves: &[String]) -> Result<usize, String> {
    let squeezed: String = typed.split_whitespace().collect();
    if let Some(k) = moves.iter().position(|m| m.replace(' ', "") == squeezed) {
        return Ok(k);
    }
    let wanted = canonical(typed);
    let forms: Vec<String> = moves.iter().map(|m| canonical(m)).collect();
    let hits: Vec<usize> = (0..moves.len()).filter(|&k| forms[k] == wanted).collect();
    if let [k] = hits[..] {
        return Ok(k);
    }
    if hits.len() > 1 {
        return Err(format!("`{typed}` names more than one legal move; type it as listed"));
    }
    let numeric = |w: &&str| w.parse::<i64>().is_ok();
    let words: Vec<&str> = wanted.split(' ').collect();
    if !wanted.is_empty() && words.iter().all(numeric) {
        let shape = |f: &String| f.split(' ').filter(|w| !numeric(w)).map(str::to_string).collect::<Vec<_>>();
        let same_words = forms.windows(2).all(|p| shape(&p[0]) == shape(&p[1]));
        let hits: Vec<usize> =
            (0..moves.len()).filter(|&k| forms[k].split(' ').filter(numeric).eq(words.iter().copied())).collect();
        if let (true, [k]) = (same_words, &hits[..]) {
            return Ok(*k);
        }
    }
    Err(format!("`{typed}` is not a legal move"))
}

/// What `hint` says: to White (the losing side), the move after which Black needs the most
/// plies to win, with that number; to Black (who cannot win within the depth), that no
/// move is better than another, without claiming that White wins.
fn hint(user: User, unit: &str, moves: &[String], resist: &mut Resistance<'_>) -> String {
    if user == User::Black {
        return "No hint: Black cannot win within the depth whatever it plays (White holds; the game may still be a draw), so every legal move is as good as another here.".to_string();
    }
    let longest =
        (0..moves.len()).filter_map(|k| resist(k).map(|d| (d, k))).max_by_key(|&(d, k)| (d, std::cmp::Reverse(k)));
    match longest {
        Some((d, k)) => format!(
            "Hint: {} holds out longest: Black still needs {d} {unit} to win after it (Black wins whatever White plays).",
            moves[k]
        ),
        None => "No hint: Black wins whatever White plays, and the reference solver could not rank the moves here.".to_string(),
    }
}

/// What `help` prints before the legal moves.
const COMMANDS: &str = "Commands: `undo` takes back your last move and the reply, `hint` asks for a move, \
`board` draws the position again, `quit` leaves the game, `help` shows this.";

/// Plays `game` with the solver `runner` against the user's side, chosen as `mode` says:
/// typed moves are read from `input`, prompts, moves and boards written to `out` (the raw
/// state lines too when `verbose`). A closed output does not end the game; `quit` or the
/// end of the input does ([`Left`]). `undo` replays the game from its start without the
/// user's last move, the solver's answers taken from a cache.
pub fn session<R: BufRead, W: Write>(
    game: &dyn PlayableGame,
    user: User,
    mode: Mode,
    runner: &QdoRunner,
    mut input: R,
    out: &RefCell<W>,
    verbose: bool,
) -> Result<Result<Played, Failure>, Left> {
    let mut solve = Watched { runner, answers: None };
    match mode {
        Mode::All => Ok(game.play(user, &mut solve, White::All)),
        Mode::Random { games, seed } => {
            let mut rng = SplitMix64::new(seed);
            let mut total = Played { lines: 0, solver_calls: 0 };
            for _ in 0..games {
                let mut choose =
                    |_: &str, moves: &[String], _: &mut Resistance<'_>| Ok(rng.below(moves.len() as u64) as usize);
                let mut show = |_: &str, _: &str| {};
                match game.play(user, &mut solve, White::Choose { choose: &mut choose, show: &mut show }) {
                    Ok(p) => {
                        total.lines += p.lines;
                        total.solver_calls += p.solver_calls;
                    }
                    Err(failure) => return Ok(Err(failure)),
                }
            }
            Ok(Ok(total))
        }
        Mode::Interactive => {
            solve.answers = Some(HashMap::new());
            let side = user.name();
            let other = match user {
                User::White => "Black",
                User::Black => "White",
            };
            // The user's moves so far (indices into the legal moves of each turn), replayed
            // silently after an `undo`.
            let history: RefCell<Vec<(usize, String)>> = RefCell::new(Vec::new());
            let mut replaying: Option<String> = None;
            let promised = Cell::new(false);
            loop {
                let stop: Cell<Option<ChooseError>> = Cell::new(None);
                let turn = Cell::new(0usize);
                let shown = Cell::new(false);
                let quiet = Cell::new(replaying.is_some());
                let took_back = replaying.take();
                let mut choose = |position: &str,
                                  moves: &[String],
                                  resist: &mut Resistance<'_>|
                 -> Result<usize, ChooseError> {
                    let t = turn.get();
                    turn.set(t + 1);
                    if let Some((k, _)) = history.borrow().get(t) {
                        return Ok(*k);
                    }
                    let mut o = out.borrow_mut();
                    if !promised.replace(true) {
                        writeln!(o, "{}", promise(game, user)).map_err(ChooseError::Output)?;
                    }
                    if quiet.replace(false) {
                        let what = took_back.as_deref().unwrap_or("your move");
                        writeln!(o, "Took back {what}.\n{}", board(position, verbose)).map_err(ChooseError::Output)?;
                    } else if !shown.get() {
                        writeln!(o, "{}", board(position, verbose)).map_err(ChooseError::Output)?;
                    }
                    shown.set(true);
                    loop {
                        write!(o, "{side} to move ({} legal; `help` lists them): ", moves.len())
                            .and_then(|()| o.flush())
                            .map_err(ChooseError::Output)?;
                        let mut line = String::new();
                        if input.read_line(&mut line).map_err(ChooseError::Input)? == 0 {
                            let _ = writeln!(o);
                            stop.set(Some(ChooseError::InputEnded));
                            return Err(ChooseError::InputEnded);
                        }
                        let typed = line.trim();
                        match canonical(typed).as_str() {
                            "" => continue,
                            "quit" | "exit" => {
                                stop.set(Some(ChooseError::Quit));
                                return Err(ChooseError::Quit);
                            }
                            "undo" if history.borrow().is_empty() => {
                                writeln!(o, "Nothing to undo: you have not moved yet.").map_err(ChooseError::Output)?;
                            }
                            "undo" => {
                                stop.set(Some(ChooseError::Undo));
                                return Err(ChooseError::Undo);
                            }
                            "hint" => writeln!(o, "{}", hint(user, game.limit().1, moves, resist))
                                .map_err(ChooseError::Output)?,
                            "board" => writeln!(o, "{}", board(position, verbose)).map_err(ChooseError::Output)?,
                            "help" | "?" => writeln!(o, "{COMMANDS}\nType one of: {}", moves.join(" "))
                                .map_err(ChooseError::Output)?,
                            _ => match parse_move(typed, moves) {
                                Ok(k) => {
                                    history.borrow_mut().push((k, moves[k].clone()));
                                    return Ok(k);
                                }
                                Err(why) => {
                                    writeln!(o, "error: {why} for {side} here; legal moves: {}", moves.join(" "))
                                        .map_err(ChooseError::Output)?
                                }
                            },
                        }
                    }
                };
                // A closed output (`| head`) must not end the game with a panic; the game goes
                // on, and a closed input ends it.
                let mut show = |mv: &str, position: &str| {
                    if !quiet.get() {
                        shown.set(true);
                        let _ = writeln!(out.borrow_mut(), "{mv}\n{}", board(position, verbose));
                    }
                };
                let result = game.play(user, &mut solve, White::Choose { choose: &mut choose, show: &mut show });
                match (stop.take(), result) {
                    (Some(ChooseError::Undo), Err(_)) => {
                        let (_, last) = history.borrow_mut().pop().unwrap_or_default();
                        replaying = Some(format!("{side}'s {last} and {other}'s reply"));
                    }
                    (Some(ChooseError::InputEnded), Err(failure)) => {
                        return Err(Left { side, board: board(&failure.position, false), input_ended: true })
                    }
                    (Some(ChooseError::Quit), Err(failure)) => {
                        return Err(Left { side, board: board(&failure.position, false), input_ended: false })
                    }
                    (_, result) => return Ok(result),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::Explorer;

    fn moves(names: &[&str]) -> Vec<String> {
        names.iter().map(|m| m.to_string()).collect()
    }

    #[test]
    fn typed_moves_are_read_as_listed_without_parentheses_in_any_case_or_by_their_number() {
        let drops = moves(&["(drop 1)", "(drop 2)", "(drop 3)"]);
        for typed in ["(drop 2)", "drop 2", "DROP  2", "(drop2)", "2"] {
            assert_eq!(parse_move(typed, &drops), Ok(1), "{typed}");
        }
        assert!(parse_move("drop 5", &drops).is_err());
        let occupy = moves(&["occupy(1,2)", "occupy(2,1)"]);
        assert_eq!(parse_move("occupy 2 1", &occupy), Ok(1));
        assert_eq!(parse_move("Occupy(1, 2)", &occupy), Ok(0));
        assert_eq!(parse_move("2 1", &occupy), Ok(1));
        // Numbers alone only where the moves differ in nothing else.
        let mixed = moves(&["(mark 1 1)", "(noop 1 1)"]);
        assert!(parse_move("1 1", &mixed).is_err());
        assert_eq!(parse_move("A1", &moves(&["a1", "b1"])), Ok(0));
    }

    /// A game of one White move out of two, after which Black has won: the session runs a
    /// game that no model and no solver stand behind.
    struct OneReply;

    impl PlayableGame for OneReply {
        fn limit(&self) -> (u32, &'static str) {
            (2, "plies")
        }

        fn play(&self, _: User, solve: &mut QdoSolver<'_>, user_moves: White<'_, '_>) -> Result<Played, Failure> {
            let moves = moves(&["a", "b"]);
            let mut e = Explorer::new(solve, user_moves);
            for k in e.replies("start", &moves, &mut |_| Some(1))? {
                e.show(&format!("White plays {}", moves[k]), "over");
                e.played.lines += 1;
            }
            Ok(e.played)
        }
    }

    fn run(mode: Mode, input: &str) -> (Result<Result<Played, Failure>, Left>, String) {
        let solvers = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../suite/solvers.toml");
        let runner =
            QdoRunner::from_solvers(&solvers, "depqbf", 1, Budget::default()).unwrap_or_else(|e| panic!("{e}"));
        let out = RefCell::new(Vec::new());
        let result = session(&OneReply, User::White, mode, &runner, input.as_bytes(), &out, false);
        (result, String::from_utf8_lossy(&out.into_inner()).into_owned())
    }

    #[test]
    fn any_playable_game_runs_in_the_session() {
        let (all, _) = run(Mode::All, "");
        assert_eq!(all.ok(), Some(Ok(Played { lines: 2, solver_calls: 0 })));
        let (typed, out) = run(Mode::Interactive, "c\nb\n");
        assert_eq!(typed.ok(), Some(Ok(Played { lines: 1, solver_calls: 0 })));
        assert!(out.starts_with("You play White. Black wins within 2 plies whatever you do"), "{out}");
        assert!(out.contains("error: `c` is not a legal move for White here; legal moves: a b"), "{out}");
        assert!(out.ends_with("White plays b\nover\n"), "{out}");
    }

    #[test]
    fn the_raw_state_line_is_shown_only_when_verbose() {
        let position = format!("{STATE}(cell 1 1 b)/   1/ 1 .");
        assert_eq!(board(&position, false), "   1\n 1 .");
        assert_eq!(board(&position, true), format!("{STATE}(cell 1 1 b)\n   1\n 1 ."));
    }
}

//! BDDL games (`bddl`): the lifted encoding (Shaik & van de Pol, SAT 2023) and the
//! depth-bounded minimax reference solver; the model's suite side. The command line is in
//! `cli` (feature `cli`).

use crate::lifted::Lifted;
use crate::{Game, Length, Solver};
use anyhow::Result;
use gamekit::suite::{key, Encoding as SuiteEncoding, SourceFormat, Writes};
use gamekit::suite::{BuildError, Instance, Kind, LastPly, OutFormat, Request, Schema, Setup, SourceFile};
use gamekit::{Form, GameModel, SymbolMap};
use qbf::io::Format;

use crate::map::LiftedMap;

/// `lifted`: the lifted encoding of a BDDL game, a circuit.
pub const LIFTED: SuiteEncoding = SuiteEncoding::new("lifted", Writes::Circuit);

/// `bddl`: the game in BDDL, a domain and a problem file (the source of the lifted
/// encoding).
pub const BDDL: OutFormat =
    OutFormat::Source(SourceFormat { name: "bddl", files: &[("bddl-domain", "ig"), ("bddl-problem", "ig")] });

/// `model = "bddl"`: a domain and a problem file.
const SCHEMA: Schema = Schema {
    keys: &[key("domain", Kind::Path, None), key("problem", Kind::Path, None)],
    template_keys: true,
    encodings: &[LIFTED],
    default_encoding: None,
    formats: &[OutFormat::Qbf(Format::Qcir), OutFormat::Qbf(Format::Qdimacs), BDDL],
    model_depth: true,
    odd_depths: false,
};

pub struct Bddl;

impl GameModel for Bddl {
    fn name(&self) -> &'static str {
        "bddl"
    }

    #[cfg(feature = "cli")]
    fn cli(&self) -> Option<&dyn gamekit::ModelCli> {
        Some(self)
    }
    fn schema(&self) -> Option<&'static Schema> {
        Some(&SCHEMA)
    }

    fn check(&self, setup: &Setup, _: &mut dyn FnMut(&str) -> bool) -> Result<Option<String>, BuildError> {
        let (domain, problem) = (setup.read("domain")?, setup.read("problem")?);
        Ok(crate::load(&domain, &problem, setup.depth)?.past_full_board().map(|past| past.to_string()))
    }

    fn build(&self, request: &Request) -> Result<Instance, BuildError> {
        let (domain, problem) = (request.setup.read("domain")?, request.setup.read("problem")?);
        let game = crate::load(&domain, &problem, request.setup.depth)?;
        let sources = vec![
            SourceFile { label: "bddl-domain", bytes: domain.bytes },
            SourceFile { label: "bddl-problem", bytes: problem.bytes },
        ];
        request.instance(&Lifted, &game, game.depth(), &[Form::Circuit], sources)
    }

    fn reference(&self, setup: &Setup) -> Result<bool> {
        let game = crate::load(&setup.read("domain")?, &setup.read("problem")?, setup.depth)?;
        Ok(Solver::new(&game)?.wins(game.depth()))
    }

    fn read_map(&self, json: &[u8]) -> Option<SymbolMap> {
        SymbolMap::read::<LiftedMap>(json)
    }

    fn last_ply(&self, setup: &Setup) -> Result<LastPly> {
        let game = crate::load(&setup.read("domain")?, &setup.read("problem")?, setup.depth)?;
        Ok(last_ply(&game)?)
    }
}

/// The states [`last_ply`] searches at most for a game that does not fill its board.
const LAST_PLY_STATES: usize = 50_000_000;

/// The last ply of a BDDL game: where the board is full, for a game whose every move
/// fills an open position (a full board is a draw as the game is played, though BDDL's
/// rule that a player without a move loses would count it as won one ply later); else
/// the longest play, found by searching the reachable states.
fn last_ply(game: &Game) -> Result<LastPly, crate::TooLarge> {
    if let Some(ply) = game.full_board_plies() {
        let pass = if game.problem.black_second { " and Black's opening pass" } else { "" };
        let why = format!("every move fills an open position and none opens one, so after {ply} plies (the open positions{pass}) the board is full and the game is over: a full board is a draw, which BDDL's rule that a player without a move loses would count one ply later");
        return Ok(LastPly::Ends { ply, why });
    }
    Ok(match Solver::new(game)?.length(LAST_PLY_STATES) {
        Length::Plies(ply) => LastPly::Ends {
            ply,
            why: format!("no play lasts longer: a search of every reachable position found the longest play at {ply} plies, counting the ply on which a player without a move loses"),
        },
        Length::Endless => LastPly::Unbounded { why: "a position can repeat, so plays have no bound".to_string() },
        Length::TooManyStates(n) => {
            LastPly::Unbounded { why: format!("more than {n} reachable positions: the longest play was not searched to the end") }
        }
    })
}

//! Cram in suites (`model = "cram"`): a rectangular board (`board = "3x4"`) at the job's
//! ply limit.

use gamekit::suite::{key, BuildError, Encoding, Instance, Kind, LastPly, OutFormat, Request, Schema, Setup, Writes};
use gamekit::Form;
use qbf::io::Format;

use crate::board::{Board, Dims};
use crate::encoding::CramEncoding;
use crate::player::Player;

/// `onehot`: a variable per ply and domino, a circuit.
pub const ONEHOT: Encoding = Encoding::new("onehot", Writes::Circuit);
/// `compact`: the domino of each ply as a binary index, a circuit.
pub const COMPACT: Encoding = Encoding::new("compact", Writes::Circuit);

/// `model = "cram"`: the board's size.
pub const SCHEMA: Schema = Schema {
    keys: &[key("board", Kind::Str(None), None)],
    template_keys: false,
    encodings: &[ONEHOT, COMPACT],
    default_encoding: None,
    formats: &[OutFormat::Qbf(Format::Qcir), OutFormat::Qbf(Format::Qdimacs)],
    model_depth: false,
    odd_depths: false,
};

/// The board of a job and its ply limit.
fn game(setup: &Setup) -> Result<(Board, u32), BuildError> {
    let dims: Dims = setup.str("board")?.parse().map_err(|e| BuildError::Game(Box::new(e)))?;
    Ok((Board::rectangle(dims), setup.depth.ok_or_else(|| setup.wrong("depths", "explicit ply limits"))?))
}

/// A job's instance: the circuit (its QDIMACS is the circuit in the family's clause form)
/// and where Black's first domino is.
pub fn build(request: &Request) -> Result<Instance, BuildError> {
    let (board, plies) = game(&request.setup)?;
    let encoding = match request.encoding {
        ONEHOT => CramEncoding::Onehot,
        COMPACT => CramEncoding::Compact,
        other => return Err(BuildError::NoEncoding { model: "cram", encoding: other.name() }),
    };
    request.instance(&encoding, &board, plies, &[Form::Circuit], Vec::new())
}

/// The reference player's answer: whether Black leaves White without a move within the
/// plies.
pub fn reference(setup: &Setup) -> Result<bool, BuildError> {
    let (board, plies) = game(setup)?;
    Ok(Player::new(&board).wins_within(plies))
}

/// Every play is over by the board's last ply.
pub fn last_ply(setup: &Setup) -> Result<LastPly, BuildError> {
    let (board, _) = game(setup)?;
    Ok(LastPly::Ends {
        ply: board.last_ply(),
        why: format!("every move fills two of the {} empty cells", board.empty_cells()),
    })
}

//! The GDL encoding a game gets when none is asked for: the strictly turn-taking encoding
//! (SD) where the ground game is strictly turn-taking up to the depth, the general encoding
//! (GE) otherwise, both under the caller's prefix (GD by default).
//!
//! The turn structure is proved on the ground game (`crate::turn_taking`), for two
//! players and for more alike: SD drops the choice variables and universal bits of every
//! role not on turn (the no-op plies of the opponent, or of the whole coalition), so the
//! formula has one quantifier block per step instead of two. Where the turn order depends
//! on the play (Dots and Boxes) or is not proved fixed, GE is the only sound choice.
//!
//! ## References
//! - Y. He, A. Saffidine, M. Thielscher: *Solving Two-player Games with QBF Solvers in
//!   General Game Playing*, AAMAS 2024, Sections 3.1 and 3.3.

use crate::turn_taking::turn_taking;
use crate::GroundGame;
use contract::{Budget, TooLarge};

use super::{GdlEncoding, PrefixMethod, Reason, Rules};
use gamekit::Encoding;

impl GdlEncoding {
    /// The encoding `game`'s turn structure calls for at horizon `depth`: SD where the game
    /// is strictly turn-taking, GE otherwise, under `prefix`, for role `first` to win; with
    /// the reason. Refused, before the analysis (which takes time in the depth), when the
    /// formula would not fit `budget`.
    pub fn by_structure(
        game: &GroundGame,
        depth: u32,
        prefix: PrefixMethod,
        first: usize,
        budget: Budget,
    ) -> Result<(GdlEncoding, Reason), TooLarge> {
        GdlEncoding { rules: Rules::General, prefix, first }.fits(game, depth, budget)?;
        let turns = turn_taking(game, depth);
        let rules = if turns.is_strict() { Rules::StrictTurns } else { Rules::General };
        Ok((GdlEncoding { rules, prefix, first }, Reason::Structure(turns)))
    }
}

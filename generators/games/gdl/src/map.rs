//! The first-move maps of the GDL encodings: the moves of the role that moves first, named
//! one-hot (`"encoding": "gdl"`, the player who chooses existentially) or by their index
//! in binary (`"encoding": "gdlbits"`, the universal player).

use gamekit::{chosen, number, Assignment, Move, MoveMap};
use serde::{Deserialize, Serialize};

/// Where the first move of a GDL encoding lives.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "encoding", rename_all = "lowercase")]
pub enum GdlMap {
    /// The player who chooses existentially: one variable `does(role, m, 1)` per move of
    /// the role, exactly one of them true.
    Gdl { role: String, moves: Vec<String>, vars: Vec<u32> },
    /// The universal player: the bits `moveL(·, 1)` name a move of the role by its index
    /// (a number past the legal moves leaves the choice to the other side).
    GdlBits { role: String, moves: Vec<String>, bits: Vec<u32> },
}

impl MoveMap for GdlMap {
    fn vars(&self) -> Vec<u32> {
        match self {
            GdlMap::Gdl { vars, .. } => vars.clone(),
            GdlMap::GdlBits { bits, .. } => bits.clone(),
        }
    }

    fn decode(&self, a: &Assignment) -> Move {
        match self {
            GdlMap::Gdl { moves, vars, .. } => match <[String; 1]>::try_from(chosen(moves, vars, a)) {
                Ok([name]) => Move::Named { name },
                Err(names) => Move::NotOne { names },
            },
            GdlMap::GdlBits { moves, bits, .. } => {
                let k = number(bits, a);
                match moves.get(k as usize) {
                    Some(name) => Move::Named { name: name.clone() },
                    None => Move::Nothing { what: "move", value: k },
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamekit::SymbolMap;

    #[test]
    fn one_hot_moves_need_exactly_one_true_and_bits_past_the_moves_name_nothing() {
        let moves = vec!["(mark 1 1)".to_string(), "noop".to_string()];
        let one_hot = GdlMap::Gdl { role: "xplayer".into(), moves: moves.clone(), vars: vec![3, 4] };
        assert_eq!(one_hot.decode(&Assignment::from([(4, true)])), Move::Named { name: "noop".into() });
        assert_eq!(one_hot.decode(&Assignment::new()), Move::NotOne { names: vec![] });
        let bits = GdlMap::GdlBits { role: "oplayer".into(), moves, bits: vec![7, 8] };
        assert_eq!(bits.decode(&Assignment::from([(8, true)])), Move::Nothing { what: "move", value: 2 });
        let json = serde_json::to_string(&SymbolMap::new(bits.clone())).unwrap_or_default();
        assert_eq!(json, r#"{"encoding":"gdlbits","role":"oplayer","moves":["(mark 1 1)","noop"],"bits":[7,8]}"#);
        assert_eq!(serde_json::from_str::<GdlMap>(&json).ok(), Some(bits));
    }
}

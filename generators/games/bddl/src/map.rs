//! The first-move map of the lifted encoding: the index of an action and the 0-based x and
//! y bits of where it is played, written as JSON under `"encoding": "lifted"`.

use gamekit::{number, Assignment, Move, MoveMap};
use serde::{Deserialize, Serialize};

/// Where the first ply of the lifted encoding lives.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "encoding", rename_all = "lowercase")]
pub enum LiftedMap {
    /// The index of an action of the player, and 0-based x and y bits.
    Lifted { actions: Vec<String>, action_bits: Vec<u32>, x_bits: Vec<u32>, y_bits: Vec<u32> },
}

impl MoveMap for LiftedMap {
    fn vars(&self) -> Vec<u32> {
        let LiftedMap::Lifted { action_bits, x_bits, y_bits, .. } = self;
        action_bits.iter().chain(x_bits).chain(y_bits).copied().collect()
    }

    fn decode(&self, a: &Assignment) -> Move {
        let LiftedMap::Lifted { actions, action_bits, x_bits, y_bits } = self;
        let k = number(action_bits, a);
        match actions.get(k as usize) {
            Some(name) => Move::Action {
                action: k as usize,
                name: name.clone(),
                x: number(x_bits, a) as i32 + 1,
                y: number(y_bits, a) as i32 + 1,
            },
            None => Move::Nothing { what: "action", value: k },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamekit::SymbolMap;

    #[test]
    fn maps_decode_little_endian_and_round_trip_through_json() {
        let map = LiftedMap::Lifted {
            actions: vec!["a".into(), "b".into()],
            action_bits: vec![1],
            x_bits: vec![2, 3],
            y_bits: vec![],
        };
        let a = Assignment::from([(1, true), (2, false), (3, true)]);
        assert_eq!(map.decode(&a), Move::Action { action: 1, name: "b".into(), x: 3, y: 1 });
        let json = serde_json::to_string(&SymbolMap::new(map.clone())).unwrap_or_default();
        assert_eq!(json, r#"{"encoding":"lifted","actions":["a","b"],"action_bits":[1],"x_bits":[2,3],"y_bits":[]}"#);
        assert_eq!(serde_json::from_str::<LiftedMap>(&json).ok(), Some(map));
        assert!(SymbolMap::read::<LiftedMap>(br#"{"encoding":"corplus","vertices":[],"move_bits":[]}"#).is_none());
    }
}

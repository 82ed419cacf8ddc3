//! The first-move map of the COR+ encoding: the log-encoded index of the vertex the first
//! stone takes (in the game without initial stones), written as JSON under
//! `"encoding": "corplus"`.

use gamekit::{number, Assignment, Move, MoveMap};
use serde::{Deserialize, Serialize};

/// Where the first stone of the COR+ encoding lives.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "encoding", rename_all = "lowercase")]
pub enum CorplusMap {
    /// The vertices' names, and the bits of the vertex index.
    Corplus { vertices: Vec<String>, move_bits: Vec<u32> },
}

impl MoveMap for CorplusMap {
    fn vars(&self) -> Vec<u32> {
        let CorplusMap::Corplus { move_bits, .. } = self;
        move_bits.clone()
    }

    fn decode(&self, a: &Assignment) -> Move {
        let CorplusMap::Corplus { vertices, move_bits } = self;
        let k = number(move_bits, a);
        match vertices.get(k as usize) {
            Some(name) => Move::Vertex { index: k as usize, name: name.clone() },
            None => Move::Nothing { what: "vertex", value: k },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamekit::SymbolMap;

    #[test]
    fn a_number_past_the_vertices_names_nothing_and_the_json_keeps_its_fields_in_order() {
        let cor = CorplusMap::Corplus { vertices: vec!["a1".into(), "b1".into(), "c1".into()], move_bits: vec![5, 6] };
        assert_eq!(cor.decode(&Assignment::from([(5, true), (6, true)])), Move::Nothing { what: "vertex", value: 3 });
        assert_eq!(cor.decode(&Assignment::from([(6, true)])), Move::Vertex { index: 2, name: "c1".into() });
        let json = serde_json::to_string(&SymbolMap::new(cor.clone())).unwrap_or_default();
        assert_eq!(json, r#"{"encoding":"corplus","vertices":["a1","b1","c1"],"move_bits":[5,6]}"#);
        assert_eq!(serde_json::from_str::<CorplusMap>(&json).ok(), Some(cor));
    }
}

//! The map of a move that names one of a game's numbered nodes (a node of a graph, a
//! domino of a board): one variable per node, exactly one of them true, or the node's
//! number in binary. The game names the two kinds in the JSON (its [`NodeTags`]).

use serde::ser::SerializeStruct;
use serde::{Deserialize, Serialize, Serializer};

use crate::symbol_map::{chosen, number};
use crate::{Assignment, Move, MoveMap};

/// The `encoding` names a game gives its node maps in the JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NodeTags {
    /// The one-hot map's.
    pub one_hot: &'static str,
    /// The binary map's.
    pub bits: &'static str,
}

/// Where the move that names a numbered node lives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NodeMap {
    /// One-hot: `vars[i]` is true iff the move names node `nodes[i]`.
    OneHot { tags: NodeTags, nodes: Vec<u32>, vars: Vec<u32> },
    /// Binary: the bits name the node's number (below `nodes`).
    Bits { tags: NodeTags, nodes: u32, bits: Vec<u32> },
}

#[derive(Deserialize)]
struct Tag {
    encoding: String,
}

#[derive(Deserialize)]
struct OneHotFields {
    nodes: Vec<u32>,
    vars: Vec<u32>,
}

#[derive(Deserialize)]
struct BitsFields {
    nodes: u32,
    bits: Vec<u32>,
}

impl NodeMap {
    /// Reads a map file written by a game with `tags`; `None` when it is not one of its
    /// node maps.
    pub fn read(json: &[u8], tags: NodeTags) -> Option<NodeMap> {
        let Tag { encoding } = serde_json::from_slice(json).ok()?;
        if encoding == tags.one_hot {
            let OneHotFields { nodes, vars } = serde_json::from_slice(json).ok()?;
            Some(NodeMap::OneHot { tags, nodes, vars })
        } else if encoding == tags.bits {
            let BitsFields { nodes, bits } = serde_json::from_slice(json).ok()?;
            Some(NodeMap::Bits { tags, nodes, bits })
        } else {
            None
        }
    }
}

impl MoveMap for NodeMap {
    fn vars(&self) -> Vec<u32> {
        match self {
            NodeMap::OneHot { vars, .. } => vars.clone(),
            NodeMap::Bits { bits, .. } => bits.clone(),
        }
    }

    fn decode(&self, a: &Assignment) -> Move {
        match self {
            NodeMap::OneHot { nodes, vars, .. } => match chosen(nodes, vars, a).as_slice() {
                &[node] => Move::Vertex { index: node as usize, name: node.to_string() },
                named => Move::NotOne { names: named.iter().map(u32::to_string).collect() },
            },
            NodeMap::Bits { nodes, bits, .. } => {
                let k = number(bits, a);
                if k < u64::from(*nodes) {
                    Move::Vertex { index: k as usize, name: k.to_string() }
                } else {
                    Move::Nothing { what: "node", value: k }
                }
            }
        }
    }
}

impl Serialize for NodeMap {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_struct("NodeMap", 3)?;
        match self {
            NodeMap::OneHot { tags, nodes, vars } => {
                map.serialize_field("encoding", tags.one_hot)?;
                map.serialize_field("nodes", nodes)?;
                map.serialize_field("vars", vars)?;
            }
            NodeMap::Bits { tags, nodes, bits } => {
                map.serialize_field("encoding", tags.bits)?;
                map.serialize_field("nodes", nodes)?;
                map.serialize_field("bits", bits)?;
            }
        }
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TAGS: NodeTags = NodeTags { one_hot: "nodes", bits: "nodebits" };

    #[test]
    fn node_maps_decode_and_round_trip_through_json_under_their_game_s_tags() {
        let one_hot = NodeMap::OneHot { tags: TAGS, nodes: vec![1, 2], vars: vec![3, 4] };
        let json = serde_json::to_string(&one_hot).unwrap_or_default();
        assert_eq!(json, r#"{"encoding":"nodes","nodes":[1,2],"vars":[3,4]}"#);
        assert_eq!(NodeMap::read(json.as_bytes(), TAGS), Some(one_hot.clone()));
        let other = NodeTags { one_hot: "other", bits: "otherbits" };
        assert_eq!(NodeMap::read(json.as_bytes(), other), None);
        assert_eq!(one_hot.decode(&Assignment::from([(4, true)])), Move::Vertex { index: 2, name: "2".into() });
        assert_eq!(
            one_hot.decode(&Assignment::from([(3, true), (4, true)])).to_string(),
            "no single move (the true move variables: [1 2])"
        );
        let bits = NodeMap::Bits { tags: TAGS, nodes: 3, bits: vec![5, 6] };
        let json = serde_json::to_string(&bits).unwrap_or_default();
        assert_eq!(json, r#"{"encoding":"nodebits","nodes":3,"bits":[5,6]}"#);
        assert_eq!(NodeMap::read(json.as_bytes(), TAGS), Some(bits.clone()));
        assert_eq!(bits.decode(&Assignment::from([(5, true), (6, true)])), Move::Nothing { what: "node", value: 3 });
    }
}

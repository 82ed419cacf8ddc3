//! The names of geography's first-move maps in JSON: a [`NodeMap`](gamekit::NodeMap)
//! under `"encoding": "geography"` (one-hot) or `"geographybits"` (the node id in binary).

use gamekit::NodeTags;

/// The `encoding` of the one-hot and the compact encoding's maps.
pub const TAGS: NodeTags = NodeTags { one_hot: "geography", bits: "geographybits" };

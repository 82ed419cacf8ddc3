//! The names of Cram's first-move maps in JSON: a [`NodeMap`](gamekit::NodeMap) over the
//! dominoes' numbers, named as Geography's maps are (`"encoding": "geography"` one-hot,
//! `"geographybits"` in binary), since map files keep the names they were first written
//! with.

use gamekit::NodeTags;

/// The `encoding` of the one-hot and the compact encoding's maps.
pub const TAGS: NodeTags = NodeTags { one_hot: "geography", bits: "geographybits" };

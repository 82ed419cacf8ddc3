//! Tables: one model, exported as aligned text, Markdown and CSV.
//!
//! Commands build a [`Table`] (named columns, rows of cells) and pick an exporter; no
//! exporter knows where its table came from.

mod export;
mod table;

pub use export::{write_csv, write_markdown, write_text};
pub use table::{Align, Column, Table};

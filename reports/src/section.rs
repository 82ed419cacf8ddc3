//! A report section: a titled table whose cells may carry typographic marks (the bold and
//! italic of the papers' critical-depth tables), exported by every format; links, heat-map
//! shades, row attributes for filters and sorting are the HTML page's alone.

use std::collections::BTreeMap;

use super::table::Table;

/// Typography of a cell.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mark {
    Bold,
    Italic,
}

/// A titled table.
#[derive(Clone, Debug, PartialEq)]
pub struct Section {
    /// File stem of the section's CSV and LaTeX files, and its HTML anchor.
    pub id: String,
    pub title: String,
    /// A sentence under the title saying how to read the table.
    pub caption: String,
    pub table: Table,
    /// Marks by (row, column).
    pub marks: BTreeMap<(usize, usize), Mark>,
    /// Links by (row, column), relative to the report's directory (HTML only).
    pub links: BTreeMap<(usize, usize), String>,
    /// Heat-map shades by (row, column), 0 to 1 (HTML only: the cell's background).
    pub shades: BTreeMap<(usize, usize), f64>,
    /// `data-*` attributes of each row by row index, for the page's filters (HTML only).
    pub row_data: BTreeMap<usize, Vec<(String, String)>>,
    /// Whether the page lets the reader sort the table by clicking a header.
    pub sortable: bool,
}

impl Section {
    pub fn new(id: &str, title: &str, caption: &str, table: Table) -> Section {
        Section {
            id: id.into(),
            title: title.into(),
            caption: caption.into(),
            table,
            marks: BTreeMap::new(),
            links: BTreeMap::new(),
            shades: BTreeMap::new(),
            row_data: BTreeMap::new(),
            sortable: false,
        }
    }

    /// The table with each marked cell wrapped by `wrap(mark, text)`.
    pub fn marked(&self, wrap: impl Fn(Mark, &str) -> String) -> Table {
        let mut table = self.table.clone();
        for (&(r, c), &mark) in &self.marks {
            if let Some(cell) = table.rows.get_mut(r).and_then(|row| row.get_mut(c)) {
                *cell = wrap(mark, cell);
            }
        }
        table
    }
}

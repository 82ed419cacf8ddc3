//! The table model.

/// How a column's cells are aligned in text and Markdown.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Align {
    Left,
    Right,
}

/// A column: its header and alignment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Column {
    pub name: String,
    pub align: Align,
}

/// Rows of text cells under named columns.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Table {
    pub columns: Vec<Column>,
    pub rows: Vec<Vec<String>>,
}

impl Table {
    /// A table with the given columns; names starting with `>` are right-aligned (the
    /// `>` is dropped), the usual choice for numbers.
    pub fn new<S: AsRef<str>>(columns: &[S]) -> Table {
        let columns = columns
            .iter()
            .map(|c| match c.as_ref().strip_prefix('>') {
                Some(name) => Column { name: name.to_string(), align: Align::Right },
                None => Column { name: c.as_ref().to_string(), align: Align::Left },
            })
            .collect();
        Table { columns, rows: Vec::new() }
    }

    /// Appends a row; missing cells are empty, extra cells are dropped.
    pub fn push_row(&mut self, cells: Vec<String>) {
        let mut cells = cells;
        cells.resize(self.columns.len(), String::new());
        self.rows.push(cells);
    }

    /// The display width of each column (header included).
    pub fn widths(&self) -> Vec<usize> {
        self.columns
            .iter()
            .enumerate()
            .map(|(i, c)| {
                self.rows.iter().map(|r| r[i].chars().count()).chain([c.name.chars().count()]).max().unwrap_or(0)
            })
            .collect()
    }
}

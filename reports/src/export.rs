//! Exporters: each writes a [`Table`] to any `io::Write` (aligned text, Markdown, CSV,
//! JSON).

use std::io::{self, Write};

use super::table::{Align, Table};

fn pad(cell: &str, width: usize, align: Align) -> String {
    let fill = " ".repeat(width.saturating_sub(cell.chars().count()));
    match align {
        Align::Left => format!("{cell}{fill}"),
        Align::Right => format!("{fill}{cell}"),
    }
}

fn write_rows<W: Write>(out: &mut W, table: &Table, sep: &str, edge: bool) -> io::Result<()> {
    let widths = table.widths();
    let line = |cells: Vec<String>| {
        let body = cells.join(sep);
        if edge {
            format!("| {body} |")
        } else {
            body.trim_end().to_string()
        }
    };
    let header = table.columns.iter().zip(&widths).map(|(c, &w)| pad(&c.name, w, c.align)).collect();
    writeln!(out, "{}", line(header))?;
    if edge {
        let rule: Vec<String> = table
            .columns
            .iter()
            .zip(&widths)
            .map(|(c, &w)| match c.align {
                Align::Left => "-".repeat(w.max(1)),
                Align::Right => format!("{}:", "-".repeat(w.max(1) - 1)),
            })
            .collect();
        writeln!(out, "{}", line(rule))?;
    }
    for row in &table.rows {
        let cells = row.iter().zip(&table.columns).zip(&widths).map(|((cell, c), &w)| pad(cell, w, c.align)).collect();
        writeln!(out, "{}", line(cells))?;
    }
    Ok(())
}

/// Aligned plain text, columns separated by two spaces.
pub fn write_text<W: Write>(mut out: W, table: &Table) -> io::Result<()> {
    write_rows(&mut out, table, "  ", false)
}

/// A GitHub-flavoured Markdown table (numbers right-aligned).
pub fn write_markdown<W: Write>(mut out: W, table: &Table) -> io::Result<()> {
    write_rows(&mut out, table, " | ", true)
}

/// CSV with a header row, quoted where needed.
pub fn write_csv<W: Write>(out: W, table: &Table) -> io::Result<()> {
    let mut w = csv::Writer::from_writer(out);
    w.write_record(table.columns.iter().map(|c| c.name.as_str()))?;
    for row in &table.rows {
        w.write_record(row)?;
    }
    w.flush()
}

/// Writes a table as a JSON array with one object per row, keyed by column name; a cell of
/// a right-aligned (numeric) column that reads as a number is written as one.
pub fn write_json<W: Write>(mut out: W, table: &Table) -> io::Result<()> {
    serde_json::to_writer_pretty(&mut out, &json_rows(table))?;
    writeln!(out)
}

/// The rows of [`write_json`], as a JSON array.
pub fn json_rows(table: &Table) -> serde_json::Value {
    let rows: Vec<serde_json::Value> = table
        .rows
        .iter()
        .map(|row| {
            let object = table.columns.iter().zip(row).map(|(column, cell)| {
                let number = (column.align == Align::Right)
                    .then(|| cell.parse::<f64>().ok().and_then(serde_json::Number::from_f64))
                    .flatten();
                let value = match (number, cell.parse::<i64>()) {
                    (Some(_), Ok(integer)) => serde_json::Value::from(integer),
                    (Some(n), Err(_)) => serde_json::Value::Number(n),
                    (None, _) if column.align == Align::Right && (cell.is_empty() || cell == "-") => {
                        serde_json::Value::Null
                    }
                    (None, _) => serde_json::Value::String(cell.clone()),
                };
                (column.name.clone(), value)
            });
            serde_json::Value::Object(object.collect())
        })
        .collect();
    serde_json::Value::Array(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Table {
        let mut t = Table::new(&["file", ">vars"]);
        t.push_row(vec!["a, b.qdimacs".into(), "12".into()]);
        t.push_row(vec!["c.qcir".into(), "3".into()]);
        t
    }

    fn render(f: fn(&mut Vec<u8>, &Table) -> io::Result<()>) -> String {
        let mut out = Vec::new();
        f(&mut out, &sample()).expect("write to memory");
        String::from_utf8(out).unwrap_or_default()
    }

    #[test]
    fn every_format_renders_the_same_table() {
        assert_eq!(render(|o, t| write_text(o, t)), "file          vars\na, b.qdimacs    12\nc.qcir           3\n");
        assert_eq!(
            render(|o, t| write_markdown(o, t)),
            "| file         | vars |\n| ------------ | ---: |\n| a, b.qdimacs |   12 |\n| c.qcir       |    3 |\n"
        );
        assert_eq!(render(|o, t| write_csv(o, t)), "file,vars\n\"a, b.qdimacs\",12\nc.qcir,3\n");
    }
}

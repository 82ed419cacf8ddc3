//! HTML export: one self-contained page (inline CSS, plots as inline SVG), no scripts, no
//! external resources, so it opens from a file or an archive anywhere.

use std::io::{self, Write};

use super::section::{Mark, Section};
use super::table::Align;

/// Escapes text for HTML element content and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}

const STYLE: &str =
    "body{font-family:sans-serif;margin:2em;max-width:80em}table{border-collapse:collapse;margin:1em 0}\
th,td{padding:.2em .6em;border-bottom:1px solid #ccc}th{border-bottom:2px solid #333}td.r,th.r{text-align:right}\
figure{display:inline-block;margin:1em}figcaption{font-size:90%}";

/// Writes one section as a heading, its caption and a table.
pub fn write_section<W: Write>(out: &mut W, section: &Section) -> io::Result<()> {
    writeln!(out, "<h2 id=\"{}\">{}</h2>", escape(&section.id), escape(&section.title))?;
    writeln!(out, "<p>{}</p>", escape(&section.caption))?;
    writeln!(out, "<table id=\"table-{}\">", escape(&section.id))?;
    let class = |a: Align| if a == Align::Right { " class=\"r\"" } else { "" };
    let header: String =
        section.table.columns.iter().map(|c| format!("<th{}>{}</th>", class(c.align), escape(&c.name))).collect();
    writeln!(out, "<thead><tr>{header}</tr></thead>")?;
    writeln!(out, "<tbody>")?;
    for (r, row) in section.table.rows.iter().enumerate() {
        let cells: String = row
            .iter()
            .zip(&section.table.columns)
            .enumerate()
            .map(|(c, (cell, col))| {
                let text = match section.marks.get(&(r, c)) {
                    Some(Mark::Bold) => format!("<b>{}</b>", escape(cell)),
                    Some(Mark::Italic) => format!("<i>{}</i>", escape(cell)),
                    None => escape(cell),
                };
                format!("<td{}>{text}</td>", class(col.align))
            })
            .collect();
        writeln!(out, "<tr>{cells}</tr>")?;
    }
    writeln!(out, "</tbody>\n</table>")
}

/// A plot as the page shows it: its title and its SVG text.
pub struct Figure<'a> {
    pub id: &'a str,
    pub title: &'a str,
    pub svg: &'a str,
}

/// Writes the whole page.
pub fn write_page<W: Write>(mut out: W, title: &str, sections: &[Section], figures: &[Figure]) -> io::Result<()> {
    writeln!(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">")?;
    writeln!(out, "<title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>", escape(title))?;
    writeln!(out, "<h1>{}</h1>", escape(title))?;
    for section in sections {
        write_section(&mut out, section)?;
    }
    writeln!(out, "<h2 id=\"plots\">Plots</h2>")?;
    for figure in figures {
        let svg = figure.svg.trim_start_matches(|c| c != '<');
        let svg = if svg.starts_with("<?xml") {
            svg.split_once("?>").map_or(svg, |(_, rest)| rest.trim_start())
        } else {
            svg
        };
        writeln!(
            out,
            "<figure id=\"plot-{}\">\n{}\n<figcaption>{}</figcaption>\n</figure>",
            escape(figure.id),
            svg.trim_end(),
            escape(figure.title)
        )?;
    }
    writeln!(out, "</body>\n</html>")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::Table;

    #[test]
    fn cells_are_escaped_and_the_xml_declaration_of_a_plot_is_dropped() {
        assert_eq!(escape("<a href=\"x\">&</a>"), "&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;");
        let mut table = Table::new(&["game"]);
        table.push_row(vec!["<script>".into()]);
        let section = Section::new("t", "T & U", "", table);
        let figure = Figure { id: "p", title: "P", svg: "<?xml version=\"1.0\"?>\n<svg></svg>\n" };
        let mut out = Vec::new();
        write_page(&mut out, "R", &[section], &[figure]).unwrap_or_else(|e| panic!("{e}"));
        let page = String::from_utf8_lossy(&out);
        assert!(page.contains("<td>&lt;script&gt;</td>") && page.contains("<h2 id=\"t\">T &amp; U</h2>"), "{page}");
        assert!(
            page.contains("<figure id=\"plot-p\">\n<svg></svg>\n<figcaption>P</figcaption>") && !page.contains("<?xml"),
            "{page}"
        );
    }
}

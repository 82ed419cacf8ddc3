//! LaTeX export: a `booktabs` tabular (`\toprule`, `\midrule`, `\bottomrule`), special
//! characters escaped, marks as `\textbf` and `\textit`.

use std::io::{self, Write};

use super::section::{Mark, Section};
use super::table::Align;

/// Escapes the characters LaTeX treats specially in text.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\textbackslash{}"),
            '&' | '%' | '$' | '#' | '_' | '{' | '}' => {
                out.push('\\');
                out.push(c);
            }
            '~' => out.push_str("\\textasciitilde{}"),
            '^' => out.push_str("\\textasciicircum{}"),
            _ => out.push(c),
        }
    }
    out
}

/// Writes a section as a booktabs tabular preceded by a comment with its title.
pub fn write_latex<W: Write>(mut out: W, section: &Section) -> io::Result<()> {
    let escaped = section.marked(|_, text| text.to_string());
    let spec: String = section.table.columns.iter().map(|c| if c.align == Align::Right { 'r' } else { 'l' }).collect();
    writeln!(out, "% {} (needs \\usepackage{{booktabs}})", section.title)?;
    writeln!(out, "\\begin{{tabular}}{{{spec}}}")?;
    writeln!(out, "\\toprule")?;
    let header: Vec<String> = section.table.columns.iter().map(|c| escape(&c.name)).collect();
    writeln!(out, "{} \\\\", header.join(" & "))?;
    writeln!(out, "\\midrule")?;
    for (r, row) in escaped.rows.iter().enumerate() {
        let cells: Vec<String> = row
            .iter()
            .enumerate()
            .map(|(c, cell)| match section.marks.get(&(r, c)) {
                Some(Mark::Bold) => format!("\\textbf{{{}}}", escape(cell)),
                Some(Mark::Italic) => format!("\\textit{{{}}}", escape(cell)),
                None => escape(cell),
            })
            .collect();
        writeln!(out, "{} \\\\", cells.join(" & "))?;
    }
    writeln!(out, "\\bottomrule")?;
    writeln!(out, "\\end{{tabular}}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::Table;

    #[test]
    fn special_characters_are_escaped_and_marks_become_commands() {
        assert_eq!(
            escape(r"a_b & 50% #1 {x} ~ ^ \ $"),
            r"a\_b \& 50\% \#1 \{x\} \textasciitilde{} \textasciicircum{} \textbackslash{} \$"
        );
        let mut table = Table::new(&["name", ">d"]);
        table.push_row(vec!["x_y".into(), "3".into()]);
        let mut section = Section::new("t", "T", "", table);
        section.marks.insert((0, 1), Mark::Bold);
        let mut out = Vec::new();
        write_latex(&mut out, &section).unwrap_or_else(|e| panic!("{e}"));
        let text = String::from_utf8_lossy(&out);
        assert!(
            text.contains(
                "\\begin{tabular}{lr}\n\\toprule\nname & d \\\\\n\\midrule\nx\\_y & \\textbf{3} \\\\\n\\bottomrule\n"
            ),
            "{text}"
        );
    }
}

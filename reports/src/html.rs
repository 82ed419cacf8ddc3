//! HTML export: one self-contained page (inline CSS, plots as inline SVG, a few lines of
//! inline script for sorting, filtering and legend toggling), no external resources, so it
//! opens from a file or an archive anywhere; without the script every table and series is
//! shown as it is.

use std::collections::{BTreeMap, BTreeSet};
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

/// The page fits a laptop screen (1366 px): headers wrap (configuration names after their
/// `+`, see [`breakable`]) and tables are set a little smaller; a table still too wide
/// scrolls inside its own box with its first column kept in view.
const STYLE: &str = "body{font-family:sans-serif;margin:1em;max-width:90em;color:#222}\
table{border-collapse:collapse;margin:.5em 0;font-size:90%}div.scroll{overflow-x:auto;max-width:100%}\
th,td{padding:.2em .4em;border-bottom:1px solid #ccc;white-space:nowrap}\
th{border-bottom:2px solid #333;white-space:normal;vertical-align:bottom}\
div.scroll tr>:first-child{position:sticky;left:0;background:#fff}\
td.r,th.r{text-align:right}table.sortable th{cursor:pointer}th[data-dir=asc]::after{content:' \\25B2'}\
th[data-dir=desc]::after{content:' \\25BC'}div.filters{margin:.5em 0}div.filters label{margin-right:1em}\
figure{display:inline-block;margin:1em;vertical-align:top}figcaption{font-size:90%}\
.legend button{border:1px solid #999;background:#fff;margin:.1em;padding:.1em .5em;cursor:pointer}\
.legend button[aria-pressed=false]{opacity:.4;text-decoration:line-through}\
.legend span{display:inline-block;width:1em;height:.6em;margin-right:.3em}footer{margin-top:2em;font-size:85%;color:#555}";

/// A header, HTML-escaped, with a line-break opportunity after each `+`: configuration
/// names (`bloqqer+depqbf`) are the widest words of the tables.
fn breakable(header: &str) -> String {
    escape(header).replace('+', "+<wbr>")
}

/// The page's script: sorting by a header, the per-run table's filters, legend toggling.
/// Without it the page shows every row and series, unsorted.
const SCRIPT: &str = "document.querySelectorAll('table.sortable').forEach(t=>t.querySelectorAll('th').forEach((th,i)=>\
th.addEventListener('click',()=>{const b=t.tBodies[0],rows=[...b.rows];const dir=th.dataset.dir==='asc'?'desc':'asc';\
t.querySelectorAll('th').forEach(h=>delete h.dataset.dir);th.dataset.dir=dir;\
const key=r=>{const s=r.cells[i].textContent.trim();const n=Number(s);return s!==''&&!isNaN(n)?n:s;};\
rows.sort((a,b)=>{const x=key(a),y=key(b);const c=typeof x==='number'&&typeof y==='number'?x-y:\
typeof x==='number'?-1:typeof y==='number'?1:x.localeCompare(y);return dir==='asc'?c:-c;});\
rows.forEach(r=>b.appendChild(r));})));\n\
document.querySelectorAll('div.filters').forEach(f=>{f.hidden=false;const t=document.getElementById(f.dataset.table);\
const apply=()=>{let n=0;const differ=f.querySelector('input[name=differ]').checked;\
[...t.tBodies[0].rows].forEach(r=>{let ok=!differ||r.dataset.differ==='1';\
f.querySelectorAll('select').forEach(s=>{if(s.value&&!(r.dataset[s.name]||'').split(' ').includes(s.value))ok=false;});\
r.hidden=!ok;if(ok)n++;});f.querySelector('output').textContent=n+' of '+t.tBodies[0].rows.length+' rows';};\
f.addEventListener('change',apply);apply();});\n\
document.querySelectorAll('.legend button').forEach(b=>b.addEventListener('click',()=>{\
const on=b.getAttribute('aria-pressed')!=='false';b.setAttribute('aria-pressed',on?'false':'true');\
b.closest('figure').querySelectorAll('g.series').forEach(g=>{if(g.dataset.series===b.dataset.series)\
g.style.display=on?'none':'';});}));";

/// Writes one section as a heading, its caption and a table (with the filters of a table
/// whose rows carry data for them).
pub fn write_section<W: Write>(out: &mut W, section: &Section) -> io::Result<()> {
    writeln!(out, "<h2 id=\"{}\">{}</h2>", escape(&section.id), escape(&section.title))?;
    writeln!(out, "<p>{}</p>", escape(&section.caption))?;
    if !section.row_data.is_empty() {
        write_filters(out, section)?;
    }
    let class = if section.sortable { " class=\"sortable\"" } else { "" };
    writeln!(out, "<div class=\"scroll\"><table id=\"table-{}\"{class}>", escape(&section.id))?;
    let class = |a: Align| if a == Align::Right { " class=\"r\"" } else { "" };
    let header: String =
        section.table.columns.iter().map(|c| format!("<th{}>{}</th>", class(c.align), breakable(&c.name))).collect();
    writeln!(out, "<thead><tr>{header}</tr></thead>")?;
    writeln!(out, "<tbody>")?;
    for (r, row) in section.table.rows.iter().enumerate() {
        let cells: String = row
            .iter()
            .zip(&section.table.columns)
            .enumerate()
            .map(|(c, (cell, col))| {
                let mut text = escape(cell);
                if let Some(href) = section.links.get(&(r, c)) {
                    text = format!("<a href=\"{}\">{text}</a>", escape(href));
                }
                text = match section.marks.get(&(r, c)) {
                    Some(Mark::Bold) => format!("<b>{text}</b>"),
                    Some(Mark::Italic) => format!("<i>{text}</i>"),
                    None => text,
                };
                let shade = section.shades.get(&(r, c)).map_or_else(String::new, |f| {
                    format!(" style=\"background:hsl(210,70%,{:.0}%)\"", 97.0 - 40.0 * f)
                });
                format!("<td{}{shade}>{text}</td>", class(col.align))
            })
            .collect();
        let data: String = section
            .row_data
            .get(&r)
            .into_iter()
            .flatten()
            .map(|(k, v)| format!(" data-{}=\"{}\"", escape(k), escape(v)))
            .collect();
        writeln!(out, "<tr{data}>{cells}</tr>")?;
    }
    writeln!(out, "</tbody>\n</table></div>")
}

/// The filters of a table: a choice per row attribute (other than `differ`), and "only
/// rows where configurations differ". Hidden until the script shows them.
fn write_filters<W: Write>(out: &mut W, section: &Section) -> io::Result<()> {
    let mut values: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for attributes in section.row_data.values() {
        for (key, value) in attributes.iter().filter(|(k, _)| k != "differ") {
            values.entry(key).or_default().extend(value.split(' ').filter(|v| !v.is_empty()));
        }
    }
    writeln!(out, "<div class=\"filters\" data-table=\"table-{}\" hidden>", escape(&section.id))?;
    for (key, choices) in values {
        let options: String = choices.iter().map(|v| format!("<option>{}</option>", escape(v))).collect();
        writeln!(
            out,
            "<label>{} <select name=\"{}\"><option value=\"\">all</option>{options}</select></label>",
            escape(key),
            escape(key)
        )?;
    }
    writeln!(out, "<label><input type=\"checkbox\" name=\"differ\"> only rows where configurations differ</label>")?;
    writeln!(out, "<output></output></div>")
}

/// A plot as the page shows it: its title, its SVG text (each series in a `<g
/// class="series" data-series="NAME">` when it can be toggled) and its legend (name,
/// colour) of toggleable series.
pub struct Figure<'a> {
    pub id: &'a str,
    pub title: &'a str,
    pub svg: &'a str,
    pub legend: Vec<(&'a str, &'a str)>,
}

/// The page around the sections: title, the suite's description, the footer's lines.
pub struct Page<'a> {
    pub title: &'a str,
    pub description: &'a str,
    pub footer: &'a [String],
}

/// Writes the whole page.
pub fn write_page<W: Write>(mut out: W, page: &Page, sections: &[Section], figures: &[Figure]) -> io::Result<()> {
    writeln!(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">")?;
    writeln!(out, "<title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>", escape(page.title))?;
    writeln!(out, "<h1>{}</h1>", escape(page.title))?;
    if !page.description.is_empty() {
        writeln!(out, "<p class=\"description\">{}</p>", escape(page.description))?;
    }
    let contents: String = sections
        .iter()
        .map(|s| format!("<a href=\"#{}\">{}</a> · ", escape(&s.id), escape(&s.title)))
        .chain(["<a href=\"#plots\">Plots</a>".to_string()])
        .collect();
    writeln!(out, "<nav>{contents}</nav>")?;
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
        writeln!(out, "<figure id=\"plot-{}\">\n{}", escape(figure.id), svg.trim_end())?;
        if !figure.legend.is_empty() {
            let buttons: String = figure
                .legend
                .iter()
                .map(|(name, colour)| {
                    format!(
                        "<button type=\"button\" data-series=\"{0}\" aria-pressed=\"true\"><span style=\"background:{1}\"></span>{0}</button>",
                        escape(name),
                        escape(colour)
                    )
                })
                .collect();
            writeln!(out, "<div class=\"legend\">{buttons}</div>")?;
        }
        writeln!(out, "<figcaption>{}</figcaption>\n</figure>", escape(figure.title))?;
    }
    if !page.footer.is_empty() {
        writeln!(out, "<footer>")?;
        for line in page.footer {
            writeln!(out, "<p>{}</p>", escape(line))?;
        }
        writeln!(out, "</footer>")?;
    }
    writeln!(out, "<script>{SCRIPT}</script>\n</body>\n</html>")
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
        let figure = Figure { id: "p", title: "P", svg: "<?xml version=\"1.0\"?>\n<svg></svg>\n", legend: vec![] };
        let mut out = Vec::new();
        let page = Page { title: "R", description: "", footer: &[] };
        write_page(&mut out, &page, &[section], &[figure]).unwrap_or_else(|e| panic!("{e}"));
        let page = String::from_utf8_lossy(&out);
        assert!(page.contains("<td>&lt;script&gt;</td>") && page.contains("<h2 id=\"t\">T &amp; U</h2>"), "{page}");
        assert!(
            page.contains("<figure id=\"plot-p\">\n<svg></svg>\n<figcaption>P</figcaption>") && !page.contains("<?xml"),
            "{page}"
        );
    }
}

//! A whole report: the tables and plots of one run directory, and the files they are
//! written as. Building it does no I/O beyond reading the inputs; [`Report::files`] returns
//! each output file's relative path and bytes, and the caller writes them (atomically).
//!
//! Layout of the output directory:
//! - `index.html`: self-contained page (tables, inline SVG plots);
//! - `report.md`: Markdown tables with the SVG plots embedded;
//! - `tables/ID.csv`, `tables/ID.tex`: each table as CSV and as a booktabs tabular;
//! - `plots/ID.svg`, `plots/ID.png`: each plot;
//! - `logs/…/*.log.txt`: the log of each run the per-run table links to.

use std::io;

use super::error::Error;
use super::export::{write_csv, write_markdown};
use super::html::{write_page, Figure, Page};
use super::input::RunData;
use super::latex::write_latex;
use super::matrix::Matrix;
use super::plot::{default_pair, render, Cactus, CoverageHeatmap, Plot, Quantile, Scatter, SizeByDepth};
use super::runs::{self, Links};
use super::section::{Mark, Section};
use super::{coverage, critical_depths, encodings};

/// Choices the tables do not fix.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The two configurations of the scatter plot; default: the two best configurations
    /// without a preprocessor (most solved, then least PAR-2).
    pub scatter: Option<(String, String)>,
    /// Where the per-run table's links point (logs copied from the run directory).
    pub links: Links,
    /// The suite's description, under the title.
    pub description: String,
    /// The footer's lines (see [`crate::footer`]).
    pub footer: Vec<String>,
    /// Sections added after the tables (e.g. a comparison with another run).
    pub extra: Vec<Section>,
}

/// The tables and plots of a run.
pub struct Report {
    pub title: String,
    pub description: String,
    pub sections: Vec<Section>,
    pub plots: Vec<Plot>,
    pub footer: Vec<String>,
    /// Further files: the runs' logs as text, by relative path.
    pub logs: Vec<(String, Vec<u8>)>,
}

impl Report {
    pub fn build(title: &str, data: &RunData, options: &Options) -> Result<Report, Error> {
        let matrix = Matrix::new(data);
        let runs = runs::table(data, &matrix, &options.links);
        let mut sections = vec![
            coverage::summary(&matrix),
            coverage::per_family(&matrix),
            critical_depths::critical_depths(data, &matrix),
        ];
        sections.extend(options.extra.iter().cloned());
        sections.push(runs.section);
        let encodings = encodings::comparison(data);
        if !encodings.table.rows.is_empty() {
            sections.push(encodings);
        }
        let mut plots = vec![render(&Cactus::new(&matrix))?, render(&Quantile::new(&matrix))?];
        let pair = match &options.scatter {
            Some((x, y)) => {
                for name in [x, y] {
                    if !matrix.configurations.contains(name) {
                        return Err(Error::UnknownConfiguration {
                            name: name.clone(),
                            choices: matrix.configurations.join(", "),
                        });
                    }
                }
                Some((x.clone(), y.clone()))
            }
            None => default_pair(&matrix),
        };
        if let Some((x, y)) = pair {
            plots.push(render(&Scatter::new(&matrix, &x, &y))?);
        }
        plots.push(render(&CoverageHeatmap::new(&matrix))?);
        plots.push(render(&SizeByDepth::new(data))?);
        Ok(Report {
            title: title.into(),
            description: options.description.clone(),
            sections,
            plots,
            footer: options.footer.clone(),
            logs: runs.logs,
        })
    }

    /// The overall coverage table (the first section).
    pub fn summary(&self) -> &Section {
        &self.sections[0]
    }

    /// Every output file: relative path and bytes, in a fixed order.
    pub fn files(&self) -> io::Result<Vec<(String, Vec<u8>)>> {
        let mut files = Vec::new();
        let figures: Vec<Figure> = self
            .plots
            .iter()
            .map(|p| Figure {
                id: &p.id,
                title: &p.title,
                svg: &p.layered,
                legend: p.series.iter().map(|s| (s.name.as_str(), s.colour.as_str())).collect(),
            })
            .collect();
        let mut html = Vec::new();
        let page = Page { title: &self.title, description: &self.description, footer: &self.footer };
        write_page(&mut html, &page, &self.sections, &figures)?;
        files.push(("index.html".to_string(), html));
        files.push(("report.md".to_string(), self.markdown()?));
        for section in &self.sections {
            let mut csv = Vec::new();
            write_csv(&mut csv, &section.table)?;
            files.push((format!("tables/{}.csv", section.id), csv));
            let mut tex = Vec::new();
            write_latex(&mut tex, section)?;
            files.push((format!("tables/{}.tex", section.id), tex));
        }
        for plot in &self.plots {
            files.push((format!("plots/{}.svg", plot.id), plot.svg.clone().into_bytes()));
            files.push((format!("plots/{}.png", plot.id), plot.png.clone()));
        }
        files.extend(self.logs.iter().cloned());
        Ok(files)
    }

    fn markdown(&self) -> io::Result<Vec<u8>> {
        use std::io::Write;
        let mut out = Vec::new();
        writeln!(out, "# {}", self.title)?;
        if !self.description.is_empty() {
            writeln!(out, "\n{}", self.description)?;
        }
        for section in &self.sections {
            writeln!(out, "\n## {}\n\n{}\n", section.title, section.caption)?;
            let table = section.marked(|mark, text| match mark {
                Mark::Bold => format!("**{text}**"),
                Mark::Italic => format!("*{text}*"),
            });
            write_markdown(&mut out, &table)?;
        }
        writeln!(out, "\n## Plots")?;
        for plot in &self.plots {
            writeln!(out, "\n![{}](plots/{}.svg)", plot.title, plot.id)?;
        }
        if !self.footer.is_empty() {
            writeln!(out, "\n## Environment\n")?;
            for line in &self.footer {
                writeln!(out, "- {line}")?;
            }
        }
        Ok(out)
    }
}

//! A whole report: the tables and plots of one run directory, and the files they are
//! written as. Building it does no I/O beyond reading the inputs; [`Report::files`] returns
//! each output file's relative path and bytes, and the caller writes them (atomically).
//!
//! Layout of the output directory:
//! - `index.html`: self-contained page (tables, inline SVG plots);
//! - `report.md`: Markdown tables with the SVG plots embedded;
//! - `tables/ID.csv`, `tables/ID.tex`: each table as CSV and as a booktabs tabular;
//! - `plots/ID.svg`, `plots/ID.png`: each plot.

use std::io;

use super::error::Error;
use super::export::{write_csv, write_markdown};
use super::html::{write_page, Figure};
use super::input::RunData;
use super::latex::write_latex;
use super::matrix::Matrix;
use super::plot::{render, Cactus, CoverageBars, Plot, Scatter, SizeByDepth};
use super::section::{Mark, Section};
use super::{coverage, depth, encodings};

/// Choices the tables do not fix.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The two configurations of the scatter plot; default: the first two by name.
    pub scatter: Option<(String, String)>,
}

/// The tables and plots of a run.
pub struct Report {
    pub title: String,
    pub sections: Vec<Section>,
    pub plots: Vec<Plot>,
}

impl Report {
    pub fn build(title: &str, data: &RunData, options: &Options) -> Result<Report, Error> {
        let matrix = Matrix::new(data);
        let sections = vec![
            coverage::summary(&matrix),
            coverage::per_family(&matrix),
            depth::critical_depths(data, &matrix),
            encodings::comparison(data),
        ];
        let mut plots = vec![render(&Cactus::new(&matrix))?];
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
            None => match &matrix.configurations[..] {
                [x, y, ..] => Some((x.clone(), y.clone())),
                _ => None,
            },
        };
        if let Some((x, y)) = pair {
            plots.push(render(&Scatter::new(&matrix, &x, &y))?);
        }
        plots.push(render(&CoverageBars::new(&matrix))?);
        plots.push(render(&SizeByDepth::new(data))?);
        Ok(Report { title: title.into(), sections, plots })
    }

    /// The overall coverage table (the first section).
    pub fn summary(&self) -> &Section {
        &self.sections[0]
    }

    /// Every output file: relative path and bytes, in a fixed order.
    pub fn files(&self) -> io::Result<Vec<(String, Vec<u8>)>> {
        let mut files = Vec::new();
        let figures: Vec<Figure> =
            self.plots.iter().map(|p| Figure { id: &p.id, title: &p.title, svg: &p.svg }).collect();
        let mut html = Vec::new();
        write_page(&mut html, &self.title, &self.sections, &figures)?;
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
        Ok(files)
    }

    fn markdown(&self) -> io::Result<Vec<u8>> {
        use std::io::Write;
        let mut out = Vec::new();
        writeln!(out, "# {}", self.title)?;
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
        Ok(out)
    }
}

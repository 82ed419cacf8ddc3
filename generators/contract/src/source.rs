//! Input files: read whole, decompressed transparently, with positions for errors.
//!
//! `-` is standard input. Gzip and xz inputs are recognised by their magic bytes, not by
//! their names, so `instance.qdimacs.gz`, a renamed file and a pipe all work.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

const GZIP_MAGIC: &[u8] = &[0x1f, 0x8b];
const XZ_MAGIC: &[u8] = &[0xfd, b'7', b'z', b'X', b'Z', 0x00];

/// The bytes of an input file and the name to show in messages.
#[derive(Clone, Debug)]
pub struct Source {
    pub name: String,
    pub bytes: Vec<u8>,
}

/// A 1-based position in a source, with the line it is on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    pub line: usize,
    pub col: usize,
    pub line_text: String,
}

impl Source {
    /// Reads `path` (`-` for standard input), decompressing gzip and xz.
    pub fn read(path: &str) -> io::Result<Source> {
        let mut raw = Vec::new();
        if path == "-" {
            io::stdin().lock().read_to_end(&mut raw)?;
        } else {
            File::open(Path::new(path))
                .and_then(|mut f| f.read_to_end(&mut raw))
                .map_err(|e| io::Error::new(e.kind(), format!("{path}: {e}")))?;
        }
        let name = if path == "-" { "<stdin>".to_string() } else { path.to_string() };
        let bytes = decompress(raw).map_err(|e| io::Error::new(e.kind(), format!("{name}: {e}")))?;
        Ok(Source { name, bytes })
    }

    /// A source over bytes already in memory.
    pub fn from_bytes(name: impl Into<String>, bytes: impl Into<Vec<u8>>) -> Source {
        Source { name: name.into(), bytes: bytes.into() }
    }

    /// The line and column (both 1-based, the column counted in characters) of a byte
    /// offset, with the text of its line.
    pub fn locate(&self, offset: usize) -> Location {
        let offset = offset.min(self.bytes.len());
        let before = &self.bytes[..offset];
        let line_start = before.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let line_end = self.bytes[offset..].iter().position(|&b| b == b'\n').map_or(self.bytes.len(), |p| offset + p);
        let text = String::from_utf8_lossy(&self.bytes[line_start..line_end]);
        let col = String::from_utf8_lossy(&self.bytes[line_start..offset]).chars().count() + 1;
        Location { line, col, line_text: text.trim_end_matches('\r').to_string() }
    }
}

fn decompress(raw: Vec<u8>) -> io::Result<Vec<u8>> {
    let mut out = Vec::new();
    if raw.starts_with(GZIP_MAGIC) {
        flate2::read::MultiGzDecoder::new(&raw[..]).read_to_end(&mut out)?;
    } else if raw.starts_with(XZ_MAGIC) {
        liblzma::read::XzDecoder::new_multi_decoder(&raw[..]).read_to_end(&mut out)?;
    } else {
        return Ok(raw);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn locations_are_one_based_and_quote_the_line() {
        let src = Source::from_bytes("f", "ab\ncdé x\n");
        assert_eq!(src.locate(0), Location { line: 1, col: 1, line_text: "ab".into() });
        let x = src.bytes.iter().position(|&b| b == b'x').unwrap_or(0);
        assert_eq!(src.locate(x), Location { line: 2, col: 5, line_text: "cdé x".into() });
        assert_eq!(src.locate(src.bytes.len()).line, 3);
    }

    #[test]
    fn gzip_and_xz_are_read_transparently() -> io::Result<()> {
        let text = b"p cnf 1 1\n1 0\n".to_vec();
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(&text)?;
        assert_eq!(decompress(gz.finish()?)?, text);
        let mut xz = liblzma::write::XzEncoder::new(Vec::new(), 6);
        xz.write_all(&text)?;
        assert_eq!(decompress(xz.finish()?)?, text);
        Ok(())
    }
}

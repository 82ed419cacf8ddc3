//! Where a field of a CSV file starts, for errors located at the field: the csv library
//! gives the position of a record, not of its fields.

/// The byte offset of field `index` of the CSV record that starts at byte `start`, or of
/// the end of its line when it has fewer fields: commas inside quotes separate nothing.
pub fn field_offset(bytes: &[u8], start: usize, index: usize) -> usize {
    let mut field = 0;
    let mut quoted = false;
    for (at, &b) in bytes.iter().enumerate().skip(start) {
        if field == index {
            return at;
        }
        match b {
            b'"' => quoted = !quoted,
            b',' if !quoted => field += 1,
            b'\n' if !quoted => return at,
            _ => {}
        }
    }
    bytes.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_found_past_quoted_commas() {
        let line = b"x\nf,\"a=1,1/d=*/corplus\",depth,3\n";
        assert_eq!(field_offset(line, 2, 0), 2);
        assert_eq!(field_offset(line, 2, 2), 24);
        assert_eq!(field_offset(line, 2, 3), 30);
    }
}

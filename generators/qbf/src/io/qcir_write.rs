//! QCIR-G14 writer, cleansed form.
//!
//! `#QCIR-G14 <max id>`, then the quantifier blocks (free variables added to the
//! outermost `exists` block, so every variable is quantified exactly once and none is
//! free), then `output(…)`, then the gates the output depends on, each defined before use.
//! Gates nothing reaches are not written. A constant output is written as a gate with no
//! inputs (`and()` is true, `or()` is false), which QCIR-G14 defines.

use std::io::{self, BufWriter, Write};

use crate::formula::{CircuitQbf, GateOp, Lit, Quant};

use super::qdimacs_write::push_int;

/// Writes `qbf` as cleansed QCIR-G14, `comments` after the header (one `#` line each).
pub fn write_qcir<W: Write>(out: W, qbf: &CircuitQbf, comments: &[&str]) -> io::Result<()> {
    let mut out = BufWriter::with_capacity(1 << 16, out);
    let reachable = qbf.reachable_gates();
    let mut prefix = qbf.prefix.clone();
    prefix.push_outermost_exists(qbf.free_vars());
    let gates = || qbf.circuit.gates().zip(reachable.iter()).filter(|(_, &r)| r).map(|(g, _)| g);
    let max_quantified = prefix.iter().map(|(_, v)| v.index()).max().unwrap_or(0);
    let max_gate = gates().map(|g| g.out.index()).max().unwrap_or(0);
    let mut max_id = max_quantified.max(max_gate);
    let constant_gate = qbf.output.is_const().then(|| {
        max_id += 1;
        max_id
    });

    writeln!(out, "#QCIR-G14 {max_id}")?;
    for comment in comments {
        for line in comment.lines() {
            writeln!(out, "# {line}")?;
        }
    }
    let mut line = Vec::with_capacity(256);
    for block in prefix.blocks() {
        line.clear();
        line.extend_from_slice(if block.quant == Quant::Exists { b"exists(" } else { b"forall(" });
        for (i, v) in block.vars.iter().enumerate() {
            if i > 0 {
                line.extend_from_slice(b", ");
            }
            push_int(&mut line, v.index() as i64);
        }
        line.extend_from_slice(b")\n");
        out.write_all(&line)?;
    }
    match constant_gate {
        Some(id) => {
            writeln!(out, "output({id})")?;
            let op = if qbf.output == Lit::TRUE { GateOp::And } else { GateOp::Or };
            writeln!(out, "{id} = {}()", op.keyword())?;
        }
        None => writeln!(out, "output({})", qbf.output.to_dimacs())?,
    }
    for gate in gates() {
        line.clear();
        push_int(&mut line, gate.out.index() as i64);
        line.extend_from_slice(b" = ");
        line.extend_from_slice(gate.op.keyword().as_bytes());
        line.push(b'(');
        for (i, lit) in gate.inputs.iter().enumerate() {
            if i > 0 {
                line.extend_from_slice(b", ");
            }
            push_int(&mut line, lit.to_dimacs());
        }
        line.extend_from_slice(b")\n");
        out.write_all(&line)?;
    }
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formula::{Circuit, Prefix, VarManager};

    #[test]
    fn writes_cleansed_qcir_with_free_variables_bound_and_dangling_gates_dropped() {
        let mut vars = VarManager::new();
        let (x, y, z) = (vars.fresh(), vars.fresh(), vars.fresh());
        let mut prefix = Prefix::new();
        prefix.push(Quant::Forall, [x]);
        prefix.push(Quant::Exists, [y]);
        let mut circuit = Circuit::new();
        let _dangling = circuit.and(&mut vars, [x.pos_lit(), y.pos_lit()]);
        let g = circuit.or(&mut vars, [x.neg_lit(), z.pos_lit()]);
        let out = circuit.and(&mut vars, [g, y.pos_lit()]);
        let qbf = CircuitQbf { vars, prefix, circuit, output: !out };
        let mut bytes = Vec::new();
        write_qcir(&mut bytes, &qbf, &["test"]).expect("write to memory");
        let expected =
            "#QCIR-G14 6\n# test\nexists(3)\nforall(1)\nexists(2)\noutput(-6)\n5 = or(-1, 3)\n6 = and(2, 5)\n";
        assert_eq!(String::from_utf8(bytes).unwrap_or_default(), expected);
    }

    #[test]
    fn constant_outputs_become_empty_gates() {
        let qbf =
            CircuitQbf { vars: VarManager::new(), prefix: Prefix::new(), circuit: Circuit::new(), output: Lit::FALSE };
        let mut bytes = Vec::new();
        write_qcir(&mut bytes, &qbf, &[]).expect("write to memory");
        assert_eq!(String::from_utf8(bytes).unwrap_or_default(), "#QCIR-G14 1\noutput(1)\n1 = or()\n");
    }
}

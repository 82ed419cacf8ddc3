//! Binary arithmetic over circuit literals: the `Add`/`Sub`/`AddSub`, `LT` and `EQ`
//! generators of the lifted encoding (Shaik & van de Pol, SAT 2023, Section 4.3).
//!
//! A number is a little-endian slice of literals; constants fold through the hash-consed
//! [`Circuit`], so an adder with a constant operand shrinks to the carry chain it needs.
//! Unlike a fixed-width adder, [`eq_offset`] never wraps around: `V + k = S` is decided
//! over the integers.

use qbf::formula::{Circuit, Lit, VarManager};

/// `⌈log₂ count⌉`: the bits that number `count` values (0 for one value or none).
pub fn bits_for(count: usize) -> usize {
    let mut bits = 0;
    while (1usize << bits) < count {
        bits += 1;
    }
    bits
}

/// `V = value` for a constant.
pub fn eq_const(c: &mut Circuit, vars: &mut VarManager, v: &[Lit], value: i64) -> Lit {
    if value < 0 || (v.len() < 63 && value >= 1 << v.len()) {
        return Lit::FALSE;
    }
    let lits: Vec<Lit> = v.iter().enumerate().map(|(i, &b)| if value >> i & 1 == 1 { b } else { !b }).collect();
    c.and(vars, lits)
}

/// `V < k` for a constant (`LT` of the paper).
pub fn lt_const(c: &mut Circuit, vars: &mut VarManager, v: &[Lit], k: i64) -> Lit {
    if k <= 0 {
        return Lit::FALSE;
    }
    if v.len() < 63 && k >= 1 << v.len() {
        return Lit::TRUE;
    }
    let top = v.len() - 1;
    let rest = lt_const(c, vars, &v[..top], k & ((1 << top) - 1));
    if k >> top & 1 == 1 {
        c.or(vars, [!v[top], rest])
    } else {
        c.and(vars, [!v[top], rest])
    }
}

/// `lo ≤ V ≤ hi` for constants (one interval of `BDcir`).
pub fn in_range(c: &mut Circuit, vars: &mut VarManager, v: &[Lit], lo: i64, hi: i64) -> Lit {
    if lo > hi {
        return Lit::FALSE;
    }
    let below = lt_const(c, vars, v, lo);
    let upto = lt_const(c, vars, v, hi + 1);
    c.and(vars, [!below, upto])
}

/// `V ∈ values` for a sorted set of constants: a run of consecutive values is one
/// [`in_range`], anything else splits on the top bit. Its size grows with the bits times
/// the number of runs, never with the width of the range the values span.
pub fn in_set(c: &mut Circuit, vars: &mut VarManager, v: &[Lit], values: &[i64]) -> Lit {
    match (values.first(), values.last()) {
        (None, _) | (_, None) => Lit::FALSE,
        (Some(&lo), Some(&hi)) if hi - lo + 1 == values.len() as i64 => in_range(c, vars, v, lo, hi),
        _ if v.is_empty() => Lit::FALSE,
        _ => {
            let top = v.len() - 1;
            let half = 1i64 << top;
            let split = values.partition_point(|&x| x < half);
            let high: Vec<i64> = values[split..].iter().map(|x| x - half).collect();
            let low = in_set(c, vars, &v[..top], &values[..split]);
            let high = in_set(c, vars, &v[..top], &high);
            let low = c.and(vars, [!v[top], low]);
            let high = c.and(vars, [v[top], high]);
            c.or(vars, [low, high])
        }
    }
}

/// `V + k` for a constant `k ≥ 0`, one bit wider than needed so it never overflows.
fn add_const(c: &mut Circuit, vars: &mut VarManager, v: &[Lit], k: i64) -> Vec<Lit> {
    let width = v.len().max(64 - k.leading_zeros() as usize) + 1;
    let mut carry = Lit::FALSE;
    let mut sum = Vec::with_capacity(width);
    for i in 0..width {
        let a = v.get(i).copied().unwrap_or(Lit::FALSE);
        let partial = c.xor(vars, a, carry);
        if k >> i & 1 == 1 {
            sum.push(!partial);
            carry = c.or(vars, [a, carry]);
        } else {
            sum.push(partial);
            carry = c.and(vars, [a, carry]);
        }
    }
    sum
}

/// `A = B` bitwise, the shorter one zero-extended.
pub fn eq_vec(c: &mut Circuit, vars: &mut VarManager, a: &[Lit], b: &[Lit]) -> Lit {
    let n = a.len().max(b.len());
    let bits: Vec<Lit> = (0..n)
        .map(|i| {
            let x = a.get(i).copied().unwrap_or(Lit::FALSE);
            let y = b.get(i).copied().unwrap_or(Lit::FALSE);
            c.iff(vars, x, y)
        })
        .collect();
    c.and(vars, bits)
}

/// `V + k = S` over the integers (`EQ(AddSub(V, e), S)` of the paper); `k` may be negative.
pub fn eq_offset(c: &mut Circuit, vars: &mut VarManager, v: &[Lit], k: i64, s: &[Lit]) -> Lit {
    let (base, other, k) = if k >= 0 { (v, s, k) } else { (s, v, -k) };
    if k == 0 {
        return eq_vec(c, vars, base, other);
    }
    let sum = add_const(c, vars, base, k);
    eq_vec(c, vars, &sum, other)
}

#[cfg(test)]
mod tests {
    use super::*;
    use qbf::eval::eval_circuit;
    use qbf::formula::{CircuitQbf, Prefix};

    /// Evaluates `f(bits)` for every assignment of `n` input bits against `expected`.
    fn check(n: usize, build: impl Fn(&mut Circuit, &mut VarManager, &[Lit]) -> Lit, expected: impl Fn(i64) -> bool) {
        for value in 0..(1i64 << n) {
            let mut vars = VarManager::new();
            let inputs: Vec<Lit> = vars.fresh_n(n).into_iter().map(|v| v.pos_lit()).collect();
            let mut circuit = Circuit::new();
            let out = build(&mut circuit, &mut vars, &inputs);
            let fixed: Vec<Lit> =
                inputs.iter().enumerate().map(|(i, &l)| if value >> i & 1 == 1 { l } else { !l }).collect();
            let assumption = circuit.and(&mut vars, fixed);
            let output = circuit.and(&mut vars, [assumption, out]);
            let qbf = CircuitQbf { vars, prefix: Prefix::new(), circuit, output };
            assert_eq!(eval_circuit(&qbf), Ok(expected(value)), "input {value}");
        }
    }

    #[test]
    fn comparisons_and_offsets_agree_with_integer_arithmetic() {
        for k in -1..=9 {
            check(3, |c, v, b| lt_const(c, v, b, k), |x| x < k);
            check(3, |c, v, b| eq_const(c, v, b, k), |x| x == k);
            check(3, |c, v, b| in_range(c, v, b, k, 5), |x| (k..=5).contains(&x));
        }
        for mask in 0u32..256 {
            let values: Vec<i64> = (0..8).filter(|i| mask >> i & 1 == 1).collect();
            check(3, |c, v, b| in_set(c, v, b, &values), |x| values.contains(&x));
        }
        for k in -5..=5 {
            // Two 3-bit numbers V (low bits) and S (high bits): V + k = S without wrapping.
            check(6, |c, v, b| eq_offset(c, v, &b[..3], k, &b[3..]), |x| (x & 7) + k == x >> 3);
        }
        assert_eq!(bits_for(1), 0);
        assert_eq!(bits_for(4), 2);
        assert_eq!(bits_for(5), 3);
    }
}

//! Parametric circuits: adders, array and Wallace-tree multipliers, parity trees, comparators,
//! multiplexer trees, barrel shifters, ALUs, array dividers, comparator trees, NAND chains and
//! seeded random DAGs. They give the project circuits it can ship and scaling curves for
//! benchmarks; every one is built through [`NetlistBuilder`], so it obeys the same checks as a
//! parsed file.

use std::fmt;

use super::netlist::{BuildError, GateKind, NetRef, Netlist, NetlistBuilder, Span};
use crate::rng::Rng;

/// The families of generated circuits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Family {
    /// N-bit ripple-carry adder: inputs a, b, cin; outputs s, cout.
    Adder,
    /// N x N array multiplier built like c6288: AND partial products and a carry-save array of
    /// NOR-only full and half adders, closed by a ripple-carry row.
    Multiplier,
    /// Balanced XOR tree over N inputs.
    Parity,
    /// N-bit magnitude comparator: outputs gt, eq, lt.
    Comparator,
    /// Multiplexer tree with N select lines and 2^N data inputs.
    Mux,
    /// Chain of N NAND gates sharing one side input (g_i = NAND(g_i-1, a)): every branch of
    /// `a` but the last is redundant, a scaling test of redundancy proofs.
    Chain,
    /// N x N multiplier with a Wallace tree: AND partial products reduced by full and half
    /// adders (XOR, AND, OR) column by column, closed by a ripple-carry adder.
    Wallace,
    /// Logical left shifter of N data bits by a ceil(log2 N)-bit amount, one multiplexer stage
    /// per amount bit: inputs d, s; outputs y.
    Barrel,
    /// N-bit ALU with a 3-bit opcode op: add, subtract, and, or, xor, shift left by one, shift
    /// right by one, set-less-than (unsigned); outputs y, cout (the adder's carry) and zero.
    Alu,
    /// N-bit unsigned restoring array divider: inputs a (dividend), d (divisor); outputs q
    /// (quotient) and r (remainder). Division by zero gives q all ones and r = a.
    Divider,
    /// Maximum of four N-bit unsigned words a, b, c, d by a tree of ripple comparators and
    /// multiplexers: outputs m.
    Max,
    /// Random DAG of N gates (seeded).
    Random,
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self {
            Family::Adder => "adder",
            Family::Multiplier => "multiplier",
            Family::Parity => "parity",
            Family::Comparator => "comparator",
            Family::Mux => "mux",
            Family::Chain => "chain",
            Family::Wallace => "wallace",
            Family::Barrel => "barrel",
            Family::Alu => "alu",
            Family::Divider => "divider",
            Family::Max => "max",
            Family::Random => "random",
        };
        f.write_str(name)
    }
}

/// Why a circuit could not be generated.
#[derive(Debug, thiserror::Error)]
pub enum GenerateError {
    #[error("{family} needs N between {min} and {max}, got {n}")]
    Size {
        family: Family,
        n: usize,
        min: usize,
        max: usize,
    },
    #[error("internal error building the {0} circuit: {1}")]
    Build(Family, BuildError),
}

/// Options of the random family.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RandomOptions {
    pub seed: u64,
    /// Flip-flops (cut into pseudo-inputs and pseudo-outputs by full scan).
    pub dffs: usize,
}

/// Generates a circuit of `family` with size parameter `n`.
pub fn generate(family: Family, n: usize, random: RandomOptions) -> Result<Netlist, GenerateError> {
    let (min, max) = match family {
        Family::Adder => (1, 1 << 16),
        Family::Multiplier => (2, 256),
        Family::Parity => (2, 1 << 20),
        Family::Comparator => (1, 1 << 16),
        Family::Mux => (1, 20),
        Family::Chain => (1, 1 << 22),
        Family::Wallace => (2, 256),
        Family::Barrel => (2, 1 << 16),
        Family::Alu => (2, 1 << 16),
        Family::Divider => (2, 256),
        Family::Max => (1, 1 << 16),
        Family::Random => (1, 1 << 22),
    };
    if n < min || n > max {
        return Err(GenerateError::Size {
            family,
            n,
            min,
            max,
        });
    }
    let name = match family {
        Family::Random => format!("random{n}_s{}", random.seed),
        _ => format!("{family}{n}"),
    };
    let mut g = Gen::new(&name);
    match family {
        Family::Adder => adder(&mut g, n),
        Family::Multiplier => multiplier(&mut g, n),
        Family::Parity => parity(&mut g, n),
        Family::Comparator => comparator(&mut g, n),
        Family::Mux => mux(&mut g, n),
        Family::Chain => chain(&mut g, n),
        Family::Wallace => wallace(&mut g, n),
        Family::Barrel => barrel(&mut g, n),
        Family::Alu => alu(&mut g, n),
        Family::Divider => divider(&mut g, n),
        Family::Max => max_tree(&mut g, n),
        Family::Random => random_dag(&mut g, n, random),
    }
    g.finish().map_err(|e| GenerateError::Build(family, e))
}

/// A builder that names internal nets and keeps the first error.
struct Gen {
    b: NetlistBuilder,
    next: u32,
    line: u32,
    error: Option<BuildError>,
    first_input: Option<NetRef>,
}

impl Gen {
    fn new(name: &str) -> Gen {
        Gen {
            b: NetlistBuilder::new(name),
            next: 0,
            line: 0,
            error: None,
            first_input: None,
        }
    }

    fn span(&mut self) -> Span {
        self.line += 1;
        Span {
            line: self.line,
            column: 1,
        }
    }

    fn keep(&mut self, r: Result<(), BuildError>) {
        if let Err(e) = r {
            self.error.get_or_insert(e);
        }
    }

    fn input(&mut self, name: &str) -> NetRef {
        let r = self.b.net(name);
        let span = self.span();
        let result = self.b.input(r, span);
        self.keep(result);
        self.first_input.get_or_insert(r);
        r
    }

    fn output(&mut self, r: NetRef) {
        let span = self.span();
        self.b.output(r, span);
    }

    /// A gate driving a fresh internal net.
    fn gate(&mut self, kind: GateKind, fanins: &[NetRef]) -> NetRef {
        let name = format!("n{}", self.next);
        self.next += 1;
        self.named(&name, kind, fanins)
    }

    /// A gate driving the net `name`.
    fn named(&mut self, name: &str, kind: GateKind, fanins: &[NetRef]) -> NetRef {
        let r = self.b.net(name);
        let span = self.span();
        let result = self.b.gate(r, kind, fanins, span);
        self.keep(result);
        r
    }

    /// `count` inputs named `prefix` and their bit index, least significant first.
    fn word(&mut self, prefix: &str, count: usize) -> Vec<Sig> {
        (0..count)
            .map(|i| Sig::Net(self.input(&format!("{prefix}{i}"))))
            .collect()
    }

    fn not(&mut self, a: Sig) -> Sig {
        match a {
            Sig::Zero => Sig::One,
            Sig::One => Sig::Zero,
            Sig::Net(r) => Sig::Net(self.gate(GateKind::Not, &[r])),
        }
    }

    fn and(&mut self, a: Sig, b: Sig) -> Sig {
        match (a, b) {
            (Sig::Zero, _) | (_, Sig::Zero) => Sig::Zero,
            (Sig::One, x) | (x, Sig::One) => x,
            (Sig::Net(x), Sig::Net(y)) => Sig::Net(self.gate(GateKind::And, &[x, y])),
        }
    }

    fn or(&mut self, a: Sig, b: Sig) -> Sig {
        match (a, b) {
            (Sig::One, _) | (_, Sig::One) => Sig::One,
            (Sig::Zero, x) | (x, Sig::Zero) => x,
            (Sig::Net(x), Sig::Net(y)) => Sig::Net(self.gate(GateKind::Or, &[x, y])),
        }
    }

    fn xor(&mut self, a: Sig, b: Sig) -> Sig {
        match (a, b) {
            (Sig::Zero, x) | (x, Sig::Zero) => x,
            (Sig::One, x) | (x, Sig::One) => self.not(x),
            (Sig::Net(x), Sig::Net(y)) => Sig::Net(self.gate(GateKind::Xor, &[x, y])),
        }
    }

    /// `high` where `select` is 1, `low` where it is 0.
    fn mux(&mut self, select: Sig, low: Sig, high: Sig) -> Sig {
        // Constant data first, so that no inverter of `select` is built only to be ANDed with 0.
        match (low, high) {
            _ if low == high => low,
            (Sig::Zero, _) => self.and(select, high),
            (_, Sig::Zero) => {
                let not_select = self.not(select);
                self.and(not_select, low)
            }
            _ => {
                let not_select = self.not(select);
                let l = self.and(not_select, low);
                let h = self.and(select, high);
                self.or(l, h)
            }
        }
    }

    /// Sum and carry of a full adder.
    fn full_adder(&mut self, a: Sig, b: Sig, c: Sig) -> (Sig, Sig) {
        let x = self.xor(a, b);
        let sum = self.xor(x, c);
        let t1 = self.and(a, b);
        let t2 = self.and(x, c);
        (sum, self.or(t1, t2))
    }

    /// Difference and borrow of `a - b - borrow`.
    fn full_subtractor(&mut self, a: Sig, b: Sig, borrow: Sig) -> (Sig, Sig) {
        let x = self.xor(a, b);
        let difference = self.xor(x, borrow);
        let t1 = self.and_not(a, b);
        let t2 = self.and_not(x, borrow);
        (difference, self.or(t1, t2))
    }

    /// `NOT a AND b`, with no inverter built where `b` is 0 or `a` is 1.
    fn and_not(&mut self, a: Sig, b: Sig) -> Sig {
        if b == Sig::Zero || a == Sig::One {
            return Sig::Zero;
        }
        let not_a = self.not(a);
        self.and(not_a, b)
    }

    /// Makes `signal` the output `name` through a buffer, so outputs carry readable names. A
    /// constant (which no family should produce) becomes `x AND NOT x` on the first input.
    fn named_output(&mut self, name: &str, signal: Sig) {
        let net = match signal {
            Sig::Net(r) => r,
            constant => {
                let x = self
                    .first_input
                    .expect("every family declares inputs first");
                let nx = self.gate(GateKind::Not, &[x]);
                let zero = self.gate(GateKind::And, &[x, nx]);
                if constant == Sig::One {
                    self.gate(GateKind::Not, &[zero])
                } else {
                    zero
                }
            }
        };
        let r = self.named(name, GateKind::Buf, &[net]);
        self.output(r);
    }

    fn finish(self) -> Result<Netlist, BuildError> {
        if let Some(e) = self.error {
            return Err(e);
        }
        self.b.build().map(|(n, _)| n)
    }
}

/// A signal while a family is built: constants fold away, so no circuit carries a constant net.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sig {
    Zero,
    One,
    Net(NetRef),
}

/// Bits needed to count to `n - 1` (at least one).
fn bits_for(n: usize) -> usize {
    (usize::BITS - (n - 1).leading_zeros()).max(1) as usize
}

fn wallace(g: &mut Gen, n: usize) {
    let a = g.word("a", n);
    let b = g.word("b", n);
    let mut columns: Vec<Vec<Sig>> = vec![Vec::new(); 2 * n];
    for (i, &x) in a.iter().enumerate() {
        for (j, &y) in b.iter().enumerate() {
            let p = g.and(x, y);
            columns[i + j].push(p);
        }
    }
    // Reduce every column to at most two bits, a layer at a time: in each layer every column
    // packs its bits into full adders (three at a time) and a half adder (two), the carries
    // going to the next column in the next layer.
    // The product fits in 2n bits, so the top column's carries are always 0: it only sums.
    let top = 2 * n - 1;
    let add = |g: &mut Gen, w: usize, a: Sig, b: Sig, c: Sig| {
        if w == top {
            let x = g.xor(a, b);
            (g.xor(x, c), Sig::Zero)
        } else {
            g.full_adder(a, b, c)
        }
    };
    while columns.iter().any(|c| c.len() > 2) {
        let mut next: Vec<Vec<Sig>> = vec![Vec::new(); 2 * n + 1];
        for (w, column) in columns.iter().enumerate() {
            let mut bits = column.as_slice();
            while bits.len() >= 3 {
                let (s, c) = add(g, w, bits[0], bits[1], bits[2]);
                next[w].push(s);
                next[w + 1].push(c);
                bits = &bits[3..];
            }
            if bits.len() == 2 && column.len() > 2 {
                let (s, c) = add(g, w, bits[0], bits[1], Sig::Zero);
                next[w].push(s);
                next[w + 1].push(c);
            } else {
                next[w].extend_from_slice(bits);
            }
        }
        next.truncate(2 * n);
        columns = next;
    }
    let mut carry = Sig::Zero;
    for (w, column) in columns.iter().enumerate() {
        let x = column.first().copied().unwrap_or(Sig::Zero);
        let y = column.get(1).copied().unwrap_or(Sig::Zero);
        let (s, c) = add(g, w, x, y, carry);
        g.named_output(&format!("p{w}"), s);
        carry = c;
    }
}

fn barrel(g: &mut Gen, n: usize) {
    let mut data = g.word("d", n);
    let shift = g.word("s", bits_for(n));
    for (k, &s) in shift.iter().enumerate() {
        let distance = 1usize << k;
        data = (0..n)
            .map(|i| {
                let shifted = if i >= distance {
                    data[i - distance]
                } else {
                    Sig::Zero
                };
                g.mux(s, data[i], shifted)
            })
            .collect();
    }
    for (i, &y) in data.iter().enumerate() {
        g.named_output(&format!("y{i}"), y);
    }
}

fn alu(g: &mut Gen, n: usize) {
    let a = g.word("a", n);
    let b = g.word("b", n);
    let op = g.word("op", 3);
    // Subtraction (op 1) and set-less-than (op 7) share the adder with b inverted, carry in 1.
    let not_op1 = g.not(op[1]);
    let not_op2 = g.not(op[2]);
    let low_zero = g.and(not_op1, not_op2);
    let is_sub = g.and(op[0], low_zero);
    let high_one = g.and(op[1], op[2]);
    let is_slt = g.and(op[0], high_one);
    let subtract = g.or(is_sub, is_slt);
    let mut carry = subtract;
    let mut sum = Vec::with_capacity(n);
    for i in 0..n {
        let y = g.xor(b[i], subtract);
        let (s, c) = g.full_adder(a[i], y, carry);
        sum.push(s);
        carry = c;
    }
    // Unsigned a < b exactly when a - b borrows: no carry out.
    let less = g.not(carry);
    let mut results = Vec::with_capacity(n);
    for i in 0..n {
        let and = g.and(a[i], b[i]);
        let or = g.or(a[i], b[i]);
        let xor = g.xor(a[i], b[i]);
        let left = if i > 0 { a[i - 1] } else { Sig::Zero };
        let right = if i + 1 < n { a[i + 1] } else { Sig::Zero };
        let slt = if i == 0 { less } else { Sig::Zero };
        let by_op = [sum[i], sum[i], and, or, xor, left, right, slt];
        let mut level = by_op.to_vec();
        for &select in &op {
            level = level
                .chunks(2)
                .map(|pair| g.mux(select, pair[0], pair[1]))
                .collect();
        }
        results.push(level[0]);
    }
    let mut any = results[0];
    for &y in &results[1..] {
        any = g.or(any, y);
    }
    let zero = g.not(any);
    for (i, &y) in results.iter().enumerate() {
        g.named_output(&format!("y{i}"), y);
    }
    g.named_output("cout", carry);
    g.named_output("zero", zero);
}

fn divider(g: &mut Gen, n: usize) {
    let a = g.word("a", n);
    let d = g.word("d", n);
    // Long division, most significant dividend bit first: shift the partial remainder left,
    // bring in the next bit, subtract the divisor and keep the difference when nothing was
    // borrowed (the quotient bit), else restore.
    let mut remainder = vec![Sig::Zero; n];
    let mut quotient = vec![Sig::Zero; n];
    for i in (0..n).rev() {
        let mut shifted = Vec::with_capacity(n + 1);
        shifted.push(a[i]);
        shifted.extend_from_slice(&remainder);
        let mut borrow = Sig::Zero;
        let mut difference = Vec::with_capacity(n + 1);
        for (k, &x) in shifted.iter().enumerate() {
            let y = d.get(k).copied().unwrap_or(Sig::Zero);
            if k == n {
                // Only the borrow of the top bit matters: its difference is never kept.
                borrow = g.and_not(x, borrow);
                break;
            }
            let (s, b) = g.full_subtractor(x, y, borrow);
            difference.push(s);
            borrow = b;
        }
        let keep = g.not(borrow);
        quotient[i] = keep;
        // The remainder stays below the divisor, so n bits hold it.
        remainder = (0..n)
            .map(|k| g.mux(keep, shifted[k], difference[k]))
            .collect();
    }
    for (i, &q) in quotient.iter().enumerate() {
        g.named_output(&format!("q{i}"), q);
    }
    for (i, &r) in remainder.iter().enumerate() {
        g.named_output(&format!("r{i}"), r);
    }
}

/// The larger of two unsigned words: a ripple comparator from the least significant bit, then
/// a multiplexer per bit.
fn max2(g: &mut Gen, x: &[Sig], y: &[Sig]) -> Vec<Sig> {
    let mut greater = Sig::Zero;
    for (&xi, &yi) in x.iter().zip(y) {
        let here = g.and_not(yi, xi);
        let below = if greater == Sig::Zero {
            Sig::Zero
        } else {
            let differ = g.xor(xi, yi);
            g.and_not(differ, greater)
        };
        greater = g.or(here, below);
    }
    x.iter()
        .zip(y)
        .map(|(&xi, &yi)| g.mux(greater, yi, xi))
        .collect()
}

fn max_tree(g: &mut Gen, n: usize) {
    let words: Vec<Vec<Sig>> = ["a", "b", "c", "d"]
        .iter()
        .map(|name| g.word(name, n))
        .collect();
    let left = max2(g, &words[0], &words[1]);
    let right = max2(g, &words[2], &words[3]);
    let m = max2(g, &left, &right);
    for (i, &bit) in m.iter().enumerate() {
        g.named_output(&format!("m{i}"), bit);
    }
}

fn adder(g: &mut Gen, n: usize) {
    let a: Vec<NetRef> = (0..n).map(|i| g.input(&format!("a{i}"))).collect();
    let b: Vec<NetRef> = (0..n).map(|i| g.input(&format!("b{i}"))).collect();
    let mut carry = g.input("cin");
    for i in 0..n {
        let x = g.gate(GateKind::Xor, &[a[i], b[i]]);
        let s = g.named(&format!("s{i}"), GateKind::Xor, &[x, carry]);
        g.output(s);
        let t1 = g.gate(GateKind::And, &[a[i], b[i]]);
        let t2 = g.gate(GateKind::And, &[x, carry]);
        carry = if i + 1 == n {
            g.named("cout", GateKind::Or, &[t1, t2])
        } else {
            g.gate(GateKind::Or, &[t1, t2])
        };
    }
    g.output(carry);
}

/// XNOR of two nets from four NOR gates; also returns NOR(x, y), which adders reuse.
fn nor_xnor(g: &mut Gen, x: NetRef, y: NetRef) -> (NetRef, NetRef) {
    let n1 = g.gate(GateKind::Nor, &[x, y]);
    let n2 = g.gate(GateKind::Nor, &[x, n1]);
    let n3 = g.gate(GateKind::Nor, &[y, n1]);
    (g.gate(GateKind::Nor, &[n2, n3]), n1)
}

/// Full adder from nine NOR gates (the c6288 cell): returns (sum, carry).
fn nor_full_adder(g: &mut Gen, a: NetRef, b: NetRef, c: NetRef) -> (NetRef, NetRef) {
    let (t, ab_nor) = nor_xnor(g, a, b);
    // XNOR(XNOR(a, b), c) = a ^ b ^ c.
    let tc_nor = g.gate(GateKind::Nor, &[t, c]);
    let m2 = g.gate(GateKind::Nor, &[t, tc_nor]);
    let m3 = g.gate(GateKind::Nor, &[c, tc_nor]);
    let sum = g.gate(GateKind::Nor, &[m2, m3]);
    // (a + b)(XNOR(a, b) + c) = ab + c(a ^ b).
    let carry = g.gate(GateKind::Nor, &[ab_nor, tc_nor]);
    (sum, carry)
}

/// Half adder from six NOR gates: returns (sum, carry).
fn nor_half_adder(g: &mut Gen, a: NetRef, b: NetRef) -> (NetRef, NetRef) {
    let (t, ab_nor) = nor_xnor(g, a, b);
    let sum = g.gate(GateKind::Nor, &[t, t]);
    let carry = g.gate(GateKind::Nor, &[ab_nor, sum]);
    (sum, carry)
}

fn multiplier(g: &mut Gen, n: usize) {
    let a: Vec<NetRef> = (0..n).map(|i| g.input(&format!("a{i}"))).collect();
    let b: Vec<NetRef> = (0..n).map(|i| g.input(&format!("b{i}"))).collect();
    let mut product: Vec<NetRef> = Vec::with_capacity(2 * n);
    // After row i, sum[j] has weight i + j and carry[j] (if any) weight i + j + 1.
    let mut sum: Vec<NetRef> = (0..n)
        .map(|j| g.gate(GateKind::And, &[a[j], b[0]]))
        .collect();
    let mut carry: Vec<Option<NetRef>> = vec![None; n];
    for bi in b.iter().skip(1) {
        product.push(sum[0]);
        let mut next_sum = Vec::with_capacity(n);
        let mut next_carry = Vec::with_capacity(n);
        for j in 0..n {
            let pp = g.gate(GateKind::And, &[a[j], *bi]);
            let operands: Vec<NetRef> = [Some(pp), sum.get(j + 1).copied(), carry[j]]
                .into_iter()
                .flatten()
                .collect();
            let (s, c) = match operands[..] {
                [x, y, z] => nor_full_adder(g, x, y, z),
                [x, y] => nor_half_adder(g, x, y),
                _ => (operands[0], operands[0]),
            };
            let single = operands.len() == 1;
            next_sum.push(s);
            next_carry.push((!single).then_some(c));
        }
        sum = next_sum;
        carry = next_carry;
    }
    product.push(sum[0]);
    // Final ripple-carry row merges weights n .. 2n-1. The carry out of the top position is
    // always 0 (the product fits in 2n bits), so the top cell computes only its sum.
    let mut ripple: Option<NetRef> = None;
    for (k, &carry_k) in carry.iter().enumerate() {
        let operands: Vec<NetRef> = [sum.get(k + 1).copied(), carry_k, ripple]
            .into_iter()
            .flatten()
            .collect();
        let top = k + 1 == n;
        let (s, c) = match (operands[..].len(), top) {
            (3, false) => {
                let (s, c) = nor_full_adder(g, operands[0], operands[1], operands[2]);
                (s, Some(c))
            }
            (2, false) => {
                let (s, c) = nor_half_adder(g, operands[0], operands[1]);
                (s, Some(c))
            }
            (1, _) => (operands[0], None),
            (_, true) => {
                // Sum only: XOR of the operands, from NOR gates.
                let mut acc = operands[0];
                for &o in &operands[1..] {
                    let (t, _) = nor_xnor(g, acc, o);
                    acc = g.gate(GateKind::Nor, &[t, t]);
                }
                (acc, None)
            }
            _ => unreachable!("at most three operands"),
        };
        product.push(s);
        ripple = c;
    }
    // Name the product bits by buffering them to outputs p0..p(2n-1).
    for (i, p) in product.into_iter().enumerate() {
        let out = g.named(&format!("p{i}"), GateKind::Buf, &[p]);
        g.output(out);
    }
}

fn parity(g: &mut Gen, n: usize) {
    let mut level: Vec<NetRef> = (0..n).map(|i| g.input(&format!("x{i}"))).collect();
    while level.len() > 2 {
        level = level
            .chunks(2)
            .map(|pair| match pair {
                [x, y] => g.gate(GateKind::Xor, &[*x, *y]),
                [x] => *x,
                _ => unreachable!("chunks of two"),
            })
            .collect();
    }
    let p = g.named("parity", GateKind::Xor, &[level[0], level[1]]);
    g.output(p);
}

fn chain(g: &mut Gen, n: usize) {
    let x = g.input("x");
    let a = g.input("a");
    let mut last = x;
    for _ in 0..n - 1 {
        last = g.gate(GateKind::Nand, &[last, a]);
    }
    let y = g.named("y", GateKind::Nand, &[last, a]);
    g.output(y);
}

fn comparator(g: &mut Gen, n: usize) {
    let a: Vec<NetRef> = (0..n).map(|i| g.input(&format!("a{i}"))).collect();
    let b: Vec<NetRef> = (0..n).map(|i| g.input(&format!("b{i}"))).collect();
    let mut greater = Vec::new();
    let mut less = Vec::new();
    let mut equal = Vec::new();
    for i in 0..n {
        let na = g.gate(GateKind::Not, &[a[i]]);
        let nb = g.gate(GateKind::Not, &[b[i]]);
        greater.push(g.gate(GateKind::And, &[a[i], nb]));
        less.push(g.gate(GateKind::And, &[na, b[i]]));
        equal.push(g.gate(GateKind::Xnor, &[a[i], b[i]]));
    }
    // a > b when some bit i has a_i > b_i and every more significant bit is equal.
    let mut gt_terms = Vec::new();
    let mut lt_terms = Vec::new();
    for i in 0..n {
        let mut g_in = vec![greater[i]];
        let mut l_in = vec![less[i]];
        g_in.extend(&equal[i + 1..]);
        l_in.extend(&equal[i + 1..]);
        if g_in.len() == 1 {
            gt_terms.push(g_in[0]);
            lt_terms.push(l_in[0]);
        } else {
            gt_terms.push(g.gate(GateKind::And, &g_in));
            lt_terms.push(g.gate(GateKind::And, &l_in));
        }
    }
    let gt = g.named("gt", GateKind::Or, &gt_terms);
    let eq = g.named("eq", GateKind::And, &equal);
    let lt = g.named("lt", GateKind::Or, &lt_terms);
    for o in [gt, eq, lt] {
        g.output(o);
    }
}

fn mux(g: &mut Gen, n: usize) {
    let select: Vec<NetRef> = (0..n).map(|i| g.input(&format!("s{i}"))).collect();
    let mut level: Vec<NetRef> = (0..1usize << n)
        .map(|i| g.input(&format!("d{i}")))
        .collect();
    for (depth, &s) in select.iter().enumerate() {
        let ns = g.gate(GateKind::Not, &[s]);
        let last = depth + 1 == n;
        level = level
            .chunks(2)
            .map(|pair| {
                let low = g.gate(GateKind::And, &[pair[0], ns]);
                let high = g.gate(GateKind::And, &[pair[1], s]);
                if last {
                    g.named("y", GateKind::Or, &[low, high])
                } else {
                    g.gate(GateKind::Or, &[low, high])
                }
            })
            .collect();
    }
    g.output(level[0]);
}

/// A random DAG: each gate draws its kind, its arity (sometimes one input, sometimes the same
/// net twice) and its fanins, mostly among recent nets so that the circuit gets depth. Every net
/// left without a sink becomes an output, plus a few internal nets.
fn random_dag(g: &mut Gen, n: usize, options: RandomOptions) {
    let mut rng = Rng::new(options.seed);
    let input_count = (n / 10 + 2).min(256);
    let mut pool: Vec<NetRef> = (0..input_count)
        .map(|i| g.input(&format!("i{i}")))
        .collect();
    let flops: Vec<NetRef> = (0..options.dffs)
        .map(|i| g.b.net(&format!("q{i}")))
        .collect();
    pool.extend(&flops);
    let mut used = vec![false; pool.len() + n];
    let kinds = [
        (GateKind::And, 18),
        (GateKind::Nand, 18),
        (GateKind::Or, 16),
        (GateKind::Nor, 16),
        (GateKind::Xor, 6),
        (GateKind::Xnor, 5),
        (GateKind::Not, 15),
        (GateKind::Buf, 6),
    ];
    let total: u64 = kinds.iter().map(|k| k.1).sum();
    let mut gates = Vec::with_capacity(n);
    for k in 0..n {
        let mut pick = rng.below(total);
        let kind = kinds
            .iter()
            .find(|&&(_, w)| {
                if pick < w {
                    true
                } else {
                    pick -= w;
                    false
                }
            })
            .map_or(GateKind::And, |&(kind, _)| kind);
        // Mostly two inputs; now and then one (an AND or OR acting as a buffer).
        let arity = if kind.is_unary() || rng.chance(1, 40) {
            1
        } else {
            2 + [0, 0, 0, 0, 1, 1, 2][rng.index(7)]
        };
        let mut fanins = Vec::with_capacity(arity);
        for _ in 0..arity {
            let choice = if !fanins.is_empty() && rng.chance(1, 30) {
                // The same net on two pins of one gate.
                fanins[0]
            } else if rng.chance(7, 10) {
                let window = pool.len().min(24);
                pool.len() - 1 - rng.index(window)
            } else {
                rng.index(pool.len())
            };
            fanins.push(choice);
        }
        for &f in &fanins {
            used[f] = true;
        }
        let nets: Vec<NetRef> = fanins.iter().map(|&f| pool[f]).collect();
        let out = g.named(&format!("g{k}"), kind, &nets);
        pool.push(out);
        gates.push(pool.len() - 1);
    }
    for &q in &flops {
        let d = input_count + options.dffs + rng.index(n);
        let span = g.span();
        let result = g.b.dff(q, pool[d], span);
        g.keep(result);
        used[d] = true;
    }
    // Inputs and flip-flops no gate picked become outputs directly (an output that is an
    // input is a quirk the real benchmarks have too).
    for k in 0..pool.len() {
        let internal = gates.binary_search(&k).is_ok();
        if !used[k] || (internal && rng.chance(1, 20)) {
            g.output(pool[k]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::circuit::sim::{PackedPatterns, responses};

    fn value(bits: &[bool]) -> u64 {
        bits.iter()
            .enumerate()
            .map(|(i, &b)| u64::from(b) << i)
            .sum()
    }

    fn exhaustive(n: &Netlist) -> Vec<(Vec<bool>, Vec<bool>)> {
        let k = n.inputs().len();
        let mut p = PackedPatterns::new(k);
        for i in 0..1u64 << k {
            p.push((0..k).map(|b| (i >> b) & 1 == 1));
        }
        let r = responses(n, &p);
        (0..p.len()).map(|i| (p.pattern(i), r[i].clone())).collect()
    }

    const NO_RANDOM: RandomOptions = RandomOptions { seed: 0, dffs: 0 };

    #[test]
    fn adder_adds() {
        let n = generate(Family::Adder, 4, NO_RANDOM).unwrap();
        for (inputs, outputs) in exhaustive(&n) {
            let (a, b, c) = (
                value(&inputs[0..4]),
                value(&inputs[4..8]),
                value(&inputs[8..9]),
            );
            assert_eq!(value(&outputs), a + b + c);
        }
    }

    #[test]
    fn multiplier_multiplies() {
        for size in 2..=4 {
            let n = generate(Family::Multiplier, size, NO_RANDOM).unwrap();
            for (inputs, outputs) in exhaustive(&n) {
                let a = value(&inputs[0..size]);
                let b = value(&inputs[size..2 * size]);
                assert_eq!(value(&outputs), a * b, "{size}-bit {a} * {b}");
            }
        }
    }

    #[test]
    fn parity_comparator_mux() {
        let p = generate(Family::Parity, 7, NO_RANDOM).unwrap();
        for (inputs, outputs) in exhaustive(&p) {
            assert_eq!(outputs[0], inputs.iter().filter(|&&b| b).count() % 2 == 1);
        }
        let c = generate(Family::Comparator, 3, NO_RANDOM).unwrap();
        for (inputs, outputs) in exhaustive(&c) {
            let (a, b) = (value(&inputs[0..3]), value(&inputs[3..6]));
            assert_eq!(outputs, vec![a > b, a == b, a < b]);
        }
        let m = generate(Family::Mux, 2, NO_RANDOM).unwrap();
        for (inputs, outputs) in exhaustive(&m) {
            let s = value(&inputs[0..2]) as usize;
            assert_eq!(outputs[0], inputs[2 + s]);
        }
    }

    #[test]
    fn chain_of_nands_on_one_side_input() {
        for n in [1, 2, 5, 6] {
            let c = generate(Family::Chain, n, NO_RANDOM).unwrap();
            assert_eq!(c.gate_count(), n);
            // a = 0 forces y = 1; a = 1 makes each gate an inverter of x.
            for (inputs, outputs) in exhaustive(&c) {
                let (x, a) = (inputs[0], inputs[1]);
                assert_eq!(outputs[0], !a || (x ^ (n % 2 == 1)), "n = {n}");
            }
        }
    }

    #[test]
    fn wallace_multiplies() {
        for size in 2..=5 {
            let n = generate(Family::Wallace, size, NO_RANDOM).unwrap();
            assert_eq!(n.outputs().len(), 2 * size);
            for (inputs, outputs) in exhaustive(&n) {
                let a = value(&inputs[0..size]);
                let b = value(&inputs[size..2 * size]);
                assert_eq!(value(&outputs), a * b, "{size}-bit {a} * {b}");
            }
        }
    }

    #[test]
    fn barrel_shifts_left() {
        for (size, amount_bits) in [(2, 1), (3, 2), (4, 2), (5, 3), (8, 3)] {
            let n = generate(Family::Barrel, size, NO_RANDOM).unwrap();
            assert_eq!(n.inputs().len(), size + amount_bits);
            for (inputs, outputs) in exhaustive(&n) {
                let d = value(&inputs[0..size]);
                let s = value(&inputs[size..]);
                let expected = if s >= 64 {
                    0
                } else {
                    (d << s) & ((1 << size) - 1)
                };
                assert_eq!(value(&outputs), expected, "{size} bits: {d} << {s}");
            }
        }
    }

    #[test]
    fn alu_computes_each_operation() {
        let size = 3;
        let n = generate(Family::Alu, size, NO_RANDOM).unwrap();
        let mask = (1u64 << size) - 1;
        for (inputs, outputs) in exhaustive(&n) {
            let a = value(&inputs[0..size]);
            let b = value(&inputs[size..2 * size]);
            let op = value(&inputs[2 * size..]);
            let expected = match op {
                0 => (a + b) & mask,
                1 => a.wrapping_sub(b) & mask,
                2 => a & b,
                3 => a | b,
                4 => a ^ b,
                5 => (a << 1) & mask,
                6 => a >> 1,
                _ => u64::from(a < b),
            };
            let y = value(&outputs[0..size]);
            assert_eq!(y, expected, "op {op}: {a}, {b}");
            let carry = match op {
                0 | 2..=6 => a + b > mask,
                _ => a >= b,
            };
            assert_eq!(outputs[size], carry, "carry of op {op}: {a}, {b}");
            assert_eq!(outputs[size + 1], y == 0, "zero flag of op {op}: {a}, {b}");
        }
    }

    #[test]
    fn divider_divides() {
        for size in 2..=4 {
            let n = generate(Family::Divider, size, NO_RANDOM).unwrap();
            for (inputs, outputs) in exhaustive(&n) {
                let a = value(&inputs[0..size]);
                let d = value(&inputs[size..]);
                let q = value(&outputs[0..size]);
                let r = value(&outputs[size..]);
                let expected = match (a.checked_div(d), a.checked_rem(d)) {
                    (Some(q), Some(r)) => (q, r),
                    _ => ((1 << size) - 1, a),
                };
                assert_eq!((q, r), expected, "{a} / {d}");
            }
        }
    }

    #[test]
    fn max_tree_picks_the_largest() {
        let size = 2;
        let n = generate(Family::Max, size, NO_RANDOM).unwrap();
        for (inputs, outputs) in exhaustive(&n) {
            let words: Vec<u64> = inputs.chunks(size).map(value).collect();
            assert_eq!(value(&outputs), *words.iter().max().unwrap());
        }
    }

    #[test]
    fn random_is_seeded_and_sized() {
        let opts = RandomOptions { seed: 5, dffs: 3 };
        let a = generate(Family::Random, 200, opts).unwrap();
        let b = generate(Family::Random, 200, opts).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.gate_count(), 200);
        assert_eq!(a.dffs().len(), 3);
        assert_eq!(a.dangling().count(), 0);
        let c = generate(Family::Random, 200, RandomOptions { seed: 6, dffs: 3 }).unwrap();
        assert_ne!(a, c);
    }

    #[test]
    fn no_family_leaves_a_gate_without_a_sink() {
        for family in [
            Family::Adder,
            Family::Multiplier,
            Family::Wallace,
            Family::Parity,
            Family::Comparator,
            Family::Barrel,
            Family::Alu,
            Family::Divider,
            Family::Max,
            Family::Chain,
        ] {
            for size in [2, 3, 5, 8] {
                let n = generate(family, size, NO_RANDOM).unwrap();
                let dangling: Vec<&str> = n.dangling().map(|d| n.net_name(d)).collect();
                assert!(dangling.is_empty(), "{family} {size}: {dangling:?}");
            }
        }
    }

    #[test]
    fn sizes_are_checked() {
        let e = generate(Family::Multiplier, 1, NO_RANDOM).unwrap_err();
        assert_eq!(e.to_string(), "multiplier needs N between 2 and 256, got 1");
    }
}

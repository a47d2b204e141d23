//! Telling two final states apart: a term true when an assertion can see a difference
//! between the original's and a mutant's state after the region (exit, returned value, live
//! locals, fields and cells either wrote, printed text, either being incomplete).

use crate::program::reader::ir::LocalId;
use crate::solver::{BinOp, ExprId, JType};

use super::{EXCEPTION_BASE, Executor, HANG, HeapOp, Piece, RETURN, Result, State, Sym};

impl<'u> Executor<'u> {
    // ---- telling two final states apart ----

    /// A term true when `a` and `b` can be told apart by an assertion (doubles by identity:
    /// NaN is NaN, `0.0` is not `-0.0`).
    pub(crate) fn differs(&mut self, a: Sym, b: Sym) -> Result<ExprId> {
        match (a, b) {
            (x, y) if x == y => Ok(self.false_),
            (Sym::Prim(x), Sym::Prim(y)) => {
                if self.problem.ty(x) == JType::Double {
                    let eq = self.problem.binary(BinOp::Eq, x, y)?;
                    let zero = self.problem.double(0.0);
                    let one = self.problem.double(1.0);
                    let nonzero = self.problem.binary(BinOp::Ne, x, zero)?;
                    let ix = self.problem.binary(BinOp::Div, one, x)?;
                    let iy = self.problem.binary(BinOp::Div, one, y)?;
                    let same_sign = self.problem.binary(BinOp::Eq, ix, iy)?;
                    let sign_ok = self.or(nonzero, same_sign);
                    let equal = self.and(eq, sign_ok);
                    let nan_x = self.problem.binary(BinOp::Ne, x, x)?;
                    let nan_y = self.problem.binary(BinOp::Ne, y, y)?;
                    let both_nan = self.and(nan_x, nan_y);
                    let same = self.or(equal, both_nan);
                    Ok(self.not(same))
                } else {
                    Ok(self.problem.binary(BinOp::Ne, x, y)?)
                }
            }
            (Sym::Ref(x), y) | (y, Sym::Ref(x)) if self.choice(x).is_some() => {
                let (c, p, q) = self.choice(x).expect("a choice");
                let dp = self.differs(Sym::Ref(p), y)?;
                let dq = self.differs(Sym::Ref(q), y)?;
                self.cond(c, dp, dq)
            }
            // Two different references might still hold equal contents, or not: either way
            // nothing is proved (sound, not complete).
            _ => Ok(self.true_),
        }
    }

    /// A term true when control leaves the region normally (no exception, no `return`): when
    /// the code after it runs and reads its locals or its value.
    pub(crate) fn goes_on(&mut self, st: &State) -> Result<ExprId> {
        let on = |c: &i64| *c < EXCEPTION_BASE && *c != RETURN && *c != HANG;
        if st.codes.iter().all(on) {
            return Ok(self.true_);
        }
        if !st.codes.iter().any(on) {
            return Ok(self.false_);
        }
        let below = self.int(EXCEPTION_BASE);
        let normal = self.problem.binary(BinOp::Lt, st.exit, below)?;
        let ret = self.int(RETURN);
        let not_ret = self.problem.binary(BinOp::Ne, st.exit, ret)?;
        let hang = self.int(HANG);
        let not_hang = self.problem.binary(BinOp::Ne, st.exit, hang)?;
        let on = self.and(normal, not_ret);
        Ok(self.and(on, not_hang))
    }

    /// Everything by which `a` (original) and `b` (mutant) can be told apart after the
    /// region, as one term: the exit, the returned value, the `live` locals (when control goes
    /// on), fields and array elements written by either, and either being incomplete.
    pub(crate) fn distinguish(
        &mut self,
        a: &mut State,
        b: &mut State,
        live: &[LocalId],
    ) -> Result<ExprId> {
        let certain = [
            a.incomplete,
            b.incomplete,
            self.problem.binary(BinOp::Ne, a.exit, b.exit)?,
        ];
        let mut parts = Vec::new();
        if let (Some(x), Some(y)) = (a.ret, b.ret) {
            let returned = self.eq_const(a.exit, RETURN);
            let d = self.differs(x, y)?;
            parts.push(self.and(returned, d));
        }
        let going_on = self.goes_on(a)?;
        // Arrays the region allocated that are still reachable after it: through the returned
        // value or a live local. The cells of the others are scratch, not outputs.
        let mut reachable: Vec<u32> = [a.ret, b.ret]
            .into_iter()
            .flatten()
            .filter_map(|v| match v {
                Sym::Ref(r) => Some(r),
                Sym::Prim(_) => None,
            })
            .collect();
        let mut arms = Vec::new();
        for &l in live {
            let x = self.local(a, l)?;
            let y = self.local(b, l)?;
            for v in [x, y] {
                if let Sym::Ref(r) = v {
                    reachable.push(r);
                }
            }
            let d = self.differs(x, y)?;
            parts.push(self.and(going_on, d));
        }
        for r in std::mem::take(&mut reachable) {
            self.arms(r, &mut arms);
        }
        let reachable = arms;
        let mut fields = Vec::new();
        let mut cells = Vec::new();
        for op in a.heap.iter().chain(&b.heap) {
            match op {
                HeapOp::Put { field, .. } if !fields.contains(field) => fields.push(*field),
                HeapOp::Store { array, index, .. }
                    if !cells.contains(&(*array, *index))
                        && (!self.is_fresh(*array) || reachable.contains(array)) =>
                {
                    cells.push((*array, *index))
                }
                HeapOp::Call { .. } if a.heap != b.heap => {
                    // Different calls may change anything.
                    parts.push(self.true_);
                }
                _ => {}
            }
        }
        let prints = |h: &[HeapOp]| -> Vec<HeapOp> {
            h.iter()
                .filter(|op| matches!(op, HeapOp::Print { .. }))
                .cloned()
                .collect()
        };
        let (pa, pb) = (prints(&a.heap), prints(&b.heap));
        if pa.len() != pb.len() {
            // Not compared event by event: no proof.
            parts.push(self.true_);
        } else {
            for (x, y) in pa.iter().zip(&pb) {
                let (
                    HeapOp::Print {
                        kind: kx,
                        pieces: px,
                        guard: gx,
                    },
                    HeapOp::Print {
                        kind: ky,
                        pieces: py,
                        guard: gy,
                    },
                ) = (x, y)
                else {
                    unreachable!("filtered to prints");
                };
                // The text differs only if one prints and the other not, or both print and a
                // value differs (pieces of another shape may differ anyhow).
                let guards = self.problem.binary(BinOp::Ne, *gx, *gy)?;
                parts.push(guards);
                let same_shape = kx == ky
                    && px.len() == py.len()
                    && px.iter().zip(py).all(|(u, v)| {
                        u.len() == v.len()
                            && u.iter().zip(v).all(|pair| match pair {
                                (Piece::Text(s), Piece::Text(t)) => s == t,
                                (Piece::Value(_, s), Piece::Value(_, t)) => s == t,
                                (Piece::String(_), Piece::String(_)) => true,
                                _ => false,
                            })
                    });
                let mut values = self.false_;
                if same_shape {
                    for (u, v) in px.iter().flatten().zip(py.iter().flatten()) {
                        let d = match (u, v) {
                            (Piece::Value(p, _), Piece::Value(q, _)) => {
                                self.differs(Sym::Prim(*p), Sym::Prim(*q))?
                            }
                            // One reference is one text; two may differ.
                            (Piece::String(p), Piece::String(q)) => {
                                self.differs(Sym::Ref(*p), Sym::Ref(*q))?
                            }
                            _ => continue,
                        };
                        values = self.or(values, d);
                    }
                } else {
                    values = self.true_;
                }
                let both = self.and(*gx, values);
                parts.push(both);
            }
        }
        let (ha, hb) = (a.heap.clone(), b.heap.clone());
        for f in fields {
            let x = self.get_field(&ha, f)?;
            let y = self.get_field(&hb, f)?;
            parts.push(self.differs(x, y)?);
        }
        for (r, i) in cells {
            let x = self.load(&ha, r, i)?;
            let y = self.load(&hb, r, i)?;
            parts.push(self.differs(x, y)?);
        }
        let mut any = self.false_;
        for p in parts {
            any = self.or(any, p);
        }
        // When both hang (equal exits), nothing they did is ever observed.
        if a.codes.contains(&HANG) {
            let hangs = self.eq_const(a.exit, HANG);
            let observed = self.not(hangs);
            any = self.and(observed, any);
        }
        for p in certain {
            any = self.or(any, p);
        }
        Ok(any)
    }
}

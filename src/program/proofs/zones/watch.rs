//! The cells of an array a mutant's extra write changes (`a[e]++` where the original reads
//! `a[e]`), watched over the zones for [`crate::program::proofs::equivalence`]'s dead-cell
//! rule: ghost variables hold the least and the greatest index written, each other read of
//! the array records whether it provably misses that range, and, for the caller's array,
//! plain stores clear cells from the range's edges and every place the method may leave
//! must find it empty.

use hashbrown::HashMap;

use crate::program::reader::ir::{BinaryOp, Body, Builtin, Expr, ExprKind, LocalId, Unit};

use super::dbm::Zone;
use super::{Analysis, Jumps};

/// The cells of local array `array` that a mutant's extra write (`a[e]++` where the
/// original reads `a[e]`) makes differ from the original's: every cell it wrote lies
/// between ghost variables `low` and `high` (the least and the greatest index written;
/// before the first write `low` is above and `high` below every index, so the range is
/// empty). Each other read of the array records whether it provably misses the range; an
/// assignment to a cell is no read (and leaves the range as it is: it may not hit it).
pub(super) struct Watch {
    pub(super) array: u32,
    /// The span of the mutated read.
    pub(super) site: (u32, u32),
    pub(super) low: usize,
    pub(super) high: usize,
    /// Per read of the array (by span), whether the last pass over it proved it misses the
    /// range (the last pass is the one from the loops' post-fixpoints).
    pub(super) reads: std::cell::RefCell<HashMap<(u32, u32), bool>>,
    /// The array is the caller's (a parameter): its cells are outputs. A plain assignment
    /// then clears the cell it writes from the range where the zone can tell (the range's
    /// edge), and every place the method may leave, by `return`, the end of its body or an
    /// exception, must have the range empty.
    pub(super) overwritten: bool,
    /// Whether some place the method may leave was found with the range possibly not empty
    /// (in any pass: a loop's earlier passes see less than its last, so this is the last
    /// pass's answer).
    pub(super) leaked: std::cell::Cell<bool>,
}

/// Below and above every `int` index: the ghosts' values before the first write.
pub(super) const GHOST_BELOW: i128 = i32::MIN as i128 - 2;
pub(super) const GHOST_ABOVE: i128 = i32::MAX as i128 + 2;

/// Whether a mutant that turns the read `a[e]` at `site` (of local array `array`) into
/// `a[e]++` or `a[e]--` leaves every later read of the array on the original's values: each
/// read after the write provably indexes outside the cells written so far (over the zones of
/// the original, which the mutant follows up to its first read of a changed cell). With
/// `overwritten` (the array is the caller's, its cells outputs) the changed cells must also
/// be assigned again before the method may leave: at every `return`, at the end of the body
/// and at every operation that may throw, the zones prove no changed cell is left (an insertion
/// sort's `key = a[i]++` is overwritten by the shift or the insertion that follows). The
/// caller checks that the array is never assigned, escapes nowhere and has no alias.
pub(crate) fn cell_never_read(
    unit: &Unit,
    body: &Body,
    array: LocalId,
    site: (u32, u32),
    overwritten: bool,
) -> bool {
    let mut a = Analysis::new(unit, body, Some((array.0, site, overwritten)));
    let start = a.ghosts_beyond(Some(a.dbm().top()), a.watch.as_ref().expect("asked for"));
    let mut jumps = Jumps::default();
    let end = a.stmts(start, &body.stmts, &mut jumps);
    // Falling off the end of the body is leaving too.
    a.may_leave(&end, false);
    let watch = a.watch.expect("asked for");
    let reads = watch.reads.into_inner();
    reads.get(&site) == Some(&true) && reads.values().all(|&missed| missed) && !watch.leaked.get()
}

impl Analysis<'_> {
    /// The effects of evaluating `a[i]` (`e`), a read of the cell when `read`: past it the
    /// index was in bounds (or the run left by an exception). With a [`Watch`] on `a`, the
    /// mutated read widens the range of changed cells to its index, and any other read
    /// records whether it provably misses that range.
    pub(super) fn index(
        &self,
        z: Option<Zone>,
        e: &Expr,
        a: &Expr,
        i: &Expr,
        read: bool,
    ) -> Option<Zone> {
        let z = self.effects(z, a);
        let z = self.effects(z, i);
        if read {
            // (A store's checks come after its value: see `effects`.)
            let safe = z.as_ref().is_some_and(|zz| self.access_safe(zz, a, i));
            self.may_leave(&z, safe);
        }
        let z = self.dereferenced(z, a);
        let ExprKind::Local(arr) = a.kind else {
            return z;
        };
        let zz = z?;
        let mut z = self.in_bounds(Some(zz.clone()), a, i);
        if let Some(w) = self.watch.as_ref().filter(|w| w.array == arr.0)
            && let Some(zz) = z.as_ref()
        {
            let span = (e.span.start, e.span.end);
            let n = self.n();
            // The index as `x + c`, taken again in the refined zone.
            let lin = self.linear(zz, i);
            if span == w.site {
                let Some((x, c)) = lin else {
                    // An index the zones cannot follow: nothing is known of the range.
                    w.reads.borrow_mut().insert(span, false);
                    return z;
                };
                w.reads.borrow_mut().insert(span, true);
                if self.range_empty(zz, w) {
                    // The first changed cell (again): the range is exactly it.
                    let z2 = self.set_to(Some(zz.clone()), w.low, x, c);
                    z = self.set_to(z2, w.high, x, c);
                } else {
                    z = self.widen_range(z, w.low, x, c, true);
                    z = self.widen_range(z, w.high, x, c, false);
                }
            } else if read {
                let missed = self.range_empty(zz, w)
                    || lin.is_some_and(|(x, c)| {
                        // x + c < low, or x + c > high.
                        zz.m[x * n + w.low] < -c || zz.m[w.high * n + x] < c
                    });
                w.reads.borrow_mut().insert(span, missed);
            }
        }
        z
    }

    /// Whether `a` is the caller's array a [`Watch`] is on.
    pub(super) fn watches_callers_array(&self, a: &Expr) -> bool {
        matches!(a.kind, ExprKind::Local(l)
            if self.watch.as_ref().is_some_and(|w| w.overwritten && w.array == l.0))
    }

    /// Whether operation `e` (its operands evaluated, in state `z`) cannot throw: no
    /// division by a possible zero, no dereference of a possible null, no allocation (which
    /// may run out of memory), no call, no string operation but `String.valueOf`.
    pub(super) fn cannot_throw(&self, z: &Zone, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Binary {
                op: BinaryOp::Div | BinaryOp::Rem,
                op_type,
                right,
                ..
            } if op_type.is_integral() => {
                let (lo, hi) = self.interval(z, right);
                lo > 0 || hi < 0
            }
            ExprKind::Length(a) => self.null_flag(a).is_some_and(|f| z.m[f * self.n()] <= 0),
            ExprKind::Builtin(b, _) => matches!(
                b,
                Builtin::MathAbs
                    | Builtin::MathMin
                    | Builtin::MathMax
                    | Builtin::MathSqrt
                    | Builtin::MathPow
                    | Builtin::StringValueOf
            ),
            ExprKind::Call { .. }
            | ExprKind::NewArray { .. }
            | ExprKind::ArrayLiteral(_)
            | ExprKind::Concat(..)
            | ExprKind::Print(..) => false,
            _ => true,
        }
    }

    /// Whether the watched range is provably empty in `z` (its greatest index below its least).
    fn range_empty(&self, z: &Zone, w: &Watch) -> bool {
        z.m[w.high * self.n() + w.low] < 0
    }

    /// Whether `a[i]` cannot throw in `z`: `a` a local known not null, `i` within its bounds.
    pub(super) fn access_safe(&self, z: &Zone, a: &Expr, i: &Expr) -> bool {
        let ExprKind::Local(arr) = a.kind else {
            return false;
        };
        let n = self.n();
        let not_null = self
            .facts
            .null_index
            .get(&arr.0)
            .is_some_and(|&f| z.m[f * n] <= 0);
        let Some(&len) = self.facts.length_index.get(&arr.0) else {
            return false;
        };
        not_null
            && self.linear(z, i).is_some_and(|(x, c)| {
                // 0 <= x + c, and x + c < len.
                z.m[x] <= c && z.m[x * n + len] < -c
            })
    }

    /// Records, for a [`Watch`] on a caller's array, whether the method may leave here (a
    /// `return`, the end of the body, an operation that may throw unless `safe`) with
    /// changed cells left in state `z`.
    pub(super) fn may_leave(&self, z: &Option<Zone>, safe: bool) {
        let Some(w) = self.watch.as_ref().filter(|w| w.overwritten) else {
            return;
        };
        if !safe && z.as_ref().is_some_and(|zz| !self.range_empty(zz, w)) {
            w.leaked.set(true);
        }
    }

    /// A plain store `a[i] = …` to the watched caller's array, its value evaluated (and the
    /// index known to have the value it had before): the cell it writes holds the
    /// original's value again, so the range loses it when the zone puts it at the range's
    /// edge (the range is an interval: a cell inside cannot be taken out).
    pub(super) fn store(&self, z: Option<Zone>, (a, i): (&Expr, &Expr)) -> Option<Zone> {
        let ExprKind::Local(arr) = a.kind else {
            return z;
        };
        let Some(w) = self
            .watch
            .as_ref()
            .filter(|w| w.array == arr.0 && w.overwritten)
        else {
            return z;
        };
        let Some((x, c)) = z.as_ref().and_then(|zz| self.linear(zz, i)) else {
            return z;
        };
        let n = self.n();
        let mut z = z;
        // high <= x + c: the range's top moves to min(high, x + c - 1).
        if z.as_ref().is_some_and(|zz| zz.m[w.high * n + x] <= c) {
            let below = self.dbm().add(z.clone(), w.high, x, c - 1);
            let at = self.dbm().add(z, x, w.high, -c);
            let at = self.set_to(at, w.high, x, c - 1);
            z = self.dbm().join(below, at);
        }
        // low >= x + c: the range's bottom moves to max(low, x + c + 1).
        if z.as_ref().is_some_and(|zz| zz.m[x * n + w.low] <= -c) {
            let above = self.dbm().add(z.clone(), x, w.low, -c - 1);
            let at = self.dbm().add(z, w.low, x, c);
            let at = self.set_to(at, w.low, x, c + 1);
            z = self.dbm().join(above, at);
        }
        match z {
            // An empty range goes back beyond every index, where it started: there it joins
            // with a range that is not empty without losing where that one lies
            // (`low >= j + 1` holds of the ghost above every `int`).
            Some(zz) if self.range_empty(&zz, w) => self.ghosts_beyond(Some(zz), w),
            z => z,
        }
    }

    /// `z` with the range of `w` empty beyond every index.
    pub(super) fn ghosts_beyond(&self, z: Option<Zone>, w: &Watch) -> Option<Zone> {
        let z = self.set_to(z, w.low, 0, GHOST_ABOVE);
        self.set_to(z, w.high, 0, GHOST_BELOW)
    }

    /// `g := x + c` on the zone (`x` the zero for a constant): what `g` was is forgotten.
    fn set_to(&self, z: Option<Zone>, g: usize, x: usize, c: i128) -> Option<Zone> {
        let mut zz = z?;
        self.dbm().forget(&mut zz, g);
        let z = self.dbm().add(Some(zz), g, x, c);
        self.dbm().add(z, x, g, -c)
    }

    /// `g := min(g, x + c)` (`least`) or `g := max(g, x + c)` on the zone: the join of the
    /// two cases, `g` kept and `g` set to `x + c` (exact when the zone orders the two).
    fn widen_range(
        &self,
        z: Option<Zone>,
        g: usize,
        x: usize,
        c: i128,
        least: bool,
    ) -> Option<Zone> {
        let zz = z?;
        // For `least`, the case "g kept" is g <= x + c, the case "set" is x + c <= g.
        let (kept, set) = if least {
            (
                self.dbm().add(Some(zz.clone()), g, x, c),
                self.dbm().add(Some(zz), x, g, -c),
            )
        } else {
            (
                self.dbm().add(Some(zz.clone()), x, g, -c),
                self.dbm().add(Some(zz), g, x, c),
            )
        };
        let set = self.set_to(set, g, x, c);
        self.dbm().join(kept, set)
    }
}

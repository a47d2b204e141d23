//! Domains: the values a variable or subexpression may still take. Integers (and booleans, as
//! 0/1) keep a sorted list of disjoint intervals, so holes are exact (`x != 5` removes one
//! value from `int`'s four billion); doubles keep a closed interval plus whether NaN is left.

use std::fmt;

/// Values a congruence narrowing lists exactly (beyond, it moves the bounds only).
pub(crate) const CONGRUENCE_VALUES: u128 = 256;

/// A set of integers as sorted, disjoint, non-adjacent closed intervals.
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct IntDomain {
    ranges: Vec<(i64, i64)>,
}

impl fmt::Debug for IntDomain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{")?;
        for (k, &(lo, hi)) in self.ranges.iter().enumerate() {
            if k > 0 {
                write!(f, ", ")?;
            }
            if lo == hi {
                write!(f, "{lo}")?;
            } else {
                write!(f, "{lo}..={hi}")?;
            }
        }
        write!(f, "}}")
    }
}

impl IntDomain {
    pub(crate) fn empty() -> IntDomain {
        IntDomain { ranges: Vec::new() }
    }

    pub(crate) fn range(lo: i64, hi: i64) -> IntDomain {
        if lo > hi {
            IntDomain::empty()
        } else {
            IntDomain {
                ranges: vec![(lo, hi)],
            }
        }
    }

    /// The same with bounds given in `i128`, clipped to `i64`.
    pub(crate) fn range_wide(lo: i128, hi: i128) -> IntDomain {
        let lo = lo.max(i64::MIN as i128);
        let hi = hi.min(i64::MAX as i128);
        if lo > hi {
            IntDomain::empty()
        } else {
            IntDomain::range(lo as i64, hi as i64)
        }
    }

    pub(crate) fn singleton(v: i64) -> IntDomain {
        IntDomain::range(v, v)
    }

    /// The smallest domain holding all of `values`.
    pub(crate) fn from_values(values: impl IntoIterator<Item = i64>) -> IntDomain {
        let mut vs: Vec<i64> = values.into_iter().collect();
        vs.sort_unstable();
        vs.dedup();
        let mut ranges: Vec<(i64, i64)> = Vec::new();
        for v in vs {
            match ranges.last_mut() {
                Some(last) if last.1.checked_add(1) == Some(v) => last.1 = v,
                _ => ranges.push((v, v)),
            }
        }
        IntDomain { ranges }
    }

    /// The union of several (possibly overlapping) intervals.
    pub(crate) fn from_ranges(mut parts: Vec<(i64, i64)>) -> IntDomain {
        parts.retain(|&(lo, hi)| lo <= hi);
        parts.sort_unstable();
        let mut ranges: Vec<(i64, i64)> = Vec::with_capacity(parts.len());
        for (lo, hi) in parts {
            match ranges.last_mut() {
                Some(last) if (last.1 as i128) + 1 >= lo as i128 => last.1 = last.1.max(hi),
                _ => ranges.push((lo, hi)),
            }
        }
        IntDomain { ranges }
    }

    pub(crate) fn ranges(&self) -> &[(i64, i64)] {
        &self.ranges
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.ranges.is_empty()
    }

    pub(crate) fn min(&self) -> i64 {
        self.ranges[0].0
    }

    pub(crate) fn max(&self) -> i64 {
        self.ranges[self.ranges.len() - 1].1
    }

    /// Number of values.
    pub(crate) fn size(&self) -> u128 {
        self.ranges
            .iter()
            .map(|&(lo, hi)| (hi as i128 - lo as i128 + 1) as u128)
            .sum()
    }

    /// The value, when exactly one is left.
    pub(crate) fn value(&self) -> Option<i64> {
        match self.ranges[..] {
            [(lo, hi)] if lo == hi => Some(lo),
            _ => None,
        }
    }

    pub(crate) fn contains(&self, v: i64) -> bool {
        let k = self.ranges.partition_point(|&(_, hi)| hi < v);
        k < self.ranges.len() && self.ranges[k].0 <= v
    }

    /// The values, for small domains.
    pub(crate) fn values(&self) -> impl Iterator<Item = i64> + '_ {
        self.ranges.iter().flat_map(|&(lo, hi)| lo..=hi)
    }

    /// The values in `[lo, hi]` only.
    pub(crate) fn clip(&self, lo: i64, hi: i64) -> IntDomain {
        IntDomain {
            ranges: self
                .ranges
                .iter()
                .filter(|&&(a, b)| b >= lo && a <= hi)
                .map(|&(a, b)| (a.max(lo), b.min(hi)))
                .collect(),
        }
    }

    pub(crate) fn intersect(&self, other: &IntDomain) -> IntDomain {
        let (mut i, mut j) = (0, 0);
        let mut ranges = Vec::new();
        while i < self.ranges.len() && j < other.ranges.len() {
            let (a, b) = self.ranges[i];
            let (c, d) = other.ranges[j];
            let (lo, hi) = (a.max(c), b.min(d));
            if lo <= hi {
                ranges.push((lo, hi));
            }
            if b < d {
                i += 1;
            } else {
                j += 1;
            }
        }
        IntDomain { ranges }
    }

    pub(crate) fn union(&self, other: &IntDomain) -> IntDomain {
        let mut parts = self.ranges.clone();
        parts.extend_from_slice(&other.ranges);
        IntDomain::from_ranges(parts)
    }

    /// Without value `v`.
    pub(crate) fn remove(&self, v: i64) -> IntDomain {
        let mut ranges = Vec::with_capacity(self.ranges.len() + 1);
        for &(lo, hi) in &self.ranges {
            if v < lo || v > hi {
                ranges.push((lo, hi));
            } else {
                if lo < v {
                    ranges.push((lo, v - 1));
                }
                if v < hi {
                    ranges.push((v + 1, hi));
                }
            }
        }
        IntDomain { ranges }
    }

    /// The value of the domain nearest to `v` (the lower on a tie).
    pub(crate) fn nearest(&self, v: i64) -> i64 {
        let mut best = self.min();
        let mut distance = u128::MAX;
        for &(lo, hi) in &self.ranges {
            let c = v.clamp(lo, hi);
            let d = (c as i128 - v as i128).unsigned_abs();
            if d < distance {
                distance = d;
                best = c;
            }
        }
        best
    }

    /// The values congruent to `r` modulo `2^bits` (`bits <= 64`; values are taken as
    /// integers, so `-1` is congruent to `2^bits - 1`). Exact when at most
    /// [`CONGRUENCE_VALUES`] values qualify; otherwise only the bounds move to the first and
    /// last qualifying value, which keeps the result a superset and the domain small.
    pub(crate) fn congruent(&self, r: u64, bits: u32) -> IntDomain {
        if bits == 0 || self.is_empty() {
            return self.clone();
        }
        let mask = if bits >= 64 {
            u64::MAX
        } else {
            (1u64 << bits) - 1
        };
        let modulus = mask as u128 + 1;
        // The first value >= lo in the class, as i128 (may pass hi).
        let first_from = |lo: i64| lo as i128 + ((r.wrapping_sub(lo as u64)) & mask) as i128;
        let mut count: u128 = 0;
        let mut first = None;
        let mut last = None;
        for &(lo, hi) in &self.ranges {
            let f = first_from(lo);
            if f > hi as i128 {
                continue;
            }
            let n = (hi as i128 - f) as u128 / modulus + 1;
            count += n;
            first.get_or_insert(f as i64);
            last = Some((f + ((n - 1) * modulus) as i128) as i64);
        }
        let (Some(first), Some(last)) = (first, last) else {
            return IntDomain::empty();
        };
        if count <= CONGRUENCE_VALUES {
            let mut values = Vec::with_capacity(count as usize);
            for &(lo, hi) in &self.ranges {
                let mut v = first_from(lo);
                while v <= hi as i128 {
                    values.push(v as i64);
                    v += modulus as i128;
                }
            }
            return IntDomain::from_values(values);
        }
        self.clip(first, last)
    }

    /// The `k`-th value in increasing order (`k < size()`).
    pub(crate) fn nth(&self, mut k: u128) -> i64 {
        for &(lo, hi) in &self.ranges {
            let n = (hi as i128 - lo as i128 + 1) as u128;
            if k < n {
                return (lo as i128 + k as i128) as i64;
            }
            k -= n;
        }
        panic!("index beyond the domain")
    }
}

/// The position of non-NaN `x` among the doubles in increasing order (`-0.0` taken as `0.0`):
/// consecutive doubles have consecutive keys, so halving keys bisects the doubles themselves.
pub(crate) fn order_key(x: f64) -> u64 {
    let x = if x == 0.0 { 0.0 } else { x };
    let bits = x.to_bits();
    if bits >> 63 == 1 {
        // Negative: reversed, and shifted so the last one before zero is next to it.
        (!bits) + 1
    } else {
        bits | 1 << 63
    }
}

/// The double at position `key` (inverse of [`order_key`]).
pub(crate) fn from_order_key(key: u64) -> f64 {
    if key >> 63 == 1 {
        f64::from_bits(key & !(1 << 63))
    } else {
        f64::from_bits(!key.wrapping_sub(1))
    }
}

/// A set of doubles: the closed interval `[lo, hi]` (infinities allowed; empty when `lo > hi`)
/// and NaN when `nan`. Zero's sign is not tracked: an interval holding 0 holds both zeros.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct RealDomain {
    pub lo: f64,
    pub hi: f64,
    pub nan: bool,
}

impl RealDomain {
    pub(crate) fn full() -> RealDomain {
        RealDomain {
            lo: f64::NEG_INFINITY,
            hi: f64::INFINITY,
            nan: true,
        }
    }

    pub(crate) fn interval(lo: f64, hi: f64) -> RealDomain {
        RealDomain { lo, hi, nan: false }
    }

    pub(crate) fn singleton(d: f64) -> RealDomain {
        if d.is_nan() {
            RealDomain {
                lo: f64::INFINITY,
                hi: f64::NEG_INFINITY,
                nan: true,
            }
        } else {
            RealDomain::interval(d, d)
        }
    }

    pub(crate) fn has_numbers(&self) -> bool {
        self.lo <= self.hi
    }

    pub(crate) fn is_empty(&self) -> bool {
        !self.has_numbers() && !self.nan
    }

    /// The one value left, when so (NaN included; a zero interval is not one value).
    pub(crate) fn value(&self) -> Option<f64> {
        if self.nan {
            (!self.has_numbers()).then_some(f64::NAN)
        } else if self.lo == self.hi && self.lo != 0.0 {
            Some(self.lo)
        } else {
            None
        }
    }

    pub(crate) fn intersect(&self, other: &RealDomain) -> RealDomain {
        RealDomain {
            lo: self.lo.max(other.lo),
            hi: self.hi.min(other.hi),
            nan: self.nan && other.nan,
        }
    }

    /// How many values: the doubles in `[lo, hi]` (the two zeros counted once), and NaN.
    pub(crate) fn count(&self) -> u128 {
        let numbers = if self.has_numbers() {
            (order_key(self.hi) - order_key(self.lo)) as u128 + 1
        } else {
            0
        };
        numbers + u128::from(self.nan)
    }

    pub(crate) fn hull(&self, other: &RealDomain) -> RealDomain {
        if !self.has_numbers() {
            return RealDomain {
                nan: self.nan || other.nan,
                ..*other
            };
        }
        if !other.has_numbers() {
            return RealDomain {
                nan: self.nan || other.nan,
                ..*self
            };
        }
        RealDomain {
            lo: self.lo.min(other.lo),
            hi: self.hi.max(other.hi),
            nan: self.nan || other.nan,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interval_lists_stay_normalized() {
        let d = IntDomain::range(0, 10).remove(5).remove(0).remove(10);
        assert_eq!(d.ranges(), &[(1, 4), (6, 9)]);
        assert_eq!(d.size(), 8);
        assert!(!d.contains(5) && d.contains(6));
        assert_eq!(d.nearest(5), 4);
        assert_eq!(d.nth(4), 6);
        let e = IntDomain::from_ranges(vec![(3, 4), (-2, 0), (5, 7), (1, 1)]);
        assert_eq!(e.ranges(), &[(-2, 1), (3, 7)]);
        assert_eq!(
            d.intersect(&IntDomain::range(4, 6)).ranges(),
            &[(4, 4), (6, 6)]
        );
        assert_eq!(
            IntDomain::from_values([3, 1, 2, 7]).ranges(),
            &[(1, 3), (7, 7)]
        );
        let full = IntDomain::range(i64::MIN, i64::MAX);
        assert_eq!(full.size(), 1u128 << 64);
        assert_eq!(full.remove(i64::MAX).max(), i64::MAX - 1);
    }

    #[test]
    fn order_keys_follow_the_doubles() {
        let xs = [
            f64::NEG_INFINITY,
            -f64::MAX,
            -1.5,
            -f64::MIN_POSITIVE,
            -0.0f64.next_up(),
            0.0,
            0.0f64.next_up(),
            1.0,
            1.0f64.next_up(),
            f64::MAX,
            f64::INFINITY,
        ];
        for w in xs.windows(2) {
            assert!(order_key(w[0]) < order_key(w[1]), "{w:?}");
        }
        for &x in &xs {
            assert_eq!(from_order_key(order_key(x)).to_bits(), x.to_bits());
        }
        assert_eq!(order_key(-0.0), order_key(0.0));
        assert_eq!(order_key(1.0f64.next_up()) - order_key(1.0), 1);
        assert_eq!(
            RealDomain::interval(-0.0f64.next_up(), 0.0f64.next_up()).count(),
            3
        );
        assert_eq!(
            RealDomain::full().count(),
            (order_key(f64::INFINITY) - order_key(f64::NEG_INFINITY)) as u128 + 2
        );
    }

    #[test]
    fn congruence_narrowing_matches_a_filter() {
        let d = IntDomain::from_ranges(vec![(-40, -3), (5, 17), (100, 120)]);
        for bits in 0..8u32 {
            for r in [0u64, 1, 3, 5, u64::MAX, 1 << 40] {
                let m = 1i128 << bits;
                let want: Vec<i64> = d
                    .values()
                    .filter(|&v| (v as i128 - r as i128).rem_euclid(m) == 0)
                    .collect();
                let got = d.congruent(r, bits);
                assert_eq!(got.values().collect::<Vec<_>>(), want, "r {r} bits {bits}");
            }
        }
        // Too many values to list: the bounds move to the class.
        let int = IntDomain::range(i32::MIN as i64, i32::MAX as i64);
        let odd = int.congruent(1, 1);
        assert_eq!(
            (odd.min(), odd.max()),
            (i32::MIN as i64 + 1, i32::MAX as i64)
        );
        // Modulo 2^32 an int has one value per class; modulo 2^64 a long has one.
        assert_eq!(int.congruent(u32::MAX as u64, 32).value(), Some(-1));
        let long = IntDomain::range(i64::MIN, i64::MAX);
        assert_eq!(long.congruent(u64::MAX, 64).value(), Some(-1));
        assert_eq!(int.congruent(1 << 33, 64), IntDomain::empty());
    }
}

//! Sharding a campaign over machines: the targets cut into N deterministic parts, each run as
//! a campaign of its own (on a node of a batch scheduler's job array), the parts' results merged
//! by simulating every part's tests over every target and compacting again. Both models shard
//! the same way: they order their targets so that targets that share tests come together (a
//! circuit's output cones, a program's methods) and weigh each by its estimated difficulty;
//! [`cut`] then makes parts of about equal weight.

/// One of `count` parts of a sharded run, `index` from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

/// The part (from 0) of each item of a sequence of `weights`, cutting the sequence into
/// `count` consecutive runs of about equal total weight: an item goes to the part whose share
/// of the total its middle falls in. Deterministic, and order-preserving (so the models'
/// orders keep related targets together). With fewer items than parts, some parts are empty.
pub fn cut(weights: &[u64], count: usize) -> Vec<usize> {
    let count = count.max(1);
    let total: u128 = weights.iter().map(|&w| u128::from(w)).sum::<u128>().max(1);
    let mut so_far: u128 = 0;
    weights
        .iter()
        .map(|&w| {
            let middle = so_far * 2 + u128::from(w);
            so_far += u128::from(w);
            ((middle * count as u128 / (2 * total)) as usize).min(count - 1)
        })
        .collect()
}

/// A fingerprint of the text a part was made from (FNV-1a, 64 bits, in hex): parts made from
/// different inputs are not merged.
pub fn fingerprint(text: &str) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{hash:016x}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_are_consecutive_and_about_equal() {
        let weights: Vec<u64> = (0..100).map(|k| 1 + k % 7).collect();
        for count in 1..=8 {
            let parts = cut(&weights, count);
            assert!(parts.windows(2).all(|w| w[0] <= w[1]), "consecutive");
            let mut sums = vec![0u64; count];
            for (w, p) in weights.iter().zip(&parts) {
                sums[*p] += w;
            }
            let total: u64 = weights.iter().sum();
            let share = total / count as u64;
            for s in sums {
                // Off by at most the heaviest item (7) on either side.
                assert!(s + 7 >= share && s <= share + 7, "{s} against {share}");
            }
        }
    }

    #[test]
    fn few_items_leave_parts_empty_not_out_of_range() {
        assert_eq!(cut(&[5], 4), vec![2]);
        assert_eq!(cut(&[], 3), Vec::<usize>::new());
        assert_eq!(cut(&[0, 0], 2), vec![0, 0]);
    }
}

//! The trail: an undo log with levels, so that backtracking restores the exact earlier
//! algorithm state without copying it.
//!
//! A model records the old value of every element it changes; a level is just the trail's
//! length at the moment a decision is taken. Undoing to a level hands the entries back newest
//! first, so the model can restore each old value.

/// An undo log of model-specific entries.
#[derive(Clone, Debug)]
pub struct Trail<E> {
    entries: Vec<E>,
}

impl<E> Default for Trail<E> {
    fn default() -> Self {
        Trail {
            entries: Vec::new(),
        }
    }
}

impl<E> Trail<E> {
    pub(crate) fn new() -> Trail<E> {
        Trail::default()
    }

    /// Records an entry (typically an element and its value before the change).
    #[inline]
    pub(crate) fn push(&mut self, entry: E) {
        self.entries.push(entry);
    }

    /// The current level: undoing to it restores the present state.
    #[inline]
    pub(crate) fn level(&self) -> usize {
        self.entries.len()
    }

    /// Hands every entry recorded since `level` to `restore`, newest first, and forgets them.
    pub(crate) fn undo_to(&mut self, level: usize, mut restore: impl FnMut(E)) {
        while self.entries.len() > level {
            let entry = self.entries.pop().expect("length checked above");
            restore(entry);
        }
    }

    /// The entries recorded since `level`, oldest first.
    pub(crate) fn since(&self, level: usize) -> &[E] {
        &self.entries[level.min(self.entries.len())..]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn undo_restores_newest_first() {
        let mut values = [0u8; 3];
        let mut trail = Trail::new();
        let set = |values: &mut [u8; 3], trail: &mut Trail<(usize, u8)>, i: usize, v: u8| {
            trail.push((i, values[i]));
            values[i] = v;
        };
        set(&mut values, &mut trail, 0, 5);
        let level = trail.level();
        set(&mut values, &mut trail, 1, 6);
        set(&mut values, &mut trail, 1, 7);
        assert_eq!(trail.since(level).len(), 2);
        trail.undo_to(level, |(i, old)| values[i] = old);
        assert_eq!(values, [5, 0, 0]);
        trail.undo_to(0, |(i, old)| values[i] = old);
        assert_eq!(values, [0, 0, 0]);
    }
}

//! How tests build the receivers of instance methods ([Zhang 2021] §5.1 leaves objects to
//! the tester; this follows the call sequences of feedback-directed random testing, Pacheco
//! et al. 2007, Randoop): a constructor of the class called with random arguments, then a
//! few calls of the class's own methods on the object, as a person writes a test's setup,
//! with the small numbers and the class's constants a person's have.
//! Private state is reached through the public API; the solver's witnesses still set fields
//! by reflection on top of such a receiver where no call sets them.
//!
//! A setup is kept only if the original runs it without throwing (a sequence that throws
//! is not extended); the check is the caller's, who has the program to run it on.

use std::collections::HashMap;

use crate::program::execution::interp::{Compiled, Limits, Receiver, Value};
use crate::program::reader::ir::{Type, Unit};
use crate::program::testgen::inputs::{Pool, small_value_in};
use crate::rng::Rng;

/// The most calls a random setup makes on its receiver.
pub const MAX_SETUP_CALLS: u64 = 3;

/// What a test may call to build and prepare objects of one class.
#[derive(Clone, Debug, Default)]
pub struct ClassBuilders {
    /// Whether `new C()` builds one (a constructor without parameters a test can call, or
    /// none declared).
    pub default: bool,
    /// The constructors with parameters a test can call, with their constants' pools.
    pub constructors: Vec<(u32, Pool)>,
    /// The instance methods a setup calls: not private, taking arguments or returning
    /// nothing (a getter's call changes nothing worth a line of setup).
    pub setters: Vec<(u32, Pool)>,
}

impl ClassBuilders {
    /// The builders of `unit`'s class `class`.
    pub fn of(unit: &Unit, class: u32) -> ClassBuilders {
        let info = &unit.classes[class as usize];
        let callable = |m: &crate::program::reader::ir::Method| {
            !m.is_private && m.body.is_ok() && m.lambda.is_none()
        };
        let mut builders = ClassBuilders {
            default: info.methods.iter().all(|m| !m.is_constructor),
            ..ClassBuilders::default()
        };
        for (k, m) in info.methods.iter().enumerate() {
            let k = k as u32;
            if m.is_constructor && callable(m) {
                if m.params.is_empty() {
                    builders.default = true;
                } else {
                    builders.constructors.push((k, Pool::of(unit, class, k)));
                }
            } else if !m.is_constructor
                && !m.is_static
                && !m.is_abstract
                && !m.is_implicit
                && callable(m)
                && (!m.params.is_empty() || m.ret == Type::Void)
            {
                builders.setters.push((k, Pool::of(unit, class, k)));
            }
        }
        builders
    }

    /// Whether a test can build an object of the class at all.
    pub fn builds(&self) -> bool {
        self.default || !self.constructors.is_empty()
    }

    /// [`ClassBuilders::builds`] of `unit`'s class `class`, without the pools: a
    /// constructor a test can call, or none declared (Java's default one).
    pub fn buildable(unit: &Unit, class: u32) -> bool {
        let methods = &unit.classes[class as usize].methods;
        methods.iter().all(|m| !m.is_constructor)
            || methods
                .iter()
                .any(|m| m.is_constructor && !m.is_private && m.body.is_ok() && m.lambda.is_none())
    }

    /// A random way to build a receiver of `unit`'s class `class`: `None` for `new C()`,
    /// else a constructor call, then with even odds up to [`MAX_SETUP_CALLS`] setup calls.
    /// `None` too when the class cannot be built.
    pub fn random(&self, unit: &Unit, class: u32, rng: &mut Rng) -> Option<Receiver> {
        if !self.builds() {
            return None;
        }
        let plain = self.default && (self.constructors.is_empty() || rng.chance(1, 2));
        let with_calls = !self.setters.is_empty() && rng.chance(1, 2);
        if plain && !with_calls {
            return None;
        }
        let class_type = match unit.class_type(class) {
            Type::Class(c) => c,
            _ => return None,
        };
        let built = if plain {
            Value::New {
                class: class_type,
                constructor: unit.classes[class as usize]
                    .methods
                    .iter()
                    .position(|m| m.is_constructor && m.params.is_empty())
                    .map(|k| k as u32),
                args: Vec::new(),
            }
        } else {
            let (k, pool) = &self.constructors[rng.index(self.constructors.len())];
            let m = &unit.classes[class as usize].methods[*k as usize];
            Value::New {
                class: class_type,
                constructor: Some(*k),
                args: m
                    .params
                    .iter()
                    .map(|t| small_value_in(unit, t, pool, rng))
                    .collect(),
            }
        };
        let count = if with_calls {
            1 + rng.below(MAX_SETUP_CALLS)
        } else {
            0
        };
        let calls = (0..count)
            .map(|_| {
                let (k, pool) = &self.setters[rng.index(self.setters.len())];
                let m = &unit.classes[class as usize].methods[*k as usize];
                let args = m
                    .params
                    .iter()
                    .map(|t| small_value_in(unit, t, pool, rng))
                    .collect();
                (*k, args)
            })
            .collect();
        Some(Receiver { built, calls })
    }
}

/// Random tries at a setup the original runs without throwing before a test falls back to
/// the class's base receiver.
const TRIES: usize = 4;

/// Random tries at a base receiver of a class without `new C()`.
const BASE_TRIES: usize = 64;

/// The receivers of a test generation: each class's builders, checked setups, and for a
/// class without `new C()` a base receiver (a constructor call the original runs without
/// throwing) that the solver's witnesses set fields on.
pub struct Receivers {
    classes: HashMap<u32, ClassBuilders>,
    base: HashMap<u32, Receiver>,
    limits: Limits,
}

impl Receivers {
    /// The receivers of the classes of `methods` (class, method, ...) in `unit`; the base
    /// receivers drawn from `seed`, so the same seed gives the same tests.
    pub fn of<T>(unit: &Unit, methods: &[(u32, u32, T)], seed: u64, limits: Limits) -> Receivers {
        let mut classes = HashMap::new();
        for &(class, _, _) in methods {
            classes
                .entry(class)
                .or_insert_with(|| ClassBuilders::of(unit, class));
        }
        let mut receivers = Receivers {
            classes,
            base: HashMap::new(),
            limits,
        };
        let mut keys: Vec<u32> = receivers.classes.keys().copied().collect();
        keys.sort_unstable();
        for class in keys {
            let builders = &receivers.classes[&class];
            if builders.default || !builders.builds() {
                continue;
            }
            let mut rng = Rng::new(seed ^ 0xba5e_0b1e ^ u64::from(class) << 24);
            let plain = ClassBuilders {
                setters: Vec::new(),
                ..builders.clone()
            };
            let found = (0..BASE_TRIES)
                .filter_map(|_| plain.random(unit, class, &mut rng))
                .find(|r| receivers.builds(unit, class, r));
            if let Some(r) = found {
                receivers.base.insert(class, r);
            }
        }
        receivers
    }

    /// Whether the original builds `r` without throwing.
    fn builds(&self, unit: &Unit, class: u32, r: &Receiver) -> bool {
        Compiled::plain(unit).builds(class, r, self.limits)
    }

    /// How a test builds a receiver of `class` that the original runs without throwing:
    /// `Some(None)` for `new C()`, `Some(Some(r))` for a constructor call and a setup, and
    /// `None` when no test can build one. A setup whose call throws is cut before that call
    /// (feedback-directed: a sequence that throws is not extended).
    pub fn random(&self, unit: &Unit, class: u32, rng: &mut Rng) -> Option<Option<Receiver>> {
        let builders = self.classes.get(&class)?;
        for _ in 0..TRIES {
            let Some(mut r) = builders.random(unit, class, rng) else {
                return builders.default.then_some(None);
            };
            loop {
                if self.builds(unit, class, &r) {
                    return Some(Some(r));
                }
                if r.calls.pop().is_none() {
                    break;
                }
            }
        }
        match self.base.get(&class) {
            Some(r) => Some(Some(r.clone())),
            None => builders.default.then_some(None),
        }
    }

    /// The receiver a test of an instance method of `class` starts from when nothing else
    /// says: `None` for `new C()` (or a class no test builds), else the base receiver.
    pub fn base(&self, class: u32) -> Option<Receiver> {
        self.base.get(&class).cloned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::program::load;

    const ACCOUNT: &str = "class Account {\n    private long balance;\n    private final String owner;\n    \
        public Account(String owner, long opening) { this.owner = owner; balance = opening; }\n    \
        private Account() { this(\"x\", 0); }\n    \
        public void deposit(long amount) { balance += amount; }\n    \
        public long balance() { return balance; }\n    \
        private void reset() { balance = 0; }\n    \
        public static int fee() { return 2; }\n}\n";

    /// A class without a public constructor without arguments is built through its other
    /// constructors; setups call only the methods that change something and that a test
    /// can call.
    #[test]
    fn receivers_are_built_through_the_public_api() {
        let unit = load("Account.java", ACCOUNT).expect("loads");
        let class = unit
            .classes
            .iter()
            .position(|c| c.name == "Account")
            .expect("the class") as u32;
        let builders = ClassBuilders::of(&unit, class);
        assert!(
            !builders.default,
            "the constructor without arguments is private"
        );
        assert_eq!(builders.constructors.len(), 1);
        let names: Vec<&str> = builders
            .setters
            .iter()
            .map(|(k, _)| {
                unit.classes[class as usize].methods[*k as usize]
                    .name
                    .as_str()
            })
            .collect();
        assert_eq!(names, ["deposit"]);
        let mut rng = Rng::new(7);
        let mut with_calls = 0;
        for _ in 0..50 {
            let r = builders
                .random(&unit, class, &mut rng)
                .expect("never new Account()");
            let Value::New { args, .. } = &r.built else {
                panic!("a constructor call")
            };
            assert_eq!(args.len(), 2);
            assert!(r.calls.len() as u64 <= MAX_SETUP_CALLS);
            with_calls += usize::from(!r.calls.is_empty());
        }
        assert!((10..40).contains(&with_calls), "{with_calls}");
    }
}

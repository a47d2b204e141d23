//! The region's inputs, the values it reads that it did not compute (a local at the entry,
//! a field or a cell under a heap history, a null flag, a length, a call's outcome), each one
//! solver variable made on first use; solving with ties added lazily between two reads of
//! one cell; and the witness a model stands for, the method inputs of a test.

use crate::program::reader::ir::{FieldRef, Type};
use crate::solver::{BinOp, ExprId, JType, Value, VarId};

use super::{Executor, Reference, Result, Sym, jtype, unsupported};

/// An input of the region: a value it reads that it did not compute.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Input {
    /// A local at the region's entry.
    Local(u32),
    /// A field of `this` (or static) read when the heap had this history.
    Field(FieldRef, u32),
    /// `array[index]` read when the heap had this history.
    Element(u32, ExprId, u32),
    /// Whether a reference is null.
    Null(u32),
    /// An array's length.
    Length(u32),
    /// A call's result, whether it throws, the exception it throws, whether it never returns.
    CallResult(u32),
    CallThrows(u32),
    CallException(u32),
    CallHangs(u32),
}

/// Rounds of [`Executor::solve_tied`] a question gets: each ties the reads one model got
/// wrong; a few rounds settle the small loops of a region.
pub const TIE_ROUNDS: u32 = 6;

/// The share of a question's limits its tied rounds get, together (one tenth).
const TIE_SHARE: u64 = 10;

/// Arguments and receiver fields for a test, read from a solver model.
#[derive(Clone, Debug)]
pub struct Witness {
    pub args: Vec<crate::program::execution::interp::Value>,
    pub fields: Vec<(String, crate::program::execution::interp::Value)>,
}

impl<'u> Executor<'u> {
    /// The variable of an input, made on first use.
    pub(crate) fn input(&mut self, key: Input, ty: JType) -> VarId {
        if let Some(&v) = self.inputs.get(&key) {
            return v;
        }
        let name = format!("{key:?}");
        let v = self.problem.var(&name, ty);
        self.inputs.insert(key.clone(), v);
        self.input_log.push(key.clone());
        if let Input::Length(_) = key {
            // Lengths are never negative, nor beyond what a JVM allocates.
            let read = self.problem.read(v);
            let nonnegative = self
                .problem
                .binary(BinOp::Ge, read, self.zero)
                .expect("ints");
            self.problem.require(nonnegative).expect("boolean");
            let most = self
                .problem
                .int(crate::program::reader::semantics::MAX_ARRAY_LENGTH as i32);
            let at_most = self.problem.binary(BinOp::Le, read, most).expect("ints");
            self.problem.require(at_most).expect("boolean");
        }
        v
    }

    /// Solves the problem as it stands, then, while the model reads one cell of an input
    /// array (or string) twice under one heap history with two different values, ties each
    /// such pair (`i == j` implies equal values) and solves again, at most `rounds` times.
    /// Reads are variables keyed by their index *term*, so nothing else makes `a[i]` and
    /// `a[j]` agree when `i == j`; tying every pair up front slows every question down
    /// (most never need it), so ties are added only for pairs a model got wrong, as lazily
    /// as a lemma. The ties hold in every heap, so an `Unsat` stays a proof; the ties are
    /// required at the problem's current level and leave with it.
    pub(crate) fn solve_tied(
        &mut self,
        options: crate::solver::SolveOptions,
        rounds: u32,
    ) -> (crate::solver::Verdict, crate::solver::SolveStats) {
        let (mut verdict, mut total) = crate::solver::solve(&self.problem, options.clone());
        // The tied rounds share a tenth of the question's limits: most models that read a
        // cell twice wrongly come from questions whose answer is `Sat` anyway, and a long
        // search there would only buy back the same answer.
        let mut options = options;
        options.node_limit = (options.node_limit / TIE_SHARE).max(1);
        options.backtrack_limit = (options.backtrack_limit / TIE_SHARE).max(1);
        options.propagation_limit = (options.propagation_limit / TIE_SHARE).max(1);
        for _ in 0..rounds {
            let crate::solver::Verdict::Sat(model) = &verdict else {
                break;
            };
            if self.tie_reads(model) == 0 {
                break;
            }
            let (tied, stats) = crate::solver::solve(&self.problem, options.clone());
            options.node_limit = options.node_limit.saturating_sub(stats.decisions).max(1);
            options.backtrack_limit = options
                .backtrack_limit
                .saturating_sub(stats.backtracks)
                .max(1);
            options.propagation_limit = options
                .propagation_limit
                .saturating_sub(stats.propagations)
                .max(1);
            total += stats;
            match tied {
                // Out of budget: the untied answer stands (a `Sat` is never a claim).
                crate::solver::Verdict::Unknown(_) => break,
                tied => verdict = tied,
            }
        }
        (verdict, total)
    }

    /// Ties the pairs of element reads `model` gives one cell and two values (see
    /// [`Executor::solve_tied`]); how many.
    fn tie_reads(&mut self, model: &crate::solver::Model) -> usize {
        let mut reads: Vec<(u32, u32, i64, Value, ExprId, VarId)> = Vec::new();
        for (key, &v) in &self.inputs {
            let Input::Element(array, index, history) = key else {
                continue;
            };
            let Ok(Value::Int(_, i)) = self.problem.eval(*index, model) else {
                continue;
            };
            reads.push((*array, *history, i, model.get(v), *index, v));
        }
        // A fixed order: the same model always gets the same ties.
        reads.sort_by_key(|r| (r.0, r.1, r.2, r.4.0, r.5.0));
        let mut pairs = Vec::new();
        for group in reads.chunk_by(|x, y| (x.0, x.1, x.2) == (y.0, y.1, y.2)) {
            let first = &group[0];
            for other in &group[1..] {
                if other.3 != first.3 {
                    pairs.push((first.4, first.5, other.4, other.5));
                }
            }
        }
        let mut tied = 0;
        for (i, x, j, y) in pairs {
            let (x, y) = (self.problem.read(x), self.problem.read(y));
            let (Ok(same_index), Ok(same_value)) = (
                self.problem.binary(BinOp::Eq, i, j),
                self.problem.binary(BinOp::Eq, x, y),
            ) else {
                continue;
            };
            let apart = self.not(same_index);
            let tie = self.or(apart, same_value);
            if self.problem.require(tie).is_ok() {
                tied += 1;
            }
        }
        tied
    }

    /// The input's variable if some version read it.
    pub(crate) fn existing_input(&self, key: &Input) -> Option<VarId> {
        self.inputs.get(key).copied()
    }

    pub(crate) fn inputs(&self) -> impl Iterator<Item = (&Input, VarId)> {
        self.inputs.iter().map(|(k, v)| (k, *v))
    }

    pub(super) fn input_value(&mut self, key: Input, ty: &Type) -> Result<Sym> {
        if ty.is_reference() {
            // A string is modelled as an array of its chars that nothing writes; any other
            // object is opaque: only its identity, its null flag and the calls made on it.
            if !matches!(ty, Type::Array(_) | Type::String) && !super::heap::opaque_type(ty) {
                return unsupported(format!("values of type {ty}"));
            }
            return Ok(Sym::Ref(self.reference(Reference::Input(key, ty.clone()))));
        }
        let v = self.input(key, jtype(ty)?);
        Ok(Sym::Prim(self.problem.read(v)))
    }

    /// The method inputs a solver model of a region that starts at the method's entry stands
    /// for: the parameters (arrays built from their null flag, length and the elements read
    /// before any write) and the fields of `this` read before any write. Inputs no version
    /// read get zero, `null`-free defaults. `None` when the model asks for something a test
    /// cannot give (an array longer than `max_length`, a value of an unmodelled type).
    ///
    /// Only a candidate: aliasing, call results and loops cut by the unwinding bound are free
    /// in the model, so the caller runs the test to see whether it really tells the two apart.
    pub(crate) fn witness(
        &self,
        model: &crate::solver::Model,
        params: &[Type],
        max_length: i64,
    ) -> Option<Witness> {
        let mut args = Vec::with_capacity(params.len());
        for (i, ty) in params.iter().enumerate() {
            args.push(self.witness_value(model, &Input::Local(i as u32), ty, max_length)?);
        }
        let mut fields = Vec::new();
        let mut keys: Vec<&Input> = self.inputs.keys().collect();
        keys.sort_by_key(|k| format!("{k:?}"));
        for key in keys {
            if let Input::Field(f, 0) = key {
                let field = &self.unit.classes[f.class as usize].fields[f.field as usize];
                if field.is_static || self.constructing {
                    // A test cannot set a static field before the call, nor the fields of
                    // an object a constructor is about to build.
                    continue;
                }
                let v = self.witness_value(model, key, &field.ty, max_length)?;
                fields.push((field.name.clone(), v));
            }
        }
        Some(Witness { args, fields })
    }

    fn witness_value(
        &self,
        model: &crate::solver::Model,
        key: &Input,
        ty: &Type,
        max_length: i64,
    ) -> Option<crate::program::execution::interp::Value> {
        use crate::program::execution::interp::Value as V;
        use crate::program::reader::semantics::{Kind, bits_f64};
        if ty.is_primitive() {
            let kind = Kind::of(ty);
            return Some(match self.inputs.get(key).map(|&v| model.get(v)) {
                Some(Value::Int(_, x)) => V::Prim(kind, x),
                Some(Value::Double(d)) => match ty {
                    Type::Double => V::Prim(kind, bits_f64(d)),
                    _ => return None,
                },
                None => V::Prim(kind, 0),
            });
        }
        let element = match ty {
            Type::Array(element) => (**element).clone(),
            Type::String => Type::Char,
            _ => return None,
        };
        let Some(&r) = self
            .reference_ids
            .get(&Reference::Input(key.clone(), ty.clone()))
        else {
            // Never read: any array (or string) will do.
            return Some(match ty {
                Type::String => V::Str(std::sync::Arc::from(Vec::new())),
                _ => V::Array(element, Vec::new()),
            });
        };
        let null = self.inputs.get(&Input::Null(r)).map(|&v| model.get(v));
        if null == Some(Value::boolean(true)) {
            return Some(V::Null);
        }
        let length = match self.inputs.get(&Input::Length(r)).map(|&v| model.get(v)) {
            Some(Value::Int(_, n)) => n,
            _ => 0,
        };
        if !(0..=max_length).contains(&length) {
            return None;
        }
        let default = if element.is_primitive() {
            V::Prim(Kind::of(&element), 0)
        } else {
            V::Null
        };
        let mut items = vec![default; length as usize];
        // Element reads, primitive or reference, in a fixed order (a model may give two reads
        // of one cell different values; the test run sorts that out, but the same way each time).
        let mut reads: Vec<&Input> = self
            .inputs
            .keys()
            .chain(self.reference_ids.keys().filter_map(|r| match r {
                Reference::Input(k, _) => Some(k),
                Reference::Null
                | Reference::Literal(_)
                | Reference::Fresh { .. }
                | Reference::Choice { .. } => None,
            }))
            .filter(|k| matches!(k, Input::Element(a, _, 0) if *a == r))
            .collect();
        reads.sort_by_key(|k| format!("{k:?}"));
        reads.dedup();
        for key in reads {
            let Input::Element(_, index, _) = key else {
                continue;
            };
            let Ok(Value::Int(_, i)) = self.problem.eval(*index, model) else {
                continue;
            };
            if (0..length).contains(&i) {
                items[i as usize] = self.witness_value(model, key, &element, max_length)?;
            }
        }
        if *ty == Type::String {
            let chars = items.iter().map(|v| match v {
                V::Prim(_, c) => *c as u16,
                _ => 0,
            });
            return Some(V::Str(chars.collect::<Vec<u16>>().into()));
        }
        Some(V::Array(element, items))
    }
}

//! A test's setup on the machine (issue 48): the receiver of an instance method built by a
//! constructor call and then calls of its class's methods, as a person writes a test, and
//! calls dispatched on the receiver's class as Java dispatches them (JLS §15.12.4.4).

use super::machine::{Loading, Machine, Object};
use super::outcome::{Receiver, RunError, Termination, Value};
use crate::program::reader::ir::*;

impl Machine<'_> {
    /// Whether `receiver` (a constructor call of `class` and a setup) is built without
    /// throwing, after the static initializers: a setup a test may start from.
    pub fn builds(&mut self, class: u32, receiver: &Receiver) -> bool {
        let program = self.program;
        self.reset();
        for &c in &program.initialization_order {
            if self.call(program.initializers[c as usize], &[]).is_err() {
                return false;
            }
        }
        let this = Type::Class(ClassType::plain(
            class,
            program.class_names[class as usize].as_str(),
        ));
        match self.load_value(&receiver.built, &this) {
            Ok(object) if object > 0 => {
                matches!(self.setup_calls(class, object, &receiver.calls), Ok(Ok(())))
            }
            _ => false,
        }
    }

    /// Calls `calls` (methods of `class`) on `object` in order, dispatched on its class as
    /// calls in a test are: `Err` when a call does not fit, `Ok(Err(t))` when one ends the
    /// run (it threw).
    pub(super) fn setup_calls(
        &mut self,
        class: u32,
        object: i64,
        calls: &[(u32, Vec<Value>)],
    ) -> Result<Result<(), Termination>, RunError> {
        let program = self.program;
        for (method, args) in calls {
            let m = *method as usize;
            let function = program.index[class as usize].get(m).copied().flatten();
            let (Some(function), Some((params, _, false))) =
                (function, program.signatures[class as usize].get(m))
            else {
                return Err(RunError::BadArguments(format!(
                    "setup call of method {method}: not an instance method roth runs"
                )));
            };
            if program.constructors[class as usize][m] || params.len() != args.len() {
                return Err(RunError::BadArguments(format!(
                    "setup call of method {method}: not a method taking {} argument(s)",
                    args.len()
                )));
            }
            let mut handles = Vec::with_capacity(args.len() + 1);
            for (v, t) in args.iter().zip(params) {
                match self.load_value(v, t) {
                    Ok(h) => handles.push(h),
                    Err(Loading::Bad(e)) => return Err(RunError::BadArguments(e)),
                    Err(Loading::Thrown(thrown)) => return Ok(Err(self.ended(thrown))),
                }
            }
            handles.push(object);
            let function = self.dispatched(class, *method, function, object);
            if let Err(thrown) = self.execute(function, &handles) {
                return Ok(Err(self.ended(thrown)));
            }
        }
        Ok(Ok(()))
    }

    /// The function a call of `class`'s method `method` (compiled as `function`) runs on
    /// `object`: the override of the object's class, if the method can be overridden.
    pub(super) fn dispatched(&self, class: u32, method: u32, function: u32, object: i64) -> u32 {
        let program = self.program;
        match (program.slots[class as usize][method as usize], object) {
            (Some(slot), object) if object > 0 => match &self.heap[object as usize - 1] {
                Object::Instance { class: runtime, .. } => {
                    program.vtables[*runtime as usize][slot as usize].unwrap_or(function)
                }
                _ => function,
            },
            _ => function,
        }
    }
}

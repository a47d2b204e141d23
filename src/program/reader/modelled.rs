//! What the proofs of equivalence and the software D-algorithm model of a unit (Zhang 2021,
//! ch. 2-3, on primitives, strings and arrays): a method that works with objects, handles
//! exceptions, or runs in a class hierarchy is left to the tests, with the reason said.

use crate::program::reader::ir::*;

impl Unit {
    /// The declared method whose code `method` of `class` is: a lambda's method is the
    /// method the lambda is written in, a local or anonymous class's method the method
    /// declaring the class (a test reaches them by calling that one); any other method is
    /// itself.
    pub fn written_in(&self, class: u32, method: u32) -> (u32, u32) {
        let (class, method) = match self.method(class, method).lambda {
            Some(LambdaOrigin {
                enclosing: Some(m), ..
            }) => (class, m),
            _ => (class, method),
        };
        // A local or anonymous class's code is the code of the method declaring it.
        match self.classes[class as usize].declared_in {
            Some(m) => self.written_in(m.class, m.method),
            None => (class, method),
        }
    }

    /// Whether `class` extends or implements one of the unit's classes, or one extends or
    /// implements it.
    pub(crate) fn in_hierarchy(&self, class: u32) -> bool {
        let c = &self.classes[class as usize];
        c.superclass.is_some()
            || !c.interfaces.is_empty()
            || self
                .classes
                .iter()
                .any(|d| d.superclass == Some(class) || d.interfaces.contains(&class))
    }

    /// Whether any method of the file catches exceptions.
    pub(crate) fn catches_anywhere(&self) -> bool {
        self.classes[..self.file_classes()].iter().any(|c| {
            c.methods
                .iter()
                .any(|m| m.body.as_ref().is_ok_and(Body::handles_exceptions))
        })
    }

    /// Why the proofs and the software D-algorithm do not model a method: what a mutant they
    /// leave to the tests is reported with.
    pub(crate) fn not_modelled_reason(&self, class: u32, method: u32) -> &'static str {
        if let Some(why) = self.proofs_decline(class, method) {
            why
        } else if self.touches_objects(class, method) {
            "the method works with objects, which the search does not model"
        } else {
            "the proofs do not model the method"
        }
    }

    /// Why the local proofs leave a whole method alone, or `None` when they take it. A method
    /// that works with objects is taken: its regions that read an object, call one's methods
    /// or make one are not modelled (the symbolic executor says so, and no proof rests on
    /// them), and the rest (primitives, strings, arrays, calls as functions the executor does
    /// not know) are proved as in any method. Left alone: code whose place in a run the
    /// proofs cannot see (a lambda's, a local class's, an instance method an override may
    /// replace), and control flow they do not model (exceptions caught, or messages a catch
    /// may read).
    pub(crate) fn proofs_decline(&self, class: u32, method: u32) -> Option<&'static str> {
        let target = self.method(class, method);
        let Ok(body) = &target.body else {
            return Some("the method is outside the supported subset");
        };
        if target.lambda.is_some() {
            return Some("the mutant is in a lambda, which the proofs and the search do not model");
        }
        if self.classes[class as usize].local.is_some() {
            return Some(
                "the mutant is in a local or anonymous class, which the proofs and the search do not model",
            );
        }
        // In a hierarchy, a call on `this` may run a subclass's override: the proofs, which
        // follow the declared callee, would not see it.
        if !target.is_static && self.in_hierarchy(class) {
            return Some(
                "the method is an instance method in a class hierarchy, which the proofs and the search do not model",
            );
        }
        // Statements the compiler writes (a record's compact constructor ends by storing its
        // parameters, an inner class's starts by storing its enclosing instance) have no
        // place in the text, where the regions and the liveness find statements.
        if has_written_statements(&body.stmts) {
            return Some(
                "the method holds code the compiler writes (a record's compact constructor), which the proofs do not model",
            );
        }
        if body.handles_exceptions() {
            return Some(
                "the method catches or throws exception objects, which the proofs and the search do not model",
            );
        }
        // A message is an outcome only where a `catch` can read it: then a mutant in it is
        // not equivalent just because the method's own outcomes agree.
        if body.throws_messages() && self.catches_anywhere() {
            return Some(
                "the method throws messages that a catch may read, which the proofs do not model",
            );
        }
        None
    }

    /// Whether a method works with objects of the unit's classes (values of their types,
    /// `this` as a value, `new`, the fields or methods of another object, a constructor
    /// calling another, an instance method of a class in a hierarchy), itself or through the
    /// methods it calls. The software D-algorithm models primitives, strings and arrays
    /// only: it leaves such methods alone, and their mutants to the tests and the proofs.
    pub(crate) fn touches_objects(&self, class: u32, method: u32) -> bool {
        let mut seen = vec![(class, method)];
        let mut next = 0;
        while next < seen.len() {
            let (c, m) = seen[next];
            next += 1;
            let target = self.method(c, m);
            // A lambda's code runs when an object calls it: tests reach it through the
            // method making that object, which works with objects.
            if target.lambda.is_some()
                || self.classes[c as usize].local.is_some()
                || target.ret.has_objects()
                || target.params.iter().any(Type::has_objects)
            {
                return true;
            }
            // In a hierarchy, a call on `this` may run a subclass's override: the proofs,
            // which follow the declared callee, would not see it.
            if !target.is_static && self.in_hierarchy(c) {
                return true;
            }
            let Ok(body) = &target.body else {
                continue;
            };
            if body.locals.iter().any(|l| l.ty.has_objects()) || body.handles_exceptions() {
                return true;
            }
            // A message is an outcome only where a `catch` can read it: then a mutant in it
            // is not equivalent just because the method's own outcomes agree.
            if body.throws_messages() && self.catches_anywhere() {
                return true;
            }
            let mut touches = false;
            visit_stmts(&body.stmts, &mut |e: &Expr| {
                touches |= e.ty.has_objects() || e.kind.works_with_objects();
                if let ExprKind::Call { method: callee, .. } = &e.kind {
                    touches |= self.method(callee.class, callee.method).is_constructor;
                    if !seen.contains(&(callee.class, callee.method)) {
                        seen.push((callee.class, callee.method));
                    }
                }
            });
            if touches {
                return true;
            }
        }
        false
    }
}

/// Whether any statement has no text: the compiler wrote it.
fn has_written_statements(stmts: &[Stmt]) -> bool {
    fn written(s: &Stmt) -> bool {
        s.span == Span::default() || s.substatements().into_iter().any(written)
    }
    stmts.iter().any(written)
}

#[cfg(test)]
mod tests {
    use crate::program::load;

    #[test]
    fn a_method_left_to_the_tests_says_why() {
        let source = r#"
class T {
    static class P { int x; }
    static int plain(int a) { return a + 1; }
    static int field(P p) { return p.x; }
    static String text(String s) { return s + s.hashCode(); }
    static int outside(int a) { synchronized (T.class) { return a; } }
}
"#;
        let unit = load("T.java", source).expect("loads");
        let reason = |name: &str| {
            let (class, method) = unit.find_method(name).expect("declared");
            (
                unit.touches_objects(class, method),
                unit.not_modelled_reason(class, method),
            )
        };
        assert!(!reason("plain").0);
        let (touches, why) = reason("field");
        assert!(touches && why.contains("works with objects"), "{why}");
        // A String's hashCode is Object's method, which an override may run: not modelled.
        assert!(reason("text").0);
        assert!(reason("outside").1.contains("outside the supported subset"));
    }
}

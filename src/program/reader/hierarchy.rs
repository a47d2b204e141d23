//! The class hierarchy of the classes read (JLS §8.1.4-8.1.5, §9.1.3): what each class
//! extends and implements among the code base's classes (a cycle cut), its ancestors, and
//! the supertypes with their type arguments that generics substitute along.

use tree_sitter::Node;

use crate::program::reader::declarations::FileChecker;
use crate::program::reader::ir::*;
use crate::program::reader::syntax::named_children;

/// What a class extends and implements among the file's classes and interfaces.
#[derive(Clone, Default)]
pub(super) struct Hierarchy {
    pub(super) superclass: Option<u32>,
    pub(super) interfaces: Vec<u32>,
    /// A supertype outside the file whose state roth would not see (`extends Thread`).
    pub(super) problem: Option<String>,
}

impl<'t> FileChecker<'_, 't> {
    /// The supertypes a class declaration names among the code base's classes, with their
    /// type arguments.
    pub(super) fn generic_supertypes(&self, node: Node<'t>, id: u32) -> Vec<Type> {
        let mut written = Vec::new();
        // `new S(...) { ... }` extends or implements `S` (JLS §15.9.5).
        if self.is_anonymous(id) {
            // An enum constant's body extends its enum.
            if node.kind() == "enum_constant"
                && let Some(e) = self.class_names[id as usize].1
            {
                return vec![self.class_type(e)];
            }
            let Some(created) = node.child_by_field_name("type") else {
                return Vec::new();
            };
            if is_diamond(created) {
                return self
                    .diamond_supertype(node, created, id)
                    .into_iter()
                    .collect();
            }
            written.push(created);
        }
        if let Some(sc) = node.child_by_field_name("superclass") {
            written.extend(named_children(sc));
        }
        for list in named_children(node)
            .into_iter()
            .filter(|c| matches!(c.kind(), "super_interfaces" | "extends_interfaces"))
        {
            for tl in named_children(list) {
                written.extend(named_children(tl));
            }
        }
        written
            .into_iter()
            .filter_map(|t| self.ty(t, id).ok())
            .filter(|t| t.class().is_some())
            .collect()
    }

    /// The type an anonymous class with `<>` extends (JLS §15.9.3): `S<A>` when the
    /// expression initializes a declaration of type `S<A>` or is returned by a method
    /// declared to return it, where inference gives what is written. `None` elsewhere (an
    /// argument, an assignment, another target type): the class is refused where used.
    fn diamond_supertype(&self, node: Node<'t>, created: Node<'t>, id: u32) -> Option<Type> {
        let parent = node.parent()?;
        let target = match parent.kind() {
            "variable_declarator" if parent.child_by_field_name("value") == Some(node) => {
                let declaration = parent.parent()?;
                let dimensions = parent.child_by_field_name("dimensions");
                match declaration.kind() {
                    "local_variable_declaration" | "field_declaration" if dimensions.is_none() => {
                        declaration.child_by_field_name("type")?
                    }
                    _ => return None,
                }
            }
            "return_statement" => {
                let mut up = parent.parent();
                while let Some(n) = up {
                    match n.kind() {
                        "method_declaration" => break,
                        "lambda_expression" | "constructor_declaration" | "class_body" => {
                            return None;
                        }
                        _ => up = n.parent(),
                    }
                }
                let method = up?;
                if method.child_by_field_name("dimensions").is_some() {
                    return None;
                }
                method.child_by_field_name("type")?
            }
            _ => return None,
        };
        let target = self.ty(target, id).ok()?;
        let written = self.ty(created, id).ok()?;
        match (&target, &written) {
            (Type::Class(t), Type::Class(w)) if t.id == w.id && !t.args.is_empty() => Some(target),
            // `Map<String, Integer> m = new HashMap<>() {{ ... }}`: the created class's
            // arguments are those that make it the target seen as its supertype.
            (Type::Class(t), Type::Class(w)) if !t.args.is_empty() => {
                let own = self.generic_self(w.id);
                let seen = self.as_super(&own, t.id, 0)?;
                let variables: Vec<TypeVariable> = self.type_parameters[w.id as usize]
                    .iter()
                    .map(|p| p.variable.clone())
                    .collect();
                let mut found = vec![None; variables.len()];
                let boxed = |ty: &Type| self.boxed_type(ty);
                self.infer(&seen, &target, &variables, &mut found, &boxed);
                let args: Option<Vec<Type>> = found.into_iter().collect();
                Some(Type::Class(ClassType {
                    args: args?.into(),
                    ..w.clone()
                }))
            }
            _ => None,
        }
    }

    /// Reads what each gathered class extends and implements (names resolved among the
    /// file's classes; `Object` and the library's interfaces are left out).
    pub(super) fn read_hierarchy(&mut self, nodes: &[(Node<'t>, Option<u32>)]) {
        let mut out = Vec::new();
        for (id, (node, _)) in nodes.iter().enumerate() {
            let id = id as u32;
            let mut h = Hierarchy::default();
            let base_name = |n: Node| -> String {
                let t = self.text(n);
                t.split('<').next().unwrap_or(t).trim().to_string()
            };
            let anonymous = self
                .is_anonymous(id)
                .then(|| node.child_by_field_name("type"))
                .flatten();
            if node.kind() == "enum_constant" {
                h.superclass = self.class_names[id as usize].1;
            }
            if let Some(t) = anonymous {
                let name = base_name(t);
                match self.class_named_at(&name, id, t.start_byte()) {
                    Some(c)
                        if nodes
                            .get(c as usize)
                            .is_some_and(|(n, _)| n.kind() == "interface_declaration") =>
                    {
                        h.interfaces.push(c);
                    }
                    Some(c) => h.superclass = Some(c),
                    None if matches!(name.as_str(), "Object" | "java.lang.Object") => {}
                    None => h.problem = Some(format!("extends {name}")),
                }
            }
            if let Some(sc) = node.child_by_field_name("superclass")
                && let Some(t) = named_children(sc).into_iter().next()
            {
                let name = base_name(t);
                match self.class_named_at(&name, id, t.start_byte()) {
                    Some(c) => h.superclass = Some(c),
                    None if matches!(name.as_str(), "Object" | "java.lang.Object") => {}
                    None => h.problem = Some(format!("extends {name}")),
                }
            }
            let lists = named_children(*node)
                .into_iter()
                .filter(|c| matches!(c.kind(), "super_interfaces" | "extends_interfaces"));
            for list in lists {
                for tl in named_children(list) {
                    for t in named_children(tl) {
                        if let Some(c) = self.class_named_at(&base_name(t), id, t.start_byte()) {
                            h.interfaces.push(c);
                        }
                    }
                }
            }
            out.push(h);
        }
        // A cycle (not valid Java) is cut, so walks up the hierarchy end.
        for id in 0..out.len() {
            let mut seen = vec![id as u32];
            let mut c = out[id].superclass;
            while let Some(k) = c {
                if seen.contains(&k) {
                    out[id].superclass = None;
                    break;
                }
                seen.push(k);
                // The library's throwables (past the file's classes) form no cycle.
                c = out.get(k as usize).and_then(|h| h.superclass);
            }
        }
        self.hierarchy = out;
    }

    /// The classes and interfaces `class` extends or implements, directly or not: the
    /// superclasses nearest first, then the interfaces.
    pub(super) fn ancestors(&self, class: u32) -> Vec<u32> {
        let mut out = Vec::new();
        let mut c = self
            .hierarchy
            .get(class as usize)
            .and_then(|h| h.superclass);
        while let Some(k) = c {
            out.push(k);
            c = self.hierarchy[k as usize].superclass;
        }
        let mut queue: Vec<u32> = std::iter::once(class).chain(out.clone()).collect();
        let mut i = 0;
        while i < queue.len() {
            let k = queue[i];
            i += 1;
            for &j in &self.hierarchy[k as usize].interfaces {
                if !out.contains(&j) && j != class {
                    out.push(j);
                    queue.push(j);
                }
            }
        }
        out
    }

    /// The superclass of `class` among the file's classes.
    pub(super) fn superclass(&self, class: u32) -> Option<u32> {
        self.hierarchy
            .get(class as usize)
            .and_then(|h| h.superclass)
    }

    /// Why objects of `class` have state roth does not see (a supertype outside the file),
    /// if they do.
    pub(super) fn hierarchy_problem(&self, class: u32) -> Option<String> {
        std::iter::once(class)
            .chain(self.ancestors(class))
            .find_map(|c| self.hierarchy[c as usize].problem.clone())
    }
}

/// Whether a created type is written with `<>` (`new Box<>(...)`).
pub(super) fn is_diamond(ty: Node) -> bool {
    ty.kind() == "generic_type"
        && named_children(ty)
            .iter()
            .any(|c| c.kind() == "type_arguments" && named_children(*c).is_empty())
}

#[cfg(test)]
mod tests {
    use crate::program::load;

    #[test]
    fn a_class_extending_one_roth_does_not_read_says_so() {
        let source = r#"
public class Sub extends Missing {
    public Sub(int n) { super(n); }
    public int f(int x) { return x + 1; }
}
"#;
        let unit = load("Sub.java", source).expect("loads");
        let why = |name: &str| {
            let (c, m) = unit.find_method(name).expect("declared");
            unit.method(c, m).body.clone().err().map(|d| d.message)
        };
        // Not javac's message about Object's constructor: roth does not know the class.
        assert_eq!(
            why("Sub").as_deref(),
            Some("super(...) of a class that extends Missing is outside the supported subset")
        );
        assert_eq!(
            why("f").as_deref(),
            Some("its class extends Missing, whose state is outside the supported subset")
        );
    }
}

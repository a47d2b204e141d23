//! A code base: the Java files under a folder, for test generation and mutation scoring over
//! many files at once, and for sharding that work over the nodes of a batch scheduler. The
//! item of sharding is a file with its mutants for test generation (one campaign per file, so
//! the merge of the parts is exactly one run's result) and a method with its mutants for
//! scoring, weighed by its number of mutants; the cut itself is [`crate::flow::shard::cut`],
//! the same as the circuit side's.

use std::path::{Path, PathBuf};

/// A Java file of a code base.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceFile {
    /// The path below the code base's folder, with `/` between names (the file's own name
    /// when the code base is one file).
    pub relative: String,
    pub path: PathBuf,
}

/// The `.java` files under `root` in the order of their relative paths, or `root` itself when
/// it is a file. Hidden folders and files (names starting with `.`) are skipped and symbolic
/// links to folders are not followed (so a link cannot make a loop).
pub fn java_files(root: &Path) -> std::io::Result<Vec<SourceFile>> {
    if !std::fs::metadata(root)?.is_dir() {
        let name = root.file_name().map_or_else(
            || root.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        return Ok(vec![SourceFile {
            relative: name,
            path: root.to_path_buf(),
        }]);
    }
    let mut out = Vec::new();
    let mut folders = vec![(root.to_path_buf(), String::new())];
    while let Some((folder, prefix)) = folders.pop() {
        for entry in std::fs::read_dir(&folder)? {
            let entry = entry?;
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.starts_with('.') {
                continue;
            }
            let kind = entry.file_type()?;
            let relative = format!("{prefix}{name}");
            if kind.is_dir() {
                folders.push((entry.path(), format!("{relative}/")));
            } else if name.ends_with(".java") && (kind.is_file() || entry.path().is_file()) {
                out.push(SourceFile {
                    relative,
                    path: entry.path(),
                });
            }
        }
    }
    out.sort_by(|a, b| a.relative.cmp(&b.relative));
    Ok(out)
}

/// The part (from 0) of each item (file or method) of a code base, given each item's number of
/// mutants in the code base's order (files by relative path, methods in source order):
/// consecutive runs of about equal numbers of mutants, so a file's methods mostly stay
/// together.
pub fn item_parts(mutants_per_item: &[usize], count: usize) -> Vec<usize> {
    let weights: Vec<u64> = mutants_per_item.iter().map(|&m| m as u64).collect();
    crate::flow::shard::cut(&weights, count)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_found_in_order_and_hidden_ones_skipped() {
        let dir = std::env::temp_dir().join(format!("roth-codebase-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for f in [
            "b/B.java",
            "a/z/Z.java",
            "A.java",
            ".git/X.java",
            "a/.C.java",
            "a/n.txt",
        ] {
            let p = dir.join(f);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, "class X {}").unwrap();
        }
        let names: Vec<String> = java_files(&dir)
            .unwrap()
            .into_iter()
            .map(|f| f.relative)
            .collect();
        assert_eq!(names, ["A.java", "a/z/Z.java", "b/B.java"]);
        let one = java_files(&dir.join("A.java")).unwrap();
        assert_eq!(one[0].relative, "A.java");
        assert!(java_files(&dir.join("missing")).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

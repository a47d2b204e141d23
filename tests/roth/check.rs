//! `roth check`: the share of methods roth accepts over files and folders, the reasons of the
//! others ranked, and the shipped programs all accepted.

use serde_json::Value;

use crate::helpers::{project_file, roth, scratch_dir, stderr, stdout};

/// A small code base: one file accepted whole, one with `java.io.File` parameters and a
/// method calling one of them, one with a syntax error outside any method. Each test names its
/// own folder: tests run in parallel, and one rebuilding a shared folder would empty another's.
fn code_base(name: &str) -> std::path::PathBuf {
    let dir = scratch_dir(name);
    let files = [
        (
            "Fine.java",
            "public class Fine {\n    static int twice(int a) { return 2 * a; }\n    \
             static int add(int a, int b) { return a + b; }\n}\n",
        ),
        (
            "lists/Lists.java",
            "import java.io.File;\n\npublic class Lists {\n    \
             static int first(File xs) { return 0; }\n    \
             static int count(File names, int extra) { return extra; }\n    \
             static int callFirst() { return first(null) + 1; }\n    \
             static int parse(String s) { return Integer.decode(s); }\n    \
             static int plain(int a) { return a; }\n}\n",
        ),
        (
            "Broken.java",
            "public class Broken {\n    int x = ;\n    static int f() { return 1; }\n}\n",
        ),
    ];
    for (name, text) in files {
        let path = dir.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    dir
}

#[test]
fn check_counts_accepted_methods_and_ranks_the_reasons() {
    let dir = code_base("check_counts");
    let o = roth(&dir, &["check", ".", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let report: Value = serde_json::from_str(&stdout(&o)).unwrap();
    let files: Vec<(String, Value, Value)> = report["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            let name = f["file"].as_str().unwrap().replace('\\', "/");
            (name, f["methods"].clone(), f["accepted"].clone())
        })
        .collect();
    let expected = [
        ("./Broken.java", Value::Null, Value::Null),
        ("./Fine.java", 2.into(), 2.into()),
        ("./lists/Lists.java", 5.into(), 1.into()),
    ];
    assert_eq!(files.len(), expected.len(), "{files:?}");
    for ((name, methods, accepted), (want, m, a)) in files.iter().zip(expected) {
        assert_eq!((name.as_str(), methods, accepted), (want, &m, &a));
    }
    let error = &report["files"][0]["error"];
    assert_eq!(error["message"], "syntax error");
    assert!(
        error["place"]
            .as_str()
            .unwrap()
            .ends_with("Broken.java:2:11")
    );
    let summary = &report["summary"];
    assert_eq!(summary["files"], 3);
    assert_eq!(summary["files_not_read"], 1);
    assert_eq!(summary["methods"], 7);
    assert_eq!(summary["accepted"], 3);
    assert_eq!(summary["skipped"], 4);
    let share = summary["share_percent"].as_f64().unwrap();
    assert!((share - 300.0 / 7.0).abs() < 1e-9, "{share}");
    let reasons: Vec<(&str, u64, bool)> = report["reasons"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let key = r["key"].as_str().unwrap();
            (
                key,
                r["count"].as_u64().unwrap(),
                r["secondary"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        reasons,
        [
            ("type File", 2, false),
            ("calls an unsupported method", 1, true),
            ("library Integer.decode", 1, false),
        ]
    );
    let skipped = report["files"][2]["skipped"].as_array().unwrap();
    let first = skipped
        .iter()
        .find(|s| s["method"] == "Lists.first(...)")
        .unwrap();
    assert!(
        first["place"]
            .as_str()
            .unwrap()
            .ends_with("Lists.java:4:22")
    );
    assert!(
        first["message"]
            .as_str()
            .unwrap()
            .starts_with("type File is outside")
    );

    // The tables: one line per file, the summary, and the reasons in the same order.
    let o = roth(&dir, &["check", ".", "--verbose"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("Fine.java: 2 of 2 methods accepted\n"),
        "{out}"
    );
    assert!(
        out.contains("Lists.java: 1 of 5 methods accepted\n"),
        "{out}"
    );
    assert!(
        out.contains("Broken.java:2:11: syntax error (file not read"),
        "{out}"
    );
    assert!(
        out.contains("Lists.java:6:37: Lists.callFirst(): "),
        "{out}"
    );
    assert!(out.contains("share 42.9 %"), "{out}");
    let rows: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("reason "))
        .skip(1)
        .collect();
    assert_eq!(rows.len(), 3, "{out}");
    for (row, (key, count, secondary)) in rows.iter().zip(&reasons) {
        let words: Vec<&str> = row[key.len()..].split_whitespace().collect();
        assert!(row.starts_with(key), "{row}");
        assert_eq!(words[0], count.to_string(), "{row}");
        assert_eq!(words[3], if *secondary { "secondary" } else { "primary" });
    }
    assert!(rows[0].contains(" 50.0 % "), "{out}");
    assert!(rows[1].contains(" 25.0 % "), "{out}");

    // The same input gives the same output.
    assert_eq!(stdout(&roth(&dir, &["check", ".", "--verbose"])), out);
}

#[test]
fn check_refuses_a_missing_path_by_name() {
    let dir = code_base("check_missing_path");
    let o = roth(&dir, &["check", "Fine.java", "no-such-folder"]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert!(stderr(&o).contains("no-such-folder"), "{}", stderr(&o));
    assert!(stdout(&o).is_empty());
}

/// Every shipped program at the top of `programs/` is inside the subset, every method of it.
#[test]
fn check_accepts_every_method_of_the_shipped_programs() {
    let o = roth(&project_file(""), &["check", "programs/", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let report: Value = serde_json::from_str(&stdout(&o)).unwrap();
    let mut top_level = 0;
    for file in report["files"].as_array().unwrap() {
        let name = file["file"].as_str().unwrap().replace('\\', "/");
        let Some(name) = name.strip_prefix("programs/").filter(|n| !n.contains('/')) else {
            continue;
        };
        top_level += 1;
        let methods = file["methods"].as_u64().unwrap_or(0);
        assert!(methods > 0, "{name}: {file}");
        assert_eq!(file["accepted"], methods, "{name}: {}", file["skipped"]);
    }
    assert!(top_level >= 26, "{top_level} top-level programs");
    for (name, methods) in [("Mid", 1), ("Triangle", 1), ("QuickSort", 4), ("Words", 5)] {
        let file = report["files"]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["file"] == format!("programs/{name}.java"))
            .unwrap_or_else(|| panic!("programs/{name}.java is checked"));
        assert_eq!(
            (&file["methods"], &file["accepted"]),
            (&methods.into(), &methods.into())
        );
    }
}

//! A code base as one program: a file using classes of other files and packages is read with
//! them (`--source-root`, or the folder of a folder command), its methods accepted, run, and
//! tested; the JUnit class compiles with the code base and fails on exactly the killed mutants.

use std::path::{Path, PathBuf};

use crate::helpers::{roth, scratch_dir, stderr, stdout};
use crate::java::{javac_with, jdk, run_tool};

const ITEM: &str = "package com.shop.model;

/// An item for sale.
public class Item {
    private final String name;
    private final int price;

    public Item(String name, int price) {
        this.name = name;
        this.price = price;
    }

    public int price() {
        return price;
    }

    public boolean expensive() {
        return price > 100;
    }
}
";

const DISCOUNT: &str = "package com.shop.model;

/// Percentages off a price.
public class Discount {
    public static int apply(int price, int percent) {
        if (percent <= 0) {
            return price;
        }
        if (percent >= 100) {
            return 0;
        }
        return price - price * percent / 100;
    }
}
";

const CART: &str = "package com.shop;

import com.shop.model.Item;
import com.shop.model.*;

/// Totals of a cart, with the shop's discounts.
public class Cart {
    public static int total(int[] prices, int percent) {
        int sum = 0;
        for (int p : prices) {
            sum += Discount.apply(p, percent);
        }
        return sum;
    }

    public static int priceOf(Item item, int percent) {
        if (item == null) {
            return 0;
        }
        int p = Discount.apply(item.price(), percent);
        return item.expensive() ? p - 1 : p;
    }
}
";

/// The code base under `dir/src`: (relative path, text) of each file.
fn code_base(dir: &Path) -> PathBuf {
    let root = dir.join("src");
    let _ = std::fs::remove_dir_all(&root);
    for (path, text) in [
        ("com/shop/model/Item.java", ITEM),
        ("com/shop/model/Discount.java", DISCOUNT),
        ("com/shop/Cart.java", CART),
    ] {
        let file = root.join(path);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(file, text).unwrap();
    }
    root
}

#[test]
fn a_file_is_read_with_the_classes_of_its_code_base() {
    let dir = scratch_dir("sources_read");
    code_base(&dir);
    // Alone (in a folder that does not spell its package), Cart's methods name classes roth
    // cannot see.
    std::fs::create_dir_all(dir.join("alone")).unwrap();
    std::fs::write(dir.join("alone/Cart.java"), CART).unwrap();
    let o = roth(&dir, &["check", "alone/Cart.java", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let alone: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(alone["summary"]["accepted"], 0, "{alone}");
    // With its code base, every method of every file.
    for args in [
        vec!["check", "src", "--json"],
        vec![
            "check",
            "src/com/shop/Cart.java",
            "--source-root",
            "src",
            "--json",
        ],
        // The source root its package's folders lead to (Maven and Gradle layouts).
        vec!["check", "src/com/shop/Cart.java", "--json"],
    ] {
        let o = roth(&dir, &args);
        assert!(o.status.success(), "{}", stderr(&o));
        let report: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
        assert_eq!(
            report["summary"]["accepted"], report["summary"]["methods"],
            "{args:?}: {report}"
        );
    }
    let exec = |args: &[&str]| {
        let mut all = vec![
            "exec",
            "src/com/shop/Cart.java",
            "--source-root",
            "src",
            "--method",
        ];
        all.extend(args);
        let o = roth(&dir, &all);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        stdout(&o).lines().next().unwrap_or("").to_string()
    };
    // 200 less 10 %, less one for an expensive item.
    assert_eq!(
        exec(&["priceOf", "--", "new Item(\"tv\", 200)", "10"]),
        "return 179"
    );
    assert_eq!(exec(&["priceOf", "--", "null", "10"]), "return 0");
    assert_eq!(exec(&["total", "--", "{100, 50}", "50"]), "return 75");
    // Without --source-root, from inside the package's folder: the root is found.
    let o = roth(
        &dir.join("src/com/shop"),
        &[
            "exec",
            "Cart.java",
            "--method",
            "priceOf",
            "--",
            "null",
            "1",
        ],
    );
    assert_eq!(
        stdout(&o).lines().next(),
        Some("return 0"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn testgen_over_a_code_base_kills_the_mutants_on_the_jvm() {
    let dir = scratch_dir("sources_testgen");
    code_base(&dir);
    let o = roth(
        &dir,
        &[
            "testgen",
            "src",
            "--out-dir",
            "junit",
            "--report",
            "report.json",
            "-q",
        ],
    );
    assert!(matches!(o.status.code(), Some(0 | 1)), "{}", stderr(&o));
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("report.json")).unwrap()).unwrap();
    let cart = report["files"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["file"] == "com/shop/Cart.java")
        .expect("Cart's row")
        .clone();
    let killed: Vec<u64> = cart["killed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k.as_u64().unwrap())
        .collect();
    assert!(
        killed.len() * 10 >= cart["mutants"].as_u64().unwrap() as usize * 8,
        "{cart}"
    );
    let test_file = dir.join("junit/com/shop/CartTest.java");
    let test_source = std::fs::read_to_string(&test_file).unwrap();
    assert!(test_source.contains("package com.shop;"), "{test_source}");
    // The mutants, each a whole file, for the JVM.
    let o = roth(
        &dir,
        &[
            "mutate",
            "src/com/shop/Cart.java",
            "--source-root",
            "src",
            "--emit-dir",
            "mutants",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let (Some((javac, java)), Some(jar)) = (jdk(), crate::testgen::junit_jar()) else {
        return;
    };
    let tools = javac_with(
        &javac,
        Some(&jar),
        &[crate::helpers::project_file(
            "tests/roth/java/JUnitEach.java",
        )],
        &dir.join("tools"),
    );
    // Each version in a folder of its own with the rest of the code base (javac takes files
    // of any package from one folder); the test class is compiled against the original.
    let version = |name: &str, cart: &str| -> PathBuf {
        let folder = dir.join("runs").join(name);
        let _ = std::fs::remove_dir_all(&folder);
        std::fs::create_dir_all(&folder).unwrap();
        std::fs::write(folder.join("Item.java"), ITEM).unwrap();
        std::fs::write(folder.join("Discount.java"), DISCOUNT).unwrap();
        std::fs::write(folder.join("Cart.java"), cart).unwrap();
        folder
    };
    let original = version("original", CART);
    let test_classes = javac_with(
        &javac,
        Some(&jar),
        &[
            original.join("Item.java"),
            original.join("Discount.java"),
            original.join("Cart.java"),
            test_file,
        ],
        &dir.join("test"),
    );
    for entry in walk(&test_classes) {
        if !entry
            .file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with("CartTest")
        {
            std::fs::remove_file(entry).unwrap();
        }
    }
    let mut list = format!(
        "{}\t{}\tcom.shop.CartTest\n",
        original.display(),
        test_classes.display()
    );
    let mut expected = vec![("original".to_string(), false)];
    for entry in std::fs::read_dir(dir.join("mutants")).unwrap() {
        let entry = entry.unwrap();
        let id: u64 = entry.file_name().to_string_lossy().parse().unwrap();
        let text = std::fs::read_to_string(entry.path().join("Cart.java")).unwrap();
        let folder = version(&id.to_string(), &text);
        list.push_str(&format!(
            "{}\t{}\tcom.shop.CartTest\n",
            folder.display(),
            test_classes.display()
        ));
        expected.push((id.to_string(), killed.contains(&id)));
    }
    let list_file = dir.join("runs.txt");
    std::fs::write(&list_file, &list).unwrap();
    let class_path = std::env::join_paths([jar.as_path(), tools.as_path()]).unwrap();
    let out = run_tool(&java, &class_path, "JUnitEach", &list_file);
    let mut wrong = Vec::new();
    for line in out.lines() {
        let (verdict, rest) = line.split_once(' ').unwrap();
        let folder = match verdict {
            "pass" => rest,
            "fail" => rest.rsplit_once(' ').unwrap().0,
            _ => panic!("{line}: every version must compile"),
        };
        let name = Path::new(folder).file_name().unwrap().to_string_lossy();
        let (_, must_fail) = expected.iter().find(|(n, _)| *n == name).unwrap();
        // A killed mutant must fail; the original must pass (unknown ones are not asserted).
        if (*must_fail && verdict != "fail") || (name == "original" && verdict != "pass") {
            wrong.push(line.to_string());
        }
    }
    assert_eq!(out.lines().count(), expected.len(), "{out}");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The files under `dir`.
fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.push(p);
            }
        }
    }
    out
}

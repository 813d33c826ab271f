//! The core's top-level modules depend on each other one way: no two reach each other, directly
//! or around a loop. A loop means neither can be read, tested or moved without the other
//! (`errors` once took `providers::Limit` while the providers called `errors`; the caps now
//! live in `limits`, below both). Only code counts: doc comments and tests may name any module.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The Rust files of top-level module `name`: `name.rs`, or every file below `name/`.
fn files_of(name: &str) -> Vec<PathBuf> {
    let file = src().join(format!("{name}.rs"));
    if file.is_file() {
        return vec![file];
    }
    let mut out = Vec::new();
    let mut dirs = vec![src().join(name)];
    while let Some(dir) = dirs.pop() {
        for entry in fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    out
}

/// Whether a file holds only tests (`tests.rs`, `*_tests.rs`).
fn is_test_file(path: &Path) -> bool {
    let stem = path.file_stem().unwrap().to_string_lossy();
    stem == "tests" || stem.ends_with("_tests")
}

/// The lines of `text` that are code: no comments, no item marked `#[cfg(test)]` (a one-line or
/// multi-line `mod x;` / `use …;`), and nothing from an inline `mod tests {` on, which by the
/// convention here closes a file.
fn code_lines(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        let line = line.trim();
        if line.starts_with("//") {
            continue;
        }
        if line != "#[cfg(test)]" {
            out.push(line);
            continue;
        }
        match lines.next().map(str::trim) {
            Some(item) if item.starts_with("mod ") && item.ends_with('{') => break,
            Some(item) if !item.ends_with(';') => {
                for rest in lines.by_ref() {
                    if rest.trim_end().ends_with(';') {
                        break;
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// The modules that `text`'s code names as `crate::<module>`.
fn named_modules(text: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for line in code_lines(text) {
        for (at, _) in line.match_indices("crate::") {
            let rest = &line[at + "crate::".len()..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_lowercase() || *c == '_')
                .collect();
            if !name.is_empty() {
                names.insert(name);
            }
        }
    }
    names
}

fn top_level_modules() -> Vec<String> {
    let lib = fs::read_to_string(src().join("lib.rs")).unwrap();
    lib.lines()
        .filter_map(|l| {
            l.strip_prefix("pub mod ")
                .or_else(|| l.strip_prefix("mod "))
        })
        .map(|l| l.trim_end_matches(';').to_string())
        .collect()
}

fn dependencies() -> BTreeMap<String, BTreeSet<String>> {
    let modules = top_level_modules();
    let mut graph = BTreeMap::new();
    for module in &modules {
        let mut deps = BTreeSet::new();
        for file in files_of(module).iter().filter(|f| !is_test_file(f)) {
            deps.extend(named_modules(&fs::read_to_string(file).unwrap()));
        }
        deps.retain(|d| d != module && modules.contains(d));
        graph.insert(module.clone(), deps);
    }
    graph
}

/// A loop through `from`, as the path that closes it, if there is one.
fn loop_through(graph: &BTreeMap<String, BTreeSet<String>>, from: &str) -> Option<Vec<String>> {
    let mut stack = vec![vec![from.to_string()]];
    let mut seen = BTreeSet::new();
    while let Some(path) = stack.pop() {
        for next in &graph[path.last().unwrap()] {
            let mut longer = path.clone();
            longer.push(next.clone());
            if next == from {
                return Some(longer);
            }
            if seen.insert(next.clone()) {
                stack.push(longer);
            }
        }
    }
    None
}

#[test]
fn the_core_modules_depend_on_each_other_one_way() {
    let graph = dependencies();
    assert!(graph.len() >= 7, "lib.rs lists the modules: {graph:?}");
    for module in graph.keys() {
        if let Some(path) = loop_through(&graph, module) {
            panic!("the core's modules form a loop: {}", path.join(" -> "));
        }
    }
}

#[test]
fn a_loop_is_seen() {
    let mut graph = dependencies();
    graph.get_mut("limits").unwrap().insert("providers".into());
    assert!(loop_through(&graph, "limits").is_some());
}

#[test]
fn only_code_names_a_module() {
    let text = "//! see [`crate::errors`]\n#[cfg(test)]\nmod tests;\nuse crate::limits::Limit;\n\
                #[cfg(test)]\nuse crate::spec::{\n    Message,\n};\nuse crate::events;\n\
                #[cfg(test)]\nmod t {\n    use crate::markdown;\n}";
    let named: Vec<String> = named_modules(text).into_iter().collect();
    assert_eq!(named, ["events", "limits"]);
}

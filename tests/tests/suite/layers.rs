//! The runtime's layering, checked: no module names a module of a higher
//! layer (or one of its own layer), and no two files of one module name each
//! other in a circle. The layers are the ones `runtime/src/lib.rs` documents.
//!
//! The check reads `runtime/src` as text: every `use` tree and every inline
//! `crate::`, `super::` and `self::` path outside comments and `#[cfg(test)]`
//! code is resolved to an absolute module path.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Lowest first. A module may name modules of lower layers only.
const LAYERS: &[&[&str]] = &[
    &["shape", "schema", "violation", "memo", "json"],
    &["args"],
    &["render"],
    &["elicit", "dialect", "headers"],
    &["compat", "lenient", "settings"],
    &["__private"],
    &["impls", "integrations"],
];

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|l| l.contains(&module))
}

/// One `.rs` file: its module path (`["args", "check", "keys"]`; a `mod.rs`
/// is the module itself) and its text without comments and test code.
struct File {
    module: Vec<String>,
    is_mod: bool,
    text: String,
}

fn runtime_src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("runtime")
        .join("src")
}

fn read_tree(root: &Path) -> Vec<File> {
    let mut out = Vec::new();
    let mut dirs = vec![root.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        let mut entries: Vec<_> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
            .map(|e| e.expect("a directory entry").path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                dirs.push(path);
                continue;
            }
            if path.extension().and_then(|e| e.to_str()) != Some("rs") {
                continue;
            }
            let rel = path.strip_prefix(root).expect("a path under the root");
            let mut module: Vec<String> = rel
                .iter()
                .map(|c| c.to_string_lossy().trim_end_matches(".rs").to_string())
                .collect();
            let is_mod = matches!(module.last().map(String::as_str), Some("mod" | "lib"));
            if is_mod {
                module.pop();
            }
            let text = std::fs::read_to_string(&path).expect("a readable source file");
            out.push(File {
                module,
                is_mod,
                text: strip(&text),
            });
        }
    }
    out
}

/// The text without `//` comments and without anything from the first
/// `#[cfg(test)]` on (test modules sit at the end of a file here).
fn strip(text: &str) -> String {
    let text = text.split("#[cfg(test)]").next().unwrap_or_default();
    text.lines()
        .map(|line| match line.find("//") {
            Some(at) if !line[..at].contains('"') => &line[..at],
            _ => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// `a::{b, c::{d, e}}` expanded to `a::b`, `a::c::d`, `a::c::e`.
fn expand(tree: &str) -> Vec<String> {
    let words: Vec<&str> = tree.split_whitespace().collect();
    // `a as b` keeps `a`.
    let mut kept = String::new();
    let mut skip = false;
    for w in words {
        if skip {
            skip = false;
            // what follows the renamed name (`b,` or `b}`) stays
            kept.extend(w.chars().filter(|c| matches!(c, ',' | '}')));
        } else if w == "as" {
            skip = true;
        } else {
            kept.push_str(w);
        }
    }
    let tree = kept;
    if !tree
        .chars()
        .all(|c| c.is_alphanumeric() || matches!(c, '_' | ':' | '{' | '}' | ',' | '*'))
    {
        return Vec::new();
    }
    let mut out = Vec::new();
    expand_into("", &tree, &mut out);
    out
}

fn expand_into(prefix: &str, tree: &str, out: &mut Vec<String>) {
    match tree.find('{') {
        None => out.push(format!("{prefix}{tree}")),
        Some(open) => {
            let head = &tree[..open];
            let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
            let mut depth = 0;
            let mut start = 0;
            let prefix = format!("{prefix}{head}");
            for (i, c) in inner.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        expand_into(&prefix, &inner[start..i], out);
                        start = i + 1;
                    }
                    _ => {}
                }
            }
            if start < inner.len() {
                expand_into(&prefix, &inner[start..], out);
            }
        }
    }
}

/// Every path the file names, as written (`crate::args::plan`,
/// `super::build::wire`).
fn paths(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    // `use` items: a line that starts with `use` or `pub(..) use`, to its `;`.
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let at = offset;
        offset += line.len();
        let item = line.trim_start();
        let item = match item.strip_prefix("pub") {
            Some(rest) if rest.starts_with('(') => rest.split_once(')').map_or("", |(_, r)| r),
            Some(rest) => rest,
            None => item,
        };
        let Some(tree) = item.trim_start().strip_prefix("use ") else {
            continue;
        };
        let start = at + (line.len() - tree.len());
        if let Some(end) = text[start..].find(';') {
            out.extend(expand(&text[start..start + end]));
        }
    }
    for start in ["crate::", "super::", "self::"] {
        let mut rest = text;
        while let Some(at) = rest.find(start) {
            let before = rest[..at].chars().last();
            let tail = &rest[at..];
            rest = &rest[at + start.len()..];
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$' || c == ':') {
                continue;
            }
            let end = tail
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .unwrap_or(tail.len());
            out.push(tail[..end].to_string());
        }
    }
    out
}

/// `path` as named from `file`, made absolute (`["args", "plan", "Rule"]`),
/// or `None` for a path outside the crate.
fn resolve(file: &File, path: &str) -> Option<Vec<String>> {
    let parts: Vec<&str> = path.split("::").filter(|p| !p.is_empty()).collect();
    let (first, tail) = parts.split_first()?;
    // `super::` in a file `a/b.rs` is `a`; in `a/b/mod.rs` it is `a` too.
    let mut base: Vec<String> = file.module.clone();
    let mut tail = tail;
    match *first {
        "crate" => base.clear(),
        "self" => {}
        "super" => {
            base.pop();
            while let Some(("super", more)) = tail.split_first().map(|(a, b)| (*a, b)) {
                base.pop();
                tail = more;
            }
        }
        _ => return None,
    }
    let _ = file.is_mod;
    base.extend(tail.iter().map(|s| s.to_string()));
    Some(base)
}

/// The children of `module` (file or folder names), as modules.
fn children(files: &[File], module: &[String]) -> BTreeSet<String> {
    files
        .iter()
        .filter(|f| f.module.len() > module.len() && f.module.starts_with(module))
        .map(|f| f.module[module.len()].clone())
        .collect()
}

/// For each child of a module, the children it names, with the path.
type ChildEdges = BTreeMap<String, BTreeSet<(String, String)>>;

/// Edges `(module, from child, to child)`: a file under `module/from` names
/// something under `module/to`, two different children of one module.
fn edges(files: &[File]) -> BTreeMap<Vec<String>, ChildEdges> {
    let mut out: BTreeMap<Vec<String>, ChildEdges> = BTreeMap::new();
    for file in files {
        for path in paths(&file.text) {
            let Some(target) = resolve(file, &path) else {
                continue;
            };
            // The deepest module both sit under.
            let common = file
                .module
                .iter()
                .zip(&target)
                .take_while(|(a, b)| a == b)
                .count();
            if common >= file.module.len() || common >= target.len() {
                continue; // a file naming its own submodules or an ancestor's items
            }
            let module = file.module[..common].to_vec();
            let kids = children(files, &module);
            let (from, to) = (&file.module[common], &target[common]);
            if from == to || !kids.contains(to) {
                continue; // an item of the parent's own file, not a child module
            }
            out.entry(module)
                .or_default()
                .entry(from.clone())
                .or_default()
                .insert((to.clone(), path.clone()));
        }
    }
    out
}

/// The cycles of a directed graph (strongly connected components of more
/// than one node, or a node naming itself).
fn cycles(graph: &BTreeMap<String, BTreeSet<(String, String)>>) -> Vec<Vec<String>> {
    let nodes: BTreeSet<&String> = graph
        .keys()
        .chain(graph.values().flat_map(|v| v.iter().map(|(to, _)| to)))
        .collect();
    let reach = |from: &String| {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.clone()];
        while let Some(n) = stack.pop() {
            for (to, _) in graph.get(&n).into_iter().flatten() {
                if seen.insert(to.clone()) {
                    stack.push(to.clone());
                }
            }
        }
        seen
    };
    let reaches: BTreeMap<&String, BTreeSet<String>> =
        nodes.iter().map(|n| (*n, reach(n))).collect();
    let mut out: Vec<Vec<String>> = Vec::new();
    for n in &nodes {
        if !reaches[*n].contains(*n) {
            continue;
        }
        let mut scc: Vec<String> = nodes
            .iter()
            .filter(|m| reaches[*n].contains(**m) && reaches[**m].contains(*n))
            .map(|m| (*m).clone())
            .collect();
        scc.sort();
        if !out.contains(&scc) {
            out.push(scc);
        }
    }
    out
}

#[test]
fn no_module_names_a_higher_layer() {
    let files = read_tree(&runtime_src());
    assert!(
        files.len() > 50,
        "runtime/src was not found or is nearly empty"
    );
    let all = edges(&files);
    let top = all.get(&Vec::new()).cloned().unwrap_or_default();
    let mut wrong = Vec::new();
    for (from, tos) in &top {
        if from == "lib" {
            continue; // the facade re-exports from every layer
        }
        let Some(lf) = layer_of(from) else {
            wrong.push(format!(
                "`{from}` has no layer: add it to LAYERS (and to lib.rs's docs)"
            ));
            continue;
        };
        for (to, path) in tos {
            let Some(lt) = layer_of(to) else { continue };
            if lt >= lf {
                wrong.push(format!(
                    "`{from}` (layer {lf}) names `{to}` (layer {lt}) through `{path}`"
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "layering broken:\n{}", wrong.join("\n"));
}

#[test]
fn no_files_of_one_module_name_each_other_in_a_circle() {
    let files = read_tree(&runtime_src());
    let mut found = Vec::new();
    for (module, graph) in edges(&files) {
        for cycle in cycles(&graph) {
            let cycle = &cycle;
            let graph = &graph;
            let ties: Vec<String> = cycle
                .iter()
                .flat_map(|a| {
                    graph
                        .get(a)
                        .into_iter()
                        .flatten()
                        .filter(|(to, _)| cycle.contains(to))
                        .map(move |(to, path)| format!("{a} -> {to} ({path})"))
                })
                .collect();
            found.push(format!(
                "in `{}`: {}: {}",
                if module.is_empty() {
                    "crate".to_string()
                } else {
                    module.join("::")
                },
                cycle.join(" <-> "),
                ties.join(", ")
            ));
        }
    }
    assert!(found.is_empty(), "cycles:\n{}", found.join("\n"));
}

/// The checker itself sees a cycle and a layer breach when there is one.
#[test]
fn the_checker_finds_what_it_looks_for() {
    let file = |module: &[&str], text: &str| File {
        module: module.iter().map(|s| s.to_string()).collect(),
        is_mod: false,
        text: strip(text),
    };
    let files = vec![
        file(&["render", "a"], "use super::b::{x, y};"),
        file(
            &["render", "b"],
            "fn f() { crate::render::a::g() } // crate::render::c",
        ),
        file(&["render", "c"], ""),
        file(&["json"], "use crate::{args::plan, render};"),
        file(&["args"], ""),
    ];
    let all = edges(&files);
    let render = &all[&vec!["render".to_string()]];
    assert_eq!(cycles(render), vec![vec!["a".to_string(), "b".to_string()]]);
    assert!(
        !render
            .get("b")
            .into_iter()
            .flatten()
            .any(|(to, _)| to == "c")
    );
    let top = &all[&Vec::new()];
    let named: Vec<&String> = top["json"].iter().map(|(to, _)| to).collect();
    assert_eq!(named, ["args", "render"]);
    assert_eq!(expand("a::{b, c::{d, e}}"), ["a::b", "a::c::d", "a::c::e"]);
}

//! The runtime's files import one another one way (`ARCHITECTURE.md`, "The order of
//! imports"): read from their `use crate::` and `use super::` lines and every `crate::`
//! path in their code, the only circle is the contract an author implements (`game`,
//! `action`, `moves`, `flow`), no file of the rules imports the engine, records or the
//! tests' module, and the folders stack one way: pieces, what clients read, rules, the
//! lookahead core, records, the engine, agents. A folder's `mod.rs` that re-exports its own
//! files (`pub use data::Source`) imports nothing: that is the folder's surface, read by
//! the files beside it as `super::`.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, by module path (`flow/cursor`, `position`).
fn modules(root: &Path, dir: &Path, found: &mut BTreeMap<String, PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        panic!("{} cannot be read", dir.display());
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            modules(root, &path, found);
        } else if path.extension().is_some_and(|extension| extension == "rs") {
            let relative = path.strip_prefix(root).unwrap_or(&path).with_extension("");
            let name = relative.to_string_lossy().replace('\\', "/");
            let name = name.strip_suffix("/mod").unwrap_or(&name).to_owned();
            found.insert(name, path);
        }
    }
}

/// The module that `path` (`a::b::C`, as written after `crate::`) names: its longest
/// prefix that is a module.
fn module_of(path: &str, names: &BTreeSet<String>) -> Option<String> {
    let parts: Vec<&str> = path.split("::").collect();
    (1..=parts.len())
        .rev()
        .map(|length| parts[..length].join("/"))
        .find(|candidate| names.contains(candidate))
}

/// What `source`'s `use` lines import, as module paths written after `crate::`; `super`
/// read from `module` (a `mod.rs` is its folder's module, so its `super` is the folder's
/// parent, as another file's is its folder). The lines of a test module are left out.
fn imports(module: &str, source: &str) -> Vec<String> {
    let source = source.split("#[cfg(test)]").next().unwrap_or(source);
    let parent = {
        let mut parts: Vec<&str> = module.split('/').collect();
        parts.pop();
        parts.join("::")
    };
    let mut found = Vec::new();
    for statement in source.split(';') {
        // A statement's text runs from the last `;`: skip the comments, attributes and
        // blank lines before its `use`.
        let Some(start) = statement.lines().position(|line| {
            let line = line.trim_start();
            line.starts_with("use ")
                || line.starts_with("pub use ")
                || line.starts_with("pub(crate) use ")
        }) else {
            continue;
        };
        let statement: String = statement.lines().skip(start).collect::<Vec<_>>().join(" ");
        let statement = statement.trim();
        let Some(rest) = statement
            .strip_prefix("pub(crate) use ")
            .or_else(|| statement.strip_prefix("pub use "))
            .or_else(|| statement.strip_prefix("use "))
        else {
            continue;
        };
        let rest = rest.split_whitespace().collect::<String>();
        let (base, items) = match rest.split_once("::{") {
            Some((base, items)) => (base.to_owned(), items.trim_end_matches('}').to_owned()),
            None => (rest.clone(), String::new()),
        };
        let base = if let Some(below) = base.strip_prefix("crate::") {
            below.to_owned()
        } else if base == "crate" {
            String::new()
        } else if let Some(below) = base.strip_prefix("super::") {
            if parent.is_empty() {
                below.to_owned()
            } else {
                format!("{parent}::{below}")
            }
        } else if base == "super" {
            parent.clone()
        } else {
            continue;
        };
        if items.is_empty() {
            found.push(base);
            continue;
        }
        // One level of braces is enough for this crate's imports.
        for item in items.split(',') {
            let item = item.split("::{").next().unwrap_or(item);
            let item = item.split(" as ").next().unwrap_or(item).trim();
            if item.is_empty() || item == "self" {
                found.push(base.clone());
            } else if base.is_empty() {
                found.push(item.to_owned());
            } else {
                found.push(format!("{base}::{item}"));
            }
        }
    }
    // Paths written in the code itself (`crate::rules::flow::FlowError` in a variant),
    // outside comments: an import all the same.
    for line in source.lines() {
        let code = line.split("//").next().unwrap_or(line);
        for (at, _) in code.match_indices("crate::") {
            if code[..at].ends_with("use ") || code[..at].ends_with('$') {
                continue;
            }
            let path: String = code[at + "crate::".len()..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            let path = path.trim_end_matches(':');
            if !path.is_empty() {
                found.push(path.to_owned());
            }
        }
    }
    found
}

/// The runtime's import graph: each module and the modules it imports.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = BTreeMap::new();
    modules(&root, &root, &mut files);
    let names: BTreeSet<String> = files.keys().cloned().collect();
    files
        .iter()
        .map(|(module, path)| {
            let source = fs::read_to_string(path).unwrap_or_default();
            let targets = imports(module, &source)
                .iter()
                .filter_map(|path| module_of(path, &names))
                .filter(|target| target != module)
                .collect();
            (module.clone(), targets)
        })
        .collect()
}

/// The modules `from` reaches through imports, itself excluded unless by a circle.
fn reach(graph: &BTreeMap<String, BTreeSet<String>>, from: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut stack: Vec<&str> = graph
        .get(from)
        .map(|targets| targets.iter().map(String::as_str).collect())
        .unwrap_or_default();
    while let Some(module) = stack.pop() {
        if seen.insert(module.to_owned())
            && let Some(targets) = graph.get(module)
        {
            stack.extend(targets.iter().map(String::as_str));
        }
    }
    seen
}

#[test]
fn the_only_circle_of_imports_is_the_contract() {
    let graph = graph();
    assert!(graph.len() > 30, "the runtime's files were not found");
    let in_circles: BTreeSet<String> = graph
        .keys()
        .filter(|module| reach(&graph, module).contains(module.as_str()))
        .cloned()
        .collect();
    let contract: BTreeSet<String> = ["rules/action", "rules/flow", "rules/game", "rules/moves"]
        .into_iter()
        .map(str::to_owned)
        .collect();
    assert_eq!(in_circles, contract, "modules in a circle of imports");
}

#[test]
fn the_rules_import_neither_the_engine_nor_records() {
    let graph = graph();
    let rules: Vec<&String> = graph
        .keys()
        .filter(|module| module.starts_with("rules/"))
        .collect();
    assert!(rules.len() > 10, "the rules' files were not found");
    let above = ["engine", "position", "records", "testing", "agents"];
    for module in rules {
        let reached = reach(&graph, module);
        let wrong: Vec<&String> = reached
            .iter()
            .filter(|reached| {
                above
                    .iter()
                    .any(|upper| *reached == upper || reached.starts_with(&format!("{upper}/")))
            })
            .collect();
        assert!(wrong.is_empty(), "{module} reaches {wrong:?}");
    }
}

/// The runtime's folders, bottom up: each imports only from its own and those before it.
/// The crate's root files (`lib`, `error`, `deprecated`, `__private`) are shared and left
/// out; `testing` is on top.
const LAYERS: [&str; 8] = [
    "pieces", "seen", "rules", "position", "records", "engine", "agents", "testing",
];

#[test]
fn the_folders_stack_one_way() {
    let graph = graph();
    let layer = |module: &str| {
        let folder = module.split('/').next().unwrap_or(module);
        LAYERS.iter().position(|layer| *layer == folder)
    };
    let mut upward = Vec::new();
    for (module, targets) in &graph {
        let Some(from) = layer(module) else { continue };
        for target in targets {
            if let Some(to) = layer(target)
                && to > from
            {
                upward.push(format!("{module} -> {target}"));
            }
        }
    }
    assert!(upward.is_empty(), "imports up the layers: {upward:#?}");
    for folder in LAYERS {
        assert!(
            graph
                .keys()
                .any(|module| layer(module) == LAYERS.iter().position(|l| *l == folder)),
            "no file in {folder}"
        );
    }
}

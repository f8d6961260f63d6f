//! docs/architecture.md against the tree: every crate (the core at the top and each folder of
//! `crates/`), every folder of Rust code (under `src/` and `crates/*/src/`) and every Rust
//! file in them is named, and every path the document names exists. A folder is named by its
//! path in backticks with a slash at its end (`` `src/games/bandit/` ``); a file by its path
//! (`` `src/board.rs` ``), or by its name (`` `eval.rs` ``) in the same paragraph or list
//! item as its folder's path; `lib.rs`, `main.rs` and `mod.rs` are their crate or folder.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

/// The workspace's top folder (the core's package).
fn top() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The document's paragraphs and list items, each as one text: a blank line, a heading, a
/// list item or a table row starts a new one.
fn blocks(doc: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut open = false;
    for line in doc.lines() {
        let t = line.trim_start();
        if t.is_empty() {
            open = false;
            continue;
        }
        let starts = t.starts_with("- ") || t.starts_with('#') || t.starts_with('|');
        if open && !starts {
            let last = out.last_mut().expect("an open block");
            last.push('\n');
            last.push_str(line);
        } else {
            out.push(line.to_string());
        }
        open = true;
    }
    out
}

/// The texts in backticks.
fn quoted(text: &str) -> Vec<&str> {
    text.split('`').skip(1).step_by(2).collect()
}

/// The Rust code of the tree: (folders with a slash at the end, .rs files), as paths from the
/// top, for `src/` and every `crates/<name>/src/`.
fn rust_tree() -> (BTreeSet<String>, BTreeSet<String>) {
    fn walk(dir: &Path, rel: &str, folders: &mut BTreeSet<String>, files: &mut BTreeSet<String>) {
        folders.insert(format!("{rel}/"));
        let mut entries: Vec<_> = fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.expect("a folder entry").path())
            .collect();
        entries.sort();
        for path in entries {
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            if path.is_dir() {
                walk(&path, &format!("{rel}/{name}"), folders, files);
            } else if name.ends_with(".rs") {
                files.insert(format!("{rel}/{name}"));
            }
        }
    }
    let (mut folders, mut files) = (BTreeSet::new(), BTreeSet::new());
    walk(&top().join("src"), "src", &mut folders, &mut files);
    for krate in crates() {
        let rel = format!("crates/{krate}/src");
        walk(&top().join(&rel), &rel, &mut folders, &mut files);
    }
    (folders, files)
}

/// The names of the workspace's crates beside the core (`crates/<name>/`).
fn crates() -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(top().join("crates"))
        .expect("crates/")
        .map(|e| e.expect("a folder entry").path())
        .filter(|p| p.join("Cargo.toml").is_file())
        .map(|p| p.file_name().unwrap().to_string_lossy().to_string())
        .collect();
    names.sort();
    names
}

/// What of the tree `doc` does not name, one line each.
fn missing(doc: &str) -> Vec<String> {
    let blocks = blocks(doc);
    let named: BTreeSet<&str> = quoted(doc).into_iter().collect();
    let (folders, files) = rust_tree();
    let mut out = Vec::new();
    if !named.contains("src/") {
        out.push("the core crate `src/`".to_string());
    }
    for krate in crates() {
        if !named.contains(format!("crates/{krate}/").as_str()) {
            out.push(format!("the crate `crates/{krate}/`"));
        }
    }
    for folder in &folders {
        if !named.contains(folder.as_str()) {
            out.push(format!("the folder `{folder}`"));
        }
    }
    for file in &files {
        let (folder, name) = file.rsplit_once('/').unwrap();
        if matches!(name, "lib.rs" | "main.rs" | "mod.rs") || named.contains(file.as_str()) {
            continue;
        }
        let folder = format!("`{folder}/`");
        let name = format!("`{name}`");
        if !blocks
            .iter()
            .any(|b| b.contains(&folder) && b.contains(&name))
        {
            out.push(format!("the file `{file}`"));
        }
    }
    out
}

/// The paths under `src/` or `crates/` that `doc` names but the tree lacks (a path with a
/// placeholder such as `<game>` is a pattern, not a path).
fn stale(doc: &str) -> Vec<String> {
    quoted(doc)
        .into_iter()
        .filter(|q| q.starts_with("src/") || q.starts_with("crates/"))
        .filter(|q| !q.contains(['<', '*', ' ']))
        .filter(|q| !top().join(q.trim_end_matches('/')).exists())
        .map(str::to_string)
        .collect()
}

#[test]
fn the_architecture_names_every_crate_folder_and_rust_file() {
    let doc = fs::read_to_string(top().join("docs/architecture.md")).unwrap();
    let missing = missing(&doc);
    assert!(
        missing.is_empty(),
        "docs/architecture.md does not name:\n{}",
        missing.join("\n")
    );
}

#[test]
fn the_architecture_names_no_path_that_is_gone() {
    let doc = fs::read_to_string(top().join("docs/architecture.md")).unwrap();
    let stale = stale(&doc);
    assert!(
        stale.is_empty(),
        "docs/architecture.md names what is not in the tree:\n{}",
        stale.join("\n")
    );
}

/// The check itself: a file named only away from its folder, a folder or a crate left out,
/// and a path that is gone are each caught.
#[test]
fn the_check_catches_what_is_left_out() {
    let doc = fs::read_to_string(top().join("docs/architecture.md")).unwrap();
    let without = |needle: &str| doc.replace(needle, "");
    assert!(missing(&without("`crates/lab/`"))
        .iter()
        .any(|m| m == "the crate `crates/lab/`"));
    assert!(missing(&without("`src/search/`"))
        .iter()
        .any(|m| m == "the folder `src/search/`"));
    assert!(missing(&without("`src/zobrist.rs`"))
        .iter()
        .any(|m| m == "the file `src/zobrist.rs`"));
    let moved = format!("{doc}\n\n`src/nowhere.rs`\n");
    assert_eq!(stale(&moved), ["src/nowhere.rs"]);
}

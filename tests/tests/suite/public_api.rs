//! The public API of the `toolform` crate, as rustdoc shows it, against the
//! list kept in `tests/public-api.txt`: every item by path and kind, every
//! public field, variant and inherent method, every trait a type implements
//! (auto traits included, blanket impls left out) and every implementor of a
//! trait. A change to the API is then a visible diff in review.
//!
//! The list is rustdoc's own (`cargo doc --no-deps -p toolform
//! --all-features`, read from its HTML), so nothing is hand-copied. After a
//! deliberate change: `TOOLFORM_BLESS=1 cargo test -p toolform-tests --test
//! suite public_api` rewrites the list; commit it with the change.

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;
use toolform_tests::workspace_root;

#[test]
fn public_api_is_the_listed_one() {
    let root = workspace_root();
    // A target directory of its own: the one `cargo test` runs from is
    // locked for as long as the tests run.
    let target = root.join("target").join("public-api");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let out = Command::new(cargo)
        .current_dir(&root)
        .env("CARGO_TARGET_DIR", &target)
        .env_remove("RUSTDOCFLAGS")
        .args(["doc", "--no-deps", "-p", "toolform", "--all-features"])
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "cargo doc failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let doc = target.join("doc").join("toolform");
    let listed = api_of(&doc);
    let file = root.join("tests").join("public-api.txt");
    let text: String = listed.iter().map(|l| format!("{l}\n")).collect();
    if std::env::var_os("TOOLFORM_BLESS").is_some() {
        std::fs::write(&file, &text).expect("the list is written");
        return;
    }
    let kept = std::fs::read_to_string(&file).unwrap_or_default();
    let kept: BTreeSet<String> = kept.lines().map(str::to_owned).collect();
    let added: Vec<_> = listed.difference(&kept).collect();
    let removed: Vec<_> = kept.difference(&listed).collect();
    assert!(
        added.is_empty() && removed.is_empty(),
        "the public API changed ({} added, {} removed).\nadded:\n  {}\nremoved:\n  {}\n\
         If it is deliberate: TOOLFORM_BLESS=1 cargo test -p toolform-tests --test suite \
         public_api, and commit tests/public-api.txt with the change.",
        added.len(),
        removed.len(),
        added
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n  "),
        removed
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n  "),
    );
}

/// Every line of the API, read from rustdoc's `all.html` and item pages.
fn api_of(doc: &Path) -> BTreeSet<String> {
    let all = std::fs::read_to_string(doc.join("all.html")).expect("rustdoc wrote all.html");
    let mut lines = BTreeSet::new();
    for (href, path) in links(&all) {
        let file = href.rsplit('/').next().unwrap_or(&href);
        let kind = file.split('.').next().unwrap_or("item").to_owned();
        let item = format!("{kind} toolform::{path}");
        lines.insert(item.clone());
        if !matches!(kind.as_str(), "struct" | "enum" | "union" | "trait") {
            continue;
        }
        let page = std::fs::read_to_string(doc.join(&href)).expect("an item page reads");
        for member in members(&kind, &page) {
            lines.insert(format!("{item} {member}"));
        }
    }
    lines
}

/// The `(href, text)` of each link in `all.html`'s item lists.
fn links(all: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = all;
    while let Some(at) = rest.find("<li><a href=\"") {
        rest = &rest[at + "<li><a href=\"".len()..];
        let Some(end) = rest.find('"') else { break };
        let href = rest[..end].to_owned();
        let Some(open) = rest.find('>') else { break };
        let Some(close) = rest.find("</a>") else {
            break;
        };
        let text = rest[open + 1..close].to_owned();
        // `#structs` and the like are the page's own section links.
        if !href.starts_with('#') {
            out.push((href, text));
        }
    }
    out
}

/// Every `id="..."` on a page, in order.
fn ids(page: &str) -> Vec<String> {
    page.split("id=\"")
        .skip(1)
        .filter_map(|s| s.split('"').next())
        .map(|s| {
            s.replace("%3C", "<")
                .replace("%3E", ">")
                .replace("%2C", ",")
        })
        .collect()
}

/// The fields, variants, inherent members and non-blanket trait impls of a
/// type's page; the members and implementors of a trait's page.
fn members(kind: &str, page: &str) -> Vec<String> {
    let mut out = Vec::new();
    // Which part of the page an id is in.
    let mut section = "head";
    for id in ids(page) {
        match id.as_str() {
            "implementations-list" => section = "inherent",
            "trait-implementations-list" | "synthetic-implementations-list" => section = "traits",
            "blanket-implementations-list" => section = "blanket",
            "foreign-impls" | "implementors-list" => section = "implementors",
            _ => {}
        }
        let member = |prefix: &str| id.strip_prefix(prefix).map(str::to_owned);
        let line = match (kind, section) {
            (_, "blanket") => None,
            ("trait", "head") => [
                "tymethod.",
                "method.",
                "associatedtype.",
                "associatedconstant.",
            ]
            .iter()
            .find_map(|p| member(p).map(|m| format!("{}{m}", p.trim_end_matches('.'))))
            .map(|m| m.replacen("tymethod", "required", 1)),
            ("trait", "implementors") => member("impl-").map(|m| format!("impl {m}")),
            (_, "head") => member("structfield.")
                .map(|m| format!("field {m}"))
                .or_else(|| member("variant.").map(|m| format!("variant {m}"))),
            (_, "inherent") => member("method.")
                .map(|m| format!("method {m}"))
                .or_else(|| member("associatedconstant.").map(|m| format!("const {m}"))),
            (_, "traits") => member("impl-").map(|m| format!("impl {m}")),
            _ => None,
        };
        out.extend(line);
    }
    out
}

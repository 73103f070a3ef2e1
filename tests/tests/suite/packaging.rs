//! What each published crate ships (`cargo package --list`): its sources,
//! README and both licence files, and nothing of the workspace's tests,
//! fixtures, benchmarks or node modules. Listing reads no registry and
//! builds nothing, so it costs about a second per crate.

use std::process::Command;
use toolform_tests::workspace_root;

/// The crates a release publishes, with whether each ships the README.
const PUBLISHED: &[(&str, bool)] = &[
    ("toolform", true),
    ("toolform-macros", false),
    ("toolform-formats", false),
    ("toolform-cli", true),
];

fn listing(package: &str) -> Vec<String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let out = Command::new(cargo)
        .current_dir(workspace_root())
        .args(["package", "--list", "--allow-dirty", "-p", package])
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "`cargo package --list -p {package}` failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_owned)
        .collect()
}

#[test]
fn published_crates_ship_sources_readme_and_licences_only() {
    for &(package, readme) in PUBLISHED {
        let files = listing(package);
        for needed in ["Cargo.toml", "LICENSE-MIT", "LICENSE-APACHE", "src/lib.rs"] {
            assert!(
                files.iter().any(|f| f == needed),
                "{package} does not ship {needed}: {files:?}"
            );
        }
        assert_eq!(
            files.iter().any(|f| f == "README.md"),
            readme,
            "{package}: README.md shipped = {readme} expected: {files:?}"
        );
        for f in &files {
            let lower = f.to_ascii_lowercase();
            let stray = [
                "fixture",
                "node_modules",
                "snapshots",
                "proptest-regressions",
            ]
            .iter()
            .any(|bad| lower.contains(bad))
                || lower.ends_with(".stderr")
                || lower.ends_with(".snap")
                || lower.starts_with("target/");
            assert!(
                !stray,
                "{package} ships {f}, which is not part of the crate"
            );
        }
        // Every shipped file is a source, a manifest, a licence, the README
        // or cargo's own bookkeeping: a new kind of file is a visible change.
        for f in &files {
            let known = f.ends_with(".rs")
                || f.ends_with(".md")
                || f.starts_with("LICENSE-")
                || matches!(
                    f.as_str(),
                    "Cargo.toml" | "Cargo.toml.orig" | "Cargo.lock" | ".cargo_vcs_info.json"
                );
            assert!(known, "{package} ships {f}: add it here if it belongs");
        }
    }
}

#[test]
fn every_published_crate_has_docs_rs_metadata_and_documented_features() {
    for &(package, _) in PUBLISHED {
        let dir = match package {
            "toolform" => "runtime",
            "toolform-macros" => "macros",
            "toolform-formats" => "formats",
            _ => "cli",
        };
        let manifest = std::fs::read_to_string(workspace_root().join(dir).join("Cargo.toml"))
            .expect("manifest reads");
        assert!(
            manifest.contains("[package.metadata.docs.rs]\nall-features = true"),
            "{package}: docs.rs should document every feature"
        );
        // Every feature but `default` carries a `##` comment right above it
        // (document-features renders them into the crate's rustdoc).
        let mut in_features = false;
        let mut previous = "";
        for line in manifest.lines() {
            if line.starts_with('[') {
                in_features = line == "[features]";
            } else if in_features
                && !line.starts_with('#')
                && !line.trim().is_empty()
                && !line.starts_with("default")
            {
                assert!(
                    previous.starts_with("##"),
                    "{package}: feature line `{line}` has no `##` documentation above it"
                );
            }
            previous = line;
        }
    }
}

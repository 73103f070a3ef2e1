//! The forgiving-decode benchmark (issue 40): toolform's `lenient::repair`
//! and its peers' outputs over `bench/lenient/corpus.jsonl`, every value
//! judged by the same JSON Schema validator (the `jsonschema` crate) against
//! the tool's schema, as a caller would.
//!
//! Per item labelled `recover`: **recovered** (a value that validates and
//! equals the intended one), **wrong value** (a value that validates and is
//! not the intended one: the tool would act on it), or missed (no value, or
//! one the validator refuses). Per item labelled `refuse`: **wrongly
//! accepted** when a value that validates comes out.
//!
//! ```text
//! bash bench/lenient/run.sh
//! ```
//! runs the peers and then this with
//! `cargo run --release -p toolform-bench --example lenient_corpus -- \
//!   bench/lenient NAME=peer-output.jsonl ...`.

use serde_json::Value;
use std::collections::{BTreeMap, HashMap};

#[derive(Default, Clone, Copy)]
struct Tally {
    recover: usize,
    recovered: usize,
    wrong: usize,
    refuse: usize,
    wrongly_accepted: usize,
}

/// JSON equality with numbers compared by value (`250` and `250.0`).
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| same(a, b))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

fn read_lines(path: &std::path::Path) -> Vec<Value> {
    let text =
        std::fs::read_to_string(path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = std::path::PathBuf::from(args.next().expect("the bench/lenient directory"));
    let peers: Vec<(String, std::path::PathBuf)> = args
        .map(|a| {
            let (name, path) = a.split_once('=').expect("NAME=path");
            (name.to_owned(), path.into())
        })
        .collect();
    let schemas: BTreeMap<String, Value> =
        serde_json::from_str(&std::fs::read_to_string(dir.join("schemas.json")).expect("schemas"))
            .expect("schemas.json");
    let validators: HashMap<&str, jsonschema::Validator> = schemas
        .iter()
        .map(|(name, s)| {
            (
                name.as_str(),
                jsonschema::validator_for(s).expect("a schema"),
            )
        })
        .collect();
    let corpus = read_lines(&dir.join("corpus.jsonl"));
    // A label is only as good as its intended value: each must validate.
    for item in &corpus {
        if item["label"] == "recover" {
            let tool = item["tool"].as_str().expect("tool");
            assert!(
                validators[tool].is_valid(&item["intended"]),
                "item {} is labelled with a value its schema refuses",
                item["id"]
            );
        }
    }

    // Each decoder's answer per item: Some(value) or None (refused).
    let mut decoders: Vec<(String, Vec<Option<Value>>)> = Vec::new();
    let toolform: Vec<Option<Value>> = corpus
        .iter()
        .map(|item| {
            let text = item["text"].as_str().expect("text");
            let schema = &schemas[item["tool"].as_str().expect("tool")];
            toolform::lenient::repair(text, schema)
                .ok()
                .map(|r| r.into_value())
        })
        .collect();
    decoders.push(("toolform".into(), toolform));
    for (name, path) in &peers {
        let by_id: HashMap<u64, Option<Value>> = read_lines(path)
            .into_iter()
            .map(|o| {
                let id = o["id"].as_u64().expect("id");
                let value = (o["ok"] == true).then(|| o["value"].clone());
                (id, value)
            })
            .collect();
        let answers = corpus
            .iter()
            .map(|item| {
                by_id
                    .get(&item["id"].as_u64().expect("id"))
                    .cloned()
                    .flatten()
            })
            .collect();
        decoders.push((name.clone(), answers));
    }

    let tools: Vec<&str> = schemas.keys().map(String::as_str).collect();
    let mut tallies: Vec<BTreeMap<&str, Tally>> = vec![BTreeMap::new(); decoders.len()];
    let mut misses: Vec<BTreeMap<String, usize>> = vec![BTreeMap::new(); decoders.len()];
    for (d, (_, answers)) in decoders.iter().enumerate() {
        for (item, answer) in corpus.iter().zip(answers) {
            let tool = item["tool"].as_str().expect("tool");
            let kind = item["kind"].as_str().expect("kind");
            let accepted = answer.as_ref().filter(|v| validators[tool].is_valid(v));
            let t = tallies[d].entry(tool).or_default();
            if item["label"] == "recover" {
                t.recover += 1;
                match accepted {
                    Some(v) if same(v, &item["intended"]) => t.recovered += 1,
                    Some(_) => {
                        t.wrong += 1;
                        *misses[d].entry(format!("wrong value: {kind}")).or_default() += 1;
                    }
                    None => *misses[d].entry(format!("missed: {kind}")).or_default() += 1,
                }
            } else {
                t.refuse += 1;
                if accepted.is_some() {
                    t.wrongly_accepted += 1;
                    *misses[d]
                        .entry(format!("wrongly accepted: {kind}"))
                        .or_default() += 1;
                }
            }
        }
    }

    println!("corpus: {} items over {} tools", corpus.len(), tools.len());
    println!();
    print!("| tool |");
    for (name, _) in &decoders {
        print!(" {name}: recovered / wrong / wrongly accepted |");
    }
    println!();
    print!("| --- |");
    for _ in &decoders {
        print!(" --- |");
    }
    println!();
    let mut totals = vec![Tally::default(); decoders.len()];
    for tool in &tools {
        print!("| {tool} |");
        for (d, _) in decoders.iter().enumerate() {
            let t = tallies[d].get(tool).copied().unwrap_or_default();
            print!(
                " {}/{} / {} / {}/{} |",
                t.recovered, t.recover, t.wrong, t.wrongly_accepted, t.refuse
            );
            let s = &mut totals[d];
            s.recover += t.recover;
            s.recovered += t.recovered;
            s.wrong += t.wrong;
            s.refuse += t.refuse;
            s.wrongly_accepted += t.wrongly_accepted;
        }
        println!();
    }
    print!("| **all** |");
    for t in &totals {
        print!(
            " **{}/{} / {} / {}/{}** |",
            t.recovered, t.recover, t.wrong, t.wrongly_accepted, t.refuse
        );
    }
    println!();
    for (d, (name, _)) in decoders.iter().enumerate() {
        println!();
        println!("{name}: what it did not get right, by kind of damage");
        if misses[d].is_empty() {
            println!("  (nothing)");
        }
        for (what, n) in &misses[d] {
            println!("  {what}: {n}");
        }
    }
}

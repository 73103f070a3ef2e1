//! [`Judge`]: collects every mismatch of one test between serde and the
//! schemas, so a failure lists all of them at once.

use crate::agreement::{self, Limit, verdict};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;
use toolform::{Contract, Defs, SchemaSettings, ToolSchema};

/// Collects every mismatch of one test; [`Judge::finish`] fails the test
/// with all of them.
#[derive(Default)]
pub struct Judge {
    /// What disagreed so far, one entry per mismatch.
    pub problems: Vec<String>,
}

impl Judge {
    /// serde reads `doc` exactly when `serde_reads` (checked: a wrong claim
    /// about serde is a test bug, reported as such), and the input schema
    /// and `parse_args` agree with serde.
    pub fn reads<T: ToolSchema + DeserializeOwned>(&mut self, doc: Value, serde_reads: bool) {
        let name = std::any::type_name::<T>();
        let serde = serde_json::from_value::<T>(doc.clone());
        if serde.is_ok() != serde_reads {
            self.problems.push(format!(
                "{name}: the test claims serde {} {doc}, serde says {}",
                if serde_reads { "reads" } else { "rejects" },
                match &serde {
                    Ok(_) => "ok".to_string(),
                    Err(e) => e.to_string(),
                }
            ));
            return;
        }
        let schema = T::input_schema();
        let accepts = agreement::validator(schema).is_valid(&doc);
        if accepts != serde_reads {
            self.problems.push(format!(
                "{name}: input schema {} {doc}, serde {} ({})\n  schema: {schema}",
                verdict(accepts),
                verdict(serde_reads),
                serde.err().map(|e| e.to_string()).unwrap_or_default()
            ));
        }
        let args = toolform::parse_args::<T>(&doc).is_ok();
        if args != serde_reads {
            self.problems.push(format!(
                "{name}: parse_args {} {doc}, serde {}",
                verdict(args),
                verdict(serde_reads),
            ));
        }
    }

    /// serde writes `value` as `expected` (`None`: serde refuses to write
    /// it), and the output schema accepts what serde wrote.
    pub fn writes<T: ToolSchema + Serialize>(
        &mut self,
        value: &T,
        expected: impl Into<Option<Value>>,
    ) {
        let name = std::any::type_name::<T>();
        let expected = expected.into();
        let written = serde_json::to_value(value);
        match (&written, &expected) {
            (Ok(w), Some(e)) if w == e => {}
            (Err(_), None) => {}
            _ => {
                self.problems.push(format!(
                    "{name}: the test claims serde writes {expected:?}, serde wrote {:?}",
                    written.as_ref().map_err(|e| e.to_string())
                ));
                return;
            }
        }
        if let Ok(w) = written {
            let schema = T::output_schema();
            if let Err(e) = agreement::validator(schema).validate(&w) {
                self.problems.push(format!(
                    "{name}: output schema rejects what serde writes: {w}: {e}\n  schema: {schema}"
                ));
            }
        }
    }

    /// The output schema does (not) accept `doc`: precision where serde
    /// never writes something.
    pub fn output_accepts<T: ToolSchema>(&mut self, doc: Value, accepts: bool) {
        let name = std::any::type_name::<T>();
        let schema = T::output_schema();
        if agreement::validator(schema).is_valid(&doc) != accepts {
            self.problems.push(format!(
                "{name}: output schema should {}accept {doc}\n  schema: {schema}",
                if accepts { "" } else { "not " }
            ));
        }
    }

    /// The agreement run over mutants of `seeds`.
    pub fn agrees<T: ToolSchema + DeserializeOwned + Serialize>(&mut self, seeds: &[Value]) {
        self.agrees_with::<T>(seeds, &[]);
    }

    /// The agreement run over mutants of `seeds`, with limits of this type
    /// alone (see [`agreement::check_with`]).
    pub fn agrees_with<T: ToolSchema + DeserializeOwned + Serialize>(
        &mut self,
        seeds: &[Value],
        limits: &'static [Limit],
    ) {
        let name = std::any::type_name::<T>();
        let run = std::panic::catch_unwind(|| {
            agreement::check_with::<T>(seeds, limits).assert_clean(name);
        });
        if let Err(e) = run {
            let text = e
                .downcast_ref::<String>()
                .cloned()
                .unwrap_or_else(|| format!("{name}: panicked"));
            self.problems.push(text);
        }
    }

    /// Both schemas of `T` (inline and `$defs`) are valid 2020-12 schemas.
    pub fn meta_valid<T: ToolSchema>(&mut self) {
        let name = std::any::type_name::<T>();
        for contract in [Contract::Input, Contract::Output] {
            for (how, schema) in [
                ("inline", T::schema(contract).unwrap().clone()),
                (
                    "$defs",
                    T::schema(SchemaSettings::from(contract).defs(Defs::EveryNamedType))
                        .unwrap()
                        .clone(),
                ),
            ] {
                if let Err(e) = jsonschema::meta::validate(&schema) {
                    self.problems.push(format!(
                        "{name} {contract:?} ({how}): not a valid 2020-12 schema: {e}\n  {schema}"
                    ));
                }
            }
        }
    }

    /// `what` is a problem unless `ok`.
    pub fn check(&mut self, what: &str, ok: bool) {
        if !ok {
            self.problems.push(what.to_string());
        }
    }

    /// Fails the test with every problem found, if any.
    #[track_caller]
    pub fn finish(self) {
        assert!(
            self.problems.is_empty(),
            "{} problem(s):\n\n{}",
            self.problems.len(),
            self.problems.join("\n\n")
        );
    }
}

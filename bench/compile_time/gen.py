#!/usr/bin/env python3
"""Generates the compile-time benchmark workspace (see run.sh).

    gen.py [--stub] [--real-types FILE] OUT_DIR TOOLFORM_RUNTIME_PATH [LOCKFILE]

With --stub every crate gets an empty lib.rs: building that compiles the
dependencies (with the very features the real crates use) and nothing else,
so run.sh can prebuild them without paying for the corpus.

Writes a cargo workspace under OUT_DIR with five library crates:

  ct_serde         200 structs + 10 unit-only enums, Serialize + Deserialize
  ct_toolform      the same, + toolform::ToolSchema
  ct_schemars      the same, + schemars::JsonSchema (schemars 1, chrono04)
  ct_forms_serde   200 flat forms (+ 8 option enums), Deserialize only
  ct_forms_elicit  the same forms, Deserialize + toolform::ElicitForm
                   (the enums also derive ToolSchema, which ElicitForm needs)

and six more on a second corpus, the one issue 14 measured ("defaults"):
200 structs with `#[serde(default = "path")]` fields, `Option<Box<T>>`
chains, a doc comment on every field and chrono fields, in two modes:

  ct_dflt_serde / ct_dflt_toolform / ct_dflt_schemars
                   the types only (serde / + ToolSchema / + JsonSchema)
  ct_use_serde / ct_use_toolform / ct_use_schemars
                   the same types, plus one function per type that calls
                   serde_json (from_str and to_string) and, with toolform or
                   schemars, the schema accessors

and four on a third corpus, "real types": tool argument and result types of
public MCP servers and agents as their authors wrote them (the file given by
--real-types, or bench/compile_time/real_types.rs if it exists; without
either these crates are not generated). The file holds `#[derive(__DERIVES__)]`
placeholders (and `#[derive(__DERIVES__, Default)]`), replaced by each twin's
derive list; `#[schema(..)]` lines are kept in the toolform twin only. Five
copies of it, in modules m0..m4:

  ct_real_serde / ct_real_toolform
                   the types only (serde / + ToolSchema)
  ct_realuse_serde / ct_realuse_toolform
                   the same, plus one function per type (as the light
                   corpus's used crates: serde_json from_str and to_string,
                   and with toolform both schema accessors)

and six on issue 38's shapes:

  ct_light2_serde / ct_light2_toolform
                   200 light structs in an edition 2021 crate, every one
                   under `#[serde(rename_all = "camelCase")]` (every third
                   also `deny_unknown_fields`), chrono and std types written
                   by full path (`chrono::DateTime<chrono::Utc>`)
  ct_light2use_serde / ct_light2use_toolform
                   the same, plus one function per type (as above)
  ct_enums_serde / ct_enums_toolform
                   200 data enums, 50 per serde representation (external,
                   internal, adjacent, untagged), unit/newtype/struct
                   variants, each with a small struct for its newtype variant

The three struct crates share one corpus; only the derive lines differ. The
two form crates share one corpus; the elicit one also carries the
`#[elicit(..)]` field attributes (the serde-only crate cannot: they would be
unknown attributes). The corpus is deterministic (fixed seed), so every run
compiles the same source.
"""

import os
import random
import re
import shutil
import sys

SEED = 20261129
N_STRUCTS = 200
N_FORMS = 200

# ---------------------------------------------------------------- names

DOMAINS = [
    "Customer", "Order", "Invoice", "Shipment", "Product", "Account", "Payment",
    "Ticket", "Project", "Task", "User", "Team", "Report", "Event",
    "Subscription", "Warehouse", "Vendor", "Contract", "Campaign", "Device",
]
STRUCT_KINDS = [
    "Summary", "Details", "Filter", "Request", "Response", "Record", "Settings",
    "Update", "Query", "Line",
]
FORM_KINDS = [
    "Signup", "Booking", "Feedback", "Survey", "Contact", "Preferences",
    "Approval", "Refund", "Transfer", "Invite",
]

# Unit-only enums used by the structs: (name, rename_all, variants).
ENUMS = [
    ("Status", "snake_case", ["Active", "Suspended", "Closed", "PendingReview"]),
    ("Priority", "lowercase", ["Low", "Normal", "High", "Urgent"]),
    ("Currency", "UPPERCASE", ["Usd", "Eur", "Gbp", "Jpy", "Chf"]),
    ("Region", "kebab-case", ["EuWest", "EuCentral", "UsEast", "UsWest", "ApSouth"]),
    ("Channel", "snake_case", ["Email", "Sms", "Push", "InApp"]),
    ("Visibility", "lowercase", ["Public", "Internal", "Private"]),
    ("SortOrder", "lowercase", ["Asc", "Desc"]),
    ("Unit", "snake_case", ["Piece", "Kilogram", "Litre", "Metre", "Hour"]),
    ("Role", "snake_case", ["Owner", "Admin", "Member", "Guest"]),
    ("Severity", "SCREAMING_SNAKE_CASE", ["Info", "Warning", "Error", "Critical"]),
]

# Option enums used by the forms.
FORM_ENUMS = [
    ("Plan", "snake_case", ["Free", "Starter", "Business", "Enterprise"]),
    ("Contact", "snake_case", ["Email", "Phone", "Letter"]),
    ("Size", "lowercase", ["Small", "Medium", "Large", "Xl"]),
    ("Rating", "snake_case", ["Poor", "Fair", "Good", "Excellent"]),
    ("Topic", "snake_case", ["Billing", "Shipping", "Returns", "Account", "Other"]),
    ("Weekday", "lowercase", ["Mon", "Tue", "Wed", "Thu", "Fri"]),
    ("Seat", "snake_case", ["Window", "Aisle", "Middle"]),
    ("Diet", "snake_case", ["None", "Vegetarian", "Vegan", "GlutenFree"]),
]


def snake(name):
    out = []
    for i, c in enumerate(name):
        if c.isupper() and i:
            out.append("_")
        out.append(c.lower())
    return "".join(out)


def wire_name(variant, rename_all):
    """The name serde writes for a unit variant under `rename_all`."""
    s = snake(variant)
    return {"snake_case": s, "lowercase": variant.lower(), "UPPERCASE": variant.upper(),
            "kebab-case": s.replace("_", "-"), "SCREAMING_SNAKE_CASE": s.upper()}[rename_all]


# ---------------------------------------------------------------- structs

# Scalar field templates: (field name, type, serde attrs, doc).
SCALARS = [
    ("name", "String", [], "Display name."),
    ("title", "String", [], None),
    ("description", "Option<String>", ['skip_serializing_if = "Option::is_none"'], "Free text, may be absent."),
    ("email", "String", [], None),
    ("owner_id", "u64", [], "Id of the owning user."),
    ("external_ref", "Option<String>", [], None),
    ("quantity", "u32", ["default"], None),
    ("amount", "f64", [], "Amount in the account currency."),
    ("discount_pct", "Option<f32>", [], None),
    ("retries", "u16", ["default"], None),
    ("version", "i64", [], None),
    ("enabled", "bool", ["default"], "Whether this is active."),
    ("archived", "bool", ["default"], None),
    ("created_at", "DateTime<Utc>", [], "When it was created (RFC 3339)."),
    ("updated_at", "Option<DateTime<Utc>>", ['skip_serializing_if = "Option::is_none"'], None),
    ("due_at", "Option<DateTime<Utc>>", [], None),
    ("tags", "Vec<String>", ["default", 'skip_serializing_if = "Vec::is_empty"'], "Free-form labels."),
    ("member_ids", "Vec<u64>", ["default"], None),
    ("scores", "Vec<f64>", [], None),
    ("metadata", "BTreeMap<String, String>", ["default"], "Opaque key/value pairs."),
    ("limit", "Option<u32>", [], None),
    ("offset", "u64", ["default"], None),
    ("locale", "Option<String>", [], None),
    ("notes", "Vec<String>", ["default"], None),
    ("score", "Option<f64>", ['skip_serializing_if = "Option::is_none"'], None),
    ("count", "usize", [], None),
    ("level", "u8", [], None),
    ("delta", "i32", ["default"], None),
]

RENAMES = {
    "owner_id": "ownerRef",
    "external_ref": "extRef",
    "discount_pct": "discount",
    "member_ids": "members",
    "created_at": "createdOn",
    "due_at": "deadline",
    "locale": "lang",
}


def gen_structs(rng):
    names = [d + k for k in STRUCT_KINDS for d in DOMAINS]
    assert len(names) == N_STRUCTS
    items = []
    for i, name in enumerate(names):
        fields = [("id", "u64", [], None)]
        picks = rng.sample(SCALARS, rng.randint(4, 11))
        for fname, ty, attrs, doc in picks:
            attrs = list(attrs)
            if fname in RENAMES and rng.random() < 0.5:
                attrs.insert(0, f'rename = "{RENAMES[fname]}"')
            if fname == "name" and rng.random() < 0.2:
                attrs.append('alias = "label"')
            fields.append((fname, ty, attrs, doc))
        # Enum fields.
        for _ in range(rng.choice([0, 1, 1, 2])):
            en = rng.choice(ENUMS)[0]
            fname = snake(en)
            if any(f[0] == fname for f in fields):
                continue
            if rng.random() < 0.35:
                fields.append((fname, f"Option<{en}>", ['skip_serializing_if = "Option::is_none"'], None))
            else:
                fields.append((fname, en, [], None))
        # Nested types: refer to structs defined earlier (a DAG, no recursion).
        if i >= len(DOMAINS):
            for _ in range(rng.choice([1, 1, 2, 2, 3])):
                j = rng.randrange(i)
                other = names[j]
                base = snake(other)
                shape = rng.random()
                if shape < 0.4:
                    fields.append((base, other, [], None))
                elif shape < 0.7:
                    fields.append((base, f"Option<{other}>", ['skip_serializing_if = "Option::is_none"'], f"The related {base.replace('_', ' ')}, if any."))
                else:
                    fields.append((base + "s", f"Vec<{other}>", ["default"], None))
        # Deduplicate field names (nested picks can collide).
        seen, uniq = set(), []
        for f in fields:
            if f[0] not in seen:
                seen.add(f[0])
                uniq.append(f)
        container = []
        r = rng.random()
        if r < 0.6:
            container.append('rename_all = "camelCase"')
        elif r < 0.7:
            container.append('rename_all = "kebab-case"')
        if rng.random() < 0.15:
            container.append("deny_unknown_fields")
        doc = f"{name[:-len(next(k for k in STRUCT_KINDS if name.endswith(k)))]} data: one {name}." if rng.random() < 0.7 else None
        items.append((name, container, uniq, doc))
    return items


def render_structs(items, derive, extra_use):
    out = [
        "//! Generated by bench/compile_time/gen.py. Do not edit.",
        "#![allow(dead_code)]",
        "",
        "use chrono::{DateTime, Utc};",
        "use serde::{Deserialize, Serialize};",
        "use std::collections::BTreeMap;",
    ]
    out += extra_use
    out.append("")
    for en, rename_all, variants in ENUMS:
        out.append(f"/// {en} of a record.")
        out.append(f"#[derive({derive})]")
        out.append(f'#[serde(rename_all = "{rename_all}")]')
        out.append(f"pub enum {en} {{")
        for v in variants:
            out.append(f"    {v},")
        out.append("}")
        out.append("")
    for name, container, fields, doc in items:
        if doc:
            out.append(f"/// {doc}")
        out.append(f"#[derive({derive})]")
        if container:
            out.append(f"#[serde({', '.join(container)})]")
        out.append(f"pub struct {name} {{")
        for fname, ty, attrs, fdoc in fields:
            if fdoc:
                out.append(f"    /// {fdoc}")
            if attrs:
                out.append(f"    #[serde({', '.join(attrs)})]")
            out.append(f"    pub {fname}: {ty},")
        out.append("}")
        out.append("")
    return "\n".join(out)


# ---------------------------------------------------------------- forms

# Form field templates: (name, type, serde attrs, elicit attrs, doc).
# Types are the ones the form grammar carries.
FORM_FIELDS = [
    ("full_name", "String", [], ["length(min = 1, max = 80)"], "Your full name"),
    ("email", "String", [], ['format = "email"'], None),
    ("phone", "Option<String>", [], [], None),
    ("website", "Option<String>", [], ['format = "uri"'], None),
    ("company", "Option<String>", [], ["length(max = 120)"], None),
    ("age", "u8", [], ["range(min = 18, max = 120)"], None),
    ("guests", "u32", [], ["range(min = 1, max = 12)"], "Number of guests"),
    ("budget", "f64", [], ["range(min = 0, max = 100000)"], None),
    ("quantity", "u16", ["default"], ["range(min = 1, max = 500)"], None),
    ("newsletter", "bool", ["default"], [], "Send me the newsletter"),
    ("agree_terms", "bool", [], ['title = "I agree to the terms"'], None),
    ("urgent", "bool", [], ["default = false"], None),
    ("start_date", "NaiveDate", [], [], None),
    ("end_date", "Option<NaiveDate>", [], [], None),
    ("callback_at", "Option<DateTime<Utc>>", [], [], None),
    ("comment", "Option<String>", [], ["length(max = 2000)"], "Anything else?"),
    ("nickname", "String", [], ['default = "anon"'], None),
    ("score", "i32", [], ["range(min = -10, max = 10)"], None),
]


def gen_forms(rng):
    names = [d + k for k in FORM_KINDS for d in DOMAINS]
    assert len(names) == N_FORMS
    items = []
    for name in names:
        picks = rng.sample(FORM_FIELDS, rng.randint(3, 7))
        fields = [tuple(p) for p in picks]
        # Single and multi selects.
        for _ in range(rng.choice([1, 1, 2])):
            en, rule, variants = rng.choice(FORM_ENUMS)
            fname = snake(en)
            if any(f[0] in (fname, fname + "s") for f in fields):
                continue
            r = rng.random()
            if r < 0.45:
                fields.append((fname, en, [], [], None))
            elif r < 0.65:
                fields.append((fname, en, [], [f'default = "{wire_name(variants[-1], rule)}"'], None))
            elif r < 0.8:
                fields.append((fname, f"Option<{en}>", [], [], None))
            else:
                fields.append((fname + "s", f"Vec<{en}>", ["default"], [f"max_items = {len(variants)}"], None))
        container = []
        if rng.random() < 0.5:
            container.append('rename_all = "camelCase"')
        if rng.random() < 0.2:
            container.append("deny_unknown_fields")
        items.append((name, container, fields, f"{name}: a form." if rng.random() < 0.5 else None))
    return items


def render_forms(items, struct_derive, enum_derive, with_elicit):
    out = [
        "//! Generated by bench/compile_time/gen.py. Do not edit.",
        "#![allow(dead_code)]",
        "",
        "use chrono::{DateTime, NaiveDate, Utc};",
        "use serde::Deserialize;",
        "",
    ]
    for en, rename_all, variants in FORM_ENUMS:
        out.append(f"#[derive({enum_derive})]")
        out.append(f'#[serde(rename_all = "{rename_all}")]')
        out.append(f"pub enum {en} {{")
        for v in variants:
            out.append(f"    {v},")
        out.append("}")
        out.append("")
    for name, container, fields, doc in items:
        if doc:
            out.append(f"/// {doc}")
        out.append(f"#[derive({struct_derive})]")
        if container:
            out.append(f"#[serde({', '.join(container)})]")
        out.append(f"pub struct {name} {{")
        for fname, ty, sattrs, eattrs, fdoc in fields:
            if fdoc:
                out.append(f"    /// {fdoc}")
            if sattrs:
                out.append(f"    #[serde({', '.join(sattrs)})]")
            if eattrs and with_elicit:
                out.append(f"    #[elicit({', '.join(eattrs)})]")
            out.append(f"    pub {fname}: {ty},")
        out.append("}")
        out.append("")
    return "\n".join(out)


# ---------------------------------------------------------------- crates

SERDE = 'serde = { version = "1.0.219", features = ["derive"] }'
CHRONO = 'chrono = { version = "0.4.41", default-features = false, features = ["serde", "std"] }'


# ---------------------------------------------------------------- defaults corpus

# (function, field, type, body)
DEFAULT_FNS = [
    ("default_page_size", "page_size", "u32", "50"),
    ("default_true", "enabled", "bool", "true"),
    ("default_locale", "locale", "String", '"en".to_string()'),
    ("default_retries", "retries", "u8", "3"),
    ("default_ratio", "ratio", "f64", "0.5"),
    ("default_tags", "labels", "Vec<String>", "Vec::new()"),
]


def gen_defaults(rng):
    """200 structs: `default = "path"` fields, `Option<Box<T>>` chains (each
    struct may point at an earlier one, boxed and optional), a doc comment on
    every field, chrono fields."""
    names = [d + k + "V2" for k in STRUCT_KINDS for d in DOMAINS]
    items = []
    for i, name in enumerate(names):
        fields = [("id", "u64", [], "The identifier.")]
        for func, fname, ty, _ in rng.sample(DEFAULT_FNS, rng.randint(2, 4)):
            fields.append((fname, ty, [f'default = "{func}"'],
                           f"The {fname.replace('_', ' ')}; has a default."))
        for fname, ty in rng.sample([("created_at", "DateTime<Utc>"), ("updated_at", "Option<DateTime<Utc>>"),
                                     ("due", "Option<NaiveDate>"), ("day", "NaiveDate")], rng.randint(1, 3)):
            attrs = ['skip_serializing_if = "Option::is_none"'] if ty.startswith("Option") else []
            fields.append((fname, ty, attrs, f"When: {fname.replace('_', ' ')}."))
        for fname, ty, attrs, _ in rng.sample(SCALARS, rng.randint(2, 5)):
            if fname not in {f[0] for f in fields}:
                fields.append((fname, ty, list(attrs), f"The {fname.replace('_', ' ')}."))
        if i > 0:
            for _ in range(rng.choice([1, 1, 2])):
                other = names[rng.randrange(i)]
                base = snake(other)
                if base in {f[0] for f in fields}:
                    continue
                fields.append((base, f"Option<Box<{other}>>", ["default", 'skip_serializing_if = "Option::is_none"'],
                               f"The parent {base.replace('_', ' ')}, if any."))
        container = ['rename_all = "camelCase"'] if rng.random() < 0.6 else []
        items.append((name, container, fields, f"A {name} record, as the API returns it."))
    return items


def render_defaults(items, derive, use_mode):
    out = [
        "//! Generated by bench/compile_time/gen.py. Do not edit.",
        "#![allow(dead_code)]",
        "",
        "use chrono::{DateTime, NaiveDate, Utc};",
        "use serde::{Deserialize, Serialize};",
        "use std::collections::BTreeMap;",
        "",
    ]
    for func, _, ty, expr in DEFAULT_FNS:
        out.append(f"fn {func}() -> {ty} {{\n    {expr}\n}}")
        out.append("")
    for name, container, fields, doc in items:
        out.append(f"/// {doc}")
        out.append(f"#[derive({derive})]")
        if container:
            out.append(f"#[serde({', '.join(container)})]")
        out.append(f"pub struct {name} {{")
        for fname, ty, attrs, fdoc in fields:
            out.append(f"    /// {fdoc}")
            if attrs:
                out.append(f"    #[serde({', '.join(attrs)})]")
            out.append(f"    pub {fname}: {ty},")
        out.append("}")
        out.append("")
        if use_mode:
            fn = snake(name)
            use_fn(out, f"{fn}", name, use_mode)
            out.append("")
    return "\n".join(out)


def use_fn(out, fn_name, name, use_mode):
    """A function that reads, writes and (toolform, schemars) renders `name`:
    the "used" twins' call sites."""
    out.append(f"pub fn use_{fn_name}(text: &str) -> usize {{")
    out.append(f"    let value: {name} = serde_json::from_str(text).unwrap();")
    out.append(f"    let {'n' if use_mode == 'serde' else 'mut n'} = serde_json::to_string(&value).unwrap().len();")
    if use_mode == "toolform":
        out.append(f"    n += <{name} as toolform::ToolSchema>::input_schema().to_string().len();")
        out.append(f"    n += <{name} as toolform::ToolSchema>::output_schema().to_string().len();")
    elif use_mode == "schemars":
        out.append(f"    n += serde_json::to_string(&schemars::schema_for!({name})).unwrap().len();")
    out.append("    n")
    out.append("}")


# ---------------------------------------------------------------- light corpus

def render_light(derive, use_mode):
    """200 light structs as issue 26 describes the usual tool argument type:
    7 fields (a doc comment, `u64`, `String`, `#[serde(default)]` `u32`,
    `Option<DateTime<Utc>>`, `Vec<String>` skipped when empty, a
    `default = "path"` field, `f64`, a boxed `Option` link to an earlier
    struct)."""
    out = [
        "//! Generated by bench/compile_time/gen.py. Do not edit.",
        "#![allow(dead_code)]",
        "",
        "use chrono::{DateTime, Utc};",
        "use serde::{Deserialize, Serialize};",
        "",
        "fn default_limit() -> u32 {\n    25\n}",
        "",
    ]
    for i in range(N_STRUCTS):
        name = f"Light{i:03}"
        out.append(f"/// Arguments of tool number {i}.")
        out.append(f"#[derive({derive})]")
        out.append(f"pub struct {name} {{")
        out.append("    /// The record to act on.")
        out.append("    pub id: u64,")
        out.append("    pub query: String,")
        out.append("    #[serde(default)]")
        out.append("    pub page: u32,")
        out.append("    pub since: Option<DateTime<Utc>>,")
        out.append('    #[serde(default, skip_serializing_if = "Vec::is_empty")]')
        out.append("    pub tags: Vec<String>,")
        out.append('    #[serde(default = "default_limit")]')
        out.append("    pub limit: u32,")
        out.append("    pub weight: f64,")
        if i:
            out.append(f"    pub parent: Option<Box<Light{i // 2:03}>>,")
        out.append("}")
        out.append("")
        if use_mode:
            use_fn(out, f"{i:03}", name, use_mode)
            out.append("")
    return "\n".join(out)


# ---------------------------------------------------------------- light corpus, second form

def render_light2(derive, use_mode):
    """200 light structs written the other common way (issue 38's held-out
    shapes): edition 2021, `#[serde(rename_all = "camelCase")]` on every
    struct and `deny_unknown_fields` on every third, chrono and std types by
    full path (`chrono::DateTime<chrono::Utc>`,
    `std::collections::BTreeMap<..>`), no `use` of them; 6-9 fields."""
    out = [
        "//! Generated by bench/compile_time/gen.py. Do not edit.",
        "#![allow(dead_code)]",
        "",
        "use serde::{Deserialize, Serialize};",
        "",
    ]
    for i in range(N_STRUCTS):
        name = f"LightArgs{i:03}"
        out.append(f"/// Arguments of tool number {i}, as the model sends them.")
        out.append(f"#[derive({derive})]")
        out.append('#[serde(rename_all = "camelCase", deny_unknown_fields)]' if i % 3 == 0
                   else '#[serde(rename_all = "camelCase")]')
        out.append(f"pub struct {name} {{")
        out.append("    /// The workspace to search.")
        out.append("    pub workspace_id: String,")
        out.append("    pub search_text: Option<String>,")
        out.append("    #[serde(default)]")
        out.append("    pub max_results: u32,")
        out.append("    pub created_after: Option<chrono::DateTime<chrono::Utc>>,")
        out.append("    #[serde(default)]")
        out.append("    pub include_archived: bool,")
        out.append("    #[serde(default, skip_serializing_if = \"Vec::is_empty\")]")
        out.append("    pub label_names: Vec<String>,")
        if i % 2 == 0:
            out.append("    #[serde(default)]")
            out.append("    pub extra_headers: std::collections::BTreeMap<String, String>,")
        if i % 4 == 1:
            out.append("    pub due_on: Option<chrono::NaiveDate>,")
        if i % 5 == 2:
            out.append('    #[serde(rename = "minScore")]')
            out.append("    pub score_floor: Option<f64>,")
        out.append("}")
        out.append("")
        if use_mode:
            use_fn(out, f"{i:03}", name, use_mode)
            out.append("")
    return "\n".join(out)


# ---------------------------------------------------------------- enums corpus

def render_enums(derive):
    """200 data enums, 50 of each serde representation (external, internal
    `tag`, adjacent `tag` + `content`, untagged), each with unit, newtype and
    struct variants (internal: newtype of a struct), under `rename_all` on
    half of them, and one small struct per enum for the newtype variants."""
    reprs = [
        ("external", None),
        ("internal", '#[serde(tag = "type")]'),
        ("adjacent", '#[serde(tag = "kind", content = "data")]'),
        ("untagged", "#[serde(untagged)]"),
    ]
    out = [
        "//! Generated by bench/compile_time/gen.py. Do not edit.",
        "#![allow(dead_code)]",
        "",
        "use serde::{Deserialize, Serialize};",
        "",
    ]
    for i in range(N_STRUCTS):
        repr_name, attr = reprs[i % 4]
        name = f"Action{i:03}"
        payload = f"Target{i:03}"
        out.append(f"#[derive({derive})]")
        out.append(f"pub struct {payload} {{")
        out.append("    pub path: String,")
        out.append("    #[serde(default)]")
        out.append("    pub recursive: bool,")
        out.append("}")
        out.append("")
        out.append(f"/// An action of tool {i} ({repr_name}ly tagged).")
        out.append(f"#[derive({derive})]")
        attrs = [a for a in [attr] if a]
        if i % 8 < 4:
            attrs.append('#[serde(rename_all = "snake_case")]')
        out += attrs
        out.append(f"pub enum {name} {{")
        out.append("    /// Stop what is running.")
        out.append("    Halt,")
        out.append(f"    Open({payload}),")
        out.append("    Move {")
        out.append("        from: String,")
        out.append("        to: String,")
        out.append("        #[serde(default)]")
        out.append("        overwrite: bool,")
        out.append("    },")
        out.append("    Resize {")
        out.append("        width: u32,")
        out.append("        height: Option<u32>,")
        out.append("    },")
        if repr_name != "internal":
            out.append("    Rename(String),")
        out.append("}")
        out.append("")
    return "\n".join(out)


# ---------------------------------------------------------------- real types

REAL_COPIES = 5
_REAL_TYPE = re.compile(r"#\[derive\(__DERIVES__[^)]*\)\]\s*(?:#\[[^\n]*\]\s*|///[^\n]*\s*|//[^\n]*\s*)*"
                        r"(?:pub(?:\([^)]*\))?\s+)?(?:struct|enum)\s+([A-Za-z_][A-Za-z0-9_]*)")


def real_type_names(text):
    """The names of the types the file derives for (in order)."""
    names = _REAL_TYPE.findall(text)
    n_derives = text.count("#[derive(__DERIVES__")
    if len(names) != n_derives:
        sys.exit(f"real types: {n_derives} derive placeholders but {len(names)} type names found")
    return names


def render_real(text, derive, use_mode):
    """Five copies of the real-types file, in modules m0..m4, with `derive`
    in place of `__DERIVES__`; `#[schema(..)]` lines only where the derive
    list has ToolSchema. With `use_mode`, each module also gets one function
    per type, as render_light writes them."""
    toolform = "ToolSchema" in derive
    lines = [line for line in text.splitlines()
             if toolform or not line.lstrip().startswith("#[schema(")]
    body = "\n".join(lines).replace("__DERIVES__", derive)
    names = real_type_names(text)
    out = [
        "//! Generated by bench/compile_time/gen.py from the real-types file. Do not edit.",
        "#![allow(dead_code, unused_imports, clippy::all)]",
        "",
    ]
    for m in range(REAL_COPIES):
        out.append(f"pub mod m{m} {{")
        out.append(body)
        out.append("")
        if use_mode:
            for name in names:
                use_fn(out, f"{snake(name)}", name, use_mode)
                out.append("")
        out.append("}")
        out.append("")
    return "\n".join(out)


def write_crate(root, name, deps, source, edition="2024"):
    d = os.path.join(root, name)
    os.makedirs(os.path.join(d, "src"), exist_ok=True)
    with open(os.path.join(d, "Cargo.toml"), "w") as f:
        f.write(
            f'[package]\nname = "{name}"\nversion = "0.0.0"\nedition = "{edition}"\npublish = false\n\n'
            "[dependencies]\n" + "\n".join(deps) + "\n"
        )
    path = os.path.join(d, "src", "lib.rs")
    # Write only when changed, so a re-run keeps mtimes (and the prebuilt state).
    old = None
    if os.path.exists(path):
        with open(path) as f:
            old = f.read()
    if old != source:
        with open(path, "w") as f:
            f.write(source)


def main():
    args = sys.argv[1:]
    stub = "--stub" in args
    args = [a for a in args if a != "--stub"]
    real_path = None
    if "--real-types" in args:
        i = args.index("--real-types")
        real_path = args[i + 1]
        del args[i:i + 2]
    elif os.path.exists(os.path.join(os.path.dirname(os.path.abspath(__file__)), "real_types.rs")):
        real_path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "real_types.rs")
    out_dir, runtime = args[0], os.path.abspath(args[1])
    lock = args[2] if len(args) > 2 else None
    os.makedirs(out_dir, exist_ok=True)
    toolform = f'toolform = {{ path = "{runtime}" }}'
    schemars = 'schemars = { version = "1", features = ["chrono04"] }'

    rng = random.Random(SEED)
    structs = gen_structs(rng)
    forms = gen_forms(rng)
    defaults = gen_defaults(random.Random(SEED + 14))
    json = 'serde_json = "1"'

    crates = {
        "ct_serde": ([SERDE, CHRONO],
                     render_structs(structs, "Serialize, Deserialize", [])),
        "ct_toolform": ([SERDE, CHRONO, toolform],
                        render_structs(structs, "Serialize, Deserialize, toolform::ToolSchema", [])),
        "ct_schemars": ([SERDE, CHRONO, schemars],
                        render_structs(structs, "Serialize, Deserialize, schemars::JsonSchema", [])),
        "ct_forms_serde": ([SERDE, CHRONO],
                           render_forms(forms, "Deserialize", "Deserialize", False)),
        "ct_forms_elicit": ([SERDE, CHRONO, toolform],
                            render_forms(forms, "Deserialize, toolform::ElicitForm",
                                         "Deserialize, toolform::ToolSchema", True)),
        "ct_dflt_serde": ([SERDE, CHRONO],
                          render_defaults(defaults, "Serialize, Deserialize", None)),
        "ct_dflt_toolform": ([SERDE, CHRONO, toolform],
                             render_defaults(defaults, "Serialize, Deserialize, toolform::ToolSchema", None)),
        "ct_dflt_schemars": ([SERDE, CHRONO, schemars],
                             render_defaults(defaults, "Serialize, Deserialize, schemars::JsonSchema", None)),
        "ct_use_serde": ([SERDE, CHRONO, json],
                         render_defaults(defaults, "Serialize, Deserialize", "serde")),
        "ct_use_toolform": ([SERDE, CHRONO, json, toolform],
                            render_defaults(defaults, "Serialize, Deserialize, toolform::ToolSchema", "toolform")),
        "ct_use_schemars": ([SERDE, CHRONO, json, schemars],
                            render_defaults(defaults, "Serialize, Deserialize, schemars::JsonSchema", "schemars")),
        "ct_light_serde": ([SERDE, CHRONO],
                           render_light("Serialize, Deserialize", None)),
        "ct_light_toolform": ([SERDE, CHRONO, toolform],
                              render_light("Serialize, Deserialize, toolform::ToolSchema", None)),
        "ct_lightuse_serde": ([SERDE, CHRONO, json],
                              render_light("Serialize, Deserialize", "serde")),
        "ct_lightuse_toolform": ([SERDE, CHRONO, json, toolform],
                                 render_light("Serialize, Deserialize, toolform::ToolSchema", "toolform")),
        "ct_light2_serde": ([SERDE, CHRONO],
                            render_light2("Serialize, Deserialize", None), "2021"),
        "ct_light2_toolform": ([SERDE, CHRONO, toolform],
                               render_light2("Serialize, Deserialize, toolform::ToolSchema", None), "2021"),
        "ct_light2use_serde": ([SERDE, CHRONO, json],
                               render_light2("Serialize, Deserialize", "serde"), "2021"),
        "ct_light2use_toolform": ([SERDE, CHRONO, json, toolform],
                                  render_light2("Serialize, Deserialize, toolform::ToolSchema", "toolform"),
                                  "2021"),
        "ct_enums_serde": ([SERDE], render_enums("Serialize, Deserialize")),
        "ct_enums_toolform": ([SERDE, toolform], render_enums("Serialize, Deserialize, toolform::ToolSchema")),
    }
    real_text = None
    if real_path:
        with open(real_path) as f:
            real_text = f.read()
        crates.update({
            "ct_real_serde": ([SERDE, json],
                              render_real(real_text, "Serialize, Deserialize", None)),
            "ct_real_toolform": ([SERDE, json, toolform],
                                 render_real(real_text, "Serialize, Deserialize, toolform::ToolSchema", None)),
            "ct_realuse_serde": ([SERDE, json],
                                 render_real(real_text, "Serialize, Deserialize", "serde")),
            "ct_realuse_toolform": ([SERDE, json, toolform],
                                    render_real(real_text, "Serialize, Deserialize, toolform::ToolSchema",
                                                "toolform")),
        })
    for name, (deps, src, *edition) in crates.items():
        write_crate(out_dir, name, deps, "//! stub: dependencies only\n" if stub else src, *edition)
    with open(os.path.join(out_dir, "Cargo.toml"), "w") as f:
        members = ", ".join(f'"{n}"' for n in crates)
        f.write(f'[workspace]\nresolver = "3"\nmembers = [{members}]\n')
    # Start from the repository's lockfile so shared dependencies resolve to the
    # versions the project is tested with; cargo prunes what is unused.
    if lock and not os.path.exists(os.path.join(out_dir, "Cargo.lock")):
        shutil.copy(lock, os.path.join(out_dir, "Cargo.lock"))

    if stub:
        return
    n_fields = sum(len(s[2]) for s in structs)
    n_form_fields = sum(len(f[2]) for f in forms)
    print(f"corpus: {len(structs)} structs ({n_fields} fields) + {len(ENUMS)} enums; "
          f"{len(forms)} forms ({n_form_fields} fields) + {len(FORM_ENUMS)} enums")
    if real_text is not None:
        print(f"real types: {len(real_type_names(real_text))} types x {REAL_COPIES} copies ({real_path})")
    else:
        print("real types: no file (--real-types FILE, or bench/compile_time/real_types.rs); ct_real* not generated")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Writes bench/lenient/corpus.jsonl: real-shaped model outputs for the eight
tool schemas of schemas.json, each labelled with its one intended value
("recover") or "refuse" (a careful decoder must not return a value: the
output has no one reading, or reading it needs a guess).

Deterministic (seeded). Every item names the damage it carries (`kind`).

    python3 bench/lenient/make_corpus.py
"""

import json
import os
import random
import re

HERE = os.path.dirname(os.path.abspath(__file__))
SCHEMAS = json.load(open(os.path.join(HERE, "schemas.json")))

# Intended arguments, per tool: what the model meant.
BASES = {
    "get_weather": [
        {"city": "Paris", "days": 3, "units": "metric", "hourly": True},
        {"city": "São Paulo", "days": 7},
        {"city": "New York", "days": 1, "units": "imperial", "hourly": False},
        {"city": "Reykjavík", "days": 14, "units": "metric"},
    ],
    "search_files": [
        {"query": "TODO", "paths": ["src"], "max_results": 20, "case_sensitive": False},
        {"query": "fn main", "paths": ["src", "examples"], "max_results": 5},
        {"query": "deprecated API", "case_sensitive": True},
        {"query": "it's broken", "paths": ["docs"], "max_results": 100},
    ],
    "create_event": [
        {"title": "Standup", "start": "2026-12-07T09:30:00Z", "duration_minutes": 15,
         "attendees": ["ana@example.com"], "reminder": {"minutes_before": 10, "method": "popup"}},
        {"title": "Quarterly review", "start": "2026-12-15T14:00:00+01:00", "duration_minutes": 90,
         "attendees": ["ana@example.com", "bo@example.com"]},
        {"title": "Dentist", "start": "2026-12-09T08:00:00Z", "reminder": {"minutes_before": 60, "method": "email"}},
    ],
    "send_email": [
        {"to": ["ana@example.com"], "subject": "Invoice #1042", "body": "Hi Ana,\nthe invoice is attached.\nBest,\nBo", "priority": "normal"},
        {"to": ["team@example.com", "lead@example.com"], "subject": "Release 2.3 is out", "body": "Release notes: see the wiki.", "cc": ["cto@example.com"]},
        {"to": ["ops@example.com"], "subject": "Disk almost full", "body": "Server db-2 is at 93%.\nPlease look.", "priority": "high"},
    ],
    "query_db": [
        {"sql": "SELECT id, name FROM users WHERE active = $1", "params": [True], "limit": 50},
        {"sql": "SELECT count(*) FROM orders", "dry_run": True},
        {"sql": "DELETE FROM sessions WHERE expires < now()", "dry_run": False, "limit": 1000},
    ],
    "transfer_funds": [
        {"from_account": "DE89370400440532013000", "to_account": "FR1420041010050500013M02606", "amount": 250.0, "currency": "EUR", "memo": "Rent December"},
        {"from_account": "GB29NWBK60161331926819", "to_account": "GB94BARC10201530093459", "amount": 12.5, "currency": "GBP"},
        {"from_account": "US-CHK-0001", "to_account": "US-SAV-0002", "amount": 1000, "currency": "USD", "memo": "savings"},
    ],
    "run_command": [
        {"command": "cargo", "args": ["test", "--workspace"], "timeout_seconds": 600, "cwd": "/work"},
        {"command": "ls", "args": ["-la"], "env": {"LC_ALL": "C"}},
        {"command": "python3", "args": ["script.py"], "timeout_seconds": 30.5, "env": {"PYTHONPATH": "src", "DEBUG": "1"}},
    ],
    "update_ticket": [
        {"id": 4821, "status": "in_progress", "labels": ["backend"], "fields": {"priority": 2, "assignee": "ana"}},
        {"id": 17, "status": "closed", "comment": "Fixed in #4830.\nThanks for the report!"},
        {"id": 990, "labels": ["bug", "ui"], "fields": {"priority": 5}},
    ],
}


def props(tool):
    return SCHEMAS[tool]["properties"]


def field_type(tool, key):
    s = props(tool).get(key, {})
    if "$ref" in s:
        s = SCHEMAS[tool]["$defs"][s["$ref"].split("/")[-1]]
    return s.get("type")


def dumps(v, **kw):
    return json.dumps(v, ensure_ascii=False, **kw)


def quoted(s, open_q, close_q, esc):
    out = s.replace("\\", "\\\\").replace("\n", "\\n")
    if esc:
        out = out.replace(esc, "\\" + esc)
    return open_q + out + close_q


def write(v, key_style="json", q=('"', '"', '"'), py=False):
    """A serializer with other quote, key and literal spellings."""
    if isinstance(v, dict):
        parts = []
        for k, x in v.items():
            key = k if key_style == "bare" else quoted(k, *q)
            parts.append(key + ": " + write(x, key_style, q, py))
        return "{" + ", ".join(parts) + "}"
    if isinstance(v, list):
        return "[" + ", ".join(write(x, key_style, q, py) for x in v) + "]"
    if isinstance(v, bool):
        return ("True" if v else "False") if py else ("true" if v else "false")
    if v is None:
        return "None" if py else "null"
    if isinstance(v, str):
        return quoted(v, *q)
    return dumps(v)


PROSE_BEFORE = [
    "Sure! I'll call the tool with these arguments:\n",
    "Here are the arguments:\n\n",
    "I need to look this up first.\n",
    "Calling the tool now.\n",
]
PROSE_AFTER = ["\n\nLet me know if you need anything else.", "\nThis should do it.", ""]


# ---------------------------------------------------------------- recover

def r_plain(tool, v, rng):
    return dumps(v)


def r_pretty(tool, v, rng):
    return dumps(v, indent=2)


def r_fence(tool, v, rng):
    return rng.choice(PROSE_BEFORE) + "```json\n" + dumps(v, indent=2) + "\n```" + rng.choice(PROSE_AFTER)


def r_fence_bare(tool, v, rng):
    return "```\n" + dumps(v) + "\n```"


def r_prose(tool, v, rng):
    return rng.choice(PROSE_BEFORE) + dumps(v) + rng.choice(PROSE_AFTER)


def r_trailing_commas(tool, v, rng):
    lines = dumps(v, indent=2).split("\n")
    out = []
    for i, line in enumerate(lines):
        nxt = lines[i + 1].strip() if i + 1 < len(lines) else ""
        if nxt in ("}", "]", "},", "],") and not line.rstrip().endswith(("{", "[")):
            line += ","
        out.append(line)
    return "\n".join(out)


def r_comments(tool, v, rng):
    lines = dumps(v, indent=2).split("\n")
    out = []
    for i, line in enumerate(lines):
        out.append(line)
        if line.rstrip().endswith(",") and rng.random() < 0.5:
            out.append("  // " + rng.choice(["as requested", "default", "from the user's message", "see above"]))
    if len(out) == len(lines):
        out.insert(1, "  /* arguments */")
    return "\n".join(out)


def r_python(tool, v, rng):
    return write(v, q=("'", "'", "'"), py=True)


def r_single_quotes(tool, v, rng):
    return write(v, q=("'", "'", "'"))


def r_curly(tool, v, rng):
    if "”" in dumps(v):
        return None
    return write(v, q=("“", "”", None))


def r_bare_keys(tool, v, rng):
    return write(v, key_style="bare")


def r_raw_newlines(tool, v, rng):
    text = dumps(v)
    if "\\n" not in text:
        return None
    return text.replace("\\n", "\n")


def r_missing_brace(tool, v, rng):
    last = list(v.values())[-1]
    if isinstance(last, dict):
        return None
    text = dumps(v)[:-1]
    if isinstance(last, (int, float)) and not isinstance(last, bool):
        text += "\n"
    return text


def r_duplicate(tool, v, rng):
    k, x = next(iter(v.items()))
    return dumps(v)[:-1] + ", " + dumps(k) + ": " + dumps(x) + "}"


def r_object_as_string(tool, v, rng):
    for k, x in v.items():
        if isinstance(x, dict):
            w = dict(v)
            w[k] = dumps(x)
            return dumps(w)
    return None


def r_array_as_string(tool, v, rng):
    for k, x in v.items():
        if isinstance(x, list) and len(x) > 1:
            w = dict(v)
            w[k] = dumps(x)
            return dumps(w)
    return None


def r_root_as_string(tool, v, rng):
    return dumps(dumps(v))


def r_numbers_as_strings(tool, v, rng):
    w = {}
    changed = False
    for k, x in v.items():
        t = field_type(tool, k)
        if isinstance(x, (int, float)) and not isinstance(x, bool) and t in ("integer", "number"):
            w[k] = dumps(x)
            changed = True
        else:
            w[k] = x
    return dumps(w) if changed else None


def r_bools_as_strings(tool, v, rng):
    w = {}
    changed = False
    for k, x in v.items():
        if isinstance(x, bool) and field_type(tool, k) == "boolean":
            w[k] = "true" if x else "false"
            changed = True
        else:
            w[k] = x
    return dumps(w) if changed else None


def r_lone_item(tool, v, rng):
    for k, x in v.items():
        if isinstance(x, list) and len(x) == 1 and not re.search(r"[,;\n]", dumps(x[0])):
            w = dict(v)
            w[k] = x[0]
            return dumps(w)
    return None


def r_mixed(tool, v, rng):
    text = write(v, key_style="bare", q=("'", "'", "'"), py=True)
    text = text[:-1] + ",}"
    return "```python\n" + text + "\n```"


# Outside the rules table, yet with one reading: toolform refuses
# these (the table is its spec); they are here so the count is not the
# table's by construction.

def r_missing_comma_after_number(tool, v, rng):
    lines = dumps(v, indent=2).split("\n")
    for i, line in enumerate(lines):
        body = line.strip()
        if body.endswith(",") and re.search(r'": (-?[0-9.]+|true|false|null),$', body):
            lines[i] = line[:-1]
            return "\n".join(lines)
    return None


def r_escaped_apostrophe(tool, v, rng):
    text = dumps(v)
    if "'" not in text:
        return None
    return text.replace("'", "\\'")


RECOVER = [r_missing_comma_after_number, r_escaped_apostrophe, r_plain, r_pretty, r_fence, r_fence_bare, r_prose, r_trailing_commas, r_comments,
           r_python, r_single_quotes, r_curly, r_bare_keys, r_raw_newlines, r_missing_brace,
           r_duplicate, r_object_as_string, r_array_as_string, r_root_as_string,
           r_numbers_as_strings, r_bools_as_strings, r_lone_item, r_mixed]


# ---------------------------------------------------------------- refuse

def first_field(tool, v, types):
    for k, x in v.items():
        if field_type(tool, k) in types and not isinstance(x, bool):
            return k, x
    return None, None


def x_locale(tool, v, rng):
    k, x = first_field(tool, v, ("number",))
    if k is None or float(x) == int(x) and rng.random() < 0.5:
        k, x = first_field(tool, v, ("number",))
    if k is None:
        return None
    w = dict(v)
    w[k] = dumps(x).replace(".", ",") if "." in dumps(x) else dumps(x) + ",5"
    return dumps(w)


def x_units(tool, v, rng):
    k, x = first_field(tool, v, ("integer", "number"))
    if k is None:
        return None
    w = dict(v)
    unit = {"days": " days", "duration_minutes": " min", "timeout_seconds": "s", "amount": " EUR",
            "max_results": " results", "limit": " rows", "id": ""}.get(k, " units")
    if not unit:
        return None
    w[k] = dumps(x) + unit
    return dumps(w)


def x_fraction(tool, v, rng):
    k, x = first_field(tool, v, ("integer",))
    if k is None:
        return None
    w = dict(v)
    w[k] = x + 0.5
    return dumps(w)


def x_fraction_string(tool, v, rng):
    k, x = first_field(tool, v, ("integer",))
    if k is None:
        return None
    w = dict(v)
    w[k] = dumps(x + 0.5)
    return dumps(w)


def x_bool_spelling(tool, v, rng):
    for k in props(tool):
        if field_type(tool, k) == "boolean":
            w = dict(v)
            w[k] = rng.choice(["yes", "no", "on", "1", "True", "Y"])
            return dumps(w)
    return None


def x_number_for_string(tool, v, rng):
    for k, x in v.items():
        if field_type(tool, k) == "string" and "enum" not in props(tool)[k] and "format" not in props(tool)[k]:
            w = dict(v)
            w[k] = rng.choice([42, 1042, 7])
            return dumps(w)
    return None


def x_split(tool, v, rng):
    for k, x in v.items():
        if isinstance(x, list) and len(x) > 1 and all(isinstance(i, str) for i in x):
            w = dict(v)
            w[k] = ", ".join(x)
            return dumps(w)
    return None


def x_enum_case(tool, v, rng):
    for k, x in v.items():
        if "enum" in props(tool).get(k, {}):
            w = dict(v)
            w[k] = rng.choice([x.upper(), x.capitalize(), x.replace("_", " "), x[:-1]])
            if w[k] == x:
                continue
            return dumps(w)
    return None


def x_envelope(tool, v, rng):
    return dumps({"name": tool, "arguments": v})


def x_envelope_string(tool, v, rng):
    return dumps({"tool": tool, "parameters": dumps(v)})


def x_missing_required(tool, v, rng):
    req = SCHEMAS[tool].get("required", [])
    if not req:
        return None
    w = dict(v)
    del w[req[0]]
    return dumps(w)


def x_renamed(tool, v, rng):
    for k, x in v.items():
        if "_" in k:
            parts = k.split("_")
            w = {}
            for kk, xx in v.items():
                w[parts[0] + "".join(p.capitalize() for p in parts[1:]) if kk == k else kk] = xx
            return dumps(w)
    return None


def x_truncated_string(tool, v, rng):
    text = dumps(v)
    cut = text.rfind('"', 0, len(text) - 3)
    return text[:cut - 2] if cut > 4 else None


def x_truncated_array(tool, v, rng):
    text = dumps(v)
    i = text.find("[")
    if i < 0:
        return None
    j = text.find(",", i)
    k = text.find("]", i)
    if j < 0 or j > k:
        return None
    return text[:j]


def x_truncated_number(tool, v, rng):
    items = list(v.items())
    for idx in range(len(items) - 1, -1, -1):
        k, x = items[idx]
        if isinstance(x, (int, float)) and not isinstance(x, bool) and len(dumps(x)) > 1:
            w = dict(items[: idx + 1])
            text = dumps(w)[:-1]
            return text[:-1]  # the last digit cut
    return None


def x_truncated_after_key(tool, v, rng):
    text = dumps(v)
    keys = list(v.keys())
    return text[: text.find(dumps(keys[-1])) + len(dumps(keys[-1])) + 1]


def x_two_objects(tool, v, rng):
    other = dict(v)
    k = next(iter(other))
    if isinstance(other[k], str):
        other[k] = other[k] + " (retry)"
    return dumps(v) + "\n" + dumps(other)


def x_two_fences(tool, v, rng):
    return "First attempt:\n```json\n" + dumps(v) + "\n```\nOr, if that fails:\n```json\n" + dumps(v, indent=2) + "\n```"


def x_conflicting_duplicate(tool, v, rng):
    k, x = next(iter(v.items()))
    other = x + " (2)" if isinstance(x, str) else (x + 1 if isinstance(x, int) else None)
    if other is None:
        return None
    return dumps(v)[:-1] + ", " + dumps(k) + ": " + dumps(other) + "}"


def x_nan(tool, v, rng):
    k, x = first_field(tool, v, ("number", "integer"))
    if k is None:
        return None
    text = dumps(v)
    return text.replace(dumps(k) + ": " + dumps(x), dumps(k) + ": " + rng.choice(["NaN", "Infinity"]), 1)


def x_unescaped_quote(tool, v, rng):
    for k, x in v.items():
        if isinstance(x, str) and " " in x and field_type(tool, k) == "string":
            words = x.split(" ")
            inner = words[0] + ' "' + " ".join(words[1:]) + '"'
            text = dumps(v)
            return text.replace(dumps(x), '"' + inner + '"', 1)
    return None


def x_missing_brace_after_object(tool, v, rng):
    last = list(v.values())[-1]
    if not isinstance(last, dict):
        return None
    return dumps(v)[:-1]


def x_object_as_text(tool, v, rng):
    for k, x in v.items():
        if field_type(tool, k) == "string" and "enum" not in props(tool).get(k, {}):
            w = dict(v)
            w[k] = {"value": x}
            return dumps(w)
    return None


REFUSE = [x_locale, x_units, x_fraction, x_fraction_string, x_bool_spelling, x_number_for_string,
          x_split, x_enum_case, x_envelope, x_envelope_string, x_missing_required, x_renamed,
          x_truncated_string, x_truncated_array, x_truncated_number, x_truncated_after_key,
          x_two_objects, x_two_fences, x_conflicting_duplicate, x_nan, x_unescaped_quote,
          x_missing_brace_after_object, x_object_as_text]


def main():
    rng = random.Random(40)
    items = []
    for tool, bases in BASES.items():
        for b, base in enumerate(bases):
            for make in RECOVER:
                # Valid JSON is the common case but not what this measures:
                # keep one plain and one pretty per tool.
                if make in (r_plain, r_pretty) and b > 0:
                    continue
                text = make(tool, base, rng)
                if text is None:
                    continue
                items.append({"tool": tool, "kind": make.__name__[2:], "label": "recover",
                              "text": text, "intended": base})
            for make in REFUSE:
                if rng.random() < 0.45:
                    continue
                text = make(tool, base, rng)
                if text is None:
                    continue
                items.append({"tool": tool, "kind": make.__name__[2:], "label": "refuse",
                              "text": text, "intended": None})
    for i, item in enumerate(items):
        item["id"] = i
    with open(os.path.join(HERE, "corpus.jsonl"), "w") as f:
        for item in items:
            f.write(json.dumps(item, ensure_ascii=False) + "\n")
    n_rec = sum(1 for i in items if i["label"] == "recover")
    print(f"{len(items)} items: {n_rec} recover, {len(items) - n_rec} refuse")


if __name__ == "__main__":
    main()

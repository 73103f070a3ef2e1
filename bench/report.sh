#!/usr/bin/env bash
# Runs the benchmarks, then prints ratios from criterion's estimates (median
# point estimates):
#
#   - schema_access: toolform against schemars, per fixture type;
#   - answer_parsing: toolform's elicitation answer parser against a prebuilt
#     jsonschema validator + serde, and against serde alone.
#
#   bench/report.sh                              # run both, then report
#   bench/report.sh --bench answer_parsing       # run one (repeatable)
#   bench/report.sh --no-run                     # report on the last run only
#   bench/report.sh --all                        # also gate/dialect scaling, instruction counts, compile time
#
# Extra arguments after the options go to criterion (e.g. a filter:
# `bench/report.sh --bench schema_access medium`).
set -euo pipefail
cd "$(dirname "$0")/.."

run=1
all=0
benches=()
while [[ $# -gt 0 ]]; do
    case "$1" in
        --no-run) run=0; shift ;;
        --all) all=1; shift ;;
        --bench)
            [[ $# -ge 2 ]] || { echo "--bench needs a name" >&2; exit 2; }
            benches+=(--bench "$2"); shift 2 ;;
        *) break ;;
    esac
done
if [[ ${#benches[@]} == 0 ]]; then
    benches=(--bench schema_access --bench answer_parsing)
fi

if [[ $run == 1 ]]; then
    cargo bench -p toolform-bench "${benches[@]}" -- --noplot "$@"
fi

target_dir=$(cargo metadata --format-version 1 --no-deps |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')

python3 - "$target_dir/criterion" <<'PY'
import json
import pathlib
import sys

root = pathlib.Path(sys.argv[1])


def median_ns(group, func):
    path = root / group / func / "new" / "estimates.json"
    if not path.exists():
        return None
    return json.loads(path.read_text())["median"]["point_estimate"]


def fmt_time(ns):
    if ns is None:
        return "-"
    if ns >= 1e6:
        return f"{ns / 1e6:.2f} ms"
    if ns >= 1e3:
        return f"{ns / 1e3:.2f} µs"
    return f"{ns:.2f} ns"


def table(header, rows):
    widths = [max(len(str(row[i])) for row in [header] + rows) for i in range(len(header))]
    line = lambda row: "| " + " | ".join(str(v).ljust(w) for v, w in zip(row, widths)) + " |"
    print(line(header))
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for row in rows:
        print(line(row))


def verdict(ok):
    if ok is None:
        return "no data"
    return "holds" if ok else "DOES NOT HOLD"


# ------------------------------------------------------------ schema_access

groups = ["small", "medium", "wide50", "deep6"]
funcs = ["schemars_schema_for", "toolform_render", "toolform_cached", "value_clone_floor"]

rows = []
ok_render = ok_cached = True
for g in groups:
    s, r, c, f = (median_ns(g, fn) for fn in funcs)
    if s is None or r is None or c is None:
        rows.append((g, fmt_time(s), fmt_time(r), fmt_time(c), "-", "-", "-", "-"))
        ok_render = ok_cached = False
        continue
    render_ratio = r / s
    cached_ratio = s / c
    ok_render &= render_ratio <= 0.5
    ok_cached &= cached_ratio >= 1000
    rows.append(
        (g, fmt_time(s), fmt_time(r), fmt_time(c),
         f"{render_ratio:.3f}x", f"{cached_ratio:,.0f}x",
         "-" if f is None else f"{f / s:.3f}x",
         "-" if f is None else f"{r / f:.2f}x")
    )

print()
print("schema_access")
print(f"median times from {root}/<type>/<bench>/new/estimates.json")
table(("type", "schemars", "toolform render", "toolform cached",
       "render/schemars", "schemars/cached", "clone floor/schemars", "render/clone floor"), rows)
print()
print(f"target: first render <= 0.5x schemars        : {'holds' if ok_render else 'DOES NOT HOLD'}")
print(f"target: cached access >= 1000x faster than schemars: {'holds' if ok_cached else 'DOES NOT HOLD'}")

# ------------------------------------------------------------ answer_parsing

group = "answer_parsing"
contenders = [
    ("toolform", "toolform: from_elicit_result(&result)"),
    ("toolform_validate_only", "toolform: validate_answer alone"),
    ("jsonschema_serde_clone", "(b)  jsonschema is_valid + from_value(clone)"),
    ("jsonschema_serde_ref", "(b2) jsonschema is_valid + deserialize(&Value)"),
    ("serde_ref", "(c)  serde deserialize(&Value) [floor]"),
    ("serde_from_value_clone", "(c2) serde from_value(clone)"),
    ("serde_from_value_owned", "(c3) serde from_value(owned) [the issue's floor]"),
]
t = {f: median_ns(group, f) for f, _ in contenders}
floor = t["serde_ref"]
ours = t["toolform"]

rows = []
for f, label in contenders:
    x = t[f]
    rows.append((
        label,
        fmt_time(x),
        "-" if x is None or floor is None else f"{x / floor:.3f}x",
        "-" if x is None or ours is None else f"{ours / x:.3f}x",
    ))

print()
print("answer_parsing (one valid 8-field Booking answer)")
print(f"median times from {root}/{group}/<bench>/new/estimates.json")
table(("contender", "median", "/ floor (c)", "toolform / this"), rows)


def ratio(a, b):
    return None if a is None or b is None else a / b


r_floor = ratio(ours, floor)
r_c2 = ratio(ours, t["serde_from_value_clone"])
r_c3 = ratio(ours, t["serde_from_value_owned"])
r_b2 = ratio(ours, t["jsonschema_serde_ref"])
r_b = ratio(ours, t["jsonschema_serde_clone"])
present = [x for x in (t["jsonschema_serde_ref"], t["jsonschema_serde_clone"]) if x is not None]
best_js = min(present) if present else None
r_best = ratio(ours, best_js)
fmt_r = lambda r: "-" if r is None else f"{r:.3f}x"

print()
print(f"toolform / serde deserialize(&Value) (c)      : {fmt_r(r_floor)}")
print(f"toolform / serde from_value(clone) (c2)       : {fmt_r(r_c2)}")
print(f"toolform / serde from_value(owned) (c3)       : {fmt_r(r_c3)}")
print(f"toolform / jsonschema + deserialize(&Value) (b2): {fmt_r(r_b2)}")
print(f"toolform / jsonschema + from_value(clone) (b) : {fmt_r(r_b)}")
print()
print(f"target: within 1.2x of serde alone (toolform / c <= 1.2)            : "
      f"{verdict(None if r_floor is None else r_floor <= 1.2)}")
print(f"target: within 1.2x of from_value on an owned answer (toolform / c3 <= 1.2): "
      f"{verdict(None if r_c3 is None else r_c3 <= 1.2)}")
print(f"target: faster than jsonschema + serde (toolform < min(b, b2))      : "
      f"{verdict(None if r_best is None else r_best < 1.0)}")
PY

if [[ $all == 1 ]]; then
    echo
    echo "gate and dialect conversion scaling"
    cargo bench -p toolform-bench --bench gate_scaling 2>/dev/null | sed -n '/^| nodes/,$p'
    if command -v valgrind >/dev/null; then
        echo
        bench/instructions.sh
    else
        echo "(valgrind not installed: instruction counts skipped)"
    fi
    if [[ -x bench/compile_time/run.sh ]]; then
        echo
        echo "compile time"
        bench/compile_time/run.sh
    fi
fi

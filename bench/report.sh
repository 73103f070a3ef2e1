#!/usr/bin/env bash
# Runs the schema_access benchmark, then prints toolform-vs-schemars ratios from
# criterion's estimates (median point estimates).
#
#   bench/report.sh            # run, then report
#   bench/report.sh --no-run   # report on the last run only
#
# Extra arguments after the optional --no-run go to criterion (e.g. a filter:
# `bench/report.sh medium`).
set -euo pipefail
cd "$(dirname "$0")/.."

run=1
if [[ "${1:-}" == "--no-run" ]]; then
    run=0
    shift
fi

if [[ $run == 1 ]]; then
    cargo bench -p toolform-bench --bench schema_access -- --noplot "$@"
fi

target_dir=$(cargo metadata --format-version 1 --no-deps |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')

python3 - "$target_dir/criterion" <<'PY'
import json
import pathlib
import sys

root = pathlib.Path(sys.argv[1])
groups = ["small", "medium", "wide50", "deep6"]
funcs = ["schemars_schema_for", "toolform_render", "toolform_cached"]


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


rows = []
ok_render = ok_cached = True
for g in groups:
    s, r, c = (median_ns(g, f) for f in funcs)
    if s is None or r is None or c is None:
        rows.append((g, fmt_time(s), fmt_time(r), fmt_time(c), "-", "-"))
        ok_render = ok_cached = False
        continue
    render_ratio = r / s
    cached_ratio = s / c
    ok_render &= render_ratio <= 0.5
    ok_cached &= cached_ratio >= 1000
    rows.append(
        (g, fmt_time(s), fmt_time(r), fmt_time(c),
         f"{render_ratio:.3f}x", f"{cached_ratio:,.0f}x")
    )

header = ("type", "schemars", "toolform render", "toolform cached",
          "render/schemars", "schemars/cached")
widths = [max(len(str(row[i])) for row in [header] + rows) for i in range(len(header))]
line = lambda row: "| " + " | ".join(str(v).ljust(w) for v, w in zip(row, widths)) + " |"
print()
print(f"median times from {root}/<type>/<bench>/new/estimates.json")
print(line(header))
print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
for row in rows:
    print(line(row))
print()
print(f"target: first render <= 0.5x schemars        : {'holds' if ok_render else 'DOES NOT HOLD'}")
print(f"target: cached access >= 1000x faster than schemars: {'holds' if ok_cached else 'DOES NOT HOLD'}")
PY

#!/usr/bin/env bash
# Compile-time cost of the derives, on a generated corpus.
#
#   bench/compile_time/run.sh [--rounds N] [--scratch DIR] [--only REGEX]
#
# Generates (gen.py) a cargo workspace outside the repository with five library
# crates: 200 structs + 10 unit-only enums deriving (a) Serialize + Deserialize,
# (b) the same + toolform::ToolSchema, (c) the same + schemars::JsonSchema
# (schemars 1, chrono04); and 200 flat forms deriving (d0) Deserialize, (d1)
# Deserialize + toolform::ElicitForm; and issue 14's corpus (200 structs with
# `#[serde(default = "path")]` fields, `Option<Box<T>>` chains, doc comments,
# chrono fields) with serde only / + ToolSchema / + JsonSchema, as types only
# (e0-e2) and with one function per type calling serde_json and the schema
# accessors (f0-f2). toolform is a path dependency on this repository's
# runtime/. --only times the crates whose name matches REGEX (e.g. 'dflt|use').
#
# Dependencies are built once (against empty stub crates); then each round
# times `cargo build -p <crate>` (dev profile) right after `cargo clean -p
# <crate>`, for every crate, in an order rotated each round. A sample in which
# cargo compiled anything besides the crate is thrown away and taken again.
# The table gives the median per crate and the added cost over its serde-only
# twin. Everything (target dir, logs, results.tsv, summary.md) stays in the
# scratch directory.
set -euo pipefail

ROUNDS=3
ONLY=""
SCRATCH="${TMPDIR:-/tmp}/toolform-compile-bench"

usage() { sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; }
while [[ $# -gt 0 ]]; do
    case "$1" in
        --rounds) ROUNDS="${2:?--rounds needs a number}"; shift 2 ;;
        --rounds=*) ROUNDS="${1#*=}"; shift ;;
        --scratch) SCRATCH="${2:?--scratch needs a directory}"; shift 2 ;;
        --scratch=*) SCRATCH="${1#*=}"; shift ;;
        --only) ONLY="${2:?--only needs a regex}"; shift 2 ;;
        --only=*) ONLY="${1#*=}"; shift ;;
        -h|--help) usage; exit 0 ;;
        *) echo "unknown argument: $1" >&2; usage >&2; exit 2 ;;
    esac
done
[[ "$ROUNDS" =~ ^[1-9][0-9]*$ ]] || { echo "--rounds must be a positive integer" >&2; exit 2; }

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
RUNTIME="$REPO/runtime"
[[ -f "$RUNTIME/Cargo.toml" ]] || { echo "no toolform runtime at $RUNTIME" >&2; exit 1; }

mkdir -p "$SCRATCH"
SCRATCH="$(cd "$SCRATCH" && pwd)"
case "$SCRATCH/" in
    "$REPO"/*) echo "the scratch directory must be outside the repository ($REPO)" >&2; exit 2 ;;
esac
export CARGO_TARGET_DIR="$SCRATCH/target"
LOGS="$SCRATCH/logs"
RESULTS="$SCRATCH/results.tsv"
mkdir -p "$LOGS"

# label <TAB> crate, in the order of the table.
VARIANTS=(
    "(a) serde only|ct_serde"
    "(b) serde + ToolSchema|ct_toolform"
    "(c) serde + schemars JsonSchema|ct_schemars"
    "(d0) forms: Deserialize only|ct_forms_serde"
    "(d1) forms: Deserialize + ElicitForm|ct_forms_elicit"
    "(e0) defaults corpus, types only: serde|ct_dflt_serde"
    "(e1) defaults corpus, types only: serde + ToolSchema|ct_dflt_toolform"
    "(e2) defaults corpus, types only: serde + JsonSchema|ct_dflt_schemars"
    "(f0) defaults corpus, used: serde + serde_json|ct_use_serde"
    "(f1) defaults corpus, used: + ToolSchema accessors|ct_use_toolform"
    "(f2) defaults corpus, used: + schemars schema_for!|ct_use_schemars"
)
if [[ -n "$ONLY" ]]; then
    KEPT=()
    for v in "${VARIANTS[@]}"; do [[ "${v#*|}" =~ $ONLY ]] && KEPT+=("$v"); done
    VARIANTS=("${KEPT[@]}")
fi
CRATES=()
for v in "${VARIANTS[@]}"; do CRATES+=("${v#*|}"); done

load() { cut -d' ' -f1 /proc/loadavg; }

echo "== machine"
echo "cpu:    $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //') x $(nproc)"
echo "rustc:  $(rustc -V)"
echo "cargo:  $(cargo -V)"
echo "repo:   $REPO ($(git -C "$REPO" rev-parse --short HEAD 2>/dev/null || echo 'no git')$(git -C "$REPO" diff --quiet HEAD -- runtime macros 2>/dev/null || echo ', runtime/macros modified'))"
echo "scratch: $SCRATCH"
echo "rounds: $ROUNDS"
echo "uptime at start: $(uptime)"
START=$(date +%s)

echo
echo "== prebuilding dependencies (stub crates)"
python3 "$HERE/gen.py" --stub "$SCRATCH" "$RUNTIME" "$REPO/Cargo.lock"
for c in "${CRATES[@]}"; do
    # Same command as the timed builds, so the dependency features unify the same way.
    (cd "$SCRATCH" && cargo build -p "$c") >"$LOGS/prebuild-$c.log" 2>&1 \
        || { cat "$LOGS/prebuild-$c.log" >&2; exit 1; }
done
echo "done in $(( $(date +%s) - START )) s"

echo
echo "== generating the corpus"
python3 "$HERE/gen.py" "$SCRATCH" "$RUNTIME" "$REPO/Cargo.lock"
wc -l "$SCRATCH"/ct_*/src/lib.rs | sed 's/^/   /'

# One clean build of one crate: "<wall s> <cpu s> <exit code>", where cpu is
# the user + system time of cargo and every rustc it ran (other work on the
# machine stretches wall time far more than cpu time).
time_one() {
    local crate="$1" log="$2"
    (cd "$SCRATCH" && cargo clean -p "$crate") >/dev/null 2>&1
    python3 - "$SCRATCH" "$crate" "$log" <<'PY'
import resource, subprocess, sys, time
scratch, crate, log = sys.argv[1:]
r0, t0 = resource.getrusage(resource.RUSAGE_CHILDREN), time.monotonic()
with open(log, "w") as f:
    rc = subprocess.run(["cargo", "build", "--offline", "-p", crate], cwd=scratch,
                        stdout=f, stderr=subprocess.STDOUT).returncode
t1, r1 = time.monotonic(), resource.getrusage(resource.RUSAGE_CHILDREN)
cpu = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
print(f"{t1 - t0:.3f} {cpu:.3f} {rc}")
PY
}

echo
echo "== timing: clean build of each generated crate, dev profile, order rotated per round"
printf 'round\tcrate\twall_s\tcpu_s\tload1\n' >"$RESULTS"
n=${#CRATES[@]}
for ((r = 1; r <= ROUNDS; r++)); do
    for ((k = 0; k < n; k++)); do
        c="${CRATES[$(( (k + r - 1) % n ))]}"
        ok=""
        for attempt in 1 2 3 4 5 6; do
            log="$LOGS/round$r-$c.log"
            read -r wall cpu rc < <(time_one "$c" "$log")
            others=$(grep -E '^ *Compiling ' "$log" | grep -v " $c v" | awk '{print $2}' | xargs || true)
            if [[ "$rc" != 0 ]]; then
                # toolform is a path dependency on a live work tree: it may be
                # caught mid-edit. Wait and retry; a failure in the corpus is fatal.
                if grep -qE "^error.*could not compile \`$c\`" "$log" || (( attempt == 6 )); then
                    cat "$log" >&2; exit 1
                fi
                echo "   round $r $c: a dependency failed to build ($others); retrying in 30 s" >&2
                sleep 30
                continue
            fi
            if [[ -n "$others" ]]; then
                echo "   round $r $c: cargo also compiled ($others); sample discarded" >&2
                continue
            fi
            ok=1
            break
        done
        [[ -n "$ok" ]] || { echo "could not get a clean sample for $c" >&2; exit 1; }
        l=$(load)
        printf '%s\t%s\t%s\t%s\t%s\n' "$r" "$c" "$wall" "$cpu" "$l" >>"$RESULTS"
        printf '   round %d  %-16s %7.2f s wall %7.2f s cpu   (load %s)\n' "$r" "$c" "$wall" "$cpu" "$l"
    done
done
echo "uptime at end: $(uptime)"
echo "wall time of the whole run: $(( $(date +%s) - START )) s"

echo
python3 - "$RESULTS" "${VARIANTS[@]}" <<'PY' | tee "$SCRATCH/summary.md"
import statistics, sys

results, variants = sys.argv[1], [v.split("|") for v in sys.argv[2:]]
wall, cpu = {}, {}
with open(results) as f:
    next(f)
    for line in f:
        _, crate, w, c, _ = line.rstrip("\n").split("\t")
        wall.setdefault(crate, []).append(float(w))
        cpu.setdefault(crate, []).append(float(c))
mw = {c: statistics.median(s) for c, s in wall.items()}
mc = {c: statistics.median(s) for c, s in cpu.items()}
base = {"ct_toolform": "ct_serde", "ct_schemars": "ct_serde", "ct_forms_elicit": "ct_forms_serde",
        "ct_dflt_toolform": "ct_dflt_serde", "ct_dflt_schemars": "ct_dflt_serde",
        "ct_use_toolform": "ct_use_serde", "ct_use_schemars": "ct_use_serde"}
base = {c: b for c, b in base.items() if c in mw and b in mw}
short = {"ct_serde": "(a)", "ct_forms_serde": "(d0)", "ct_dflt_serde": "(e0)", "ct_use_serde": "(f0)"}

def added(m, c):
    return m[c] / m[base[c]] - 1

rows = []
for label, crate in variants:
    s = sorted(wall[crate])
    if crate in base:
        cw = f"{mw[crate] / mw[base[crate]]:.2f}x ({added(mw, crate):+.0%} over {short[base[crate]]})"
        cc = f"{mc[crate] / mc[base[crate]]:.2f}x ({added(mc, crate):+.0%})"
    else:
        cw = cc = "baseline"
    rows.append((label, f"{mw[crate]:.2f} s", f"{s[0]:.2f} to {s[-1]:.2f} s", cw,
                 f"{mc[crate]:.2f} s", cc))
head = ("variant", "median wall", "wall range", "added cost (wall)", "median cpu", "added cost (cpu)")
w = [max(len(r[i]) for r in rows + [head]) for i in range(len(head))]
line = lambda r: "| " + " | ".join(x.ljust(w[i]) for i, x in enumerate(r)) + " |"
print(line(head))
print("|" + "|".join("-" * (x + 2) for x in w) + "|")
for r in rows:
    print(line(r))
print()

for tool, schemars_crate, what in [("ct_toolform", "ct_schemars", "benchmark corpus"),
                                   ("ct_dflt_toolform", "ct_dflt_schemars", "defaults corpus, types only"),
                                   ("ct_use_toolform", "ct_use_schemars", "defaults corpus, used")]:
    if tool not in base:
        continue
    tf, tfc = added(mw, tool), added(mc, tool)
    verdict = "holds" if tf <= 0.20 else f"does not hold ({(tf - 0.20) * 100:.0f} points over)"
    print(f"- {what}: ToolSchema adds {tf:+.0%} wall, {tfc:+.0%} cpu over serde only; at most +20%: {verdict}.")
    if schemars_crate in base:
        sm, smc = added(mw, schemars_crate), added(mc, schemars_crate)
        print(f"  schemars JsonSchema adds {sm:+.0%} wall, {smc:+.0%} cpu.")
if "ct_forms_elicit" in base:
    el, elc = added(mw, "ct_forms_elicit"), added(mc, "ct_forms_elicit")
    print(f"- ElicitForm adds {el:+.0%} wall, {elc:+.0%} cpu over Deserialize only on the forms (no target).")
PY

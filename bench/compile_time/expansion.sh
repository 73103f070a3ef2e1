#!/usr/bin/env bash
# Expansion size of the derives on the compile-time corpus: a proxy for their
# compile-time cost that, unlike timing, does not depend on the machine's load.
#
#   bench/compile_time/expansion.sh [--scratch DIR] [--repo DIR] [--only REGEX]
#
# Generates the corpus with gen.py (toolform as a path dependency on
# <repo>/runtime, so --repo can point at another checkout to compare) and
# prints each crate as rustc sees it after macro expansion
# (`-Zunpretty=expanded`, which stable rustc accepts under RUSTC_BOOTSTRAP=1;
# nothing is compiled to code). It counts the expanded source's lines, bytes
# and tokens, and for each derive crate the size it adds over its serde-only
# twin, per type, next to what serde's own derives add per type over the
# source. Everything stays in the scratch directory.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
SCRATCH="${TMPDIR:-/tmp}/toolform-expansion"
ONLY='^ct_(serde|toolform|forms_serde|forms_elicit|dflt_serde|dflt_toolform|use_serde|use_toolform)$'
while [[ $# -gt 0 ]]; do
    case "$1" in
        --scratch) SCRATCH="${2:?}"; shift 2 ;;
        --repo) REPO="$(cd "${2:?}" && pwd)"; shift 2 ;;
        --only) ONLY="${2:?}"; shift 2 ;;
        -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
done
mkdir -p "$SCRATCH"
SCRATCH="$(cd "$SCRATCH" && pwd)"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$SCRATCH/target}"
python3 "$HERE/gen.py" "$SCRATCH" "$REPO/runtime" "$REPO/Cargo.lock" >/dev/null
echo "repo: $REPO ($(git -C "$REPO" rev-parse --short HEAD 2>/dev/null || echo 'no git'))"
for dir in "$SCRATCH"/ct_*/; do
    c="$(basename "$dir")"
    [[ "$c" =~ $ONLY ]] || continue
    (cd "$SCRATCH" && RUSTC_BOOTSTRAP=1 cargo rustc -q -p "$c" --profile check -- \
        -Zunpretty=expanded) >"$SCRATCH/$c.expanded.rs" 2>"$SCRATCH/$c.log" \
        || { cat "$SCRATCH/$c.log" >&2; exit 1; }
done
python3 - "$SCRATCH" <<'PY'
import glob, os, re, sys
scratch = sys.argv[1]
TOKEN = re.compile(r'"(?:\\.|[^"\\])*"|[A-Za-z_][A-Za-z0-9_]*|\d[A-Za-z0-9_.]*|::|->|=>|\S')
def size(path):
    text = open(path).read()
    return len(text.splitlines()), len(text), len(TOKEN.findall(text))
def ntypes(path):
    return len(re.findall(r'^#\[derive\(', open(path).read(), re.M))
rows = {}
for path in sorted(glob.glob(os.path.join(scratch, "*.expanded.rs"))):
    c = os.path.basename(path)[: -len(".expanded.rs")]
    src = os.path.join(scratch, c, "src", "lib.rs")
    rows[c] = (size(path), size(src), ntypes(src))
twins = {"ct_toolform": "ct_serde", "ct_forms_elicit": "ct_forms_serde",
         "ct_dflt_toolform": "ct_dflt_serde", "ct_use_toolform": "ct_use_serde"}
print("| crate | types | expanded lines | expanded tokens | tokens added per type | serde's tokens per type |")
print("|---|---|---|---|---|---|")
for c, ((l, b, t), (sl, sb, st), n) in rows.items():
    if c in twins and twins[c] in rows:
        (bl, bb, bt), (_, _, bst), _ = rows[twins[c]]
        added = f"{(t - bt) / n:.0f} ({(t - bt) / (bt - bst):+.0%} of serde's)"
    else:
        added = "(baseline)"
    print(f"| {c} | {n} | {l} | {t} | {added} | {(t - st) / n:.0f} |")
PY

#!/usr/bin/env bash
# Instruction counts per operation (valgrind callgrind), for ratios that do
# not move with the load of a shared machine:
#
#   bench/instructions.sh [N]      # N operations per contender (default 2000)
#
# Counts only the measured part (callgrind --toggle-collect on `measured`).
set -euo pipefail
cd "$(dirname "$0")/.."
N="${1:-2000}"
command -v valgrind >/dev/null || { echo "valgrind is needed (Debian: apt-get install valgrind)" >&2; exit 2; }
cargo build -q --release -p toolform-bench --example instructions
BIN=target/release/examples/instructions
OUT="$(mktemp -d)"
count() {
    valgrind --tool=callgrind --callgrind-out-file="$OUT/cg" \
        --toggle-collect='instructions::measured*' "$BIN" "$1" "$N" >/dev/null 2>"$OUT/log"
    local total
    total=$(grep -E '^(summary|totals):' "$OUT/cg" | head -1 | awk '{print $2}')
    echo $(( total / N ))
}
echo "instructions per operation (N=$N), callgrind, measured part only"
echo
echo "| answer contender | instructions | / serde deserialize(&Value) | / serde from_value(owned) |"
echo "|---|---|---|---|"
declare -A A
for c in toolform toolform_owned validate serde_ref from_value_owned; do A[$c]=$(count "answer/$c"); done
for c in toolform toolform_owned validate serde_ref from_value_owned; do
    python3 -c "print(f'| $c | {${A[$c]}:,} | {${A[$c]}/${A[serde_ref]}:.2f}x | {${A[$c]}/${A[from_value_owned]}:.2f}x |')"
done
echo
echo "| type | schemars | toolform render | clone floor | render / schemars | clone floor / schemars |"
echo "|---|---|---|---|---|---|"
for t in small medium wide50 deep6; do
    s=$(count "render/$t/schemars"); r=$(count "render/$t/toolform"); c=$(count "render/$t/clone")
    python3 -c "print(f'| $t | {$s:,} | {$r:,} | {$c:,} | {$r/$s:.2f}x | {$c/$s:.2f}x |')"
done
echo
echo "| type | cold first access (decode + render + cache store) | cached access |"
echo "|---|---|---|"
for t in small medium wide50 deep6; do
    c=$(N=1 count "render/$t/cold"); w=$(count "render/$t/cached")
    python3 -c "print(f'| $t | {$c:,} | {$w:,} |')"
done
echo
echo "| args type | serde deserialize(&Value) | toolform parse_args | jsonschema + serde | parse_args / serde | jsonschema+serde / serde |"
echo "|---|---|---|---|---|---|"
for t in small medium wide50 deep6 declared; do
    s=$(count "args/$t/serde_ref"); r=$(count "args/$t/toolform"); j=$(count "args/$t/jsonschema_serde_ref")
    python3 -c "print(f'| $t | {$s:,} | {$r:,} | {$j:,} | {$r/$s:.2f}x | {$j/$s:.2f}x |')"
done
rm -rf "$OUT"

#!/usr/bin/env bash
# Compile-time cost of the derives in instructions, not seconds: the same
# corpus as run.sh (gen.py), each crate compiled once by rustc under
# valgrind (cachegrind, no cache simulation), counting every instruction
# rustc executes for that crate, the derives' proc-macro code included.
# Instruction counts do not move with the load on the machine (seconds do),
# so the ratios are comparable across runs and machines of one toolchain.
#
#   bench/compile_time/instructions.sh [--scratch DIR] [--only REGEX]
#
# Prints, per crate, the instruction count and the ratio to its serde-only
# twin. Takes about 30-60 s of one core per crate (valgrind slows rustc ~30x).
set -euo pipefail

ONLY=""
SCRATCH="${TMPDIR:-/tmp}/toolform-compile-bench"
while [[ $# -gt 0 ]]; do
    case "$1" in
        --scratch) SCRATCH="${2:?}"; shift 2 ;;
        --only) ONLY="${2:?}"; shift 2 ;;
        -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
done
command -v valgrind >/dev/null || { echo "valgrind is needed (Debian: apt install valgrind)" >&2; exit 1; }

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
mkdir -p "$SCRATCH"
SCRATCH="$(cd "$SCRATCH" && pwd)"
export CARGO_TARGET_DIR="$SCRATCH/target"
OUT="$SCRATCH/instructions"
mkdir -p "$OUT"

CRATES=(ct_serde ct_toolform ct_schemars ct_forms_serde ct_forms_elicit
        ct_dflt_serde ct_dflt_toolform ct_dflt_schemars
        ct_use_serde ct_use_toolform ct_use_schemars
        ct_light_serde ct_light_toolform ct_lightuse_serde ct_lightuse_toolform)
if [[ -n "$ONLY" ]]; then
    KEPT=(); for c in "${CRATES[@]}"; do [[ "$c" =~ $ONLY ]] && KEPT+=("$c"); done
    CRATES=("${KEPT[@]}")
fi

echo "rustc: $(rustc -V); repo: $(git -C "$REPO" rev-parse --short HEAD)"
# Dependencies built against stub crates, then the corpus (as run.sh does).
python3 "$HERE/gen.py" --stub "$SCRATCH" "$REPO/runtime" "$REPO/Cargo.lock"
for c in "${CRATES[@]}"; do (cd "$SCRATCH" && cargo build -q -p "$c"); done
python3 "$HERE/gen.py" "$SCRATCH" "$REPO/runtime" "$REPO/Cargo.lock"

# The wrapper runs rustc under cachegrind for the measured crate only.
WRAP="$SCRATCH/rustc-under-valgrind"
cat >"$WRAP" <<'SH'
#!/usr/bin/env bash
rustc="$1"; shift
for a in "$@"; do
    if [[ "$prev" == "--crate-name" && "$a" == "$MEASURE_CRATE" ]]; then
        exec valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file="$MEASURE_OUT" \
            --log-file=/dev/null "$rustc" "$@"
    fi
    prev="$a"
done
exec "$rustc" "$@"
SH
chmod +x "$WRAP"

declare -A IR
for c in "${CRATES[@]}"; do
    (cd "$SCRATCH" && cargo clean -q -p "$c")
    rm -f "$OUT/$c.out"
    (cd "$SCRATCH" && MEASURE_CRATE="$c" MEASURE_OUT="$OUT/$c.out" RUSTC_WRAPPER="$WRAP" \
        cargo build -q --offline -p "$c")
    IR[$c]=$(awk '/^summary:/ {print $2}' "$OUT/$c.out")
    printf '   %-18s %15s instructions\n' "$c" "${IR[$c]}"
done

echo
printf '| crate | instructions | over its serde-only twin |\n|---|---:|---:|\n'
declare -A BASE=([ct_toolform]=ct_serde [ct_schemars]=ct_serde [ct_forms_elicit]=ct_forms_serde
    [ct_dflt_toolform]=ct_dflt_serde [ct_dflt_schemars]=ct_dflt_serde
    [ct_use_toolform]=ct_use_serde [ct_use_schemars]=ct_use_serde
    [ct_light_toolform]=ct_light_serde [ct_lightuse_toolform]=ct_lightuse_serde)
for c in "${CRATES[@]}"; do
    b="${BASE[$c]:-}"
    if [[ -n "$b" && -n "${IR[$b]:-}" ]]; then
        r=$(python3 -c "print(f'{${IR[$c]}/${IR[$b]}:.3f}x ({${IR[$c]}/${IR[$b]}-1:+.1%})')")
    else
        r="baseline"
    fi
    printf '| %s | %s | %s |\n' "$c" "${IR[$c]}" "$r"
done

#!/usr/bin/env bash
# Compile-time cost of the derives in instructions, not seconds: the same
# corpus as run.sh (gen.py), each crate compiled by rustc under valgrind
# (cachegrind, no cache simulation), counting every instruction rustc
# executes for that crate, the derives' proc-macro code included.
# Instruction counts do not move with the load on the machine (seconds do),
# so the ratios are comparable across runs and machines of one toolchain.
#
#   bench/compile_time/instructions.sh [--scratch DIR] [--only REGEX]
#                                      [--mode edit|clean|both]
#                                      [--before REV] [--real-types FILE]
#
# Two modes (--mode, default both):
#   clean  `cargo clean -p CRATE`, then `cargo build -p CRATE` (dev profile,
#          incremental as cargo sets it for a workspace member, from an empty
#          cache): a first build, CI.
#   edit   what a user pays per edit: the crate built normally
#          (CARGO_INCREMENTAL=1), its src/lib.rs touched, then rebuilt
#          incrementally; only that rebuild's rustc is counted. Every derive
#          runs again (proc macros are not incremental) and its output is
#          expanded and hashed; the rest comes from the incremental cache.
#
# Prints, per crate and mode, the instruction count and the ratio to its
# serde-only twin. Takes about 30-60 s of one core per crate in clean mode
# (valgrind slows rustc ~30x), less in edit mode.
#
# --before REV also measures every toolform crate (the ToolSchema and
# ElicitForm ones) against toolform as it was at git revision REV, on the
# same corpus (this gen.py), in each mode, and prints a second table: crate,
# mode, its serde-only twin, before (instructions, ratio to the twin), after
# (the work tree's runtime/ and macros/). REV's tree is extracted with `git archive` into
# DIR/before-src and built in a workspace of its own (DIR/before-ws, target
# DIR/target-before); the repository is not touched.
#
# --real-types FILE is the "real types" corpus (crates ct_real*, see gen.py);
# default bench/compile_time/real_types.rs, and without either file those
# crates are left out.
#
# Dependencies (serde, serde_json, chrono, the toolform runtime and macros)
# are built first without valgrind, against stub crates; only the corpus
# crate itself is compiled under valgrind (in edit mode, only its rebuild).
# The first rebuild after a real build is the one counted. A second no-op
# rebuild in a row was measured at other counts (light corpus: 0.2G more,
# rustc encoding the crate's metadata again and promoting less from its
# cache), so a touch-and-rebuild repeated by hand is not comparable.
set -euo pipefail

ONLY=""
MODE="both"
BEFORE=""
REAL=""
SCRATCH="${TMPDIR:-/tmp}/toolform-compile-bench"
while [[ $# -gt 0 ]]; do
    case "$1" in
        --scratch) SCRATCH="${2:?}"; shift 2 ;;
        --only) ONLY="${2:?}"; shift 2 ;;
        --before) BEFORE="${2:?}"; shift 2 ;;
        --mode) MODE="${2:?}"; shift 2 ;;
        --real-types) REAL="${2:?}"; shift 2 ;;
        -h|--help) sed -n '2,43p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
done
case "$MODE" in
    both) MODES=(edit clean) ;;
    edit|clean) MODES=("$MODE") ;;
    *) echo "--mode is edit, clean or both" >&2; exit 2 ;;
esac
command -v valgrind >/dev/null || { echo "valgrind is needed (Debian: apt install valgrind)" >&2; exit 1; }

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
mkdir -p "$SCRATCH"
SCRATCH="$(cd "$SCRATCH" && pwd)"
case "$SCRATCH/" in
    "$REPO"/*) echo "the scratch directory must be outside the repository ($REPO)" >&2; exit 2 ;;
esac
OUT="$SCRATCH/instructions"
mkdir -p "$OUT"

GEN_ARGS=()
if [[ -n "$REAL" ]]; then
    [[ -f "$REAL" ]] || { echo "no real-types file at $REAL" >&2; exit 2; }
    GEN_ARGS=(--real-types "$(cd "$(dirname "$REAL")" && pwd)/$(basename "$REAL")")
elif [[ ! -f "$HERE/real_types.rs" ]]; then
    NO_REAL=1
fi

CRATES=(ct_serde ct_toolform ct_schemars ct_forms_serde ct_forms_elicit
        ct_dflt_serde ct_dflt_toolform ct_dflt_schemars
        ct_use_serde ct_use_toolform ct_use_schemars
        ct_light_serde ct_light_toolform ct_lightuse_serde ct_lightuse_toolform
        ct_light2_serde ct_light2_toolform ct_light2use_serde ct_light2use_toolform
        ct_enums_serde ct_enums_toolform
        ct_real_serde ct_real_toolform ct_realuse_serde ct_realuse_toolform)
declare -A BASE=([ct_toolform]=ct_serde [ct_schemars]=ct_serde [ct_forms_elicit]=ct_forms_serde
    [ct_dflt_toolform]=ct_dflt_serde [ct_dflt_schemars]=ct_dflt_serde
    [ct_use_toolform]=ct_use_serde [ct_use_schemars]=ct_use_serde
    [ct_light_toolform]=ct_light_serde [ct_lightuse_toolform]=ct_lightuse_serde
    [ct_light2_toolform]=ct_light2_serde [ct_light2use_toolform]=ct_light2use_serde
    [ct_enums_toolform]=ct_enums_serde
    [ct_real_toolform]=ct_real_serde [ct_realuse_toolform]=ct_realuse_serde)
KEPT=()
for c in "${CRATES[@]}"; do
    [[ -n "${NO_REAL:-}" && "$c" == ct_real* ]] && continue
    [[ -z "$ONLY" || "$c" =~ $ONLY ]] && KEPT+=("$c")
done
CRATES=("${KEPT[@]}")
[[ -n "${NO_REAL:-}" ]] && echo "(no real-types file: --real-types FILE or $HERE/real_types.rs; ct_real* left out)"
# The crates that depend on toolform: measured again with --before. Their
# serde-only twins are measured once, with the work tree's workspace.
TOOLFORM_CRATES=()
for c in "${CRATES[@]}"; do [[ "$c" =~ toolform|elicit ]] && TOOLFORM_CRATES+=("$c"); done
if [[ -n "$BEFORE" ]]; then
    # Each toolform crate needs its twin in the table.
    for c in "${TOOLFORM_CRATES[@]}"; do
        b="${BASE[$c]}"
        [[ " ${CRATES[*]} " == *" $b "* ]] || CRATES+=("$b")
    done
fi

dirty=""
git -C "$REPO" diff --quiet HEAD -- runtime macros formats 2>/dev/null || dirty=" (runtime/macros/formats modified)"
AFTER_LABEL="$(git -C "$REPO" rev-parse --short HEAD)${dirty:+-dirty}"
echo "rustc: $(rustc -V); repo: $(git -C "$REPO" rev-parse --short HEAD)$dirty"

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

# prepare WORKSPACE TARGET RUNTIME LOCK CRATE...: dependencies built against
# stub crates (as run.sh does), then the corpus written.
prepare() {
    local ws="$1" target="$2" runtime="$3" lock="$4"; shift 4
    python3 "$HERE/gen.py" --stub "${GEN_ARGS[@]}" "$ws" "$runtime" "$lock" >/dev/null
    for c in "$@"; do (cd "$ws" && CARGO_TARGET_DIR="$target" cargo build -q -p "$c"); done
    python3 "$HERE/gen.py" "${GEN_ARGS[@]}" "$ws" "$runtime" "$lock"
}

# measure MODE WORKSPACE TARGET CRATE OUTFILE: prints the instruction count,
# or nothing if the crate did not build.
measure() {
    local mode="$1" ws="$2" target="$3" c="$4" out="$5"
    rm -f "$out"
    # The same wrapper and environment in every build, so cargo's fingerprint
    # of the crate does not change between them; MEASURE_CRATE picks the one
    # rustc that runs under valgrind.
    local env=(CARGO_TARGET_DIR="$target" RUSTC_WRAPPER="$WRAP" MEASURE_OUT="$out")
    if [[ "$mode" == edit ]]; then
        env+=(CARGO_INCREMENTAL=1)
        if ! (cd "$ws" && env "${env[@]}" MEASURE_CRATE=none cargo build -q --offline -p "$c") \
                >"$out.log" 2>&1; then
            echo "   $c did not build (log: $out.log)" >&2
            return
        fi
        touch "$ws/$c/src/lib.rs"
    else
        (cd "$ws" && CARGO_TARGET_DIR="$target" cargo clean -q -p "$c")
    fi
    if (cd "$ws" && env "${env[@]}" MEASURE_CRATE="$c" cargo build -q --offline -p "$c") \
            >>"$out.log" 2>&1 && [[ -f "$out" ]]; then
        awk '/^summary:/ {print $2}' "$out"
    else
        echo "   $c did not build (log: $out.log)" >&2
    fi
}

prepare "$SCRATCH" "$SCRATCH/target" "$REPO/runtime" "$REPO/Cargo.lock" "${CRATES[@]}"

declare -A IR IRB
for m in "${MODES[@]}"; do
    for c in "${CRATES[@]}"; do
        IR[$m,$c]=$(measure "$m" "$SCRATCH" "$SCRATCH/target" "$c" "$OUT/$c.$m.out")
        printf '   %-22s %-5s %15s instructions\n' "$c" "$m" "${IR[$m,$c]:-n/a}"
    done
done

if [[ -n "$BEFORE" ]]; then
    REV=$(git -C "$REPO" rev-parse --verify "$BEFORE^{commit}")
    BEFORE_LABEL=$(git -C "$REPO" rev-parse --short "$REV")
    SRC="$SCRATCH/before-src"
    # Extracted again only when REV changes, so mtimes (and the prebuilt
    # dependencies) survive a re-run.
    if [[ "$(cat "$SRC/.rev" 2>/dev/null)" != "$REV" ]]; then
        rm -rf "$SRC"; mkdir -p "$SRC"
        git -C "$REPO" archive "$REV" | tar -x -C "$SRC"
        echo "$REV" >"$SRC/.rev"
    fi
    echo
    echo "before: toolform at $BEFORE_LABEL ($(git -C "$REPO" log -1 --format=%s "$REV" | cut -c1-70))"
    prepare "$SCRATCH/before-ws" "$SCRATCH/target-before" "$SRC/runtime" "$SRC/Cargo.lock" \
        "${TOOLFORM_CRATES[@]}"
    for m in "${MODES[@]}"; do
        for c in "${TOOLFORM_CRATES[@]}"; do
            IRB[$m,$c]=$(measure "$m" "$SCRATCH/before-ws" "$SCRATCH/target-before" "$c" "$OUT/$c.$m.before.out")
            printf '   %-22s %-5s %15s instructions (at %s)\n' "$c" "$m" "${IRB[$m,$c]:-n/a}" "$BEFORE_LABEL"
        done
    done
fi

# ratio N BASE: "1.234x (+23.4%)", or "n/a".
ratio() {
    if [[ -n "${1:-}" && -n "${2:-}" ]]; then
        python3 -c "print(f'{$1/$2:.3f}x ({$1/$2-1:+.1%})')"
    else
        echo "n/a"
    fi
}

for m in "${MODES[@]}"; do
    echo
    echo "mode: $m"
    printf '| crate | instructions | over its serde-only twin |\n|---|---:|---:|\n'
    for c in "${CRATES[@]}"; do
        b="${BASE[$c]:-}"
        if [[ -n "$b" && -n "${IR[$m,$b]:-}" ]]; then r=$(ratio "${IR[$m,$c]:-}" "${IR[$m,$b]}"); else r="baseline"; fi
        printf '| %s | %s | %s |\n' "$c" "${IR[$m,$c]:-n/a}" "$r"
    done
done

if [[ -n "$BEFORE" ]]; then
    echo
    printf '| crate | mode | serde-only twin | before (%s) | over twin | after (%s) | over twin |\n' \
        "$BEFORE_LABEL" "$AFTER_LABEL"
    printf '|---|---|---:|---:|---:|---:|---:|\n'
    for c in "${TOOLFORM_CRATES[@]}"; do
        for m in "${MODES[@]}"; do
            b="${BASE[$c]}"
            printf '| %s | %s | %s (%s) | %s | %s | %s | %s |\n' "$c" "$m" "${IR[$m,$b]:-n/a}" "$b" \
                "${IRB[$m,$c]:-n/a}" "$(ratio "${IRB[$m,$c]:-}" "${IR[$m,$b]:-}")" \
                "${IR[$m,$c]:-n/a}" "$(ratio "${IR[$m,$c]:-}" "${IR[$m,$b]:-}")"
        done
    done
fi

#!/usr/bin/env bash
# The forgiving-decode benchmark (issue 40): toolform's `lenient::repair`
# against Python's json_repair (plain, and with its schema mode) and npm's
# jsonrepair on corpus.jsonl, every output judged by the same JSON Schema
# validator. Installs the peers pinned, into $LENIENT_BENCH_DIR
# (default /tmp/toolform-lenient-bench), never into the repository.
#
#   bash bench/lenient/run.sh
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
work="${LENIENT_BENCH_DIR:-/tmp/toolform-lenient-bench}"
JSON_REPAIR_VERSION=0.64.4
JSONREPAIR_VERSION=3.15.0
mkdir -p "$work"
if [ ! -x "$work/venv/bin/python" ]; then
  python3 -m venv "$work/venv"
fi
"$work/venv/bin/pip" install -q "json_repair==$JSON_REPAIR_VERSION"
if [ ! -f "$work/node_modules/jsonrepair/package.json" ] ||
   ! grep -q "\"version\": \"$JSONREPAIR_VERSION\"" "$work/node_modules/jsonrepair/package.json"; then
  (cd "$work" && { [ -f package.json ] || npm init -y >/dev/null; } && npm install --silent --no-audit --no-fund "jsonrepair@$JSONREPAIR_VERSION")
fi
echo "json_repair $("$work/venv/bin/python" -c 'import importlib.metadata as m; print(m.version("json_repair"))'), jsonrepair $(node -p "require('$work/node_modules/jsonrepair/package.json').version"), node $(node --version)"
"$work/venv/bin/python" "$here/peers.py" schema > "$work/json_repair_schema.jsonl"
"$work/venv/bin/python" "$here/peers.py" plain > "$work/json_repair.jsonl"
JSONREPAIR_DIR="$work" node "$here/peers.mjs" > "$work/jsonrepair.jsonl"
cd "$root"
cargo run --quiet --release -p toolform-bench --example lenient_corpus -- "$here" \
  "json_repair (schema)=$work/json_repair_schema.jsonl" \
  "json_repair=$work/json_repair.jsonl" \
  "jsonrepair=$work/jsonrepair.jsonl"

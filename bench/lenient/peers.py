#!/usr/bin/env python3
"""Runs Python's json_repair over the corpus: `peers.py plain|schema` reads
corpus.jsonl and schemas.json beside it and prints one JSON line per item:
{"id", "ok", "value"} (ok false: the peer raised or gave no JSON value)."""

import json
import os
import sys

from json_repair import repair_json

HERE = os.path.dirname(os.path.abspath(__file__))
mode = sys.argv[1]
schemas = json.load(open(os.path.join(HERE, "schemas.json")))
for line in open(os.path.join(HERE, "corpus.jsonl")):
    item = json.loads(line)
    try:
        if mode == "schema":
            value = repair_json(item["text"], return_objects=True, schema=schemas[item["tool"]])
        else:
            value = repair_json(item["text"], return_objects=True)
        out = {"id": item["id"], "ok": True, "value": value}
    except Exception as e:  # a refusal, as far as the caller can tell
        out = {"id": item["id"], "ok": False, "error": type(e).__name__}
    try:
        line_out = json.dumps(out, ensure_ascii=False, allow_nan=False)
    except ValueError:  # NaN or Infinity: not JSON, no caller can pass it on
        line_out = json.dumps({"id": item["id"], "ok": False, "error": "NaN"})
    print(line_out)

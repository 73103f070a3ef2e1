// Runs npm's jsonrepair over the corpus: prints one JSON line per item,
// {"id", "ok", "value"} (ok false: jsonrepair threw, or its output is not JSON).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(join(process.env.JSONREPAIR_DIR, "package.json"));
const { jsonrepair } = require("jsonrepair");
for (const line of readFileSync(join(here, "corpus.jsonl"), "utf8").split("\n")) {
  if (!line.trim()) continue;
  const item = JSON.parse(line);
  let out;
  try {
    out = { id: item.id, ok: true, value: JSON.parse(jsonrepair(item.text)) };
  } catch (e) {
    out = { id: item.id, ok: false, error: String(e.name) };
  }
  console.log(JSON.stringify(out));
}

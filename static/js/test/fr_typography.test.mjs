// French typography over every French catalog: a no-break space (U+00A0 or
// U+202F), never a plain one, before : ; ? and ! — a line break there leaves
// the mark alone at the start of a line. Tests per area checked a few catalogs;
// new areas (the code panel, the static site) slipped through.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join, dirname } from "node:path";

const dir = join(dirname(fileURLToPath(import.meta.url)), "..", "i18n", "fr");

function strings(v, key, out) {
  if (typeof v === "string") out.push([key, v]);
  else if (v && typeof v === "object") for (const [k, x] of Object.entries(v)) strings(x, key ? `${key}.${k}` : k, out);
  return out;
}

test("every French catalog puts a no-break space before : ; ? !", () => {
  const bad = [];
  for (const f of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
    for (const [key, s] of strings(JSON.parse(readFileSync(join(dir, f), "utf8")), "", [])) {
      // A mark after a plain space, followed by a space or the end: prose, not code like "a ? b".
      if (/ [:;?!](\s|$)/.test(s)) bad.push(`${f} ${key}: ${s}`);
    }
  }
  assert.deepEqual(bad, []);
});

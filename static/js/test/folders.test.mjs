// static/js by concern (issue 31): the modules sit in folders, and each folder's README.md says
// what it holds, module by module. The modules are found by walking the folders (words.mjs), so a
// module moved into a folder is still read by the catalog tests.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { modules, areaOf, I18N } from "./words.mjs";

const JS = path.join(I18N, "..");

test("the modules are found in every folder, each with its catalog area", () => {
  const rel = modules().map((f) => path.relative(JS, f).split(path.sep).join("/"));
  assert.ok(rel.includes("app.js"), "app.js, the page's entry, is at the top of static/js");
  assert.ok(rel.includes("i18n/i18n.js") && rel.includes("i18n/message.js"), "modules one folder down are found");
  assert.ok(!rel.some((f) => f.startsWith("test/")), "the tests are not modules");
  assert.equal(areaOf(path.join(JS, "tree", "view.js")), "view", "a module's area is its base name, in any folder");
});

test("every folder of modules has a README.md that names each of its modules", () => {
  const dirs = new Map();
  for (const f of modules()) {
    const d = path.dirname(f);
    if (!dirs.has(d)) dirs.set(d, []);
    dirs.get(d).push(path.basename(f));
  }
  for (const [d, files] of dirs) {
    const readme = path.join(d, "README.md");
    const where = path.relative(path.join(JS, ".."), d) || "js";
    if (d === JS && !fs.existsSync(readme)) continue; // static/js's own: optional
    assert.ok(fs.existsSync(readme), `static/${where} has modules but no README.md saying what it holds`);
    const text = fs.readFileSync(readme, "utf8");
    for (const f of files) assert.ok(text.includes("`" + f + "`"), `static/${where}/README.md does not name ${f}`);
  }
});

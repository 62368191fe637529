// The page's modules import one another without a circle (issue 40: tree/ranges.js and
// export/scene.js imported each other). Every static import and re-export between the modules
// under static/js is read from the sources; a dynamic import() (lazy.js) loads later and is no
// part of the circle a module's evaluation can meet.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { modules, I18N } from "./words.mjs";

const JS = path.join(I18N, "..");
const rel = (f) => path.relative(JS, f).split(path.sep).join("/");

// importsOf lists the modules file imports statically (relative specifiers only: the import
// map's names are vendored libraries, not the page's modules).
export function importsOf(file) {
  const src = fs.readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const out = [];
  const re = /(?:^|[;\n])\s*(?:import|export)\s+(?:[\w*{}\s,$]+?\s+from\s+)?["'](\.{1,2}\/[^"']+)["']/g;
  for (const m of src.matchAll(re)) out.push(path.resolve(path.dirname(file), m[1]));
  return out;
}

// circles finds the import circles of graph (module -> modules it imports), each as a path
// that starts and ends at the same module.
export function circles(graph) {
  const state = new Map(), stack = [], found = [];
  const visit = (m) => {
    state.set(m, "open");
    stack.push(m);
    for (const d of graph.get(m) || []) {
      if (state.get(d) === "open") found.push([...stack.slice(stack.indexOf(d)), d]);
      else if (!state.has(d)) visit(d);
    }
    stack.pop();
    state.set(m, "closed");
  };
  for (const m of graph.keys()) if (!state.has(m)) visit(m);
  return found;
}

test("the circle finder finds a circle of two and one of three, and none in a line", () => {
  const g = (o) => new Map(Object.entries(o));
  assert.deepEqual(circles(g({ a: ["b"], b: ["a"] })), [["a", "b", "a"]]);
  assert.deepEqual(circles(g({ a: ["b"], b: ["c"], c: ["a"], d: ["a"] })), [["a", "b", "c", "a"]]);
  assert.deepEqual(circles(g({ a: ["b"], b: ["c"], c: [] })), []);
});

test("the import reader sees imports and re-exports, not comments or dynamic imports", () => {
  const dir = fs.mkdtempSync(path.join(JS, "test", "tmp-imports-"));
  try {
    const f = path.join(dir, "m.js");
    fs.writeFileSync(f, [
      '// import { x } from "./commented.js";',
      'import { a, b } from "./a.js";',
      'import * as c from "../c.js";',
      'import "./side.js";',
      'export { d } from "./d.js";',
      'const lazy = () => import("./lazy.js");',
    ].join("\n"));
    assert.deepEqual(importsOf(f).map((p) => path.relative(dir, p)), ["a.js", path.join("..", "c.js"), "side.js", "d.js"]);
  } finally {
    fs.rmSync(dir, { recursive: true });
  }
});

test("no import circle among the page's modules", () => {
  const graph = new Map(modules().map((f) => [f, importsOf(f)]));
  for (const [f, deps] of graph) {
    for (const d of deps) assert.ok(fs.existsSync(d), `${rel(f)} imports ${rel(d)}, which does not exist`);
  }
  const found = circles(graph).map((c) => c.map(rel).join(" -> "));
  assert.deepEqual(found, [], `import circles:\n${found.join("\n")}`);
});

test("the language menu does not import the transport", () => {
  const deps = importsOf(path.join(JS, "i18n", "language.js")).map(rel);
  assert.ok(!deps.includes("transport.js"), `i18n/language.js imports ${deps.join(", ")}`);
});

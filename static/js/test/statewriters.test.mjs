// The page's shared state S (app.js) has owners (issue 40: 32 fields were written from 12
// modules). Each field is written by one module, its owner; the others change it through the
// named updates S carries (app.js: S.redraw, S.redrawLater, S.play, S.halt, S.stepTo, S.drawn,
// handed to playback.js; S.begin, S.adopt, S.streamEnded, handed to frames.js; S.select,
// S.freshPanels, app.js's own). SHARED, the fields written from more than one module with exactly
// their writers, is empty: a new writer anywhere fails here.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { modules, I18N } from "./words.mjs";

const JS = path.join(I18N, "..");

const OWNER = {
  acc: "stepping/playback.js", arrived: "stepping/playback.js", arrivedDrawn: "stepping/playback.js",
  deferred: "stepping/playback.js", dirty: "stepping/playback.js", frame: "stepping/playback.js",
  k: "stepping/playback.js", lastTime: "stepping/playback.js", playing: "stepping/playback.js",
  restFrame: "stepping/playback.js", speed: "stepping/playback.js", speedTouched: "stepping/playback.js",
  hover: "app.js", labDepth: "app.js", pvShown: "app.js", selected: "app.js",
  error: "errors.js", renderOwed: "render.js", ttFindings: "engines/traceproblems.js",
  done: "frames.js", goal: "frames.js", hello: "frames.js", id: "frames.js", notation: "frames.js",
  queued: "frames.js", run: "frames.js", status: "frames.js", streaming: "frames.js", trace: "frames.js",
  view: "frames.js",
  pov: "tree/viewchoice.js", valuesChoice: "tree/viewchoice.js", viewChoice: "tree/viewchoice.js",
};

// Written from more than one module: none now. A field here would need an owner and a named update.
const SHARED = {};

const WRITE = /(?<![\w.$])S\.(\w+)\s*(?:=(?!=)|\+=|-=|\*=|\/=|\|\|=|&&=|\?\?=|\+\+|--)|(?:\+\+|--)S\.(\w+)/g;

// writers reads which module writes which field of S (S.x = ..., S.x += ..., S.x++ ...).
export function writers(files) {
  const out = {};
  for (const [name, src] of files) {
    for (const m of src.replace(/(^|[\s;{}])\/\/.*$/gm, "$1").matchAll(WRITE)) (out[m[1] || m[2]] ??= new Set()).add(name);
  }
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, [...v].sort()]));
}

test("the writer reader sees assignments and updates to S, not reads or comparisons", () => {
  const got = writers([
    ["a.js", "S.x = 1; if (S.y === 2) S.z += 3; S.n++; --S.m; // S.c = 4\nfoo.S.w = 5; S.v == 6; S.u ||= 7;"],
    ["b.js", "const q = S.x; S.x = q;"],
  ]);
  assert.deepEqual(got, { x: ["a.js", "b.js"], z: ["a.js"], n: ["a.js"], m: ["a.js"], u: ["a.js"] });
});

test("each field of the page's state is written by its owner only, or by its listed writers", () => {
  const files = modules().map((f) => [path.relative(JS, f).split(path.sep).join("/"), fs.readFileSync(f, "utf8")]);
  const got = writers(files);
  for (const [field, by] of Object.entries(got)) {
    if (OWNER[field]) {
      assert.deepEqual(by, [OWNER[field]], `S.${field} is ${OWNER[field]}'s, but ${by.join(", ")} write it`);
    } else if (SHARED[field]) {
      assert.deepEqual(by, SHARED[field], `S.${field}'s writers changed: give it an owner (and take it out of SHARED), never a new writer`);
    } else {
      assert.fail(`S.${field} is written by ${by.join(", ")} and has no owner: add it to OWNER`);
    }
  }
  for (const field of [...Object.keys(OWNER), ...Object.keys(SHARED)]) {
    assert.ok(got[field], `S.${field} is listed but nothing writes it: take it out`);
  }
});

// The words: the message format, and every catalog against the English one.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { own, languages, speak, modules } from "./words.mjs";
import { parse, args, render } from "../i18n/message.js";
import { t, num, list } from "../i18n/i18n.js";

const fill = (text, params, lang) => render(parse(text), params, lang);

test("plural forms follow each language's rules, not English's", () => {
  const m = "{n, plural, one {# node} other {# nodes}}";
  assert.equal(fill(m, { n: 0 }, "en"), "0 nodes");
  assert.equal(fill(m, { n: 1 }, "en"), "1 node");
  assert.equal(fill(m, { n: 1234 }, "en"), "1,234 nodes");
  const f = "{n, plural, one {# nœud} many {# de nœuds} other {# nœuds}}";
  // CLDR: French takes the singular for 0 and 1, and "many" for exact millions.
  assert.equal(fill(f, { n: 0 }, "fr"), "0 nœud");
  assert.equal(fill(f, { n: 1 }, "fr"), "1 nœud");
  assert.equal(fill(f, { n: 2 }, "fr"), "2 nœuds");
  assert.equal(fill(f, { n: 1000000 }, "fr"), "1\u202f000\u202f000 de nœuds");
  // A language's form the message does not give falls back to "other"; =N comes first.
  assert.equal(fill("{n, plural, one {une} other {#}}", { n: 1000000 }, "fr"), "1\u202f000\u202f000");
  assert.equal(fill("{n, plural, =0 {none} one {one} other {#}}", { n: 0 }, "en"), "none");
});

test("numbers, selects and nesting", () => {
  assert.equal(fill("{x, number}", { x: 0.5 }, "fr"), "0,5");
  assert.equal(fill("{x, number}", { x: -1234 }, "en"), "-1,234");
  assert.equal(fill("{x}", { x: 1234 }, "en"), "1234", "a plain parameter is not formatted");
  const m = "{side, select, max {MAX {n, plural, one {# fils} other {# fils}}} other {MIN}}";
  assert.equal(fill(m, { side: "max", n: 3 }, "fr"), "MAX 3 fils");
  assert.equal(fill(m, { side: "min", n: 3 }, "fr"), "MIN");
  assert.equal(fill("l'arbre {a}", { a: "A" }, "fr"), "l'arbre A", "apostrophes are plain text");
});

test("a malformed message is refused when parsed, with where", () => {
  for (const bad of ["{n", "{n, plural, one {x}}", "a } b", "{n, date}", "{n, plural, one x}"])
    assert.throws(() => parse(bad), Error, bad);
});

test("t() speaks the chosen language and falls back to the key, visibly", () => {
  speak("fr");
  try {
    assert.equal(t("language.name"), "Français");
    assert.equal(num(1234.5), "1\u202f234,5");
    assert.equal(list(["a", "b", "c"]), "a, b et c");
  } finally {
    speak("en");
  }
  assert.equal(t("language.name"), "English");
  assert.equal(t("no.such.key"), "no.such.key");
});

test("every language has the English keys, with the same parameters, and every message parses", () => {
  const en = own("en");
  assert.ok(languages().includes("fr"), "a second language tests the mechanism");
  for (const lang of languages()) {
    const msgs = own(lang);
    for (const [k, v] of Object.entries(msgs)) {
      assert.ok(k in en, `${lang}: ${k} is not an English key`);
      assert.doesNotThrow(() => parse(v), `${lang}: ${k}`);
    }
    if (lang === "en") continue;
    for (const [k, v] of Object.entries(en)) {
      assert.ok(k in msgs, `${lang} lacks ${k} ("${v}")`);
      const want = [...args(parse(v)).keys()].sort(), got = [...args(parse(msgs[k])).keys()].sort();
      assert.deepEqual(got, want, `${lang}: ${k} uses other parameters than the English`);
    }
  }
});

test("every key the page's modules name is in the English catalog", () => {
  const en = own("en");
  const files = modules(); // in every folder
  let named = 0;
  for (const f of files) {
    const src = fs.readFileSync(f, "utf8");
    for (const m of src.matchAll(/\bt\(\s*"([\w.-]+)"/g)) {
      named++;
      assert.ok(m[1] in en, `${path.basename(f)} names ${m[1]}, which no catalog has`);
    }
  }
  assert.ok(named > 0);
});

test("a select value that names an Object property takes the other form", () => {
  const m = "{where, select, root {at the root} other {at {where}}}";
  for (const w of ["constructor", "toString", "__proto__", "valueOf", "hasOwnProperty"])
    assert.equal(fill(m, { where: w }, "en"), `at ${w}`);
  assert.equal(fill("{n, plural, one {one} other {#}}", { n: 2 }, "en"), "2");
});

test("no page module looks up an area only Go says (the page does not carry them)", () => {
  for (const f of modules()) {
    const src = fs.readFileSync(f, "utf8");
    const m = src.match(/\bt\(\s*["`](tpl-|options\.|gallery\.|named\.)/);
    assert.equal(m, null, `${path.basename(f)} looks up ${m && m[1]}…, which the page's catalog leaves out`);
  }
});

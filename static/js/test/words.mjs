// words.mjs: the page's catalogs read from disk, as the server merges them (English under the
// language), for node tests. Importing it sets English, the language the tests' sentences use.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { useWords } from "../i18n/i18n.js";

export const I18N = path.join(path.dirname(fileURLToPath(import.meta.url)), "../i18n");

// own reads the messages written for lang alone, keyed "<area>.<name>".
export function own(lang) {
  const out = {};
  for (const f of fs.readdirSync(path.join(I18N, lang)).filter((f) => f.endsWith(".json"))) {
    const area = JSON.parse(fs.readFileSync(path.join(I18N, lang, f), "utf8"));
    for (const [k, v] of Object.entries(area)) out[`${f.slice(0, -5)}.${k}`] = v;
  }
  return out;
}

// modules lists the page's modules (every .js file under static/js, in any folder, but the
// tests'), as paths. A module's catalog area is its base name (view.js, area "view"), in
// whichever folder it sits: the catalogs stay flat in i18n/<lang>/.
export function modules(dir = path.join(I18N, "..")) {
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) { if (e.name !== "test") out.push(...modules(p)); }
    else if (e.name.endsWith(".js")) out.push(p);
  }
  return out.sort();
}

// areaOf is a module's catalog area: its base name without ".js".
export const areaOf = (file) => path.basename(file, ".js");

export const languages = () => fs.readdirSync(I18N).filter((d) => fs.statSync(path.join(I18N, d)).isDirectory());

// speak switches the tests to lang (English under it).
export function speak(lang) {
  useWords({ lang, messages: lang === "en" ? own("en") : { ...own("en"), ...own(lang) } });
}

speak("en");

// codedump.mjs: the code panel's highlights for a JSONL trace, as the page computes them (codetext.js,
// codemap.js), for the Go test that runs the Python text (codepanel_test.go at the repository's root).
// usage: node codedump.mjs TRACE.jsonl ALGO FORM LANG STRICT(0|1)   (FORM maxmin, negamax or game)
// prints {text, highlights: [{tag, line, vars}]} with ∞ written "Infinity" / "-Infinity".
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { parseCode, codeFile } from "../teaching/codetext.js";
import { mapEvents } from "../teaching/codemap.js";

const [file, algo, form, lang, strict] = process.argv.slice(2);
if (!file) process.exit(0); // under node --test static/js/test/: nothing to dump
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const catalog = (area) => JSON.parse(readFileSync(path.join(root, `static/js/i18n/en/${area}.json`), "utf8"));
const comments = { ...catalog("gamecode"), ...catalog("codecomments") }; // a game text's comments are gamecode.json's
const code = parseCode(readFileSync(path.join(root, codeFile(algo, form, lang)), "utf8"), { strict: strict === "1", words: (k) => comments[k] ?? k });
const events = readFileSync(file, "utf8").split("\n").filter(Boolean).slice(1).map((l) => JSON.parse(l));
const highlights = mapEvents(code, { algo, form, strict: strict === "1" }, events);
const inf = (k, v) => (v === Infinity ? "Infinity" : v === -Infinity ? "-Infinity" : v);
process.stdout.write(JSON.stringify({ text: code.text, highlights }, inf));

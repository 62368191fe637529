// A fuzzer over lesson Markdown (markdown.js). Without PVSCOPE_FUZZ_SECONDS it checks the seed
// corpus (corpus/markdown/*.md and the lessons the server ships); with it, it also draws random
// mutations of the seeds for that many seconds (CI: 10). Each input must draw without throwing,
// into HTML with only the format's tags and attributes, links that stay on the server or are
// whole http(s) addresses, and a length linear in the input's (markdowncheck.mjs); the parser's
// work is linear too (its step count). A failure prints the input and the seed that made it:
// PVSCOPE_FUZZ_SEED=N replays a run; add the input to the corpus once fixed.
import { test } from "node:test";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { markdownToHTML } from "../lessons/markdown.js";
import { checkHTML } from "./markdowncheck.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const dirs = [path.join(here, "corpus/markdown"), path.join(here, "../../lessons")];
const seeds = dirs.flatMap((d) => fs.readdirSync(d).filter((f) => f.endsWith(".md")).map((f) => ({ name: path.join(path.basename(d), f), text: fs.readFileSync(path.join(d, f), "utf8") })));

function check(input) {
  const stats = { steps: 0 };
  const html = markdownToHTML(input, stats);
  if (stats.steps > 3 * input.length + 16) throw new Error(`${stats.steps} steps for ${input.length} characters`);
  checkHTML(input, html);
}

test("every seed of the corpus draws safely", () => {
  if (seeds.length < 8) throw new Error(`the corpus has ${seeds.length} seeds`);
  for (const s of seeds) {
    try { check(s.text); } catch (err) { err.message = `${s.name}: ${err.message}`; throw err; }
  }
});

// Pieces that open, close or try to escape something.
const TOKENS = ["[", "]", "(", ")", "](", "](/", "](//", "](/\\", "](http://", "](https://x.org/", "](javascript:", "*", "**", "`",
  "\\", "/", "//", "<", ">", '"', "&", "&amp;", "\n", "\n\n", "- ", "1. ", " ", "\t", "#", "?", "on", "=", "<script>", "\u0000", "é", "\u2028"];

// mulberry32: a small seeded generator, so a run can be replayed.
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function mutate(text, r) {
  const n = (k) => Math.floor(r() * k);
  let s = text;
  for (let m = 1 + n(6); m > 0; m--) {
    const at = n(s.length + 1);
    switch (n(5)) {
      case 0: s = s.slice(0, at) + TOKENS[n(TOKENS.length)] + s.slice(at); break; // insert a token
      case 1: s = s.slice(0, at) + s.slice(at + n(16)); break; // delete a few characters
      case 2: { const len = n(64); s = s.slice(0, at) + s.slice(at, at + len).repeat(1 + n(8)) + s.slice(at); break; } // repeat a piece
      case 3: { const o = seeds[n(seeds.length)].text, from = n(o.length); s = s.slice(0, at) + o.slice(from, from + n(256)) + s.slice(at); break; } // splice another seed
      default: s = s.slice(0, at) + String.fromCharCode(n(128)) + s.slice(at + 1); // replace a character
    }
  }
  return s.length > 1 << 16 ? s.slice(0, 1 << 16) : s;
}

const seconds = Number(process.env.PVSCOPE_FUZZ_SECONDS || 0);
// Only asked for (CI sets it): the ordinary pass runs the corpus alone, and skips nothing.
if (seconds > 0) test(`random mutations of the corpus for ${seconds} s`, () => {
  const seed = Number(process.env.PVSCOPE_FUZZ_SEED || Date.now() % 2147483647);
  const r = rng(seed);
  const end = Date.now() + seconds * 1000;
  let runs = 0;
  while (Date.now() < end) {
    const input = mutate(seeds[Math.floor(r() * seeds.length)].text, r);
    try { check(input); } catch (err) {
      err.message = `PVSCOPE_FUZZ_SEED=${seed}, input ${JSON.stringify(input).slice(0, 2000)}: ${err.message}`;
      throw err;
    }
    runs++;
  }
  console.log(`markdown fuzz: ${runs} inputs in ${seconds} s (PVSCOPE_FUZZ_SEED=${seed})`);
});

// A fuzzer over the page's address (urlparams.js and the parsers behind it). Without
// PVSCOPE_FUZZ_SECONDS it checks the seed addresses below; with it, it also draws random ones for
// that many seconds (CI: 10). Each address must be checked without throwing; every refusal names
// a parameter the page parses, in a sentence that says it; what is left passes the check again
// and every parser of the page takes it without throwing: the tree (readURL, validate, readTree,
// parseTreeText, nesting checked by a loop), the node path, the comparison, the lesson's address
// and its state. A failure prints the address and the seed: PVSCOPE_FUZZ_SEED=N replays a run.
import { test } from "node:test";
import assert from "node:assert/strict";
import "./words.mjs";
import { checkAddress, checkParam, refusalText, PARAM_LIMITS, MAX_TREE_NESTING, nestingProblem } from "../urlparams.js";
import { readURL, validate } from "../url.js";
import { readTree } from "../teaching/treeedit.js";
import { parseTreeText } from "../model/model.js";
import { pathTokens } from "../tree/nodepath.js";
import { parseCompare } from "../compare/compareplan.js";
import { lessonURL } from "../lessons/lessonurl.js";
import { splitState } from "../lessons/lessonformat.js";

const NAMES = Object.keys(PARAM_LIMITS);

// The nesting of a tree text by an independent count: the deepest level any "(" opens, and
// where it first goes past max (1-based), as the engine counts it.
function deepest(text, max) {
  let open = 0, first = 0, most = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "(") { open++; most = Math.max(most, open); if (open > max && !first) first = i + 1; }
    else if (text[i] === ")" && open > 0) open--;
  }
  return { most, first };
}

function check(search, hash = "") {
  const r = checkAddress(search, hash);
  for (const x of r.refused) {
    assert.ok(NAMES.includes(x.param), `refused ${x.param}, a parameter the page does not parse`);
    const text = refusalText(x);
    assert.ok(text.includes(x.param) && /[.:]/.test(text), `the refusal of ${x.param} says ${JSON.stringify(text)}`);
  }
  const again = checkAddress(r.search, r.hash);
  assert.deepEqual(again.refused, [], `what is left is refused again: ${r.search.slice(0, 200)}`);
  const q = new URLSearchParams(r.search);
  for (const name of NAMES) for (const v of q.getAll(name)) assert.ok(v.length <= PARAM_LIMITS[name], `${name} of ${v.length} characters left`);
  const tree = q.get("tree");
  if (tree !== null) {
    assert.ok(deepest(tree, MAX_TREE_NESTING).most <= MAX_TREE_NESTING, "a tree nested too deep was left");
    const cfg = readURL(r.search);
    validate({ setup: cfg.setup, options: {} });
    readTree(tree);
    parseTreeText(tree);
  }
  const node = q.get("node");
  if (node !== null) { pathTokens(node, false); pathTokens(node, true); }
  const compare = q.get("compare");
  if (compare !== null) parseCompare(compare);
  const lesson = q.get("lesson-url");
  if (lesson !== null) lessonURL(lesson, "http://localhost:8080/?x=1");
  splitState(r.search.replace(/^\?/, ""));
  return r;
}

test("a tree nested 4,000 deep is refused with a sentence naming tree, at the engine's offset", () => {
  const tree = "(".repeat(4000) + "1 2" + ")".repeat(4000);
  const r = check("?tree=" + encodeURIComponent(tree) + "&algo=alphabeta");
  assert.equal(r.refused.length, 1);
  assert.equal(r.refused[0].param, "tree");
  // The engine's own words for the same tree: "bad tree at offset 256: nested deeper than 255 levels".
  assert.match(refusalText(r.refused[0]), /tree .*nested deeper than 255 levels \(at offset 256\)/);
  assert.equal(r.search, "?algo=alphabeta");
  // Typed in the tree field, the same tree gets the engine's sentence, and a parse of any
  // nesting never overflows the stack (it was a recursion: RangeError at 100,000 levels).
  assert.match(readTree(tree).error, /offset 256: nested deeper than 255 levels/);
  const deep = parseTreeText("(".repeat(100000) + "7" + ")".repeat(100000));
  let x = deep, levels = 0;
  while (Array.isArray(x)) { x = x[0]; levels++; }
  assert.deepEqual([levels, x], [100000, 7]);
});

test("a view the menu does not have is refused with a sentence naming view and its words; the menu's are kept", () => {
  const r = check("?view=zzz&algo=pvs");
  assert.equal(r.refused.length, 1);
  assert.equal(refusalText(r.refused[0]), "The link's view must be one of auto, root, negamax: it was left out.");
  assert.equal(r.search, "?algo=pvs");
  for (const v of ["auto", "root", "negamax"]) assert.equal(check("?view=" + v).refused.length, 0, v);
});

test("each parameter at its limit is kept, one character past it refused", () => {
  for (const name of NAMES) {
    const fill = name === "step" ? "1" : name === "tree" ? " " : "a";
    const at = fill.repeat(PARAM_LIMITS[name]);
    if (name !== "view") assert.equal(checkParam(name, at), null, `${name} at its limit`); // view: below

    const past = checkParam(name, at + fill);
    assert.ok(past && refusalText(past).includes(name), `${name} past its limit`);
  }
  const at = "(".repeat(MAX_TREE_NESTING) + "1" + ")".repeat(MAX_TREE_NESTING);
  assert.equal(checkParam("tree", at), null);
  assert.deepEqual(nestingProblem("(" + at + ")"), { offset: MAX_TREE_NESTING + 1, max: MAX_TREE_NESTING });
});

const SEEDS = [
  "", "?tree=((3 12 8) (2 4 6) (14 5 2))&algo=alphabeta&depth=2", "?random=b=3,d=4,seed=7,order=best", "?fen=8/8/8/8/8/8/8/8 w - - 0 1",
  "?node=1.0&step=12", "?step=abc", "?compare=minimax,alphabeta,pvs", "?code=python", "?lesson-url=/static/lessons/x.md", "?view=negamax",
  "?tree=" + "(".repeat(300), "?tree=" + ")".repeat(300), "?step=" + "9".repeat(30), "?tree=%28%28", "?tree=1&tree=" + "(".repeat(400),
];

// Pieces of addresses: names, separators, parentheses, digits, escapes.
const TOKENS = [...NAMES.map((n) => `&${n}=`), "&", "=", "(", ")", "((((", "))))", " ", "+", "%", "%28", "%29", "%2", "%E9", "1", "-7", "0.1.2",
  ",", ":", "b=3", "pvs", "#", "/", "//", "\u0000", "é", "\u2028", "\uD800"];

function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test("every seed address is checked safely", () => {
  for (const s of SEEDS) check(s, "");
  check("", "#lesson-text=" + "x".repeat(70000));
  check("", "#lesson-text=%E0%A4%A");
});

test("random addresses are checked safely", () => {
  const seconds = Number(process.env.PVSCOPE_FUZZ_SECONDS || 0);
  const seed = Number(process.env.PVSCOPE_FUZZ_SEED || Date.now() % 1e9);
  const r = rng(seed);
  const pick = (a) => a[Math.floor(r() * a.length)];
  const end = Date.now() + seconds * 1000;
  let n = 0;
  do {
    const parts = ["?"];
    const len = 1 + Math.floor(r() * 40);
    for (let i = 0; i < len; i++) {
      const tok = pick(TOKENS);
      parts.push(r() < 0.05 ? tok.repeat(1 + Math.floor(r() * 3000)) : tok);
    }
    const search = parts.join("");
    const hash = r() < 0.2 ? "#lesson-text=" + parts.slice(1).join("") : "";
    try { check(search, hash); } catch (err) {
      err.message = `seed ${seed}, address ${JSON.stringify(search.slice(0, 300))}: ${err.message}`;
      throw err;
    }
    n++;
  } while (Date.now() < end || n < 200);
});

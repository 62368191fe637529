// urlparams.js: every parameter of the page's address it parses, checked before any module reads
// it, with the limits of the server and the worker. A link is something anybody can send: a value
// past its limit is refused with a sentence naming the parameter and taken out of the address
// (issue 44: a ?tree= nested 4,000 deep overflowed the stack). Every check is a loop, never a
// recursion.
import { t } from "./i18n/i18n.js";
import { VIEWS } from "./tree/view.js";

// The deepest nesting a tree may have: the engine's (engine.MaxPly - 1), whose sentence a lesson's
// tree already gave ("nested deeper than 255 levels").
export const MAX_TREE_NESTING = 255;

// The longest value of each parameter, in characters. tree: a start message's share of the
// websocket's 64 KiB; lesson-text: a lesson's 64 KB; random: the server's exercise bound (200).
export const PARAM_LIMITS = {
  tree: 65536, random: 200, fen: 200, node: 4096, step: 9, "lesson-url": 2048, "lesson-text": 65536,
  compare: 1024, code: 32, view: 32, position: 512,
};

// ?game= is one of these (its one check).
export const GAME_NAMES = ["chess", "tictactoe", "connect4", "othello"];

// nestingProblem(text) -> null, or {offset, max}: the 1-based offset of the first "(" that
// opens a level past MAX_TREE_NESTING (the engine's own words: "at offset 256").
export function nestingProblem(text, max = MAX_TREE_NESTING) {
  let open = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 40 && ++open > max) return { offset: i + 1, max };
    else if (ch === 41 && open > 0) open--;
  }
  return null;
}

// checkParam(name, value) -> null, or the refusal {key, args}: its sentence is
// refusalText's, made once the page has its words.
export function checkParam(name, value) {
  if (name === "game" && typeof value === "string" && !GAME_NAMES.includes(value.trim().toLowerCase())) {
    return { key: "notGame", args: { param: name, games: GAME_NAMES.join(", ") } };
  }
  const max = PARAM_LIMITS[name];
  if (max === undefined || value === null || value === undefined) return null;
  if (value.length > max) return { key: "tooLong", args: { param: name, n: value.length, max } };
  // ?view= is a word of the view menu (another was ignored, unsaid).
  const views = ["auto", ...VIEWS];
  if (name === "view" && !views.includes(value)) return { key: "notGame", args: { param: name, games: views.join(", ") } };
  if (name === "tree") {
    const deep = nestingProblem(value);
    if (deep) return { key: "tooDeep", args: { param: name, offset: deep.offset, max: deep.max } };
  }
  if (name === "step" && !/^\s*\d*\s*$/.test(value)) return { key: "notStep", args: { param: name } };
  return null;
}

// refusalText(r) -> the sentence of a refusal of checkParam or checkAddress.
export function refusalText(r) {
  switch (r.key) {
    case "tooLong": return t("urlparams.tooLong", r.args);
    case "tooDeep": return t("urlparams.tooDeep", r.args);
    case "notStep": return t("urlparams.notStep", r.args);
    case "notGame": return t("gamesetup.notGame", r.args);
    default: return t("urlparams.badEncoding", r.args);
  }
}

// checkAddress(search, hash) -> {refused: [{param, message}], search, hash}: the address with
// every refused parameter taken out (the rest as they were).
export function checkAddress(search = "", hash = "") {
  const refused = [];
  const q = new URLSearchParams(search);
  let changed = false;
  for (const name of [...Object.keys(PARAM_LIMITS), "game"]) {
    for (const v of q.getAll(name)) {
      const r = checkParam(name, v);
      if (r) { refused.push({ param: name, ...r }); q.delete(name); changed = true; break; }
    }
  }
  let h = hash;
  if (h.startsWith("#lesson-text=")) {
    let text = null;
    try { text = decodeURIComponent(h.slice("#lesson-text=".length)); } catch { text = null; }
    const r = text === null ? { key: "badEncoding", args: { param: "lesson-text" } } : checkParam("lesson-text", text);
    if (r) { refused.push({ param: "lesson-text", ...r }); h = ""; }
  }
  const s = q.toString();
  return { refused, search: changed ? (s ? "?" + s : "") : search, hash: h };
}

// guardAddress(): checks the page's own address once, before the modules read it (urlguard.js,
// app.js's first import), and takes the refused parameters out of it (history.replaceState).
// Returns the refusals for the page to say.
export function guardAddress() {
  if (typeof location === "undefined") return [];
  const r = checkAddress(location.search, location.hash);
  if (r.refused.length && typeof history !== "undefined") history.replaceState(history.state, "", location.pathname + r.search + r.hash);
  return r.refused;
}

// url.js: the setup form <-> the page URL. The URL is the configuration:
//   /?fen=FEN&algo=pvs&depth=3
//   /?tree=((3 12 8) (2 4 6) (14 5 2))&algo=alphabeta&depth=2
//   /?random=b=3,d=4,seed=7,order=best
// plus one parameter per engine option, named like the command-line flags (?tt=false).
// Empty fields are left out, so an absent parameter means "the engine default".
import { t } from "./i18n/i18n.js";
import { nestingProblem } from "./urlparams.js";

// game: with its "position" (board/games.js).
export const SOURCES = ["fen", "tree", "random", "game"];

// The form's controls: the three sources and every option control (data-option="name").
export function formControls(form) {
  const sources = {};
  for (const s of SOURCES) sources[s] = form.elements.namedItem(s);
  const options = {};
  for (const el of form.querySelectorAll("[data-option]")) options[el.dataset.option] = el;
  return { sources, options };
}

// readForm returns {setup: {fen, tree, random}, options: {name: value}} with empty values left out of options.
export function readForm(form) {
  const { sources, options } = formControls(form);
  const setup = {};
  for (const s of SOURCES) setup[s] = sources[s] ? sources[s].value.trim() : "";
  setup.position = setup.game ? form.elements.namedItem("position").value.trim() : "";
  const opts = {};
  for (const [name, el] of Object.entries(options)) {
    const v = el.value.trim();
    if (v !== "") opts[name] = v;
  }
  return { setup, options: opts };
}

// readURL parses a query string into the same shape as readForm; unknown parameters are kept
// in options so that the server can say what is wrong with them.
export function readURL(search = location.search) {
  const q = new URLSearchParams(search);
  const setup = { fen: "", tree: "", random: "", game: "", position: "" };
  const options = {};
  for (const [k, v] of q) {
    if (SOURCES.includes(k) || k === "position") setup[k] = v.trim();
    else if (v.trim() !== "") options[k] = v.trim();
  }
  if (setup.game.toLowerCase() === "chess") setup.game = "";
  return { setup, options, present: new Set(q.keys()) };
}

// applyToForm fills the form from a readURL result. Only parameters present in the URL change
// the form, so a bare "/" keeps what the server rendered.
export function applyToForm(form, cfg) {
  const { sources, options } = formControls(form);
  if (SOURCES.some((s) => cfg.present.has(s))) {
    for (const s of SOURCES) if (sources[s]) sources[s].value = cfg.setup[s] || "";
    form.elements.namedItem("position").value = cfg.setup.position || "";
  }
  for (const [name, el] of Object.entries(options)) {
    if (!cfg.present.has(name)) continue;
    const v = cfg.options[name] ?? "";
    if (el.tagName === "SELECT" && ![...el.options].some((o) => o.value === v)) {
      // An unknown value: keep it selectable so the server's error names it.
      const o = document.createElement("option");
      o.value = v; o.textContent = v;
      el.append(o);
    }
    el.value = v;
  }
}

// Characters left readable in the query: they need no escaping in a query value.
// A space is written "+" (form encoding; a literal "+" stays %2B).
const READABLE = { "%20": "+", "%28": "(", "%29": ")", "%2C": ",", "%3D": "=", "%2F": "/", "%3A": ":" };

function enc(v) {
  return encodeURIComponent(v).replace(/%2[089CF]|%3[AD]/g, (m) => READABLE[m] ?? m);
}

// toQuery builds "?fen=...&algo=pvs&depth=3" from a readForm result (sources first, then options in form order).
export function toQuery({ setup, options }) {
  const parts = [];
  for (const s of SOURCES) if (setup[s]) parts.push(`${s}=${enc(setup[s])}`);
  if (setup.game && setup.position) parts.push(`position=${enc(setup.position)}`);
  for (const [k, v] of Object.entries(options)) if (v !== "") parts.push(`${k}=${enc(v)}`);
  return parts.length ? "?" + parts.join("&") : "";
}

// writeURL replaces the current history entry with the form's configuration.
// Parameters of the page itself, not of the search (quiz=1, show=tree, embed=1, exercise=...):
// kept as they are. show=tree|none: the teaching tree drawn whole before Start (treepreview.js).
// values=ranges: R&N's value ranges on the nodes (ranges.js).
const PAGE_PARAMS = ["quiz", "show", "values", "embed", "exercise", "sheet", "trees", "paper",
  "lesson", "slide", "lesson-url", // lesson.js: the lesson open and its slide
  "code", // codepanel.js: the code panel open in a language
  "view", "paused", // viewchoice.js: the view menu's choice; linkstep.js: searches start paused
  "boards"]; // tree/nodeboardsetting.js: boards in the tree's nodes

export function writeURL(cfg) {
  let q = toQuery(cfg);
  const now = new URLSearchParams(location.search), keep = new URLSearchParams();
  for (const name of PAGE_PARAMS) if (now.has(name)) keep.set(name, now.get(name));
  if ([...keep].length) q += (q ? "&" : "?") + keep.toString();
  if (q !== location.search) history.replaceState(null, "", location.pathname + q + location.hash);
}

// validate checks what the page can check before asking the server; it returns
// {field, message} for the first problem, or null. The server checks everything again.
export function validate({ setup, options }, { maxDepth = 0 } = {}) {
  if (options.depth !== undefined) {
    const d = Number(options.depth);
    if (!/^\d+$/.test(options.depth) || d < 1 || (maxDepth && d > maxDepth)) {
      return { field: "depth", message: maxDepth ? t("url.depthRange", { max: maxDepth }) : t("url.depthUnbounded") };
    }
  }
  if (setup.tree) {
    if (/[^\s()\d,+-]/.test(setup.tree)) {
      return { field: "tree", message: t("url.treeCharacters", { example: "((3 12 8) (2 4 6) (14 5 2))" }) };
    }
    let open = 0;
    for (const ch of setup.tree) {
      if (ch === "(") open++;
      else if (ch === ")" && --open < 0) break;
    }
    if (open !== 0) {
      return { field: "tree", message: open > 0 ? t("url.treeUnclosed", { n: open }) : t("url.treeUnopened") };
    }
    const deep = nestingProblem(setup.tree);
    if (deep) return { field: "tree", message: t("urlparams.treeTooDeep", deep) };
  }
  if (setup.random) {
    for (const part of setup.random.split(",")) {
      if (!/^\s*(b|d|seed|order|values)\s*=\s*\S+\s*$/.test(part)) {
        return { field: "random", message: t("url.randomPart", { part: part.trim() }) };
      }
    }
  }
  if (setup.fen) {
    const board = setup.fen.split(/\s+/)[0];
    if (board.split("/").length !== 8) {
      return { field: "fen", message: t("url.fenRanks", { example: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" }) };
    }
  }
  for (const [name, v] of Object.entries(options)) {
    const el = document.querySelector(`input[data-option="${CSS.escape(name)}"][inputmode=numeric]`);
    if (el && !/^-?\d+$/.test(v)) return { field: name, message: t("url.optionWhole", { name }) };
  }
  return null;
}

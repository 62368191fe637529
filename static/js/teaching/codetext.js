// codetext.js: the code panel's texts (static/code/, one file per algorithm, form and language),
// which one a search shows (codeChoice), and how a file becomes the text the panel shows. A file
// marks the lines the search's events come from with a tag at the end of the line, two spaces
// then "@@" and tags joined by ",":
//
//   max.enter, min.enter / enter   the function's header: a node is entered (MAX/MIN or negamax)
//   leaf, exit, pv-update, cutoff, probe, fail, re-search, cut-test, call, ...
//
// A first line "@@names alpha=α beta=β" says how the text spells the watch variables (the
// Python texts spell them as the program does). The tags and that line are not shown. A comment
// is written "{{key}}": its words are the catalog's (i18n/<lang>/codecomments.json), so the
// comments follow the page's language and the code's keywords stay.
// prune=strict writes the cut-test lines with > and < for >= and <= (the move cuts strictly
// past the bound), so a strict search has its own lines.

// The algorithms with texts, the forms (the view's: root -> maxmin, negamax -> negamax; a game's
// search: game-maxmin in the root view, game in the negamax view, calling the game's functions) and the
// languages' file extensions. Chess has one text: the engine's search as pseudo-code (its steps name engine/node.go's).
export const ALGOS = ["minimax", "alphabeta", "pvs"];
export const EXT = { pseudo: "txt", python: "py" }; // codepanel.js's LANGS: a text in each

// The file a text lives in, relative to the page ("static/code/pvs-negamax.py").
export function codeFile(algo, form, lang) {
  if (algo === "chess") return "static/code/chess-negamax.txt";
  return `static/code/${algo}-${form}.${EXT[lang] || "txt"}`;
}

const TAG = /\s+@@([a-z0-9.,-]+)\s*$/;

// parseCode(src, {strict, words}) -> {text, lines: [shown lines], tags: {tag: line (1-based)},
// names: {canonical: shown}}. words(key) gives a comment's words (the key itself without it).
// Tags name one line each; a tag on two lines is an error in the file.
export function parseCode(src, { strict = false, words = (k) => k } = {}) {
  const raw = src.replace(/\r\n?/g, "\n").replace(/\n+$/, "").split("\n");
  const names = {};
  const lines = [];
  const tags = {};
  for (const r of raw) {
    if (r.startsWith("@@names")) {
      for (const pair of r.slice(7).trim().split(/\s+/).filter(Boolean)) {
        const [k, v] = pair.split("=");
        names[k] = v;
      }
      continue;
    }
    let line = r;
    const m = TAG.exec(line);
    if (m) {
      line = line.slice(0, m.index).replace(/\s+$/, "");
      for (const tag of m[1].split(",")) {
        if (tags[tag]) throw new Error(`code: tag ${tag} on two lines`);
        tags[tag] = lines.length + 1;
      }
      if (strict && m[1].split(",").some((x) => x.endsWith("cut-test"))) line = strictLine(line);
    }
    line = line.replace(/\{\{([A-Za-z0-9]+)\}\}/g, (_, k) => words(k));
    lines.push(line.replace(/\s+$/, ""));
  }
  return { text: lines.join("\n"), lines, tags, names };
}

// A cut test made strict: ">=" / "≥" become ">", "<=" / "≤" become "<".
function strictLine(line) {
  return line.replace(/>=/g, ">").replace(/<=/g, "<").replace(/≥/g, ">").replace(/≤/g, "<");
}

// The form a view shows: the textbook's MAX/MIN in the root player's view, negamax otherwise.
export function formOf(viewMode) { return viewMode === "root" ? "maxmin" : "negamax"; }

// The algorithm a started frame names ("minimax", "alphabeta", "pvs"), or "" when none is known.
export function algoOf(started) {
  const o = (started && started.options) || {};
  const a = String(o.algo || o.algorithm || "").toLowerCase().replace(/[^a-z]/g, "");
  if (a === "minimax") return "minimax";
  if (a === "alphabeta" || a === "ab") return "alphabeta";
  if (a === "pvs" || a === "pvsearch" || a === "principalvariationsearch" || a === "negascout") return "pvs";
  return "";
}

// What a started search shows: {algo, form, generic} or null when no code fits. A chess search
// is pvscope's engine's own text, unless the trace names another engine: then the algorithm's
// generic negamax text, said to be generic, or nothing for an algorithm pvscope does not know.
// A game's search (tic-tac-toe, Connect Four, Othello) is the algorithm's game text: moves(position),
// play and undo, is_over and outcome, evaluate, as engine/games/game.go's Board says them.
export function codeChoice(started, viewMode) {
  if (!started) return null;
  const o = started.options || {};
  // A trace file names its writer (tracer/c/pvscope_trace.h, tracer/python) or its engine;
  // pvscope's own traces name neither.
  const named = o.engine || o.writer || "";
  const other = !!named && !/^pvscope$/i.test(named);
  const algo = algoOf(started);
  if (started.kind === "chess" && !other) return { algo: "chess", form: "negamax", generic: false };
  if (!algo) return null;
  // A game's trace file opens as kind "game" too (its header's meta game=...); its options name the game as well.
  const game = started.kind === "game" || (!!o.game && !/^chess$/i.test(o.game));
  if (game) return { algo, form: viewMode === "root" ? "game-maxmin" : "game", generic: other };
  return { algo, form: started.kind === "chess" ? "negamax" : formOf(viewMode), generic: other };
}

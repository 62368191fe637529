// setup.js: the setup form. It fills the form from the URL at load, keeps the URL in step with
// every edit, keeps one position source at a time (the one edited last), previews the position
// on the board before the first search, validates on Start and then sends the start command
// (recording the search's timings), and sends stop. Ctrl+Enter in the tree field starts too.
// The short-PV gallery's entries are whole configurations: choosing one fills the form as if
// its URL had been loaded.
import { SOURCES, formControls, readForm, readURL, applyToForm, writeURL, validate } from "./url.js";
import { START_FEN } from "./board/board.js";
import { parseTreeText } from "./model/model.js";
import { t } from "./i18n/i18n.js";

const $ = (id) => document.getElementById(id);

// createSetup(S, deps): S is the page state (app.js); deps are the form, the Board, the Socket,
// the timings record, the errors (errors.js), setRunState (render.js) and kick (playback.js).
// beforeStart(cfg), when given, may take the start (compare.js): it returns true when it did.
// onPreview(setup), when given, hears the form's source before the first search (treepreview.js).
export function createSetup(S, { form, board, socket, timings, errors, setRunState, kick, beforeStart, onPreview }) {
  let lastSource = null; // the source the user edited last: it wins when several are filled

  function onSubmit(e) {
    e.preventDefault();
    errors.clearErrors();
    const cfg = readForm(form);
    // One source only: the last edited, else the first filled.
    const filled = SOURCES.filter((s) => cfg.setup[s]);
    if (filled.length > 1) {
      const keep = filled.includes(lastSource) ? lastSource : filled[filled.length - 1];
      for (const s of SOURCES) if (s !== keep) { cfg.setup[s] = ""; formControls(form).sources[s].value = ""; }
      if (keep !== "game") cfg.setup.position = form.elements.namedItem("position").value = "";
    }
    writeURL(cfg);
    // Minimax on a chess position searches without quiescence unless the user turned it on:
    // with it the horizon's captures alone run to millions of nodes (setupNotes says so).
    if (minimaxOnChess(cfg) && !cfg.options.qsearch) cfg.options.qsearch = "false";
    const bad = validate(cfg, S.limits);
    if (bad) {
      errors.showError(bad.message, bad.field);
      return;
    }
    if (beforeStart && beforeStart(cfg)) return;
    // On a phone the form fills the first screen: a tap on Start (not a link's own start) brings
    // the step buttons, the narration's sentence and the tree up.
    if (e.submitter && innerWidth < 600) document.querySelector(".controls")?.scrollIntoView({ block: "start" });
    const run = { t0: performance.now(), at: new Date().toISOString() };
    timings.last = run;
    timings.runs.push(run);
    if (timings.runs.length > 20) timings.runs.shift();
    performance.mark("pvscope:start-click");
    S.begin(run);
    setRunState(t("setup.starting"), "live");
    socket.send({ type: "start", id: S.id, setup: cfg.setup, options: cfg.options });
    S.redraw();
  }

  function stop() {
    socket.send({ type: "stop" });
  }

  function syncURL() {
    writeURL(readForm(form));
    preview();
    setupNotes();
  }

  // Sentences beside the depth: a tree cut short by the depth, and minimax without quiescence.
  function setupNotes() {
    const notes = setupNoteTexts(readForm(form));
    const el = depthNote();
    el.textContent = notes.join(" ");
    el.hidden = !notes.length;
  }

  function depthNote() {
    let el = $("depth-note");
    if (!el) {
      el = document.createElement("span");
      el.id = "depth-note"; el.className = "setup-note"; el.dataset.testid = "depth-note";
      el.setAttribute("role", "status");
      $("err-depth").after(el);
    }
    return el;
  }

  // Before the first search, the board previews the form: the FEN (or the start position) for chess,
  // the tree's root for trees.
  function preview() {
    if (S.trace && S.trace.started) return;
    const { setup } = readForm(form);
    const tree = !!(setup.tree || setup.random);
    if (onPreview) onPreview(setup);
    document.documentElement.classList.toggle("kind-tree", tree);
    document.documentElement.classList.toggle("kind-chess", !tree);
    if (setup.game) return board.game.preview(setup); // board/games.js
    board.game.hide();
    if (tree) board.showTreePath([], { title: setup.random ? t("setup.previewRandomTree") : t("setup.previewTree") });
    else if (!setup.fen || setup.fen.split(/\s+/)[0].split("/").length === 8) {
      try {
        board.showChess(setup.fen || START_FEN, { title: setup.fen ? t("setup.previewPosition") : t("setup.previewStartPosition") });
      } catch { /* not a position the board can draw */ }
    }
  }

  function markActive() {
    const cfg = readForm(form);
    for (const fs of form.querySelectorAll("fieldset[data-source]")) {
      fs.classList.toggle("active", !!cfg.setup[fs.dataset.source]);
    }
  }

  // load fills the form from the URL and shows what it describes.
  function load() {
    applyToForm(form, readURL());
    markActive();
    preview();
    setupNotes();
    // A link to a gallery entry names it in the list.
    const here = configKey(readURL());
    const entry = [...$("gallery-select").options].find((o) => o.value && configKey(readURL(o.value)) === here);
    if (entry) showGalleryNote(entry);
  }

  // A gallery entry's value is its URL query: every option it does not name goes back to the
  // engine default (empty; the algorithm's default is PVS, the form's first choice otherwise).
  function applyGallery(option) {
    const cfg = readURL(option.value);
    const { sources, options } = formControls(form);
    for (const s of SOURCES) sources[s].value = cfg.setup[s] || "";
    for (const [name, el] of Object.entries(options)) {
      let v = cfg.options[name] ?? "";
      if (el.tagName === "SELECT" && ![...el.options].some((o) => o.value === v)) {
        v = [...el.options].some((o) => o.value === "pvs") ? "pvs" : el.options[0].value;
      }
      el.value = v;
    }
    form.elements.namedItem("position").value = cfg.setup.position || "";
    lastSource = SOURCES.find((s) => cfg.setup[s]) || null;
    $("position-select").value = "";
    $("tree-select").value = "";
    errors.clearErrors();
    markActive();
    syncURL();
    showGalleryNote(option);
  }

  // Until the first search the empty tree area says what the entry shows and what to look at.
  function showGalleryNote(option) {
    $("gallery-select").value = option.value;
    $("gallery-select").title = option.title;
    const empty = $("tree-empty");
    if (empty.hidden) return;
    const line = (tag, text) => { const el = document.createElement(tag); el.textContent = text; return el; };
    empty.replaceChildren(line("strong", option.textContent), line("span", option.title), line("em", t("setup.pressStart")));
    empty.classList.add("gallery-note");
  }

  function wire() {
    form.addEventListener("submit", onSubmit);
    $("stop-button").addEventListener("click", stop);
    const { sources } = formControls(form);
    const clearOthers = (keep) => {
      lastSource = keep;
      for (const s of SOURCES) {
        if (s === keep) continue;
        if (sources[s].value) sources[s].value = "";
      }
      if (keep !== "fen") $("position-select").value = "";
      if (keep !== "tree") $("tree-select").value = "";
      if (keep !== "game") form.elements.namedItem("position").value = "";
      markActive();
    };
    for (const s of SOURCES) {
      sources[s].addEventListener("input", () => { if (sources[s].value.trim()) clearOthers(s); });
    }
    form.elements.namedItem("position").addEventListener("input", () => { if (sources.game.value) clearOthers("game"); });
    $("position-select").addEventListener("change", (e) => {
      if (!e.target.value) return;
      sources.fen.value = e.target.value;
      clearOthers("fen");
      errors.clearFieldError(sources.fen);
      syncURL();
    });
    $("tree-select").addEventListener("change", (e) => {
      if (!e.target.value) return;
      sources.tree.value = e.target.value;
      // A named figure is searched whole: the depth becomes its height.
      const h = heightOf({ tree: e.target.value });
      if (h) formControls(form).options.depth.value = String(h);
      clearOthers("tree");
      errors.clearFieldError(sources.tree);
      syncURL();
    });
    const gallery = $("gallery-select");
    gallery.addEventListener("change", () => { if (gallery.value) applyGallery(gallery.selectedOptions[0]); });
    // Any other edit makes the form something else than the gallery's entry.
    const leaveGallery = (e) => { if (e.target !== gallery && gallery.value) { gallery.value = ""; gallery.title = gallery.dataset.title; } };
    form.addEventListener("input", (e) => { leaveGallery(e); errors.clearFieldError(e.target); syncURL(); });
    form.addEventListener("change", (e) => { leaveGallery(e); errors.clearFieldError(e.target); syncURL(); });
    // Ctrl+Enter in the tree field starts the search.
    sources.tree.addEventListener("keydown", (e) => {
      if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) { e.preventDefault(); form.requestSubmit(); }
    });
    // The options drop-down's summary says how many options are set.
    const optCount = () => {
      const c = [...form.querySelectorAll(".options [data-option]")].filter((x) => x.value !== "").length;
      $("options-count").textContent = c ? t("setup.optionsSet", { n: c }) : "";
    };
    form.addEventListener("change", optCount);
    form.addEventListener("change", setupNotes);
    optCount();
  }

  return { load, wire, preview };
}

// setupNoteTexts(cfg): the sentences beside the depth for a readForm() configuration.
export function setupNoteTexts(cfg) {
  const h = heightOf(cfg.setup);
  const d = +cfg.options.depth || 0;
  const notes = [];
  if (h && d && d < h) notes.push(t("setup.depthBelowHeight", { depth: d, height: h }));
  if (minimaxOnChess(cfg) && !cfg.options.qsearch) notes.push(t("setup.minimaxNoQuiescence"));
  return notes;
}

// configKey: a configuration as one comparable string (the source and the options other than
// the default algorithm, sorted), so a URL and a gallery entry can be matched.
function configKey({ setup, options }) {
  const opts = Object.entries(options).filter(([k, v]) => !(k === "algo" && v === "pvs")).sort();
  return JSON.stringify([SOURCES.map((s) => setup[s] || ""), opts]);
}

// The height of the tree a setup describes (0 for chess): the deepest leaf of a tree text, or d= of a random tree.
export function heightOf(setup) {
  if (setup.tree) {
    let t;
    try { t = parseTreeText(setup.tree); } catch { return 0; }
    if (!Array.isArray(t)) return 0;
    // A walk with a stack, not a recursion: a tree may be nested thousands deep (issue 44).
    let most = 0;
    for (const stack = [[t, 0]]; stack.length;) {
      const [x, n] = stack.pop();
      if (Array.isArray(x) && x.length) for (const c of x) stack.push([c, n + 1]);
      else most = Math.max(most, n);
    }
    return Math.max(most, 0);
  }
  if (setup.random) {
    const m = /(?:^|,)\s*d\s*=\s*(\d+)/.exec(setup.random);
    return m ? +m[1] : 0;
  }
  return 0;
}

function minimaxOnChess(cfg) {
  return cfg.options.algo === "minimax" && !cfg.setup.tree && !cfg.setup.random && !cfg.setup.game;
}

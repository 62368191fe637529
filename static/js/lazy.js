// lazy.js: stand-ins for the page's parts that most pages never use (a worksheet, an exercise,
// a comparison, the quiz, the Export menu, a room). Each answers as the real part would until something asks for it, then loads its
// module once and hands over: a class's first load of the page stays small (issue 28).
import { t } from "./i18n/i18n.js";

const $ = (id) => document.getElementById(id);

// lazySheet stands for sheet.js's worksheet (open, load, snapshot) until make() has loaded it.
export function lazySheet(make) {
  let made = null, real = null;
  const get = () => (made ??= make().then((s) => (real = s)));
  return {
    open: (kind, opts) => get().then((s) => s.open(kind, opts)),
    load: () => (new URLSearchParams(location.search).get("sheet") === "1" ? get().then((s) => s.load()) : null),
    close: () => real && real.close(),
    snapshot: () => (real ? real.snapshot() : null),
  };
}

// lazyExercises(make): the exercise UI's face before its module is loaded. The menu's first
// choice (or ?exercise=) loads it; from then on the real one is wired and answers.
export function lazyExercises(showError, make) {
  let made = null, real = null;
  const get = () => (made ??= make().then((x) => { real = x; x.wire(); return x; }));
  return {
    wire() {
      const menu = $("exercise-menu");
      if (menu) menu.addEventListener("change", () => { if (!real && menu.value) get().then((x) => x.open(menu.value)).catch((err) => showError(err.message)); });
    },
    load: () => { const q = new URLSearchParams(location.search); return q.get("exercise") && !q.has("sheet") ? get().then((x) => x.load()) : null; },
    open: (kind) => get().then((x) => x.open(kind)),
    close: () => real && real.close(),
    answer: (x) => { if (!real) throw new Error(t("exerciseui.noneOpen")); return real.answer(x); },
    snapshot: () => (real ? real.snapshot() : null),
    get tree() { return real ? real.tree : null; },
  };
}

// lazyCompare(make): compare.js's face before its module is loaded. A start that names a
// comparison (or a diff) loads it and hands it the start; until then nothing compares.
export function lazyCompare(showError, make) {
  let made = null, real = null;
  const get = () => (made ??= make().then((x) => { real = x; x.wire(); return x; }));
  const wanted = (cfg) => !!(cfg && cfg.options && (cfg.options.compare || cfg.options.diff));
  const fail = (err) => showError(err.message);
  return {
    start(cfg) {
      if (real) return real.start(cfg);
      if (!wanted(cfg)) return false;
      get().then((x) => x.start(cfg)).catch(fail);
      return true;
    },
    wire() {},
    load(cfg) { if (real) real.load(cfg); else if (wanted(cfg)) get().then((x) => x.load(cfg)).catch(fail); },
    close: (...a) => real && real.close(...a),
    snapshot: () => (real ? real.snapshot() : []),
    get active() { return real ? real.active : false; },
    get playing() { return real ? real.playing : false; },
  };
}

// lazyQuiz(showError, make): quizui.js's face before its module (and quiz.js) is loaded. The
// toggle, ?quiz= or a lesson's exercise loads it; until then nothing is asked. While a quiz that
// was asked for is on its way, playback waits, so no question is passed over.
export const QUIZ_KINDS = ["value", "research", "pruned"]; // quiz.js's DEFAULT_KINDS (quiz.test.mjs holds them equal)
export function lazyQuiz(showError, make) {
  let made = null, real = null, wanted = false;
  const get = () => (made ??= make().then((q) => { real = q; q.wire(); return q; }));
  const fail = (err) => { wanted = false; showError(err.message); };
  const want = (fn) => { wanted = true; return get().then(fn).catch(fail); };
  return {
    wire() {
      const toggle = $("quiz-toggle");
      toggle.addEventListener("change", () => { if (!real && toggle.checked) want((q) => q.setActive(toggle.checked)); });
      if (new URLSearchParams(location.search).get("quiz")) want(() => {}); // its own wire() reads ?quiz=
    },
    gate: (from, to) => (real ? real.gate(from, to) : wanted ? from : to),
    answer: (x) => (real ? real.answer(x) : null),
    reset: () => (real ? real.reset() : made && made.then((q) => q.reset())),
    // setActive(on) -> a promise while the module is on its way, for a caller that waits for it.
    setActive(on) {
      if (real) return real.setActive(on);
      if (on) return want((q) => q.setActive(true));
      return made && made.then((q) => q.setActive(false));
    },
    setKinds: (param) => (real ? real.setKinds(param) : want((q) => q.setKinds(param))),
    snapshot: () => (real ? real.snapshot() : { active: false, question: null, asked: 0, correct: 0, kinds: [...QUIZ_KINDS], note: "" }),
  };
}

// lazyExport(showError, make): export.js's face before its module is loaded. Opening the Export
// menu loads it (a click that comes first is handed to it); window.pvscope.export waits for it.
export function lazyExport(showError, make) {
  let made = null, real = null;
  const get = () => (made ??= make().then((x) => { real = x; x.wire(); return x; }));
  const fail = (err) => showError(err.message);
  return {
    exportAs: (kind, opts) => get().then((x) => x.exportAs(kind, opts)),
    wire() {
      const menu = $("export-menu");
      if (!menu) return;
      menu.addEventListener("toggle", () => { if (menu.open) get().catch(fail); });
      menu.addEventListener("click", (e) => {
        const b = !real && e.target.closest("button[id]");
        if (b) get().then((x) => x.press(b.id)).catch(fail);
      });
    },
  };
}

// lazyRoom(showError, make): room.js's face before its module is loaded. "Share with the class",
// a link's ?room= and a presenter's reloaded tab (its token kept under ROOM_TOKEN) load it; a
// hello that came first is handed to it, so the page joins or reclaims its room. Until then no
// frame is a room's.
export const ROOM_TOKEN = "pvscope.room.token";
export function lazyRoom(showError, make) {
  let made = null, real = null, hello = null;
  const get = () => (made ??= make().then((r) => { real = r; if (hello) r.frame(hello); return r; }));
  const fail = (err) => showError(err.message);
  const call = (name) => (...a) => (real ? real[name](...a) : get().then((r) => r[name](...a)).catch(fail));
  return {
    // At the page's start: a room to join or to reclaim loads the module at once.
    load() {
      let stored = "";
      try { stored = sessionStorage.getItem(ROOM_TOKEN) || ""; } catch { /* private mode */ }
      if (stored || new URLSearchParams(location.search).get("room")) get().catch(fail);
    },
    wire() { $("room-share").addEventListener("click", () => { if (!real) call("share")(); }); },
    frame(f) {
      if (real) return real.frame(f);
      if (f.type === "hello") hello = f;
      return false;
    },
    after: (f) => real && real.after(f),
    share: call("share"), close: call("close"), ask: call("ask"), answer: call("answer"), toggleFollow: call("toggleFollow"),
    snapshot: () => (real ? real.snapshot() : null),
  };
}

// lazyGames(make, redraw): board/games.js's GameView, loaded by the first game shown.
export function lazyGames(make, redraw) {
  let made = null, real = null, failed = false;
  const get = () => real || void (made ??= make().then((g) => { real = g; redraw(); }, (err) => { failed = true; throw err; }));
  return {
    // loading: the module, or a game's rules, asked for and not here yet: the board is drawn after.
    get loading() { return (!!made && !real && !failed) || !!real?.loading; },
    node: (...a) => get()?.node(...a),
    preview: (setup) => get()?.preview(setup),
    hide: () => real?.hide(),
    // boards(load): the boards in the tree's nodes (board/nodeboards.js); with load false, only once loaded.
    boards: (load = true) => (load ? get() : real)?.boards(),
  };
}

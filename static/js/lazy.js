// lazy.js: stand-ins for the page's parts that most pages never use (a worksheet, an exercise,
// a comparison). Each answers as the real part would until something asks for it, then loads its
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

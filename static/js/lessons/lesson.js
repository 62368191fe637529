// lesson.js: guided lessons. A lesson (lessonformat.js) is slides of Markdown text, each bound to
// a state of the page: the setup (URL parameters), the step shown and the node selected. The
// "Lessons" menu (data-testid="lesson-menu") lists the lessons of static/lessons/ (index.json
// gives their order; static/lessons/LANG/ holds their translations, lessoncatalogue.js), opens a teacher's file, and resets the progress. ?lesson=NAME&slide=N opens
// one (slides count from 1); ?lesson-url=/path.md loads one from this server; a file opened from
// the menu travels in the link's #lesson-text=... so that it can be shared. PgUp/PgDn page, Esc
// leaves the slide to explore freely and Esc again brings its state back. A slide whose state does
// not load says so on that slide only. The last slide of a lesson is its exercise (the quiz).
import { parseLesson, resolveStep, splitState, parseCodeKey } from "./lessonformat.js";
import { lessonURL, MAX_BYTES } from "./lessonurl.js";
import { Progress, progressMarks, doneText } from "./lessonprogress.js";
import { catalogueLoader } from "./lessoncatalogue.js";
import { SOURCES, formControls, readURL, applyToForm } from "../url.js";
import { resolvePath } from "../tree/nodepath.js";
import { t, language } from "../i18n/i18n.js";

const $ = (id) => document.getElementById(id);
const BASE = new URL("../../lessons/", import.meta.url).pathname; // relative to this module: a static site may live in any folder

// createLessons(S, deps): S is the page state; deps: form (setup), playback, quizUI, setView(mode),
// showNode(id), sanOf(parent, move), errors, kick.
export function createLessons(S, { form, playback, quizUI, setView, showNode, sanOf, errors, kick, codePanel }) {
  const progress = new Progress();
  const catalogue = []; // lessons of static/lessons/, in order
  let open = null; // {lesson, i}
  let status = { loaded: false, error: "" };
  let pending = null; // {id}: the search this slide asked for, until it is done
  let exploring = false;
  let recorded = false; // the exercise's result is kept once per showing
  let timer = 0;
  let loaded = { id: -1, search: null }; // the search a slide started last, to reuse it

  const pathOf = (id) => S.trace.positionMoves(id).join(".");

  // ---- loading lessons ----
  async function fetchText(url) {
    const r = await fetch(url, { cache: "no-cache" });
    if (!r.ok) throw new Error(t("lesson.answered", { url, status: r.status }));
    // A redirect may not take the lesson to another server either.
    const to = lessonURL(r.url || url, location.href);
    if (to.error) throw new Error(t("lesson.otherOrigin", { origin: to.origin || r.url }));
    const text = await r.text();
    if (text.length > MAX_BYTES) throw new Error(t("lesson.tooLong", { url, kb: MAX_BYTES / 1024 }));
    return text;
  }

  // The menu first, the texts with the first lesson opened (lessoncatalogue.js).
  const texts = catalogueLoader(catalogue, { base: BASE, lang: language, parse: parseLesson, maxBytes: MAX_BYTES, failed(err) {
    console.error(err);
    errors.showError(t("lesson.catalogueFailed", { reason: err.message }));
  } });
  async function loadCatalogue() { await texts.menu(); drawMenu(); }

  function drawMenu() {
    const menu = $("lesson-menu");
    const opts = [new Option(t("lesson.menu"), "")];
    catalogue.forEach((l, j) => {
      const marks = progressMarks(progress.of(l.name, l.slides.length), l.slides.length);
      opts.push(new Option(marks ? t("lesson.entryMarks", { n: j + 1, title: l.title, marks }) : t("lesson.entry", { n: j + 1, title: l.title }), l.name));
    });
    opts.push(new Option(t("lesson.openFile"), "@file"), new Option(t("lesson.reset"), "@reset"));
    menu.replaceChildren(...opts);
    menu.value = open && catalogue.includes(open.lesson) ? open.lesson.name : "";
  }

  // ---- showing a slide ----
  function openLesson(lesson, i = 0) {
    if (lesson.stub) { texts.fill().then(() => lesson.stub || openLesson(lesson, i)); return; }
    // A lesson without a "---" line has no slide to show: said once, and nothing opens.
    if (!lesson.slides.length) { errors.showError(t("lesson.noSlides", { title: lesson.title })); return; }
    open = { lesson, i: 0 };
    exploring = false;
    $("lesson-bar").hidden = false;
    show(Math.max(0, Math.min(i, lesson.slides.length - 1)));
  }

  function close() {
    open = null; pending = null; exploring = false;
    $("lesson-bar").hidden = true;
    quizUI.setActive(false);
    setURL(null);
    drawMenu();
    fitTree();
  }

  function setURL(slide) {
    const u = new URL(location.href);
    for (const p of ["lesson", "slide", "lesson-url"]) u.searchParams.delete(p);
    if (slide !== null && open) {
      if (open.lesson.url) u.searchParams.set("lesson-url", open.lesson.url);
      else if (!open.lesson.inline) u.searchParams.set("lesson", open.lesson.name);
      u.searchParams.set("slide", String(slide + 1));
    }
    if (!(open && open.lesson.inline) && u.hash.startsWith("#lesson-text=")) u.hash = "";
    if (u.href !== location.href) history.replaceState(null, "", u.pathname + u.search + u.hash);
  }

  // markdown.js comes with the first slide shown, not with the page (issue 28's 300 KB); once
  // here, the slide shown by then is written.
  let markdown = null, loading = null;
  function slideText(text) {
    if (markdown) { $("lesson-text").innerHTML = markdown(text); return; }
    $("lesson-text").textContent = "";
    loading ??= import("./markdown.js").then((m) => { markdown = m.markdownToHTML; if (open) slideText(open.lesson.slides[open.i].text); })
      .catch((err) => { loading = null; errors.showError(err.message); });
  }

  function show(i) {
    const { lesson } = open;
    const s = lesson.slides[i];
    open.i = i;
    exploring = false;
    recorded = false;
    pending = null;
    progress.seen(lesson.name, i);
    setURL(i);
    drawMenu();
    $("lesson-bar").classList.remove("exploring");
    $("lesson-explore").textContent = t("lesson.explore");
    $("lesson-title").textContent = lesson.title;
    markLanguage(lesson);
    $("lesson-count").textContent = s.exercise ? t("lesson.countExercise", { i: i + 1, n: lesson.slides.length }) : t("lesson.count", { i: i + 1, n: lesson.slides.length });
    slideText(s.text);
    $("lesson-prev").disabled = i === 0;
    $("lesson-next").disabled = i === lesson.slides.length - 1;
    $("lesson-result").hidden = true;
    setStatus(false, "");
    fitTree();
    if (s.error) { setStatus(false, s.error); return; }
    load(s);
  }

  // A lesson of the catalogue shown in English on a page in another language says so in one
  // line, and its text carries lang="en" so that a screen reader reads it as English.
  function markLanguage(lesson) {
    const other = lesson.lang && lesson.lang !== language() ? lesson.lang : "";
    for (const id of ["lesson-title", "lesson-text"]) {
      if (other) $(id).lang = other;
      else $(id).removeAttribute("lang");
    }
    const note = $("lesson-lang");
    note.textContent = other ? t("lesson.untranslated") : "";
    note.hidden = !other;
  }

  function setStatus(loaded, error) {
    status = { loaded, error };
    const el = $("lesson-error");
    el.textContent = error ? t("lesson.notLoaded", { error }) : "";
    el.hidden = !error;
  }

  // The setup form as the slide's state says: every source and option it does not name is emptied
  // (a select without an empty choice keeps its value), so one slide's options never leak into the next.
  function fillForm(search) {
    const cfg = readURL("?" + search);
    const { options } = formControls(form);
    const present = new Set(SOURCES);
    for (const [name, el] of Object.entries(options)) {
      if (cfg.present.has(name) || el.tagName !== "SELECT" || [...el.options].some((o) => o.value === "")) present.add(name);
    }
    applyToForm(form, { ...cfg, present });
    for (const el of form.querySelectorAll("fieldset[data-source]")) el.classList.toggle("active", !!cfg.setup[el.dataset.source]);
  }

  function load(s) {
    const { search, view } = splitState(s.state);
    setView(view || "auto");
    quizUI.setActive(false);
    const same = S.trace && S.trace.started && S.done && !S.error && !S.streaming && S.id === loaded.id && loaded.search === search;
    if (same) { place(s); return; }
    fillForm(search);
    const before = S.id;
    form.requestSubmit();
    if (S.id === before) { setStatus(false, S.error || t("lesson.didNotStart")); return; }
    loaded = { id: S.id, search };
    pending = { id: S.id };
    playback.pause();
    tick();
  }

  // The search is done: the step and the selection.
  function place(s) {
    pending = null;
    const r = resolveStep(s.step, S.trace, pathOf);
    if (r.error) { playback.pause(); setStatus(false, r.error); return; }
    if (s.exercise) {
      S.select(0);
      playback.pause();
      playback.seek(0);
      quizUI.reset(); // a new try: every question is asked again, the score starts from 0
      quizUI.setKinds(splitState(s.state).quiz || "1");
      const on = quizUI.setActive(true); // a promise while the quiz's module is on its way (lazy.js)
      S.play();
      if (!on) { setStatus(true, ""); return; }
      const at = status; // the slide has loaded once its quiz is on, unless another slide came first
      on.then(() => { if (status === at) setStatus(true, ""); });
      return;
    }
    playback.pause();
    playback.seek(r.k);
    S.select(0);
    const code = s.code ? parseCodeKey(s.code) : null; // the code panel, at a marked line (codepanel.js)
    if (code && codePanel) { if (code.lang === "off") codePanel.close(); else codePanel.open(code.lang, code.line); }
    if (s.select) {
      const p = resolvePath(S.trace, r.k, s.select, sanOf);
      if (!p.id) { setStatus(false, t("lesson.noNode", { node: s.select })); S.redraw(); return; }
      // A teaching tree stays whole in view with its node ringed; in a chess search the node is
      // revealed (its collapsed subtrees opened, zoomed in on).
      if (S.trace.started.kind === "tree") S.select(p.id);
      else showNode(p.id);
    }
    if (!S.selected || S.trace.started.kind === "tree") fitTree();
    S.redraw();
    setStatus(true, "");
  }

  // The bar's height changes the tree's room: measure again and fit the tree in it.
  function fitTree() {
    requestAnimationFrame(() => { if (S.view) { S.view.resize(); S.view.fit(true); } S.redraw(); });
  }

  // Polled while a lesson is open: a slide's search finishing, and an exercise ending.
  function tick() {
    if (!open) return;
    const s = open.lesson.slides[open.i];
    if (!s) return;
    if (pending) {
      if (S.id !== pending.id) { pending = null; return; } // someone started another search
      if (S.error) { pending = null; playback.pause(); setStatus(false, S.error); return; }
      if (S.done && !S.streaming) place(s);
      else if (S.playing && !s.exercise) playback.pause();
      return;
    }
    if (s.exercise && status.loaded && !recorded) {
      const q = quizUI.snapshot();
      if (q.asked > 0 && !q.question && S.k >= S.eventCount && !S.streaming) {
        recorded = true;
        progress.exercise(open.lesson.name, q.asked, q.correct);
        const el = $("lesson-result");
        el.textContent = doneText(q.asked, q.correct);
        const again = document.createElement("button");
        again.type = "button"; again.textContent = t("lesson.tryAgain"); again.dataset.testid = "lesson-retry";
        again.addEventListener("click", () => { if (open) show(open.i); });
        el.append(again);
        el.hidden = false;
        drawMenu();
      }
    }
  }

  function step(d) {
    if (!open) return;
    const j = open.i + d;
    if (j >= 0 && j < open.lesson.slides.length) show(j);
  }

  // Esc: explore freely (the bar shrinks to its head); Esc again: back to the slide's state.
  function toggleExplore() {
    if (!open) return;
    if (exploring) { show(open.i); return; }
    exploring = true;
    pending = null;
    quizUI.setActive(false);
    $("lesson-bar").classList.add("exploring");
    $("lesson-explore").textContent = t("lesson.backToSlide");
    fitTree();
  }

  // ---- a teacher's lesson ----
  // A lesson's address is resolved against the page and compared as a URL: the same scheme,
  // host and port as the page, or it is refused. It is fetched by the URL resolved, never by a
  // path cut out of it ("http://HOST//other/l.md" has the path "//other/l.md", which a fetch
  // reads as another host).
  async function fromURL(url) {
    const u = lessonURL(url, location.href);
    if (u.error === "notURL") { errors.showError(t("lesson.notURL", { address: JSON.stringify(String(url).slice(0, 80)) })); return null; }
    if (u.error) { errors.showError(t("lesson.otherOrigin", { origin: u.origin })); return null; }
    try {
      const l = parseLesson(await fetchText(u.href), u.path.split("?")[0]); // named by its path, as its progress is kept
      l.url = u.path;
      return l;
    } catch (err) {
      errors.showError(t("lesson.urlFailed", { path: u.path, reason: err.message }));
      return null;
    }
  }

  // A lesson that came in a link is named the same in every language: the name keys its progress.
  const SHARED_NAME = "shared lesson";

  function fromText(text, name) {
    const l = parseLesson(text, name);
    l.inline = true;
    // The link carries the lesson itself, so that it can be shared.
    const u = new URL(location.href);
    u.hash = "lesson-text=" + encodeURIComponent(text);
    history.replaceState(null, "", u.pathname + u.search + u.hash);
    return l;
  }

  function onMenu(e) {
    const v = e.target.value;
    if (v === "@file") { $("lesson-file").click(); drawMenu(); return; }
    if (v === "@reset") {
      if (confirm(t("lesson.confirmReset"))) progress.reset();
      drawMenu();
      return;
    }
    const l = catalogue.find((x) => x.name === v);
    if (l) openLesson(l, 0);
    else if (!v && open) close();
  }

  async function onFile(e) {
    const f = e.target.files && e.target.files[0];
    e.target.value = "";
    if (!f) return;
    if (f.size > MAX_BYTES) { errors.showError(t("lesson.fileTooLong", { file: f.name, kb: MAX_BYTES / 1024 })); return; }
    openLesson(fromText(await f.text(), f.name.replace(/\.[^.]*$/, "")), 0);
  }

  function onKey(e) {
    if (!open || e.ctrlKey || e.metaKey || e.altKey) return;
    const el = e.target;
    if (el instanceof Element && (el.isContentEditable || ["TEXTAREA", "SELECT"].includes(el.tagName) ||
      (el.tagName === "INPUT" && !["checkbox", "radio", "button", "submit", "range"].includes(el.type)))) return;
    if (!$("help-overlay").hidden) return;
    if (e.key === "PageDown" && !exploring) step(1);
    else if (e.key === "PageUp" && !exploring) step(-1);
    else if (e.key === "Escape") toggleExplore();
    else return;
    e.preventDefault();
    e.stopPropagation();
  }

  function wire() {
    $("lesson-menu").addEventListener("change", onMenu);
    $("lesson-file").addEventListener("change", onFile);
    $("lesson-prev").addEventListener("click", () => step(-1));
    $("lesson-next").addEventListener("click", () => step(1));
    $("lesson-explore").addEventListener("click", toggleExplore);
    $("lesson-close").addEventListener("click", close);
    window.addEventListener("keydown", onKey, true);
    timer = setInterval(tick, 150);
  }

  // load: the catalogue, then the lesson the URL names.
  async function start() {
    await loadCatalogue();
    const q = new URLSearchParams(location.search);
    const slide = Math.max(1, parseInt(q.get("slide") || "1", 10) || 1) - 1;
    let l = null;
    if (location.hash.startsWith("#lesson-text=")) {
      // Percent-encoded, a character takes at most 12 bytes (4 in UTF-8, each as %XX).
      const raw = location.hash.slice(13);
      let text = null;
      if (raw.length > 12 * MAX_BYTES) errors.showError(t("lesson.linkTooLong", { kb: MAX_BYTES / 1024 }));
      else {
        try { text = decodeURIComponent(raw); } catch { errors.showError(t("lesson.damaged")); }
      }
      if (text !== null && text.length > MAX_BYTES) errors.showError(t("lesson.linkTooLong", { kb: MAX_BYTES / 1024 }));
      else if (text !== null) l = fromText(text, SHARED_NAME);
    } else if (q.get("lesson-url")) l = await fromURL(q.get("lesson-url"));
    else if (q.get("lesson")) {
      l = catalogue.find((x) => x.name === q.get("lesson"));
      if (!l) errors.showError(t("lesson.noLesson", { name: q.get("lesson") }));
    }
    if (l) openLesson(l, slide);
  }

  return {
    wire, start, close, open: (name, slide = 1) => { const l = catalogue.find((x) => x.name === name); if (l) openLesson(l, slide - 1); return !!l; },
    openURL: async (url, slide = 1) => { const l = await fromURL(url); if (l) openLesson(l, slide - 1); return !!l; },
    next: () => step(1), prev: () => step(-1), explore: toggleExplore,
    list: () => catalogue.map((l) => ({ name: l.name, title: l.title, slides: l.slides.length, lang: l.lang })),
    progress: () => Object.fromEntries(catalogue.map((l) => [l.name, progress.of(l.name, l.slides.length)])),
    resetProgress: () => { progress.reset(); drawMenu(); },
    snapshot() {
      if (!open) return null;
      const s = open.lesson.slides[open.i];
      return {
        name: open.lesson.name, title: open.lesson.title, lang: open.lesson.lang || "", slide: open.i + 1, slides: open.lesson.slides.length,
        loaded: status.loaded, error: status.error, exploring, exercise: !!s.exercise,
        state: s.state, step: s.step, select: s.select,
      };
    },
    stop: () => clearInterval(timer),
  };
}


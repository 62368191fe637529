// codepanel.js: the code panel beside the tree (issue 29). It shows the algorithm being run, in
// the form the view uses (the root player's MAX/MIN or negamax) and the language chosen
// (pseudo-code or Python), highlights the line the current step's event comes from (codemap.js),
// and lists the variables of that event's node by the code's names. A click on a line (or Enter
// on its number) sets a breakpoint there and runs to the next event that line makes.
// ?code=pseudo|python opens it; the toggle sits in the tree's bar.
import { t, has } from "../i18n/i18n.js";
import { LANGS } from "./codelazy.js";

const $ = (id) => document.getElementById(id);

export { LANGS }; // the languages the panel offers (codelazy.js)

// codetext.js (the texts) and codemap.js's CodeTracker, imported together when the panel first
// needs a text: neither is part of the page's first load.
let codetext = null, CodeTracker = null, parts = null;
const loadParts = () => (parts ??= Promise.all([import("./codetext.js"), import("./codemap.js")])
  .then(([ct, cm]) => { codetext = ct; CodeTracker = cm.CodeTracker; }));

// createCodePanel(S, {seek, kick, toggle}): S is the page state; seek(k) moves to step k; toggle
// is the button in the tree's bar (codelazy.js makes it, with the page).
export function createCodePanel(S, { seek, kick, toggle, onToggle = () => {} }) {
  const texts = new Map(); // file + strict -> parsed text, or "loading"
  let lang = "";
  let bp = 0; // the breakpoint's line, 0 for none
  let track = null; // {key, trace, tracker, hl: []} the highlights computed so far
  let shownKey = "";
  let panel = null;

  const q = new URLSearchParams(location.search).get("code");
  if (q && LANGS.includes(q)) lang = q;

  // The toggle in the tree's bar (codelazy.js), and the panel after the tree view.
  toggle.addEventListener("click", () => (lang ? close() : open("pseudo")));

  function build() {
    panel = document.createElement("aside");
    panel.id = "code-panel"; panel.className = "code-panel"; panel.dataset.testid = "code-panel";
    panel.setAttribute("aria-label", t("codepanel.label"));
    panel.innerHTML = `<div class="code-head"><span class="code-title" data-testid="code-title"></span>
      <label class="vh" for="code-lang"></label><select id="code-lang" data-testid="code-lang"></select>
      <button type="button" class="code-copy" data-testid="code-copy"></button></div>
      <ol class="code-lines" data-testid="code-lines"></ol>
      <p class="code-note" data-testid="code-note"></p>
      <dl class="code-vars" data-testid="code-watch" aria-live="off"></dl>`;
    panel.querySelector("label").textContent = t("codepanel.language");
    const sel = panel.querySelector("select");
    for (const l of LANGS) {
      const o = document.createElement("option");
      o.value = l; o.textContent = t(`codepanel.lang-${l}`);
      sel.append(o);
    }
    sel.addEventListener("change", () => open(sel.value));
    // Copy: the program as shown (the comments in the page's language), without line numbers.
    const copy = panel.querySelector(".code-copy");
    copy.textContent = t("codepanel.copy"); copy.title = t("codepanel.copyTitle");
    copy.addEventListener("click", () => {
      const cur = current();
      if (!cur || !cur.code || !navigator.clipboard) return;
      navigator.clipboard.writeText(cur.code.lines.join("\n") + "\n").then(
        () => { copy.textContent = t("codepanel.copied"); setTimeout(() => { copy.textContent = t("codepanel.copy"); }, 1500); },
        () => { note.textContent = t("codepanel.copyFailed"); });
    });
    const note = panel.querySelector(".code-note");
    panel.querySelector("ol").addEventListener("click", (e) => {
      const li = e.target.closest("li");
      if (li) runToLine(+li.dataset.line);
    });
    const view = $("tree-view");
    view.after(panel);
  }

  // open(lang, line): the panel in lang; line (a lesson's) is marked as the breakpoint.
  function open(l, line = 0) {
    lang = LANGS.includes(l) ? l : "pseudo";
    if (line) bp = line;
    if (!panel) build();
    panel.hidden = false;
    panel.querySelector("select").value = lang;
    setURL();
    layoutChanged();
  }
  function close() {
    lang = "";
    if (panel) panel.hidden = true;
    setURL();
    layoutChanged();
  }
  function layoutChanged() {
    document.querySelector(".tree-region")?.classList.toggle("with-code", !!lang);
    document.documentElement.classList.toggle("code-open", !!lang);
    toggle.setAttribute("aria-pressed", String(!!lang));
    shownKey = "";
    onToggle(); // the event log's rows gain or lose their line tags
    // The tree view refits to its new width, as presentation mode does.
    requestAnimationFrame(() => { if (S.view && S.view.resize) { S.view.resize(); S.view.fit(false); } S.redraw(); });
    S.redraw();
  }
  function setURL() {
    const u = new URLSearchParams(location.search);
    if (lang) u.set("code", lang); else u.delete("code");
    const s = u.toString();
    history.replaceState(null, "", location.pathname + (s ? `?${s}` : "") + location.hash);
  }

  // The parsed text of a choice in a language, loaded once; null until it has arrived.
  function textOf(choice, l, strict) {
    const file = codetext.codeFile(choice.algo, choice.form, l);
    const key = `${file}|${strict}`;
    const got = texts.get(key);
    if (got === "failed") return null; // the panel says nothing rather than holding playback
    if (got && got !== "loading") return got;
    if (!got) {
      texts.set(key, "loading");
      fetch(file).then((r) => (r.ok ? r.text() : Promise.reject(new Error(r.statusText))))
        .then((src) => { texts.set(key, codetext.parseCode(src, { strict, words: commentWords })); onToggle(); S.redraw(); })
        .catch(() => { texts.set(key, "failed"); S.redraw(); });
    }
    return null;
  }

  // The modules the panel's texts need, loaded once; false until they have arrived.
  let partsFailed = false, partsAsked = false, waitingSince = 0;
  function ready() {
    if (codetext) return true;
    if (!partsAsked && !partsFailed) {
      partsAsked = true;
      loadParts().then(() => { onToggle(); S.redraw(); })
        .catch(() => { parts = null; partsFailed = true; S.redraw(); });
    }
    return false;
  }

  // What the panel shows for the search: null before one starts, {loading} until codetext.js
  // has come, else the choice of text and the text (null while it loads).
  function current() {
    const tr = S.trace;
    if (!tr || !tr.started) return null;
    if (!ready()) return partsFailed ? { failed: "codetext.js" } : { loading: true };
    const choice = codetext.codeChoice(tr.started, S.pov.mode);
    if (!choice) return { choice: null };
    const o = tr.started.options || {};
    const strict = o.prune === "strict" || o["prune-strict"] === "true";
    // Chess has one text, pseudo-code: the engine is Go, not Python.
    const l = choice.algo === "chess" ? "pseudo" : lang || "pseudo";
    const code = textOf(choice, l, strict);
    const file = codetext.codeFile(choice.algo, choice.form, l);
    return { choice, strict, code, lang: l, failed: texts.get(`${file}|${strict}`) === "failed" ? file : "" };
  }

  // The highlight of event i (0-based), computed in order from the trace's start and kept.
  function highlight(cur, i) {
    const tr = S.trace;
    const key = `${codetext.codeFile(cur.choice.algo, cur.choice.form, cur.lang)}|${cur.strict}`;
    if (!track || track.trace !== tr || track.key !== key || track.started !== tr.started) {
      const scale = S.pov.scale || {};
      track = { key, trace: tr, started: tr.started, hl: [],
        tracker: new CodeTracker(cur.code, { ...cur.choice, strict: cur.strict, infinity: scale.infinity || 32000 }) };
    }
    while (track.hl.length <= i && track.hl.length < tr.length) track.hl.push(track.tracker.step(tr.event(track.hl.length)));
    return track.hl[i] || null;
  }

  function render() {
    if (!lang) return;
    if (!panel) build();
    const cur = current();
    if (cur && cur.loading) return; // drawn when codetext.js arrives
    const note = panel.querySelector(".code-note");
    if (cur && cur.failed) {
      // A file that did not come (offline, a host missing it): say so rather than stay blank.
      panel.querySelector("ol").replaceChildren(); panel.querySelector("dl").replaceChildren();
      note.textContent = t("codepanel.loadFailed", { file: cur.failed });
      shownKey = "";
      return;
    }
    const ol = panel.querySelector("ol");
    const title = panel.querySelector(".code-title");
    if (!cur || !cur.choice) {
      ol.replaceChildren(); title.textContent = t("codepanel.label");
      note.textContent = cur ? t("codepanel.noCode") : t("codepanel.startFirst");
      panel.querySelector("dl").replaceChildren();
      return;
    }
    if (!cur.code) return; // loading: drawn when it arrives
    const key = `${cur.choice.algo}|${cur.choice.form}|${cur.lang}|${cur.strict}`;
    if (key !== shownKey) {
      shownKey = key;
      title.textContent = titleOf(cur);
      const o = S.trace.started.options || {};
      note.textContent = cur.choice.generic ? t("codepanel.generic")
        : cur.choice.algo === "chess" && lang === "python" ? t("codepanel.chessPseudo")
        : cur.choice.form.startsWith("game") && cur.lang === "python" && o.tt !== "false" ? t("gamecode.pythonNoTable")
        : o["fail-hard"] === "true" && cur.choice.algo !== "chess" ? t("codepanel.failHard") : "";
      ol.classList.toggle("wraps-lines", cur.lang !== "python");
      ol.replaceChildren(...cur.code.lines.map((text, i) => lineItem(text, i + 1, cur.lang !== "python")));
      fitWidth = -1;
    }
    fitText(ol, cur.lang === "python");
    const k = Math.min(S.k, S.eventCount);
    const h = k > 0 ? highlight(cur, k - 1) : null;
    const line = h ? h.line : 0;
    const head = headerOf(cur.code.lines, line);
    for (const li of ol.children) {
      const on = +li.dataset.line === line;
      li.classList.toggle("pinned", head > 0 && +li.dataset.line === head);
      li.classList.toggle("running", on);
      if (on) li.setAttribute("aria-current", "step"); else li.removeAttribute("aria-current");
      li.classList.toggle("bp", +li.dataset.line === bp);
      li.querySelector("button").setAttribute("aria-pressed", String(+li.dataset.line === bp));
    }
    // The watch list first: it takes its rows from the lines' box, which the scroll then reads.
    renderVars(h ? h.vars : {});
    if (line) scrollLine(ol, ol.children[line - 1], head && head !== line ? ol.children[head - 1] : null);
  }

  function titleOf(cur) {
    const algo = t(`codepanel.algo-${cur.choice.algo}`);
    const form = cur.choice.algo === "chess" ? "" : ` · ${t(cur.choice.form === "game" ? "gamecode.form" : cur.choice.form === "game-maxmin" ? "gamecode.formMaxmin" : `codepanel.form-${cur.choice.form}`)}`;
    const strict = cur.strict ? ` · ${t("codepanel.strict")}` : "";
    return `${algo}${form}${strict}`;
  }

  // A line of pseudo-code may wrap, at a space only: MIN-VALUE stays whole.
  function lineItem(text, n, wraps) {
    const li = document.createElement("li");
    li.dataset.line = String(n);
    const b = document.createElement("button");
    b.type = "button"; b.className = "code-ln"; b.dataset.n = String(n); // drawn by CSS: not copied
    b.setAttribute("aria-label", t("codepanel.breakpointOn", { n }));
    const code = document.createElement("code");
    if (wraps) {
      // Its rows after the first stand under its own text, 2 characters in (the ↪'s place).
      const ind = /^ */.exec(text)[0].length;
      code.style.paddingLeft = `${ind + 2}ch`; code.style.textIndent = `-${ind + 2}ch`;
      li.style.setProperty("--indent", `${ind}ch`);
    }
    if (wraps && text.includes("-")) {
      for (const part of text.split(/(\S*-\S*)/)) {
        if (!part) continue;
        if (!part.includes("-")) { code.append(part); continue; }
        const nb = document.createElement("span"); nb.className = "nb"; nb.textContent = part;
        code.append(nb);
      }
    } else code.textContent = text || " ";
    li.append(b, code);
    return li;
  }

  // The running line in view inside the panel, without scrolling the page (a phone's panel
  // sits under the tree: the page itself scrolls only when the panel is on screen).
  // The pinned def above it takes the top of the view: the line goes under it, not behind it.
  function scrollLine(ol, li, pinned) {
    if (!li) return;
    const r = li.getBoundingClientRect(), box = ol.getBoundingClientRect();
    const top = box.top + ol.clientTop + (pinned ? pinned.offsetHeight : 0), bottom = box.top + ol.clientTop + ol.clientHeight;
    if (r.top < top) ol.scrollTop -= top - r.top;
    else if (r.bottom > bottom) ol.scrollTop += r.bottom - bottom;
  }

  // Python: the text as large as fits the longest line, down to three quarters of the panel's
  // size (then the panel scrolls sideways). Pseudo-code: a line that wraps is marked (↪ at its
  // second row, app.css). Measured again when the panel's width changes.
  let fitWidth = -1;
  function fitText(ol, python) {
    const w = ol.clientWidth;
    if (!w || w === fitWidth) return;
    fitWidth = w;
    ol.style.fontSize = "";
    if (python) {
      const base = parseFloat(getComputedStyle(ol).fontSize);
      const need = Math.max(0, ...[...ol.children].map((li) => li.scrollWidth));
      if (need > w) ol.style.fontSize = `${Math.max(base * 0.75, Math.floor(base * w / need * 10) / 10)}px`;
      return;
    }
    const range = document.createRange();
    for (const li of ol.children) {
      range.selectNodeContents(li.querySelector("code"));
      const rows = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      li.classList.toggle("wrapped", rows.size > 1);
    }
  }

  function renderVars(vars) {
    const dl = panel.querySelector("dl");
    const items = [];
    for (const [name, v] of Object.entries(vars)) {
      const dt = document.createElement("dt"); dt.textContent = name;
      const dd = document.createElement("dd"); dd.textContent = show(v);
      items.push(dt, dd);
    }
    dl.replaceChildren(...items);
  }

  // Run to the next event line n makes after the current step (a breakpoint on the line).
  function runToLine(n) {
    bp = n;
    const cur = current();
    if (!cur || !cur.code) return;
    const k = Math.min(S.k, S.eventCount);
    for (let i = k; i < S.eventCount; i++) {
      const h = highlight(cur, i);
      if (h && h.line === n) { seek(i + 1); return; }
    }
    S.redraw(); // no later event: the breakpoint stays marked
  }

  return {
    open, close, render, runToLine,
    get open_() { return !!lang; },
    toggle() { if (lang) close(); else open("pseudo"); },
    // window.pvscope.code(lang): {lang, algo, form, text} of the search shown, or null.
    code(l = lang || "pseudo") {
      const tr = S.trace;
      if (!tr || !tr.started || !ready()) return null;
      const choice = codetext.codeChoice(tr.started, S.pov.mode);
      if (!choice) return null;
      const o = tr.started.options || {};
      const strict = o.prune === "strict" || o["prune-strict"] === "true";
      const ll = choice.algo === "chess" ? "pseudo" : l;
      const code = textOf(choice, ll, strict);
      return code ? { lang: ll, algo: choice.algo, form: choice.form, text: code.text, generic: choice.generic } : null;
    },
    snapshot() {
      if (!lang) return null;
      const cur = current();
      if (!cur || !cur.choice || !cur.code) return null;
      const k = Math.min(S.k, S.eventCount);
      const h = k > 0 ? highlight(cur, k - 1) : null;
      return { lang: cur.lang, algo: cur.choice.algo, form: cur.choice.form, line: h ? h.line : 0, vars: h ? { ...h.vars } : {}, breakpoint: bp };
    },
    // The text as shown and its running line, for an export (codeexport.js); null when closed.
    exportCode() {
      if (!lang) return null;
      const cur = current();
      if (!cur || !cur.choice || !cur.code) return null;
      const k = Math.min(S.k, S.eventCount);
      const h = k > 0 ? highlight(cur, k - 1) : null;
      return { lines: cur.code.lines, line: h ? h.line : 0, title: titleOf(cur) };
    },
    // True while the open panel waits for its text or its modules: playback waits too, so a
    // search played at full speed does not pass the lines (and the quiz's line questions) by.
    loading() {
      const waiting = (() => {
        if (!lang || !S.trace || !S.trace.started) return false;
        if (!codetext) return !partsFailed && !ready();
        const cur = current();
        return !!(cur && cur.choice && !cur.code && !cur.failed);
      })();
      // A fetch that never settles (a stalled connection) holds playback 5 s at most.
      if (!waiting) { waitingSince = 0; return false; }
      waitingSince ||= performance.now();
      return performance.now() - waitingSince < MAX_WAIT_MS;
    },
    // The line event i (0-based) comes from, for narration links and the quiz.
    lineAt(i) { if (!lang) return 0; const cur = current(); return cur && cur.code && i >= 0 && i < S.eventCount ? (highlight(cur, i) || {}).line || 0 : 0; },
  };
}

const MAX_WAIT_MS = 5000; // the longest playback waits for the panel's text

// headerOf(lines, n): the line (1-based) of the def or function that line n is in: the nearest
// line at or above it written at the margin (a blank line or a comment is not one); 0 for none.
export function headerOf(lines, n) {
  for (let i = n - 1; i >= 0; i--) {
    const s = lines[i] || "";
    if (s.trim() === "" || /^\s/.test(s) || /^(#|\/\/)/.test(s)) continue;
    return i + 1;
  }
  return 0;
}

// A comment's words in the page's language (codetext.js: "{{key}}" in the texts); the game texts'
// own comments are in gamecode.json.
const commentWords = (k) => (has(`codecomments.${k}`) ? t(`codecomments.${k}`) : has(`gamecode.${k}`) ? t(`gamecode.${k}`) : k);

// A watch value as shown: ∞ for infinity, moves and numbers as they are.
export function show(v) {
  if (v === Infinity) return "∞";
  if (v === -Infinity) return "−∞";
  return String(v);
}

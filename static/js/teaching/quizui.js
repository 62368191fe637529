// quizui.js: the quiz's panel over the tree and its toggle (data-testid="quiz-toggle"; also
// ?quiz=1). It gates playback (playback.js asks gate(from, to) before moving forward), shows
// the open question with a form, checks the answer (quiz.js), reveals the step and resumes.
import { Quiz, questionText, whyText, kindsFromParam, KINDS, outcomeWord } from "./quiz.js";
import { t } from "../i18n/i18n.js";
import { answerText, meaning } from "./valuegrade.js";
import { placeholders } from "./quizhint.js";

const PHONE_W = 700; // app.css's phone width: there the panel is a sheet along the bottom

const $ = (id) => document.getElementById(id);

// createQuizUI(S, {seek, kick, onAsk}): onAsk(question, text), when given, hears each question
// as it opens (a room polls its class). The questions name their nodes in the page's language.
// presenting(), when given, says whether the page presents a room: there, after an answer,
// playback waits the pause the presenter sets (default 3 s) before it goes on to the next
// question, so each follower sees its verdict (issue 39: it was replaced 0.3 s later).
export const ROOM_PAUSE_S = 3;
const PAUSE_KEY = "pvscope.quiz.roomPause";
export function createQuizUI(S, { seek, kick, onAsk, lineAt, presenting = () => false }) {
  let roomPause = ROOM_PAUSE_S;
  try { const v = localStorage.getItem(PAUSE_KEY); if (v !== null && v !== "" && Number(v) >= 0 && Number(v) <= 60) roomPause = Number(v); } catch { /* private mode */ }
  let waiting = 0; // the timer of a pause after an answer in a room
  const quiz = new Quiz();
  quiz.lineAt = lineAt || null; // the code panel's line of an event (codepanel.js): "which line runs next?"
  let asked = null; // the last question handed to onAsk
  let resume = false; // playback was running when a question stopped it
  const panel = document.createElement("form");
  panel.className = "quiz-panel"; panel.dataset.testid = "quiz-panel"; panel.hidden = true;
  panel.setAttribute("aria-live", "polite");
  $("tree-view").appendChild(panel);
  const toggle = $("quiz-toggle");

  let note = ""; // a word about the last answer that was not graded (a blank box)
  function setActive(on) {
    quiz.active = !!on;
    toggle.checked = quiz.active;
    if (!on) { quiz.open = null; resume = false; }
    // The link carries the quiz and its kinds: the same tree and questions for everyone who opens it.
    const u = new URL(location.href);
    const kinds = KINDS.filter((k) => quiz.kinds.has(k));
    const param = kinds.join(",") === kindsFromParam("1").join(",") ? "1" : kinds.length === KINDS.length ? "all" : kinds.join(",");
    if (on) u.searchParams.set("quiz", param); else u.searchParams.delete("quiz");
    if (u.href !== location.href) history.replaceState(null, "", u.pathname + u.search + u.hash);
    draw();
  }

  // Called by playback before it moves from step `from` towards `to`.
  function gate(from, to) {
    const k = quiz.gate(S.trace, S.pov, from, to);
    if (k < to) {
      if (S.playing) { resume = true; S.halt(); }
      draw();
    }
    return k;
  }

  // Answers the open question as the form would; returns whether it was right.
  function answer(x) {
    const r = quiz.answer(S.trace, S.pov, x);
    if (!r) return null;
    note = r.blank ? t("quizui.blankNote") : "";
    if (r.blank) { draw(); return null; }
    reveal(r);
    return r.right;
  }
  function giveUp() { const r = quiz.skip(S.trace, S.pov); if (r) reveal(r); }
  function reveal(r) {
    if (r.reveal) {
      seek(r.at + 1);
      if (resume) {
        resume = false;
        const go = () => S.play();
        if (presenting() && roomPause > 0) {
          // The class reads its verdicts first; a step taken meanwhile keeps the presenter's choice.
          const k = r.at + 1;
          clearTimeout(waiting);
          waiting = setTimeout(() => { if (S.k === k && !S.playing && quiz.active) go(); }, roomPause * 1000);
        } else go();
      }
    }
    draw();
    S.redraw();
  }

  // The feedback on the last answer: right; wrong with a hint and a second try; or the answer and why.
  function feedback() {
    const l = quiz.last;
    if (!l) return "";
    const q = { ...l, at: l.at };
    // A value's verdict says what the node returns and what that number means (valuegrade.js).
    if (l.right) return (l.second ? t("quizui.rightSecondTry") : t("quizui.right")) + " " + (l.kind === "value" ? meaning(l.truth) + " " : "");
    if (quiz.open && quiz.open.retry) return t("quizui.notQuite", { why: whyText(S.trace, S.pov, q, false) }) + " ";
    return t("quizui.itIs", { answer: show(l.truth, l.kind), why: whyText(S.trace, S.pov, q, true) }) + " ";
  }

  function draw() {
    const q = quiz.open;
    const score = t("quizui.score", { correct: quiz.correct, asked: quiz.asked });
    panel.hidden = !quiz.active;
    // While a question is open a room's QR code folds to a thumbnail (app.css): at 1280x720 it
    // covered the question and the nodes asked about (issue 39).
    document.documentElement.classList.toggle("quiz-asking", !!(quiz.active && q));
    if (!quiz.active) return;
    const head = el("p", "quiz-score", score);
    const said = el("p", "quiz-feedback", feedback());
    said.dataset.testid = "quiz-feedback";
    if (quiz.last && !quiz.last.right) said.classList.add("wrong");
    const kinds = kindChooser();
    if (!q) { panel.replaceChildren(head, said, el("p", "quiz-q", t("quizui.quizOn")), kinds); place(); return; }
    const text = questionText(q);
    if (onAsk && q !== asked && !q.retry) { asked = q; onAsk(q, text); } // a second try is the same poll
    const parts = [head, said, el("p", "quiz-q", text)];
    const row = el("div", "quiz-row");
    const button = (label, value) => {
      const b = el("button", "", label); b.type = "button";
      b.addEventListener("click", () => answer(value));
      return b;
    };
    const input = (ph, cls = "") => { const i = el("input", cls); i.type = "text"; i.placeholder = ph; i.size = 6; return i; };
    if (q.kind === "outcome") row.append(button(outcomeWord("fail-high"), "fail-high"), button(outcomeWord("exact"), "exact"), button(outcomeWord("fail-low"), "fail-low"));
    else if (q.kind === "research") row.append(button(t("quizui.yesResearch"), true), button(t("quiz.no"), false));
    else {
      let read;
      const ph = placeholders(S.trace && S.trace.started && S.trace.started.tree);
      if (q.kind === "window") {
        const lo = input(ph.lo), hi = input(ph.hi);
        lo.title = hi.title = ph.edge;
        lo.setAttribute("aria-label", ph.loName); hi.setAttribute("aria-label", ph.hiName);
        row.append("(", lo, ",", hi, ")");
        read = () => [lo.value, hi.value]; // strings: quiz.js refuses a blank box and reads ∞
      } else if (q.kind === "value" || q.kind === "line") {
        const v = input(q.kind === "line" ? ph.line : ph.value);
        row.append(v);
        read = () => v.value.trim();
      } else {
        const v = input(ph.pruned, "wide");
        row.append(v);
        read = () => v.value.split(/[\s,]+/).filter(Boolean);
      }
      const ok = el("button", "primary", t("quizui.check")); ok.type = "submit";
      row.append(ok);
      panel.onsubmit = (e) => { e.preventDefault(); answer(read()); };
    }
    if (q.retry) {
      const give = el("button", "", t("quizui.showAnswer")); give.type = "button";
      give.addEventListener("click", giveUp);
      row.append(give);
    }
    parts.push(row);
    if (note) { const n = el("p", "quiz-note", note); n.dataset.testid = "quiz-note"; n.setAttribute("role", "alert"); parts.push(n); }
    parts.push(kinds);
    panel.replaceChildren(...parts);
    place();
    requestAnimationFrame(place); // the tree may fit itself to the question's step first
    const first = panel.querySelector("input, button");
    if (first && document.activeElement && !panel.contains(document.activeElement)) first.focus({ preventScroll: true });
  }

  // Which kinds are asked: a row of checkboxes under the question (also ?quiz=value,pruned);
  // in a room, the pause after an answer before the next question (quizpause.json's words).
  function kindChooser() {
    const box = el("details", "quiz-kinds");
    box.append(el("summary", "", t("quizui.ask", { kinds: KINDS.filter((k) => quiz.kinds.has(k)).map(kindWord).join(", ") || t("quizui.askNothing") })));
    if (presenting()) {
      const label = el("label", "quiz-pause"), n = document.createElement("input");
      n.type = "number"; n.min = "0"; n.max = "60"; n.step = "1"; n.value = String(roomPause); n.dataset.testid = "quiz-room-pause";
      n.addEventListener("change", () => {
        const v = Math.round(Number(n.value));
        roomPause = Number.isFinite(v) ? Math.max(0, Math.min(60, v)) : ROOM_PAUSE_S;
        n.value = String(roomPause);
        try { localStorage.setItem(PAUSE_KEY, String(roomPause)); } catch { /* private mode */ }
      });
      const [before, after = ""] = t("quizpause.label", { n: "\u0000" }).split("\u0000");
      label.append(before, n, after);
      box.append(label);
    }
    for (const k of KINDS) {
      const label = el("label", ""), c = document.createElement("input");
      c.type = "checkbox"; c.checked = quiz.kinds.has(k); c.dataset.testid = `quiz-kind-${k}`;
      c.addEventListener("change", () => {
        if (c.checked) quiz.kinds.add(k); else quiz.kinds.delete(k);
        if (quiz.open && !quiz.kinds.has(quiz.open.kind)) { quiz.open = null; kick(); }
        setActive(true);
        panel.querySelector(".quiz-kinds").open = true;
      });
      label.append(c, " " + kindWord(k));
      box.append(label);
    }
    return box;
  }

  // The panel sits in the corner of the tree that covers least of what it asks about: the
  // asked node (for a window, its parent) and everything drawn under it; ties go to the corner
  // farthest from that node.
  function place() {
    const v = S.view, q = quiz.open;
    if (!v || !v.result || !S.trace || !S.trace.started || panel.hidden) return;
    const tr = S.trace;
    const want = q ? (q.kind === "window" ? q.node.split(".").slice(0, -1).join(".") : q.node) : null;
    const pts = [];
    let anchor = null;
    for (const it of v.result.nodes) {
      if (!it.nodeId && it.kind !== "pruned") continue;
      const path = it.nodeId ? tr.positionMoves(it.nodeId).join(".") : it.pruned.path;
      const mine = want !== null && (path === want || want === "" || path.startsWith(want + "."));
      if (want !== null && !mine && !it.current) continue;
      const p = { x: it.x * v.scale + v.tx, y: it.y * v.scale + v.ty };
      if (path === want || (!anchor && it.current)) anchor = p;
      pts.push(p);
    }
    if (!pts.length) return;
    anchor = anchor || pts[0];
    const pw = panel.offsetWidth, ph = panel.offsetHeight, m = 8, r = v.nodeR * v.scale + 4;
    if (innerWidth <= PHONE_W) {
      // A phone: a sheet along the drawing's bottom (app.css). The tree moves up so the node asked
      // about and what is drawn under it stand above the sheet, as far as the node stays on screen.
      Object.assign(panel.style, { left: "0px", right: "0px", top: "auto", bottom: "0px" });
      const low = Math.max(...pts.map((p) => p.y)) + r, room = v.h - ph - m;
      const up = anchor.y - r < m ? anchor.y - r - m : Math.min(Math.max(0, low - room), anchor.y - r - m);
      if (up !== 0) { v.ty -= up; v.redraw(); }
      return;
    }
    // A room's QR code stands over the tree's top right corner (issue 39: it covered the
    // presenter's question at 1280x720): a corner under it is taken last. In the view's pixels.
    const qr = document.getElementById("room-qr"), c = v.canvas.getBoundingClientRect();
    const qb = qr && qr.getClientRects().length && qr.childElementCount ? qr.getBoundingClientRect() : null;
    const underQR = (x0, y0) => !!qb && qb.left - c.left < x0 + pw && x0 < qb.right - c.left && qb.top - c.top < y0 + ph && y0 < qb.bottom - c.top;
    let best = null;
    for (const [right, bottom] of [[false, true], [true, true], [false, false], [true, false]]) {
      const x0 = right ? v.w - m - pw : m, y0 = bottom ? v.h - m - ph : m;
      const covered = pts.filter((p) => p.x + r > x0 && p.x - r < x0 + pw && p.y + r > y0 && p.y - r < y0 + ph).length + (underQR(x0, y0) ? 1e6 : 0);
      const far = Math.hypot(x0 + pw / 2 - anchor.x, y0 + ph / 2 - anchor.y);
      if (!best || covered < best.covered || (covered === best.covered && far > best.far)) best = { right, bottom, covered, far };
    }
    Object.assign(panel.style, {
      left: best.right ? "auto" : `${m}px`, right: best.right ? `${m}px` : "auto",
      top: best.bottom ? "auto" : `${m}px`, bottom: best.bottom ? `${m}px` : "auto",
    });
  }

  function wire() {
    toggle.addEventListener("change", () => setActive(toggle.checked));
    const param = new URLSearchParams(location.search).get("quiz");
    if (param) { quiz.kinds = new Set(kindsFromParam(param)); setActive(true); }
  }

  // A new search starts the score again.
  function reset() { quiz.reset(); resume = false; draw(); }

  // setKinds(param): the kinds asked, as ?quiz= names them ("1" the default, "all", "value,pruned"); a lesson's exercise sets them.
  function setKinds(param) { quiz.kinds = new Set(kindsFromParam(param)); draw(); }

  return { gate, answer, wire, reset, snapshot: () => ({ ...quiz.snapshot(), note }), setActive, place, setKinds };
}

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

// The kinds' names in the chooser.
function kindWord(k) {
  switch (k) {
    case "window": return t("quizui.kindWindow");
    case "value": return t("quizui.kindValue");
    case "outcome": return t("quizui.kindOutcome");
    case "research": return t("quizui.kindResearch");
    case "pruned": return t("quizui.kindPruned");
    case "line": return t("quizui.kindLine");
  }
  return k;
}
// show(truth, kind): the true answer as the feedback says it.
export function show(truth, kind) {
  if (kind === "outcome") return outcomeWord(truth);
  if (kind === "value") return answerText(truth);
  const f = (v) => (v === null ? "∞" : String(v));
  if (Array.isArray(truth) && truth.length === 2 && truth.every((v) => v === null || typeof v === "number")) {
    return `(${truth[0] === null ? "-∞" : truth[0]}, ${f(truth[1])})`;
  }
  if (Array.isArray(truth)) return truth.length ? truth.join(", ") : t("quiz.noneWord");
  if (truth === true) return t("quiz.yes");
  if (truth === false) return t("quiz.no");
  return String(truth);
}

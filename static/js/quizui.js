// quizui.js: the quiz's panel over the tree and its toggle (data-testid="quiz-toggle"; also
// ?quiz=1). It gates playback (playback.js asks gate(from, to) before moving forward), shows
// the open question with a form, checks the answer (quiz.js), reveals the step and resumes.
import { Quiz, questionText } from "./quiz.js";

const $ = (id) => document.getElementById(id);

// createQuizUI(S, {seek, kick, nodeName, onAsk}): nodeName(path) names a node for a question;
// onAsk(question, text), when given, hears each question as it opens (a room polls its class).
export function createQuizUI(S, { seek, kick, nodeName, onAsk }) {
  const quiz = new Quiz();
  let asked = null; // the last question handed to onAsk
  let resume = false; // playback was running when a question stopped it
  const panel = document.createElement("form");
  panel.className = "quiz-panel"; panel.dataset.testid = "quiz-panel"; panel.hidden = true;
  panel.setAttribute("aria-live", "polite");
  $("tree-view").appendChild(panel);
  const toggle = $("quiz-toggle");

  function setActive(on) {
    quiz.active = !!on;
    toggle.checked = quiz.active;
    if (!on) { quiz.open = null; resume = false; }
    // The link carries the quiz: the same tree and questions for everyone who opens it.
    const u = new URL(location.href);
    if (on) u.searchParams.set("quiz", "1"); else u.searchParams.delete("quiz");
    if (u.href !== location.href) history.replaceState(null, "", u.pathname + u.search + u.hash);
    draw();
  }

  // Called by playback before it moves from step `from` towards `to`.
  function gate(from, to) {
    const k = quiz.gate(S.trace, S.pov, from, to);
    if (k < to) {
      if (S.playing) { resume = true; S.playing = false; }
      draw();
    }
    return k;
  }

  // Answers the open question as the form would; returns whether it was right.
  function answer(x) {
    const r = quiz.answer(S.trace, S.pov, x);
    if (!r) return null;
    if (r.reveal) {
      seek(r.at + 1);
      if (resume) { resume = false; S.playing = true; S.acc = 0; }
    }
    draw();
    S.dirty = true; kick();
    return r.right;
  }

  const num = (s) => {
    const v = String(s).trim().replace("−", "-");
    if (/^-?(∞|inf(inity)?)$/i.test(v) || v === "") return null;
    return Number(v);
  };

  function draw() {
    const q = quiz.open;
    const score = `Score ${quiz.correct} / ${quiz.asked}`;
    panel.hidden = !quiz.active;
    if (!quiz.active) return;
    const last = quiz.last ? (quiz.last.right ? "Right. " : `Not quite: it is ${show(quiz.last.truth)}. `) : "";
    const head = el("p", "quiz-score", last + score);
    if (!q) { panel.replaceChildren(head, el("p", "quiz-q", "Quiz on: playback stops before each decision.")); return; }
    const text = questionText(q, nodeName);
    if (onAsk && q !== asked) { asked = q; onAsk(q, text); }
    const parts = [head, el("p", "quiz-q", text)];
    const row = el("div", "quiz-row");
    const button = (label, value) => {
      const b = el("button", "", label); b.type = "button";
      b.addEventListener("click", () => answer(value));
      return b;
    };
    const input = (ph, cls = "") => { const i = el("input", cls); i.type = "text"; i.placeholder = ph; i.size = 6; return i; };
    if (q.kind === "outcome") row.append(button("fails high", "fail-high"), button("exact", "exact"), button("fails low", "fail-low"));
    else if (q.kind === "research") row.append(button("yes, re-search", true), button("no", false));
    else {
      let read;
      if (q.kind === "window") {
        const lo = input("α (-∞)"), hi = input("β (∞)");
        row.append("(", lo, ",", hi, ")");
        read = () => [num(lo.value), num(hi.value)];
      } else if (q.kind === "value") {
        const v = input("value");
        row.append(v);
        read = () => num(v.value);
      } else {
        const v = input("e.g. 1.1 1.2", "wide");
        row.append(v);
        read = () => v.value.split(/[\s,]+/).filter(Boolean);
      }
      const ok = el("button", "primary", "Check"); ok.type = "submit";
      row.append(ok);
      panel.onsubmit = (e) => { e.preventDefault(); answer(read()); };
    }
    parts.push(row);
    panel.replaceChildren(...parts);
    const first = panel.querySelector("input, button");
    if (first && document.activeElement && !panel.contains(document.activeElement)) first.focus({ preventScroll: true });
  }

  function wire() {
    toggle.addEventListener("change", () => setActive(toggle.checked));
    if (new URLSearchParams(location.search).get("quiz") === "1") setActive(true);
  }

  // A new search starts the score again.
  function reset() { quiz.reset(); resume = false; draw(); }

  return { gate, answer, wire, reset, snapshot: () => quiz.snapshot(), setActive };
}

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function show(truth) {
  const f = (v) => (v === null ? "∞" : String(v));
  if (Array.isArray(truth) && truth.length === 2 && truth.every((v) => v === null || typeof v === "number")) {
    return `(${truth[0] === null ? "-∞" : truth[0]}, ${f(truth[1])})`;
  }
  if (Array.isArray(truth)) return truth.length ? truth.join(", ") : "none";
  if (truth === true) return "yes";
  if (truth === false) return "no";
  return String(truth);
}

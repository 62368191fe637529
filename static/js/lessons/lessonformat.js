// lessonformat.js: a lesson file, read. A lesson is Markdown: a "# Title" line, then slides,
// each opened by a line "---" and a few "key: value" lines, then a blank line and the slide's
// text in Markdown (markdown.js draws it):
//
//   # Alpha-beta
//
//   ---
//   state: tree=((3 12 8) (2 4 6) (14 5 2))&algo=alphabeta&view=root
//   step: exit 1
//   select: 1
//
//   Node 1 returns **2**: ...
//
// Keys: state (the page's URL parameters; a slide without one keeps the previous slide's),
// step (a number of events, "end", or an event kind and a node path: "exit 1.0" is the step just
// after node 1.0 exits, "cutoff root" just after the root's cutoff; a "#2" after it names the
// second such event; "tt-cutoff *" the first at any node), select (a node path, as the go-to box takes it), exercise (quiz: the
// slide is the lesson's exercise, played from step 0 with the quiz on), code (the code panel:
// "pseudo" or "python", and a line number to mark, "pseudo 9"; "off" closes it; codepanel.js). A slide with no step
// shows the search's end. Unknown keys and lines that do not read are the slide's own error:
// the other slides still work.

import { t } from "../i18n/i18n.js";

export const KEYS = ["state", "step", "select", "exercise", "code"];

// parseLesson(text, name) -> {name, title, intro, slides: [{state, step, select, exercise, text, error}]}.
// It never throws: a slide that does not read carries its sentence in error.
export function parseLesson(text, name = "") {
  const lines = String(text || "").replace(/\r\n?/g, "\n").split("\n");
  let title = "";
  const intro = [];
  const slides = [];
  let cur = null;
  let inHead = false;
  let state = "";
  for (const line of lines) {
    if (/^---\s*$/.test(line)) {
      cur = { state, step: "end", select: "", exercise: "", text: "", error: "", body: [] }; // code only when a slide names it
      slides.push(cur);
      inHead = true;
      continue;
    }
    // Lines are cut with indexOf and trim, not with patterns that backtrack: a 64 KB line of
    // spaces after "#" cost a regular expression seconds.
    if (!cur) {
      const h = /^#\s/.test(line) ? line.slice(1).trim() : "";
      if (h && !title) title = h;
      else if (line.trim()) intro.push(line);
      continue;
    }
    if (inHead) {
      if (!line.trim()) { inHead = false; continue; }
      const colon = line.indexOf(":"), key = colon > 0 ? line.slice(0, colon) : "", value = line.slice(colon + 1).trim();
      if (!/^[a-z-]+$/.test(key)) { cur.error ||= t("lessonformat.notKeyValue", { line: line.trim(), keys: KEYS.join(", ") }); continue; }
      if (!KEYS.includes(key)) { cur.error ||= t("lessonformat.notSlideKey", { key, keys: KEYS.join(", ") }); continue; }
      cur[key] = value;
      if (key === "state") state = value.replace(/^\?/, "");
      continue;
    }
    cur.body.push(line);
  }
  for (const s of slides) {
    s.state = s.state.replace(/^\?/, "");
    s.text = s.body.join("\n").trim();
    delete s.body;
    if (!s.error && !s.state) s.error = t("lessonformat.noState");
    if (!s.error) s.error = stepError(s.step);
    if (!s.error && s.exercise && s.exercise !== "quiz") s.error = t("lessonformat.noExercise", { exercise: s.exercise });
    if (!s.error && s.code && !parseCodeKey(s.code)) s.error = t("lessonformat.codeUnread", { code: s.code });
  }
  return { name, title: title || name, intro: intro.join("\n"), slides };
}

// parseCodeKey(text) -> {lang, line} ("off" closes the panel, line 0 marks none); null when it does not read.
export function parseCodeKey(text) {
  const m = /^(pseudo|python|off)(?:\s+(\d{1,4}))?$/.exec(String(text ?? "").trim());
  return m ? { lang: m[1], line: m[2] ? Number(m[2]) : 0 } : null;
}

// parseStep(text) -> {at: number} | {end: true} | {kind, path, nth}; null when it does not read.
export function parseStep(text) {
  const s = String(text ?? "").trim();
  if (s === "" || s === "end") return { end: true };
  if (/^\d+$/.test(s)) return { at: Number(s) };
  const m = /^([a-z-]+)(?:\s+([^\s#]+))?(?:\s+#(\d+))?$/.exec(s);
  if (!m) return null;
  return { kind: m[1], path: !m[2] || m[2] === "root" ? "" : m[2], nth: m[3] ? Number(m[3]) : 1 };
}

function stepError(step) {
  return parseStep(step) ? "" : t("lessonformat.stepUnread", { step });
}

// resolveStep(step, trace) -> {k} or {error}: the step shown (events applied) for a slide's step.
// pathOf(id) names a node by its path ("" the root, "1.0").
export function resolveStep(step, trace, pathOf) {
  const s = parseStep(step);
  const n = trace.length;
  if (!s) return { error: stepError(step) };
  if (s.end) return { k: n };
  if (s.at !== undefined) {
    if (s.at > n) return { error: t("lessonformat.pastEnd", { step: s.at, n }) };
    return { k: s.at };
  }
  let seen = 0;
  for (let i = 0; i < n; i++) {
    const e = trace.event(i);
    if (e.kind !== s.kind || (s.path !== "*" && pathOf(e.node) !== s.path)) continue;
    if (++seen === s.nth) return { k: i + 1 };
  }
  const where = s.path === "*" ? "any" : s.path ? s.path : "root";
  return { error: t("lessonformat.noEvent", { kind: s.kind, where, nth: s.nth > 1 ? s.nth : "first" }) };
}

// splitState(query) -> {search: query for the setup form, view, quiz}: the page's own parameters
// (the view menu; the kinds an exercise's quiz asks, as ?quiz= names them) taken out of a slide's state.
export function splitState(query) {
  const q = new URLSearchParams(String(query || "").replace(/^\?/, ""));
  const view = q.get("view") || "";
  const quiz = q.get("quiz") || "";
  q.delete("view");
  q.delete("quiz");
  return { search: q.toString(), view, quiz };
}

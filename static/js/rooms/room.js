// room.js: the class room. "Share with the class" makes this page a presenter: the server opens a
// room, and the page shows the followers' link, its QR code and how many follow; the page then
// sends its cursor (step, selected node, view, breakpoints) whenever it moves. A page opened with
// ?room=CODE follows: it receives the presenter's search and cursor and shows the presenter's step,
// until the reader detaches (room-follow) to step alone; following again jumps to the presenter.
// Quiz polls: ask() opens a question, followers answer(), the presenter sees the distribution.
// The frames are in the README ("Rooms"). app.js calls frame(f) before its own handling (true:
// the frame was the room's) and after(f) once the frame is applied.
import { t, num } from "../i18n/i18n.js";
import { frameText } from "../errors.js";
import { ROOM_TOKEN as TOKEN } from "../lazy.js"; // the presenter's token survives a reload of its tab

let qrLibrary = null; // import("uqr.js"), once a presenter shares a room

const $ = (id) => document.getElementById(id);
const CURSOR_EVERY = 50; // ms between checks of the presenter's cursor
const COUNT_MARK = "\u0001"; // where the count of followers goes in its sentence

// createRoom(S, deps): S is the page state; deps = { socket, kick, pause, getView, setView,
// judge }. judge(questionId, answer, k), when given, says whether a follower's answer to a quiz
// question was right once the presenter's step k has revealed it: {right, truth} or null.
export function createRoom(S, { socket, kick, pause, getView, setView, judge }) {
  const R = {
    code: "", role: "", token: "", following: true, followers: 0,
    cursor: null, // the presenter's last cursor frame (follower)
    sent: "", // the last cursor sent (presenter), as JSON
    joining: new URLSearchParams(location.search).get("room") || "",
    question: null, poll: null,
    onQuestion: null, onPoll: null, // set by the quiz
    appliedK: -1, // the step the presenter's cursor last put this follower on
    mine: null, // this follower's answer: {question, text}
    mineHeld: false, // the server holds it: a new connection's room has not got it yet
  };
  let stored = "";
  try { stored = sessionStorage.getItem(TOKEN) || ""; } catch { /* private mode */ }

  function breakpoints() {
    const bp = {};
    for (const el of document.querySelectorAll("input[data-bp]")) bp[el.dataset.bp] = el.checked;
    return bp;
  }

  function setBreakpoints(bp) {
    if (!bp) return;
    for (const el of document.querySelectorAll("input[data-bp]")) {
      const on = !!bp[el.dataset.bp];
      if (el.checked !== on) { el.checked = on; el.dispatchEvent(new Event("change", { bubbles: true })); }
    }
  }

  // Show the presenter's step, node, view and breakpoints (as far as the events have arrived).
  function applyCursor() {
    const c = R.cursor;
    if (R.role !== "follower" || !R.following || !c) return;
    S.halt();
    S.stepTo(Math.min(c.k, S.eventCount));
    R.appliedK = S.k;
    S.select(c.selected || 0);
    if (c.view && c.view !== getView()) setView(c.view);
    setBreakpoints(c.breakpoints);
    S.redraw();
  }

  function sendCursor() {
    // A presenter with no search yet (a reloaded tab) has nothing to show the class.
    if (R.role !== "presenter" || !socket.ready || !(S.trace && S.trace.started)) return;
    const c = { type: "cursor", k: S.k, selected: S.selected || 0, view: getView() || "", breakpoints: breakpoints() };
    const json = JSON.stringify(c);
    if (json === R.sent) return;
    R.sent = json;
    socket.send(c);
  }

  function show() {
    const panel = $("room-panel");
    panel.hidden = !R.role;
    $("room-share").hidden = !!R.role || !!R.joining;
    $("room-share").setAttribute("aria-pressed", String(R.role === "presenter"));
    $("room-follow").hidden = R.role !== "follower";
    // A follower's page hides the setup form on a phone (app.css): only the presenter starts searches.
    document.documentElement.classList.toggle("room-follower", R.role === "follower");
    $("room-follow").setAttribute("aria-pressed", String(R.following));
    $("room-follow").textContent = R.following ? t("room.following") : t("room.followPresenter");
    if (R.role === "follower") $("room-state").textContent = R.following ? t("room.stateFollowing") : t("room.stateOnYourOwn");
    showCount();
    const link = R.code ? `${location.origin}/?room=${encodeURIComponent(R.code)}` : "";
    const a = $("room-link");
    if (a.textContent !== link) {
      a.textContent = link;
      a.href = link || "#";
      const box = $("room-qr");
      box.innerHTML = "";
      if (link && R.role === "presenter") {
        // The QR library (28 KB) comes when a presenter shares, not with every student's page.
        qrLibrary ??= import("../../vendor/uqr/uqr.js");
        qrLibrary.then(({ renderSVG }) => {
          if (a.textContent === link) box.innerHTML = renderSVG(link, { pixelSize: 4 }); // box: kept even if the page has gone
        }).catch((err) => console.error(err));
      }
    }
    $("room-link").hidden = R.role !== "presenter";
    $("room-count").parentElement.hidden = R.role !== "presenter";
    showQuestion();
  }

  // The count of followers: the number in its output (testid room-count), the words around it
  // as the language orders them (the message marks the number's place with {count}).
  function showCount() {
    const out = $("room-count"), box = out.parentElement, n = R.followers;
    out.value = num(n);
    const [before, after = ""] = t("room.followersCount", { n, count: COUNT_MARK }).split(COUNT_MARK);
    const text = (s) => document.createTextNode(s);
    if (box.textContent !== before + out.value + after) box.replaceChildren(...(before ? [text(before)] : []), out, text(after));
  }

  // The minimal quiz hook: a follower sees the open question and its choices; the presenter
  // sees the answers' distribution. The quiz proper replaces these through onQuestion / onPoll.
  function showQuestion() {
    const q = R.question, box = $("room-question");
    box.hidden = R.role !== "follower" || !q || !q.question || !!R.onQuestion;
    if (!box.hidden) {
      box.textContent = q.prompt || t("room.answerPrompt");
      for (const choice of q.choices || []) {
        const b = document.createElement("button");
        b.type = "button";
        b.textContent = choice;
        b.addEventListener("click", () => answer(q.question, choice));
        box.append(" ", b);
      }
      if (!(q.choices || []).length) { // a number or a window: typed
        const input = document.createElement("input");
        input.dataset.testid = "room-answer";
        input.setAttribute("aria-label", t("room.answerLabel"));
        const b = document.createElement("button");
        b.type = "button";
        b.textContent = t("room.answerButton");
        const send = () => { if (input.value.trim()) answer(q.question, normalAnswer(input.value)); };
        b.addEventListener("click", send);
        input.addEventListener("keydown", (e) => { if (e.key === "Enter") send(); });
        box.append(" ", input, " ", b);
      }
    }
    showVerdict();
    const p = R.poll, out = $("room-poll");
    out.hidden = R.role !== "presenter" || !p || !!R.onPoll;
    if (!out.hidden) {
      // Once the step is revealed, each answer is marked right (✓) or wrong (✗).
      const mark = (a) => { const v = judge ? judge(p.question, a, S.k) : null; return v ? (v.right ? " ✓" : " ✗") : ""; };
      const parts = Object.entries(p.counts).map(([a, n]) => t("room.pollCount", { answer: a, mark: mark(a), n }));
      // Past the 32 most given free answers, the server counts the rest as others.
      if (p.others) parts.push(t("room.pollOthers", { n: p.others }));
      const text = t("room.pollAnswered", { answered: p.answered, followers: p.followers, counts: parts.join(", ") });
      if (out.textContent !== text) out.textContent = text;
    }
  }

  function leave(message) {
    R.code = ""; R.role = ""; R.token = ""; R.joining = ""; R.cursor = null; R.followers = 0; R.mine = null; R.appliedK = -1;
    R.question = null; R.poll = null;
    try { sessionStorage.removeItem(TOKEN); } catch { /* private mode */ }
    $("room-state").textContent = message || "";
    show();
  }

  // The room's frames; false for every other frame (app.js handles those).
  function frame(f) {
    switch (f.type) {
      case "hello": // a new connection: join or reclaim the room again
        if (R.role === "presenter" || (!R.role && stored && !R.joining)) socket.send({ type: "create-room", token: R.token || stored });
        else if (R.role === "follower" || R.joining) socket.send({ type: "join-room", code: R.code || R.joining });
        return false;
      case "room":
        R.code = f.code; R.role = f.role; R.joining = "";
        if (f.token) {
          R.token = f.token;
          try { sessionStorage.setItem(TOKEN, f.token); } catch { /* private mode */ }
        }
        R.sent = "";
        R.mineHeld = false; // a poll counts the followers present: an answer leaves with its connection
        $("room-state").textContent = f.role === "follower" ? t("room.stateFollowing") : "";
        show();
        return true;
      case "room-count":
        R.followers = f.followers;
        show();
        return true;
      case "room-closed":
        leave(frameText(f));
        return true;
      case "room-presenter":
        $("room-state").textContent = frameText(f);
        return true;
      case "cursor":
        R.cursor = f;
        applyCursor();
        return true;
      case "question":
        R.question = f.question ? f : null;
        if (R.mine && f.question && f.question !== R.mine.question) R.mine = null; // a new question
        // Back in the room on a new connection, with the question still open: answer it again.
        if (R.role === "follower" && R.mine && !R.mineHeld && f.question === R.mine.question) answer(R.mine.question, R.mine.text);
        if (R.onQuestion) R.onQuestion(R.question);
        show();
        return true;
      case "poll":
        R.poll = f;
        if (R.onPoll) R.onPoll(f);
        show();
        return true;
      case "started": case "events": case "status": case "done":
        // The presenter's search is a follower's own, even after the page tried a start of its own.
        if (R.role === "follower") S.adopt(f.id);
        if (R.role === "follower" && f.type === "started") showPresenterSetup(f);
        return false;
      case "error":
        // A code or token the server does not know: the room is gone.
        if ((f.field === "code" && R.role !== "presenter") || f.field === "token") leave("");
        return false;
      default:
        return false;
    }
  }

  // After app.js has applied a frame: a following page stays on the presenter's step as events arrive.
  function after(f) {
    if (f.type === "started" || f.type === "events" || f.type === "done") applyCursor();
  }

  function share() {
    if (R.role) return;
    socket.send({ type: "create-room" });
  }

  // The presenter closes the room (followers are told); a follower leaves it.
  function close() {
    if (!R.role) return;
    socket.send({ type: "leave-room" });
    leave(R.role === "presenter" ? t("room.closed") : "");
  }

  function toggleFollow() {
    R.following = !R.following;
    if (R.following) applyCursor();
    else pause();
    show();
  }

  function ask(question, prompt = "", choices = []) {
    socket.send({ type: "question", question, prompt, choices });
  }

  function answer(question, x) {
    R.mine = { question, text: String(x) };
    R.mineHeld = true;
    socket.send({ type: "answer", question, answer: String(x) });
    showVerdict();
  }

  // A follower's own answer, and once the presenter has shown the step, whether it was right.
  function showVerdict() {
    let el = $("room-verdict");
    if (!el) {
      el = document.createElement("p");
      el.id = "room-verdict"; el.className = "room-verdict"; el.dataset.testid = "room-verdict";
      el.setAttribute("aria-live", "polite");
      $("room-question").after(el);
    }
    const m = R.mine;
    const v = m && R.role === "follower" && judge ? judge(m.question, m.text, R.cursor ? R.cursor.k : S.k) : null;
    el.hidden = !m || R.role !== "follower";
    el.classList.toggle("right", !!(v && v.right));
    el.classList.toggle("wrong", !!(v && !v.right));
    if (m) el.textContent = v ? (v.right ? t("room.answeredRight", { answer: m.text }) : t("room.answeredWrong", { answer: m.text, truth: v.truth }))
      : t("room.answeredWaiting", { answer: m.text });
  }

  // A follower's setup bar shows what the presenter searches (it does not search it itself):
  // the tree or position, the algorithm and the depth. Set without events, so the URL (the
  // room's link) stays.
  function showPresenterSetup(f) {
    const form = $("setup");
    if (!form) return;
    const field = (name) => form.elements.namedItem(name);
    const treeText = (x) => (Array.isArray(x) ? "(" + x.map(treeText).join(" ") + ")" : String(x));
    const text = { fen: f.kind === "chess" ? f.fen || "" : "", tree: f.kind === "tree" && f.tree ? treeText(f.tree) : "", random: "" };
    for (const [name, v] of Object.entries(text)) if (field(name)) field(name).value = v;
    for (const [sel, v] of [["tree-select", text.tree], ["position-select", text.fen]]) {
      const el = $(sel);
      if (el) el.value = [...el.options].some((o) => o.value === v) ? v : "";
    }
    const o = f.options || {};
    for (const name of ["algo", "depth"]) {
      const el = form.querySelector(`[data-option="${name}"]`);
      if (el && o[name] !== undefined && (el.tagName !== "SELECT" || [...el.options].some((x) => x.value === o[name]))) el.value = o[name];
    }
    for (const fs of form.querySelectorAll("fieldset[data-source]")) fs.classList.toggle("active", !!text[fs.dataset.source]);
  }

  // A follower that steps on its own is no longer following: the page says so at once.
  function noticeOwnSteps() {
    if (R.role !== "follower" || !R.following || R.appliedK < 0 || S.k === R.appliedK) return;
    R.following = false;
    show();
  }

  $("room-share").addEventListener("click", share);
  $("room-follow").addEventListener("click", toggleFollow);
  // The QR code lies over the tree's corner at 160 px, readable from a seat; a click enlarges
  // it for the projector, a second folds it to a thumbnail out of the way, a third brings it back.
  $("room-qr").addEventListener("click", () => {
    const q = $("room-qr").classList, next = q.contains("big") ? "folded" : q.contains("folded") ? "" : "big";
    q.remove("big", "folded");
    if (next) q.add(next);
  });
  setInterval(() => {
    sendCursor(); noticeOwnSteps();
    if (R.mine) showVerdict();
    if (R.role === "presenter" && R.poll && !R.onPoll) showQuestion(); // marks answers once revealed
  }, CURSOR_EVERY);
  show();

  return {
    frame, after, share, close, ask, answer, toggleFollow,
    set onQuestion(fn) { R.onQuestion = fn; show(); },
    set onPoll(fn) { R.onPoll = fn; show(); },
    snapshot() {
      return R.role ? { code: R.code, role: R.role, following: R.role === "follower" ? R.following : true, followers: R.followers } : null;
    },
  };
}

// normalAnswer writes a typed answer the one way a poll counts it (server/rooms/pollanswer.go does
// the same): "3, inf", "(3, +∞)" and "[3; infinity]" are all "(3, ∞)"; "−3" is "-3"; paths
// ("1.1, 1.2") and words keep their words, single-spaced.
export function normalAnswer(text) {
  const parts = String(text).trim().replace(/^[([{]\s*|\s*[)\]}]$/g, "").split(/\s*[,;]\s*|\s+/).filter(Boolean);
  const one = (w) => {
    const v = w.replace(/−/g, "-").replace(/^\+/, "");
    if (/^(∞|inf|infinity)$/i.test(v)) return "∞";
    if (/^-(∞|inf|infinity)$/i.test(v)) return "-∞";
    return /^-?\d+(\.\d+)?$/.test(v) ? String(Number(v)) : v;
  };
  const words = parts.map(one), edge = (w) => /^-?(\d+|∞)$/.test(w);
  if (words.length === 2 && words.every(edge)) return `(${words[0]}, ${words[1]})`;
  return words.join(" ");
}

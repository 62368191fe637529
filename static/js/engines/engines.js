// engines.js: the engine panel's controller. It asks the server which external UCI engines it
// offers (GET /engines; the panel stays hidden when none), inspects the setup's position with
// one (POST /engines/inspect with "progress": true: the answer streams one JSON object per
// line, {"progress": line} as the engine sends its lines, then {"report": ...} or
// {"error": ...}), shows the running depth and nodes while it waits, and the report's lines
// when it ends (rendered by enginelines.js). Stop aborts the request; the server then stops and
// reaps the engine. Errors go to the page's error banner as sentences.
import { EngineLines, endName } from "./enginelines.js";
import { t } from "../i18n/i18n.js";
import { frameText } from "../errors.js";
import { START_FEN, ChessLines } from "../board/board.js";

const $ = (id) => document.getElementById(id);

// createEngines({ errors, board }): errors is errors.js's, board the page's Board (a line's end
// is shown there). The help button is engineslazy.js's.
export function createEngines({ errors, board }) {
  const st = {
    available: [],
    loaded: false, // the server has answered which engines it offers
    running: false,
    error: null,
    fen: START_FEN, // the position inspected last (its FEN numbers the moves)
    lines: [], // in the engine's order: the progress lines, then the report's
    warnings: [],
    verified: [],
    progress: null, // the newest progress line while running
    stopped: false, // the last inspection was stopped by the user
    shown: false, // the lines are shown in the event log's place
    abort: null, // the running request's AbortController
  };
  const view = new EngineLines({ lines: $("engine-lines"), verified: $("engine-verified"), warnings: $("engine-warnings") }, showAt);

  // The board shows line i after its move ply (0: the first), the rest of the line as arrows,
  // until the page's own search draws it again. The line's end is the report's own FEN.
  function showAt(i, ply) {
    const l = st.lines[i];
    const pv = (l && l.pv) || [], legal = ((l && l.san) || []).length;
    if (!l || !board || !(ply >= 0 && ply < legal)) return;
    const line = ply === legal - 1 && l.endFen ? null : new ChessLines(st.fen).line(st.fen, pv.slice(0, ply + 1));
    const fen = line ? line[line.length - 1].fen : l.endFen;
    if (!fen) return;
    const title = ply === legal - 1 ? t("engines.lineEndTitle", { line: l.multipv || 1, depth: l.depth, end: endName(l.end) })
      : t("engines.lineMoveTitle", { line: l.multipv || 1, depth: l.depth, move: ply + 1, moves: legal, san: l.san[ply] });
    board.showChess(fen, { last: pv[ply], line: pv.slice(ply + 1, Math.min(legal, ply + 4)), title }); // the next three as arrows
  }

  // load: the engines the server offers (engineslazy.js asked for them with the page).
  function load(available) {
    st.available = available;
    st.loaded = true;
    document.documentElement.classList.toggle("has-engines", st.available.length > 0);
  }

  function request() {
    const fen = ($("fen-input").value || "").trim();
    const depth = parseInt($("depth-input").value, 10) || 4; // the setup's default for chess
    return {
      engine: $("engine-select").value,
      fen,
      depth,
      multipv: parseInt($("engine-multipv").value, 10) || 1,
      verify: $("engine-verify").checked,
      progress: true,
    };
  }

  async function inspect() {
    if (st.running) stop();
    const req = request();
    // An engine inspects chess positions. With a teaching tree in the setup the FEN field is
    // empty, and the server would inspect the start position instead: say so, send nothing.
    const tree = ($("tree-input").value || "").trim() ? "tree" : ($("random-input").value || "").trim() ? "random" : "";
    if (tree && !req.fen) {
      fail(t("engines.notChess", { tree, named: req.engine ? "yes" : "no", engine: req.engine }));
      return;
    }
    const ctl = new AbortController();
    Object.assign(st, { running: true, error: null, fen: req.fen || START_FEN, lines: [], warnings: [], verified: [],
      progress: null, stopped: false, abort: ctl });
    errors.clearErrors();
    show(true);
    try {
      const res = await fetch("/engines/inspect", {
        method: "POST",
        // X-Pvscope: the server takes a POST only from its own page (server/origin.go).
        headers: { "Content-Type": "application/json", Accept: "application/x-ndjson", "X-Pvscope": "page" },
        body: JSON.stringify(req),
        signal: ctl.signal,
      });
      if ((res.headers.get("Content-Type") || "").startsWith("application/x-ndjson")) {
        await readStream(res.body, (m) => { if (st.abort === ctl) onMessage(m); });
      } else {
        // Refused before the engine started: one JSON object, {error}.
        let m = null;
        try { m = await res.json(); } catch { /* not JSON */ }
        if (st.abort === ctl) onMessage(m && (m.error || m.iterations) ? m : { error: t("engines.serverAnswered", { status: res.status, text: res.statusText }) });
      }
      if (st.abort === ctl && st.running) fail(t("engines.noReport"));
    } catch (err) {
      if (err.name === "AbortError" || st.abort !== ctl) return; // Stop, or a newer inspection
      fail(t("engines.unreachable", { error: err.message }));
    } finally {
      if (st.abort === ctl) { st.running = false; st.abort = null; paint(); }
    }
  }

  function onMessage(m) {
    if (!m) return;
    if (m.progress) {
      st.progress = m.progress;
      st.lines.push(m.progress);
      paint();
      return;
    }
    if (m.error) {
      // What the engine said before it failed stays shown.
      if (m.report && m.report.iterations && m.report.iterations.length) {
        st.lines = m.report.iterations;
        st.warnings = m.report.warnings || [];
      }
      fail(frameText({ message: m.error, key: m.key, args: m.args })); // keyed: errors.js
      return;
    }
    if (m.report || m.iterations) {
      const r = m.report || m;
      st.lines = r.iterations || [];
      st.warnings = r.warnings || [];
      st.verified = r.verified || [];
      if (r.searched) st.fen = r.searched;
      st.running = false;
      paint();
    }
  }

  function fail(message) {
    st.running = false;
    st.error = message;
    errors.showError(message);
    if (!st.lines.length) show(false); // nothing to show but the sentence: the log stays
    paint();
  }

  function stop() {
    const ctl = st.abort;
    if (!ctl) return;
    st.abort = null;
    st.running = false;
    st.stopped = true;
    ctl.abort();
    paint();
  }

  // show(on): the engine's lines in the event log's place, or the log again.
  function show(on) {
    st.shown = on;
    document.documentElement.classList.toggle("engine-shown", on);
    $("engine-results").hidden = !on;
    $("engine-show").setAttribute("aria-pressed", String(on));
    paint();
  }

  function paint() {
    $("engine-inspect").disabled = st.running;
    $("engine-stop").disabled = !st.running;
    $("engine-show").disabled = !st.running && !st.lines.length && !st.shown;
    const pos = $("engine-position");
    pos.textContent = st.fen === START_FEN ? t("engines.startPosition") : `· ${st.fen.split(" ").slice(0, 2).join(" ")}`;
    pos.title = st.fen;
    const p = $("engine-progress");
    const last = st.progress;
    if (st.running) {
      p.hidden = false;
      p.classList.add("live");
      p.textContent = last
        ? t("engines.thinking", { named: st.available.length > 1 ? "yes" : "no", engine: $("engine-select").value, depth: last.depth, nodes: last.nodes, ms: last.timeMs })
        : t("engines.starting");
    } else {
      p.classList.remove("live");
      p.hidden = !st.lines.length && !st.stopped;
      p.textContent = summary();
    }
    view.render({ lines: st.lines, fen: st.fen, verified: st.verified, warnings: st.warnings });
  }

  // After the search: how far it went, and whether it was stopped or failed.
  function summary() {
    const deepest = st.lines.reduce((d, l) => Math.max(d, l.depth), 0);
    const nodes = st.lines.reduce((n, l) => Math.max(n, l.nodes || 0), 0);
    const ms = st.lines.reduce((n, l) => Math.max(n, l.timeMs || 0), 0);
    const how = st.stopped ? "stopped" : st.error ? "failed" : "done";
    return t("engines.summary", { how, lines: st.lines.length, depth: deepest, nodes, ms });
  }

  // wire(available): the panel's buttons are engineslazy.js's until this module is loaded;
  // it hands them over with the engines the server offers.
  function wire(available) {
    $("engine-inspect").addEventListener("click", () => inspect());
    $("engine-stop").addEventListener("click", () => stop());
    $("engine-show").addEventListener("click", () => show(!st.shown));
    load(available);
  }

  // snapshot(): the panel for tests (README's browser-test contract).
  function snapshot() {
    return {
      available: [...st.available],
      loaded: st.loaded,
      running: st.running,
      stopped: st.stopped,
      shown: st.shown,
      error: st.error,
      fen: st.fen,
      lines: st.lines.map((l) => ({ depth: l.depth, seldepth: l.seldepth, multipv: l.multipv, score: l.score, mate: l.mate,
        bound: l.bound, nodes: l.nodes, pv: l.pv || [], san: l.san || [], length: l.length, end: l.end, flags: l.flags || [] })),
      warnings: [...st.warnings],
      verified: st.verified.map((v) => ({ multipv: v.multipv, tail: v.tail || [], tailSan: v.tailSan || [],
        disagrees: !!v.disagrees, note: v.note || "" })),
    };
  }

  return { wire, inspect, stop, show: () => show(!st.shown), snapshot };
}

// readStream reads newline-delimited JSON from a fetch body, calling each(object) per line.
async function readStream(body, each) {
  const reader = body.getReader();
  const dec = new TextDecoder();
  let buf = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buf += dec.decode(value, { stream: true });
    let nl;
    while ((nl = buf.indexOf("\n")) >= 0) {
      const line = buf.slice(0, nl).trim();
      buf = buf.slice(nl + 1);
      if (line) each(JSON.parse(line));
    }
    if (done) break;
  }
  if (buf.trim()) each(JSON.parse(buf));
}

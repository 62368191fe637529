// tracefile.js: trace files. Opening one (the trace-file picker, a file dropped on the page, or
// /?trace=TOKEN from `pvscope view`) posts it to the server (in a static site, hands the file to
// the worker, which reads it in pieces: transport.js), which reads it, completes a minimal trace, and streams it back with the frames of a search that has finished, so it plays exactly
// like a live one. Saving writes the search shown as a JSONL trace that opens back to the same steps.
import { t, num } from "../i18n/i18n.js";
import { said } from "./traceproblems.js";
import { isSite } from "../transport.js";

const $ = (id) => document.getElementById(id);

// createTraceFile(S, deps): S is the page state (app.js).
export function createTraceFile(S, { socket, timings, errors, setRunState, kick }) {
  // The run's clock starts when the file is chosen: reading it is part of opening it.
  async function openFile(file) {
    const t0 = performance.now();
    errors.clearErrors();
    setRunState(t("tracefile.reading", { name: file.name }), "live");
    if (isSite()) { // no server: the worker reads and checks the file itself (session.OpenReader)
      open({ file }, t0);
      return;
    }
    let answer;
    // The server reads the file as it arrives (a streaming reader), so the
    // bytes sent are the bytes read, bar the last buffer.
    const bar = $("trace-progress");
    bar.hidden = false;
    bar.value = 0;
    try {
      answer = await post(file, (sent) => {
        bar.value = file.size ? sent / file.size : 1;
        setRunState(sent < file.size ? t("tracefile.sending", { name: file.name, sent: mb(sent), size: mb(file.size) }) : t("tracefile.serverReading", { name: file.name }), "live");
      });
    } catch (err) {
      bar.hidden = true;
      setRunState("", "");
      errors.showError(t("tracefile.notRead", { name: file.name, error: err.message }));
      return;
    }
    bar.hidden = true;
    if (answer.error || !answer.token) {
      setRunState("", "");
      // The server's sentence, in the page's language when it has a key ({error, key, args}).
      const error = answer.error ? said({ message: answer.error, key: answer.key, args: answer.args }) : t("tracefile.noAnswer");
      errors.showError(t("tracefile.refused", { name: file.name, error }));
      return;
    }
    openToken(answer.token, t0);
  }

  function openToken(token, t0 = performance.now()) { open({ trace: token }, t0); }

  // open asks for a trace by the server's token, or (a static site) hands its file.
  function open(what, t0) {
    const run = { t0, at: new Date().toISOString(), trace: true };
    timings.last = run;
    timings.runs.push(run);
    if (timings.runs.length > 20) timings.runs.shift();
    S.begin(run);
    setRunState(t("tracefile.opening"), "live");
    socket.send({ type: "open", id: S.id, ...what });
    S.redraw();
  }

  function save() {
    const tr = S.trace;
    if (!tr || !tr.started || !tr.length) {
      errors.showError(t("tracefile.nothingToSave"));
      return;
    }
    const blob = new Blob([toJSONL(tr)], { type: "application/jsonl" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = "pvscope-trace.jsonl";
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10000);
  }

  function wire() {
    $("trace-file").addEventListener("change", (e) => {
      const f = e.target.files && e.target.files[0];
      if (f) openFile(f);
      e.target.value = "";
    });
    const hasFiles = (e) => e.dataTransfer && Array.from(e.dataTransfer.types || []).includes("Files");
    document.addEventListener("dragover", (e) => { if (hasFiles(e)) e.preventDefault(); });
    document.addEventListener("drop", (e) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      const f = e.dataTransfer.files[0];
      if (f) openFile(f);
    });
    $("trace-save").addEventListener("click", save);
    const token = new URLSearchParams(location.search).get("trace");
    if (token) openToken(token);
  }

  return { openFile, openToken, save, wire };
}

// mb: bytes in megabytes (MiB) with one decimal, in the page's language ("12.3", "12,3").
export const mb = (n) => num(n / (1 << 20), { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false });

// post sends the file to the server, reporting the bytes sent, and resolves to its JSON answer.
function post(file, progress) {
  return new Promise((resolve, reject) => {
    const x = new XMLHttpRequest();
    x.open("POST", "/trace");
    x.setRequestHeader("X-Pvscope", "page"); // the server takes a POST only from its own page (server/origin.go)
    x.responseType = "json";
    x.upload.onprogress = (e) => progress(e.loaded);
    x.upload.onload = () => progress(file.size);
    x.onload = () => (x.response ? resolve(x.response) : reject(new Error(t("tracefile.serverAnswered", { status: x.status }))));
    x.onerror = () => reject(new Error(t("tracefile.connectionFailed")));
    x.send(file);
  });
}

// toJSONL writes a Trace (model.js) as a trace file: the header with the position and options
// the search was started with, then every event with its non-zero fields (a reader takes an
// absent field for zero).
export function toJSONL(t) {
  const st = t.started;
  const meta = { ...(st.options || {}) };
  if (st.fen) meta.fen = st.fen;
  if (st.tree) meta.tree = treeText(st.tree);
  const lines = [JSON.stringify({ format: "pvscope-trace", version: 1, meta })];
  for (let i = 0; i < t.length; i++) {
    const e = t.event(i);
    const out = {};
    for (const [k, v] of Object.entries(e)) {
      if (v === 0 || v === "" || v === null || v === false || (Array.isArray(v) && v.length === 0)) continue;
      out[k] = v;
    }
    lines.push(JSON.stringify(out));
  }
  return lines.join("\n") + "\n";
}

// treeText turns [[3,12],[2,4]] back into "((3 12) (2 4))".
export function treeText(tree) {
  return Array.isArray(tree) ? `(${tree.map(treeText).join(" ")})` : String(tree);
}

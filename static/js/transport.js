// transport.js: the page's way to its search session; one protocol, two ways in. Served by
// pvscope, it is the websocket (socket.js). In a static site (pvscope site writes "site": true
// into the page's config) it is a Web Worker running the same session compiled to WebAssembly
// (worker.js, server/worker): the same commands go in with send(), the same frames come out
// through onFrame, hello first. What only a server can do (rooms, UCI engines) is hidden in a
// static site, with a sentence saying how to get it. An exercise's random tree, the server's
// GET /tree, is the worker's tree command there (siteTree).
import { Socket, PROTOCOL } from "./socket.js";
import { t } from "./i18n/i18n.js";
import { frameText } from "./errors.js";

// The worker that answers tree commands: the page's first one, or one of its own when the page
// has none yet (an exercise opened before any search).
let treeWorker = null;
let treeIds = 2 ** 40; // apart from the page's search ids

// siteTree(random) is the server's GET /tree?random=... answered by the worker with the same Go
// code (session.ExerciseTree): resolves to {random, tree}, rejects with the sentence.
export function siteTree(random) {
  if (!treeWorker) treeWorker = new WorkerTransport({});
  return treeWorker.tree(random);
}

// isSite reports whether the page was built by pvscope site (no server behind it).
export function isSite() {
  if (typeof document === "undefined") return false; // node tests
  const el = document.getElementById("pvscope-config");
  try { return !!(el && JSON.parse(el.textContent).site); } catch { return false; }
}

// openTransport: the worker in a static site, else the websocket; both as Socket's interface.
export function openTransport(opts) {
  return isSite() ? new WorkerTransport(opts) : new Socket(opts);
}

// WorkerTransport runs the session in a Web Worker. A search runs on the worker's thread, so
// the page stays responsive; stop reaches it within a quarter second (the worker yields).
export class WorkerTransport {
  constructor({ onFrame, onState, url } = {}) {
    this.onFrame = onFrame || (() => {});
    this.onState = onState || (() => {});
    this.url = url || new URL("./worker.js", import.meta.url);
    this.worker = null;
    this.hello = null;
    this.pending = [];
    this.waiting = new Map(); // tree command id -> {resolve, reject}
    if (!treeWorker) treeWorker = this;
  }

  // tree asks the worker for random=...'s tree (session.Tree); see siteTree.
  tree(random) {
    const id = ++treeIds;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.send({ type: "tree", id, setup: { random } });
    });
  }

  get ready() { return !!(this.worker && this.hello); }

  connect() {
    if (this.worker) return;
    this.onState("connecting", t("transport.loading"));
    let w;
    // The page's head started the engine while the modules loaded (templates' earlyWorker):
    // the first transport takes it, with what it said meanwhile.
    const early = typeof window !== "undefined" && window.pvscopeEarlyWorker;
    if (early) {
      window.pvscopeEarlyWorker = null;
      w = early.worker;
    } else {
      try {
        w = new Worker(this.url);
      } catch (err) {
        this.onState("closed", t("transport.failed", { error: err.message }));
        return;
      }
    }
    this.worker = w;
    w.onmessage = (m) => {
      let f;
      try { f = JSON.parse(m.data); } catch { return; }
      if (f.type === "hello") {
        if (f.protocol !== PROTOCOL) {
          this.onState("incompatible", t("socket.incompatible", { server: f.protocol, page: PROTOCOL }));
          return;
        }
        this.hello = f;
        this.onFrame(f);
        this.onState("open", t("transport.ready"));
        const q = this.pending;
        this.pending = [];
        for (const c of q) this.send(c);
        return;
      }
      const waiter = f.id && this.waiting.get(f.id);
      if (waiter) {
        this.waiting.delete(f.id);
        if (f.type === "tree") waiter.resolve({ random: f.random, tree: f.tree });
        else waiter.reject(new Error(frameText(f)));
        return;
      }
      this.onFrame(f);
    };
    w.onerror = (e) => {
      const error = t("transport.failed", { error: e.message || "?" });
      for (const waiter of this.waiting.values()) waiter.reject(new Error(error));
      this.waiting.clear();
      this.onState("closed", error);
    };
    if (early) {
      for (const m of early.messages) w.onmessage(m);
      if (early.error) w.onerror(early.error);
    }
  }

  send(cmd) {
    if (!this.ready) {
      if (cmd.type === "start") this.pending = this.pending.filter((c) => c.type !== "start");
      if (cmd.type !== "stop") this.pending.push(cmd);
      if (!this.worker) this.connect();
      return false;
    }
    this.worker.postMessage(JSON.stringify(cmd));
    return true;
  }

  close() {
    if (this.worker) this.worker.terminate();
    if (treeWorker === this) treeWorker = null;
    this.worker = null;
    this.hello = null;
  }
}

// hideServerOnly: in a static site, hides what needs a server (rooms; the engine panel never
// shows, as there are no engines to offer) and says how to get it instead.
// It also makes the page embedded when the URL says ?embed=1, as the server does in its HTML.
export function hideServerOnly() {
  if (!isSite()) return;
  document.documentElement.classList.add("site");
  if (new URLSearchParams(location.search).get("embed") === "1") document.documentElement.classList.add("embed");
  else document.getElementById("embed-full")?.remove();
  for (const el of document.querySelectorAll("#room")) el.style.display = "none";
  const group = document.querySelector(".trace-file");
  if (!group) return;
  const note = document.createElement("span");
  note.className = "site-note";
  note.dataset.testid = "site-note";
  note.textContent = t("transport.serverOnly");
  group.prepend(note);
}

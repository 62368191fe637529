// transport.js: the page's way to its search session; one protocol, two ways in, and the one
// module that checks the protocol (greet). Served by pvscope, it is the websocket to /ws
// (Socket). In a static site (pvscope site writes "site": true into the page's config, site.js)
// it is a Web Worker running the same session compiled to WebAssembly (worker.js, server/worker):
// the same commands go in with send(), the same frames come out through onFrame, hello first.
// What only a server can do (rooms, UCI engines) is hidden in a static site, with a sentence
// saying how to get it. An exercise's random tree, the server's GET /tree, is the worker's tree
// command there (siteTree).
import { t } from "./i18n/i18n.js";
import { frameText } from "./errors.js";
import { PROTOCOL } from "./model/hello.js";
import { isSite } from "./site.js";

export { PROTOCOL, isSite };

// greet takes a hello for carrier (a Socket or a WorkerTransport): a hello of another protocol
// is refused ("incompatible", false); else it is the carrier's, goes to onFrame, and the
// commands that waited for it go out, the carrier having said open (with sentence).
function greet(carrier, f, sentence) {
  if (f.protocol !== PROTOCOL) {
    carrier.onState("incompatible", t("socket.incompatible", { server: f.protocol, page: PROTOCOL }));
    return false;
  }
  carrier.hello = f;
  carrier.onFrame(f);
  carrier.onState("open", sentence);
  const q = carrier.pending;
  carrier.pending = [];
  for (const c of q) carrier.send(c);
  return true;
}

// wait keeps cmd for the next hello: only the newest start matters, and a stop with no
// connection has nothing to stop.
function wait(carrier, cmd) {
  if (cmd.type === "start") carrier.pending = carrier.pending.filter((c) => c.type !== "start");
  if (cmd.type !== "stop") carrier.pending.push(cmd);
}

// The worker that answers tree commands: the page's first one, or one of its own when the page
// has none yet (an exercise opened before any search).
let treeWorker = null;
let treeIds = 2 ** 40; // apart from the page's search ids

// siteTree(random) is the server's GET /tree?random=... answered by the worker with the same Go
// code (session.ExerciseTree): resolves to {random, tree}, rejects with the sentence. With
// {game, position, depth, seed} in place of random it is a game's tree (session.GameExerciseTree)
// and resolves to the whole frame (game, position, depth, seed, nodes as well).
export function siteTree(random) {
  if (!treeWorker) treeWorker = new WorkerTransport({});
  return treeWorker.tree(random);
}

// openTransport: the worker in a static site, else the websocket; both as Socket's interface.
export function openTransport(opts) {
  return isSite() ? new WorkerTransport(opts) : new Socket(opts);
}

// Socket is the websocket to /ws on the page's own host. When the connection drops it reconnects
// with a growing delay (0.5 s .. 8 s) and says so through onState(state, message); a command
// sent while closed waits for the next hello.
export class Socket {
  // onFrame(frame): every frame from the server, hello included.
  // onState(state, message): "connecting" | "open" | "closed" | "incompatible", with a sentence.
  constructor({ onFrame, onState, url } = {}) {
    this.onFrame = onFrame || (() => {});
    this.onState = onState || (() => {});
    this.url = url || `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/ws`;
    this.ws = null;
    this.hello = null; // the last hello frame, null until the server greeted us
    this.pending = []; // commands waiting for a connection
    this.delay = 500;
    this.timer = 0;
    this.closedByUs = false;
  }

  get ready() { return !!(this.ws && this.ws.readyState === WebSocket.OPEN && this.hello); }

  connect() {
    clearTimeout(this.timer);
    this.closedByUs = false;
    this.onState("connecting", t("socket.connecting"));
    let ws;
    try {
      ws = new WebSocket(this.url);
    } catch (err) {
      this._retry((s) => t("socket.failedRetrying", { error: err.message, s }));
      return;
    }
    this.ws = ws;
    this.hello = null;
    ws.onmessage = (m) => {
      let f;
      try {
        f = JSON.parse(m.data);
      } catch {
        console.warn("pvscope: a frame that is not JSON", m.data);
        return;
      }
      if (f.type === "hello") {
        if (greet(this, f, t("socket.connected"))) this.delay = 500;
        else {
          this.closedByUs = true;
          ws.close();
        }
        return;
      }
      this.onFrame(f);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.hello = null;
      if (!this.closedByUs) this._retry((s) => t("socket.lostRetrying", { s }));
    };
    ws.onerror = () => {}; // onclose follows and reports
  }

  // _retry says why with the delay (seconds) before the next try, and tries again then.
  _retry(sentence) {
    this.onState("closed", sentence(this.delay / 1000));
    this.timer = setTimeout(() => this.connect(), this.delay);
    this.delay = Math.min(this.delay * 2, 8000);
  }

  // send a command; returns true when it went out now, false when it waits for the connection.
  send(cmd) {
    if (!this.ready) {
      wait(this, cmd);
      if (!this.ws) this.connect();
      return false;
    }
    this.ws.send(JSON.stringify(cmd));
    return true;
  }

  close() {
    this.closedByUs = true;
    clearTimeout(this.timer);
    if (this.ws) this.ws.close();
  }
}

// WorkerTransport runs the session in a Web Worker. A search runs on the worker's thread, so
// the page stays responsive; stop reaches it at the worker's next yield (every 8,192 events,
// with each status frame: server/session's StatusEvents).
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
    const g = typeof random === "object" && random ? random : null;
    const cmd = g ? { type: "tree", id, setup: { game: g.game, position: g.position || "" }, options: { depth: String(g.depth || ""), seed: String(g.seed || 0) } }
      : { type: "tree", id, setup: { random } };
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.send(cmd);
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
        greet(this, f, t("transport.ready"));
        return;
      }
      const waiter = f.id && this.waiting.get(f.id);
      if (waiter) {
        this.waiting.delete(f.id);
        if (f.type === "tree") waiter.resolve(f.game ? { ...f, type: undefined, id: undefined } : { random: f.random, tree: f.tree });
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
      wait(this, cmd);
      if (!this.worker) this.connect();
      return false;
    }
    if (cmd.file) { // a trace file goes as the File itself, read in pieces by the worker: never copied whole
      const { file, ...rest } = cmd;
      this.worker.postMessage({ command: JSON.stringify(rest), file });
    } else this.worker.postMessage(JSON.stringify(cmd));
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

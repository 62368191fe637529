// socket.js: the websocket to /ws on the page's own host, protocol v3.
// Frames arrive as parsed objects through onFrame; commands go out with send().
// When the connection drops it reconnects with a growing delay (0.5 s .. 8 s) and says so
// through onState(state, message); a command sent while closed waits for the next hello.
import { t } from "./i18n/i18n.js";

export const PROTOCOL = 3;

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
        if (f.protocol !== PROTOCOL) {
          this.onState("incompatible", t("socket.incompatible", { server: f.protocol, page: PROTOCOL }));
          this.closedByUs = true;
          ws.close();
          return;
        }
        this.hello = f;
        this.delay = 500;
        this.onFrame(f);
        this.onState("open", t("socket.connected"));
        const q = this.pending;
        this.pending = [];
        for (const c of q) this.send(c);
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
      // Only the newest start matters; a stop with no connection has nothing to stop.
      if (cmd.type === "start") this.pending = this.pending.filter((c) => c.type !== "start");
      if (cmd.type !== "stop") this.pending.push(cmd);
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

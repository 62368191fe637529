// engineslazy.js: the engine panel (engines.js) before its module is loaded. With the page it asks
// the server which engines it offers and shows the panel when there are some; Inspect, Stop or
// the lines' button loads engines.js and hands it the press. Most pages never inspect an engine,
// so engines.js and enginelines.js are not part of the first load (issue 44 won back issue 28's
// 300 KB with them).
import { isSite } from "../transport.js";
import { START_FEN } from "../board/board.js";

const $ = (id) => document.getElementById(id);

// lazyEngines(showError, make, onHelp): make() -> a promise of createEngines' panel.
export function lazyEngines(showError, make, onHelp) {
  let available = [], loaded = false, made = null, real = null;
  const get = () => (made ??= make().then((e) => { real = e; e.wire(available); return e; }));
  const call = (name) => (...a) => (real ? real[name](...a) : get().then((e) => e[name](...a)).catch((err) => { made = null; showError(err.message); }));

  async function load() {
    if (!isSite()) { // a static site has no engines to offer (transport.js)
      try {
        const res = await fetch("/engines", { headers: { Accept: "application/json" } });
        const { engines } = res.ok ? await res.json() : { engines: [] }; // not ok: an older server
        available = Array.isArray(engines) ? engines.filter((n) => typeof n === "string") : [];
      } catch {
        available = []; // no engines to offer is not an error of the page
      }
      $("engine-select").replaceChildren(...available.map((n) => new Option(n, n)));
      $("engine-panel").hidden = !available.length;
      document.documentElement.classList.toggle("has-engines", available.length > 0);
    }
    loaded = true;
  }

  return {
    wire() {
      for (const [id, name] of [["engine-inspect", "inspect"], ["engine-stop", "stop"], ["engine-show", "show"]]) {
        $(id).addEventListener("click", () => { if (!real) call(name)(); }); // then engines.js's own listener
      }
      $("engine-help").addEventListener("click", () => onHelp && onHelp());
      load();
    },
    inspect: call("inspect"), stop: call("stop"),
    snapshot: () => (real ? real.snapshot() : { available: [...available], loaded, running: false, stopped: false, shown: false,
      error: null, fen: START_FEN, lines: [], warnings: [], verified: [] }),
  };
}

// worker.js: the static site's search engine, a classic Web Worker (transport.js starts it).
// It loads Go's wasm_exec.js and the session compiled to WebAssembly (server/worker, written
// by pvscope site beside this folder, in static/wasm/), and passes messages both ways: the
// page's commands to pvscopeCommand, the session's frames from pvscopePost to the page.
self.importScripts("../wasm/wasm_exec.js");

const early = []; // commands that came before the engine was ready
self.pvscopePost = (frame) => self.postMessage(frame);
self.pvscopeCommand = (cmd) => early.push(cmd);
self.onmessage = (m) => self.pvscopeCommand(m.data);

const go = new Go();
const wasm = new URL("../wasm/pvscope.wasm", self.location.href);
const load = WebAssembly.instantiateStreaming
  ? WebAssembly.instantiateStreaming(fetch(wasm), go.importObject)
      // A host that does not say application/wasm: compile from the bytes.
      .catch(() => fetch(wasm).then((r) => r.arrayBuffer()).then((b) => WebAssembly.instantiate(b, go.importObject)))
  : fetch(wasm).then((r) => r.arrayBuffer()).then((b) => WebAssembly.instantiate(b, go.importObject));
load.then((r) => {
  go.run(r.instance); // main posts hello and sets pvscopeCommand, then waits for commands
  for (const c of early.splice(0)) self.pvscopeCommand(c);
}).catch((err) => {
  throw new Error(`pvscope: the engine (static/wasm/pvscope.wasm) did not load: ${err.message}`);
});

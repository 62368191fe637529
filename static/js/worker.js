// worker.js: the static site's search engine, a classic Web Worker (transport.js starts it).
// It loads Go's wasm_exec.js and the session compiled to WebAssembly (server/worker, written
// by pvscope site beside this folder, in static/wasm/), and passes messages both ways: the
// page's commands to pvscopeCommand, the session's frames from pvscopePost to the page.
self.importScripts("../wasm/wasm_exec.js");

const early = []; // commands that came before the engine was ready
self.pvscopePost = (frame) => self.postMessage(frame);
self.pvscopeCommand = (cmd, file) => early.push([cmd, file]);
// A command is its JSON text; an open comes as {command, file}, the page's File itself
// (transport.js), which the engine reads in pieces through pvscopeRead.
self.onmessage = (m) => typeof m.data === "string" ? self.pvscopeCommand(m.data) : self.pvscopeCommand(m.data.command, m.data.file);
// pvscopeRead(blob, from, to): those bytes of the file, or why the browser could not read them.
self.pvscopeRead = (blob, from, to) => {
  try {
    return new Uint8Array(new FileReaderSync().readAsArrayBuffer(blob.slice(from, to)));
  } catch (err) {
    return String(err && err.message || err);
  }
};

const go = new Go();
const wasm = new URL("../wasm/pvscope.wasm", self.location.href);
const load = WebAssembly.instantiateStreaming
  ? WebAssembly.instantiateStreaming(fetch(wasm), go.importObject)
      // A host that does not say application/wasm: compile from the bytes.
      .catch(() => fetch(wasm).then((r) => r.arrayBuffer()).then((b) => WebAssembly.instantiate(b, go.importObject)))
  : fetch(wasm).then((r) => r.arrayBuffer()).then((b) => WebAssembly.instantiate(b, go.importObject));
load.then((r) => {
  go.run(r.instance); // main posts hello and sets pvscopeCommand, then waits for commands
  for (const [c, f] of early.splice(0)) self.pvscopeCommand(c, f);
}).catch((err) => {
  throw new Error(`pvscope: the engine (static/wasm/pvscope.wasm) did not load: ${err.message}`);
});

// hello.js: the protocol number and the name tables a server's hello frame says (tracer's kinds,
// node types, bounds, ends, PV methods and cut reasons, in tracer's order), for what no server
// greeted: a trace read in the node tests, the page before its first hello. The transport
// (transport.js) checks a hello's protocol against PROTOCOL.
// Generated from tracer by go test ./server/session -run TestPageHelloIsTracers -update-page;
// that test fails when this file and tracer differ. Do not edit by hand.
export const PROTOCOL = 3;

export const HELLO = {
  type: "hello",
  protocol: PROTOCOL,
  kinds: ["", "search-start", "search-end", "iteration-start", "iteration-end", "aspiration-fail", "enter", "exit", "probe", "fail-high", "fail-low", "re-search", "cutoff", "tt-probe", "tt-hit", "tt-cutoff", "tt-store", "pv-update", "root-pv", "pv-line", "pv-cut", "prune", "stand-pat", "move-value"],
  nodeTypes: ["", "pv", "cut", "all"],
  bounds: ["", "exact", "lower", "upper"],
  ends: ["", "eval", "leaf", "mate", "stalemate", "repetition", "fifty-move", "tt-cutoff", "stopped", "win", "loss", "draw"],
  methods: ["", "triangular", "stack", "tt", "pvhash"],
  reasons: ["", "tt-exact-cut-at-pv", "tt-entry-overwritten", "tt-entry-not-exact", "tt-entry-missing", "tt-move-illegal", "fail-low-at-pv", "mate", "stalemate", "repetition", "fifty-move", "leaf", "search-stopped", "tt-cutoff", "horizon", "iir-at-pv", "reduced-at-pv", "pruned-at-pv", "aspiration-fail", "root-bound", "win", "loss", "draw"],
};

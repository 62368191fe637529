// codemap.js: which line of the code panel's text each event comes from, and the variables of
// the node it is about, by the names the code uses. Events are the trace's (negamax, from the
// side to move at the node); the MAX/MIN form shows them from the root player's side, as the
// root view does (view.js), so a MIN node's window (alpha, beta) is the negamax (-beta, -alpha).
//
// The tracker replays the node's own loop as the engine runs it (engine/node.go, searchMoves and
// searchMove): a child's score becomes the parent's v / value once it is final (after the child's
// exit, or after the probe's fail-low / fail-high when no re-search follows), and alpha (beta at a
// MIN node) narrows to it when it lands inside the window or, under prune=strict, on beta. The
// variables shown at an event are those the program holds at its line: after the line ran for a
// window narrowing (pv-update), before it for the rest.

// One tag per event of a teaching tree. Events no line makes (the search's start and end, the
// iteration, the root's reports) belong to the line that calls the search.
const TREE_TAGS = {
  enter: "enter", "pv-update": "pv-update", cutoff: "cutoff", probe: "probe",
  "fail-low": "fail", "fail-high": "fail", "re-search": "re-search",
};

// A game's search (the "game" and "game-maxmin" forms): a tree's lines, plus the game over (@@over),
// the table's lines and the iterative deepening loop. The search's start and end stay on the line
// that calls it.
const GAME_TAGS = {
  ...TREE_TAGS, "tt-probe": "tt-probe", "tt-hit": "tt-probe", "tt-cutoff": "tt-cutoff", "tt-store": "tt-store",
  "iteration-start": "iteration", "iteration-end": "iteration", "aspiration-fail": "iteration",
  "root-pv": "iteration", "pv-line": "iteration", "pv-cut": "iteration",
};

// gameTagOf(ev): the tag of a game text's line an event comes from.
export function gameTagOf(ev) {
  if (ev.kind === "exit") {
    if (ev.end === "leaf" || ev.end === "eval") return "leaf";
    if (["win", "loss", "draw", "mate", "stalemate"].includes(ev.end)) return "over"; // engine/gameposition.go's NoMoves (mate, stalemate: traces written before games had their own ends)
    if (ev.end === "tt-cutoff") return "tt-cutoff";
    return "exit";
  }
  return GAME_TAGS[ev.kind] || "call";
}

// tagOf(ev, node, chess): the tag of the text's line an event comes from. node is the tracked
// node the event is about ({depth} at least), or null.
export function tagOf(ev, node, chess) {
  const k = ev.kind;
  if (!chess) {
    if (k === "exit") return ev.end === "leaf" || ev.end === "eval" ? "leaf" : "exit";
    return TREE_TAGS[k] || "call";
  }
  const q = node && node.depth <= 0;
  switch (k) {
    case "search-start": case "iteration-start": case "iteration-end": case "aspiration-fail": return "iteration";
    case "enter":
      // The technique that chose the child's depth first: a reduced child may start in quiescence.
      if (ev.why === "null-move" || ev.move === "0000") return "null-move";
      if (ev.why === "lmr") return "lmr";
      if (ev.why === "check" || ev.why === "singular" || ev.extended > 0) return "extension";
      return ev.depth <= 0 ? "q.enter" : "enter";
    case "exit":
      if (ev.end === "tt-cutoff") return "tt-cutoff";
      if (["mate", "stalemate", "win", "loss", "draw", "repetition", "fifty-move", "leaf"].includes(ev.end)) return q ? "q.end" : "end";
      if (ev.end === "eval") return q ? "q.leaf" : "rfp";
      return q ? "q.exit" : "exit";
    case "tt-probe": case "tt-hit": return "tt-probe";
    case "tt-cutoff": return "tt-cutoff";
    case "tt-store": return "tt-store";
    case "prune": return ev.why === "late-move" ? "late-move" : "futility";
    case "stand-pat": return "stand-pat";
    case "probe": return "probe";
    case "fail-low": case "fail-high": return "fail";
    case "re-search": return "re-search";
    case "cutoff": return q ? "q.cutoff" : "cutoff";
    case "pv-update": return q ? "q.pv-update" : "pv-update";
  }
  return "call";
}

// The tag's line in the text: a MAX/MIN text has one line per player ("max.enter", "min.enter").
function lineOf(code, tag, player) {
  return code.tags[`${player}.${tag}`] || code.tags[tag] || 0;
}

export class CodeTracker {
  // code: a parsed text (codetext.js); algo: "minimax" | "alphabeta" | "pvs" | "chess";
  // form: "maxmin" | "negamax" | "game" | "game-maxmin"; strict: prune=strict; infinity: the search's (32000 for pvscope).
  constructor(code, { algo, form, strict = false, infinity = 32000 }) {
    this.code = code;
    this.algo = algo;
    this.chess = algo === "chess";
    this.game = !this.chess && (form === "game" || form === "game-maxmin"); // depth and ply shown
    this.form = this.chess ? "negamax" : form;
    this.maxmin = form === "maxmin" || form === "game-maxmin"; // MAX-VALUE and MIN-VALUE
    this.margin = strict ? 1 : 0;
    this.inf = infinity;
    this.nodes = new Map(); // node id -> tracked state
  }

  num(x) {
    if (x === undefined || x === null) return undefined;
    if (x >= this.inf) return Infinity;
    if (x <= -this.inf) return -Infinity;
    return x;
  }

  // step(ev): the highlight of one event, {tag, line, vars}, or null when no line makes it.
  step(ev) {
    const n = ev.kind === "enter" ? this._enter(ev) : this.nodes.get(ev.node) || null;
    const tag = this.game ? gameTagOf(ev) : tagOf(ev, n, this.chess);
    const player = n && !this.chess && this.maxmin && n.ply % 2 === 1 ? "min" : "max";
    const line = lineOf(this.code, tag, player);
    if (this.chess) return { tag, line, vars: this._chessVars(ev, n) };
    if (!n || tag === "call" || tag === "iteration") return { tag, line, vars: {} };
    const vars = this._treeEvent(ev, n, tag);
    return { tag, line, vars: this._show(vars, n) };
  }

  _enter(ev) {
    const parent = this.nodes.get(ev.parent);
    const n = { id: ev.node, ply: ev.ply, depth: ev.depth, parent, index: ev.index,
      alpha: ev.alpha, beta: ev.beta, value: undefined, i: undefined, score: undefined,
      color: ev.ply % 2 === 0 ? 1 : -1, pending: "", move: ev.move };
    if (parent) {
      if (parent.value === undefined) parent.value = -Infinity; // v = -inf ran before the loop
      parent.i = ev.index;
      if (!this.chess && ev.ref) parent.pending = "research";
    }
    this.nodes.set(ev.node, n);
    return n;
  }

  // The event's effect on the tracked loop; returns the state to show (before or after the line).
  _treeEvent(ev, n, tag) {
    const pvs = this.algo === "pvs";
    switch (ev.kind) {
      case "enter":
        return { alpha: n.alpha, beta: n.beta, color: n.color };
      case "exit": {
        const p = n.parent;
        const shown = this.game && (tag === "leaf" || tag === "over") ? { alpha: n.alpha, beta: n.beta }
          : tag === "leaf" ? { alpha: n.alpha, beta: n.beta, color: n.color, node: n.color * ev.score }
            : { ...this._state(n), value: ev.score };
        if (p) {
          const sc = -ev.score;
          if (p.pending === "probe") p.score = sc; // the probe's answer waits for its test
          else this._final(p, sc);
          if (p.pending !== "probe") p.pending = "";
        }
        return shown;
      }
      case "probe":
        n.pending = "probe";
        return { ...this._state(n), i: ev.index };
      case "fail-low": case "fail-high": {
        const shown = { ...this._state(n), score: ev.score };
        if (ev.kind === "fail-low" || ev.score >= n.beta) { n.pending = ""; this._final(n, ev.score); }
        else n.pending = "research-next";
        return shown;
      }
      case "re-search":
        n.pending = "research";
        return this._state(n);
      case "cutoff":
        return { ...this._state(n), value: ev.score, i: ev.index, ...(pvs ? { score: ev.score } : {}) };
      case "pv-update":
        return { ...this._state(n), alpha: ev.score, value: ev.score, i: ev.index };
    }
    return this._state(n);
  }

  // A child's final score at node p: the loop's max(v, score), then alpha narrows to it when it
  // lands inside (alpha, beta) or, under prune=strict, on beta itself.
  _final(p, sc) {
    if (this.algo === "pvs") p.score = sc;
    p.value = p.value === undefined ? sc : Math.max(p.value, sc);
    if (this.algo !== "minimax" && sc > p.alpha && sc < p.beta + this.margin) p.alpha = sc;
  }

  _state(n) {
    const s = { alpha: n.alpha, beta: n.beta, color: n.color };
    if (n.value !== undefined) s.value = n.value;
    if (n.i !== undefined) s.i = n.i;
    if (n.score !== undefined && this.algo === "pvs") s.score = n.score;
    return s;
  }

  // Negamax state -> the form's variables, by the text's names: MAX/MIN shows a MIN node's
  // numbers from the root player's side and calls the best value v; minimax has no window.
  _show(s, n) {
    const out = {};
    const maxmin = this.maxmin;
    const flip = maxmin && n.ply % 2 === 1 ? -1 : 1;
    const put = (k, v) => { if (v !== undefined) out[this.code.names[k] || k] = v; };
    if (this.algo !== "minimax" && s.alpha !== undefined) {
      const a = this.num(s.alpha), b = this.num(s.beta);
      put("alpha", flip < 0 ? -b : a);
      put("beta", flip < 0 ? -a : b);
    }
    if (s.value !== undefined) put(maxmin ? "v" : "value", this.num(flip * s.value));
    if (s.score !== undefined) put("score", this.num(flip * s.score));
    if (s.i !== undefined) put("i", s.i);
    if (s.node !== undefined) put("node", s.node);
    if (this.game) { put("depth", n.depth); put("ply", n.ply); } // a game's text passes them, not color
    else if (!maxmin && s.color !== undefined) put("color", s.color);
    return out;
  }

  // A chess search's variables: the node's depth and window, the move and its index, the score.
  _chessVars(ev, n) {
    const out = {};
    const put = (k, v) => { if (v !== undefined && v !== null && v !== "") out[this.code.names[k] || k] = v; };
    if (n) {
      put("depth", n.depth);
      put("alpha", this.num(n.alpha));
      put("beta", this.num(n.beta));
    }
    switch (ev.kind) {
      case "pv-update":
        if (n) n.alpha = ev.score;
        put("alpha", this.num(ev.score));
        put("value", this.num(ev.score));
        break;
      case "cutoff": put("value", this.num(ev.score)); break;
      case "exit": put("value", this.num(ev.score)); break;
      case "fail-low": case "fail-high": put("score", this.num(ev.score)); break;
      case "stand-pat": put("stand", this.num(ev.score)); break;
    }
    if (ev.kind !== "enter" && ev.kind !== "exit" && ev.move) { put("m", ev.move); put("i", ev.index); }
    return out;
  }
}

// mapEvents(code, opts, events): the highlight of every event, in order (null where none).
export function mapEvents(code, opts, events) {
  const tr = new CodeTracker(code, opts);
  return events.map((ev) => tr.step(ev));
}

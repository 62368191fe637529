// nodeboards.js: "Boards in the tree" (issue 43): each node of a small game tree drawn as the
// game's position (miniboard.js) in a box over the tree's canvas, framed in the colour of its
// outcome (exact, fail-high, fail-low, open, pruned) with its value under the board, and rings
// for the node being searched, the selection and the PV. The tree view (tree/treeview.js) lays
// the nodes out as far apart as the boxes need (spec) and hands every drawing to draw(); the
// setting and its limit are tree/nodeboardsetting.js's. Loaded with the games' boards (games.js).
import { miniBoardSVG } from "./miniboard.js";
import { positionAt, rootOf } from "./gamerules.js";

const CW = 12; // a board's cell, in the tree's world units (a node's radius is 12 too)
const BORDER = 3; // the frame, in screen pixels
// The least screen pixels of a cell: presenting, a tic-tac-toe cell is read from the back of
// the room (12 px: its x and o are two colours and two shapes); a Connect Four or Othello board
// has seven or eight cells a row, and is read closer.
const LEAST_CELL = { present: { tictactoe: 12, other: 7 }, page: { tictactoe: 8, other: 5 } };

// boarded(it): a tree item drawn as a board: a node or a pruned move once the search met it.
const boarded = (it) => (it.kind === "node" || it.kind === "pruned") && it.state !== "unseen" && !it.ahead;

export class NodeBoards {
  constructor(games) {
    this.games = games; // board/games.js's GameView: the rules of each game, loaded on first use
    this.onLoaded = null; // the page's redraw, once a game's rules have come
    this.el = null; this.boxes = new Map(); this.states = new Map(); this.started = null; this.root = null;
  }

  loaded() { if (this.onLoaded) this.onLoaded(); }

  // spec(game, present) -> the boxes' sizes for the tree view, or null while the game's rules load:
  // w, h the box (the board and its value's strip) and r half its height, in world units;
  // nodeWidth and level the layout's spacing; minScale(present) the least zoom at which a cell
  // keeps its pixels; has(it) whether an item is drawn as a board (the canvas leaves its shape out).
  // Presenting, the value's strip is taller: values are read from the back of the room.
  spec(game, present = false) {
    const rules = this.games.rulesOf(game);
    if (!rules) return null;
    const w = rules.cols * CW, strip = (present ? 0.7 : 0.6) * Math.min(w, 6 * CW), h = rules.rows * CW + strip;
    const least = (present) => LEAST_CELL[present ? "present" : "page"][game === "tictactoe" ? "tictactoe" : "other"];
    return {
      key: `${game}:${w}x${h}:${present}`, w, h, r: h / 2, strip, nodeWidth: 1.25 * w, level: h + 0.7 * w, has: boarded,
      // (the board inside its frame: w * s - 2 * BORDER pixels for cols cells)
      minScale: (present) => (least(present) * rules.cols + 2 * BORDER) / w,
    };
  }

  // The boxes' layer over the canvas: it takes no pointer (a click goes to the tree below).
  host(view) {
    if (this.el && this.el.parentElement === view.container) return this.el;
    this.el = document.createElement("div");
    this.el.className = "node-boards";
    this.el.dataset.testid = "node-boards";
    this.el.setAttribute("aria-hidden", "true"); // the canvas and its tooltip say what a node is
    Object.assign(this.el.style, { position: "absolute", inset: "0", overflow: "hidden", pointerEvents: "none", zIndex: 1 });
    view.container.appendChild(this.el);
    this.boxes.clear();
    return this.el;
  }

  // clear(): no boards (the setting off, a tree too large, a search of another kind).
  clear() {
    if (this.el) this.el.replaceChildren();
    this.boxes.clear();
  }

  // The moves from the root to an item: a node's own, a pruned move's parent's and its move.
  movesOf(trace, it) {
    return it.kind === "pruned" ? [...trace.positionMoves(it.parentId), it.pruned.move] : trace.positionMoves(it.nodeId);
  }

  stateOf(rules, trace, it) {
    const moves = this.movesOf(trace, it), key = moves.join(" ");
    let s = this.states.get(key);
    if (s === undefined) {
      s = positionAt(rules, this.root, moves);
      if (this.states.size > 5000) this.states.clear();
      this.states.set(key, s);
    }
    return { moves, state: s };
  }

  // draw(view, trace): a box on every item the view drew (view.visible), where the canvas put it.
  draw(view, trace) {
    const spec = view.boards, st = trace && trace.started;
    const rules = spec && st && st.game ? this.games.rulesOf(st.game) : null;
    if (!rules || !view.result || !view.result.count) { this.clear(); return; }
    if (this.started !== st) { this.started = st; this.states.clear(); this.root = rootOf(rules, st); this.clear(); }
    const el = this.host(view), s = view.scale, col = view.col, V = view.v;
    const wpx = spec.w * s, hpx = spec.h * s, strip = spec.strip * s;
    const keep = new Set();
    for (const it of view.visible || []) {
      if (!boarded(it)) continue;
      const { moves, state } = this.stateOf(rules, trace, it);
      if (!state) continue;
      keep.add(it.id);
      let box = this.boxes.get(it.id);
      if (!box) {
        box = document.createElement("div");
        box.className = "node-board";
        box.dataset.testid = "node-board";
        Object.assign(box.style, { position: "absolute", boxSizing: "border-box", display: "flex", flexDirection: "column",
          borderRadius: "3px", overflow: "hidden" });
        this.boxes.set(it.id, box);
      }
      if (box.parentElement !== el) el.appendChild(box);
      const outcome = view.shownOutcome(it), v = it.kind === "node" ? V.value(it.score, it.ply) : null;
      const value = v === null ? "" : V.fmt(v), frame = col[outcome] || col.stopped;
      const content = `${state.cells.join("")}|${value}`;
      if (box.dataset.content !== content) {
        box.dataset.content = content;
        box.innerHTML = `<div style="flex:1 1 auto;min-height:0;display:flex;align-items:center;justify-content:center;background:#fff">${miniBoardSVG(rules, state)}</div>` +
          `<div data-testid="node-board-value" style="flex:none;text-align:center;font:bold 10px system-ui,sans-serif;color:#fff;white-space:nowrap;overflow:hidden"></div>`;
        box.lastChild.textContent = value;
      }
      Object.assign(box.dataset, { node: it.nodeId || "", moves: moves.join(" "), outcome, kind: it.kind });
      const cur = !!it.current, sel = !!it.nodeId && it.nodeId === view.selected;
      const x = it.x * s + view.tx - wpx / 2, y = it.y * s + view.ty - hpx / 2;
      Object.assign(box.style, {
        left: `${x}px`, top: `${y}px`, width: `${wpx}px`, height: `${hpx}px`,
        border: `${BORDER}px ${it.kind === "pruned" ? "dashed" : "solid"} ${frame}`, background: frame,
        opacity: it.kind === "pruned" ? "0.45" : "1",
        outline: cur ? `3px solid ${col.open}` : "none", outlineOffset: "2px",
        boxShadow: sel ? `0 0 0 6px ${col.bg}, 0 0 0 9px ${col.text}` : it.onPV && it.kind === "node" ? `0 0 0 2px ${col.pv}` : "none",
      });
      const strip_ = box.lastChild;
      strip_.style.height = `${strip - BORDER}px`;
      strip_.style.lineHeight = `${strip - BORDER}px`;
      strip_.style.fontSize = `${Math.max(1, Math.floor(0.8 * (strip - BORDER)))}px`;
    }
    for (const [id, box] of this.boxes) if (!keep.has(id)) { box.remove(); this.boxes.delete(id); }
  }
}

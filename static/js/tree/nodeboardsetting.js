// nodeboardsetting.js: the tree bar's "Boards in the tree" (issue 43), and ?boards=1 in the
// address. In the tree bar when a game is chosen or searched (a chess position or a tree has no board
// small enough): on, a game's tree of at most BOARDS_MAX nodes draws a board in every node
// (board/nodeboards.js, loaded with the games' boards); a larger one keeps its plain nodes and
// says so in a sentence over the tree.
import { t } from "../i18n/i18n.js";

// The most nodes a tree draws boards in: a tic-tac-toe board's cells stay 12 pixels wide on a
// projector while a level of the tree holds up to a few dozen of them.
export const BOARDS_MAX = 60;

const $ = (id) => document.getElementById(id);

// createNodeBoardSetting(S, {form, games, redraw}): S the page state (its trace and tree view),
// form the setup form (its game menu), games the lazy games' boards (lazy.js's lazyGames),
// redraw the page's. Returns {spec(count), drawn(view), on()} for the tree view (app.js).
export function createNodeBoardSetting(S, { form, games, redraw }) {
  const label = document.createElement("label");
  label.id = "node-boards-setting";
  label.title = t("nodeboards.title");
  const box = document.createElement("input");
  box.type = "checkbox"; box.id = "node-boards"; box.dataset.testid = "node-boards";
  label.append(box, " " + t("nodeboards.label"));
  const group = $("tree-more");
  const note = document.createElement("p");
  note.className = "node-boards-note"; note.dataset.testid = "node-boards-note"; note.hidden = true;
  note.setAttribute("role", "status");
  Object.assign(note.style, { position: "absolute", left: "8px", top: "4px", margin: 0, zIndex: 2, maxWidth: "calc(100% - 16px)",
    background: "rgba(255,255,255,0.9)", color: "#333", font: "13px system-ui, sans-serif", padding: "2px 6px", borderRadius: "4px" });
  const host = $("tree-view");
  if (host) host.appendChild(note);
  box.checked = new URLSearchParams(location.search).get("boards") === "1";

  const game = () => (S.trace && S.trace.started ? S.trace.started.game || "" : (form.elements.namedItem("game") || {}).value || "");
  const say = (text) => { if (note.textContent !== text) note.textContent = text; note.hidden = !text; };
  // In the bar only while a game is chosen or shown: a chess or tree page has no such control.
  const sync = () => {
    const want = !!game() && !!group;
    if (want !== label.isConnected) { if (want) group.append(label); else label.remove(); }
  };

  box.addEventListener("change", () => {
    const q = new URLSearchParams(location.search);
    if (box.checked) q.set("boards", "1"); else q.delete("boards");
    const qs = q.toString().replace(/%28/g, "(").replace(/%29/g, ")").replace(/%2C/g, ",");
    history.replaceState(null, "", location.pathname + (qs ? "?" + qs : "") + location.hash);
    redraw();
  });
  const menu = form.elements.namedItem("game");
  if (menu) menu.addEventListener("change", sync);
  sync();

  // spec(count, present): the boxes the tree view lays a tree of count items out for, or null.
  function spec(count, present) {
    sync();
    const g = S.trace && S.trace.started ? S.trace.started.game : "";
    if (!box.checked || !g) { say(""); return null; }
    if (count > BOARDS_MAX) { say(t("nodeboards.tooMany", { n: count, max: BOARDS_MAX })); return null; }
    say("");
    const nb = games.boards();
    if (!nb) return null; // the games' module is on its way: redraw() comes with it
    nb.onLoaded = redraw;
    return nb.spec(g, present);
  }

  // drawn(view): after each drawing of the tree, the boards where its nodes went.
  function drawn(view) {
    const nb = games.boards(false);
    if (nb) nb.draw(view, S.trace);
  }

  return { spec, drawn, on: () => box.checked, sync };
}

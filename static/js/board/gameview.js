// gameview.js: the page's side of a game's board, small enough to load with the page: the first
// time a game is chosen or searched it loads games.js (the drawing, the games' words) and the
// game's rule module, and draws nothing until they are in (redraw() then); the page's first load
// stays within its budget. render.js asks it for the position at a node, setup.js for the form's
// position; a click on a cell hands onMove the move it plays. Its methods are games.js's GameView's.
export function createGameView(board, hooks) {
  let view = null, loading = null;
  const get = () => view || void (loading ??= import("./games.js").then((m) => m.wordsReady.then(() => {
    view = new m.GameView(board, hooks);
    hooks.redraw();
  })));
  return {
    rulesOf: (name) => get()?.rulesOf(name) ?? null,
    rootOf: (st) => get()?.rootOf(st) ?? null,
    at: (name, root, moves) => get()?.at(name, root, moves) ?? null,
    show: (name, state, opts) => get()?.show(name, state, opts),
    hide: () => view?.hide(),
  };
}

// treeeditlazy.js: the tree editor (treeedit.js) before its module is loaded: its toggle loads
// it, wires it and opens it; from then on treeedit.js answers. Most pages never edit a tree by
// clicking, so the editor and treeops.js are not part of the first load (issue 44 won back issue
// 28's 300 KB with them).
const $ = (id) => document.getElementById(id);

// lazyTreeEdit(showError, make): make() -> a promise of createTreeEdit's editor.
export function lazyTreeEdit(showError, make) {
  let made = null, real = null;
  const get = () => (made ??= make().then((e) => { real = e; e.wire(); return e; }));
  return {
    wire() {
      $("tree-edit-toggle").addEventListener("click", () => {
        if (!real) get().then((e) => e.open()).catch((err) => { made = null; showError(err.message); }); // then treeedit.js's own listener
      });
    },
    open: () => get().then((e) => e.open()),
    close: () => real && real.close(),
    state: () => (real ? real.state() : { open: false, text: "", selected: null, undo: 0 }),
  };
}

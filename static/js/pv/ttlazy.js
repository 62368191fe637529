// ttlazy.js: the table's links at the node shown (ttpanel.js, issue 41), loaded with the first
// tt-* event that carries a key: a search without keys never fetches the panel.

// lazyTTLinks(S, { showNode, showError }) -> (trace, k) drawing the panel for step k.
export function lazyTTLinks(S, { showNode, showError }) {
  let panel = null, loading = null;
  return (tr, k) => {
    if (panel) panel.render(tr, k);
    else if (tr.tt.count && !loading) {
      loading = import("./ttpanel.js").then(({ createTTPanel }) => { panel = createTTPanel(S, { showNode }); S.redraw(); })
        .catch((err) => { loading = null; showError(err.message); });
    }
  };
}

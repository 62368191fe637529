package server

import (
	"fmt"
	"net/url"
	"testing"
)

// shownNode is how the tree draws the node a go-to selected.
type shownNode struct {
	Selected int    `json:"selected"`
	Path     string `json:"path"`
	Kind     string `json:"kind"`   // "node" when drawn as itself, "summary" inside a pill, "" when absent
	InView   bool   `json:"inView"` // its centre is on the canvas
	Hidden   bool   `json:"hidden"` // some drawn pill holds it
	Ringed   bool   `json:"ringed"` // the view rings it
}

// gotoShown reads, after a go-to, the selected node and how the tree draws it.
const gotoShown = `(() => {
	const P = window.pvscope, v = P.view, t = P.trace, id = P.snapshot().selected;
	const it = id && v.result.byId.get(id);
	const pills = v.result.nodes.filter((n) => n.kind === "summary");
	let inView = false;
	if (it) { const sx = it.x * v.scale + v.tx, sy = it.y * v.scale + v.ty; inView = sx >= 0 && sx <= v.w && sy >= 0 && sy <= v.h; }
	return {selected: id, path: id ? t.positionMoves(id).join(".") : "", kind: it ? it.kind : "",
		inView, hidden: pills.some((p) => t.path(id).includes(p.nodeId)), ringed: v.selected === id};
})()`

// A go-to lands on a node drawn as itself, selected and in view, even when the
// finished subtree it lies in was folded into an "N nodes" pill: the path box
// and a ?node= link open the pills on its path (issue 28, item 11).
func TestBrowserGoToOpensThePillsOnItsPath(t *testing.T) {
	p := newPage(t, 1366, 768)
	// 3^0+...+3^6 = 1093 nodes under minimax: past the 400 from which finished subtrees fold.
	src := "random=b=3,d=6,seed=7&algo=minimax&depth=6"
	p.open("/?" + src)
	p.startAndWait()
	n := p.finished()
	p.snapAt(n)
	pv := p.snapshot().PV
	if len(pv) == 0 {
		t.Fatal("no PV at the end")
	}
	// A root child off the PV: at the end its subtree is one pill.
	off := "0"
	if pv[0] == "0" {
		off = "1"
	}
	for _, target := range []string{off + ".2.1.0", off + ".1"} {
		var before struct{ Pills int }
		p.eval(`({pills: window.pvscope.view.result.nodes.filter((n) => n.kind === "summary").length})`, &before)
		if before.Pills == 0 {
			t.Fatal("the finished tree shows no pill: the test tree is too small to fold")
		}
		p.eval(fmt.Sprintf(`(() => { const box = document.querySelector('[data-testid="node-path"]'); box.value = %q;
			box.dispatchEvent(new KeyboardEvent("keydown", {key: "Enter", bubbles: true})); })()`, target), nil)
		p.await(`(async () => { for (let i = 0; i < 3; i++) await new Promise(requestAnimationFrame); return true; })()`, nil)
		var got shownNode
		p.eval(gotoShown, &got)
		checkShown(t, "the path box", target, got)
	}

	// A click in the log goes to that step: its node, entered inside a subtree folded at the
	// end, is drawn as itself and in view. (The search is first shown a few steps later.)
	var enter int
	p.eval(`window.pvscope.trace.enterAt.get(window.pvscope.snapshot().selected)`, &enter)
	p.snapAt(n)
	p.snapAt(enter + 4)
	p.waitFor(fmt.Sprintf(`!!document.querySelector('[data-testid="event-log"] li[data-i="%d"]')`, enter))
	p.eval(fmt.Sprintf(`document.querySelector('[data-testid="event-log"] li[data-i="%d"]').click()`, enter), nil)
	p.await(`(async () => { for (let i = 0; i < 3; i++) await new Promise(requestAnimationFrame); return true; })()`, nil)
	var cur struct {
		K      int    `json:"k"`
		Kind   string `json:"kind"`
		InView bool   `json:"inView"`
		Where  string `json:"where"`
	}
	p.eval(`(() => { const P = window.pvscope, v = P.view, k = P.snapshot().eventIndex, id = P.trace.current(k), it = v.result.byId.get(id);
		const sx = it ? it.x * v.scale + v.tx : -1, sy = it ? it.y * v.scale + v.ty : -1;
		const where = (JSON.stringify({sx, sy, w: v.w, h: v.h, scale: v.scale, vk: v.k, userMoved: v.userMoved, cur: (v.result.nodes.find((n) => n.current) || {}).nodeId, id})); return {where, k, kind: it ? it.kind : "", inView: sx >= 0 && sx <= v.w && sy >= 0 && sy <= v.h}; })()`, &cur)
	if cur.K != enter+1 || cur.Kind != "node" || !cur.InView {
		t.Errorf("a click in the log on step %d: at step %d the current node is drawn as %q, in view %v; want step %d, a node in view %s", enter+1, cur.K, cur.Kind, cur.InView, enter+1, cur.Where)
	}

	// A link: ?node= names the node; the page searches, then goes to it.
	target := off + ".0.2.2"
	p.open("/?" + src + "&node=" + url.QueryEscape(target))
	p.startAndWait()
	p.waitFor(`window.pvscope.snapshot().selected > 0`)
	p.await(`(async () => { for (let i = 0; i < 3; i++) await new Promise(requestAnimationFrame); return true; })()`, nil)
	var got shownNode
	p.eval(gotoShown, &got)
	checkShown(t, "a ?node= link", target, got)
}

func checkShown(t *testing.T, how, target string, got shownNode) {
	t.Helper()
	if got.Path != target {
		t.Errorf("%s to %s selected %q", how, target, got.Path)
	}
	if got.Kind != "node" || got.Hidden {
		t.Errorf("%s to %s: the node is drawn as %q (inside a pill: %v); want it drawn as itself", how, target, got.Kind, got.Hidden)
	}
	if !got.InView || !got.Ringed {
		t.Errorf("%s to %s: in view %v, ringed %v; want both", how, target, got.InView, got.Ringed)
	}
}

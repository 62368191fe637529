package server

import (
	"encoding/json"
	"encoding/xml"
	"math"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// Wikipedia's alpha-beta figure (the article "Alpha–beta pruning", its
// illustration of a 4-ply tree): alpha-beta never reads the subtree under the
// last MIN node's second child, 2.1, with leaves 9, 8 (under 2.1.0) and 6
// (under 2.1.1). Issue 28, item 1: that whole subtree is drawn greyed, with
// its edges and its leaves' values, in the page and in the exports.
const wikipediaTree = "((((5 6) (7 4 5)) ((3))) (((6) (6 9)) ((7))) (((5)) ((9 8) (6))))"

// The pruned subtree 2.1 as the figure has it: each node's parent and its leaf value ("" inside).
type prunedNode struct{ path, parent, value string }

var prunedSubtree = []prunedNode{
	{"2.1", "2", ""}, {"2.1.0", "2.1", ""}, {"2.1.1", "2.1", ""},
	{"2.1.0.0", "2.1.0", "9"}, {"2.1.0.1", "2.1.0", "8"}, {"2.1.1.0", "2.1.1", "6"},
}

func TestBrowserPrunedSubtreeDrawnWhole(t *testing.T) {
	for _, show := range []string{"", "tree"} {
		t.Run("show="+show, func(t *testing.T) {
			p := newPage(t, 1366, 768)
			q := url.Values{"tree": {wikipediaTree}, "algo": {"alphabeta"}}
			if show != "" {
				q.Set("show", show)
			}
			p.open("/?" + q.Encode())
			p.startAndWait()
			p.pause()
			p.run(chromedp.Evaluate(`window.pvscope.seek(window.pvscope.snapshot().eventCount)`, nil),
				chromedp.Evaluate(`window.pvscope.view.fit()`, nil))
			var leaf float64
			p.eval(`window.pvscope.node("2.1.0.0").value`, &leaf)
			checkPageDrawsPrunedSubtree(t, p, prunedSubtree)
			if show != "" {
				return
			}
			checkSVGDrawsPrunedSubtree(t, p.exportText("svg", "{}"))
			checkTikzDrawsPrunedSubtree(t, p.exportText("tikz", "{}"))
		})
	}
}

// The alpha-beta lesson's slide 9 (alphabeta.md, "step: exit 1"): the tree
// (((3 5) (6 9)) ((1 2) (0 -1))) prunes the whole subtree 1.1, leaves 0 and -1.
func TestBrowserLessonPrunedSubtreeDrawnWhole(t *testing.T) {
	p := newPage(t, 1366, 768)
	p.open("/?lesson=alphabeta&slide=9")
	p.waitSlide(9)
	var step string
	p.eval(`window.pvscope.snapshot().lesson.step`, &step)
	if step != "exit 1" {
		t.Fatalf("slide 9 stops at %q, want exit 1 (alphabeta.md changed?)", step)
	}
	p.run(chromedp.Evaluate(`window.pvscope.view.fit()`, nil))
	checkPageDrawsPrunedSubtree(t, p, []prunedNode{
		{"1.1", "1", ""}, {"1.1.0", "1.1", "0"}, {"1.1.1", "1.1", "-1"},
	})
}

// checkPageDrawsPrunedSubtree records what the canvas draws (its line
// segments and texts) while the view redraws, and finds each pruned node's
// edge from its parent and each leaf's value at the leaf.
func checkPageDrawsPrunedSubtree(t *testing.T, p *page, prunedSubtree []prunedNode) {
	t.Helper()
	var raw string
	p.eval(`(() => {
		const v = window.pvscope.view, ctx = v.ctx, segs = [], texts = [];
		let at = null;
		const own = { moveTo: ctx.moveTo, lineTo: ctx.lineTo, fillText: ctx.fillText };
		ctx.moveTo = function (x, y) { at = [x, y]; return own.moveTo.call(this, x, y); };
		ctx.lineTo = function (x, y) { if (at) segs.push([at[0], at[1], x, y]); at = [x, y]; return own.lineTo.call(this, x, y); };
		ctx.fillText = function (s, x, y, ...r) { texts.push([String(s), x, y]); return own.fillText.call(this, s, x, y, ...r); };
		try { v.draw(); } finally { Object.assign(ctx, own); delete ctx.moveTo; delete ctx.lineTo; delete ctx.fillText; }
		const items = {};
		for (const it of v.result.nodes) {
			const path = it.kind === "pruned" ? it.pruned.path : it.nodeId ? v.trace.positionMoves(it.nodeId).join(".") : null;
			if (path !== null && !(path in items)) items[path] = { x: it.x, y: it.y, sx: it.x * v.scale + v.tx, sy: it.y * v.scale + v.ty, kind: it.kind };
		}
		return JSON.stringify({ segs, texts, items });
	})()`, &raw)
	var d struct {
		Segs  [][4]float64
		Texts [][3]any
		Items map[string]struct {
			X, Y, SX, SY float64
			Kind         string
		}
	}
	if err := json.Unmarshal([]byte(raw), &d); err != nil {
		t.Fatal(err)
	}
	near := func(a, b float64) bool { return math.Abs(a-b) < 0.5 }
	for _, n := range prunedSubtree {
		it, ok := d.Items[n.path]
		if !ok || it.Kind != "pruned" {
			t.Errorf("page: node %s is not drawn as pruned (%+v)", n.path, it)
			continue
		}
		par := d.Items[n.parent]
		edge := false
		for _, s := range d.Segs {
			edge = edge || (near(s[0], par.X) && near(s[1], par.Y) && near(s[2], it.X) && near(s[3], it.Y))
		}
		if !edge {
			t.Errorf("page: no edge drawn from %s to %s", n.parent, n.path)
		}
		if n.value == "" {
			continue
		}
		found := false
		for _, tx := range d.Texts {
			x, _ := tx[1].(float64)
			y, _ := tx[2].(float64)
			found = found || (tx[0] == n.value && math.Abs(x-it.SX) < 1 && math.Abs(y-it.SY) < 1)
		}
		if !found {
			t.Errorf("page: leaf %s does not show its value %s", n.path, n.value)
		}
	}
}

// checkSVGDrawsPrunedSubtree finds, in the exported SVG, each pruned node's
// circle (data-id ends with its path), a line from its parent's centre, and
// each leaf's value text at its centre.
func checkSVGDrawsPrunedSubtree(t *testing.T, svg string) {
	t.Helper()
	type pt struct{ x, y string }
	circles := map[string]pt{} // data-id -> centre
	var lines [][4]string
	values := map[pt]string{}
	dec := xml.NewDecoder(strings.NewReader(svg))
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		a := map[string]string{}
		for _, at := range se.Attr {
			a[at.Name.Local] = at.Value
		}
		switch {
		case a["data-id"] != "" && se.Name.Local == "circle":
			circles[a["data-id"]] = pt{a["cx"], a["cy"]}
		case se.Name.Local == "line":
			lines = append(lines, [4]string{a["x1"], a["y1"], a["x2"], a["y2"]})
		case se.Name.Local == "text" && a["class"] == "value":
			var s string
			dec.DecodeElement(&s, &se)
			values[pt{a["x"], a["y"]}] = s
		}
	}
	find := func(path string) (pt, bool) {
		for id, c := range circles { // a pruned node's id is p<its parent's node id>.<its path>
			if _, rest, ok := strings.Cut(id, "."); ok && strings.HasPrefix(id, "p") && rest == path {
				return c, true
			}
		}
		return pt{}, false
	}
	for _, n := range prunedSubtree {
		c, ok := find(n.path)
		if !ok {
			t.Errorf("SVG: no pruned node %s", n.path)
			continue
		}
		edge := false
		for _, l := range lines {
			edge = edge || (l[2] == c.x && l[3] == c.y)
		}
		if pc, ok := find(n.parent); ok {
			edge = false
			for _, l := range lines {
				edge = edge || (l[0] == pc.x && l[1] == pc.y && l[2] == c.x && l[3] == c.y)
			}
		}
		if !edge {
			t.Errorf("SVG: no edge from %s to %s", n.parent, n.path)
		}
		if n.value != "" && values[c] != n.value {
			t.Errorf("SVG: leaf %s shows %q, want %s", n.path, values[c], n.value)
		}
	}
}

// checkTikzDrawsPrunedSubtree reads the forest bracket tree: 2.1 is a pruned
// node with two pruned children, the first holding 9 and 8, the second 6.
func checkTikzDrawsPrunedSubtree(t *testing.T, tex string) {
	t.Helper()
	s := regexp.MustCompile(`, edge label=\{node\[move\]\{\\texttt\{\d+\}\}\}`).ReplaceAllString(tex, "")
	s = regexp.MustCompile(`\s+`).ReplaceAllString(s, " ")
	leaf := func(v string) string { return `\[\{` + v + `\}, pruned[^\[\]]*\]` }
	want := regexp.MustCompile(`\[\{\}, pruned[^\[\]]*` +
		`\[\{\}, pruned[^\[\]]*` + leaf(`\$9\$`) + ` ` + leaf(`\$8\$`) + ` \] ` +
		`\[\{\}, pruned[^\[\]]*` + leaf(`\$6\$`) + ` \] \]`)
	if !want.MatchString(s) {
		t.Errorf("LaTeX: no pruned subtree [ [9 8] [6] ] with every node pruned in:\n%s", tex)
	}
}

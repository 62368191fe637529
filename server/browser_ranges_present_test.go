package server

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"testing"
)

// drawnText is one fillText call of a drawing, in screen pixels: the text's ink box
// (measureText's actualBoundingBox through the canvas's transform) and its font size.
type drawnText struct {
	Text   string  `json:"text"`
	Size   float64 `json:"size"`
	X0, Y0 float64 // the ink box's top left
	X1, Y1 float64 // and bottom right
}

// nodeBox is a node's shape as drawn: its centre and reach in screen pixels.
type nodeBox struct {
	X, Y, R float64
	ID      string `json:"id"`
}

// rangesProbe draws the tree once, recording every fillText (the labels and the values) with its
// ink box, and returns them with the nodes' boxes and the canvas's size.
const rangesProbe = `(() => {
	const v = window.pvscope.view, ctx = v.ctx, orig = ctx.fillText, seen = [];
	ctx.fillText = function (s, x, y, ...rest) {
		const m = ctx.getTransform(), k = m.a / v.dpr, t = ctx.measureText(String(s));
		const px = parseFloat(/(\d+(?:\.\d+)?)px/.exec(ctx.font)[1]);
		const sx = (x * m.a + m.e) / v.dpr, sy = (y * m.d + m.f) / v.dpr;
		seen.push({ text: String(s), size: px * k, X0: sx - t.actualBoundingBoxLeft * k, X1: sx + t.actualBoundingBoxRight * k,
			Y0: sy - t.actualBoundingBoxAscent * k, Y1: sy + t.actualBoundingBoxDescent * k });
		return orig.call(this, s, x, y, ...rest);
	};
	try { v.draw(); } finally { ctx.fillText = orig; }
	const s = v.scale, nodes = v.visible.filter((it) => it.kind !== "summary")
		.map((it) => ({ X: it.x * s + v.tx, Y: it.y * s + v.ty, R: 1.15 * v.nodeR * s, id: String(it.id) }));
	const paths = {};
	for (const [id, text] of v.labels.values) paths[window.pvscope.trace.positionMoves(id).join(".")] = text;
	return { texts: seen, nodes, paths, w: v.w, h: v.h };
})()`

type rangesDrawing struct {
	Texts []drawnText       `json:"texts"`
	Nodes []nodeBox         `json:"nodes"`
	Paths map[string]string `json:"paths"` // node path -> the value drawn for it (labels.values)
	W, H  float64
}

var (
	rangeText = regexp.MustCompile(`^\[.+, .+\]$`)
	svgRange  = regexp.MustCompile(`<text class="value"[^>]*>(\[[^<]*\])</text>`)
)

// Issue 28, "R&N's value ranges available as a view" and "Presenting ... values at least 28 px at
// 1920x1080 and 22 px at 1280x720": presenting, with ?values=ranges, at the end of Russell &
// Norvig's Figure 5.5, every searched node's range is drawn (the book's, rnFig55Stages, with each
// leaf read [v, v]) at that size, no two labels overlap, none covers a node, and every label and
// node is on the canvas; the SVG export writes the same ranges. Before, the ranges were squeezed
// inside their nodes: 13.8-20 px at 1920x1080 and 10.3-15 px at 1280x720.
func TestBrowserPresentingRangesAreReadable(t *testing.T) {
	leaves := [][]int{{3, 12, 8}, {2, 4, 6}, {14, 5, 2}} // aima, by hand
	want := map[string]string{}                          // path -> the book's range at the end
	for _, s := range rnFig55Stages {
		for path, r := range s.want {
			want[path] = r
		}
		var i, j int
		fmt.Sscanf(s.leaf, "%d.%d", &i, &j)
		want[s.leaf] = fmt.Sprintf("[%d, %d]", leaves[i][j], leaves[i][j])
	}
	for _, size := range []struct {
		w, h  int
		least float64
	}{{1920, 1080, 28}, {1280, 720, 22}} {
		where := fmt.Sprintf("presenting at %dx%d", size.w, size.h)
		p := newPage(t, size.w, size.h)
		p.open("/?" + url.Values{"tree": {aima}, "algo": {"alphabeta"}, "depth": {"2"}, "values": {"ranges"}}.Encode())
		p.present()
		p.startAndWait()
		p.await(`(async () => { const a = window.pvscope; a.seek(a.snapshot().eventCount);
			for (let i = 0; i < 3; i++) await new Promise(requestAnimationFrame); return true; })()`, nil)
		var d rangesDrawing
		p.eval(rangesProbe, &d)
		if dir := os.Getenv("PVSCOPE_SHOTS"); dir != "" {
			p.screenshot(filepath.Join(dir, fmt.Sprintf("ranges-presenting-%dx%d.png", size.w, size.h)))
		}
		for path, r := range want {
			if d.Paths[path] != r {
				t.Errorf("%s: node %q is labelled %q, the book says %q", where, path, d.Paths[path], r)
			}
		}
		// The ranges on the canvas: the book's, each once, at the size promised.
		var drawn, book []string
		var ranges, others []drawnText
		for _, x := range d.Texts {
			if rangeText.MatchString(x.Text) {
				ranges = append(ranges, x)
				drawn = append(drawn, x.Text)
			} else {
				others = append(others, x)
			}
		}
		for _, r := range want {
			book = append(book, r)
		}
		sort.Strings(drawn)
		sort.Strings(book)
		if fmt.Sprint(drawn) != fmt.Sprint(book) {
			t.Errorf("%s: the ranges drawn are %q, the book's %q", where, drawn, book)
		}
		for i, a := range ranges {
			if a.Size < size.least {
				t.Errorf("%s: %s is drawn at %.1f px, want at least %.0f", where, a.Text, a.Size, size.least)
			}
			if a.X0 < 0 || a.Y0 < 0 || a.X1 > d.W || a.Y1 > d.H {
				t.Errorf("%s: %s at (%.0f,%.0f)-(%.0f,%.0f) is not inside the %.0fx%.0f canvas", where, a.Text, a.X0, a.Y0, a.X1, a.Y1, d.W, d.H)
			}
			for _, b := range ranges[i+1:] {
				if overlap(a, b) {
					t.Errorf("%s: %s at %s overlaps %s at %s", where, a.Text, box(a), b.Text, box(b))
				}
			}
			for _, b := range others {
				if overlap(a, b) {
					t.Errorf("%s: %s at %s overlaps the label %q at %s", where, a.Text, box(a), b.Text, box(b))
				}
			}
			for _, n := range d.Nodes {
				if a.X0 < n.X+n.R && n.X-n.R < a.X1 && a.Y0 < n.Y+n.R && n.Y-n.R < a.Y1 {
					t.Errorf("%s: %s at %s covers node %s at (%.0f,%.0f), %.0f px in reach", where, a.Text, box(a), n.ID, n.X, n.Y, n.R)
				}
			}
		}
		// The SVG export writes the same words as the page (it keeps its own layout).
		var svg string
		p.await(`window.pvscope.export("svg", {})`, &svg)
		var inSVG []string
		for _, m := range svgRange.FindAllStringSubmatch(svg, -1) {
			inSVG = append(inSVG, m[1])
		}
		sort.Strings(inSVG)
		if fmt.Sprint(inSVG) != fmt.Sprint(book) {
			t.Errorf("%s: the SVG export writes the ranges %q, the book %q", where, inSVG, book)
		}
		// The whole tree stays in view.
		for _, n := range d.Nodes {
			if n.X-n.R < 0 || n.Y-n.R < 0 || n.X+n.R > d.W || n.Y+n.R > d.H {
				t.Errorf("%s: node %s at (%.0f,%.0f) is not wholly on the %.0fx%.0f canvas", where, n.ID, n.X, n.Y, d.W, d.H)
			}
		}
	}
}

func overlap(a, b drawnText) bool { return a.X0 < b.X1 && b.X0 < a.X1 && a.Y0 < b.Y1 && b.Y0 < a.Y1 }
func box(a drawnText) string      { return fmt.Sprintf("(%.0f,%.0f)-(%.0f,%.0f)", a.X0, a.Y0, a.X1, a.Y1) }

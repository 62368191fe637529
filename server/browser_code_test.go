package server

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// The code panel (issue 29) in the browser: beside the tree on a laptop and in presentation
// mode, under it on a phone with the running line in view; the line and variables follow the
// step, back and forth; a breakpoint on a line runs to that line's next event; axe-core clean.
// The expected values are R&N's figure 5.5 worked by hand: at B (a MIN node) the first leaf, 3,
// lowers beta from ∞ to 3; C's first leaf, 2, is at most alpha = 3, and C is cut off.

const codeTreeURL = "/?tree=((3 12 8) (2 4 6) (14 5 2))&algo=alphabeta&depth=2"

// startCode opens the page with the panel in lang and runs the search to its end.
func startCode(p *page, lang string) {
	p.t.Helper()
	p.open(codeTreeURL + "&code=" + lang)
	p.click("start-button")
	p.waitFor(`(() => { const s = window.pvscope.snapshot(); return s.eventCount > 0 && !s.running && s.code; })()`)
}

func evalJS[T any](p *page, expr string) T {
	p.t.Helper()
	var v T
	p.run(chromedp.Evaluate(expr, &v))
	return v
}

// stepOf is the first step (1-based event index) whose event is kind at node id, found in the trace.
func stepOf(p *page, kind string, node int) int {
	return evalJS[int](p, fmt.Sprintf(`(() => { const t = window.pvscope.trace; for (let i = 0; i < t.length; i++) { const e = t.event(i); if (e.kind === %q && e.node === %d) return i + 1; } return -1; })()`, kind, node))
}

// codeAt seeks step k and returns the running line's text and the watch, ∞ as "Infinity".
func codeAt(p *page, k int) (string, map[string]string) {
	p.t.Helper()
	out := evalJS[map[string]any](p, fmt.Sprintf(`(() => { const s = window.pvscope.seek(%d).code; const text = window.pvscope.code(s.lang).text.split("\n");
		const vars = {}; for (const [k, v] of Object.entries(s.vars)) vars[k] = String(v); return { line: s.line ? text[s.line - 1] : "", vars }; })()`, k))
	vars := map[string]string{}
	for k, v := range out["vars"].(map[string]any) {
		vars[k] = v.(string)
	}
	return strings.TrimSpace(out["line"].(string)), vars
}

type rect struct{ Left, Top, Right, Bottom, Width, Height float64 }

func rectOf(p *page, sel string) rect {
	p.t.Helper()
	m := evalJS[map[string]float64](p, fmt.Sprintf(`(() => { const r = document.querySelector(%q).getBoundingClientRect(); return {l: r.left, t: r.top, r: r.right, b: r.bottom, w: r.width, h: r.height}; })()`, sel))
	return rect{m["l"], m["t"], m["r"], m["b"], m["w"], m["h"]}
}

func TestBrowserCodePanel(t *testing.T) {
	p := newPage(t, 1366, 768)
	startCode(p, "python")
	code := evalJS[map[string]any](p, `window.pvscope.code("python")`)
	if code["algo"] != "alphabeta" || code["form"] != "maxmin" || code["lang"] != "python" {
		t.Fatalf("code(python) = %v, want alpha-beta in the MAX/MIN form (the root view)", code)
	}
	if !strings.HasSuffix(code["text"].(string), "print(max_value(TREE, -math.inf, math.inf))") {
		t.Errorf("the Python text's last line does not call the search on TREE:\n%s", code["text"])
	}

	// B is node 2: its first window narrowing is beta = min(beta, v) with beta 3.
	k := stepOf(p, "pv-update", 2)
	line, vars := codeAt(p, k)
	if line != "beta = min(beta, v)" || vars["beta"] != "3" || vars["v"] != "3" || vars["alpha"] != "-Infinity" || vars["i"] != "0" {
		t.Errorf("at B's first narrowing: line %q vars %v, want beta = min(beta, v) with alpha -∞, beta 3, v 3, i 0", line, vars)
	}
	if watch := p.text("code-watch"); !strings.Contains(watch, "−∞") {
		t.Errorf("the watch list shows %q: ∞ should be shown as ∞", watch)
	}
	// Stepping back moves the line back: the step before is B's leaf, read by return node.
	if back, vars := codeAt(p, k-1); back != "return node" || vars["node"] != "3" {
		t.Errorf("a step back: line %q vars %v, want return node with node 3", back, vars)
	}

	// The narration links each sentence to its line: B's narrowing's row names the line.
	p.run(chromedp.Evaluate(fmt.Sprintf(`window.pvscope.seek(%d)`, k), nil))
	p.waitFor(fmt.Sprintf(`(() => { const li = document.querySelector('[data-testid="event-log"] li[data-i="%d"] .code-link'); return !!li && +li.dataset.line === window.pvscope.snapshot().code.line; })()`, k-1))

	// Beside the tree, both readable.
	tree, panel := rectOf(p, `[data-testid="tree-view"]`), rectOf(p, `[data-testid="code-panel"]`)
	if panel.Left < tree.Right-1 || panel.Top >= tree.Bottom || tree.Width < 500 || panel.Width < 300 {
		t.Errorf("at 1366x768 the panel %+v is not beside the tree %+v with room for both", panel, tree)
	}
	// The whole of R&N's tree (13 nodes) is in view beside the panel: the narrow pane was once
	// zoomed as a phone's is, and the third MIN node and its leaves hid under the code.
	inView := evalJS[[]float64](p, `(() => { const v = window.pvscope.view;
		return v.result.nodes.filter((it) => it.kind !== "summary").map((it) => it.x * v.scale + v.tx).concat([v.w]); })()`)
	w := inView[len(inView)-1]
	if len(inView)-1 != 13 {
		t.Errorf("the tree lays out %d nodes beside the panel, want R&N's 13", len(inView)-1)
	}
	for _, x := range inView[:len(inView)-1] {
		if x < 0 || x > w {
			t.Errorf("beside the panel a node is drawn at x = %.0f, outside the tree's %.0f pixels: %v", x, w, inView)
			break
		}
	}

	// A breakpoint on the cutoff's line runs to C's cutoff (node 6).
	p.run(chromedp.Evaluate(`window.pvscope.seek(0)`, nil))
	cutLine := evalJS[int](p, `window.pvscope.code("python").text.split("\n").findIndex((l) => l.includes("alpha cutoff")) + 1`)
	p.run(chromedp.Click(fmt.Sprintf(`[data-testid="code-lines"] li[data-line="%d"] button`, cutLine), chromedp.ByQuery))
	want := stepOf(p, "cutoff", 6)
	p.waitFor(fmt.Sprintf(`window.pvscope.snapshot().eventIndex === %d`, want))
	if got := evalJS[int](p, `window.pvscope.snapshot().code.line`); got != cutLine {
		t.Errorf("after the breakpoint the running line is %d, want %d", got, cutLine)
	}
	// Keyboard: the line numbers are buttons, reachable with Tab and pressed with Enter.
	if n := evalJS[int](p, `document.querySelectorAll('[data-testid="code-lines"] li button').length`); n == 0 {
		t.Error("the code lines have no buttons to reach by keyboard")
	}
	p.axeCheck(t, axeSource(t), "code panel at 1366x768")

	// An export for a slide carries the code, the running line (the α cutoff's) marked.
	var svg string
	p.run(chromedp.Evaluate(`window.pvscope.export("svg")`, &svg, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
	if !strings.Contains(svg, `class="running"`) || !strings.Contains(svg, "break  # alpha cutoff") {
		t.Errorf("the SVG export has no code with its running line:\n%.400s", svg)
	}

	// Closed, snapshot().code is null.
	p.click("code-toggle")
	if c := evalJS[bool](p, `window.pvscope.snapshot().code === null`); !c {
		t.Error("with the panel closed snapshot().code is not null")
	}
}

func TestBrowserCodePanelPresenting(t *testing.T) {
	p := newPage(t, 1920, 1080)
	startCode(p, "pseudo")
	p.run(chromedp.Click("#presentation", chromedp.ByQuery))
	p.waitFor(`document.documentElement.classList.contains("presentation")`)
	px := evalJS[float64](p, `parseFloat(getComputedStyle(document.querySelector('[data-testid="code-lines"] code')).fontSize)`)
	if px < 22 {
		t.Errorf("presenting at 1920x1080 the code is %.1f px, want at least 22", px)
	}
	tree, panel := rectOf(p, `[data-testid="tree-view"]`), rectOf(p, `[data-testid="code-panel"]`)
	if panel.Left < tree.Right-1 || tree.Width < 700 || panel.Width < 500 {
		t.Errorf("presenting: the panel %+v is not beside the tree %+v, both readable", panel, tree)
	}
	// The widest line fits without a horizontal scroll at that size.
	if over := evalJS[bool](p, `(() => { const ol = document.querySelector('[data-testid="code-lines"]'); return ol.scrollWidth > ol.clientWidth + 1; })()`); over {
		t.Errorf("presenting: the code scrolls sideways: %v", evalJS[[]float64](p, `(() => { const ol = document.querySelector('[data-testid="code-lines"]'); return [ol.scrollWidth, ol.clientWidth, document.querySelector(".tree-region").clientWidth]; })()`))
	}
}

func TestBrowserCodePanelPhone(t *testing.T) {
	p := newPage(t, 390, 844)
	startCode(p, "python")
	k := stepOf(p, "exit", 1) // the root's return, the text's last lines
	p.run(chromedp.Evaluate(fmt.Sprintf(`window.pvscope.seek(%d)`, k), nil))
	tree, panel := rectOf(p, `[data-testid="tree-view"]`), rectOf(p, `[data-testid="code-panel"]`)
	if panel.Top < tree.Bottom-1 || tree.Height < 300 || panel.Height < 200 {
		t.Errorf("at 390x844 the panel %+v is not below the tree %+v, both with room", panel, tree)
	}
	p.waitFor(`(() => { const li = document.querySelector('[data-testid="code-lines"] li.running'); if (!li) return false;
		const a = li.getBoundingClientRect(), b = li.parentElement.getBoundingClientRect(); return a.top >= b.top - 1 && a.bottom <= b.bottom + 1; })()`)
}

// A chess search with the modern techniques on shows the engine's search, and each technique's
// events light its line, which names engine/node.go's step.
func TestBrowserCodePanelChessModern(t *testing.T) {
	p := newPage(t, 1366, 768)
	p.open("/?fen=" + url.QueryEscape("4k3/p7/8/8/2R5/8/3K4/8 w - - 0 1") + "&algo=pvs&depth=3&modern=true&code=python")
	p.click("start-button")
	p.waitFor(`(() => { const s = window.pvscope.snapshot(); return s.eventCount > 0 && !s.running && s.code; })()`)
	got := evalJS[map[string]any](p, `(() => { const c = window.pvscope.code("python"); const lines = c.text.split("\n");
		const t = window.pvscope.trace, seen = {};
		for (let i = 0; i < t.length; i++) { const e = t.event(i); const l = window.pvscope.codePanel.lineAt(i);
			const q = e.node && t.event(t.enterAt.get(e.node)).depth <= 0; // quiescence has its own lines
			const key = e.kind === "prune" ? "prune:" + e.why : e.kind === "enter" && e.why ? "enter:" + e.why : (q ? "q:" : "") + e.kind;
			if (!l) return { error: "event " + i + " " + e.kind + " has no line" };
			(seen[key] ||= new Set()).add(lines[l - 1]); }
		const out = { algo: c.algo, lang: c.lang }; for (const [k, v] of Object.entries(seen)) out[k] = [...v]; return out; })()`)
	if got["error"] != nil {
		t.Fatal(got["error"])
	}
	if got["algo"] != "chess" || got["lang"] != "pseudo" {
		t.Fatalf("a chess search shows %v/%v, want the engine's search in pseudo-code", got["algo"], got["lang"])
	}
	want := map[string]string{"enter:null-move": "Step 4b", "enter:lmr": "Step 6c", "prune:futility": "Step 6b", "prune:late-move": "Step 6b", "cutoff": "Step 7", "pv-update": "Step 8", "tt-probe": "Step 4", "tt-store": "Step 9"}
	for key, step := range want {
		lines, ok := got[key].([]any)
		if !ok {
			t.Logf("no %s event in this search", key)
			continue
		}
		for _, l := range lines {
			if !strings.Contains(l.(string), step) {
				t.Errorf("%s lights %q, which does not name %s", key, l, step)
			}
		}
	}
	// At depth 3 this position makes no pass and no reduction (they start at depth 3 and 4 below
	// the root); their lines are checked over modern_chess.jsonl in codemap.test.mjs.
	for _, key := range []string{"cutoff", "pv-update", "prune:futility", "prune:late-move"} {
		if got[key] == nil {
			t.Errorf("the modern search made no %s event to check", key)
		}
	}
}

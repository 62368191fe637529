package server

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// Issue 23: the teaching page as a class and a student meet it. Expected values come from the
// figures (engine/testdata/trees/textbook_trees.json and its SOURCE note): R&N's one pruning
// ("the remaining successors of C need not be searched"), Wikipedia's three greyed regions
// (under 0.0.1, under 1.0.1, and the subtree 2.1) and its leaves left to right.

const wikipedia = "((((5 6) (7 4 5)) ((3))) (((6) (6 9)) ((7))) (((5)) ((9 8) (6))))"

var wikipediaLeaves = []string{"5", "6", "7", "4", "5", "3", "6", "6", "9", "7", "5", "9", "8", "6"}

// drawnTexts draws the tree once with fillText recorded and returns every string drawn on the canvas.
func (p *page) drawnTexts() []string {
	p.t.Helper()
	var out []string
	p.run(chromedp.Evaluate(`(() => {
		const v = window.pvscope.view, ctx = v.ctx, orig = ctx.fillText, seen = [];
		ctx.fillText = function (s, ...rest) { seen.push(String(s)); return orig.call(this, s, ...rest); };
		try { v.draw(); } finally { ctx.fillText = orig; }
		return seen;
	})()`, &out))
	return out
}

func count(list []string, pred func(string) bool) int {
	n := 0
	for _, s := range list {
		if pred(s) {
			n++
		}
	}
	return n
}

// A cutoff is a pruning only when moves remain: R&N under alpha-beta narrates exactly one
// pruning and draws one ✂, the Wikipedia figure three; the statistics count them so, and
// Wikipedia's pruned subtree 2.1 is drawn whole, its leaf 2.1.0.0 greyed with its unread 9.
func TestBrowserClassCutoffsArePruningsOnly(t *testing.T) {
	p := newPage(t, 1366, 768)
	for _, f := range []struct {
		name, tree string
		prunings   int
	}{{"R&N", aima, 1}, {"Wikipedia", wikipedia, 3}} {
		p.open("/?" + url.Values{"tree": {f.tree}, "algo": {"alphabeta"}}.Encode())
		p.click("start-button")
		p.waitFor(`window.pvscope.snapshot().eventCount > 0 && !window.pvscope.snapshot().streaming`)
		p.pause()
		var sentences []string
		p.run(chromedp.Evaluate(`(() => {
			const P = window.pvscope, t = P.trace, out = [];
			for (let k = 1; k <= t.length; k++) {
				P.seek(k);
				const li = document.querySelector('[data-testid="event-log"] li:last-child .txt');
				out.push(li ? li.textContent : "");
			}
			return out;
		})()`, &sentences))
		pruned := count(sentences, func(s string) bool {
			return strings.Contains(s, "pruned.") && !strings.Contains(s, "nothing is pruned")
		})
		if pruned != f.prunings {
			t.Errorf("%s: %d sentences say moves are pruned, want %d", f.name, pruned, f.prunings)
		}
		last := count(sentences, func(s string) bool { return strings.Contains(s, "it was the last move, so nothing is pruned") })
		if last == 0 {
			t.Errorf("%s: no cutoff at a last move is narrated as such", f.name)
		}
		drawn := p.drawnTexts()
		if n := count(drawn, func(s string) bool { return s == "✂" }); n != f.prunings {
			t.Errorf("%s: %d ✂ drawn, want %d", f.name, n, f.prunings)
		}
		var stat string
		p.run(chromedp.Evaluate(`document.getElementById("stat-cutoffs").textContent`, &stat))
		if !strings.HasPrefix(stat, fmt.Sprint(f.prunings)+" ") || !strings.Contains(stat, fmt.Sprintf("+ %d at the last move", last)) {
			t.Errorf("%s: the statistics read %q, want %d prunings and %d at the last move", f.name, stat, f.prunings, last)
		}
		p.shot(fmt.Sprintf("class-prunings-%s-1366.png", strings.ReplaceAll(f.name, "&", "")))
		if f.name != "Wikipedia" {
			continue
		}
		n := p.node("2.1.0.0")
		if n.Outcome != "pruned" || n.Value == nil || *n.Value != 9 {
			t.Errorf("Wikipedia: node 2.1.0.0 shows %v, want pruned with its unread value 9", n)
		}
		// The pruned subtree 2.1 is drawn whole: its leaves 9, 8 and 6 are on the canvas, greyed.
		var greyed []string
		p.run(chromedp.Evaluate(`window.pvscope.view.result.nodes.filter((it) => it.kind === "pruned" && it.treeValue !== null).map((it) => it.pruned.path + "=" + it.treeValue)`, &greyed))
		slices.Sort(greyed)
		// The figure's pruned leaves (SOURCE, 1-based there): 1.1.2.3=5, 2.1.2.2=9, 3.2.1.1=9, 3.2.1.2=8, 3.2.2.1=6.
		want := []string{"0.0.1.2=5", "1.0.1.1=9", "2.1.0.0=9", "2.1.0.1=8", "2.1.1.0=6"}
		if !slices.Equal(greyed, want) {
			t.Errorf("Wikipedia: greyed leaves %v, want %v", greyed, want)
		}
	}
}

// Before Start, with ?show=tree (and by default for a teaching tree), the whole tree is drawn
// with every leaf's value, so a class can predict first.
func TestBrowserClassTreeShownBeforeStart(t *testing.T) {
	for _, size := range [][2]int{{1366, 768}, {1920, 1080}, {390, 844}} {
		p := newPage(t, size[0], size[1])
		for _, q := range []string{"&show=tree", ""} {
			p.open("/?" + url.Values{"tree": {wikipedia}, "algo": {"alphabeta"}}.Encode() + q)
			p.waitFor(`window.pvscope.view && window.pvscope.view.result && window.pvscope.view.result.preview`)
			drawn := p.drawnTexts()
			var leaves []string
			for _, s := range drawn {
				if slices.Contains(wikipediaLeaves, s) {
					leaves = append(leaves, s)
				}
			}
			got, want := slices.Clone(leaves), slices.Clone(wikipediaLeaves)
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("%dx%d %q: leaf values drawn before Start %v, want the figure's %v", size[0], size[1], q, leaves, wikipediaLeaves)
			}
			if s := p.snapshot(); s.EventCount != 0 {
				t.Errorf("the preview started a search: %+v", s)
			}
		}
		p.shot(fmt.Sprintf("class-before-start-%dx%d.png", size[0], size[1]))
		// show=none keeps the empty area; a started search replaces the preview.
		p.open("/?" + url.Values{"tree": {wikipedia}, "show": {"none"}}.Encode())
		var preview bool
		p.run(chromedp.Evaluate(`!!(window.pvscope.view && window.pvscope.view.result && window.pvscope.view.result.preview)`, &preview))
		if preview {
			t.Errorf("show=none still draws the tree before Start")
		}
	}
}

// The editor's keys work after a click: click a node then A adds a child, Delete removes it,
// Enter on a focused node keeps the focus there, and a number typed on a leaf sets its value.
func TestBrowserClassEditorKeysAfterAClick(t *testing.T) {
	p := newPage(t, 1366, 768)
	p.open("/?" + url.Values{"tree": {aima}, "algo": {"alphabeta"}}.Encode())
	p.click("tree-edit-toggle")
	p.run(chromedp.WaitVisible(`[data-testid="edit-tree"]`, chromedp.ByQuery))
	focused := func() string {
		var s string
		p.run(chromedp.Evaluate(`document.activeElement && document.activeElement.dataset ? (document.activeElement.dataset.path ?? document.activeElement.id ?? "") : ""`, &s))
		return s
	}
	steps := []struct {
		what string
		do   func()
		want string
	}{
		{"click 2, then A", func() { p.editNode("2"); p.run(chromedp.KeyEvent("a")) }, "((3 12 8) (2 4 6) (14 5 2 0))"},
		// The new leaf 2.3 is selected: A again puts a child under it.
		{"then A again", func() { p.run(chromedp.KeyEvent("a")) }, "((3 12 8) (2 4 6) (14 5 2 (0 0)))"},
		{"click leaf 0.1, then A", func() { p.editNode("0.1"); p.run(chromedp.KeyEvent("a")) }, "((3 (12 0) 8) (2 4 6) (14 5 2 (0 0)))"},
		{"click 1, then Delete", func() { p.editNode("1"); p.run(chromedp.KeyEvent(kb.Delete)) }, "((3 (12 0) 8) (14 5 2 (0 0)))"},
		{"click leaf 0.0, then type 7 and Enter", func() { p.editNode("0.0"); p.run(chromedp.KeyEvent("7" + kb.Enter)) }, "((7 (12 0) 8) (14 5 2 (0 0)))"},
	}
	for _, s := range steps {
		s.do()
		if field, _ := p.treeField(); field != s.want {
			t.Fatalf("%s: the tree field holds %q, want %q", s.what, field, s.want)
		}
	}
	p.editNode("1")
	p.run(chromedp.KeyEvent(kb.Enter))
	if f := focused(); f != "1" {
		t.Errorf("Enter on a focused node moved the focus to %q, want node 1", f)
	}
	p.run(chromedp.KeyEvent("a"))
	if field, _ := p.treeField(); field != "((7 (12 0) 8) (14 5 2 (0 0) 0))" {
		t.Errorf("A after Enter: the tree field holds %q", field)
	}
}

// Space is play/pause and the arrows step wherever the focus is but a text field: Enter on
// Start, then Space pauses (it used to restart the search); with the view menu focused, → steps
// and the view stays.
func TestBrowserClassSpaceAndArrowsEverywhere(t *testing.T) {
	p := newPage(t, 1366, 768)
	p.open("/?" + url.Values{"tree": {wikipedia}, "algo": {"pvs"}}.Encode())
	p.run(chromedp.Focus(`[data-testid="start-button"]`, chromedp.ByQuery), chromedp.KeyEvent(kb.Enter))
	p.waitFor(`window.pvscope.snapshot().playing && window.pvscope.snapshot().eventIndex >= 3`)
	var searches int
	p.run(chromedp.Evaluate(`window.pvscope.timings.runs.length`, &searches))
	p.run(chromedp.KeyEvent(" "))
	p.waitFor(`!window.pvscope.snapshot().playing`)
	before := p.snapshot()
	var after int
	p.run(chromedp.Evaluate(`window.pvscope.timings.runs.length`, &after))
	if after != searches || before.EventIndex < 3 {
		t.Fatalf("Space after Enter on Start: %d searches (was %d), step %d: want the same search paused", after, searches, before.EventIndex)
	}
	p.run(chromedp.KeyEvent(" "))
	p.waitFor(`window.pvscope.snapshot().playing`)
	p.run(chromedp.KeyEvent(" "))
	p.waitFor(`!window.pvscope.snapshot().playing`)
	p.run(chromedp.Evaluate(`window.pvscope.timings.runs.length`, &after))
	if after != searches {
		t.Errorf("Space twice more started %d new searches", after-searches)
	}
	// The view menu focused: → steps one event and the menu keeps its choice.
	k := p.snapshot().EventIndex
	var menu string
	p.run(chromedp.Focus(`#tree-pov`, chromedp.ByQuery), chromedp.KeyEvent(kb.ArrowRight), chromedp.Value(`#tree-pov`, &menu, chromedp.ByQuery))
	if got := p.snapshot().EventIndex; got != k+1 || menu != "auto" {
		t.Errorf("→ on the view menu: step %d → %d, menu %q: want one step and the menu unchanged (auto)", k, got, menu)
	}
	p.run(chromedp.KeyEvent(kb.ArrowLeft))
	if got := p.snapshot().EventIndex; got != k {
		t.Errorf("← on the view menu: step %d, want %d", got, k)
	}
}

// The quiz: a blank answer is not graded (nor taken for (-∞, ∞)); a wrong one gets a why and a
// second try; the panel never covers the node it asks about or that node's children at 1366x768.
func TestBrowserClassQuizBlankAndPlacement(t *testing.T) {
	p := newPage(t, 1366, 768)
	p.open("/?" + url.Values{"random": {"b=3,d=3,seed=1,order=random"}, "algo": {"alphabeta"}, "quiz": {"window,value"}}.Encode())
	p.run(chromedp.SetValue(`#speed`, "41", chromedp.ByQuery),
		chromedp.Evaluate(`document.getElementById("speed").dispatchEvent(new Event("input"))`, nil))
	p.click("start-button")
	p.waitFor(`window.pvscope.snapshot().quiz.question !== null && !window.pvscope.snapshot().streaming`)
	var q struct{ Kind, Node string }
	p.run(chromedp.Evaluate(`window.pvscope.snapshot().quiz.question`, &q))
	if q.Kind != "window" {
		t.Fatalf("the first question is %+v, want a window", q)
	}
	// Check with both boxes empty: nothing is graded and the question stays.
	p.run(chromedp.Click(`.quiz-panel button[type=submit]`, chromedp.ByQuery))
	var after struct {
		Asked    int
		Question *struct{ Kind, Node string }
		Note     string
	}
	p.run(chromedp.Evaluate(`window.pvscope.snapshot().quiz`, &after))
	if after.Asked != 0 || after.Question == nil || after.Question.Node != q.Node || after.Note == "" {
		t.Fatalf("a blank answer: %+v, want not graded, the same question open and a note", after)
	}
	p.shot("class-quiz-blank-1366.png")
	// Every value question: the panel and the asked node (and its children) do not overlap.
	asked := 0
	for guard := 0; guard < 200; guard++ {
		p.waitFor(`(() => { const s = window.pvscope.snapshot(); return s.quiz.question !== null || (s.eventIndex === s.eventCount && !s.running); })()`)
		var cur *struct{ Kind, Node string }
		p.run(chromedp.Evaluate(`window.pvscope.snapshot().quiz.question`, &cur))
		if cur == nil {
			break
		}
		if cur.Kind == "value" {
			asked++
			var overlap []string
			p.run(chromedp.Evaluate(fmt.Sprintf(`(() => {
				const v = window.pvscope.view, t = window.pvscope.trace, c = v.canvas.getBoundingClientRect();
				const panel = document.querySelector('.quiz-panel').getBoundingClientRect(), out = [];
				for (const it of v.result.nodes) {
					if (!it.nodeId) continue;
					const path = t.positionMoves(it.nodeId).join(".");
					if (path !== %[1]q && !path.startsWith(%[1]q + ".")) continue;
					const r = v.nodeR * v.scale, x = c.left + it.x * v.scale + v.tx, y = c.top + it.y * v.scale + v.ty;
					if (x + r > panel.left && x - r < panel.right && y + r > panel.top && y - r < panel.bottom) out.push(path);
				}
				return out;
			})()`, cur.Node), &overlap))
			if len(overlap) > 0 {
				t.Errorf("the panel asking the value of %q covers %v", cur.Node, overlap)
				p.shot("class-quiz-covering-1366.png")
			}
			if asked == 2 {
				p.shot("class-quiz-value-1366.png")
			}
		}
		var ok bool
		p.run(chromedp.Evaluate(`(() => { const s = window.pvscope.snapshot().quiz.question; return window.pvscope.answer(s.kind === "window" ? ["-∞", "∞"] : "0") !== null; })()`, &ok))
		var open *struct{ Retry bool }
		p.run(chromedp.Evaluate(`window.pvscope.snapshot().quiz.question`, &open))
		if open != nil && open.Retry {
			var fb string
			p.run(chromedp.Evaluate(`document.querySelector('[data-testid="quiz-feedback"]').textContent`, &fb))
			if !strings.Contains(fb, "Try again") {
				t.Errorf("a wrong answer's feedback %q offers no second try", fb)
			}
			p.run(chromedp.Click(`.quiz-panel button:not([type=submit]):last-of-type`, chromedp.ByQuery))
		}
	}
	if asked == 0 {
		t.Fatal("no value question was asked")
	}
}

// Presentation mode at 1920x1080: the comparison's values on the trees are 20 px or more and
// no statistic is cut off with "…".
func TestBrowserClassPresentationComparison(t *testing.T) {
	p := newPage(t, 1920, 1080)
	p.open("/?" + url.Values{"tree": {aima}, "compare": {"minimax,alphabeta,pvs"}}.Encode())
	p.run(chromedp.KeyEvent("p"))
	p.waitFor(`document.documentElement.classList.contains("presentation")`)
	p.compareToTheEnd()
	p.click("compare-to-end")
	// Record what the panes' canvases draw, and at which font size.
	var sizes []float64
	p.run(chromedp.Evaluate(`(() => {
		const P = CanvasRenderingContext2D.prototype, orig = P.fillText;
		window.__drawn = [];
		P.fillText = function (s, ...rest) {
			if (this.canvas.closest(".pane-tree")) window.__drawn.push([String(s), this.font]);
			return orig.call(this, s, ...rest);
		};
		window.dispatchEvent(new Event("resize"));
		return true;
	})()`, nil))
	p.waitFor(`window.__drawn.length > 0`)
	p.run(chromedp.Sleep(300_000_000)) // a frame or two: the three panes draw
	p.run(chromedp.Evaluate(`window.__drawn.filter(([s]) => /^-?\d+$/.test(s)).map(([, f]) => parseFloat(/(\d+(\.\d+)?)px/.exec(f)[1]))`, &sizes))
	if len(sizes) == 0 {
		t.Fatal("the panes drew no values")
	}
	for _, s := range sizes {
		if s < 20 {
			t.Errorf("a value drawn at %.1f px in presentation mode, want 20 or more", s)
			break
		}
	}
	var cut []string
	p.run(chromedp.Evaluate(`[...document.querySelectorAll(".pane-stats dt, .pane-stats dd")].filter((e) => e.offsetParent && e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent)`, &cut))
	if len(cut) > 0 {
		t.Errorf("statistics cut off in presentation mode: %q", cut)
	}
	p.shot("class-present-compare-1920.png")
}

// Followers: a desktop follower's setup bar shows the presenter's setup; a 390x844 phone
// follower's event log shows at least 4 lines and no Open/Save trace row; a follower that
// steps on its own no longer reads "Following"; typed poll answers "(3, ∞)" and "3, inf" are
// counted together and each follower is told whether it was right; the QR code is readable.
func TestBrowserClassFollowers(t *testing.T) {
	p := newPage(t, 1366, 768)
	p.open("/?" + url.Values{"tree": {aima}, "algo": {"alphabeta"}}.Encode())
	desk, phone := p.sibling(), p.sibling()
	p.startAndWait()
	p.pause()
	p.eval(`window.pvscope.seek(14)`, nil)
	p.click("room-share")
	p.waitFor(`!!window.pvscope.snapshot().room && window.pvscope.snapshot().room.role === "presenter"`)
	var qr float64
	p.eval(`document.querySelector('[data-testid="room-qr"] svg').getBoundingClientRect().width`, &qr)
	if qr < 160 {
		t.Errorf("the QR code is %.0f px wide, want 160 or more to be read from a seat", qr)
	}
	p.shot("class-presenter-room-1366.png")
	link := strings.TrimSpace(p.text("room-link"))
	desk.run(chromedp.EmulateViewport(1366, 768), chromedp.Navigate(link))
	phone.run(emulation.SetDeviceMetricsOverride(390, 844, 3, true), chromedp.Navigate(link))
	for _, f := range []*page{desk, phone} {
		f.waitFor(`!!window.pvscope && window.pvscope.snapshot().eventIndex === 14 && window.pvscope.snapshot().room.following`)
	}
	// The desktop follower's setup bar: the presenter's algorithm and tree.
	var setup struct{ Algo, Tree, Named string }
	desk.eval(`({algo: document.querySelector('[data-testid="algo-select"]').value, tree: document.querySelector('[data-testid="tree-input"]').value, named: document.getElementById("tree-select").selectedOptions[0].textContent})`, &setup)
	if setup.Algo != "alphabeta" || setup.Tree != aima || !strings.Contains(setup.Named, "Russell") {
		t.Errorf("the desktop follower's setup bar shows %+v, want alpha-beta on R&N", setup)
	}
	desk.shot("class-follower-desk-1366.png")
	// The phone follower: at least 4 log lines visible, and no trace-file row.
	var phoneLog struct {
		Lines   int
		Height  float64
		LineH   float64
		TraceUI string
	}
	phone.eval(`(() => {
		const log = document.querySelector('[data-testid="event-log"]'), r = log.getBoundingClientRect();
		const lis = [...log.querySelectorAll("li")].filter((li) => { const b = li.getBoundingClientRect(); return b.height > 0 && b.top >= r.top - 1 && b.bottom <= r.bottom + 1 && li.textContent.trim(); });
		const tf = document.querySelector(".trace-file");
		return {lines: lis.length, height: r.height, lineH: lis.length ? lis[0].getBoundingClientRect().height : 0, traceUI: tf ? getComputedStyle(tf).display : "none"};
	})()`, &phoneLog)
	if phoneLog.Lines < 4 {
		t.Errorf("the phone follower's log shows %d whole lines (%.0f px high), want at least 4", phoneLog.Lines, phoneLog.Height)
	}
	if phoneLog.TraceUI != "none" {
		t.Errorf("the phone follower still shows the Open/Save trace row (display %q)", phoneLog.TraceUI)
	}
	phone.shot("class-follower-phone-390.png")
	// Stepping on its own detaches the follower, and the page says so.
	desk.click("step-back")
	desk.waitFor(`!window.pvscope.snapshot().room.following`)
	var state, follow string
	desk.eval(`document.getElementById("room-state").textContent`, &state)
	desk.eval(`document.querySelector('[data-testid="room-follow"]').textContent`, &follow)
	if strings.Contains(state, "Following") || strings.Contains(follow, "Following") {
		t.Errorf("a follower stepping on its own reads %q / %q", state, follow)
	}
	desk.click("room-follow")
	desk.waitFor(`window.pvscope.snapshot().room.following && window.pvscope.snapshot().eventIndex === 14`)
	// A typed poll: the presenter's quiz asks a window (R&N, alpha-beta: node 1 gets (3, ∞), the book's α = 3 from B).
	p.eval(`window.pvscope.seek(0)`, nil)
	p.click("quiz-toggle")
	p.eval(`document.querySelector('[data-testid="quiz-kind-window"]').click(), window.pvscope.snapshot().quiz.kinds.join()`, nil)
	for i := 0; i < 60; i++ {
		var q *struct{ Kind, Node string }
		p.eval(`window.pvscope.snapshot().quiz.question`, &q)
		if q != nil && q.Node == "1" {
			break
		}
		if q != nil {
			p.eval(`window.pvscope.answer(["-∞", "∞"]) , window.pvscope.snapshot().quiz.question && window.pvscope.snapshot().quiz.question.retry && window.pvscope.answer(["-∞", "∞"])`, nil)
			continue
		}
		p.click("step-forward")
	}
	for _, f := range []*page{desk, phone} {
		f.waitFor(`!!document.querySelector('[data-testid="room-answer"]')`)
	}
	desk.run(chromedp.SendKeys(`[data-testid="room-answer"]`, "(3, ∞)"+kb.Enter, chromedp.ByQuery))
	phone.run(chromedp.SendKeys(`[data-testid="room-answer"]`, "3, inf"+kb.Enter, chromedp.ByQuery))
	p.waitFor(`(() => { const el = document.getElementById("room-poll"); return !!el && /2 of 2 answered/.test(el.textContent); })()`)
	var poll string
	p.eval(`document.getElementById("room-poll").textContent`, &poll)
	if !strings.Contains(poll, "(3, ∞): 2") {
		t.Errorf("the poll reads %q, want both answers counted as (3, ∞)", poll)
	}
	// The presenter answers and reveals: each follower is told it was right.
	p.eval(`window.pvscope.answer(["3", "∞"])`, nil)
	for _, f := range []*page{desk, phone} {
		f.waitFor(`/right/i.test(document.querySelector('[data-testid="room-verdict"]') ? document.querySelector('[data-testid="room-verdict"]').textContent : "")`)
	}
	phone.shot("class-follower-phone-verdict-390.png")
	p.waitFor(`/\(3, ∞\) ✓: 2/.test(document.getElementById("room-poll").textContent)`)
}

// prune=strict from the URL fills the setup form and reaches the engine: on ((3 5) (3 9)) the
// second MIN node's first leaf equals α = 3, so R&N's convention prunes its 9 (3 leaves read)
// and CS188's strict one reads it (4 leaves), by hand.
func TestBrowserClassPruneStrictFromTheURL(t *testing.T) {
	p := newPage(t, 1366, 768)
	for _, c := range []struct {
		prune  string
		leaves int
	}{{"", 3}, {"equal", 3}, {"strict", 4}} {
		q := url.Values{"tree": {"((3 5) (3 9))"}, "algo": {"alphabeta"}}
		if c.prune != "" {
			q.Set("prune", c.prune)
		}
		p.open("/?" + q.Encode())
		var form string
		p.eval(`document.querySelector('[data-testid="option-prune"]').value`, &form)
		if form != c.prune {
			t.Errorf("prune=%q: the setup form shows %q", c.prune, form)
		}
		p.startAndWait()
		var leaves int
		p.eval(`window.pvscope.trace.stats(window.pvscope.trace.length).leaves`, &leaves)
		if leaves != c.leaves {
			t.Errorf("prune=%q: %d leaves read, want %d", c.prune, leaves, c.leaves)
		}
	}
}

// Printing: the tree (its right edge on the paper), its legend and the current step's sentence;
// not the setup, the controls or the side panels.
func TestBrowserClassPrintStylesheet(t *testing.T) {
	p := newPage(t, 1366, 768)
	p.open("/?" + url.Values{"tree": {wikipedia}, "algo": {"alphabeta"}}.Encode())
	p.startAndWait()
	p.pause()
	p.eval(`window.pvscope.seek(40)`, nil)
	var want string
	p.eval(`document.querySelector('[data-testid="event-log"] li.current .txt').textContent`, &want)
	p.run(emulation.SetEmulatedMedia().WithMedia("print"))
	var r struct {
		Setup, Controls, Board, Legend string
		CanvasRight, PageWidth         float64
		Sentences                      []string
	}
	p.eval(`(() => {
		const d = (sel) => { const e = document.querySelector(sel); return !e ? "missing" : e.getClientRects().length ? "shown" : "none"; };
		const c = document.getElementById("tree-canvas").getBoundingClientRect();
		const shown = [...document.querySelectorAll('[data-testid="event-log"] li')].filter((li) => li.getClientRects().length);
		return {setup: d("#setup"), controls: d(".controls"), board: d(".board-region"), legend: d(".legend"),
			canvasRight: c.right, pageWidth: document.documentElement.clientWidth, sentences: shown.map((li) => li.querySelector(".txt").textContent)};
	})()`, &r)
	if r.Setup != "none" || r.Controls != "none" || r.Board != "none" {
		t.Errorf("printed: setup %q, controls %q, board %q: want none of them", r.Setup, r.Controls, r.Board)
	}
	if r.Legend == "none" || r.Legend == "missing" {
		t.Errorf("the legend is not printed (%q)", r.Legend)
	}
	if r.CanvasRight > r.PageWidth+1 {
		t.Errorf("the tree ends at %.0f px, past the page's %.0f", r.CanvasRight, r.PageWidth)
	}
	if len(r.Sentences) != 1 || r.Sentences[0] != want {
		t.Errorf("printed sentences %q, want only the current step's %q", r.Sentences, want)
	}
	p.shot("class-print-1366.png")
}

// With ?show=tree, and in quiz mode, the part of a teaching tree not searched yet stays drawn
// during the search, every leaf with its value: the leaf a question asks about is never hidden.
func TestBrowserClassWholeTreeDuringTheSearch(t *testing.T) {
	p := newPage(t, 1366, 768)
	for _, q := range []string{"&show=tree", "&quiz=all"} {
		p.open("/?" + url.Values{"tree": {wikipedia}, "algo": {"alphabeta"}}.Encode() + q)
		p.startAndWait()
		p.pause()
		for _, k := range []int{5, 20} {
			if q == "&quiz=all" {
				// The quiz stops before step k's questions: the page shows the step asked about.
				p.eval(fmt.Sprintf(`window.pvscope.quiz, window.pvscope.seek(%d)`, k), nil)
			} else {
				p.eval(fmt.Sprintf(`window.pvscope.seek(%d)`, k), nil)
			}
			var leaves []string
			for _, s := range p.drawnTexts() {
				if slices.Contains(wikipediaLeaves, s) {
					leaves = append(leaves, s)
				}
			}
			got, want := slices.Clone(leaves), slices.Clone(wikipediaLeaves)
			slices.Sort(got)
			slices.Sort(want)
			// Values may also appear as inner nodes' values once they return: every leaf's must be there.
			for _, v := range want {
				i := slices.Index(got, v)
				if i < 0 {
					t.Errorf("%s at step %d: leaf values drawn %v, want all of the figure's %v", q, k, leaves, wikipediaLeaves)
					break
				}
				got = slices.Delete(got, i, i+1)
			}
		}
		p.shot(fmt.Sprintf("class-whole-tree-%s-1366.png", strings.TrimPrefix(strings.Split(q, "=")[0], "&")))
	}
}

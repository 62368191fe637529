package server

import (
	"fmt"
	"testing"

	"github.com/chromedp/cdproto/emulation"
)

// phoneQuiz is a question on a phone: the panel's box, the asked node's, and the window's height.
type phoneQuiz struct {
	Node        string
	Panel, Asks [4]float64 // left, top, right, bottom in the window
	ViewH       float64
	TreeBottom  float64
}

const phoneQuizProbe = `(() => {
	const box = (r) => [r.left, r.top, r.right, r.bottom];
	const P = window.pvscope, v = P.view, q = P.snapshot().quiz.question, c = v.canvas.getBoundingClientRect();
	const want = q.kind === "window" ? q.node.split(".").slice(0, -1).join(".") : q.node;
	let asks = [-1, -1, -1, -1];
	for (const it of v.result.nodes) {
		if (!it.nodeId || P.trace.positionMoves(it.nodeId).join(".") !== want) continue;
		const r = v.nodeR * v.scale, x = c.left + it.x * v.scale + v.tx, y = c.top + it.y * v.scale + v.ty;
		asks = [x - r, y - r, x + r, y + r];
	}
	return { Node: want, Panel: box(document.querySelector(".quiz-panel").getBoundingClientRect()), Asks: asks, ViewH: innerHeight, TreeBottom: c.bottom };
})()`

// Issue 39, item 9: on a 390x844 phone the quiz is a sheet along the bottom of the screen that
// leaves the node asked about visible: at each question of a seeded tree, the asked node is on
// the screen and on the tree's drawing, not under the panel, and the panel is wholly on screen.
func TestBrowserPhoneQuizLeavesTheNodeVisible(t *testing.T) {
	p := newPage(t, 1366, 768)
	p.run(emulation.SetDeviceMetricsOverride(390, 844, 3, true), emulation.SetTouchEmulationEnabled(true))
	p.open("/?random=b=3,d=3,seed=42,values=0..20&algo=alphabeta&quiz=1")
	p.tap("start-button")
	asked := 0
	for guard := 0; guard < 60 && asked < 12; guard++ {
		p.waitFor(`(() => { const s = window.pvscope.snapshot(); return s.quiz.question !== null || (s.eventCount > 0 && s.eventIndex === s.eventCount && !s.running && !s.streaming); })()`)
		var open bool
		p.eval(`window.pvscope.snapshot().quiz.question !== null`, &open)
		if !open {
			break
		}
		asked++
		p.await(`(async () => { for (let i = 0; i < 3; i++) await new Promise(requestAnimationFrame); return true; })()`, nil)
		var q phoneQuiz
		p.eval(phoneQuizProbe, &q)
		a, pn := q.Asks, q.Panel
		visible := a[1] >= 0 && a[3] <= q.ViewH && a[3] <= q.TreeBottom+1 && a[0] >= 0 && a[2] <= 390
		covered := a[0] < pn[2] && pn[0] < a[2] && a[1] < pn[3] && pn[1] < a[3]
		if !visible || covered || pn[1] < 0 || pn[3] > q.ViewH+0.5 {
			t.Errorf("question %d on %q: its node at %v (on screen %v, under the panel %v), the panel at %v of a %.0f-px screen", asked, q.Node, a, visible, covered, pn, q.ViewH)
			p.shot(fmt.Sprintf("phone-quiz-%d.png", asked))
		}
		p.eval(`window.pvscope.answer("0")`, nil)
		p.eval(`(() => { const b = document.querySelector('.quiz-panel button:not([type=submit]):last-of-type'); if (window.pvscope.snapshot().quiz.question && b) b.click(); })()`, nil)
	}
	if asked < 3 {
		t.Fatalf("%d questions asked: the check needs more", asked)
	}
}

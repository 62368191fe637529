package server

import (
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// Issue 28, item 5: on a 390x844 phone the event log is stacked far below the stepping buttons.
// The current step's sentence must be on the same screen as the buttons, and every control a
// touch target 44 pixels tall at least (83 were 22-25 px).
func TestBrowserPhoneKeepsTheSentenceByTheButtons(t *testing.T) {
	p := newPage(t, 1366, 768)
	p.run(emulation.SetDeviceMetricsOverride(390, 844, 3, true))
	p.open("/?" + url.Values{"tree": {"((3 12 8) (2 4 6) (14 5 2))"}, "algo": {"alphabeta"}, "depth": {"2"}}.Encode())
	p.click("start-button")
	p.waitFor(`window.pvscope.snapshot().eventCount > 0 && !window.pvscope.snapshot().streaming`)
	p.run(chromedp.Evaluate(`window.pvscope.seek(6)`, nil))
	p.click("step-forward") // the page as a student uses it: a tap, then read
	var got struct {
		Button, Sentence struct{ Top, Bottom float64 }
		Height           float64
		Now, Current     string
		Small            []string
	}
	p.run(chromedp.Evaluate(`(() => {
		const box = (el) => { const r = el.getBoundingClientRect(); return { Top: r.top, Bottom: r.bottom }; };
		const now = document.querySelector('[data-testid="narration-now"]');
		const cur = document.querySelector('[data-testid="event-log"] li.current');
		const small = [...document.querySelectorAll('button, select, summary, input:not([type=checkbox]):not([type=radio]):not([type=hidden])')]
			.filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden")
			.filter((el) => !el.closest('[hidden], .vh, dialog:not([open])'))
			.filter((el) => el.getBoundingClientRect().height < 43.5)
			.map((el) => (el.dataset.testid || el.id || el.textContent.trim().slice(0, 20) || el.tagName) + " " + Math.round(el.getBoundingClientRect().height));
		return { Button: box(document.querySelector('[data-testid="step-forward"]')), Sentence: box(now), Height: innerHeight,
			Now: now.textContent, Current: cur ? cur.textContent : "", Small: small };
	})()`, &got))
	if got.Now == "" || !strings.Contains(got.Current, got.Now) {
		t.Errorf("the line under the buttons says %q; the log's current row %q", got.Now, got.Current)
	}
	for name, b := range map[string]struct{ Top, Bottom float64 }{"step-forward": got.Button, "sentence": got.Sentence} {
		if b.Top < 0 || b.Bottom > got.Height {
			t.Errorf("%s at %.0f..%.0f px, off the %.0f-px screen", name, b.Top, b.Bottom, got.Height)
		}
	}
	if len(got.Small) > 0 {
		t.Errorf("%d controls under 44 px tall: %s", len(got.Small), strings.Join(got.Small, ", "))
	}
	p.shot("phone-390x844.png")
}

// Issue 28, item 6: the README's quiz link on a phone. The tree is drawn at a size a student can
// read (values at 14 px or more, where they were about 6 px), the node the question asks about
// is on screen, and the rest is reached by panning or pinching.
func TestBrowserPhoneQuizIsLegible(t *testing.T) {
	p := newPage(t, 1366, 768)
	p.run(emulation.SetDeviceMetricsOverride(390, 844, 3, true))
	p.open("/?random=b=3,d=3,seed=42,values=0..20&algo=alphabeta&quiz=1")
	p.click("start-button")
	p.waitFor(`(() => { const q = window.pvscope.snapshot().quiz; return q && q.question !== null; })()`)
	var got struct {
		Value, X, Y, W, H, Pinch float64
		Node                     string
	}
	p.run(chromedp.Evaluate(`(() => {
		const P = window.pvscope, v = P.view, q = P.snapshot().quiz.question;
		const it = v.result.nodes.find((n) => n.nodeId && P.trace.positionMoves(n.nodeId).join(".") === q.node);
		const out = { Value: v.labels ? v.labels.value : 0, Node: q.node, X: it ? it.x * v.scale + v.tx : -1, Y: it ? it.y * v.scale + v.ty : -1, W: v.w, H: v.h };
		// Two fingers spreading to twice their distance zoom in twice (treeinput.js).
		const before = v.scale, c = v.canvas, b = c.getBoundingClientRect();
		const ev = (type, id, x) => c.dispatchEvent(new PointerEvent(type, { pointerId: id, clientX: b.left + x, clientY: b.top + 100, bubbles: true }));
		ev("pointerdown", 1, 150); ev("pointerdown", 2, 200); ev("pointermove", 2, 250); ev("pointerup", 1, 150); ev("pointerup", 2, 250);
		out.Pinch = v.scale / before;
		return out;
	})()`, &got))
	if got.X < 0 || got.X > got.W || got.Y < 0 || got.Y > got.H {
		t.Errorf("the question's node %q is at (%.0f, %.0f), off the %.0fx%.0f tree", got.Node, got.X, got.Y, got.W, got.H)
	}
	if got.Value < 14 {
		t.Errorf("values drawn at %.1f px on a 390-px phone, want 14 or more", got.Value)
	}
	if got.Pinch < 1.9 || got.Pinch > 2.1 {
		t.Errorf("a pinch spreading two fingers to twice their distance zoomed by %.2f, want 2", got.Pinch)
	}
}

// On a phone the setup form fills the first screen (it reaches 800 px of 844): a tap on Start
// scrolls the step buttons to the top, with the narration's sentence and the top of the tree
// on the same screen.
func TestBrowserPhoneStartBringsTheStepsUp(t *testing.T) {
	p := newPage(t, 1366, 768)
	p.run(emulation.SetDeviceMetricsOverride(390, 844, 3, true))
	p.open("/?" + url.Values{"tree": {aima}, "algo": {"alphabeta"}}.Encode())
	p.click("start-button")
	p.waitFor(`window.pvscope.snapshot().eventCount > 0`)
	var got struct{ Controls, Sentence, Tree, Screen float64 }
	p.await(`(async () => { for (let i = 0; i < 3; i++) await new Promise(requestAnimationFrame);
		const top = (sel) => document.querySelector(sel).getBoundingClientRect().top;
		return { Controls: top(".controls"), Sentence: top('[data-testid="narration-now"]'), Tree: top('[data-testid="tree-view"]'), Screen: innerHeight }; })()`, &got)
	if got.Controls < -1 || got.Controls > 10 {
		t.Errorf("after Start the step buttons are at y = %.0f, want at the top of the screen", got.Controls)
	}
	if got.Sentence < 0 || got.Sentence > got.Screen {
		t.Errorf("after Start the narration's sentence is at y = %.0f, off the %.0f-px screen", got.Sentence, got.Screen)
	}
	if got.Tree > got.Screen-150 {
		t.Errorf("after Start the tree begins at y = %.0f: less than 150 px of it on the %.0f-px screen", got.Tree, got.Screen)
	}
}

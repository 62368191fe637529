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

package server

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// frames waits n animation frames in the page: playback moves on each frame, so a page that
// plays has moved by then (R&N at the default 20 events/s moves a step every three frames).
func (p *page) frames(n int) {
	p.t.Helper()
	var done bool
	p.run(chromedp.Evaluate(fmt.Sprintf(`new Promise((ok) => { let n = %d; const f = () => (--n > 0 ? requestAnimationFrame(f) : ok(true)); requestAnimationFrame(f); })`, n), &done,
		func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
}

// searched waits until the whole search has arrived.
func (p *page) searched() {
	p.t.Helper()
	p.waitFor(`window.pvscope.snapshot().eventCount > 0 && !window.pvscope.snapshot().streaming`)
}

// Issue 39, item 6: a lecturer wants the search ready at step 0, paused. ?paused=1 (and the
// setting, which writes it) holds every search at step 0; ▷ and → before Start start one that
// waits at step 1. On main Start played R&N to its end (33 steps) in about 1.7 s, and ▷ and →
// did nothing before Start.
func TestBrowserStartsPaused(t *testing.T) {
	p := newPage(t, 1366, 768)
	q := url.Values{"tree": {aima}, "algo": {"alphabeta"}}
	at := func(what string, want int) {
		t.Helper()
		p.searched()
		p.frames(90) // 1.5 s at 60 frames a second: R&N plays 30 steps in that time
		if s := p.snapshot(); s.EventIndex != want || s.Running {
			t.Errorf("%s: at step %d of %d, running=%v; want step %d, paused", what, s.EventIndex, s.EventCount, s.Running, want)
		}
	}
	p.open("/?" + q.Encode() + "&paused=1")
	p.click("start-button")
	at("?paused=1, Start", 0)
	p.click("start-button") // a second search holds too
	at("?paused=1, Start again", 0)

	p.open("/?" + q.Encode())
	p.click("step-forward")
	at("▷ before Start", 1)
	p.open("/?" + q.Encode())
	p.run(chromedp.Evaluate(`document.activeElement && document.activeElement.blur()`, nil), chromedp.KeyEvent(kb.ArrowRight))
	at("→ before Start", 1)

	// The setting: checked, it writes ?paused=1 into the address and the next search holds.
	p.open("/?" + q.Encode())
	p.run(chromedp.Evaluate(`document.getElementById("breakpoints").open = true`, nil))
	p.click("start-paused")
	var search string
	p.eval(`location.search`, &search)
	if !strings.Contains(search, "paused=1") {
		t.Errorf("the setting checked, the address is %q", search)
	}
	p.click("start-button")
	at("the setting, Start", 0)
	p.eval(`location.search`, &search)
	if !strings.Contains(search, "paused=1") {
		t.Errorf("after Start the address is %q: the setting is lost", search)
	}
	p.run(chromedp.Evaluate(`localStorage.removeItem("pvscope.paused")`, nil))
}

// Issue 39, item 10: ?view= in links both ways. ?view=negamax opens in the negamax view with
// the negamax code; choosing the root view writes view=root into the address, and that address
// opens in the root view. On main ?view= was ignored (a tree opened in the root view) and the
// address never changed.
func TestBrowserViewRoundTrips(t *testing.T) {
	p := newPage(t, 1366, 768)
	q := url.Values{"tree": {aima}, "algo": {"alphabeta"}, "view": {"negamax"}, "code": {"pseudo"}}
	p.open("/?" + q.Encode())
	var menu string
	p.eval(`document.querySelector('[data-testid="tree-pov"]').value`, &menu)
	if menu != "negamax" {
		t.Errorf("?view=negamax: the view menu says %q", menu)
	}
	p.click("start-button")
	p.searched()
	p.waitFor(`!!window.pvscope.snapshot().code && window.pvscope.snapshot().code.form === "negamax"`)
	var view string
	p.eval(`window.pvscope.snapshot().view`, &view)
	if view != "negamax" {
		t.Errorf("?view=negamax: the page's view is %q", view)
	}
	// Choosing the root view writes it into the address.
	p.run(chromedp.SetValue(`[data-testid="tree-pov"]`, "root", chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector('[data-testid="tree-pov"]').dispatchEvent(new Event("change"))`, nil))
	var search string
	p.eval(`location.search`, &search)
	if got := mustQuery(t, search).Get("view"); got != "root" {
		t.Fatalf("after choosing the root view the address is %q (view=%q)", search, got)
	}
	p.open("/" + search)
	p.eval(`document.querySelector('[data-testid="tree-pov"]').value`, &menu)
	p.click("start-button")
	p.searched()
	p.waitFor(`!!window.pvscope.snapshot().code && window.pvscope.snapshot().code.form === "maxmin"`)
	p.eval(`window.pvscope.snapshot().view`, &view)
	if menu != "root" || view != "root" {
		t.Errorf("the written address %q opens with the menu %q and the view %q", search, menu, view)
	}
}

func mustQuery(t *testing.T, search string) url.Values {
	t.Helper()
	v, err := url.ParseQuery(strings.TrimPrefix(search, "?"))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

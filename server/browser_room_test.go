package server

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// sibling opens another window on p's server, 1000×700, in a browser context
// of its own (its own storage, as another person's browser): a tab in the
// background would get no animation frames, and the page (and chromedp's
// Poll) runs on them.
func (p *page) sibling() *page {
	p.t.Helper()
	wctx, wclose, err := newWindow(1000, 700)
	if err != nil {
		p.t.Fatal(err)
	}
	tctx, tcancel := context.WithTimeout(wctx, 5*time.Minute)
	p.t.Cleanup(func() {
		tcancel()
		wclose()
	})
	return &page{t: p.t, ctx: tctx, url: p.url}
}

func (p *page) eval(js string, out any) {
	p.t.Helper()
	p.run(chromedp.Evaluate(js, out))
}

// A presenter and two followers in three tabs: after each of the
// presenter's steps the followers show its step and selected node; one
// detaches, steps back on its own, follows again and lands on the
// presenter's step; the followers' answers reach the presenter's poll.
func TestBrowserRoomFollowersFollowThePresenter(t *testing.T) {
	p := newPage(t, 1200, 800)
	p.open("/?" + url.Values{"tree": {aima}, "algo": {"pvs"}}.Encode())
	a, b := p.sibling(), p.sibling()
	p.click("start-button")
	p.waitFor(`window.pvscope.snapshot().eventCount === 39 && !window.pvscope.snapshot().streaming`)
	p.pause()
	p.eval(`window.pvscope.seek(0)`, nil)

	p.click("room-share")
	p.waitFor(`!!window.pvscope.snapshot().room && window.pvscope.snapshot().room.role === "presenter"`)
	link := strings.TrimSpace(p.text("room-link"))
	var code string
	p.eval(`window.pvscope.snapshot().room.code`, &code)
	if !strings.HasSuffix(link, "/?room="+code) || !strings.HasPrefix(link, p.url) {
		t.Fatalf("room-link %q, want %s/?room=%s", link, p.url, code)
	}
	// The QR library is loaded when the room is shared (room.js).
	p.waitFor(`!!document.querySelector('[data-testid="room-qr"] svg path')`)
	followers := []*page{a, b}
	for _, f := range followers {
		f.open(strings.TrimPrefix(link, p.url))
		f.waitFor(`window.pvscope.snapshot().eventCount === 39`)
	}
	p.waitFor(`window.pvscope.snapshot().room.followers === 2`)
	if got := strings.TrimSpace(p.text("room-count")); got != "2" {
		t.Errorf("room-count reads %q, want 2", got)
	}

	// in waits until every follower in fs shows step k and node sel.
	in := func(k, sel int, fs ...*page) {
		t.Helper()
		for _, f := range fs {
			f.waitFor(fmt.Sprintf(`(s => s.eventIndex === %d && s.selected === %d && s.room.following)(window.pvscope.snapshot())`, k, sel))
		}
	}
	sel := 0
	for k := 1; k <= 12; k++ {
		p.click("step-forward")
		if k == 6 {
			p.eval(`window.pvscope.view.onSelect(2)`, nil) // the tree view's click on node 2
			sel = 2
		}
		var at, picked int
		p.eval(`window.pvscope.snapshot().eventIndex`, &at)
		p.eval(`window.pvscope.snapshot().selected`, &picked)
		if at != k || picked != sel {
			t.Fatalf("presenter at step %d node %d, want %d and %d", at, picked, k, sel)
		}
		in(k, sel, a, b)
	}

	// a detaches and steps back on its own; b goes on following.
	a.click("room-follow")
	a.waitFor(`window.pvscope.snapshot().room.following === false`)
	for range 5 {
		a.click("step-back")
	}
	for range 3 {
		p.click("step-forward")
	}
	in(15, sel, b)
	var aAt int
	a.eval(`window.pvscope.snapshot().eventIndex`, &aAt)
	if aAt != 7 {
		t.Fatalf("the detached follower is at step %d, want 7 (12 - 5)", aAt)
	}
	a.click("room-follow")
	in(15, sel, a)

	// A follower cannot start a search of its own in the room: it is told so and goes on following.
	b.click("start-button")
	b.waitFor(`window.pvscope.snapshot().error.includes("only the presenter starts searches")`)
	if got := b.text("error-banner"); !strings.Contains(got, "only the presenter starts searches") {
		t.Errorf("error-banner reads %q", got)
	}
	p.click("step-forward")
	in(16, sel, a, b)

	// A quiz poll: the presenter asks, the followers answer on their pages.
	p.eval(`window.pvscope.room.ask("q1", "What will the root's value be?", ["3", "4", "12"])`, nil)
	a.waitFor(`!document.querySelector('[data-testid="room-question"]').hidden`)
	b.waitFor(`!document.querySelector('[data-testid="room-question"]').hidden`)
	a.run(chromedp.Click(`//div[@data-testid="room-question"]/button[text()="3"]`, chromedp.BySearch))
	b.run(chromedp.Click(`//div[@data-testid="room-question"]/button[text()="12"]`, chromedp.BySearch))
	p.waitFor(`document.querySelector('[data-testid="room-poll"]').textContent.startsWith("2 of 2 answered")`)
	if got := p.text("room-poll"); !strings.Contains(got, "3: 1") || !strings.Contains(got, "12: 1") || !strings.Contains(got, "4: 0") {
		t.Errorf("room-poll reads %q, want 3: 1, 4: 0 and 12: 1", got)
	}

	// Quiz mode on the presenter's page polls the room: the question the presenter's quiz opens
	// reaches the followers, who answer on their own pages, and the presenter sees the count.
	p.click("quiz-toggle")
	p.waitFor(`window.pvscope.snapshot().quiz.active`)
	for open := false; !open; {
		p.click("step-forward") // steps until the quiz stops before a decision
		p.eval(`!!window.pvscope.snapshot().quiz.question || window.pvscope.snapshot().eventIndex === 39`, &open)
	}
	p.waitFor(`!!window.pvscope.snapshot().quiz.question`)
	var asked string
	p.eval(`document.querySelector('.quiz-panel .quiz-q').textContent`, &asked)
	for _, f := range followers {
		f.waitFor(fmt.Sprintf(`document.querySelector('[data-testid="room-question"]').textContent.startsWith(%q)`, asked))
		var typed bool
		f.eval(`!!document.querySelector('[data-testid="room-answer"]')`, &typed)
		if typed {
			f.run(chromedp.SendKeys(`[data-testid="room-answer"]`, "3\n", chromedp.ByQuery))
		} else {
			f.run(chromedp.Click(`//div[@data-testid="room-question"]/button[1]`, chromedp.BySearch))
		}
	}
	p.waitFor(`document.querySelector('[data-testid="room-poll"]').textContent.startsWith("2 of 2 answered")`)
	p.click("quiz-toggle")
	at := 0
	p.eval(`window.pvscope.snapshot().eventIndex`, &at)
	in(at, sel, a, b)

	// The presenter reloads its tab: its token brings the room and its followers back,
	// and the followers stay where they are until it has a search to show.
	p.open("/?" + url.Values{"tree": {aima}, "algo": {"pvs"}}.Encode())
	p.waitFor(fmt.Sprintf(`(r => !!r && r.role === "presenter" && r.code === %q && r.followers === 2)(window.pvscope.snapshot().room)`, code))
	time.Sleep(300 * time.Millisecond) // six of the page's cursor checks: time for a wrong cursor to go out
	in(at, sel, a, b)

	// The presenter closes the room: the followers are told and are on their own.
	p.eval(`window.pvscope.room.close()`, nil)
	for _, f := range followers {
		f.waitFor(`window.pvscope.snapshot().room === null`)
		if got := f.text("room-state"); !strings.Contains(got, "closed the room") {
			t.Errorf("a follower's room-state reads %q after the presenter closed the room", got)
		}
	}
}

package server

import (
	"net/url"
	"strings"
	"sync"
	"testing"

	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/gorilla/websocket"
)

// With every slot taken, the page's search waits in line and the page says
// its place; when the slot frees, the search runs and the page plays it. The
// page runs under the server's Content-Security-Policy throughout.
func TestBrowserShowsItsPlaceInLine(t *testing.T) {
	lim := DefaultLimits()
	lim.MaxSearches = 1
	p := newPageWith(t, 1366, 768, lim)
	// Another client holds the only slot with a search that only a stop ends.
	ws, _, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(p.url, "http")+"/ws", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	ws.ReadMessage() // hello
	ws.WriteJSON(map[string]any{"type": "start", "options": map[string]string{"depth": "12"}})
	go func() { // keep reading, so the holder is not taken for stuck
		for {
			if _, _, err := ws.ReadMessage(); err != nil {
				return
			}
		}
	}()
	// The browser reports what the policy blocks in its log and console.
	var mu sync.Mutex
	var blocked []string
	chromedp.ListenTarget(p.ctx, func(ev any) {
		text := ""
		switch e := ev.(type) {
		case *cdplog.EventEntryAdded:
			text = e.Entry.Text
		case *runtime.EventConsoleAPICalled:
			for _, a := range e.Args {
				text += string(a.Value)
			}
		}
		if strings.Contains(text, "Content Security Policy") {
			mu.Lock()
			blocked = append(blocked, text)
			mu.Unlock()
		}
	})
	p.run(cdplog.Enable(), runtime.Enable())
	defer func() {
		mu.Lock()
		defer mu.Unlock()
		if len(blocked) > 0 {
			t.Errorf("the Content-Security-Policy blocked: %q", blocked)
		}
	}()
	p.open("/?" + url.Values{"tree": {aima}, "algo": {"pvs"}}.Encode())
	p.click("start-button")
	p.waitFor(`window.pvscope.snapshot().queued === 1`)
	if got := p.text("run-state"); !strings.Contains(got, "1st in line") {
		t.Fatalf("run-state reads %q while waiting, want its place in line", got)
	}
	ws.WriteJSON(map[string]any{"type": "stop"})
	p.waitFor(`window.pvscope.snapshot().eventCount === 39 && !window.pvscope.snapshot().streaming`)
	if s := p.snapshot(); s.Error != "" {
		t.Fatalf("after waiting in line: error %q", s.Error)
	}
	var queued int
	p.run(chromedp.Evaluate(`window.pvscope.snapshot().queued`, &queued))
	if queued != 0 || strings.Contains(p.text("run-state"), "in line") {
		t.Fatalf("after the start, the page still shows a place in line: %q", p.text("run-state"))
	}
}

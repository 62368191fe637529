package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Browser tests drive the real page in headless Chromium through the names of
// DESIGN.md's contract. Without Chromium they skip, unless
// PVSCOPE_REQUIRE_BROWSER=1 (set by .ci/run), which turns the skip into a failure.

func chromiumPath() string {
	if p := os.Getenv("PVSCOPE_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// page is one browser tab on a fresh test server.
type page struct {
	t   testing.TB
	ctx context.Context
	url string  // the server's base URL
	srv *Server // the server itself
}

func newPage(t testing.TB, width, height int) *page {
	t.Helper()
	return newPageWith(t, width, height, DefaultLimits())
}

// newPageWith is newPage on a server with the given limits.
func newPageWith(t testing.TB, width, height int, lim Limits) *page {
	t.Helper()
	return newPageOn(t, width, height, lim, nil)
}

// newPageOn is newPageWith with setup called on the server before it serves
// (to offer engines, say).
func newPageOn(t testing.TB, width, height int, lim Limits, setup func(*Server)) *page {
	t.Helper()
	return newServerPage(t, width, height, lim, setup, newBrowser)
}

// newPrivatePage is newPage in a Chromium of its own, for a test that
// measures the browser's processes (rendererRSS): in the shared Chromium
// the other windows' renderers would count.
func newPrivatePage(t testing.TB, width, height int) *page {
	t.Helper()
	keepSerial(t)
	return newServerPage(t, width, height, DefaultLimits(), nil, newPrivateBrowser)
}

// opener opens a window on a test server of h (newBrowser, newPrivateBrowser).
type opener func(t testing.TB, width, height int, ctx context.Context, cancel context.CancelFunc, h http.Handler) *page

func newServerPage(t testing.TB, width, height int, lim Limits, setup func(*Server), open opener) *page {
	t.Helper()
	browserCheck(t)
	ctx, cancel := context.WithCancel(context.Background())
	srv := New(ctx, lim)
	if setup != nil {
		setup(srv)
	}
	p := open(t, width, height, ctx, cancel, srv)
	p.srv = srv
	return p
}

// browserCheck skips the test when it cannot run (in -short, or with no
// Chromium unless PVSCOPE_REQUIRE_BROWSER=1); a test that can run runs beside
// the other browser tests from then on (runBeside, browser_parallel_test.go).
func browserCheck(t testing.TB) {
	t.Helper()
	if testing.Short() {
		t.Skip("browser tests run in the full pass (go test without -short)")
	}
	if chromiumPath() == "" {
		if os.Getenv("PVSCOPE_REQUIRE_BROWSER") == "1" {
			t.Fatal("PVSCOPE_REQUIRE_BROWSER=1 but no Chromium was found (install Debian's chromium)")
		}
		t.Skip("no Chromium on this machine: browser tests skipped (set PVSCOPE_REQUIRE_BROWSER=1 to fail instead)")
	}
	runBeside(t)
}

// newBrowser opens a window of the shared Chromium (browser_shared_test.go)
// on a test server of h; cancel ends the test's context. The window, its
// browser context and the server end with the test.
func newBrowser(t testing.TB, width, height int, ctx context.Context, cancel context.CancelFunc, h http.Handler) *page {
	t.Helper()
	hs := httptest.NewServer(h)
	wctx, wclose, err := newWindow(width, height)
	if err != nil {
		hs.Close()
		cancel()
		t.Fatal(err)
	}
	// A whole browser test gets ten minutes: past that, something hangs. (Five
	// were once too few for TestBrowserAccessibilityAxe, then 102 s alone, with
	// another test drawing beside it on a two-core machine under a load of 30.)
	tctx, tcancel := context.WithTimeout(wctx, 10*time.Minute)
	t.Cleanup(func() {
		tcancel()
		wclose()
		hs.Close()
		cancel()
	})
	return &page{t: t, ctx: tctx, url: hs.URL}
}

// newPrivateBrowser is newBrowser in a Chromium of its own, with its own
// profile folder, removed at the end.
func newPrivateBrowser(t testing.TB, width, height int, ctx context.Context, cancel context.CancelFunc, h http.Handler) *page {
	t.Helper()
	if _, bench := t.(*testing.B); !bench && !isSerial(t) {
		cancel()
		t.Fatal("a Chromium of its own is for measuring the browser, which other tests running beside would disturb: call keepSerial before the test's first page (newPrivatePage does)")
	}
	// Chromium may still write its profile as it quits, so the directory is
	// removed by hand, ignoring what it left (t.TempDir would fail the test).
	profile, err := os.MkdirTemp("", "pvscope-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(h)
	actx, acancel := chromedp.NewExecAllocator(ctx, chromiumOptions(profile, width, height)...)
	bctx, bcancel := chromedp.NewContext(actx)
	// A whole browser test gets five minutes: past that, something hangs.
	tctx, tcancel := context.WithTimeout(bctx, 5*time.Minute)
	t.Cleanup(func() {
		tcancel()
		bcancel()
		acancel()
		hs.Close()
		cancel()
		os.RemoveAll(profile)
	})
	if err := chromedp.Run(tctx); err != nil {
		t.Fatalf("starting Chromium: %v", err)
	}
	return &page{t: t, ctx: tctx, url: hs.URL}
}

func (p *page) run(actions ...chromedp.Action) {
	p.t.Helper()
	if err := chromedp.Run(p.ctx, actions...); err != nil {
		p.t.Fatal(err)
	}
}

// open loads the page at path and waits for the app to be ready.
func (p *page) open(path string) {
	p.t.Helper()
	p.run(chromedp.Navigate(p.url+path),
		chromedp.WaitVisible(`[data-testid="start-button"]`),
		chromedp.Poll(`window.pvscope && typeof window.pvscope.snapshot === 'function'`, nil, chromedp.WithPollingTimeout(30*time.Second)))
}

func (p *page) click(testid string) {
	p.t.Helper()
	p.run(chromedp.Click(fmt.Sprintf(`[data-testid=%q]`, testid), chromedp.ByQuery))
}

// snapshot is window.pvscope.snapshot() (DESIGN.md).
type snapshot struct {
	EventIndex   int      `json:"eventIndex"`
	EventCount   int      `json:"eventCount"`
	NodeCount    int      `json:"nodeCount"`
	VisibleNodes int      `json:"visibleNodes"`
	PV           []string `json:"pv"`
	Running      bool     `json:"running"`
	Error        string   `json:"error"`
	Score        *int     `json:"score"`
	Depth        int      `json:"depth"`
	Pruned       []string `json:"pruned"`
	Streaming    bool     `json:"streaming"`
}

func (p *page) snapshot() snapshot {
	p.t.Helper()
	var raw json.RawMessage
	p.run(chromedp.Evaluate(`JSON.stringify(window.pvscope.snapshot())`, &raw))
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		p.t.Fatal(err)
	}
	var snap snapshot
	if err := json.Unmarshal([]byte(s), &snap); err != nil {
		p.t.Fatal(err)
	}
	return snap
}

// present turns presentation mode on (the p key) unless the page opened in it, and waits until
// the page and its tree view are presenting.
func (p *page) present() {
	p.t.Helper()
	var on bool
	p.run(chromedp.Evaluate(`document.documentElement.classList.contains("presentation")`, &on))
	if !on {
		p.run(chromedp.KeyEvent("p"))
	}
	p.waitFor(`!!(document.documentElement.classList.contains("presentation") && window.pvscope.view && window.pvscope.view.present)`)
}

// waitFor polls a JavaScript condition (60 s at most: 30 s were overrun by a
// gallery search streaming in while another test drew beside it under a load
// of 33, TestBrowserPVLabEveryGalleryEntryShowsItsCut).
func (p *page) waitFor(cond string) {
	p.t.Helper()
	p.run(chromedp.Poll(cond, nil, chromedp.WithPollingTimeout(60*time.Second)))
}

func (p *page) text(testid string) string {
	p.t.Helper()
	var s string
	p.run(chromedp.Text(fmt.Sprintf(`[data-testid=%q]`, testid), &s, chromedp.ByQuery))
	return s
}

func (p *page) screenshot(file string) {
	p.t.Helper()
	var png []byte
	p.run(chromedp.FullScreenshot(&png, 100))
	if err := os.WriteFile(file, png, 0o644); err != nil {
		p.t.Fatal(err)
	}
}

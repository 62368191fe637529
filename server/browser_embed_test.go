package server

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// A course page on another origin (a second local server) frames /?embed=1:
// the frame loads and runs the search when that origin is named in
// -embed-origins, and the browser refuses it when it is not. The framed page
// posts {type: "pvscope", state: "ready"} to its parent (embed.js); a refused
// frame shows Chromium's error page instead of pvscope.
func TestBrowserEmbedFramedByNamedOriginOnly(t *testing.T) {
	for _, named := range []bool{true, false} {
		t.Run(fmt.Sprintf("named=%v", named), func(t *testing.T) {
			var pvscopeURL string
			course := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "text/html; charset=utf-8")
				fmt.Fprintf(w, `<!DOCTYPE html><html><body><h1>Course</h1>
<script>window.got = []; addEventListener("message", (e) => window.got.push({origin: e.origin, data: e.data}));</script>
<iframe id="f" src="%s/?embed=1&tree=((3+12+8)+(2+4+6)+(14+5+2))&algo=alphabeta&depth=2" width="900" height="500"
 onload="window.frameLoaded = true"></iframe></body></html>`, pvscopeURL)
			}))
			t.Cleanup(course.Close)
			lim := DefaultLimits()
			if named {
				lim.EmbedOrigins = []string{"https://course.example.edu", course.URL}
			} else {
				lim.EmbedOrigins = []string{"https://course.example.edu"}
			}
			p := newPageWith(t, 1200, 800, lim)
			pvscopeURL = p.url
			p.run(chromedp.Navigate(course.URL + "/"))
			p.waitFor(`window.frameLoaded === true`)
			frameURL := func() string {
				var tree *cdppage.FrameTree
				p.run(chromedp.ActionFunc(func(ctx context.Context) error {
					var err error
					tree, err = cdppage.GetFrameTree().Do(ctx)
					return err
				}))
				if len(tree.ChildFrames) != 1 {
					t.Fatalf("the course page has %d frames, want 1", len(tree.ChildFrames))
				}
				f := tree.ChildFrames[0].Frame
				return f.URL + f.URLFragment
			}
			if named {
				p.waitFor(`window.got.some((m) => m.data && m.data.type === "pvscope" && m.data.state === "ready")`)
				var origin string
				p.run(chromedp.Evaluate(`window.got[0].origin`, &origin))
				if origin != pvscopeURL {
					t.Errorf("message from %q, want the pvscope server %q", origin, pvscopeURL)
				}
				if u := frameURL(); !strings.HasPrefix(u, pvscopeURL+"/?") || !strings.Contains(u, "embed=1") {
					t.Errorf("frame at %q, want the embedded page", u)
				}
				return
			}
			u := frameURL()
			t.Logf("refused frame at %q", u)
			if strings.HasPrefix(u, pvscopeURL) {
				t.Errorf("a course page not named in -embed-origins framed pvscope (frame at %q)", u)
			}
			var got int
			p.run(chromedp.Evaluate(`window.got.length`, &got))
			if got != 0 {
				t.Errorf("the refused frame posted %d messages", got)
			}
		})
	}
}

// ?embed=1 alone: no setup form, the tree, the stepping bar and the log; the
// search the URL gives starts by itself, and the link opens the full page.
func TestBrowserEmbedShowsTreeBarAndLogOnly(t *testing.T) {
	p := newPage(t, 900, 500)
	p.run(chromedp.Navigate(p.url + "/?embed=1&tree=((3+12+8)+(2+4+6)+(14+5+2))&algo=alphabeta&depth=2"))
	p.waitFor(`window.pvscope && window.pvscope.snapshot().eventCount > 0 && !window.pvscope.snapshot().streaming`)
	var shown map[string]bool
	p.run(chromedp.Evaluate(`Object.fromEntries(["setup-form", "tree-view", "step-forward", "event-log", "board", "pv-line", "trace-file", "room-share", "embed-full"].map((id) => {
		const el = document.querySelector('[data-testid="' + id + '"]');
		return [id, !!el && el.getClientRects().length > 0];
	}))`, &shown))
	for id, want := range map[string]bool{"setup-form": false, "tree-view": true, "step-forward": true, "event-log": true,
		"board": false, "pv-line": false, "room-share": false, "embed-full": true} {
		if shown[id] != want {
			t.Errorf("%s shown = %v, want %v", id, shown[id], want)
		}
	}
	var href string
	p.run(chromedp.Evaluate(`document.querySelector('[data-testid="embed-full"]').getAttribute("href")`, &href))
	if strings.Contains(href, "embed") || !strings.Contains(href, "tree=") {
		t.Errorf("full-page link %q: want the same search without embed=1", href)
	}
	var fits bool
	p.run(chromedp.Evaluate(`document.documentElement.scrollWidth <= innerWidth && document.documentElement.scrollHeight <= innerHeight`, &fits))
	if !fits {
		t.Error("the embedded page overflows its 900x500 frame")
	}
	p.run(chromedp.Evaluate(`window.pvscope.seek(window.pvscope.snapshot().eventCount)`, nil))
	if dir := os.Getenv("PVSCOPE_SHOTS"); dir != "" {
		p.screenshot(filepath.Join(dir, "embed-900x500.png"))
	}
}

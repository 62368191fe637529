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

	"github.com/chromedp/cdproto/cdp"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// A course page on another origin (a second local server) frames /?embed=1:
// the frame loads and runs the search when that origin is named in
// -embed-origins, and the browser refuses it when it is not. The framed page
// posts {type: "pvscope", state: "ready"} to its parent (embed.js); a refused
// frame shows pvscope's hint (embedhint.go) instead: why, and how to allow it.
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
			// Refused: the frame holds the hint (embedhint.go), not the page: a sentence naming
			// the course's origin, the flag that allows it, and a link to the page in a new tab.
			var nodes []*cdp.Node
			p.run(chromedp.Nodes("#f", &nodes, chromedp.ByQuery))
			var text, href, target, rel string
			var ok bool
			p.run(chromedp.Text("main", &text, chromedp.ByQuery, chromedp.FromNode(nodes[0])),
				chromedp.AttributeValue("main a", "href", &href, &ok, chromedp.ByQuery, chromedp.FromNode(nodes[0])),
				chromedp.AttributeValue("main a", "target", &target, &ok, chromedp.ByQuery, chromedp.FromNode(nodes[0])),
				chromedp.AttributeValue("main a", "rel", &rel, &ok, chromedp.ByQuery, chromedp.FromNode(nodes[0])))
			for _, want := range []string{"This pvscope server does not allow embedding from " + course.URL + ".",
				"pvscope serve -embed-origins " + course.URL, "Open this page in a new tab"} {
				if !strings.Contains(text, want) {
					t.Errorf("the refused frame says %q, want %q in it", text, want)
				}
			}
			if target != "_blank" || rel != "noopener" || strings.Contains(href, "embed") || !strings.Contains(href, "tree=") {
				t.Errorf("the hint's link: href %q target %q rel %q", href, target, rel)
			}
			if u := frameURL(); !strings.HasPrefix(u, pvscopeURL+"/?embed=1") {
				t.Errorf("frame at %q, want the hint at pvscope's embed URL", u)
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

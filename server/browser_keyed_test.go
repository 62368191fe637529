package server

import (
	"context"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserFrenchServerRefusal: a setup the server refuses (a random tree
// past its node limit, which only the server checks; a depth past the limit
// the page refuses itself, in its own words) shows the server's sentence in
// French on /?lang=fr, from the error frame's key and args, and in English
// on the English page. The sentences are written here by hand.
func TestBrowserFrenchServerRefusal(t *testing.T) {
	lim := DefaultLimits()
	lim.MaxNodes = 1000
	p := newPageWith(t, 1366, 768, lim)
	q := url.Values{"random": {"b=10,d=4"}, "algo": {"alphabeta"}, "depth": {"4"}}
	for _, tc := range []struct{ lang, want string }{
		// 10^0 + ... + 10^4 = 11,111 nodes.
		{"fr", "L'arbre aléatoire b=10,d=4 a 11\u202f111 nœuds, plus que ce serveur n'en construit (sa limite de nœuds, 1\u202f000)."},
		{"en", "The random tree b=10,d=4 has 11111 nodes, more than this server builds (its node limit, 1000)."},
	} {
		p.open("/?lang=" + tc.lang + "&" + q.Encode())
		p.click("start-button")
		p.waitFor(`window.pvscope.snapshot().error !== ""`)
		p.run(chromedp.WaitVisible(`[data-testid="error-banner"]`, chromedp.ByQuery))
		var banner string
		p.run(chromedp.Text(`#error-text`, &banner, chromedp.ByQuery))
		if banner != tc.want {
			t.Errorf("%s banner %q, want %q", tc.lang, banner, tc.want)
		}
		if tc.lang == "fr" {
			p.shot("server-refusal-fr-1366x768.png")
		}
	}
}

// TestBrowserFrenchPlaceInLine: a search waiting for the only slot reads its
// place in French in the run-state line (the queued frame's key and args),
// then runs when the slot frees.
func TestBrowserFrenchPlaceInLine(t *testing.T) {
	lim := DefaultLimits()
	lim.MaxSearches = 1
	var srv *Server
	p := newPageOn(t, 1366, 768, lim, func(s *Server) { srv = s })
	release, err := srv.slots.Acquire(context.Background(), func(int) {}) // the test holds the only slot
	if err != nil {
		t.Fatal(err)
	}
	p.open("/?" + url.Values{"lang": {"fr"}, "tree": {aima}, "algo": {"pvs"}}.Encode())
	p.click("start-button")
	p.waitFor(`window.pvscope.snapshot().queued === 1`)
	got := p.text("run-state")
	if !strings.HasPrefix(got, "1re dans la file") || !strings.Contains(got, "(le serveur mène 1 recherche à la fois).") {
		t.Errorf("run-state reads %q while waiting, want «1re dans la file … (le serveur mène 1 recherche à la fois).»", got)
	}
	p.shot("queued-fr-1366x768.png")
	release()
	p.waitFor(`window.pvscope.snapshot().eventCount === 39 && !window.pvscope.snapshot().streaming`)
}

// TestBrowserFrenchDepthOverTheLimit: the setup form checks the depth itself,
// but a search diff's options (?diff=) reach the server as written: a depth
// past the server's limit comes back as the server's refusal, in French.
func TestBrowserFrenchDepthOverTheLimit(t *testing.T) {
	p := newPage(t, 1366, 768) // DefaultLimits: depth at most 12
	p.open("/?" + url.Values{"lang": {"fr"}, "tree": {"((3 12 8) (2 4 6))"}, "diff": {"alphabeta:depth=14,pvs"}}.Encode())
	p.click("start-button")
	p.waitFor(`window.pvscope.snapshot().error !== ""`)
	p.run(chromedp.WaitVisible(`[data-testid="error-banner"]`, chromedp.ByQuery))
	var banner string
	p.run(chromedp.Text(`#error-text`, &banner, chromedp.ByQuery))
	if want := "La profondeur 14 dépasse ce que ce serveur permet (12)."; !strings.Contains(banner, want) {
		t.Errorf("banner %q, want it to say %q", banner, want)
	}
	p.shot("depth-refused-fr-1366x768.png")
}

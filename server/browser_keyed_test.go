package server

import (
	"net/url"
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

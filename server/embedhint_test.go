package server

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

// framed asks for path as a browser does for an iframe of the page at referer.
func framed(t *testing.T, base, path, site, referer, lang string) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest("GET", base+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Sec-Fetch-Dest", "iframe")
	if site != "" {
		req.Header.Set("Sec-Fetch-Site", site)
	}
	if referer != "" {
		req.Header.Set("Referer", referer)
	}
	if lang != "" {
		req.Header.Set("Accept-Language", lang)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, string(b)
}

// Issue 28, item 14: a course page framing /?embed=1 from a site -embed-origins does not name
// gets a page of text that says so, how to allow it, and a link to the page in a tab of its
// own; it alone may be framed by anyone (frame-ancestors *), holding no script and no control.
func TestEmbedHintForARefusedFrame(t *testing.T) {
	_, hs := testServer(t, DefaultLimits())
	const path = "/?embed=1&tree=((3+12+8)+(2+4+6)+(14+5+2))&algo=alphabeta"
	res, body := framed(t, hs.URL, path, "cross-site", "https://course.example.edu/week3/alphabeta.html", "")
	if res.StatusCode != http.StatusForbidden {
		t.Errorf("status %d, want 403", res.StatusCode)
	}
	if csp := res.Header.Get("Content-Security-Policy"); !strings.HasSuffix(csp, "frame-ancestors *") || !strings.Contains(csp, "default-src 'none'") || strings.Contains(csp, "script-src") {
		t.Errorf("policy %q: want no script and frame-ancestors * for the hint", csp)
	}
	if x := res.Header.Get("X-Frame-Options"); x != "" {
		t.Errorf("X-Frame-Options %q on the hint (it would refuse the frame)", x)
	}
	if res.Header.Get("X-Content-Type-Options") != "nosniff" || res.Header.Get("Cache-Control") != "no-store" {
		t.Errorf("headers %v: want nosniff and no-store kept", res.Header)
	}
	for _, want := range []string{
		"This pvscope server does not allow embedding from https://course.example.edu.",
		"<code>pvscope serve -embed-origins https://course.example.edu</code>",
		`<a href="/?tree=((3+12+8)+(2+4+6)+(14+5+2))&amp;algo=alphabeta" target="_blank" rel="noopener">Open this page in a new tab</a>`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("the hint lacks %q:\n%s", want, body)
		}
	}
	for _, never := range []string{"<script", "<form", "<input", "<button", "<iframe", "week3"} {
		if strings.Contains(strings.ToLower(body), never) {
			t.Errorf("the hint holds %q:\n%s", never, body)
		}
	}

	// In French, from Accept-Language; another port of the same host is same-site, another origin.
	res, body = framed(t, hs.URL, "/?embed=1", "same-site", "http://127.0.0.1:8081/cours", "fr-FR,fr;q=0.9")
	if res.StatusCode != http.StatusForbidden || !strings.Contains(body, `lang="fr"`) ||
		!strings.Contains(body, "Ce serveur pvscope ne permet pas l&#39;intégration depuis http://127.0.0.1:8081.") ||
		!strings.Contains(body, "Ouvrir cette page dans un nouvel onglet") {
		t.Errorf("French hint: status %d\n%s", res.StatusCode, body)
	}

	// No Referer: the site is unknown, the hint says so in general.
	_, body = framed(t, hs.URL, "/?embed=1", "cross-site", "", "")
	if !strings.Contains(body, "does not allow other sites to embed its page") || !strings.Contains(body, "-embed-origins https://course.example.edu") {
		t.Errorf("hint without a Referer:\n%s", body)
	}
	// A Referer that is no web address is not written anywhere.
	_, body = framed(t, hs.URL, "/?embed=1", "cross-site", `javascript:alert("x")`, "")
	if strings.Contains(body, "alert") || !strings.Contains(body, "other sites") {
		t.Errorf("hint for a javascript: Referer:\n%s", body)
	}
}

// Everything else keeps its headers: the embedded page for a named site, for a top-level tab and
// for its own origin; any other page in a frame stays refused, with no hint.
func TestEmbedHintOnlyWhereItHelps(t *testing.T) {
	lim := DefaultLimits()
	lim.EmbedOrigins = []string{"https://course.example.edu"}
	_, hs := testServer(t, lim)
	res, body := framed(t, hs.URL, "/?embed=1", "cross-site", "https://course.example.edu/week3", "")
	if res.StatusCode != http.StatusOK || !strings.HasSuffix(res.Header.Get("Content-Security-Policy"), "frame-ancestors https://course.example.edu") ||
		strings.Contains(body, "does not allow") {
		t.Errorf("a named site: status %d, policy %q", res.StatusCode, res.Header.Get("Content-Security-Policy"))
	}
	// A named site that sent no Referer: the browser's frame-ancestors decides, no hint.
	if res, _ := framed(t, hs.URL, "/?embed=1", "cross-site", "", ""); res.StatusCode != http.StatusOK {
		t.Errorf("no Referer with sites named: status %d, want the page", res.StatusCode)
	}
	for _, c := range []struct{ name, path, site, referer string }{
		{"whole page framed", "/?tree=((1+2))", "cross-site", "https://other.example/"},
		{"embed=0 framed", "/?embed=0", "cross-site", "https://other.example/"},
		{"same origin", "/?embed=1", "same-origin", hs.URL + "/"},
	} {
		res, body := framed(t, hs.URL, c.path, c.site, c.referer, "")
		csp := res.Header.Get("Content-Security-Policy")
		if strings.Contains(body, "does not allow") || strings.HasSuffix(csp, "frame-ancestors *") {
			t.Errorf("%s: a hint (policy %q)", c.name, csp)
		}
		if c.path != "/?embed=1" && (!strings.HasSuffix(csp, "frame-ancestors 'none'") || res.Header.Get("X-Frame-Options") != "DENY") {
			t.Errorf("%s: policy %q, X-Frame-Options %q: want it refused", c.name, csp, res.Header.Get("X-Frame-Options"))
		}
	}
	// A tab of its own (Sec-Fetch-Dest: document) from another site gets the page.
	req, _ := http.NewRequest("GET", hs.URL+"/?embed=1", nil)
	req.Header.Set("Sec-Fetch-Dest", "document")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	req.Header.Set("Referer", "https://other.example/")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Errorf("a top-level tab: status %d, want the page", res.StatusCode)
	}
}

package server

import (
	"strings"
	"testing"

	"github.com/pvscope/pvscope/server/assets"
)

// By default no site may frame the page; -embed-origins names the sites that
// may, in frame-ancestors, and X-Frame-Options (which cannot list sites) goes.
func TestEmbedOriginsWidenFrameAncestors(t *testing.T) {
	_, hs := testServer(t, DefaultLimits())
	res := get(t, hs.URL+"/?embed=1")
	if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "frame-ancestors 'none'") {
		t.Errorf("default policy %q: want frame-ancestors 'none'", csp)
	}
	if x := res.Header.Get("X-Frame-Options"); x != "DENY" {
		t.Errorf("default X-Frame-Options %q, want DENY", x)
	}

	lim := DefaultLimits()
	var err error
	lim.EmbedOrigins, err = assets.ParseEmbedOrigins("https://course.example.edu, http://127.0.0.1:8081/")
	if err != nil {
		t.Fatal(err)
	}
	_, hs = testServer(t, lim)
	res = get(t, hs.URL+"/?embed=1")
	csp := res.Header.Get("Content-Security-Policy")
	if !strings.Contains(csp, "frame-ancestors https://course.example.edu http://127.0.0.1:8081") || strings.Contains(csp, "'none'; frame") {
		t.Errorf("/?embed=1: policy %q does not name the two sites in frame-ancestors", csp)
	}
	if x := res.Header.Get("X-Frame-Options"); x != "" {
		t.Errorf("/?embed=1: X-Frame-Options %q beside a frame-ancestors list (it would refuse them all)", x)
	}
	// The whole page, framed by a named site, could be dressed up and
	// clicked through unseen: only the embedded page may be framed.
	for _, path := range []string{"/", "/?embed=0", "/?lang=fr&lesson=intro", "/static/js/app.js", "/static/index.html?embed=1"} {
		res = get(t, hs.URL+path)
		csp := res.Header.Get("Content-Security-Policy")
		if !strings.HasSuffix(csp, "frame-ancestors 'none'") || strings.Contains(csp, "course.example.edu") {
			t.Errorf("%s: policy %q, want frame-ancestors 'none'", path, csp)
		}
		if x := res.Header.Get("X-Frame-Options"); x != "DENY" {
			t.Errorf("%s: X-Frame-Options %q, want DENY", path, x)
		}
	}
}

package server

import (
	"strings"
	"testing"
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
	lim.EmbedOrigins, err = ParseEmbedOrigins("https://course.example.edu, http://127.0.0.1:8081/")
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

// Only origins go into the header: a path, a wildcard, a quote or a
// semicolon (which would add a directive) is refused with a sentence.
func TestParseEmbedOrigins(t *testing.T) {
	for _, bad := range []string{"course.example.edu", "ftp://x.example", "https://x.example/course",
		"https://x.example?a=1", "https://*.example.edu", "https://x.example;script-src *", "https://a'b.example", "https://u@x.example"} {
		if _, err := ParseEmbedOrigins(bad); err == nil || !strings.Contains(err.Error(), "-embed-origins") {
			t.Errorf("%q: err %v, want a sentence naming -embed-origins", bad, err)
		}
	}
	got, err := ParseEmbedOrigins(" https://Course.Example.edu ,,http://localhost:3000")
	if err != nil || strings.Join(got, " ") != "https://course.example.edu http://localhost:3000" {
		t.Errorf("got %q, %v", got, err)
	}
	many := strings.Repeat("https://a.example,", MaxEmbedOrigins+1)
	if _, err := ParseEmbedOrigins(many); err == nil {
		t.Errorf("%d origins accepted, limit %d", MaxEmbedOrigins+1, MaxEmbedOrigins)
	}
}

package server

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// postRoutes lists the routes that change state, read from the server's own
// source, so a route added later is checked too.
func postRoutes(t *testing.T) []string {
	t.Helper()
	files, _ := filepath.Glob("*.go")
	re := regexp.MustCompile(`HandleFunc\("(POST|PUT|PATCH|DELETE) (/[^"]*)"`)
	var routes []string
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range re.FindAllStringSubmatch(string(b), -1) {
			routes = append(routes, m[1]+" "+m[2])
		}
	}
	if len(routes) < 2 {
		t.Fatalf("found %q: want POST /trace and POST /engines/inspect at least", routes)
	}
	return routes
}

// A page on another site can send a form or a no-cors fetch here: every
// route that changes state refuses it with a sentence (403), before it
// starts an engine or keeps a trace, and still serves the page's own request.
func TestForeignRequestsRefusedOnEveryPost(t *testing.T) {
	s, hs := testServer(t, DefaultLimits())
	started := filepath.Join(t.TempDir(), "started")
	s.AddEngines(map[string]string{"fake": script(t, "touch "+started+"\nwhile read l; do case $l in uci) echo uciok;; isready) echo readyok;; go*) echo 'info depth 1 score cp 5 pv e2e4'; echo 'bestmove e2e4';; quit) exit;; esac; done\n")})
	trace := `{"format":"pvscope-trace","version":1}` + "\n" + `{"kind":"enter","node":1}` + "\n" + `{"kind":"exit","node":1,"score":3}` + "\n"
	bodies := map[string]string{"/trace": trace, "/engines/inspect": `{"engine":"fake","depth":1}`}
	type try struct {
		name    string
		headers map[string]string
		key     string // the refusal's key; "" for the page's own request
	}
	tries := []try{
		{"foreign origin, text/plain", map[string]string{"Origin": "http://evil.example", "Content-Type": "text/plain"}, "go-server.foreignOrigin"},
		{"foreign origin, JSON and the page's header", map[string]string{"Origin": "http://evil.example", "Content-Type": "application/json", pageHeader: "page"}, "go-server.foreignOrigin"},
		{"sandboxed page (Origin null)", map[string]string{"Origin": "null", "Content-Type": "text/plain"}, "go-server.foreignOrigin"},
		{"same host, other port", map[string]string{"Origin": "http://127.0.0.1:1", "Content-Type": "text/plain", pageHeader: "page"}, "go-server.foreignOrigin"},
		{"no Origin, cross-site", map[string]string{"Sec-Fetch-Site": "cross-site", "Content-Type": "text/plain"}, "go-server.foreignSite"},
		{"no Origin, same-site", map[string]string{"Sec-Fetch-Site": "same-site", "Content-Type": "application/json"}, "go-server.foreignSite"},
		{"own origin, text/plain", map[string]string{"Origin": hs.URL, "Content-Type": "text/plain;charset=UTF-8"}, "go-server.notFromPage"},
		{"own origin, a form", map[string]string{"Origin": hs.URL, "Content-Type": "application/x-www-form-urlencoded"}, "go-server.notFromPage"},
		{"own origin, multipart", map[string]string{"Origin": hs.URL, "Content-Type": "multipart/form-data; boundary=x"}, "go-server.notFromPage"},
		{"own origin, no type (a blob)", map[string]string{"Origin": hs.URL}, "go-server.notFromPage"},
		{"own origin, the page's header", map[string]string{"Origin": hs.URL, "Content-Type": "text/plain", pageHeader: "page"}, ""},
		{"own origin, JSON", map[string]string{"Origin": hs.URL, "Content-Type": "application/json", "Sec-Fetch-Site": "same-origin"}, ""},
		{"command line (no Origin, no Sec-Fetch-Site), JSON", map[string]string{"Content-Type": "application/json"}, ""},
	}
	for _, route := range postRoutes(t) {
		method, path, _ := strings.Cut(route, " ")
		for _, c := range tries {
			req, _ := http.NewRequest(method, hs.URL+path, strings.NewReader(bodies[path]))
			for k, v := range c.headers {
				req.Header.Set(k, v)
			}
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			var got struct{ Error, Key string }
			json.NewDecoder(res.Body).Decode(&got)
			res.Body.Close()
			if c.key != "" {
				if res.StatusCode != http.StatusForbidden || got.Key != c.key || !strings.HasSuffix(got.Error, ".") {
					t.Errorf("%s, %s: %d %q %q, want 403, key %s and a sentence", route, c.name, res.StatusCode, got.Key, got.Error, c.key)
				}
				continue
			}
			if res.StatusCode != http.StatusOK {
				t.Errorf("%s, %s: %d %q, want 200", route, c.name, res.StatusCode, got.Error)
			}
		}
		if path == "/engines/inspect" {
			os.Remove(started) // the page's own requests started it; check the refused ones do not
		}
	}
	// Refused requests started nothing and kept nothing: replay only them.
	before := len(s.traces.tokens)
	for _, c := range tries[:10] {
		for path, body := range bodies {
			req, _ := http.NewRequest("POST", hs.URL+path, strings.NewReader(body))
			for k, v := range c.headers {
				req.Header.Set(k, v)
			}
			if res, err := http.DefaultClient.Do(req); err == nil {
				res.Body.Close()
			}
		}
	}
	if _, err := os.Stat(started); err == nil {
		t.Error("a refused request started the engine")
	}
	if after := len(s.traces.tokens); after != before {
		t.Errorf("refused uploads kept %d traces", after-before)
	}
}

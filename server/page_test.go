package server

import (
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/gorilla/websocket"

	"github.com/pvscope/pvscope/engine"

	"golang.org/x/net/html"
)

// byTestID indexes the elements of a page by their data-testid.
func byTestID(t *testing.T, body io.Reader) map[string]*html.Node {
	t.Helper()
	doc, err := html.Parse(body)
	if err != nil {
		t.Fatal(err)
	}
	found := map[string]*html.Node{}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			for _, a := range n.Attr {
				if a.Key == "data-testid" {
					found[a.Val] = n
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return found
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

func text(n *html.Node) string {
	var b strings.Builder
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return b.String()
}

func get(t *testing.T, u string) *http.Response {
	t.Helper()
	res, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { res.Body.Close() })
	return res
}

// The page carries every name of DESIGN.md's browser-test contract.
func TestPageHasTheContractNames(t *testing.T) {
	_, hs := testServer(t, DefaultLimits())
	res := get(t, hs.URL+"/")
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("GET / = %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	ids := byTestID(t, res.Body)
	for _, id := range []string{"fen-input", "tree-input", "algo-select", "depth-input", "start-button",
		"play-pause", "step-forward", "step-back", "event-index", "pv-line", "node-count", "tree-view",
		"board", "event-log", "error-banner"} {
		if ids[id] == nil {
			t.Errorf("no element with data-testid %q", id)
		}
	}
}

// A link reproduces a search: the URL's setup fills the form.
func TestPageFillsTheFormFromTheURL(t *testing.T) {
	_, hs := testServer(t, DefaultLimits())
	fen := "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1"
	q := url.Values{"fen": {fen}, "algo": {"alphabeta"}, "depth": {"3"}}
	ids := byTestID(t, get(t, hs.URL+"/?"+q.Encode()).Body)
	if got := attr(ids["fen-input"], "value"); got != fen {
		t.Errorf("fen-input value = %q, want %q", got, fen)
	}
	if got := attr(ids["depth-input"], "value"); got != "3" {
		t.Errorf("depth-input value = %q, want 3", got)
	}
	selected := ""
	for c := ids["algo-select"].FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && c.Data == "option" && hasAttr(c, "selected") {
			selected = attr(c, "value")
		}
	}
	if selected != "alphabeta" {
		t.Errorf("algo-select has %q selected, want alphabeta", selected)
	}

	tree := "((3 12 8) (2 4 6) (14 5 2))"
	ids = byTestID(t, get(t, hs.URL+"/?"+url.Values{"tree": {tree}}.Encode()).Body)
	if got := text(ids["tree-input"]); got != tree {
		t.Errorf("tree-input = %q, want %q", got, tree)
	}
}

func hasAttr(n *html.Node, key string) bool {
	for _, a := range n.Attr {
		if a.Key == key {
			return true
		}
	}
	return false
}

func TestStaticFilesAreServed(t *testing.T) {
	_, hs := testServer(t, DefaultLimits())
	for _, p := range []string{"/static/js/app.js", "/static/js/model/model.js", "/static/css/app.css",
		"/static/vendor/d3-hierarchy/d3-hierarchy.js"} {
		res := get(t, hs.URL+p)
		body, _ := io.ReadAll(res.Body)
		if res.StatusCode != 200 || len(body) == 0 {
			t.Errorf("GET %s = %d, %d bytes", p, res.StatusCode, len(body))
		}
	}
	if res := get(t, hs.URL+"/nothing-here"); res.StatusCode != http.StatusNotFound {
		t.Errorf("GET /nothing-here = %d, want 404", res.StatusCode)
	}
	if res := get(t, hs.URL+"/static/js/../../server/server.go"); res.StatusCode == 200 {
		t.Errorf("a path outside static/ was served")
	}
}

// A plain GET of /ws (no upgrade) is refused with an HTTP error, not a hang.
func TestWebsocketNeedsAnUpgrade(t *testing.T) {
	_, hs := testServer(t, DefaultLimits())
	if res := get(t, hs.URL+"/ws"); res.StatusCode != http.StatusBadRequest {
		t.Fatalf("GET /ws without upgrade = %d, want 400", res.StatusCode)
	}
}

// Another site open in the same browser cannot drive searches here: the
// upgrade checks the Origin (gorilla's default).
func TestCrossOriginUpgradeIsRefused(t *testing.T) {
	_, hs := testServer(t, DefaultLimits())
	url := "ws" + strings.TrimPrefix(hs.URL, "http") + "/ws"
	_, res, err := websocket.DefaultDialer.Dial(url, http.Header{"Origin": {"http://elsewhere.example"}})
	if err == nil || res == nil || res.StatusCode != http.StatusForbidden {
		t.Fatalf("cross-origin dial: %v (%v), want 403", err, res)
	}
}

// The setup offers engine.Gallery's exhibits in order, each as the URL query that sets it up:
// the FEN and every option of the entry.
func TestPageListsTheGallery(t *testing.T) {
	_, hs := testServer(t, DefaultLimits())
	sel := byTestID(t, get(t, hs.URL+"/").Body)["gallery-select"]
	if sel == nil {
		t.Fatal("no gallery-select")
	}
	var opts []*html.Node
	for c := sel.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && c.Data == "option" && attr(c, "value") != "" {
			opts = append(opts, c)
		}
	}
	if len(opts) != len(engine.Gallery) {
		t.Fatalf("%d entries listed, engine.Gallery has %d", len(opts), len(engine.Gallery))
	}
	for i, g := range engine.Gallery {
		o := opts[i]
		if text(o) != g.Name || !strings.Contains(attr(o, "title"), g.Source) || !strings.Contains(attr(o, "title"), g.Note) {
			t.Errorf("entry %d shows %q titled %q, want %q with its source and note", i, text(o), attr(o, "title"), g.Name)
		}
		q, err := url.ParseQuery(strings.TrimPrefix(attr(o, "value"), "?"))
		if err != nil {
			t.Fatal(err)
		}
		if q.Get("fen") != g.FEN || len(q) != len(g.Options)+1 {
			t.Errorf("entry %d's query %q, want the FEN and exactly its %d options", i, attr(o, "value"), len(g.Options))
		}
		for name, v := range g.Options {
			if q.Get(name) != v {
				t.Errorf("entry %d: %s=%q, want %q", i, name, q.Get(name), v)
			}
		}
		if attr(o, "data-method") != g.Method.String() || attr(o, "data-reason") != g.Reason.String() {
			t.Errorf("entry %d names %s/%s, want %s/%s", i, attr(o, "data-method"), attr(o, "data-reason"), g.Method, g.Reason)
		}
	}
}

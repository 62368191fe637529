package templates

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/a-h/templ"
	"golang.org/x/net/html"
)

// render renders a component and indexes its elements by data-testid.
func render(t *testing.T, c templ.Component) map[string]*html.Node {
	t.Helper()
	var b bytes.Buffer
	if err := c.Render(context.Background(), &b); err != nil {
		t.Fatal(err)
	}
	doc, err := html.Parse(&b)
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]*html.Node{}
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if v, ok := attr(n, "data-testid"); ok {
			ids[v] = n
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return ids
}

func attr(n *html.Node, key string) (string, bool) {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}

func options(n *html.Node) (values []string, selected string) {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && c.Data == "option" {
			v, _ := attr(c, "value")
			values = append(values, v)
			if _, ok := attr(c, "selected"); ok {
				selected = v
			}
		}
	}
	return values, selected
}

// A boolean option offers "default" besides on and off: leaving it alone must
// mean the engine's default for the kind of input (chess and trees differ).
func TestOptionControlKeepsTheDefaultApart(t *testing.T) {
	ids := render(t, OptionControl(Option{Name: "tt", Usage: "transposition table", Bool: true}))
	values, selected := options(ids["option-tt"])
	if strings.Join(values, ",") != ",true,false" || selected != "" {
		t.Fatalf("tt offers %q with %q selected; want default, true, false with default selected", values, selected)
	}
	ids = render(t, OptionControl(Option{Name: "tt-replace", Choices: []string{"depth", "always"}, Value: "always"}))
	if _, selected := options(ids["option-tt-replace"]); selected != "always" {
		t.Fatalf("tt-replace selected %q, want always (from the URL)", selected)
	}
	ids = render(t, OptionControl(Option{Name: "tt-size", Value: "4096"}))
	if v, _ := attr(ids["option-tt-size"], "value"); v != "4096" {
		t.Fatalf("tt-size value %q, want 4096", v)
	}
}

func TestSetupShowsTheNamedInputsAndTheForm(t *testing.T) {
	p := Page{
		Form:      Form{Tree: "((1 2) (3 4))", Algo: "minimax", Depth: "2"},
		Positions: []Named{{ID: "kiwipete", Label: "Kiwipete", Value: "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"}},
		Trees:     []Named{{ID: "aima", Label: "Russell & Norvig", Value: "((3 12 8) (2 4 6) (14 5 2))"}},
		Limits:    Limits{MaxDepth: 12, MaxNodes: 1000},
	}
	ids := render(t, Setup(p))
	if got := ids["tree-input"].FirstChild; got == nil || got.Data != "((1 2) (3 4))" {
		t.Fatalf("tree-input holds %v, want the URL's tree", got)
	}
	if _, sel := options(ids["algo-select"]); sel != "minimax" {
		t.Fatalf("algo-select has %q selected, want minimax", sel)
	}
	if v, _ := attr(ids["depth-input"], "value"); v != "2" {
		t.Fatalf("depth-input value %q, want 2", v)
	}
	// The named lists carry their values, so choosing one fills the field without a round trip.
	var b bytes.Buffer
	Setup(p).Render(context.Background(), &b)
	for _, want := range []string{"Kiwipete", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "Russell &amp; Norvig"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("setup does not show %q", want)
		}
	}
}

// The error banner starts hidden (a page without an error shows none) and is
// announced to screen readers when it appears.
func TestErrorBannerStartsHidden(t *testing.T) {
	ids := render(t, ErrorBanner())
	b := ids["error-banner"]
	if _, hidden := attr(b, "hidden"); !hidden {
		t.Fatal("the error banner is visible before any error")
	}
	if role, _ := attr(b, "role"); role != "alert" {
		t.Fatalf("error banner role %q, want alert", role)
	}
}

// Every control of DESIGN.md's contract is in the page, once.
func TestIndexHasEachContractNameOnce(t *testing.T) {
	var b bytes.Buffer
	if err := Index(Page{Protocol: 1}).Render(context.Background(), &b); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"fen-input", "tree-input", "algo-select", "depth-input", "start-button",
		"play-pause", "step-forward", "step-back", "event-index", "pv-line", "node-count", "tree-view",
		"board", "event-log", "error-banner",
		"lesson-menu", "lesson-prev", "lesson-next", "lesson-text"} {
		if n := strings.Count(b.String(), `data-testid="`+id+`"`); n != 1 {
			t.Errorf("data-testid %q appears %d times, want 1", id, n)
		}
	}
}

// No data-testid is used twice (the short-PV laboratory's names included), so a test that
// finds one by name finds the one it means.
func TestIndexTestIDsAreUnique(t *testing.T) {
	var b bytes.Buffer
	p := Page{Protocol: 2, Gallery: []GalleryItem{{Name: "An exhibit", Query: "?fen=8/8/8/8/8/8/8/8+w+-+-&depth=5"}}}
	if err := Index(p).Render(context.Background(), &b); err != nil {
		t.Fatal(err)
	}
	doc, err := html.Parse(&b)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if v, ok := attr(n, "data-testid"); ok {
			seen[v]++
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	for id, n := range seen {
		if n != 1 {
			t.Errorf("data-testid %q appears %d times", id, n)
		}
	}
	for _, id := range []string{"gallery-select", "pv-lab", "pv-iterations", "bp-pv-cut", "help-pv"} {
		if seen[id] == 0 {
			t.Errorf("no data-testid %q", id)
		}
	}
}

package templates

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// The algorithm menu calls each algorithm by the name its lesson's title gives it, in each
// language (issue 39: the French menu said "Alpha-beta" where the lesson says "Alpha-bêta").
func TestAlgoMenuSaysTheLessonsWords(t *testing.T) {
	title := func(file string) string {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		first, _, _ := strings.Cut(string(b), "\n")
		return strings.TrimPrefix(first, "# ")
	}
	for _, c := range []struct {
		french bool
		lesson string
	}{{false, "../static/lessons/alphabeta.md"}, {true, "../static/lessons/fr/alphabeta.md"}} {
		ctx := t.Context()
		if c.french {
			ctx = frenchCtx(t)
		}
		var b bytes.Buffer
		if err := Setup(Page{}).Render(ctx, &b); err != nil {
			t.Fatal(err)
		}
		doc, err := html.Parse(&b)
		if err != nil {
			t.Fatal(err)
		}
		shown := ""
		var walk func(*html.Node)
		walk = func(n *html.Node) {
			if v, _ := attr(n, "value"); n.Type == html.ElementNode && n.Data == "option" && v == "alphabeta" && n.FirstChild != nil {
				shown = n.FirstChild.Data
			}
			for k := n.FirstChild; k != nil; k = k.NextSibling {
				walk(k)
			}
		}
		walk(doc)
		if want := title(c.lesson); shown != want {
			t.Errorf("french=%v: the menu says %q, the lesson %q", c.french, shown, want)
		}
	}
}

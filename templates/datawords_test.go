package templates

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/pvscope/pvscope/static"
	"github.com/pvscope/pvscope/templates/words"
)

func frenchCtx(t *testing.T) context.Context {
	t.Helper()
	fr, err := words.Load("fr")
	if err != nil {
		t.Fatal(err)
	}
	return words.With(context.Background(), fr)
}

// Words given as data take the catalog's text in the page's language, and the Go text where no
// catalog has the key (a new option, a test's made-up exhibit), never the bare key.
func TestDataWordsFallBackToTheGoText(t *testing.T) {
	ctx := frenchCtx(t)
	var b bytes.Buffer
	if err := OptionControl(Option{Name: "tt", Usage: "transposition table", Bool: true}).Render(ctx, &b); err != nil {
		t.Fatal(err)
	}
	// Written by hand: the French for the usage and for default / on / off.
	for _, want := range []string{`<span class="usage">table de transposition</span>`, ">par défaut<", ">activé<", ">désactivé<"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("French tt row lacks %q:\n%s", want, b.String())
		}
	}
	b.Reset()
	if err := OptionControl(Option{Name: "no-such-option", Usage: "made up for the test"}).Render(ctx, &b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), `<span class="usage">made up for the test</span>`) {
		t.Errorf("an option with no words does not show its Go usage:\n%s", b.String())
	}
	p := Page{
		Positions: []Named{{ID: "start", Label: "Start position", Value: "x"}, {ID: "mine", Label: "My own", Value: "y"}},
		Gallery:   []GalleryItem{{ID: "wac001", Name: "A mate ends the line (mate)", Source: "s", Note: "n"}, {Name: "Unnamed", Source: "S", Note: "N"}},
	}
	b.Reset()
	if err := Setup(p).Render(ctx, &b); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{">Position initiale<", ">My own<", ">Un mat termine la ligne (mate)<", ">Unnamed<", `title="S. N"`} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("French setup lacks %q", want)
		}
	}
	if strings.Contains(b.String(), "gallery.") || strings.Contains(b.String(), "named.") {
		t.Error("a bare key shows in the setup")
	}
}

// Messages whose key ends in Html are written into the page as markup (the help's paragraphs
// keep their <b> and <code>): every language's must parse to the same elements, with the same
// classes, in the same order as the English, and use only inline text markup.
func TestHtmlMessagesKeepTheirMarkup(t *testing.T) {
	en, err := words.Read(static.FS, words.English)
	if err != nil {
		t.Fatal(err)
	}
	fr, err := words.Read(static.FS, "fr")
	if err != nil {
		t.Fatal(err)
	}
	allowed := map[string]bool{"b": true, "i": true, "code": true, "span": true}
	shape := func(lang, key, msg string) []string {
		nodes, err := html.ParseFragment(strings.NewReader(msg), &html.Node{Type: html.ElementNode, Data: "p", DataAtom: atom.P})
		if err != nil {
			t.Fatalf("%s %s: %v", lang, key, err)
		}
		var out []string
		var walk func(*html.Node)
		walk = func(n *html.Node) {
			if n.Type == html.ElementNode {
				if !allowed[n.Data] {
					t.Errorf("%s %s: <%s> is not inline text markup", lang, key, n.Data)
				}
				tag := n.Data
				for _, a := range n.Attr {
					if a.Key != "class" {
						t.Errorf("%s %s: <%s %s> (only class is allowed)", lang, key, n.Data, a.Key)
					}
					tag += "." + a.Val
				}
				out = append(out, tag)
			}
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				walk(c)
			}
		}
		for _, n := range nodes {
			walk(n)
		}
		return out
	}
	count := 0
	for key, msg := range en {
		if !strings.HasSuffix(key, "Html") {
			if strings.ContainsAny(msg, "<>") && strings.HasPrefix(key, "tpl-") {
				t.Errorf("%s has markup but its key does not end in Html", key)
			}
			continue
		}
		count++
		want := shape("en", key, msg)
		if got := shape("fr", key, fr[key]); strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("fr %s has the elements %v, English %v", key, got, want)
		}
	}
	if count == 0 {
		t.Error("no Html messages found")
	}
}

// The French page says so: <html lang="fr">, and its title is the French one.
func TestIndexInFrench(t *testing.T) {
	var b bytes.Buffer
	if err := Index(Page{Protocol: 1, Embed: true}).Render(frenchCtx(t), &b); err != nil {
		t.Fatal(err)
	}
	s := b.String()
	for _, want := range []string{`<html lang="fr"`, "<title>pvscope\u00a0: une recherche", ">Ouvrir dans pvscope ↗<",
		`aria-label="Position, variation principale, lignes des moteurs, statistiques et journal des événements"`} {
		if !strings.Contains(s, want) {
			t.Errorf("the French page lacks %q", want)
		}
	}
}

// French typography in the main page's words: a no-break space before : ; ? ! (not a plain
// space, which lets the mark wrap alone onto the next line), and none missing.
func TestFrenchPunctuationSpaces(t *testing.T) {
	fr, err := words.Read(static.FS, "fr")
	if err != nil {
		t.Fatal(err)
	}
	plain := regexp.MustCompile(` [:;?!](\s|$|<|\))`)
	missing := regexp.MustCompile(`\p{L}[;!]|\p{L}[:?](\s|$)`)
	for key, msg := range fr {
		area, _, _ := strings.Cut(key, ".")
		if !mine[area] {
			continue
		}
		if plain.MatchString(msg) {
			t.Errorf("fr %s: a plain space before a mark: %q", key, msg)
		}
		if m := missing.FindString(msg); m != "" {
			t.Errorf("fr %s: no space before the mark in %q: %q", key, m, msg)
		}
	}
}

// mine are the areas of the main page's templates and of the words they take as data.
var mine = map[string]bool{"tpl-page": true, "tpl-setup": true, "tpl-controls": true, "tpl-side": true,
	"tpl-tree": true, "tpl-overlay": true, "options": true, "gallery": true, "named": true}

package templates

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"unicode"

	"github.com/a-h/templ"
	"golang.org/x/net/html"

	"github.com/pvscope/pvscope/static"
	"github.com/pvscope/pvscope/templates/words"
)

// The teaching tools' templates (export and exercise menus, comparison, engine, lesson,
// room, trace file, tree editor) in French: what a person reads or hears, the text and
// the aria-label / title / placeholder / alt attributes, keeps no English word, and
// every control still has a name.

// toolComponents are the components of the areas tpl-teach, tpl-compare, tpl-engines,
// tpl-lesson, tpl-room, tpl-tracefile and tpl-treeedit.
func toolComponents() map[string]templ.Component {
	return map[string]templ.Component{
		"ExportMenu": ExportMenu(), "ExerciseMenu": ExerciseMenu(),
		"CompareControl": CompareControl(), "CompareRegion": CompareRegion(),
		"EnginePanel": EnginePanel(), "EngineLines": EngineLines(),
		"LessonMenu": LessonMenu(), "LessonBar": LessonBar(),
		"Room":      Room(),
		"TraceFile": TraceFile(), "TraceBanner": TraceBanner(), "TraceProblems": TraceProblems(),
		"TreeEditButton": TreeEditButton(), "TreeEditor": TreeEditor(),
	}
}

// englishToolWords are English words of these templates' sentences that are not French
// words too (so "table", "trace", "position", "score", "page", "code", "menu" are absent).
// Written by hand from the English text, not from the catalogs.
var englishToolWords = strings.Fields(`
	the of to and with from by for at in off its it this each every one own your you
	search searches searched tree trees subtree subtrees node nodes leaf leaves child children
	step steps stepping pane click open save show close closes back next previous lesson
	lessons slide slides engine engines line lines stop inspect verify delete undo done edit
	editor value values depth read reads export picture drawing scale standalone slide video
	exercise exercises exam graded answer request printable worksheet random seeded form
	cross unread count mirror right left bounds how far may move order best algorithm
	compare run same input several time side together play reads alone shown events deepest
	started out fewest fewer than uniform offers server different first again found there
	root setup short screen panel instead what explain about warnings broken rules guided
	bound states freely brings state share class following follow students scan link
	presenter enlarge projector file files dismiss notice problems list beside log
	select type press sets add under becomes moves down removes stands being squares are
	keeps field change last build changing clicking`)

// toolTextsIn returns what a person reads or hears in the rendered HTML: text nodes and
// the attributes that name or describe (a <template>'s content included).
func toolTextsIn(t *testing.T, doc *html.Node) []string {
	t.Helper()
	var out []string
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		switch n.Type {
		case html.TextNode:
			if s := strings.TrimSpace(n.Data); s != "" {
				out = append(out, s)
			}
		case html.ElementNode:
			for _, a := range n.Attr {
				switch a.Key {
				case "aria-label", "title", "placeholder", "alt":
					out = append(out, a.Val)
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return out
}

func renderToolIn(t *testing.T, ctx context.Context, c templ.Component) *html.Node {
	t.Helper()
	var b bytes.Buffer
	if err := c.Render(ctx, &b); err != nil {
		t.Fatal(err)
	}
	doc, err := html.Parse(&b)
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

func TestToolTemplatesSpeakFrench(t *testing.T) {
	fr, err := words.Load("fr")
	if err != nil {
		t.Fatal(err)
	}
	ctx := words.With(context.Background(), fr)
	english := map[string]bool{}
	for _, w := range englishToolWords {
		english[w] = true
	}
	for name, c := range toolComponents() {
		texts := toolTextsIn(t, renderToolIn(t, ctx, c))
		if len(texts) == 0 {
			t.Errorf("%s shows nothing", name)
		}
		for _, s := range texts {
			if strings.Contains(s, "tpl-") {
				t.Errorf("%s shows a key, not its words: %q", name, s)
			}
			// A command line stays as it is typed.
			s = strings.ReplaceAll(s, "pvscope serve -engine NAME=PATH", "")
			for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) }) {
				if english[w] {
					t.Errorf("%s: %q left in English (%q)", name, w, s)
				}
			}
		}
	}
}

// A sample of the French by hand, where the page puts elements inside a sentence (the
// count of followers, the editor's button names in bold), so the order is the French one.
func TestToolTemplatesFrenchSentences(t *testing.T) {
	const nbsp = "\u00a0"
	fr, err := words.Load("fr")
	if err != nil {
		t.Fatal(err)
	}
	ctx := words.With(context.Background(), fr)
	for _, tc := range []struct {
		c    templ.Component
		want string
	}{
		{Room(), `<span class="room-count" title="Pages qui suivent celle-ci">participants` + nbsp + `: <output id="room-count" data-testid="room-count">0</output></span>`},
		{TreeEditor(), `<p class="edit-help">Cliquez sur un nœud pour le choisir. La valeur d&#39;une feuille` + nbsp + `: tapez-la et appuyez sur Entrée. <b>+ fils</b> ajoute une feuille (sous une feuille, la feuille devient un nœud et sa valeur descend). <b>Supprimer</b> supprime le nœud et son sous-arbre. <b>Démarrer</b> lance la recherche sur l&#39;arbre tel qu&#39;il est.</p>`},
		{CompareControl(), `<option value="pvs:tt=true,pvs:tt=false" title="PVS avec et sans la table de transposition (échecs)">PVS` + nbsp + `: table oui · non</option>`},
		{LessonBar(), `title="Diapositive précédente (PgUp)">◀ Retour</button>`},
	} {
		var b bytes.Buffer
		if err := tc.c.Render(ctx, &b); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), tc.want) {
			t.Errorf("French render lacks %s\nin %s", tc.want, b.String())
		}
	}
}

// Every control keeps an accessible name in both languages: a <label for>, a wrapping
// <label>, aria-label, title, or (a button's, a summary's) own words (a bare × or ◁ is
// no name).
func TestToolControlsHaveNames(t *testing.T) {
	for _, lang := range []string{"en", "fr"} {
		w, err := words.Load(lang)
		if err != nil {
			t.Fatal(err)
		}
		ctx := words.With(context.Background(), w)
		for name, c := range toolComponents() {
			doc := renderToolIn(t, ctx, c)
			labelled := map[string]bool{}
			var controls []*html.Node
			var walk func(n *html.Node, inLabel bool)
			walk = func(n *html.Node, inLabel bool) {
				if n.Type == html.ElementNode {
					switch n.Data {
					case "label":
						if f, ok := attr(n, "for"); ok && strings.TrimSpace(textOf(n)) != "" {
							labelled[f] = true
						}
						inLabel = inLabel || strings.TrimSpace(textOf(n)) != ""
					case "button", "select", "input", "textarea", "summary":
						if typ, _ := attr(n, "type"); typ != "hidden" {
							if inLabel {
								n.Attr = append(n.Attr, html.Attribute{Key: "data-in-label", Val: "1"})
							}
							controls = append(controls, n)
						}
					}
				}
				for c := n.FirstChild; c != nil; c = c.NextSibling {
					walk(c, inLabel)
				}
			}
			walk(doc, false)
			if len(controls) == 0 {
				t.Errorf("%s: no controls found", name)
			}
			for _, n := range controls {
				id, _ := attr(n, "id")
				al, _ := attr(n, "aria-label")
				ti, _ := attr(n, "title")
				_, inLabel := attr(n, "data-in-label")
				own := (n.Data == "button" || n.Data == "summary") && strings.IndexFunc(textOf(n), unicode.IsLetter) >= 0
				if !labelled[id] && !inLabel && strings.TrimSpace(al) == "" && strings.TrimSpace(ti) == "" && !own {
					tid, _ := attr(n, "data-testid")
					t.Errorf("%s (%s): the %s %q (id %q) has no name", name, lang, n.Data, tid, id)
				}
			}
		}
	}
}

// textOf is the text under n.
func textOf(n *html.Node) string {
	if n.Type == html.TextNode {
		return n.Data
	}
	var b strings.Builder
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		b.WriteString(textOf(c))
	}
	return b.String()
}

// Each of these areas has its French words for every English key, and French typography:
// a no-break space before : ; ? ! (never a plain space, nor none after a letter).
func TestToolCatalogsFrench(t *testing.T) {
	en, err := words.Read(static.FS, "en")
	if err != nil {
		t.Fatal(err)
	}
	fr, err := words.Read(static.FS, "fr")
	if err != nil {
		t.Fatal(err)
	}
	areas := []string{"tpl-teach.", "tpl-compare.", "tpl-engines.", "tpl-lesson.", "tpl-room.", "tpl-tracefile.", "tpl-treeedit."}
	seen := 0
	for k := range en {
		mine := false
		for _, a := range areas {
			mine = mine || strings.HasPrefix(k, a)
		}
		if !mine {
			continue
		}
		seen++
		f, ok := fr[k]
		if !ok {
			t.Errorf("French lacks %s", k)
			continue
		}
		rs := []rune(f)
		for i, r := range rs {
			if !strings.ContainsRune(":;?!", r) || i == 0 {
				continue
			}
			if p := rs[i-1]; p == ' ' || unicode.IsLetter(p) {
				t.Errorf("%s: %q wants a no-break space before %q", k, f, r)
			}
		}
	}
	if seen < 100 {
		t.Errorf("only %d keys in these areas", seen)
	}
}

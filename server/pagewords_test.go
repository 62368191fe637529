package server

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/pvscope/pvscope/engine"
	"github.com/pvscope/pvscope/static"
	"github.com/pvscope/pvscope/templates"
	"github.com/pvscope/pvscope/templates/words"
	"github.com/pvscope/pvscope/tracer"
)

// The words the server passes into the page as data (an option's usage, a gallery exhibit, a
// named input) have their keys in every language, and the English catalog says exactly what
// the Go text says: the CLI prints the Go text (help search), the page the catalog's, and the
// two cannot drift apart.
func TestPageDataWordsInEveryLanguage(t *testing.T) {
	en, err := words.Read(static.FS, words.English)
	if err != nil {
		t.Fatal(err)
	}
	fr, err := words.Read(static.FS, "fr")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{} // key: the Go text, which English must repeat
	for _, o := range engine.OptionNames {
		want["options."+o.Name] = o.Usage
	}
	ids := map[string]bool{}
	for _, g := range engine.Gallery {
		if g.ID == "" || ids[g.ID] || !regexp.MustCompile(`^[a-z0-9]+$`).MatchString(g.ID) {
			t.Errorf("gallery exhibit %q: its ID %q is empty, repeated or not lower-case letters and digits", g.Name, g.ID)
		}
		ids[g.ID] = true
		want["gallery."+g.ID+".name"] = g.Name
		want["gallery."+g.ID+".source"] = g.Source
		want["gallery."+g.ID+".note"] = g.Note
	}
	for _, n := range append(append([]templates.Named{}, namedPositions...), namedTrees...) {
		if _, dup := want["named."+n.ID]; dup {
			t.Errorf("named input %q: its ID is used twice", n.ID)
		}
		want["named."+n.ID] = n.Label
	}
	for key, goText := range want {
		if en[key] != goText {
			t.Errorf("English %s = %q, want the Go text %q", key, en[key], goText)
		}
		if fr[key] == "" {
			t.Errorf("French lacks %s (%q)", key, goText)
		}
	}
	// And no stale key: every options/gallery/named key names something that exists.
	for _, cat := range []map[string]string{en, fr} {
		for key := range cat {
			area, _, _ := strings.Cut(key, ".")
			if _, ok := want[key]; !ok && (area == "options" || area == "gallery" || area == "named") {
				t.Errorf("%s names no option, exhibit or named input", key)
			}
		}
	}
}

// The setup form in English shows the engine's own usage texts; in French, the catalog's.
func TestPageOptionUsageFollowsTheLanguage(t *testing.T) {
	_, hs := testServer(t, DefaultLimits())
	row := func(lang, name string) (usage, title string) {
		doc, err := html.Parse(get(t, hs.URL+"/?lang="+lang).Body)
		if err != nil {
			t.Fatal(err)
		}
		var found *html.Node
		var walk func(*html.Node)
		walk = func(n *html.Node) {
			if n.Type == html.ElementNode && attr(n, "data-option-row") == name {
				found = n
			}
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				walk(c)
			}
		}
		walk(doc)
		if found == nil {
			t.Fatalf("no option row %s", name)
		}
		for c := found.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode && attr(c, "class") == "usage" {
				usage = text(c)
			}
			if c.Type == html.ElementNode && c.Data == "label" {
				title = attr(c, "title")
			}
		}
		return
	}
	var goUsage string
	for _, o := range engine.OptionNames {
		if o.Name == "tt" {
			goUsage = o.Usage
		}
	}
	if u, ti := row("en", "tt"); u != goUsage || ti != goUsage {
		t.Errorf("English tt usage %q, title %q; want the engine's %q", u, ti, goUsage)
	}
	// Written by hand: the French for "transposition table".
	if u, ti := row("fr", "tt"); u != "table de transposition" || ti != u {
		t.Errorf("French tt usage %q, title %q; want «table de transposition»", u, ti)
	}
}

// englishWords are words a French page must not show: common English words and the
// interface's own terms (a word French shares, like "table", "position" or "options", is not
// here).
var englishWords = strings.Fields(`the and of to with is are for from when this that which its it by at
	or in an be not every each node nodes move moves search searched searches step steps event events
	tree trees start stop depth window first last next previous back forward into over out help fit
	legend view speed timeline breakpoint breakpoints breaks cutoff cutoffs probe probes pruned leaves
	leaf hits line lines player side show shows click choose press run default engine engines board
	root value values empty shallower deeper again entry entries only than then where what why but if
	so you iteration iterations collapse dismiss statistics flip play keyboard shortcuts reduced
	extended being drag fail high low gallery short named teaching chess algorithm found
	walk stack hash ends end mate stalemate repetition graft verify flags illegal missing`)

// Inside the French page, identifiers stay as they are: option names, the engine's reasons for a
// short line, the option values a person types, and a few names.
func identifiers() map[string]bool {
	ids := map[string]bool{"pvscope": true, "pv-cut": true, "late-move": true, "pv-methods": true}
	for _, o := range engine.OptionNames {
		ids[o.Name] = true
	}
	for _, r := range tracer.Reasons() {
		ids[r.String()] = true
	}
	return ids
}

// TestFrenchPageHasNoEnglish renders the page in French and reads every text node and every
// aria-label, title, placeholder and aria-valuetext of the main page's own templates (setup,
// controls, side panels, tree, help overlay, language menu, the page itself; the regions other
// templates draw are cut out first), and finds no English word in them; each labelled control
// still has its name.
func TestFrenchPageHasNoEnglish(t *testing.T) {
	_, hs := testServer(t, DefaultLimits())
	var body bytes.Buffer
	if _, err := body.ReadFrom(get(t, hs.URL+"/?lang=fr&embed=1").Body); err != nil {
		t.Fatal(err)
	}
	page := body.String()
	if !strings.Contains(page, `<html lang="fr"`) {
		t.Fatal(`the French page is not <html lang="fr">`)
	}
	// Cut out what other templates draw (their words are their authors' to check), each once.
	fr, err := words.Load("fr")
	if err != nil {
		t.Fatal(err)
	}
	ctx := words.With(context.Background(), fr)
	others := map[string]func() string{}
	add := func(name string, render func(ctx context.Context, b *bytes.Buffer) error) {
		others[name] = func() string {
			var b bytes.Buffer
			if err := render(ctx, &b); err != nil {
				t.Fatal(err)
			}
			return b.String()
		}
	}
	add("LessonMenu", func(ctx context.Context, b *bytes.Buffer) error { return templates.LessonMenu().Render(ctx, b) })
	add("LessonBar", func(ctx context.Context, b *bytes.Buffer) error { return templates.LessonBar().Render(ctx, b) })
	add("TraceFile", func(ctx context.Context, b *bytes.Buffer) error { return templates.TraceFile().Render(ctx, b) })
	add("TraceBanner", func(ctx context.Context, b *bytes.Buffer) error { return templates.TraceBanner().Render(ctx, b) })
	add("TraceProblems", func(ctx context.Context, b *bytes.Buffer) error { return templates.TraceProblems().Render(ctx, b) })
	add("Room", func(ctx context.Context, b *bytes.Buffer) error { return templates.Room().Render(ctx, b) })
	add("EnginePanel", func(ctx context.Context, b *bytes.Buffer) error { return templates.EnginePanel().Render(ctx, b) })
	add("EngineLines", func(ctx context.Context, b *bytes.Buffer) error { return templates.EngineLines().Render(ctx, b) })
	add("TreeEditor", func(ctx context.Context, b *bytes.Buffer) error { return templates.TreeEditor().Render(ctx, b) })
	add("TreeEditButton", func(ctx context.Context, b *bytes.Buffer) error { return templates.TreeEditButton().Render(ctx, b) })
	add("CompareRegion", func(ctx context.Context, b *bytes.Buffer) error { return templates.CompareRegion().Render(ctx, b) })
	add("CompareControl", func(ctx context.Context, b *bytes.Buffer) error { return templates.CompareControl().Render(ctx, b) })
	add("ExportMenu", func(ctx context.Context, b *bytes.Buffer) error { return templates.ExportMenu().Render(ctx, b) })
	add("ExerciseMenu", func(ctx context.Context, b *bytes.Buffer) error { return templates.ExerciseMenu().Render(ctx, b) })
	for name, render := range others {
		frag := render()
		if n := strings.Count(page, frag); n != 1 {
			t.Fatalf("%s is in the page %d times; the test cannot cut it out", name, n)
		}
		page = strings.Replace(page, frag, "", 1)
	}

	doc, err := html.Parse(strings.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	ids := identifiers()
	english := map[string]bool{}
	for _, w := range englishWords {
		english[w] = true
	}
	word := regexp.MustCompile(`[\p{L}][\p{L}-]*`)
	verbatim := regexp.MustCompile(`[\w./-]+\.epd\b|\b(Home|End|Space|Shift|Esc|Enter)\b`) // file names, and keys named as on the keyboard
	checked := 0
	check := func(where, s string, values map[string]bool) {
		checked++
		s = verbatim.ReplaceAllString(s, "")
		for _, w := range word.FindAllString(s, -1) {
			if strings.ToUpper(w) == w {
				continue // an acronym or a name in capitals: PV, TT, SAN, MAX, LINE
			}
			w = strings.Trim(strings.ToLower(w), "-")
			if ids[w] || values[w] {
				continue
			}
			for _, part := range strings.Split(w, "-") {
				if english[part] {
					t.Errorf("%s: English %q in %q", where, part, s)
				}
			}
		}
	}
	var walk func(n *html.Node, where string, values map[string]bool)
	walk = func(n *html.Node, where string, values map[string]bool) {
		if n.Type == html.ElementNode {
			switch {
			case n.Data == "script" || n.Data == "style" || n.Data == "code" || n.Data == "kbd":
				return // data and identifiers
			case n.Data == "dt" && strings.Contains(attr(n.Parent, "class"), "reasons"):
				return // the engine's reason words, as the PV panel shows them
			case n.Data == "option" && (text(n) == attr(n, "value") || hasAttr(n, "lang") && attr(n, "lang") != "fr"):
				return // a value shown as itself (minimax, always), a language's own name
			case n.Data == "select" && attr(n, "id") == "algo-select":
				return // the algorithms' names: Minimax, Alpha-beta, PVS
			}
			if id := attr(n, "id"); id != "" {
				where = "#" + id
			}
			if row := attr(n, "data-option-row"); row != "" {
				// An option's usage names its own values (tt-replace: depth or always).
				values = map[string]bool{}
				var opts func(*html.Node)
				opts = func(m *html.Node) {
					if m.Type == html.ElementNode && m.Data == "option" {
						values[attr(m, "value")] = true
					}
					for c := m.FirstChild; c != nil; c = c.NextSibling {
						opts(c)
					}
				}
				opts(n)
			}
			for _, a := range n.Attr {
				switch a.Key {
				case "aria-label", "title", "placeholder", "aria-valuetext", "data-title":
					check(where+" @"+a.Key, a.Val, values)
				}
			}
		}
		if n.Type == html.TextNode {
			check(where, n.Data, values)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c, where, values)
		}
	}
	walk(doc, "page", nil)
	if checked < 300 {
		t.Errorf("only %d texts checked: the page's words were not found", checked)
	}

	// Every control keeps an accessible name: a <label for>, a wrapping label, or aria-label.
	labelled := map[string]bool{}
	var labels func(*html.Node)
	labels = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "label" && attr(n, "for") != "" && strings.TrimSpace(text(n)) != "" {
			labelled[attr(n, "for")] = true
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			labels(c)
		}
	}
	labels(doc)
	var controls func(n *html.Node, inLabel bool)
	controls = func(n *html.Node, inLabel bool) {
		if n.Type == html.ElementNode {
			switch n.Data {
			case "label":
				inLabel = strings.TrimSpace(text(n)) != ""
			case "input", "select", "textarea", "button":
				name := strings.TrimSpace(attr(n, "aria-label"))
				if n.Data == "button" && name == "" {
					name = strings.TrimSpace(text(n))
				}
				if name == "" && !inLabel && !labelled[attr(n, "id")] && attr(n, "type") != "hidden" {
					t.Errorf("<%s id=%q> has no accessible name in French", n.Data, attr(n, "id"))
				}
				if name != "" && strings.Contains(name, "tpl-") {
					t.Errorf("<%s id=%q> is named by a bare key %q", n.Data, attr(n, "id"), name)
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			controls(c, inLabel)
		}
	}
	controls(doc, false)
	if regexp.MustCompile(`>tpl-[\w-]+\.\w+<|="tpl-[\w-]+\.\w+"`).MatchString(page) {
		t.Error("a bare key shows in the French page")
	}
}

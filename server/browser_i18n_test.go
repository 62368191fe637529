package server

import (
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/pvscope/pvscope/engine"
)

// englishOnlyWords are words of English that are no French word, so a French page that shows
// one has left a sentence untranslated. Option names (null-move), algorithm names and the
// tree's own notation are hyphenated or digits and are skipped by the tokeniser.
var englishOnlyWords = map[string]bool{
	"the": true, "with": true, "and": true, "is": true, "are": true, "of": true, "to": true,
	"from": true, "this": true, "that": true, "node": true, "nodes": true, "search": true,
	"searched": true, "window": true, "move": true, "moves": true, "step": true, "steps": true,
	"depth": true, "start": true, "stop": true, "open": true, "close": true, "show": true,
	"hide": true, "cutoff": true, "tree": true, "root": true, "leaf": true, "leaves": true,
	"event": true, "events": true, "lesson": true, "lessons": true, "slide": true,
	"board": true, "bound": true, "best": true, "first": true, "next": true, "previous": true,
	"back": true, "play": true, "help": true, "when": true, "where": true, "which": true,
	"your": true, "for": true, "not": true, "or": true, "by": true, "in": true, "at": true,
	"new": true, "file": true, "line": true, "lines": true, "speed": true,
}

// pageText is every word the page shows or tells a screen reader: its rendered text with
// every drop-down open, and the title, aria-label, placeholder and alt of every element. The
// lessons' titles in their menu are the lessons' own text (English content), not the page's.
const pageText = `(() => {
  for (const d of document.querySelectorAll("details")) d.open = true;
  const lessons = [...document.querySelectorAll("#lesson-menu option")].filter((o) => o.value && !o.value.startsWith("_"));
  const saved = lessons.map((o) => o.textContent);
  for (const o of lessons) o.textContent = "";
  const out = [document.body.innerText];
  lessons.forEach((o, i) => (o.textContent = saved[i]));
  for (const el of document.querySelectorAll("[title],[aria-label],[placeholder],[alt]"))
    for (const a of ["title", "aria-label", "placeholder", "alt"]) if (el.getAttribute(a)) out.push(el.getAttribute(a));
  return out.join("\n");
})()`

// tokenRE splits text at spaces and punctuation; a token that is not all letters (an
// option=value spec, a file name, a move) is no word of either language.
var (
	tokenRE  = regexp.MustCompile(`[\s,;:!?()«»"“”…/]+`)
	letterRE = regexp.MustCompile(`^\p{L}+$`)
)

// optionWords are the options' names and values, and the trace's words for how a line ends
// (the help lists them as a trace writes them), which stay as typed in every language.
func optionWords() map[string]bool {
	ok := map[string]bool{"best": true, "worst": true, "random": true, "always": true, "equal": true,
		"strict": true, "leaf": true, "mate": true, "stalemate": true, "repetition": true}
	for _, o := range engine.OptionNames {
		ok[o.Name] = true
	}
	return ok
}

// englishLeft returns the lines of text holding an English word, each once.
func englishLeft(text string) []string {
	var left []string
	seen := map[string]bool{}
	allowed := optionWords()
	for _, line := range strings.Split(text, "\n") {
		for _, w := range tokenRE.Split(line, -1) {
			w = strings.TrimRight(w, ".")
			// All capitals are a name (Moreland's LINE, MAX), not a sentence's word.
			if !letterRE.MatchString(w) || allowed[w] || w == strings.ToUpper(w) || !englishOnlyWords[strings.ToLower(w)] {
				continue
			}
			if l := strings.TrimSpace(line); !seen[l] {
				seen[l] = true
				left = append(left, l)
			}
			break
		}
	}
	return left
}

// TestBrowserFrenchPageSpeaksFrench: the page asked for in French shows no English, before a
// search, while one is stepped (the narration read out included) and in its help; its menu
// takes it back to English, and the choice is kept for the next page.
func TestBrowserFrenchPageSpeaksFrench(t *testing.T) {
	p := newPage(t, 1366, 768)
	p.open("/?" + url.Values{"tree": {aima}, "algo": {"pvs"}, "lang": {"fr"}}.Encode())
	var lang, text string
	p.run(chromedp.Evaluate(`document.documentElement.lang`, &lang))
	if lang != "fr" {
		t.Fatalf("html lang %q, want fr", lang)
	}
	check := func(when string) {
		t.Helper()
		p.run(chromedp.Evaluate(pageText, &text))
		if left := englishLeft(text); len(left) > 0 {
			t.Errorf("%s: English left on the French page (%d lines):\n  %s", when, len(left), strings.Join(left, "\n  "))
		}
	}
	check("before Start")
	p.shot("french-tree-1366.png")
	p.click("start-button")
	p.waitFor(`window.pvscope.snapshot().eventCount === 39 && !window.pvscope.snapshot().streaming`)
	p.pause()
	for _, at := range []int{1, 12, 22, 30, 39} {
		p.run(chromedp.Evaluate(`window.pvscope.seek(`+itoa(at)+`)`, nil))
		check("at event " + itoa(at))
	}
	var live string
	p.waitFor(`(document.querySelector('[data-testid="narration-live"]')||{}).textContent > ''`)
	p.run(chromedp.Text(`[data-testid="narration-live"]`, &live, chromedp.ByQuery))
	if left := englishLeft(live); len(left) > 0 || live == "" {
		t.Errorf("the narration read out is not French: %q", live)
	}
	p.run(chromedp.KeyEvent("?"), chromedp.WaitVisible(`[data-testid="help-overlay"]`, chromedp.ByQuery))
	check("in the help")
	p.run(chromedp.KeyEvent(kb.Escape))

	// A chess search with modern search on: moves, the board, null moves, reductions and
	// pruned moves are told in French too.
	p.open("/?" + url.Values{"fen": {kiwipete}, "algo": {"pvs"}, "depth": {"3"}, "modern": {"true"}, "lang": {"fr"}}.Encode())
	p.click("start-button")
	p.waitFor(`window.pvscope.snapshot().eventCount > 0 && !window.pvscope.snapshot().running && !window.pvscope.snapshot().streaming`)
	p.pause()
	n := p.snapshot().EventCount
	for _, at := range []int{1, n / 7, n / 3, n / 2, 2 * n / 3, n} {
		p.run(chromedp.Evaluate(`window.pvscope.seek(`+itoa(at)+`)`, nil))
		check("chess, at event " + itoa(at) + " of " + itoa(n))
	}
	p.shot("french-chess-1366.png")

	// The menu: English, kept in a cookie for a page opened without ?lang=.
	p.run(chromedp.Evaluate(`setTimeout(() => { const m = document.querySelector('[data-testid="language-menu"]');
		m.value = "en"; m.dispatchEvent(new Event("change")); }, 0)`, nil))
	var loc string
	for i := 0; i < 300 && !strings.Contains(loc, "lang=en"); i++ {
		p.run(chromedp.Sleep(100*time.Millisecond), chromedp.Location(&loc))
	}
	if !strings.Contains(loc, "lang=en") {
		t.Fatalf("choosing English in the menu did not reload the page in English: at %s", loc)
	}
	p.open("/?" + url.Values{"tree": {aima}}.Encode())
	p.run(chromedp.Evaluate(`document.documentElement.lang`, &lang))
	if lang != "en" {
		t.Errorf("after choosing English in the menu, a new page is %q", lang)
	}
	var nodes []*cdp.Node
	p.run(chromedp.Nodes(`[data-testid="language-menu"] option[value="fr"]`, &nodes, chromedp.ByQuery))
	if len(nodes) != 1 {
		t.Errorf("the menu offers French %d times", len(nodes))
	}
}

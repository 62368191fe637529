package server

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestBrowserFrenchPage: the page in French on a laptop screen. French runs longer than
// English; nothing in the top bar or the help may be pushed off the screen or cut, and the
// help opens with ? and speaks French (the words written by hand here).
func TestBrowserFrenchPage(t *testing.T) {
	p := newPage(t, 1366, 768)
	p.open("/?lang=fr")
	var lang string
	p.run(chromedp.Evaluate(`document.documentElement.lang`, &lang))
	if lang != "fr" {
		t.Fatalf("html lang %q, want fr", lang)
	}
	// The page is as wide as the window: no French label pushes it wider.
	var wide bool
	p.run(chromedp.Evaluate(`document.documentElement.scrollWidth > window.innerWidth`, &wide))
	if wide {
		t.Error("the French page is wider than the 1366-pixel window")
	}
	// Buttons and labels of the bars show their whole text (none cut by its box).
	var cut []string
	p.run(chromedp.Evaluate(`[...document.querySelectorAll(".top button, .top label, .top summary, .top legend, .tree-tools button, .tree-tools label")]
		.filter((e) => e.offsetParent && !e.classList.contains("vh") && e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflow !== "visible")
		.map((e) => (e.id || e.getAttribute("for") || e.className) + ": " + e.textContent.trim())`, &cut))
	for _, c := range cut {
		t.Errorf("cut short in French: %s", c)
	}

	p.run(chromedp.KeyEvent("?"), chromedp.WaitVisible(`[data-testid="help-overlay"]`, chromedp.ByQuery))
	var title string
	p.run(chromedp.Text(`#help-title`, &title, chromedp.ByQuery))
	if title != "Clavier et légende" {
		t.Errorf("help title %q, want «Clavier et légende»", title)
	}
	// The help's box fits the window's width: nothing scrolls sideways.
	var boxWide bool
	p.run(chromedp.Evaluate(`(() => { const b = document.querySelector("#help-overlay .overlay-box");
		return b.scrollWidth > b.clientWidth + 1 || b.getBoundingClientRect().right > window.innerWidth; })()`, &boxWide))
	if boxWide {
		t.Error("the French help is wider than its box or the window")
	}
	p.shot("help-fr-1366x768.png")
	p.run(chromedp.Evaluate(`document.querySelector("#help-pv").scrollIntoView()`, nil))
	p.shot("help-fr-pv-1366x768.png")
	p.run(chromedp.Evaluate(`document.querySelector("#help-engines").scrollIntoView()`, nil))
	p.shot("help-fr-engines-1366x768.png")
	p.run(chromedp.KeyEvent(kb.Escape), chromedp.WaitNotVisible(`[data-testid="help-overlay"]`, chromedp.ByQuery))

	// The setup's options: French usage under each option (the engine's words, translated).
	p.run(chromedp.Click(`#options > summary`, chromedp.ByQuery))
	var usage string
	p.run(chromedp.Text(`[data-option-row="tt"] .usage`, &usage, chromedp.ByQuery))
	if usage != "table de transposition" {
		t.Errorf("tt usage %q, want «table de transposition»", usage)
	}
	var first string
	p.run(chromedp.Evaluate(`document.querySelector('#gallery-select option[value^="?"]').textContent`, &first))
	if !strings.HasPrefix(first, "Un accès exact termine la PV") {
		t.Errorf("first gallery exhibit %q, want the French name", first)
	}
	p.shot("options-fr-1366x768.png")
}

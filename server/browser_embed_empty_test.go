package server

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// Issue 39, item 10: an embedded page (?embed=1) whose link names no tree, random tree or
// position has no form and no Start button; its drawing says what the embedding page's link
// must add, with an example link that works. On main it said "Choose a position or a tree above
// and press Start." with nothing above and no Start to press.
func TestBrowserEmbedWithNothingChosenSaysWhatToAdd(t *testing.T) {
	p := newPage(t, 800, 500)
	p.run(chromedp.Navigate(p.url + "/?embed=1"))
	p.waitFor(`!!(window.pvscope && document.querySelector('[data-testid="embed-empty"]'))`)
	var got struct {
		Text            string
		Shown, StartVis bool
	}
	p.eval(`(() => { const e = document.querySelector('[data-testid="embed-empty"]'), r = e.getBoundingClientRect(), s = document.querySelector('[data-testid="start-button"]').getBoundingClientRect();
		return { text: e.textContent, shown: !e.hidden && r.width > 0 && r.height > 0, startVis: s.width > 0 && s.height > 0 }; })()`, &got)
	if !got.Shown || got.StartVis {
		t.Errorf("the sentence shown %v, the Start button visible %v", got.Shown, got.StartVis)
	}
	for _, want := range []string{"tree=", "random=", "fen=", "embed=1&tree="} {
		if !strings.Contains(got.Text, want) {
			t.Errorf("the sentence %q does not name %q", got.Text, want)
		}
	}
	if strings.Contains(strings.ToLower(got.Text), "press start") {
		t.Errorf("the sentence %q asks to press a Start the frame does not show", got.Text)
	}
	// The example link opens a search that runs.
	i := strings.Index(got.Text, "/?embed=1&tree=")
	p.run(chromedp.Navigate(p.url + got.Text[i:]))
	p.waitFor(`!!window.pvscope && window.pvscope.snapshot().eventCount > 0`)
}

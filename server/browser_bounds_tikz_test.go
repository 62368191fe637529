package server

import (
	"net/url"
	"regexp"
	"slices"
	"testing"
)

// Issue 28, item 10, in every export: on Russell & Norvig's figure under
// alpha-beta the page draws C's fail-low value as "≤2" once (the SVG, and the
// PNG rendered from it, by TestBrowserBoundsWrittenOneWay); the LaTeX export
// writes the same bound, $\le 2$, once and no other bound.
func TestBrowserBoundsInTheLaTeXExport(t *testing.T) {
	p := newPage(t, 1366, 768)
	p.open("/?" + url.Values{"tree": {"((3 12 8) (2 4 6) (14 5 2))"}, "algo": {"alphabeta"}, "depth": {"2"}}.Encode())
	p.startAndWait()
	p.snapAt(p.snapshot().EventCount)
	drawn := p.drawnTexts()
	var pageBounds []string
	for _, s := range drawn {
		if regexp.MustCompile(`^[≤≥]-?\d+$`).MatchString(s) {
			pageBounds = append(pageBounds, s)
		}
	}
	if !slices.Equal(pageBounds, []string{"≤2"}) {
		t.Errorf("the page draws the bounds %q, want [≤2]", pageBounds)
	}
	tex := p.exportText("tikz", "{}")
	got := regexp.MustCompile(`\$\\(le|ge) ?-?\d+\$`).FindAllString(tex, -1)
	if !slices.Equal(got, []string{`$\le 2$`}) {
		t.Errorf("the LaTeX export writes the bounds %q, want [$\\le 2$] as the page's ≤2", got)
	}
}

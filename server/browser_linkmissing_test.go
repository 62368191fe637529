package server

import (
	"net/url"
	"strings"
	"testing"
)

// Issue 44: a link's ?node= naming no node of the search, or its ?step= past
// the search's end, was passed over in silence (the page showed the start,
// or the last step, and said nothing). Now the banner says which parameter,
// in the page's language, and the page stays usable.
func TestBrowserLinkToAMissingNodeOrStepSaysSo(t *testing.T) {
	p := newPage(t, 1366, 768)
	done := `window.pvscope.snapshot().eventCount > 0 && !window.pvscope.snapshot().streaming`
	for _, c := range []struct {
		param, value, lang string
		want               []string
		atEnd              bool
	}{
		// The root has three children (0, 1, 2): 2.9 and 7 name nothing.
		{"node", "2.9", "", []string{"?node=2.9", "names no node of this search", `"9"`}, false},
		{"node", "7", "fr", []string{"?node=7", "ne nomme aucun nœud"}, false},
		{"step", "999999", "", []string{"?step=999999", "past the end of this search"}, true},
		{"step", "999999", "fr", []string{"?step=999999", "après la fin de cette recherche"}, true},
	} {
		q := url.Values{"tree": {"((3 12 8) (2 4 6) (14 5 2))"}, "algo": {"alphabeta"}, "depth": {"2"}, c.param: {c.value}}
		if c.lang != "" {
			q.Set("lang", c.lang)
		}
		p.open("/?" + q.Encode())
		p.click("start-button")
		p.waitFor(done)
		p.waitFor(`window.pvscope.snapshot().error !== ""`)
		s := p.snapshot()
		for _, w := range c.want {
			if !strings.Contains(s.Error, w) {
				t.Errorf("?%s=%s (%s): the banner says %q, want %q in it", c.param, c.value, c.lang, s.Error, w)
			}
		}
		if c.atEnd && s.EventIndex != s.EventCount {
			t.Errorf("?%s=%s: at step %d of %d, want the last", c.param, c.value, s.EventIndex, s.EventCount)
		}
		// The page stays usable: a step back moves it.
		k := s.EventIndex
		p.click("step-back")
		if k > 0 && p.snapshot().EventIndex != k-1 {
			t.Errorf("?%s=%s: after a step back the page is at %d, want %d", c.param, c.value, p.snapshot().EventIndex, k-1)
		}
	}
}

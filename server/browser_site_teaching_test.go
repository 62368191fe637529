package server

import (
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// The teaching parts that are page code over the search's frames, run in a
// static site (the searches in the worker, no pvscope server): the quiz, the
// comparison, an export and the code panel, each on Russell & Norvig's
// Figure 5.5 against the answers the book and the test's references give.

// siteAIMA is the site's page on the R&N tree under alpha-beta plus extra.
func siteAIMA(extra string) string {
	return sitePath + "index.html?" + url.Values{"tree": {aima}, "algo": {"alphabeta"}, "depth": {"2"}}.Encode() + extra
}

// The quiz asks its first question in the site; the answer the reference
// alpha-beta (teaching_ref_test.go) gives is right, a wrong one is not.
func TestBrowserSiteQuiz(t *testing.T) {
	p := newSitePage(t, 1366, 768)
	p.open(siteAIMA("&quiz=all"))
	p.click("start-button")
	p.waitFor(`window.pvscope.snapshot().eventCount > 0 && window.pvscope.snapshot().quiz.question !== null`)
	var q struct {
		Kind string `json:"kind"`
		Node string `json:"node"`
	}
	var qs string
	p.run(chromedp.Evaluate(`JSON.stringify(window.pvscope.snapshot().quiz.question)`, &qs))
	if err := json.Unmarshal([]byte(qs), &q); err != nil {
		t.Fatal(err)
	}
	var tv any
	json.Unmarshal([]byte(strings.NewReplacer("(", "[", ")", "]", " ", ",").Replace(aima)), &tv)
	ref := runRef(refFromJSON(tv), "alphabeta", true)
	want, seen := ref.nodes[q.Node]
	if !seen {
		t.Fatalf("a %s question about %q, which alpha-beta never visits", q.Kind, q.Node)
	}
	bound := func(v int) any {
		if v >= refInf || v <= -refInf {
			return nil
		}
		return v
	}
	var truth, wrong any
	switch q.Kind {
	case "window":
		truth, wrong = []any{bound(want.lo), bound(want.hi)}, []any{-7777, 7777}
	case "value":
		truth, wrong = want.value, want.value+1
	case "outcome":
		truth, wrong = want.outcome, "exact"
		if want.outcome == "exact" {
			wrong = "fail-high"
		}
	default:
		t.Fatalf("the first question is a %q question", q.Kind)
	}
	answer := func(x any) bool {
		arg, _ := json.Marshal(x)
		var right bool
		p.run(chromedp.Evaluate(fmt.Sprintf(`window.pvscope.answer(%s)`, arg), &right))
		return right
	}
	if answer(wrong) {
		t.Errorf("%s of %q: the wrong answer %v was graded right", q.Kind, q.Node, wrong)
	}
	if !answer(truth) {
		t.Errorf("%s of %q: the reference's answer %v was graded wrong", q.Kind, q.Node, truth)
	}
}

// The comparison of minimax, alpha-beta and PVS on the R&N tree in the site:
// three panes, each its own worker, each ending on the book's root value 3.
func TestBrowserSiteCompare(t *testing.T) {
	algos := []string{"minimax", "alphabeta", "pvs"}
	p := newSitePage(t, 1366, 768)
	p.open(sitePath + "index.html?" + url.Values{"tree": {aima}, "compare": {strings.Join(algos, ",")}}.Encode())
	end := p.compareToTheEnd()
	if len(end) != 3 {
		t.Fatalf("%d panes, want 3", len(end))
	}
	for i, a := range algos {
		if x := end[i]; x.Algo != a || x.Score == nil || *x.Score != 3 || !slices.Equal(x.PV, []string{"0", "0"}) {
			t.Errorf("pane %d: %s ends with score %s pv %v, want %s, 3 and [0 0]", i, x.Algo, ptr(x.Score), x.PV, a)
		}
	}
}

// The SVG export of the R&N search's last step in the site holds every value
// AIMA's Figure 5.5 (f) shows, and the two leaves it crosses out as pruned.
func TestBrowserSiteExportSVG(t *testing.T) {
	p := newSitePage(t, 1366, 768)
	p.open(siteAIMA(""))
	p.startAndWait()
	p.pause()
	p.run(chromedp.Evaluate(`window.pvscope.seek(window.pvscope.snapshot().eventCount)`, nil))
	searched, pruned, _, _ := svgValues(t, p.exportText("svg", "{}"))
	want := []string{"3", "3", "≤2", "2", "3", "12", "8", "2", "14", "5", "2"} // the root, B, C, D, the leaves read
	slices.Sort(searched)
	slices.Sort(want)
	slices.Sort(pruned)
	if !slices.Equal(searched, want) || !slices.Equal(pruned, []string{"4", "6"}) {
		t.Errorf("SVG values %q pruned %q, the figure shows %q and 4, 6 crossed out", searched, pruned, want)
	}
}

// The code panel in the site (?code=python): the Python text, and at B's
// first narrowing (beta = min(beta, v), beta 3) that line highlighted.
func TestBrowserSiteCodePanel(t *testing.T) {
	p := newSitePage(t, 1366, 768)
	p.open(siteAIMA("&code=python"))
	p.click("start-button")
	p.waitFor(`(() => { const s = window.pvscope.snapshot(); return s.eventCount > 0 && !s.running && s.code; })()`)
	if text := evalJS[string](p, `window.pvscope.code("python").text`); !strings.HasSuffix(text, "print(max_value(TREE, -math.inf, math.inf))") {
		t.Errorf("the Python text's last line does not call the search on TREE:\n%s", text)
	}
	k := stepOf(p, "pv-update", 2) // B is node 2
	if line, vars := codeAt(p, k); line != "beta = min(beta, v)" || vars["beta"] != "3" {
		t.Errorf("at B's first narrowing: line %q vars %v, want beta = min(beta, v) with beta 3", line, vars)
	}
	p.waitFor(`(() => { const li = document.querySelector('[data-testid="code-lines"] li.running'); return !!li && li.textContent.includes("beta = min(beta, v)"); })()`)
}

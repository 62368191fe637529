package server

import (
	"archive/tar"
	"compress/gzip"
	"context"
	"crypto/sha512"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// axe-core, the accessibility checker, is used by these tests only and never served: it is
// fetched from the npm registry with `npm pack` into the user's cache, checked against the
// registry's integrity for this version, and injected into the page under test.
const (
	axeVersion   = "4.14.1"
	axeIntegrity = "sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ==" // npm view axe-core@4.14.1 dist.integrity
)

// axeSource returns axe.min.js, from the cache or fetched once. Without npm it skips, unless
// PVSCOPE_REQUIRE_BROWSER=1 (CI), where it fails.
func axeSource(t *testing.T) string {
	t.Helper()
	src, missing := loadAxe(t)
	if missing != nil {
		if os.Getenv("PVSCOPE_REQUIRE_BROWSER") == "1" {
			t.Fatal(missing)
		}
		t.Skip(missing)
	}
	return src
}

// axeSourceOrNone is axeSource for a test that checks more than accessibility
// (TestBrowserLessonsWalkEverySlide): without npm it says so and returns "", and the test goes on
// without axe-core; with PVSCOPE_REQUIRE_BROWSER=1 it fails.
func axeSourceOrNone(t *testing.T) string {
	t.Helper()
	src, missing := loadAxe(t)
	if missing != nil {
		if os.Getenv("PVSCOPE_REQUIRE_BROWSER") == "1" {
			t.Fatal(missing)
		}
		t.Logf("%v: no accessibility check", missing)
	}
	return src
}

// loadAxe returns axe.min.js, or why it could not be fetched (missing: npm absent or failing).
func loadAxe(t *testing.T) (src string, missing error) {
	t.Helper()
	cache := os.Getenv("PVSCOPE_AXE_DIR")
	if cache == "" {
		dir, err := os.UserCacheDir()
		if err != nil {
			dir = os.TempDir()
		}
		cache = filepath.Join(dir, "pvscope", "axe-core-"+axeVersion)
	}
	file := filepath.Join(cache, "axe.min.js")
	if b, err := os.ReadFile(file); err == nil {
		return string(b), nil
	}
	npm, err := exec.LookPath("npm")
	if err != nil {
		return "", fmt.Errorf("axe-core needs npm to be fetched (apt-get install npm): %v", err)
	}
	tmp := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, npm, "pack", "axe-core@"+axeVersion, "--pack-destination", tmp, "--silent")
	cmd.Dir = tmp
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("npm pack axe-core@%s: %v\n%s", axeVersion, err, out)
	}
	tgz, err := os.ReadFile(filepath.Join(tmp, "axe-core-"+axeVersion+".tgz"))
	if err != nil {
		t.Fatal(err)
	}
	sum := sha512.Sum512(tgz)
	if got := "sha512-" + base64.StdEncoding.EncodeToString(sum[:]); got != axeIntegrity {
		t.Fatalf("axe-core-%s.tgz has integrity %s, the registry says %s", axeVersion, got, axeIntegrity)
	}
	zr, err := gzip.NewReader(strings.NewReader(string(tgz)))
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(zr)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			t.Fatalf("axe-core-%s.tgz has no package/axe.min.js", axeVersion)
		}
		if err != nil {
			t.Fatal(err)
		}
		if h.Name != "package/axe.min.js" {
			continue
		}
		src, err := io.ReadAll(tr)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(cache, 0o755); err == nil {
			part := file + ".part"
			if os.WriteFile(part, src, 0o644) == nil {
				os.Rename(part, file)
			}
		}
		return string(src), nil
	}
}

type axeViolation struct {
	ID     string `json:"id"`
	Impact string `json:"impact"`
	Help   string `json:"help"`
	Nodes  []struct {
		Target []any  `json:"target"`
		HTML   string `json:"html"`
	} `json:"nodes"`
}

// axeCheck runs axe-core on the page as it stands and fails on every serious or critical
// violation, naming the rule and the elements.
func (p *page) axeCheck(t *testing.T, src, where string) {
	t.Helper()
	var loaded bool
	p.run(chromedp.Evaluate(`typeof axe === 'object'`, &loaded))
	if !loaded {
		p.run(chromedp.Evaluate(src+";\ntypeof axe === 'object'", &loaded))
	}
	if !loaded {
		t.Fatal("axe-core did not load")
	}
	var raw string
	p.run(chromedp.Evaluate(`axe.run(document, { resultTypes: ["violations"] }).then((r) => JSON.stringify(r.violations))`, &raw,
		func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
	var vs []axeViolation
	if err := json.Unmarshal([]byte(raw), &vs); err != nil {
		t.Fatal(err)
	}
	for _, v := range vs {
		if v.Impact != "serious" && v.Impact != "critical" {
			t.Logf("%s: %s (%s): %s, %d elements", where, v.ID, v.Impact, v.Help, len(v.Nodes))
			continue
		}
		var els []string
		for i, n := range v.Nodes {
			if i == 5 {
				els = append(els, fmt.Sprintf("… %d more", len(v.Nodes)-5))
				break
			}
			els = append(els, fmt.Sprint(n.Target)+" "+n.HTML)
		}
		t.Errorf("%s: %s (%s): %s\n  %s", where, v.ID, v.Impact, v.Help, strings.Join(els, "\n  "))
	}
}

// No serious or critical violation on the main page after a search (also on a phone with the tree
// bar's More open), the quiz with a question open, an exercise, a worksheet, the comparison, and
// a follower's page in a room; every slide of every lesson in TestBrowserLessonsWalkEverySlide.
func TestBrowserAccessibilityAxe(t *testing.T) {
	p := newPage(t, 1366, 768)
	src := axeSource(t)

	p.open("/?" + url.Values{"tree": {aima}, "algo": {"pvs"}}.Encode())
	p.click("start-button")
	p.waitFor(`window.pvscope.snapshot().eventCount > 0 && !window.pvscope.snapshot().streaming`)
	p.pause()
	p.run(chromedp.Evaluate(`window.pvscope.seek(20)`, nil))
	p.axeCheck(t, src, "main page")

	// On a phone, with the tree bar's More open (its tools in a group of their own).
	p.run(emulation.SetDeviceMetricsOverride(390, 844, 3, true))
	p.click("tree-more-toggle")
	p.waitFor(`document.querySelector('[data-testid="tree-more-toggle"]').getAttribute("aria-expanded") === "true"`)
	p.axeCheck(t, src, "main page on a phone, More open")
	p.run(emulation.ClearDeviceMetricsOverride())

	// Every state of every lesson (each slide as it loads, the exercises with their first question
	// open) is checked by TestBrowserLessonsWalkEverySlide, as it walks them: walking them twice
	// cost a minute and a half of CI.

	p.open("/?random=b=3,d=3,seed=42&algo=alphabeta&quiz=1")
	p.click("start-button")
	p.waitFor(`window.pvscope.snapshot().quiz.question !== null`)
	p.axeCheck(t, src, "quiz")

	p.open("/?" + url.Values{"random": {"b=2,d=3,seed=3"}, "exercise": {"prune"}}.Encode())
	p.waitFor(`(() => { const e = window.pvscope.snapshot().exercise; return e && e.kind === "prune" })()`)
	p.axeCheck(t, src, "exercise")

	p.run(chromedp.Navigate(p.url + "/?exercise=values&sheet=1&random=b=2,d=3,seed=7&trees=3"))
	p.waitFor(`window.pvscope && window.pvscope.snapshot().sheet && window.pvscope.snapshot().sheet.pages > 0`)
	p.axeCheck(t, src, "worksheet")

	p.open("/?" + url.Values{"tree": {aima}, "compare": {"minimax,alphabeta,pvs"}}.Encode())
	p.click("start-button")
	p.waitFor(`(() => { const ps = window.pvscope.snapshot().panes; return ps && ps.length === 3 && ps.every((x) => x.nodeCount > 0); })()`)
	p.axeCheck(t, src, "comparison")

	p.open("/?" + url.Values{"tree": {aima}, "algo": {"pvs"}}.Encode())
	p.click("start-button")
	p.waitFor(`window.pvscope.snapshot().eventCount > 0 && !window.pvscope.snapshot().streaming`)
	p.pause()
	p.click("room-share")
	p.waitFor(`!!window.pvscope.snapshot().room && window.pvscope.snapshot().room.role === "presenter"`)
	link := strings.TrimSpace(p.text("room-link"))
	f := p.sibling()
	f.open(strings.TrimPrefix(link, p.url))
	f.waitFor(`window.pvscope.snapshot().eventCount > 0 && window.pvscope.snapshot().room && window.pvscope.snapshot().room.following`)
	f.axeCheck(t, src, "follower")
}

// The narration reaches a screen reader: the live region (polite) says the sentence of the step
// shown, and a selected node is described in words, its numbers from the test's own alpha-beta.
func TestBrowserNarrationLiveRegion(t *testing.T) {
	p := newPage(t, 1366, 768)
	p.open("/?" + url.Values{"tree": {aima}, "algo": {"alphabeta"}, "depth": {"2"}}.Encode())
	var live string
	p.run(chromedp.Evaluate(`(() => { const el = document.querySelector('[data-testid="narration-live"]'); return el ? el.getAttribute("aria-live") : ""; })()`, &live))
	if live != "polite" {
		t.Fatalf(`narration-live has aria-live=%q, want "polite"`, live)
	}
	p.click("start-button")
	p.waitFor(`window.pvscope.snapshot().eventCount > 0 && !window.pvscope.snapshot().streaming`)
	p.pause()
	p.run(chromedp.Evaluate(`window.pvscope.seek(9)`, nil))
	// The log's newest line is the step's sentence; the live region says it (within its throttle).
	p.waitFor(`(() => {
	  const li = [...document.querySelectorAll('[data-testid="event-log"] li')].pop();
	  const said = document.querySelector('[data-testid="narration-live"]').textContent.trim();
	  return !!li && said !== "" && li.textContent.includes(said);
	})()`)
	ref := runRef(parseRefTree(aima), "alphabeta", true)
	n := ref.nodes["1"]
	hi := "infinity"
	if n.hi < refInf {
		hi = strconv.Itoa(n.hi)
	}
	outcome := map[string]string{"fail-high": "fails high", "fail-low": "fails low", "exact": "exact"}[n.outcome]
	want := fmt.Sprintf("Selected: node 1, %s, value %d, window %d to %s, %s.", strings.ToUpper(n.player), n.value, n.lo, hi, outcome)
	p.run(chromedp.Evaluate(`window.pvscope.seek(window.pvscope.snapshot().eventCount)`, nil))
	p.run(chromedp.SendKeys(`[data-testid="node-path"]`, "1\n", chromedp.ByQuery))
	p.waitFor(fmt.Sprintf(`document.querySelector('[data-testid="narration-live"]').textContent === %q`, want))
}

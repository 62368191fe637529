package server

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/pvscope/pvscope/engine"
	"github.com/pvscope/pvscope/tracer"
)

// builtSite writes the static site (pvscope site's files, the worker built
// for the browser, the toolchain's wasm_exec.js) once per test binary.
var builtSite = sync.OnceValues(func() (string, error) {
	files, err := SiteFiles()
	if err != nil {
		return "", err
	}
	dir, err := os.MkdirTemp("", "pvscope-site")
	if err != nil {
		return "", err
	}
	siteDir = dir
	for _, f := range files {
		if err := writeFile(dir, f.Path, f.Body); err != nil {
			return "", err
		}
	}
	return dir, nil
})

// siteDir is the folder builtSite wrote, removed when the tests end (8 MB a run).
var siteDir string

func TestMain(m *testing.M) {
	code := m.Run()
	closeSharedBrowser()
	if siteDir != "" {
		os.RemoveAll(siteDir)
	}
	os.Exit(code)
}

func writeFile(dir, name string, body []byte) error {
	p := filepath.Join(dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return os.WriteFile(p, body, 0o644)
}

// sitePath is where the tests put the site on the static host: a course's
// folder, not the host's root, so every URL the page uses must be relative.
const sitePath = "/course/pvscope/"

// newSitePage opens Chromium on a plain static file server (no pvscope
// server) holding the built site under sitePath.
func newSitePage(t testing.TB, width, height int) *page {
	t.Helper()
	return newSitePageWith(t, width, height, newBrowser)
}

// newSitePageWith is newSitePage opened by open (newPrivateBrowser, say).
func newSitePageWith(t testing.TB, width, height int, open opener) *page {
	t.Helper()
	browserCheck(t)
	dir, err := builtSite()
	if err != nil {
		t.Fatalf("writing the site: %v", err)
	}
	wasm := needWorkerWasm(t)
	for name, from := range map[string]string{"static/wasm/pvscope.wasm": wasm, "static/wasm/wasm_exec.js": wasmExecJS(t)} {
		b, err := os.ReadFile(from)
		if err != nil {
			t.Fatal(err)
		}
		if err := writeFile(dir, name, b); err != nil {
			t.Fatal(err)
		}
	}
	mux := http.NewServeMux()
	var files http.Handler = http.FileServer(http.Dir(dir))
	// PVSCOPE_SITE_MAX_AGE=600 serves the site as GitHub Pages does (Cache-Control: max-age=600);
	// without it, as http.FileServer and python3 -m http.server do: validators only, a 304 per file.
	if age, err := strconv.Atoi(os.Getenv("PVSCOPE_SITE_MAX_AGE")); err == nil {
		plain := files
		files = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Cache-Control", "max-age="+strconv.Itoa(age))
			plain.ServeHTTP(w, r)
		})
	}
	mux.Handle(sitePath, http.StripPrefix(sitePath, files))
	mux.HandleFunc("/course/week3.html", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(coursePage))
	})
	ctx, cancel := context.WithCancel(context.Background())
	return open(t, width, height, ctx, cancel, mux)
}

// The R&N tree under alpha-beta in a static site: the worker's search,
// stepped to the end, shows the book's answer (AIMA 3rd ed., Fig. 5.5): the
// root's value 3, and one pruning, the leaves 4 and 6 under the second MIN
// node never read.
func TestBrowserSiteSearchesInTheBrowser(t *testing.T) {
	p := newSitePage(t, 1366, 768)
	p.open(sitePath + "index.html?" + url.Values{"tree": {aima}, "algo": {"alphabeta"}, "depth": {"2"}}.Encode())
	p.click("start-button")
	p.waitFor(`window.pvscope.snapshot().eventCount > 0 && !window.pvscope.snapshot().streaming`)
	p.pause()
	n := p.snapshot().EventCount
	p.run(chromedp.Evaluate(`window.pvscope.seek(`+itoa(n)+`)`, nil))
	end := p.snapshot()
	if !reflect.DeepEqual(end.PV, []string{"0", "0"}) || end.Score == nil || *end.Score != 3 {
		t.Errorf("at the end: pv %v score %v, want [0 0] and 3", end.PV, end.Score)
	}
	pruned := slices.Clone(end.Pruned)
	slices.Sort(pruned)
	if !reflect.DeepEqual(pruned, []string{"1.1", "1.2"}) {
		t.Errorf("pruned leaves %v, want exactly 1.1 and 1.2 (one pruning: 4 and 6)", end.Pruned)
	}
	if end.NodeCount != 11 {
		t.Errorf("nodeCount %d, want 11", end.NodeCount)
	}
	// What needs a server is hidden, and the page says how to get it.
	var shown struct{ Room, Open bool }
	p.run(chromedp.Evaluate(`({room: getComputedStyle(document.getElementById("room")).display !== "none",
		open: getComputedStyle(document.querySelector(".trace-open")).display !== "none"})`, &shown))
	if shown.Room || !shown.Open {
		t.Errorf("a static site shows the room (it needs a server) or hides the trace files (the worker opens them): %+v", shown)
	}
	if note := p.text("site-note"); !strings.Contains(note, "pvscope serve") {
		t.Errorf("the site's note %q does not say how to get a server", note)
	}
	// The French page is the French file beside it, with the same note in French.
	p.open(sitePath + "fr.html")
	if note := p.text("site-note"); !strings.Contains(note, "demandent un serveur pvscope") {
		t.Errorf("fr.html's note %q is not French", note)
	}
}

// A depth-4 chess search with modern=true in the site's worker records the
// events the native engine records for the same setup (engine.Search, here
// in the test), and ends on its score and PV.
func TestBrowserSiteChessModern(t *testing.T) {
	const fen = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3"
	pos, opt, err := engine.Setup{FEN: fen}.Load()
	if err != nil {
		t.Fatal(err)
	}
	opt.Depth = 4
	opt.MaxNodes = DefaultLimits().MaxNodes
	if err := opt.Set("modern", "true"); err != nil {
		t.Fatal(err)
	}
	rec := tracer.NewRecording()
	res, err := engine.Search(context.Background(), pos, opt, rec)
	if err != nil {
		t.Fatal(err)
	}
	p := newSitePage(t, 1366, 768)
	p.open(sitePath + "index.html?" + url.Values{"fen": {fen}, "depth": {"4"}, "modern": {"true"}}.Encode())
	p.click("start-button")
	p.waitFor(`window.pvscope.snapshot().eventCount > 0 && !window.pvscope.snapshot().streaming`)
	p.pause()
	n := p.snapshot().EventCount
	p.run(chromedp.Evaluate(`window.pvscope.seek(`+itoa(n)+`)`, nil))
	end := p.snapshot()
	if n != rec.Len() {
		t.Errorf("the page has %d events, the native search recorded %d", n, rec.Len())
	}
	if end.Score == nil || *end.Score != res.Score || len(end.PV) == 0 || end.Depth != 4 {
		t.Errorf("at the end: score %v pv %v depth %d; the native search: score %d", end.Score, end.PV, end.Depth, res.Score)
	}
}

// An exercise on the R&N tree is graded in a static site as on a server:
// crossing out the book's pruned leaves (1.1 and 1.2) is right.
func TestBrowserSiteExerciseGraded(t *testing.T) {
	p := newSitePage(t, 1366, 768)
	p.open(sitePath + "index.html?tree=((3+12+8)+(2+4+6)+(14+5+2))&algo=alphabeta&depth=2&exercise=prune")
	p.waitFor(`document.querySelector('[data-path="1.1"]') !== null`)
	p.run(chromedp.Click(`[data-path="1.1"]`, chromedp.ByQuery), chromedp.Click(`[data-path="1.2"]`, chromedp.ByQuery),
		chromedp.SendKeys(`[data-testid="exercise-input-root"]`, "3", chromedp.ByQuery))
	p.click("exercise-check")
	if res := p.text("exercise-result"); !strings.Contains(res, "Right.") {
		t.Errorf("the book's prunings, checked: %q", res)
	}
}

// A lesson's slides play in a static site: its catalogue loads from the
// site's folder and each slide's search runs in the worker.
func TestBrowserSiteLessonSlides(t *testing.T) {
	p := newSitePage(t, 1366, 768)
	errs := consoleErrors(p)
	names := lessonNames(t)
	p.open(sitePath + "index.html")
	p.waitFor(fmt.Sprintf(`window.pvscope.lessons().length === %d`, len(names)))
	name := names[0]
	_, slides := readLessonFile(t, filepath.Join("../static/lessons", name+".md"))
	p.run(chromedp.Evaluate(fmt.Sprintf(`window.pvscope.lesson.open(%q, 1)`, name), nil))
	for i, s := range slides {
		if i > 0 {
			p.run(chromedp.KeyEvent(kb.PageDown))
		}
		p.waitSlide(i + 1)
		var selPath string
		if s.sel != "" {
			p.run(chromedp.Evaluate(fmt.Sprintf(`(window.pvscope.node(%q) || {path: "?"}).path`, s.sel), &selPath))
		}
		got := p.lessonSnap()
		got.SelPath = selPath
		checkSlide(t, fmt.Sprintf("%s slide %d", name, i+1), s, got)
	}
	if e := errs(); len(e) > 0 {
		t.Errorf("console errors: %q", e)
	}
}

// A search diff of two option sets (?diff=) runs both searches in the
// site's worker and finds where they part, as pvscope diff does on their
// traces (tracer.Diff, here in the test).
func TestBrowserSiteDiff(t *testing.T) {
	const fen = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3"
	setup := engine.Setup{FEN: fen}
	fa := writeTrace(t, setup, map[string]string{"depth": "3"})
	fb := writeTrace(t, setup, map[string]string{"depth": "3", "order-killers": "false"})
	ra, _ := os.Open(fa)
	rb, _ := os.Open(fb)
	rep, err := tracer.Diff(ra, rb, tracer.DiffOptions{})
	ra.Close()
	rb.Close()
	if err != nil || rep.FirstDivergence == nil {
		t.Fatalf("tracer.Diff: %v, %+v", err, rep)
	}
	v := rep.FirstDivergence
	p := newSitePage(t, 1366, 768)
	p.open(sitePath + "index.html?" + url.Values{"fen": {fen}, "depth": {"3"}, "diff": {",order-killers=false"}}.Encode())
	p.click("start-button")
	p.waitFor(`(() => { const ps = window.pvscope.snapshot().panes; return ps.length === 2 && ps[0].diff !== null; })()`)
	p.click("diff-first")
	p.waitFor(`window.pvscope.snapshot().panes[0].selected > 0`)
	ps := p.diffPanes()
	for i, want := range []struct {
		path []string
		seq  int64
	}{{v.A.Path, v.SeqA}, {v.B.Path, v.SeqB}} {
		if got := ps[i]; !slices.Equal(got.SelectedPath, want.path) || int64(got.EventIndex) != want.seq {
			t.Errorf("pane %s is at step %d with %v selected; pvscope diff names %v at seq %d", got.Side, got.EventIndex, got.SelectedPath, want.path, want.seq)
		}
	}
}

// coursePage is a lecturer's page that frames the site, as a course's pages
// would: with ?embed=1 and nothing else.
const coursePage = `<!DOCTYPE html><html><body><h1>Week 3: alpha-beta</h1>
<script>window.got = []; addEventListener("message", (m) => window.got.push(m.data));</script>
<iframe id="f" src="pvscope/index.html?embed=1&tree=((3+12+8)+(2+4+6)+(14+5+2))&algo=alphabeta&depth=2" width="900" height="500"></iframe>
</body></html>`

// A course page frames the site's page with ?embed=1 and no flag: the
// embedded view (html.embed, the setup form hidden), the search of the URL
// started at once in the worker, the ready message to the course page, and
// the full-page link without embed=1.
func TestBrowserSiteEmbedded(t *testing.T) {
	p := newSitePage(t, 1366, 768)
	p.run(chromedp.Navigate(p.url + "/course/week3.html"))
	p.waitFor(`window.got.some((m) => m && m.type === "pvscope" && m.state === "ready")`)
	frame := `document.getElementById("f").contentWindow`
	p.waitFor(frame + `.pvscope.snapshot().eventCount > 0 && !` + frame + `.pvscope.snapshot().streaming`)
	var got struct {
		Embed bool
		Form  string
		Link  string
	}
	p.run(chromedp.Evaluate(`(() => { const d = `+frame+`.document; return {embed: d.documentElement.classList.contains("embed"),
		form: getComputedStyle(d.getElementById("setup")).display, link: d.getElementById("embed-full").href}; })()`, &got))
	if !got.Embed || got.Form != "none" {
		t.Errorf("the framed page is not the embedded view: %+v", got)
	}
	// (http.FileServer sends index.html's address to its folder's.)
	if !strings.Contains(got.Link, sitePath+"?tree=") || strings.Contains(got.Link, "embed=") {
		t.Errorf("the full-page link is %q, want the site's page with the search, without embed=1", got.Link)
	}
}

// A trace file opened in a static site is read and checked by the worker
// (session.Open): pvscope's own trace of the R&N search plays with the
// book's answer, and a file breaking a rule (an exit of a node never
// entered, line 3) opens with its violation listed, as on a server.
func TestBrowserSiteTraceFileOpenedAndChecked(t *testing.T) {
	file := writeTrace(t, engine.Setup{Tree: aima}, map[string]string{"algo": "alphabeta", "depth": "2"})
	p := newSitePage(t, 1366, 768)
	p.open(sitePath + "index.html")
	p.run(chromedp.SetUploadFiles(`[data-testid="trace-file"]`, []string{file}, chromedp.ByQuery))
	p.waitFor(`window.pvscope.snapshot().eventCount > 0 && !window.pvscope.snapshot().streaming`)
	p.pause()
	n := p.snapshot().EventCount
	p.run(chromedp.Evaluate(`window.pvscope.seek(`+itoa(n)+`)`, nil))
	end := p.snapshot()
	pruned := slices.Clone(end.Pruned)
	slices.Sort(pruned)
	if end.Score == nil || *end.Score != 3 || !reflect.DeepEqual(pruned, []string{"1.1", "1.2"}) {
		t.Errorf("the trace file at its end: score %v, pruned %v; want 3 and 1.1, 1.2", end.Score, end.Pruned)
	}
	bad := filepath.Join(t.TempDir(), "bad.jsonl")
	os.WriteFile(bad, []byte(`{"format":"pvscope-trace","version":1,"meta":{"tree":"((3 12 8) (2 4 6) (14 5 2))"}}
{"kind":"enter","node":1,"depth":1}
{"kind":"exit","node":2,"score":2}
{"kind":"exit","node":1,"score":2}
`), 0o644)
	p.run(chromedp.SetUploadFiles(`[data-testid="trace-file"]`, []string{bad}, chromedp.ByQuery))
	p.waitFor(`document.querySelector('[data-testid="violations"]') && !document.querySelector('[data-testid="violations"]').hidden`)
	var list string
	p.run(chromedp.Evaluate(`document.querySelector('[data-testid="violation-list"]').textContent + " | " + document.getElementById("violation-text").textContent`, &list))
	t.Logf("listed: %s", list)
	if !strings.Contains(list, "line 3") {
		t.Errorf("the violations listed %q do not name line 3", list)
	}
}

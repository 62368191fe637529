package server

import (
	"context"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"
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
	for _, f := range files {
		if err := writeFile(dir, f.Path, f.Body); err != nil {
			return "", err
		}
	}
	return dir, nil
})

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
func newSitePage(t *testing.T, width, height int) *page {
	t.Helper()
	profile := browserProfile(t)
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
	mux.Handle(sitePath, http.StripPrefix(sitePath, http.FileServer(http.Dir(dir))))
	ctx, cancel := context.WithCancel(context.Background())
	return newBrowser(t, width, height, ctx, cancel, mux, profile)
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
}

package server

import (
	"bytes"
	"image/png"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/pvscope/pvscope/engine"
	"github.com/pvscope/pvscope/static"
)

// The README's pictures are taken from the real page by this test, so they can
// be made again when the page changes:
//
//	.ci/readme-shots    (PVSCOPE_README_SHOTS=1 go test ./server -run TestREADMEScreenshots -count 1)
//
// Without PVSCOPE_README_SHOTS it checks that the pictures the README shows are
// committed, served by the page, and of the size this test takes them at.

const shotW, shotH = 1366, 768

var readmeShots = []struct {
	file string // under static/img/
	take func(p *page)
}{
	{"readme-tree.png", func(p *page) {
		// The Wikipedia alpha-beta figure in the root view, part way through the
		// search, a node selected, so the log beside it tells the step.
		e := textbookTree(p.t.(*testing.T), "wikipedia_ab_pruning_svg")
		p.open("/?" + url.Values{"tree": {refText(e.Tree)}, "algo": {"alphabeta"}}.Encode())
		p.startAndWait()
		var k int
		p.await(`(async () => { const s = window.pvscope.snapshot(); const k = Math.round(s.eventCount * 0.62); window.pvscope.seek(k);
			for (let i = 0; i < 4; i++) await new Promise(requestAnimationFrame); return k; })()`, &k)
		// The log has scrolled to the step shown.
		p.waitFor(`(() => { const log = document.querySelector('[data-testid="event-log"]'), li = log.querySelector("li.current");
			if (!li) return false; const a = log.getBoundingClientRect(), b = li.getBoundingClientRect(); return b.top >= a.top - 1 && b.bottom <= a.bottom + 1; })()`)
		p.t.Logf("the tree shot is at step %d", k)
	}},
	{"readme-pvlab.png", func(p *page) {
		// The short-PV laboratory on the gallery's first exhibit, searched to its end.
		entry := engine.Gallery[0]
		q := url.Values{"fen": {entry.FEN}}
		for k, v := range entry.Options {
			q.Set(k, v)
		}
		p.open("/?" + q.Encode())
		p.searchToTheEnd()
	}},
}

func TestREADMEScreenshots(t *testing.T) {
	dir := filepath.Join("..", "static", "img")
	if os.Getenv("PVSCOPE_README_SHOTS") == "" {
		for _, s := range readmeShots {
			data, err := os.ReadFile(filepath.Join(dir, s.file))
			if err != nil {
				t.Fatalf("the README's picture %s is missing: run .ci/readme-shots (%v)", s.file, err)
			}
			cfg, err := png.DecodeConfig(bytes.NewReader(data))
			if err != nil {
				t.Fatalf("%s is not a PNG: %v", s.file, err)
			}
			if cfg.Width != shotW {
				t.Errorf("%s is %dx%d: run .ci/readme-shots to take it again at %d wide", s.file, cfg.Width, cfg.Height, shotW)
			}
			if !static.Served("img/" + s.file) {
				t.Errorf("the page does not serve img/%s", s.file)
			}
		}
		return
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, s := range readmeShots {
		p := newPage(t, shotW, shotH)
		s.take(p)
		var img []byte
		p.run(chromedp.CaptureScreenshot(&img))
		if err := os.WriteFile(filepath.Join(dir, s.file), img, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s", s.file)
	}
}

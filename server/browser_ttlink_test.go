package server

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// ttLinkTrace: a root with three children a, b, c. Node 2 (a) stores key ab;
// node 3 (b) and node 4 (c) hit it, written with other spellings of the same
// key (leading zeros, capitals: docs/trace-format.md says they are one key);
// node 4 also hits key cd, which nothing stored.
const ttLinkTrace = `{"format":"pvscope-trace","version":1,"meta":{"engine":"hand"}}
{"kind":"enter","node":1,"alpha":-1000,"beta":1000,"depth":2}
{"kind":"enter","node":2,"parent":1,"move":"a","alpha":-1000,"beta":1000,"depth":1}
{"kind":"tt-probe","node":2,"key":"ab"}
{"kind":"tt-store","node":2,"depth":1,"score":-3,"bound":"exact","key":"ab"}
{"kind":"exit","node":2,"score":-3}
{"kind":"enter","node":3,"parent":1,"move":"b","alpha":-1000,"beta":3,"depth":1}
{"kind":"tt-probe","node":3,"key":"00AB"}
{"kind":"tt-hit","node":3,"depth":1,"score":-3,"bound":"exact","key":"00AB"}
{"kind":"exit","node":3,"score":-3}
{"kind":"enter","node":4,"parent":1,"move":"c","alpha":-1000,"beta":3,"depth":1}
{"kind":"tt-hit","node":4,"depth":1,"score":-3,"bound":"exact","key":"Ab"}
{"kind":"tt-hit","node":4,"depth":1,"score":5,"bound":"lower","key":"cd"}
{"kind":"tt-hit","node":4,"depth":1,"score":-3,"bound":"exact","key":"0ab"}
{"kind":"exit","node":4,"score":-3}
{"kind":"exit","node":1,"score":3}
`

// On a node the table answered, the page names the store it read and goes
// there; on the store's node, the hits that read it (issue 41, item 1).
func TestBrowserTTHitGoesToItsStore(t *testing.T) {
	p := newPage(t, 1366, 768)
	file := filepath.Join(t.TempDir(), "ttlink.jsonl")
	if err := os.WriteFile(file, []byte(ttLinkTrace), 0o644); err != nil {
		t.Fatal(err)
	}
	p.open("/")
	p.run(chromedp.SetUploadFiles(`[data-testid="trace-file"]`, []string{file}, chromedp.ByQuery))
	n := p.finished()
	p.eval(`window.pvscope.seek(`+itoa(n)+`); 0`, nil)
	// Node 3 (b) selected, as the path box does.
	selectPath := func(path string) {
		p.eval(`(() => { const box = document.querySelector('[data-testid="node-path"]'); box.value = "`+path+`";
			box.dispatchEvent(new KeyboardEvent("keydown", {key: "Enter", bubbles: true})); })()`, nil)
	}
	selectPath("b")
	p.waitFor(`window.pvscope.snapshot().selected === 3 && !!document.querySelector('[data-testid="tt-store-goto"]')`)
	// The store: node 2, path a, depth 1, bound exact, score -3. The page's steps are the file's
	// events with the search's start before them and the pv-update the reader derives after node
	// 2's exit: the store is step 5 (index 4), node 3's hit index 9, 5 steps later.
	if got := p.text("tt-link"); !strings.Contains(got, "Stored at node 2 (a), depth 1, bound exact, score -3, 5 steps earlier.") {
		t.Errorf("node 3's table link reads %q; want the store at node 2, 5 steps earlier", got)
	}
	p.click("tt-store-goto")
	p.waitFor(`window.pvscope.snapshot().selected === 2`)
	// On the store's node: the three hits that read it, node 3's and node 4's two (indices 9, 12
	// and 14), not node 4's hit of cd.
	p.waitFor(`document.querySelectorAll('[data-testid="tt-hit-goto"]').length === 3`)
	var hits []string
	p.eval(`[...document.querySelectorAll('[data-testid="tt-hit-goto"]')].map((b) => b.dataset.node)`, &hits)
	if strings.Join(hits, ",") != "3,4,4" {
		t.Errorf("node 2's store lists the hits of nodes %v; want 3, 4 and 4", hits)
	}
	if got := p.text("tt-link"); !strings.Contains(got, "Read by 3 hits (key ab):") || !strings.Contains(got, "node 3 (b), 5 steps later") ||
		!strings.Contains(got, "node 4 (c), 8 steps later") || !strings.Contains(got, "node 4 (c), 10 steps later") {
		t.Errorf("node 2's table link reads %q; want its three hits, 5, 8 and 10 steps later", got)
	}
	// From a hit back to its store again, by the store's list: node 4 reads the store too.
	p.eval(`document.querySelectorAll('[data-testid="tt-hit-goto"]')[1].click()`, nil)
	p.waitFor(`window.pvscope.snapshot().selected === 4`)
	// Node 4's last keyed hit (0ab, index 14) read node 2's store, 10 steps before.
	p.waitFor(`/Stored at node 2 \(a\).*10 steps earlier/.test(document.querySelector('[data-testid="tt-link"]').textContent)`)
}

package server

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// codeView is the code panel as laid out at one step.
type codeView struct {
	Wrapped []string // lines whose text stands on more than one row
	Running int      // the running line's number, 0 for none
	Def     int      // the line of the def (or function) it runs in
	Hidden  []string // of the running line and its def, what is outside the panel's visible box
}

const codeViewProbe = `(() => {
	const ol = document.querySelector('[data-testid="code-lines"]'), box = ol.getBoundingClientRect();
	const lis = [...ol.children], wrapped = [], hidden = [];
	for (const li of lis) {
		const code = li.querySelector("code"), r = document.createRange();
		r.selectNodeContents(code);
		const tops = [];
		for (const q of r.getClientRects()) if (q.width > 0 && !tops.some((t) => Math.abs(t - q.top) < q.height / 2)) tops.push(q.top);
		if (tops.length > 1) wrapped.push(li.dataset.line + ": " + code.textContent);
	}
	const run = lis.findIndex((li) => li.classList.contains("running"));
	// The def it runs in: the nearest def or function line at or above it, unless a line at the
	// margin (the program's own last line) comes first.
	let def = -1;
	for (let i = run; i >= 0; i--) {
		const s = lis[i].querySelector("code").textContent;
		if (/^(def |function )/.test(s)) { def = i; break; }
		if (/^\S/.test(s)) break;
	}
	const seen = (i, what) => {
		if (i < 0) return;
		const r = lis[i].getBoundingClientRect();
		// Whole rows in the box, and the line itself on top there (not under a pinned header).
		const at = document.elementFromPoint(box.left + 40, (r.top + r.bottom) / 2);
		if (r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5 || !at || !lis[i].contains(at)) hidden.push(what + " " + (i + 1) + ": " + lis[i].textContent);
	};
	seen(run, "running"); seen(def, "def");
	return { Wrapped: wrapped, Running: run + 1, Def: def + 1, Hidden: hidden };
})()`

// selectedCode selects the code panel's lines as a mouse drag over them would, and returns the
// selection's text.
const selectedCode = `(() => {
	const ol = document.querySelector('[data-testid="code-lines"]'), sel = getSelection(), r = document.createRange();
	r.setStartBefore(ol.firstElementChild); r.setEndAfter(ol.lastElementChild);
	sel.removeAllRanges(); sel.addRange(r);
	const s = sel.toString(); sel.removeAllRanges(); return s;
})()`

// runPython runs a program copied from the panel after TREE = R&N's Figure 5.2 and returns what
// it prints.
func runPython(t *testing.T, program string) string {
	t.Helper()
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is needed to run the copied code")
	}
	file := filepath.Join(t.TempDir(), "copied.py")
	if err := os.WriteFile(file, []byte("TREE = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]\n"+program), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, python, file).CombinedOutput()
	if err != nil {
		t.Errorf("the copied program fails: %v\n%s\n--- the program:\n%s", err, out, program)
	}
	return strings.TrimSpace(string(out))
}

// Issue 39, item 7: presenting at 1280x720 with the Python text, no line wraps (a wrapped line of
// Python reads as two: "v = min(v," / "max_value(child," / "alpha, beta))"); at every step the
// running line and the def of the function it runs in are both in the panel's view; at 1920x1080
// the pseudo-code does not wrap (MIN-VALUE broke as "MIN-" / "VALUE"). Copying the panel's text by
// mouse, and its Copy button, give a program that runs: with R&N's Figure 5.2 as TREE it prints 3,
// the book's root value (the line numbers each landed on a line of their own: IndentationError).
func TestBrowserCodePanelPresentingReadsAsCode(t *testing.T) {
	p := newPage(t, 1280, 720)
	p.open("/?" + url.Values{"tree": {aima}, "algo": {"alphabeta"}, "code": {"python"}}.Encode())
	p.present()
	p.startAndWait()
	p.pause()
	p.waitFor(`document.querySelectorAll('[data-testid="code-lines"] li').length > 10`)
	n := p.snapshot().EventCount
	defSeen := 0
	for k := 1; k <= n; k++ {
		p.eval(fmt.Sprintf(`window.pvscope.seek(%d)`, k), nil)
		p.await(`(async () => { for (let i = 0; i < 2; i++) await new Promise(requestAnimationFrame); return true; })()`, nil)
		var v codeView
		p.eval(codeViewProbe, &v)
		if k == 1 && len(v.Wrapped) > 0 {
			t.Errorf("presenting at 1280x720, Python lines wrap: %q", v.Wrapped)
		}
		if len(v.Hidden) > 0 {
			t.Errorf("step %d: out of the panel's view: %q", k, v.Hidden)
			p.shot(fmt.Sprintf("code-hidden-step%d-1280.png", k))
		}
		if v.Def > 0 && v.Running > v.Def+4 {
			defSeen++
		}
		if k == 20 {
			p.shot("code-present-python-1280x720.png")
		}
	}
	if defSeen == 0 {
		t.Errorf("no step runs a line five or more below its def: the check of the pinned def needs one")
	}
	var copied string
	p.eval(selectedCode, &copied)
	if got := runPython(t, copied); got != "3" {
		t.Errorf("the selected code prints %q, want 3", got)
	}
	var button string
	p.await(`(async () => {
		let got = null;
		Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText: async (s) => { got = s; } } });
		document.querySelector('[data-testid="code-copy"]').click();
		for (let i = 0; i < 20 && got === null; i++) await new Promise((r) => setTimeout(r, 20));
		return got ?? "";
	})()`, &button)
	if got := runPython(t, button); got != "3" {
		t.Errorf("the Copy button's code prints %q, want 3", got)
	}

	// The pseudo-code at 1920x1080: MIN-VALUE and every other line on one row.
	p.run(emulation.SetDeviceMetricsOverride(1920, 1080, 1, false), chromedp.Sleep(300*time.Millisecond))
	p.eval(`(() => { const s = document.querySelector('[data-testid="code-lang"]'); s.value = "pseudo"; s.dispatchEvent(new Event("change")); })()`, nil)
	p.waitFor(`[...document.querySelectorAll('[data-testid="code-lines"] code')].some((c) => c.textContent.includes("MIN-VALUE"))`)
	checkPseudoWraps(t, p, "1920x1080")
	// At 1280x720 too.
	p.run(emulation.SetDeviceMetricsOverride(1280, 720, 1, false), chromedp.Sleep(300*time.Millisecond))
	p.await(`(async () => { window.pvscope.seek(window.pvscope.snapshot().eventCount - 1); for (let i = 0; i < 3; i++) await new Promise(requestAnimationFrame); return true; })()`, nil)
	checkPseudoWraps(t, p, "1280x720")
}

// checkPseudoWraps: a line of pseudo-code wraps only at a space (no name like MIN-VALUE broken
// across rows), and each line that wraps is marked ↪ as continued.
func checkPseudoWraps(t *testing.T, p *page, size string) {
	t.Helper()
	var marks struct {
		Wrapped, Marked int
		Broken          []string
	}
	p.eval(`(() => {
		const out = { Wrapped: 0, Marked: 0, Broken: [] };
		for (const li of document.querySelectorAll('[data-testid="code-lines"] li')) {
			const code = li.querySelector("code"), r = document.createRange(); r.selectNodeContents(code);
			const rows = new Set([...r.getClientRects()].filter((q) => q.width > 0).map((q) => Math.round(q.top)));
			if (rows.size < 2) continue;
			out.Wrapped++;
			if (getComputedStyle(li, "::after").content.includes("↪")) out.Marked++;
			for (const name of code.textContent.match(/\S*-\S*/g) || []) {
				// A name broken across rows: its own text's boxes stand on two rows.
				const at = code.textContent.indexOf(name), n = document.createRange(), walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
				let off = 0, node;
				while ((node = walker.nextNode())) { if (at >= off && at < off + node.length) break; off += node.length; }
				if (!node) continue;
				n.setStart(node, at - off); n.setEnd(node, Math.min(node.length, at - off + name.length));
				if (new Set([...n.getClientRects()].filter((q) => q.width > 0).map((q) => Math.round(q.top))).size > 1) out.Broken.push(name);
			}
		}
		return out;
	})()`, &marks)
	if marks.Marked != marks.Wrapped || len(marks.Broken) > 0 {
		t.Errorf("presenting at %s, pseudo-code: %d lines wrap, %d marked as continued; names broken across rows %q", size, marks.Wrapped, marks.Marked, marks.Broken)
	}
	t.Logf("pseudo-code at %s: %d lines wrap", size, marks.Wrapped)
	p.shot("code-present-pseudo-" + size + ".png")
}

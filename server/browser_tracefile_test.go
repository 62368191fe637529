package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/pvscope/pvscope/engine"
	"github.com/pvscope/pvscope/tracer"
)

// writeTrace writes the trace `pvscope trace` writes for setup: the header
// names the position and the options, then every event.
func writeTrace(t *testing.T, setup engine.Setup, options map[string]string) string {
	return writeTraceTB(t, setup, options)
}

func writeTraceTB(t testing.TB, setup engine.Setup, options map[string]string) string {
	t.Helper()
	pos, opt, err := setup.Load()
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range options {
		if err := opt.Set(k, v); err != nil {
			t.Fatal(err)
		}
	}
	meta := opt.Describe()
	if setup.Tree != "" {
		meta["tree"] = setup.Tree
	}
	if c, ok := pos.(*engine.ChessPosition); ok {
		meta["fen"] = c.FEN()
	}
	path := filepath.Join(t.TempDir(), "search.jsonl")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w, err := tracer.NewWriter(f, tracer.Header{Meta: meta})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := engine.Search(context.Background(), pos, opt, w); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	return path
}

// snapAt seeks to step k and returns the whole snapshot once the step is
// drawn whole (settled): read at once, its drawn and visibleNodes said how far
// the drawing had gone, which a loaded machine or a window drawing beside it
// changes.
func (p *page) snapAt(k int) map[string]any {
	p.t.Helper()
	var s string
	p.await(fmt.Sprintf(`(async () => { window.pvscope.seek(%d); return JSON.stringify(await window.pvscope.settled()); })()`, k), &s)
	var m map[string]any
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		p.t.Fatal(err)
	}
	return m
}

// finished waits until a search (live or opened) has arrived whole, and pauses.
func (p *page) finished() int {
	p.t.Helper()
	p.waitFor(`(() => { const s = window.pvscope.snapshot(); return s.eventCount > 0 && !s.streaming && s.error === ""; })()`)
	p.pause()
	return p.snapshot().EventCount
}

// snapshots are the page at the start, the middle and the end.
func (p *page) snapshots(n int) []map[string]any {
	return []map[string]any{p.snapAt(0), p.snapAt(n / 2), p.snapAt(n)}
}

// upload posts a trace as the page does and returns its token.
func upload(t *testing.T, base, body string) string {
	t.Helper()
	res, err := http.Post(base+"/trace", "application/jsonl", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var answer struct{ Token, Error string }
	if err := json.NewDecoder(res.Body).Decode(&answer); err != nil || answer.Token == "" {
		t.Fatalf("upload: %v %+v", err, answer)
	}
	return answer.Token
}

// A trace pvscope wrote opens to the same page as the live search, at the
// start, the middle and the end: from the file picker, from /?trace= (what
// pvscope view serves), and saved back by the page (trace-save) and reopened.
func TestBrowserTraceFileOpensLikeTheLiveSearch(t *testing.T) {
	cases := []struct {
		name    string
		setup   engine.Setup
		options map[string]string
		query   url.Values
	}{
		{"teaching tree, pvs", engine.Setup{Tree: aima}, map[string]string{"algo": "pvs"},
			url.Values{"tree": {aima}, "algo": {"pvs"}}},
		{"chess, depth 3", engine.Setup{}, map[string]string{"depth": "3"},
			url.Values{"depth": {"3"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			file := writeTrace(t, c.setup, c.options)
			p := newPage(t, 1366, 768)
			p.open("/?" + c.query.Encode())
			p.click("start-button")
			n := p.finished()
			live := p.snapshots(n)
			var saved string
			p.run(chromedp.Evaluate(`window.pvscope.traceJSONL()`, &saved))

			p.open("/")
			// The progress bar: shown while the file goes to the server, full
			// when it has gone, hidden once the server has answered.
			p.run(chromedp.Evaluate(`(() => {
				const bar = document.querySelector('[data-testid="trace-progress"]');
				window.__bar = [];
				new MutationObserver(() => window.__bar.push([bar.hidden, bar.value])).observe(bar, { attributes: true });
				const set = Object.getOwnPropertyDescriptor(HTMLProgressElement.prototype, "value").set;
				Object.defineProperty(bar, "value", { get() { return bar.getAttribute("value") * 1; }, set(v) { set.call(bar, v); window.__bar.push([bar.hidden, v]); } });
			})()`, nil))
			p.run(chromedp.SetUploadFiles(`[data-testid="trace-file"]`, []string{file}, chromedp.ByQuery))
			if got := p.finished(); got != n {
				t.Fatalf("the opened file has %d events, the live search %d", got, n)
			}
			var bar [][2]any
			p.run(chromedp.Evaluate(`window.__bar`, &bar))
			full, shown := false, false
			for _, b := range bar {
				shown = shown || b[0] == false
				full = full || (b[0] == false && b[1] == 1.0)
			}
			var hidden bool
			p.run(chromedp.Evaluate(`document.querySelector('[data-testid="trace-progress"]').hidden`, &hidden))
			if !shown || !full || !hidden {
				t.Errorf("the progress bar went %v and is hidden at the end: %v; want it shown, full, then hidden", bar, hidden)
			}
			compareSnapshots(t, "file picker", live, p.snapshots(n))

			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			p.open("/?trace=" + upload(t, p.url, string(data)))
			p.finished()
			compareSnapshots(t, "/?trace=", live, p.snapshots(n))

			p.open("/?trace=" + upload(t, p.url, saved))
			p.finished()
			compareSnapshots(t, "saved by the page", live, p.snapshots(n))
		})
	}
}

func compareSnapshots(t *testing.T, how string, want, got []map[string]any) {
	t.Helper()
	for i, at := range []string{"start", "middle", "end"} {
		if !reflect.DeepEqual(want[i], got[i]) {
			t.Errorf("%s, at the %s:\n live %v\n file %v", how, at, want[i], got[i])
		}
	}
}

// A file that is not a trace gets a banner naming the line, and the page keeps
// working; a minimal trace from another engine opens.
func TestBrowserBadAndMinimalTraceFiles(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.jsonl")
	os.WriteFile(bad, []byte("{\"format\":\"pvscope-trace\",\"version\":1}\n{\"kind\":\"enter\",\"node\":1,\"depth\":1}\n{\"kind\":\"exit\",\"node\":1,score:2}\n"), 0o644)
	p := newPage(t, 1366, 768)
	p.open("/?" + url.Values{"tree": {aima}}.Encode())
	p.run(chromedp.SetUploadFiles(`[data-testid="trace-file"]`, []string{bad}, chromedp.ByQuery))
	p.waitFor(`window.pvscope.snapshot().error !== ""`)
	if msg := p.snapshot().Error; !strings.Contains(msg, "line 3") {
		t.Errorf("the banner says %q; want it to name line 3", msg)
	}
	p.click("start-button")
	p.waitFor(`window.pvscope.snapshot().eventCount === 39`)

	// A minimal trace another engine wrote (enter and exit only, its own node
	// ids) plays with the PV, score and node count of its search: the root
	// scores max(min(3,5), min(2,9)) = 3 along a a, in 6 nodes.
	// Dropped on the page, as a person would drag it from their files.
	p.open("/")
	js, _ := json.Marshal(minimalTrace)
	p.run(chromedp.Evaluate(`(() => {
		const dt = new DataTransfer();
		dt.items.add(new File([`+string(js)+`], "minimal.jsonl"));
		document.body.dispatchEvent(new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }));
	})()`, nil))
	n := p.finished()
	end := p.snapAt(n)
	if !reflect.DeepEqual(end["pv"], []any{"a", "a"}) || end["score"] != 3.0 || end["nodeCount"] != 6.0 {
		t.Errorf("the minimal trace at its end: %v; want PV a a, score 3, 6 nodes", end)
	}

	// The file has only enters and exits: every other event was derived, and
	// the page marks exactly those, in the log and in the trace it saves.
	var kinds []struct {
		Kind    string `json:"kind"`
		Derived bool   `json:"derived"`
		Row     string `json:"row"`
	}
	p.run(chromedp.Evaluate(`(async () => {
		const pv = window.pvscope, out = [];
		for (let i = 0; i < pv.trace.length; i++) {
			pv.seek(i + 1);
			await new Promise(requestAnimationFrame);
			const li = document.querySelector('[data-testid="event-log"] li[data-i="' + i + '"]');
			out.push({ kind: pv.trace.event(i).kind, derived: pv.trace.event(i).derived, row: li ? li.className : "missing" });
		}
		return out;
	})()`, &kinds, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
	written, derived := 0, 0
	for i, k := range kinds {
		wrote := k.Kind == "enter" || k.Kind == "exit"
		marked := strings.Contains(k.Row, "derived")
		if k.Derived == wrote || marked == wrote {
			t.Errorf("event %d (%s): derived %v, its log row %q; the file wrote it: %v", i+1, k.Kind, k.Derived, k.Row, wrote)
		}
		if wrote {
			written++
		} else {
			derived++
		}
	}
	if written != 12 || derived == 0 {
		t.Errorf("%d events written and %d derived; want the file's 12 and some derived", written, derived)
	}
	var saved string
	p.run(chromedp.Evaluate(`window.pvscope.traceJSONL()`, &saved))
	if got := strings.Count(saved, `"derived":true`); got != derived {
		t.Errorf("the saved trace marks %d events derived; want %d", got, derived)
	}
}

// minimalTrace is a PVS of the tree ((3 5) (2 9)) written by hand as another
// engine would log it, node ids its own: the second leaf of a is a probe that
// fails low, b is a probe its first leaf cuts off.
const minimalTrace = `{"format":"pvscope-trace","version":1}
{"kind":"enter","node":100,"parent":0,"alpha":-100,"beta":100,"depth":2}
{"kind":"enter","node":200,"parent":100,"move":"a","alpha":-100,"beta":100,"depth":1}
{"kind":"enter","node":300,"parent":200,"move":"a","alpha":-100,"beta":100,"depth":0}
{"kind":"exit","node":300,"score":3}
{"kind":"enter","node":400,"parent":200,"move":"b","alpha":2,"beta":3,"depth":0}
{"kind":"exit","node":400,"score":5}
{"kind":"exit","node":200,"score":-3}
{"kind":"enter","node":500,"parent":100,"move":"b","alpha":-4,"beta":-3,"depth":1}
{"kind":"enter","node":600,"parent":500,"move":"a","alpha":3,"beta":4,"depth":0}
{"kind":"exit","node":600,"score":2}
{"kind":"exit","node":500,"score":-2}
{"kind":"exit","node":100,"score":3}
`

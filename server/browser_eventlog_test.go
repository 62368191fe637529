package server

import (
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// The event log keeps the last 200 events up to the step, newest last and
// marked current, whichever way the step moves: one forward, one back, a
// jump within the window, a jump past it. After a jump the newest rows come
// first (checked in the log's first drawing for the step) and the older ones
// in slices after.
func TestEventLogFollowsEverySeek(t *testing.T) {
	// A laptop's log shows two rows beside the board, a projector's nine.
	for _, size := range [][2]int{{1366, 768}, {1920, 1080}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) { eventLogFollowsEverySeek(t, size[0], size[1]) })
	}
}

func eventLogFollowsEverySeek(t *testing.T, w, h int) {
	p := newPage(t, w, h)
	p.open("/?" + url.Values{"depth": {"3"}}.Encode())
	p.startAndWait()
	var n int
	p.run(chromedp.Evaluate(`window.pvscope.trace.length`, &n))
	if n < 1000 {
		t.Fatalf("the search has %d events, want over 1000", n)
	}
	steps := []int{500, 501, 502, 501, 500, 499, 450, 600, 420, 800, 799, 1, 0, 2, 201, 200, 199, n, n - 1, n - 150, n - 1}
	for _, k := range steps {
		var rows struct {
			First   []int   `json:"first"`
			Filled  float64 `json:"filled"`
			Height  float64 `json:"height"`
			Seqs    []int   `json:"seqs"`
			Current []int   `json:"current"`
			Last    string  `json:"last"`
		}
		from := max(0, k-200)
		// The log's first drawing for the step is read as it happens (a MutationObserver runs
		// before the older rows' slices, which wait for a task of their own): a search whose
		// last drawing took 100 ms or more (a loaded machine) is drawn a region a frame, the
		// log a frame or two after the tree (playback.js, slow), once in CI.
		p.await(fmt.Sprintf(`(async () => {
			const log = document.querySelector('[data-testid="event-log"]');
			const seqs = () => [...log.querySelectorAll('li')].map(li => +li.querySelector('.seq').textContent);
			const drawn = () => ({first: seqs(), filled: [...log.querySelectorAll('li')].reduce((h, li) => h + li.getBoundingClientRect().height, 0), height: log.clientHeight});
			const {first, filled, height} = await new Promise((resolve) => {
				// (Older rows added above a window still growing, from the step before, leave its last row.)
				const last = () => log.lastElementChild, was = last();
				const mo = new MutationObserver(() => { if (last() !== was) { mo.disconnect(); resolve(drawn()); } });
				mo.observe(log, {childList: true});
				setTimeout(() => { mo.disconnect(); resolve(drawn()); }, 10000); // never drawn: the checks below say what shows
				window.pvscope.seek(%d);
			});
			for (let t0 = performance.now(); seqs().length !== %d && performance.now() - t0 < 10000; ) await new Promise((r) => setTimeout(r, 20));
			const lis = [...document.querySelectorAll('[data-testid="event-log"] li')];
			return {first, filled, height, seqs: seqs(),
				current: lis.filter(li => li.classList.contains('current')).map(li => +li.querySelector('.seq').textContent),
				last: lis.length ? lis[lis.length - 1].querySelector('.txt').textContent : ''};
		})()`, k, k-from), &rows)
		// The log's first drawing already shows the newest rows, as many as fill the log at least.
		if (rows.Filled < rows.Height && len(rows.First) < k) || (k > 0 && rows.First[len(rows.First)-1] != k) {
			t.Fatalf("at step %d the log's first drawing shows rows %v (%.0f px of a %.0f-px log), want the newest, ending at %d, filling the log",
				k, short(rows.First), rows.Filled, rows.Height, k)
		}
		if len(rows.Seqs) != k-from {
			t.Fatalf("at step %d the log has %d rows, want %d", k, len(rows.Seqs), k-from)
		}
		for i, s := range rows.Seqs {
			if s != from+i+1 {
				t.Fatalf("at step %d row %d is event %d, want %d", k, i, s, from+i+1)
			}
		}
		if k > 0 && (len(rows.Current) != 1 || rows.Current[0] != k) {
			t.Fatalf("at step %d the rows marked current are %v, want [%d]", k, rows.Current, k)
		}
		if k > 0 && rows.Last == "" {
			t.Fatalf("at step %d the newest row has no sentence", k)
		}
	}
}

// Rows the log could not narrate within its frame budget start as a
// placeholder and are filled in soon after: a jump over 200 chess events
// ends with every row a full sentence naming its move in SAN.
func TestEventLogFillsInEveryRow(t *testing.T) {
	p := newPage(t, 1366, 768)
	p.open("/?" + url.Values{"fen": {kiwipete}, "depth": {"3"}}.Encode())
	p.startAndWait()
	var n int
	p.run(chromedp.Evaluate(`window.pvscope.trace.length`, &n))
	for _, k := range []int{n / 2, n/2 - 1, n / 3, n} {
		p.run(chromedp.Evaluate(fmt.Sprintf(`window.pvscope.seek(%d)`, k), nil))
		// The older rows come in slices after a jump, as placeholders first.
		p.waitFor(fmt.Sprintf(`document.querySelectorAll('[data-testid="event-log"] li').length === %d && document.querySelectorAll('[data-testid="event-log"] li.pending').length === 0`, min(k, 200)))
		var texts []string
		p.run(chromedp.Evaluate(`[...document.querySelectorAll('[data-testid="event-log"] li .txt')].map(e => e.textContent)`, &texts))
		if len(texts) != min(k, 200) {
			t.Fatalf("at step %d the log has %d rows", k, len(texts))
		}
		for i, s := range texts {
			if strings.HasSuffix(s, "…") && strings.HasPrefix(s, "Event ") {
				t.Fatalf("at step %d row %d is still a placeholder: %q", k, i, s)
			}
			if uciMove.MatchString(s) {
				t.Fatalf("at step %d row %d names a move in UCI, not SAN: %q", k, i, s)
			}
		}
	}
}

var uciMove = regexp.MustCompile(`\b[a-h][1-8][a-h][1-8][qrbn]?\b`)

// After a jump the current event is in view in the log, not above it: the
// rows out of view are laid out at an estimated height, so scrolling once to
// the end stopped short on the Wikipedia figure (rows 25-30 shown at step 45).
func TestEventLogShowsTheCurrentStepAfterASeek(t *testing.T) {
	p := newPage(t, 1366, 768)
	e := textbookTree(t, "wikipedia_ab_pruning_svg")
	p.open("/?" + url.Values{"tree": {refText(e.Tree)}, "algo": {"alphabeta"}}.Encode())
	p.startAndWait()
	for _, k := range []int{45, 10, 60, 30} {
		var gap float64
		// The log fills its rows in slices after a seek, and keeps the current row in view as
		// they grow: wait for it to settle there (up to 10 s on a loaded machine), not a fixed time.
		p.await(fmt.Sprintf(`(async () => { window.pvscope.seek(%d);
			const log = document.querySelector('[data-testid="event-log"]');
			const gap = () => { const li = log.querySelector("li.current");
				return li ? li.getBoundingClientRect().bottom - log.getBoundingClientRect().bottom : 1e9; };
			for (let t0 = performance.now(); performance.now() - t0 < 10000; ) {
				for (let i = 0; i < 2; i++) await new Promise(requestAnimationFrame);
				if (gap() <= 1) { await new Promise((r) => setTimeout(r, 100)); if (gap() <= 1) break; }
			}
			return gap(); })()`, k), &gap)
		if gap > 1 {
			t.Errorf("at step %d the current row ends %.0f px below the log's bottom: out of view", k, gap)
		}
	}
}

// short is a long list of row numbers as its ends, for a failure message.
func short(s []int) string {
	if len(s) <= 6 {
		return fmt.Sprint(s)
	}
	return fmt.Sprintf("%v … %v (%d rows)", s[:3], s[len(s)-3:], len(s))
}

package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http/httptest"
	"regexp"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/pvscope/pvscope/server/session"
)

// A whole class presses Start at once (issue 21): every page on loopback, in
// this process, starting the same search within a few milliseconds. Counts
// and reads are bounded; nothing asserts how long anything took (the
// benchmark below measures it).

// classSize is the class of the full pass, and of -short (which CI also runs
// under the race detector).
func classSize() int {
	if testing.Short() {
		return 50
	}
	return 500
}

// pupil is what one page of the class sent and received for its search.
type pupil struct {
	sent, started, ended time.Time
	last                 string // "done" or "error"
	message              string // the error's sentence
	stopped              string // the done frame's
	result               session.Result
	events               int // the done frame's count
	received             int // events received
	queued               int // queued frames received
	err                  error
}

// classResult is a class's search.
type classResult struct {
	pupils []pupil
	spread time.Duration // from the first start sent to the last
}

// runClass opens n pages, then has each send start at the same moment and
// read its search to the end: done or an error.
func runClass(tb testing.TB, hs *httptest.Server, n int, start map[string]any) classResult {
	tb.Helper()
	socks := make([]*websocket.Conn, n)
	for i := range socks {
		ws, _, err := websocket.DefaultDialer.Dial(wsURL(hs), nil)
		if err != nil {
			tb.Fatalf("page %d: %v", i, err)
		}
		defer ws.Close()
		ws.SetReadDeadline(time.Now().Add(time.Minute))
		if _, _, err := ws.ReadMessage(); err != nil { // hello
			tb.Fatalf("page %d: %v", i, err)
		}
		socks[i] = ws
	}
	res := classResult{pupils: make([]pupil, n)}
	var ready, wg sync.WaitGroup
	bell := make(chan struct{})
	for i, ws := range socks {
		ready.Add(1)
		wg.Add(1)
		go func() {
			defer wg.Done()
			msg, _ := json.Marshal(start)
			ready.Done()
			<-bell
			p := &res.pupils[i]
			p.sent = time.Now()
			if p.err = ws.WriteMessage(websocket.TextMessage, msg); p.err == nil {
				p.err = readPupil(ws, p)
			}
		}()
	}
	ready.Wait()
	close(bell)
	wg.Wait()
	first, last := res.pupils[0].sent, res.pupils[0].sent
	for _, p := range res.pupils {
		if p.sent.Before(first) {
			first = p.sent
		}
		if p.sent.After(last) {
			last = p.sent
		}
	}
	res.spread = last.Sub(first)
	return res
}

// readPupil reads frames until done or an error. Events frames are counted
// from their head and the rest discarded unparsed: 500 readers share the
// machine with the server they measure.
func readPupil(ws *websocket.Conn, p *pupil) error {
	// Bounded: a class's search never takes this long on any machine that
	// runs the suite; a hang fails rather than waits for the test timeout.
	ws.SetReadDeadline(time.Now().Add(3 * time.Minute))
	var head [128]byte
	for {
		_, rd, err := ws.NextReader()
		if err != nil {
			return err
		}
		n, _ := io.ReadFull(rd, head[:])
		if bytes.HasPrefix(head[:n], []byte(`{"type":"events"`)) {
			var f struct{ Count int }
			h := head[:n]
			if i := bytes.Index(h, []byte(`,"moves":`)); i > 0 {
				h = append(h[:i:i], '}')
			}
			if err := json.Unmarshal(h, &f); err != nil {
				return fmt.Errorf("an events frame's head %q: %v", h, err)
			}
			p.received += f.Count
			if _, err := io.Copy(io.Discard, rd); err != nil {
				return err
			}
			continue
		}
		rest, err := io.ReadAll(rd)
		if err != nil {
			return err
		}
		var f struct {
			Type, Message, Stopped string
			Events                 int
			Result                 session.Result
		}
		if err := json.Unmarshal(append(head[:n:n], rest...), &f); err != nil {
			return err
		}
		switch f.Type {
		case "queued":
			p.queued++
		case "started":
			p.started = time.Now()
		case "done", "error":
			p.ended, p.last, p.message = time.Now(), f.Type, f.Message
			p.stopped, p.events, p.result = f.Stopped, f.Events, f.Result
			return nil
		}
	}
}

// waitSentence is a refusal that says how long the wait would be.
var waitSentence = regexp.MustCompile(`would wait (about|at least) \d+ (s|min)|the wait in line is (about|at least) \d+ (s|min)`)

// A class starts Russell and Norvig's tree (Figure 5.2) at once on the
// default flags: every page gets its done frame, with the book's minimax
// value, 3, and its principal variation, the first move for each side; none
// is refused.
func TestClassStartsTheTextbookTreeAtOnce(t *testing.T) {
	n := classSize()
	s, hs := testServer(t, DefaultLimits())
	res := runClass(t, hs, n, map[string]any{"type": "start", "id": 1, "setup": map[string]string{"tree": aima},
		"options": map[string]string{"algo": "minimax"}})
	t.Logf("%d pages sent start within %v", n, res.spread)
	for i, p := range res.pupils {
		switch {
		case p.err != nil:
			t.Errorf("page %d: %v", i, p.err)
		case p.last != "done":
			t.Errorf("page %d: %s %q", i, p.last, p.message)
		case p.result.Score != 3 || !slices.Equal(p.result.PV, []string{"0", "0"}) || p.stopped != "":
			t.Errorf("page %d: score %d, pv %v, stopped %q; want 3, [0 0]", i, p.result.Score, p.result.PV, p.stopped)
		case p.received != p.events:
			t.Errorf("page %d: %d events received of %d", i, p.received, p.events)
		}
	}
	if running, waiting := s.slots.Counts(); running != 0 || waiting != 0 {
		t.Errorf("after the class: %d running, %d waiting", running, waiting)
	}
}

// A class starts a depth-3 search of the start position at once: each page
// gets done, with the result a lone search finds, or a refusal that says
// how long it would have waited; never a bare refusal.
func TestClassStartsAChessSearchAtOnce(t *testing.T) {
	n := classSize()
	if raceEnabled {
		n = 20 // the detector makes each search some ten times slower
	}
	s, hs := testServer(t, DefaultLimits())
	start := map[string]any{"type": "start", "id": 1, "options": map[string]string{"depth": "3"}}
	alone := runClass(t, hs, 1, start).pupils[0]
	if alone.last != "done" || alone.result.BestMove == "" || len(alone.result.PV) != 3 {
		t.Fatalf("a lone depth-3 search: %+v", alone)
	}
	base := heapLive()
	res := runClass(t, hs, n, start)
	done, refused := 0, 0
	for i, p := range res.pupils {
		switch {
		case p.err != nil:
			t.Errorf("page %d: %v", i, p.err)
		case p.last == "error" && waitSentence.MatchString(p.message):
			refused++
		case p.last == "error":
			t.Errorf("page %d was refused without its wait: %q", i, p.message)
		case p.result.Score != alone.result.Score || !slices.Equal(p.result.PV, alone.result.PV) ||
			p.result.Nodes != alone.result.Nodes || p.events != alone.events || p.stopped != "":
			t.Errorf("page %d: %+v (%d events, stopped %q), alone %+v (%d events)", i, p.result, p.events, p.stopped, alone.result, alone.events)
		case p.received != p.events:
			t.Errorf("page %d: %d events received of %d", i, p.received, p.events)
		default:
			done++
		}
	}
	t.Logf("%d pages sent start within %v: %d searched, %d refused with their wait", n, res.spread, done, refused)
	// Once the pages have closed, nothing of theirs stays: the line's array
	// once kept every page that had waited, and its recording, alive.
	for s.Connections() > 0 {
		time.Sleep(10 * time.Millisecond)
	}
	runtime.GC() // the buffers' pools keep their items through one collection
	if per := (int64(heapLive()) - int64(base)) / int64(n); !raceEnabled && per > 16<<10 {
		t.Errorf("%d bytes a page still held after the class closed its pages (a recording is %d events)", per, alone.events)
	}
}

// With -max-searches raised for a class, a search's share of the memory is
// small: a table the user left unset is sized to it (the started frame's
// options say so, and a notice after it), and the search runs; a table the
// user asked for above the share is refused, naming the largest allowed.
func TestManySlotsSizeTheDefaultTable(t *testing.T) {
	lim := DefaultLimits()
	lim.MaxSearches = 1000
	_, hs := testServer(t, lim)
	c := dial(t, hs)
	c.send(map[string]any{"type": "start", "id": 1, "options": map[string]string{"depth": "3"}})
	started := c.expect("started")
	// A share is 1 GB / 1000 = 1,073,741 bytes; a table may have half,
	// 536,870 bytes, at 16 bytes an entry 33,554 entries: 2^15 = 32,768
	// rounded down to a power of two.
	if got := started["options"].(map[string]any)["tt-size"]; got != "32768" {
		t.Fatalf("tt-size in the started frame: %v, want 32768", got)
	}
	note := c.expect("notice")
	if msg := note["message"].(string); note["id"] != 1.0 || !regexp.MustCompile(`32768 entries \(512 KB\), fewer than the default 262144`).MatchString(msg) {
		t.Fatalf("notice: %v", note)
	}
	s := c.collectAfter(started)
	if s.done["stopped"] != "" || len(s.events) == 0 {
		t.Fatalf("done: %v", s.done)
	}
	c.send(map[string]any{"type": "start", "id": 2, "options": map[string]string{"depth": "3", "tt-size": "262144"}})
	if m := c.expect("error"); m["field"] != "tt-size" || !regexp.MustCompile(`^tt-size 262144 needs 4 MB, .* at most 32768 entries \(512 KB\)`).MatchString(m["message"].(string)) {
		t.Fatalf("an explicit tt-size above the share: %v", m)
	}
	// On the default flags the default table fits, and no notice comes.
	_, hs = testServer(t, DefaultLimits())
	c = dial(t, hs)
	c.send(map[string]any{"type": "start", "id": 3, "options": map[string]string{"depth": "1"}})
	if got := c.expect("started")["options"].(map[string]any)["tt-size"]; got != "262144" {
		t.Fatalf("tt-size on the default flags: %v", got)
	}
	if m, raw := c.next(); m["type"] == "notice" {
		t.Fatalf("a notice on the default flags: %s", raw)
	}
	runtime.KeepAlive(c)
}

// memPeak samples runtime.MemStats every millisecond until stop, which
// returns the highest HeapInuse (bytes in spans holding objects, live or
// not yet swept) and Sys (all memory obtained from the system) seen.
func memPeak() (stop func() (heapInuse, sys uint64)) {
	done := make(chan struct{})
	var heap, sys uint64
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		var ms runtime.MemStats
		for {
			runtime.ReadMemStats(&ms)
			heap, sys = max(heap, ms.HeapInuse), max(sys, ms.Sys)
			select {
			case <-done:
				return
			case <-time.After(time.Millisecond):
			}
		}
	}()
	return func() (uint64, uint64) { close(done); wg.Wait(); return heap, sys }
}

// BenchmarkClassStartsAtOnce: 500 pages start the same search at once on a
// fresh server with the default flags (docs/measurements.md). It reports
// the time from the first start sent to the last done received, the wait
// from a page's start to its started frame (median and 99th percentile),
// the peak of the process's memory (server and the 500 test pages: both
// ends are in this process), and how many were refused.
//
//	go test ./server -run xxx -bench ClassStartsAtOnce -benchtime 3x
func BenchmarkClassStartsAtOnce(b *testing.B) {
	for _, c := range []struct {
		name  string
		start map[string]any
	}{
		{"tree", map[string]any{"type": "start", "id": 1, "setup": map[string]string{"tree": aima}, "options": map[string]string{"algo": "minimax"}}},
		{"depth3", map[string]any{"type": "start", "id": 1, "options": map[string]string{"depth": "3"}}},
	} {
		b.Run(c.name, func(b *testing.B) {
			const n = 500
			var last, p50, p99, heap, sys, refused float64
			for range b.N {
				_, hs := testServer(b, DefaultLimits())
				runtime.GC()
				stop := memPeak()
				res := runClass(b, hs, n, c.start)
				h, s := stop()
				first, end := res.pupils[0].sent, res.pupils[0].ended
				var waits []time.Duration
				for i, p := range res.pupils {
					if p.err != nil {
						b.Fatalf("page %d: %v", i, p.err)
					}
					if p.sent.Before(first) {
						first = p.sent
					}
					if p.ended.After(end) {
						end = p.ended
					}
					if p.last == "done" {
						waits = append(waits, p.started.Sub(p.sent))
					} else {
						refused++
					}
				}
				slices.Sort(waits)
				ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
				last += ms(end.Sub(first))
				if len(waits) > 0 {
					p50 += ms(waits[len(waits)/2])
					p99 += ms(waits[len(waits)*99/100])
				}
				heap, sys = max(heap, float64(h)/(1<<20)), max(sys, float64(s)/(1<<20))
				b.Logf("%s: last served after %.0f ms, wait p50 %.0f ms, p99 %.0f ms, peak HeapInuse %.0f MB, Sys %.0f MB, %d refused; starts sent within %v",
					c.name, ms(end.Sub(first)), ms(waits[len(waits)/2]), ms(waits[len(waits)*99/100]), float64(h)/(1<<20), float64(s)/(1<<20), n-len(waits), res.spread)
				hs.Close()
			}
			k := float64(b.N)
			b.ReportMetric(last/k, "ms-last-served")
			b.ReportMetric(p50/k, "ms-wait-p50")
			b.ReportMetric(p99/k, "ms-wait-p99")
			b.ReportMetric(heap, "MB-peak-heapinuse")
			b.ReportMetric(sys, "MB-peak-sys")
			b.ReportMetric(refused/k, "refused")
			b.ReportMetric(0, "ns/op")
		})
	}
}

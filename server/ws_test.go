package server

// Over 400 lines because it holds the websocket protocol's cases (hello, start, stop, limits,
// errors) side by side with the client helpers they share.

import (
	"context"
	"errors"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/pvscope/pvscope/engine"
	"github.com/pvscope/pvscope/tracer"
)

const (
	aima     = "((3 12 8) (2 4 6) (14 5 2))"
	kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
)

func TestHelloNamesTheProtocolAndTables(t *testing.T) {
	_, hs := testServer(t, DefaultLimits())
	c := dial(t, hs)
	if c.hello["protocol"] != float64(3) {
		t.Fatalf("hello protocol = %v, want 3", c.hello["protocol"])
	}
	kinds := c.hello["kinds"].([]any)
	// The page maps an event's kind number through this table.
	if kinds[tracer.Enter] != "enter" || kinds[tracer.ReSearch] != "re-search" || kinds[tracer.RootPV] != "root-pv" {
		t.Fatalf("kinds table is off: %v", kinds)
	}
	if ends := c.hello["ends"].([]any); ends[tracer.TTCut] != "tt-cutoff" {
		t.Fatalf("ends table is off: %v", ends)
	}
	methods, reasons := c.hello["methods"].([]any), c.hello["reasons"].([]any)
	if methods[tracer.PVHash] != "pvhash" || reasons[tracer.TTExactCutAtPV] != "tt-exact-cut-at-pv" ||
		len(reasons) != len(tracer.Reasons())+1 {
		t.Fatalf("methods or reasons table is off: %v %v", methods, reasons)
	}
}

// A chess search with a tiny always-replace table streams its collectors'
// lines and the walk's cut, with method and reason intact: decoded, the cut
// names a node the stream entered (tracer.Check), and it is the cut the
// engine reports for the same search.
func TestStreamCarriesPVCuts(t *testing.T) {
	_, hs := testServer(t, DefaultLimits())
	c := dial(t, hs)
	c.send(map[string]any{"type": "start", "options": map[string]string{"depth": "5", "tt-size": "16", "tt-replace": "always"}})
	s := c.collect()
	if err := tracer.Check(s.events); err != nil {
		t.Fatal(err)
	}
	lines, cuts := 0, 0
	for _, e := range s.events {
		switch e.Kind {
		case tracer.PVLine:
			lines++
		case tracer.PVCut:
			cuts++
			if e.Method != tracer.TTWalk || e.Reason != tracer.TTEntryOverwritten {
				t.Errorf("cut %+v, want the tt walk's, overwritten", e)
			}
		}
	}
	if lines != 4*5 || cuts == 0 {
		t.Fatalf("%d pv-line and %d pv-cut events, want 4 per iteration and at least one cut", lines, cuts)
	}
	pos, err := engine.NewChessPosition(engine.StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	opt := engine.ChessDefaults()
	opt.Depth, opt.TTSize, opt.TTReplace = 5, 16, engine.AlwaysReplace
	res, err := engine.Search(context.Background(), pos, opt, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := res.Truncations()
	var last tracer.Event
	for _, e := range s.events {
		if e.Kind == tracer.PVCut {
			last = e
		}
	}
	if len(want) != 1 || last.Node != want[0].Node || int(last.Ply) != want[0].Ply {
		t.Fatalf("the stream's last cut %+v, the engine's %+v", last, want)
	}
}

// The stream of the Russell & Norvig tree under PVS carries exactly the events
// of the golden trace, whose leaves and value were checked against the book.
func TestStartStreamsTheGoldenTrace(t *testing.T) {
	_, hs := testServer(t, DefaultLimits())
	c := dial(t, hs)
	c.send(map[string]any{"type": "start", "id": 3, "setup": map[string]string{"tree": aima},
		"options": map[string]string{"algo": "pvs"}})
	s := c.collect()
	if s.started["kind"] != "tree" || s.started["id"] != float64(3) {
		t.Fatalf("started = %v", s.started)
	}
	if got := s.started["tree"]; !reflect.DeepEqual(got, []any{
		[]any{3.0, 12.0, 8.0}, []any{2.0, 4.0, 6.0}, []any{14.0, 5.0, 2.0}}) {
		t.Fatalf("started tree = %v", got)
	}
	f, err := os.Open("../engine/testdata/aima_fig5_2_pvs.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	_, want, err := tracer.ReadAll(f)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(s.events, want) {
		t.Fatalf("streamed %d events, golden has %d; first difference: %s", len(s.events), len(want), firstDiff(s.events, want))
	}
	res := s.done["result"].(map[string]any)
	if res["score"] != 3.0 || !reflect.DeepEqual(res["pv"], []any{"0", "0"}) || s.done["stopped"] != "" {
		t.Fatalf("done = %v", s.done)
	}
	if s.done["events"] != float64(len(want)) {
		t.Fatalf("done says %v events, %d came", s.done["events"], len(want))
	}
}

func firstDiff(a, b []tracer.Event) string {
	for i := range min(len(a), len(b)) {
		if !reflect.DeepEqual(a[i], b[i]) {
			return fmt.Sprintf("got %+v, want %+v", a[i], b[i])
		}
	}
	return "one is a prefix of the other"
}

// A chess search of tens of thousands of events arrives in far fewer frames,
// and it satisfies the tracer's invariants end to end.
func TestChessSearchIsBatchedAndBalanced(t *testing.T) {
	_, hs := testServer(t, DefaultLimits())
	c := dial(t, hs)
	c.send(map[string]any{"type": "start", "id": 1, "setup": map[string]string{"fen": kiwipete},
		"options": map[string]string{"depth": "3"}})
	s := c.collect()
	if s.started["kind"] != "chess" || s.started["fen"] != kiwipete {
		t.Fatalf("started = %v", s.started)
	}
	if len(s.events) < 10000 {
		t.Fatalf("only %d events for Kiwipete at depth 3", len(s.events))
	}
	if s.frames*20 > len(s.events) {
		t.Fatalf("%d events came in %d frames: not batched", len(s.events), s.frames)
	}
	if err := tracer.Check(s.events); err != nil {
		t.Fatal(err)
	}
	if s.started["options"].(map[string]any)["depth"] != "3" {
		t.Fatalf("options in started = %v", s.started["options"])
	}
}

func TestBadMessagesGetAnErrorAndTheConnectionStaysUsable(t *testing.T) {
	_, hs := testServer(t, DefaultLimits())
	c := dial(t, hs)
	for _, tc := range []struct{ msg, field, says string }{
		{`{"type":"start",`, "", "not a JSON command"},
		{`{"type":"jump"}`, "", `unknown command "jump"`},
		{`{"id":4}`, "", `no "type"`},
		{`{"type":"start","setup":{"fen":"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}}`, "fen", "rank"},
		{`{"type":"start","setup":{"tree":"((3 12) (2"}}`, "tree", ""},
		{`{"type":"start","setup":{"tree":"(1 2)","fen":"8/8/8/8/8/8/8/8 w - - 0 1"}}`, "", "not several"},
		{`{"type":"start","options":{"depth":"99"}}`, "depth", "more than this server allows"},
		{`{"type":"start","options":{"algo":"negascout"}}`, "algo", "negascout"},
		{`{"type":"start","options":{"colour":"red"}}`, "colour", "unknown option"},
	} {
		c.send(tc.msg)
		m := c.expect("error")
		msg, _ := m["message"].(string)
		field, _ := m["field"].(string)
		if field != tc.field || !strings.Contains(strings.ToLower(msg), strings.ToLower(tc.says)) || !strings.HasSuffix(msg, ".") {
			t.Errorf("%s: error field %q message %q; want field %q and a sentence saying %q", tc.msg, field, msg, tc.field, tc.says)
		}
	}
	c.send(map[string]any{"type": "start", "id": 9, "setup": map[string]string{"tree": aima}})
	if s := c.collect(); s.done["result"].(map[string]any)["score"] != 3.0 {
		t.Fatalf("after the errors, a search gives %v", s.done)
	}
}

func TestOversizedMessageIsRefused(t *testing.T) {
	lim := DefaultLimits()
	lim.MaxMessageBytes = 1024
	s, hs := testServer(t, lim)
	base := goroutines()
	c := dial(t, hs)
	c.send(`{"type":"start","setup":{"tree":"` + strings.Repeat("(1 2) ", 400) + `"}}`)
	_, _, err := c.ws.ReadMessage()
	var ce *websocket.CloseError
	if !errors.As(err, &ce) || ce.Code != websocket.CloseMessageTooBig {
		t.Fatalf("after a %d-byte message: %v, want close 1009 (message too big)", 2400, err)
	}
	settle(t, s, base)
}

func TestClosingTheSocketCancelsTheSearch(t *testing.T) {
	s, hs := testServer(t, DefaultLimits())
	base := goroutines()
	c := dial(t, hs)
	// Kiwipete at depth 12 would run for hours: only a cancel ends it.
	c.send(map[string]any{"type": "start", "setup": map[string]string{"fen": kiwipete},
		"options": map[string]string{"depth": "12"}})
	c.expect("started")
	c.expect("events")
	if s.Searches() != 1 {
		t.Fatalf("%d searches running, want 1", s.Searches())
	}
	c.ws.Close()
	settle(t, s, base)
}

func TestStopEndsTheSearchAndSaysSo(t *testing.T) {
	_, hs := testServer(t, DefaultLimits())
	c := dial(t, hs)
	c.send(map[string]any{"type": "start", "id": 2, "options": map[string]string{"depth": "12"}})
	c.expect("started")
	c.expect("events")
	c.send(`{"type":"stop"}`)
	var done map[string]any
	for done == nil {
		m, _ := c.next()
		if m["type"] == "done" {
			done = m
		}
	}
	if done["stopped"] != "stopped by the user" {
		t.Fatalf("done = %v", done)
	}
}

// A search that reaches the node limit stops cleanly (every enter has its
// exit) and the done frame says why.
func TestNodeLimitStopsCleanly(t *testing.T) {
	lim := DefaultLimits()
	lim.MaxNodes = 500
	_, hs := testServer(t, lim)
	c := dial(t, hs)
	c.send(map[string]any{"type": "start", "options": map[string]string{"depth": "6"}})
	s := c.collect()
	enters := 0
	for _, e := range s.events {
		if e.Kind == tracer.Enter {
			enters++
		}
	}
	if enters != 500 {
		t.Fatalf("%d nodes entered under a limit of 500", enters)
	}
	if err := tracer.Check(s.events); err != nil {
		t.Fatal(err)
	}
	if msg, _ := s.done["stopped"].(string); !strings.Contains(msg, "node limit of 500") {
		t.Fatalf("done = %v", s.done)
	}
}

// Searches beyond the limit wait in line, each page told its place as the
// line moves; past an operator's fixed cap (-max-queue), a search is refused
// with a sentence.
func TestSearchesBeyondTheLimitWaitInLine(t *testing.T) {
	lim := DefaultLimits()
	lim.MaxSearches, lim.MaxQueue = 1, 2
	_, hs := testServer(t, lim)
	a, b, c, d := dial(t, hs), dial(t, hs), dial(t, hs), dial(t, hs)
	a.send(map[string]any{"type": "start", "options": map[string]string{"depth": "12"}})
	a.expect("started")
	b.send(map[string]any{"type": "start", "id": 5, "setup": map[string]string{"tree": aima}})
	if m := b.expect("queued"); m["position"] != 1.0 || m["id"] != 5.0 || !strings.Contains(m["message"].(string), "1st in line") {
		t.Fatalf("second search: %v, want first in line", m)
	}
	c.send(map[string]any{"type": "start", "id": 6, "setup": map[string]string{"tree": aima}})
	if m := c.expect("queued"); m["position"] != 2.0 || !strings.Contains(m["message"].(string), "2nd in line") {
		t.Fatalf("third search: %v, want second in line", m)
	}
	d.send(map[string]any{"type": "start", "id": 7, "setup": map[string]string{"tree": aima}})
	if m := d.expect("error"); !strings.Contains(m["message"].(string), "running 1 search and 2 more are waiting") {
		t.Fatalf("fourth search, past the line: %v", m)
	}
	a.ws.Close()
	// The slot goes to the first in line; the second moves up, then runs.
	if s := b.collect(); s.done["result"].(map[string]any)["score"] != 3.0 {
		t.Fatalf("the first in line: %v", s.done)
	}
	// Places are told at most every 250 ms, so the first's search (a
	// millisecond) may be over before the second is told it moved up.
	m, raw := c.next()
	if m["type"] == "queued" {
		if m["position"] != 1.0 {
			t.Fatalf("the second in line after the first got its slot: %s", raw)
		}
		m = c.expect("started")
	}
	if m["type"] != "started" {
		t.Fatalf("the second in line after the first got its slot: %s", raw)
	}
	if s := c.collectAfter(m); s.done["result"].(map[string]any)["score"] != 3.0 {
		t.Fatalf("the second in line: %v", s.done)
	}
}

// A page that stops while waiting in line leaves it, and is told.
func TestStopWhileWaitingLeavesTheLine(t *testing.T) {
	lim := DefaultLimits()
	lim.MaxSearches = 1
	s, hs := testServer(t, lim)
	a, b := dial(t, hs), dial(t, hs)
	a.send(map[string]any{"type": "start", "options": map[string]string{"depth": "12"}})
	a.expect("started")
	b.send(map[string]any{"type": "start", "id": 5, "setup": map[string]string{"tree": aima}})
	b.expect("queued")
	b.send(`{"type":"stop"}`)
	if m := b.expect("error"); !strings.Contains(m["message"].(string), "did not start") {
		t.Fatalf("stopped in line: %v", m)
	}
	if _, waiting := s.slots.Counts(); waiting != 0 {
		t.Fatalf("%d still waiting after the stop", waiting)
	}
}

// A page that reads nothing does not hold the search up: the search records
// into memory and finishes; the page then gets every event, in order.
func TestSlowPageNeverBlocksTheSearch(t *testing.T) {
	if testing.Short() {
		t.Skip("a 980k-event search: runs in the full pass (go test without -short)")
	}
	lim := DefaultLimits()
	// Long enough that a busy machine cannot make the writer give up on the
	// page before the search ends (the default drops a tab stuck for 10 s:
	// TestStuckPageIsDropped).
	lim.WriteWait = 5 * time.Minute
	lim.StuckWait = 5 * time.Minute // nor stop its search (TestStuckPageGivesUpItsSlot)
	s, hs := testServer(t, lim)
	c := dial(t, hs)
	// Kiwipete at depth 6 stopped at 600,000 nodes: about 980k events, some
	// 38 MB of frames, far more than the sockets' buffers on both sides hold, so
	// the writer is stuck while the search runs on.
	c.send(map[string]any{"type": "start", "setup": map[string]string{"fen": kiwipete},
		"options": map[string]string{"depth": "6", "max-nodes": "600000"}})
	deadline := time.Now().Add(2 * time.Minute)
	for s.Finished() == 0 {
		if time.Now().After(deadline) {
			t.Fatal("the search did not finish while the page read nothing")
		}
		time.Sleep(20 * time.Millisecond)
	}
	st := c.collect()
	if len(st.events) < 900_000 || st.done["events"] != float64(len(st.events)) {
		t.Fatalf("after reading: %d events, done says %v", len(st.events), st.done["events"])
	}
	if err := tracer.Check(st.events); err != nil {
		t.Fatal(err)
	}
}

// A page that reads nothing for longer than WriteWait is dropped, and its
// search is cancelled with it: nothing is left holding the recording.
func TestStuckPageIsDropped(t *testing.T) {
	lim := DefaultLimits()
	lim.WriteWait = 200 * time.Millisecond
	s, hs := testServer(t, lim)
	base := goroutines()
	c := dial(t, hs)
	c.send(map[string]any{"type": "start", "setup": map[string]string{"fen": kiwipete},
		"options": map[string]string{"depth": "8"}})
	// The client never reads; the server must notice and close on its own.
	settle(t, s, base)
	if s.Finished() != 1 {
		t.Fatalf("%d searches finished, want the dropped page's one", s.Finished())
	}
	c.ws.SetReadDeadline(time.Now().Add(time.Minute))
	for {
		if _, _, err := c.ws.ReadMessage(); err != nil {
			break // the buffered frames, then the closed socket
		}
	}
}

// Pressing Start again replaces the page's own search, even when the server
// runs one search at most: the old one gives its slot back first.
func TestRestartReplacesTheSearchAtTheLimit(t *testing.T) {
	lim := DefaultLimits()
	lim.MaxSearches = 1
	_, hs := testServer(t, lim)
	c := dial(t, hs)
	c.send(map[string]any{"type": "start", "id": 1, "options": map[string]string{"depth": "12"}})
	c.expect("started")
	c.send(map[string]any{"type": "start", "id": 2, "setup": map[string]string{"tree": aima}})
	for {
		m, b := c.next()
		if m["type"] == "error" {
			t.Fatalf("restart refused: %s", b)
		}
		if m["type"] == "started" && m["id"] == 2.0 {
			break
		}
	}
}

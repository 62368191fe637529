package session

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"
)

// framesYielding runs one start through a Session whose host takes pause
// long at each yield (a loaded machine, or a page busy drawing), and returns
// its frames with the clock's own numbers (elapsed times, nodes per second)
// taken out.
func framesYielding(t *testing.T, start string, pause time.Duration) []map[string]any {
	t.Helper()
	var out []map[string]any
	s := &Session{Limits: Limits{MaxDepth: 12, MaxNodes: 1_000_000, MaxSearches: 4, MaxMemory: 1 << 30},
		Yield: func() { time.Sleep(pause) },
		Out: func(b []byte) {
			var m map[string]any
			if err := json.Unmarshal(b, &m); err != nil {
				t.Fatalf("a frame that is not JSON: %s", b)
			}
			delete(m, "elapsedMs")
			delete(m, "nps")
			if r, ok := m["result"].(map[string]any); ok {
				delete(r, "elapsedMs")
			}
			out = append(out, m)
		}}
	s.Handle([]byte(start))
	return out
}

// The worker's frames are a function of the search alone: where its batches
// split, when it says its status and when it yields are counted in events,
// so a host that is slow between two events sends the page the same frames
// as a fast one (issue 40: under load the worker's frames, and its end,
// depended on the clock). Expected: the same frames either way, a status
// frame at each StatusEvents-th event, and every batch but the first node's
// and the last FrameEvents long.
func TestSessionFramesDoNotDependOnTheClock(t *testing.T) {
	const start = `{"type":"start","id":5,"setup":{"fen":"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},"options":{"depth":"4","modern":"true"}}`
	fast := framesYielding(t, start, 0)
	slow := framesYielding(t, start, 40*time.Millisecond)
	if len(fast) != len(slow) {
		t.Fatalf("%d frames with a fast host, %d with a slow one", len(fast), len(slow))
	}
	for i := range fast {
		if !reflect.DeepEqual(fast[i], slow[i]) {
			t.Fatalf("frame %d: fast host's %v (%v events, from %v), slow host's %v (%v events, from %v)", i,
				fast[i]["type"], fast[i]["count"], fast[i]["from"], slow[i]["type"], slow[i]["count"], slow[i]["from"])
		}
	}
	events, statuses := 0, 0
	for i, f := range fast {
		switch f["type"] {
		case "events":
			n := int(f["count"].(float64))
			first, last := events == 0, fast[i+1]["type"] == "done"
			if !first && !last && (events+n)%FrameEvents != 0 {
				t.Errorf("a batch of %d events after %d: want batches ending at multiples of %d", n, events, FrameEvents)
			}
			events += n
		case "status":
			statuses++
			if got := int(f["events"].(float64)); got != statuses*StatusEvents {
				t.Errorf("status %d at %d events, want %d", statuses, got, statuses*StatusEvents)
			}
		}
	}
	if done := fast[len(fast)-1]; done["type"] != "done" || int(done["events"].(float64)) != events || statuses != events/StatusEvents {
		t.Errorf("done %v after %d events and %d statuses", done, events, statuses)
	}
}

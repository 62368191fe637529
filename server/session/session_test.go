package session

import (
	"encoding/json"
	"testing"
)

// decodingSession is a Session with the server's default limits whose frames
// are decoded into *out.
func decodingSession(t *testing.T, out *[]map[string]any) *Session {
	return &Session{Limits: Limits{MaxDepth: 12, MaxNodes: 1_000_000, MaxSearches: 4, MaxMemory: 1 << 30},
		Out: func(b []byte) {
			var m map[string]any
			if err := json.Unmarshal(b, &m); err != nil {
				t.Fatalf("a frame that is not JSON: %s", b)
			}
			*out = append(*out, m)
		}}
}

// frames runs commands through a Session and returns its frames, decoded.
func frames(t *testing.T, commands ...string) []map[string]any {
	t.Helper()
	var out []map[string]any
	s := decodingSession(t, &out)
	s.Hello()
	for _, c := range commands {
		s.Handle([]byte(c))
	}
	return out
}

// R&N's figure 5.5 under alpha-beta: hello, started, the events, done with
// the book's root value 3 in 11 nodes (the leaves 4 and 6 pruned).
func TestSessionRunsTheBooksSearch(t *testing.T) {
	fs := frames(t, `{"type":"start","id":7,"setup":{"tree":"((3 12 8) (2 4 6) (14 5 2))"},"options":{"algo":"alphabeta","depth":"2"}}`)
	var types []string
	for _, f := range fs {
		if f["type"] != "status" {
			types = append(types, f["type"].(string))
		}
	}
	if len(types) < 4 || types[0] != "hello" || types[1] != "started" || types[2] != "events" || types[len(types)-1] != "done" {
		t.Fatalf("frames %v, want hello, started, events..., done", types)
	}
	r := fs[len(fs)-1]["result"].(map[string]any)
	if r["score"] != 3.0 || r["nodes"] != 11.0 || fs[len(fs)-1]["id"] != 7.0 {
		t.Errorf("done %v, want score 3 in 11 nodes for search 7", fs[len(fs)-1])
	}
}

// A start past the limits is refused with the server's sentence, naming
// its field; an unknown command is refused too, and the session goes on.
func TestSessionRefusesAsTheServerDoes(t *testing.T) {
	fs := frames(t, `{"type":"start","id":1,"setup":{"tree":"(1 2)"},"options":{"depth":"13"}}`, `{"type":"create-room","id":2}`, `nonsense`)
	if len(fs) != 4 {
		t.Fatalf("%d frames, want hello and three errors: %v", len(fs), fs)
	}
	if fs[1]["type"] != "error" || fs[1]["field"] != "depth" || fs[1]["key"] != "go-server.depthLimit" {
		t.Errorf("depth 13: %v", fs[1])
	}
	if fs[2]["key"] != "go-server.unknownCommand" || fs[3]["key"] != "go-server.notJSON" {
		t.Errorf("unknown command and not JSON: %v, %v", fs[2], fs[3])
	}
}

// A stop heard while a search runs (Yield is where a worker hears it)
// ends it with the user's reason.
func TestSessionStopEndsTheSearch(t *testing.T) {
	var done map[string]any
	s := &Session{Limits: Limits{MaxDepth: 12, MaxNodes: 1_000_000, MaxSearches: 4, MaxMemory: 1 << 30}}
	s.Out = func(b []byte) {
		var m map[string]any
		json.Unmarshal(b, &m)
		if m["type"] == "done" {
			done = m
		}
	}
	s.Yield = s.Stop // the first yield stops it
	s.Handle([]byte(`{"type":"start","id":3,"setup":{"fen":"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},"options":{"depth":"8"}}`))
	if done == nil || done["stoppedKey"] != "go-server.stoppedByUser" {
		t.Fatalf("done %v, want stopped by the user", done)
	}
}

// The first node goes out in a frame of its own, before the search goes on:
// a page (or a static site's worker, where 256 events took 80-160 ms) shows
// the root as soon as it is entered. R&N's tree: the first events frame holds
// the events up to the root's enter (whose parent is 0), and ends there.
func TestSessionSendsTheFirstNodeAtOnce(t *testing.T) {
	fs := frames(t, `{"type":"start","id":7,"setup":{"tree":"((3 12 8) (2 4 6) (14 5 2))"},"options":{"algo":"alphabeta","depth":"2"}}`)
	kinds := fs[0]["kinds"].([]any)
	for _, f := range fs {
		if f["type"] != "events" {
			continue
		}
		col := func(name string) []any { return f[name].([]any) }
		k := col("kind")
		last := len(k) - 1
		if kinds[int(k[last].(float64))] != "enter" || col("node")[last] != 1.0 {
			t.Errorf("the first events frame ends with %v (node %v), want the root's enter", kinds[int(k[last].(float64))], col("node")[last])
		}
		for i := range last {
			if kinds[int(k[i].(float64))] == "enter" {
				t.Errorf("the first events frame holds an enter (event %d) before the root's", i)
			}
		}
		if f["from"] != 0.0 {
			t.Errorf("the first events frame starts at %v, want 0", f["from"])
		}
		return
	}
	t.Fatal("no events frame")
}

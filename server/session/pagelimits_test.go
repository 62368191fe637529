package session

import (
	"testing"
)

// The static site's worker (Limits.Page) says its limits as the page's: a
// server's sentence there named a server the site does not have ("depth 255
// is more than this server allows (12)", found by an outside probe). The
// server's own sentences are unchanged.
func TestPageLimitsNameThePage(t *testing.T) {
	for _, c := range []struct {
		options map[string]string
		setup   SetupFields
		server  string
		page    string
	}{
		{map[string]string{"algo": "alphabeta", "depth": "13"}, SetupFields{Tree: "(1 2)"},
			"depth 13 is more than this server allows (12)", "depth 13 is more than this page allows (12)"},
		{map[string]string{"algo": "alphabeta", "max-nodes": "-1"}, SetupFields{Tree: "(1 2)"},
			"max-nodes -1 is negative: give a node count, or 0 for this server's limit", "max-nodes -1 is negative: give a node count, or 0 for this page's limit"},
		// b=10, d=6: 1 + 10 + ... + 10^6 = 1,111,111 nodes.
		{map[string]string{"algo": "alphabeta"}, SetupFields{Random: "b=10,d=6"},
			"the random tree b=10,d=6 has 1111111 nodes, more than this server builds (its node limit, 1000000)",
			"the random tree b=10,d=6 has 1111111 nodes, more than this page builds (its node limit, 1000000)"},
	} {
		for _, page := range []bool{false, true} {
			lim := Limits{MaxDepth: 12, MaxNodes: 1_000_000, MaxSearches: 4, MaxMemory: 1 << 30, Page: page}
			_, err := Check(Command{Type: "start", Setup: c.setup, Options: c.options}, &lim)
			want := map[bool]string{false: c.server, true: c.page}[page]
			if err == nil || err.Error() != want {
				t.Errorf("page %v, %v %v: %v; want %q", page, c.setup, c.options, err, want)
			}
		}
	}
}

// A search in the worker past its share of the page's memory stops, said as
// the page's: the share is charged 4,096 events at a time, 56 bytes each
// (229,376 bytes), so a share of 200 KB stops at the first charge. A Session
// with the server's limits (not Page) says the server's sentence.
func TestPageSearchStopsOnThePagesMemory(t *testing.T) {
	for _, c := range []struct {
		page      bool
		key, want string
	}{
		{true, "go-server.stoppedMemoryPage", "the page's memory for one search (200 KB) is full: the search stopped after 4096 events"},
		{false, "go-server.stoppedMemory", "the server's memory budget (-max-memory, 200 KB) is full: the search stopped after 4096 events"},
	} {
		var out []map[string]any
		s := decodingSession(t, &out)
		s.Limits = Limits{MaxDepth: 12, MaxNodes: 1_000_000, MaxSearches: 1, MaxMemory: 200 << 10, Page: c.page}
		s.Handle([]byte(`{"type":"start","id":1,"setup":{"fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},"options":{"algo":"pvs","depth":"5"}}`))
		done := out[len(out)-1]
		if done["type"] != "done" || done["stoppedKey"] != c.key || done["stopped"] != c.want {
			t.Errorf("page %v: the last frame %v; want done, stopped: %q", c.page, done, c.want)
		}
	}
}

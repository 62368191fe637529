package server

import (
	"runtime"
	"strings"
	"testing"
	"time"
)

// A random tree larger than the node limit is refused before it is built,
// naming the field; one whose building needs more than a search's share of
// the memory budget too.
func TestRandomTreeIsBoundedBeforeItIsBuilt(t *testing.T) {
	lim := DefaultLimits()
	lim.MaxMemory = 64 << 20 // a share of 16 MB
	_, hs := testServer(t, lim)
	c := dial(t, hs)
	// 11^0 + ... + 11^6 = 1,948,717 nodes, as counted by hand.
	c.send(map[string]any{"type": "start", "setup": map[string]string{"random": "b=11,d=6"}})
	if m := c.expect("error"); m["field"] != "random" || !strings.Contains(m["message"].(string), "1948717 nodes") {
		t.Fatalf("b=11,d=6: %v", m)
	}
	// 1 + 20 + 400 + 8,000 + 160,000 = 168,421 nodes: under the node limit,
	// over a 16 MB share at 128 bytes a node while it is built.
	c.send(map[string]any{"type": "start", "setup": map[string]string{"random": "b=20,d=4"}})
	if m := c.expect("error"); m["field"] != "random" || !strings.Contains(m["message"].(string), "more than one search may have") {
		t.Fatalf("b=20,d=4 under a 16 MB share: %v", m)
	}
	c.send(map[string]any{"type": "start", "setup": map[string]string{"random": "b=3,d=4"}})
	c.collect()
}

// tt-size is bounded under the memory budget: a search's table may take half
// its share (budget over searches), and the refusal names the largest size allowed.
func TestTableSizeIsBoundedByTheBudget(t *testing.T) {
	lim := DefaultLimits() // 1 GB over 4 searches: tables up to 128 MB, 8,388,608 entries
	_, hs := testServer(t, lim)
	c := dial(t, hs)
	c.send(map[string]any{"type": "start", "options": map[string]string{"tt-size": "16777216", "depth": "1"}})
	m := c.expect("error")
	if msg := m["message"].(string); m["field"] != "tt-size" || !strings.HasPrefix(msg, "tt-size 16777216 needs 256 MB") || !strings.Contains(msg, "8388608 entries") {
		t.Fatalf("tt-size 2^24: %v", m)
	}
	c.send(map[string]any{"type": "start", "options": map[string]string{"tt-size": "8388608", "depth": "1"}})
	c.collect()
}

// A search whose recording would pass the budget stops there, cleanly, and
// says why; the budget gets its memory back when the page closes.
func TestSearchStopsAtTheMemoryBudget(t *testing.T) {
	lim := DefaultLimits()
	lim.MaxMemory, lim.MaxSearches = 4<<20, 1
	s, hs := testServer(t, lim)
	c := dial(t, hs)
	// Kiwipete at depth 6 would record some 1.6M events (90 MB) before the node limit.
	c.send(map[string]any{"type": "start", "setup": map[string]string{"fen": kiwipete},
		"options": map[string]string{"depth": "6", "tt-size": "16384"}})
	done := readUntilEnd(t, c.ws)
	if msg, _ := done["stopped"].(string); !strings.Contains(msg, "memory budget") {
		t.Fatalf("done = %v, want a stop for the memory budget", done)
	}
	// 4 MB, less the tables' 0.6 MB, holds about 64,000 events at 56 bytes.
	if n := done["events"].(float64); n < 40_000 || n > 80_000 {
		t.Fatalf("%.0f events recorded under a 4 MB budget", n)
	}
	if used := s.MemoryUsed(); used > lim.MaxMemory {
		t.Fatalf("%d bytes charged, over the budget", used)
	}
	c.ws.Close()
	for s.MemoryUsed() != 0 {
		time.Sleep(5 * time.Millisecond)
	}
}

// When the budget is full, a new search lets go of the least recently used
// recording that its page has in full, and that page is told with a sentence.
func TestIdleRecordingIsLetGoWithANotice(t *testing.T) {
	lim := DefaultLimits()
	lim.MaxMemory = 3584 << 10
	_, hs := testServer(t, lim)
	a, b, c := dial(t, hs), dial(t, hs), dial(t, hs)
	// Each search: Kiwipete to depth 6, stopped at 10,000 nodes: about
	// 23,400 events (1.15 MB kept) and 0.56 MB of tables while it runs.
	// Two recordings and a search's tables fit in 3.5 MB; three do not.
	start := func(p *client, id int) map[string]any {
		p.send(map[string]any{"type": "start", "id": id, "setup": map[string]string{"fen": kiwipete},
			"options": map[string]string{"depth": "6", "max-nodes": "10000", "tt-size": "16384"}})
		return readUntilEnd(t, p.ws)
	}
	for _, d := range []map[string]any{start(a, 1), start(b, 2)} {
		if !strings.Contains(d["stopped"].(string), "node limit") {
			t.Fatalf("first searches: %v", d)
		}
	}
	// The third needs room: a's recording (the older) goes, b's stays.
	if d := start(c, 3); !strings.Contains(d["stopped"].(string), "node limit") {
		t.Fatalf("third search: %v, want it to finish at the node limit", d)
	}
	m := a.expect("notice")
	if m["id"] != 1.0 || !strings.Contains(m["message"].(string), "keeps its own copy") {
		t.Fatalf("a's notice: %v", m)
	}
	// b hears nothing: its next frame is the one its own new search brings.
	b.send(map[string]any{"type": "start", "id": 4, "setup": map[string]string{"tree": aima}})
	if m, raw := b.next(); m["type"] != "started" {
		t.Fatalf("b, whose recording was younger, got %s", raw)
	}
	runtime.KeepAlive(c)
}

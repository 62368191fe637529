package server

import (
	"context"
	"runtime"
	"testing"
	"time"

	"github.com/pvscope/pvscope/server/capacity"
)

// The refusal and queued sentences write waits as people do.
func TestWaitsAreWrittenForPeople(t *testing.T) {
	for d, want := range map[time.Duration]string{
		0: "1 s", 300 * time.Millisecond: "1 s", 8 * time.Second: "8 s", 8100 * time.Millisecond: "9 s",
		time.Minute: "1 min", 90 * time.Second: "1 min 30 s", 90100 * time.Millisecond: "1 min 31 s",
		12*time.Minute + time.Second: "13 min",
	} {
		if got := capacity.Span(d); got != want {
			t.Errorf("capacity.Span(%v) = %q, want %q", d, got, want)
		}
	}
	if got := queuedMessage(37, 4, 8*time.Second, false); got != "37th in line, about 8 s to wait for a search slot (the server runs 4 searches at once)." {
		t.Errorf("queued: %q", got)
	}
	if got := queuedMessage(2, 4, 0, false); got != "2nd in line for a search slot (the server runs 4 searches at once)." {
		t.Errorf("queued, nothing known: %q", got)
	}
	if got := queuedMessage(1, 1, 2500*time.Millisecond, true); got != "1st in line, at least 3 s to wait for a search slot (the server runs 1 search at once)." {
		t.Errorf("queued behind a long search: %q", got)
	}
}

// A page that closes while its search waits leaves the line at once: those
// behind it move up, and the budget has its charge back.
func TestClosedPageLeavesTheLine(t *testing.T) {
	lim := DefaultLimits()
	lim.MaxSearches = 1
	s, hs := testServer(t, lim)
	base := s.MemoryUsed()
	a, b, c := dial(t, hs), dial(t, hs), dial(t, hs)
	a.send(map[string]any{"type": "start", "options": map[string]string{"depth": "12"}})
	a.expect("started")
	b.send(map[string]any{"type": "start", "id": 2, "setup": map[string]string{"tree": aima}})
	b.expect("queued")
	c.send(map[string]any{"type": "start", "id": 3, "setup": map[string]string{"tree": aima}})
	if m := c.expect("queued"); m["position"] != 2.0 {
		t.Fatalf("c: %v", m)
	}
	b.ws.Close()
	if m := c.expect("queued"); m["position"] != 1.0 {
		t.Fatalf("c, once b closed: %v, want 1st in line", m)
	}
	if _, waiting := s.slots.Counts(); waiting != 1 {
		t.Fatalf("%d waiting after b closed, want c alone", waiting)
	}
	a.send(`{"type":"stop"}`)
	if st := c.collect(); st.done["result"].(map[string]any)["score"] != 3.0 {
		t.Fatalf("c: %v", st.done)
	}
	// a's recording grew while it ran and c's is kept: once both pages close,
	// nothing may stay charged, the waiting searches' charges included. (The
	// pages' own release runs as their connections end: give it a moment.)
	a.ws.Close()
	c.ws.Close()
	used := s.MemoryUsed()
	for deadline := time.Now().Add(10 * time.Second); used > base+16<<10 && time.Now().Before(deadline); used = s.MemoryUsed() {
		time.Sleep(10 * time.Millisecond)
	}
	if used > base+16<<10 {
		t.Fatalf("%d bytes charged after the line emptied and the pages closed (%d before they came)", used, base)
	}
}

// A page that starts again and again holds one slot at most and one place in
// line at most: twenty starts of a long search, in a burst, leave the second
// slot free for another page, which searches without waiting.
func TestOnePageHoldsOneSlot(t *testing.T) {
	lim := DefaultLimits()
	lim.MaxSearches = 2
	lim.MaxNodes = 1 << 40 // only a stop or a new start ends these
	s, hs := testServer(t, lim)
	a, b := dial(t, hs), dial(t, hs)
	for i := range 20 {
		a.send(map[string]any{"type": "start", "id": i + 1, "setup": map[string]string{"fen": kiwipete},
			"options": map[string]string{"depth": "12"}})
	}
	// a's newest search starts once every earlier one has given its slot back.
	for {
		m, _ := a.next()
		if m["type"] == "started" && m["id"] == 20.0 {
			break
		}
	}
	go func() { // a reads on, so it is never taken for stuck
		for {
			if _, _, err := a.ws.ReadMessage(); err != nil {
				return
			}
		}
	}()
	if running, waiting := s.slots.Counts(); running != 1 || waiting != 0 {
		t.Fatalf("%d running and %d waiting with a's newest search alone left", running, waiting)
	}
	b.send(map[string]any{"type": "start", "id": 1, "setup": map[string]string{"tree": aima}})
	if m, raw := b.next(); m["type"] != "started" {
		t.Fatalf("b, with a slot free: %s", raw)
	}
	runtime.KeepAlive(a)
}

// A search waiting in line holds no more than capacity.WaitingBytes, what the budget
// is charged for it: its plan and position, its goroutine, its place. (Both
// ends of the connections are in this process; a waiting page's client side
// holds one queued frame more than an idle one.)
func TestWaitingSearchesAreCheap(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector's shadow memory is not the server's")
	}
	lim := DefaultLimits()
	lim.MaxSearches = 1
	lim.MaxWait = time.Hour // the slot is held for the whole test
	s, hs := testServer(t, lim)
	release, err := s.slots.Acquire(context.Background(), func(int) {}) // the test holds the only slot
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	const n = 200
	var pages []*client
	for range n {
		pages = append(pages, dial(t, hs))
	}
	before := liveWithStacks()
	for i, p := range pages {
		p.send(map[string]any{"type": "start", "id": i + 1, "options": map[string]string{"depth": "3"}})
	}
	for _, p := range pages {
		p.expect("queued")
	}
	after := liveWithStacks()
	if _, waiting := s.slots.Counts(); waiting != n {
		t.Fatalf("%d waiting, want %d", waiting, n)
	}
	per := (int64(after) - int64(before)) / n
	t.Logf("a search waiting in line holds %.1f KB (charged %d KB)", float64(per)/1024, capacity.WaitingBytes>>10)
	if per > capacity.WaitingBytes {
		t.Fatalf("a waiting search holds %d bytes, more than the %d it is charged", per, capacity.WaitingBytes)
	}
	runtime.KeepAlive(pages)
}

// liveWithStacks is the heap in use after a collection, and the goroutines' stacks.
func liveWithStacks() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc + ms.StackInuse
}

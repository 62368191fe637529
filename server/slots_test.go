package server

import (
	"context"
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"
)

// lineOf is a slots whose every slot is taken, with its pace set: the mean of
// recent holds is pace, and the searches holding the slots have only begun.
func lineOf(t *testing.T, size int, maxWait, pace time.Duration, b *budget) *slots {
	t.Helper()
	s := newSlots(size, 0, maxWait, b)
	for range size {
		if err := s.join(newWaiter(func(int, time.Duration, bool) { t.Fatal("a search given a slot at once was told a place") }, 0)); err != nil {
			t.Fatal(err)
		}
	}
	for range recentHolds {
		s.recent.add(pace)
	}
	return s
}

type told struct{ place, wait, atLeast []any }

func (w *told) tell(place int, wait time.Duration, atLeast bool) {
	w.place = append(w.place, place)
	w.wait = append(w.wait, wait)
	w.atLeast = append(w.atLeast, atLeast)
}

// The line is as long as the wait allows: with 2 slots and searches of 1 s,
// one slot frees every half second, so the 20th in line waits 10 s, the
// most -max-wait 10s allows, and the 21st, who would wait 10.5 s, is
// refused with the wait, and when to try again.
func TestLineIsAsLongAsTheWaitAllows(t *testing.T) {
	s := lineOf(t, 2, 10*time.Second, time.Second, newBudget(1<<30))
	var places []*told
	for i := range 20 {
		w := &told{}
		places = append(places, w)
		if err := s.join(newWaiter(w.tell, 100)); err != nil {
			t.Fatalf("the %d-th in line: %v", i+1, err)
		}
	}
	if w := places[19]; w.place[0] != 20 || w.wait[0] != 10*time.Second {
		t.Fatalf("the 20th was told %v, %v; want place 20, 10 s", w.place, w.wait)
	}
	err := s.join(newWaiter(func(int, time.Duration, bool) {}, 100))
	var le *lineError
	if !errors.As(err, &le) {
		t.Fatalf("the 21st: %v, want a refusal", err)
	}
	want := "The server is running 2 searches and 20 more are waiting; at the recent pace (1.0 s a search, 2 at once) " +
		"yours would wait about 11 s, longer than this server keeps a search in line (-max-wait 10 s): try again in about 1 s."
	if err.Error() != want {
		t.Fatalf("the 21st was told\n%s\nwant\n%s", err, want)
	}
	if _, waiting := s.counts(); waiting != 20 {
		t.Fatalf("%d waiting, want the 20", waiting)
	}
}

// Before any search has finished nothing is known of the wait, unless the
// searches holding the slots have held them a while: then their time so far
// is the pace (a lower bound). Two slots held for 30 s put the 1st in line
// at 15 s; with -max-wait 40s, the 3rd (45 s) is refused.
func TestPaceFromSearchesStillRunning(t *testing.T) {
	s := newSlots(2, 0, 40*time.Second, nil)
	for range 2 {
		s.join(newWaiter(nil, 0))
	}
	for i := range 2 {
		w := &told{}
		if err := s.join(newWaiter(w.tell, 0)); err != nil || w.wait[0].(time.Duration) >= time.Millisecond {
			t.Fatalf("with nothing known, the %d-th in line: %v, told %v; want a place, and a wait of the slots' few microseconds", i+1, err, w.wait)
		}
	}
	s.mu.Lock()
	for w := range s.held {
		w.since = time.Now().Add(-30 * time.Second)
	}
	s.mu.Unlock()
	err := s.join(newWaiter(func(int, time.Duration, bool) {}, 0))
	// 3 x 30 s / 2 = 45 s and the few microseconds since: 46 s rounded up.
	want := "The server is running 2 searches and 2 more are waiting; the searches running have held their slots for 30 s so far " +
		"(2 at once), so yours would wait at least 46 s, longer than this server keeps a search in line (-max-wait 40 s): try again in about 6 s."
	if err == nil || err.Error() != want {
		t.Fatalf("the 3rd: %v\nwant %s", err, want)
	}
}

// What a search holds while it waits is charged to the memory budget, and a
// line that does not fit is refused with a sentence; everything charged
// comes back as the line empties.
func TestLineIsChargedToTheBudget(t *testing.T) {
	b := newBudget(2*waitingBytes + 8<<10) // room for two waiting searches, not three
	s := lineOf(t, 1, time.Hour, time.Second, b)
	var waiters []*waiter
	for range 2 {
		w := newWaiter(func(int, time.Duration, bool) {}, waitingBytes)
		if err := s.join(w); err != nil {
			t.Fatal(err)
		}
		waiters = append(waiters, w)
	}
	if b.Used() != 2*waitingBytes {
		t.Fatalf("two waiting: %d bytes charged, want %d", b.Used(), 2*waitingBytes)
	}
	err := s.join(newWaiter(func(int, time.Duration, bool) {}, waitingBytes))
	want := "The server is running 1 search and 2 more are waiting, and its memory budget (-max-memory, " + itoa((2*waitingBytes+8<<10)>>10) + " KB) has no room " +
		"for another search in line; try again in about 1 s (the wait in line is about 3 s)."
	if err == nil || err.Error() != want {
		t.Fatalf("the 3rd: %v\nwant %s", err, want)
	}
	// The first leaves (its page closed); the second is given the slot.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.await(ctx, waiters[0]); !errors.Is(err, context.Canceled) {
		t.Fatal(err)
	}
	s.mu.Lock()
	for w := range s.held {
		s.handOn(w, time.Now())
		break
	}
	s.mu.Unlock()
	release, err := s.await(context.Background(), waiters[1])
	if err != nil {
		t.Fatal(err)
	}
	release()
	if b.Used() != 0 {
		t.Fatalf("%d bytes still charged with the line empty", b.Used())
	}
}

// A page that starts again while it waits keeps its place: the new search
// takes the old one's place in line, the old one's wait ends, and the slots
// go out in the line's order.
func TestStartingAgainKeepsThePlace(t *testing.T) {
	s := lineOf(t, 1, time.Hour, time.Millisecond, nil)
	var order []string
	names := map[*waiter]string{}
	join := func(name string) (*waiter, *told) {
		w := &told{}
		x := newWaiter(w.tell, 0)
		names[x] = name
		if err := s.join(x); err != nil {
			t.Fatal(err)
		}
		return x, w
	}
	a, _ := join("a")
	b, _ := join("b")
	c, _ := join("c")
	bAgain := &told{}
	b2 := newWaiter(bAgain.tell, 0)
	names[b2] = "b again"
	if !s.replace(b, b2) {
		t.Fatal("b's new search did not take b's place")
	}
	if len(bAgain.place) != 1 || bAgain.place[0] != 2 {
		t.Fatalf("b's new search was told %v, want place 2", bAgain.place)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.await(ctx, b); !errors.Is(err, errReplaced) {
		t.Fatalf("b's old search: %v, want errReplaced", err)
	}
	// A search not in line cannot be replaced; one that has not joined yet
	// never will, once replaced.
	if s.replace(b, newWaiter(nil, 0)) {
		t.Fatal("a replaced search replaced again")
	}
	late := newWaiter(nil, 0)
	if s.replace(late, newWaiter(nil, 0)) || s.join(late) == nil {
		t.Fatal("a search replaced before it joined joined the line")
	}
	for range 3 {
		s.mu.Lock()
		for w := range s.held {
			s.handOn(w, time.Now())
			break
		}
		s.mu.Unlock()
		for _, w := range []*waiter{a, b2, c} {
			if _, ok := s.held[w]; ok && !containsName(order, names[w]) {
				order = append(order, names[w])
			}
		}
	}
	if strings.Join(order, ", ") != "a, b again, c" {
		t.Fatalf("slots given to %v", order)
	}
}

func containsName(names []string, n string) bool {
	for _, x := range names {
		if x == n {
			return true
		}
	}
	return false
}

// The refusal and queued sentences write waits as people do.
func TestWaitsAreWrittenForPeople(t *testing.T) {
	for d, want := range map[time.Duration]string{
		0: "1 s", 300 * time.Millisecond: "1 s", 8 * time.Second: "8 s", 8100 * time.Millisecond: "9 s",
		time.Minute: "1 min", 90 * time.Second: "1 min 30 s", 90100 * time.Millisecond: "1 min 31 s",
		12*time.Minute + time.Second: "13 min",
	} {
		if got := span(d); got != want {
			t.Errorf("span(%v) = %q, want %q", d, got, want)
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
	if _, waiting := s.slots.counts(); waiting != 1 {
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
	if running, waiting := s.slots.counts(); running != 1 || waiting != 0 {
		t.Fatalf("%d running and %d waiting with a's newest search alone left", running, waiting)
	}
	b.send(map[string]any{"type": "start", "id": 1, "setup": map[string]string{"tree": aima}})
	if m, raw := b.next(); m["type"] != "started" {
		t.Fatalf("b, with a slot free: %s", raw)
	}
	runtime.KeepAlive(a)
}

// A search waiting in line holds no more than waitingBytes, what the budget
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
	if _, waiting := s.slots.counts(); waiting != n {
		t.Fatalf("%d waiting, want %d", waiting, n)
	}
	per := (int64(after) - int64(before)) / n
	t.Logf("a search waiting in line holds %.1f KB (charged %d KB)", float64(per)/1024, waitingBytes>>10)
	if per > waitingBytes {
		t.Fatalf("a waiting search holds %d bytes, more than the %d it is charged", per, waitingBytes)
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

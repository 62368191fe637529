package capacity

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"
)

// lineOf is a slots whose every slot is taken, with its pace set: the mean of
// recent holds is pace, and the searches holding the slots have only begun.
func lineOf(t *testing.T, size int, maxWait, pace time.Duration, b *Budget) *Slots {
	t.Helper()
	s := NewSlots(size, 0, maxWait, b)
	for range size {
		if err := s.Join(NewWaiter(func(int, time.Duration, bool) { t.Fatal("a search given a slot at once was told a place") }, 0)); err != nil {
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
	s := lineOf(t, 2, 10*time.Second, time.Second, NewBudget(1<<30))
	var places []*told
	for i := range 20 {
		w := &told{}
		places = append(places, w)
		if err := s.Join(NewWaiter(w.tell, 100)); err != nil {
			t.Fatalf("the %d-th in line: %v", i+1, err)
		}
	}
	if w := places[19]; w.place[0] != 20 || w.wait[0] != 10*time.Second {
		t.Fatalf("the 20th was told %v, %v; want place 20, 10 s", w.place, w.wait)
	}
	err := s.Join(NewWaiter(func(int, time.Duration, bool) {}, 100))
	var le *LineError
	if !errors.As(err, &le) {
		t.Fatalf("the 21st: %v, want a refusal", err)
	}
	want := "The server is running 2 searches and 20 more are waiting; at the recent pace (1.0 s a search, 2 at once) " +
		"yours would wait about 11 s, longer than this server keeps a search in line (-max-wait 10 s): try again in about 1 s."
	if err.Error() != want {
		t.Fatalf("the 21st was told\n%s\nwant\n%s", err, want)
	}
	if _, waiting := s.Counts(); waiting != 20 {
		t.Fatalf("%d waiting, want the 20", waiting)
	}
}

// Before any search has finished nothing is known of the wait, unless the
// searches holding the slots have held them a while: then their time so far
// is the pace (a lower bound). Two slots held for 30 s put the 1st in line
// at 15 s; with -max-wait 40s, the 3rd (45 s) is refused.
func TestPaceFromSearchesStillRunning(t *testing.T) {
	s := NewSlots(2, 0, 40*time.Second, nil)
	for range 2 {
		s.Join(NewWaiter(nil, 0))
	}
	for i := range 2 {
		w := &told{}
		if err := s.Join(NewWaiter(w.tell, 0)); err != nil || w.wait[0].(time.Duration) >= time.Millisecond {
			t.Fatalf("with nothing known, the %d-th in line: %v, told %v; want a place, and a wait of the slots' few microseconds", i+1, err, w.wait)
		}
	}
	s.mu.Lock()
	for w := range s.held {
		w.since = time.Now().Add(-30 * time.Second)
	}
	s.mu.Unlock()
	err := s.Join(NewWaiter(func(int, time.Duration, bool) {}, 0))
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
	b := NewBudget(2*WaitingBytes + 8<<10) // room for two waiting searches, not three
	s := lineOf(t, 1, time.Hour, time.Second, b)
	var waiters []*Waiter
	for range 2 {
		w := NewWaiter(func(int, time.Duration, bool) {}, WaitingBytes)
		if err := s.Join(w); err != nil {
			t.Fatal(err)
		}
		waiters = append(waiters, w)
	}
	if b.Used() != 2*WaitingBytes {
		t.Fatalf("two waiting: %d bytes charged, want %d", b.Used(), 2*WaitingBytes)
	}
	err := s.Join(NewWaiter(func(int, time.Duration, bool) {}, WaitingBytes))
	want := "The server is running 1 search and 2 more are waiting, and its memory budget (-max-memory, " + strconv.Itoa((2*WaitingBytes+8<<10)>>10) + " KB) has no room " +
		"for another search in line; try again in about 1 s (the wait in line is about 3 s)."
	if err == nil || err.Error() != want {
		t.Fatalf("the 3rd: %v\nwant %s", err, want)
	}
	// The first leaves (its page closed); the second is given the slot.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.Await(ctx, waiters[0]); !errors.Is(err, context.Canceled) {
		t.Fatal(err)
	}
	s.mu.Lock()
	for w := range s.held {
		s.handOn(w, time.Now())
		break
	}
	s.mu.Unlock()
	release, err := s.Await(context.Background(), waiters[1])
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
	names := map[*Waiter]string{}
	join := func(name string) (*Waiter, *told) {
		w := &told{}
		x := NewWaiter(w.tell, 0)
		names[x] = name
		if err := s.Join(x); err != nil {
			t.Fatal(err)
		}
		return x, w
	}
	a, _ := join("a")
	b, _ := join("b")
	c, _ := join("c")
	bAgain := &told{}
	b2 := NewWaiter(bAgain.tell, 0)
	names[b2] = "b again"
	if !s.Replace(b, b2) {
		t.Fatal("b's new search did not take b's place")
	}
	if len(bAgain.place) != 1 || bAgain.place[0] != 2 {
		t.Fatalf("b's new search was told %v, want place 2", bAgain.place)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.Await(ctx, b); !errors.Is(err, ErrReplaced) {
		t.Fatalf("b's old search: %v, want ErrReplaced", err)
	}
	// A search not in line cannot be replaced; one that has not joined yet
	// never will, once replaced.
	if s.Replace(b, NewWaiter(nil, 0)) {
		t.Fatal("a replaced search replaced again")
	}
	late := NewWaiter(nil, 0)
	if s.Replace(late, NewWaiter(nil, 0)) || s.Join(late) == nil {
		t.Fatal("a search replaced before it joined joined the line")
	}
	for range 3 {
		s.mu.Lock()
		for w := range s.held {
			s.handOn(w, time.Now())
			break
		}
		s.mu.Unlock()
		for _, w := range []*Waiter{a, b2, c} {
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

package capacity

import (
	"context"
	"errors"
	"slices"
	"sync"
	"time"
)

// slots are the server's search slots and the line of searches waiting for
// one. A search beyond the limit waits in line, first come first served, and
// its page is told its place and its expected wait as the line moves.
//
// The line has no fixed length; it is as long as what it costs allows. A
// search joins unless
//   - its expected wait (its place times the time a search has recently held
//     its slot, over the slots) is longer than maxWait, the longest a person
//     is asked to wait;
//   - what it holds while it waits (its request, its goroutine) does not fit
//     in the memory budget;
//   - the operator set a fixed cap (-max-queue) and the line is at it.
//
// Each refusal is a *LineError, a sentence with the expected wait. A page
// has one search at a time, so the line holds at most a place per page.
type Slots struct {
	size    int
	cap     int           // at most this many waiting; 0: no fixed cap
	maxWait time.Duration // a search whose expected wait is longer is refused
	budget  *Budget       // charged for what waiting searches hold; nil in some tests

	mu      sync.Mutex
	running int
	held    map[*Waiter]struct{} // the waiters holding a slot now
	waiting []*Waiter            // first in line first
	recent  holdTimes
}

// waiter is one claim on a slot: waiting in line, holding a slot, or done.
type Waiter struct {
	// place tells the waiter its place in line (1 first) and its expected
	// wait (0: not known yet), at least that when atLeast.
	place func(place int, wait time.Duration, atLeast bool)
	bytes int64 // what it holds while it waits, charged to the budget

	// Under slots.mu.
	state waiterState
	ready chan struct{} // closed when the waiter is given a slot
	since time.Time     // when it was given its slot
}

type waiterState uint8

const (
	fresh    waiterState = iota // not yet in line
	inLine                      // waiting in line
	granted                     // holding a slot (until released)
	left                        // out of the line without a slot, or its slot given back
	replaced                    // its place in line was taken over by its page's next search
)

// WaitingBytes is what a search waiting in line holds besides its request's
// text: its checked plan and position, its goroutine's stack and its place
// in the line. TestWaitingSearchesAreCheap measured about 19 KB for a chess
// search (11 KB of it the position), and 26 KB once the check moved to
// server/session (the heap is the same; goroutine stacks grew by about 7 KB a
// page, for a reason not yet found); charged with room to spare.
const WaitingBytes = 32 << 10

// ErrReplaced: the page started another search, which took this one's place.
var ErrReplaced = errors.New("replaced by the page's next search")

func NewSlots(size, maxLine int, maxWait time.Duration, b *Budget) *Slots {
	return &Slots{size: size, cap: maxLine, maxWait: maxWait, budget: b, held: map[*Waiter]struct{}{}}
}

func NewWaiter(place func(int, time.Duration, bool), bytes int64) *Waiter {
	return &Waiter{place: place, bytes: bytes, ready: make(chan struct{})}
}

// Acquire takes a slot, waiting in line if none is free, until ctx ends.
// place is called with the waiter's place whenever it changes.
func (s *Slots) Acquire(ctx context.Context, place func(int)) (release func(), err error) {
	w := NewWaiter(func(p int, _ time.Duration, _ bool) { place(p) }, WaitingBytes)
	if err := s.Join(w); err != nil {
		return nil, err
	}
	return s.Await(ctx, w)
}

// join gives w a slot at once if one is free and nobody waits, or puts it at
// the end of the line and tells it its place; or refuses it with a *LineError.
// A waiter that has left (its page moved on before it joined) cannot join.
func (s *Slots) Join(w *Waiter) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if w.state != fresh {
		return ErrReplaced
	}
	now := time.Now()
	if s.running < s.size && len(s.waiting) == 0 {
		s.grant(w, now)
		return nil
	}
	place := len(s.waiting) + 1
	pace, atLeast := s.Pace(now)
	wait := s.waitAt(place, pace)
	refuse := func(why lineRefusal) error {
		w.state = left
		e := &LineError{why: why, running: s.running, waiting: len(s.waiting), wait: wait, atLeast: atLeast,
			pace: pace, slots: s.size, maxWait: s.maxWait, cap: s.cap}
		if s.budget != nil {
			e.budget = s.budget.max
		}
		return e
	}
	switch {
	case s.cap > 0 && len(s.waiting) >= s.cap:
		return refuse(refusedCap)
	case wait > s.maxWait:
		return refuse(refusedWait)
	case s.budget != nil && !s.budget.Take(w.bytes):
		return refuse(refusedMemory)
	}
	w.state = inLine
	s.waiting = append(s.waiting, w)
	w.place(place, wait, atLeast)
	return nil
}

// replace puts w in old's place in line when old is waiting there: a page
// that starts again keeps its place. old's await then returns ErrReplaced.
// It says false when old is not in line; one that has not joined yet never
// will (its join returns ErrReplaced), as w joins in its stead.
func (s *Slots) Replace(old, w *Waiter) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if old.state == fresh {
		old.state = left // it will not join now: w goes in its stead
		return false
	}
	if old.state != inLine || w.state != fresh {
		return false
	}
	for i, x := range s.waiting {
		if x != old {
			continue
		}
		if s.budget != nil {
			s.budget.Give(old.bytes)
			if !s.budget.Take(w.bytes) {
				s.budget.Take(old.bytes) // what was just given back fits again
				return false
			}
		}
		old.state, w.state = replaced, inLine
		s.waiting[i] = w
		pace, atLeast := s.Pace(time.Now())
		w.place(i+1, s.waitAt(i+1, pace), atLeast)
		return true
	}
	return false
}

// await waits until w, in line or given a slot by join, holds a slot, or
// until ctx ends; release gives the slot back.
func (s *Slots) Await(ctx context.Context, w *Waiter) (release func(), err error) {
	select {
	case <-w.ready:
		return s.releaser(w), nil
	case <-ctx.Done():
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	switch w.state {
	case granted: // given a slot as it gave up: hand it on
		s.handOn(w, time.Now())
	case replaced:
		return nil, ErrReplaced
	case inLine:
		if i := slices.Index(s.waiting, w); i >= 0 {
			s.waiting = slices.Delete(s.waiting, i, i+1) // zeroes the freed end: the array keeps no page alive
			s.tellPlaces(i, time.Now())
		}
		if s.budget != nil {
			s.budget.Give(w.bytes)
		}
		w.state = left
	}
	return nil, ctx.Err()
}

// grant gives w a slot. Under s.mu.
func (s *Slots) grant(w *Waiter, now time.Time) {
	s.running++
	s.held[w] = struct{}{}
	w.state, w.since = granted, now
	close(w.ready)
}

func (s *Slots) releaser(w *Waiter) func() {
	var once sync.Once
	return func() {
		once.Do(func() {
			s.mu.Lock()
			now := time.Now()
			s.recent.add(now.Sub(w.since))
			s.handOn(w, now)
			s.mu.Unlock()
		})
	}
}

// handOn takes w's slot back and gives it to the first in line, if any.
// Under s.mu.
func (s *Slots) handOn(w *Waiter, now time.Time) {
	delete(s.held, w)
	w.state = left
	s.running--
	if len(s.waiting) == 0 {
		return
	}
	next := s.waiting[0]
	s.waiting[0] = nil // the array behind the line keeps no page alive
	s.waiting = s.waiting[1:]
	if s.budget != nil {
		s.budget.Give(next.bytes)
	}
	s.grant(next, now)
	s.tellPlaces(0, now)
}

// tellPlaces tells the waiters from index i on their new places. Under s.mu.
func (s *Slots) tellPlaces(i int, now time.Time) {
	pace, atLeast := s.Pace(now)
	for ; i < len(s.waiting); i++ {
		s.waiting[i].place(i+1, s.waitAt(i+1, pace), atLeast)
	}
}

// waitAt: with the slots busy, one is given back every pace/size on
// average, and the search at place has a slot after place of them.
func (s *Slots) waitAt(place int, pace time.Duration) time.Duration {
	return time.Duration(place) * pace / time.Duration(s.size)
}

// pace is how long a search holds its slot: the mean of the recent ones, or,
// when every slot is taken and the searches holding them have already held
// them longer on average, their time so far: a lower bound of what they
// will take (atLeast). Zero when nothing is known yet: the first searches
// of a busy server all join the line, and are told their wait once the
// first ones are done.
func (s *Slots) Pace(now time.Time) (pace time.Duration, atLeast bool) {
	pace = s.recent.mean()
	if s.running >= s.size && len(s.held) > 0 {
		var sum time.Duration
		for w := range s.held {
			sum += now.Sub(w.since)
		}
		if so := sum / time.Duration(len(s.held)); so > pace {
			pace, atLeast = so, true
		}
	}
	return pace, atLeast
}

// counts are the searches running and waiting.
func (s *Slots) Counts() (running, waiting int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.running, len(s.waiting)
}

// holdTimes are the last few times a slot was held, for the pace.
type holdTimes struct {
	times [recentHolds]time.Duration
	n     int // how many were ever added
}

// recentHolds is how many searches the pace remembers: enough to smooth
// one long search among short ones, few enough to follow a change of load.
const recentHolds = 32

func (h *holdTimes) add(d time.Duration) {
	h.times[h.n%recentHolds] = d
	h.n++
}

func (h *holdTimes) mean() time.Duration {
	k := min(h.n, recentHolds)
	if k == 0 {
		return 0
	}
	var sum time.Duration
	for _, d := range h.times[:k] {
		sum += d
	}
	return sum / time.Duration(k)
}

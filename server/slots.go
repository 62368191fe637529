package server

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/pvscope/pvscope/server/session"
	"github.com/pvscope/pvscope/tracer/msg"
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
// Each refusal is a *lineError, a sentence with the expected wait. A page
// has one search at a time, so the line holds at most a place per page.
type slots struct {
	size    int
	cap     int           // at most this many waiting; 0: no fixed cap
	maxWait time.Duration // a search whose expected wait is longer is refused
	budget  *budget       // charged for what waiting searches hold; nil in some tests

	mu      sync.Mutex
	running int
	held    map[*waiter]struct{} // the waiters holding a slot now
	waiting []*waiter            // first in line first
	recent  holdTimes
}

// waiter is one claim on a slot: waiting in line, holding a slot, or done.
type waiter struct {
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

// waitingBytes is what a search waiting in line holds besides its request's
// text: its checked plan and position, its goroutine's stack and its place
// in the line. TestWaitingSearchesAreCheap measured about 19 KB for a chess
// search (11 KB of it the position), and 26 KB once the check moved to
// server/session (the heap is the same; goroutine stacks grew by about 7 KB a
// page, for a reason not yet found); charged with room to spare.
const waitingBytes = 32 << 10

// errReplaced: the page started another search, which took this one's place.
var errReplaced = errors.New("replaced by the page's next search")

func newSlots(size, maxLine int, maxWait time.Duration, b *budget) *slots {
	return &slots{size: size, cap: maxLine, maxWait: maxWait, budget: b, held: map[*waiter]struct{}{}}
}

func newWaiter(place func(int, time.Duration, bool), bytes int64) *waiter {
	return &waiter{place: place, bytes: bytes, ready: make(chan struct{})}
}

// Acquire takes a slot, waiting in line if none is free, until ctx ends.
// place is called with the waiter's place whenever it changes.
func (s *slots) Acquire(ctx context.Context, place func(int)) (release func(), err error) {
	w := newWaiter(func(p int, _ time.Duration, _ bool) { place(p) }, waitingBytes)
	if err := s.join(w); err != nil {
		return nil, err
	}
	return s.await(ctx, w)
}

// join gives w a slot at once if one is free and nobody waits, or puts it at
// the end of the line and tells it its place; or refuses it with a *lineError.
// A waiter that has left (its page moved on before it joined) cannot join.
func (s *slots) join(w *waiter) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if w.state != fresh {
		return errReplaced
	}
	now := time.Now()
	if s.running < s.size && len(s.waiting) == 0 {
		s.grant(w, now)
		return nil
	}
	place := len(s.waiting) + 1
	pace, atLeast := s.pace(now)
	wait := s.waitAt(place, pace)
	refuse := func(why lineRefusal) error {
		w.state = left
		e := &lineError{why: why, running: s.running, waiting: len(s.waiting), wait: wait, atLeast: atLeast,
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
	case s.budget != nil && !s.budget.take(w.bytes):
		return refuse(refusedMemory)
	}
	w.state = inLine
	s.waiting = append(s.waiting, w)
	w.place(place, wait, atLeast)
	return nil
}

// replace puts w in old's place in line when old is waiting there: a page
// that starts again keeps its place. old's await then returns errReplaced.
// It says false when old is not in line; one that has not joined yet never
// will (its join returns errReplaced), as w joins in its stead.
func (s *slots) replace(old, w *waiter) bool {
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
			s.budget.give(old.bytes)
			if !s.budget.take(w.bytes) {
				s.budget.take(old.bytes) // what was just given back fits again
				return false
			}
		}
		old.state, w.state = replaced, inLine
		s.waiting[i] = w
		pace, atLeast := s.pace(time.Now())
		w.place(i+1, s.waitAt(i+1, pace), atLeast)
		return true
	}
	return false
}

// await waits until w, in line or given a slot by join, holds a slot, or
// until ctx ends; release gives the slot back.
func (s *slots) await(ctx context.Context, w *waiter) (release func(), err error) {
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
		return nil, errReplaced
	case inLine:
		if i := slices.Index(s.waiting, w); i >= 0 {
			s.waiting = slices.Delete(s.waiting, i, i+1) // zeroes the freed end: the array keeps no page alive
			s.tellPlaces(i, time.Now())
		}
		if s.budget != nil {
			s.budget.give(w.bytes)
		}
		w.state = left
	}
	return nil, ctx.Err()
}

// grant gives w a slot. Under s.mu.
func (s *slots) grant(w *waiter, now time.Time) {
	s.running++
	s.held[w] = struct{}{}
	w.state, w.since = granted, now
	close(w.ready)
}

func (s *slots) releaser(w *waiter) func() {
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
func (s *slots) handOn(w *waiter, now time.Time) {
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
		s.budget.give(next.bytes)
	}
	s.grant(next, now)
	s.tellPlaces(0, now)
}

// tellPlaces tells the waiters from index i on their new places. Under s.mu.
func (s *slots) tellPlaces(i int, now time.Time) {
	pace, atLeast := s.pace(now)
	for ; i < len(s.waiting); i++ {
		s.waiting[i].place(i+1, s.waitAt(i+1, pace), atLeast)
	}
}

// waitAt: with the slots busy, one is given back every pace/size on
// average, and the search at place has a slot after place of them.
func (s *slots) waitAt(place int, pace time.Duration) time.Duration {
	return time.Duration(place) * pace / time.Duration(s.size)
}

// pace is how long a search holds its slot: the mean of the recent ones, or,
// when every slot is taken and the searches holding them have already held
// them longer on average, their time so far: a lower bound of what they
// will take (atLeast). Zero when nothing is known yet: the first searches
// of a busy server all join the line, and are told their wait once the
// first ones are done.
func (s *slots) pace(now time.Time) (pace time.Duration, atLeast bool) {
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
func (s *slots) counts() (running, waiting int) {
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

// refusalSentence is what a page is told when acquire refuses it: the line's
// own sentence with the wait, whichever kind of work (a search, a trace file,
// an engine's inspection) asked for the slot.
func refusalSentence(err error) string {
	var le *lineError
	if errors.As(err, &le) {
		return le.Error()
	}
	return session.Sentence(err.Error())
}

// lineError is a search refused a place in line: a sentence with the wait.
type lineError struct {
	why              lineRefusal
	running, waiting int
	wait             time.Duration // the wait it would have had (0: not known yet)
	atLeast          bool          // the wait and pace are the running searches' time so far: lower bounds
	pace             time.Duration // how long a search holds its slot, recently
	slots            int
	maxWait          time.Duration
	cap              int
	budget           int64
}

type lineRefusal uint8

const (
	refusedWait   lineRefusal = iota // the wait would pass maxWait
	refusedMemory                    // the budget has no room for one more waiting
	refusedCap                       // the operator's fixed cap (-max-queue)
)

func (e *lineError) Error() string { return e.said().Text }

// Unwrap is the refusal's keyed sentence, so msg.Keyed finds it wherever the
// refusal goes (a start, a trace file, an engine's inspection).
func (e *lineError) Unwrap() error { return e.said() }

// said is the refusal as a keyed sentence: one key for each form the
// sentence takes, so another language says each whole. The parameters are
// numbers, waits ("8 s", "1 min 30 s"), and English words a catalog selects
// on (are: is or are; searchWord: search or searches).
func (e *lineError) said() *msg.Error {
	// A place is freed every pace/slots on average.
	step := e.pace / time.Duration(max(e.slots, 1))
	args := []any{"running", e.running, "searchWord", map[bool]string{true: "search", false: "searches"}[e.running == 1],
		"waiting", e.waiting, "are", map[bool]string{true: "is", false: "are"}[e.waiting == 1],
		"pace", secondsArg(e.pace), "slots", e.slots, "wait", span(e.wait), "maxWait", span(e.maxWait),
		"retry", span(e.wait - e.maxWait), "againIn", span(step), "budget", session.MB(e.budget), "cap", e.cap}
	switch {
	case e.why == refusedWait && e.atLeast:
		return msg.New("go-server.lineWaitAtLeast", "The server is running {running} {searchWord} and {waiting} more {are} waiting; the searches running have held their slots for {pace} so far ({slots} at once), so yours would wait at least {wait}, longer than this server keeps a search in line (-max-wait {maxWait}): try again in about {retry}.", args...)
	case e.why == refusedWait:
		return msg.New("go-server.lineWait", "The server is running {running} {searchWord} and {waiting} more {are} waiting; at the recent pace ({pace} a search, {slots} at once) yours would wait about {wait}, longer than this server keeps a search in line (-max-wait {maxWait}): try again in about {retry}.", args...)
	case e.why == refusedMemory && step <= 0 && e.wait <= 0:
		return msg.New("go-server.lineMemoryUnknown", "The server is running {running} {searchWord} and {waiting} more {are} waiting, and its memory budget (-max-memory, {budget}) has no room for another search in line; try again when one has finished (the wait in line is not known yet: no search has finished).", args...)
	case e.why == refusedMemory && step > 0 && e.wait > 0 && e.atLeast:
		return msg.New("go-server.lineMemoryAtLeast", "The server is running {running} {searchWord} and {waiting} more {are} waiting, and its memory budget (-max-memory, {budget}) has no room for another search in line; try again in about {againIn} (the wait in line is at least {wait}).", args...)
	case e.why == refusedMemory && step > 0 && e.wait > 0:
		return msg.New("go-server.lineMemory", "The server is running {running} {searchWord} and {waiting} more {are} waiting, and its memory budget (-max-memory, {budget}) has no room for another search in line; try again in about {againIn} (the wait in line is about {wait}).", args...)
	case e.why == refusedCap && step <= 0 && e.wait <= 0:
		return msg.New("go-server.lineCapUnknown", "The server is running {running} {searchWord} and {waiting} more {are} waiting, as many as it keeps in line (-max-queue {cap}); try again when one has finished (the wait in line is not known yet: no search has finished).", args...)
	case e.why == refusedCap && step > 0 && e.wait > 0 && e.atLeast:
		return msg.New("go-server.lineCapAtLeast", "The server is running {running} {searchWord} and {waiting} more {are} waiting, as many as it keeps in line (-max-queue {cap}); try again in about {againIn} (the wait in line is at least {wait}).", args...)
	case e.why == refusedCap && step > 0 && e.wait > 0:
		return msg.New("go-server.lineCap", "The server is running {running} {searchWord} and {waiting} more {are} waiting, as many as it keeps in line (-max-queue {cap}); try again in about {againIn} (the wait in line is about {wait}).", args...)
	}
	// A pace known with a wait not (or the other way) does not happen: the
	// wait is reckoned from the pace. Said in English all the same.
	again := "try again when one has finished"
	if step > 0 {
		again = "try again in " + about(step)
	}
	if e.why == refusedMemory {
		return msg.New("go-server.lineMemoryOther", "The server is running {running} {searchWord} and {waiting} more {are} waiting, and its memory budget (-max-memory, {budget}) has no room for another search in line; {again} (the wait in line is {waitText}).", append(args, "again", again, "waitText", e.waitText())...)
	}
	return msg.New("go-server.lineCapOther", "The server is running {running} {searchWord} and {waiting} more {are} waiting, as many as it keeps in line (-max-queue {cap}); {again} (the wait in line is {waitText}).", append(args, "again", again, "waitText", e.waitText())...)
}

// waitText is the wait in line for a refusal's last words.
func (e *lineError) waitText() string {
	switch {
	case e.wait <= 0:
		return "not known yet: no search has finished"
	case e.atLeast:
		return "at least " + span(e.wait)
	}
	return about(e.wait)
}

// about writes a wait for people: "about 8 s", "about 1 min 30 s".
func about(d time.Duration) string { return "about " + span(d) }

// span writes a wait, rounded up (never promise too short a wait): "8 s",
// "1 min 30 s", and past ten minutes "12 min".
func span(d time.Duration) string {
	sec := int64((d + time.Second - 1) / time.Second)
	switch {
	case sec <= 1:
		return "1 s"
	case sec < 60:
		return fmt.Sprintf("%d s", sec)
	case sec < 600 && sec%60 != 0:
		return fmt.Sprintf("%d min %d s", sec/60, sec%60)
	}
	return fmt.Sprintf("%d min", (sec+59)/60)
}

// secondsArg is a search's time as a sentence's parameter: seconds' English
// in the text, a number of seconds in the page's args (0.04, 12.3), for a
// page to write in its language.
type secondsArg time.Duration

func (d secondsArg) String() string { return seconds(time.Duration(d)) }

func (d secondsArg) MarshalJSON() ([]byte, error) {
	return []byte(strconv.FormatFloat(math.Round(time.Duration(d).Seconds()*1000)/1000, 'f', -1, 64)), nil
}

// seconds writes a search's time: "0.9 s", "12 s", "40 ms".
func seconds(d time.Duration) string {
	switch {
	case d < time.Second:
		return fmt.Sprintf("%d ms", max(d.Milliseconds(), 1))
	case d < 10*time.Second:
		return fmt.Sprintf("%.1f s", d.Seconds())
	}
	return fmt.Sprintf("%d s", int64(d.Round(time.Second)/time.Second))
}

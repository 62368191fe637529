package server

import (
	"context"
	"errors"
	"sync"
)

// slots are the server's search slots and the short line of searches
// waiting for one. A search beyond the limit waits in line, and its page is
// told its place each time the line moves; past the line's length, it is
// refused with a sentence.
type slots struct {
	size, line int

	mu      sync.Mutex
	running int
	waiting []*waiter // first in line first
}

type waiter struct {
	ready   chan struct{} // closed when the waiter has been given a slot
	granted bool
	place   func(int) // told the waiter's place in line, 1 first
}

var errLineFull = errors.New("the line of searches waiting is full")

func newSlots(size, line int) *slots { return &slots{size: size, line: line} }

// acquire takes a slot, waiting in line if none is free, until ctx ends.
// place is called with the waiter's place whenever it changes.
func (s *slots) acquire(ctx context.Context, place func(int)) (release func(), err error) {
	s.mu.Lock()
	if s.running < s.size && len(s.waiting) == 0 {
		s.running++
		s.mu.Unlock()
		return s.releaser(), nil
	}
	if len(s.waiting) >= s.line {
		s.mu.Unlock()
		return nil, errLineFull
	}
	w := &waiter{ready: make(chan struct{}), place: place}
	s.waiting = append(s.waiting, w)
	place(len(s.waiting))
	s.mu.Unlock()
	select {
	case <-w.ready:
		return s.releaser(), nil
	case <-ctx.Done():
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if w.granted { // given a slot as it gave up: hand it on
		s.handOn()
		return nil, ctx.Err()
	}
	for i, x := range s.waiting {
		if x == w {
			s.waiting = append(s.waiting[:i], s.waiting[i+1:]...)
			s.tellPlaces(i)
			break
		}
	}
	return nil, ctx.Err()
}

func (s *slots) releaser() func() {
	var once sync.Once
	return func() {
		once.Do(func() {
			s.mu.Lock()
			s.handOn()
			s.mu.Unlock()
		})
	}
}

// handOn gives a freed slot to the first in line, or frees it. Under s.mu.
func (s *slots) handOn() {
	if len(s.waiting) == 0 {
		s.running--
		return
	}
	w := s.waiting[0]
	s.waiting = s.waiting[1:]
	w.granted = true
	close(w.ready)
	s.tellPlaces(0)
}

// tellPlaces tells the waiters from index i on their new places. Under s.mu.
func (s *slots) tellPlaces(i int) {
	for ; i < len(s.waiting); i++ {
		s.waiting[i].place(i + 1)
	}
}

// counts are the searches running and waiting.
func (s *slots) counts() (running, waiting int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.running, len(s.waiting)
}

package session

import (
	"sync"
	"time"

	"github.com/pvscope/pvscope/tracer"
	"github.com/pvscope/pvscope/tracer/msg"
)

// Search is one search's events as the server records them, and how it
// ended: the searching goroutine records (Emit, Record, Finish) and every
// reader (a page's connection, a room's follower log) reads at its own pace
// through a Cursor, so a slow page never slows the search down (it only falls
// behind). The server's run (server/run.go) wraps one with its slot, budget
// and doorbell; the worker's search keeps no recording (Session).
type Search struct {
	id    int64
	begun time.Time

	mu      sync.Mutex
	rec     *tracer.Recording // nil once let go of
	prog    Progress          // counted as rec grows (kept when rec is let go)
	result  *Done             // set once the search has returned
	stopped *msg.Error        // why the server stopped the search, when it did
}

// NewSearch starts recording search id, begun now.
func NewSearch(id int64) *Search {
	return &Search{id: id, begun: time.Now(), rec: tracer.NewRecording()}
}

// Finished is search id that has already ended: a trace file's recording
// and its done frame.
func Finished(id int64, rec *tracer.Recording, d *Done) *Search {
	return &Search{id: id, begun: time.Now(), rec: rec, result: d}
}

// ID is the search's id, which its frames carry.
func (s *Search) ID() int64 { return s.id }

// Begin restarts the search's clock: its statuses count from now.
func (s *Search) Begin(now time.Time) {
	s.mu.Lock()
	s.begun = now
	s.mu.Unlock()
}

// Elapsed is how long ago the search began.
func (s *Search) Elapsed() time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	return time.Since(s.begun)
}

// Emit implements tracer.Sink.
func (s *Search) Emit(e tracer.Event) { s.Record(e) }

// Record records one event and says how many the recording now holds.
func (s *Search) Record(e tracer.Event) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.rec.Emit(e)
	s.prog.Count(e)
	return s.rec.Len()
}

// Stop notes why the server stops the search, unless it already has a
// reason or has ended.
func (s *Search) Stop(why *msg.Error) {
	s.mu.Lock()
	if s.stopped == nil && s.result == nil {
		s.stopped = why
	}
	s.mu.Unlock()
}

// Stopped is why the server stopped the search, or nil.
func (s *Search) Stopped() *msg.Error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stopped
}

// Finish records the search's done frame, counting its events.
func (s *Search) Finish(d *Done) {
	s.mu.Lock()
	defer s.mu.Unlock()
	d.Events = s.rec.Len()
	s.result = d
}

// Read implements Source: it copies events [from, from+len(buf)) out, as
// many as there are, and says whether the search has finished and every
// event has been read.
func (s *Search) Read(from int, buf []tracer.Event) (n int, last bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.rec == nil { // let go of: only ever after every reader had every event
		return 0, s.result != nil
	}
	for n < len(buf) && from+n < s.rec.Len() {
		buf[n] = s.rec.At(from + n)
		n++
	}
	return n, s.result != nil && from+n == s.rec.Len()
}

// Pending is how many events wait to be read from from on; 0 once let go of.
func (s *Search) Pending(from int) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.rec == nil {
		return 0
	}
	return s.rec.Len() - from
}

// Status is the search's status frame now.
func (s *Search) Status() Status {
	s.mu.Lock()
	defer s.mu.Unlock()
	p := s.prog
	if s.rec == nil { // let go of: its events are no longer counted as held
		p.Events = 0
	}
	return p.Status(s.id, time.Since(s.begun))
}

// Done is the search's done frame, nil while it runs.
func (s *Search) Done() *Done {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.result
}

// LetGo drops the recording (the memory budget evicts it); Read then
// gives no events.
func (s *Search) LetGo() {
	s.mu.Lock()
	s.rec = nil
	s.mu.Unlock()
}

// Recorded runs f on the recording and its length, under the search's
// lock; false when it has been let go of.
func (s *Search) Recorded(f func(rec *tracer.Recording, n int)) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.rec == nil {
		return false
	}
	f(s.rec, s.rec.Len())
	return true
}

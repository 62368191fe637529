package server

import (
	"context"
	"sync"
	"time"

	"github.com/pvscope/pvscope/engine"
	"github.com/pvscope/pvscope/server/capacity"
	"github.com/pvscope/pvscope/server/session"
	"github.com/pvscope/pvscope/tracer"

	"github.com/pvscope/pvscope/tracer/msg"
)

// run is one search and everything it recorded. The search goroutine appends
// events under mu; the connection's write pump reads them at its own pace, so
// a slow page never slows the search down (it only falls behind).
type run struct {
	id      int64
	started session.Started
	notices []session.Notice // sent right after started: what the server chose for the user
	pos     engine.Position
	opt     engine.Options
	cancel  context.CancelFunc
	begun   time.Time
	wake    chan<- struct{} // the write pump's doorbell; never blocks
	budget  *capacity.Budget
	lim     Limits
	onEvict func() // tells the page its recording was let go

	mu      sync.Mutex
	rec     *tracer.Recording // nil once evicted
	prog    session.Progress  // counted as rec grows (kept when rec is let go)
	result  *session.Done     // set once the search has returned
	stopped *msg.Error        // why the server stopped the search, when it did

	acct        capacity.Account // its share of the memory budget, kept by the budget
	tableCharge int64            // given back when the search returns

	returned chan struct{} // closed when the search goroutine has let go of its slot
}

// Emit implements tracer.Sink on the searching goroutine.
func (r *run) Emit(e tracer.Event) {
	r.mu.Lock()
	r.rec.Emit(e)
	r.prog.Count(e)
	n := r.rec.Len()
	r.mu.Unlock()
	// The recording is charged as it grows, outside r.mu (the budget may
	// take another run's lock to evict it).
	if c := session.ChargeFor(n); c > 0 && !r.budget.Charge(&r.acct, c) {
		r.stop(session.StoppedMemory(r.budget.Max(), n))
	}
	select {
	case r.wake <- struct{}{}:
	default:
	}
}

// stop ends the search early for a reason the done frame gives.
func (r *run) stop(why *msg.Error) {
	r.mu.Lock()
	if r.stopped == nil && r.result == nil {
		r.stopped = why
	}
	r.mu.Unlock()
	r.cancel()
}

// Read implements session.Source: it copies events [from, from+len(buf))
// out, as many as there are, and says whether the search has finished and
// every event has been read.
func (r *run) Read(from int, buf []tracer.Event) (n int, last bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.rec == nil { // evicted: only ever after the page had every event
		return 0, r.result != nil
	}
	for n < len(buf) && from+n < r.rec.Len() {
		buf[n] = r.rec.At(from + n)
		n++
	}
	return n, r.result != nil && from+n == r.rec.Len()
}

// pending is how many events wait to be read from from on; 0 once evicted.
func (r *run) pending(from int) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.rec == nil {
		return 0
	}
	return r.rec.Len() - from
}

func (r *run) status() session.Status {
	r.mu.Lock()
	defer r.mu.Unlock()
	p := r.prog
	if r.rec == nil { // let go of: its events are no longer counted as held
		p.Events = 0
	}
	return p.Status(r.id, time.Since(r.begun))
}

func (r *run) done() *session.Done {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.result
}

// search runs on a search thread, at a lower priority than the rest of the server
// (searchthreads.go), and records the result for the pump.
func (r *run) search(ctx context.Context, release func()) {
	defer close(r.returned)
	defer release()
	res, err := engine.Search(ctx, r.pos, r.opt, r)
	r.mu.Lock()
	stopped := r.stopped
	r.mu.Unlock()
	d := session.DoneOf(r.id, r.pos, r.opt, res, err, stopped, ctx.Err() != nil, time.Since(r.begun))
	r.budget.Refund(&r.acct, r.tableCharge) // the tables went with the search
	r.mu.Lock()
	d.Events = r.rec.Len()
	r.result = d
	r.mu.Unlock()
	select {
	case r.wake <- struct{}{}:
	default:
	}
}

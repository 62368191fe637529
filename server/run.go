package server

import (
	"context"
	"encoding/json"
	"math"
	"strings"
	"sync"
	"time"

	"github.com/pvscope/pvscope/engine"
	"github.com/pvscope/pvscope/tracer"

	"github.com/pvscope/pvscope/tracer/msg"
)

// run is one search and everything it recorded. The search goroutine appends
// events under mu; the connection's write pump reads them at its own pace, so
// a slow page never slows the search down (it only falls behind).
type run struct {
	id      int64
	started startedFrame
	notices []noticeFrame // sent right after started: what the server chose for the user
	pos     engine.Position
	opt     engine.Options
	cancel  context.CancelFunc
	begun   time.Time
	wake    chan<- struct{} // the write pump's doorbell; never blocks
	budget  *budget
	lim     Limits
	onEvict func() // tells the page its recording was let go

	mu      sync.Mutex
	rec     *tracer.Recording // nil once evicted
	nodes   int64
	depth   int
	result  *doneFrame // set once the search has returned
	stopped *msg.Error // why the server stopped the search, when it did

	// Kept by the budget, under its lock.
	charged     int64
	tableCharge int64 // given back when the search returns
	holds       int   // readers besides the page (room followers): never evicted while held
	forgotten   bool  // the page moved on: nothing may be charged any more
	evicted     bool

	returned chan struct{} // closed when the search goroutine has let go of its slot
}

// Emit implements tracer.Sink on the searching goroutine.
func (r *run) Emit(e tracer.Event) {
	r.mu.Lock()
	r.rec.Emit(e)
	n := r.rec.Len()
	switch e.Kind {
	case tracer.Enter:
		r.nodes++
	case tracer.IterationStart:
		r.depth = int(e.Depth)
	}
	r.mu.Unlock()
	// The recording is charged as it grows, outside r.mu (the budget may
	// take another run's lock to evict it).
	if n%chargeEvery == 0 && !r.budget.charge(r, chargeEvery*eventBytes) {
		r.stop(msg.New("go-server.stoppedMemory", "the server's memory budget (-max-memory, {memory}) is full: the search stopped after {n} events", "memory", mb(r.budget.max), "n", n))
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

// read copies events [from, from+len(buf)) out, as many as there are, and
// says whether the search has finished and every event has been read.
func (r *run) read(from int, buf []tracer.Event) (n int, last bool) {
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

func (r *run) status() statusFrame {
	r.mu.Lock()
	defer r.mu.Unlock()
	el := time.Since(r.begun)
	events := 0
	if r.rec != nil {
		events = r.rec.Len()
	}
	s := statusFrame{Type: "status", ID: r.id, Nodes: r.nodes, Events: events,
		Depth: r.depth, ElapsedMs: el.Milliseconds()}
	if sec := el.Seconds(); sec > 0 {
		s.NPS = math.Round(float64(r.nodes) / sec)
	}
	return s
}

func (r *run) done() *doneFrame {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.result
}

// search runs on its own goroutine and records the result for the pump.
func (r *run) search(ctx context.Context, release func()) {
	defer close(r.returned)
	defer release()
	res, err := engine.Search(ctx, r.pos, r.opt, r)
	d := &doneFrame{Type: "done", ID: r.id}
	r.mu.Lock()
	stopped := r.stopped
	r.mu.Unlock()
	switch {
	case stopped != nil:
		d.StoppedBy(stopped)
	case err != nil: // Options were validated before starting, so this is a bug; say so rather than hang.
		d.Stopped = "the search could not run: " + err.Error()
	case res.Stopped != "" && ctx.Err() != nil:
		d.StoppedBy(msg.New("go-server.stoppedByUser", "stopped by the user"))
	case res.Stopped != "":
		d.Stopped = "the " + res.Stopped
		// The engine's words for its node limit, keyed when they are these.
		if m := msg.New("go-server.stoppedNodeLimit", "the node limit of {n} reached", "n", r.opt.MaxNodes); m.Text == d.Stopped {
			d.StoppedBy(m)
		}
	}
	d.Result = resultFrame{Score: res.Score, PV: engine.MoveNames(r.pos, res.PV), Depth: res.Depth,
		Nodes: res.Stats.Nodes, Leaves: res.Stats.Leaves, ElapsedMs: time.Since(r.begun).Milliseconds()}
	if engine.IsMate(res.Score) {
		m := engine.MateMoves(res.Score)
		d.Result.Mate = &m
	}
	if res.BestMove != engine.NoMove {
		d.Result.BestMove = r.pos.MoveName(res.BestMove)
	}
	r.budget.refund(r, r.tableCharge) // the tables went with the search
	r.mu.Lock()
	d.Events = r.rec.Len()
	r.result = d
	r.mu.Unlock()
	select {
	case r.wake <- struct{}{}:
	default:
	}
}

// fieldError is a bad start command, with the form field to blame.
type fieldError struct {
	field string
	err   error
}

func (e *fieldError) Error() string { return e.err.Error() }

// Unwrap lets msg.Keyed find the sentence's key (keyed.go).
func (e *fieldError) Unwrap() error { return e.err }

func setupField(s engine.Setup) string {
	switch {
	case s.Tree != "" && s.FEN == "" && s.Random == "":
		return "tree"
	case s.Random != "" && s.FEN == "" && s.Tree == "":
		return "random"
	case s.FEN != "" && s.Tree == "" && s.Random == "":
		return "fen"
	}
	return ""
}

// maxTreeJSON keeps the tree out of the started frame when it is too big to
// draw its pruned branches anyway; maxTreeJSONNodes keeps a tree that big
// from being written out at all (a leaf is at most six characters).
const (
	maxTreeJSON      = 256 << 10
	maxTreeJSONNodes = maxTreeJSON / 6
)

// treeJSON writes a tree's parenthesised text as nested JSON arrays:
// "((3 12) (2 4))" becomes [[3,12],[2,4]].
func treeJSON(t *engine.Tree) rawJSON {
	text := t.String()
	if len(text) > maxTreeJSON {
		return nil
	}
	out := []byte(strings.NewReplacer("(", "[", ")", "]", " ", ",").Replace(text))
	if !json.Valid(out) {
		return nil
	}
	return out
}

// minimalLeaves is Knuth and Moore's count of the leaves any alpha-beta search
// of a uniform tree must read: b^ceil(d/2) + b^floor(d/2) - 1.
func minimalLeaves(random string, depth int) int64 {
	spec, err := engine.ParseTreeSpec(random)
	if err != nil {
		return 0
	}
	d := min(depth, spec.D)
	pow := func(e int) int64 {
		p := int64(1)
		for range e {
			p *= int64(spec.B)
		}
		return p
	}
	return pow((d+1)/2) + pow(d/2) - 1
}

package server

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/pvscope/pvscope/engine"
	"github.com/pvscope/pvscope/tracer"
)

// run is one search and everything it recorded. The search goroutine appends
// events under mu; the connection's write pump reads them at its own pace, so
// a slow page never slows the search down (it only falls behind).
type run struct {
	id      int64
	started startedFrame
	pos     engine.Position
	opt     engine.Options
	cancel  context.CancelFunc
	begun   time.Time
	wake    chan<- struct{} // the write pump's doorbell; never blocks

	mu     sync.Mutex
	rec    *tracer.Recording
	nodes  int64
	depth  int
	result *doneFrame // set once the search has returned

	returned chan struct{} // closed when the search goroutine has let go of its slot
}

// Emit implements tracer.Sink on the searching goroutine.
func (r *run) Emit(e tracer.Event) {
	r.mu.Lock()
	r.rec.Emit(e)
	switch e.Kind {
	case tracer.Enter:
		r.nodes++
	case tracer.IterationStart:
		r.depth = int(e.Depth)
	}
	r.mu.Unlock()
	select {
	case r.wake <- struct{}{}:
	default:
	}
}

// read copies events [from, from+len(buf)) out, as many as there are, and
// says whether the search has finished and every event has been read.
func (r *run) read(from int, buf []tracer.Event) (n int, last bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for n < len(buf) && from+n < r.rec.Len() {
		buf[n] = r.rec.At(from + n)
		n++
	}
	return n, r.result != nil && from+n == r.rec.Len()
}

func (r *run) status() statusFrame {
	r.mu.Lock()
	defer r.mu.Unlock()
	el := time.Since(r.begun)
	s := statusFrame{Type: "status", ID: r.id, Nodes: r.nodes, Events: r.rec.Len(),
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
	switch {
	case err != nil: // Options were validated before starting, so this is a bug; say so rather than hang.
		d.Stopped = "the search could not run: " + err.Error()
	case res.Stopped != "" && ctx.Err() != nil:
		d.Stopped = "stopped by the user"
	case res.Stopped != "":
		d.Stopped = "the " + res.Stopped
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

// prepare turns a start command into a run ready to go, or says which field is wrong.
func prepare(c command, lim Limits) (*run, error) {
	setup := engine.Setup{FEN: strings.TrimSpace(c.Setup.FEN), Tree: strings.TrimSpace(c.Setup.Tree),
		Random: strings.TrimSpace(c.Setup.Random)}
	pos, opt, err := setup.Load()
	if err != nil {
		return nil, &fieldError{setupField(setup), err}
	}
	// Apply options in the table's order, so that a message's key order never matters.
	known := map[string]bool{}
	for _, o := range engine.OptionNames {
		known[o.Name] = true
		if v, ok := c.Options[o.Name]; ok && v != "" {
			if err := opt.Set(o.Name, v); err != nil {
				return nil, &fieldError{o.Name, err}
			}
		}
	}
	var unknown []string
	for name := range c.Options {
		if !known[name] {
			unknown = append(unknown, name)
		}
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		return nil, &fieldError{unknown[0], fmt.Errorf("unknown option %q", unknown[0])}
	}
	if opt.Depth > lim.MaxDepth {
		return nil, &fieldError{"depth", fmt.Errorf("depth %d is more than this server allows (%d)", opt.Depth, lim.MaxDepth)}
	}
	if opt.MaxNodes < 0 {
		return nil, &fieldError{"max-nodes", fmt.Errorf("max-nodes %d is negative: give a node count, or 0 for this server's limit", opt.MaxNodes)}
	}
	if opt.MaxNodes == 0 || opt.MaxNodes > lim.MaxNodes {
		opt.MaxNodes = lim.MaxNodes
	}
	if err := opt.Validate(); err != nil {
		return nil, &fieldError{validationField(err), err}
	}
	r := &run{id: c.ID, pos: pos, opt: opt, rec: tracer.NewRecording(), returned: make(chan struct{})}
	r.started = startedFrame{Type: "started", ID: c.ID, Kind: "chess", Options: opt.Describe()}
	switch p := pos.(type) {
	case *engine.ChessPosition:
		r.started.FEN = p.FEN()
	case *engine.TreePosition:
		r.started.Kind = "tree"
		r.started.Tree = treeJSON(p.Tree())
		if setup.Random != "" {
			r.started.MinimalLeaves = minimalLeaves(setup.Random, opt.Depth)
		}
	}
	return r, nil
}

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
// draw its pruned branches anyway.
const maxTreeJSON = 256 << 10

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

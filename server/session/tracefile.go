package session

import (
	"io"
	"runtime"

	"github.com/pvscope/pvscope/engine"
	"github.com/pvscope/pvscope/tracer"
	"github.com/pvscope/pvscope/tracer/msg"
)

// A trace file opened in the page plays exactly like a live search: it is
// read (pvscope's own or another engine's minimal trace, completed by
// tracer.Deriver) and checked, kept as a recording, and streamed with the
// same started, events and done frames. The server reads an uploaded file;
// the static site's worker reads the file the page hands it.

const (
	// MaxTraceBytes bounds a trace file; MaxTraceEvents the events kept
	// (about 50 bytes each in a recording: 150 MB at most).
	MaxTraceBytes  = 512 << 20
	MaxTraceEvents = 3_000_000
)

// Trace is a trace file read and ready to stream.
type Trace struct {
	Started Started
	Rec     *tracer.Recording
	Done    Done
	fenWarn *msg.Error // the header's FEN numbers its move 0: a warning while it is read
}

// Charger is what reading a trace is charged to, as it grows (the server's
// memory budget): To raises the charge to n bytes (false: no room), Settle
// lowers it once reading is over, Full is the sentence when there is no room.
type Charger interface {
	To(n int64) bool
	Settle(n int64)
	Full() error
}

const (
	// readNodeBytes is what reading holds per node entered: the page's id
	// for it, and the checker's state of a child of an open node (a root
	// with a million children keeps a million of them); measured on the
	// hostile traces of tracebudget_test.go.
	readNodeBytes = 160
	// openNodeBytes is what reading holds per node open at once: the
	// deriver's and the checker's frames (a chain of 16,000 nested nodes
	// keeps 16,000 of them).
	openNodeBytes = 640
	// gcYieldEvents: reading yields once per this many events, so that the
	// collector's background marking runs where there is one thread (the
	// static site's WebAssembly worker): unscheduled, one cycle lasted the
	// whole read of a 100,000-node chain while the heap grew 6 to 160 MB.
	gcYieldEvents = 1024
	// chargeStep is the growth between two charges while a trace is read.
	chargeStep = 256 << 10
)

// ReadTrace reads and completes a trace, charging acct as it goes.
// Node ids are renumbered 1, 2, ... in the order nodes are entered, as the
// page expects; a pvscope trace already is. A trace that breaks the checker's
// rules is read whole, its violations listed on the started frame; only a
// file that cannot be read, or that the memory budget has no room for, is
// refused.
func ReadTrace(r io.Reader, acct Charger) (o *Trace, err error) {
	return readTrace(r, acct, MaxTraceLineMoves)
}

// readTrace is ReadTrace with the lines' budget given (a test's is small).
func readTrace(r io.Reader, acct Charger, maxLineMoves int64) (o *Trace, err error) {
	o = &Trace{Rec: tracer.NewRecording()}
	var (
		a               tracer.Analysis
		ids             pageIDs
		problems        traceProblems
		nodes, leaves   int64
		end             *tracer.Event
		rootLine        *tracer.Event // the newest root-pv (index 0)
		tooMany, noRoom bool
		tooManyLines    bool
		cost            readCost
		pairs           linePairs // the lines' moves as the page counts them
	)
	p := tracer.Pipeline{Check: true,
		Report: func(v *tracer.Violation) { problems.addViolation(v, a.Line, o.Rec.Len(), ids.of(v.Node)) },
		Warn:   func(w *tracer.Violation) { problems.addWarning(w, a.Line, o.Rec.Len(), ids.of(w.Node)) },
	}
	// The rules that need the header: its bound convention, its scale, and
	// positions from its FEN or its game (engine-pv, null-in-check, the moves);
	// and the comparison of the engine's own lines with the derived ones (Diagnosis). Its
	// warnings (a pov or bounds word it does not know, a scale that is none)
	// are the header's.
	p.Header = func(a *tracer.Analysis) error {
		if err := o.setStarted(a.Header); err != nil {
			return err
		}
		// Chess's FEN or a game's position judges the moves, as in pvscope check.
		if g, _ := engine.HeaderGame(a.Header.Meta); g != nil {
			a.Checker.Game = g
		}
		if w, err := engine.NewMoveWalker(a.Header.Meta); err == nil && w != nil {
			a.Unaccounted.Moves = w // legal moves neither searched nor pruned
		}
		if m := o.fenWarn; m != nil {
			a.WarnMeta(m)
		}
		return nil
	}
	var seen int // events handed over, kept or not (counting kept ones, a run of dropped exits yielded at each)
	p.Event = func(e tracer.Event, _ int) {
		if seen++; seen%gcYieldEvents == 0 {
			runtime.Gosched()
		}
		if o.Rec.Len() >= MaxTraceEvents {
			tooMany = true
			return
		}
		switch e.Kind {
		case tracer.Enter:
			nodes++
			cost.enter()
			e.Node, e.Parent, e.Ref = ids.enter(e.Node, e.Parent, e.Ref)
		case tracer.Exit:
			cost.exit()
			// The page's tree takes one exit per entered node: an exit of a
			// node never entered, or a second one, is listed and not shown.
			if e.Node = ids.exit(e.Node); e.Node == 0 {
				return
			}
			if e.End == tracer.Eval || e.End == tracer.Leaf {
				leaves++
			}
		default:
			e.Node, e.Parent, e.Ref = ids.of(e.Node), ids.of(e.Parent), ids.of(e.Ref)
		}
		switch e.Kind {
		case tracer.RootPV:
			if e.Index == 0 {
				kept := e // a copy: &e would move every event to the heap
				rootLine = &kept
			}
		case tracer.SearchEnd:
			// The result is the last root line when the engine's search-end
			// gives none, or pvscope derived it (a root driver's null-window
			// searches derive no line, and the engine's root-pv has the word).
			if rootLine != nil && (len(e.PV) == 0 || e.Derived) {
				e.PV, e.Score = append([]string(nil), rootLine.PV...), rootLine.Score
			}
			kept := e
			end = &kept
		}
		if len(e.PV) > 0 {
			if cost.linePairs = pairs.add(e.PV); cost.linePairs > maxLineMoves {
				tooManyLines = true
				return
			}
		}
		o.Rec.EmitKept(e) // the deriver's lines never change: kept, not copied
		if c := cost.now(o.Rec, a.Deriver); c-cost.charged >= chargeStep {
			cost.charged = c
			noRoom = noRoom || !acct.To(c)
		}
	}
	p.Next = func() error {
		if tooMany {
			return msg.New("go-server.traceTooManyEvents", "the trace has more than {n} events, more than this server keeps", "n", MaxTraceEvents)
		}
		if tooManyLines {
			return msg.New("go-server.traceTooManyLineMoves", "trace line {line}: the trace's lines hold more than {n} moves, more than the page keeps", "line", a.FileLine(), "n", maxLineMoves)
		}
		if noRoom {
			return acct.Full()
		}
		return nil
	}
	p.Finishing = func() { a.Line = a.FileLine() }
	if err := a.Open(r, p); err != nil {
		return nil, err
	}
	if err := a.Run(); err != nil {
		return nil, err
	}
	d := a.Deriver
	if !acct.To(cost.now(o.Rec, d)) {
		return nil, acct.Full()
	}
	acct.Settle(kept(o.Rec, d)) // reading's scaffolding is let go
	if o.Rec.Len() == 0 {
		return nil, msg.New("go-server.traceNoEvents", "the trace has a header but no events")
	}
	if nodes == 0 {
		return nil, msg.New("go-server.traceNoEnter", "trace line {line}: the trace enters no node, so there is no search to show (each node needs an enter event)", "line", a.FileLine())
	}
	problems.setOn(&o.Started)
	o.Done = Done{Type: "done", Events: o.Rec.Len()}
	o.Done.Result = Result{Nodes: nodes, Leaves: leaves, PV: []string{}}
	if end != nil {
		o.Done.Result.Score, o.Done.Result.Depth = int(end.Score), int(end.Depth)
		if len(end.PV) > 0 {
			o.Done.Result.PV, o.Done.Result.BestMove = end.PV, end.PV[0]
		}
		if m, ok := o.Started.Scores.MateMoves(end.Score); ok {
			o.Done.Result.Mate = &m
		}
	}
	return o, nil
}

// setStarted builds the started frame from the header, as prepare does for
// a live search: the position or tree, and the options the header names.
func (o *Trace) setStarted(h tracer.Header) error {
	o.Started = Started{Type: "started", Kind: "tree", Options: map[string]string{}}
	o.Started.Scores, _ = ScoreScaleOf(h.Meta)   // one that is none: the pipeline warns
	if m := engine.HeaderFEN(h.Meta); m != nil { // a move number of 0, as engines write it
		o.fenWarn = m
	}
	for k, v := range h.Meta {
		switch k {
		case "fen", "tree", "random", "pov", "mate", "infinity", "mateBand":
		default:
			o.Started.Options[k] = v
		}
	}
	pos, err := engine.HeaderPosition(h.Meta)
	if err != nil {
		return err
	}
	switch p := pos.(type) {
	case *engine.ChessPosition:
		o.Started.Kind, o.Started.FEN = "chess", p.FEN()
	case *engine.GamePosition: // as a live search's started frame (plan.go), so the page draws its board
		b := p.Board()
		o.Started.Kind, o.Started.Game, o.Started.Position, o.Started.Cells, o.Started.Side = "game", b.Game().Name, b.String(), b.Cells(), b.Side()
		o.Started.Rows, o.Started.Cols = b.Game().Rows, b.Game().Cols
	case *engine.TreePosition:
		o.Started.Tree = TreeJSON(p.Tree())
	}
	return nil
}

// readCost is what a trace being read holds: what it keeps, and the
// scaffolding of reading.
type readCost struct {
	nodes, open, maxOpen int64
	linePairs            int64 // the lines' pairs counted (tracelines.go)
	charged              int64 // the cost last charged
}

// enter and exit follow how many nodes are open.
func (c *readCost) enter() {
	c.nodes++
	c.open++
	c.maxOpen = max(c.maxOpen, c.open)
}

func (c *readCost) exit() { c.open = max(c.open-1, 0) }

// kept is what the opened trace keeps once read.
func kept(rec *tracer.Recording, d *tracer.Deriver) int64 { return rec.Bytes() + d.LineBytes() }

// now is what reading holds at this point.
func (c *readCost) now(rec *tracer.Recording, d *tracer.Deriver) int64 {
	return kept(rec, d) + c.nodes*readNodeBytes + c.maxOpen*openNodeBytes + c.linePairs*linePairBytes
}

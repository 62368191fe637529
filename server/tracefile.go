package server

import (
	"bufio"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/http"
	"os"
	"sync"

	"github.com/pvscope/pvscope/engine"
	"github.com/pvscope/pvscope/tracer"
	"github.com/pvscope/pvscope/tracer/msg"
)

// A trace file opened in the page plays exactly like a live search: the
// server reads it (pvscope's own or another engine's minimal trace, completed
// by tracer.Deriver), keeps it as a recording, and a connection that asks for
// it by its token streams it with the same started, events and done frames.

const (
	// maxTraceBytes bounds an uploaded file; maxTraceEvents the events kept
	// (about 50 bytes each in a recording: 150 MB at most).
	maxTraceBytes  = 512 << 20
	maxTraceEvents = 3_000_000
	// maxTraces is how many opened traces the server keeps, and
	// maxStoredEvents how many events they hold together; opening one more
	// forgets the oldest until both fit.
	maxTraces       = 4
	maxStoredEvents = 2 * maxTraceEvents
)

// openedTrace is a trace read and ready to stream.
type openedTrace struct {
	started  startedFrame
	rec      *tracer.Recording
	done     doneFrame
	scaleErr error // the header's scale is not one: a warning while it is read
	account  traceAccount
}

// traceStore holds the opened traces by token.
type traceStore struct {
	mu     sync.Mutex
	byTok  map[string]*openedTrace
	tokens []string // oldest first
}

func (t *traceStore) put(o *openedTrace) string {
	b := make([]byte, 12)
	rand.Read(b)
	tok := hex.EncodeToString(b)
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.byTok == nil {
		t.byTok = map[string]*openedTrace{}
	}
	stored := o.rec.Len()
	for _, k := range t.tokens {
		stored += t.byTok[k].rec.Len()
	}
	for len(t.tokens) > 0 && (len(t.tokens) >= maxTraces || stored > maxStoredEvents) {
		stored -= t.byTok[t.tokens[0]].rec.Len()
		t.dropFirst()
	}
	t.byTok[tok] = o
	t.tokens = append(t.tokens, tok)
	return tok
}

// dropOldest forgets the oldest opened trace, giving back its memory; false
// when none is open.
func (t *traceStore) dropOldest() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.tokens) == 0 {
		return false
	}
	t.dropFirst()
	return true
}

// dropFirst forgets the oldest trace. Under t.mu.
func (t *traceStore) dropFirst() {
	t.byTok[t.tokens[0]].account.release()
	delete(t.byTok, t.tokens[0])
	t.tokens = t.tokens[1:]
}

func (t *traceStore) get(tok string) *openedTrace {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.byTok[tok]
}

// OpenTraceFile reads a trace file for `pvscope view` and returns the token
// the page opens it by (the URL /?trace=TOKEN).
func (s *Server) OpenTraceFile(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	o, err := readTraceCharged(io.LimitReader(f, maxTraceBytes+1), traceAccount{b: s.budget, store: &s.traces})
	if err != nil {
		return "", err
	}
	return s.traces.put(o), nil
}

// serveTraceUpload reads a trace the page posts: the answer is {"token", "events"}
// or {"error"} with a sentence naming the line.
func (s *Server) serveTraceUpload(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	// Reading a file is work like a search: it takes a slot, so only as many
	// files are read at once as searches run. The slot is taken when the work
	// can start, once the first chunk (or the whole of a smaller file) is in
	// hand, so a client that sends headers and no body holds no slot; the
	// rest is read as it arrives, at a minimum rate (body.go).
	body := bufio.NewReaderSize(http.MaxBytesReader(w, r.Body, maxTraceBytes), firstChunk)
	if _, err := body.Peek(firstChunk); err != nil && err != io.EOF {
		s.refuseTrace(w, err)
		return
	}
	release, err := s.slots.acquire(r.Context(), func(int) {})
	if err != nil {
		if r.Context().Err() != nil {
			return // the page went away while its file waited: nobody to tell
		}
		w.WriteHeader(http.StatusServiceUnavailable)
		json.NewEncoder(w).Encode(map[string]string{"error": refusalSentence(err)})
		return
	}
	defer release()
	o, err := readTraceCharged(body, traceAccount{b: s.budget, store: &s.traces})
	if err != nil {
		if isBudgetFull(err) {
			// The file is fine and still coming: read the rest away (bounded by the size
			// limit and the body's deadline, nothing kept) so the page gets the sentence
			// rather than a reset connection.
			io.Copy(io.Discard, body)
		}
		s.refuseTrace(w, err)
		return
	}
	json.NewEncoder(w).Encode(map[string]any{"token": s.traces.put(o), "events": o.rec.Len()})
}

// firstChunk is what an upload reads before it takes a slot.
const firstChunk = 64 << 10

// refuseTrace answers an upload that could not be read: 408 for a body
// that stopped coming, 400 for a file that is not a trace.
func (s *Server) refuseTrace(w http.ResponseWriter, err error) {
	if m, ok := slowBody(err); ok {
		w.WriteHeader(http.StatusRequestTimeout)
		json.NewEncoder(w).Encode(map[string]any{"error": m.Text, "key": m.Key, "args": m.Args})
		return
	}
	status := http.StatusBadRequest
	if isBudgetFull(err) {
		status = http.StatusServiceUnavailable // the server is full, the file is not wrong
	}
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(traceRefusal(err))
}

// traceRefusal is the answer to a file that cannot be read: {"error"} with the
// English sentence, and its "key" and "args" in the page's catalogs when it
// has them, for a page in another language.
func traceRefusal(err error) map[string]any {
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		m := msg.New("go-server.traceTooLarge", "the file is larger than this server reads ({mb} MB)", "mb", maxTraceBytes>>20)
		return map[string]any{"error": sentence(m.Text), "key": m.Key, "args": m.Args}
	}
	answer := map[string]any{"error": sentence(trimTracer(err.Error()))}
	if m, ok := msg.Keyed(err); ok {
		answer["key"], answer["args"] = m.Key, clipArgs(m.Args)
	}
	return answer
}

// clipArgs shortens the strings among a sentence's parameters as sentence
// clips the quoted ones: a bad line's word can be megabytes long.
func clipArgs(args map[string]any) map[string]any {
	var out map[string]any // a copy, made only when a string is clipped: the rest are kept as they are
	for k, v := range args {
		if s, ok := v.(string); ok && len(s) > maxQuoted {
			if out == nil {
				out = maps.Clone(args)
			}
			out[k] = clipArg(s, maxQuoted) // no English words added: a French sentence repeats it
		}
	}
	if out == nil {
		return args
	}
	return out
}

func trimTracer(s string) string {
	for _, p := range []string{"tracer: "} {
		if len(s) > len(p) && s[:len(p)] == p {
			s = s[len(p):]
		}
	}
	return s
}

// readTrace reads a trace charging no budget (tests).
func readTrace(r io.Reader) (*openedTrace, error) { return readTraceCharged(r, traceAccount{}) }

// readTraceCharged reads and completes a trace, charging acct as it goes.
// Node ids are renumbered 1, 2, ... in the order nodes are entered, as the
// page expects; a pvscope trace already is. A trace that breaks the checker's
// rules is read whole, its violations listed on the started frame; only a
// file that cannot be read, or that the memory budget has no room for, is
// refused.
func readTraceCharged(r io.Reader, acct traceAccount) (o *openedTrace, err error) {
	rd, err := tracer.NewReader(r)
	if err != nil {
		return nil, err
	}
	h := rd.Header()
	o = &openedTrace{rec: tracer.NewRecording(), account: acct}
	account := &o.account // o is nil when an error returns
	defer func() {
		if err != nil {
			account.release()
		}
	}()
	if err := o.setStarted(h); err != nil {
		return nil, err
	}
	var ids pageIDs
	var problems traceProblems
	line := 0
	chk := tracer.Checker{Report: func(v *tracer.Violation) {
		problems.addViolation(v, line, o.rec.Len(), ids.of(v.Node))
	}}
	chk.Warn = func(w *tracer.Violation) {
		problems.addWarning(w, line, o.rec.Len(), ids.of(w.Node))
	}
	// The rules that need the header: its bound convention, its scale, and
	// positions from its FEN (engine-pv, null-in-check); and the comparison
	// of the engine's own lines with the derived ones (Diagnosis).
	chk.SetHeader(h)
	if fen := h.Meta["fen"]; fen != "" {
		if g, err := engine.NewTraceGame(fen); err == nil {
			chk.Game = g
		}
	}
	diag := tracer.Diagnosis{Report: chk.Report, Warn: chk.Warn}
	diag.SetHeader(h)
	if o.scaleErr != nil {
		line = 1 // the header's
		w := &tracer.Violation{Rule: "meta", Problem: o.scaleErr.Error()}
		if m, ok := msg.Keyed(o.scaleErr); ok {
			w.Key, w.Args = m.Key, m.Args
		}
		chk.Warn(w)
	}
	var nodes, leaves int64
	var end *tracer.Event
	var rootLine *tracer.Event // the newest root-pv (index 0)
	var tooMany, noRoom bool
	var cost readCost
	var d *tracer.Deriver
	d = tracer.NewDeriver(h, func(e tracer.Event, l int) {
		if o.rec.Len() >= maxTraceEvents {
			tooMany = true
			return
		}
		line = l
		chk.Emit(e)
		diag.Emit(e)
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
				rootLine = &e
			}
		case tracer.SearchEnd:
			// The result is the last root line when the engine's search-end
			// gives none, or pvscope derived it (a root driver's null-window
			// searches derive no line, and the engine's root-pv has the word).
			if rootLine != nil && (len(e.PV) == 0 || e.Derived) {
				e.PV, e.Score = append([]string(nil), rootLine.PV...), rootLine.Score
			}
			end = &e
		}
		o.rec.EmitKept(e) // the deriver's lines never change: kept, not copied
		if c := cost.now(o.rec, d); c-cost.charged >= chargeStep {
			cost.charged = c
			noRoom = noRoom || !o.account.to(c)
		}
	})
	d.OnRootLine = diag.DerivedLine
	for {
		e, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		d.Add(e, rd.Line())
		if tooMany {
			return nil, msg.New("go-server.traceTooManyEvents", "the trace has more than {n} events, more than this server keeps", "n", maxTraceEvents)
		}
		if noRoom {
			return nil, budgetFullTrace(o.account.b)
		}
	}
	d.Finish(rd.Line())
	line = rd.Line()
	chk.Finish()
	diag.Finish()
	if !o.account.to(cost.now(o.rec, d)) {
		return nil, budgetFullTrace(o.account.b)
	}
	o.account.settle(kept(o.rec, d)) // reading's scaffolding is let go
	if o.rec.Len() == 0 {
		return nil, msg.New("go-server.traceNoEvents", "the trace has a header but no events")
	}
	if nodes == 0 {
		return nil, msg.New("go-server.traceNoEnter", "trace line {line}: the trace enters no node, so there is no search to show (each node needs an enter event)", "line", rd.Line())
	}
	problems.setOn(&o.started)
	o.done = doneFrame{Type: "done", Events: o.rec.Len()}
	o.done.Result = resultFrame{Nodes: nodes, Leaves: leaves, PV: []string{}}
	if end != nil {
		o.done.Result.Score, o.done.Result.Depth = int(end.Score), int(end.Depth)
		if len(end.PV) > 0 {
			o.done.Result.PV, o.done.Result.BestMove = end.PV, end.PV[0]
		}
		if m, ok := o.started.Scores.MateMoves(end.Score); ok {
			o.done.Result.Mate = &m
		}
	}
	return o, nil
}

// setStarted builds the started frame from the header, as prepare does for
// a live search: the position or tree, and the options the header names.
func (o *openedTrace) setStarted(h tracer.Header) error {
	o.started = startedFrame{Type: "started", Kind: "tree", Options: map[string]string{}}
	o.started.Scores, o.scaleErr = scoreScaleOf(h.Meta)
	for k, v := range h.Meta {
		switch k {
		case "fen", "tree", "random", "pov", "mate", "infinity", "mateBand":
		default:
			o.started.Options[k] = v
		}
	}
	setup := engine.Setup{FEN: h.Meta["fen"], Tree: h.Meta["tree"], Random: h.Meta["random"]}
	if setup == (engine.Setup{}) {
		return nil // another engine's trace without a position: moves are names only
	}
	pos, _, err := setup.Load()
	if err != nil {
		// Wrapped, not keyed: a page in another language says the position's own sentence.
		return fmt.Errorf("the trace header's position: %w", err)
	}
	switch p := pos.(type) {
	case *engine.ChessPosition:
		o.started.Kind, o.started.FEN = "chess", p.FEN()
	case *engine.TreePosition:
		o.started.Tree = treeJSON(p.Tree())
	}
	return nil
}

// open streams an opened trace to this connection as if it were a search that
// has just finished: started, every event, done.
func (c *conn) open(cmd command) {
	o := c.srv.traces.get(cmd.Trace)
	if o == nil {
		c.queue(said(cmd.ID, "", msg.New("go-server.traceGone", "That trace is no longer open on the server; open the file again.")))
		return
	}
	c.mu.Lock()
	old := c.cur
	c.mu.Unlock()
	if old != nil {
		old.cancel()
		<-old.returned
	}
	r := &run{id: cmd.ID, started: o.started, rec: o.rec, returned: make(chan struct{}),
		cancel: func() {}, wake: c.wake}
	r.started.ID = cmd.ID
	done := o.done
	done.ID = cmd.ID
	r.result = &done
	close(r.returned)
	c.mu.Lock()
	c.cur = r
	c.mu.Unlock()
	c.ring()
}

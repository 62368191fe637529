package server

import (
	"bufio"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"github.com/pvscope/pvscope/server/capacity"
	"io"
	"net/http"
	"os"
	"sync"

	"github.com/pvscope/pvscope/server/session"
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
	maxTraceBytes  = session.MaxTraceBytes
	maxTraceEvents = session.MaxTraceEvents
	// maxTraces is how many opened traces the server keeps, and
	// maxStoredEvents how many events they hold together; opening one more
	// forgets the oldest until both fit.
	maxTraces       = 4
	maxStoredEvents = 2 * maxTraceEvents
)

// openedTrace is a trace read and ready to stream.
type openedTrace struct {
	started session.Started
	rec     *tracer.Recording
	done    session.Done
	account capacity.TraceAccount
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

// DropOldest forgets the oldest opened trace, giving back its memory; false
// when none is open.
func (t *traceStore) DropOldest() bool {
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
	t.byTok[t.tokens[0]].account.Release()
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
	o, err := readTraceCharged(io.LimitReader(f, maxTraceBytes+1), capacity.TraceAccount{B: s.budget, Store: &s.traces})
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
	release, err := s.slots.Acquire(r.Context(), func(int) {})
	if err != nil {
		if r.Context().Err() != nil {
			return // the page went away while its file waited: nobody to tell
		}
		w.WriteHeader(http.StatusServiceUnavailable)
		json.NewEncoder(w).Encode(map[string]string{"error": capacity.RefusalSentence(err)})
		return
	}
	defer release()
	o, err := readTraceCharged(body, capacity.TraceAccount{B: s.budget, Store: &s.traces})
	if err != nil {
		if capacity.IsBudgetFull(err) {
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
	switch {
	case capacity.IsBeyondBudget(err):
		status = http.StatusRequestEntityTooLarge // larger than the server holds at all
	case capacity.IsBudgetFull(err):
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
		return map[string]any{"error": session.Sentence(m.Text), "key": m.Key, "args": m.Args}
	}
	answer := map[string]any{"error": session.Sentence(trimTracer(err.Error()))}
	if m, ok := msg.Keyed(err); ok {
		answer["key"], answer["args"] = m.Key, session.ClipArgs(m.Args)
	}
	return answer
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
func readTrace(r io.Reader) (*openedTrace, error) {
	return readTraceCharged(r, capacity.TraceAccount{})
}

// readTraceCharged reads and completes a trace (session.ReadTrace), charging
// acct as it goes.
func readTraceCharged(r io.Reader, acct capacity.TraceAccount) (*openedTrace, error) {
	o := &openedTrace{account: acct}
	t, err := session.ReadTrace(r, &o.account)
	if err != nil {
		o.account.Release()
		return nil, err
	}
	o.started, o.rec, o.done = t.Started, t.Rec, t.Done
	return o, nil
}

// open streams an opened trace to this connection as if it were a search that
// has just finished: started, every event, done.
func (c *conn) open(cmd session.Command) {
	o := c.srv.traces.get(cmd.Trace)
	if o == nil {
		c.queue(session.Said(cmd.ID, "", msg.New("go-server.traceGone", "That trace is no longer open on the server; open the file again.")))
		return
	}
	c.mu.Lock()
	old := c.cur
	c.mu.Unlock()
	if old != nil {
		old.cancel()
		<-old.returned
	}
	done := o.done
	done.ID = cmd.ID
	r := &run{Search: session.Finished(cmd.ID, o.rec, &done), started: o.started, returned: make(chan struct{}),
		cancel: func() {}, wake: c.wake}
	r.started.ID = cmd.ID
	close(r.returned)
	c.mu.Lock()
	c.cur = r
	c.mu.Unlock()
	c.ring()
}

package session

import (
	"math"
	"time"

	"github.com/pvscope/pvscope/tracer"
	"github.com/pvscope/pvscope/tracer/msg"
)

// The pieces every transport makes a search's frames with, declared once:
// the server's websocket (server/conn.go over a Search, search.go), a room's
// followers (server/rooms/roomrelay.go) and the static site's worker
// (Session, server/worker) call these and only move the bytes.

// How a search's frames are paced, on every transport: events in batches of
// at most MaxBatch, at most one batch per FrameGap (the first node at once),
// a status frame every StatusEvery while a search runs.
//
// A transport with no reader to pace against (the worker: its frames go to
// postMessage, Session) paces by the search's own events instead, so that
// its frames are the same however busy the machine: an events frame every
// FrameEvents events, a status frame (and a yield) every StatusEvents.
const (
	MaxBatch    = 8192
	FrameGap    = 16 * time.Millisecond // one events frame per display frame at most
	StatusEvery = 250 * time.Millisecond

	FrameEvents  = 1024
	StatusEvents = MaxBatch
)

// Progress is what a search has said so far, counted from its events.
type Progress struct {
	Events int
	Nodes  int64 // enter events
	Depth  int   // the iteration under way
}

// Count counts one event.
func (p *Progress) Count(e tracer.Event) {
	p.Events++
	switch e.Kind {
	case tracer.Enter:
		p.Nodes++
	case tracer.IterationStart:
		p.Depth = int(e.Depth)
	}
}

// Status is the status frame of search id, begun elapsed ago.
func (p Progress) Status(id int64, elapsed time.Duration) Status {
	s := Status{Type: "status", ID: id, Nodes: p.Nodes, Events: p.Events, Depth: p.Depth, ElapsedMs: elapsed.Milliseconds()}
	if sec := elapsed.Seconds(); sec > 0 {
		s.NPS = math.Round(float64(p.Nodes) / sec)
	}
	return s
}

// ChargeFor is what a recording of n events is charged now: every
// ChargeEvery events, the memory of ChargeEvery events; else 0.
func ChargeFor(n int) int64 {
	if n%ChargeEvery != 0 {
		return 0
	}
	return ChargeEvery * EventBytes
}

// StoppedMemory says a search stopped after n events because the memory
// budget of max bytes was full.
func StoppedMemory(max int64, n int) *msg.Error {
	return msg.New("go-server.stoppedMemory", "the server's memory budget (-max-memory, {memory}) is full: the search stopped after {n} events", "memory", MB(max), "n", n)
}

// StoppedPageMemory is StoppedMemory in the static site's worker, where a
// search has its share (max bytes) of the page's memory and no server.
func StoppedPageMemory(max int64, n int) *msg.Error {
	return msg.New("go-server.stoppedMemoryPage", "the page's memory for one search ({memory}) is full: the search stopped after {n} events", "memory", MB(max), "n", n)
}

// Pace says when waiting events go out: a frame at most every FrameGap, or
// at once when a whole batch waits.
type Pace struct {
	last time.Time // the last events frame
}

// Wait is how long events that came at now wait before their frame is due
// (0: due now), with waiting events not yet sent.
func (p *Pace) Wait(now time.Time, waiting int) time.Duration {
	if waiting >= MaxBatch {
		return 0
	}
	return max(FrameGap-now.Sub(p.last), 0)
}

// Sent notes that an events frame went out at now.
func (p *Pace) Sent(now time.Time) { p.last = now }

// Source is a search's events as it records them.
type Source interface {
	// Read copies events [from, from+len(buf)) out, as many as there are,
	// and says whether the search has ended and every event has been read.
	Read(from int, buf []tracer.Event) (n int, last bool)
}

// Cursor is one reader's place in one search's events, with the move table
// its frames have told it so far: the events frames one page is sent.
type Cursor struct {
	ID   int64
	Sent int // events sent
	enc  *BatchEncoder
}

// NewCursor starts reading search id's events from the first.
func NewCursor(id int64) *Cursor { return &Cursor{ID: id, enc: NewBatchEncoder()} }

// Frame encodes the next events, batch, as one frame. The frame's bytes
// are the cursor's until the next call (Lend).
func (c *Cursor) Frame(batch []tracer.Event) []byte {
	b := c.enc.Encode(c.ID, c.Sent, batch)
	c.Sent += len(batch)
	return b
}

// Next reads the events src has past the cursor into buf and encodes them
// as a frame (nil when there are none): n events, and whether they were the
// last. Fewer than len(buf) events means the reader has caught up.
func (c *Cursor) Next(src Source, buf []tracer.Event) (frame []byte, n int, last bool) {
	n, last = src.Read(c.Sent, buf)
	if n > 0 {
		frame = c.Frame(buf[:n])
	}
	return frame, n, last
}

// Lend lets the cursor write its frames into b (a pooled buffer), and Keep
// takes the buffer back.
func (c *Cursor) Lend(b []byte) { c.enc.Buf = b }

// Keep takes back the buffer Lend gave, emptied.
func (c *Cursor) Keep() []byte {
	b := c.enc.Buf[:0]
	c.enc.Buf = nil
	return b
}

package server

// Over 400 lines because the read pump and the write pump share one connection's state; splitting
// the write pump's select waits for the one frame producer (issue 40, item 1), which reworks it.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/pvscope/pvscope/server/capacity"
	"github.com/pvscope/pvscope/server/rooms"
	"log"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gorilla/websocket"
	"github.com/pvscope/pvscope/server/session"
	"github.com/pvscope/pvscope/tracer"

	"github.com/pvscope/pvscope/tracer/msg"
)

// conn is one page's websocket. Gorilla allows one reader and one writer at a
// time, so readPump alone reads and writePump alone writes; they talk through
// the send queue (control frames) and the current run (event frames).
type conn struct {
	srv    *Server
	ws     *websocket.Conn
	ctx    context.Context // cancelled when the connection ends
	cancel context.CancelFunc
	send   chan []byte   // control frames; bounded: a page that stops reading is dropped
	wake   chan struct{} // rung when the current run has something new

	mu     sync.Mutex
	cur    *run     // the search being streamed, nil before the first start
	last   *attempt // the newest start, waiting or searching
	reason string   // why the server closes the connection, for the close frame
	closed bool     // the write pump has ended

	// placedBy's place in line (and expected wait) is the newest the page
	// has not been told; the write pump sends it at most every session.StatusEvery
	// (placeBell rings), so a line of 500 moving at once does not send each
	// page 500 frames. nil when there is none to send.
	placedBy     *attempt
	place        int
	placeWait    time.Duration
	placeAtLeast bool
	placeBell    chan struct{}

	rooms *rooms.PageRooms     // what the page has done in rooms, for their rate limits (server/rooms); read pump only
	errs  errorQueue           // errors wait here, coalesced, not in send: a burst never drops the page
	stuck *capacity.StuckWatch // the write pump's: a page that stops reading gives up its slot

	// delivered is the newest run whose done frame this page has been sent; a
	// room holds a search back from its followers until the presenter has it.
	delivered atomic.Pointer[run]
}

func (s *Server) serveWS(w http.ResponseWriter, r *http.Request) {
	if !s.admit(w) {
		return
	}
	ws, err := s.upgrader.Upgrade(w, r, nil)
	if err != nil {
		s.open.Add(-1)
		return // the upgrader has answered with an HTTP error
	}
	c := newConn(s, ws)
	s.track(1)
	c.queue(newHello(s.limits))
	go c.writePump()
	c.readPump()
}

func newConn(s *Server, ws *websocket.Conn) *conn {
	ctx, cancel := context.WithCancel(s.ctx)
	return &conn{srv: s, ws: ws, ctx: ctx, cancel: cancel,
		send: make(chan []byte, sendQueue), wake: make(chan struct{}, 1), placeBell: make(chan struct{}, 1), errs: newErrorQueue()}
}

// queue puts a control frame on the send queue; a full queue means the page
// has stopped reading, and the connection is closed rather than let it grow.
// Errors go to their own queue, where a burst of them becomes one frame.
func (c *conn) queue(v any) {
	if f, ok := v.(session.Error); ok {
		c.errs.add(f)
		return
	}
	b, err := json.Marshal(v)
	if err != nil {
		log.Printf("pvscope: encoding %T: %v", v, err)
		return
	}
	select {
	case c.send <- b:
	default:
		c.drop(fmt.Sprintf("the page stopped reading: %d frames waited", sendQueue))
	}
}

// drop closes the connection, saying why in the close frame.
func (c *conn) drop(reason string) {
	c.mu.Lock()
	if c.reason == "" {
		c.reason = reason
	}
	c.mu.Unlock()
	c.cancel()
}

func (c *conn) readPump() {
	defer func() {
		c.cancel() // a closed tab cancels its search: the run's context is a child of c.ctx
		c.ws.Close()
	}()
	c.ws.SetReadLimit(c.srv.limits.MaxMessageBytes)
	c.ws.SetReadDeadline(time.Now().Add(pongWait))
	c.ws.SetPongHandler(func(string) error { return c.ws.SetReadDeadline(time.Now().Add(pongWait)) })
	for {
		kind, raw, err := c.ws.ReadMessage()
		if err != nil {
			if errors.Is(err, websocket.ErrReadLimit) {
				// Gorilla has already sent close 1009 (message too big).
				log.Printf("pvscope: a client sent more than %d bytes in one message", c.srv.limits.MaxMessageBytes)
			}
			return
		}
		if kind != websocket.TextMessage {
			c.refuseBinary()
			continue
		}
		c.handle(raw)
	}
}

func (c *conn) handle(raw []byte) {
	var cmd session.Command
	if err := json.Unmarshal(raw, &cmd); err != nil {
		c.refuseCommand(0, "", err)
		return
	}
	if c.srv.rooms.Handle(c, cmd.Type, raw) { // rooms: server/rooms
		return
	}
	switch cmd.Type {
	case "start":
		c.start(cmd)
	case "open":
		c.open(cmd)
	case "stop":
		c.stop()
	case "why":
		c.why(raw, cmd.ID)
	case "":
		c.refuseCommand(cmd.ID, "", nil)
	default:
		c.refuseCommand(cmd.ID, cmd.Type, nil)
	}
}

// refuseBinary answers a binary message. Not inlined: the read pump's stack,
// which every page holds, stays small (TestWaitingSearchesAreCheap).
//
//go:noinline
func (c *conn) refuseBinary() {
	c.queue(session.Said(0, "", msg.New("go-server.sendText", "Send commands as JSON text messages.")))
}

// refuseCommand answers a message that is not JSON (err), has no type, or an
// unknown one. Not inlined into handle, for the same reason as refuseBinary.
//
//go:noinline
func (c *conn) refuseCommand(id int64, typ string, err error) {
	c.queue(session.Refusal(id, typ, err))
}

func (c *conn) ring() {
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

// writePump is the connection's only writer. It sends control frames as they
// come and streams the current run: started, events in batches, status, done.
func (c *conn) writePump() {
	ping := time.NewTicker(pingPeriod)
	status := time.NewTicker(session.StatusEvery)
	stuck := newStuckWatch(c)
	c.stuck = stuck
	defer func() {
		ping.Stop()
		status.Stop()
		stuck.End()
		c.cancel()
		c.ws.Close()
		c.mu.Lock()
		r := c.cur
		c.closed = true
		c.mu.Unlock()
		c.srv.budget.Forget(r.account()) // its recording goes with the page
		c.srv.track(-1)
	}()
	st := streamState{}
	var placeSent time.Time
	// Events go out at the session's pace (session.Pace: at most once per
	// FrameGap, the first at once), so a fast search arrives as a few large
	// frames rather than a flood of small ones.
	var flush <-chan time.Time
	var pace session.Pace
	for {
		select {
		case <-c.ctx.Done():
			c.mu.Lock()
			reason := c.reason
			c.mu.Unlock()
			c.ws.WriteControl(websocket.CloseMessage,
				websocket.FormatCloseMessage(websocket.CloseGoingAway, reason), time.Now().Add(time.Second))
			return
		case b := <-c.send:
			if !c.write(b) {
				return
			}
			continue
		case <-c.errs.bell:
			if !c.writeErrors() {
				return
			}
			continue
		case <-c.placeBell:
			if time.Since(placeSent) >= session.StatusEvery && !c.writePlace(&placeSent) {
				return
			}
			continue // else the status tick sends it
		case <-ping.C:
			c.ws.SetWriteDeadline(time.Now().Add(c.srv.limits.WriteWait))
			if err := c.ws.WriteMessage(websocket.PingMessage, nil); err != nil {
				return
			}
			continue
		case <-status.C:
			if !c.writePlace(&placeSent) {
				return
			}
			if r := st.run; r != nil && !st.doneSent && r.Done() == nil {
				b, _ := json.Marshal(r.Status())
				if !c.write(b) {
					return
				}
			}
			continue
		case <-c.wake:
			if flush != nil {
				continue // a flush is already due
			}
			if wait := pace.Wait(time.Now(), 0); wait > 0 {
				flush = time.After(wait)
				continue
			}
		case <-flush:
		}
		flush = nil
		pace.Sent(time.Now())
		if !c.stream(&st) {
			return
		}
	}
}

// streamState is how far the write pump has sent the current run.
type streamState struct {
	run      *run
	cur      *session.Cursor // the events sent, and the moves told
	doneSent bool
}

// Batches are read into buffers borrowed while a frame is written, so a
// connection with nothing to send holds none (an event buffer is 704 KB).
var (
	eventBufs = sync.Pool{New: func() any { b := make([]tracer.Event, session.MaxBatch); return &b }}
	frameBufs = sync.Pool{New: func() any { return new([]byte) }}
)

// stream sends what the current run has that the page has not seen yet.
// Control frames waiting in the queue go first, between batches, so an error
// is never stuck behind a million events.
func (c *conn) stream(st *streamState) bool {
	c.mu.Lock()
	r := c.cur
	c.mu.Unlock()
	if r == nil {
		return true
	}
	if r != st.run {
		// Errors for messages the page sent before this start were queued
		// before the run was; they go first, so "started" follows them.
		if !c.writeErrors() {
			return false
		}
		*st = streamState{run: r, cur: session.NewCursor(r.ID())}
		b, _ := json.Marshal(r.started)
		if !c.write(b) {
			return false
		}
		for _, n := range r.notices {
			b, _ := json.Marshal(n)
			if !c.write(b) {
				return false
			}
		}
	}
	if st.doneSent {
		return true
	}
	bp, fp := eventBufs.Get().(*[]tracer.Event), frameBufs.Get().(*[]byte)
	buf, cur := *bp, st.cur
	cur.Lend(*fp)
	defer func() {
		clear(buf) // drop the moves' and PVs' strings
		*fp = cur.Keep()
		eventBufs.Put(bp)
		frameBufs.Put(fp)
	}()
	for !st.doneSent {
		select {
		case b := <-c.send:
			if !c.write(b) {
				return false
			}
		case <-c.errs.bell:
			if !c.writeErrors() {
				return false
			}
		default:
		}
		frame, n, last := cur.Next(r, buf)
		if frame != nil && !c.write(frame) {
			return false
		}
		if last {
			b, _ := json.Marshal(r.Done())
			st.doneSent = true
			st.cur = nil                   // its move table is needed no more
			c.srv.budget.Idle(r.account()) // the page has it all: the recording may be let go
			ok := c.write(b)
			c.delivered.Store(r)
			return ok
		}
		if n < len(buf) {
			return true // caught up; the run rings again when it has more
		}
	}
	return true
}

func (c *conn) write(b []byte) bool {
	c.ws.SetWriteDeadline(time.Now().Add(c.srv.limits.WriteWait))
	c.stuck.Begin()
	err := c.ws.WriteMessage(websocket.TextMessage, b)
	c.stuck.End()
	return err == nil
}

// tellPlace keeps a's place in line (1 first) and expected wait for the
// write pump, which writes the frame: called for every page in line each
// time the line moves, it only stores them.
func (c *conn) tellPlace(a *attempt, place int, wait time.Duration, atLeast bool) {
	c.mu.Lock()
	c.placedBy, c.place, c.placeWait, c.placeAtLeast = a, place, wait, atLeast
	c.mu.Unlock()
	select {
	case c.placeBell <- struct{}{}:
	default:
	}
}

// forgetPlace drops a place of a's not yet sent: a has left the line. Under c.mu.
func (c *conn) forgetPlace(a *attempt) {
	if c.placedBy == a {
		c.placedBy = nil
	}
}

// writePlace sends the page's newest place in line, if it has one not sent.
func (c *conn) writePlace(sent *time.Time) bool {
	c.mu.Lock()
	a, place, wait, atLeast := c.placedBy, c.place, c.placeWait, c.placeAtLeast
	c.placedBy = nil
	c.mu.Unlock()
	if a == nil {
		return true
	}
	*sent = time.Now()
	m := queuedSaid(place, c.srv.limits.MaxSearches, wait, atLeast)
	f := queuedFrame{Type: "queued", ID: a.id, Position: place, WaitMs: wait.Milliseconds(), WaitAtLeast: atLeast, Message: m.Text}
	f.Key, f.Args = session.KeyOf(m)
	b, _ := json.Marshal(f)
	return c.write(b)
}

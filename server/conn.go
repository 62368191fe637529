package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"net/http"
	"sync"
	"time"

	"github.com/gorilla/websocket"
	"github.com/pvscope/pvscope/tracer"
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

	mu  sync.Mutex
	cur *run // the search being streamed, nil before the first start
}

func (s *Server) serveWS(w http.ResponseWriter, r *http.Request) {
	ws, err := s.upgrader.Upgrade(w, r, nil)
	if err != nil {
		return // the upgrader has answered with an HTTP error
	}
	ctx, cancel := context.WithCancel(s.ctx)
	c := &conn{srv: s, ws: ws, ctx: ctx, cancel: cancel,
		send: make(chan []byte, sendQueue), wake: make(chan struct{}, 1)}
	s.track(1)
	c.queue(newHello(s.limits))
	go c.writePump()
	c.readPump()
}

// queue puts a control frame on the send queue; a full queue means the page
// has stopped reading, and the connection is closed rather than let it grow.
func (c *conn) queue(v any) {
	b, err := json.Marshal(v)
	if err != nil {
		log.Printf("pvscope: encoding %T: %v", v, err)
		return
	}
	select {
	case c.send <- b:
	default:
		c.cancel()
	}
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
		kind, msg, err := c.ws.ReadMessage()
		if err != nil {
			if errors.Is(err, websocket.ErrReadLimit) {
				// Gorilla has already sent close 1009 (message too big).
				log.Printf("pvscope: a client sent more than %d bytes in one message", c.srv.limits.MaxMessageBytes)
			}
			return
		}
		if kind != websocket.TextMessage {
			c.queue(errorFrame{Type: "error", Message: "Send commands as JSON text messages."})
			continue
		}
		c.handle(msg)
	}
}

func (c *conn) handle(msg []byte) {
	var cmd command
	if err := json.Unmarshal(msg, &cmd); err != nil {
		c.queue(errorFrame{Type: "error", Message: sentence("the message is not a JSON command: " + err.Error())})
		return
	}
	if c.srv.rooms.handle(c, cmd.Type, msg) { // rooms: hub.go
		return
	}
	switch cmd.Type {
	case "start":
		c.start(cmd)
	case "stop":
		c.mu.Lock()
		if c.cur != nil {
			c.cur.cancel()
		}
		c.mu.Unlock()
	case "":
		c.queue(errorFrame{Type: "error", ID: cmd.ID, Message: `The message has no "type"; known commands are start and stop.`})
	default:
		c.queue(errorFrame{Type: "error", ID: cmd.ID,
			Message: fmt.Sprintf("Unknown command %q; known commands are start and stop (playback happens in the page).", cmd.Type)})
	}
}

func (c *conn) start(cmd command) {
	r, err := prepare(cmd, c.srv.limits)
	if err != nil {
		var fe *fieldError
		field := ""
		if errors.As(err, &fe) {
			field = fe.field
		}
		c.queue(errorFrame{Type: "error", ID: cmd.ID, Field: field, Message: sentence(err.Error())})
		return
	}
	c.mu.Lock()
	old := c.cur
	c.mu.Unlock()
	if old != nil {
		// Starting again replaces the search being shown. Wait for it to give
		// its slot back (it stops within 1024 nodes), or a page restarting at
		// the limit would be refused by its own search.
		old.cancel()
		<-old.returned
	}
	release, ok := c.srv.acquire()
	if !ok {
		c.queue(errorFrame{Type: "error", ID: cmd.ID,
			Message: fmt.Sprintf("The server is already running %d searches; try again when one has finished.", c.srv.limits.MaxSearches)})
		return
	}
	ctx, cancel := context.WithCancel(c.ctx)
	r.cancel, r.wake, r.begun = cancel, c.wake, time.Now()
	c.mu.Lock()
	c.cur = r
	c.mu.Unlock()
	c.ring()
	go r.search(ctx, func() { cancel(); release(); c.srv.finished.Add(1) })
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
	status := time.NewTicker(statusEvery)
	defer func() {
		ping.Stop()
		status.Stop()
		c.cancel()
		c.ws.Close()
		c.srv.track(-1)
	}()
	st := streamState{enc: newBatchEncoder(), buf: make([]tracer.Event, maxBatch)}
	// Events go out at most once per frameGap (the first at once), so a fast
	// search arrives as a few large frames rather than a flood of small ones.
	var flush <-chan time.Time
	var lastFrame time.Time
	for {
		select {
		case <-c.ctx.Done():
			c.ws.WriteControl(websocket.CloseMessage,
				websocket.FormatCloseMessage(websocket.CloseGoingAway, ""), time.Now().Add(time.Second))
			return
		case b := <-c.send:
			if !c.write(b) {
				return
			}
			continue
		case <-ping.C:
			c.ws.SetWriteDeadline(time.Now().Add(c.srv.limits.WriteWait))
			if err := c.ws.WriteMessage(websocket.PingMessage, nil); err != nil {
				return
			}
			continue
		case <-status.C:
			if r := st.run; r != nil && !st.doneSent && r.done() == nil {
				b, _ := json.Marshal(r.status())
				if !c.write(b) {
					return
				}
			}
			continue
		case <-c.wake:
			if flush != nil {
				continue // a flush is already due
			}
			if wait := frameGap - time.Since(lastFrame); wait > 0 {
				flush = time.After(wait)
				continue
			}
		case <-flush:
		}
		flush = nil
		lastFrame = time.Now()
		if !c.stream(&st) {
			return
		}
	}
}

// streamState is how far the write pump has sent the current run.
type streamState struct {
	run      *run
	sent     int // events sent
	doneSent bool
	enc      *batchEncoder
	buf      []tracer.Event
}

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
		*st = streamState{run: r, enc: newBatchEncoder(), buf: st.buf}
		b, _ := json.Marshal(r.started)
		if !c.write(b) {
			return false
		}
	}
	for !st.doneSent {
		select {
		case b := <-c.send:
			if !c.write(b) {
				return false
			}
		default:
		}
		n, last := r.read(st.sent, st.buf)
		if n > 0 {
			if !c.write(st.enc.encode(r.id, st.sent, st.buf[:n])) {
				return false
			}
			st.sent += n
		}
		if last {
			b, _ := json.Marshal(r.done())
			st.doneSent = true
			return c.write(b)
		}
		if n < len(st.buf) {
			return true // caught up; the run rings again when it has more
		}
	}
	return true
}

func (c *conn) write(b []byte) bool {
	c.ws.SetWriteDeadline(time.Now().Add(c.srv.limits.WriteWait))
	return c.ws.WriteMessage(websocket.TextMessage, b) == nil
}

// sentence makes an error message read as a sentence: capital first, full stop last.
func sentence(s string) string {
	if s == "" {
		return s
	}
	if s[0] >= 'a' && s[0] <= 'z' {
		s = string(s[0]-'a'+'A') + s[1:]
	}
	if last := s[len(s)-1]; last != '.' && last != '?' && last != '!' {
		s += "."
	}
	return s
}

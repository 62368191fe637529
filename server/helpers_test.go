package server

import (
	"context"
	"encoding/json"
	"github.com/pvscope/pvscope/server/capacity"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/pvscope/pvscope/tracer"
)

// testServer serves a Server on a loopback port for the length of a test.
func testServer(t testing.TB, lim Limits) (*Server, *httptest.Server) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	s := New(ctx, lim)
	hs := httptest.NewServer(s)
	t.Cleanup(func() {
		cancel()
		hs.Close()
	})
	return s, hs
}

// client is a test page: it dials /ws and reads frames.
type client struct {
	t     *testing.T
	ws    *websocket.Conn
	hello map[string]any
}

func dial(t *testing.T, hs *httptest.Server) *client {
	t.Helper()
	url := "ws" + strings.TrimPrefix(hs.URL, "http") + "/ws"
	ws, _, err := websocket.DefaultDialer.Dial(url, nil)
	if err != nil {
		t.Fatalf("dial %s: %v", url, err)
	}
	t.Cleanup(func() { ws.Close() })
	c := &client{t: t, ws: ws}
	c.hello = c.expect("hello")
	return c
}

func (c *client) send(v any) {
	c.t.Helper()
	var b []byte
	switch v := v.(type) {
	case string:
		b = []byte(v)
	default:
		var err error
		if b, err = json.Marshal(v); err != nil {
			c.t.Fatal(err)
		}
	}
	if err := c.ws.WriteMessage(websocket.TextMessage, b); err != nil {
		c.t.Fatalf("write: %v", err)
	}
}

// next reads one frame as a generic object. A read that takes more than a
// minute means the server hangs: fail rather than wait for the test timeout.
func (c *client) next() (map[string]any, []byte) {
	c.t.Helper()
	c.ws.SetReadDeadline(time.Now().Add(time.Minute))
	_, b, err := c.ws.ReadMessage()
	if err != nil {
		c.t.Fatalf("read: %v", err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		c.t.Fatalf("frame is not JSON: %v: %.200s", err, b)
	}
	return m, b
}

// expect reads frames until one of type typ, skipping status frames only.
func (c *client) expect(typ string) map[string]any {
	c.t.Helper()
	for {
		m, b := c.next()
		if m["type"] == typ {
			return m
		}
		if m["type"] != "status" {
			c.t.Fatalf("want a %s frame, got %.300s", typ, b)
		}
	}
}

// stream is what a client received for one search.
type stream struct {
	started map[string]any
	events  []tracer.Event
	frames  int // events frames
	done    map[string]any
}

// eventsFrame is the wire form of a batch (docs/protocol.md).
type eventsFrame struct {
	ID                                            int64
	From, Count                                   int
	Moves                                         []string
	Kind, Node, Parent, Ref, Alpha, Beta, Score   []int64
	Ply, Depth, Index, Expect, Actual, Bound, End []int64
	Move                                          []int32
	PV                                            [][2]json.RawMessage
	Lines                                         []int
	Cuts                                          [][3]int // [index, method, reason]
}

// collect reads one search's frames, from started to done, decoding the
// events back into tracer.Events with the name tables of the protocol.
func (c *client) collect() stream {
	c.t.Helper()
	return c.collectAfter(c.expect("started"))
}

// collectAfter is collect for a search whose started frame has been read.
func (c *client) collectAfter(started map[string]any) stream {
	c.t.Helper()
	s := stream{started: started}
	moves := []string{""}
	lines := [][2]int{{}} // line id -> (move id, tail line id); 0 the empty line (protocol 3)
	for {
		m, b := c.next()
		switch m["type"] {
		case "status":
			continue
		case "done":
			s.done = m
			return s
		case "events":
		default:
			c.t.Fatalf("unexpected frame in a stream: %.300s", b)
		}
		var f eventsFrame
		if err := json.Unmarshal(b, &f); err != nil {
			c.t.Fatal(err)
		}
		if f.From != len(s.events) {
			c.t.Fatalf("batch starts at %d, but %d events came before it", f.From, len(s.events))
		}
		s.frames++
		moves = append(moves, f.Moves...)
		for i := 0; i < f.Count; i++ {
			s.events = append(s.events, tracer.Event{
				Seq: int64(f.From + i + 1), Kind: tracer.Kind(f.Kind[i]), Node: int32(f.Node[i]),
				Parent: int32(f.Parent[i]), Ref: int32(f.Ref[i]), Alpha: int32(f.Alpha[i]), Beta: int32(f.Beta[i]),
				Score: int32(f.Score[i]), Ply: int32(f.Ply[i]), Depth: int16(f.Depth[i]), Index: int16(f.Index[i]),
				Expect: tracer.NodeType(f.Expect[i]), Actual: tracer.NodeType(f.Actual[i]),
				Bound: tracer.Bound(f.Bound[i]), End: tracer.End(f.End[i]), Move: moves[f.Move[i]],
			})
		}
		for i := 0; i+1 < len(f.Lines); i += 2 {
			if f.Lines[i+1] < 0 || f.Lines[i+1] >= len(lines) {
				c.t.Fatalf("line %d's tail %d was not sent before it", len(lines), f.Lines[i+1])
			}
			lines = append(lines, [2]int{f.Lines[i], f.Lines[i+1]})
		}
		for _, pv := range f.PV {
			var at, id int
			json.Unmarshal(pv[0], &at)
			json.Unmarshal(pv[1], &id)
			line := []string{}
			for ; id > 0; id = lines[id][1] {
				line = append(line, moves[lines[id][0]])
			}
			s.events[f.From+at].PV = line
		}
		for _, c := range f.Cuts {
			s.events[f.From+c[0]].Method = tracer.Method(c[1])
			s.events[f.From+c[0]].Reason = tracer.Reason(c[2])
		}
	}
}

// goroutines counts the goroutines but the search workers, which live as long as the process
// (searchthreads.go): a test's first search may start one.
func goroutines() int { return runtime.NumGoroutine() - int(capacity.SearchWorkers.Load()) }

// settle waits until the server has no connection and no search left and the
// goroutine count (goroutines) is back to base: the evidence that nothing
// leaked. A minute without that is a leak.
func settle(t *testing.T, s *Server, base int) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		n := goroutines()
		if s.Connections() == 0 && s.Searches() == 0 && n <= base {
			return
		}
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<16)
			t.Fatalf("after a minute: %d connections, %d searches, %d goroutines (base %d)\n%s",
				s.Connections(), s.Searches(), n, base, buf[:runtime.Stack(buf, true)])
		}
		time.Sleep(10 * time.Millisecond)
	}
}

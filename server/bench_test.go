package server

import (
	"context"
	"github.com/pvscope/pvscope/server/capacity"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gorilla/websocket"
	"github.com/pvscope/pvscope/server/session"
)

// recordedRun searches Kiwipete at depth 4 into a finished run (about 60k events).
func recordedRun(b *testing.B) *run {
	b.Helper()
	lim := DefaultLimits()
	p, err := session.Check(session.Command{Type: "start", Setup: session.SetupFields{FEN: kiwipete},
		Options: map[string]string{"depth": "4"}}, lim.sessionLimits())
	if err != nil {
		b.Fatal(err)
	}
	r, err := build(p, capacity.NewBudget(1<<30), &lim)
	if err != nil {
		b.Fatal(err)
	}
	r.wake, r.cancel = make(chan struct{}, 1), func() {}
	r.search(context.Background(), func() {})
	return r
}

// BenchmarkStreamLoopback measures what the write pump encodes and sends to a
// page on loopback, from a finished recording, so the search's own speed is
// out of the figure. The client reads the frames without decoding them.
func BenchmarkStreamLoopback(b *testing.B) {
	r := recordedRun(b)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s := New(ctx, DefaultLimits())
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		ws, err := s.upgrader.Upgrade(w, req, nil)
		if err != nil {
			return
		}
		c := newConn(s, ws)
		c.cur = r
		s.track(1)
		c.ring()
		go c.writePump()
		c.readPump()
	}))
	defer hs.Close()
	url := "ws" + strings.TrimPrefix(hs.URL, "http") + "/ws"
	events := r.Done().Events
	var bytes int64
	b.ResetTimer()
	for range b.N {
		ws, _, err := websocket.DefaultDialer.Dial(url, nil)
		if err != nil {
			b.Fatal(err)
		}
		for {
			_, msg, err := ws.ReadMessage()
			if err != nil {
				b.Fatal(err)
			}
			bytes += int64(len(msg))
			if strings.HasPrefix(string(msg[:min(len(msg), 20)]), `{"type":"done"`) {
				break
			}
		}
		ws.Close()
	}
	b.StopTimer()
	sec := b.Elapsed().Seconds()
	b.ReportMetric(float64(events)*float64(b.N)/sec, "events/s")
	b.ReportMetric(float64(bytes)/float64(b.N)/float64(events), "bytes/event")
}

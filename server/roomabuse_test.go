package server

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"reflect"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// driveBy is a hostile follower: it joins room code, answers question with
// answer, and closes its connection without leaving. It reports what the
// server said when it refused the join, if it did.
func driveBy(hs *httptest.Server, code, question, answer string) error {
	ws, _, err := websocket.DefaultDialer.Dial(wsURL(hs), nil)
	if err != nil {
		return err
	}
	defer ws.Close()
	ws.SetReadDeadline(time.Now().Add(time.Minute))
	join, _ := json.Marshal(map[string]any{"type": "join-room", "code": code})
	ans, _ := json.Marshal(map[string]any{"type": "answer", "question": question, "answer": answer})
	if err := ws.WriteMessage(websocket.TextMessage, join); err != nil {
		return err
	}
	for {
		_, b, err := ws.ReadMessage()
		if err != nil {
			return err
		}
		var m map[string]any
		json.Unmarshal(b, &m)
		if m["type"] == "error" {
			return fmt.Errorf("join refused: %v", m["message"])
		}
		if m["type"] == "room" {
			break
		}
	}
	// The answer is read before the close: the server counts it, then sees the follower go.
	return ws.WriteMessage(websocket.TextMessage, ans)
}

// driveBys runs n drive-by followers, 16 at a time, and returns the first error.
func driveBys(hs *httptest.Server, n int, code, question string, answer func(i int) string) error {
	var wg sync.WaitGroup
	var mu sync.Mutex
	var first error
	next := make(chan int)
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				if err := driveBy(hs, code, question, answer(i)); err != nil {
					mu.Lock()
					first = cmp0(first, err)
					mu.Unlock()
				}
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	return first
}

func cmp0(a, b error) error {
	if a != nil {
		return a
	}
	return b
}

// pollWatch reads the presenter's frames on its own goroutine (a page
// answers the server's pings only while it reads) and keeps the last poll.
type pollWatch struct {
	mu   sync.Mutex
	last map[string]any
}

func watchPolls(ws *websocket.Conn) *pollWatch {
	w := &pollWatch{}
	go func() {
		for {
			ws.SetReadDeadline(time.Time{})
			_, b, err := ws.ReadMessage()
			if err != nil {
				return
			}
			var m map[string]any
			if json.Unmarshal(b, &m) == nil && m["type"] == "poll" {
				w.mu.Lock()
				w.last = m
				w.mu.Unlock()
			}
		}
	}()
	return w
}

// wait waits for a poll that reads answered, followers and counts as wanted,
// for a minute at most.
func (w *pollWatch) wait(t *testing.T, answered, followers int, counts map[string]any) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		w.mu.Lock()
		m := w.last
		w.mu.Unlock()
		if m != nil && m["answered"] == float64(answered) && m["followers"] == float64(followers) && reflect.DeepEqual(m["counts"], counts) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("last poll %v, want answered %d, followers %d, counts %v", m, answered, followers, counts)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// drain reads and discards a page's frames on its own goroutine.
func drain(ws *websocket.Conn) {
	go func() {
		for {
			ws.SetReadDeadline(time.Time{})
			if _, _, err := ws.ReadMessage(); err != nil {
				return
			}
		}
	}()
}

// heapInuse is the heap in use after two collections.
func heapInuse() uint64 {
	var ms runtime.MemStats
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&ms)
	return ms.HeapInuse
}

// waitConnections waits until the server has n connections open.
func waitConnections(t *testing.T, s *Server, n int) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for s.Connections() != n {
		if time.Now().After(deadline) {
			t.Fatalf("%d connections open, want %d", s.Connections(), n)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// 2,000 followers that join, answer "a" and close leave the poll at the
// followers present: one honest follower's "b".
func TestRoomPollCountsOnlyFollowersPresent(t *testing.T) {
	s, hs := testServer(t, DefaultLimits())
	p, honest := dial(t, hs), dial(t, hs)
	code, _ := present(t, p)
	follow(t, honest, code)
	p.send(`{"type":"question","question":"q1","choices":["a","b"]}`)
	honest.until("question")
	honest.send(`{"type":"answer","question":"q1","answer":"b"}`)
	polls := watchPolls(p.ws)
	drain(honest.ws)
	if err := driveBys(hs, 2000, code, "q1", func(int) string { return "a" }); err != nil {
		t.Fatal(err)
	}
	waitConnections(t, s, 2)
	polls.wait(t, 1, 1, map[string]any{"a": float64(0), "b": float64(1)})
}

// The heap after 20,000 departed answers: the room keeps nothing of them.
func TestRoomHeapAfterDepartedAnswers(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("20,000 connections run in the full pass, without -short and -race")
	}
	lim := DefaultLimits()
	lim.RoomRate = 1_000_000 // 20,000 joins from 127.0.0.1 in a few seconds, where -room-rate would slow them
	s, hs := testServer(t, lim)
	p, honest := dial(t, hs), dial(t, hs)
	code, _ := present(t, p)
	follow(t, honest, code)
	p.send(`{"type":"question","question":"q1","choices":["a","b"]}`)
	honest.until("question")
	drain(p.ws)
	drain(honest.ws)
	waitConnections(t, s, 2)
	before := heapInuse()
	if err := driveBys(hs, 20000, code, "q1", func(int) string { return "a" }); err != nil {
		t.Fatal(err)
	}
	waitConnections(t, s, 2)
	after := heapInuse()
	runtime.KeepAlive(s)
	t.Logf("heap in use: %.1f MB before, %.1f MB after 20,000 departed answers", float64(before)/(1<<20), float64(after)/(1<<20))
	// Before answers left with their followers, each kept its connection:
	// about 8 KB (2.2 MB -> 167 MB). 256 bytes each is room for the
	// collector's noise, not for a connection.
	if grew := int64(after) - int64(before); grew > 20000*256 {
		t.Errorf("the heap grew by %.1f MB after 20,000 departed answers, %d bytes each", float64(grew)/(1<<20), grew/20000)
	}
}

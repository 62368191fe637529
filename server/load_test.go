package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// Tests of the server under load and abuse (issue 11): each found by a load
// test against an earlier server. Everything runs on loopback, in this
// process, so memory is read from runtime.MemStats; counts and sizes are
// bounded; nothing asserts how long anything took.

// heapLive is the heap in use after a collection.
func heapLive() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// heapPeak samples the heap every millisecond until stop is called, which
// returns the highest figure seen.
func heapPeak() (stop func() uint64) {
	done := make(chan struct{})
	var peak uint64
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		var ms runtime.MemStats
		for {
			runtime.ReadMemStats(&ms)
			peak = max(peak, ms.HeapAlloc)
			select {
			case <-done:
				return
			case <-time.After(time.Millisecond):
			}
		}
	}()
	return func() uint64 { close(done); wg.Wait(); return peak }
}

// readUntilEnd reads one search's frames without decoding the events, and
// returns the last frame: done, or an error.
func readUntilEnd(t *testing.T, ws *websocket.Conn) map[string]any {
	ws.SetReadDeadline(time.Now().Add(2 * time.Minute))
	for {
		_, b, err := ws.ReadMessage()
		if err != nil {
			t.Errorf("read: %v", err)
			return nil
		}
		if bytes.HasPrefix(b, []byte(`{"type":"events"`)) {
			continue
		}
		var m map[string]any
		json.Unmarshal(b, &m)
		if m["type"] == "done" || m["type"] == "error" {
			return m
		}
	}
}

// An open tab that does nothing costs little: no event buffer (704 KB) and no
// write buffer (64 KB) is held by a connection until it has frames to send.
func TestIdleConnectionsAreCheap(t *testing.T) {
	_, hs := testServer(t, DefaultLimits())
	const n = 200
	before := heapLive()
	var open []*client
	for range n {
		open = append(open, dial(t, hs)) // each has had its hello
	}
	per := (int64(heapLive()) - int64(before)) / n
	// Both ends are in this process: the test's client side is counted too.
	if per > 64<<10 {
		t.Fatalf("%d idle connections hold %d KB each (server and client), want under 64 KB", n, per>>10)
	}
	t.Logf("an idle connection: %.1f KB of heap (server and client sides)", float64(per)/1024)
	runtime.KeepAlive(open)
}

// Thirty pages ask for the largest random trees the server allows, at once.
// Only the searches holding a slot build their tree, each charged to the
// memory budget first, and the heap stays within the budget (plus what the
// connections, their frames and the test's own clients need).
func TestHugeRandomTreesStayUnderTheBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("thirty clients and million-node trees: runs in the full pass")
	}
	lim := DefaultLimits()
	lim.MaxMemory = 512 << 20 // a search's share, 128 MB, builds the largest tree
	s, hs := testServer(t, lim)
	// Collect eagerly, so the heap figure is what is live, not garbage not yet swept.
	defer debug.SetGCPercent(debug.SetGCPercent(10))
	base := heapLive()
	const clients = 30
	var socks []*websocket.Conn
	url := "ws" + strings.TrimPrefix(hs.URL, "http") + "/ws"
	for range clients {
		ws, _, err := websocket.DefaultDialer.Dial(url, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer ws.Close()
		ws.ReadMessage() // hello
		socks = append(socks, ws)
	}
	peak := heapPeak()
	var wg sync.WaitGroup
	results := make([]map[string]any, clients)
	for i, ws := range socks {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// b=31,d=4: 954,305 nodes, just under the node limit; best-first
			// ordering keeps the search (and its recording) small, so the
			// trees are what weighs.
			ws.WriteJSON(map[string]any{"type": "start", "id": i + 1,
				"setup": map[string]string{"random": fmt.Sprintf("b=31,d=4,seed=%d,order=best", i+1)}})
			results[i] = readUntilEnd(t, ws)
		}()
	}
	wg.Wait()
	high := peak()
	done, refused := 0, map[string]int{}
	for _, m := range results {
		switch {
		case m == nil:
		case m["type"] == "done":
			done++
		default:
			refused[m["message"].(string)]++
		}
	}
	grew := int64(high) - int64(base)
	t.Logf("30 clients asking for 954k-node trees: %d searched, refused %v; heap peak %d MB over a base of %d MB (budget %d MB)",
		done, refused, grew>>20, base>>20, lim.MaxMemory>>20)
	// The line is as long as the wait allows (issue 21): the first searches
	// of a fresh server all wait their turn, or are told their wait.
	toldWait := 0
	for msg, n := range refused {
		if waitSentence.MatchString(msg) {
			toldWait += n
		}
	}
	if done < lim.MaxSearches || done+toldWait != clients {
		t.Errorf("%d of %d searches ran, %d were refused with their wait; want every other one to run", done, clients, toldWait)
	}
	// 32 MB beyond the budget for what it does not cover: 30 connections,
	// frames in flight, the clients.
	if grew > lim.MaxMemory+32<<20 {
		t.Errorf("the heap grew by %d MB, past the %d MB budget", grew>>20, lim.MaxMemory>>20)
	}
	// Once the pages close, the budget has everything back.
	for _, ws := range socks {
		ws.Close()
	}
	deadline := time.Now().Add(time.Minute)
	for s.MemoryUsed() != 0 {
		if time.Now().After(deadline) {
			t.Fatalf("%d bytes still charged a minute after every page closed", s.MemoryUsed())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// A page that stops reading gives up its search slot once a frame has waited
// StuckWait: the next page in line gets it, while the stuck page keeps its
// connection (until WriteWait) and, reading again, learns why its search stopped.
func TestStuckPageGivesUpItsSlot(t *testing.T) {
	lim := DefaultLimits()
	lim.MaxSearches = 1
	lim.MaxNodes = 1 << 40           // only a stop ends the stuck page's search
	lim.WriteWait = 10 * time.Minute // so the stuck page is never dropped in this test
	lim.StuckWait = 200 * time.Millisecond
	s, hs := testServer(t, lim)
	stuck, next := dial(t, hs), dial(t, hs)
	stuck.send(map[string]any{"type": "start", "id": 1, "setup": map[string]string{"fen": kiwipete},
		"options": map[string]string{"depth": "12"}})
	for s.Searches() == 0 {
		time.Sleep(5 * time.Millisecond)
	}
	// stuck reads nothing from now on; next waits in line, then searches.
	next.send(map[string]any{"type": "start", "id": 2, "setup": map[string]string{"tree": aima}})
	if m := next.expect("queued"); m["position"] != 1.0 {
		t.Fatalf("next: %v", m)
	}
	if st := next.collect(); st.done["result"].(map[string]any)["score"] != 3.0 {
		t.Fatalf("next: %v", st.done)
	}
	if n := s.Connections(); n != 2 {
		t.Fatalf("%d connections open, want both: the stuck page loses its slot, not its connection", n)
	}
	done := readUntilEnd(t, stuck.ws)
	if msg, _ := done["stopped"].(string); !strings.Contains(msg, "stopped reading") {
		t.Fatalf("the stuck page's done: %v", done)
	}
}

//go:build js && wasm

// Command worker is the static site's search engine: built for GOOS=js
// GOARCH=wasm and run in a Web Worker (static/js/worker.js loads it), it
// answers the page's commands with the frames the server's websocket sends,
// through the same search session (server/session). One protocol, two ways
// in: the page's transport (static/js/transport.js) picks this or the socket.
//
// The worker's script hands each message to pvscopeCommand(text) and posts
// each frame pvscopePost(text) is given. A search yields to the worker's
// event loop with each status frame (every session.StatusEvents events), so
// a stop (or a new start) is heard while it runs; it is woken by a timer the
// event loop itself holds (yield), not by the Go runtime's idle timer.
package main

import (
	"bufio"
	"encoding/json"
	"runtime/debug"
	"syscall/js"

	"github.com/pvscope/pvscope/server/session"
)

// limits are the server's defaults (server.DefaultLimits): a search in the
// browser is bounded as on a pvscope server.
var limits = session.Limits{MaxDepth: 12, MaxNodes: 1_000_000, MaxSearches: 4, MaxMemory: 1 << 30, Page: true}

// maxMessageBytes is the server's largest message (server.DefaultLimits).
const maxMessageBytes = 64 << 10

// gcPercent is the worker's GOGC. WebAssembly memory, once grown, is never
// given back, so the heap's peak is what the tab keeps: collecting at a tenth's
// growth instead of the default double holds a 100,000-node chain trace's
// worker at 125 MB instead of 190 (issue 44; 143 at a quarter's), for about a
// tenth more time reading it (4.8 s against 4.3 under node).
const gcPercent = 10

func main() {
	debug.SetGCPercent(gcPercent)
	post := js.Global().Get("pvscopePost")
	s := &session.Session{Limits: limits, MaxMessageBytes: maxMessageBytes,
		Out:   func(b []byte) { post.Invoke(string(b)) },
		Yield: yielder()}
	commands := make(chan command, 64)
	// pvscopeCommand(text, file): a command, and for open the page's File
	// itself, read in pieces by OpenReader (a text given whole in the
	// command is read as the server reads an upload as large).
	js.Global().Set("pvscopeCommand", js.FuncOf(func(this js.Value, args []js.Value) any {
		raw := []byte(args[0].String())
		var c struct {
			Type string `json:"type"`
			ID   int64  `json:"id"`
		}
		_ = json.Unmarshal(raw, &c)
		if len(raw) > maxMessageBytes && (c.Type != "open" || len(raw) > session.MaxTraceBytes) {
			return nil
		}
		cmd := command{raw: raw}
		if c.Type == "open" && len(args) > 1 && args[1].Truthy() {
			cmd.file, cmd.id = args[1], c.ID
		}
		switch c.Type {
		case "stop":
			s.Stop()
			return nil
		case "start":
			s.Stop() // a new start replaces the running search, as on the server
		case "tree":
			// An exercise's tree is small and drawn at once: answered here,
			// not behind a running search (the server's GET /tree).
			s.Handle(raw)
			return nil
		}
		select {
		case commands <- cmd:
		default: // a page flooding its own worker loses its extra messages
		}
		return nil
	}))
	s.Hello()
	for c := range commands {
		if c.file.Truthy() {
			s.OpenReader(c.id, bufio.NewReaderSize(&blobReader{blob: c.file, size: int64(c.file.Get("size").Float())}, readPiece))
			continue
		}
		s.Handle(c.raw)
	}
}

// command is a message from the page, and the file an open hands with it.
type command struct {
	raw  []byte
	file js.Value
	id   int64
}

// yielder returns a yield: the search waits while the event loop runs what
// came meanwhile (a stop, a new start), and goes on when a zero timeout set
// through setTimeout calls back. The timer is the event loop's own, so the
// host stays alive until it fires. A time.Sleep here was woken by the Go
// runtime's idle timeout (runtime.scheduleTimeoutEvent, which the runtime
// clears, reuses within a millisecond and reschedules itself): node exits,
// with 0, as soon as its loop holds nothing, and the one wait of a running
// search is this one (TestWorkerFramesEqualTheServers once saw the worker
// stop after 10,240 events with no done frame and node exiting 0, issue 40).
func yielder() func() {
	resumed := make(chan struct{}, 1)
	wake := js.FuncOf(func(js.Value, []js.Value) any {
		resumed <- struct{}{}
		return nil
	})
	setTimeout := js.Global().Get("setTimeout")
	return func() {
		setTimeout.Invoke(wake, 0)
		<-resumed
	}
}

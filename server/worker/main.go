//go:build js && wasm

// Command worker is the static site's search engine: built for GOOS=js
// GOARCH=wasm and run in a Web Worker (static/js/worker.js loads it), it
// answers the page's commands with the frames the server's websocket sends,
// through the same search session (server/session). One protocol, two ways
// in: the page's transport (static/js/transport.js) picks this or the socket.
//
// The worker's script hands each message to pvscopeCommand(text) and posts
// each frame pvscopePost(text) is given; a search runs on its own goroutine
// and yields to the worker's event loop about every quarter second, so a
// stop (or a new start) is heard while it runs.
package main

import (
	"encoding/json"
	"syscall/js"
	"time"

	"github.com/pvscope/pvscope/server/session"
)

// limits are the server's defaults (server.DefaultLimits): a search in the
// browser is bounded as on a pvscope server.
var limits = session.Limits{MaxDepth: 12, MaxNodes: 1_000_000, MaxSearches: 4, MaxMemory: 1 << 30}

// maxMessageBytes is the server's largest message (server.DefaultLimits).
const maxMessageBytes = 64 << 10

func main() {
	post := js.Global().Get("pvscopePost")
	s := &session.Session{Limits: limits, MaxMessageBytes: maxMessageBytes,
		Out:   func(b []byte) { post.Invoke(string(b)) },
		Yield: func() { time.Sleep(time.Millisecond) }}
	commands := make(chan []byte, 64)
	js.Global().Set("pvscopeCommand", js.FuncOf(func(this js.Value, args []js.Value) any {
		raw := []byte(args[0].String())
		var c struct {
			Type string `json:"type"`
		}
		_ = json.Unmarshal(raw, &c)
		// A trace file's text comes whole (the server reads an upload as large).
		if len(raw) > maxMessageBytes && (c.Type != "open" || len(raw) > session.MaxTraceBytes) {
			return nil
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
		case commands <- raw:
		default: // a page flooding its own worker loses its extra messages
		}
		return nil
	}))
	s.Hello()
	for raw := range commands {
		s.Handle(raw)
	}
}

// Package server serves the page, its static files and the websocket that
// streams searches to it. It turns start commands into engine searches and
// their traces into frames; it is the only package that knows about HTTP.
package server

import (
	"context"
	"io/fs"
	"net/http"
	"sync"
	"sync/atomic"

	"github.com/gorilla/websocket"
	"github.com/pvscope/pvscope/static"
)

// Server is the HTTP handler of pvscope.
type Server struct {
	limits   Limits
	mux      *http.ServeMux
	upgrader websocket.Upgrader
	searches chan struct{} // one token per running search
	ctx      context.Context

	mu       sync.Mutex
	conns    int // open websocket connections (for tests and shutdown)
	finished atomic.Int64

	rooms hub // rooms: hub.go
}

// New returns a server with the given limits. Cancelling ctx ends every
// connection and search.
func New(ctx context.Context, limits Limits) *Server {
	s := &Server{limits: limits, mux: http.NewServeMux(), ctx: ctx,
		searches: make(chan struct{}, limits.MaxSearches)}
	// gorilla's default CheckOrigin refuses cross-origin upgrades, so another
	// site open in the browser cannot drive searches on this machine.
	s.upgrader = websocket.Upgrader{ReadBufferSize: 4096, WriteBufferSize: 64 << 10}
	sub, err := fs.Sub(static.FS, ".")
	if err != nil {
		panic(err) // the embedded tree is fixed at build time
	}
	s.mux.Handle("GET /static/", http.StripPrefix("/static/", http.FileServerFS(sub)))
	s.mux.HandleFunc("GET /ws", s.serveWS)
	s.mux.HandleFunc("GET /{$}", s.servePage)
	return s
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.mux.ServeHTTP(w, r) }

// acquire takes a search slot, or says there is none free.
func (s *Server) acquire() (release func(), ok bool) {
	select {
	case s.searches <- struct{}{}:
		var once sync.Once
		return func() { once.Do(func() { <-s.searches }) }, true
	default:
		return nil, false
	}
}

func (s *Server) track(delta int) {
	s.mu.Lock()
	s.conns += delta
	s.mu.Unlock()
}

// Connections is the number of websocket connections whose writer is still running.
func (s *Server) Connections() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.conns
}

// Finished is the number of searches that have returned since the server started.
func (s *Server) Finished() int64 { return s.finished.Load() }

// Searches is the number of searches running now.
func (s *Server) Searches() int { return len(s.searches) }

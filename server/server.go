package server

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gorilla/websocket"

	"github.com/pvscope/pvscope/server/assets"
	"github.com/pvscope/pvscope/server/capacity"
	"github.com/pvscope/pvscope/server/engines"
	"github.com/pvscope/pvscope/server/rooms"
	"github.com/pvscope/pvscope/tracer/msg"
)

// Server is the HTTP handler of pvscope.
type Server struct {
	limits   Limits
	mux      *http.ServeMux
	upgrader websocket.Upgrader
	slots    *capacity.Slots
	budget   *capacity.Budget
	ctx      context.Context
	hosts    *hostCheck
	open     atomic.Int64 // websocket connections open or being opened, against MaxConns

	mu       sync.Mutex
	conns    int // open websocket connections (for tests and shutdown)
	finished atomic.Int64
	traces   traceStore // trace files opened in the page (tracefile.go)

	rooms   *rooms.Hub      // rooms: server/rooms
	engines *engines.Routes // external engines offered to pages (server/engines)

	frameAncestors, xFrameOptions string // who may frame the page (embed.go)
}

// New returns a server with the given limits (a limit left at zero takes
// its default). Cancelling ctx ends every connection and search.
func New(ctx context.Context, limits Limits) *Server {
	limits = limits.withDefaults()
	b := capacity.NewBudget(limits.MaxMemory)
	s := &Server{limits: limits, mux: http.NewServeMux(), ctx: ctx,
		slots: capacity.NewSlots(limits.MaxSearches, limits.MaxQueue, limits.MaxWait, b), budget: b,
		hosts: newHostCheck(limits.Hosts)}
	s.rooms = rooms.NewHub(ctx, b, limits.RoomRate, limits.RoomsPerAddress)
	// gorilla's default CheckOrigin refuses cross-origin upgrades, so another
	// site open in the browser cannot drive searches on this machine. Write
	// buffers come from a pool while a frame is written, so an idle
	// connection holds none.
	s.upgrader = websocket.Upgrader{ReadBufferSize: 4096, WriteBufferSize: 64 << 10,
		WriteBufferPool: &sync.Pool{}}
	s.frameAncestors, s.xFrameOptions = assets.FrameHeaders(limits.EmbedOrigins)
	s.mux.Handle("GET /static/", http.StripPrefix("/static/", assets.Files()))
	s.mux.HandleFunc("GET /favicon.ico", assets.ServeFavicon)
	s.mux.HandleFunc("GET /ws", s.serveWS)
	s.mux.HandleFunc("POST /trace", s.serveTraceUpload)
	s.mux.HandleFunc("GET /tree", s.serveExerciseTree) // exercises' and worksheets' generated trees
	s.mux.HandleFunc("GET /{$}", s.servePage)
	// The engine routes answer from the start, so a page asks a server that
	// offers none and hears an empty list.
	s.engines = &engines.Routes{MaxBody: limits.MaxMessageBytes, Slots: s.slots, Refused: capacity.RefusalSentence, SlowBody: slowBody}
	s.mux.HandleFunc("GET /engines", s.engines.ServeList)
	s.mux.HandleFunc("POST /engines/inspect", s.engines.ServeInspect)
	return s
}

// ServeHTTP checks the Host header, sets the security headers and serves.
// Its frame stays on every websocket's goroutine stack for the connection's
// life, so it stays small: the checks and a body's reader are in functions of
// their own (a few hundred bytes more here doubled a waiting search's stack).
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !s.admitRequest(w, r) {
		return
	}
	if r.Body == nil || r.Body == http.NoBody {
		s.mux.ServeHTTP(w, r)
		return
	}
	s.serveWithBody(w, r)
}

// admitRequest checks the Host and where a request comes from, and sets the
// security headers; false when it has answered already.
//
//go:noinline
func (s *Server) admitRequest(w http.ResponseWriter, r *http.Request) bool {
	if !s.hosts.allowed(r.Host) {
		refusalHeaders(w.Header())
		refuseHost(w, r)
		return false
	}
	s.securityHeaders(w.Header(), r)
	if linkTooLong(w, r) { // a link longer than the page's limits allow: a sentence (linklimit.go)
		return false
	}
	return s.ownRequest(w, r)
}

// serveWithBody serves a request whose body has a deadline and a minimum rate (body.go).
//
//go:noinline
func (s *Server) serveWithBody(w http.ResponseWriter, r *http.Request) {
	body := newBodyReader(w, r.Body, s.limits.BodyWait)
	r.Body = body
	s.mux.ServeHTTP(w, r)
	body.finish(w)
}

// securityHeaders: the page runs only its own scripts (no inline script or
// handler), talks only to its own host, and may be framed by nobody, or
// when it is the embedded page (/?embed=1) by the sites -embed-origins names
// (embed.go). Kept out of ServeHTTP, whose frame stays on every websocket's
// goroutine stack for the connection's life.
//
//go:noinline
func (s *Server) securityHeaders(h http.Header, r *http.Request) {
	ancestors, xfo := "frame-ancestors 'none'", "DENY"
	if assets.EmbedPage(r) {
		ancestors, xfo = s.frameAncestors, s.xFrameOptions
	}
	h.Set("Content-Security-Policy", "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "+
		"img-src 'self' data: blob:; connect-src 'self' ws://"+r.Host+" wss://"+r.Host+"; "+
		"object-src 'none'; base-uri 'none'; form-action 'self'; "+ancestors)
	h.Set("X-Content-Type-Options", "nosniff")
	if xfo != "" {
		h.Set("X-Frame-Options", xfo)
	}
	h.Set("Referrer-Policy", "no-referrer")
}

// refusalHeaders are the security headers of an answer to a host this server
// is not: the same four, as strict as they go (the reply is a sentence, it
// loads nothing and nobody frames it).
func refusalHeaders(h http.Header) {
	h.Set("Content-Security-Policy", "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Referrer-Policy", "no-referrer")
}

// HTTPServer is an http.Server for this handler with the timeouts a server on
// a shared network needs: slow headers and idle keep-alive connections are closed.
func (s *Server) HTTPServer() *http.Server {
	return &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: s.limits.IdleTimeout,
		MaxHeaderBytes: maxHeaderBytes} // any link a browser sends, answered (linklimit.go)
}

// Listener is ln holding at most MaxHTTPConns connections open at once; one
// past them is told so in a sentence (capacity.LimitConns). Without it, each
// connection is bounded in time (ReadHeaderTimeout, IdleTimeout) but not
// their number.
func (s *Server) Listener(ln net.Listener) net.Listener {
	text := msg.New("go-server.httpConnsFull", "The server already has {n} connections open, its limit (-max-http-conns); close a tab or try again in a moment.",
		"n", s.limits.MaxHTTPConns).Text + "\n"
	var h strings.Builder
	h.WriteString("HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\nRetry-After: 5\r\n")
	hdr := http.Header{}
	refusalHeaders(hdr)
	hdr.Write(&h)
	fmt.Fprintf(&h, "Content-Length: %d\r\n\r\n%s", len(text), text)
	return capacity.LimitConns(ln, s.limits.MaxHTTPConns, []byte(h.String()))
}

// admit counts a websocket connection in, or says the server is full.
func (s *Server) admit(w http.ResponseWriter) bool {
	if s.open.Add(1) > int64(s.limits.MaxConns) {
		s.open.Add(-1)
		http.Error(w, msg.New("go-server.connsFull", "The server already has {n} connections open, its limit (-max-conns); close a tab or try again in a moment.",
			"n", s.limits.MaxConns).Text, http.StatusServiceUnavailable)
		return false
	}
	return true
}

func (s *Server) track(delta int) {
	if delta < 0 {
		s.open.Add(int64(delta))
	}
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
func (s *Server) Searches() int {
	running, _ := s.slots.Counts()
	return running
}

// MemoryUsed is what the server's memory budget has charged now, in bytes.
func (s *Server) MemoryUsed() int64 { return s.budget.Used() }

// AddEngines offers the engines (name -> command) to pages. Call it before
// serving.
func (s *Server) AddEngines(engines map[string]string) { s.engines.Add(engines) }

// Rooms is the number of rooms open.
func (s *Server) Rooms() int { return s.rooms.Rooms() }

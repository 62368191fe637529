// Package session turns a page's commands into the frames the page reads:
// the start command's check and limits (plan.go; a game's fields in gamefields.go), the frames and their keyed
// sentences (frames.go, hello.go, errortext.go), the events encoder
// (encode.go) and the lines it numbers (lines.go), the done frame (done.go),
// a trace file read and checked (tracefile.go; its lines' moves counted as
// the page counts them in tracelines.go), opened (open.go), its
// problems listed (traceproblems.go) and its nodes renumbered for the page
// (pageids.go), an exercise's generated tree (exercisetree.go) and a game's (gameexercise.go), "Why not
// ...?" (why.go), what every transport makes frames with (producer.go:
// pacing, progress, the budget's charge, the cursor), a server search's
// recording read by its pages and rooms (search.go), the refusal of a bad
// message (refuse.go), and Session, which runs searches one at a time and writes
// their frames (session.go).
//
// It knows nothing of HTTP or websockets, and builds for GOOS=js
// GOARCH=wasm: the server streams a search's frames over a websocket, the
// static site's worker (server/worker) posts the same frames to its page.
package session

import (
	"context"
	"encoding/json"
	"sync/atomic"
	"time"

	"github.com/pvscope/pvscope/engine"
	"github.com/pvscope/pvscope/tracer"
	"github.com/pvscope/pvscope/tracer/msg"
)

// Session answers one page's commands with frames written through Out, in
// the order the server sends them: hello first (Hello), then for each start
// either an error, or started, its notices, events, statuses and done.
// A Session runs one search at a time, on the caller's goroutine.
type Session struct {
	Limits Limits
	// MaxMessageBytes is said in hello; the transport enforces it.
	MaxMessageBytes int64
	// Out writes a frame to the page; the slice may be reused once it returns.
	Out func(frame []byte)
	// Yield, when set, is called with each status frame (every StatusEvents
	// events) while a search runs: a single-threaded host (the browser's
	// worker) lets Stop in there.
	Yield func()

	stop atomic.Bool // set by Stop: the running search stops at its next event
}

// Hello writes the hello frame.
func (s *Session) Hello() {
	s.write(NewHello(s.Limits, s.MaxMessageBytes))
}

// Stop stops the running search: it ends at its next event and its done
// frame says it was stopped by the user. Safe from any goroutine.
func (s *Session) Stop() { s.stop.Store(true) }

// Handle answers one message from the page: start runs a search to its end
// (stop, meant for a search running meanwhile, is Stop), open streams a trace
// file's text, tree answers an exercise's generated tree (exercisetree.go);
// anything else is refused with the server's sentences (rooms
// are the server's: a page without one does not send them).
func (s *Session) Handle(raw []byte) {
	var cmd Command
	if err := json.Unmarshal(raw, &cmd); err != nil {
		s.write(Refusal(0, "", err))
		return
	}
	switch cmd.Type {
	case "start":
		s.Start(cmd)
	case "stop":
		s.Stop()
	case "open":
		s.Open(cmd.ID, cmd.Text)
	case "tree":
		s.Tree(cmd)
	case "why": // the server's (server/why.go): a Session keeps no recording
		s.write(Said(cmd.ID, "", msg.New("go-server.whyServerOnly", "Why not …? is answered by pvscope serve only: the static site keeps no recording to ask. Run pvscope serve, or pvscope why on a saved trace.")))
	default:
		s.write(Refusal(cmd.ID, cmd.Type, nil))
	}
}

// Start checks cmd as the server does and, when it passes, runs its search
// to the end (or to Stop), writing its frames.
func (s *Session) Start(cmd Command) {
	s.stop.Store(false)
	p, err := Check(cmd, &s.Limits)
	if err != nil {
		s.write(Error{Type: "error", ID: cmd.ID, Field: FieldOf(err), Message: Sentence(err.Error())}.WithKey(err))
		return
	}
	pos := p.Pos
	if p.Random {
		t, err := engine.Generate(p.Spec)
		if err != nil {
			s.write(Error{Type: "error", ID: cmd.ID, Field: "random", Message: Sentence(err.Error())}.WithKey(err))
			return
		}
		pos = engine.NewTreePosition(t)
	}
	started, notices := p.Started(pos)
	s.write(started)
	for _, n := range notices {
		s.write(n)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	st := &stream{s: s, cur: NewCursor(p.ID), cancel: cancel, begun: time.Now()}
	st.share, _ = Share(&s.Limits)
	st.used = PVHashBytes
	if p.Opt.TT {
		st.used += TableSize(p.Opt.TTSize)
	}
	if p.Random || p.Setup.Tree != "" {
		st.used += p.Nodes * TreeNodeBytes
	}
	res, err := engine.Search(ctx, pos, p.Opt, st)
	st.flush()
	d := DoneOf(p.ID, pos, p.Opt, res, err, st.stopped, ctx.Err() != nil, time.Since(st.begun))
	d.Events = st.prog.Events
	s.write(d)
}

func (s *Session) write(v any) {
	b, _ := json.Marshal(v)
	s.Out(b)
}

// stream is one search's sink in the worker: it keeps no recording, only
// the events not yet written, and writes them with the producer's pieces
// (producer.go) as the server's connection does.
type stream struct {
	s       *Session
	cur     *Cursor
	cancel  context.CancelFunc
	batch   []tracer.Event
	prog    Progress
	begun   time.Time
	share   int64 // what one search may hold (Share), as on the server
	used    int64
	stopped *msg.Error
}

// Emit implements tracer.Sink.
func (st *stream) Emit(e tracer.Event) {
	if st.stopped != nil {
		return
	}
	st.batch = append(st.batch, e)
	st.prog.Count(e)
	if st.s.stop.Load() {
		st.cancel()
	}
	// The page keeps every event, as the server's recording does: the same
	// budget (a search's share), charged as often.
	if c := ChargeFor(st.prog.Events); c > 0 {
		st.used += c
		if st.used > st.share {
			// The static site's worker (Limits.Page) says it as the page's: it has no server, no -max-memory.
			st.stopped = StoppedMemory(st.share, st.prog.Events)
			if st.s.Limits.Page {
				st.stopped = StoppedPageMemory(st.share, st.prog.Events)
			}
			st.cancel()
		}
	}
	// The first node goes out at once: a page shows it while the search goes on (start to
	// first node in a static site counts a wasm search's first 256 events, 80-160 ms).
	if st.cur.Sent == 0 && e.Kind == tracer.Enter {
		st.flush()
		return
	}
	// Frames, statuses and yields come at counts of events, never at times:
	// what the page is sent, and when it may speak (Yield), is the same on
	// an idle machine and a loaded one (TestSessionFramesDoNotDependOnTheClock).
	if st.prog.Events%FrameEvents == 0 {
		st.flush()
	}
	if st.prog.Events%StatusEvents == 0 {
		st.s.write(st.prog.Status(st.cur.ID, time.Since(st.begun)))
		if st.s.Yield != nil {
			st.s.Yield()
		}
	}
}

// flush writes the events waiting in batch.
func (st *stream) flush() {
	if len(st.batch) == 0 {
		return
	}
	st.s.Out(st.cur.Frame(st.batch))
	clear(st.batch)
	st.batch = st.batch[:0]
}

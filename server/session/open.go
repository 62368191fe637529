package session

import (
	"io"
	"runtime"
	"strings"

	"github.com/pvscope/pvscope/tracer"
	"github.com/pvscope/pvscope/tracer/msg"
)

// Open reads and checks a trace file's text (ReadTrace) and streams it as
// the server streams an opened trace: started, its events, done; or the
// error that refuses it. The server reads an upload and opens it by token.
func (s *Session) Open(id int64, text string) { s.OpenReader(id, strings.NewReader(text)) }

// OpenReader is Open reading the file from r, at most MaxTraceBytes of it.
// The static site's worker opens the page's file this way, read in pieces
// (server/worker): its text is never whole in the worker's memory, which
// WebAssembly never gives back once grown (issue 44: a 100,000-node chain's
// 14 MB text was held three times over).
func (s *Session) OpenReader(id int64, r io.Reader) { s.openBounded(id, r, MaxTraceBytes) }

// openBounded is OpenReader reading at most max bytes (a test's is small).
func (s *Session) openBounded(id int64, r io.Reader, max int64) {
	share, _ := Share(&s.Limits)
	br := &boundedReader{r: r, left: max}
	t, err := ReadTrace(br, &shareCharger{max: share})
	switch { // a reading error said alone, not as the trace line it cut
	case br.over:
		err = errTraceTooLarge
	case br.failed != nil:
		err = br.failed
	}
	if err != nil {
		s.write(Error{Type: "error", ID: id, Message: Sentence(strings.TrimPrefix(err.Error(), "tracer: "))}.WithKey(err))
		return
	}
	// Reading's scaffolding (a frame per open node: a deep chain's are all
	// alive at its bottom) is garbage now: collected before streaming
	// allocates, the heap is reused instead of grown past its peak.
	runtime.GC()
	st := t.Started
	st.ID = id
	s.write(st)
	// Frames of FrameEvents, as a search in the worker sends them: each is a
	// task of the page's (parsed and added to its tree). While a 100,000-node
	// chain arrived in frames of MaxBatch the page's longest task was 439 ms,
	// in frames of FrameEvents 273 ms (at a load of 10-12; issue 44).
	cur := NewCursor(id)
	batch := make([]tracer.Event, 0, FrameEvents)
	for i := range t.Rec.Len() {
		batch = append(batch, t.Rec.At(i))
		if len(batch) == FrameEvents || i == t.Rec.Len()-1 {
			s.Out(cur.Frame(batch))
			batch = batch[:0]
		}
	}
	d := t.Done
	d.ID = id
	s.write(d)
}

// errTraceTooLarge: a file past MaxTraceBytes. Session opens files in the
// static site's worker only (the server reads uploads itself), so its
// sentences name no server.
var errTraceTooLarge = msg.New("go-server.pageTraceTooLarge", "the file is larger than pvscope reads ({mb} MB)", "mb", MaxTraceBytes>>20)

// boundedReader reads r until left runs out, then refuses with
// errTraceTooLarge (the server bounds an upload's body the same).
type boundedReader struct {
	r      io.Reader
	left   int64
	over   bool  // there was more
	failed error // r's own error, io.EOF aside
}

func (b *boundedReader) Read(p []byte) (int, error) {
	if b.left <= 0 {
		n, err := b.r.Read(make([]byte, 1))
		if n > 0 {
			b.over = true
			return 0, errTraceTooLarge
		}
		return 0, err // io.EOF at the end
	}
	if int64(len(p)) > b.left {
		p = p[:b.left]
	}
	n, err := b.r.Read(p)
	b.left -= int64(n)
	if err != nil && err != io.EOF {
		b.failed = err
	}
	return n, err
}

// shareCharger holds a trace being read to one search's share of the memory
// budget, as the server holds a search's recording.
type shareCharger struct {
	max int64
}

func (c *shareCharger) To(n int64) bool { return n <= c.max }
func (c *shareCharger) Settle(int64)    {}
func (c *shareCharger) Full() error {
	return msg.New("go-server.pageTraceShareFull",
		"this trace needs more memory than the page gives one trace ({share}); open a smaller trace, or open this one with pvscope view, which has room for more",
		"share", MB(c.max))
}

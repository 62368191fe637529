package session

import (
	"strings"

	"github.com/pvscope/pvscope/tracer"
	"github.com/pvscope/pvscope/tracer/msg"
)

// Open reads and checks a trace file's text (ReadTrace) and streams it as
// the server streams an opened trace: started, its events, done; or the
// error that refuses it. The static site's worker opens files this way (the
// server reads an upload and opens it by token).
func (s *Session) Open(id int64, text string) {
	share, _ := Share(&s.Limits)
	t, err := ReadTrace(strings.NewReader(text), &shareCharger{max: share, memory: s.Limits.MaxMemory})
	if err != nil {
		s.write(Error{Type: "error", ID: id, Message: Sentence(strings.TrimPrefix(err.Error(), "tracer: "))}.WithKey(err))
		return
	}
	st := t.Started
	st.ID = id
	s.write(st)
	cur := NewCursor(id)
	batch := make([]tracer.Event, 0, MaxBatch)
	for i := range t.Rec.Len() {
		batch = append(batch, t.Rec.At(i))
		if len(batch) == MaxBatch || i == t.Rec.Len()-1 {
			s.Out(cur.Frame(batch))
			batch = batch[:0]
		}
	}
	d := t.Done
	d.ID = id
	s.write(d)
}

// shareCharger holds a trace being read to one search's share of the memory
// budget, as the server holds a search's recording.
type shareCharger struct {
	max, memory int64
}

func (c *shareCharger) To(n int64) bool { return n <= c.max }
func (c *shareCharger) Settle(int64)    {}
func (c *shareCharger) Full() error {
	return msg.New("go-server.budgetFullTrace",
		"the server's memory budget (-max-memory, {memory}) has no room for this trace now; try again when a search has finished, or open a smaller trace",
		"memory", MB(c.memory))
}

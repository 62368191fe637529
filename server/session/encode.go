package session

import (
	"strconv"

	"github.com/pvscope/pvscope/tracer"
)

// BatchEncoder writes events frames: one JSON object per batch, its fields as
// columns of small integers (DESIGN: many events per frame). A column of
// numbers is cheap to write here and cheap for the page to parse into typed
// arrays; move names travel once each, as a table the frames extend.
type BatchEncoder struct {
	moveID map[string]int32 // move name -> id, 1-based; ids the page has been told
	fresh  []string         // names first seen in the batch being written
	Buf    []byte           // the frame being written; a caller may lend one to reuse
	ids    []int32          // per event of the batch: its move id
	// The words of Why (lmr, futility, an engine's own...), interned like moves
	// in a table of their own that the frames extend ("whys").
	whyID    map[string]int32
	freshWhy []string
	whys     []int32 // per event of the batch: its why id
	// A search of a node's own position: its purpose, a word of the whys'
	// table, and the move it excludes, a move id; sent when a batch has one.
	subs, excluded []int32
	anySub         bool
	lines          lineTable
}

func NewBatchEncoder() *BatchEncoder {
	return &BatchEncoder{moveID: map[string]int32{"": 0}, whyID: map[string]int32{"": 0}}
}

// modernColumns are the fields of modern search (reduced and extended plies on
// enter); a frame carries them only when one of its events has one, so the
// frames of a textbook search stay as they were.
var modernColumns = []column{
	{"reduced", func(e *tracer.Event) int64 { return int64(e.Reduced) }},
	{"extended", func(e *tracer.Event) int64 { return int64(e.Extended) }},
}

// column is one field of an event as an integer.
type column struct {
	name  string
	value func(e *tracer.Event) int64
}

var columns = []column{
	{"kind", func(e *tracer.Event) int64 { return int64(e.Kind) }},
	{"node", func(e *tracer.Event) int64 { return int64(e.Node) }},
	{"parent", func(e *tracer.Event) int64 { return int64(e.Parent) }},
	{"ref", func(e *tracer.Event) int64 { return int64(e.Ref) }},
	{"alpha", func(e *tracer.Event) int64 { return int64(e.Alpha) }},
	{"beta", func(e *tracer.Event) int64 { return int64(e.Beta) }},
	{"score", func(e *tracer.Event) int64 { return int64(e.Score) }},
	{"ply", func(e *tracer.Event) int64 { return int64(e.Ply) }},
	{"depth", func(e *tracer.Event) int64 { return int64(e.Depth) }},
	{"index", func(e *tracer.Event) int64 { return int64(e.Index) }},
	{"expect", func(e *tracer.Event) int64 { return int64(e.Expect) }},
	{"actual", func(e *tracer.Event) int64 { return int64(e.Actual) }},
	{"bound", func(e *tracer.Event) int64 { return int64(e.Bound) }},
	{"end", func(e *tracer.Event) int64 { return int64(e.End) }},
}

// Encode writes the frame for events, the first of which is number from of the
// search. The returned slice is reused by the next call.
func (b *BatchEncoder) Encode(id int64, from int, events []tracer.Event) []byte {
	b.fresh = b.fresh[:0]
	b.ids = b.ids[:0]
	b.freshWhy = b.freshWhy[:0]
	b.whys = b.whys[:0]
	b.subs, b.excluded, b.anySub = b.subs[:0], b.excluded[:0], false
	modern := false
	b.lines.fresh = b.lines.fresh[:0]
	b.lines.of = b.lines.of[:0]
	for i := range events {
		if events[i].PV != nil {
			b.lines.of = append(b.lines.of, b.lines.line(events[i].PV, b.intern))
		}
		b.ids = append(b.ids, b.intern(events[i].Move))
		b.subs = append(b.subs, b.internWhy(events[i].Sub))
		b.excluded = append(b.excluded, b.intern(events[i].Excluded))
		b.anySub = b.anySub || events[i].Sub != ""
		b.whys = append(b.whys, b.internWhy(events[i].Why))
		if events[i].Reduced != 0 || events[i].Extended != 0 || events[i].Why != "" || events[i].Sub != "" {
			modern = true
		}
	}
	w := append(b.Buf[:0], `{"type":"events","id":`...)
	w = strconv.AppendInt(w, id, 10)
	w = append(w, `,"from":`...)
	w = strconv.AppendInt(w, int64(from), 10)
	w = append(w, `,"count":`...)
	w = strconv.AppendInt(w, int64(len(events)), 10)
	w = append(w, `,"moves":[`...)
	for i, m := range b.fresh {
		if i > 0 {
			w = append(w, ',')
		}
		w = tracer.AppendJSONString(w, m) // strconv's quoting is Go, not JSON
	}
	w = append(w, ']')
	w = appendColumns(w, columns, events)
	if modern {
		w = b.appendModern(w, events)
	}
	w = append(w, `,"move":[`...)
	for i, m := range b.ids {
		if i > 0 {
			w = append(w, ',')
		}
		w = strconv.AppendInt(w, int64(m), 10)
	}
	// A line travels as a reference (lines.go): the lines new in this batch
	// as pairs of a move id and the id of the line after it, then each event's
	// line id, so a chain of n lines costs 2n numbers, not n²/2 moves.
	w = appendIDs(append(w, `],"lines":`...), b.lines.fresh)
	w = append(w, `,"pv":[`...)
	first := true
	k := 0
	for i := range events {
		if events[i].PV == nil {
			continue
		}
		if !first {
			w = append(w, ',')
		}
		first = false
		w = append(w, '[')
		w = strconv.AppendInt(w, int64(i), 10)
		w = append(w, ',')
		w = strconv.AppendInt(w, int64(b.lines.of[k]), 10)
		w = append(w, ']')
		k++
	}
	// Method and reason are rare (two to eight events per iteration), so they
	// travel like the PV: [index, method, reason] for the events that have one.
	w = append(w, `],"cuts":[`...)
	first = true
	for i := range events {
		if events[i].Method == tracer.NoMethod {
			continue
		}
		if !first {
			w = append(w, ',')
		}
		first = false
		w = append(w, '[')
		w = strconv.AppendInt(w, int64(i), 10)
		w = append(w, ',')
		w = strconv.AppendInt(w, int64(events[i].Method), 10)
		w = append(w, ',')
		w = strconv.AppendInt(w, int64(events[i].Reason), 10)
		w = append(w, ']')
	}
	w = append(w, ']')
	// The table's keys (tt-* events, issue 41), rare like the cuts: [index,
	// "hex"] for the events that carry one; frames without keys do not carry
	// the field. The page links each tt-hit to the last tt-store of its key.
	first = true
	for i := range events {
		if !events[i].HasKey {
			continue
		}
		if first {
			w = append(w, `,"keys":[`...)
			first = false
		} else {
			w = append(w, ',')
		}
		w = append(w, '[')
		w = strconv.AppendInt(w, int64(i), 10)
		w = append(w, `,"`...)
		w = strconv.AppendUint(w, events[i].Key, 16)
		w = append(w, `"]`...)
	}
	if !first {
		w = append(w, ']')
	}
	// Events the tracer derived from a minimal trace (tracer.Deriver), by
	// index; a live search has none, and its frames do not carry the field.
	first = true
	for i := range events {
		if !events[i].Derived {
			continue
		}
		if first {
			w = append(w, `,"derived":[`...)
			first = false
		} else {
			w = append(w, ',')
		}
		w = strconv.AppendInt(w, int64(i), 10)
	}
	if !first {
		w = append(w, ']')
	}
	w = append(w, '}')
	b.Buf = w
	return w
}

// appendColumns writes each column as a JSON array of its value per event.
func appendColumns(w []byte, cols []column, events []tracer.Event) []byte {
	for _, c := range cols {
		w = append(w, `,"`...)
		w = append(w, c.name...)
		w = append(w, `":[`...)
		for i := range events {
			if i > 0 {
				w = append(w, ',')
			}
			w = strconv.AppendInt(w, c.value(&events[i]), 10)
		}
		w = append(w, ']')
	}
	return w
}

// appendModern writes the reduced and extended columns, the why words first
// seen in this batch ("whys") and each event's why id ("why", 0 for none).
func (b *BatchEncoder) appendModern(w []byte, events []tracer.Event) []byte {
	w = appendColumns(w, modernColumns, events)
	w = append(w, `,"whys":[`...)
	for i, m := range b.freshWhy {
		if i > 0 {
			w = append(w, ',')
		}
		w = tracer.AppendJSONString(w, m) // strconv's quoting is Go, not JSON
	}
	w = appendIDs(append(w, `],"why":`...), b.whys)
	if b.anySub {
		w = appendIDs(append(w, `,"sub":`...), b.subs)
		w = appendIDs(append(w, `,"excluded":`...), b.excluded)
	}
	return w
}

// appendIDs writes ids as a JSON array.
func appendIDs(w []byte, ids []int32) []byte {
	w = append(w, '[')
	for i, id := range ids {
		if i > 0 {
			w = append(w, ',')
		}
		w = strconv.AppendInt(w, int64(id), 10)
	}
	return append(w, ']')
}

func (b *BatchEncoder) internWhy(m string) int32 {
	if id, ok := b.whyID[m]; ok {
		return id
	}
	id := int32(len(b.whyID))
	b.whyID[m] = id
	b.freshWhy = append(b.freshWhy, m)
	return id
}

func (b *BatchEncoder) intern(m string) int32 {
	if id, ok := b.moveID[m]; ok {
		return id
	}
	id := int32(len(b.moveID)) // "" holds 0, so the first name gets 1
	b.moveID[m] = id
	b.fresh = append(b.fresh, m)
	return id
}

package tracer

import (
	"fmt"
	"math"
	"strings"
)

// chunkShift sets the chunk size: 4096 records of 48 bytes, about 192 KiB.
const (
	chunkShift = 12
	chunkSize  = 1 << chunkShift
	chunkMask  = chunkSize - 1
	firstCap   = 64 // the first chunk starts small, so short traces stay small
	seqFar     = math.MaxUint32
	plyFar     = math.MinInt16 // in record.ply: the ply is in Recording.farPly
	derivedBit = 1 << 9        // in record.cut, above Method (3 bits) and Reason (6)
	keyBit     = 1 << 10       // in record.cut: the event has a Key (chunk.keys)
)

// Recording is an in-memory Sink with random access, for seeking and stepping
// back through traces of millions of events.
//
// An Event is 120 bytes, mostly its strings and PV slice header; a recording
// stores a 48-byte record instead: the integer fields, the Move as an index
// into a table of distinct moves, the PV as an index into a side table of lines,
// and Seq as an offset from the first Seq of its chunk. Records live in
// fixed-size chunks, so appending never copies the history.
//
// A Recording is not safe for concurrent use: guard it with a lock if one
// goroutine records while another reads.
type Recording struct {
	chunks  []chunk
	n       int
	moves   []string         // distinct moves; moves[0] is ""
	moveIdx map[string]int32 // the inverse of moves
	pvs     [][]string       // stored lines; pvs[0] is the empty line
	farSeq  map[int]int64    // Seq of the rare event too far from its chunk's base
	farPly  map[int]int32    // Ply of the rare event deeper than an int16 (a chain past 32,767 plies)
	// Modern search's Reduced, Extended and Why, on the events that have them:
	// the few distinct triples in a table, and each event's entry in it in
	// its chunk's marks column.
	marks   []mark // distinct triples; marks[0] is none
	markIdx map[mark]uint32
	// lineBytes is what the PV table and the move table take: a copied
	// line its moves, a kept one (EmitKept) its slice header only, a move
	// its string and its entries.
	lineBytes int64
	keyBytes  int64 // the chunks' key columns
}

// mark is what an enter or prune says of modern search.
type mark struct {
	reduced, extended  int16
	why, sub, excluded string
}

type chunk struct {
	base int64 // Seq of the chunk's first event
	recs []record
	// marks[i] indexes Recording.marks for recs[i] (0: none). Made at the
	// chunk's first marked event, so a trace without marks pays nothing and
	// one with them 4 bytes an event (a map entry per event cost about 40).
	marks []uint32
	// keys[i] is recs[i]'s table key (and the raw entry, when given) when
	// its keyBit is set (tt-* events with a key, issue 41). Made at the
	// chunk's first keyed event, like marks.
	keys []keyed
}

// keyed is a tt event's key and the integer its table entry held (Raw). A Raw
// without a key is not kept: nothing could link its entry to another.
type keyed struct {
	key    uint64
	raw    int32
	hasRaw bool
}

// record is an Event without pointers: 48 bytes, 4-byte aligned.
type record struct {
	seq                                   uint32 // Seq - chunk.base, or seqFar
	node, parent, ref, alpha, beta, score int32
	move                                  int32 // index into Recording.moves
	pv                                    int32 // index into Recording.pvs; 0 for none
	ply, depth, index                     int16
	kind                                  Kind
	types                                 uint8 // expect in the low 2 bits, actual in the next 2, bound in the next 2
	end                                   End
	cut                                   uint16 // Method in the low 3 bits, Reason in the next 6, Derived above them
}

// NewRecording returns an empty recording. The zero Recording is also ready to use.
func NewRecording() *Recording { return &Recording{} }

// Emit implements Sink. It copies e.PV; the caller may reuse it.
func (r *Recording) Emit(e Event) { r.emit(e, false) }

// EmitKept is Emit, except that a derived event's PV is kept as it is, not
// copied: the caller promises nobody changes it, as a Deriver's lines never
// change. Those lines share their tails, so a recording of a deep trace's
// derived pv-updates holds each move once, where copies would hold the whole
// line below each node at every ancestor.
func (r *Recording) EmitKept(e Event) { r.emit(e, e.Derived) }

func (r *Recording) emit(e Event, keep bool) {
	off := r.n & chunkMask
	if off == 0 {
		c := firstCap
		if r.n > 0 {
			c = chunkSize
		}
		r.chunks = append(r.chunks, chunk{base: e.Seq, recs: make([]record, 0, c)})
	}
	c := &r.chunks[len(r.chunks)-1]
	if off == cap(c.recs) { // only the first chunk grows
		grown := make([]record, off, min(2*off, chunkSize))
		copy(grown, c.recs)
		c.recs = grown
	}
	rec := record{
		node: e.Node, parent: e.Parent, ref: e.Ref,
		alpha: e.Alpha, beta: e.Beta, score: e.Score,
		move: r.intern(e.Move),
		ply:  int16(e.Ply), depth: e.Depth, index: e.Index,
		kind: e.Kind, end: e.End,
		types: uint8(e.Expect)&3 | (uint8(e.Actual)&3)<<2 | (uint8(e.Bound)&3)<<4,
		cut:   uint16(e.Method)&7 | (uint16(e.Reason)&63)<<3,
	}
	if e.Derived {
		rec.cut |= derivedBit
	}
	if e.Ply > math.MaxInt16 || e.Ply <= plyFar {
		rec.ply = plyFar
		if r.farPly == nil {
			r.farPly = make(map[int]int32)
		}
		r.farPly[r.n] = e.Ply
	}
	// Modular arithmetic makes base + uint32(d) give back e.Seq whenever d fits.
	if d := e.Seq - c.base; d >= 0 && d < seqFar {
		rec.seq = uint32(d)
	} else {
		rec.seq = seqFar
		if r.farSeq == nil {
			r.farSeq = make(map[int]int64)
		}
		r.farSeq[r.n] = e.Seq
	}
	if len(e.PV) > 0 {
		if len(r.pvs) == 0 {
			r.pvs = append(r.pvs, nil)
		}
		line := e.PV
		if !keep {
			line = make([]string, len(e.PV))
			for i, m := range e.PV {
				line[i] = r.moves[r.intern(m)] // share the table's copy, keep none of the caller's
			}
			r.lineBytes += int64(len(line)) * 16
		}
		r.lineBytes += 24
		rec.pv = int32(len(r.pvs))
		r.pvs = append(r.pvs, line)
	}
	if e.Reduced != 0 || e.Extended != 0 || e.Why != "" || e.Sub != "" {
		if c.marks == nil {
			c.marks = make([]uint32, off, cap(c.recs))
		}
		c.marks = append(c.marks, r.markIndex(mark{e.Reduced, e.Extended, e.Why, e.Sub, e.Excluded}))
	} else if c.marks != nil {
		c.marks = append(c.marks, 0)
	}
	if e.HasKey {
		if c.keys == nil {
			c.keys = make([]keyed, off, cap(c.recs))
			r.keyBytes += int64(cap(c.recs)) * 16
		}
		c.keys = append(c.keys, keyed{e.Key, e.Raw, e.HasRaw})
		c.recs = append(c.recs, rec)
		c.recs[off].cut |= keyBit
		r.n++
		return
	}
	if c.keys != nil {
		c.keys = append(c.keys, keyed{})
	}
	c.recs = append(c.recs, rec)
	r.n++
}

// markIndex returns m's index in the table of marks, adding it if new.
func (r *Recording) markIndex(m mark) uint32 {
	i, ok := r.markIdx[m]
	if !ok {
		if r.markIdx == nil {
			r.markIdx, r.marks = map[mark]uint32{}, []mark{{}}
		}
		m.why = strings.Clone(m.why) // the caller's string may pin a larger buffer
		m.sub, m.excluded = strings.Clone(m.sub), strings.Clone(m.excluded)
		i = uint32(len(r.marks))
		r.marks = append(r.marks, m)
		r.markIdx[m] = i
	}
	return i
}

// intern returns the index of move in the move table, adding it if new.
func (r *Recording) intern(move string) int32 {
	if move == "" {
		return 0
	}
	if i, ok := r.moveIdx[move]; ok {
		return i
	}
	if r.moveIdx == nil {
		r.moveIdx = make(map[string]int32)
		r.moves = append(r.moves[:0], "")
	}
	i := int32(len(r.moves))
	move = strings.Clone(move) // the caller's string may pin a larger buffer
	r.lineBytes += int64(len(move)) + 16 + 48
	r.moves = append(r.moves, move)
	r.moveIdx[move] = i
	return i
}

// Bytes is about what the recording holds: its records, its tables of
// moves and lines (a line kept by EmitKept counted as its slice header; its
// moves are the caller's to count).
func (r *Recording) Bytes() int64 {
	// a record and, when marked, its marks entry; keys; a ply past an int16 its map entry
	return int64(r.n)*52 + r.lineBytes + int64(len(r.marks))*64 + r.keyBytes + int64(len(r.farPly))*48
}

// Len is the number of events recorded.
func (r *Recording) Len() int { return r.n }

// At returns event i, counting from 0. An event recorded with an empty PV
// comes back with a nil one. The PV is shared with the recording: do not modify it.
func (r *Recording) At(i int) Event {
	if i < 0 || i >= r.n {
		panic(fmt.Sprintf("tracer: Recording.At(%d) out of range [0, %d)", i, r.n))
	}
	c := &r.chunks[i>>chunkShift]
	rec := &c.recs[i&chunkMask]
	e := Event{
		Seq:  c.base + int64(rec.seq),
		Node: rec.node, Parent: rec.parent, Ref: rec.ref,
		Alpha: rec.alpha, Beta: rec.beta, Score: rec.score,
		Ply: int32(rec.ply), Depth: rec.depth, Index: rec.index,
		Kind: rec.kind, End: rec.end,
		Expect: NodeType(rec.types & 3), Actual: NodeType(rec.types >> 2 & 3), Bound: Bound(rec.types >> 4 & 3),
		Method: Method(rec.cut & 7), Reason: Reason(rec.cut >> 3 & 63), Derived: rec.cut&derivedBit != 0,
		Move: r.moveAt(rec.move),
	}
	if rec.seq == seqFar {
		e.Seq = r.farSeq[i]
	}
	if rec.ply == plyFar {
		e.Ply = r.farPly[i]
	}
	if off := i & chunkMask; off < len(c.marks) {
		if m := c.marks[off]; m != 0 {
			mk := &r.marks[m]
			e.Reduced, e.Extended, e.Why, e.Sub, e.Excluded = mk.reduced, mk.extended, mk.why, mk.sub, mk.excluded
		}
	}
	if rec.cut&keyBit != 0 {
		k := c.keys[i&chunkMask]
		e.Key, e.HasKey, e.Raw, e.HasRaw = k.key, true, k.raw, k.hasRaw
	}
	if rec.pv != 0 {
		line := r.pvs[rec.pv]
		e.PV = line[:len(line):len(line)] // an append by the caller cannot write into the table
	}
	return e
}

func (r *Recording) moveAt(i int32) string {
	if i == 0 {
		return ""
	}
	return r.moves[i]
}

// Events returns every event in order, in a new slice.
func (r *Recording) Events() []Event {
	es := make([]Event, r.n)
	for i := range es {
		es[i] = r.At(i)
	}
	return es
}

package tracer

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"unicode/utf8"
)

// A trace file is JSON Lines: a header line, then one event per line.
//
//	{"format":"pvscope-trace","version":1,"meta":{"algo":"pvs","fen":"..."}}
//	{"seq":1,"kind":"search-start","depth":3}
//	{"seq":2,"kind":"iteration-start","depth":1,"alpha":-32000,"beta":32000}
//
// Fields are written in a fixed order: seq, kind, node, parent, ref, ply, depth,
// index, move, reduced, extended, why, subsearch, excluded, alpha, beta, score, raw, key, expect, actual, bound,
// end, method, reason, pv, derived (only when true). Zero is a
// meaningful alpha, score or index, so each kind always writes the fields it is
// about (see alwaysFields), zero or not, and any other field only when it is set.
// Names (kind, node type, bound, end) are written as their String form.
const (
	FormatName = "pvscope-trace"
	Version    = 1
)

// Header is the first line of a trace file. Meta holds what the trace was made
// from, such as the position, the algorithm and the options.
type Header struct {
	Format  string            `json:"format"`
	Version int               `json:"version"`
	Meta    map[string]string `json:"meta,omitempty"`
}

// Field bits for alwaysFields.
const (
	fNode = 1 << iota
	fParent
	fRef
	fPly
	fDepth
	fIndex
	fMove
	fAlpha
	fBeta
	fScore
	fExpect
	fActual
	fBound
	fEnd
	fMethod
	fReason
	fPV
	fWhy
)

// alwaysFields are the fields each kind writes even when zero.
var alwaysFields = [kindEnd]uint32{
	SearchStart:    fDepth,
	SearchEnd:      fDepth | fScore | fPV,
	IterationStart: fDepth | fAlpha | fBeta,
	IterationEnd:   fDepth | fScore,
	AspirationFail: fDepth | fScore | fAlpha | fBeta,
	Enter:          fNode | fParent | fPly | fDepth | fIndex | fAlpha | fBeta | fExpect,
	Exit:           fNode | fScore | fActual,
	Probe:          fNode | fIndex | fAlpha | fBeta,
	FailHigh:       fNode | fIndex | fScore | fAlpha | fBeta,
	FailLow:        fNode | fIndex | fScore | fAlpha | fBeta,
	ReSearch:       fNode | fIndex | fRef | fAlpha | fBeta,
	Cutoff:         fNode | fIndex | fScore | fBeta,
	TTProbe:        fNode,
	TTHit:          fNode | fBound | fDepth | fScore,
	TTCutoff:       fNode | fScore,
	TTStore:        fNode | fBound | fDepth | fScore,
	PVUpdate:       fNode | fIndex | fScore | fAlpha | fBeta | fPV,
	RootPV:         fDepth | fScore | fPV,
	PVLine:         fDepth | fScore | fMethod | fPV,
	PVCut:          fNode | fPly | fDepth | fMethod | fReason,
	Prune:          fNode | fMove | fWhy,
	StandPat:       fNode | fScore,
	MoveValue:      fNode | fIndex | fMove | fScore,
}

// Writer writes a trace file. It is a Sink; since Emit cannot return an error,
// the first write error is kept and reported by Err and Flush.
// Call Flush when the search is over.
type Writer struct {
	bw  *bufio.Writer
	buf []byte // one encoded line, reused
	err error
}

// NewWriter writes the header line to w and returns a Writer for the events.
// Format and Version may be left zero; any other values are an error.
func NewWriter(w io.Writer, h Header) (*Writer, error) {
	if h.Format == "" {
		h.Format = FormatName
	}
	if h.Version == 0 {
		h.Version = Version
	}
	if h.Format != FormatName || h.Version != Version {
		return nil, fmt.Errorf("tracer: cannot write format %q version %d: this pvscope writes %q version %d",
			h.Format, h.Version, FormatName, Version)
	}
	line, err := json.Marshal(h)
	if err != nil {
		return nil, err
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	bw.Write(line)
	if err := bw.WriteByte('\n'); err != nil {
		return nil, err
	}
	return &Writer{bw: bw, buf: make([]byte, 0, 256)}, nil
}

// Emit implements Sink.
func (w *Writer) Emit(e Event) {
	w.buf = appendEvent(w.buf[:0], &e)
	if _, err := w.bw.Write(w.buf); err != nil && w.err == nil {
		w.err = err
	}
}

// Flush writes any buffered data and returns the first error so far.
func (w *Writer) Flush() error {
	if err := w.bw.Flush(); err != nil && w.err == nil {
		w.err = err
	}
	return w.err
}

// Err returns the first write error, or nil.
func (w *Writer) Err() error { return w.err }

// appendEvent appends e as one JSON line, newline included.
func appendEvent(b []byte, e *Event) []byte {
	var always uint32
	if e.Kind < kindEnd {
		always = alwaysFields[e.Kind]
	}
	num := func(b []byte, bit uint32, name string, v int64) []byte {
		if always&bit == 0 && v == 0 {
			return b
		}
		b = append(b, name...)
		return strconv.AppendInt(b, v, 10)
	}
	str := func(b []byte, bit uint32, name, v string) []byte {
		if always&bit == 0 && v == "" {
			return b
		}
		b = append(b, name...)
		return appendString(b, v)
	}
	b = append(b, `{"seq":`...)
	b = strconv.AppendInt(b, e.Seq, 10)
	b = append(b, `,"kind":`...)
	b = appendString(b, e.Kind.String())
	b = num(b, fNode, `,"node":`, int64(e.Node))
	b = num(b, fParent, `,"parent":`, int64(e.Parent))
	b = num(b, fRef, `,"ref":`, int64(e.Ref))
	b = num(b, fPly, `,"ply":`, int64(e.Ply))
	b = num(b, fDepth, `,"depth":`, int64(e.Depth))
	b = num(b, fIndex, `,"index":`, int64(e.Index))
	b = str(b, fMove, `,"move":`, e.Move)
	b = num(b, 0, `,"reduced":`, int64(e.Reduced))
	b = num(b, 0, `,"extended":`, int64(e.Extended))
	b = str(b, fWhy, `,"why":`, e.Why)
	b = str(b, 0, `,"subsearch":`, e.Sub)
	b = str(b, 0, `,"excluded":`, e.Excluded)
	b = num(b, fAlpha, `,"alpha":`, int64(e.Alpha))
	b = num(b, fBeta, `,"beta":`, int64(e.Beta))
	b = num(b, fScore, `,"score":`, int64(e.Score))
	if e.HasRaw {
		b = append(b, `,"raw":`...)
		b = strconv.AppendInt(b, int64(e.Raw), 10)
	}
	if e.HasKey {
		b = append(b, `,"key":"`...)
		b = strconv.AppendUint(b, e.Key, 16)
		b = append(b, '"')
	}
	b = str(b, fExpect, `,"expect":`, e.Expect.String())
	b = str(b, fActual, `,"actual":`, e.Actual.String())
	b = str(b, fBound, `,"bound":`, e.Bound.String())
	b = str(b, fEnd, `,"end":`, e.End.String())
	b = str(b, fMethod, `,"method":`, e.Method.String())
	b = str(b, fReason, `,"reason":`, e.Reason.String())
	if always&fPV != 0 || len(e.PV) > 0 {
		b = append(b, `,"pv":[`...)
		for i, m := range e.PV {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendString(b, m)
		}
		b = append(b, ']')
	}
	if e.Derived {
		b = append(b, `,"derived":true`...)
	}
	return append(b, "}\n"...)
}

// AppendJSONString appends s as a JSON string: what another writer of JSON
// (the server's frames) uses for the trace's own strings.
func AppendJSONString(b []byte, s string) []byte { return appendString(b, s) }

// appendString appends s as a JSON string. strconv.Quote is not JSON: it writes
// \x escapes, which JSON does not have.
func appendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c >= 0x20 && c != '"' && c != '\\' && c < utf8.RuneSelf:
			b = append(b, c)
			i++
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
			i++
		case c == '\n':
			b = append(b, '\\', 'n')
			i++
		case c == '\t':
			b = append(b, '\\', 't')
			i++
		case c < 0x20:
			b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			i++
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				b = append(b, `\ufffd`...)
			} else {
				b = append(b, s[i:i+size]...)
			}
			i += size
		}
	}
	return append(b, '"')
}

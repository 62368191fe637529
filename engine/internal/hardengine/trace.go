package hardengine

import (
	"bufio"
	"io"
	"strconv"
)

// traceWriter writes pvscope's trace as an engine outside the project would
// (docs/trace-format.md, "Your own engine's trace"): the minimal enter and exit per node,
// plus what a fail-hard engine with stand pat, aspiration windows and a PV
// table has to say: meta.bounds "fail-hard", stand-pat, each iteration's
// window, its own line (root-pv, iteration-end) and the move it plays
// (search-end).
type traceWriter struct {
	w   *bufio.Writer
	buf []byte
	err error
}

func newTraceWriter(w io.Writer, fen string) *traceWriter {
	t := &traceWriter{w: bufio.NewWriterSize(w, 1<<16)}
	b := append(t.buf[:0], `{"format":"pvscope-trace","version":1,"meta":{"engine":"hardengine","bounds":"fail-hard","fen":`...)
	b = strconv.AppendQuote(b, fen)
	b = t.field(b, "mate", Mate)
	b = t.field(b, "mateBand", MateBand)
	b = t.field(b, "infinity", Infinity)
	t.write(append(b, "}}\n"...))
	return t
}

func (t *traceWriter) field(b []byte, name string, v int) []byte {
	b = append(b, `,"`...)
	b = append(b, name...)
	b = append(b, `":`...)
	return strconv.AppendInt(b, int64(v), 10)
}

func (t *traceWriter) kind(k string) []byte {
	return append(append(t.buf[:0], `{"kind":"`...), k+`"`...)
}

func (t *traceWriter) line(b []byte, name string, pv []string) []byte {
	b = append(b, `,"`+name+`":[`...)
	for i, m := range pv {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendQuote(b, m)
	}
	return append(b, ']')
}

// enter: reduced or extended plies (at most one of them) with why.
func (t *traceWriter) enter(node, parent int64, mv string, alpha, beta, depth, reduced, extended int, why string) {
	b := t.kind("enter")
	b = t.field(b, "node", int(node))
	b = t.field(b, "parent", int(parent))
	b = append(b, `,"move":`...)
	b = strconv.AppendQuote(b, mv)
	b = t.field(b, "alpha", alpha)
	b = t.field(b, "beta", beta)
	b = t.field(b, "depth", depth)
	if reduced > 0 {
		b = t.field(b, "reduced", reduced)
	}
	if extended > 0 {
		b = t.field(b, "extended", extended)
	}
	if reduced > 0 || extended > 0 {
		b = append(b, `,"why":`...)
		b = strconv.AppendQuote(b, why)
	}
	t.write(append(b, "}\n"...))
}

func (t *traceWriter) exit(node int64, score int, end string) {
	b := t.kind("exit")
	b = t.field(b, "node", int(node))
	b = t.field(b, "score", score)
	if end != "" {
		b = append(b, `,"end":`...)
		b = strconv.AppendQuote(b, end)
	}
	t.write(append(b, "}\n"...))
}

func (t *traceWriter) standPat(node int64, score int) {
	b := t.kind("stand-pat")
	b = t.field(b, "node", int(node))
	b = t.field(b, "score", score)
	t.write(append(b, "}\n"...))
}

func (t *traceWriter) iterationStart(depth, alpha, beta int) {
	b := t.kind("iteration-start")
	b = t.field(b, "depth", depth)
	b = t.field(b, "alpha", alpha)
	b = t.field(b, "beta", beta)
	t.write(append(b, "}\n"...))
}

// rootLine writes root-pv or iteration-end with the engine's own line.
func (t *traceWriter) rootLine(kind string, depth, score int, pv []string) {
	b := t.kind(kind)
	b = t.field(b, "depth", depth)
	b = t.field(b, "score", score)
	b = t.line(b, "pv", pv)
	t.write(append(b, "}\n"...))
}

func (t *traceWriter) searchEnd(depth, score int, mv string, pv []string) {
	b := t.kind("search-end")
	b = t.field(b, "depth", depth)
	b = t.field(b, "score", score)
	b = t.line(b, "pv", pv)
	if mv != "" {
		b = append(b, `,"move":`...)
		b = strconv.AppendQuote(b, mv)
	}
	t.write(append(b, "}\n"...))
}

func (t *traceWriter) write(b []byte) {
	t.buf = b
	if t.err == nil {
		_, t.err = t.w.Write(b)
	}
}

func (t *traceWriter) flush() error {
	if t.err != nil {
		return t.err
	}
	return t.w.Flush()
}

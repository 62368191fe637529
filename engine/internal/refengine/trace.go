package refengine

import (
	"bufio"
	"io"
	"strconv"
)

// traceWriter writes pvscope's minimal trace by hand, as another engine would
// (docs/trace-format.md, "Your own engine's trace"): a header, then enter and exit per node,
// with the optional reduced/why on enter and end on exit.
type traceWriter struct {
	w    *bufio.Writer
	buf  []byte
	next int32 // the last node id given
	err  error
}

func newTraceWriter(w io.Writer, fen string) *traceWriter {
	t := &traceWriter{w: bufio.NewWriterSize(w, 1<<16)}
	t.line(`{"format":"pvscope-trace","version":1,"meta":{"engine":"refengine","fen":` + strconv.Quote(fen) +
		`,"mate":` + strconv.Itoa(Mate) + `,"mateBand":` + strconv.Itoa(MateBand) + `,"infinity":` + strconv.Itoa(Infinity) + `}}`)
	return t
}

func (t *traceWriter) line(s string) {
	if t.err == nil {
		_, t.err = t.w.WriteString(s + "\n")
	}
}

// enter writes a node's enter and returns its id.
func (t *traceWriter) enter(parent int32, mv string, alpha, beta, depth, reduced int, why string) int32 {
	t.next++
	b := append(t.buf[:0], `{"kind":"enter","node":`...)
	b = strconv.AppendInt(b, int64(t.next), 10)
	b = append(b, `,"parent":`...)
	b = strconv.AppendInt(b, int64(parent), 10)
	b = append(b, `,"move":`...)
	b = strconv.AppendQuote(b, mv)
	b = append(b, `,"alpha":`...)
	b = strconv.AppendInt(b, int64(alpha), 10)
	b = append(b, `,"beta":`...)
	b = strconv.AppendInt(b, int64(beta), 10)
	b = append(b, `,"depth":`...)
	b = strconv.AppendInt(b, int64(depth), 10)
	if reduced > 0 {
		b = append(b, `,"reduced":`...)
		b = strconv.AppendInt(b, int64(reduced), 10)
		b = append(b, `,"why":`...)
		b = strconv.AppendQuote(b, why)
	}
	b = append(b, "}\n"...)
	t.write(b)
	return t.next
}

// exit writes a node's exit; end is "" or one of the trace's end words.
func (t *traceWriter) exit(node int32, score int, end string) {
	b := append(t.buf[:0], `{"kind":"exit","node":`...)
	b = strconv.AppendInt(b, int64(node), 10)
	b = append(b, `,"score":`...)
	b = strconv.AppendInt(b, int64(score), 10)
	if end != "" {
		b = append(b, `,"end":`...)
		b = strconv.AppendQuote(b, end)
	}
	b = append(b, "}\n"...)
	t.write(b)
}

// pvUpdate writes a pv-update (only the planted bug does).
func (t *traceWriter) pvUpdate(node int32, mv string, score, alpha, beta int, line []string) {
	b := append(t.buf[:0], `{"kind":"pv-update","node":`...)
	b = strconv.AppendInt(b, int64(node), 10)
	b = append(b, `,"move":`...)
	b = strconv.AppendQuote(b, mv)
	for _, f := range []struct {
		name string
		v    int
	}{{"score", score}, {"alpha", alpha}, {"beta", beta}} {
		b = append(b, `,"`+f.name+`":`...)
		b = strconv.AppendInt(b, int64(f.v), 10)
	}
	b = append(b, `,"pv":[`...)
	for i, m := range line {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendQuote(b, m)
	}
	b = append(b, "]}\n"...)
	t.write(b)
}

// rootPV writes the engine's own line for a depth.
func (t *traceWriter) rootPV(depth, score int, line []string) {
	b := append(t.buf[:0], `{"kind":"root-pv","depth":`...)
	b = strconv.AppendInt(b, int64(depth), 10)
	b = append(b, `,"score":`...)
	b = strconv.AppendInt(b, int64(score), 10)
	b = append(b, `,"pv":[`...)
	for i, m := range line {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendQuote(b, m)
	}
	b = append(b, "]}\n"...)
	t.write(b)
}

func (t *traceWriter) iteration(kind string, depth, score int, withScore bool) {
	b := append(t.buf[:0], `{"kind":"`+kind+`","depth":`...)
	b = strconv.AppendInt(b, int64(depth), 10)
	if withScore {
		b = append(b, `,"score":`...)
		b = strconv.AppendInt(b, int64(score), 10)
	}
	b = append(b, "}\n"...)
	t.write(b)
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

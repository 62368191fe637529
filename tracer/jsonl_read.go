package tracer

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"strconv"

	"github.com/pvscope/pvscope/tracer/msg"
)

// maxLine bounds one line of a trace, its \r included and its \n not, so a
// corrupt file cannot exhaust memory. The scanner's buffer holds the line and
// the \n it looks for: one byte more.
const maxLine = 16<<20 - 1

// Reader reads a trace file.
type Reader struct {
	sc   *bufio.Scanner
	line int // the number of the last line read, from 1
	h    Header
}

// NewReader reads and checks the header line.
func NewReader(r io.Reader) (*Reader, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxLine+1)
	rd := &Reader{sc: sc}
	line, err := rd.nextLine()
	if err == io.EOF {
		return nil, msg.New("go-tracer.emptyFile", "tracer: empty trace: want a header line like {example}", "example", headerExample)
	}
	if err != nil {
		return nil, err
	}
	var h struct {
		Format  string                     `json:"format"`
		Version int                        `json:"version"`
		Meta    map[string]json.RawMessage `json:"meta"`
		Kind    *string                    `json:"kind"`
	}
	if exact, ok := exactKeys(line, headerKeys); ok {
		line = exact // the header's keys are case-sensitive too
	}
	if err := json.Unmarshal(line, &h); err != nil {
		return nil, msg.New("go-tracer.headerNotJSON", "tracer: not a pvscope trace: line {line} is not a header ({error}); want one like {example}", "line", rd.line, "error", err, "example", headerExample)
	}
	switch {
	case h.Format == "" && h.Kind != nil:
		return nil, msg.New("go-tracer.headerMissing", "tracer: trace has no header: line {line} is an event; want a header like {example}", "line", rd.line, "example", headerExample)
	case h.Format != FormatName:
		return nil, msg.New("go-tracer.headerFormat", `tracer: not a pvscope trace: header format is "{format}", want "{want}"`, "format", clipQuoted(h.Format), "want", FormatName)
	case h.Version == 0:
		return nil, msg.New("go-tracer.headerNoVersion", "tracer: trace header has no version; want one like {example}", "example", headerExample)
	case h.Version != Version:
		return nil, msg.New("go-tracer.headerVersion", "tracer: trace version {version} is not supported: this pvscope reads version {want}", "version", h.Version, "want", Version)
	}
	rd.h = Header{Format: h.Format, Version: h.Version, Meta: metaStrings(h.Meta)}
	if err := checkMeta(rd.h.Meta); err != nil { // jsonl_wordlen.go
		return nil, err
	}
	return rd, nil
}

// metaStrings keeps the header's meta as strings: another engine may write
// "mate":32000 as a number, which means the same as "32000".
func metaStrings(raw map[string]json.RawMessage) map[string]string {
	if len(raw) == 0 {
		return nil
	}
	meta := make(map[string]string, len(raw))
	for k, v := range raw {
		var s string
		if json.Unmarshal(v, &s) == nil {
			meta[k] = s
		} else {
			meta[k] = string(bytes.TrimSpace(v))
		}
	}
	return meta
}

// Line is the number of the last line read, counting the header as line 1.
func (r *Reader) Line() int { return r.line }

const headerExample = `{"format":"pvscope-trace","version":1}`

// Header returns the header read by NewReader.
func (r *Reader) Header() Header { return r.h }

// nextLine returns the next line that is not blank.
func (r *Reader) nextLine() ([]byte, error) {
	for r.sc.Scan() {
		if r.sc.Err() != nil {
			break // what came before a read's error, maybe a line it cut: the error is said instead
		}
		r.line++
		if line := bytes.TrimSpace(r.sc.Bytes()); len(line) > 0 {
			return line, nil
		}
	}
	if err := r.sc.Err(); err != nil {
		if err == bufio.ErrTooLong {
			return nil, msg.New("go-tracer.lineTooLong", "tracer: trace line {line}: longer than {max} bytes", "line", r.line+1, "max", maxLine)
		}
		// Still err underneath: a reader's error (the server's http.MaxBytesError) stays for errors.As.
		return nil, &keyedWrap{msg.New("go-tracer.lineUnread", "tracer: trace line {line}: {error}", "line", r.line+1, "error", err), err}
	}
	return nil, io.EOF
}

// jsonEvent is an Event as decoded, with names still strings.
type jsonEvent struct {
	Seq      int64    `json:"seq"`
	Kind     string   `json:"kind"`
	Node     int32    `json:"node"`
	Parent   int32    `json:"parent"`
	Ref      int32    `json:"ref"`
	Ply      int32    `json:"ply"`
	Depth    int16    `json:"depth"`
	Index    int16    `json:"index"`
	Move     string   `json:"move"`
	Reduced  int16    `json:"reduced"`
	Extended int16    `json:"extended"`
	Why      string   `json:"why"`
	Sub      string   `json:"subsearch"`
	Excluded string   `json:"excluded"`
	Alpha    int32    `json:"alpha"`
	Beta     int32    `json:"beta"`
	Score    int32    `json:"score"`
	Expect   string   `json:"expect"`
	Actual   string   `json:"actual"`
	Bound    string   `json:"bound"`
	End      string   `json:"end"`
	Method   string   `json:"method"`
	Reason   string   `json:"reason"`
	PV       []string `json:"pv"`
	Derived  bool     `json:"derived"`
	Key      jsonKey  `json:"key"`
	Raw      jsonRaw  `json:"raw"`
	hasDepth bool     // depth was given (read by the fast decoder, or slowHasDepth)
}

// Next returns the next event, or io.EOF after the last one. An error for a
// bad line names the line; the line after it can still be read.
func (r *Reader) Next() (Event, error) {
	line, err := r.nextLine()
	if err != nil {
		return Event{}, err
	}
	return decodeEvent(line, r.line)
}

// decodeEvent decodes line n of a trace. Its error names the line, and is
// one sentence with the line as a parameter, for the page to say it.
func decodeEvent(line []byte, n int) (Event, error) {
	var j jsonEvent
	if !fastDecode(line, &j) {
		// json.Unmarshal makes what it is given escape: decode the rare
		// line the fast reader refuses into its own event, so that j stays
		// on the stack (it cost ~300 bytes an event on the heap).
		slow := new(jsonEvent)
		if err := slowDecode(line, slow); err != nil {
			return Event{}, msg.New("go-tracer.lineBadJSON", "tracer: trace line {line}: bad JSON: {error}", "line", n, "error", err)
		}
		j = *slow
	}
	if j.Kind == "" {
		return Event{}, msg.New("go-tracer.lineNoKind", `tracer: trace line {line}: event has no "kind"`, "line", n)
	}
	if err := checkMoveNames(&j, n); err != nil {
		return Event{}, err
	}
	if err := checkWords(&j, n); err != nil { // jsonl_wordlen.go
		return Event{}, err
	}
	e := Event{
		Seq: j.Seq, Node: j.Node, Parent: j.Parent, Ref: j.Ref,
		Ply: j.Ply, Depth: j.Depth, Index: j.Index, Move: j.Move,
		Alpha: j.Alpha, Beta: j.Beta, Score: j.Score, Derived: j.Derived,
		Reduced: j.Reduced, Extended: j.Extended, Why: j.Why,
		Sub: j.Sub, Excluded: j.Excluded,
	}
	var err error
	// The words a field may say are the Parse functions'; their errors
	// ("unknown bound %q") are said again here as whole sentences.
	if e.Kind, err = ParseKind(j.Kind); err != nil {
		return Event{}, msg.New("go-tracer.lineUnknownKind", `tracer: trace line {line}: unknown event kind "{value}"`, "line", n, "value", clipQuoted(j.Kind))
	}
	if e.Expect, err = ParseNodeType(j.Expect); err != nil {
		return Event{}, msg.New("go-tracer.lineUnknownType", `tracer: trace line {line}: "{field}": unknown node type "{value}"`, "line", n, "field", "expect", "value", clipQuoted(j.Expect))
	}
	if e.Actual, err = ParseNodeType(j.Actual); err != nil {
		return Event{}, msg.New("go-tracer.lineUnknownType", `tracer: trace line {line}: "{field}": unknown node type "{value}"`, "line", n, "field", "actual", "value", clipQuoted(j.Actual))
	}
	if e.Bound, err = ParseBound(j.Bound); err != nil {
		return Event{}, msg.New("go-tracer.lineUnknownBound", `tracer: trace line {line}: "bound": unknown bound "{value}"`, "line", n, "value", clipQuoted(j.Bound))
	}
	if e.End, err = ParseEnd(j.End); err != nil {
		return Event{}, msg.New("go-tracer.lineUnknownEnd", `tracer: trace line {line}: "end": unknown end "{value}"`, "line", n, "value", clipQuoted(j.End))
	}
	if e.Method, err = ParseMethod(j.Method); err != nil {
		return Event{}, msg.New("go-tracer.lineUnknownMethod", `tracer: trace line {line}: "method": unknown PV method "{value}"`, "line", n, "value", clipQuoted(j.Method))
	}
	if e.Reason, err = ParseReason(j.Reason); err != nil {
		return Event{}, msg.New("go-tracer.lineUnknownReason", `tracer: trace line {line}: "reason": unknown PV cut reason "{value}"`, "line", n, "value", clipQuoted(j.Reason))
	}
	if len(j.PV) > 0 {
		e.PV = j.PV
	}
	if err := ttFields(&e, &j, n); err != nil {
		return Event{}, err
	}
	return e, nil
}

// ReadAll reads a whole trace file. It stops at the first error.
func ReadAll(r io.Reader) (Header, []Event, error) {
	rd, err := NewReader(r)
	if err != nil {
		return Header{}, nil, err
	}
	var events []Event
	for {
		e, err := rd.Next()
		if err == io.EOF {
			return rd.h, events, nil
		}
		if err != nil {
			return rd.h, events, err
		}
		events = append(events, e)
	}
}

// quoted is s as %q writes it, without the quotes: a template keeps them, so
// that the English is %q's for any s.
func quoted(s string) string {
	q := strconv.Quote(s)
	return q[1 : len(q)-1]
}

// keyedWrap is a keyed sentence about an error it still wraps: errors.Is and
// errors.As see both, msg.Keyed finds the sentence.
type keyedWrap struct {
	m   *msg.Error
	err error
}

func (w *keyedWrap) Error() string   { return w.m.Text }
func (w *keyedWrap) Unwrap() []error { return []error{w.m, w.err} }

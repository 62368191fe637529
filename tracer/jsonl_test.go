package tracer

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

func encode(e Event) string { return string(appendEvent(nil, &e)) }

func TestEncodeEnterLine(t *testing.T) {
	e := Event{Seq: 3, Kind: Enter, Node: 2, Parent: 1, Ply: 1, Depth: 1, Index: 0,
		Alpha: -32767, Beta: 32767, Expect: PV, Move: "e2e4"}
	want := `{"seq":3,"kind":"enter","node":2,"parent":1,"ply":1,"depth":1,"index":0,"move":"e2e4","alpha":-32767,"beta":32767,"expect":"pv"}` + "\n"
	if got := encode(e); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// The fields each kind writes when they are all zero.
func TestEncodeAlwaysFields(t *testing.T) {
	want := map[Kind]string{
		SearchStart:    `"depth":0`,
		SearchEnd:      `"depth":0,"score":0,"pv":[]`,
		IterationStart: `"depth":0,"alpha":0,"beta":0`,
		IterationEnd:   `"depth":0,"score":0`,
		AspirationFail: `"depth":0,"alpha":0,"beta":0,"score":0`,
		Enter:          `"node":0,"parent":0,"ply":0,"depth":0,"index":0,"alpha":0,"beta":0,"expect":""`,
		Exit:           `"node":0,"score":0,"actual":""`,
		Probe:          `"node":0,"index":0,"alpha":0,"beta":0`,
		FailHigh:       `"node":0,"index":0,"alpha":0,"beta":0,"score":0`,
		FailLow:        `"node":0,"index":0,"alpha":0,"beta":0,"score":0`,
		ReSearch:       `"node":0,"ref":0,"index":0,"alpha":0,"beta":0`,
		Cutoff:         `"node":0,"index":0,"beta":0,"score":0`,
		TTProbe:        `"node":0`,
		TTHit:          `"node":0,"depth":0,"score":0,"bound":""`,
		TTCutoff:       `"node":0,"score":0`,
		TTStore:        `"node":0,"depth":0,"score":0,"bound":""`,
		PVUpdate:       `"node":0,"index":0,"alpha":0,"beta":0,"score":0,"pv":[]`,
		RootPV:         `"depth":0,"score":0,"pv":[]`,
		PVLine:         `"depth":0,"score":0,"method":"","pv":[]`,
		PVCut:          `"node":0,"ply":0,"depth":0,"method":"","reason":""`,
		Prune:          `"node":0,"move":"","why":""`,
		StandPat:       `"node":0,"score":0`,
		MoveValue:      `"node":0,"index":0,"move":"","score":0`,
	}
	for _, k := range Kinds() {
		line := `{"seq":1,"kind":"` + k.String() + `",` + want[k] + "}\n"
		if got := encode(Event{Seq: 1, Kind: k}); got != line {
			t.Errorf("%v:\ngot  %s\nwant %s", k, got, line)
		}
	}
}

func TestJSONLRoundTrip(t *testing.T) {
	events := validTrace()
	rng := rand.New(rand.NewPCG(3, 4))
	moves := uciMoves(50)
	for i := range 500 {
		events = append(events, randomEvent(rng, int64(100+i), moves))
	}
	events = append(events,
		Event{Seq: 1000, Kind: Exit, Node: math.MaxInt32, Score: math.MinInt32, Alpha: math.MaxInt32,
			Ply: math.MinInt16, Depth: math.MaxInt16, Actual: All, End: Stopped},
		Event{Seq: math.MaxInt64, Kind: TTHit, Move: `q"\` + "\n\t\x01é♞", PV: []string{"", "a\u2028b"}},
		// The modern-search vocabulary: a null move, a reduced and an extended
		// visit with their reasons (one the engine's own word), a pruned move.
		Event{Seq: 1001, Kind: Enter, Node: 7, Parent: 6, Move: NullMove, Depth: 2, Reduced: 3, Why: WhyNullMove},
		Event{Seq: 1002, Kind: Enter, Node: 8, Parent: 7, Move: "g1f3", Depth: 5, Extended: 1, Why: "mine é"},
		Event{Seq: 1003, Kind: Prune, Node: 8, Move: "a2a3", Why: WhyFutility},
	)
	var buf bytes.Buffer
	meta := map[string]string{"fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "algo": "pvs"}
	w, err := NewWriter(&buf, Header{Meta: meta})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range events {
		w.Emit(e)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	for i, line := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
		if !json.Valid([]byte(line)) {
			t.Fatalf("line %d is not valid JSON: %s", i+1, line)
		}
	}

	h, got, err := ReadAll(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if want := (Header{Format: FormatName, Version: Version, Meta: meta}); !reflect.DeepEqual(h, want) {
		t.Errorf("header = %+v, want %+v", h, want)
	}
	for i := range events {
		if len(events[i].PV) == 0 {
			events[i].PV = nil
		}
	}
	if len(got) != len(events) {
		t.Fatalf("read %d events, wrote %d", len(got), len(events))
	}
	for i := range events {
		if !reflect.DeepEqual(got[i], events[i]) {
			t.Errorf("event %d:\ngot  %+v\nwant %+v", i, got[i], events[i])
		}
	}
}

func TestEncodeInvalidUTF8(t *testing.T) {
	line := encode(Event{Seq: 1, Kind: Probe, Move: "e2\xffe4"})
	var j jsonEvent
	if err := json.Unmarshal([]byte(line), &j); err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	if j.Move != "e2\uFFFDe4" {
		t.Errorf("move = %q, want the bad byte replaced by U+FFFD", j.Move)
	}
}

func TestReaderHeaderErrors(t *testing.T) {
	for _, tc := range []struct{ name, input, want string }{
		{"empty", "", "empty trace"},
		{"blank", "\n\n", "empty trace"},
		{"event first", `{"seq":1,"kind":"search-start","depth":3}`, "trace has no header"},
		{"not JSON", "hello\n", "not a pvscope trace"},
		{"other format", `{"format":"chess-log","version":1}`, `header format is "chess-log", want "pvscope-trace"`},
		{"newer version", `{"format":"pvscope-trace","version":2}`, "trace version 2 is not supported: this pvscope reads version 1"},
		{"no version", `{"format":"pvscope-trace"}`, "trace header has no version"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := NewReader(strings.NewReader(tc.input))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error = %v, want one containing %q", err, tc.want)
			}
		})
	}
}

func TestReaderLineErrors(t *testing.T) {
	const header = `{"format":"pvscope-trace","version":1}` + "\n"
	for _, tc := range []struct{ name, line, want string }{
		{"bad JSON", `{"seq":2,"kind":"enter",`, "trace line 3: bad JSON"},
		{"unknown kind", `{"seq":2,"kind":"enterr"}`, `trace line 3: unknown event kind "enterr"`},
		{"no kind", `{"seq":2}`, `trace line 3: event has no "kind"`},
		{"unknown expect", `{"seq":2,"kind":"enter","expect":"PV"}`, `trace line 3: "expect": unknown node type "PV"`},
		{"unknown actual", `{"seq":2,"kind":"exit","actual":"fail"}`, `trace line 3: "actual": unknown node type`},
		{"unknown bound", `{"seq":2,"kind":"tt-hit","bound":"exactly"}`, `trace line 3: "bound": unknown bound`},
		{"unknown end", `{"seq":2,"kind":"exit","end":"timeout"}`, `trace line 3: "end": unknown end`},
		{"overflow", `{"seq":2,"kind":"exit","depth":40000}`, "trace line 3: bad JSON"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			input := header + `{"seq":1,"kind":"search-start","depth":1}` + "\n" + tc.line + "\n" + `{"seq":3,"kind":"search-end","depth":1,"score":0,"pv":[]}` + "\n"
			r, err := NewReader(strings.NewReader(input))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := r.Next(); err != nil {
				t.Fatal(err)
			}
			_, err = r.Next()
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error = %v, want one containing %q", err, tc.want)
			}
			if e, err := r.Next(); err != nil || e.Kind != SearchEnd {
				t.Errorf("after a bad line, Next = %v, %v; want the search-end on the next line", e, err)
			}
			if _, err := r.Next(); err != io.EOF {
				t.Errorf("at the end, Next error = %v, want io.EOF", err)
			}
			if _, _, err := ReadAll(strings.NewReader(input)); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("ReadAll error = %v, want one containing %q", err, tc.want)
			}
		})
	}
}

func TestNewWriterRejectsOtherVersions(t *testing.T) {
	if _, err := NewWriter(io.Discard, Header{Version: 2}); err == nil {
		t.Error("NewWriter accepted version 2")
	}
	if _, err := NewWriter(io.Discard, Header{Format: "other"}); err == nil {
		t.Error(`NewWriter accepted format "other"`)
	}
}

type failingWriter struct{ n int }

func (f *failingWriter) Write(p []byte) (int, error) {
	if f.n == 0 {
		return 0, errors.New("disk full")
	}
	f.n--
	return len(p), nil
}

func TestWriterKeepsFirstError(t *testing.T) {
	w, err := NewWriter(&failingWriter{n: 1}, Header{})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range validTrace() {
		w.Emit(e)
	}
	if err := w.Flush(); err != nil {
		t.Fatalf("the first flush failed: %v", err)
	}
	if w.Err() != nil {
		t.Fatalf("Err = %v before any failing write", w.Err())
	}
	for range 10000 {
		w.Emit(validTrace()[4])
	}
	if err := w.Err(); err == nil || err.Error() != "disk full" {
		t.Errorf("Err = %v, want disk full", err)
	}
	if err := w.Flush(); err == nil || err.Error() != "disk full" {
		t.Errorf("Flush = %v, want disk full", err)
	}
}

func TestWriterEmitAllocs(t *testing.T) {
	w, err := NewWriter(io.Discard, Header{})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range []Event{validTrace()[4], validTrace()[6]} {
		if n := testing.AllocsPerRun(1000, func() { w.Emit(e) }); n != 0 {
			t.Errorf("Emit(%v) allocates %v times, want 0", e.Kind, n)
		}
	}
}

func BenchmarkWriterEmitDiscard(b *testing.B) {
	events := validTrace()
	w, err := NewWriter(io.Discard, Header{})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		w.Emit(events[i%len(events)])
	}
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
}

// The kinds issue 27 added, as an engine writes them by hand, read into
// their fields (the fast path takes them; the names are interned with the rest).
func TestReadStandPatAndMoveValue(t *testing.T) {
	in := `{"format":"pvscope-trace","version":1,"meta":{"bounds":"fail-hard"}}
{"kind":"stand-pat","node":4,"score":-12}
{"kind":"move-value","node":3,"index":2,"move":"g1f3","score":30}
{"kind":"search-end","depth":5,"score":30,"move":"g1f3","pv":["g1f3","g8f6"]}
`
	rd, err := NewReader(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if rd.Header().Meta["bounds"] != "fail-hard" {
		t.Errorf("meta %v", rd.Header().Meta)
	}
	want := []Event{
		{Kind: StandPat, Node: 4, Score: -12},
		{Kind: MoveValue, Node: 3, Index: 2, Move: "g1f3", Score: 30},
		{Kind: SearchEnd, Depth: 5, Score: 30, Move: "g1f3", PV: []string{"g1f3", "g8f6"}},
	}
	for i, w := range want {
		e, err := rd.Next()
		if err != nil {
			t.Fatal(err)
		}
		e.Seq = 0
		if !reflect.DeepEqual(e, w) {
			t.Errorf("line %d: %+v, want %+v", i+2, e, w)
		}
	}
}

package server

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/pvscope/pvscope/engine"
	"github.com/pvscope/pvscope/server/session"
	"github.com/pvscope/pvscope/tracer"
)

// brokenMateTrace is a minimal trace written by hand to break three rules,
// known by construction: node 2 exits saying "cut" with a score inside its
// window (actual-type, line 6); the root's pv-update scores 35000 in the
// window (35000, 50000), not strictly inside (pv-update-window, line 7);
// node 9 exits without ever being entered (writer-exit, the trace writer's mistake, line 12). Its engine
// writes infinity as 50000 and mate as 48000: the root's 47999 is mate in one
// (48000 - 47999 = 1 ply: Rd8 is mate in the back-rank position), while
// 35000, beyond pvscope's own 32000, is an ordinary score.
const brokenMateTrace = `{"format":"pvscope-trace","version":1,"meta":{"fen":"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1","mate":48000,"infinity":50000}}
{"kind":"enter","node":1,"parent":0,"move":"","alpha":-50000,"beta":50000,"depth":2}
{"kind":"enter","node":2,"parent":1,"move":"g1h1","alpha":-50000,"beta":50000,"depth":1}
{"kind":"enter","node":3,"parent":2,"move":"g8h8","alpha":-50000,"beta":50000,"depth":0}
{"kind":"exit","node":3,"score":35000}
{"kind":"exit","node":2,"score":-35000,"actual":"cut"}
{"kind":"pv-update","node":1,"move":"g1h1","score":35000,"alpha":35000,"beta":50000,"pv":["g1h1","g8h8"]}
{"kind":"enter","node":4,"parent":1,"move":"d1d8","alpha":-50000,"beta":-35000,"depth":1}
{"kind":"exit","node":4,"score":-47999}
{"kind":"exit","node":1,"score":47999}
{"kind":"root-pv","depth":2,"score":47999,"pv":["d1d8"]}
{"kind":"exit","node":9,"score":0}
`

// A trace that breaks rules opens: every violation is listed with its line
// and the node as the page numbers it, the exit of a node never entered is
// not passed on (the page's tree has no place for it), and the header's
// infinity and mate reach the page.
func TestReadTraceListsViolations(t *testing.T) {
	o, err := readTrace(strings.NewReader(brokenMateTrace))
	if err != nil {
		t.Fatalf("a trace that breaks rules is refused: %v", err)
	}
	type brief struct {
		Rule       string
		Line, Node int
	}
	var got []brief
	for _, v := range o.started.Violations {
		got = append(got, brief{v.Rule, v.Line, int(v.Node)})
	}
	want := []brief{{"actual-type", 6, 2}, {"pv-update-window", 7, 1}, {"writer-exit", 12, 0}}
	if !reflect.DeepEqual(got, want) || o.started.ViolationCount != 3 {
		t.Errorf("violations %+v (count %d), want %+v", got, o.started.ViolationCount, want)
	}
	events := o.rec.Events()
	if v := o.started.Violations[0]; events[v.Event].Kind != tracer.Exit || events[v.Event].Node != 2 {
		t.Errorf("the actual-type violation points at event %d, %+v; want node 2's exit", v.Event, events[v.Event])
	}
	exits := 0
	for _, e := range events {
		if e.Kind == tracer.Exit {
			exits++
			if e.Node < 1 || e.Node > 4 {
				t.Errorf("an exit of node %d reached the page", e.Node)
			}
		}
	}
	if exits != 4 {
		t.Errorf("%d exits kept, want the 4 of the nodes entered", exits)
	}
	if s := o.started.Scores; s == nil || *s != (session.ScoreScale{Infinity: 50000, Mate: 48000, MateBand: 256}) {
		t.Errorf("scores %+v, want infinity 50000 and mate 48000 from the header", s)
	}
	if _, ok := o.started.Options["mate"]; ok {
		t.Errorf("mate is among the options: %v", o.started.Options)
	}
	r := o.done.Result
	if !reflect.DeepEqual(r.PV, []string{"d1d8"}) || r.Mate == nil || *r.Mate != 1 {
		t.Errorf("result pv %v mate %v, want [d1d8] and mate in 1", r.PV, r.Mate)
	}
}

// The search-end keeps the last root line: a root driver's null-window
// searches derive no PV, and the engine's own root-pv is the result.
func TestReadTraceEndKeepsTheLastRootLine(t *testing.T) {
	trace := `{"format":"pvscope-trace","version":1,"meta":{"fen":"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"}}
{"kind":"enter","node":1,"parent":0,"move":"","alpha":99,"beta":100,"depth":1}
{"kind":"enter","node":2,"parent":1,"move":"d1d8","alpha":-100,"beta":-99,"depth":0}
{"kind":"exit","node":2,"score":-500}
{"kind":"exit","node":1,"score":500}
{"kind":"root-pv","depth":1,"score":500,"pv":["d1d8"]}
`
	o, err := readTrace(strings.NewReader(trace))
	if err != nil {
		t.Fatal(err)
	}
	var end *tracer.Event
	for _, e := range o.rec.Events() {
		if e.Kind == tracer.SearchEnd {
			end = &e
		}
	}
	if end == nil || !reflect.DeepEqual(end.PV, []string{"d1d8"}) || !reflect.DeepEqual(o.done.Result.PV, []string{"d1d8"}) {
		t.Errorf("search-end %+v, result pv %v; want the root-pv's line d1d8", end, o.done.Result.PV)
	}
}

// pvscope's own scale when the header names none; the engine's when it does.
func TestScoreScaleMateMoves(t *testing.T) {
	var own *session.ScoreScale
	scale := func(meta map[string]string) *session.ScoreScale {
		s, err := session.ScoreScaleOf(meta)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	for _, c := range []struct {
		s     *session.ScoreScale
		score int32
		mate  int
		ok    bool
	}{
		{own, 29999, 1, true}, {own, -29998, -1, true}, {own, 29997, 2, true}, {own, 500, 0, false},
		{scale(map[string]string{"mate": "48000"}), 47968, 16, true},
		{scale(map[string]string{"mate": "48000"}), 35000, 0, false},
		{scale(map[string]string{"mate": "48000"}), 48001, 0, false}, // its infinity: 48000 + 1
		{scale(map[string]string{"mate": "48000", "mateBand": "100"}), 47901, 50, true},
		{scale(map[string]string{"mate": "48000", "mateBand": "100"}), 47800, 0, false},
		{scale(map[string]string{"infinity": "100000"}), 29999, 1, true}, // pvscope's mate
	} {
		m, ok := c.s.MateMoves(c.score)
		if m != c.mate || ok != c.ok {
			t.Errorf("%+v: %d is (%d, %v), want (%d, %v)", c.s, c.score, m, ok, c.mate, c.ok)
		}
	}
}

// pvscope view opens a trace that breaks rules too (OpenTraceFile is its
// path): the token plays it with its violations listed.
func TestOpenTraceFileKeepsABrokenTrace(t *testing.T) {
	path := filepath.Join(t.TempDir(), "broken.jsonl")
	if err := os.WriteFile(path, []byte(brokenMateTrace), 0o644); err != nil {
		t.Fatal(err)
	}
	s := New(context.Background(), DefaultLimits())
	tok, err := s.OpenTraceFile(path)
	if err != nil {
		t.Fatalf("pvscope view refuses a trace that breaks rules: %v", err)
	}
	if o := s.traces.get(tok); o == nil || o.started.ViolationCount != 3 {
		t.Errorf("the opened trace %+v; want it kept with 3 violations", o)
	}
}

// The header's scale: pvscope's defaults for what it leaves out, nothing for
// a header that names none; a key that is not part of a scale is left out
// (with an error to warn of) and the others stand: a band no wider than the mate.
func TestScoreScaleOf(t *testing.T) {
	for _, c := range []struct {
		meta map[string]string
		want *session.ScoreScale
		bad  bool
	}{
		{map[string]string{"fen": "x"}, nil, false},
		{map[string]string{"mate": "48000"}, &session.ScoreScale{Infinity: 48001, Mate: 48000, MateBand: 256}, false},
		{map[string]string{"mate": "20000"}, &session.ScoreScale{Infinity: 32000, Mate: 20000, MateBand: 256}, false},
		{map[string]string{"mate": "48000", "infinity": "60000", "mateBand": "500"}, &session.ScoreScale{Infinity: 60000, Mate: 48000, MateBand: 500}, false},
		{map[string]string{"mate": "-3"}, &session.ScoreScale{Infinity: 32000, Mate: 30000, MateBand: 256}, true},
		{map[string]string{"mate": "100", "mateBand": "200"}, &session.ScoreScale{Infinity: 32000, Mate: 100, MateBand: 100}, true},
	} {
		got, err := session.ScoreScaleOf(c.meta)
		if (got == nil) != (c.want == nil) || got != nil && *got != *c.want || (err != nil) != c.bad {
			t.Errorf("%v: %+v, %v; want %+v, an error: %v", c.meta, got, err, c.want, c.bad)
		}
	}
}

// Reading a trace as the page's Open trace does (derivation, checker with
// Report, renumbering): events per second on pvscope's own trace of Kiwipete
// at depth 4, and on the same trace with every exit's actual type flipped,
// so that each exit is a violation.
func BenchmarkReadTrace(b *testing.B) {
	path := writeTraceTB(b, engine.Setup{FEN: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"}, map[string]string{"depth": "4"})
	clean, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	broken := strings.ReplaceAll(strings.ReplaceAll(strings.ReplaceAll(string(clean),
		`"actual":"all"`, `"actual":"x"`), `"actual":"cut"`, `"actual":"all"`), `"actual":"x"`, `"actual":"cut"`)
	for _, c := range []struct{ name, data string }{{"clean", string(clean)}, {"every-exit-broken", broken}} {
		b.Run(c.name, func(b *testing.B) {
			var events int
			for b.Loop() {
				o, err := readTrace(strings.NewReader(c.data))
				if err != nil {
					b.Fatal(err)
				}
				events = o.rec.Len()
				b.ReportMetric(float64(o.started.ViolationCount), "violations")
			}
			b.ReportMetric(float64(events)*float64(b.N)/b.Elapsed().Seconds(), "events/s")
		})
	}
}

// A header with a key that is not part of a scale opens with the other keys and a warning.
func TestReadTraceWarnsOfABadScale(t *testing.T) {
	trace := strings.Replace(brokenMateTrace, `"mate":48000,"infinity":50000`, `"mate":100,"mateBand":200`, 1)
	o, err := readTrace(strings.NewReader(trace))
	if err != nil {
		t.Fatal(err)
	}
	if o.started.Scores == nil || *o.started.Scores != (session.ScoreScale{Infinity: 32000, Mate: 100, MateBand: 100}) || o.started.WarningCount != 1 || o.started.Warnings[0].Rule != "meta" || o.started.Warnings[0].Line != 1 ||
		!strings.Contains(o.started.Warnings[0].Message, "mateBand 200 is wider than meta.mate 100") {
		t.Errorf("scores %+v, warnings %+v; want the mate kept (band at most the mate) and the meta warning", o.started.Scores, o.started.Warnings)
	}
}

// A header's pov or bounds word the format does not know opens the trace with
// a meta warning on line 1, keyed for the page's catalogs.
func TestReadTraceWarnsOfAnUnknownConventionWord(t *testing.T) {
	trace := strings.Replace(brokenMateTrace, `"mate":48000,"infinity":50000`, `"pov":"White"`, 1)
	o, err := readTrace(strings.NewReader(trace))
	if err != nil {
		t.Fatal(err)
	}
	w := o.started.Warnings
	if o.started.WarningCount != 1 || len(w) != 1 || w[0].Rule != "meta" || w[0].Line != 1 || w[0].Key != "go-tracer.metaPovUnknown" ||
		w[0].Message != `meta.pov "White" is neither "negamax" nor "white" (read as "negamax")` {
		t.Errorf("warnings %+v; want the meta warning of pov White on line 1", w)
	}
}

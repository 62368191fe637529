package tracer

import (
	"bytes"
	"io"
	"strings"
	"testing"
)

// A trace file may come from anywhere: reading one must never panic.
func FuzzReadAll(f *testing.F) {
	f.Add(`{"format":"pvscope-trace","version":1}` + "\n" + `{"seq":1,"kind":"search-start","depth":2}` + "\n")
	f.Add(`{"format":"pvscope-trace","version":2}` + "\n")
	f.Add(`{"format":"pvscope-trace","version":1}` + "\n" + `{"seq":3,"kind":"enter","node":2,"parent":1,"expect":"pv","pv":["e2e4"]}` + "\n")
	f.Add("")
	f.Fuzz(func(t *testing.T, text string) {
		_, events, err := ReadAll(strings.NewReader(text))
		if err == nil {
			_ = Check(events)
		}
	})
}

// readStream reads a trace event by event through a Deriver, as the server
// and pvscope check do, handing each event (read or derived) to sink; it
// stops at the first error.
func readStream(text []byte, sink func(Event)) error {
	rd, err := NewReader(bytes.NewReader(text))
	if err != nil {
		return err
	}
	d := NewDeriver(rd.Header(), func(e Event, _ int) { sink(e) })
	for {
		e, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		d.Add(e, rd.Line())
	}
	d.Finish(rd.Line())
	return nil
}

// fuzzSeeds are the hostile shapes of issue 32, small, and the rule
// breakers written by hand; testdata/fuzz holds more.
func fuzzSeeds(f *testing.F) {
	f.Add(chainTrace(40))
	f.Add(fanTrace(40))
	f.Add(longPVTrace(2, 40))
	f.Add([]byte(hostileHeader + `{"kind":"enter","node":1,"parent":1,"move":"\u001b[2J","alpha":-1,"beta":1,"depth":0}` + "\n" + `{"kind":"exit","node":1,"score":0}` + "\n"))
}

// Any bytes read as a trace, streamed and derived, end in events or an
// error, never a panic; reading them whole says the same.
func FuzzReadTrace(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, text []byte) {
		err := readStream(text, func(Event) {})
		if _, _, errAll := ReadAll(bytes.NewReader(text)); (err == nil) != (errAll == nil) {
			t.Fatalf("streamed: %v; whole: %v", err, errAll)
		}
	})
}

// Any trace that reads is checked and diagnosed without a panic, each
// violation with a sentence, and the checker's open path never deeper than
// the nodes entered.
func FuzzCheck(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, text []byte) {
		var chk Checker
		enters := 0
		chk.Report = func(v *Violation) {
			if v.Problem == "" || v.Rule == "" {
				t.Fatalf("a violation without a rule or sentence: %+v", v)
			}
		}
		chk.Warn = chk.Report
		var diag Diagnosis
		readStream(text, func(e Event) {
			if e.Kind == Enter {
				enters++
			}
			chk.Emit(e)
			diag.Emit(e)
			if len(chk.open) > enters {
				t.Fatalf("%d nodes open after %d enters", len(chk.open), enters)
			}
		})
		chk.Finish()
		diag.Finish()
	})
}

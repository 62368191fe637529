package main

import (
	"bytes"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/pvscope/pvscope/tracer"
)

// TestTraceKitTTHit: each kit (C, Python, Go) writes the table entries of
// tracer/testdata/tthit/tthit.jsonl, written by hand there, event for event
// (search-start and search-end apart: the hand wrote none); the Go kit's file
// is the C kit's byte for byte but for the writer's name; and pvscope check
// names each kit's trace as the hand worked it out: one violation, tt-depth at
// node 5, whose depth-2 node an entry of depth 1 answers (the entry of depth 4
// answering node 2 and the shallow one node 3 only orders its moves by are no
// violation). The C program also builds with tracing off.
func TestTraceKitTTHit(t *testing.T) {
	dir := t.TempDir()
	cBin := filepath.Join(dir, "tthit")
	buildC(t, "tracer/c/testdata/tthit.c", cBin, "-DPVSCOPE_TRACE")
	buildC(t, "tracer/c/testdata/tthit.c", filepath.Join(dir, "tthit-off"))
	writers := []struct {
		name string
		cmd  []string
	}{
		{"C", []string{cBin}},
		{"Python", []string{requireTool(t, "python3"), "tracer/python/testdata/tthit.py"}},
		{"Go", []string{buildGo(t, dir, "testdata/tthit")}},
	}
	_, want := readKitTrace(t, "tracer/testdata/tthit/tthit.jsonl")
	files := map[string][]byte{}
	for _, w := range writers {
		path := runTraced(t, w.cmd)
		files[w.name] = readBytes(t, path)
		h, events := readKitTrace(t, path)
		if h.Meta["bounds"] != "fail-soft" {
			t.Errorf("%s: meta %v, want bounds fail-soft", w.name, h.Meta)
		}
		var got []tracer.Event
		for _, e := range events {
			if e.Kind != tracer.SearchStart && e.Kind != tracer.SearchEnd {
				got = append(got, e)
			}
		}
		if len(got) != len(want) {
			t.Errorf("%s: %d events, the hand wrote %d", w.name, len(got), len(want))
		} else {
			for i := range got {
				if !reflect.DeepEqual(got[i], want[i]) {
					t.Errorf("%s: event %d is %+v, the hand wrote %+v", w.name, i+1, got[i], want[i])
					break
				}
			}
		}
		rep := kitReport(t, w.name, path)
		if rep.ViolationCount != 1 || len(rep.Violations) != 1 || rep.Violations[0].Rule != "tt-depth" || rep.Violations[0].Node != 5 {
			t.Errorf("%s: violations %+v, want one: tt-depth at node 5", w.name, rep.Violations)
		}
	}
	c := bytes.Replace(files["C"], []byte(`"writer":"pvscope_trace.h"`), []byte(`"writer":"gotrace"`), 1)
	if !bytes.Equal(c, files["Go"]) {
		t.Errorf("the Go kit wrote\n%s\nthe C kit\n%s", files["Go"], files["C"])
	}
}

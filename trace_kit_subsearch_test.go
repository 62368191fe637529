package main

import (
	"path/filepath"
	"reflect"
	"testing"

	"github.com/pvscope/pvscope/tracer"
)

// TestTraceKitSubSearches: each kit (C, Python, Go) writes the four
// searches of a node's own position written by hand in
// tracer/testdata/subsearch (IID at the root, a singular verification, a
// razoring verification inside a probe, then that probe searched again with no
// call naming its move, ProbCut's verification with a move of its own) event
// for event as the hand did, search-start and search-end apart (the hand
// wrote none). The C program also builds with tracing off.
func TestTraceKitSubSearches(t *testing.T) {
	dir := t.TempDir()
	cBin := filepath.Join(dir, "subsearch")
	buildC(t, "tracer/c/testdata/subsearch.c", cBin, "-DPVSCOPE_TRACE")
	buildC(t, "tracer/c/testdata/subsearch.c", filepath.Join(dir, "subsearch-off"))
	writers := []struct {
		name string
		cmd  []string
	}{
		{"C", []string{cBin}},
		{"Python", []string{requireTool(t, "python3"), "tracer/python/testdata/subsearch.py"}},
		{"Go", []string{buildGo(t, dir, "testdata/subsearch")}},
	}
	for _, kind := range []string{"iid", "singular", "razor", "probcut"} {
		_, want := readKitTrace(t, filepath.Join("tracer/testdata/subsearch", kind+".jsonl"))
		for _, w := range writers {
			h, events := readKitTrace(t, runTraced(t, w.cmd, kind))
			if h.Meta["bounds"] != "fail-soft" {
				t.Errorf("%s %s: meta %v, want bounds fail-soft", w.name, kind, h.Meta)
			}
			var got []tracer.Event
			for _, e := range events {
				if e.Kind != tracer.SearchStart && e.Kind != tracer.SearchEnd {
					got = append(got, e)
				}
			}
			if len(got) != len(want) {
				t.Errorf("%s %s: %d events, the hand wrote %d", w.name, kind, len(got), len(want))
				continue
			}
			for i := range got {
				if !reflect.DeepEqual(got[i], want[i]) {
					t.Errorf("%s %s: event %d is %+v, the hand wrote %+v", w.name, kind, i+1, got[i], want[i])
					break
				}
			}
		}
	}
}

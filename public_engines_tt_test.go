package main

import (
	"compress/gzip"
	"os"
	"path/filepath"
	"testing"

	"github.com/pvscope/pvscope/tracer"
)

// TestPublicEngineTracesCarryKeys (issue 41): the bbc and CounterGo traces
// carry the engine's own key on every tt-hit and tt-store, raw on both,
// stores on every position, and meta.ttMate "node" (both engines add the ply
// to a mate on a store and take it away on a probe).
func TestPublicEngineTracesCarryKeys(t *testing.T) {
	for _, name := range []string{"bbc", "countergo"} {
		files, _ := filepath.Glob(filepath.Join(publicDir, name, "*.jsonl.gz"))
		if len(files) < 10 {
			t.Fatalf("%s: %d traces", name, len(files))
		}
		for _, path := range files {
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			z, err := gzip.NewReader(f)
			if err != nil {
				t.Fatal(err)
			}
			h, events, err := tracer.ReadAll(z)
			f.Close()
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			if h.Meta["ttMate"] != "node" {
				t.Errorf("%s: meta.ttMate %q, want node", path, h.Meta["ttMate"])
			}
			stores := 0
			for _, e := range events {
				if (e.Kind == tracer.TTHit || e.Kind == tracer.TTStore) && !e.Derived && (!e.HasKey || !e.HasRaw) {
					t.Errorf("%s: seq %d: %s without key or raw", path, e.Seq, e.Kind)
					break
				}
				if e.Kind == tracer.TTStore {
					stores++
				}
			}
			if stores == 0 {
				t.Errorf("%s: no tt-store", path)
			}
		}
	}
}

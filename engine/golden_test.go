package engine

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/pvscope/pvscope/tracer"
)

var update = flag.Bool("update", false, "rewrite the golden trace files in testdata/")

// TestGoldenTrace keeps the JSONL trace of PVS on Russell & Norvig's tree in
// testdata/aima_fig5_2_pvs.jsonl, so that any change to the events the search
// emits shows up in review. Run with -update to accept a change. The trace's
// content is checked independently: it passes the invariant checker and reads
// the leaves in the order the reference data gives.
func TestGoldenTrace(t *testing.T) {
	tr, err := ParseTree("((3 12 8) (2 4 6) (14 5 2))")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	w, err := tracer.NewWriter(&buf, tracer.Header{Meta: map[string]string{"tree": tr.String(), "algo": "pvs"}})
	if err != nil {
		t.Fatal(err)
	}
	opt := TreeDefaults(tr)
	opt.Algorithm = PVS
	if _, err := Search(context.Background(), NewTreePosition(tr), opt, w); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}

	_, events, err := tracer.ReadAll(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if err := tracer.Check(events); err != nil {
		t.Fatal(err)
	}
	want := withoutValues(readTextbookTrees(t)["aima_fig5_2"].Derived.PVS.InOrder)
	if got := leafOrder(events); !slices.Equal(got, want) {
		t.Fatalf("leaves read %v, want %v", got, want)
	}

	golden := filepath.Join("testdata", "aima_fig5_2_pvs.jsonl")
	if *update {
		if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	stored, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test ./engine -run TestGoldenTrace -update to create it)", err)
	}
	if !bytes.Equal(stored, buf.Bytes()) {
		t.Errorf("the trace differs from %s; if the change is intended, run with -update and review the diff.\ngot:\n%s", golden, buf.Bytes())
	}
}

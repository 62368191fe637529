package server

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/pvscope/pvscope/engine"
	"github.com/pvscope/pvscope/tracer"
)

// A trace pvscope wrote comes back from the server's reader exactly as
// written: nothing derived, nothing renumbered, so it plays like the search.
func TestReadTraceKeepsPvscopeTraces(t *testing.T) {
	for _, c := range []struct {
		setup engine.Setup
		opts  map[string]string
	}{
		{engine.Setup{Tree: aima}, map[string]string{"algo": "pvs"}},
		{engine.Setup{Tree: aima}, map[string]string{"algo": "alphabeta"}},
		{engine.Setup{Random: "b=3,d=4,seed=7"}, map[string]string{"id": "true"}},
		{engine.Setup{}, map[string]string{"depth": "3", "aspiration": "true"}},
		{engine.Setup{}, map[string]string{"depth": "3", "multipv": "3"}},
		{engine.Setup{FEN: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
			map[string]string{"depth": "3", "tt-pv-cuts": "true", "pv-graft": "false"}},
		{engine.Setup{}, map[string]string{"depth": "4", "fail-hard": "true", "max-nodes": "700"}},
	} {
		path := writeTrace(t, c.setup, c.opts)
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		_, want, err := tracer.ReadAll(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		f, _ = os.Open(path)
		o, err := readTrace(f)
		f.Close()
		if err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
		if got := o.rec.Events(); !reflect.DeepEqual(got, want) {
			for i := range min(len(got), len(want)) {
				if !reflect.DeepEqual(got[i], want[i]) {
					t.Fatalf("%+v: event %d is %+v, written %+v", c, i, got[i], want[i])
				}
			}
			t.Fatalf("%+v: %d events, written %d", c, len(got), len(want))
		}
	}
}

func TestTraceUploadNamesTheBadLine(t *testing.T) {
	hs := httptest.NewServer(New(context.Background(), DefaultLimits()))
	defer hs.Close()
	for body, want := range map[string]string{
		"{\"format\":\"pvscope-trace\",\"version\":1}\n{\"kind\":\"enter\",\"node\":1}\n{\"kind\":\"bogus\"}\n":                           "line 3",
		"{\"format\":\"pvscope-trace\",\"version\":1}\n{\"kind\":\"search-start\",\"depth\":2}\n{\"kind\":\"search-end\"}\n":              "line 3: the trace enters no node",
		"{\"format\":\"pvscope-trace\",\"version\":1}\n{\"kind\":\"enter\",\"node\":1}\n{\"kind\":\"exit\",\"node\":1,\"score\":\"x\"}\n": "line 3",
		"not a trace\n": "header",
	} {
		res, err := http.Post(hs.URL+"/trace", "application/jsonl", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		var answer struct{ Token, Error string }
		json.NewDecoder(res.Body).Decode(&answer)
		res.Body.Close()
		if res.StatusCode != http.StatusBadRequest || answer.Token != "" || !strings.Contains(answer.Error, want) {
			t.Errorf("%q: status %d, answer %+v; want 400 and an error naming %q", body, res.StatusCode, answer, want)
		}
	}
}

// The server keeps a bounded number of opened traces: opening a fifth
// forgets the first, and the newest can still be had.
func TestOpenedTracesAreBounded(t *testing.T) {
	var store traceStore
	var toks []string
	for i := 0; i < maxTraces+1; i++ {
		toks = append(toks, store.put(&openedTrace{rec: tracer.NewRecording()}))
	}
	if store.get(toks[0]) != nil {
		t.Errorf("the oldest of %d opened traces is still kept; at most %d are", maxTraces+1, maxTraces)
	}
	for _, tok := range toks[1:] {
		if store.get(tok) == nil {
			t.Errorf("a trace among the newest %d was forgotten", maxTraces)
		}
	}
}

package server

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"

	"github.com/pvscope/pvscope/server/session"
)

// The page in another language says a trace's problems from their keys and
// parameters: each violation the checker finds carries the key of its
// sentence and the numbers in it, as the JSON the page receives. The
// expected keys and parameters follow from brokenMateTrace's construction.
func TestTraceProblemsCarryKeys(t *testing.T) {
	o, err := readTrace(strings.NewReader(brokenMateTrace))
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(o.started.Violations)
	if err != nil {
		t.Fatal(err)
	}
	var got []struct {
		Key     string         `json:"key"`
		Args    map[string]any `json:"args"`
		Message string         `json:"message"`
	}
	json.Unmarshal(b, &got)
	want := []struct {
		key     string
		args    map[string]any
		message string
	}{
		// node 2 entered with (-50000, 50000), exits with -35000 saying cut: inside, so pv.
		{"go-tracer.actualType", map[string]any{"node": 2.0, "actual": "cut", "score": -35000.0, "alpha": -50000.0, "beta": 50000.0, "want": "pv"},
			`exit of node 2 says "cut", but score -35000 in its window (-50000, 50000) makes it "pv"`},
		{"go-tracer.pvUpdateOutside", map[string]any{"score": 35000.0, "alpha": 35000.0, "beta": 50000.0},
			"pv-update score 35000 is not strictly inside the window (35000, 50000)"},
		{"go-tracer.writerExit", map[string]any{"node": 9.0}, "exit of node 9, which no enter opened"}, // the trace writer's mistake (issue 38)
	}
	if len(got) != len(want) {
		t.Fatalf("%d violations, want %d: %s", len(got), len(want), b)
	}
	for i, w := range want {
		if got[i].Key != w.key || !reflect.DeepEqual(got[i].Args, w.args) || got[i].Message != w.message {
			t.Errorf("violation %d: %+v; want key %s, args %v, message %q", i, got[i], w.key, w.args, w.message)
		}
	}
	// A problem with no key sends none: the field is additive.
	b, _ = json.Marshal(session.TraceProblem{Rule: "r", Message: "m"})
	if strings.Contains(string(b), `"key"`) || strings.Contains(string(b), `"args"`) {
		t.Errorf("a problem without a key is %s", b)
	}
}

// The header's bad scale is a warning with its key.
func TestTraceScaleWarningCarriesKey(t *testing.T) {
	trace := strings.Replace(brokenMateTrace, `"mate":48000,"infinity":50000`, `"mate":100,"mateBand":200`, 1)
	o, err := readTrace(strings.NewReader(trace))
	if err != nil {
		t.Fatal(err)
	}
	w := o.started.Warnings[0]
	if w.Key != "go-tracer.mateBandWider" || w.Message != "meta.mateBand 200 is wider than meta.mate 100 (ignored)" ||
		w.Args["band"] != int32(200) || w.Args["mate"] != int32(100) {
		t.Errorf("warning %+v; want go-tracer.mateBandWider with band 200, mate 100", w)
	}
}

// A file the server cannot read is refused with the English sentence and,
// for the page in another language, its key and parameters: the line and
// the word that is not a kind.
func TestTraceUploadRefusalCarriesKey(t *testing.T) {
	hs := httptest.NewServer(New(context.Background(), DefaultLimits()))
	defer hs.Close()
	for _, c := range []struct {
		body, error, key string
		args             map[string]any
	}{
		{"{\"format\":\"pvscope-trace\",\"version\":1}\n{\"kind\":\"enter\",\"node\":1}\n{\"kind\":\"bogus\"}\n",
			`Trace line 3: unknown event kind "bogus".`, "go-tracer.lineUnknownKind", map[string]any{"line": 3.0, "value": "bogus"}},
		{"{\"format\":\"pvscope-trace\",\"version\":1}\n\n{\"kind\":\"exit\",\"node\":1,\"end\":\"over\"}\n",
			`Trace line 3: "end": unknown end "over".`, "go-tracer.lineUnknownEnd", map[string]any{"line": 3.0, "value": "over"}},
		{"{\"format\":\"pvscope-trace\",\"version\":2}\n",
			"Trace version 2 is not supported: this pvscope reads version 1.", "go-tracer.headerVersion", map[string]any{"version": 2.0, "want": 1.0}},
		// The server's own sentence, with no parameter.
		{"{\"format\":\"pvscope-trace\",\"version\":1}\n",
			"The trace has a header but no events.", "go-server.traceNoEvents", map[string]any{}},
		{"{\"format\":\"pvscope-trace\",\"version\":1}\n{\"kind\":\"search-start\",\"depth\":1}\n",
			"Trace line 2: the trace enters no node, so there is no search to show (each node needs an enter event).",
			"go-server.traceNoEnter", map[string]any{"line": 2.0}},
	} {
		res, err := http.Post(hs.URL+"/trace", "application/jsonl", strings.NewReader(c.body))
		if err != nil {
			t.Fatal(err)
		}
		var answer struct {
			Error, Key string
			Args       map[string]any
		}
		json.NewDecoder(res.Body).Decode(&answer)
		res.Body.Close()
		if answer.Error != c.error || answer.Key != c.key || !reflect.DeepEqual(answer.Args, c.args) {
			t.Errorf("%q: answer %+v; want %q, key %q, args %v", c.body, answer, c.error, c.key, c.args)
		}
	}
}

package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/pvscope/pvscope/engine"

	"github.com/pvscope/pvscope/tracer/msg"
)

// maxExerciseNodes bounds a tree asked for by an exercise or a worksheet: it
// is drawn whole, on a screen or on paper, and read by a person.
const maxExerciseNodes = 400

// serveExerciseTree answers GET /tree?random=b=3,d=3,seed=7 with the generated
// tree as nested arrays of leaf values (root player's view), the same tree a
// search of random=... would search: the page's exercises and worksheets
// (exercise.js, sheet.js) draw it and compute their keys from it.
func (s *Server) serveExerciseTree(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	// fail answers {"error": message} and the first keyed sentence in err's
	// chain as "key" and "args" (keyed.go).
	fail := func(message string, err error) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		answer := map[string]any{"error": message}
		if key, args := keyOf(err); key != "" {
			answer["key"], answer["args"] = key, args
		}
		json.NewEncoder(w).Encode(answer)
	}
	text := strings.TrimSpace(r.URL.Query().Get("random"))
	if len(text) > 200 {
		fail(sayOf(msg.New("go-server.exerciseSpecLength", "The random tree's description is longer than {n} characters; write it as b=3,d=3,seed=7,order=random.", "n", 200)))
		return
	}
	spec, err := engine.ParseTreeSpec(text)
	if err != nil {
		fail(sentence(err.Error()), err)
		return
	}
	if n := treeNodes(spec); n > maxExerciseNodes || n > s.limits.MaxNodes {
		fail(sayOf(msg.New("go-server.exerciseTooBig", "An exercise's tree is drawn whole: b={b},d={d} has {nodes} nodes, more than the {most} an exercise or a worksheet takes; choose a smaller b or d.",
			"b", spec.B, "d", spec.D, "nodes", n, "most", min(int64(maxExerciseNodes), s.limits.MaxNodes))))
		return
	}
	t, err := engine.Generate(spec)
	if err != nil {
		fail(sentence(err.Error()), err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	fmt.Fprintf(w, `{"random":%q,"tree":%s}`, spec.String(), treeJSON(t))
}

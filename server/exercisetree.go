package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/pvscope/pvscope/engine"
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
	fail := func(msg string) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		json.NewEncoder(w).Encode(map[string]string{"error": msg})
	}
	text := strings.TrimSpace(r.URL.Query().Get("random"))
	if len(text) > 200 {
		fail("The random tree's description is longer than 200 characters; write it as b=3,d=3,seed=7,order=random.")
		return
	}
	spec, err := engine.ParseTreeSpec(text)
	if err != nil {
		fail(sentence(err.Error()))
		return
	}
	if n := treeNodes(spec); n > maxExerciseNodes || n > s.limits.MaxNodes {
		fail(fmt.Sprintf("An exercise's tree is drawn whole: b=%d,d=%d has %d nodes, more than the %d an exercise or a worksheet takes; choose a smaller b or d.",
			spec.B, spec.D, n, min(int64(maxExerciseNodes), s.limits.MaxNodes)))
		return
	}
	t, err := engine.Generate(spec)
	if err != nil {
		fail(sentence(err.Error()))
		return
	}
	w.Header().Set("Content-Type", "application/json")
	fmt.Fprintf(w, `{"random":%q,"tree":%s}`, spec.String(), treeJSON(t))
}

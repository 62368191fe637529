package server

import (
	"encoding/json"
	"net/http"
	"strings"

	"github.com/pvscope/pvscope/server/session"
)

// serveExerciseTree answers GET /tree?random=b=3,d=3,seed=7 with the generated
// tree as nested arrays of leaf values (root player's view), the same tree a
// search of random=... would search: the page's exercises and worksheets
// (exercise.js, sheet.js) draw it and compute their keys from it. The static
// site's worker answers the same request with the same code
// (session.ExerciseTree).
func (s *Server) serveExerciseTree(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Type", "application/json")
	f, err := session.ExerciseTree(strings.TrimSpace(r.URL.Query().Get("random")), s.limits.sessionLimits())
	if err != nil {
		// {"error": message} and the first keyed sentence in err's chain as
		// "key" and "args" (session.KeyOf, server/session/frames.go).
		w.WriteHeader(http.StatusBadRequest)
		answer := map[string]any{"error": session.Sentence(err.Error())}
		if key, args := session.KeyOf(err); key != "" {
			answer["key"], answer["args"] = key, args
		}
		json.NewEncoder(w).Encode(answer)
		return
	}
	json.NewEncoder(w).Encode(f)
}

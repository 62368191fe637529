package server

import (
	"cmp"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"

	"github.com/pvscope/pvscope/server/session"
)

// serveExerciseTree answers GET /tree?random=b=3,d=3,seed=7 with the generated
// tree as nested arrays of leaf values (root player's view), the same tree a
// search of random=... would search: the page's exercises and worksheets
// (exercise.js, sheet.js) draw it and compute their keys from it. The static
// site's worker answers the same request with the same code
// (session.ExerciseTree). With game=NAME&position=P (depth=2, seed=0) it is
// the game's tree from P (session.GameExerciseTree), with each node's move
// and board.
func (s *Server) serveExerciseTree(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Type", "application/json")
	q := r.URL.Query()
	var f session.TreeFrame
	var err error
	if game := strings.TrimSpace(q.Get("game")); game != "" && game != "chess" {
		// A game's tree from its position (session.GameExerciseTree): depth and
		// seed are small numbers; anything else is refused by the session.
		depth, derr := strconv.Atoi(cmp.Or(q.Get("depth"), "0"))
		seed, serr := strconv.Atoi(cmp.Or(q.Get("seed"), "0"))
		if derr != nil || serr != nil || seed < 0 || seed > 1_000_000 {
			depth = -1
		}
		f, err = session.GameExerciseTree(game, strings.TrimSpace(q.Get("position")), depth, seed, s.limits.sessionLimits())
	} else {
		f, err = session.ExerciseTree(strings.TrimSpace(q.Get("random")), s.limits.sessionLimits())
	}
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

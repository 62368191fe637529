package server

import (
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
)

// An independent reference for the comparison and editing tests: a teaching tree as nested
// JSON values, and plain textbook minimax, alpha-beta and PVS over it, written here from the
// books (not from the engine), each recording the leaves it reads in order.

type leafTree = any // float64 for a leaf, []any for an inner node

// leafSearch counts what one textbook search does: the leaves read (in order, as paths of
// 0-based child indices) and the nodes entered (a re-search enters its node again).
type leafSearch struct {
	leaves []string
	nodes  int
}

func (r *leafSearch) leaf(path []int, v float64) int {
	r.leaves = append(r.leaves, joinPath(path))
	return int(v)
}

func joinPath(path []int) string {
	s := make([]string, len(path))
	for i, p := range path {
		s[i] = strconv.Itoa(p)
	}
	return strings.Join(s, ".")
}

func kids(t leafTree) []any { k, _ := t.([]any); return k }

// minimax from the root player's side: MAX at even plies.
func (r *leafSearch) minimax(t leafTree, path []int) int {
	r.nodes++
	if v, ok := t.(float64); ok {
		return r.leaf(path, v)
	}
	maxNode := len(path)%2 == 0
	best := 0
	for i, c := range kids(t) {
		v := r.minimax(c, append(path[:len(path):len(path)], i))
		if i == 0 || (maxNode && v > best) || (!maxNode && v < best) {
			best = v
		}
	}
	return best
}

// alphaBeta as Russell & Norvig's ALPHA-BETA-SEARCH: MAX-VALUE / MIN-VALUE, prune when v >= beta (MAX) or v <= alpha (MIN).
func (r *leafSearch) alphaBeta(t leafTree, path []int, alpha, beta int) int {
	r.nodes++
	if v, ok := t.(float64); ok {
		return r.leaf(path, v)
	}
	maxNode := len(path)%2 == 0
	v := -1 << 30
	if !maxNode {
		v = 1 << 30
	}
	for i, c := range kids(t) {
		w := r.alphaBeta(c, append(path[:len(path):len(path)], i), alpha, beta)
		if maxNode {
			v = max(v, w)
			if v >= beta {
				return v
			}
			alpha = max(alpha, v)
		} else {
			v = min(v, w)
			if v <= alpha {
				return v
			}
			beta = min(beta, v)
		}
	}
	return v
}

// pvs in negamax form (Marsland's principal variation search, as the Chess Programming
// Wiki writes it): the first child with the full window, the others with a null window,
// searched again with (score, beta) when the probe lands strictly inside (alpha, beta).
// Values are from the side to move; leaves hold the root player's values.
func (r *leafSearch) pvs(t leafTree, path []int, alpha, beta int) int {
	r.nodes++
	if v, ok := t.(float64); ok {
		s := r.leaf(path, v)
		if len(path)%2 == 1 {
			s = -s
		}
		return s
	}
	for i, c := range kids(t) {
		cp := append(path[:len(path):len(path)], i)
		var score int
		if i == 0 {
			score = -r.pvs(c, cp, -beta, -alpha)
		} else {
			score = -r.pvs(c, cp, -alpha-1, -alpha)
			if alpha < score && score < beta {
				score = -r.pvs(c, cp, -beta, -score)
			}
		}
		if score >= beta {
			return score
		}
		alpha = max(alpha, score)
	}
	return alpha
}

const leafInf = 1 << 20

func refRun(algo string, t leafTree) (value int, r *leafSearch) {
	r = &leafSearch{}
	switch algo {
	case "minimax":
		value = r.minimax(t, nil)
	case "alphabeta":
		value = r.alphaBeta(t, nil, -leafInf, leafInf)
	case "pvs":
		value = r.pvs(t, nil, -leafInf, leafInf)
	}
	return value, r
}

// refText writes a tree the way the tree field takes it.
func refText(t leafTree) string {
	if v, ok := t.(float64); ok {
		return strconv.Itoa(int(v))
	}
	parts := []string{}
	for _, c := range kids(t) {
		parts = append(parts, refText(c))
	}
	return "(" + strings.Join(parts, " ") + ")"
}

// refParse reads "((3 12 8) (2 4 6))" into nested values.
func refParse(t *testing.T, text string) leafTree {
	t.Helper()
	js := strings.NewReplacer("(", "[", ")", "]").Replace(text)
	js = strings.Join(strings.Fields(js), ",")
	js = strings.NewReplacer("[,", "[", ",]", "]").Replace(js)
	var v any
	if err := json.Unmarshal([]byte(js), &v); err != nil {
		t.Fatalf("tree %q: %v", text, err)
	}
	return v
}

// textbookEntry is what the tests take from engine/testdata/trees/textbook_trees.json.
type textbookEntry struct {
	Tree    any `json:"tree"`
	Derived struct {
		NLeaves   int `json:"n_leaves"`
		AlphaBeta struct {
			Value     int `json:"value"`
			LeafEvals int `json:"leaf_evals"`
		} `json:"alphabeta"`
		PVS struct {
			LeafEvals int `json:"leaf_evals"`
		} `json:"pvs"`
	} `json:"derived_here"`
	Stated struct {
		Minimax int `json:"minimax_value"`
	} `json:"stated_by_source"`
}

func textbookTree(t *testing.T, id string) textbookEntry {
	t.Helper()
	data, err := os.ReadFile("../engine/testdata/trees/textbook_trees.json")
	if err != nil {
		t.Fatal(err)
	}
	var all []struct {
		ID string `json:"id"`
		textbookEntry
	}
	if err := json.Unmarshal(data, &all); err != nil {
		t.Fatal(err)
	}
	for _, e := range all {
		if e.ID == id {
			return e.textbookEntry
		}
	}
	t.Fatalf("no tree %q in textbook_trees.json", id)
	return textbookEntry{}
}

// The reference searches agree with what the figures' sources state: the value, the leaf
// counts of minimax and alpha-beta, and PVS's leaf evaluations (a re-read leaf counts twice).
func TestReferenceSearchesMatchTheTextbookFacts(t *testing.T) {
	for _, id := range []string{"aima_fig5_2", "wikipedia_ab_pruning_svg"} {
		e := textbookTree(t, id)
		for _, algo := range []string{"minimax", "alphabeta", "pvs"} {
			v, r := refRun(algo, e.Tree)
			if v != e.Stated.Minimax {
				t.Errorf("%s %s: value %d, the source says %d", id, algo, v, e.Stated.Minimax)
			}
			want := map[string]int{"minimax": e.Derived.NLeaves, "alphabeta": e.Derived.AlphaBeta.LeafEvals, "pvs": e.Derived.PVS.LeafEvals}[algo]
			if len(r.leaves) != want {
				t.Errorf("%s %s: %d leaves read, the JSON says %d", id, algo, len(r.leaves), want)
			}
		}
	}
	if got := refText(refParse(t, "((3 12 8) (2 4 6) (14 5 2))")); got != "((3 12 8) (2 4 6) (14 5 2))" {
		t.Errorf("refText(refParse(...)) = %q", got)
	}
}

// refFromJSON turns the started frame's tree (nested arrays of leaf values) into a refTree.
func refFromJSON(v any) *refTree {
	switch x := v.(type) {
	case float64:
		return &refTree{leaf: true, value: int(x)}
	case []any:
		n := &refTree{}
		for _, c := range x {
			k := refFromJSON(c)
			n.kids = append(n.kids, k)
			n.height = max(n.height, k.height+1)
		}
		return n
	}
	panic(fmt.Sprintf("tree element %T", v))
}

func (n *refTree) at(path string) *refTree {
	if path == "" {
		return n
	}
	for _, w := range strings.Split(path, ".") {
		i, _ := strconv.Atoi(w)
		n = n.kids[i]
	}
	return n
}

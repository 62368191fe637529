package engine

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/pvscope/pvscope/tracer"
)

// textbookTree is an entry of testdata/trees/textbook_trees.json.
type textbookTree struct {
	ID     string          `json:"id"`
	Root   string          `json:"root"`
	Tree   json.RawMessage `json:"tree"`
	Stated struct {
		Value *int `json:"minimax_value"`
	} `json:"stated_by_source"`
	Derived struct {
		AlphaBeta struct {
			Visited []string `json:"visited"`
		} `json:"alphabeta"`
		PVS struct {
			InOrder    []string `json:"visited_in_order"`
			ReSearched []string `json:"researched_nodes"`
		} `json:"pvs"`
	} `json:"derived_here"`
}

func readTextbookTrees(t *testing.T) map[string]textbookTree {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(referenceData, "trees", "textbook_trees.json"))
	if err != nil {
		t.Fatal(err)
	}
	var list []textbookTree
	if err := json.Unmarshal(data, &list); err != nil {
		t.Fatal(err)
	}
	out := map[string]textbookTree{}
	for _, tt := range list {
		out[tt.ID] = tt
	}
	return out
}

// placeholder is the value given to the leaves a source left unnamed ("x",
// "H"): large, so that reading one would show in the score.
const placeholder = 999

// treeText writes a JSON tree in our notation, from the root player's point of
// view (negated when the root minimises), and lists the paths of placeholders.
func treeText(t *testing.T, raw json.RawMessage, negate bool) (string, []string) {
	t.Helper()
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	var unnamed []string
	var write func(v any, path string)
	write = func(v any, path string) {
		switch x := v.(type) {
		case float64:
			if negate {
				x = -x
			}
			b.WriteString(strconv.Itoa(int(x)))
		case string:
			unnamed = append(unnamed, path)
			b.WriteString(strconv.Itoa(placeholder))
		case []any:
			b.WriteByte('(')
			for i, c := range x {
				if i > 0 {
					b.WriteByte(' ')
				}
				write(c, strings.TrimPrefix(path+"."+strconv.Itoa(i+1), "."))
			}
			b.WriteByte(')')
		}
	}
	write(v, "")
	return b.String(), unnamed
}

func searchTree(t *testing.T, text string, algo Algorithm) (Result, []tracer.Event) {
	t.Helper()
	tr, err := ParseTree(text)
	if err != nil {
		t.Fatal(err)
	}
	opt := TreeDefaults(tr)
	opt.Algorithm = algo
	return recordedSearch(t, NewTreePosition(tr), opt, true)
}

// withoutValues strips "=3" from the reference's "1.2=3" leaf notation.
func withoutValues(leaves []string) []string {
	out := make([]string, len(leaves))
	for i, l := range leaves {
		out[i], _, _ = strings.Cut(l, "=")
	}
	return out
}

// TestTextbookTrees checks each textbook tree's stated value under the three
// algorithms, and that alpha-beta never reads a leaf the source says it prunes.
func TestTextbookTrees(t *testing.T) {
	for id, tb := range readTextbookTrees(t) {
		if tb.Stated.Value == nil {
			continue // a tree of node types only; see TestMinimalTreeNodeTypes
		}
		t.Run(id, func(t *testing.T) {
			negate := tb.Root == "MIN"
			text, unnamed := treeText(t, tb.Tree, negate)
			want := *tb.Stated.Value
			if negate {
				want = -want
			}
			for _, algo := range []Algorithm{Minimax, AlphaBeta, PVS} {
				res, events := searchTree(t, text, algo)
				if res.Score != want {
					t.Errorf("%s on %s: score %d, want %d", algo, text, res.Score, want)
				}
				if algo == Minimax {
					continue
				}
				for _, leaf := range leafOrder(events) {
					if slices.Contains(unnamed, leaf) {
						t.Errorf("%s read leaf %s, which the source says need not be evaluated", algo, leaf)
					}
				}
			}
		})
	}
}

// TestTextbookAlphaBetaLeaves: Russell & Norvig's tree (value 3, 7 of 9 leaves)
// and the Wikipedia tree (value 6, 9 of 14 leaves) read exactly the listed leaves.
func TestTextbookAlphaBetaLeaves(t *testing.T) {
	trees := readTextbookTrees(t)
	for id, wantCount := range map[string]int{"aima_fig5_2": 7, "wikipedia_ab_pruning_svg": 9} {
		tb := trees[id]
		text, _ := treeText(t, tb.Tree, false)
		res, events := searchTree(t, text, AlphaBeta)
		got, want := leafOrder(events), withoutValues(tb.Derived.AlphaBeta.Visited)
		if !slices.Equal(got, want) || len(got) != wantCount {
			t.Errorf("%s: alpha-beta read leaves %v, want %v (%d)", id, got, want, wantCount)
		}
		if res.Stats.Leaves != int64(wantCount) {
			t.Errorf("%s: %d leaves counted, want %d", id, res.Stats.Leaves, wantCount)
		}
	}
}

// TestTextbookPVSOrder: PVS reads the leaves in the reference's order (a leaf
// twice where a probe is searched again) and re-searches exactly the listed nodes.
func TestTextbookPVSOrder(t *testing.T) {
	trees := readTextbookTrees(t)
	for _, id := range []string{"aima_fig5_2", "wikipedia_ab_pruning_svg"} {
		tb := trees[id]
		text, _ := treeText(t, tb.Tree, false)
		_, events := searchTree(t, text, PVS)
		if got, want := leafOrder(events), withoutValues(tb.Derived.PVS.InOrder); !slices.Equal(got, want) {
			t.Errorf("%s: PVS read leaves %v, want %v", id, got, want)
		}
		paths := nodePaths(events)
		var researched []string
		for _, e := range events {
			if e.Kind == tracer.ReSearch {
				child := strings.TrimPrefix(paths[e.Node]+"."+strconv.Itoa(int(e.Index)+1), ".")
				researched = append(researched, "root."+child)
			}
		}
		if want := tb.Derived.PVS.ReSearched; !slices.Equal(researched, want) && (len(want)+len(researched) > 0) {
			t.Errorf("%s: PVS re-searched %v, want %v", id, researched, want)
		}
	}
}

// TestPerfectlyOrderedTrees: on uniform trees with the best move first
// everywhere, alpha-beta and PVS read exactly b^ceil(d/2) + b^floor(d/2) - 1
// leaves (Levin; Knuth and Moore), as tabulated in
// testdata/nodecounts/perfectly_ordered_trees_check.tsv, and PVS never
// searches a move twice.
func TestPerfectlyOrderedTrees(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(referenceData, "nodecounts", "perfectly_ordered_trees_check.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	rows := 0
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n")[1:] {
		var b, d, minimax, formula, ab, pvs, re int
		if _, err := fmt.Sscan(line, &b, &d, &minimax, &formula, &ab, &pvs, &re); err != nil {
			t.Fatalf("bad row %q: %v", line, err)
		}
		rows++
		levin := int(math.Pow(float64(b), math.Ceil(float64(d)/2)) + math.Pow(float64(b), math.Floor(float64(d)/2)) - 1)
		if levin != formula || ab != formula || pvs != formula || re != 0 {
			t.Fatalf("row %q disagrees with the formula %d", line, levin)
		}
		for seed := uint64(1); seed <= 5; seed++ {
			tr, err := Generate(TreeSpec{B: b, D: d, Seed: seed, Order: BestFirst})
			if err != nil {
				t.Fatal(err)
			}
			for _, algo := range []Algorithm{AlphaBeta, PVS} {
				opt := TreeDefaults(tr)
				opt.Algorithm = algo
				res := checkedSearch(t, NewTreePosition(tr), opt)
				if res.Stats.Leaves != int64(formula) {
					t.Errorf("b=%d d=%d seed=%d %s: %d leaves, want %d", b, d, seed, algo, res.Stats.Leaves, formula)
				}
				if res.Stats.ReSearches != 0 {
					t.Errorf("b=%d d=%d seed=%d: PVS searched %d moves again", b, d, seed, res.Stats.ReSearches)
				}
			}
			opt := TreeDefaults(tr)
			opt.Algorithm = Minimax
			if res := checkedSearch(t, NewTreePosition(tr), opt); res.Stats.Leaves != int64(minimax) {
				t.Errorf("b=%d d=%d: minimax read %d leaves, want all %d", b, d, res.Stats.Leaves, minimax)
			}
		}
	}
	if rows != 15 {
		t.Fatalf("read %d rows, want 15 (b = 2..4, d = 1..5)", rows)
	}
}

// TestMinimalTreeNodeTypes: alpha-beta on the perfectly ordered tree of
// branching 3 and depth 3 visits the nodes of the Chess Programming Wiki's
// minimal PV tree with the types it gives them (textbook_trees.json,
// cpw_minimal_alphabeta_tree_b3_d3, pv_variant_node_types), 11 leaves.
func TestMinimalTreeNodeTypes(t *testing.T) {
	tr, err := Generate(TreeSpec{B: 3, D: 3, Seed: 7, Order: BestFirst})
	if err != nil {
		t.Fatal(err)
	}
	opt := TreeDefaults(tr)
	opt.Algorithm = AlphaBeta
	_, events := recordedSearch(t, NewTreePosition(tr), opt, true)
	var byPly [4][]string
	for _, e := range events {
		if e.Kind == tracer.Enter {
			byPly[e.Ply] = append(byPly[e.Ply], strings.ToUpper(e.Expect.String()[:1]))
		}
	}
	want := [4]string{"P", "P C C", "P C C A A", "P C C A A C C C C C C"}
	for ply, w := range want {
		if got := strings.Join(byPly[ply], " "); got != w {
			t.Errorf("ply %d: expected types %q, want %q", ply, got, w)
		}
	}
}

// TestAlgorithmsAgreeOnTrees: minimax, alpha-beta and PVS, failing soft or
// hard, give the same root score on 300 generated trees of varied shape and order.
func TestAlgorithmsAgreeOnTrees(t *testing.T) {
	orders := []Ordering{RandomOrder, BestFirst, WorstFirst}
	for i := 0; i < 300; i++ {
		spec := TreeSpec{B: 1 + i%5, D: 1 + (i/5)%6, Seed: uint64(i), Order: orders[i%3]}
		tr, err := Generate(spec)
		if err != nil {
			t.Fatal(err)
		}
		opt := TreeDefaults(tr)
		opt.Algorithm = Minimax
		want := checkedSearch(t, NewTreePosition(tr), opt).Score
		for _, algo := range []Algorithm{AlphaBeta, PVS} {
			for _, hard := range []bool{false, true} {
				opt.Algorithm, opt.FailHard = algo, hard
				if got := checkedSearch(t, NewTreePosition(tr), opt).Score; got != want {
					t.Errorf("%v: %s (fail-hard %v) scores %d, minimax %d", spec, algo, hard, got, want)
				}
			}
		}
	}
}

// TestIrregularTree: leaves at different depths, an inner node reached at
// depth 0 (estimated by its leftmost leaf), and the tree's text round trip.
func TestIrregularTree(t *testing.T) {
	text := "((5 (3 9)) 4 (8 (2 6)))"
	tr, err := ParseTree(text)
	if err != nil {
		t.Fatal(err)
	}
	if tr.String() != text || tr.Height() != 3 || tr.Leaves() != 7 {
		t.Fatalf("parsed %s: height %d, %d leaves", tr, tr.Height(), tr.Leaves())
	}
	// MAX over: min(5, max(3,9)=9)=5; 4; min(8, max(2,6)=6)=6. Value 6, by the third move.
	for _, algo := range []Algorithm{Minimax, AlphaBeta, PVS} {
		opt := TreeDefaults(tr)
		opt.Algorithm = algo
		res := checkedSearch(t, NewTreePosition(tr), opt)
		if res.Score != 6 || res.BestMove != Move(3) {
			t.Errorf("%s: score %d, best %s; want 6 by move 2", algo, res.Score, TreeMoveName(res.BestMove))
		}
		// At depth 2 the inner nodes (3 9) and (2 6) are estimated by their
		// leftmost leaves: min(5,3)=3, 4, min(8,2)=2, so 4 by the middle move.
		opt.Depth = 2
		if res := checkedSearch(t, NewTreePosition(tr), opt); res.Score != 4 {
			t.Errorf("%s at depth 2: score %d, want 4", algo, res.Score)
		}
	}
}

package engine

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// prune=strict cuts only past the bound, as the alpha-beta of Berkeley's CS188 answer keys
// does (MAX: if v > β return v; MIN: if v < α return v). The expected leaves come from that
// pseudo-code written out here over the tree's text, independent of the engine.

type refNode struct {
	leaf bool
	v    int
	kids []*refNode
}

func parseRefNode(t *testing.T, text string) *refNode {
	t.Helper()
	toks := strings.Fields(strings.NewReplacer("(", " ( ", ")", " ) ").Replace(text))
	i := 0
	var read func() *refNode
	read = func() *refNode {
		tok := toks[i]
		i++
		if tok != "(" {
			v, err := strconv.Atoi(tok)
			if err != nil {
				t.Fatalf("tree %q: %v", text, err)
			}
			return &refNode{leaf: true, v: v}
		}
		n := &refNode{}
		for toks[i] != ")" {
			n.kids = append(n.kids, read())
		}
		i++
		return n
	}
	return read()
}

// cs188 is the answer keys' alpha-beta; strict selects their comparisons (> and <), else
// R&N's (>= and <=). It returns the value and appends the leaves read (1-based paths).
func cs188(n *refNode, path string, alpha, beta int, max, strict bool, read *[]string) int {
	if n.leaf {
		*read = append(*read, path)
		return n.v
	}
	past := func(v, bound int, up bool) bool {
		if strict {
			return (up && v > bound) || (!up && v < bound)
		}
		return (up && v >= bound) || (!up && v <= bound)
	}
	v := -1 << 30
	if !max {
		v = 1 << 30
	}
	for i, k := range n.kids {
		p := strconv.Itoa(i + 1)
		if path != "" {
			p = path + "." + p
		}
		x := cs188(k, p, alpha, beta, !max, strict, read)
		if max {
			v = maxInt(v, x)
			if past(v, beta, true) {
				return v
			}
			alpha = maxInt(alpha, v)
		} else {
			v = minInt(v, x)
			if past(v, alpha, false) {
				return v
			}
			beta = minInt(beta, v)
		}
	}
	return v
}

func maxInt(a, b int) int {
	if a > b {
		return a
	}
	return b
}

func minInt(a, b int) int {
	if a < b {
		return a
	}
	return b
}

func TestPruneStrictMatchesTheAnswerKeysConvention(t *testing.T) {
	var texts []string
	// By hand: B = min(3, 5) = 3; C's first leaf 3 equals alpha: R&N prunes C's 9, CS188 reads it.
	texts = append(texts, "((3 5) (3 9))")
	for seed := uint64(1); seed <= 10; seed++ {
		tr, err := Generate(TreeSpec{B: 3, D: 3, Seed: seed, Order: RandomOrder})
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, tr.String())
	}
	// Values 0 to 3 make ties, where the two conventions part.
	rng := rand.New(rand.NewPCG(23, 5))
	var gen func(d int) string
	gen = func(d int) string {
		if d == 0 {
			return strconv.Itoa(rng.IntN(4))
		}
		kids := make([]string, 2+rng.IntN(2))
		for i := range kids {
			kids[i] = gen(d - 1)
		}
		return "(" + strings.Join(kids, " ") + ")"
	}
	for range 40 {
		texts = append(texts, gen(3))
	}
	parted := 0
	for _, text := range texts {
		ref := parseRefNode(t, text)
		for _, strict := range []bool{false, true} {
			var want []string
			value := cs188(ref, "", -1<<30, 1<<30, true, strict, &want)
			tr, err := ParseTree(text)
			if err != nil {
				t.Fatal(err)
			}
			opt := TreeDefaults(tr)
			opt.Algorithm, opt.PruneStrict = AlphaBeta, strict
			res, events := recordedSearch(t, NewTreePosition(tr), opt, true)
			if got := leafOrder(events); !slices.Equal(got, want) || res.Score != value {
				t.Errorf("%s strict=%v: score %d leaves %v, want %d and %v", text, strict, res.Score, got, value, want)
			}
		}
		var a, b []string
		cs188(ref, "", -1<<30, 1<<30, true, false, &a)
		cs188(ref, "", -1<<30, 1<<30, true, true, &b)
		if !slices.Equal(a, b) {
			parted++
		}
	}
	if parted < 10 { // the hand-made tree and many generated ties
		t.Errorf("only %d trees tell the two conventions apart: the test cannot tell strict from equal", parted)
	}
	var o Options
	if err := o.Set("prune", "strict"); err != nil || !o.PruneStrict {
		t.Errorf("prune=strict: %v %v", err, o.PruneStrict)
	}
	o = TreeDefaults(mustTree(t, "((3 5) (3 9))"))
	o.PruneStrict = true
	if err := o.Validate(); err == nil {
		t.Error("prune=strict with PVS was accepted")
	}
}

func mustTree(t *testing.T, text string) *Tree {
	t.Helper()
	tr, err := ParseTree(text)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

package tracer

import (
	"fmt"
	"strings"
)

// WhyParting is where a move's fate first differs between two searches of
// one position (pvscope diff --move): the first iteration, in A's order,
// whose depth both searched and whose fates differ in kind, place, rule,
// reduction or re-search. Values alone do not make a fate differ: two
// searches that prune differently reach different values everywhere.
type WhyParting struct {
	Depth int      `json:"depth"`
	A     *WhyFate `json:"a"`
	B     *WhyFate `json:"b"`
}

// WhyDiff finds where a's and b's fates part, or nil when they never do.
func WhyDiff(a, b *WhyAnswer) *WhyParting {
	byDepth := make(map[int]*WhyFate, len(b.Iterations))
	for i := range b.Iterations {
		byDepth[b.Iterations[i].Depth] = &b.Iterations[i]
	}
	for i := range a.Iterations {
		fa := &a.Iterations[i]
		fb, ok := byDepth[fa.Depth]
		if ok && fateKey(fa) != fateKey(fb) {
			return &WhyParting{Depth: fa.Depth, A: fa, B: fb}
		}
	}
	return nil
}

// fateKey is what makes two fates the same: the kind, where, the rule, the
// move that cut, whether reduced and searched again, and for a node never
// reached the same of the fate that stopped it.
func fateKey(f *WhyFate) string {
	var b strings.Builder
	for f != nil {
		fmt.Fprintf(&b, "%s|%s|%s|%s|%s|%v|%v;", f.Fate, strings.Join(f.At, " "), f.Move, f.By, f.Why, f.Reduced > 0, f.ReSearched)
		f = f.Stop
	}
	return b.String()
}

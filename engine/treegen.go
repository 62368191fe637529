package engine

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/pvscope/pvscope/engine/games"
	"github.com/pvscope/pvscope/tracer/msg"
)

// Ordering says how a generated tree's moves are ordered.
type Ordering int

const (
	// RandomOrder leaves children as generated.
	RandomOrder Ordering = iota
	// BestFirst puts the best child for the side to move first at every node:
	// the perfectly ordered tree of Knuth and Moore's analysis.
	BestFirst
	// WorstFirst puts the best child last everywhere: alpha-beta prunes nothing.
	WorstFirst
)

var orderingNames = [...]string{RandomOrder: "random", BestFirst: "best", WorstFirst: "worst"}

func (o Ordering) String() string {
	if o >= 0 && int(o) < len(orderingNames) {
		return orderingNames[o]
	}
	return "ordering(" + strconv.Itoa(int(o)) + ")"
}

// ParseOrdering reads "best", "worst" or "random".
func ParseOrdering(s string) (Ordering, error) {
	for o, name := range orderingNames {
		if name == s {
			return Ordering(o), nil
		}
	}
	return 0, msg.New("go-engine.orderName", "order \"{order}\" is not one of best, worst, random", "order", quoted(s))
}

// TreeSpec describes a generated uniform tree: branching B, depth D, a seed for
// the leaf values, the ordering of moves, and the range leaf values are drawn from.
type TreeSpec struct {
	B, D  int
	Seed  uint64
	Order Ordering
	// Lo..Hi is the leaf values' range (values=0..20: small numbers, as exam papers
	// use); both 0 means the default -999..999.
	Lo, Hi int32
}

// The leaf values of a spec that names none, and the widest range it may name (well
// inside every score scale's infinity and mate band).
const (
	defaultLeafLo, defaultLeafHi = -999, 999
	maxLeafValue                 = 9999
)

func (s TreeSpec) String() string {
	text := fmt.Sprintf("b=%d,d=%d,seed=%d,order=%s", s.B, s.D, s.Seed, s.Order)
	if s.Lo != 0 || s.Hi != 0 {
		text += fmt.Sprintf(",values=%d..%d", s.Lo, s.Hi)
	}
	return text
}

// valueRange is the range leaf values are drawn from.
func (s TreeSpec) valueRange() (lo, hi int32) {
	if s.Lo == 0 && s.Hi == 0 {
		return defaultLeafLo, defaultLeafHi
	}
	return s.Lo, s.Hi
}

// parseValueRange reads "0..20".
func parseValueRange(v string) (lo, hi int32, ok bool) {
	a, b, found := strings.Cut(v, "..")
	x, errA := strconv.Atoi(strings.TrimSpace(a))
	y, errB := strconv.Atoi(strings.TrimSpace(b))
	if !found || errA != nil || errB != nil || x >= y || x < -maxLeafValue || y > maxLeafValue {
		return 0, 0, false
	}
	return int32(x), int32(y), true
}

// ParseTreeSpec reads "b=3,d=4,seed=7,order=best". b and d are required; seed
// defaults to 1 and order to random.
func ParseTreeSpec(text string) (TreeSpec, error) {
	spec := TreeSpec{Seed: 1}
	seen := map[string]bool{}
	for _, part := range strings.Split(text, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		k, v, ok := strings.Cut(part, "=")
		if !ok {
			return spec, msg.New("go-engine.randomNotKeyValue", "bad random tree \"{spec}\": \"{part}\" is not key=value (keys b, d, seed, order, values)", "spec", quoted(text), "part", quoted(part))
		}
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		seen[k] = true
		var err error
		switch k {
		case "b":
			spec.B, err = strconv.Atoi(v)
		case "d":
			spec.D, err = strconv.Atoi(v)
		case "seed":
			spec.Seed, err = strconv.ParseUint(v, 10, 64)
		case "values":
			lo, hi, ok := parseValueRange(v)
			if !ok {
				return spec, msg.New("go-engine.randomValues", "bad random tree \"{spec}\": values=\"{value}\" wants LO..HI, two whole numbers from -{max} to {max}, LO below HI (e.g. values=0..20)",
					"spec", quoted(text), "value", quoted(v), "max", maxLeafValue)
			}
			spec.Lo, spec.Hi = lo, hi
		case "order":
			o, err := ParseOrdering(v)
			if err != nil {
				return spec, msg.New("go-engine.randomOrder", "bad random tree \"{spec}\": order \"{order}\" is not one of best, worst, random", "spec", quoted(text), "order", quoted(v))
			}
			spec.Order = o
		default:
			return spec, msg.New("go-engine.randomUnknownKey", "bad random tree \"{spec}\": unknown key \"{key}\" (keys b, d, seed, order, values)", "spec", quoted(text), "key", quoted(k))
		}
		if err != nil {
			return spec, msg.New("go-engine.randomNotNumber", "bad random tree \"{spec}\": {key}=\"{value}\" is not a whole number", "spec", quoted(text), "key", k, "value", quoted(v))
		}
	}
	if !seen["b"] || !seen["d"] {
		return spec, msg.New("go-engine.randomNeedsBD", "bad random tree \"{spec}\": give the branching b and depth d, e.g. b=3,d=4,seed=7,order=best", "spec", quoted(text))
	}
	return spec, spec.check()
}

func (s TreeSpec) check() error {
	if s.B < 1 || s.B > 64 {
		return msg.New("go-engine.randomBranching", "bad random tree: branching b={b} must be between 1 and 64", "b", s.B)
	}
	if s.D < 0 || s.D > 30 {
		return msg.New("go-engine.randomDepth", "bad random tree: depth d={d} must be between 0 and 30", "d", s.D)
	}
	nodes, level := 1, 1
	for i := 0; i < s.D; i++ {
		level *= s.B
		nodes += level
		if nodes > MaxTreeNodes {
			return msg.New("go-engine.randomTooBig", "bad random tree: b={b}, d={d} has more than {max} nodes", "b", s.B, "d", s.D, "max", MaxTreeNodes)
		}
	}
	return nil
}

// Generate builds the tree a spec describes. Leaf values are drawn uniformly
// from the spec's range (-999..999 unless it names one; root player's view) by a
// generator seeded with Seed, so the same spec always gives the same tree.
func Generate(s TreeSpec) (*Tree, error) {
	if err := s.check(); err != nil {
		return nil, err
	}
	rng := games.SplitMix64(s.Seed)
	lo, hi := s.valueRange()
	span := uint64(hi - lo + 1)
	// build returns a subtree whose value field holds its minimax value while the
	// tree is built (flatten replaces inner values with their estimate).
	var build func(depth int, maximising bool) *shape
	build = func(depth int, maximising bool) *shape {
		if depth == 0 {
			return &shape{value: lo + int32(rng.Next()%span)}
		}
		n := &shape{children: make([]*shape, s.B)}
		for i := range n.children {
			n.children[i] = build(depth-1, !maximising)
		}
		// better orders x before y when x is better for the side to move here.
		better := func(x, y *shape) int {
			if maximising {
				return int(y.value) - int(x.value)
			}
			return int(x.value) - int(y.value)
		}
		switch s.Order {
		case BestFirst:
			slices.SortStableFunc(n.children, better)
		case WorstFirst:
			slices.SortStableFunc(n.children, func(x, y *shape) int { return better(y, x) })
		}
		n.value = slices.MinFunc(n.children, better).value
		return n
	}
	return flatten(build(s.D, true)), nil
}

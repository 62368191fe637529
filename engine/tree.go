package engine

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pvscope/pvscope/engine/games"
	"github.com/pvscope/pvscope/tracer"
	"github.com/pvscope/pvscope/tracer/msg"
)

// Tree is an explicit game tree for teaching: leaf values are given from the
// root player's point of view (the root player maximises). Children of a node
// are stored next to each other, so a node is an index and its moves a range.
type Tree struct {
	nodes []treeNode // nodes[0] is the root
}

type treeNode struct {
	first  int32 // index of the first child
	count  int32 // number of children; 0 for a leaf
	value  int32 // a leaf's value; for an inner node, its static estimate
	height int32 // longest path down to a leaf
}

// A Tree's inner nodes have no value of their own, yet a search shallower than
// the tree stops at them. Their static estimate is the value of their leftmost
// leaf: on a tree ordered best-first that is the true value, as a good static
// evaluation would be.

// Height is the length of the longest path from the root to a leaf.
func (t *Tree) Height() int { return int(t.nodes[0].height) }

// Leaves counts the leaves.
func (t *Tree) Leaves() int {
	n := 0
	for _, nd := range t.nodes {
		if nd.count == 0 {
			n++
		}
	}
	return n
}

// String writes the tree in the notation ParseTree reads.
func (t *Tree) String() string {
	var b strings.Builder
	var write func(i int32)
	write = func(i int32) {
		nd := t.nodes[i]
		if nd.count == 0 {
			b.WriteString(strconv.Itoa(int(nd.value)))
			return
		}
		b.WriteByte('(')
		for c := nd.first; c < nd.first+nd.count; c++ {
			if c > nd.first {
				b.WriteByte(' ')
			}
			write(c)
		}
		b.WriteByte(')')
	}
	write(0)
	return b.String()
}

// shape is a tree under construction: a value, or children.
type shape struct {
	value    int32
	children []*shape
}

// flatten lays a shape out breadth-first so siblings are adjacent.
func flatten(root *shape) *Tree {
	t := &Tree{nodes: []treeNode{{}}}
	queue := []*shape{root}
	for i := 0; i < len(queue); i++ {
		s := queue[i]
		t.nodes[i].count = int32(len(s.children))
		t.nodes[i].first = int32(len(t.nodes))
		t.nodes[i].value = s.value
		for _, c := range s.children {
			queue = append(queue, c)
			t.nodes = append(t.nodes, treeNode{})
		}
	}
	// Children come after parents, so one backward pass fills estimates and heights.
	for i := len(t.nodes) - 1; i >= 0; i-- {
		nd := &t.nodes[i]
		if nd.count == 0 {
			continue
		}
		nd.value = t.nodes[nd.first].value
		for c := nd.first; c < nd.first+nd.count; c++ {
			nd.height = max(nd.height, t.nodes[c].height+1)
		}
	}
	return t
}

// MaxLeafValue bounds a leaf's value, well away from the scores that mean mate.
const MaxLeafValue = 10000

// MaxTreeNodes bounds a tree's size, typed in or generated.
const MaxTreeNodes = 2_000_000

// ParseTree reads nested parentheses with integer leaves, e.g.
// "((3 12 8) (2 4 6) (14 5 2))". Shapes may be irregular: "((5 (3 9)) 4 (8 (2 6)))".
// An error names the byte offset and what was expected there.
func ParseTree(text string) (*Tree, error) {
	p := treeParser{text: text}
	p.skipSpace()
	if p.pos == len(text) {
		return nil, msg.New("go-engine.treeEmpty", "bad tree: it is empty; write leaves in parentheses, e.g. ((3 12 8) (2 4 6) (14 5 2))")
	}
	root, err := p.node(0)
	if err != nil {
		return nil, err
	}
	p.skipSpace()
	if p.pos != len(text) {
		return nil, p.expected(expectEnd, 0)
	}
	return flatten(root), nil
}

type treeParser struct {
	text  string
	pos   int
	count int
}

// What the parser expected where it stopped.
const (
	expectEnd   = iota // the end of the tree
	expectClose        // a node or the ')' closing the '(' at open
	expectNode         // a number or '('
)

// expected says what the parser expected at its offset and what it found
// there, each pair a whole sentence for the page's catalogs.
func (p *treeParser) expected(what, open int) error {
	if p.pos >= len(p.text) {
		switch what {
		case expectEnd:
			return msg.New("go-engine.treeExpectedEndFoundEnd", "bad tree at offset {offset}: expected the end of the tree (the root's parentheses are closed), found the end of the text", "offset", p.pos)
		case expectClose:
			return msg.New("go-engine.treeExpectedCloseFoundEnd", "bad tree at offset {offset}: expected a number, '(' or the ')' closing the '(' at offset {open}, found the end of the text", "offset", p.pos, "open", open)
		}
		return msg.New("go-engine.treeExpectedNodeFoundEnd", "bad tree at offset {offset}: expected a number or '(', found the end of the text", "offset", p.pos)
	}
	found := quotedRune(rune(p.text[p.pos]))
	switch what {
	case expectEnd:
		return msg.New("go-engine.treeExpectedEnd", "bad tree at offset {offset}: expected the end of the tree (the root's parentheses are closed), found '{found}'", "offset", p.pos, "found", found)
	case expectClose:
		return msg.New("go-engine.treeExpectedClose", "bad tree at offset {offset}: expected a number, '(' or the ')' closing the '(' at offset {open}, found '{found}'", "offset", p.pos, "open", open, "found", found)
	}
	return msg.New("go-engine.treeExpectedNode", "bad tree at offset {offset}: expected a number or '(', found '{found}'", "offset", p.pos, "found", found)
}

func (p *treeParser) skipSpace() {
	for p.pos < len(p.text) && strings.IndexByte(" \t\r\n,", p.text[p.pos]) >= 0 {
		p.pos++
	}
}

func (p *treeParser) node(level int) (*shape, error) {
	if p.count++; p.count > MaxTreeNodes {
		return nil, msg.New("go-engine.treeTooBig", "bad tree: more than {max} nodes", "max", MaxTreeNodes)
	}
	if level > MaxPly-1 {
		return nil, msg.New("go-engine.treeTooDeep", "bad tree at offset {offset}: nested deeper than {max} levels", "offset", p.pos, "max", MaxPly-1)
	}
	if p.pos < len(p.text) && p.text[p.pos] == '(' {
		open := p.pos
		p.pos++
		s := &shape{}
		for {
			p.skipSpace()
			if p.pos < len(p.text) && p.text[p.pos] == ')' {
				if len(s.children) == 0 {
					return nil, msg.New("go-engine.treeEmptyParentheses", "bad tree at offset {offset}: the parentheses opened at {open} hold no node", "offset", p.pos, "open", open)
				}
				p.pos++
				return s, nil
			}
			if p.pos == len(p.text) {
				return nil, p.expected(expectClose, open)
			}
			c, err := p.node(level + 1)
			if err != nil {
				return nil, err
			}
			s.children = append(s.children, c)
		}
	}
	start := p.pos
	if p.pos < len(p.text) && (p.text[p.pos] == '-' || p.text[p.pos] == '+') {
		p.pos++
	}
	for p.pos < len(p.text) && p.text[p.pos] >= '0' && p.text[p.pos] <= '9' {
		p.pos++
	}
	v, err := strconv.Atoi(p.text[start:p.pos])
	if err != nil {
		p.pos = start
		return nil, p.expected(expectNode, 0)
	}
	if v < -MaxLeafValue || v > MaxLeafValue {
		p.pos = start
		return nil, msg.New("go-engine.treeLeafRange", "bad tree at offset {offset}: leaf value {value} is out of range (keep it within ±{max})", "offset", start, "value", v, "max", MaxLeafValue)
	}
	return &shape{value: int32(v)}, nil
}

// TreePosition walks a Tree. Values are turned to the side to move's point of
// view: the root player moves at even plies.
type TreePosition struct {
	tree  *Tree
	path  []int32  // node index per ply; path[0] is the root
	moves [][]Move // reusable move lists per ply
}

// NewTreePosition starts at the root of t.
func NewTreePosition(t *Tree) *TreePosition {
	return &TreePosition{tree: t, path: []int32{0}}
}

// Tree is the tree being walked.
func (p *TreePosition) Tree() *Tree { return p.tree }

func (p *TreePosition) node() *treeNode { return &p.tree.nodes[p.path[len(p.path)-1]] }

func (p *TreePosition) sign() int {
	if p.Ply()%2 == 1 {
		return -1
	}
	return 1
}

// Key implements Position: every node of a tree is a distinct position.
func (p *TreePosition) Key() uint64 {
	s := games.SplitMix64(uint64(p.path[len(p.path)-1]) + 1)
	return s.Next()
}

// Ply implements Position.
func (p *TreePosition) Ply() int { return len(p.path) - 1 }

// Moves implements Position: the children in order.
func (p *TreePosition) Moves() []Move {
	for len(p.moves) <= p.Ply() {
		p.moves = append(p.moves, nil)
	}
	nd := p.node()
	ms := p.moves[p.Ply()][:0]
	for i := int32(0); i < nd.count; i++ {
		ms = append(ms, Move(i+1))
	}
	p.moves[p.Ply()] = ms
	return ms
}

// Make implements Position.
func (p *TreePosition) Make(m Move) {
	nd := p.node()
	if m == NoMove || int32(m) > nd.count {
		panic(fmt.Sprintf("engine: tree move %d out of range", m))
	}
	p.path = append(p.path, nd.first+int32(m)-1)
}

// Unmake implements Position.
func (p *TreePosition) Unmake() {
	if len(p.path) == 1 {
		panic("engine: Unmake at the root")
	}
	p.path = p.path[:len(p.path)-1]
}

// Evaluate implements Position: a leaf's value, or an inner node's estimate.
func (p *TreePosition) Evaluate() int { return p.sign() * int(p.node().value) }

// NoMoves implements Position: a leaf's given value.
func (p *TreePosition) NoMoves() (int, tracer.End) { return p.Evaluate(), tracer.Leaf }

// Draw implements Position: trees have no draws by rule.
func (p *TreePosition) Draw() tracer.End { return tracer.Searched }

// InCheck implements Position.
func (p *TreePosition) InCheck() bool { return false }

// Defended implements Position: trees have no squares.
func (p *TreePosition) Defended(Move) bool { return false }

// Material implements Position: trees have no material, so quiescence stands pat.
func (p *TreePosition) Material(Move) (gain, mover int) { return 0, 0 }

// HistorySlot implements Position.
func (p *TreePosition) HistorySlot(m Move) int { return int(m-1) % HistorySlots }

// MoveName implements Position: the child index, "0" first.
func (p *TreePosition) MoveName(m Move) string { return TreeMoveName(m) }

var smallNames [256]string

func init() {
	for i := range smallNames {
		smallNames[i] = strconv.Itoa(i)
	}
}

// TreeMoveName names a tree move by its child index.
func TreeMoveName(m Move) string {
	if i := int(m) - 1; i < len(smallNames) {
		return smallNames[i]
	}
	return strconv.Itoa(int(m) - 1)
}

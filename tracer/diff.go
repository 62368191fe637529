package tracer

// Over 400 lines because Diff walks two streams in step, and that walk's state is one; one side's
// reading, the report and the bounded lists are apart (diff_side.go, diff_report.go,
// diff_keep.go).

import "io"

// Diff lines up two traces of one position and says where they part: the
// first node where one search did something the other did not, per iteration
// the counts, scores and PVs of both, the subtrees searched in only one, and
// the nodes searched in both that returned another score or bound.
//
// Nodes are matched by their path of moves from the root (a move searched
// twice under one parent, a re-search, is matched visit for visit), within
// the root search and the iteration they belong to. Both files are read as
// streams, in step, with a frame per open node; where the two searched a
// parent's moves in another order, the subtrees met out of step are compared
// whole (node count, window, score), not node by node, since lining them up
// would mean holding one of them in memory. Memory is the open nodes, the
// moves of each open node met out of step, and the Max entries kept per list.

// DiffOptions says how much the report keeps.
type DiffOptions struct {
	// Max bounds onlyA, onlyB and changed (each is counted in full).
	Max int
	// SAN names a line of moves from the header's position in standard
	// algebraic notation (nil, or a nil answer: no SAN). The tracer knows no
	// chess; the caller fills it.
	SAN func(h Header, moves []string) []string
}

// walkFrame is a node open in both searches.
type walkFrame struct {
	level      int
	a, b       DiffNode // each side's enter
	move       string
	pendA      map[childKey]DiffNode // children met out of step, searched so far only in A
	pendB      map[childKey]DiffNode
	iteration  int
	rootSearch int
}

type differ struct {
	opt    DiffOptions
	a, b   *sideStream
	stack  []walkFrame
	rep    *DiffReport
	onlyA  bySize
	onlyB  bySize
	change byNearness
}

// Diff reads two traces and compares them.
func Diff(a, b io.Reader, opt DiffOptions) (*DiffReport, error) {
	if opt.Max <= 0 {
		opt.Max = 20
	}
	stop := make(chan struct{})
	defer close(stop)
	fail := &failure{ch: make(chan struct{})}
	sa, err := openSide("A", a, stop, fail)
	if err != nil {
		return nil, &DiffInputError{"A", err}
	}
	sb, err := openSide("B", b, stop, fail)
	if err != nil {
		return nil, &DiffInputError{"B", err}
	}
	pa, pb := position(sa.header), position(sb.header)
	if pa != "" && pb != "" && pa != pb {
		return nil, &DiffPositionError{pa, pb}
	}
	d := &differ{opt: opt, a: sa, b: sb, rep: &DiffReport{PositionA: pa, PositionB: pb}}
	d.onlyA.max, d.onlyB.max, d.change.max = opt.Max, opt.Max, opt.Max
	d.stack = []walkFrame{{level: levelTrace}}
	// A file that fails part way is unreadable, whatever was lined up
	// before; the other side is not read on (stop closes on return).
	if d.walk() {
		return nil, &DiffInputError{fail.side.name, fail.side.err}
	}
	d.finish()
	return d.rep, nil
}

// walk advances both streams in step until both end, or one fails (it
// returns true).
func (d *differ) walk() (failed bool) {
	for {
		a := d.a.peek()
		if a.kind == itemErr {
			return true
		}
		b := d.b.peek()
		if b.kind == itemErr {
			return true
		}
		top := &d.stack[len(d.stack)-1]
		switch {
		case a.kind == itemEnter && b.kind == itemEnter && a.key == b.key:
			ia, ib := d.a.next(), d.b.next()
			d.descend(top, &ia, &ib)
		case a.kind != itemEnter && b.kind != itemEnter:
			if len(d.stack) == 1 {
				d.flushPending(top)
				return false
			}
			ia, ib := d.a.next(), d.b.next()
			d.ascend(&ia, &ib)
		default:
			d.outOfStep(top, a, b)
		}
	}
}

// descend: both searches enter the same child of top.
func (d *differ) descend(top *walkFrame, ia, ib *diffItem) {
	f := walkFrame{level: top.level + 1, a: ia.node, b: ib.node, move: ia.node.Move, iteration: top.iteration, rootSearch: top.rootSearch}
	switch f.level {
	case levelIteration:
		f.iteration = ia.node.Iteration
	case levelRoot:
		f.rootSearch = int(ia.key.visit) + 1
	}
	d.stack = append(d.stack, f)
	if f.level >= levelRoot && d.rep.FirstDivergence == nil {
		if what := enterDiffers(&ia.node, &ib.node); len(what) > 0 {
			d.diverge(what, ia.node, ib.node, nil)
		}
	}
}

// ascend: both searches leave the node open in both.
func (d *differ) ascend(ia, ib *diffItem) {
	f := &d.stack[len(d.stack)-1]
	d.flushPending(f)
	if f.level >= levelRoot {
		a, b := f.a, f.b
		a.Exit, b.Exit = ia.node.Exit, ib.node.Exit
		if what := exitDiffers(a.Exit, b.Exit); len(what) > 0 {
			if d.rep.FirstDivergence == nil {
				a.Event, b.Event = "exit", "exit"
				d.diverge(what, a, b, nil)
			}
			d.changed(f, a, b, false)
		}
	}
	d.stack = d.stack[:len(d.stack)-1]
}

// outOfStep: the two do not take the same next step under top. A child one
// side enters that the other already searched out of step is taken whole and
// compared; otherwise each side's next child is taken whole and kept until
// the other meets it, or top is left.
func (d *differ) outOfStep(top *walkFrame, a, b *diffItem) {
	if d.rep.FirstDivergence == nil {
		na, nb := d.stepOf(top, a, &top.a), d.stepOf(top, b, &top.b)
		d.diverge([]string{"next"}, na, nb, d.pathOf(top, ""))
	}
	if b.kind == itemEnter {
		if pa, ok := top.pendA[b.key]; ok {
			delete(top.pendA, b.key)
			d.matchWhole(top, pa, d.b.skipSubtree())
			return
		}
	}
	if a.kind == itemEnter {
		if pb, ok := top.pendB[a.key]; ok {
			delete(top.pendB, a.key)
			d.matchWhole(top, d.a.skipSubtree(), pb)
			return
		}
	}
	// Iterations follow each other by depth, and root searches by their
	// place: the side that is behind catches up, alone, so that the same
	// iteration or root search in both is still walked node by node.
	if top.level < levelRoot && a.kind == itemEnter && b.kind == itemEnter {
		if keyBefore(a.key, b.key) {
			d.pend(&top.pendA, a.key, d.a)
		} else {
			d.pend(&top.pendB, b.key, d.b)
		}
		return
	}
	if a.kind == itemEnter {
		d.pend(&top.pendA, a.key, d.a)
	}
	if b := d.b.peek(); b.kind == itemEnter {
		d.pend(&top.pendB, b.key, d.b)
	}
}

// keyBefore: an iteration or root search k comes before l in search order.
func keyBefore(k, l childKey) bool {
	if k.depth != l.depth {
		return k.depth < l.depth
	}
	return k.visit < l.visit
}

// pend takes a side's next child whole and keeps it until the other side meets it.
func (d *differ) pend(m *map[childKey]DiffNode, k childKey, s *sideStream) {
	if *m == nil {
		*m = map[childKey]DiffNode{}
	}
	(*m)[k] = s.skipSubtree()
}

// stepOf describes a side's next step under top, for a divergence; mine is
// that side's enter of top.
func (d *differ) stepOf(top *walkFrame, it *diffItem, mine *DiffNode) DiffNode {
	switch it.kind {
	case itemEnter:
		n := it.node
		d.place(top, &n)
		return n
	case itemExit:
		n := *mine
		n.Event, n.Exit = "exit", it.node.Exit
		n.Path = d.pathOf(top, "")
		n.Iteration, n.RootSearch = top.iteration, top.rootSearch
		return n
	}
	return DiffNode{Event: "end", Path: []string{}}
}

// place fills where a child of top entered: its iteration, root search and path.
func (d *differ) place(top *walkFrame, n *DiffNode) {
	n.Iteration, n.RootSearch = top.iteration, top.rootSearch
	switch top.level {
	case levelTrace:
		n.Path = []string{}
	case levelIteration:
		n.Path = []string{}
		n.RootSearch = 0 // the root search's place is not known on its own side
	default:
		n.Path = d.pathOf(top, n.Move)
	}
}

// matchWhole compares a child both searched, met out of step.
func (d *differ) matchWhole(top *walkFrame, a, b DiffNode) {
	if top.level == levelTrace {
		return // an iteration: its counts are compared in the iterations
	}
	if what := exitDiffers(a.Exit, b.Exit); len(what) > 0 {
		f := walkFrame{level: top.level + 1, a: a, b: b, move: a.Move, iteration: top.iteration, rootSearch: top.rootSearch}
		d.changed(&f, a, b, true)
	}
}

// flushPending: top is left; what only one side searched under it stays so.
func (d *differ) flushPending(top *walkFrame) {
	for k, n := range top.pendA {
		d.only(&d.onlyA, &d.rep.OnlyACount, top, k, n)
	}
	for k, n := range top.pendB {
		d.only(&d.onlyB, &d.rep.OnlyBCount, top, k, n)
	}
	top.pendA, top.pendB = nil, nil
}

func (d *differ) only(h *bySize, count *int, top *walkFrame, k childKey, n DiffNode) {
	*count++
	if !h.wants(subtreeNodes(&n), n.Seq) {
		return
	}
	d.place(top, &n)
	switch top.level {
	case levelTrace:
		n.Iteration = int(k.depth)
	case levelIteration:
		n.RootSearch = int(k.visit) + 1
	}
	n.Event = ""
	d.san(&n.Path, &n.SAN)
	h.add(n)
}

func (d *differ) changed(f *walkFrame, a, b DiffNode, whole bool) {
	d.rep.ChangedCount++
	ply := max(len(d.stack)-3, 0) // the trace, the iteration and the root search are no ply
	if whole {
		ply++
	}
	if !d.change.wants(ply, a.Seq) {
		return
	}
	path := d.pathOf(&d.stack[len(d.stack)-1], "")
	if whole {
		path = d.pathOf(&d.stack[len(d.stack)-1], f.move)
	}
	a.Event, b.Event = "", ""
	a.Path, b.Path = path, path
	a.Iteration, b.Iteration, a.RootSearch, b.RootSearch = f.iteration, f.iteration, f.rootSearch, f.rootSearch
	c := DiffChange{Iteration: f.iteration, RootSearch: f.rootSearch, Path: path, What: exitDiffers(a.Exit, b.Exit), Whole: whole, A: a, B: b}
	d.san(&c.Path, &c.SAN)
	d.change.add(c, ply, a.Seq)
}

// pathOf is the moves from the root to top, and then move when given.
func (d *differ) pathOf(top *walkFrame, move string) []string {
	path := []string{}
	for i := range d.stack {
		if d.stack[i].level >= levelNode {
			path = append(path, d.stack[i].move)
		}
		if &d.stack[i] == top {
			break
		}
	}
	if move != "" {
		path = append(path, move)
	}
	return path
}

func (d *differ) san(path *[]string, san *[]string) {
	if d.opt.SAN != nil && len(*path) > 0 {
		*san = d.opt.SAN(d.a.header, *path)
	}
}

// diverge records the first divergence.
func (d *differ) diverge(what []string, a, b DiffNode, path []string) {
	top := &d.stack[len(d.stack)-1]
	if path == nil {
		path = d.pathOf(top, "")
	}
	if a.Path == nil {
		a.Path = path
	}
	if b.Path == nil {
		b.Path = path
	}
	if a.Event == "" {
		a.Event = "enter"
	}
	if b.Event == "" {
		b.Event = "enter"
	}
	for _, n := range []*DiffNode{&a, &b} {
		if n.Iteration == 0 && n.Event != "end" {
			n.Iteration, n.RootSearch = top.iteration, top.rootSearch
		}
		d.san(&n.Path, &n.SAN)
	}
	v := &Divergence{Iteration: top.iteration, RootSearch: top.rootSearch, Path: path, What: what, A: a, B: b,
		SeqA: stepSeq(&a), SeqB: stepSeq(&b), LineA: stepLine(&a), LineB: stepLine(&b)}
	d.san(&v.Path, &v.SAN)
	d.rep.FirstDivergence = v
}

func stepSeq(n *DiffNode) int64 {
	if n.Event == "exit" && n.Exit != nil {
		return n.Exit.Seq
	}
	return n.Seq
}

func stepLine(n *DiffNode) int {
	if n.Event == "exit" && n.Exit != nil {
		return n.Exit.Line
	}
	return n.Line
}

// enterDiffers names what differs between two enters of one path.
func enterDiffers(a, b *DiffNode) []string {
	var what []string
	if a.Alpha != b.Alpha || a.Beta != b.Beta {
		what = append(what, "window")
	}
	if a.Depth != b.Depth {
		what = append(what, "depth")
	}
	if a.Reduced != b.Reduced {
		what = append(what, "reduced")
	}
	if a.Extended != b.Extended {
		what = append(what, "extended")
	}
	return what
}

// exitDiffers names what differs between two exits of one path.
func exitDiffers(a, b *DiffExit) []string {
	if a == nil || b == nil {
		if a != b {
			return []string{"end"}
		}
		return nil
	}
	var what []string
	if a.Score != b.Score {
		what = append(what, "score")
	}
	if a.Bound != b.Bound {
		what = append(what, "bound")
	}
	if a.End != b.End || a.Unclosed != b.Unclosed {
		what = append(what, "end")
	}
	return what
}

// finish fills the lists and the iterations.
func (d *differ) finish() {
	r := d.rep
	r.OnlyA, r.OnlyB, r.Changed = d.onlyA.sorted(), d.onlyB.sorted(), d.change.sorted()
	r.Iterations = pairIterations(*d.a.iters, *d.b.iters)
	r.Same = r.FirstDivergence == nil
}

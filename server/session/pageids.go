package session

// pageIDs renumbers a trace's nodes for the page, which takes node ids 1, 2,
// ... in the order nodes are entered, each parent entered before its child
// and open when it enters, and one exit per node. A trace from anywhere may
// break all of that (the checker lists how); the page still gets a stream it
// can draw:
//   - every enter gets a fresh id, a duplicate id included (later events
//     naming that id mean its newest visit);
//   - a parent or ref is mapped before the node's own id is given, so a node
//     that names itself as its parent (or ref) never points at itself: it
//     hangs under the innermost open node instead;
//   - an exit closes the newest visit of its id, once.
type pageIDs struct {
	byTrace map[int32]int32 // trace id -> page id of its newest visit
	exited  []bool          // by page id - 1: an exit was kept
	open    []int32         // page ids open, innermost last
	at      []int32         // by page id - 1: its place in open plus one, 0 when not open
}

// of is the page id of a trace id, 0 when it was never entered.
func (p *pageIDs) of(id int32) int32 { return p.byTrace[id] }

// enter gives node a fresh page id and maps its parent and ref.
func (p *pageIDs) enter(node, parent, ref int32) (int32, int32, int32) {
	if p.byTrace == nil {
		p.byTrace = map[int32]int32{}
	}
	pParent, pRef := p.of(parent), p.of(ref)
	if parent == node && parent != 0 {
		pParent = p.innermost() // it names itself: the checker says so
	}
	if ref == node {
		pRef = 0
	}
	id := int32(len(p.exited) + 1)
	p.byTrace[node] = id
	p.exited = append(p.exited, false)
	p.open = append(p.open, id)
	p.at = append(p.at, int32(len(p.open)))
	return id, pParent, pRef
}

// exit is the page id an exit of node closes, 0 when it was never entered
// or has exited already.
func (p *pageIDs) exit(node int32) int32 {
	id := p.of(node)
	if id == 0 || p.exited[id-1] {
		return 0
	}
	p.exited[id-1] = true
	if i := p.at[id-1]; i != 0 {
		// It closes the nodes above it that never exited (the checker says so).
		for _, above := range p.open[i-1:] {
			p.at[above-1] = 0
		}
		p.open = p.open[:i-1]
	}
	return id
}

func (p *pageIDs) innermost() int32 {
	if len(p.open) == 0 {
		return 0
	}
	return p.open[len(p.open)-1]
}

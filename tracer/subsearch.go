package tracer

// A search of a node's own position (docs/trace-format.md, "Searches of a
// node's own position"): internal iterative deepening, the singular-extension
// verification, razoring's or ProbCut's verification search. The engine
// writes it as an enter with no move and "subsearch" naming its purpose, a
// child of the node it serves, at that node's ply. It is no move: not a
// probe, not a re-search, not a cutoff; its window and score are its own
// and never the node's value; a singular verification leaves out its
// "excluded" move. Balance holds as for any node.

// Words for Sub. An engine may write its own; these are the ones pvscope names
// in its narration (WhySingular, "singular", is the verification's).
const (
	SubIID     = "iid"     // internal iterative deepening: a shallower search to find a move to try first
	SubRazor   = "razor"   // razoring's verification (a quiescence search of the node)
	SubProbCut = "probcut" // ProbCut's shallow verification search
)

// IsSub reports whether e is the enter of a search of its parent's own position.
func (e *Event) IsSub() bool { return e.Kind == Enter && e.Sub != "" }

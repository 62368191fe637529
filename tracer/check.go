package tracer

// Over 400 lines because it is the Checker's core, the event loop and node stack that every rule
// file (check_*.go) hooks into.

import (
	"fmt"

	"github.com/pvscope/pvscope/tracer/msg"
)

// Violation is a broken invariant: the event where it was found and what broke.
type Violation struct {
	Seq     int64  // the offending event; for a trace that ends badly, the last one
	Node    int32  // the node the event names; for a trace that ends with nodes open, the innermost
	Rule    string // which rule broke: seq, search-order, nesting, innermost, iteration, probe-window, re-search, pv-update-window, actual-type, best-score, pv-report, move-value, null-move-twice, null-in-check, aspiration, best-move, engine-pv, tt-depth, tt-mate-ply, tt-bound, tt-move, tt-key; for a warning: tt-draw,: repeat, engine-pv, null-in-check, unaccounted (check_unaccounted.go)
	Problem string
	// Key and Args say Problem in the page's catalogs (go-tracer.*): msg.Error's.
	Key  string
	Args map[string]any
}

// violation makes the Violation that says m.
func violation(seq int64, node int32, rule string, m *msg.Error) *Violation {
	return &Violation{Seq: seq, Node: node, Rule: rule, Problem: m.Text, Key: m.Key, Args: m.Args}
}

func (v *Violation) Error() string {
	return fmt.Sprintf("tracer: seq %d: %s", v.Seq, v.Problem)
}

// Checker is a Sink that checks the invariants every searcher's trace keeps.
// Tests of a searcher record through it and ask Err (or call Check). Each
// rule names the one convention it relies on:
//
//   - seq, search-order, nesting, innermost, iteration rely on the trace
//     being one depth-first search written as it runs: seq is positive and
//     strictly increases; search-start comes first and search-end last, once
//     each; enter and exit nest like parentheses (an exit names the innermost
//     open node, an enter's Parent is the innermost open node or 0, node ids
//     are positive and never reused, nothing is open at search-end);
//     iterations do not nest, no node is open across their boundaries, and a
//     trace with iterations enters every node inside one; an event about a
//     node (probe, fail-high, fail-low, re-search, cutoff, the tt- events,
//     pv-update, prune, stand-pat, move-value) names the innermost open node.
//   - probe-window relies on PVS's null window: a probe is one unit wide,
//     Beta == Alpha+1.
//   - re-search relies on PVS's ladder (probe, then search again only when
//     alpha < score < beta) and on a reduction being a guess: a re-search of
//     Ref at Node searches a move again wider or deeper (Ref an exited child
//     of Node, entered by a probe with the same Alpha whose score, negated,
//     is above the re-search's alpha: strictly inside its window, or at or
//     above its beta too when the re-search is wider, as PVS that searches
//     again whenever the probe beat alpha does; or a reduced search), and the
//     next enter is that search; the same move again right after with the
//     same window, deeper and with no Ref, is the ladder's next step, judged
//     in the first's place; a re-search is not missing: a reduced child
//     (lmr, or no reason) whose score beats alpha, or a probe whose score
//     lands strictly inside the window, is searched again right after (a
//     null move, 0000, an iir node and a null move's search owe none). A
//     probe is a one-unit window under the parent's window as its stand pat
//     and its moves raised alpha: under a stand pat at beta-1 it is none.
//   - pv-update-window relies on a line changing only when a move raises
//     alpha without reaching beta: its Score is strictly inside (Alpha, Beta).
//   - actual-type relies on Knuth and Moore's types read from the score in
//     its window: All at or below alpha, Cut at or above beta, PV between (a
//     fail-hard exit equal to a bound is that bound); a Stopped node may say
//     anything.
//   - best-score relies on a node's values being its moves' (minus each
//     child's score, or the parent's move-value) and its stand pat: it scores
//     at least min(best value, beta) (fail-hard returns beta on a cutoff), or,
//     with meta.bounds fail-soft (Bounds), at least its best value (unless
//     its exit says bound lower: a fail-hard clamp); a move searched again
//     right after is worth its last search's value (a node is judged by what
//     it kept); not counting a null move that did not cut, or a
//     stopped child; a table answer, a stopped node, or a node that searched a
//     move again deeper with no ref (its moves first searched shallower, as a
//     null move's verification does) is not judged.
//   - move-value relies on following its child's exit, before anything else
//     of the node's.
//   - pv-report relies on pvscope's collectors reporting after the root
//     search: a pv-line or pv-cut comes inside an iteration with no node
//     open, names a method, and a cut a node entered, a reason and a ply
//     short of the depth.
//   - aspiration, best-move (check_driver.go), null-move-twice, null-in-check
//     (check_null.go), tt-depth (check_ttdepth.go), the table rules
//     tt-mate-ply, tt-bound, tt-move, tt-key, tt-draw (check_tt_*.go), engine-pv (check_enginepv.go; its comparison with the
//     derived line is Diagnosis's): each file says the convention its rules
//     rely on.
//
// A move searched again from the same parent with the same window and depth
// (a killer tried first and met again in the move list, say) is a repeat: it
// is counted (Repeats), not a violation. Doubtful but legal patterns go to
// Warn: a repeat searched in full again (its table did not answer it), and an
// enter whose Ref names a visit it only repeats.
//
// The checker keeps the state of open nodes and their children only, and one
// bit per node id seen, so it can check a trace of millions of nodes as it
// streams by. It stops at the first violation, unless Report is set: then it
// hands every violation to Report and goes on, resynchronising its stack of
// open nodes after a nesting error so that one lost exit is one violation.
// Its memory is a few words per node
// entered. It is not safe for concurrent use.
type Checker struct {
	// Report, when set, receives every violation and the check continues.
	Report func(*Violation)
	// Warn, when set, receives every warning: a doubtful pattern that breaks
	// no rule.
	Warn func(*Violation)
	// Writer, when set, receives the trace's own mistakes, its writer's, not
	// the engine's (check_writer.go); unset, they go where violations go.
	Writer func(*Violation)
	// Bounds is the engine's bound convention (meta.bounds, see SetHeader):
	// BoundsFailSoft judges a node's score against its best move's value;
	// anything else (fail-hard, or not said) against min(best move's value, beta).
	Bounds string
	// Scale tells infinity, for the aspiration rule; the zero Scale is DefaultScale.
	Scale Scale
	// Game, when set, answers the rules that need positions (engine-pv's
	// legality, null-in-check); without it they are not judged.
	Game Game
	// Repeats counts the moves searched again with the same window and depth.
	Repeats  int64
	drv      driverState // the root searches, for aspiration, best-move and engine-pv
	rule     string      // the rule of the problem check last returned
	culprit  int32       // the node it is about, when not the event's: one left open
	err      error
	started  bool // search-start seen
	ended    bool // search-end seen
	lastSeq  int64
	inIter   bool
	iterSeen bool
	outside  int32                // the first node entered outside any iteration, 0 if none
	open     []int32              // open nodes, innermost last
	kids     [][]int32            // kids[i]: the children open[i] has entered
	frames   deepStack[openFrame] // frames.At(i): what open[i] has learnt from its children
	nodes    map[int32]nodeState  // open nodes and their children: what a re-search can name
	seen     idSet                // every node entered
	// A re-search announced and not yet entered; rsSeq is 0 when none is pending.
	rsSeq         int64
	rsNode, rsRef int32
	sub           subChecks    // searches of a node's own position (check_subsearch.go)
	tt            ttDepthState // the last tt-hit, for tt-depth (check_ttdepth.go)
	ttc           ttState      // the table's entries by key, for the table rules (check_tt_*.go)
	ttsum         ttSumState   // the table's traffic by depth (check_tt_summary.go)
	// OnTTLink, when set, receives each keyed tt-hit's link to the store it
	// read (check_tt_link.go).
	OnTTLink func(TTLink)
	// TTKeyBudget is how many keyed nodes tt-key judges (0: 10,000; a
	// negative number: none), since each costs a position (check_tt_key.go).
	TTKeyBudget int
	wr          writerState // the writer's mistakes (check_writer.go)
}

// nodeState is what the checker remembers of an entered node.
type nodeState struct {
	move         string
	parent       int32
	alpha, beta  int32 // the window it was entered with
	score        int32 // once exited
	probeAlpha   int32 // the Alpha of the parent's probe that entered it, if probed
	probingAlpha int32 // while open: the Alpha of its probe whose child is not yet entered
	repeatOf     int32 // the sibling it repeats, 0 if none
	depth        int16
	ply          int32
	reduced      int16
	// owesReSearch: a reduced search the parent must search again at full
	// depth once it beats alpha (a late move reduction, or a reduction the
	// engine gave no reason for). A node that reduced itself (iir), a null
	// move's or its verification's reduced search owe nothing.
	owesReSearch bool
	end          End // once exited
	probed       bool
	probing      bool
	exited       bool
}

// Check runs a Checker over events and returns the first violation, or nil.
func Check(events []Event) error {
	var c Checker
	for _, e := range events {
		c.Emit(e)
	}
	return c.Finish()
}

// Err returns the first violation so far, or nil.
func (c *Checker) Err() error { return c.err }

// Finish checks that the trace ended properly (search-end seen, nothing open)
// and returns the first violation, or nil.
func (c *Checker) Finish() error {
	if c.err != nil {
		return c.err
	}
	var problem *msg.Error
	switch {
	case !c.started:
		c.rule = "search-order"
		problem = msg.New("go-tracer.emptyTrace", "the trace is empty: it has no search-start")
	case len(c.open) > 0:
		c.rule = "nesting"
		problem = msg.New("go-tracer.endsOpen", "the trace ends here with node {node} still open", "node", c.top())
	case !c.ended:
		c.rule = "search-order"
		problem = msg.New("go-tracer.endsWithoutEnd", "the trace ends here without search-end")
	default:
		return nil
	}
	v := violation(c.lastSeq, c.top(), c.rule, problem)
	if c.Report != nil {
		c.Report(v)
		return nil
	}
	c.err = v
	return c.err
}

// Emit implements Sink.
func (c *Checker) Emit(e Event) {
	if c.err != nil {
		return
	}
	// A seq out of order is reported, and the event is still taken for
	// what it is, so that one bad seq is one violation.
	if problem := c.checkSeq(&e); problem != nil {
		v := violation(e.Seq, e.Node, "seq", problem)
		if c.Report == nil {
			c.err = v
			return
		}
		c.Report(v)
	}
	c.culprit = 0
	if problem := c.check(&e); problem != nil {
		v := violation(e.Seq, e.Node, c.rule, problem)
		if c.culprit != 0 {
			v.Node = c.culprit
		}
		if c.Report != nil {
			c.Report(v)
			return
		}
		c.err = v
	}
}

func (c *Checker) top() int32 {
	if len(c.open) == 0 {
		return 0
	}
	return c.open[len(c.open)-1]
}

// checkSeq returns what e's seq breaks, or nil.
func (c *Checker) checkSeq(e *Event) *msg.Error {
	switch {
	case !c.started && e.Seq <= 0:
		return msg.New("go-tracer.firstSeq", "the first seq must be positive")
	case c.started && e.Seq <= c.lastSeq:
		return msg.New("go-tracer.seqNotIncreasing", "seq does not increase: the event before was seq {seq}", "seq", c.lastSeq)
	}
	c.lastSeq = e.Seq
	return nil
}

// check returns what e breaks besides its seq, or nil.
func (c *Checker) check(e *Event) *msg.Error {
	switch {
	case !c.started && e.Kind != SearchStart:
		c.rule = "search-order"
		return msg.New("go-tracer.firstEvent", "the first event is {kind}, want search-start", "kind", e.Kind.String())
	case c.ended:
		c.rule = "search-order"
		return msg.New("go-tracer.afterEnd", "{kind} after search-end", "kind", e.Kind.String())
	}

	switch e.Kind {
	case Probe, FailHigh, FailLow, ReSearch, Cutoff, TTProbe, TTHit, TTCutoff, TTStore, PVUpdate, Prune, StandPat, MoveValue:
		if top := c.top(); top == 0 || e.Node != top {
			if top == 0 {
				c.rule = "innermost"
				return msg.New("go-tracer.namesNoneOpen", "{kind} names node {node}, but no node is open", "kind", e.Kind.String(), "node", e.Node)
			}
			c.rule = "innermost"
			return msg.New("go-tracer.namesNotInnermost", "{kind} names node {node}, but the innermost open node is {top}", "kind", e.Kind.String(), "node", e.Node, "top", top)
		}
	}

	switch e.Kind {
	case SearchStart:
		if c.started {
			c.rule = "search-order"
			return msg.New("go-tracer.secondStart", "a second search-start")
		}
		c.started = true
	case SearchEnd:
		if len(c.open) > 0 {
			c.rule = "nesting"
			return msg.New("go-tracer.endWithOpen", "search-end with node {node} still open", "node", c.top())
		}
		if c.inIter {
			c.rule = "search-order"
			return msg.New("go-tracer.endInIteration", "search-end inside an iteration")
		}
		c.ended = true
		return c.searchEnd(e)
	case IterationStart:
		if c.inIter {
			c.rule = "iteration"
			return msg.New("go-tracer.iterationNested", "iteration-start inside an iteration")
		}
		if len(c.open) > 0 {
			c.rule = "iteration"
			return msg.New("go-tracer.iterationStartOpen", "iteration-start with node {node} open", "node", c.top())
		}
		if c.outside != 0 {
			c.rule = "iteration"
			return msg.New("go-tracer.iterationAfterOutside", "iteration-start in a trace that entered node {node} outside any iteration", "node", c.outside)
		}
		c.inIter, c.iterSeen = true, true
	case AspirationFail:
		if !c.inIter || len(c.open) > 0 {
			c.rule = "iteration"
			return msg.New("go-tracer.aspirationOutside", "aspiration-fail outside an iteration or with a node open")
		}
	case IterationEnd:
		if !c.inIter {
			c.rule = "iteration"
			return msg.New("go-tracer.iterationEndAlone", "iteration-end without iteration-start")
		}
		if len(c.open) > 0 {
			c.rule = "iteration"
			return msg.New("go-tracer.iterationEndOpen", "iteration-end with node {node} still open", "node", c.top())
		}
		c.inIter = false
		return c.engineLine(e)
	case RootPV:
		return c.engineLine(e)
	case TTProbe:
		c.ttCount(e)
		c.ttKey(e)
	case TTHit:
		c.ttHit(e)
	case TTCutoff:
		c.ttAnswered(e.Seq, e.Node)
	case TTStore:
		c.ttStore(e)
	case StandPat:
		c.standPat(e)
	case MoveValue:
		c.subMoveValue("", Searched, e.Score)
		return c.moveValue(e)
	case Enter:
		c.writerEnter(e)
		return c.enter(e)
	case Exit:
		return c.exit(e)
	case Probe:
		if int64(e.Beta) != int64(e.Alpha)+1 {
			c.rule = "probe-window"
			return msg.New("go-tracer.probeNotNull", "probe window ({alpha}, {beta}) is not null: beta must be alpha+1", "alpha", e.Alpha, "beta", e.Beta)
		}
		n := c.nodes[e.Node]
		n.probing, n.probingAlpha = true, e.Alpha
		c.nodes[e.Node] = n
	case ReSearch:
		c.writerReSearchEvent(e)
		return c.reSearch(e)
	case PVUpdate:
		if !(e.Alpha < e.Score && e.Score < e.Beta) {
			c.rule = "pv-update-window"
			return msg.New("go-tracer.pvUpdateOutside", "pv-update score {score} is not strictly inside the window ({alpha}, {beta})", "score", e.Score, "alpha", e.Alpha, "beta", e.Beta)
		}
	case PVLine, PVCut:
		return c.pvReport(e)
	}
	return nil
}

func (c *Checker) exit(e *Event) *msg.Error {
	top := c.top()
	if (top == 0 || e.Node != top) && c.writerExit(e) {
		return nil // no enter opened it: the writer's mistake, nothing of the engine's
	}
	if top == 0 || e.Node != top {
		c.rule, c.culprit = "nesting", top
		m := msg.New("go-tracer.exitNotInnermost", "exit of node {node}, but the innermost open node is {top}: node {top} has not exited", "node", e.Node, "top", top)
		if top == 0 {
			m = msg.New("go-tracer.exitNoneOpen", "exit of node {node}, but no node is open", "node", e.Node)
		}
		if c.Report != nil && e.Node != 0 && c.resync(e.Node) {
			c.pop(e)
		}
		return m
	}
	var problem *msg.Error
	if c.rsSeq != 0 && c.rsNode == e.Node {
		c.rule = "re-search"
		problem = msg.New("go-tracer.exitWithoutReSearch", "node {node} exits without the re-search it announced at seq {seq}", "node", e.Node, "seq", c.rsSeq)
		c.rsSeq = 0
	} else if n := c.nodes[e.Node]; e.End != Stopped {
		want := PV
		if e.Score <= n.alpha {
			want = All
		} else if e.Score >= n.beta {
			want = Cut
		}
		if e.Actual != want {
			c.rule = "actual-type"
			problem = msg.New("go-tracer.actualType", `exit of node {node} says "{actual}", but score {score} in its window ({alpha}, {beta}) makes it "{want}"`,
				"node", e.Node, "actual", e.Actual.String(), "score", e.Score, "alpha", n.alpha, "beta", n.beta, "want", want.String())
		}
	}
	if e.End == TTCut {
		c.ttAnswered(e.Seq, e.Node)
	}
	c.ttExited(e)
	if problem == nil {
		problem = c.judgeExit(e)
	}
	problem = c.subExit(e, problem)
	if problem != nil && c.Report == nil {
		return problem
	}
	if len(c.open) == 1 { // a root: the only open node (one map lookup per root, not per exit)
		n := c.nodes[e.Node]
		c.rootExited(e, &n)
	}
	c.pop(e)
	return problem
}

// pop closes e's node, the innermost open one, and tells its parent its score.
func (c *Checker) pop(e *Event) {
	n := c.nodes[e.Node]
	n.exited, n.score, n.probing, n.end = true, e.Score, false, e.End
	c.nodes[e.Node] = n
	c.closeTop()
	if !c.subExited(e) { // a sub-search's score is no value of its parent's (check_subsearch.go)
		c.childExited(e.Node, &n)
		c.subMoveValue(n.move, n.end, -n.score)
	}
}

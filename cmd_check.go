package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/pvscope/pvscope/engine"
	"github.com/pvscope/pvscope/tracer"
)

// checkCmd reads a trace (pvscope's own or a minimal one from another engine),
// checks its invariants and reports its counts and its PVs. Exit 0 clean,
// 1 violations, 2 unreadable.
func checkCmd(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print one JSON object")
	maxShown := fs.Int("max", 20, "print at most this many violations (all are counted)")
	files, err := parseFlagsAndFiles(fs, args)
	if err != nil {
		return err
	}
	if len(files) != 1 {
		return fmt.Errorf("want one trace file, got %d (pvscope check FILE [--json] [--max N])", len(files))
	}
	f, err := os.Open(files[0])
	if err != nil {
		return exitCode{2, err}
	}
	defer f.Close()
	rep, err := checkTrace(f, *maxShown)
	if err != nil {
		return exitCode{2, fmt.Errorf("%s: %v", files[0], err)}
	}
	rep.File = files[0]
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			return err
		}
	} else {
		printCheck(stdout, rep)
	}
	if rep.ViolationCount > 0 || rep.WriterMistakeCount > 0 {
		return exitCode{1, nil}
	}
	return nil
}

// checkReport is what check finds; --json prints it as it is.
type checkReport struct {
	File   string      `json:"file"`
	Events int64       `json:"events"`
	Counts checkCounts `json:"counts"`
	// WriterMistakes are the trace's own: its writer's, not the engine's (a
	// re-search written with another move, a move that is none in its
	// parent's position, an exit no enter opened); listed first.
	WriterMistakeCount int              `json:"writerMistakeCount"`
	WriterMistakes     []checkViolation `json:"writerMistakes"`
	ViolationCount     int              `json:"violationCount"`
	// ViolationRules: how many rules the violations break (26 violations of one rule is 1).
	ViolationRules int              `json:"violationRules"`
	Violations     []checkViolation `json:"violations"`
	// Warnings are doubtful patterns that break no rule (a repeat searched in
	// full again, a meta value that cannot be read).
	WarningCount int              `json:"warningCount"`
	Warnings     []checkViolation `json:"warnings"`
	Iterations   []checkIteration `json:"iterations"`
	// TT is the table's traffic and links; RuleCounts, each rule's
	// violations and warnings (cmd_check_tt.go).
	TT         checkTT        `json:"tt"`
	RuleCounts map[string]int `json:"ruleCounts"`
}

type checkCounts struct {
	Nodes               int64   `json:"nodes"`
	Leaves              int64   `json:"leaves"`
	Probes              int64   `json:"probes"`
	ReSearches          int64   `json:"reSearches"`
	Cutoffs             int64   `json:"cutoffs"`
	FirstMoveCutoffRate float64 `json:"firstMoveCutoffRate"`
	TTHits              int64   `json:"ttHits"`
	TTCutoffs           int64   `json:"ttCutoffs"`
	// Repeats: moves searched again from the same parent with the same window and depth.
	Repeats int64 `json:"repeats"`
	Prunes  int64 `json:"prunes"`
}

type checkViolation struct {
	Rule    string   `json:"rule"`
	Line    int      `json:"line"`
	Seq     int64    `json:"seq"`
	Node    int32    `json:"node"`
	Path    []string `json:"path"`
	Message string   `json:"message"`
}

type checkIteration struct {
	Depth int       `json:"depth"`
	Score int32     `json:"score"`
	PV    []string  `json:"pv"`
	Short bool      `json:"short"`
	End   *checkEnd `json:"end,omitempty"`
	// Derived: the engine wrote no root-pv; the line was followed through the trace.
	Derived bool `json:"derived,omitempty"`
	// Stopped: the search was stopped in this iteration, so its line is no result.
	Stopped bool `json:"stopped,omitempty"`
	// Bound: "lower" (the score is at least Score) or "upper" (at most) when
	// the root search failed on its aspiration window and was not searched again.
	Bound string `json:"bound,omitempty"`
}

// checkEnd is where a short PV ended; Reason is a pv-cut reason name, or
// "unexplained" when nothing in the trace explains it.
type checkEnd struct {
	Node   int32  `json:"node"`
	Ply    int    `json:"ply"`
	Reason string `json:"reason"`
}

// checkTrace streams a trace through the pipeline (tracer.Pipeline: the
// deriver, the checker and the diagnosis). An error means the trace cannot
// be read; violations are in the report.
func checkTrace(r io.Reader, maxShown int) (*checkReport, error) {
	rep := &checkReport{WriterMistakes: []checkViolation{}, Violations: []checkViolation{}, Warnings: []checkViolation{}, Iterations: []checkIteration{}}
	var (
		a     tracer.Analysis
		paths pathStack
	)
	keep := func(count *int, list *[]checkViolation) func(*tracer.Violation) {
		return func(v *tracer.Violation) {
			*count++
			countRule(rep, v.Rule)
			if len(*list) < maxShown {
				*list = append(*list, checkViolation{
					Rule: v.Rule, Line: a.Line, Seq: v.Seq, Node: v.Node,
					Path: paths.path(&a.Current, v.Node), Message: v.Problem,
				})
			}
		}
	}
	report := keep(&rep.ViolationCount, &rep.Violations)
	rules := map[string]bool{}
	p := tracer.Pipeline{Check: true,
		Report: func(v *tracer.Violation) {
			if !rules[v.Rule] {
				rules[v.Rule] = true
				rep.ViolationRules++
			}
			report(v)
		},
		Warn:   keep(&rep.WarningCount, &rep.Warnings),
		Writer: keep(&rep.WriterMistakeCount, &rep.WriterMistakes),
		Event:  func(e tracer.Event, _ int) { paths.apply(&e) },
	}
	p.Header = func(a *tracer.Analysis) error {
		meta := a.Header.Meta
		if m := engine.HeaderFEN(meta); m != nil { // a move number of 0, as engines write it
			a.WarnMeta(m)
		}
		// The header's position the page refuses (a FEN with no kings, a tree it
		// cannot read, more than one position) is refused here too.
		if _, err := engine.HeaderPosition(meta); err != nil {
			return err
		}
		// Chess's FEN or a game's position: legality, and where a line ends.
		if g, end := engine.HeaderGame(meta); end != nil {
			a.Diagnosis.EndOfLine = end
			if g != nil {
				a.Checker.Game = g
			}
		}
		watchTT(&a.Checker, rep)
		if w, err := engine.NewMoveWalker(meta); err == nil && w != nil {
			a.Unaccounted.Moves = w
		}
		return nil
	}
	// The header's warnings (pov, bounds, the scale) are dated on its line.
	if err := a.Open(r, p); err != nil {
		return nil, err
	}
	if err := a.Run(); err != nil {
		return nil, err
	}
	diag, chk := &a.Diagnosis, &a.Checker
	c := diag.Counts
	rep.Events = c.Events
	rep.Counts = checkCounts{Nodes: c.Nodes, Leaves: c.Leaves, Probes: c.Probes, ReSearches: c.ReSearches,
		Cutoffs: c.Cutoffs, FirstMoveCutoffRate: c.FirstMoveCutoffRate(), TTHits: c.TTHits, TTCutoffs: c.TTCutoffs,
		Repeats: chk.Repeats, Prunes: c.Prunes}
	rep.TT.TTSummary = chk.TTSummary()
	for _, it := range diag.Iterations {
		ci := checkIteration{Depth: it.Depth, Score: it.Score, PV: it.PV, Short: it.Short, Stopped: it.Stopped, Derived: it.Derived, Bound: it.Bound.String()}
		if ci.PV == nil {
			ci.PV = []string{}
		}
		if it.Short {
			reason := "unexplained"
			if it.End.Reason != tracer.NoReason {
				reason = it.End.Reason.String()
			}
			ci.End = &checkEnd{Node: it.End.Node, Ply: it.End.Ply, Reason: reason}
		}
		rep.Iterations = append(rep.Iterations, ci)
	}
	return rep, nil
}

// pathStack is the moves from the root to each open node, for naming where a
// violation happened.
type pathStack struct {
	nodes []int32
	moves []string
}

func (p *pathStack) apply(e *tracer.Event) {
	switch e.Kind {
	case tracer.Enter:
		p.cut(e.Parent, true)
		p.nodes, p.moves = append(p.nodes, e.Node), append(p.moves, e.Move)
	case tracer.Exit:
		p.cut(e.Node, false)
	}
}

// cut closes the nodes above node (keep) or node and those above it.
func (p *pathStack) cut(node int32, keep bool) {
	for i := len(p.nodes) - 1; i >= 0; i-- {
		if p.nodes[i] == node {
			if keep {
				i++
			}
			p.nodes, p.moves = p.nodes[:i], p.moves[:i]
			return
		}
	}
	if node == 0 && keep {
		p.nodes, p.moves = p.nodes[:0], p.moves[:0]
	}
}

// path is the moves from the root to node when it is open (to the innermost
// open node when it is not); for the enter e of node, its parent's and its move.
func (p *pathStack) path(e *tracer.Event, node int32) []string {
	entering := e.Kind == tracer.Enter && e.Node == node
	target := node
	if entering {
		target = e.Parent
	}
	end := len(p.nodes)
	for i, n := range p.nodes {
		if n == target {
			end = i + 1
			break
		}
	}
	if entering && target == 0 {
		end = 0
	}
	moves := []string{}
	for i := 1; i < end; i++ { // moves[0] is the root's: none
		if p.moves[i] != "" { // a search of a node's own position plays no move
			moves = append(moves, p.moves[i])
		}
	}
	if entering && e.Parent != 0 {
		moves = append(moves, e.Move)
	}
	return moves
}

func printCheck(w io.Writer, rep *checkReport) {
	w = inertWriter{w} // the trace's names are printed, never obeyed
	c := rep.Counts
	fmt.Fprintf(w, "%s: %d events, %d nodes, %d leaves, %d probes, %d re-searches, %d repeats, %d cutoffs (%.1f%% by the first move), %d TT hits, %d TT cutoffs, %d moves pruned\n",
		rep.File, rep.Events, c.Nodes, c.Leaves, c.Probes, c.ReSearches, c.Repeats, c.Cutoffs, 100*c.FirstMoveCutoffRate, c.TTHits, c.TTCutoffs, c.Prunes)
	for _, it := range rep.Iterations {
		derived := ""
		if it.Derived {
			derived = ", derived"
		}
		score := fmt.Sprint(it.Score)
		switch it.Bound {
		case "lower":
			score = "≥ " + score
		case "upper":
			score = "≤ " + score
		}
		fmt.Fprintf(w, "depth %d: score %s, PV %s (%d of %d moves%s)", it.Depth, score, orDash(it.PV), len(it.PV), it.Depth, derived)
		if it.Bound != "" {
			fmt.Fprint(w, ": the score is a bound, its aspiration window failed and no wider search of this depth followed")
		}
		if it.Stopped {
			fmt.Fprint(w, ": stopped before it finished")
		}
		switch {
		case it.End != nil && it.End.Node == 0:
			fmt.Fprintf(w, ": short, it ends at ply %d: %s", it.End.Ply, reasonSentence(it.End.Reason))
		case it.End != nil:
			fmt.Fprintf(w, ": short, it ends at node %d, ply %d: %s", it.End.Node, it.End.Ply, reasonSentence(it.End.Reason))
		}
		fmt.Fprintln(w)
	}
	printTT(w, rep)
	// The trace's own mistakes first (what the engine did cannot be read
	// right past them), then the engine's violations, then the warnings.
	for _, v := range rep.WriterMistakes {
		fmt.Fprintf(w, "the trace's writer: line %d (seq %d, node %d, path %s): %s: %s\n", v.Line, v.Seq, v.Node, orDash(v.Path), v.Rule, v.Message)
	}
	for _, v := range rep.Violations {
		fmt.Fprintf(w, "line %d (seq %d, node %d, path %s): %s: %s\n", v.Line, v.Seq, v.Node, orDash(v.Path), v.Rule, v.Message)
	}
	for _, v := range rep.Warnings {
		fmt.Fprintf(w, "warning: line %d (seq %d, node %d, path %s): %s: %s\n", v.Line, v.Seq, v.Node, orDash(v.Path), v.Rule, v.Message)
	}
	if rep.WriterMistakeCount > 0 {
		fmt.Fprintf(w, "%s of the trace's writer%s, ", plural(rep.WriterMistakeCount, "mistake", "mistakes"), shown(rep.WriterMistakeCount, len(rep.WriterMistakes)))
	}
	if rep.ViolationCount == 0 {
		fmt.Fprint(w, "no violations")
	} else {
		fmt.Fprintf(w, "%s of %s%s", plural(rep.ViolationCount, "violation", "violations"), plural(rep.ViolationRules, "rule", "rules"), shown(rep.ViolationCount, len(rep.Violations)))
	}
	if rep.WarningCount > 0 {
		fmt.Fprintf(w, ", %s%s", plural(rep.WarningCount, "warning", "warnings"), shown(rep.WarningCount, len(rep.Warnings)))
	}
	fmt.Fprintln(w)
}

// shown says how many of count a list shows, when not all: " (20 shown; --max N shows more)".
func shown(count, listed int) string {
	if count > listed {
		return fmt.Sprintf(" (%d shown; --max N shows more)", listed)
	}
	return ""
}

func orDash(moves []string) string {
	if len(moves) == 0 {
		return "-"
	}
	return strings.Join(moves, " ")
}

// reasonSentence says a PV's end reason in words.
func reasonSentence(reason string) string {
	r, err := tracer.ParseReason(reason)
	if err != nil {
		return "nothing in the trace explains it"
	}
	switch r {
	case tracer.TTExactCutAtPV:
		return "an exact TT hit answered a PV node"
	case tracer.FailLowAtPV:
		return "a PV node failed low"
	case tracer.ReasonMate:
		return "mate"
	case tracer.ReasonStalemate:
		return "stalemate"
	case tracer.ReasonWon:
		return "the game is over: the side to move has won"
	case tracer.ReasonLost:
		return "the game is over: the side to move has lost"
	case tracer.ReasonDrawn:
		return "the game is over in a draw"
	case tracer.ReasonRepetition:
		return "repetition"
	case tracer.ReasonFiftyMove:
		return "the fifty-move rule"
	case tracer.ReasonLeaf:
		return "a leaf of the tree"
	case tracer.SearchStopped:
		return "the search was stopped"
	case tracer.ReasonTTCutoff:
		return "a table entry answered the node"
	case tracer.ReasonHorizon:
		return "it reached the horizon early (a reduced or null-move search)"
	case tracer.AspirationFailAtRoot:
		return "the root failed its aspiration window at this depth: its score is a bound, and so is its line"
	case tracer.RootBound:
		return "the root's search was a bound search (a window one unit wide) and failed high or low: its line is a bound's"
	}
	return r.String()
}

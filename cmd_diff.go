package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/pvscope/pvscope/engine"
	"github.com/pvscope/pvscope/tracer"
)

// diffCmd lines up two searches of one position: two trace files, or two
// runs of pvscope's engine with different options. Exit 0 the same, 1 they
// differ, 2 a file cannot be read or the positions differ.
func diffCmd(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("diff", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print one JSON object")
	maxShown := fs.Int("max", 10, "list at most this many subtrees searched in only one, and changed nodes (all are counted)")
	fen := fs.String("fen", "", "instead of two files: search this position (FEN) twice with pvscope's engine")
	depth := fs.Int("depth", 0, "with --fen: the search depth")
	optsA := fs.String("a", "", `with --fen: search A's options as in the page's URL, e.g. "order-killers=false,tt-size=1024"`)
	optsB := fs.String("b", "", "with --fen: search B's options")
	move := fs.String("move", "", "where this move's fate (pvscope why) first differs, at the root or --at")
	at := fs.String("at", "", "with --move: the node, as pvscope why --at")
	files, err := parseFlagsAndFiles(fs, args)
	if err != nil {
		return err
	}
	var ra, rb io.Reader
	var nameA, nameB string
	run := *fen != "" || flagGiven(fs, "a") || flagGiven(fs, "b") || flagGiven(fs, "depth")
	switch {
	case run && len(files) > 0:
		return fmt.Errorf("give two trace files or --fen with --a and --b, not both")
	case run:
		if *fen == "" {
			*fen = engine.StartFEN
		}
		stop := make(chan struct{})
		defer close(stop)
		if ra, err = searchTrace(*fen, *depth, *optsA, stop); err != nil {
			return exitCode{2, fmt.Errorf("--a: %v", err)}
		}
		if rb, err = searchTrace(*fen, *depth, *optsB, stop); err != nil {
			return exitCode{2, fmt.Errorf("--b: %v", err)}
		}
		nameA, nameB = optionsName(*optsA), optionsName(*optsB)
	case len(files) == 2:
		fa, err := os.Open(files[0])
		if err != nil {
			return exitCode{2, err}
		}
		defer fa.Close()
		fb, err := os.Open(files[1])
		if err != nil {
			return exitCode{2, err}
		}
		defer fb.Close()
		ra, rb, nameA, nameB = fa, fb, files[0], files[1]
	default:
		return fmt.Errorf("want two trace files, got %d (pvscope diff A B [--json] [--max N], or --fen F --depth D --a OPTIONS --b OPTIONS)", len(files))
	}
	if *move != "" || *at != "" {
		return diffMove(stdout, ra, rb, nameA, nameB, *move, *at, *asJSON) // cmd_diff_move.go
	}
	rep, err := tracer.Diff(ra, rb, tracer.DiffOptions{Max: *maxShown, SAN: sanLine})
	var inputErr *tracer.DiffInputError
	var posErr *tracer.DiffPositionError
	switch {
	case errors.As(err, &inputErr):
		name := map[string]string{"A": nameA, "B": nameB}[inputErr.Side]
		return exitCode{2, fmt.Errorf("%s cannot be read: %v", name, inputErr.Err)}
	case errors.As(err, &posErr):
		return exitCode{2, fmt.Errorf("%s is %s but %s is %s: a diff needs two searches of one position", nameA, posErr.A, nameB, posErr.B)}
	case err != nil:
		return exitCode{2, err}
	}
	out := diffOutput{A: nameA, B: nameB, DiffReport: rep}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(out); err != nil {
			return err
		}
	} else {
		printDiff(stdout, &out)
	}
	if !rep.Same {
		return exitCode{1, nil}
	}
	return nil
}

// diffOutput is what --json prints: the two names and the report.
type diffOutput struct {
	A string `json:"a"`
	B string `json:"b"`
	*tracer.DiffReport
}

func optionsName(opts string) string {
	if opts == "" {
		return "(defaults)"
	}
	return opts
}

// searchTrace runs pvscope's engine on fen with options written as in the
// page's URL ("name=value,name=value") and returns its trace as a stream:
// the search writes into a pipe the diff reads, so neither trace is held whole.
func searchTrace(fen string, depth int, options string, stop <-chan struct{}) (io.Reader, error) {
	pos, opt, err := engine.Setup{FEN: fen}.Load()
	if err != nil {
		return nil, err
	}
	if depth > 0 {
		opt.Depth = depth
	}
	settings, err := parseOptionList(options)
	if err != nil {
		return nil, err
	}
	if err := opt.ApplySettings(settings); err != nil {
		return nil, err
	}
	if err := opt.Validate(); err != nil {
		return nil, err
	}
	meta := opt.Describe()
	if c, ok := pos.(*engine.ChessPosition); ok {
		meta["fen"] = c.FEN()
	}
	if opt.TT {
		meta["ttMate"] = engine.TTMate // how the table holds a mate (tt-mate-ply)
	}
	pr, pw := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-stop
		cancel()
		pr.Close()
	}()
	go func() {
		w, err := tracer.NewWriter(pw, tracer.Header{Format: tracer.FormatName, Version: tracer.Version, Meta: meta})
		if err == nil {
			_, err = engine.Search(ctx, pos, opt, w)
		}
		if err == nil {
			err = w.Flush()
		}
		if err == nil {
			err = w.Err()
		}
		pw.CloseWithError(err)
	}()
	return pr, nil
}

// parseOptionList reads "lmr=true,tt-size=1024" (the page's URL options).
func parseOptionList(s string) ([][2]string, error) {
	var out [][2]string
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		name, value, ok := strings.Cut(part, "=")
		if !ok {
			return nil, fmt.Errorf("%q is not an option: write name=value, for example order-killers=false", part)
		}
		out = append(out, [2]string{strings.TrimSpace(name), strings.TrimSpace(value)})
	}
	return out, nil
}

// sanLine names moves from the header's FEN in SAN; from a null move or a
// move that is not legal on, the rest stay in UCI. nil without a FEN.
func sanLine(h tracer.Header, moves []string) []string {
	fen := h.Meta["fen"]
	if fen == "" {
		return nil
	}
	pos, err := engine.NewChessPosition(fen)
	if err != nil {
		return nil
	}
	out := make([]string, 0, len(moves))
	for i, uci := range moves {
		m, err := pos.ParseMove(uci)
		if err != nil {
			return append(out, moves[i:]...)
		}
		out = append(out, pos.SAN(m))
		pos.Make(m)
	}
	return out
}

func printDiff(w io.Writer, o *diffOutput) {
	w = inertWriter{w} // the trace's names are printed, never obeyed
	r := o.DiffReport
	fmt.Fprintf(w, "A: %s\nB: %s\n", o.A, o.B)
	if r.Same {
		fmt.Fprintln(w, "the same search, node for node")
	}
	if v := r.FirstDivergence; v != nil {
		fmt.Fprintf(w, "first divergence: %s\n", where(v.Iteration, v.RootSearch, v.Path, v.SAN))
		fmt.Fprintf(w, "  A (line %d, seq %d): %s\n", v.LineA, v.SeqA, stepText(&v.A))
		fmt.Fprintf(w, "  B (line %d, seq %d): %s\n", v.LineB, v.SeqB, stepText(&v.B))
		fmt.Fprintf(w, "  differs in: %s\n", strings.Join(v.What, ", "))
	}
	if len(r.Iterations) > 0 {
		fmt.Fprintln(w, "iterations:")
	}
	for _, it := range r.Iterations {
		fmt.Fprintf(w, "  depth %d\n", it.Depth)
		for _, s := range []struct {
			name string
			it   *tracer.IterationSide
		}{{"A", it.A}, {"B", it.B}} {
			if s.it == nil {
				fmt.Fprintf(w, "    %s: not searched\n", s.name)
				continue
			}
			x := s.it
			fmt.Fprintf(w, "    %s: %s, %s, %s, %s, %s; score %d, best %s, PV %s\n",
				s.name, plural64(x.Nodes, "node", "nodes"), plural64(x.Leaves, "leaf", "leaves"), plural64(x.ReSearches, "re-search", "re-searches"),
				plural64(x.Cutoffs, "cutoff", "cutoffs"), plural64(x.TableCuts, "table cut", "table cuts"), x.Score, orDash(strings.Fields(x.BestMove)), orDash(x.PV))
		}
		if p := it.PVPart; p != nil && it.A != nil && it.B != nil {
			fmt.Fprintf(w, "    PVs part at move %d: %s against %s\n", p.Ply+1, orEnd(p.A), orEnd(p.B))
		}
	}
	printOnly(w, "A", r.OnlyA, r.OnlyACount)
	printOnly(w, "B", r.OnlyB, r.OnlyBCount)
	if r.ChangedCount > 0 {
		fmt.Fprintf(w, "searched in both, another score or bound: %d (%d shown, nearest the root first)\n", r.ChangedCount, len(r.Changed))
	}
	for _, c := range r.Changed {
		whole := ""
		if c.Whole {
			whole = " (met out of order: compared whole)"
		}
		fmt.Fprintf(w, "  %s: A %s, B %s%s\n", where(c.Iteration, c.RootSearch, c.Path, c.SAN), exitText(c.A), exitText(c.B), whole)
	}
}

func printOnly(w io.Writer, side string, list []tracer.DiffNode, count int) {
	if count == 0 {
		return
	}
	fmt.Fprintf(w, "subtrees searched only in %s: %d (%d shown, largest first)\n", side, count, len(list))
	for _, n := range list {
		fmt.Fprintf(w, "  %s: %s, line %d\n", where(n.Iteration, n.RootSearch, n.Path, n.SAN), plural64(n.Exit.Nodes, "node", "nodes"), n.Line)
	}
}

// where names a node: its iteration, root search and path (SAN, then UCI).
func where(iteration, root int, path, san []string) string {
	s := fmt.Sprintf("depth %d", iteration)
	if root > 1 {
		s += fmt.Sprintf(", root search %d", root)
	}
	if len(path) == 0 {
		return s + ", the root"
	}
	if len(san) == len(path) && strings.Join(san, " ") != strings.Join(path, " ") {
		return fmt.Sprintf("%s, %s (%s)", s, strings.Join(san, " "), strings.Join(path, " "))
	}
	return s + ", " + strings.Join(path, " ")
}

func stepText(n *tracer.DiffNode) string {
	switch n.Event {
	case "end":
		return "the trace ends"
	case "exit":
		switch {
		case len(n.Path) == 0 && n.Node == 0: // an iteration has no exit of its own: the next one, or the end, closes it
			return fmt.Sprintf("ends iteration %d", n.Iteration)
		case n.Exit == nil || n.Exit.Unclosed:
			return "stops inside " + nodeName(n) + ", which it never exits"
		}
		return "leaves " + nodeName(n) + " " + exitText(*n)
	}
	s := fmt.Sprintf("enters %s with window (%d, %d), depth %d", nodeName(n), n.Alpha, n.Beta, n.Depth)
	if n.Reduced != 0 {
		s += fmt.Sprintf(", reduced %d (%s)", n.Reduced, n.Why)
	}
	if n.Extended != 0 {
		s += fmt.Sprintf(", extended %d (%s)", n.Extended, n.Why)
	}
	return s
}

func nodeName(n *tracer.DiffNode) string {
	if len(n.Path) == 0 {
		switch {
		case n.Node == 0:
			return fmt.Sprintf("iteration %d", n.Iteration)
		case n.RootSearch > 1:
			return fmt.Sprintf("the root (its search %d)", n.RootSearch)
		}
		return "the root"
	}
	if len(n.SAN) == len(n.Path) {
		return strings.Join(n.SAN, " ")
	}
	return strings.Join(n.Path, " ")
}

func exitText(n tracer.DiffNode) string {
	x := n.Exit
	if x == nil || x.Unclosed {
		return "never exits it"
	}
	s := fmt.Sprintf("with score %d", x.Score)
	if x.Bound != "" {
		s += " (" + x.Bound + ")"
	}
	if x.End != "" {
		s += ", end " + x.End
	}
	return s + fmt.Sprintf(" in window (%d, %d)", n.Alpha, n.Beta)
}

// plural64 is n and the noun that goes with it: "1 leaf", "2 leaves".
func plural64(n int64, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

func orEnd(m string) string {
	if m == "" {
		return "(line ended)"
	}
	return m
}

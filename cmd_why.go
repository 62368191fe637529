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

// Bounds on what a person types into pvscope why.
const (
	whyMaxMove = 64   // characters in a move
	whyMaxPath = 1024 // moves in a path
)

// whyCmd tells the fate of a move at a node in each iteration of a trace.
// Exit 0 answered, 1 the move or the path is not legal, 2 unreadable.
func whyCmd(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("why", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print one JSON object")
	view := fs.String("view", "negamax", "the sentences' numbers: negamax (the side to move's) or root (the root player's: MAX and MIN)")
	at := fs.String("at", "", `the node: moves from the root separated by spaces, commas or dots ("e2e4 e7e5", "1.0" in a tree); the root when empty`)
	files, err := parseFlagsAndFiles(fs, args)
	if err != nil {
		return err
	}
	if len(files) != 1 && len(files) != 2 {
		return fmt.Errorf("want a trace file and a move, got %d arguments (pvscope why TRACE [MOVE] [--at PATH] [--json])", len(files))
	}
	move := ""
	if len(files) == 2 {
		move = files[1]
	}
	q, err := whyQuery(move, *at, len(files) == 1)
	if err != nil {
		return err
	}
	if *view != "negamax" && *view != "root" {
		return fmt.Errorf("--view %q: choose negamax or root", *view)
	}
	q.RootView = *view == "root"
	f, err := os.Open(files[0])
	if err != nil {
		return exitCode{2, err}
	}
	defer f.Close()
	if move == "" {
		return whyAll(stdout, f, files[0], q, *asJSON)
	}
	a, err := whyFile(f, q)
	if err != nil {
		return exitCode{2, fmt.Errorf("%s: %v", files[0], err)}
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(a); err != nil {
			return err
		}
	} else {
		printWhy(stdout, files[0], a)
	}
	if a.Problem == tracer.WhyIllegal || a.Problem == tracer.WhyNoPath {
		return exitCode{1, nil}
	}
	return nil
}

// whyQuery reads the move and the path as typed, within bounds.
func whyQuery(move, at string, all bool) (tracer.WhyQuery, error) {
	move = strings.TrimSpace(move)
	if !all && move == "" || len(move) > whyMaxMove {
		return tracer.WhyQuery{}, fmt.Errorf("the move %q is not a move: give one like e2e4 (chess) or 1 (a tree's child), at most %d characters", move, whyMaxMove)
	}
	path := strings.FieldsFunc(at, func(r rune) bool { return r == ' ' || r == ',' || r == '.' || r == '\t' })
	if len(path) > whyMaxPath {
		return tracer.WhyQuery{}, fmt.Errorf("--at has %d moves; at most %d", len(path), whyMaxPath)
	}
	for _, m := range path {
		if len(m) > whyMaxMove {
			return tracer.WhyQuery{}, fmt.Errorf("--at: %.20q… is not a move (at most %d characters)", m, whyMaxMove)
		}
	}
	return tracer.WhyQuery{Path: path, Move: move}, nil
}

// whyFile answers q over a trace, with the legal moves of its header's position.
func whyFile(r io.Reader, q tracer.WhyQuery) (*tracer.WhyAnswer, error) {
	w, moves, err := whyWalk(r, q)
	if err != nil {
		return nil, err
	}
	return w.Answer(moves), nil
}

// whyWalk reads, derives and walks a trace for q; moves is nil when the
// header names no position.
func whyWalk(r io.Reader, q tracer.WhyQuery) (*tracer.Why, tracer.MoveLister, error) {
	var (
		w      *tracer.Why
		walker *engine.MoveWalker
	)
	p := tracer.Pipeline{
		Header: func(a *tracer.Analysis) error {
			var err error
			if walker, err = engine.NewMoveWalker(a.Header.Meta); err != nil {
				return err
			}
			w = tracer.NewWhy(a.Header, q)
			w.RootView = q.RootView
			return nil
		},
		Event: func(e tracer.Event, _ int) { w.Emit(e) },
	}
	if _, err := tracer.Analyse(r, p); err != nil {
		return nil, nil, err
	}
	if walker == nil {
		return w, nil, nil
	}
	return w, walker, nil
}

// whyAll answers for every move at the node (pvscope why TRACE --at PATH):
// each move's sentence in the last iteration that has one.
func whyAll(stdout io.Writer, r io.Reader, file string, q tracer.WhyQuery, asJSON bool) error {
	w, moves, err := whyWalk(r, q)
	if err != nil {
		return exitCode{2, fmt.Errorf("%s: %v", file, err)}
	}
	all := w.AnswerAll(moves)
	if asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(all)
	}
	out := inertWriter{stdout}
	at := "the root"
	if len(q.Path) > 0 {
		at = strings.Join(q.Path, " ")
	}
	fmt.Fprintf(out, "%s: why each move at %s (its last iteration)\n", file, at)
	for _, a := range all {
		switch {
		case a.Problem == tracer.WhyNoPath:
			fmt.Fprintln(out, a.Sentence)
			return exitCode{1, nil}
		case len(a.Iterations) == 0:
			fmt.Fprintf(out, "%s: the trace has no search\n", a.Move)
		default:
			fmt.Fprintf(out, "%s: %s\n", a.Move, a.Iterations[len(a.Iterations)-1].Sentence)
		}
	}
	return nil
}

func printWhy(w io.Writer, file string, a *tracer.WhyAnswer) {
	w = inertWriter{w} // the trace's names are printed, never obeyed
	at := "the root"
	if len(a.Path) > 0 {
		at = strings.Join(a.Path, " ")
	}
	fmt.Fprintf(w, "%s: why %s at %s\n", file, a.Move, at)
	if a.Sentence != "" {
		fmt.Fprintln(w, a.Sentence)
	}
	for _, f := range a.Iterations {
		fmt.Fprintln(w, f.Sentence)
	}
	switch {
	case a.Problem == tracer.WhyIllegal || a.Problem == tracer.WhyNoPath:
	case len(a.Iterations) == 0:
		fmt.Fprintln(w, "the trace has no search")
	case a.LastOnPV > 0:
		fmt.Fprintf(w, "last on the PV at depth %d\n", a.LastOnPV)
	default:
		fmt.Fprintln(w, "never on the PV")
	}
}

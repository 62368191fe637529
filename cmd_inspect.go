package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"time"

	"github.com/pvscope/pvscope/engine/uci"
)

// inspect runs a UCI engine on a position and reports every line it sends:
// the PV in SAN, checked legal, how it ends, why a short one is short, and
// MultiPV defects. progress, when not nil, gets a line that says what the
// engine is doing while it works (main gives it standard error on a terminal).
func inspect(args []string, out, progress io.Writer) error {
	fs := flag.NewFlagSet("inspect", flag.ContinueOnError)
	var in uci.Inspection
	fs.StringVar(&in.Engine, "engine", "", `the engine's command, e.g. /usr/games/stockfish or "pvscope uci" (split on spaces)`)
	fs.StringVar(&in.FEN, "fen", "", "root position in FEN (default: the start position)")
	moves := fs.String("moves", "", "moves played from the root first, in UCI, separated by spaces")
	fs.IntVar(&in.Depth, "depth", 10, "go depth")
	fs.IntVar(&in.MultiPV, "multipv", 1, "lines per iteration")
	fs.BoolVar(&in.Verify, "verify", false, "search each final line's end again and compare its score with the root's")
	fs.IntVar(&in.VerifyDepth, "verify-depth", uci.DefaultVerifyDepth,
		"with --verify: the least depth an end is searched to (the line's depth minus its length when that is more)")
	fs.IntVar(&in.Tolerance, "tolerance", uci.DefaultTolerance, "with --verify: centipawns a verified end may differ from the root by")
	fs.IntVar(&in.Tolerance, "margin", uci.DefaultTolerance, "the same as --tolerance")
	limit := fs.Duration("timeout", uci.DefaultLimits.Search, "longest a search may take before it is stopped")
	asJSON := fs.Bool("json", false, "print one JSON object")
	// --moves takes the words after it too (--moves e2e4 e7e5 --json): the
	// flag package stops at the first word that is not a flag, so go on after it.
	var extra []string
	for rest := args; ; {
		if err := parseFlags(fs, rest); err != nil {
			return err
		}
		if fs.NArg() == 0 {
			break
		}
		extra, rest = append(extra, fs.Arg(0)), fs.Args()[1:]
	}
	if in.Engine == "" {
		return fmt.Errorf("--engine is missing: give a UCI engine's command, e.g. --engine /usr/games/stockfish")
	}
	in.Moves = append(strings.Fields(*moves), extra...)
	in.Limits.Search = *limit
	if in.VerifyDepth < 1 {
		return fmt.Errorf("verify depth %d is out of range: choose 1 to %d", in.VerifyDepth, uci.MaxInspectDepth)
	}
	if in.Tolerance < 1 {
		return fmt.Errorf("tolerance %d is out of range: choose 1 to %d centipawns", in.Tolerance, uci.MaxTolerance)
	}
	if progress != nil {
		p := &progressLine{w: progress}
		defer p.clear()
		in.Progress = func(l uci.Line) {
			p.show("depth %d/%d, line %d, %s nodes, %.1f s", l.Depth, in.Depth, l.MultiPV, thousands(l.Nodes), float64(l.TimeMs)/1000)
		}
		in.Verifying = func(n, total int, v uci.Verified, done bool) {
			if !done {
				p.show("verify: searching the end of line %d (%d of %d) to depth %d", v.MultiPV, n, total, v.Remaining)
			}
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	start := time.Now()
	r, err := uci.Inspect(ctx, in)
	if *asJSON {
		if err != nil {
			r.Warnings = append(r.Warnings, err.Error())
		}
		if jerr := json.NewEncoder(out).Encode(r); jerr != nil {
			return jerr
		}
		if err != nil {
			return exitCode{code: 1, err: err}
		}
		return nil
	}
	if len(r.Iterations) > 0 {
		printInspection(out, r, time.Since(start))
	}
	if err != nil {
		return exitCode{code: 1, err: err}
	}
	return nil
}

func printInspection(out io.Writer, r uci.Report, took time.Duration) {
	fmt.Fprintf(out, "engine   %s (%s)\nposition %s\n", r.Engine, r.Command, r.Searched)
	fmt.Fprintf(out, "%5s %4s %4s %-10s %-5s %10s %7s %7s  %-15s %s\n", "depth", "sel", "line", "score", "bound", "nodes", "ms", "length", "end", "pv")
	for _, l := range r.Iterations {
		score := "cp ?"
		if l.Mate != nil {
			score = fmt.Sprintf("mate %d", *l.Mate)
		} else if l.Score != nil {
			score = fmt.Sprintf("cp %d", *l.Score)
		}
		fmt.Fprintf(out, "%5d %4d %4d %-10s %-5s %10d %7d %7s  %-15s %s\n", l.Depth, l.SelDepth, l.MultiPV, score, l.Bound,
			l.Nodes, l.TimeMs, fmt.Sprintf("%d/%d", l.Length, l.Depth), l.End, strings.Join(l.SAN, " "))
		for _, f := range l.Flags {
			fmt.Fprintf(out, "      ! %s\n", f)
		}
	}
	fmt.Fprintf(out, "bestmove %s\n", r.BestMove)
	if len(r.Verified) > 0 {
		fmt.Fprintf(out, "verify: each end searched to depth %d or the line's depth minus its length, whichever is more; tolerance %d centipawns\n",
			r.VerifyDepth, r.Tolerance)
	}
	for _, v := range r.Verified {
		fmt.Fprintf(out, "verify line %d (%s at the root, %d of depth %d, ends %s): ", v.MultiPV, v.RootScore, v.Length, v.Depth, v.End)
		switch {
		case v.Remaining > 0 && v.EndScore != "":
			fmt.Fprintf(out, "depth %d there finds %s, %s from the root's side", v.Remaining, strings.Join(v.TailSAN, " "), v.EndScore)
		case v.EndScore != "":
			fmt.Fprintf(out, "%s from the root's side by the rules", v.EndScore)
		}
		if v.Diff != nil {
			fmt.Fprintf(out, ", %+d cp", *v.Diff)
		}
		if v.Note != "" {
			fmt.Fprintf(out, " (%s)", v.Note)
		}
		switch {
		case v.Disagrees && v.Diff != nil:
			fmt.Fprintf(out, ": DISAGREES, beyond the tolerance of %d", r.Tolerance)
		case v.Disagrees:
			fmt.Fprint(out, ": DISAGREES")
		case v.EndScore != "":
			fmt.Fprint(out, ": agrees")
		}
		fmt.Fprintln(out)
	}
	for _, w := range r.Warnings {
		fmt.Fprintf(out, "warning: %s\n", w)
	}
	fmt.Fprintf(out, "%d lines in %.1f s\n", len(r.Iterations), took.Seconds())
}

// progressLine is one line of progress on a terminal, written over in place.
type progressLine struct {
	w     io.Writer
	shown bool
}

func (p *progressLine) show(format string, args ...any) {
	fmt.Fprintf(p.w, "\r"+format+"\x1b[K", args...)
	p.shown = true
}

// clear wipes the line before the report is printed.
func (p *progressLine) clear() {
	if p.shown {
		fmt.Fprint(p.w, "\r\x1b[K")
	}
}

// terminal is f when it is a terminal (progress is for people), else nil.
func terminal(f *os.File) io.Writer {
	if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
		return f
	}
	return nil
}

// thousands writes n with commas: 1,234,567.
func thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

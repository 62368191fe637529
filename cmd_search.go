package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/pvscope/pvscope/engine"
	"github.com/pvscope/pvscope/tracer"
)

// searchFlags are the flags of search and trace: the input and the options.
type searchFlags struct {
	fs       *flag.FlagSet
	setup    engine.Setup
	settings [][2]string // option flags, in the order given
}

func newSearchFlags(name string) *searchFlags {
	f := &searchFlags{fs: flag.NewFlagSet(name, flag.ContinueOnError)}
	f.fs.StringVar(&f.setup.FEN, "fen", "", "chess position in FEN (default: the start position)")
	f.fs.StringVar(&f.setup.Tree, "tree", "", `teaching tree, e.g. "((3 12 8) (2 4 6) (14 5 2))", leaves from the root player's view`)
	f.fs.StringVar(&f.setup.Random, "random", "", "generated tree, e.g. b=3,d=4,seed=7,order=best")
	f.fs.StringVar(&f.setup.Game, "game", "", "a game other than chess: tictactoe, connect4 or othello")
	f.fs.StringVar(&f.setup.Position, "position", "", "the game's position in its notation (default: its start)")
	for _, o := range engine.OptionNames {
		f.fs.Var(&optionFlag{name: o.Name, isBool: o.Bool, into: &f.settings}, o.Name, o.Usage)
	}
	return f
}

// load reads the input and applies the option flags over its defaults.
func (f *searchFlags) load() (engine.Position, engine.Options, error) {
	if f.fs.NArg() > 0 {
		return nil, engine.Options{}, fmt.Errorf("unexpected argument %q (flags are written --name=value)", f.fs.Arg(0))
	}
	pos, opt, err := f.setup.Load()
	if err != nil {
		return nil, opt, err
	}
	if err := opt.ApplySettings(f.settings); err != nil {
		return nil, opt, err
	}
	return pos, opt, opt.Validate()
}

// optionFlag records a flag's value for later: defaults depend on the input
// (chess or tree), which is known only once every flag is parsed.
type optionFlag struct {
	name   string
	isBool bool
	into   *[][2]string
}

func (o *optionFlag) String() string   { return "" }
func (o *optionFlag) IsBoolFlag() bool { return o.isBool }
func (o *optionFlag) Set(v string) error {
	*o.into = append(*o.into, [2]string{o.name, v})
	return nil
}

// searchOutput is the JSON that search --json prints (DESIGN.md, Command line).
type searchOutput struct {
	Score     int              `json:"score"`
	Mate      *int             `json:"mate,omitempty"` // present for a mate score; 0 when the root is checkmated
	BestMove  string           `json:"bestMove"`
	PV        []string         `json:"pv"`
	Depth     int              `json:"depth"`
	Nodes     int64            `json:"nodes"`
	Leaves    int64            `json:"leaves"`
	Events    map[string]int64 `json:"events"`
	ElapsedMs float64          `json:"elapsedMs"`
	Stopped   string           `json:"stopped,omitempty"`
	// PVByMethod has the root line of the last iteration by each PV collector
	// that ran: triangular, stack, tt (with a table), pvhash.
	PVByMethod  map[string][]string `json:"pvByMethod"`
	Truncations []truncationOutput  `json:"truncations"`
	// Lines are the MultiPV lines, best first, with --multipv above 1.
	Lines []lineOutput `json:"lines,omitempty"`
}

// truncationOutput is a collector's line that ended before the depth.
type truncationOutput struct {
	Method string `json:"method"`
	Depth  int    `json:"depth"` // the iteration's
	Ply    int    `json:"ply"`   // where the line ended: its length
	Node   int32  `json:"node"`  // the node it ended at, as the trace numbers it
	Reason string `json:"reason"`
}

func newTruncationOutput(c engine.Truncation) truncationOutput {
	return truncationOutput{Method: c.Method.String(), Depth: c.Depth, Ply: c.Ply, Node: c.Node, Reason: c.Reason.String()}
}

type lineOutput struct {
	Score int               `json:"score"`
	Mate  *int              `json:"mate,omitempty"`
	PV    []string          `json:"pv"`
	Cut   *truncationOutput `json:"cut,omitempty"` // a line after the first, short of the depth
}

// describeLines fills the collectors' lines, their cuts and the MultiPV lines.
func (o *searchOutput) describeLines(pos engine.Position, res engine.Result, multiPV int) {
	o.PVByMethod = map[string][]string{}
	o.Truncations = []truncationOutput{}
	for _, m := range tracer.Methods() {
		if l, ok := res.ByMethod(m); ok {
			o.PVByMethod[m.String()] = engine.MoveNames(pos, l.PV)
		}
	}
	for _, c := range res.Truncations() {
		o.Truncations = append(o.Truncations, newTruncationOutput(c))
	}
	if multiPV > 1 && len(res.Iterations) > 0 {
		for _, l := range res.Iterations[len(res.Iterations)-1].Lines {
			lo := lineOutput{Score: l.Score, PV: engine.MoveNames(pos, l.PV)}
			if c := l.Cut; c != nil {
				t := newTruncationOutput(*c)
				lo.Cut = &t
			}
			if engine.IsMate(l.Score) {
				mate := engine.MateMoves(l.Score)
				lo.Mate = &mate
			}
			o.Lines = append(o.Lines, lo)
		}
	}
}

// search runs one search and prints its result.
func search(args []string, out io.Writer) error {
	f := newSearchFlags("search")
	asJSON := f.fs.Bool("json", false, "print one JSON object")
	if err := parseFlags(f.fs, args); err != nil {
		return err
	}
	pos, opt, err := f.load()
	if err != nil {
		return err
	}
	counters := &tracer.Counters{}
	start := time.Now()
	res, err := engine.Search(context.Background(), pos, opt, counters)
	if err != nil {
		return err
	}
	o := searchOutput{
		Score: res.Score, PV: engine.MoveNames(pos, res.PV), Depth: res.Depth,
		Nodes: res.Stats.Nodes, Leaves: res.Stats.Leaves, Events: counters.Map(),
		ElapsedMs: float64(time.Since(start).Microseconds()) / 1000, Stopped: res.Stopped,
	}
	if engine.IsMate(res.Score) {
		mate := engine.MateMoves(res.Score)
		o.Mate = &mate
	}
	if res.BestMove != engine.NoMove {
		o.BestMove = pos.MoveName(res.BestMove)
	}
	o.describeLines(pos, res, opt.MultiPV)
	if *asJSON {
		enc := json.NewEncoder(out)
		return enc.Encode(o)
	}
	score := fmt.Sprint(o.Score)
	if o.Mate != nil {
		score = fmt.Sprintf("mate %d", *o.Mate)
	}
	fmt.Fprintf(out, "%s depth %d: score %s, best %s, pv %s\n%d nodes, %d leaves, %.1f ms\n",
		opt.Algorithm, o.Depth, score, o.BestMove, strings.Join(o.PV, " "), o.Nodes, o.Leaves, o.ElapsedMs)
	for k, l := range o.Lines {
		fmt.Fprintf(out, "line %d: score %d, pv %s\n", k+1, l.Score, strings.Join(l.PV, " "))
	}
	for _, m := range tracer.Methods() {
		if line, ok := o.PVByMethod[m.String()]; ok && len(o.PVByMethod) > 1 {
			fmt.Fprintf(out, "%-10s %s\n", m.String()+":", strings.Join(line, " "))
		}
	}
	for _, c := range o.Truncations {
		fmt.Fprintf(out, "%s line cut at ply %d of depth %d, node %d: %s\n", c.Method, c.Ply, c.Depth, c.Node, c.Reason)
	}
	if o.Stopped != "" {
		fmt.Fprintf(out, "stopped early: %s\n", o.Stopped)
	}
	return nil
}

// trace runs one search and writes its JSONL trace.
func trace(args []string, stdout io.Writer) error {
	f := newSearchFlags("trace")
	file := f.fs.String("o", "", "write the trace to this file instead of standard output")
	if err := parseFlags(f.fs, args); err != nil {
		return err
	}
	pos, opt, err := f.load()
	if err != nil {
		return err
	}
	out := stdout
	if *file != "" {
		fh, err := os.Create(*file)
		if err != nil {
			return err
		}
		defer fh.Close()
		out = fh
	}
	// The header says what was searched, so a trace can be reproduced.
	meta := opt.Describe()
	for k, v := range map[string]string{"tree": f.setup.Tree, "random": f.setup.Random} {
		if v != "" {
			meta[k] = v
		}
	}
	switch p := pos.(type) {
	case *engine.ChessPosition:
		meta["fen"] = p.FEN()
	case *engine.GamePosition: // the game and its position in the game's notation
		meta["game"], meta["position"] = p.Board().Game().Name, p.Board().String()
	}
	if opt.TT {
		meta["ttMate"] = engine.TTMate // how the table holds a mate (tt-mate-ply)
	}
	w, err := tracer.NewWriter(out, tracer.Header{Format: "pvscope-trace", Version: tracer.Version, Meta: meta})
	if err != nil {
		return err
	}
	if _, err := engine.Search(context.Background(), pos, opt, w); err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return err
	}
	return w.Err()
}

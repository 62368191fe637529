package uci

import (
	"cmp"
	"context"
	"fmt"
	"strings"

	"github.com/pvscope/pvscope/engine"
	"github.com/pvscope/pvscope/tracer/msg"
)

// Inspection is what to ask an engine.
type Inspection struct {
	Engine  string   // the command: a program and its arguments, split on spaces
	Label   string   // how sentences name the engine ("" for the command)
	FEN     string   // the root position ("" for the start position)
	Moves   []string // played from FEN before the search, in UCI
	Depth   int      // go depth
	MultiPV int      // lines per iteration (0 or 1: one)
	Verify  bool     // search each final line's end again (verify.go)
	// VerifyDepth is the least depth an end is searched to (0: DefaultVerifyDepth);
	// each end is searched to the line's depth minus its length when that is more.
	VerifyDepth int
	Tolerance   int // centipawns a verified end may differ from the root by (0: DefaultTolerance)
	Limits      Limits

	// Progress, when not nil, is called with each line of the search as the
	// engine sends it, on the goroutine that called Inspect (so it must not
	// block for long: the engine's next line waits). The line is checked as
	// the report's are (SAN, end, illegal and short flags), except for the
	// checks across a depth's MultiPV lines, which need the whole depth.
	Progress func(Line)

	// Verifying, when not nil, is called as --verify goes through the final
	// lines: before the nth of total is searched (done false: v says which
	// line and to what depth) and with its result (done true). On the
	// goroutine that called Inspect, like Progress.
	Verifying func(n, total int, v Verified, done bool)
}

// Limits on what an inspection may ask for.
const (
	MaxInspectDepth   = 40
	MaxInspectMultiPV = 16
	MaxInspectMoves   = 600
	// A search of the end at a few plies misjudges what the root searched
	// deeper: 8 plies is the least that says something about a line's end.
	DefaultVerifyDepth = 8
	// Stockfish's ends searched to depth 8 scored within 48 centipawns of
	// the root on the Lucena and start positions, 76 on Kiwipete (docs/engine.md).
	DefaultTolerance = 100
	MaxTolerance     = 100_000
)

// Report is the inspection, as --json prints it.
type Report struct {
	Engine     string     `json:"engine"`  // the engine's id name
	Command    string     `json:"command"` // how it was started
	FEN        string     `json:"fen"`     // the root given
	Moves      []string   `json:"moves"`   // played from it before the search
	Searched   string     `json:"searched"`
	Depth      int        `json:"depth"`
	MultiPV    int        `json:"multipv"`
	BestMove   string     `json:"bestMove"`
	Iterations []Line     `json:"iterations"`
	Verified   []Verified `json:"verified,omitempty"`
	// With verify: the least depth of an end's search and the tolerance, in centipawns.
	VerifyDepth int      `json:"verifyDepth,omitempty"`
	Tolerance   int      `json:"tolerance,omitempty"`
	Warnings    []string `json:"warnings"`
	// WarningSentences[i] is Warnings[i] as a keyed sentence (package msg)
	// for the page's catalogs, nil where that warning is not keyed yet; it
	// may be shorter than Warnings (warnings a caller appends itself).
	WarningSentences []*msg.Error `json:"-"`
}

// Line is one info line with a score and what the inspection found in it.
type Line struct {
	Depth    int      `json:"depth"`
	SelDepth int      `json:"seldepth"`
	MultiPV  int      `json:"multipv"`
	Score    *int     `json:"score"` // centipawns, null for a mate score
	Mate     *int     `json:"mate"`  // moves to mate, signed, null for a centipawn score
	Bound    string   `json:"bound"` // exact, lower or upper
	Nodes    int64    `json:"nodes"`
	TimeMs   int64    `json:"timeMs"`
	PV       []string `json:"pv"`     // UCI, as the engine sent it
	SAN      []string `json:"san"`    // the legal part of the PV
	Length   int      `json:"length"` // moves in the PV
	End      string   `json:"end"`    // how the PV ends (pvcheck.go)
	Short    string   `json:"short"`  // why a line shorter than its depth ends there (ShortXxx), "" for a full one
	EndFEN   string   `json:"endFen"` // where it ends (before an illegal move)
	Flags    []string `json:"flags"`

	order int // the score ranked, mates beyond centipawns
}

// Inspect starts the engine, searches the root to the depth, checks every
// line it reports, and always ends the process before it returns. The error
// is a sentence about the engine (it would not start, crashed, hung, printed
// garbage); the report holds what was read before it.
func Inspect(ctx context.Context, in Inspection) (Report, error) {
	r := Report{Command: in.Engine, FEN: in.FEN, Moves: in.Moves, Depth: in.Depth, MultiPV: max(in.MultiPV, 1),
		Iterations: []Line{}, Warnings: []string{}}
	if r.FEN == "" {
		r.FEN = engine.StartFEN
	}
	if r.Moves == nil {
		r.Moves = []string{}
	}
	root, err := in.root(r.FEN)
	if err != nil {
		return r, err
	}
	r.Searched = root.pos.FEN()
	label := in.Label
	if label == "" {
		label = in.Engine
	}
	c, err := StartAs(ctx, in.Engine, label, in.Limits)
	if err != nil {
		return r, err
	}
	defer c.Close()
	r.Engine = c.Name
	if r.MultiPV > 1 {
		if !c.HasOption("MultiPV") {
			r.warn("the engine declares no MultiPV option; asked for %d lines anyway", r.MultiPV)
		}
		if err := c.Send(fmt.Sprintf("setoption name MultiPV value %d", r.MultiPV)); err != nil {
			return r, err
		}
	}
	if err := c.Send("ucinewgame"); err != nil {
		return r, err
	}
	if err := c.Ready(ctx); err != nil {
		return r, err
	}
	var each func(Info)
	if in.Progress != nil {
		each = func(info Info) { in.Progress(checkLine(root, info)) }
	}
	s, err := c.GoEach(ctx, positionCommand(r.FEN, r.Moves, nil), fmt.Sprintf("depth %d", in.Depth), each)
	r.read(root, s)
	if err != nil {
		return r, err
	}
	if in.Verify {
		r.VerifyDepth, r.Tolerance = cmp.Or(in.VerifyDepth, DefaultVerifyDepth), cmp.Or(in.Tolerance, DefaultTolerance)
		if err := r.verify(ctx, c, root, in.Verifying); err != nil {
			return r, err
		}
	}
	return r, nil
}

// Check reports what is wrong with the inspection's own fields (depth,
// lines, the position and its moves) without starting the engine.
func (in Inspection) Check() error {
	fen := in.FEN
	if fen == "" {
		fen = engine.StartFEN
	}
	_, err := in.root(fen)
	return err
}

// root checks the inspection's bounds and plays its moves.
func (in Inspection) root(fen string) (game, error) {
	switch {
	case in.Depth < 1 || in.Depth > MaxInspectDepth:
		return game{}, msg.New("go-uci.depthRange", "depth {n} is out of range: choose 1 to {max}", "n", in.Depth, "max", MaxInspectDepth)
	case in.MultiPV < 0 || in.MultiPV > MaxInspectMultiPV:
		return game{}, msg.New("go-uci.multiPVRange", "multipv {n} is out of range: choose 1 to {max}", "n", in.MultiPV, "max", MaxInspectMultiPV)
	case len(in.Moves) > MaxInspectMoves:
		return game{}, msg.New("go-uci.tooManyMoves", "{n} moves given: at most {max}", "n", len(in.Moves), "max", MaxInspectMoves)
	case in.VerifyDepth < 0 || in.VerifyDepth > MaxInspectDepth:
		return game{}, msg.New("go-uci.verifyDepthRange", "verify depth {n} is out of range: choose 1 to {max}", "n", in.VerifyDepth, "max", MaxInspectDepth)
	case in.Tolerance < 0 || in.Tolerance > MaxTolerance:
		return game{}, msg.New("go-uci.toleranceRange", "tolerance {n} is out of range: choose 1 to {max} centipawns", "n", in.Tolerance, "max", MaxTolerance)
	}
	root, err := engine.NewChessPosition(fen)
	if err != nil {
		return game{}, err
	}
	g := game{pos: root}
	for i, name := range in.Moves {
		m, err := root.ParseMove(name)
		if err != nil {
			return game{}, msg.New("go-uci.illegalMove", "move {n} of --moves: \"{move}\" is not a legal move in {fen}",
				"n", i+1, "move", quoted(name), "fen", root.FEN())
		}
		g.before = append(g.before, root.Key())
		root.Make(m)
	}
	return g, nil
}

// positionCommand is the argument of "position" for fen, then the moves.
func positionCommand(fen string, moves, more []string) string {
	all := append(append([]string(nil), moves...), more...)
	p := "fen " + fen
	if fen == engine.StartFEN {
		p = "startpos"
	}
	if len(all) > 0 {
		p += " moves " + strings.Join(all, " ")
	}
	return p
}

// read turns the search's info lines into checked lines, then looks across
// the lines of each depth (multipv.go).
func (r *Report) read(root game, s Searched) {
	r.BestMove = s.BestMove
	for i, bad := range s.BadLines {
		if said := badInfoWarning(s.bad[i]); said != nil {
			r.warnSaid(said)
			continue
		}
		r.warn("the engine sent an info line we cannot read: %s", bad)
	}
	for _, in := range s.Infos {
		r.Iterations = append(r.Iterations, checkLine(root, in))
	}
	r.checkMultiPV(len(root.pos.Moves()))
	r.checkBestMove(root)
}

// checkLine is one info line with a score, played out from root and checked
// on its own: its SAN, how it ends, an illegal move, no PV, a short line.
func checkLine(root game, in Info) Line {
	l := Line{Depth: in.Depth, SelDepth: in.SelDepth, MultiPV: in.MultiPV, Bound: "exact", Nodes: in.Nodes,
		TimeMs: in.TimeMs, PV: in.PV, Length: len(in.PV), Flags: []string{}, order: in.order()}
	if l.PV == nil {
		l.PV = []string{}
	}
	if in.IsMate {
		l.Mate = &in.Mate
	} else {
		l.Score = &in.CP
	}
	if in.Bound != "" {
		l.Bound = in.Bound
	}
	w := walkPV(root, in.PV)
	l.SAN, l.End, l.EndFEN = w.san, w.end, w.endFEN
	if l.SAN == nil {
		l.SAN = []string{}
	}
	if w.illegal != "" {
		l.flag("illegal: %s", w.illegal)
	}
	switch {
	case len(in.PV) == 0:
		l.flag("no pv")
	case len(in.PV) < in.Depth && l.Bound == "exact" && l.End != EndIllegal:
		why, sentence := shortReason(w)
		l.Short = why
		l.flag("short: %s at depth %d: %s", moves(len(in.PV)), in.Depth, sentence)
	}
	return l
}

// checkBestMove compares bestmove with the last line 1 and the rules.
func (r *Report) checkBestMove(g game) {
	root := g.pos
	if len(r.Iterations) == 0 {
		r.warn("the engine reported no line with a score")
	}
	if r.BestMove == "" || r.BestMove == "0000" || r.BestMove == "(none)" {
		if len(root.Moves()) > 0 {
			r.warn("the engine answered no bestmove (%q) in a position with legal moves", r.BestMove)
		}
		return
	}
	if _, err := root.ParseMove(r.BestMove); err != nil {
		r.warn("bestmove: %v", err)
		return
	}
	for i := len(r.Iterations) - 1; i >= 0; i-- {
		if l := r.Iterations[i]; l.MultiPV == 1 && l.Bound == "exact" {
			if len(l.PV) > 0 && l.PV[0] != r.BestMove {
				r.warn("bestmove %s is not the first move of the last line 1 (%s at depth %d)", r.BestMove, l.PV[0], l.Depth)
			}
			return
		}
	}
}

// moves is "1 move", "2 moves".
func moves(n int) string {
	if n == 1 {
		return "1 move"
	}
	return fmt.Sprintf("%d moves", n)
}

func (l *Line) flag(format string, args ...any) {
	l.Flags = append(l.Flags, fmt.Sprintf(format, args...))
}

// maxWarnings bounds the report; the last warning says how many were left out.
const maxWarnings = 50

func (r *Report) warn(format string, args ...any) {
	r.add(fmt.Sprintf(format, args...), nil)
}

// warnSaid is warn with a keyed sentence.
func (r *Report) warnSaid(said *msg.Error) { r.add(said.Error(), said) }

func (r *Report) add(warning string, said *msg.Error) {
	switch {
	case len(r.Warnings) < maxWarnings:
		r.Warnings = append(r.Warnings, warning)
		r.WarningSentences = append(r.WarningSentences, said)
	case len(r.Warnings) == maxWarnings:
		more := msg.New("go-uci.moreWarnings", "more warnings left out")
		r.Warnings = append(r.Warnings, more.Error())
		r.WarningSentences = append(r.WarningSentences, more)
	}
}

package uci

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/pvscope/pvscope/engine"
	"github.com/pvscope/pvscope/tracer"
)

// MaxCommandLine bounds one command: a position with a few hundred moves
// fits many times over.
const MaxCommandLine = 64 << 10

// Identity is what the engine says it is.
const (
	EngineName   = "pvscope"
	EngineAuthor = "the pvscope authors"
)

// Serve is pvscope's engine speaking UCI: it reads commands from in and
// answers on out until "quit", the end of in, or ctx is done (checked between
// commands). Each "go" searches on its own goroutine with its own position,
// built from a FEN string; this goroutine keeps reading, so "stop" and
// "isready" are answered while a search runs.
func Serve(ctx context.Context, in io.Reader, out io.Writer) error {
	s := &session{out: &lineWriter{w: bufio.NewWriter(out)}, opt: engine.ChessDefaults(), fen: engine.StartFEN}
	defer s.stop()
	r := bufio.NewReaderSize(in, 4096)
	for ctx.Err() == nil {
		line, err := readBoundedLine(r, MaxCommandLine)
		if errors.Is(err, errLineTooLong) {
			s.out.info("ignored a command longer than %d bytes", MaxCommandLine)
			continue
		}
		if line != "" && !s.command(ctx, line) {
			return s.out.err()
		}
		if err != nil { // the end of the input ends the session as quit does
			if err == io.EOF {
				return s.out.err()
			}
			return err
		}
		if werr := s.out.err(); werr != nil {
			return werr
		}
	}
	return ctx.Err()
}

// session is the engine's state between commands.
type session struct {
	out *lineWriter
	opt engine.Options
	fen string // the position "go" searches
	run *running
}

// running is the search in flight.
type running struct {
	cancel   context.CancelFunc
	release  chan struct{} // closed by stop: an infinite search may answer
	answered chan struct{} // closed just before bestmove is written
	done     chan struct{} // closed once bestmove is written
}

// command runs one line and reports false on quit. Unknown words before a
// command are skipped, as the protocol asks.
func (s *session) command(ctx context.Context, line string) bool {
	words := strings.Fields(line)
	for len(words) > 0 && !known[words[0]] {
		words = words[1:]
	}
	if len(words) == 0 {
		s.out.info("unknown command %q", clip(line))
		return true
	}
	args := words[1:]
	switch words[0] {
	case "uci":
		s.out.line("id name %s", EngineName)
		s.out.line("id author %s", EngineAuthor)
		for _, o := range optionLines(engine.ChessDefaults()) {
			s.out.line("%s", o)
		}
		s.out.line("uciok")
	case "isready":
		s.out.line("readyok")
	case "setoption":
		name, value, err := splitSetOption(args)
		if err == nil {
			err = setOption(&s.opt, name, value)
		}
		if err != nil {
			s.out.info("setoption ignored: %v", err)
		}
	case "position":
		fen, err := parsePosition(args)
		if err != nil {
			s.out.info("position ignored: %v", err)
			return true
		}
		s.fen = fen
	case "go":
		s.startSearch(ctx, args)
	case "stop":
		s.stop()
	case "quit":
		return false
	case "ucinewgame", "debug", "register", "ponderhit":
		// Nothing to do: every search starts with a fresh table.
	}
	return true
}

var known = map[string]bool{"uci": true, "isready": true, "setoption": true, "position": true, "go": true,
	"stop": true, "quit": true, "ucinewgame": true, "debug": true, "register": true, "ponderhit": true}

// stop ends the search in flight, if any, and waits for its bestmove.
func (s *session) stop() {
	if s.run == nil {
		return
	}
	s.run.cancel()
	close(s.run.release)
	<-s.run.done
	s.run = nil
}

// startSearch starts a search for "go args" on its own goroutine.
func (s *session) startSearch(ctx context.Context, args []string) {
	if s.run != nil {
		select {
		case <-s.run.answered: // finished on its own: bestmove is going out
			<-s.run.done
			s.run.cancel()
			s.run = nil
		default:
			s.out.info("go ignored: a search is running (send stop first)")
			return
		}
	}
	whiteToMove := strings.Fields(s.fen)[1] == "w"
	l, err := parseGo(args, whiteToMove)
	if err != nil {
		s.out.info("go ignored: %v", err)
		return
	}
	opt := s.opt
	opt.Depth, opt.MaxNodes = engine.MaxDepth, l.nodes
	if l.depth > 0 {
		opt.Depth = l.depth
	}
	searchCtx, cancel := context.WithCancel(ctx)
	if l.budget > 0 {
		searchCtx, cancel = context.WithTimeout(ctx, l.budget)
	}
	run := &running{cancel: cancel, release: make(chan struct{}), answered: make(chan struct{}), done: make(chan struct{})}
	s.run = run
	go s.search(searchCtx, run, s.fen, opt, l.infinite)
}

// search runs on its own goroutine: it owns its position, writes info
// lines as iterations complete, and ends with bestmove.
func (s *session) search(ctx context.Context, run *running, fen string, opt engine.Options, infinite bool) {
	defer close(run.done)
	start := time.Now()
	pos, err := engine.NewChessPosition(fen)
	if err != nil { // parsePosition read this FEN already
		s.out.info("search failed: %v", err)
		close(run.answered)
		s.out.line("bestmove 0000")
		return
	}
	best := "0000"
	if moves := pos.Moves(); len(moves) == 0 {
		score := "cp 0"
		if pos.InCheck() {
			score = "mate 0"
		}
		s.out.line("info depth 0 score %s", score)
	} else {
		best = engine.UCI(moves[0]) // if stopped before depth 1 completes
		res, err := engine.SearchWithProgress(ctx, pos, opt, nil, s.progress(start, opt))
		switch {
		case err != nil:
			s.out.info("search failed: %v", err)
		case res.Stopped != "" && ctx.Err() == nil:
			s.out.info("search stopped: %s", res.Stopped)
		}
		if res.BestMove != engine.NoMove {
			best = engine.UCI(res.BestMove)
		}
	}
	if infinite { // the protocol holds bestmove until stop or quit
		<-run.release
	}
	close(run.answered)
	s.out.line("bestmove %s", best)
}

// progress turns the search's reports into info lines.
func (s *session) progress(start time.Time, opt engine.Options) engine.Progress {
	counts := func(st engine.Stats) string {
		ms := time.Since(start).Milliseconds()
		return fmt.Sprintf("nodes %d nps %d time %d", st.Nodes, st.Nodes*1000/max(ms, 1), ms)
	}
	return engine.Progress{
		Iteration: func(it engine.Iteration, st engine.Stats) {
			for k, l := range it.Lines {
				seldepth := max(st.SelDepth, it.Depth, len(l.PV))
				s.out.line("info depth %d seldepth %d multipv %d score %s %s pv %s",
					it.Depth, seldepth, k+1, scoreText(l.Score), counts(st), moveNames(l.PV))
			}
		},
		AspirationFail: func(depth, score int, bound tracer.Bound, st engine.Stats) {
			word := "upperbound"
			if bound == tracer.Lower {
				word = "lowerbound"
			}
			s.out.line("info depth %d seldepth %d score %s %s %s", depth, max(st.SelDepth, depth), scoreText(score), word, counts(st))
		},
	}
}

// scoreText is a score as UCI writes it: "cp N" or "mate N" (moves, signed).
func scoreText(score int) string {
	if engine.IsMate(score) {
		return fmt.Sprintf("mate %d", engine.MateMoves(score))
	}
	return fmt.Sprintf("cp %d", score)
}

func moveNames(pv []engine.Move) string {
	names := make([]string, len(pv))
	for i, m := range pv {
		names[i] = engine.UCI(m)
	}
	return strings.Join(names, " ")
}

// lineWriter writes whole lines from both goroutines, flushing each, and
// keeps the first write error.
type lineWriter struct {
	mu   sync.Mutex
	w    *bufio.Writer
	fail error
}

func (w *lineWriter) line(format string, args ...any) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.fail != nil {
		return
	}
	fmt.Fprintf(w.w, format+"\n", args...)
	w.fail = w.w.Flush()
}

// info is an "info string" line: how the engine says why it ignored something.
func (w *lineWriter) info(format string, args ...any) {
	w.line("info string "+format, args...)
}

func (w *lineWriter) err() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.fail
}

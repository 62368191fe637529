package uci

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/pvscope/pvscope/tracer/msg"
)

// Searched is what an engine said during one go: its info lines with a
// score (in order), what it said in info string, lines it got wrong, and
// its bestmove.
type Searched struct {
	Infos    []Info
	Said     []string // info string texts
	BadLines []string // info lines that did not parse, with why
	BestMove string

	bad []badInfo // BadLines as read, for the report's keyed warnings
}

// What one search keeps of an engine's lines with a score: a real engine
// sends a few a depth (Stockfish to depth 30 with MultiPV 8, some hundreds
// of short lines), a runaway one could send them without end. Past either
// bound the engine is told to stop, its lines so far kept and reported, and
// the page told why; what the server keeps and returns stays a few MB.
const (
	maxInfos     = 5000
	maxInfoBytes = 1 << 20 // the lines' text
)

// Go sets up position ("startpos" or "fen F", with " moves ..." as the
// protocol writes it), sends "go " + args and reads until bestmove. Past the
// search limit, or when ctx ends, it sends stop and waits the grace period
// for bestmove; an engine that still does not answer is an error.
func (c *Client) Go(ctx context.Context, position, args string) (Searched, error) {
	return c.GoEach(ctx, position, args, nil)
}

// GoEach is Go, calling each (when not nil) with every info line that has a
// score as it arrives, on the calling goroutine, before the next line is read.
func (c *Client) GoEach(ctx context.Context, position, args string, each func(Info)) (Searched, error) {
	var s Searched
	if err := c.Send("position " + position); err != nil {
		return s, err
	}
	if err := c.Send("go " + args); err != nil {
		return s, err
	}
	limit := c.lim.Search
	deadline := time.Now().Add(limit)
	var stopped error // why we sent stop: a keyed sentence
	kept := 0         // bytes of the lines kept
	for {
		line, err := c.next(ctx, deadline, limit, "bestmove")
		var gone engineGone
		if errors.As(err, &gone) {
			return s, err
		}
		if err != nil && stopped == nil {
			// Out of time or cancelled: ask for bestmove once more.
			stopped = err
			if ctx.Err() != nil {
				stopped = msg.New("go-uci.cancelled", "the inspection was cancelled")
			}
			if serr := c.Send("stop"); serr != nil {
				return s, serr
			}
			limit, deadline = c.lim.Grace, time.Now().Add(c.lim.Grace)
			ctx = context.WithoutCancel(ctx)
			continue
		}
		if err != nil {
			return s, afterStop(stopped, err)
		}
		w := strings.Fields(line)
		switch w[0] {
		case "bestmove":
			if len(w) > 1 {
				s.BestMove = w[1]
			}
			if stopped != nil {
				return s, stoppedSearch{stopped.Error(), stoppedSentence(stopped)}
			}
			return s, nil
		case "info":
			in, perr := ParseInfo(line)
			switch {
			case perr != nil:
				if len(s.BadLines) < 100 {
					s.BadLines = append(s.BadLines, fmt.Sprintf("%q: %v", clip(line), perr))
					s.bad = append(s.bad, badInfo{line, perr})
				}
			case in.Text != "":
				if len(s.Said) < 100 {
					s.Said = append(s.Said, clip(in.Text))
				}
			case in.HasScore && len(s.Infos) < maxInfos && kept+len(line) <= maxInfoBytes:
				s.Infos = append(s.Infos, in)
				kept += len(line)
				if each != nil {
					each(in)
				}
			case in.HasScore && stopped == nil:
				stopped = msg.New("go-uci.tooManyLines", "engine \"{engine}\" sent more than {n} lines with a score, or {mb} MB of them: the inspection kept those and stopped it",
					"engine", quoted(clip(c.Label)), "n", maxInfos, "mb", maxInfoBytes>>20)
				if serr := c.Send("stop"); serr != nil {
					return s, serr
				}
				limit, deadline = c.lim.Grace, time.Now().Add(c.lim.Grace)
				ctx = context.WithoutCancel(ctx)
			}
		}
	}
}

// stoppedSearch is a search stopped at its time limit or by cancellation,
// whose engine then answered bestmove: its lines so far were read.
type stoppedSearch struct {
	why  string
	said error // the keyed sentence of the whole error, for the page
}

func (e stoppedSearch) Error() string { return "stopped: " + e.why }
func (e stoppedSearch) Unwrap() error { return e.said }

// stoppedSentence is "stopped: " and why, keyed where why is one of the
// usual two; otherwise why's own sentence.
func stoppedSentence(why error) error {
	m, _ := msg.Keyed(why)
	switch {
	case m == nil:
		return why
	case m.Key == "go-uci.cancelled":
		return msg.New("go-uci.stoppedCancelled", "stopped: the inspection was cancelled")
	case m.Key == "go-uci.noAnswer":
		return msg.New("go-uci.stoppedNoAnswer", "stopped: engine \"{engine}\" sent no {waitingFor} within {limit}: it hangs or is not a UCI engine",
			"engine", m.Args["engine"], "waitingFor", m.Args["waitingFor"], "limit", m.Args["limit"])
	}
	return why
}

// afterStop is the error of an engine that did not answer stop either:
// keyed whole for a silent engine (timed out or cancelled, then silent
// through the grace period), else the second failure's own sentence wrapped.
func afterStop(stopped, err error) error {
	first, _ := msg.Keyed(stopped)
	second, _ := msg.Keyed(err)
	if first != nil && second != nil && second.Key == "go-uci.noAnswer" {
		switch first.Key {
		case "go-uci.noAnswer":
			return msg.New("go-uci.noAnswerAfterStop", "engine \"{engine}\" sent no {waitingFor} within {limit}: it hangs or is not a UCI engine, and after stop engine \"{engine}\" sent no {waitingFor} within {grace}: it hangs or is not a UCI engine",
				"engine", first.Args["engine"], "waitingFor", first.Args["waitingFor"], "limit", first.Args["limit"],
				"grace", second.Args["limit"])
		case "go-uci.tooManyLines":
			return msg.New("go-uci.tooManyLinesAfterStop", "engine \"{engine}\" sent more than {n} lines with a score, or {mb} MB of them: the inspection kept those and stopped it, and after stop it sent no {waitingFor} within {grace}",
				"engine", first.Args["engine"], "n", first.Args["n"], "mb", first.Args["mb"],
				"waitingFor", second.Args["waitingFor"], "grace", second.Args["limit"])
		case "go-uci.cancelled":
			return msg.New("go-uci.cancelledAfterStop", "the inspection was cancelled, and after stop engine \"{engine}\" sent no {waitingFor} within {grace}: it hangs or is not a UCI engine",
				"engine", second.Args["engine"], "waitingFor", second.Args["waitingFor"], "grace", second.Args["limit"])
		}
	}
	return fmt.Errorf("%s, and after stop %w", stopped, err)
}

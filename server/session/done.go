package session

import (
	"time"

	"github.com/pvscope/pvscope/engine"
	"github.com/pvscope/pvscope/tracer/msg"
)

// DoneOf is the frame that ends search id of pos: its result, and why it
// stopped early if it did (stopped: the reason the session gave, when it
// stopped it; cancelled: the search's context was cancelled, by the user
// when stopped is nil).
func DoneOf(id int64, pos engine.Position, opt engine.Options, res engine.Result, err error, stopped *msg.Error, cancelled bool, elapsed time.Duration) *Done {
	d := &Done{Type: "done", ID: id}
	switch {
	case stopped != nil:
		d.StoppedBy(stopped)
	case err != nil: // Options were validated before starting, so this is a bug; say so rather than hang.
		d.Stopped = "the search could not run: " + err.Error()
	case res.Stopped != "" && cancelled:
		d.StoppedBy(msg.New("go-server.stoppedByUser", "stopped by the user"))
	case res.Stopped != "":
		d.Stopped = "the " + res.Stopped
		// The engine's words for its node limit, keyed when they are these.
		if m := msg.New("go-server.stoppedNodeLimit", "the node limit of {n} reached", "n", opt.MaxNodes); m.Text == d.Stopped {
			d.StoppedBy(m)
		}
	}
	d.Result = Result{Score: res.Score, PV: engine.MoveNames(pos, res.PV), Depth: res.Depth,
		Nodes: res.Stats.Nodes, Leaves: res.Stats.Leaves, ElapsedMs: elapsed.Milliseconds()}
	if engine.IsMate(res.Score) {
		m := engine.MateMoves(res.Score)
		d.Result.Mate = &m
	}
	if res.BestMove != engine.NoMove {
		d.Result.BestMove = pos.MoveName(res.BestMove)
	}
	return d
}

package engine

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"
)

// Measurements of modern search (docs/measurements.md, Modern search).
// They take minutes and run only with PVSCOPE_MEASURE=1:
//
//	PVSCOPE_MEASURE=1 go test -run xxx -bench 'ModernBK6|ModernWAC' -benchtime 1x -v ./engine

func measureOnly(b *testing.B) {
	if testing.Short() || os.Getenv("PVSCOPE_MEASURE") != "1" {
		b.Skip("set PVSCOPE_MEASURE=1 to measure modern search (minutes)")
	}
}

// BenchmarkModernBK6 searches the 24 Bratko-Kopec positions to depth 6 with
// the chess defaults and with modern=true, each position both ways in turn,
// and reports the nodes of each. Then, for the same work, it gives modern=true
// the nodes the defaults needed for depth 6 (a node budget stands in for time:
// both sides run at about the same nodes per second) and reports the depth it
// completes.
func BenchmarkModernBK6(b *testing.B) {
	measureOnly(b)
	lines := readEPD(b, bkSuite)
	var plain, modern, modernDepth int64
	var plainTime, modernTime time.Duration
	for range b.N {
		plain, modern, modernDepth = 0, 0, 0
		for _, l := range lines {
			opt := ChessDefaults()
			opt.Depth = 6
			start := time.Now()
			p := searchPosition(b, l.fen, opt)
			plainTime += time.Since(start)
			opt.SetModern(true)
			start = time.Now()
			m := searchPosition(b, l.fen, opt)
			modernTime += time.Since(start)
			opt.Depth, opt.MaxNodes = MaxDepth, p.Stats.Nodes
			budget := searchPosition(b, l.fen, opt)
			plain += p.Stats.Nodes
			modern += m.Stats.Nodes
			modernDepth += int64(budget.Depth)
			b.Logf("%-6s depth 6: %9d nodes, modern %8d (%.3f); modern on %d nodes reaches depth %d",
				l.ops["id"], p.Stats.Nodes, m.Stats.Nodes, float64(m.Stats.Nodes)/float64(p.Stats.Nodes), p.Stats.Nodes, budget.Depth)
		}
	}
	b.ReportMetric(float64(plain), "nodes")
	b.ReportMetric(float64(modern), "modern-nodes")
	b.ReportMetric(float64(modern)/float64(plain), "modern/plain")
	b.ReportMetric(float64(modernDepth)/float64(len(lines)), "modern-depth-same-nodes")
	b.ReportMetric(plainTime.Seconds()/float64(b.N), "plain-s")
	b.ReportMetric(modernTime.Seconds()/float64(b.N), "modern-s")
}

// wacBudget is the nodes each Win At Chess position gets.
const wacBudget = 20000

// BenchmarkModernWAC searches the 300 Win At Chess positions with a budget of
// wacBudget nodes each, with the chess defaults and with modern=true, and
// counts the positions whose best move (the last completed iteration's) is
// one the suite names.
func BenchmarkModernWAC(b *testing.B) {
	measureOnly(b)
	lines := readEPD(b, "tactics/wac_original_300.epd")
	var plain, modern int
	for range b.N {
		plain, modern = 0, 0
		for _, l := range lines {
			opt := ChessDefaults()
			opt.Depth, opt.MaxNodes = MaxDepth, wacBudget
			if solves(b, l, opt) {
				plain++
			}
			opt.SetModern(true)
			if solves(b, l, opt) {
				modern++
			}
		}
	}
	b.Logf("Win At Chess, %d nodes a position: %d of %d solved plain, %d with modern=true", wacBudget, plain, len(lines), modern)
	b.ReportMetric(float64(plain), "solved")
	b.ReportMetric(float64(modern), "modern-solved")
}

// searchPosition searches fen with opt.
func searchPosition(b *testing.B, fen string, opt Options) Result {
	b.Helper()
	p, err := NewChessPosition(fen)
	if err != nil {
		b.Fatal(err)
	}
	res, err := Search(context.Background(), p, opt, nil)
	if err != nil {
		b.Fatal(err)
	}
	return res
}

// solves reports whether the search's best move is one of the line's bm moves
// (SAN, compared without check marks).
func solves(b *testing.B, l epdLine, opt Options) bool {
	p, err := NewChessPosition(l.fen)
	if err != nil {
		b.Fatal(err)
	}
	res, err := Search(context.Background(), p, opt, nil)
	if err != nil {
		b.Fatal(err)
	}
	if res.BestMove == NoMove {
		return false
	}
	san := strings.TrimRight(p.SAN(res.BestMove), "+#")
	for _, bm := range strings.Fields(l.ops["bm"]) {
		if strings.TrimRight(bm, "+#") == san {
			return true
		}
	}
	return false
}

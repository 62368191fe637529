package main

import (
	"strings"
	"testing"
)

// check wires the header's FEN into the rules that need positions: the
// engine's line 1.e4 f6 2.Qh5+ Nc6 is illegal at its fourth move (Black is
// in check after 2.Qh5+: worked on the board), and it goes on past e2e4's
// node, a leaf at the horizon (ply 1): two engine-pv violations. A null
// move in the position after 2.Qh5+ is a pass in check; it fails low (worth
// 31999, below beta 32000) and the root keeps g7g6's -50: it changed
// nothing, a null-in-check warning (issue 38: a violation only where it
// decides something).
func TestCheckEngineLineAndNullMoveOnTheBoard(t *testing.T) {
	lines := []string{
		`{"format":"pvscope-trace","version":1,"meta":{"fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}}`,
		`{"kind":"enter","node":1,"parent":0,"alpha":-32000,"beta":32000,"depth":1}`,
		`{"kind":"enter","node":2,"parent":1,"move":"e2e4","alpha":-32000,"beta":32000,"depth":0}`,
		`{"kind":"exit","node":2,"score":-30}`,
		`{"kind":"exit","node":1,"score":30}`,
		`{"kind":"root-pv","depth":1,"score":30,"pv":["e2e4","f7f6","d1h5","b8c6"]}`,
	}
	rep, code := checkJSON(t, lines)
	if code != 1 || rep.ViolationCount != 2 || rep.Violations[0].Rule != "engine-pv" || rep.Violations[1].Rule != "engine-pv" ||
		!strings.Contains(rep.Violations[0].Message, "plays b8c6 at ply 4, which is illegal there: Black is in check") ||
		!strings.Contains(rep.Violations[1].Message, "goes on past ply 1, where node 2 is a leaf") {
		t.Fatalf("exit %d, violations %+v; want engine-pv naming b8c6 and Black in check, then past the leaf at ply 1", code, rep.Violations)
	}

	check := []string{
		`{"format":"pvscope-trace","version":1,"meta":{"fen":"rnbqkbnr/ppppp1pp/5p2/7Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2"}}`,
		`{"kind":"enter","node":1,"parent":0,"alpha":-32000,"beta":32000,"depth":3}`,
		`{"kind":"enter","node":2,"parent":1,"move":"0000","alpha":-32000,"beta":-31999,"depth":1,"reduced":1,"why":"null-move"}`,
		`{"kind":"exit","node":2,"score":-31999}`,
		`{"kind":"enter","node":3,"parent":1,"move":"g7g6","alpha":-32000,"beta":32000,"depth":2}`,
		`{"kind":"exit","node":3,"score":50}`,
		`{"kind":"exit","node":1,"score":-50}`,
	}
	rep, code = checkJSON(t, check)
	if code != 0 || rep.ViolationCount != 0 || rep.WarningCount != 1 || rep.Warnings[0].Rule != "null-in-check" || rep.Warnings[0].Node != 2 {
		t.Fatalf("exit %d, violations %+v, warnings %+v; want one null-in-check warning at node 2", code, rep.Violations, rep.Warnings)
	}
}

// An iteration whose root search failed on its aspiration window and was
// not searched again: check names the rule, and shows the score as a bound
// (depth 2 scored 60 on the window (-40, 60): at least 60).
func TestCheckAspirationBound(t *testing.T) {
	lines := []string{
		`{"format":"pvscope-trace","version":1}`, // moves are names only
		`{"kind":"iteration-start","depth":1,"alpha":-32000,"beta":32000}`,
		`{"kind":"enter","node":1,"parent":0,"alpha":-32000,"beta":32000,"depth":1}`,
		`{"kind":"enter","node":2,"parent":1,"move":"a","alpha":-32000,"beta":32000,"depth":0}`,
		`{"kind":"exit","node":2,"score":-10}`,
		`{"kind":"exit","node":1,"score":10}`,
		`{"kind":"iteration-end","depth":1,"score":10}`,
		`{"kind":"iteration-start","depth":2,"alpha":-40,"beta":60}`,
		`{"kind":"enter","node":3,"parent":0,"alpha":-40,"beta":60,"depth":2}`,
		`{"kind":"enter","node":4,"parent":3,"move":"a","alpha":-60,"beta":40,"depth":1}`,
		`{"kind":"exit","node":4,"score":-60}`,
		`{"kind":"exit","node":3,"score":60}`,
		`{"kind":"iteration-end","depth":2,"score":60}`,
		`{"kind":"search-end","depth":2,"score":60,"move":"a"}`,
	}
	rep, code := checkJSON(t, lines)
	if code != 1 || rep.ViolationCount != 1 || rep.Violations[0].Rule != "aspiration" || len(rep.Iterations) != 2 || rep.Iterations[1].Bound != "lower" || rep.Iterations[0].Bound != "" {
		t.Fatalf("exit %d, %+v; want one aspiration violation, depth 2 a lower bound", code, rep)
	}
	out, _, _ := run(t, "check", writeLines(t, lines))
	if !strings.Contains(out, "depth 2: score ≥ 60, PV a") || !strings.Contains(out, "the score is a bound") {
		t.Errorf("the text report:\n%s", out)
	}
}

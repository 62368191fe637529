package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pvscope/pvscope/tracer"
)

// searchedTrace is pvscope's engine's trace of fen at depth with options as
// in the page's URL, in memory.
func searchedTrace(t *testing.T, fen string, depth int, options string) (tracer.Header, []tracer.Event) {
	t.Helper()
	stop := make(chan struct{})
	defer close(stop)
	r, err := searchTrace(fen, depth, options, stop)
	if err != nil {
		t.Fatal(err)
	}
	h, events, err := tracer.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return h, events
}

// writeTrace writes a trace file into the test's directory.
func writeTrace(t *testing.T, name string, h tracer.Header, events []tracer.Event) string {
	t.Helper()
	var b bytes.Buffer
	w, err := tracer.NewWriter(&b, h)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range events {
		w.Emit(e)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(file, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

// treePaths gives each node its moves from the root, and "" for a node
// below a sub-search (no move leads to it).
type treePaths map[int32][]string

func pathsOf(events []tracer.Event) treePaths {
	p := treePaths{}
	bad := map[int32]bool{}
	for _, e := range events {
		if e.Kind != tracer.Enter {
			continue
		}
		if e.Parent == 0 {
			p[e.Node] = []string{}
			continue
		}
		if e.Sub != "" || e.Move == "" || bad[e.Parent] {
			bad[e.Node] = true
			continue
		}
		p[e.Node] = append(append([]string{}, p[e.Parent]...), e.Move)
	}
	for n := range bad {
		delete(p, n)
	}
	return p
}

// runWhy runs pvscope why --json and returns its answer.
func runWhy(t *testing.T, file, move string, path []string) *tracer.WhyAnswer {
	t.Helper()
	var out bytes.Buffer
	args := []string{file, move, "--json"}
	if len(path) > 0 {
		args = append(args, "--at", strings.Join(path, " "))
	}
	if err := whyCmd(args, &out); err != nil {
		var code exitCode
		if !errors.As(err, &code) || code.err != nil {
			t.Fatalf("why %v: %v", args, err)
		}
	}
	var a tracer.WhyAnswer
	if err := json.Unmarshal(out.Bytes(), &a); err != nil {
		t.Fatalf("why %v: %v\n%s", args, err, out.String())
	}
	return &a
}

func lastFate(t *testing.T, a *tracer.WhyAnswer) tracer.WhyFate {
	t.Helper()
	if len(a.Iterations) == 0 {
		t.Fatalf("no iterations: %+v", a)
	}
	return a.Iterations[len(a.Iterations)-1]
}

// checkWarnings runs pvscope check --json and returns the warnings of rule.
func checkWarnings(t *testing.T, file, rule string) []checkViolation {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rep, err := checkTrace(f, 1000)
	if err != nil {
		t.Fatal(err)
	}
	var out []checkViolation
	for _, w := range rep.Warnings {
		if w.Rule == rule {
			out = append(out, w)
		}
	}
	return out
}

// TestWhyPlantedMoveGeneratorDrops: a move generator that drops en passant
// or an under-promotion, planted as a full trace of an All node (as pvscope writes it): the root searched with the null window (100, 101), every move it
// generated scoring 0 for it, below alpha. The legal moves are worked by hand
// (White's king on e1 has d1, d2, e2, f1, f2; the pawn its push and its en
// passant capture, or its four promotions). why names the dropped move "not
// generated" and check warns of it; with the move written, it failed low.
func TestWhyPlantedMoveGeneratorDrops(t *testing.T) {
	king := []string{"e1d1", "e1d2", "e1e2", "e1f1", "e1f2"}
	cases := []struct {
		fen     string
		pawn    []string
		dropped string
	}{
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", []string{"e5e6", "e5d6"}, "e5d6"},
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", []string{"b7b8q", "b7b8r", "b7b8b", "b7b8n"}, "b7b8n"},
	}
	for _, c := range cases {
		for _, drop := range []bool{true, false} {
			h := tracer.Header{Format: tracer.FormatName, Version: tracer.Version, Meta: map[string]string{"fen": c.fen, "prunes": "all"}}
			// A full trace (expect and actual) whose header claims every
			// move it skips (meta.prunes), so the checker holds it to them.
			events := []tracer.Event{{Kind: tracer.Enter, Node: 1, Depth: 1, Alpha: 100, Beta: 101, Expect: tracer.All}}
			node := int32(1)
			for _, m := range append(append([]string{}, king...), c.pawn...) {
				if drop && m == c.dropped {
					continue
				}
				node++
				events = append(events, tracer.Event{Kind: tracer.Enter, Node: node, Parent: 1, Ply: 1, Move: m, Alpha: -101, Beta: -100, Expect: tracer.Cut},
					tracer.Event{Kind: tracer.Exit, Node: node, Score: 0, Actual: tracer.Cut, End: tracer.Eval})
			}
			events = append(events, tracer.Event{Kind: tracer.Exit, Node: 1, Score: 0, Actual: tracer.All})
			file := writeTrace(t, "gen.jsonl", h, events)
			f := lastFate(t, runWhy(t, file, c.dropped, nil))
			ws := checkWarnings(t, file, "unaccounted")
			if !drop {
				if f.Fate != tracer.FateFailedLow || len(ws) > 0 {
					t.Errorf("%s with %s: %s (%s), %d warnings; want failed-low, none", c.fen, c.dropped, f.Fate, f.Sentence, len(ws))
				}
				continue
			}
			if f.Fate != tracer.FateNotGenerated || !strings.Contains(f.Sentence, "neither searched nor declared pruned") {
				t.Errorf("%s without %s: %s (%s), want %s", c.fen, c.dropped, f.Fate, f.Sentence, tracer.FateNotGenerated)
			}
			if len(ws) != 1 || !strings.Contains(ws[0].Message, ": "+c.dropped+" (") {
				t.Errorf("%s without %s: warnings %+v, want one naming it alone", c.fen, c.dropped, ws)
			}
		}
	}
}

// TestWhyPlantedUndeclaredPruning: a pruning the engine does not write,
// planted by removing the prune events of a search with futility and late
// move pruning. Each move pruned is first named "pruned" with its rule, and
// without its event "not generated"; check warns of it.
func TestWhyPlantedUndeclaredPruning(t *testing.T) {
	const fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
	h, events := searchedTrace(t, fen, 4, "futility=true,late-move-pruning=true,id=false")
	paths := pathsOf(events)
	var prune *tracer.Event
	var kept []tracer.Event
	for i, e := range events {
		if e.Kind == tracer.Prune {
			if prune == nil && paths[e.Node] != nil {
				prune = &events[i]
			}
			continue
		}
		kept = append(kept, e)
	}
	if prune == nil {
		t.Fatal("the search pruned nothing")
	}
	at := paths[prune.Node]
	whole := writeTrace(t, "whole.jsonl", h, events)
	if f := lastFate(t, runWhy(t, whole, prune.Move, at)); f.Fate != tracer.FatePruned || f.Why != prune.Why {
		t.Errorf("with its prune event: %s (%s), want pruned by %s", f.Fate, f.Sentence, prune.Why)
	}
	h.Meta["prunes"] = "all" // the engine claims it writes every prune, and does not
	file := writeTrace(t, "undeclared.jsonl", h, kept)
	if f := lastFate(t, runWhy(t, file, prune.Move, at)); f.Fate != tracer.FateNotGenerated {
		t.Errorf("without it: %s (%s), want %s", f.Fate, f.Sentence, tracer.FateNotGenerated)
	}
	found := false
	for _, w := range checkWarnings(t, file, "unaccounted") {
		found = found || strings.Join(w.Path, " ") == strings.Join(at, " ") && strings.Contains(w.Message, prune.Move)
	}
	if !found {
		t.Errorf("check: no unaccounted warning naming %s at %v", prune.Move, at)
	}
}

// TestWhyFutilityWithMateAlpha: a mate in two (matetrack's first position
// of that length would do; this one is the back-rank mate Qd8+ Rxd8 Rxd8#)
// searched with futility: once the mate is found, the root's other moves are
// searched with alpha a mate score, and futility prunes every quiet move
// below them, as no margin can reach a mate. why names the rule and says
// alpha was a mate.
func TestWhyFutilityWithMateAlpha(t *testing.T) {
	const fen = "3r2k1/5ppp/8/8/8/8/5PPP/3QR1K1 w - - 0 1"
	h, events := searchedTrace(t, fen, 4, "futility=true,id=false")
	paths := pathsOf(events)
	alphas := map[int32]int32{}
	scale, _ := tracer.ScaleOf(h.Meta)
	var target *tracer.Event
	for i, e := range events {
		if e.Kind == tracer.Enter {
			alphas[e.Node] = e.Alpha
		}
		if e.Kind == tracer.Prune && e.Why == tracer.WhyFutility && paths[e.Node] != nil {
			if p, ok := scale.IsMate(alphas[e.Node]); ok && p > 0 {
				target = &events[i]
				break
			}
		}
	}
	if target == nil {
		t.Fatal("no futility prune under a mate alpha")
	}
	file := writeTrace(t, "mate.jsonl", h, events)
	f := lastFate(t, runWhy(t, file, target.Move, paths[target.Node]))
	if f.Fate != tracer.FatePruned || f.Why != tracer.WhyFutility || !strings.Contains(f.Sentence, "α was a mate score") {
		t.Errorf("why %s at %v: %s (%s)", target.Move, paths[target.Node], f.Fate, f.Sentence)
	}
}

// TestWhyEveryMove: pvscope why TRACE --at 1 on R&N's Figure 5.2 under PVS
// answers for each of node 1's three moves (its children, moves with no
// child included): c1's leaf 2 is worth -2 to MIN, at least the probe's beta
// -3, so it failed high, and c2, c3 were cut off before their turn.
func TestWhyEveryMove(t *testing.T) {
	var out bytes.Buffer
	if err := whyCmd([]string{"engine/testdata/aima_fig5_2_pvs.jsonl", "--at", "1", "--json"}, &out); err != nil {
		t.Fatal(err)
	}
	var all []tracer.WhyAnswer
	if err := json.Unmarshal(out.Bytes(), &all); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"0": tracer.FateFailedHigh, "1": tracer.FateCutBefore, "2": tracer.FateCutBefore}
	if len(all) != len(want) {
		t.Fatalf("%d answers, want %d: %s", len(all), len(want), out.String())
	}
	for _, a := range all {
		if f := lastFate(t, &a); f.Fate != want[a.Move] {
			t.Errorf("move %s: %s (%s), want %s", a.Move, f.Fate, f.Sentence, want[a.Move])
		}
	}
}

// TestWhyPlantedLMRHidesMate: a late move reduction that hides a mate,
// planted in WAC.001 (mate in 2 by Qg6, g3g6). Plain PVS at depth 3 finds
// it: why names g3g6 the root's best move, with a mate score. The plant:
// g3g6's search is made one ply shallower for lmr, blind to the mate (its
// subtree cut away, its score a plain -500 for it), and nothing searches it
// again (later visits cut away too): why names the reduction and that its result was trusted.
func TestWhyPlantedLMRHidesMate(t *testing.T) {
	const fen = "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1"
	h, events := searchedTrace(t, fen, 3, "modern=false,id=false,tt=false")
	whole := writeTrace(t, "wac001.jsonl", h, events)
	f := lastFate(t, runWhy(t, whole, "g3g6", nil))
	scale, _ := tracer.ScaleOf(h.Meta)
	if p, ok := scale.IsMate(f.Value); f.Fate != tracer.FateBest || !ok || p <= 0 {
		t.Fatalf("plain PVS: %s (%s), want the best move with a mate", f.Fate, f.Sentence)
	}
	var root, child int32
	for _, e := range events {
		if e.Kind == tracer.Enter && e.Parent == 0 {
			root = e.Node
		}
		if e.Kind == tracer.Enter && e.Parent == root && e.Move == "g3g6" && child == 0 {
			child = e.Node
		}
	}
	var planted []tracer.Event
	inside := map[int32]bool{}
	for _, e := range events {
		switch {
		case e.Kind == tracer.Enter && e.Node == child:
			e.Depth--
			e.Reduced, e.Why = 1, tracer.WhyLMR
		case e.Kind == tracer.Enter && (e.Parent == child || inside[e.Parent] || e.Parent == root && e.Move == "g3g6"):
			inside[e.Node] = true // its subtree, and any later search of it
			continue
		case inside[e.Node]:
			continue
		case e.Node == child && e.Kind == tracer.Exit:
			e.Score, e.Actual = 500, tracer.Cut
		case e.Node == child: // the child's own events (cutoffs, pv-updates) went with its subtree
			continue
		case e.Node == root && e.Move == "g3g6":
			continue // the root's events about it (a pv-update) belonged to the mate
		}
		planted = append(planted, e)
	}
	file := writeTrace(t, "wac001-lmr.jsonl", h, planted)
	f = lastFate(t, runWhy(t, file, "g3g6", nil))
	if f.Fate != tracer.FateReduced || f.Why != tracer.WhyLMR || f.Reduced != 1 || f.ReSearched ||
		!strings.Contains(f.Sentence, "late move reduction (lmr) and the reduced result was trusted") {
		t.Errorf("planted: %s (%s), want reduced for lmr, trusted", f.Fate, f.Sentence)
	}
}

// TestWhyQuestionsThatCannotBeAnswered: a move not legal at the node, a path
// that leads nowhere, and a trace without a position each get a sentence
// saying what was asked and what the trace holds; the first two exit 1.
func TestWhyQuestionsThatCannotBeAnswered(t *testing.T) {
	noPosition := writeTrace(t, "nopos.jsonl", tracer.Header{Format: tracer.FormatName, Version: tracer.Version}, []tracer.Event{
		{Kind: tracer.Enter, Node: 1, Depth: 1, Alpha: -100, Beta: 100},
		{Kind: tracer.Enter, Node: 2, Parent: 1, Move: "a", Alpha: -100, Beta: 100},
		{Kind: tracer.Exit, Node: 2, Score: -3},
		{Kind: tracer.Enter, Node: 3, Parent: 1, Move: "b", Alpha: -100, Beta: -3},
		{Kind: tracer.Exit, Node: 3, Score: -1},
		{Kind: tracer.Exit, Node: 1, Score: 3},
	})
	const rn = "engine/testdata/aima_fig5_2_pvs.jsonl" // R&N's tree: three moves a node
	cases := []struct {
		args     []string
		code     int
		problem  string
		sentence string
	}{
		{[]string{rn, "4", "--at", "0"}, 1, tracer.WhyIllegal, "move 4 is not legal at node 0; its legal moves are 0 1 2"},
		{[]string{rn, "0", "--at", "1.7"}, 1, tracer.WhyNoPath, "the path leads nowhere: move 7 is not a move at node 1, whose moves are 0 1 2"},
		{[]string{noPosition, "c"}, 0, tracer.WhyNoPosition, "the trace's header names no position (no fen, tree or random), so whether c is legal at the root is not known; the trace holds these moves there: a b"},
	}
	for _, c := range cases {
		var out bytes.Buffer
		err := whyCmd(append(c.args, "--json"), &out)
		code := 0
		var ec exitCode
		if errors.As(err, &ec) {
			code = ec.code
		} else if err != nil {
			t.Fatalf("%v: %v", c.args, err)
		}
		var a tracer.WhyAnswer
		if err := json.Unmarshal(out.Bytes(), &a); err != nil {
			t.Fatalf("%v: %v", c.args, err)
		}
		if code != c.code || a.Problem != c.problem || a.Sentence != c.sentence {
			t.Errorf("%v: exit %d, problem %q, %q; want %d, %q, %q", c.args, code, a.Problem, a.Sentence, c.code, c.problem, c.sentence)
		}
	}
	// Without a position the fates are still told: c was neither searched nor
	// pruned at a root that did not cut off.
	a := runWhy(t, noPosition, "c", nil)
	if f := lastFate(t, a); f.Fate != tracer.FateNotSearched {
		t.Errorf("no position: %s (%s), want %s", f.Fate, f.Sentence, tracer.FateNotSearched)
	}
}

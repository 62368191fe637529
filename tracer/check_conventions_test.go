package tracer

// Over 400 lines because it holds every convention word's cases side by side, so the header's
// words and what each one changes are read together.

import (
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The rules' conventions (issue 27), each on a hand-made trace whose outcome
// is worked out by hand in its comment.

type rulesRun struct {
	violations, warnings []*Violation
	diag                 *Diagnosis
	derived              []Event
}

// fakeGame is a Game written for the tests: lines in check, and illegal moves
// with their reasons, listed by hand.
type fakeGame struct {
	inCheck map[string]bool   // line joined by spaces
	illegal map[string]string // "line|move" -> why
}

func (g fakeGame) Legal(line []string, move string) (bool, string) {
	why, bad := g.illegal[strings.Join(line, " ")+"|"+move]
	return !bad, why
}

func (g fakeGame) InCheck(line []string) bool { return g.inCheck[strings.Join(line, " ")] }

// runRules derives a trace and runs the checker and the diagnosis over it, as pvscope check does.
func runRules(h Header, g Game, events []Event) rulesRun {
	var r rulesRun
	c := &Checker{
		Report: func(v *Violation) { r.violations = append(r.violations, v) },
		Warn:   func(v *Violation) { r.warnings = append(r.warnings, v) },
	}
	c.SetHeader(h)
	c.Game = g
	r.diag = &Diagnosis{Report: c.Report, Warn: c.Warn, Scale: c.Scale, Bounds: c.Bounds}
	d := NewDeriver(h, func(e Event, _ int) {
		r.derived = append(r.derived, e)
		c.Emit(e)
		r.diag.Emit(e)
	})
	d.OnRootLine = r.diag.DerivedLine
	for i, e := range events {
		d.Add(e, i+2)
	}
	d.Finish(len(events) + 1)
	c.Finish()
	r.diag.Finish()
	return r
}

func rules(vs []*Violation) []string {
	var out []string
	for _, v := range vs {
		out = append(out, v.Rule)
	}
	return out
}

func meta(kv ...string) Header {
	m := map[string]string{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return Header{Meta: m}
}

func iter(depth int16, alpha, beta int32) Event {
	return Event{Kind: IterationStart, Depth: depth, Alpha: alpha, Beta: beta}
}
func iterEnd(depth int16, score int32) Event {
	return Event{Kind: IterationEnd, Depth: depth, Score: score}
}
func endWith(e Event, end End) Event { e.End = end; return e }

// The example, fail-hard: the root's aspiration window (525, 625);
// d1d8 mates (its node exits -49999: mated at ply 1 on a scale of mate 50000)
// and the root returns exactly beta, 625: a correct lower bound, min(49999,
// 625) = 625. The driver searches depth 1 again with (525, 60000) and gets
// 49999. Clean with meta.bounds fail-hard and with no convention said; with
// fail-soft the root's 625 is below the 49999 its move gave it: best-score.
func TestFailHardExitAtBetaWithAMateBelow(t *testing.T) {
	events := []Event{
		iter(1, 525, 625),
		en(1, 0, "", 525, 625, 1), endWith(en(2, 1, "d1d8", -625, -525, 0), Searched), endWith(ex(2, -49999), Mate), ex(1, 625),
		{Kind: AspirationFail, Depth: 1, Alpha: 525, Beta: 60000, Score: 625},
		en(3, 0, "", 525, 60000, 1), en(4, 3, "d1d8", -60000, -525, 0), endWith(ex(4, -49999), Mate), ex(3, 49999),
		iterEnd(1, 49999),
		{Kind: SearchEnd, Depth: 1, Score: 49999, Move: "d1d8"},
	}
	for _, bounds := range []string{"fail-hard", ""} {
		r := runRules(meta("mate", "50000", "infinity", "60000", "bounds", bounds), nil, events)
		if len(r.violations)+len(r.warnings) != 0 {
			t.Errorf("bounds %q: violations %v, warnings %v; want none", bounds, r.violations, r.warnings)
		}
		if it := r.diag.Iterations; len(it) != 1 || it[0].Bound != NoBound || it[0].Score != 49999 {
			t.Errorf("bounds %q: iterations %+v; want one, scoring 49999, no bound", bounds, it)
		}
	}
	r := runRules(meta("mate", "50000", "infinity", "60000", "bounds", "fail-soft"), nil, events)
	if !slices.Equal(rules(r.violations), []string{"best-score"}) || r.violations[0].Node != 1 {
		t.Errorf("fail-soft: violations %v; want best-score at node 1", r.violations)
	}
}

// A parent that caps a move's value (MTD-bi's min(cap, -child)): a's node
// exits -40 (40 for the root), the root takes 30 for it (move-value); b's
// probe scores 20 <= 30. The root returns 30 along a. Without the move-value
// the root's 30 is below the 40 a gave it: best-score (min(40, beta 100) = 40).
func TestMoveValueCapsAChild(t *testing.T) {
	events := []Event{
		en(1, 0, "", -100, 100, 2),
		en(2, 1, "a", -100, 100, 1), ex(2, -40),
		{Kind: MoveValue, Node: 1, Move: "a", Score: 30},
		en(3, 1, "b", -31, -30, 1), ex(3, -20),
		ex(1, 30),
	}
	r := runRules(Header{}, nil, events)
	if len(r.violations)+len(r.warnings) != 0 {
		t.Fatalf("violations %v, warnings %v; want none", r.violations, r.warnings)
	}
	if it := r.diag.Iterations; len(it) != 1 || it[0].Score != 30 || !slices.Equal(it[0].PV, []string{"a"}) {
		t.Errorf("iterations %+v; want a scoring 30", it)
	}
	without := slices.Delete(slices.Clone(events), 3, 4)
	r = runRules(Header{}, nil, without)
	if !slices.Equal(rules(r.violations), []string{"best-score"}) {
		t.Errorf("without the move-value: violations %v; want best-score", r.violations)
	}
}

// Quiescence with stand pat: the root (-30, 0) searches e2e4, a quiescence
// node with window (0, 30) that stands pat at 29; its capture d7d5 is then
// searched with (29, 30) (as the child sees it, (-30, -29)): one unit wide
// because the stand pat raised alpha, no probe. d7d5 exits -25 (25 for the
// node, not above 29); the node returns 29. The root scores -29 along e2e4,
// which stops where the stand pat decided (not e2e4 d7d5). Without the
// stand-pat event the same window reads as a probe scoring 25 inside (0, 30)
// never searched again: a re-search violation.
func TestStandPatOneUnitWindowIsNoProbe(t *testing.T) {
	events := []Event{
		en(1, 0, "", -30, 0, 1),
		en(2, 1, "e2e4", 0, 30, 0),
		{Kind: StandPat, Node: 2, Score: 29},
		en(3, 2, "d7d5", -30, -29, -1), ex(3, -25),
		ex(2, 29),
		ex(1, -29),
	}
	r := runRules(Header{}, nil, events)
	if len(r.violations)+len(r.warnings) != 0 {
		t.Fatalf("violations %v, warnings %v; want none", r.violations, r.warnings)
	}
	if slices.ContainsFunc(r.derived, func(e Event) bool { return e.Kind == Probe }) {
		t.Error("a probe derived under the stand pat's one-unit window")
	}
	if it := r.diag.Iterations; len(it) != 1 || !slices.Equal(it[0].PV, []string{"e2e4"}) {
		t.Errorf("iterations %+v; want the line e2e4", it)
	}
	r = runRules(Header{}, nil, slices.Delete(slices.Clone(events), 2, 3))
	if !slices.Equal(rules(r.violations), []string{"re-search"}) {
		t.Errorf("without the stand pat: violations %v; want re-search", r.violations)
	}
}

// A stand pat counts as a value the node has: a node that stands pat at 10
// and returns 5 with no move searched scores below it (min(10, beta 50) = 10).
func TestStandPatIsAValue(t *testing.T) {
	r := runRules(Header{}, nil, []Event{
		en(1, 0, "", -50, 50, 0), {Kind: StandPat, Node: 1, Score: 10}, ex(1, 5),
	})
	if !slices.Equal(rules(r.violations), []string{"best-score"}) || !strings.Contains(r.violations[0].Problem, "below its stand pat 10") {
		t.Errorf("violations %v; want best-score below the stand pat", r.violations)
	}
}

// aspirationTrace: depth 1 with a full window scores 10; depth 2 with the
// aspiration window (-40, 60) scores 60 (>= 60: it failed high). With again,
// the driver searches depth 2 again with (-40, 32000) and gets 70; without,
// it goes on to depth 3 (full window, 65).
func aspirationTrace(again bool) []Event {
	es := []Event{
		iter(1, -32000, 32000), en(1, 0, "", -32000, 32000, 1), en(2, 1, "a", -32000, 32000, 0), ex(2, -10), ex(1, 10), iterEnd(1, 10),
		iter(2, -40, 60), en(3, 0, "", -40, 60, 2), en(4, 3, "a", -60, 40, 1), ex(4, -60), ex(3, 60),
	}
	if again {
		es = append(es, Event{Kind: AspirationFail, Depth: 2, Alpha: -40, Beta: 32000, Score: 60},
			en(5, 0, "", -40, 32000, 2), en(6, 5, "a", -32000, 40, 1), ex(6, -70), ex(5, 70), iterEnd(2, 70))
	} else {
		es = append(es, iterEnd(2, 60))
	}
	return append(es, iter(3, -32000, 32000), en(7, 0, "", -32000, 32000, 3), en(8, 7, "a", -32000, 32000, 2), ex(8, -65), ex(7, 65), iterEnd(3, 65),
		Event{Kind: SearchEnd, Depth: 3, Score: 65, Move: "a"})
}

func TestAspirationFailureNotSearchedAgain(t *testing.T) {
	r := runRules(Header{}, nil, aspirationTrace(false))
	if !slices.Equal(rules(r.violations), []string{"aspiration"}) || r.violations[0].Node != 3 ||
		!strings.Contains(r.violations[0].Problem, "failing high on its aspiration window (-40, 60)") {
		t.Fatalf("violations %v; want one aspiration at node 3", r.violations)
	}
	if it := r.diag.Iterations; len(it) != 3 || it[1].Bound != Lower || it[1].Score != 60 || it[0].Bound != NoBound || it[2].Bound != NoBound {
		t.Errorf("iterations %+v; want depth 2 scoring 60 as a lower bound, the others exact", it)
	}
	// The root-pv the Deriver writes for depth 2 says it is a bound, for the page.
	i := slices.IndexFunc(r.derived, func(e Event) bool { return e.Kind == RootPV && e.Depth == 2 })
	if i < 0 || r.derived[i].Bound != Lower {
		t.Errorf("depth 2's root-pv %+v; want bound lower", r.derived[max(i, 0)])
	}

	r = runRules(Header{}, nil, aspirationTrace(true))
	if len(r.violations)+len(r.warnings) != 0 {
		t.Fatalf("searched again: violations %v, warnings %v; want none", r.violations, r.warnings)
	}
	if it := r.diag.Iterations; len(it) != 3 || it[1].Bound != NoBound || it[1].Score != 70 {
		t.Errorf("searched again: iterations %+v; want depth 2 scoring 70, exact", it)
	}
}

// MTD's null-window roots fail on purpose: no aspiration rule.
func TestNullWindowRootIsNoAspiration(t *testing.T) {
	r := runRules(Header{}, nil, []Event{
		en(1, 0, "", 4, 5, 1), en(2, 1, "a", -5, -4, 0), ex(2, -7), ex(1, 7),
		en(3, 0, "", 7, 8, 2), en(4, 3, "a", -8, -7, 1), ex(4, -6), ex(3, 6),
	})
	if len(r.violations) != 0 {
		t.Errorf("violations %v; want none", r.violations)
	}
}

// Null moves: a null move's child that passes again (0000 after 0000) is
// null-move-twice; a null move where the side to move is in check (the fake
// game says the position after "a" is) is null-in-check where it decided
// something (it cut), a warning where it failed low and changed nothing.
func TestNullMoveRules(t *testing.T) {
	r := runRules(Header{}, nil, []Event{
		en(1, 0, "", -50, 50, 4),
		en(2, 1, "a", -50, 50, 3),
		reduced(en(3, 2, NullMove, -50, -49, 2), 2, WhyNullMove),
		reduced(en(4, 3, NullMove, 49, 50, 1), 2, WhyNullMove), ex(4, 0),
		ex(3, 0), ex(2, -5), ex(1, 5),
	})
	if !slices.Equal(rules(r.violations), []string{"null-move-twice"}) || r.violations[0].Node != 4 {
		t.Errorf("violations %v; want null-move-twice at node 4", r.violations)
	}
	g := fakeGame{inCheck: map[string]bool{"a": true}}
	r = runRules(Header{}, g, []Event{
		en(1, 0, "", -50, 50, 4),
		en(2, 1, "a", -50, 50, 3),
		reduced(en(3, 2, NullMove, -50, -49, 2), 2, WhyNullMove), ex(3, 0),
		ex(2, -5), ex(1, 5),
	})
	// The pass is worth 0 to node 2, below its beta 50; node 2 returns -5: it changed nothing.
	if len(r.violations) != 0 || !slices.Equal(rules(r.warnings), []string{"null-in-check"}) || !strings.Contains(r.warnings[0].Problem, "(after a)") {
		t.Errorf("violations %v, warnings %v; want a null-in-check warning after a", r.violations, r.warnings)
	}
	r = runRules(Header{}, g, []Event{
		en(1, 0, "", -32000, 32000, 4),
		en(2, 1, "b", -32000, 32000, 3), ex(2, 50), // the root's alpha is -50
		en(3, 1, "a", -32000, 50, 3),
		reduced(en(4, 3, NullMove, -50, -49, 2), 2, WhyNullMove), ex(4, -60), // worth 60 >= 50: it cuts
		ex(3, 50), ex(1, -50),
	})
	if !slices.Equal(rules(r.violations), []string{"null-in-check"}) || r.violations[0].Node != 4 || !strings.Contains(r.violations[0].Problem, "(after a)") {
		t.Errorf("violations %v; want null-in-check after a at node 4", r.violations)
	}
}

// lineTrace: depth 4, the root's line a x, decided by pv-updates; x, at ply
// 2, ends as end says (with its score), and the engine writes the root-pv
// line. When the engine's line goes on past x, the reason at x names it.
func lineTrace(xEnd End, xScore int32, standPat bool, engine ...string) []Event {
	es := []Event{
		iter(4, -32000, 32000),
		en(1, 0, "", -32000, 32000, 4),
		en(2, 1, "a", -32000, 32000, 3),
		en(3, 2, "x", -32000, 32000, 2),
	}
	if standPat {
		es = append(es, Event{Kind: StandPat, Node: 3, Score: xScore}, en(4, 3, "c", -32000, 32000, 1), ex(4, -xScore+5))
	}
	es = append(es, endWith(ex(3, xScore), xEnd), ex(2, -xScore), ex(1, xScore),
		Event{Kind: RootPV, Depth: 4, Score: xScore, PV: engine}, iterEnd(4, xScore))
	return es
}

func TestEngineLineGoesPastTheDerivedOne(t *testing.T) {
	cases := []struct {
		name     string
		end      End
		score    int32
		standPat bool
		rule     string // a violation's, or "" for a warning
		says     string
	}{
		// x's exit with end tt-cutoff inside an open window: its table answered a PV node.
		{"table", TTCut, 5, false, "engine-pv", "goes on past ply 2, where its table answered node 3: a stale PV-table row"},
		// x at depth 2, no children, a static evaluation: a leaf reached early (a reduced search, say).
		{"leaf", Eval, 5, false, "engine-pv", "goes on past ply 2, where node 3 is a leaf"},
		// x stood pat at 5; its capture c scored 0 for it (exit -5+5 = 0... -(-5+5)=0 < 5): no move beat it.
		{"stand pat", Searched, 5, true, "engine-pv", "where node 3 stood pat"},
		// x is mated at ply 2 (pvscope's scale: 30000 - 2).
		{"mate", Mate, -29998, false, "engine-pv", "where the game is over at node 3 (mate)"},
		// x is a repetition: the search scored it 0 without searching on: a warning.
		{"repetition", Repetition, 0, false, "", "where node 3 is a draw (repetition)"},
	}
	for _, c := range cases {
		r := runRules(Header{}, nil, lineTrace(c.end, c.score, c.standPat, "a", "x", "y"))
		got := r.warnings
		if c.rule != "" {
			got = r.violations
		}
		if len(got) != 1 || got[0].Rule != "engine-pv" || !strings.Contains(got[0].Problem, c.says) || len(r.violations)+len(r.warnings) != 1 {
			t.Errorf("%s: violations %v, warnings %v; want one engine-pv %s saying %q", c.name, r.violations, r.warnings, map[bool]string{true: "violation", false: "warning"}[c.rule != ""], c.says)
		}
	}
	// Another move at ply 1: a warning that names both.
	r := runRules(Header{}, nil, lineTrace(TTCut, 5, false, "a", "z", "y", "w"))
	if len(r.violations) != 0 || len(r.warnings) != 1 || !strings.Contains(r.warnings[0].Problem, "parts at ply 1 from the line the trace's scores derive: it plays z where the trace's scores lead to x") {
		t.Errorf("violations %v, warnings %v; want one engine-pv warning parting at ply 1", r.violations, r.warnings)
	}
}

// The short line: the engine prints a x y at depth 4 (3 moves), the
// derived line a x ends at x, a table answer at a PV node: the short line's
// reason is that one (at node 3, ply 2), though the rich root-pv is there.
func TestShortEngineLineGetsTheDerivedReason(t *testing.T) {
	r := runRules(Header{}, nil, lineTrace(TTCut, 5, false, "a", "x", "y"))
	it := r.diag.Iterations
	if len(it) != 1 || !it[0].Short || it[0].End != (PVEnd{Node: 3, Ply: 2, Reason: TTExactCutAtPV}) {
		t.Errorf("iterations %+v; want a short line ending at node 3, ply 2, for tt-exact-cut-at-pv", it)
	}
}

// The engine's line is legal move by move: the fake game says y is illegal
// after a x ("Black is in check").
func TestEngineLineIllegalMove(t *testing.T) {
	g := fakeGame{illegal: map[string]string{"a x|y": "Black is in check"}}
	r := runRules(Header{}, g, lineTrace(TTCut, 5, false, "a", "x", "y"))
	i := slices.IndexFunc(r.violations, func(v *Violation) bool { return strings.Contains(v.Problem, "illegal") })
	if i < 0 || r.violations[i].Rule != "engine-pv" || !strings.Contains(r.violations[i].Problem, "plays y at ply 3, which is illegal there: Black is in check") {
		t.Errorf("violations %v; want engine-pv naming y at ply 3, Black is in check", r.violations)
	}
}

// best-move: the engine plays b, neither the first move of its final line
// (a x) nor the root's best child (a, 5 for the root): a violation; a is clean.
func TestBestMove(t *testing.T) {
	for _, c := range []struct {
		move string
		want []string
	}{{"a", nil}, {"b", []string{"best-move"}}} {
		es := append(lineTrace(Searched, 5, false, "a", "x"), Event{Kind: SearchEnd, Depth: 4, Score: 5, Move: c.move})
		es[3].Depth = 0 // x is a leaf at the horizon: the line a x is whole to ply 2
		r := runRules(Header{}, nil, es)
		if !slices.Equal(rules(r.violations), c.want) {
			t.Errorf("move %s: violations %v; want %v", c.move, r.violations, c.want)
		}
	}
}

// The same stale line written three times (root-pv, iteration-end, search-end)
// is one finding of each kind, not three.
func TestEngineLineJudgedOnce(t *testing.T) {
	g := fakeGame{illegal: map[string]string{"a x|y": "Black is in check"}}
	es := lineTrace(TTCut, 5, false, "a", "x", "y")
	es[len(es)-1].PV = []string{"a", "x", "y"} // the iteration-end's line
	es = append(es, Event{Kind: SearchEnd, Depth: 4, Score: 5, PV: []string{"a", "x", "y"}, Move: "a"})
	r := runRules(Header{}, g, es)
	if !slices.Equal(rules(r.violations), []string{"engine-pv", "engine-pv"}) || len(r.warnings) != 0 {
		t.Errorf("violations %v, warnings %v; want two engine-pv (y illegal, past the table's answer)", r.violations, r.warnings)
	}
}

// A fail-hard node that fails low returns its alpha whatever its moves gave:
// a's node (window (-1, 0)) searches x and y, each exiting 1, exactly their
// beta (a fail high at their own node, a bound), and returns -1. The root
// (0, 1) takes 1 >= 1 from a. With meta.bounds fail-hard neither x nor y is
// a's best, so the line is a. Without it pvscope cannot tell these bounds
// from a fail-soft value at the window's edge (an MTD driver's line ends on
// one) and follows the last, y, as a fail-soft engine would: a y.
func TestFailHardBoundEndsNoLine(t *testing.T) {
	events := []Event{
		en(1, 0, "", 0, 1, 2),
		en(2, 1, "a", -1, 0, 1),
		en(3, 2, "x", 0, 1, 0), ex(3, 1),
		en(4, 2, "y", 0, 1, 0), ex(4, 1),
		ex(2, -1),
		ex(1, 1),
	}
	for _, c := range []struct {
		bounds string
		line   []string
	}{{"fail-hard", []string{"a"}}, {"", []string{"a", "y"}}} {
		r := runRules(meta("bounds", c.bounds), nil, events)
		if len(r.violations) != 0 {
			t.Errorf("bounds %q: violations %v; want none", c.bounds, r.violations)
		}
		// A root on (0, 1) is a bound search: a short line of its is root-bound's (issue 38).
		if it := r.diag.Iterations; len(it) != 1 || !slices.Equal(it[0].PV, c.line) || it[0].Short && it[0].End != (PVEnd{Node: 2, Ply: 1, Reason: RootBound}) {
			t.Errorf("bounds %q: iterations %+v; want the line %v (when short, ending at a's node)", c.bounds, it, c.line)
		}
	}
}

// walkGame is a LineGame that counts its calls: the checker must judge an engine line in one
// walk, not a replay per move (a file's 100,000-move line hung the server for half an hour).
type walkGame struct {
	fakeGame
	walks, legals int
	badAt         int
}

func (g *walkGame) Legal(line []string, move string) (bool, string) { g.legals++; return true, "" }
func (g *walkGame) FirstIllegal(line []string) (int, string) {
	g.walks++
	if g.badAt < len(line) {
		return g.badAt, "no piece there"
	}
	return -1, ""
}

func TestLongEngineLineIsJudgedInOneWalk(t *testing.T) {
	line := []string{"a", "x"}
	for i := 0; len(line) < 100000; i++ {
		line = append(line, "m"+strconv.Itoa(i))
	}
	g := &walkGame{fakeGame: fakeGame{}, badAt: 50000}
	r := runRules(Header{}, g, lineTrace(Searched, 5, false, line...))
	if g.walks != 1 || g.legals != 0 {
		t.Errorf("the 100,000-move line took %d walks and %d one-move questions; want one walk", g.walks, g.legals)
	}
	i := slices.IndexFunc(r.violations, func(v *Violation) bool { return v.Rule == "engine-pv" && strings.Contains(v.Problem, "at ply 50001") })
	if i < 0 {
		t.Fatalf("violations %v; want engine-pv at ply 50001", r.violations)
	}
	if p := r.violations[i].Problem; len(p) > 400 || !strings.Contains(p, "(100000 moves)") {
		t.Errorf("the sentence quotes the whole line (%d bytes): %.200s", len(p), p)
	}
}

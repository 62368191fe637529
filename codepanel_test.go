package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/pvscope/pvscope/engine"
	"github.com/pvscope/pvscope/tracer"
)

// The code panel's contract (issue 29): the Python text the page shows runs as a whole program
// once TREE is defined, and what the page highlights at each event, a line and the variables of
// its node, is what that program does. The page's side is the panel's own modules (codetext.js,
// codemap.js) run under node over the engine's trace (static/js/test/codedump.mjs); the other
// side is Python itself, traced line by line with sys.settrace (codeTraceHarness below). Neither
// side's numbers come from the other: the program computes its own values, and the harness
// checks the page's (line, vars) in order against what it executed. The game texts run through
// the same harness (codepanel_game_test.go), with a game written in Python in place of TREE.

// codeTraceHarness runs the text (argv[1]) on the tree (argv[2], an s-expression it parses
// itself; or "@FILE", a Python file run first, which defines what the text calls: a game's
// POSITION, DEPTH and functions) with a line tracer, then finds the page's highlights (argv[3],
// JSON) in order in what ran. A highlight matches a traced step at its line whose variables hold
// its values: after the line ran for a window narrowing (pv-update), before it otherwise; an
// enter matches the call of the function, the search's start and end the program's last line,
// an iteration's events (a game text's) its loop's line, the same run for the end of one and
// the start of the next. It prints {"value", "leaves", "nodes", "missing"}: the program's root
// value, the leaves its leaf lines returned, the calls of its node function (every function but
// search) and the first highlight not found (null when all were).
const codeTraceHarness = `
import bisect, json, math, sys, io, contextlib

text, tree_src, hl_path = sys.argv[1], sys.argv[2], sys.argv[3]
src = open(text).read()

def parse(s):
    toks = s.replace("(", " ( ").replace(")", " ) ").split()
    def read(k):
        if toks[k] == "(":
            out, k = [], k + 1
            while toks[k] != ")":
                x, k = read(k)
                out.append(x)
            return out, k + 1
        return int(toks[k]), k + 1
    return read(0)[0]

def num(v):
    if v == "Infinity": return math.inf
    if v == "-Infinity": return -math.inf
    return v

recs = []      # [event, lineno, frame-is-module, locals before, locals after, when after, function]
last = {}      # frame -> its latest record
def snap(f):
    return {k: v for k, v in f.f_locals.items() if isinstance(v, (int, float)) and not isinstance(v, bool)}
def tracer(f, ev, arg):
    if f.f_code.co_filename != "<code>":
        return None  # the game's own functions (argv[2]'s file) are not the text
    s = snap(f)
    prev = last.get(f)
    if prev is not None and prev[4] is None:
        prev[4], prev[5] = s, len(recs)
    r = [ev, f.f_lineno, f.f_code.co_name == "<module>", s, s if ev == "return" else None, len(recs), f.f_code.co_name]
    recs.append(r)
    last[f] = r
    return tracer

out = io.StringIO()
code = compile(src, "<code>", "exec")
sys.settrace(tracer)
env = {"__name__": "__main__"}
if tree_src.startswith("@"):
    exec(compile(open(tree_src[1:]).read(), "<game>", "exec"), env)
else:
    env["TREE"] = parse(tree_src)
with contextlib.redirect_stdout(out):
    exec(code, env)
sys.settrace(None)
value = float(out.getvalue().strip())

lines = src.split("\n")
leaf_lines = {i + 1 for i, l in enumerate(lines) if l.strip() in ("return node", "return color * node")}
leaves = [r[3]["node"] for r in recs if r[0] == "line" and r[1] in leaf_lines]
nodes = sum(1 for r in recs if r[0] == "call" and r[6] not in ("<module>", "search"))

# The records of each (line, module-level?) pair, in order: a highlight looks only at its line's.
byline = {}
for k, r in enumerate(recs):
    byline.setdefault((r[1], r[2]), []).append(k)

hl = json.load(open(hl_path))
j, missing = 0, None
for n, h in enumerate(hl):
    if h is None or not h["line"]:
        continue
    want = {k: num(v) for k, v in h["vars"].items()}
    outer = h["tag"] == "call"
    start = max(j - 1, 0) if outer or h["tag"] == "iteration" else j
    found = None
    # A window narrowing is seen once its line has run: at the frame's next step, which for a
    # line that calls the child comes after the child's own steps.
    narrowing = h["tag"] == "pv-update"
    ks = byline.get((h["line"], outer), [])
    for k in (ks if narrowing else ks[bisect.bisect_left(ks, start):]):
        ev, line, mod, before, after, at, _ = recs[k]
        if narrowing and at < start:
            continue
        if h["tag"] == "enter" and ev != "call":
            continue
        if h["tag"] != "enter" and ev == "call":
            continue
        have = (after or before) if narrowing else before
        if all(k2 in have and have[k2] == v for k2, v in want.items()):
            if not narrowing:
                found = k
                break
            if found is None or at < found:
                found = at  # the earliest: an ancestor's line with the same values ends later
    if found is None:
        missing = {"index": n, "highlight": h, "from": j}
        break
    j = found + 1
print(json.dumps({"value": value, "leaves": leaves, "nodes": nodes, "missing": missing}))
`

// needTool returns the path of a program the test needs: a failure in CI or under
// PVSCOPE_REQUIRE_BROWSER=1 (.ci/run installs it), a skip on a developer's machine without it.
func needTool(t *testing.T, name string) string {
	t.Helper()
	p, err := lookTool(name)
	if err == nil {
		return p
	}
	if os.Getenv("CI") == "true" || os.Getenv("PVSCOPE_REQUIRE_BROWSER") == "1" {
		t.Fatalf("%s is needed to check the code panel's Python (.ci/run installs it): %v", name, err)
	}
	t.Skipf("no %s on this machine: set PVSCOPE_REQUIRE_BROWSER=1 to fail instead", name)
	return ""
}

type codeCase struct {
	name   string
	tree   *engine.Tree
	algo   engine.Algorithm
	strict bool
}

func TestCodePanelPythonRunsAsShown(t *testing.T) {
	python := needTool(t, "python3")
	node := needTool(t, "node")
	parse := func(s string) *engine.Tree {
		tr, err := engine.ParseTree(s)
		if err != nil {
			t.Fatal(err)
		}
		return tr
	}
	trees := map[string]*engine.Tree{
		"aima":      parse("((3 12 8) (2 4 6) (14 5 2))"),
		"wikipedia": parse("((((5 6) (7 4 5)) ((3))) (((6) (6 9)) ((7))) (((5)) ((9 8) (6))))"),
		// Ties on the bounds, where prune=strict and the default part ways.
		"ties-2": parse("((5 6) (5 4) (6 5))"),
		"ties-3": parse("(((3 5) (5 1)) ((5 5) (2 9)) ((6 5) (5 7)))"),
	}
	for seed := 1; seed <= 6; seed++ {
		spec, err := engine.ParseTreeSpec(fmt.Sprintf("b=3,d=4,seed=%d,order=random", seed))
		if err != nil {
			t.Fatal(err)
		}
		tr, err := engine.Generate(spec)
		if err != nil {
			t.Fatal(err)
		}
		trees[fmt.Sprintf("random-%d", seed)] = tr
	}
	var cases []codeCase
	for name, tr := range trees {
		for _, a := range []engine.Algorithm{engine.Minimax, engine.AlphaBeta, engine.PVS} {
			cases = append(cases, codeCase{name, tr, a, false})
		}
		cases = append(cases, codeCase{name, tr, engine.AlphaBeta, true})
	}
	dir := t.TempDir()
	for _, c := range cases {
		for _, form := range []string{"maxmin", "negamax"} {
			algo := map[engine.Algorithm]string{engine.Minimax: "minimax", engine.AlphaBeta: "alphabeta", engine.PVS: "pvs"}[c.algo]
			name := fmt.Sprintf("%s/%s/%s/strict=%v", c.name, algo, form, c.strict)
			t.Run(name, func(t *testing.T) {
				events, file := codeTrace(t, dir, c)
				strict := "0"
				if c.strict {
					strict = "1"
				}
				dump, err := exec.Command(node, filepath.Join("static", "js", "test", "codedump.mjs"), file, algo, form, "python", strict).Output()
				if err != nil {
					t.Fatalf("codedump: %v", err)
				}
				var page struct {
					Text       string            `json:"text"`
					Highlights []json.RawMessage `json:"highlights"`
				}
				if err := json.Unmarshal(dump, &page); err != nil {
					t.Fatal(err)
				}
				if len(page.Highlights) != len(events) {
					t.Fatalf("%d highlights for %d events", len(page.Highlights), len(events))
				}
				textFile := filepath.Join(dir, "code.py")
				hlFile := filepath.Join(dir, "hl.json")
				if err := os.WriteFile(textFile, []byte(page.Text), 0o644); err != nil {
					t.Fatal(err)
				}
				hl, _ := json.Marshal(page.Highlights)
				if err := os.WriteFile(hlFile, hl, 0o644); err != nil {
					t.Fatal(err)
				}
				outB, err := exec.Command(python, "-c", codeTraceHarness, textFile, c.tree.String(), hlFile).Output()
				if err != nil {
					t.Fatalf("python: %v", err)
				}
				var got struct {
					Value   float64         `json:"value"`
					Leaves  []float64       `json:"leaves"`
					Missing json.RawMessage `json:"missing"`
				}
				if err := json.Unmarshal(outB, &got); err != nil {
					t.Fatalf("%v: %s", err, outB)
				}
				if string(got.Missing) != "null" {
					t.Errorf("a highlight is not in what the program ran: %s", got.Missing)
				}
				wantValue, wantLeaves := engineOutcome(events)
				if got.Value != float64(wantValue) {
					t.Errorf("the program returns %v, the page's root value is %d", got.Value, wantValue)
				}
				if fmt.Sprint(got.Leaves) != fmt.Sprint(wantLeaves) {
					t.Errorf("the program reads leaves %v, the page %v", got.Leaves, wantLeaves)
				}
			})
		}
	}
}

// codeTrace searches c's tree as the page does (the tree's defaults, the algorithm, prune=strict)
// and writes its JSONL trace into dir.
func codeTrace(t *testing.T, dir string, c codeCase) ([]tracer.Event, string) {
	t.Helper()
	var buf bytes.Buffer
	w, err := tracer.NewWriter(&buf, tracer.Header{Meta: map[string]string{"tree": c.tree.String()}})
	if err != nil {
		t.Fatal(err)
	}
	opt := engine.TreeDefaults(c.tree)
	opt.Algorithm = c.algo
	opt.PruneStrict = c.strict
	if _, err := engine.Search(context.Background(), engine.NewTreePosition(c.tree), opt, w); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	_, events, err := tracer.ReadAll(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "trace.jsonl")
	if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return events, file
}

// engineOutcome is the page's root value and its leaves in the order read (from the root
// player's side, as TREE holds them), from the trace's events.
func engineOutcome(events []tracer.Event) (int32, []float64) {
	var value int32
	var leaves []float64
	ply := map[int32]int32{}
	for _, e := range events {
		switch e.Kind {
		case tracer.Enter:
			ply[e.Node] = e.Ply
		case tracer.Exit:
			if e.End == tracer.Leaf {
				v := e.Score
				if ply[e.Node]%2 == 1 {
					v = -v
				}
				leaves = append(leaves, float64(v))
			}
		case tracer.SearchEnd:
			value = e.Score
		}
	}
	return value, leaves
}

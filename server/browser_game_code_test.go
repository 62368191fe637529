package server

import (
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
)

// The code panel on a game's search (issue 43): the text is the algorithm calling the game's
// functions, and stepping through every event of a tic-tac-toe search lights, at each step, the
// line that makes that event. What each event's line must say is written here from the
// algorithm (the function's header for an enter, the evaluation for a leaf, the outcome for a
// finished game, the table's lines, the null-window call for a probe, ...), and checked against
// the text the page shows at that step; in English and in French, whose comments differ and
// whose code stays.

// gameCodeLines are, per event (its kind, or "exit:" and its end), the text of the line that
// makes it, in the pseudo-code or the Python.
var gameCodeLines = map[string]*regexp.Regexp{
	"search":    regexp.MustCompile(`^(function SEARCH\(position, maxDepth\)|print\(search\(POSITION, DEPTH\)\))`),
	"iteration": regexp.MustCompile(`^for depth (← 1 to maxDepth do|in range\(1, max_depth \+ 1\):)`),
	"enter":     regexp.MustCompile(`^(function (PVS|MAX-VALUE|MIN-VALUE)\(position, depth, α, β, ply\)|def (pvs|max_value|min_value)\(position, depth, alpha, beta, ply\):)`),
	"exit:eval": regexp.MustCompile(`^(if depth = 0 then return −?EVALUATE\(position\)|return -?evaluate\(position\))`),
	"exit:over": regexp.MustCompile(`^(if IS-OVER\(position\) then return −?OUTCOME\(position\) × \(WIN − ply\)|return -?outcome\(position\) \* \(WIN - ply\))`),
	"exit":      regexp.MustCompile(`^return (value|v)$`),
	"tt-probe":  regexp.MustCompile(`^entry ← TABLE\[KEY\(position\)\]`),
	"tt-cutoff": regexp.MustCompile(`^if entry is deep enough and settles \(α, β\) then return entry\.value`),
	"tt-store":  regexp.MustCompile(`^TABLE\[KEY\(position\)\] ← \((value|v), depth, bound, best move\)`),
	"probe": regexp.MustCompile(`^score (← −PVS\(position, depth − 1, −α − 1, −α, ply \+ 1\)|= -pvs\(position, depth - 1, -alpha - 1, -alpha, ply \+ 1\)|` +
		`← (MIN-VALUE\(position, depth − 1, α, α \+ 1|MAX-VALUE\(position, depth − 1, β − 1, β), ply \+ 1\)|` +
		`= (min_value\(position, depth - 1, alpha, alpha \+ 1|max_value\(position, depth - 1, beta - 1, beta), ply \+ 1\))`),
	"fail": regexp.MustCompile(`^if (α < score < β then|alpha < score < beta:)$`),
	// The re-search is the line under the probe's test (checkGameCodeSteps), which searches again with the whole window.
	"re-search": regexp.MustCompile(`^score (← −PVS\(position, depth − 1, −β, −α, ply \+ 1\)|= -pvs\(position, depth - 1, -beta, -alpha, ply \+ 1\)|` +
		`← (MIN|MAX)-VALUE\(position, depth − 1, α, β, ply \+ 1\)|= (min|max)_value\(position, depth - 1, alpha, beta, ply \+ 1\))`),
	"cutoff":    regexp.MustCompile(`^break\b`),
	"pv-update": regexp.MustCompile(`^(α ← MAX\(α, value\)|alpha = max\(alpha, value\)|α ← MAX\(α, v\)|β ← MIN\(β, v\)|alpha = max\(alpha, v\)|beta = min\(beta, v\))$`),
}

// gameCodeLineOf is the key in gameCodeLines of an event's line.
func gameCodeLineOf(kind, end string) string {
	switch kind {
	case "search-start", "search-end":
		return "search"
	case "iteration-start", "iteration-end", "aspiration-fail", "root-pv", "pv-line", "pv-cut":
		return "iteration"
	case "tt-hit":
		return "tt-probe"
	case "fail-low", "fail-high":
		return "fail"
	case "exit":
		switch end {
		case "eval":
			return "exit:eval"
		case "win", "loss", "draw": // the game is over: the side to move has won, lost or drawn
			return "exit:over"
		case "tt-cutoff":
			return "tt-cutoff"
		}
	}
	return kind
}

type gameCodeStep struct {
	Kind    string            `json:"kind"`
	End     string            `json:"end"`
	Line    int               `json:"line"`
	Text    string            `json:"text"`
	Running int               `json:"running"` // the line drawn as running
	Ply     int               `json:"ply"`     // an enter's ply (-1 for other events)
	Vars    map[string]string `json:"vars"`
}

// stepGameCode steps through every event of the search on the page and reads, at each step, the
// snapshot's line, its text and the line drawn as running.
func stepGameCode(p *page) []gameCodeStep {
	p.t.Helper()
	var steps []gameCodeStep
	p.await(`(async () => {
		const api = window.pvscope, n = api.snapshot().eventCount, out = [];
		let shown = null, text = [];
		for (let k = 1; k <= n; k++) {
			const s = api.seek(k), e = api.trace.event(k - 1), c = s.code;
			await api.settled();
			const now = api.code(c.lang).text;
			if (now !== shown) { shown = now; text = now.split("\n"); } // the text as shown at this step
			const li = document.querySelector('[data-testid="code-lines"] li.running');
			const vars = {}; for (const [name, v] of Object.entries(c.vars)) vars[name] = String(v);
			out.push({ kind: e.kind, end: e.end || "", line: c.line, text: c.line ? text[c.line - 1].trim() : "", running: li ? +li.dataset.line : 0, ply: e.kind === "enter" ? e.ply : -1, vars });
		}
		return out;
	})()`, &steps)
	return steps
}

// checkGameCodeSteps checks each step's line against the event's, and that every kind the search
// made was seen; it returns the kinds seen.
func checkGameCodeSteps(t *testing.T, steps []gameCodeStep, maxmin bool) []string {
	t.Helper()
	seen := map[string]bool{}
	fail := 0 // the line of the last probe's test
	for k, s := range steps {
		key := gameCodeLineOf(s.Kind, s.End)
		seen[key] = true
		re := gameCodeLines[key]
		switch {
		case re == nil:
			t.Errorf("step %d: the search made a %s event (end %q) this test knows no line for", k+1, s.Kind, s.End)
		case s.Line == 0:
			t.Errorf("step %d: %s (end %q) lights no line", k+1, s.Kind, s.End)
		case !re.MatchString(s.Text):
			t.Errorf("step %d: %s (end %q) lights line %d, %q; want %v", k+1, s.Kind, s.End, s.Line, s.Text, re)
		case s.Running != s.Line:
			t.Errorf("step %d: the panel draws line %d as running, the snapshot says %d", k+1, s.Running, s.Line)
		case key == "re-search" && s.Line != fail+1:
			t.Errorf("step %d: the re-search lights line %d, not the one under the probe's test (%d)", k+1, s.Line, fail)
		case maxmin && s.Kind == "enter" && strings.Contains(strings.ToLower(s.Text), "max") != (s.Ply%2 == 0):
			t.Errorf("step %d: a node at ply %d enters at %q; want MAX-VALUE at even plies, MIN-VALUE at odd", k+1, s.Ply, s.Text)
		}
		if key == "fail" {
			fail = s.Line
		}
		// A node's watch names its depth and ply, as the game's text passes them.
		if s.Kind == "enter" && (s.Vars["depth"] == "" || s.Vars["ply"] == "") {
			t.Errorf("step %d: an enter's watch %v has no depth and ply", k+1, s.Vars)
		}
	}
	var kinds []string
	for k := range seen {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	return kinds
}

func TestBrowserGameCodePanelFollowsTheSearch(t *testing.T) {
	p := newPage(t, 1366, 768)
	// o to move after b2 a1 c3 a3 a2: c2 blocks x's row; depth 5 reaches the end of the game, with
	// the page's game defaults (PVS, iterative deepening, the table).
	game := url.Values{"game": {"tictactoe"}, "position": {"b2 a1 c3 a3 a2"}, "algo": {"pvs"}, "depth": {"5"}}
	cases := []struct {
		name, query, lang, title, comment string
		maxmin                            bool
		want                              []string // lines the search must light at least once
	}{
		{"English pseudo-code", "code=pseudo", "pseudo", "PVS · negamax, calling the game's functions", "// the table, by the position's key", false,
			[]string{"enter", "exit", "exit:eval", "exit:over", "tt-probe", "tt-cutoff", "tt-store", "probe", "fail", "re-search", "cutoff", "pv-update", "iteration", "search"}},
		{"English Python without the table", "code=python&tt=false", "python", "PVS · negamax, calling the game's functions", "# the game's evaluation, from the side to move", false,
			[]string{"enter", "exit", "exit:eval", "exit:over", "probe", "fail", "cutoff", "pv-update", "iteration", "search"}},
		{"French pseudo-code", "code=pseudo&lang=fr", "pseudo", "PVS · négamax, avec les fonctions du jeu", "// la table, par la clé de la position", false,
			[]string{"enter", "exit", "exit:eval", "exit:over", "tt-probe", "tt-store", "probe", "fail", "cutoff", "pv-update", "iteration", "search"}},
		{"French Python without the table", "code=python&tt=false&lang=fr", "python", "PVS · négamax, avec les fonctions du jeu", "# l'évaluation du jeu, du côté du joueur au trait", false,
			[]string{"enter", "exit", "exit:eval", "exit:over", "probe", "fail", "pv-update", "iteration", "search"}},
		// The root view: MAX-VALUE and MIN-VALUE, the numbers from the root player's side.
		{"English MAX/MIN pseudo-code", "code=pseudo&view=root", "pseudo", "PVS · MAX/MIN, calling the game's functions", "// the table, by the position's key", true,
			[]string{"enter", "exit", "exit:eval", "exit:over", "tt-probe", "tt-store", "probe", "fail", "re-search", "cutoff", "pv-update", "iteration", "search"}},
		{"French MAX/MIN Python without the table", "code=python&tt=false&view=root&lang=fr", "python", "PVS · MAX/MIN, avec les fonctions du jeu", "# l'évaluation du jeu, du côté du joueur au trait", true,
			[]string{"enter", "exit", "exit:eval", "exit:over", "probe", "fail", "pv-update", "iteration", "search"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p.t = t
			p.open("/?" + game.Encode() + "&" + c.query)
			p.click("start-button")
			p.finished() // the whole search arrived; playback paused
			p.waitFor(`!!window.pvscope.snapshot().code`)
			code := evalJS[map[string]any](p, fmt.Sprintf(`window.pvscope.code(%q)`, c.lang))
			form := map[bool]string{false: "game", true: "game-maxmin"}[c.maxmin]
			if code["algo"] != "pvs" || code["form"] != form || code["lang"] != c.lang {
				t.Fatalf("code(%s) = %v/%v/%v; want PVS's game text", c.lang, code["algo"], code["form"], code["lang"])
			}
			text := code["text"].(string)
			if strings.Contains(text, "TREE") || strings.Contains(text, "color") {
				t.Errorf("a game's text speaks of a teaching tree:\n%s", text)
			}
			if !strings.Contains(text, c.comment) {
				t.Errorf("the text has no comment %q:\n%s", c.comment, text)
			}
			if got := p.text("code-title"); got != c.title {
				t.Errorf("the panel's title is %q; want %q", got, c.title)
			}
			steps := stepGameCode(p)
			if len(steps) < 100 {
				t.Fatalf("%d steps; want a whole search", len(steps))
			}
			seen := checkGameCodeSteps(t, steps, c.maxmin)
			for _, w := range c.want {
				if !slices.Contains(seen, w) {
					t.Errorf("no event lit the %s line (lines lit: %v)", w, seen)
				}
			}
			t.Logf("%s: %d steps, lines lit %v", c.name, len(steps), seen)
		})
	}
	// Python with the table on: the table's events have no line in it, and the panel says so.
	p.t = t
	p.open("/?" + game.Encode() + "&code=python")
	p.click("start-button")
	p.finished() // the whole search arrived; playback paused
	p.waitFor(`!!window.pvscope.snapshot().code`)
	if note := p.text("code-note"); !strings.Contains(note, "no transposition table") {
		t.Errorf("Python with the table on: the note says %q; want it to say the Python has no table", note)
	}
}

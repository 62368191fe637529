package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// Issue 41: the table rules, each on a hand-made trace that breaks it and
// a clean twin; the hit-to-store links against an independent walk.

const ttHeader = `{"format":"pvscope-trace","version":1}`

// ttTrace is a trace of a root with two children: a (node 2) whose child b
// (node 3, ply 2) stores; then c (node 4, ply 1), which a table hit
// answers. store and hit are the two events (node ids filled), scores the
// exits of b and c.
func ttTrace(header, store, hit string, bScore, cScore int) []string {
	return []string{
		header,
		`{"seq":1,"kind":"enter","node":1,"parent":0,"alpha":-32000,"beta":32000,"depth":3}`,
		`{"seq":2,"kind":"enter","node":2,"parent":1,"move":"a","alpha":-32000,"beta":32000,"depth":2}`,
		`{"seq":3,"kind":"enter","node":3,"parent":2,"move":"b","alpha":-32000,"beta":32000,"depth":1}`,
		`{"seq":4,"kind":"tt-probe","node":3,"key":"a1"}`,
		strings.Replace(store, "{", `{"seq":5,"kind":"tt-store","node":3,`, 1),
		jsonExit(6, 3, bScore, ""),
		jsonExit(7, 2, -bScore, ""),
		`{"seq":8,"kind":"enter","node":4,"parent":1,"move":"c","alpha":-32000,"beta":` + itoa(bScore) + `,"depth":1}`,
		`{"seq":9,"kind":"tt-probe","node":4,"key":"a1"}`,
		strings.Replace(hit, "{", `{"seq":10,"kind":"tt-hit","node":4,`, 1),
		jsonExit(11, 4, cScore, "tt-cutoff"),
		jsonExit(12, 1, max(bScore, -cScore), ""),
	}
}

func jsonExit(seq, node, score int, end string) string {
	s := `{"seq":` + itoa(seq) + `,"kind":"exit","node":` + itoa(node) + `,"score":` + itoa(score)
	if end != "" {
		s += `,"end":"` + end + `"`
	}
	return s + "}"
}

// rulesOf is the rules of rep's violations and warnings, and their first message.
func rulesOf(rep checkReport) (map[string]int, string) {
	first := ""
	for _, v := range append(rep.Violations, rep.Warnings...) {
		if first == "" && strings.HasPrefix(v.Rule, "tt-") {
			first = v.Message
		}
	}
	return rep.RuleCounts, first
}

func TestTTMatePly(t *testing.T) {
	// b at ply 2 stores a mate 10 plies from the root (29990 under the
	// default mate 30000); c at ply 1 reads it: the mate lies one ply
	// nearer c's own parent, 29990 - (1 - 2) = 29991, the score c uses
	// being its own side's: the entry stored for b is for the side to move
	// at b, and c's side to move is the same side in this toy tree (the
	// rule compares scores as the store and the hit give them).
	cases := []struct {
		name, store, hit string
		read             int
		want             string // "" clean, else a word of the message
	}{
		{"clean", `{"depth":1,"score":29990,"bound":"exact","key":"a1"}`, `{"depth":1,"score":29991,"bound":"exact","key":"a1"}`, 29991, ""},
		{"clean raw", `{"depth":1,"score":29990,"raw":29992,"bound":"exact","key":"a1"}`, `{"depth":1,"score":29991,"raw":29992,"bound":"exact","key":"a1"}`, 29991, ""},
		{"unmoved", `{"depth":1,"score":29990,"bound":"exact","key":"a1"}`, `{"depth":1,"score":29990,"bound":"exact","key":"A1"}`, 29990, "gives no raw"},
		{"store not adjusted", `{"depth":1,"score":29990,"raw":29990,"bound":"exact","key":"a1"}`, `{"depth":1,"score":29989,"raw":29990,"bound":"exact","key":"a1"}`, 29989, "the store did not adjust"},
		{"probe not adjusted", `{"depth":1,"score":29990,"raw":29992,"bound":"exact","key":"a1"}`, `{"depth":1,"score":29992,"raw":29992,"bound":"exact","key":"a1"}`, 29992, "the probe did not adjust"},
		{"changed", `{"depth":1,"score":29990,"raw":29992,"bound":"exact","key":"a1"}`, `{"depth":1,"score":29991,"raw":29000,"bound":"exact","key":"a1"}`, 29991, "changed in the table"},
		{"no key", `{"depth":1,"score":29990,"bound":"exact"}`, `{"depth":1,"score":29990,"bound":"exact"}`, 29990, ""},
	}
	for _, c := range cases {
		rep, _ := checkJSON(t, ttTrace(ttHeader, c.store, c.hit, 29990, c.read))
		counts, first := rulesOf(rep)
		switch {
		case c.want == "" && counts["tt-mate-ply"] != 0:
			t.Errorf("%s: tt-mate-ply on a clean trace: %s", c.name, first)
		case c.want != "" && (counts["tt-mate-ply"] != 1 || !strings.Contains(first, c.want)):
			t.Errorf("%s: rules %v, first %q; want one tt-mate-ply saying %q", c.name, counts, first, c.want)
		}
	}
}

func TestTTBound(t *testing.T) {
	// b's window is the full one: exact is right for any finite score. A
	// lower bound needs b to fail high, which no score does in (-32000, 32000).
	cases := []struct{ name, store, want string }{
		{"exact inside", `{"depth":1,"score":40,"bound":"exact","key":"a1"}`, ""},
		{"lower without failing high", `{"depth":1,"score":40,"bound":"lower","key":"a1"}`, "did not fail high"},
		{"upper without failing low", `{"depth":1,"score":40,"bound":"upper","key":"a1"}`, "did not fail low"},
	}
	for _, c := range cases {
		rep, _ := checkJSON(t, ttTrace(ttHeader, c.store, `{"depth":1,"score":-40,"bound":"exact","key":"b2"}`, 40, -40))
		counts, first := rulesOf(rep)
		if c.want == "" && counts["tt-bound"] != 0 || c.want != "" && (counts["tt-bound"] != 1 || !strings.Contains(first, c.want)) {
			t.Errorf("%s: rules %v, first %q; want tt-bound %q", c.name, counts, first, c.want)
		}
	}
	// An exact entry from a fail-low: b searched with (0, 50) scores -10.
	lines := ttTrace(ttHeader, `{"depth":1,"score":-10,"bound":"exact","key":"a1"}`, `{"depth":1,"score":-10,"bound":"exact","key":"b2"}`, -10, -10)
	lines[3] = strings.Replace(lines[3], `"alpha":-32000,"beta":32000`, `"alpha":0,"beta":50`, 1)
	lines[2] = strings.Replace(lines[2], `"alpha":-32000,"beta":32000`, `"alpha":-50,"beta":0`, 1)
	rep, _ := checkJSON(t, lines)
	if counts, first := rulesOf(rep); counts["tt-bound"] != 1 || !strings.Contains(first, "stored -10 as exact") {
		t.Errorf("exact from a fail-low: rules %v, first %q", counts, first)
	}
	lines[5] = strings.Replace(lines[5], `"bound":"exact"`, `"bound":"upper"`, 1)
	if rep, _ := checkJSON(t, lines); rep.RuleCounts["tt-bound"] != 0 {
		t.Errorf("upper from a fail-low: %v %+v", rep.RuleCounts, rep.Violations)
	}
}

func TestTTDepthLinked(t *testing.T) {
	// c (depth 1) is answered by the hit of depth 0: the store says depth 1 (clean),
	// or 0 with c of depth 1... c's depth is raised to 2 to break it.
	clean := ttTrace(ttHeader, `{"depth":1,"score":40,"bound":"exact","key":"a1"}`, `{"depth":0,"score":-40,"bound":"exact","key":"a1"}`, 40, -40)
	if rep, _ := checkJSON(t, clean); rep.RuleCounts["tt-depth"] != 0 {
		t.Errorf("clean: %v %+v", rep.RuleCounts, rep.Violations)
	}
	deep := append([]string(nil), clean...)
	deep[8] = strings.Replace(deep[8], `"depth":1`, `"depth":2`, 1)
	rep, _ := checkJSON(t, deep)
	if rep.RuleCounts["tt-depth"] != 1 {
		t.Errorf("a depth-2 node answered by the depth-1 store its hit links to: %v %+v", rep.RuleCounts, rep.Violations)
	}
	// Without the key the hit's depth 0 is "not given": not judged.
	nokey := append([]string(nil), deep...)
	nokey[10] = strings.Replace(nokey[10], `,"key":"a1"`, "", 1)
	if rep, _ := checkJSON(t, nokey); rep.RuleCounts["tt-depth"] != 0 {
		t.Errorf("no key: %v", rep.RuleCounts)
	}
}

func TestTTDraw(t *testing.T) {
	// b's child d ends in a repetition (0); b takes 0 and stores it; c, on
	// another path, reads it.
	lines := ttTrace(ttHeader, `{"depth":1,"score":0,"bound":"exact","key":"a1"}`, `{"depth":1,"score":0,"bound":"exact","key":"a1"}`, 0, 0)
	withDraw := append([]string(nil), lines[:5]...)
	withDraw = append(withDraw, `{"seq":4.5}`)[:5]
	withDraw = append(withDraw, `{"seq":41,"kind":"enter","node":5,"parent":3,"move":"d","alpha":-32000,"beta":32000,"depth":0}`, `{"seq":42,"kind":"exit","node":5,"score":0,"end":"repetition"}`)
	for i := range withDraw {
		withDraw[i] = strings.Replace(withDraw[i], `"seq":4,"kind":"tt-probe"`, `"seq":40,"kind":"tt-probe"`, 1)
	}
	withDraw = append(withDraw, renumber(lines[5:], 43)...)
	rep, _ := checkJSON(t, withDraw)
	if rep.RuleCounts["tt-draw"] != 1 {
		t.Errorf("a repetition's draw stored and read elsewhere: %v %+v %+v", rep.RuleCounts, rep.Violations, rep.Warnings)
	}
	// The same without the repetition: d ends on its evaluation.
	for i := range withDraw {
		withDraw[i] = strings.Replace(withDraw[i], `"end":"repetition"`, `"end":"eval"`, 1)
	}
	if rep, _ := checkJSON(t, withDraw); rep.RuleCounts["tt-draw"] != 0 {
		t.Errorf("no repetition: %v %+v", rep.RuleCounts, rep.Warnings)
	}
}

// renumber gives lines seqs from seq on.
func renumber(lines []string, seq int) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		var m map[string]any
		json.Unmarshal([]byte(l), &m)
		old := int(m["seq"].(float64))
		out[i] = strings.Replace(l, `"seq":`+itoa(old)+",", `"seq":`+itoa(seq+i)+",", 1)
	}
	return out
}

// The links check reports are the ones an independent walk over the trace's
// lines finds: each keyed tt-hit read the last tt-store of its key (the key
// read as a number: "00A1" is "a1"), across iterations; a hit before any
// store of its key has none.
func TestTTLinksAgainstWalk(t *testing.T) {
	lines := []string{ttHeader, `{"seq":1,"kind":"search-start","depth":2}`}
	seq, node := 1, 0
	add := func(s string) { seq++; lines = append(lines, strings.Replace(s, "{", `{"seq":`+itoa(seq)+",", 1)) }
	keys := []string{"a1", "00A1", "ff", "1b", "FF"}
	for d := 1; d <= 2; d++ {
		add(`{"kind":"iteration-start","depth":` + itoa(d) + `,"alpha":-32000,"beta":32000}`)
		node++
		root := node
		add(`{"kind":"enter","node":` + itoa(root) + `,"parent":0,"alpha":-32000,"beta":32000,"depth":` + itoa(d) + `}`)
		for i := range 7 {
			node++
			key := keys[(i*3+d)%len(keys)]
			add(`{"kind":"enter","node":` + itoa(node) + `,"parent":` + itoa(root) + `,"move":"m` + itoa(i) + `","alpha":-32000,"beta":32000,"depth":` + itoa(d-1) + `}`)
			add(`{"kind":"tt-probe","node":` + itoa(node) + `,"key":"` + key + `"}`)
			if (i+d)%3 == 0 {
				add(`{"kind":"tt-hit","node":` + itoa(node) + `,"depth":5,"score":0,"bound":"exact","key":"` + key + `"}`)
				add(`{"kind":"exit","node":` + itoa(node) + `,"score":0,"end":"tt-cutoff"}`)
				continue
			}
			add(`{"kind":"tt-store","node":` + itoa(node) + `,"depth":5,"score":0,"bound":"exact","key":"` + key + `"}`)
			add(`{"kind":"exit","node":` + itoa(node) + `,"score":0}`)
		}
		add(`{"kind":"exit","node":` + itoa(root) + `,"score":0}`)
		add(`{"kind":"iteration-end","depth":` + itoa(d) + `,"score":0}`)
	}
	add(`{"kind":"search-end","depth":2,"score":0,"pv":[]}`)

	// The walk: the last store's node and path per key, as numbers.
	type store struct {
		node int
		path string
	}
	last := map[uint64]store{}
	var want []string
	var path []string
	for _, l := range lines[1:] {
		var e struct {
			Kind, Key, Move string
			Node            int
		}
		if err := json.Unmarshal([]byte(l), &e); err != nil {
			t.Fatal(err)
		}
		var k uint64
		for _, c := range strings.ToLower(e.Key) {
			k = k*16 + uint64(strings.IndexRune("0123456789abcdef", c))
		}
		switch e.Kind {
		case "enter":
			if e.Move != "" {
				path = append(path, e.Move)
			}
		case "exit":
			if len(path) > 0 && e.Node != 1 && e.Node != 9 {
				path = path[:len(path)-1]
			}
		case "tt-store":
			last[k] = store{e.Node, strings.Join(path, " ")}
		case "tt-hit":
			if s, ok := last[k]; ok {
				want = append(want, itoa(e.Node)+"<-"+itoa(s.node)+" "+s.path)
			}
		}
	}
	rep, _ := checkJSON(t, lines)
	var got []string
	for _, l := range rep.TT.Links {
		got = append(got, itoa(int(l.HitNode))+"<-"+itoa(int(l.StoreNode))+" "+strings.Join(l.StorePath, " "))
	}
	if strings.Join(got, "; ") != strings.Join(want, "; ") || len(want) < 3 || rep.TT.LinkCount != int64(len(want)) {
		t.Errorf("links %q (count %d),\nwant %q", got, rep.TT.LinkCount, want)
	}
}

// fenTrace is a search of fen along paths (each a chain of moves under the
// root), whose end nodes probe the table with keys[i]; the root probes with
// rootKey when given, and the first end node stores move.
func fenTrace(fen string, rootKey string, paths [][]string, keys []string, move string) []string {
	lines := []string{`{"format":"pvscope-trace","version":1,"meta":{"fen":"` + fen + `"}}`}
	node := 1
	lines = append(lines, `{"kind":"enter","node":1,"parent":0,"alpha":-32000,"beta":32000,"depth":9}`)
	if rootKey != "" {
		lines = append(lines, `{"kind":"tt-probe","node":1,"key":"`+rootKey+`"}`)
	}
	for i, p := range paths {
		var chain []int
		parent := 1
		for j, m := range p {
			node++
			chain = append(chain, node)
			lines = append(lines, `{"kind":"enter","node":`+itoa(node)+`,"parent":`+itoa(parent)+`,"move":"`+m+`","alpha":-32000,"beta":32000,"depth":`+itoa(8-j)+`}`)
			parent = node
		}
		lines = append(lines, `{"kind":"tt-probe","node":`+itoa(node)+`,"key":"`+keys[i]+`"}`)
		if i == 0 && move != "" {
			lines = append(lines, `{"kind":"tt-store","node":`+itoa(node)+`,"depth":1,"score":0,"bound":"exact","move":"`+move+`","key":"`+keys[i]+`"}`)
		}
		for j := len(chain) - 1; j >= 0; j-- {
			lines = append(lines, `{"kind":"exit","node":`+itoa(chain[j])+`,"score":0,"end":"eval"}`)
		}
	}
	return append(lines, `{"kind":"exit","node":1,"score":0}`)
}

func TestTTKey(t *testing.T) {
	castle := "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
	side := "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1"
	ep := "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1"
	cases := []struct {
		name, fen, rootKey string
		paths              [][]string
		keys               []string
		want               string
	}{
		// The rooks go and come back: the pieces and the side are the root's, the castling rights are gone.
		{"castling left out", castle, "c0", [][]string{{"a1b1", "a8b8", "b1a1", "b8a8"}}, []string{"c0"}, "castling rights (KQkq, Kk)"},
		{"castling in", castle, "c0", [][]string{{"a1b1", "a8b8", "b1a1", "b8a8"}}, []string{"c1"}, ""},
		// The white king walks a triangle: the root's pieces, Black to move.
		{"side left out", side, "5", [][]string{{"e1d1", "e8d8", "d1d2", "d8e8", "d2e1"}}, []string{"5"}, "side to move"},
		{"side in", side, "5", [][]string{{"e1d1", "e8d8", "d1d2", "d8e8", "d2e1"}}, []string{"6"}, ""},
		// e2e4 at once (d4 may take en passant on e3), or by e3 and a king's triangle (no en passant).
		{"en passant left out", ep, "", [][]string{{"e2e4"}, {"e2e3", "e8d8", "e1d1", "d8d7", "d1e1", "d7e8", "e3e4"}}, []string{"e4", "e4"}, "en passant square (e3, -)"},
		{"en passant in", ep, "", [][]string{{"e2e4"}, {"e2e3", "e8d8", "e1d1", "d8d7", "d1e1", "d7e8", "e3e4"}}, []string{"e4", "e5"}, ""},
		// One position by two move orders, two keys.
		{"path", castle, "", [][]string{{"a1b1", "a8b8", "b1c1", "b8c8"}, {"a1c1", "a8c8"}}, []string{"a", "b"}, "castling rights and en passant square (-) agree, so the key depends on the path"},
		{"path clean", castle, "", [][]string{{"a1b1", "a8b8", "b1c1", "b8c8"}, {"a1c1", "a8c8"}}, []string{"a", "a"}, ""},
	}
	for _, c := range cases {
		rep, _ := checkJSON(t, fenTrace(c.fen, c.rootKey, c.paths, c.keys, ""))
		counts, first := rulesOf(rep)
		if len(rep.WriterMistakes) > 0 {
			t.Errorf("%s: the test's trace is wrong: %+v", c.name, rep.WriterMistakes)
		}
		if c.want == "" && counts["tt-key"] != 0 || c.want != "" && (counts["tt-key"] != 1 || !strings.Contains(first, c.want)) {
			t.Errorf("%s: rules %v, first %q; want tt-key %q", c.name, counts, first, c.want)
		}
	}
}

func TestTTMove(t *testing.T) {
	fen := "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
	for _, c := range []struct{ move, want string }{{"e8d8", ""}, {"e8e6", "illegal"}, {"e1d1", "illegal"}} {
		rep, _ := checkJSON(t, fenTrace(fen, "", [][]string{{"a1b1"}}, []string{"1"}, c.move))
		counts, first := rulesOf(rep)
		if c.want == "" && counts["tt-move"] != 0 || c.want != "" && (counts["tt-move"] != 1 || !strings.Contains(first, c.want)) {
			t.Errorf("%s: rules %v, first %q", c.move, counts, first)
		}
	}
}

// A mate scheme meta does not know is a meta warning that names it.
func TestTTMateSchemeUnknown(t *testing.T) {
	lines := ttTrace(`{"format":"pvscope-trace","version":1,"meta":{"ttMate":"ply"}}`, `{"depth":1,"score":29990,"raw":29990,"bound":"exact","key":"a1"}`, `{"depth":1,"score":29990,"raw":29990,"bound":"exact","key":"a1"}`, 29990, 29990)
	rep, _ := checkJSON(t, lines)
	found := false
	for _, w := range rep.Warnings {
		found = found || w.Rule == "meta" && strings.Contains(w.Message, `meta.ttMate "ply" is neither "node" nor "root"`)
	}
	counts, first := rulesOf(rep)
	if !found || counts["tt-mate-ply"] != 1 || !strings.Contains(first, "mate scheme is unknown") {
		t.Errorf("warnings %+v, rules %v, first %q", rep.Warnings, counts, first)
	}
}

// An entry whose raw integer changed between store and hit, no mate involved
// (a score of 31000 held in 15 bits, say), is named by tt-mate-ply too.
func TestTTEntryChanged(t *testing.T) {
	rep, _ := checkJSON(t, ttTrace(ttHeader, `{"depth":1,"score":40,"raw":40,"bound":"exact","key":"a1"}`, `{"depth":1,"score":-24,"raw":-24,"bound":"exact","key":"a1"}`, 40, -24))
	if counts, first := rulesOf(rep); counts["tt-mate-ply"] != 1 || !strings.Contains(first, "held 40 when stored and -24 when read") {
		t.Errorf("rules %v, first %q", counts, first)
	}
}

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

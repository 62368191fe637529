package main

import (
	"bytes"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/pvscope/pvscope/tracer"
)

// The race of tracer/c/testdata/ttkeys.c (and its Python and Go twins), from
// its description: two counters, the side to move adds 1, 2 or 3 to its own;
// a side whose counter reaches raceGoal has won and the other, to move, is
// mated at that ply; at the horizon 10 points a step ahead.
const (
	raceGoal, raceMate, raceBand = 8, 1000, 100
	raceDepth                    = 9 // the engines' default
)

// raceNegamax is the race's value searched to depth, without a table.
func raceNegamax(mine, theirs, ply, depth int) int {
	if theirs >= raceGoal {
		return -(raceMate - ply)
	}
	if depth == 0 {
		return 10 * (mine - theirs)
	}
	best := -1 << 30
	for add := 1; add <= 3; add++ {
		best = max(best, -raceNegamax(theirs, mine+add, ply+1, depth-1))
	}
	return best
}

// raceLink is a hit and the store it read, found by a walk of the events
// written here: the last tt-store of the hit's key before it.
type raceLink struct {
	hit, store       tracer.Event
	hitPly, storePly int
}

func raceLinks(events []tracer.Event) []raceLink {
	type stored struct {
		e   tracer.Event
		ply int
	}
	last := map[uint64]stored{}
	var links []raceLink
	ply := -1
	for _, e := range events {
		switch e.Kind {
		case tracer.Enter:
			ply++
		case tracer.Exit:
			ply--
		case tracer.TTStore:
			last[e.Key] = stored{e, ply}
		case tracer.TTHit:
			if s, ok := last[e.Key]; ok {
				links = append(links, raceLink{e, s.e, ply, s.ply})
			}
		}
	}
	return links
}

// TestTraceKitTTKeys: each kit's reference engine with a table (C, Python,
// Go: the race above) writes keyed tt-probe, tt-hit and tt-store events
// with raw, declares meta.ttMate "node", scores the race's value (a negamax
// written here), and checks clean; the three write the same events (the Go
// kit the C kit's bytes but for the writer's name). A walk written here
// links each hit to the last store of its key: the hit reads the entry
// unchanged (raw, depth, bound), its score is raw moved to the hit's ply, and
// some mates are read at another ply than the one that stored them; check
// reports as many links. Each engine's planted fault, a mate stored without
// its ply or read without it, is named tt-mate-ply in the first violation.
func TestTraceKitTTKeys(t *testing.T) {
	dir := t.TempDir()
	cBin := filepath.Join(dir, "ttkeys")
	buildC(t, "tracer/c/testdata/ttkeys.c", cBin, "-DPVSCOPE_TRACE")
	buildC(t, "tracer/c/testdata/ttkeys.c", filepath.Join(dir, "ttkeys-off"))
	writers := []struct {
		name string
		cmd  []string
	}{
		{"C", []string{cBin}},
		{"Python", []string{requireTool(t, "python3"), "tracer/python/testdata/ttkeys.py"}},
		{"Go", []string{buildGo(t, dir, "testdata/ttkeys")}},
	}
	want := raceNegamax(0, 0, 0, raceDepth)
	if want != raceMate-5 {
		t.Fatalf("the race's value is %d: the first mover reaches 8 on its third move (3+3+2), mating at ply 5: %d", want, raceMate-5)
	}
	var first []tracer.Event
	files := map[string][]byte{}
	for _, w := range writers {
		path := runTraced(t, w.cmd)
		files[w.name] = readBytes(t, path)
		h, events := readKitTrace(t, path)
		if h.Meta["ttMate"] != "node" {
			t.Errorf("%s: meta %v, want ttMate node", w.name, h.Meta)
		}
		end := events[len(events)-1]
		if end.Kind != tracer.SearchEnd || int(end.Score) != want {
			t.Errorf("%s: last event %+v, want search-end scoring %d", w.name, end, want)
		}
		keyed := map[tracer.Kind]int{}
		for _, e := range events {
			if e.HasKey {
				keyed[e.Kind]++
			}
			if (e.Kind == tracer.TTHit || e.Kind == tracer.TTStore) && !e.HasRaw {
				t.Fatalf("%s: seq %d: %s without raw", w.name, e.Seq, e.Kind)
			}
		}
		if keyed[tracer.TTProbe] == 0 || keyed[tracer.TTHit] == 0 || keyed[tracer.TTStore] == 0 {
			t.Errorf("%s: keyed events %v, want probes, hits and stores", w.name, keyed)
		}
		links := raceLinks(events)
		across := 0
		for _, l := range links {
			if l.hit.Raw != l.store.Raw || l.hit.Depth != l.store.Depth || l.hit.Bound != l.store.Bound {
				t.Fatalf("%s: hit %+v does not read its store %+v", w.name, l.hit, l.store)
			}
			score := int(l.hit.Raw)
			switch {
			case score > raceMate-raceBand:
				score -= l.hitPly
			case score < -(raceMate - raceBand):
				score += l.hitPly
			}
			if int(l.hit.Score) != score {
				t.Fatalf("%s: hit %+v at ply %d scores %d, its raw moved to its ply %d", w.name, l.hit, l.hitPly, l.hit.Score, score)
			}
			if score > raceMate-raceBand || score < -(raceMate-raceBand) {
				if l.hitPly != l.storePly {
					across++
				}
			}
		}
		if across == 0 {
			t.Errorf("%s: no mate read at another ply than its store's: tt-mate-ply has nothing to judge", w.name)
		}
		rep := kitReport(t, w.name, path)
		if rep.ViolationCount != 0 || rep.WarningCount != 0 || rep.WriterMistakeCount != 0 {
			t.Errorf("%s: %d violations %+v, %d warnings %+v, %d writer's mistakes; want none", w.name,
				rep.ViolationCount, rep.Violations, rep.WarningCount, rep.Warnings, rep.WriterMistakeCount)
		}
		if rep.TT.LinkCount != int64(len(links)) {
			t.Errorf("%s: check links %d hits to their stores, the walk %d", w.name, rep.TT.LinkCount, len(links))
		}
		for i, l := range rep.TT.Links {
			if l.HitNode != links[i].hit.Node || l.StoreNode != links[i].store.Node {
				t.Errorf("%s: link %d is node %d's hit to node %d's store, the walk's %d to %d", w.name, i, l.HitNode, l.StoreNode, links[i].hit.Node, links[i].store.Node)
				break
			}
		}
		if first == nil {
			first = events
		} else if !reflect.DeepEqual(events, first) {
			t.Errorf("%s: %d events, not the C kit's %d", w.name, len(events), len(first))
		}
		for _, fault := range []string{"store-ply", "probe-ply"} {
			rep := kitReport(t, w.name+" "+fault, runTraced(t, w.cmd, fault))
			if rep.ViolationCount == 0 || rep.Violations[0].Rule != "tt-mate-ply" {
				t.Errorf("%s with the fault %s: violations %+v, want tt-mate-ply first", w.name, fault, rep.Violations)
			}
		}
	}
	c := bytes.Replace(files["C"], []byte(`"writer":"pvscope_trace.h"`), []byte(`"writer":"gotrace"`), 1)
	if !bytes.Equal(c, files["Go"]) {
		t.Errorf("the Go kit's bytes are not the C kit's")
	}
}

package session

// The lines events carry (a pv-update's, a root-pv's), numbered for the
// frames: line id 0 is the empty line, and every other line is a move
// followed by a line sent before it, so the page keeps a line as one pair
// whatever its length. Without it, a chain of n nodes sent n lines of 1..n
// moves, n²/2 in all (issue 44: 30,000 nodes took the page to 1.9 GB).

// lineKey names a line by its memory: the tracer's lines share their tails
// (tracer/line.go), so a line's tail is, by address, a line sent before.
type lineKey struct {
	first *string
	n     int
}

// lineTable interns lines as (move id, tail line id) pairs.
type lineTable struct {
	byMem  map[lineKey]int32  // a line sent, by its memory: one entry per event with a line
	byPair map[[2]int32]int32 // (move id, tail id) -> line id: one entry per distinct line
	next   int32              // the last id given
	fresh  []int32            // pairs new in the batch being written, flat
	of     []int32            // per event of the batch with a line: its id
}

// line returns the id of pv, giving new ids (and fresh pairs) to the lines
// it holds that were not sent yet. It walks from the front to the first tail
// already sent (for a tracer's shared lines, the next one), then numbers the
// moves before it from the back: the cost is the line's new moves, plus its
// length for a line that shares no memory with one sent.
func (t *lineTable) line(pv []string, intern func(string) int32) int32 {
	if len(pv) == 0 {
		return 0
	}
	if t.byMem == nil {
		t.byMem, t.byPair = map[lineKey]int32{}, map[[2]int32]int32{}
	}
	full := lineKey{&pv[0], len(pv)}
	if id, ok := t.byMem[full]; ok {
		return id
	}
	j, id := 1, int32(0)
	for ; j < len(pv); j++ {
		if got, ok := t.byMem[lineKey{&pv[j], len(pv) - j}]; ok {
			id = got
			break
		}
	}
	for k := j - 1; k >= 0; k-- {
		pair := [2]int32{intern(pv[k]), id}
		got, ok := t.byPair[pair]
		if !ok {
			t.next++
			got = t.next
			t.byPair[pair] = got
			t.fresh = append(t.fresh, pair[0], pair[1])
		}
		id = got
	}
	t.byMem[full] = id
	return id
}

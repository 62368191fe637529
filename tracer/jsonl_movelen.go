package tracer

import "github.com/pvscope/pvscope/tracer/msg"

// MaxMoveBytes is the longest move name a trace may write: in "move",
// "excluded" and each move of "pv". Real notations need at most 8 (UCI
// "e7e8q", SAN "Nbxd7+", a game's "d3" or "pass", a tree's child index);
// a move name is kept once per distinct name on the server and sent to the
// page, so an unbounded one (issue 44's probe: a 2 MB trace of 100 KB names
// cost the tab 870 MB) costs what the trace's size does not show.
const MaxMoveBytes = 64

// checkMoveNames refuses line n when one of its move names is longer than
// MaxMoveBytes, with a sentence naming the line, the field and the limit.
func checkMoveNames(j *jsonEvent, n int) error {
	long := func(field, m string) error {
		return msg.New("go-tracer.lineMoveTooLong", `tracer: trace line {line}: "{field}": a move name of {bytes} bytes; a move name may have at most {max}`,
			"line", n, "field", field, "bytes", len(m), "max", MaxMoveBytes)
	}
	if len(j.Move) > MaxMoveBytes {
		return long("move", j.Move)
	}
	if len(j.Excluded) > MaxMoveBytes {
		return long("excluded", j.Excluded)
	}
	for _, m := range j.PV {
		if len(m) > MaxMoveBytes {
			return long("pv", m)
		}
	}
	return nil
}

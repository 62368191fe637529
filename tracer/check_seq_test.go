package tracer

import "testing"

// An event whose seq does not increase is one violation: the event is still
// taken for what it is (an enter opens its node), so the nodes after it are
// not reported as well. validTrace keeps every rule; event 9 (the enter of
// node 3) is given event 8's seq.
func TestCheckSeqIsOneViolation(t *testing.T) {
	for _, at := range []int{8, 9} { // the enter of node 3 and, after it, its exit
		es := validTrace()
		es[at].Seq = es[at-1].Seq
		var got []*Violation
		c := Checker{Report: func(v *Violation) { got = append(got, v) }}
		for _, e := range es {
			c.Emit(e)
		}
		c.Finish()
		if len(got) != 1 || got[0].Rule != "seq" {
			t.Errorf("seq of event %d repeated: %d violations %v, want one, of rule seq", at+1, len(got), got)
		}
	}
}

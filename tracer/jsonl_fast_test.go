package tracer

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// The fast decoder either declines a line or decodes it exactly as
// encoding/json does with the keys matched exactly (slowDecode).
func TestFastDecodeAgreesWithEncodingJSON(t *testing.T) {
	lines := []string{
		`{"seq":1,"kind":"enter","node":1,"parent":0,"move":"e2e4","alpha":-32000,"beta":32000,"depth":3}`,
		` { "kind" : "exit" , "node" : 7 , "score" : -12 } `,
		`{"kind":"root-pv","pv":["e2e4","e7e5"],"derived":true}`,
		`{"kind":"root-pv","pv":[],"derived":false}`,
		`{}`,
		`{"kind":"exit","score":1.5}`,
		`{"kind":"exit","score":1e3}`,
		`{"kind":"exit","score":2147483648}`,
		`{"kind":"exit","score":-0}`,
		`{"kind":"exit","score":012}`,
		`{"kind":"enter","move":"e2\u0065"}`,
		`{"kind":"enter","move":"é"}`,
		`{"Kind":"enter"}`,
		`{"kind":"enter","extra":{"a":1}}`,
		`{"kind":"enter",}`,
		`{"kind":"enter"} x`,
		`{"kind":"enter","node":null}`,
		`{"kind":"enter","pv":["a",]}`,
		`{"kind":"enter","derived":tru}`,
		`[1,2]`,
		`{"kind":"enter","node":"3"}`,
		`{"kind":"enter","ply":40000}`,
	}
	// Keys differing from a field's name only in case: an engine's own
	// fields, which the fast decoder skips when their values are simple.
	mixedCase := []struct {
		line string
		want jsonEvent
	}{
		{`{"kind":"exit","node":3,"score":5,"Score":9}`, jsonEvent{Kind: "exit", Node: 3, Score: 5}},
		{`{"Score":9,"kind":"exit","node":3,"score":5}`, jsonEvent{Kind: "exit", Node: 3, Score: 5}},
		{`{"kind":"exit","node":3,"SCORE":"high","NODE":null,"Derived":true}`, jsonEvent{Kind: "exit", Node: 3}},
		{`{"KIND":"enter","kind":"exit","Node":-4,"node":3,"Move":"e2e4","PV":"x"}`, jsonEvent{Kind: "exit", Node: 3}},
		{`{"kind":"enter","Pv":false,"pv":["e2e4"],"Depth":1,"depth":2}`, jsonEvent{Kind: "enter", PV: []string{"e2e4"}, Depth: 2, hasDepth: true}},
	}
	for _, c := range mixedCase {
		var fast, slow jsonEvent
		if !fastDecode([]byte(c.line), &fast) {
			t.Errorf("%s: the fast decoder declines it", c.line)
		} else if !reflect.DeepEqual(fast, c.want) {
			t.Errorf("%s:\nfast %+v\nwant %+v", c.line, fast, c.want)
		}
		if err := slowDecode([]byte(c.line), &slow); err != nil || !reflect.DeepEqual(slow, c.want) {
			t.Errorf("%s:\nslow %+v (%v)\nwant %+v", c.line, slow, err, c.want)
		}
		lines = append(lines, c.line)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	moves := uciMoves(50)
	for i := range 200 {
		e := randomEvent(rng, int64(i+1), moves)
		lines = append(lines, string(appendEvent(nil, &e)))
	}
	for i, line := range lines {
		var fast, slow jsonEvent
		if !fastDecode([]byte(line), &fast) {
			if i < 5 || i >= 22 { // what pvscope writes, minimal lines and mixed case take the fast path
				t.Errorf("%s: the fast decoder declines a plain line", line)
			}
			continue
		}
		if err := slowDecode([]byte(line), &slow); err != nil {
			t.Errorf("%s: the fast decoder accepts a line encoding/json rejects (%v)", line, err)
			continue
		}
		if len(slow.PV) == 0 {
			slow.PV = nil
		}
		if !reflect.DeepEqual(fast, slow) {
			t.Errorf("%s:\nfast %+v\nslow %+v", line, fast, slow)
		}
	}
}

// Any line the fast decoder takes, encoding/json with exact keys takes too,
// and reads the same.
func FuzzFastDecode(f *testing.F) {
	for _, s := range []string{
		`{"seq":1,"kind":"enter","node":1,"parent":0,"move":"e2e4","alpha":-32000,"beta":32000,"depth":3}`,
		`{"kind":"exit","node":3,"score":5,"Score":9}`,
		`{"KIND":"enter","kind":"exit","Node":-4,"node":3,"Move":"e2e4","PV":"x","x":null,"y":true}`,
		`{"kind":"root-pv","pv":["e2e4","e7e5"],"derived":true}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		var fast, slow jsonEvent
		if !fastDecode(line, &fast) {
			return
		}
		if err := slowDecode(line, &slow); err != nil {
			t.Fatalf("%s: the fast decoder takes a line encoding/json refuses (%v)", line, err)
		}
		if len(slow.PV) == 0 {
			slow.PV = nil
		}
		if !reflect.DeepEqual(fast, slow) {
			t.Fatalf("%s:\nfast %+v\nslow %+v", line, fast, slow)
		}
	})
}

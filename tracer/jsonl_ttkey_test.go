package tracer

import (
	"strings"
	"testing"
)

// The table fields read as the format says (docs/trace-format.md, "Table
// keys and mate scores"): hex keys of either case up to 64 bits, raw as an
// integer, and both written back the same.
func TestTTKeyFieldsRead(t *testing.T) {
	in := `{"format":"pvscope-trace","version":1}
{"seq":1,"kind":"tt-store","node":7,"depth":4,"score":29995,"raw":29996,"bound":"exact","key":"9D39247E33776D41"}
{"seq":2,"kind":"tt-probe","node":8,"key":"00ff"}
{"seq":3,"kind":"tt-hit","node":8,"depth":0,"score":-5,"raw":null,"bound":"upper","key":"ffffffffffffffff"}
{"seq":4,"kind":"tt-store","node":8,"depth":0,"score":-5,"bound":"upper", "key" : "a"}
{"seq":5,"kind":"tt-store","node":8,"depth":0,"score":-5,"bound":"upper","key":"b","Score":"\u0041"}
`
	_, evs, err := ReadAll(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		key    uint64
		hasKey bool
		raw    int32
		hasRaw bool
	}{{0x9d39247e33776d41, true, 29996, true}, {0xff, true, 0, false}, {^uint64(0), true, 0, false}, {10, true, 0, false}, {11, true, 0, false}}
	for i, w := range want {
		e := evs[i]
		if e.Key != w.key || e.HasKey != w.hasKey || e.Raw != w.raw || e.HasRaw != w.hasRaw {
			t.Errorf("event %d: key %x %v raw %d %v, want %x %v %d %v", i+1, e.Key, e.HasKey, e.Raw, e.HasRaw, w.key, w.hasKey, w.raw, w.hasRaw)
		}
	}
	var b []byte
	b = appendEvent(b, &evs[0])
	if got := string(b); !strings.Contains(got, `"score":29995,"raw":29996,"key":"9d39247e33776d41"`) {
		t.Errorf("written as %s", got)
	}
	b = appendEvent(b[:0], &Event{Kind: TTProbe, Node: 2})
	if strings.Contains(string(b), "key") || strings.Contains(string(b), "raw") {
		t.Errorf("a probe without key written as %s", b)
	}
}

func TestTTKeyFieldsRefused(t *testing.T) {
	cases := []struct{ line, want string }{
		{`{"kind":"tt-probe","node":1,"key":"0xff"}`, `tracer: trace line 2: "key": "0xff" is not a key: want a string of 1 to 16 hex digits`},
		{`{"kind":"tt-probe","node":1,"key":""}`, `tracer: trace line 2: "key": "" is not a key: want a string of 1 to 16 hex digits`},
		{`{"kind":"tt-probe","node":1,"key":12}`, `tracer: trace line 2: "key": "12" is not a key: want a string of 1 to 16 hex digits`},
		{`{"kind":"tt-probe","node":1,"key":"123456789abcdef01"}`, `tracer: trace line 2: "key": "123456789abcdef01" has 17 hex digits: a key is at most 16 (64 bits)`},
		{`{"kind":"tt-store","node":1,"bound":"exact","score":3}`, `tracer: trace line 2: a tt-store without a "depth": a stored entry needs its depth and bound`},
		{`{"kind":"tt-store","node":1,"bound":"exact","depth":null,"score":3}`, `tracer: trace line 2: a tt-store without a "depth": a stored entry needs its depth and bound`},
		{`{"kind":"tt-store","node":1,"depth":2,"score":3}`, `tracer: trace line 2: a tt-store without a "bound": a stored entry needs its depth and bound`},
		{`{"kind":"tt-store","node":1,"Depth":2,"bound":"lower","score":3}`, `tracer: trace line 2: a tt-store without a "depth": a stored entry needs its depth and bound`},
	}
	for _, c := range cases {
		_, _, err := ReadAll(strings.NewReader(`{"format":"pvscope-trace","version":1}` + "\n" + c.line + "\n"))
		if err == nil || err.Error() != c.want {
			t.Errorf("%s: got %v, want %s", c.line, err, c.want)
		}
	}
	// depth 0, written, is a depth.
	if _, _, err := ReadAll(strings.NewReader(`{"format":"pvscope-trace","version":1}` + "\n" + `{"kind":"tt-store","node":1,"depth":0,"bound":"upper","score":3}` + "\n")); err != nil {
		t.Error(err)
	}
}

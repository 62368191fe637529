package tracer

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
)

// exactKeys keeps the same keys and values as a map read by encoding/json,
// cut to the known keys spelled exactly.
func FuzzExactKeys(f *testing.F) {
	for _, s := range []string{
		`{"kind":"exit","node":3,"score":5,"Score":9}`,
		` { "sc\u006fre" : 1 , "x" : {"a":[1,"}",{"b":"\"]"}]}, "node":[ ] , "pv":["a","b"] } `,
		`{"KIND":"enter","kind":"exit","kind":"enter","ſcore":2,"move":"é"}`,
		`{}`, `[1]`, `null`, `{"a":1,}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		got, ok := exactKeys(line, eventKeys)
		var all map[string]json.RawMessage
		isObject := json.Unmarshal(line, &all) == nil && all != nil
		if ok != isObject {
			t.Fatalf("%s: exactKeys says %v, encoding/json reads an object: %v", line, ok, isObject)
		}
		if !ok {
			return
		}
		want := map[string]string{}
		for k, v := range all {
			if eventKeys[k] {
				want[k] = compact(t, v)
			}
		}
		var kept map[string]json.RawMessage
		if err := json.Unmarshal(got, &kept); err != nil {
			t.Fatalf("%s: exactKeys writes %s, not JSON: %v", line, got, err)
		}
		have := map[string]string{}
		for k, v := range kept {
			have[k] = compact(t, v)
		}
		if !reflect.DeepEqual(have, want) {
			t.Fatalf("%s: exactKeys keeps %v, want %v", line, have, want)
		}
	})
}

func compact(t *testing.T, v []byte) string {
	var b bytes.Buffer
	if err := json.Compact(&b, v); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

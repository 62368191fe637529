package tracer

import (
	"strings"
	"testing"
)

// A trace file may come from anywhere: reading one must never panic.
func FuzzReadAll(f *testing.F) {
	f.Add(`{"format":"pvscope-trace","version":1}` + "\n" + `{"seq":1,"kind":"search-start","depth":2}` + "\n")
	f.Add(`{"format":"pvscope-trace","version":2}` + "\n")
	f.Add(`{"format":"pvscope-trace","version":1}` + "\n" + `{"seq":3,"kind":"enter","node":2,"parent":1,"expect":"pv","pv":["e2e4"]}` + "\n")
	f.Add("")
	f.Fuzz(func(t *testing.T, text string) {
		_, events, err := ReadAll(strings.NewReader(text))
		if err == nil {
			_ = Check(events)
		}
	})
}

package session

import (
	"strings"
	"testing"
)

// The unaccounted warning carries its catalog key, so a French page says it in
// French (issue 42): the same trace as TestReadTraceUnaccountedWarning, move 2
// unaccounted at the root.
func TestUnaccountedWarningIsKeyed(t *testing.T) {
	o, err := ReadTrace(strings.NewReader(unaccountedTrace), roomy{})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range o.Started.Warnings {
		if w.Rule == "unaccounted" {
			if w.Key != "go-tracer.unaccountedOne" || w.Args["moves"] != "2" {
				t.Errorf("unaccounted warning key %q args %v, want go-tracer.unaccountedOne with moves 2", w.Key, w.Args)
			}
			return
		}
	}
	t.Errorf("no unaccounted warning among %+v", o.Started.Warnings)
}

// A why command's path is bounded: more than WhyMaxPath moves, or a move over
// WhyMaxMove bytes, is refused with a sentence.
func TestParseWhyBounds(t *testing.T) {
	long := `{"type":"why","path":[` + strings.Repeat(`"0",`, 1024) + `"0"]}`
	if _, err := ParseWhy([]byte(long)); err == nil || !strings.Contains(err.Text, "1025 moves; at most 1024") {
		t.Errorf("1025 moves: %v", err)
	}
	if _, err := ParseWhy([]byte(`{"type":"why","path":["` + strings.Repeat("a", 65) + `"]}`)); err == nil {
		t.Error("a 65-byte move was taken")
	}
	if c, err := ParseWhy([]byte(`{"type":"why","path":["1"],"view":"root"}`)); err != nil || len(c.Path) != 1 {
		t.Errorf("a good path: %v %v", c, err)
	}
}

// The static site's worker keeps no recording: its Session answers a why
// command with a keyed sentence that says so, not "unknown command".
func TestWhyIsServerOnlyInASession(t *testing.T) {
	var got []string
	s := &Session{Out: func(b []byte) { got = append(got, string(b)) }}
	s.Handle([]byte(`{"type":"why","id":3,"path":["1"]}`))
	if len(got) != 1 || !strings.Contains(got[0], `"key":"go-server.whyServerOnly"`) || !strings.Contains(got[0], `"id":3`) {
		t.Errorf("frames %q, want one error keyed go-server.whyServerOnly for id 3", got)
	}
}

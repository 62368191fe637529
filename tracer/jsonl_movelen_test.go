package tracer

import (
	"errors"
	"strings"
	"testing"

	"github.com/pvscope/pvscope/tracer/msg"
)

// A move name longer than 64 bytes is refused with a sentence naming the
// line, the field and the limit (issue 44's outside probe: a 20-node chain of
// 100 KB move names took the tab to 870 MB); 64 bytes is still read.
func TestReaderRefusesLongMoveNames(t *testing.T) {
	at64, at65 := strings.Repeat("q", 64), strings.Repeat("q", 65)
	for _, tc := range []struct{ name, line, want string }{
		{"move", `{"kind":"enter","node":2,"parent":1,"move":"` + at65 + `"}`, `trace line 3: "move": a move name of 65 bytes; a move name may have at most 64`},
		{"pv", `{"kind":"root-pv","depth":1,"pv":["e2e4","` + at65 + `"]}`, `trace line 3: "pv": a move name of 65 bytes`},
		{"excluded", `{"kind":"enter","node":2,"parent":1,"subsearch":"singular","excluded":"` + at65 + `"}`, `trace line 3: "excluded": a move name of 65 bytes`},
		{"100 KB", `{"kind":"enter","node":2,"parent":1,"move":"` + strings.Repeat("q", 100000) + `"}`, `"move": a move name of 100000 bytes; a move name may have at most 64`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			input := hostileHeader + `{"kind":"enter","node":1,"parent":0,"depth":1}` + "\n" + tc.line + "\n"
			_, _, err := ReadAll(strings.NewReader(input))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error = %v; want one containing %q", err, tc.want)
			}
			var k *msg.Error
			if !errors.As(err, &k) || k.Key != "go-tracer.lineMoveTooLong" {
				t.Errorf("error %v is not the keyed sentence go-tracer.lineMoveTooLong", err)
			}
		})
	}
	ok := hostileHeader + `{"kind":"enter","node":1,"parent":0,"depth":1}` + "\n" +
		`{"kind":"enter","node":2,"parent":1,"move":"` + at64 + `"}` + "\n" +
		`{"kind":"root-pv","depth":1,"pv":["` + at64 + `"]}` + "\n"
	if _, events, err := ReadAll(strings.NewReader(ok)); err != nil || len(events) != 3 || events[1].Move != at64 {
		t.Errorf("64-byte names: %d events, %v; want all 3 read", len(events), err)
	}
}

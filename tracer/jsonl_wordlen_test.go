package tracer

import (
	"errors"
	"strings"
	"testing"

	"github.com/pvscope/pvscope/tracer/msg"
)

// A "why" or a "subsearch" longer than 64 bytes, and a header's "meta" name or
// value longer than 4,096, are refused with a sentence naming the line, the
// field and the limit (issue 44: free text the reader keeps and the page is
// sent was unbounded); at the limit they are read. A refused value quoted in
// a sentence is cut to its first 64 bytes.
func TestReaderRefusesLongWords(t *testing.T) {
	at64, at65 := strings.Repeat("w", 64), strings.Repeat("w", 65)
	for _, tc := range []struct{ name, input, key, want string }{
		{"why", hostileHeader + `{"kind":"enter","node":1,"parent":0,"depth":1}` + "\n" + `{"kind":"enter","node":2,"parent":1,"move":"a","reduced":1,"why":"` + at65 + `"}` + "\n",
			"go-tracer.lineWordTooLong", `trace line 3: "why": 65 bytes of text; a "why" may have at most 64`},
		{"subsearch", hostileHeader + `{"kind":"enter","node":1,"parent":0,"depth":1}` + "\n" + `{"kind":"enter","node":2,"parent":1,"subsearch":"` + strings.Repeat("s", 1<<20) + `"}` + "\n",
			"go-tracer.lineWordTooLong", `trace line 3: "subsearch": 1048576 bytes of text; a "subsearch" may have at most 64`},
		{"meta", `{"format":"pvscope-trace","version":1,"meta":{"engine":"` + strings.Repeat("e", 4097) + `"}}` + "\n",
			"go-tracer.headerMetaTooLong", `trace line 1: "meta": "engine" has 4097 bytes; a name or value of "meta" may have at most 4096`},
		{"kind quoted", hostileHeader + `{"kind":"` + strings.Repeat("k", 100000) + `"}` + "\n",
			"go-tracer.lineUnknownKind", `unknown event kind "` + strings.Repeat("k", 64) + `..."`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := ReadAll(strings.NewReader(tc.input))
			if err == nil || !strings.Contains(err.Error(), tc.want) || len(err.Error()) > 400 {
				t.Fatalf("error = %.500v; want one of at most 400 bytes containing %q", err, tc.want)
			}
			var k *msg.Error
			if !errors.As(err, &k) || k.Key != tc.key {
				t.Errorf("error %v is not the keyed sentence %s", err, tc.key)
			}
		})
	}
	ok := `{"format":"pvscope-trace","version":1,"meta":{"engine":"` + strings.Repeat("e", 4096) + `"}}` + "\n" +
		`{"kind":"enter","node":1,"parent":0,"depth":1}` + "\n" +
		`{"kind":"enter","node":2,"parent":1,"move":"a","reduced":1,"why":"` + at64 + `"}` + "\n" +
		`{"kind":"enter","node":3,"parent":1,"subsearch":"` + at64 + `"}` + "\n"
	if h, events, err := ReadAll(strings.NewReader(ok)); err != nil || len(events) != 3 || events[1].Why != at64 || events[2].Sub != at64 || len(h.Meta["engine"]) != 4096 {
		t.Errorf("at the limits: %d events, %v; want all 3 read with their words and the meta", len(events), err)
	}
}

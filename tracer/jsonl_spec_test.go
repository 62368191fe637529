package tracer

import (
	"strings"
	"testing"
)

// The header's refusals name the header's own line: blank lines before it are
// skipped but counted (docs/trace-format.md, "A blank line ... is skipped but counted").
func TestReaderHeaderRefusalNamesItsLine(t *testing.T) {
	const example = `{"format":"pvscope-trace","version":1}`
	for _, tc := range []struct{ name, input, want string }{
		{"event after two blank lines", "\n  \n" + `{"kind":"enter","node":1,"parent":0}` + "\n",
			"tracer: trace has no header: line 3 is an event; want a header like " + example},
		{"event first", `{"kind":"enter","node":1,"parent":0}` + "\n",
			"tracer: trace has no header: line 1 is an event; want a header like " + example},
		{"not JSON after one blank line", "\r\nhello\n",
			"tracer: not a pvscope trace: line 2 is not a header (invalid character 'h' looking for beginning of value); want one like " + example},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := NewReader(strings.NewReader(tc.input))
			if err == nil || err.Error() != tc.want {
				t.Errorf("error = %v\nwant      %s", err, tc.want)
			}
		})
	}
}

// A line holds at most 16,777,215 bytes before its newline, and the sentence
// for a longer one says that number.
func TestReaderLineLimitSentence(t *testing.T) {
	const header = `{"format":"pvscope-trace","version":1}` + "\n"
	line := func(n int) string { // an exit of exactly n bytes
		head := `{"kind":"exit","node":1,"score":3,"x":0`
		return head + strings.Repeat(" ", n-len(head)-1) + "}"
	}
	if _, _, err := ReadAll(strings.NewReader(header + line(16_777_215) + "\n")); err != nil {
		t.Errorf("a line of 16,777,215 bytes: %v, want it read", err)
	}
	_, _, err := ReadAll(strings.NewReader(header + line(16_777_216) + "\n"))
	if want := "tracer: trace line 2: longer than 16777215 bytes"; err == nil || err.Error() != want {
		t.Errorf("a line of 16,777,216 bytes: error = %v, want %q", err, want)
	}
}

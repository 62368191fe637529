package main

import (
	"fmt"
	"io"
	"unicode/utf8"
)

// inertWriter writes text from a trace to a terminal with its control
// characters escaped: a move name or a message is printed, never obeyed. A
// trace could otherwise set the terminal's title, clear the screen or reverse
// the text after it. Newlines and tabs pass; C0 and C1 controls, DEL, the
// bidirectional overrides and invalid UTF-8 are written as Go escapes (\x1b,
// \u202e), as --json's encoder would escape them.
type inertWriter struct{ w io.Writer }

func (t inertWriter) Write(p []byte) (int, error) {
	out := make([]byte, 0, len(p))
	for i := 0; i < len(p); {
		r, n := utf8.DecodeRune(p[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			out = fmt.Appendf(out, `\x%02x`, p[i])
		case inert(r):
			out = append(out, p[i:i+n]...)
		case r < 0x80:
			out = fmt.Appendf(out, `\x%02x`, r)
		default:
			out = fmt.Appendf(out, `\u%04x`, r)
		}
		i += n
	}
	if _, err := t.w.Write(out); err != nil {
		return 0, err
	}
	return len(p), nil
}

// inert: r does nothing to a terminal but show itself.
func inert(r rune) bool {
	switch {
	case r == '\n' || r == '\t':
		return true
	case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0):
		return false
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069, r == 0x200e || r == 0x200f, r == 0x061c:
		return false // bidirectional embeddings, overrides, isolates and marks
	}
	return true
}

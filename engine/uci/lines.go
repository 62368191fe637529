package uci

import (
	"bufio"
	"errors"
	"strings"
	"unicode/utf8"
)

var errLineTooLong = errors.New("line too long")

// readBoundedLine reads one line of at most limit bytes, without its line
// ending. A longer line is read to its end and dropped (errLineTooLong), so
// that a peer cannot make us hold an unbounded line. At the end of the input
// it returns what it has with io.EOF.
func readBoundedLine(r *bufio.Reader, limit int) (string, error) {
	var b []byte
	tooLong := false
	for {
		chunk, err := r.ReadSlice('\n')
		if !tooLong {
			if len(b)+len(chunk) > limit+2 { // +2: the line ending
				tooLong, b = true, nil
			} else {
				b = append(b, chunk...)
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if tooLong {
			if err != nil {
				return "", err
			}
			return "", errLineTooLong
		}
		return strings.TrimRight(string(b), "\r\n"), err
	}
}

// clip shortens text quoted back to a person, keeping it valid UTF-8.
func clip(s string) string {
	const most = 80
	if len(s) <= most {
		return s
	}
	cut := most
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "..."
}

package tracer_test

import (
	"bytes"
	"errors"
	"io"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pvscope/pvscope/engine"
	"github.com/pvscope/pvscope/tracer"
)

// blockedReader gives its bytes and then blocks until release closes: a
// trace that is still being written, as a search's pipe is.
type blockedReader struct {
	r       io.Reader
	release chan struct{}
}

func (b *blockedReader) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	if err == io.EOF {
		<-b.release
	}
	return n, err
}

// TestDiffStopsAtABadLine: A fails part way (a bad last line, the review's
// repro; a bad line in the middle). Diff says which side and which line, at
// once: it neither crashes on the subtrees A left open nor waits for B to end.
func TestDiffStopsAtABadLine(t *testing.T) {
	a := engineTrace(t, engine.StartFEN, 4, "order-killers=false")
	b := engineTrace(t, engine.StartFEN, 4)
	lines := bytes.SplitAfter(a, []byte("\n"))
	lines = lines[:len(lines)-1] // the last is "" after the final newline
	mid := len(lines) / 2
	badMiddle := bytes.Join([][]byte{bytes.Join(lines[:mid], nil), []byte("not json\n"), bytes.Join(lines[mid:], nil)}, nil)
	for _, tc := range []struct {
		name string
		a    []byte
		line int // the bad line, counted by hand from the split above
	}{
		{"bad last line", append(bytes.Clone(a), []byte("{\"garbage\n")...), len(lines) + 1},
		{"bad middle line", badMiddle, mid + 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			release := make(chan struct{})
			defer close(release)
			done := make(chan error, 1)
			go func() {
				_, err := tracer.Diff(bytes.NewReader(tc.a), &blockedReader{bytes.NewReader(b), release}, tracer.DiffOptions{})
				done <- err
			}()
			var err error
			select {
			case err = <-done:
			case <-time.After(time.Minute): // a liveness bound, not a speed test
				t.Fatal("Diff waits for B to end after A failed")
			}
			var ie *tracer.DiffInputError
			want := "line " + strconv.Itoa(tc.line)
			if !errors.As(err, &ie) || ie.Side != "A" || !strings.Contains(err.Error(), want) {
				t.Fatalf("want trace A's error at %s, got %v", want, err)
			}
		})
	}
}

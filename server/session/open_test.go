package session

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/pvscope/pvscope/tracer/msg"
)

// openFrames opens a trace read from r, at most max bytes of it, and returns
// the frames, decoded.
func openFrames(t *testing.T, r io.Reader, max int64) []map[string]any {
	t.Helper()
	var out []map[string]any
	decodingSession(t, &out).openBounded(1, r, max)
	return out
}

// twoNodeTrace: a root and one child, scored 3, in the minimal format.
const twoNodeTrace = `{"format":"pvscope-trace","version":1,"meta":{"engine":"test"}}
{"kind":"enter","node":1,"parent":0,"alpha":-100,"beta":100,"depth":1}
{"kind":"enter","node":2,"parent":1,"move":"a","alpha":-100,"beta":100,"depth":0}
{"kind":"exit","node":2,"score":-3}
{"kind":"exit","node":1,"score":3}
`

// A file read a few bytes at a time (as the worker reads the page's File in
// pieces) opens as its whole text does; one byte past the bound is refused
// with a sentence (the page's: Session opens files in the static site's
// worker, where there is no server to name), and a file exactly at it is read.
func TestOpenReaderReadsInPiecesWithinTheBound(t *testing.T) {
	whole := openFrames(t, strings.NewReader(twoNodeTrace), MaxTraceBytes)
	pieces := openFrames(t, iotest.OneByteReader(strings.NewReader(twoNodeTrace)), MaxTraceBytes)
	if len(whole) < 3 || whole[0]["type"] != "started" || whole[len(whole)-1]["type"] != "done" {
		t.Fatalf("the whole text: want started ... done, got %v", whole)
	}
	if a, b := fmt.Sprint(whole), fmt.Sprint(pieces); a != b {
		t.Errorf("read a byte at a time:\n%s\nwhole:\n%s", b, a)
	}
	if r := whole[len(whole)-1]["result"].(map[string]any); r["score"] != 3.0 || r["nodes"] != 2.0 {
		t.Errorf("done's result %v, want score 3 over 2 nodes", r)
	}
	at := openFrames(t, strings.NewReader(twoNodeTrace), int64(len(twoNodeTrace)))
	if at[len(at)-1]["type"] != "done" {
		t.Errorf("a file exactly at the bound: %v", at)
	}
	over := openFrames(t, bytes.NewReader([]byte(twoNodeTrace)), int64(len(twoNodeTrace))-1)
	if len(over) != 1 || over[0]["type"] != "error" || over[0]["key"] != "go-server.pageTraceTooLarge" ||
		over[0]["message"] != "The file is larger than pvscope reads (512 MB)." {
		t.Errorf("a file one byte past the bound: %v", over)
	}
	// A read that fails (the browser's File changed since it was chosen) is
	// said alone, in its own words, not as the trace line it cut.
	cut := msg.New("go-server.traceFileUnreadable", "the file could not be read: {error}", "error", "gone")
	failed := openFrames(t, io.MultiReader(strings.NewReader(twoNodeTrace[:100]), iotest.ErrReader(cut)), MaxTraceBytes)
	if len(failed) != 1 || failed[0]["key"] != "go-server.traceFileUnreadable" || failed[0]["message"] != "The file could not be read: gone." {
		t.Errorf("a read that fails: %v", failed)
	}
}

// A trace that needs more than the page's share of memory for one trace is
// refused with the page's sentence, naming the share (here 1 GB over 4
// searches: 256 MB) and what to do, not the server's -max-memory.
func TestOpenRefusesATracePastThePagesShare(t *testing.T) {
	var out []map[string]any
	s := decodingSession(t, &out)
	var b strings.Builder
	b.WriteString(`{"format":"pvscope-trace","version":1,"meta":{"engine":"test"}}` + "\n")
	// A chain charged 160 + 640 bytes a node open at once: 400,000 of them
	// are 320 MB, past 256.
	const n = 400_000
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, `{"kind":"enter","node":%d,"parent":%d,"move":"m","alpha":-9,"beta":9,"depth":1}`+"\n", i, i-1)
	}
	s.Open(1, b.String())
	want := "This trace needs more memory than the page gives one trace (256 MB); open a smaller trace, or open this one with pvscope view, which has room for more."
	if len(out) != 1 || out[0]["key"] != "go-server.pageTraceShareFull" || out[0]["message"] != want {
		t.Fatalf("a chain of %d open nodes: %v; want one error, %q", n, out, want)
	}
}

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
// with the server's sentence for an upload too large, and a file exactly at
// it is read.
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
	if len(over) != 1 || over[0]["type"] != "error" || over[0]["key"] != "go-server.traceTooLarge" ||
		!strings.Contains(fmt.Sprint(over[0]["message"]), "larger than this server reads (512 MB)") {
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

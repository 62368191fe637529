package tracer

import (
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/pvscope/pvscope/tracer/msg"
)

// The sentences a move the trace does not name, or one ply, change: each is
// a sentence of its own, with the English the checker always wrote (written
// here from the format it used: "node %d's reduced search of %s (node %d,
// %d %s shallower) ...", moveName's "its move", "ply" for one).
func TestCheckerSentenceVariants(t *testing.T) {
	lmr := func(plies int16, move string) []Event {
		es := lmrTrace(false)
		es[5] = reduced(en(4, 1, move, -1, 0, 1), plies, WhyLMR)
		return es
	}
	// The root (window (0, 1)) has 5 from e2e4 when g1f3's reduced visit
	// gives it 20: above its alpha, now 5, and never searched again.
	for _, c := range []struct {
		events []Event
		key    string
		text   string
	}{
		{lmr(1, "g1f3"), "go-tracer.reducedOwedOnePly",
			"node 1's reduced search of g1f3 (node 4, 1 ply shallower) scored 20, above its alpha 5, but was not searched again at full depth"},
		{lmr(2, "g1f3"), "go-tracer.reducedOwed",
			"node 1's reduced search of g1f3 (node 4, 2 plies shallower) scored 20, above its alpha 5, but was not searched again at full depth"},
		{lmr(1, ""), "go-tracer.reducedOwedItsMoveOnePly",
			"node 1's reduced search of its move (node 4, 1 ply shallower) scored 20, above its alpha 5, but was not searched again at full depth"},
		{lmr(3, ""), "go-tracer.reducedOwedItsMove",
			"node 1's reduced search of its move (node 4, 3 plies shallower) scored 20, above its alpha 5, but was not searched again at full depth"},
	} {
		vs, _, _, _ := checkAll(Header{}, c.events)
		if len(vs) != 1 || vs[0].Key != c.key || vs[0].Problem != c.text || vs[0].Args["node"] != int32(1) {
			t.Errorf("violations %+v; want one %s: %q", vs, c.key, c.text)
		}
	}
	// best-score with the best move unnamed: "its move" (the checker once said it twice).
	es := killerTrace(en(4, 1, "e2e4", -544, -543, 1), ttEx(4, -524))
	es[len(es)-1].Score = 500
	for i := range es {
		if es[i].Node == 5 && es[i].Kind == Enter {
			es[i].Move = ""
		}
	}
	vs, _, _, _ := checkAll(Header{}, es)
	want := "exit of node 1 scores 500, below the 530 its move (node 5) gave it: a node scores at least its best move"
	if len(vs) != 1 || vs[0].Key != "go-tracer.bestScoreItsMove" || vs[0].Problem != want {
		t.Errorf("violations %+v; want %q", vs, want)
	}
}

// A bad line is one sentence naming the line, with the line as a parameter;
// an error of the reader underneath is still there for errors.Is.
func TestReaderSentences(t *testing.T) {
	const header = `{"format":"pvscope-trace","version":1}` + "\n"
	for _, c := range []struct {
		input, key, text string
		args             map[string]any
	}{
		{header + "\n" + `{"kind":"exit","node":1,"actual":"a\"b"}` + "\n", "go-tracer.lineUnknownType",
			`tracer: trace line 3: "actual": unknown node type "a\"b"`, map[string]any{"line": 3, "field": "actual", "value": `a\"b`}},
		{header + `{"kind":"enter",}` + "\n", "go-tracer.lineBadJSON",
			"tracer: trace line 2: bad JSON: invalid character '}' looking for beginning of object key string",
			map[string]any{"line": 2, "error": "invalid character '}' looking for beginning of object key string"}},
		{"", "go-tracer.emptyFile", `tracer: empty trace: want a header line like {"format":"pvscope-trace","version":1}`,
			map[string]any{"example": `{"format":"pvscope-trace","version":1}`}},
	} {
		_, _, err := ReadAll(strings.NewReader(c.input))
		m, ok := msg.Keyed(err)
		if !ok || err.Error() != c.text || m.Key != c.key || !reflect.DeepEqual(m.Args, c.args) {
			t.Errorf("%q: %v (keyed %+v); want %s %q %v", c.input, err, m, c.key, c.text, c.args)
		}
	}
	_, _, err := ReadAll(io.MultiReader(strings.NewReader(header), errReader{}))
	if m, ok := msg.Keyed(err); !ok || m.Key != "go-tracer.lineUnread" || !errors.Is(err, errDisk) || err.Error() != "tracer: trace line 2: disk gone" {
		t.Errorf("a reader's error: %v; want go-tracer.lineUnread wrapping it", err)
	}
}

var errDisk = errors.New("disk gone")

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errDisk }

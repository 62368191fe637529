package msg

import (
	"errors"
	"fmt"
	"testing"
)

func TestNewFillsTheEnglishAndKeepsTheParameters(t *testing.T) {
	e := New("go-x.ranks", "a FEN has {n} ranks, not 8 ({fen})", "n", 7, "fen", "8/8")
	if e.Error() != "a FEN has 7 ranks, not 8 (8/8)" {
		t.Errorf("English %q", e.Error())
	}
	if e.Args["n"] != 7 || e.Args["fen"] != "8/8" || e.Key != "go-x.ranks" {
		t.Errorf("key %s args %v", e.Key, e.Args)
	}
	wrapped := fmt.Errorf("line 3: %w", New("go-x.inner", "bad {what}", "what", errors.New("thing")))
	m, ok := Keyed(wrapped)
	if !ok || m.Key != "go-x.inner" || m.Args["what"] != "thing" || m.Text != "bad thing" {
		t.Errorf("Keyed(%v) = %+v, %v", wrapped, m, ok)
	}
	if got := New("go-x.q", "bad FEN \"{fen}\" ({n} fields, {missing})", "fen", "{n}", "n", 3).Error(); got != `bad FEN "{n}" (3 fields, {missing})` {
		t.Errorf("a value holding {name} is filled again, or a missing one lost: %q", got)
	}
	if _, ok := Keyed(errors.New("plain")); ok {
		t.Error("a plain error is not keyed")
	}
}

// BenchmarkNew: the cost of a keyed sentence with four parameters (paid only when a rule is
// broken or an input refused).
func BenchmarkNew(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_ = New("go-x.type", "trace line {line}: exit of node {node} says {actual}, but {why}", "line", 1234, "node", 77, "actual", "cut", "why", "its best move scored below beta")
	}
}

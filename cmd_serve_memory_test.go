package main

import (
	"math"
	"runtime/debug"
	"testing"
)

// -max-memory sets the Go runtime's memory limit with a fifth of headroom
// (512 MB: 536,870,912 + 107,374,182 = 644,245,094 bytes, by hand), unless
// GOMEMLIMIT already sets one.
func TestMaxMemorySetsTheRuntimeLimit(t *testing.T) {
	old := debug.SetMemoryLimit(-1)
	t.Cleanup(func() { debug.SetMemoryLimit(old) })
	t.Setenv("GOMEMLIMIT", "")
	_, lim, _, err := serveFlags([]string{"-max-memory", "512MB"})
	if err != nil {
		t.Fatal(err)
	}
	const want = 644_245_094
	if got := setMemoryLimit(lim); got != want || debug.SetMemoryLimit(-1) != want {
		t.Errorf("limit %d (runtime %d), want %d", got, debug.SetMemoryLimit(-1), want)
	}
	debug.SetMemoryLimit(math.MaxInt64)
	t.Setenv("GOMEMLIMIT", "2GiB") // read by the runtime at start only: here it stands for the administrator's choice
	if got := setMemoryLimit(lim); got != math.MaxInt64 {
		t.Errorf("with GOMEMLIMIT set, the limit became %d: want it left alone", got)
	}
}

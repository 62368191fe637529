package main

import (
	"math"
	"runtime/debug"
	"testing"
)

// -max-memory sets the Go runtime's memory limit with an eighth of headroom
// (512 MB: 576 MB, by hand), unless GOMEMLIMIT already sets one.
func TestMaxMemorySetsTheRuntimeLimit(t *testing.T) {
	old := debug.SetMemoryLimit(-1)
	t.Cleanup(func() { debug.SetMemoryLimit(old) })
	t.Setenv("GOMEMLIMIT", "")
	_, lim, _, err := serveFlags([]string{"-max-memory", "512MB"})
	if err != nil {
		t.Fatal(err)
	}
	if got := setMemoryLimit(lim); got != 576<<20 || debug.SetMemoryLimit(-1) != 576<<20 {
		t.Errorf("limit %d (runtime %d), want %d", got, debug.SetMemoryLimit(-1), 576<<20)
	}
	debug.SetMemoryLimit(math.MaxInt64)
	t.Setenv("GOMEMLIMIT", "2GiB") // read by the runtime at start only: here it stands for the administrator's choice
	if got := setMemoryLimit(lim); got != math.MaxInt64 {
		t.Errorf("with GOMEMLIMIT set, the limit became %d: want it left alone", got)
	}
}

package capacity

import (
	"os"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// threadStat reads a thread's stat line from /proc: the fields after the command name in
// parentheses, so that [0] is field 3 (the state), [11] field 14 (utime, in clock ticks) and
// [16] field 19 (the nice value); ok is false once the thread has gone.
func threadStat(tid int) (fields []string, ok bool) {
	b, err := os.ReadFile("/proc/self/task/" + strconv.Itoa(tid) + "/stat")
	if err != nil {
		return nil, false
	}
	return strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:])), true
}

// niceOf reads a thread's nice value; ok is false once the thread has gone.
func niceOf(t *testing.T, tid int) (nice int, ok bool) {
	t.Helper()
	fields, ok := threadStat(tid)
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(fields[16])
	if err != nil {
		t.Fatalf("thread %d: nice field %q: %v", tid, fields[16], err)
	}
	return n, true
}

// Searches run niced on threads of their own, which nothing else ever runs on: goroutines
// started meanwhile and afterwards run at the process's priority, and a worker that finished a
// search takes the next one (same thread) rather than a new thread being niced.
func TestSearchThreadsAreNicedAndNothingElse(t *testing.T) {
	type report struct{ tid, nice int }
	run := func() report {
		got := make(chan report)
		RunNiced(func() {
			tid := syscall.Gettid()
			n, _ := niceOf(t, tid)
			got <- report{tid, n}
		})
		return <-got
	}
	base, _ := niceOf(t, syscall.Gettid())
	if base >= SearchNice {
		t.Fatalf("the test process already runs at nice %d: run it at less than %d", base, SearchNice)
	}
	first := run()
	if first.nice != SearchNice {
		t.Fatalf("a search's thread runs at nice %d, want %d", first.nice, SearchNice)
	}
	// Goroutines started afterwards, many at once so that the runtime needs every thread it has,
	// all run at the process's priority.
	niced := make(chan int, 64)
	for range 64 {
		go func() {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			n, _ := niceOf(t, syscall.Gettid())
			time.Sleep(20 * time.Millisecond) // hold the thread while the others start
			niced <- n
		}()
	}
	for range 64 {
		if n := <-niced; n != base {
			t.Fatalf("a goroutine started after a search ran at nice %d, want %d", n, base)
		}
	}
	// One search after another, each once the last one's worker is idle again: the same niced
	// threads, no new one.
	before := SearchWorkers.Load()
	for range 5 {
		for deadline := time.Now().Add(10 * time.Second); searchIdle.Load() == 0; time.Sleep(time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatal("no search worker came back idle within 10 s of its search")
			}
		}
		if r := run(); r.nice != SearchNice {
			t.Fatalf("a later search's thread runs at nice %d, want %d", r.nice, SearchNice)
		}
	}
	if after := SearchWorkers.Load(); after != before {
		t.Errorf("5 searches one after another started %d new search threads, want none", after-before)
	}
}

package server

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pvscope/pvscope/server/capacity"
)

// threadStat reads (as capacity's test does) a thread's stat line from /proc: the fields after the command name in
// parentheses, so that [0] is field 3 (the state), [11] field 14 (utime, in clock ticks) and
// [16] field 19 (the nice value); ok is false once the thread has gone.
func threadStat(tid int) (fields []string, ok bool) {
	b, err := os.ReadFile("/proc/self/task/" + strconv.Itoa(tid) + "/stat")
	if err != nil {
		return nil, false
	}
	return strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:])), true
}

// runningNiced lists this process's threads at nice capacity.SearchNice or more that have used the CPU
// in a 50-ms look (an idle worker of an earlier search does not).
func runningNiced(t *testing.T) []int {
	t.Helper()
	cpu := func() map[int]int {
		out := map[int]int{}
		dirs, _ := filepath.Glob("/proc/self/task/*")
		for _, d := range dirs {
			tid, _ := strconv.Atoi(filepath.Base(d))
			if f, ok := threadStat(tid); ok {
				if n, _ := strconv.Atoi(f[16]); n >= capacity.SearchNice {
					out[tid], _ = strconv.Atoi(f[11])
				}
			}
		}
		return out
	}
	a := cpu()
	time.Sleep(50 * time.Millisecond)
	var out []int
	for tid, u := range cpu() {
		if u > a[tid] {
			out = append(out, tid)
		}
	}
	return out
}

// A search started from a page runs on a niced thread.
func TestSearchRunsAtLowerPriority(t *testing.T) {
	_, hs := testServer(t, Limits{})
	c := dial(t, hs)
	c.send(map[string]any{"type": "start", "setup": map[string]string{"fen": kiwipete}, "options": map[string]string{"depth": "6"}})
	c.expect("started")
	var running []int
	for len(running) == 0 {
		m, b := c.next()
		switch m["type"] {
		case "events", "status", "progress":
			running = runningNiced(t)
		default:
			t.Fatalf("the search ended before a niced thread was seen running: %.200s", b)
		}
	}
	c.send(map[string]any{"type": "stop"})
	for {
		if m, _ := c.next(); m["type"] == "done" {
			break
		}
	}
}

package server

import (
	"os"
	"strings"
	"sync"
	"testing"
)

// Browser tests can run beside each other (PVSCOPE_BROWSER_PARALLEL=1, off by
// default: besideOn). Most of a browser test's time is Chromium's (loading,
// searching in the page, drawing), spent in processes of its own, so with it
// on the first page a test opens (newServerPage, newSitePage) calls
// t.Parallel: go test then runs the package's serial tests first and the
// browser tests after them, -parallel at a time (GOMAXPROCS unless told: two
// on CI's two cores), each in its own window, browser context and test server
// (browser_shared_test.go). docs/browser-tests.md says how to write one.
//
// A test stays serial when
//   - it calls keepSerial before its first page: it measures the browser's
//     processes, memory or time (newPrivatePage and newPrivateSitePage do);
//   - it set the environment or the working folder first (t.Setenv, t.Chdir:
//     Go's testing refuses t.Parallel for those, and runBeside leaves it);
//   - it is a benchmark.
// A subtest that opens a page runs beside its siblings (its parent goes on
// without waiting, so a parent must not read what its subtests left).

// beside records how each running browser test runs: "serial" (keepSerial,
// or t.Parallel refused), "parallel" (t.Parallel called: once per test,
// however many pages it opens).
var beside struct {
	sync.Mutex
	how map[testing.TB]string
}

// decide records how t runs, unless already decided, and says whether it was.
func decide(t testing.TB, how string) (was string) {
	beside.Lock()
	defer beside.Unlock()
	if was = beside.how[t]; was != "" {
		return was
	}
	if beside.how == nil {
		beside.how = map[testing.TB]string{}
	}
	beside.how[t] = how
	t.Cleanup(func() {
		beside.Lock()
		defer beside.Unlock()
		delete(beside.how, t)
	})
	return ""
}

// keepSerial keeps t from running beside other tests. Call it before the
// test's first page.
func keepSerial(t testing.TB) {
	t.Helper()
	if decide(t, "serial") == "parallel" {
		t.Fatal("keepSerial after the test's first page: the test already runs beside others; call keepSerial first")
	}
}

// isSerial says whether t runs serially (t.Parallel not called: keepSerial,
// refused, or PVSCOPE_BROWSER_PARALLEL not set).
func isSerial(t testing.TB) bool {
	beside.Lock()
	defer beside.Unlock()
	return beside.how[t] != "parallel"
}

// runBeside lets t run beside the other browser tests when
// PVSCOPE_BROWSER_PARALLEL=1 (besideOn).
func runBeside(t testing.TB) {
	t.Helper()
	runBesideIf(t, besideOn)
}

// besideOn: PVSCOPE_BROWSER_PARALLEL=1 runs the browser tests beside each
// other. Off by default: on the project's two-core machine while other work
// loaded it (load 9 to 15), eight browser tests took 78 s and 82 s one at a
// time, 91 s and 73 s two at a time (each test 1.7 to 2.3 times slower beside
// another): no gain measured. An idle machine is yet to be measured.
var besideOn = os.Getenv("PVSCOPE_BROWSER_PARALLEL") == "1"

// runBesideIf, when on, lets t run beside the other browser tests: t.Parallel
// the first time, nothing after, nothing for a serial test or a benchmark.
func runBesideIf(t testing.TB, on bool) {
	t.Helper()
	tt, ok := t.(*testing.T)
	if !on || !ok || decide(t, "parallel") != "" {
		return
	}
	if !parallelUnlessRefused(tt) {
		beside.Lock()
		beside.how[t] = "serial"
		beside.Unlock()
	}
}

// parallelUnlessRefused calls t.Parallel and says whether it did; it leaves
// the test serial when Go's testing refuses because the test set the
// environment or the working folder (its panic names t.Setenv; any other
// panic goes on).
func parallelUnlessRefused(t *testing.T) (ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if s, isString := r.(string); isString && strings.Contains(s, "t.Setenv") {
				ok = false
				return
			}
			panic(r)
		}
	}()
	t.Parallel()
	return true
}

// runBeside makes a test parallel once, however many pages it opens, and
// leaves a keepSerial test and one that set the environment serial. A
// parallel subtest waits until its parent's function returns, so t.Run
// returns before its end; a serial one has ended when t.Run returns.
func TestRunBesideOnceAndOnlyWhereAllowed(t *testing.T) {
	ended := map[string]bool{}
	var mu sync.Mutex
	end := func(name string) {
		mu.Lock()
		defer mu.Unlock()
		ended[name] = true
	}
	endedYet := func(name string) bool {
		mu.Lock()
		defer mu.Unlock()
		return ended[name]
	}
	cases := []struct {
		name     string
		body     func(t *testing.T)
		parallel bool
	}{
		{"two pages", func(t *testing.T) { runBesideIf(t, true); runBesideIf(t, true) }, true},
		{"keepSerial", func(t *testing.T) { keepSerial(t); runBesideIf(t, true); runBesideIf(t, true) }, false},
		{"Setenv first", func(t *testing.T) {
			t.Setenv("PVSCOPE_RUNBESIDE_TEST", "1")
			runBesideIf(t, true)
			runBesideIf(t, true)
		}, false},
		{"off", func(t *testing.T) { runBesideIf(t, false); runBesideIf(t, false) }, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.body(t)
			if got := !isSerial(t); got != c.parallel {
				t.Errorf("runs beside others: %v, want %v", got, c.parallel)
			}
			end(c.name)
		})
		if endedYet(c.name) == c.parallel {
			t.Errorf("%s: the subtest had ended when t.Run returned: %v, want %v (a parallel subtest waits for its parent)", c.name, endedYet(c.name), !c.parallel)
		}
	}
}

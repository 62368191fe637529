package capacity

import (
	"runtime"
	"syscall"
)

// SearchNice is the nice value a search's thread runs at. The server usually shares its machine
// with the browser that shows the search (a lecturer's laptop, a student's): at the same
// priority a search on one of two cores made the page's frames wait for a core, a 27 ms task
// took 50-69 ms by the clock (issue 28, docs/streaming.md). Niced, the search gives way to the
// page and runs at full speed whenever nothing else wants the core.
const SearchNice = 10

// lowerPriority locks the calling goroutine to its thread for good and lowers that thread's
// priority to SearchNice (never raises it): each search worker (searchthreads.go) calls it first.
func lowerPriority() {
	runtime.LockOSThread()
	tid := syscall.Gettid()
	// The kernel's getpriority returns 20 - nice.
	if raw, err := syscall.Getpriority(syscall.PRIO_PROCESS, tid); err == nil && 20-raw >= SearchNice {
		return
	}
	_ = syscall.Setpriority(syscall.PRIO_PROCESS, tid, SearchNice) // a refusal leaves it as it was
}

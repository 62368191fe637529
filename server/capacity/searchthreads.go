package capacity

// Searches run on threads of their own, kept at a lower priority (lowerPriority) for the life of
// the process: a worker takes one search after another and never returns. A niced thread cannot
// be given back to the Go runtime (raising a thread's priority again needs privileges), and one
// ended with its goroutine takes with it every child process started from it with a parent-death
// signal (Chromium under the browser tests: it died mid-test). A new worker starts only when no
// worker is idle, so there are as many as the most searches ever running at once (the servers'
// slots bound them), and one more now and then for a search that ended but had not yet said so.

import "sync/atomic"

var (
	searchJobs    = make(chan func()) // a search handed to an idle worker
	SearchWorkers atomic.Int64        // the workers started (each lives as long as the process)
	searchIdle    atomic.Int64        // the workers waiting for a search and not yet claimed
)

// RunNiced runs f on an idle search worker, or on a new one when none is idle. A caller claims
// an idle worker before handing it f, so the send waits only for that worker to take it.
func RunNiced(f func()) {
	for {
		n := searchIdle.Load()
		if n == 0 {
			go searchWorker(f)
			return
		}
		if searchIdle.CompareAndSwap(n, n-1) {
			searchJobs <- f
			return
		}
	}
}

func searchWorker(f func()) {
	SearchWorkers.Add(1)
	lowerPriority()
	for {
		f()
		f = nil // an idle worker holds no finished search (its run, its recording)
		searchIdle.Add(1)
		f = <-searchJobs
	}
}

package server

// Searches run on threads of their own, kept at a lower priority (lowerPriority) for the life of
// the process: a worker takes one search after another and never returns. A niced thread cannot
// be given back to the Go runtime (raising a thread's priority again needs privileges), and one
// ended with its goroutine takes with it every child process started from it with a parent-death
// signal (Chromium under the browser tests: it died mid-test). The workers are as many as the
// most searches ever running at once, which the servers' slots bound.

import "sync/atomic"

// searchJobs hands a search to an idle worker; unbuffered, a send succeeds only if one is waiting.
var searchJobs = make(chan func())

// runNiced runs f on an idle search worker, or on a new one when all are busy.
func runNiced(f func()) {
	select {
	case searchJobs <- f:
	default:
		go searchWorker(f)
	}
}

// searchWorkers counts the workers started (each lives as long as the process).
var searchWorkers atomic.Int64

func searchWorker(f func()) {
	searchWorkers.Add(1)
	lowerPriority()
	for {
		f()
		f = <-searchJobs
	}
}

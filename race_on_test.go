//go:build race

package main

// raceEnabled trims the heaviest runs of the race pass (-race -short): the
// engine behind pvscope's commands is single-threaded and about eight times
// slower under the detector, and the full pass after it (without -race) runs
// every case (issue 40: the race pass is part of CI's time).
const raceEnabled = true

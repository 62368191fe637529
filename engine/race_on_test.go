//go:build race

package engine

// raceEnabled trims the heaviest searches of the race pass (-race -short) to a few
// positions: the engine is single-threaded and eight times slower under the detector, and
// the full pass after it (without -race) searches every position. (The race pass once
// took go test's whole ten minutes on a loaded two-core machine.)
const raceEnabled = true

//go:build !race

package server

// raceEnabled keeps load tests out of the race pass: the detector makes them
// measure itself.
const raceEnabled = false

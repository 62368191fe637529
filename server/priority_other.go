//go:build !linux

package server

// lowerPriority is Linux's alone (per-thread nice values); elsewhere a search runs at the
// server's priority.
func lowerPriority() {}

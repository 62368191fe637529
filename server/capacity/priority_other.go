//go:build !linux

package capacity

// lowerPriority is Linux's alone (per-thread nice values); elsewhere a search runs at the
// server's priority.
func lowerPriority() {}

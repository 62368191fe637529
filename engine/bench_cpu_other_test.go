//go:build !unix

package engine

import "time"

// cpuTime is not measured here: the cpu-nodes/s metric is left out.
func cpuTime() time.Duration { return 0 }

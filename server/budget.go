package server

import (
	"sync"

	"github.com/pvscope/pvscope/engine"
	"github.com/pvscope/pvscope/server/session"
)

// budget is the server's memory budget for what it keeps: recordings, tables
// and generated trees. Each run is charged for what it holds; a charge that
// does not fit first lets go of the recordings nobody is streaming (their
// pages keep their own copies), least recently used first, and is refused if
// it still does not fit.
type budget struct {
	max int64

	mu   sync.Mutex
	used int64
	idle []*run // finished runs whose page has every event, least recently used first
}

func newBudget(max int64) *budget { return &budget{max: max} }

// charge adds n bytes to r's account, evicting idle recordings to make room;
// it says false, charging nothing, when n does not fit or r was forgotten.
func (b *budget) charge(r *run, n int64) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if r.forgotten {
		return false
	}
	for b.used+n > b.max && b.evictOne() {
	}
	if b.used+n > b.max {
		return false
	}
	b.used += n
	r.charged += n
	return true
}

// take charges n bytes that belong to no run (a room's copy of a search as
// frames), evicting idle recordings to make room; false when n does not fit.
func (b *budget) take(n int64) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	for b.used+n > b.max && b.evictOne() {
	}
	if b.used+n > b.max {
		return false
	}
	b.used += n
	return true
}

// give returns n bytes that take charged.
func (b *budget) give(n int64) {
	b.mu.Lock()
	b.used -= n
	b.mu.Unlock()
}

// refund gives back n bytes of r's account (a generated tree's scaffolding).
func (b *budget) refund(r *run, n int64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	n = min(n, r.charged)
	b.used -= n
	r.charged -= n
}

// idleRun marks r as finished and fully sent: its recording may be let go.
func (b *budget) idleRun(r *run) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if !r.forgotten && !r.evicted {
		b.remove(r)
		b.idle = append(b.idle, r)
	}
}

// forget drops r's account: its connection has closed or moved on to another search.
func (b *budget) forget(r *run) {
	if r == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.remove(r)
	b.used -= r.charged
	r.charged = 0
	r.forgotten = true
}

// evictOne lets go of the least recently used idle recording nobody holds.
// Under b.mu.
func (b *budget) evictOne() bool {
	for _, r := range b.idle {
		if r.holds == 0 {
			b.evict(r)
			return true
		}
	}
	return false
}

// hold keeps r's recording while another reader (a room's follower) still
// streams it; unhold lets it go again. Idle or not, a held run is never evicted.
func (b *budget) hold(r *run) {
	b.mu.Lock()
	r.holds++
	b.mu.Unlock()
}

func (b *budget) unhold(r *run) {
	b.mu.Lock()
	r.holds--
	b.mu.Unlock()
}

// evict lets go of an idle run's recording and tells its page. Under b.mu.
func (b *budget) evict(r *run) {
	b.remove(r)
	b.used -= r.charged
	r.charged = 0
	r.evicted = true
	r.mu.Lock()
	r.rec, r.pos = nil, nil // a finished search's tree goes too
	onEvict := r.onEvict
	r.mu.Unlock()
	if onEvict != nil {
		onEvict()
	}
}

func (b *budget) remove(r *run) {
	for i, x := range b.idle {
		if x == r {
			b.idle = append(b.idle[:i], b.idle[i+1:]...)
			return
		}
	}
}

// Used is the memory charged now, in bytes.
func (b *budget) Used() int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.used
}

// SearchShare says what one search may have under these limits (those left
// at zero taking their defaults): its share of the memory budget, and the
// largest transposition table that allows, in entries and bytes (no more
// than the engine's own largest).
func SearchShare(lim Limits) (share int64, entries int, table int64) {
	lim = lim.withDefaults()
	share, most := session.Share(lim.sessionLimits())
	most = min(most, engine.MaxTTSize)
	return share, most, int64(most) * session.TableBytes
}

// RuntimeMemoryLimit is the Go runtime's memory limit for a server whose
// budget is maxMemory (-max-memory): the budget plus a fifth for what it
// does not charge (connections' buffers, goroutine stacks, frames being
// written, the runtime's own), so that under a burst the collector works
// harder before the process passes about 1.3 times the flag.
func RuntimeMemoryLimit(maxMemory int64) int64 {
	return maxMemory + maxMemory/5
}

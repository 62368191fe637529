package capacity

import "sync"

// Budget is the server's memory budget for what it keeps: recordings, tables
// and generated trees. Each run is charged for what it holds; a charge that
// does not fit first lets go of the recordings nobody is streaming (their
// pages keep their own copies), least recently used first, and is refused if
// it still does not fit.
type Budget struct {
	max int64

	mu   sync.Mutex
	used int64
	idle []*Account // finished runs whose page has every event, least recently used first
}

// Account is one search's (a run's) share of the budget: what it is charged,
// who still reads its recording, and whether it was forgotten or let go. Its
// fields are kept by the budget, under the budget's lock.
type Account struct {
	charged   int64
	holds     int  // readers besides the page (room followers): never evicted while held
	forgotten bool // the page moved on: nothing may be charged any more
	evicted   bool

	// LetGo drops the recording when the budget evicts it (and tells its page).
	// Called under the budget's lock; nil lets nothing go.
	LetGo func()
}

// NewBudget returns a budget of max bytes (-max-memory).
func NewBudget(max int64) *Budget { return &Budget{max: max} }

// Max is the budget's size in bytes.
func (b *Budget) Max() int64 { return b.max }

// Charge adds n bytes to r's account, evicting idle recordings to make room;
// it says false, charging nothing, when n does not fit or r was forgotten.
func (b *Budget) Charge(r *Account, n int64) bool {
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

// Take charges n bytes that belong to no run (a room's copy of a search as
// frames), evicting idle recordings to make room; false when n does not fit.
func (b *Budget) Take(n int64) bool {
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

// Give returns n bytes that Take charged.
func (b *Budget) Give(n int64) {
	b.mu.Lock()
	b.used -= n
	b.mu.Unlock()
}

// Refund gives back n bytes of r's account (a generated tree's scaffolding).
func (b *Budget) Refund(r *Account, n int64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	n = min(n, r.charged)
	b.used -= n
	r.charged -= n
}

// Idle marks r as finished and fully sent: its recording may be let go.
func (b *Budget) Idle(r *Account) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if !r.forgotten && !r.evicted {
		b.remove(r)
		b.idle = append(b.idle, r)
	}
}

// Forget drops r's account: its connection has closed or moved on to another search.
func (b *Budget) Forget(r *Account) {
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
func (b *Budget) evictOne() bool {
	for _, r := range b.idle {
		if r.holds == 0 {
			b.evict(r)
			return true
		}
	}
	return false
}

// Hold keeps r's recording while another reader (a room's follower) still
// streams it; Unhold lets it go again. Idle or not, a held run is never evicted.
func (b *Budget) Hold(r *Account) {
	b.mu.Lock()
	r.holds++
	b.mu.Unlock()
}

func (b *Budget) Unhold(r *Account) {
	b.mu.Lock()
	r.holds--
	b.mu.Unlock()
}

// evict lets go of an idle run's recording and tells its page. Under b.mu.
func (b *Budget) evict(r *Account) {
	b.remove(r)
	b.used -= r.charged
	r.charged = 0
	r.evicted = true
	if r.LetGo != nil {
		r.LetGo()
	}
}

func (b *Budget) remove(r *Account) {
	for i, x := range b.idle {
		if x == r {
			b.idle = append(b.idle[:i], b.idle[i+1:]...)
			return
		}
	}
}

// Used is the memory charged now, in bytes.
func (b *Budget) Used() int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.used
}

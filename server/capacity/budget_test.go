package capacity

import (
	"strings"
	"testing"
)

// The budget lets go of the least recently used idle recording, skipping one
// that another reader (a room's follower) holds, and refuses what still does not fit.
func TestBudgetEvictsLeastRecentlyUsedUnheld(t *testing.T) {
	b := NewBudget(100)
	mk := func() (*Account, *bool) {
		told := false
		r := &Account{LetGo: func() { told = true }}
		return r, &told
	}
	old, oldTold := mk()
	young, youngTold := mk()
	b.Charge(old, 40)
	b.Charge(young, 40)
	b.Idle(old)
	b.Idle(young)
	b.Hold(old)
	next, _ := mk()
	if !b.Charge(next, 50) || *oldTold || !*youngTold || b.Used() != 90 {
		t.Fatalf("charge 50 with old held: old told %v, young told %v, used %d; want young let go, 90 used", *oldTold, *youngTold, b.Used())
	}
	if b.Charge(next, 20) {
		t.Fatal("a charge past the budget with only a held run idle was accepted")
	}
	b.Unhold(old)
	if !b.Charge(next, 20) || !*oldTold || b.Used() != 70 {
		t.Fatalf("after unhold: old told %v, used %d; want it let go and 70 used", *oldTold, b.Used())
	}
	b.Forget(next)
	if b.Used() != 0 || b.Charge(next, 1) {
		t.Fatalf("after forget: %d used, and a forgotten run may not charge again", b.Used())
	}
}

// A trace refused for want of room now is told to try again; one larger than
// the whole budget is told that no wait helps (on an idle server a million-node
// chain read "try again when a search has finished").
func TestTraceAccountSaysWhetherWaitingHelps(t *testing.T) {
	b := NewBudget(100 << 20)
	other := &TraceAccount{B: b}
	if !other.To(60 << 20) {
		t.Fatal("60 MB of 100 refused")
	}
	now := &TraceAccount{B: b}
	if now.To(50 << 20) {
		t.Fatal("50 MB accepted beside 60 of 100")
	}
	if err := now.Full(); !IsBudgetFull(err) || IsBeyondBudget(err) || !strings.Contains(err.Error(), "has no room for this trace now; try again") {
		t.Errorf("50 MB beside 60 of 100: %v; want the budget full now", err)
	}
	other.Release()
	big := &TraceAccount{B: b}
	if big.To(150 << 20) {
		t.Fatal("150 MB accepted in a budget of 100")
	}
	err := big.Full()
	want := "this trace needs more memory than the server's whole budget (-max-memory, 100 MB); open a smaller trace, or start pvscope with a larger -max-memory"
	if !IsBudgetFull(err) || !IsBeyondBudget(err) || err.Error() != want {
		t.Errorf("150 MB of an idle budget of 100: %v; want %q", err, want)
	}
}

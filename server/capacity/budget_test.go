package capacity

import "testing"

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

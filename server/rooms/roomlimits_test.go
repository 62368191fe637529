package rooms

import (
	"net"
	"testing"
	"time"
)

// A token bucket of 6 a minute passes 6 at once, then one every 10 s.
func TestBucketRefillsEvenly(t *testing.T) {
	var b bucket
	t0 := time.Unix(1000, 0)
	for i := range 6 {
		if ok, _ := b.take(t0, 6); !ok {
			t.Fatalf("take %d of a full bucket of 6 refused", i+1)
		}
	}
	if ok, wait := b.take(t0, 6); ok || wait != 10*time.Second {
		t.Fatalf("the 7th take: ok %v, wait %v; want refused, 10s", ok, wait)
	}
	if ok, wait := b.take(t0.Add(4*time.Second), 6); ok || wait != 6*time.Second {
		t.Fatalf("4 s later: ok %v, wait %v; want refused, 6s", ok, wait)
	}
	if ok, _ := b.take(t0.Add(10*time.Second), 6); !ok {
		t.Fatal("10 s later a token has come back")
	}
	if b.full(t0.Add(10*time.Second), 6) || !b.full(t0.Add(70*time.Second), 6) {
		t.Fatal("a bucket is full again a minute after it was emptied, not before")
	}
}

func TestAddressOf(t *testing.T) {
	for in, want := range map[string]string{
		"192.0.2.7:5000":                    "192.0.2.7",
		"[::ffff:192.0.2.7]:5000":           "192.0.2.7",
		"[2001:db8:1:2:3:4:5:6]:80":         "2001:db8:1:2::/64",
		"[2001:db8:1:2:ffff:ffff:ffff:1]:1": "2001:db8:1:2::/64",
	} {
		a, err := net.ResolveTCPAddr("tcp", in)
		if err != nil {
			t.Fatal(err)
		}
		if got := addressOf(a); got != want {
			t.Errorf("addressOf(%s) = %q, want %q", in, got, want)
		}
	}
}

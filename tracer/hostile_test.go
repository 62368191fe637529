package tracer

import (
	"bytes"
	"fmt"
	"io"
	"runtime"
	"testing"
	"time"
)

// Hostile traces, built here: the shapes a file from anywhere can take to
// make memory grow faster than its size (issue 32).

const hostileHeader = `{"format":"pvscope-trace","version":1,"meta":{"tree":"hostile"}}` + "\n"

// chainTrace is a minimal trace of n nodes each the only child of the one
// before, every score inside every window: each node's pv-update carries the
// whole line below it.
func chainTrace(n int) []byte {
	var b bytes.Buffer
	b.WriteString(hostileHeader)
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, `{"kind":"enter","node":%d,"parent":%d,"move":"m%d","alpha":-1000,"beta":1000,"depth":%d}`+"\n", i, i-1, i, min(n-i, 30000))
	}
	for i := n; i >= 1; i-- {
		s := 1
		if i%2 == 0 {
			s = -1
		}
		fmt.Fprintf(&b, `{"kind":"exit","node":%d,"score":%d}`+"\n", i, s)
	}
	return b.Bytes()
}

// fanTrace is a root with n children, each a leaf inside the window.
func fanTrace(n int) []byte {
	var b bytes.Buffer
	b.WriteString(hostileHeader)
	b.WriteString(`{"kind":"enter","node":1,"parent":0,"alpha":-1000000,"beta":1000000,"depth":1}` + "\n")
	for i := 2; i <= n+1; i++ {
		fmt.Fprintf(&b, `{"kind":"enter","node":%d,"parent":1,"move":"c%d","alpha":-1000000,"beta":1000000,"depth":0}`+"\n", i, i)
		fmt.Fprintf(&b, `{"kind":"exit","node":%d,"score":%d}`+"\n", i, -i)
	}
	b.WriteString(`{"kind":"exit","node":1,"score":1000}` + "\n")
	return b.Bytes()
}

// longPVTrace is roots roots, each writing a root-pv of moves moves.
func longPVTrace(roots, moves int) []byte {
	var b bytes.Buffer
	b.WriteString(hostileHeader)
	for r := 1; r <= roots; r++ {
		fmt.Fprintf(&b, `{"kind":"enter","node":%d,"parent":0,"alpha":-1000,"beta":1000,"depth":%d}`+"\n", r, r)
		fmt.Fprintf(&b, `{"kind":"exit","node":%d,"score":0}`+"\n", r)
		fmt.Fprintf(&b, `{"kind":"root-pv","depth":%d,"score":0,"pv":[`, r)
		for i := range moves {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `"a%d"`, i%1000)
		}
		b.WriteString("]}\n")
	}
	return b.Bytes()
}

// peakHeap runs f while sampling the live heap, and returns the most it
// grew above what was live before (sampled every few thousand events by the
// callback f is handed).
func peakHeap(f func(sample func())) uint64 {
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	base, peak := ms.HeapAlloc, ms.HeapAlloc
	n := 0
	sample := func() {
		n++
		if n%4096 != 0 {
			return
		}
		runtime.ReadMemStats(&ms)
		peak = max(peak, ms.HeapAlloc)
	}
	f(sample)
	runtime.ReadMemStats(&ms)
	peak = max(peak, ms.HeapAlloc)
	return peak - base
}

// deriveAll streams a trace through a Deriver, handing each event to sink.
func deriveAll(t testing.TB, file []byte, sink func(Event)) {
	rd, err := NewReader(bytes.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	d := NewDeriver(rd.Header(), func(e Event, _ int) { sink(e) })
	for {
		e, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		d.Add(e, rd.Line())
	}
	d.Finish(rd.Line())
}

// checkStream streams a trace through the deriver, the checker and the
// diagnosis, as pvscope check does, sampling the heap.
func checkStream(t testing.TB, file []byte, sample func()) {
	var chk Checker
	chk.Report = func(*Violation) {}
	var diag Diagnosis
	deriveAll(t, file, func(e Event) {
		chk.Emit(e)
		diag.Emit(e)
		sample()
	})
	chk.Finish()
	diag.Finish()
}

// sampledPeak runs f while a goroutine samples the live heap every
// millisecond, and returns the most it grew above what was live before.
func sampledPeak(f func()) uint64 {
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	base, peak := ms.HeapAlloc, ms.HeapAlloc
	done, over := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(over)
		var s runtime.MemStats
		for {
			select {
			case <-done:
				return
			case <-time.After(time.Millisecond):
				runtime.ReadMemStats(&s)
				peak = max(peak, s.HeapAlloc)
			}
		}
	}()
	f()
	close(done)
	<-over
	runtime.ReadMemStats(&ms)
	return max(peak, ms.HeapAlloc) - base
}

// hostileShapes are the shapes of issue 32 at two sizes, the second four
// times the first: memory linear in events grows about four times, memory
// quadratic in depth or children sixteen times.
var hostileShapes = []struct {
	name         string
	small, large func() []byte
}{
	{"chain", func() []byte { return chainTrace(10000) }, func() []byte { return chainTrace(40000) }},
	{"children", func() []byte { return fanTrace(50000) }, func() []byte { return fanTrace(200000) }},
	{"long PV", func() []byte { return longPVTrace(2, 250000) }, func() []byte { return longPVTrace(2, 1000000) }},
}

// checkLinear asserts that measure's heap growth is linear: at most 6 times
// from the small trace to the large one (4 times the events; quadratic
// would be 16), and at most 32 bytes of heap per byte of input read (inputs
// traces: check reads one, diff two). The peak is sampled, garbage included:
// a chain keeps a stack frame per node on each side, and a slice that doubles
// leaves its old array until the next collection, so one run reads up to half
// as much again as another (diff chain 113-171 MB on 5.4 MB twice).
func checkLinear(t *testing.T, what string, inputs int, measure func([]byte) uint64) {
	for _, s := range hostileShapes {
		small, large := s.small(), s.large()
		a, b := measure(small), measure(large)
		t.Logf("%s %s: %d KB -> peak heap growth %d MB; %d KB -> %d MB", what, s.name, len(small)>>10, a>>20, len(large)>>10, b>>20)
		if b > 6*max(a, 1<<20) {
			t.Errorf("%s %s: heap grew %d MB on %d KB, %d MB on four times the events: not linear", what, s.name, a>>20, len(small)>>10, b>>20)
		}
		if read := uint64(inputs * len(large)); b > 32*read {
			t.Errorf("%s %s: heap grew %d MB reading %d KB of trace: more than 32 bytes per byte", what, s.name, b>>20, read>>10)
		}
	}
}

// pvscope check streams: its memory is linear in the trace whatever its
// shape (issue 32, item 1: a 13 MB chain passed 23 GB).
func TestCheckMemoryLinearOnHostileShapes(t *testing.T) {
	checkLinear(t, "check", 1, func(file []byte) uint64 {
		return peakHeap(func(sample func()) { checkStream(t, file, sample) })
	})
}

// pvscope diff streams too (issue 32, item 1: diff on the 1 MB chain used 1 GB).
// Each trace is diffed against itself with its last exit's score changed.
func TestDiffMemoryLinearOnHostileShapes(t *testing.T) {
	checkLinear(t, "diff", 2, func(file []byte) uint64 {
		other := bytes.Clone(file)
		if i := bytes.LastIndex(other, []byte(`"score":`)); i >= 0 {
			other[i+len(`"score":`)] = '7'
		}
		return sampledPeak(func() {
			if _, err := Diff(bytes.NewReader(file), bytes.NewReader(other), DiffOptions{Max: 20}); err != nil {
				t.Fatal(err)
			}
		})
	})
}

// BenchmarkCheckChildren checks a root with 10k, 80k and 1M children
// (issue 32, item 6: repeatOf scanned every exited sibling, 0.33 s, 14.7 s
// and over half an hour). Linear, ns/event stays about the same.
func BenchmarkCheckChildren(b *testing.B) {
	for _, n := range []int{10000, 80000, 1000000} {
		file := fanTrace(n)
		events := 2*n + 2
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for range b.N {
				checkStream(b, file, func() {})
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*events), "ns/event")
		})
	}
}

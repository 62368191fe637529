package tracer

import (
	"bytes"
	"fmt"
	"io"
	"runtime"
	"testing"
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
		fmt.Fprintf(&b, `{"kind":"enter","node":%d,"parent":%d,"move":"m%d","alpha":-1000,"beta":1000,"depth":%d}`+"\n", i, i-1, i, n-i)
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

func TestHostileBaseline(t *testing.T) {
	for _, n := range []int{2000, 4000, 8000} {
		file := chainTrace(n)
		grew := peakHeap(func(sample func()) {
			deriveAll(t, file, func(Event) { sample() })
		})
		t.Logf("chain %d (%d KB): derive peak heap growth %d MB", n, len(file)>>10, grew>>20)
	}
}

package tracer

// Sink receives the events of a search, in order, on the searching goroutine.
// The event is passed by value so that building one never forces a heap
// allocation; a sink that keeps PV must not rely on the caller keeping it alive
// unchanged (searchers copy a PV into a fresh slice before emitting it).
//
// A searcher holds a Sink that may be nil and checks for nil before building an
// event, so nobody listening costs one comparison per call site.
type Sink interface {
	Emit(e Event)
}

// Multi sends each event to every sink in turn.
type Multi []Sink

// Emit implements Sink.
func (m Multi) Emit(e Event) {
	for _, s := range m {
		s.Emit(e)
	}
}

package server

import "time"

// Limits protect the server (and the browser) from searches too big to hold.
type Limits struct {
	MaxDepth        int   // deepest search a page may ask for
	MaxNodes        int64 // nodes per search; a search reaching it stops cleanly and says so
	MaxSearches     int   // searches running at once, over all connections
	MaxMessageBytes int64 // largest message a client may send
	// WriteWait is how long one frame may take to write. A tab that reads
	// nothing for this long is taken for stuck: it is dropped and its search
	// cancelled, so it cannot hold the recording in memory for ever.
	WriteWait time.Duration
}

// DefaultLimits suit one machine serving a classroom: a 1M-node search is about
// 2.6M events, some 130 MB in the server and less in the page.
func DefaultLimits() Limits {
	return Limits{MaxDepth: 12, MaxNodes: 1_000_000, MaxSearches: 4, MaxMessageBytes: 64 << 10,
		WriteWait: 10 * time.Second}
}

// Timings of the websocket connection, after gorilla/websocket's chat example.
const (
	pongWait    = 60 * time.Second  // a peer silent for this long is gone
	pingPeriod  = pongWait * 9 / 10 // pings keep a quiet peer's deadline moving
	statusEvery = 250 * time.Millisecond
	frameGap    = 16 * time.Millisecond // one events frame per display frame at most
	maxBatch    = 8192                  // events per frame
	sendQueue   = 16                    // control frames waiting to be written
)
